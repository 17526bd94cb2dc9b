"""Knockout tournaments (RULES.md §5): a bounty is paid by the site, outside the pot. Its lines (``X wins the $10
bounty for eliminating Y``, the progressive ``X wins $5 for eliminating Y and their own bounty increases by $5 to
$20``, ``X, Y split the $10 bounty for eliminating Z``) and the seats' bounties (``(3000 in chips, $15 bounty)``)
are no actions: they leave the turn order, the bet sizes and the pots alone, and the hand's tournament lines
keep them (``Hand.finishes``).

The logs are written for these tests in PokerStars' knockout form; every figure is worked by hand beside them.
"""

from __future__ import annotations

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit

# Level IV (50/100), ante 10. Emil (first to act, left of Cleo's big blind) is all in for 290 after his ante;
# Anna calls; Bert folds his small blind; Cleo raises all in to 490 (a full raise: 200 over 290, the last raise
# 190); Anna calls. Put in: antes 40, Bert 50, Emil 290, Anna 490, Cleo 490 = 1360. Main pot (Emil's 300 from each
# of three, Bert's 60): 960; side pot (Anna and Cleo, 200 each): 400. Anna's aces beat Emil's kings and Cleo's
# queens: she takes both, and both are out.
PROGRESSIVE = """PokerStars Hand #150000000003: Tournament #1700000001, $10+$10+$2 USD Hold'em No Limit - Level IV (50/100) - 2016/11/20 12:00:00 ET
Table '1700000001 12' 9-max Seat #1 is the button
Seat 1: Anna (3000 in chips, $15 bounty)
Seat 2: Bert (2500 in chips, $10 bounty)
Seat 3: Cleo (500 in chips, $10 bounty)
Seat 5: Emil (300 in chips, $10 bounty)
Anna: posts the ante 10
Bert: posts the ante 10
Cleo: posts the ante 10
Emil: posts the ante 10
Bert: posts small blind 50
Cleo: posts big blind 100
*** HOLE CARDS ***
Emil: raises 190 to 290 and is all-in
Anna: calls 290
Bert: folds
Cleo: raises 200 to 490 and is all-in
Anna: calls 200
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [3s]
*** RIVER *** [2c 7d 9h 3s] [4c]
*** SHOW DOWN ***
Cleo: shows [Qh Qd] (a pair of Queens)
Anna: shows [Ah Ad] (a pair of Aces)
Emil: shows [Kc Kd] (a pair of Kings)
Anna collected 400 from side pot
Anna collected 960 from main pot
Anna wins $5 for eliminating Cleo and their own bounty increases by $5 to $20
Anna wins $5 for eliminating Emil and their own bounty increases by $5 to $25
Cleo finished the tournament in 9th place
Emil finished the tournament in 10th place
*** SUMMARY ***
Total pot 1360 Main pot 960. Side pot 400. | Rake 0
Board [2c 7d 9h 3s 4c]
Seat 1: Anna (button) showed [Ah Ad] and won (1360) with a pair of Aces
Seat 2: Bert (small blind) folded before Flop
Seat 3: Cleo (big blind) showed [Qh Qd] and lost with a pair of Queens
Seat 5: Emil showed [Kc Kd] and lost with a pair of Kings
"""  # noqa: E501 (the log's header line)

# Three handed, ante 10. Anna opens to 300, Bert calls from the small blind, Cleo (the big blind, 390 behind her
# ante) raises all in to 390 (short of a full raise: betting is not reopened), both call. Pot 3 x 10 + 3 x 390 =
# 1200. Anna's Ah Kd and Bert's As Kc make the same two pair, Aces and Kings: 600 each; Cleo's queens lose and she
# is out, her bounty split between them.
SPLIT = """PokerStars Hand #150000000004: Tournament #1700000002, $10+$10+$2 USD Hold'em No Limit - Level IV (50/100) - 2016/11/20 12:10:00 ET
Table '1700000002 3' 9-max Seat #1 is the button
Seat 1: Anna (2000 in chips, $10 bounty)
Seat 2: Bert (2000 in chips, $10 bounty)
Seat 3: Cleo (400 in chips, $10 bounty)
Anna: posts the ante 10
Bert: posts the ante 10
Cleo: posts the ante 10
Bert: posts small blind 50
Cleo: posts big blind 100
*** HOLE CARDS ***
Anna: raises 200 to 300
Bert: calls 250
Cleo: raises 90 to 390 and is all-in
Anna: calls 90
Bert: calls 90
*** FLOP *** [Ad Kh 7c]
Bert: checks
Anna: checks
*** TURN *** [Ad Kh 7c] [2s]
Bert: checks
Anna: checks
*** RIVER *** [Ad Kh 7c 2s] [3d]
Bert: checks
Anna: checks
*** SHOW DOWN ***
Bert: shows [As Kc] (two pair, Aces and Kings)
Anna: shows [Ah Kd] (two pair, Aces and Kings)
Cleo: shows [Qh Qd] (a pair of Queens)
Bert collected 600 from pot
Anna collected 600 from pot
Anna, Bert split the $10 bounty for eliminating Cleo
Cleo finished the tournament in 5th place
*** SUMMARY ***
Total pot 1200 | Rake 0
Board [Ad Kh 7c 2s 3d]
Seat 1: Anna (button) showed [Ah Kd] and won (600) with two pair, Aces and Kings
Seat 2: Bert (small blind) showed [As Kc] and won (600) with two pair, Aces and Kings
Seat 3: Cleo (big blind) showed [Qh Qd] and lost with a pair of Queens
"""  # noqa: E501 (the log's header line)


def _hand(text: str) -> Hand:
    (hand,) = read_text(text, "knockout.txt")
    assert isinstance(hand, Hand), hand.message()
    return hand


def test_knockout_bounty_lines_leave_the_betting_and_the_pots_alone():
    hand = _hand(PROGRESSIVE)
    result = audit(hand)
    assert result.findings == []
    assert result.payouts == {"Anna": 1360}
    assert [(p.amount, p.eligible) for p in result.pots] == [(960, ("Anna", "Cleo", "Emil")), (400, ("Anna", "Cleo"))]
    assert [(f.player, f.place, f.bounty) for f in hand.finishes] == [
        ("Anna", None, "$5"), ("Anna", None, "$5"), ("Cleo", 9, None), ("Emil", 10, None)]


def test_knockout_a_bounty_split_between_tied_winners_is_read_and_audits_clean():
    # The split line was an unknown line: the whole hand was quarantined.
    hand = _hand(SPLIT)
    result = audit(hand)
    assert result.findings == []
    assert result.payouts == {"Anna": 600, "Bert": 600}
    assert [(f.player, f.place) for f in hand.finishes] == [("Cleo", 5)]
