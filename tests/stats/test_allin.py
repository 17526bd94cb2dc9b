"""All-in adjusted winnings, worked out by hand (hold'em) or by a plain brute force written here (stud).

The moment is when no more betting can happen; the adjusted figure is the equity times the pot,
scaled by what the pots paid after rake, minus what the player put in (docs/stats.md).
"""

from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
import pytest

from soko_analytics.model.cards import parse_cards
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.rules.evaluate import evaluator

from .hands import (
    HOLDEM_3BET,
    HOLDEM_SIDE_POT_ALLIN,
    HOLDEM_STEAL_SHOWDOWN,
    HOLDEM_TURN_ALLIN,
    STUD_SIXTH_STREET_ALLIN,
)
from .test_facts import facts


def test_turn_all_in_with_rake():
    # Ah Kh vs Qs Qd on Qh 7h 2c 3s: Ann wins with the 9 hearts left but 2h and 3h (they fill Bob up):
    # 7 of 44 rivers. The $200 pot paid $199 after the $1 rake.
    f = facts(HOLDEM_TURN_ALLIN)
    assert f["Ann"]["allin"] and f["Bob"]["allin"]
    assert f["Ann"]["allin_adjusted"] == round(20000 * 7 / 44 * 199 / 200) - 10000 == -6834
    assert f["Bob"]["allin_adjusted"] == round(20000 * 37 / 44 * 199 / 200) - 10000 == 6734
    assert f["Ann"]["allin_se"] == f["Bob"]["allin_se"] == 0.0  # 44 rivers: enumerated exactly
    assert f["Ann"]["net"] == -10000 and f["Bob"]["net"] == 9900


def test_side_pot_all_in():
    # Turn 2c 7d 9h Ks; Ann (all in for $20) Ah Ad, Bob Kc Kd, Cid Qh Jh; 42 rivers.
    # Ann wins the $60 main pot on As, Ac (2); Cid's straight wins both pots on a ten (4);
    # Bob wins the main pot on the other 36 and the $160 side pot on the other 38.
    f = facts(HOLDEM_SIDE_POT_ALLIN)
    assert f["Ann"]["allin_adjusted"] == round(6000 * 2 / 42) - 2000
    assert f["Bob"]["allin_adjusted"] == round(6000 * 36 / 42 + 16000 * 38 / 42) - 10000
    assert f["Cid"]["allin_adjusted"] == round(6000 * 4 / 42 + 16000 * 4 / 42) - 10000
    assert sum(r["allin_adjusted"] for r in f.values()) == sum(r["net"] for r in f.values()) == 0


def test_stud_sixth_street_all_in_against_brute_force():
    f = facts(STUD_SIXTH_STREET_ALLIN)
    ann = parse_cards("Ah Ad Ac 7s 8d 9c")
    bob = parse_cards("Kh Qh 2s Jh Th 3c")
    unseen = [c for c in range(52) if c not in ann + bob]
    value = evaluator().value
    won = 0.0
    outcomes = 0
    for a, b in permutations(unseen, 2):  # Ann's river card, then Bob's
        va, vb = value([*ann, a]), value([*bob, b])
        won += 1.0 if va > vb else 0.5 if va == vb else 0.0
        outcomes += 1
    share = won / outcomes
    assert f["Ann"]["allin_adjusted"] == round(50 * share) - 25
    assert f["Bob"]["allin_adjusted"] == round(50 * (1 - share)) - 25
    assert f["Ann"]["allin_se"] == 0.0


def _every_board(first: str, second: str) -> float:
    """The first hand's share of the pot over all 1,712,304 boards."""
    a, b = parse_cards(first), parse_cards(second)
    deck = [c for c in range(52) if c not in a + b]
    boards = np.array(list(combinations(deck, 5)), dtype=np.uint8)
    ev = evaluator()
    va = ev.values(np.hstack([np.tile(np.array(a, np.uint8), (len(boards), 1)), boards]))
    vb = ev.values(np.hstack([np.tile(np.array(b, np.uint8), (len(boards), 1)), boards]))
    return float(((va > vb) + 0.5 * (va == vb)).mean())


