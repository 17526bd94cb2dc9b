"""Pots, side pots, odd chips and rake, named after the RULES.md items they check.

Every expected figure is worked by hand from the RULES.md / soko-text.md text in the comments.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soko_analytics.errors import SokoError
from soko_analytics.replay.pots import (
    Award,
    Pot,
    PotError,
    RakeConvention,
    award,
    build_pots,
    payouts,
    rake_pots,
    returned_uncalled,
    split,
)

# soko-text.md example: Seat #7 (Liisa) is the button, so dealer's left order is seats 1, 3, 5, 7.
SOKO_ORDER = ("Aino", "Ville", "Matti", "Liisa")
SOKO_CONTRIB = {"Aino": 500, "Ville": 500, "Matti": 300, "Liisa": 60}
# Matti's Queens > Aino's Nines > Ville's four-flush (higher value is better).
SOKO_VALUES = {"Matti": 3, "Aino": 2, "Ville": 1}


# --- RULES §3 item 6: the three-way all-in example -------------------------------------------

def test_rules_3_6_three_way_all_in():
    contrib = {"A": 20, "B": 100, "C": 1000}
    # C put in 1000, nobody else more than 100: 1000 - 100 = 900 uncalled goes back to C.
    assert returned_uncalled(contrib) == ("C", 900)
    contrib["C"] -= 900
    pots = build_pots(contrib, folded=(), order="ABC")
    # main: 20 from each of A, B, C = 60, all three eligible;
    # side: (100 - 20) from B and C = 160, B and C eligible.
    assert pots == [Pot(60, ("A", "B", "C"), ("A", "B", "C"), 20),
                    Pot(160, ("B", "C"), ("B", "C"), 100)]
    awards = award(pots, {"A": 3, "B": 2, "C": 1}, odd_chip_order="ABC")
    assert [a.winners for a in awards] == [("A",), ("B",)]
    nets = rake_pots(pots, 0, RakeConvention.MAIN_POT_FIRST)
    # A wins 60 (20 from each); B wins 160 (his 80 and 80 of C's); C gets back his 900.
    assert payouts(awards, nets, "ABC") == {"A": 60, "B": 160}


# --- soko-text.md worked example ---------------------------------------------------------------

def test_soko_text_example_pots():
    # Aino and Ville both put in 500: no uncalled bet.
    assert returned_uncalled(SOKO_CONTRIB) == (None, 0)
    pots = build_pots(SOKO_CONTRIB, folded={"Liisa"}, order=SOKO_ORDER)
    # main: 300 each from Aino, Ville, Matti + Liisa's 60 = 960 (€9.60); Liisa folded, not eligible.
    # side-1: (500 - 300) each from Aino and Ville = 400 (€4). 960 + 400 = 1360 = €13.60.
    assert pots == [Pot(960, ("Aino", "Ville", "Matti"), SOKO_ORDER, 300),
                    Pot(400, ("Aino", "Ville"), ("Aino", "Ville"), 500)]


def test_soko_text_example_main_pot_first_rake():
    pots = build_pots(SOKO_CONTRIB, {"Liisa"}, SOKO_ORDER)
    awards = award(pots, SOKO_VALUES, SOKO_ORDER)
    assert [(a.index, a.winners, a.value) for a in awards] == [(0, ("Matti",), 3), (1, ("Aino",), 2)]
    nets = rake_pots(pots, 30, RakeConvention.MAIN_POT_FIRST)
    # rake €0.30 from the main pot: 960 - 30 = 930 (€9.30); side pot untouched 400 (€4).
    assert nets == [930, 400]
    paid = payouts(awards, nets, SOKO_ORDER)
    assert paid == {"Matti": 930, "Aino": 400}
    # Final stacks of the log: Aino 1240 - 500 + 400 = 1140 (€11.40), Matti 300 - 300 + 930 = 930.
    assert 1240 - 500 + paid["Aino"] == 1140 and 300 - 300 + paid["Matti"] == 930


def test_soko_text_example_proportional_rake():
    pots = build_pots(SOKO_CONTRIB, {"Liisa"}, SOKO_ORDER)
    nets = rake_pots(pots, 30, RakeConvention.PROPORTIONAL)
    # main: 30 * 960 // 1360 = 28800 // 1360 = 21; side: 30 * 400 // 1360 = 12000 // 1360 = 8.
    # 21 + 8 = 29, the remaining 1 from the main pot: main rake 22, side rake 8.
    # nets: 960 - 22 = 938, 400 - 8 = 392 (938 + 392 = 1330 = 1360 - 30).
    assert nets == [938, 392]
    assert payouts(award(pots, SOKO_VALUES, SOKO_ORDER), nets, SOKO_ORDER) == {"Matti": 938, "Aino": 392}


def test_soko_text_example_last_pot_first_rake():
    pots = build_pots(SOKO_CONTRIB, {"Liisa"}, SOKO_ORDER)
    # all 30 from side pot-1: 400 - 30 = 370; main stays 960.
    assert rake_pots(pots, 30, RakeConvention.LAST_POT_FIRST) == [960, 370]
    assert rake_pots(pots, 30, "last_pot_first") == [960, 370]


# --- RULES §2 item 10: uncalled bets -----------------------------------------------------------

def test_uncalled_bet_counts_folded_players():
    # Hold'em walk: SB 50 folded, BB 100: 100 - 50 = 50 returned to BB.
    assert returned_uncalled({"SB": 50, "BB": 100}) == ("BB", 50)
    # A lone contributor gets everything back; no contributions returns nothing.
    assert returned_uncalled({"A": 70}) == ("A", 70)
    assert returned_uncalled({}) == (None, 0)
    # a tie at the top: nothing is uncalled.
    assert returned_uncalled({"A": 80, "B": 80, "C": 10}) == (None, 0)


# --- RULES §2 item 20 / §4 item 6: odd chips ---------------------------------------------------

def test_one_odd_chip_goes_to_first_in_order():
    # 25 // 3 = 8 each, 25 - 24 = 1 odd chip: to C, first in the odd-chip order.
    assert split(25, ["A", "B", "C"], odd_chip_order=["C", "A", "B"]) == {"A": 8, "B": 8, "C": 9}


def test_two_odd_chips_one_each_in_order():
    # 26 // 3 = 8 each, 26 - 24 = 2 odd chips: one to B, one to C (B, C, A order).
    assert split(26, ["A", "B", "C"], ["B", "C", "A"]) == {"A": 8, "B": 9, "C": 9}


def test_chip_unit_five():
    # 35 = 7 units of 5; 7 // 2 = 3 units (15) each, the odd unit (5) to Y first in order: 20 / 15.
    assert split(35, ["X", "Y"], ["Y", "X"], chip_unit=5) == {"X": 15, "Y": 20}


def test_winners_missing_from_order_go_last():
    # 5 // 3 = 1 each, 2 odd chips: B (in the order) first, then A (first of the others as given).
    assert split(5, ["A", "B", "C"], ["B"]) == {"A": 2, "B": 2, "C": 1}


def test_amount_not_a_multiple_of_the_unit():
    # 37 = 7 units of 5 + 2; 3 units each, the odd unit and the 2 crumbs to Y: Y 15 + 5 + 2 = 22.
    assert split(37, ["X", "Y"], ["Y", "X"], chip_unit=5) == {"X": 15, "Y": 22}


def test_split_rejects_bad_input():
    for args in [(-1, ["A"], []), (10, [], []), (10, ["A", "A"], [])]:
        with pytest.raises(PotError):
            split(*args)
    with pytest.raises(SokoError):
        split(10, ["A"], [], chip_unit=0)


def test_tie_splits_the_pot_with_odd_chip():
    pots = [Pot(25, ("A", "B", "C"))]
    (a,) = award(pots, {"A": 5, "B": 9, "C": 9}, odd_chip_order=["C", "B", "A"])
    # B and C tie on 9: 25 // 2 = 12 each, odd chip to C (nearer the dealer's left here).
    assert (a.winners, dict(a.shares), a.value) == (("B", "C"), {"B": 12, "C": 13}, 9)


def test_payouts_split_the_net_amount():
    pots = [Pot(100, ("A", "B"))]
    awards = award(pots, {"A": 1, "B": 1}, ["A", "B"])
    assert dict(awards[0].shares) == {"A": 50, "B": 50}
    # net 100 - 1 = 99: 49 each, the odd chip to A: 50 / 49.
    nets = rake_pots(pots, 1, RakeConvention.MAIN_POT_FIRST)
    assert payouts(awards, nets, ["A", "B"]) == {"A": 50, "B": 49}


# --- RULES §2 item 19: layers, folded money, merging --------------------------------------------

def test_folded_money_goes_into_the_layers_it_reached():
    contrib = {"A": 100, "B": 300, "C": 200, "D": 50}  # C and D folded
    pots = build_pots(contrib, {"C", "D"}, "ABCD")
    # cut 50: 4 x 50 = 200, eligible A, B; cut 100: 50 each from A, B, C = 150, eligible A, B
    #   -> same eligible set, merged: 350 up to level 100, contributors A, B, C, D.
    # cut 200: 100 each from B, C = 200, eligible B; cut 300: 100 from B, eligible B
    #   -> merged: 300 up to level 300, contributors B, C.
    assert pots == [Pot(350, ("A", "B"), ("A", "B", "C", "D"), 100),
                    Pot(300, ("B",), ("B", "C"), 300)]
    # 350 + 300 = 650 = 100 + 300 + 200 + 50.


def test_folded_excess_above_every_live_level_joins_the_top_pot():
    # choice: C (folded, dead money) put in 250, the live players 100 each:
    # 3 x 100 = 300 + C's excess 150 = 450 in one pot capped at level 100.
    pots = build_pots({"A": 100, "B": 100, "C": 250}, {"C"}, "ABC")
    assert pots == [Pot(450, ("A", "B"), ("A", "B", "C"), 100)]


def test_eligible_follow_seat_order_and_unknown_players_go_last():
    pots = build_pots({"Z": 10, "Y": 10, "X": 10}, (), order=["Y", "X"])
    assert pots == [Pot(30, ("Y", "X", "Z"), ("Y", "X", "Z"), 10)]


def test_pot_with_one_eligible_player_is_his_whatever_his_value():
    contrib = {"A": 50, "B": 100, "C": 100}  # C folded
    pots = build_pots(contrib, {"C"}, "ABC")
    # main: 3 x 50 = 150 (A, B); side: 50 from B + 50 from C = 100, only B eligible.
    assert [(p.amount, p.eligible) for p in pots] == [(150, ("A", "B")), (100, ("B",))]
    awards = award(pots, {"A": 7}, "ABC")  # B mucked: no value, still wins the side pot
    assert [(a.winners, dict(a.shares), a.value) for a in awards] == [
        (("A",), {"A": 150}, 7), (("B",), {"B": 100}, None)]


def test_undetermined_pot_has_no_winners():
    pots = [Pot(60, ("A", "B", "C")), Pot(80, ("B", "C"))]
    awards = award(pots, {"A": 4}, "ABC")  # B's and C's hands are unknown
    assert awards[1] == Award(pots[1], 1, (), {}, None)
    assert payouts(awards, [60, 80], "ABC") == {"A": 60}


def test_build_pots_errors_and_empty():
    assert build_pots({}, (), ()) == []
    with pytest.raises(PotError):
        build_pots({"A": -1}, (), "A")
    with pytest.raises(PotError):
        build_pots({"A": 10, "B": 10}, {"A", "B"}, "AB")


def test_live_player_who_put_in_nothing_is_eligible_for_nothing():
    pots = build_pots({"A": 0, "B": 40, "C": 40}, (), "ABC")
    assert pots == [Pot(80, ("B", "C"), ("B", "C"), 40)]


# --- rake ---------------------------------------------------------------------------------------

def test_main_pot_first_overflows_to_the_next_pot():
    pots = [Pot(10, ("A", "B", "C")), Pot(20, ("B", "C"))]
    # 15 rake: all 10 of the main pot, the other 5 from side pot-1: 20 - 5 = 15.
    assert rake_pots(pots, 15, RakeConvention.MAIN_POT_FIRST) == [0, 15]


def test_proportional_remainder_overflows_past_an_empty_main_pot():
    pots = [Pot(1, ("A", "B", "C")), Pot(10, ("B", "C")), Pot(10, ("C", "B"))]
    # 20 * 1 // 21 = 0, 20 * 10 // 21 = 9, 9: 18 taken, remainder 2 main first:
    # main 1 -> 0, then side-1 1 -> 0; side-2 keeps 1. 0 + 0 + 1 = 21 - 20.
    assert rake_pots(pots, 20, RakeConvention.PROPORTIONAL) == [0, 0, 1]


def test_rake_outside_the_pot_is_rejected():
    pots = [Pot(10, ("A", "B"))]
    for rake in (-1, 11):
        with pytest.raises(PotError):
            rake_pots(pots, rake, RakeConvention.MAIN_POT_FIRST)
    assert rake_pots([], 0, RakeConvention.PROPORTIONAL) == []


def test_payouts_needs_one_net_amount_per_award():
    with pytest.raises(PotError):
        payouts(award([Pot(10, ("A",))], {}, "A"), [], "A")


# --- properties ---------------------------------------------------------------------------------

NAMES = ("P0", "P1", "P2", "P3", "P4", "P5")


@st.composite
def tables(draw, clamp_folded=False):
    """Contributions with at least one live player; optionally no folder above the top live level."""
    n = draw(st.integers(2, len(NAMES)))
    names = NAMES[:n]
    contrib = {p: draw(st.integers(0, 500)) for p in names}
    folded = draw(st.sets(st.sampled_from(names), max_size=n - 1))
    if clamp_folded:  # what is left once the uncalled bet is returned in a real hand
        top = max(c for p, c in contrib.items() if p not in folded)
        contrib = {p: min(c, top) if p in folded else c for p, c in contrib.items()}
    order = draw(st.permutations(names))
    return contrib, folded, order


@given(tables())
def test_pots_sum_to_the_contributions(table):
    contrib, folded, order = table
    pots = build_pots(contrib, folded, order)
    assert sum(p.amount for p in pots) == sum(contrib.values())
    assert all(p.amount > 0 for p in pots)
    assert all(set(p.eligible) <= set(contrib) - set(folded) for p in pots)
    assert all(p.eligible for p in pots)
    assert [p.level for p in pots] == sorted({p.level for p in pots})
    assert all(a.eligible != b.eligible for a, b in zip(pots, pots[1:]))
    for p in pots:
        assert list(p.eligible) == sorted(p.eligible, key=order.index)


@given(tables(), st.data())
def test_shares_sum_to_each_pot(table, data):
    contrib, folded, order = table
    pots = build_pots(contrib, folded, order)
    shown = data.draw(st.sets(st.sampled_from(sorted(contrib))))
    values = {p: data.draw(st.integers(0, 3)) for p in sorted(shown)}
    unit = data.draw(st.sampled_from([1, 5, 10]))
    for a in award(pots, values, order, unit):
        if a.winners:
            assert sum(a.shares.values()) == a.pot.amount
            assert all(0 <= s <= a.pot.amount for s in a.shares.values())
            assert set(a.winners) <= set(a.pot.eligible)
        else:
            assert not a.shares and len(a.pot.eligible) > 1


@given(tables(clamp_folded=True), st.data())
def test_all_in_player_wins_from_each_opponent_at_most_his_contribution(table, data):
    contrib, folded, order = table
    live = [p for p in contrib if p not in folded]
    hero = data.draw(st.sampled_from(live))
    values = {p: data.draw(st.integers(0, 9)) for p in live if p != hero}
    values[hero] = 10  # hero wins every pot he is eligible for
    pots = build_pots(contrib, folded, order)
    won = payouts(award(pots, values, order), [p.amount for p in pots], order).get(hero, 0)
    c = contrib[hero]
    # he gets back his own c and at most min(c, theirs) from each opponent; exactly that when best.
    assert won == c + sum(min(c, v) for p, v in contrib.items() if p != hero)


@settings(max_examples=200)
@given(tables(), st.integers(0, 3000), st.sampled_from(list(RakeConvention)))
def test_rake_leaves_non_negative_nets_summing_to_pot_less_rake(table, rake, convention):
    pots = build_pots(*table)
    total = sum(p.amount for p in pots)
    rake = min(rake, total)
    nets = rake_pots(pots, rake, convention)
    assert all(0 <= n <= p.amount for n, p in zip(nets, pots))
    assert sum(nets) == total - rake


@given(st.integers(0, 10_000), st.integers(1, 6), st.sampled_from([1, 2, 5, 25]))
def test_split_is_fair(amount, n, unit):
    winners = NAMES[:n]
    shares = split(amount, winners, winners[::-1], unit)
    assert sum(shares.values()) == amount
    base = amount // unit // n * unit
    assert all(base <= s < base + 2 * unit for s in shares.values())
    if amount % unit == 0:  # odd chips go to the front of the order, one each
        assert [s - base for s in shares.values()][::-1] == sorted(
            (s - base for s in shares.values()), reverse=True)
