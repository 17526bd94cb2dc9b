"""Short all-ins and the players who answer them, as real logs play them (issue 35: no error finding on a
consistent hand).

- RULES.md §2 item 2 and §3 items 1 and 4: a big blind posted all in for less still sets the amount to call at
  the full big blind, so the small blind may complete the whole blind even when nobody left can match it; what
  nobody matches comes back (888poker's tournament logs do this).
- A raise's "raises X to Y": X may be measured over the short blind rather than over the full blind (Winamax:
  ``raises 1676 to 1795`` over a big blind of 119 all in); Y is what the rules check.
- A seven-card stud log that shows only its owner's cards cannot say who speaks first on a street: the first to
  speak is taken as the log has it, with an info finding, not an error.

Every figure is worked by hand beside the log.
"""

from __future__ import annotations

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity

# Blinds 100/200. Carol in the big blind has 160: all in for less. Alice folds; Bob, the small blind, completes
# the whole blind (100 more, to 200); nobody can match his last 40, which comes back. Pot: 200 + 160 - 40 = 320.
COMPLETES = """PokerStars Hand #990000000001:  Hold'em No Limit (100/200) - 2026/12/06 10:00:00 ET
Table 'Short' 3-max Seat #1 is the button
Seat 1: Alice (5000 in chips)
Seat 2: Bob (5000 in chips)
Seat 3: Carol (160 in chips)
Bob: posts small blind 100
Carol: posts big blind 160 and is all-in
*** HOLE CARDS ***
Alice: folds
Bob: calls {call}
Uncalled bet ({back}) returned to Bob
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jc]
*** RIVER *** [2c 7d 9h Jc] [4s]
*** SHOW DOWN ***
Bob: shows [Ah Ad] (a pair of Aces)
Carol: shows [Kh Kd] (a pair of Kings)
Bob collected 320 from pot
*** SUMMARY ***
Total pot 320 | Rake 0
Board [2c 7d 9h Jc 4s]
"""

# Blinds 200/400, Dan's big blind 119 all in. Eve raises to 1795, which she prints as 1676 over Dan's 119; Bob
# folds. Fay in the small blind (200 in) calls 1595 more. Pot: Dan 119 + Eve 1795 + Fay 1795 = 3709; main pot
# 3 × 119 = 357, side pot 2 × 1676 = 3352.
RAISE_OVER_THE_BLIND = """PokerStars Hand #990000000002: Tournament #99, 100+10 Hold'em No Limit - Level X (200/400) - 2026/12/06 10:00:00 ET
Table '99 1' 4-max Seat #1 is the button
Seat 1: Bob (5000 in chips)
Seat 2: Fay (5000 in chips)
Seat 3: Dan (119 in chips)
Seat 4: Eve (5000 in chips)
Fay: posts small blind 200
Dan: posts big blind 119 and is all-in
*** HOLE CARDS ***
Eve: raises 1676 to 1795
Bob: folds
Fay: calls 1595
*** FLOP *** [2c 7d 9h]
Fay: checks
Eve: checks
*** TURN *** [2c 7d 9h] [Jc]
Fay: checks
Eve: checks
*** RIVER *** [2c 7d 9h Jc] [4s]
Fay: checks
Eve: checks
*** SHOW DOWN ***
Fay: shows [Ah Ad] (a pair of Aces)
Eve: shows [Kh Kd] (a pair of Kings)
Dan: shows [Qh Qd] (a pair of Queens)
Fay collected 3352 from side pot
Fay collected 357 from main pot
*** SUMMARY ***
Total pot 3709 Main pot 357. Side pot 3352. | Rake 0
Board [2c 7d 9h Jc 4s]
"""  # noqa: E501 (the log's header line)


def _audit(text: str):
    (hand,) = read_text(text, "short-all-in.txt")
    assert isinstance(hand, Hand), hand.message()
    return audit(hand)


def _errors(result) -> list[tuple[str, str | None]]:
    return [(f.code.value, f.player) for f in result.findings if f.severity is Severity.ERROR]


def test_the_small_blind_may_complete_the_whole_blind_over_a_short_all_in_big_blind():
    result = _audit(COMPLETES.format(call=100, back=40))
    assert _errors(result) == []
    assert result.payouts == {"Bob": 320}


def test_the_small_blind_may_call_only_the_short_all_in():
    result = _audit(COMPLETES.format(call=60, back=0).replace("Uncalled bet (0) returned to Bob\n", ""))
    assert _errors(result) == []


def test_the_small_blind_may_not_call_more_than_the_whole_blind():
    result = _audit(COMPLETES.format(call=150, back=90))
    assert ("bet_size", "Bob") in _errors(result)


def test_a_raise_may_be_printed_over_the_short_big_blind():
    result = _audit(RAISE_OVER_THE_BLIND)
    assert _errors(result) == []
    assert result.payouts == {"Fay": 3709}


def test_a_raise_that_adds_up_over_no_bet_in_is_still_flagged():
    result = _audit(RAISE_OVER_THE_BLIND.replace("raises 1676 to 1795", "raises 1500 to 1795"))
    assert ("bet_size", "Eve") in _errors(result)
