"""Per-player facts of small hands, every value worked out by hand from the hand text (tests/stats/hands.py).

Definitions: docs/stats.md. Positions of a 6-max table from the button: BTN SB BB UTG MP CO; of three
players: BTN SB BB.
"""

from __future__ import annotations

import pytest

from soko_analytics.parsers import read_text
from soko_analytics.store.rows import Batch

from .hands import HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, HOLDEM_WALK, STUD_STEAL


def facts(text: str) -> dict[str, dict]:
    """The ``player_hands`` rows the core makes of a one-hand text, by player."""
    (hand,) = read_text(text, "test.txt")
    batch = Batch()
    batch.add_hand(hand)
    return {r["player"]: r for r in batch.to_frames()["player_hands"].iter_rows(named=True)}


def test_three_bet_and_fold_to_three_bet():
    f = facts(HOLDEM_3BET)
    # Dan (UTG) folds first in; Eve (MP) limps; Fay (CO) raises over the limper; Ann (BTN) 3-bets;
    # the blinds fold facing two raises; Eve (not a raiser) folds too; Fay folds to the 3-bet.
    assert {p: r["position"] for p, r in f.items()} == {
        "Ann": "BTN", "Bob": "SB", "Cid": "BB", "Dan": "UTG", "Eve": "MP", "Fay": "CO"}
    assert {p: r["situation"] for p, r in f.items()} == {
        "Dan": "unopened", "Eve": "unopened", "Fay": "limped", "Ann": "facing raise",
        "Bob": "facing re-raise", "Cid": "facing re-raise"}
    assert {p for p, r in f.items() if r["vpip"]} == {"Eve", "Fay", "Ann"}
    assert {p for p, r in f.items() if r["pfr"]} == {"Fay", "Ann"}
    # only Ann acted facing exactly one raise: by Eve's second turn Ann had 3-bet
    assert {p for p, r in f.items() if r["three_bet_opp"]} == {"Ann"}
    assert {p for p, r in f.items() if r["three_bet"]} == {"Ann"}
    assert {p for p, r in f.items() if r["fold_3bet_opp"]} == {"Fay"}
    assert f["Fay"]["fold_3bet"]
    # Fay's raise came after a limper: not a steal chance; Ann's raise was not first in either
    assert not any(r["steal_opp"] for r in f.values())
    assert not any(r["fold_steal_opp"] for r in f.values())
    assert f["Ann"]["net"] == 650  # $10.50 collected - $4 left in after $8 came back
    assert f["Fay"]["net"] == -400 and f["Eve"]["net"] == -100 and f["Dan"]["net"] == 0
    assert not any(r["saw_second"] or r["showdown"] or r["walk"] for r in f.values())
    assert f["Ann"]["won"] and not f["Ann"]["won_showdown"]


def test_steal_continuation_bets_and_showdown():
    f = facts(HOLDEM_STEAL_SHOWDOWN)
    ann, bob, cid = f["Ann"], f["Bob"], f["Cid"]
    assert (ann["steal_opp"], ann["steal"]) == (True, True)          # button, folded to, raises
    assert (bob["fold_steal_opp"], bob["fold_steal"]) == (True, True)
    assert (cid["fold_steal_opp"], cid["fold_steal"]) == (True, False)  # SB folded: still a steal
    assert (cid["three_bet_opp"], cid["three_bet"]) == (True, False)
    assert (ann["cbet_flop_opp"], ann["cbet_flop"], ann["cbet_turn_opp"], ann["cbet_turn"]) == (True,) * 4
    assert (cid["fold_cbet_flop_opp"], cid["fold_cbet_flop"]) == (True, False)
    assert (cid["fold_cbet_turn_opp"], cid["fold_cbet_turn"]) == (True, False)
    # after preflop: Ann bets flop and turn, calls the river; Cid checks twice, calls twice, bets once
    assert (ann["post_bets"], ann["post_raises"], ann["post_calls"], ann["post_checks"]) == (2, 0, 1, 0)
    assert (cid["post_bets"], cid["post_raises"], cid["post_calls"], cid["post_checks"]) == (1, 0, 2, 2)
    assert ann["street_reached"] == cid["street_reached"] == 3 and bob["street_reached"] == 0
    assert ann["showdown"] and cid["showdown"] and not bob["showdown"]
    assert cid["won_showdown"] and not ann["won_showdown"]
    # Qd Qc on 2c 7d Jh Qs 3h: three Queens; Ah Ad: a pair; Bob folded: no class
    assert (cid["showdown_class"], ann["showdown_class"], bob["showdown_class"]) == ("three_of_a_kind", "pair", None)
    assert ann["net"] == -3700 and cid["net"] == 7300 - 3700 and bob["net"] == -50
    assert cid["rake"] == 150 and ann["rake"] == bob["rake"] == 0  # the winner pays the rake
    assert ann["unit"] == 100  # no-limit: won/100 counts big blinds