@pytest.mark.parametrize("text", [HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN])
def test_no_all_in_means_net(text):
    # a hand won without a showdown, and a showdown after the river betting: nothing to adjust
    f = facts(text)
    assert not any(r["allin"] for r in f.values())
    assert all(r["allin_adjusted"] == r["net"] and r["allin_se"] == 0.0 for r in f.values())


def test_unknown_cards_mean_net():
    # the same turn all-in, but the loser mucks: his cards are unknown, so no equity can be computed
    text = HOLDEM_TURN_ALLIN.replace("Ann: shows [Ah Kh] (high card Ace)", "Ann: mucks hand").replace(
        "Seat 1: Ann (button) (small blind) showed [Ah Kh] and lost with high card Ace",
        "Seat 1: Ann (button) (small blind) mucked")
    f = facts(text)
    assert not f["Ann"]["allin"] and f["Ann"]["allin_adjusted"] == f["Ann"]["net"]


def test_preflop_all_in_is_sampled_with_its_error():
    # AA against KK preflop: 1,712,304 boards, more than the exact limit, so a seeded Monte Carlo,
    # checked against every board valued here (the batch evaluator is held to phevaluator elsewhere)
    text = (HOLDEM_TURN_ALLIN
            .replace("Ann: raises $2 to $3\nBob: calls $2\n*** FLOP *** [Qh 7h 2c]\nBob: checks\nAnn: bets $4\n"
                     "Bob: calls $4\n*** TURN *** [Qh 7h 2c] [3s]\nBob: bets $93 and is all-in\n"
                     "Ann: calls $93 and is all-in\n",
                     "Ann: raises $99 to $100 and is all-in\nBob: calls $99 and is all-in\n"
                     "*** FLOP *** [Qh 7h 2c]\n*** TURN *** [Qh 7h 2c] [3s]\n")
            .replace("[Qs Qd] (three of a kind, Queens)", "[Ks Kc] (a pair of Kings)")
            .replace("[Ah Kh] (high card Ace)", "[Ah Ad] (a pair of Aces)")
            .replace("Bob collected $199", "Ann collected $199")
            .replace("showed [Ah Kh] and lost with high card Ace", "showed [Ah Ad] and won ($199) with a pair of Aces")
            .replace("showed [Qs Qd] and won ($199) with three of a kind, Queens",
                     "showed [Ks Kc] and lost with a pair of Kings"))
    f = facts(text)
    ann = f["Ann"]
    assert ann["allin"] and ann["allin_se"] > 0
    expected = 20000 * _every_board("Ah Ad", "Ks Kc") * 199 / 200 - 10000
    assert abs(ann["allin_adjusted"] - expected) < 4 * ann["allin_se"] + 1
    assert facts(text)["Ann"]["allin_adjusted"] == ann["allin_adjusted"]  # seeded by the hand: repeatable


def test_a_cash_out_is_not_added_to_the_equity(corpus):
    # PokerStars hand 257180854570: on the turn Qh Ad Ts As, Player1 (Qs Js) calls all in against
    # Player3 (Th Tc, tens full). Player1 wins with Qd, Qc (queens full), Ac, Ah (aces full of queens)
    # and Ks (a royal flush): 5 of the 44 rivers; Player3 wins the other 39. The pot paid $25.96 after
    # the $1.25 rake. Each put in $0.90 + $0.93 + $14.96 - $3.26 uncalled = $13.53. Player3 then
    # "cashed out the hand for $22.77": the site's money, not the pot's, so his net is 22.77 - 13.53
    # but his all-in adjusted figure is his equity in the pot alone (docs/stats.md).
    log = corpus / "pokerstars/cash/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt"
    hand = next(h for h in read_path(log) if isinstance(h, Hand) and h.hand_id == "257180854570")
    f = facts(hand.raw)
    assert f["Player3"]["allin"] and f["Player1"]["allin"] and f["Player3"]["allin_se"] == 0.0
    assert f["Player3"]["allin_adjusted"] == round(2596 * 39 / 44) - 1353 == 948
    assert f["Player1"]["allin_adjusted"] == round(2596 * 5 / 44) - 1353 == -1058
    assert f["Player3"]["net"] == 2277 - 1353 and f["Player1"]["net"] == 2596 - 1353
