"""RULES.md §2 item 2 and §3 items 1 and 4: a big blind that cannot be posted in full after the ante.

The player posts what he has and is all-in; the blind still sets the amount to call (the big blind)
and the minimum raise (to two big blinds). The hands are built from the real tournament log
``tour/Flop/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt`` hand 16652117062 (Level III, 100/200, ante
40, Player12 in the big blind with 200 chips: 160 after the ante), with the action changed to the case
of issue 13: the others call the full big blind and the small blind completes. Every figure is worked
by hand below.
"""

from __future__ import annotations

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.explain import ledger
from soko_analytics.replay.findings import Severity

HEAD = """PokerStars Game #16652117099: Tournament #999999999, 1FPP Hold'em No Limit - Level III (100/200) - 2010/06/04 19:53:18 WET [2010/06/04 14:53:18 ET]
Table '999999998 11' 6-max Seat #1 is the button
Seat 1: Player6 (1580 in chips)
Seat 2: Player21 (430 in chips)
Seat 3: Player12 (200 in chips)
Seat 4: Player11 (600 in chips)
Player6: posts the ante 40
Player21: posts the ante 40
Player12: posts the ante 40
Player11: posts the ante 40
Player21: posts small blind 100
Player12: posts big blind 160 and is all-in
*** HOLE CARDS ***
"""  # noqa: E501 (the log's header line)

CHECKED_DOWN = """*** FLOP *** [3s Js 5c]
Player21: checks
Player11: checks
Player6: checks
*** TURN *** [3s Js 5c] [9c]
Player21: checks
Player11: checks
Player6: checks
*** RIVER *** [3s Js 5c 9c] [7d]
Player21: checks
Player11: checks
Player6: checks
*** SHOW DOWN ***
Player11: shows [Qc Jc] (a pair of Jacks)
Player6: shows [2c 4d] (high card Jack)
Player21: shows [As Ac] (a pair of Aces)
Player12: shows [Kd Kh] (a pair of Kings)
Player21 collected 120 from side pot-1
Player21 collected 800 from main pot
*** SUMMARY ***
Total pot 920 Main pot 800. Side pot-1 120. | Rake 0
Board [3s Js 5c 9c 7d]
"""

CALLS = "Player11: calls 200\nPlayer6: calls 200\nPlayer21: calls 100\n"


def _audit(text: str):
    (hand,) = read_text(text, "short-blind.txt")
    assert isinstance(hand, Hand), hand.message()
    return audit(hand)


def _errors(result) -> list[tuple[str, str | None]]:
    return [(f.code.value, f.player) for f in result.findings if f.severity is Severity.ERROR]


def test_the_others_call_the_full_big_blind_and_the_small_blind_completes():
    result = _audit(HEAD + CALLS + CHECKED_DOWN)
    assert result.findings == []
    # Each caller owed the full big blind of 200 (the small blind 100 more), not the 160 posted.
    to_call = [(s["player"], s["to_call"]) for s in ledger(result)["steps"] if s["action"].startswith("calls")]
    assert to_call == [("Player11", "200"), ("Player6", "200"), ("Player21", "100")]
    # In: antes 4 × 40; Player12 160; the three others 200 each. Pots by contribution (§2 item 19):
    # main 4 × 200 = 800 (all four), side 3 × 40 = 120 (not Player12); Player21's aces win both.
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (800, ("Player6", "Player21", "Player12", "Player11")), (120, ("Player6", "Player21", "Player11"))]
    assert result.payouts == {"Player21": 920}
    assert ledger(result)["final_stacks"] == {"Player6": "1340", "Player21": "1110", "Player12": "0",
                                              "Player11": "360"}


def test_a_post_that_empties_the_stack_is_all_in_without_the_words():
    # Some logs (and PHH, which has no such words) do not say "and is all-in": 160 is all he has.
    text = HEAD.replace("posts big blind 160 and is all-in", "posts big blind 160")
    assert _errors(_audit(text + CALLS + CHECKED_DOWN)) == []


def test_a_call_of_the_short_amount_is_short():
    text = HEAD + CALLS.replace("Player11: calls 200", "Player11: calls 160") + CHECKED_DOWN
    assert ("bet_size", "Player11") in _errors(_audit(text))


@pytest.mark.parametrize("to, ok", [(400, True), (360, False)])
def test_the_minimum_raise_is_over_the_full_big_blind(to, ok):
    # No limit: the minimum raise is the big blind (§3 item 4), so over a 200 blind the smallest raise is
    # to 400, whatever the all-in blind could post. (Real logs agree: AllinLotsRebuy hand 16429177523,
    # a 1,028 all-in big blind at 600/1200, "raises 1372 to 2400".)
    action = (f"Player11: raises {to - 160} to {to}\nPlayer6: folds\nPlayer21: folds\n"
              f"Uncalled bet ({to - 160}) returned to Player11\n")
    # The raise is called by nobody above Player12's 160: the rest comes back. In: antes 4 × 40, Player21's
    # 100, 160 each from Player12 and Player11: 580, all of it Player12's kings against Player11's jacks.
    end = ("*** FLOP *** [3s Js 5c]\n*** TURN *** [3s Js 5c] [9c]\n*** RIVER *** [3s Js 5c 9c] [7d]\n"
           "*** SHOW DOWN ***\nPlayer11: shows [Qc Jc] (a pair of Jacks)\nPlayer12: shows [Kd Kh] (a pair of Kings)\n"
           "Player12 collected 580 from pot\n*** SUMMARY ***\nTotal pot 580 | Rake 0\nBoard [3s Js 5c 9c 7d]\n")
    errors = _errors(_audit(HEAD + action + end))
    assert errors == ([] if ok else [("min_raise", "Player11")])


# The same hand in PHH, as PokerKit would write it: the blind array states the nominal 200 and the
# starting stacks the real ones; "cc" is a call. The finishing stacks are the ones worked out above.
PHH = """variant = 'NT'
antes = [40, 40, 40, 40]
blinds_or_straddles = [100, 200, 0, 0]
min_bet = 200
starting_stacks = [430, 200, 600, 1580]
actions = [
  'd dh p1 AsAc', 'd dh p2 KdKh', 'd dh p3 QcJc', 'd dh p4 2c4d',
  'p3 cc', 'p4 cc', 'p1 cc',
  'd db 3sJs5c', 'p1 cc', 'p3 cc', 'p4 cc',
  'd db 9c', 'p1 cc', 'p3 cc', 'p4 cc',
  'd db 7d', 'p1 cc', 'p3 cc', 'p4 cc',
  'p3 sm QcJc', 'p4 sm 2c4d', 'p1 sm AsAc', 'p2 sm KdKh',
]
players = ['Player21', 'Player12', 'Player11', 'Player6']
finishing_stacks = [1110, 0, 360, 1340]
"""


def test_the_same_hand_in_phh():
    (hand,) = read_text(PHH, "short-blind.phh", "phh")
    assert isinstance(hand, Hand), hand.message()
    assert _errors(audit(hand)) == []