def test_a_walk():
    f = facts(HOLDEM_WALK)
    assert f["Cid"]["walk"] and f["Cid"]["situation"] == "walk" and not f["Cid"]["vpip"]
    assert not f["Ann"]["walk"] and not f["Bob"]["walk"]
    assert (f["Ann"]["steal_opp"], f["Ann"]["steal"]) == (True, False)
    assert (f["Bob"]["steal_opp"], f["Bob"]["steal"]) == (True, False)
    assert f["Cid"]["net"] == 50 and f["Bob"]["net"] == -50


def test_stud_bring_in_completion_steal_and_best_showing():
    f = facts(STUD_STEAL)
    ann, bob, cid, dan = f["Ann"], f["Bob"], f["Cid"], f["Dan"]
    assert bob["bring_in"] and not any(r["bring_in"] for r in (ann, cid, dan))
    # after the bring-in (Bob) the order is Cid, Dan, Ann: Dan and Ann act last, so they may steal
    assert (cid["steal_opp"], dan["steal_opp"], ann["steal_opp"]) == (False, True, False)  # Ann faced Dan's
    assert dan["steal"] and dan["complete"] and dan["pfr"] and dan["vpip"]
    assert (cid["complete_opp"], cid["complete"]) == (True, False)
    assert not ann["complete_opp"]  # Dan had completed before Ann's turn
    assert (ann["fold_completion_opp"], ann["fold_completion"]) == (True, True)
    assert (bob["fold_completion_opp"], bob["fold_completion"]) == (True, False)
    assert (bob["fold_steal_opp"], bob["fold_steal"]) == (True, False)
    assert bob["vpip"] and not bob["pfr"]  # he called the completion
    # 4th street: Dan (A-K up) is first and bets; 5th: Bob (3-3 up) is first and checks
    assert (dan["best_showing_opp"], dan["best_showing_bet"]) == (1, 1)
    assert (bob["best_showing_opp"], bob["best_showing_bet"]) == (1, 0)
    assert bob["street_reached"] == 2 and dan["street_reached"] == 2 and ann["street_reached"] == 0
    assert not dan["showdown"] and dan["won"]
    assert dan["unit"] == 8  # fixed limit: won/100 counts big bets
    assert dan["position"] is None and dan["situation"] == "unopened" and ann["situation"] == "facing raise"


def split_pot(to: int, rake: int, ann: int, cid: int) -> str:
    """Ann (button) makes it ``to`` cents, Bob folds his 1-cent small blind, Cid (big blind) calls: a pot of
    ``2 * to + 1`` cents; Broadway on the board plays for both. The summary says ``rake``; Ann and Cid
    collect ``ann`` and ``cid`` cents (no line for 0)."""
    def usd(cents: int) -> str:
        return f"${cents // 100}.{cents % 100:02d}"

    opening = (f"Ann: raises {usd(to - 2)} to {usd(to)}\nBob: folds\nCid: calls {usd(to - 2)}" if to > 2
               else "Ann: calls $0.02\nBob: folds\nCid: checks")
    streets = "\n".join(f"*** {name} *** {board}\nCid: checks\nAnn: checks" for name, board in (
        ("FLOP", "[As Ks Qd]"), ("TURN", "[As Ks Qd] [Jc]"), ("RIVER", "[As Ks Qd Jc] [Th]")))
    collects = "".join(f"{p} collected {usd(c)} from pot\n" for p, c in (("Ann", ann), ("Cid", cid)) if c)

    def result(cards: str, c: int) -> str:
        return f"showed [{cards}] and " + (f"won ({usd(c)})" if c else "lost") + " with a straight, Ten to Ace"

    return f"""\
PokerStars Hand #9000000101:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/03/01 21:00:00 ET
Table 'Test VIII' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cid ($2 in chips)
Bob: posts small blind $0.01
Cid: posts big blind $0.02
*** HOLE CARDS ***
{opening}
{streets}
*** SHOW DOWN ***
Cid: shows [2c 3d] (a straight, Ten to Ace)
Ann: shows [4c 5d] (a straight, Ten to Ace)
{collects}*** SUMMARY ***
Total pot {usd(2 * to + 1)} | Rake {usd(rake)}
Board [As Ks Qd Jc Th]
Seat 1: Ann (button) {result("4c 5d", ann)}
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) {result("2c 3d", cid)}
"""


@pytest.mark.parametrize(("to", "rake", "collected", "expected"), [
    (51, 3, {"Ann": 50, "Cid": 50}, {"Ann": 2, "Cid": 1}),   # odd unit to the first of equal remainders
    (6, 10, {"Ann": 1, "Cid": 2}, {"Ann": 3, "Cid": 7}),     # 10/3 = 3.33, 20/3 = 6.67: the larger remainder
    (2, 5, {"Ann": 0, "Cid": 0}, {"Ann": 0, "Cid": 0}),      # nobody collected: nobody paid
])
def test_rake_is_paid_by_the_collectors(to, rake, collected, expected):
    # (the winner of a whole pot paying all its rake: test_steal_continuation_bets_and_showdown)
    f = facts(split_pot(to, rake, collected["Ann"], collected["Cid"]))
    assert {p: f[p]["collected"] for p in collected} == collected
    assert {p: r["rake"] for p, r in f.items()} == {**expected, "Bob": 0}
    assert sum(r["rake"] for r in f.values()) == (rake if any(collected.values()) else 0)
