"""RULES.md §2 item 17 and the textbook counts, over all 2,598,960 five-card hands.

Every hand goes through the batch evaluator with its cards in a shuffled order
(so the sorting network is exercised too), and the class of each value is
counted. Expected numbers are copied from RULES.md §2 item 17 and, for the
standard ranking, from the textbook table of five-card poker hands.
"""

from math import comb

import numpy as np
import pytest

from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HandRanking, Ranking
from soko_analytics.rules.tables import HandClass as C
from soko_analytics.rules.tables import all_five_card_hands

SOKO_DEFAULT = {
    C.STRAIGHT_FLUSH: 40, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.FLUSH: 5108,
    C.STRAIGHT: 10200, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552, C.FOUR_FLUSH: 110940,
    C.FOUR_STRAIGHT: 92208, C.PAIR: 1047552, C.HIGH_CARD: 1150080,
}
TEXTBOOK = {
    C.STRAIGHT_FLUSH: 40, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.FLUSH: 5108,
    C.STRAIGHT: 10200, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552, C.PAIR: 1098240,
    C.HIGH_CARD: 1302540,
}

ACE_TO_FIVE = {
    # Straights and flushes do not count: every hand without a pair is a low, C(13, 5) rank sets x 4^5 suits.
    C.LOW: comb(13, 5) * 4**5, C.PAIR: 1098240, C.TWO_PAIR: 123552, C.THREE_OF_A_KIND: 54912,
    C.FULL_HOUSE: 3744, C.FOUR_OF_A_KIND: 624,
}

DEUCE_TO_SEVEN = {
    # The standard counts with the ace high only: A-2-3-4-5 is no straight, so 10 of the 1,020 suitings of each
    # straight's ranks lose one rank set (10 straights -> 9, 1,277 no-pair rank sets -> 1,278).
    C.LOW: 1278 * (4**5 - 4), C.PAIR: 1098240, C.TWO_PAIR: 123552, C.THREE_OF_A_KIND: 54912,
    C.STRAIGHT: 9 * (4**5 - 4), C.FLUSH: 1278 * 4, C.FULL_HOUSE: 3744, C.FOUR_OF_A_KIND: 624, C.STRAIGHT_FLUSH: 9 * 4,
}

CASES = {
    "high": (Ranking(), TEXTBOOK, 7462),
    # 6,175 distinct ace-to-five values: 1,287 lows + 2,860 pairs + 858 two pairs + 858 trips + 156 + 156.
    "ace_to_five_low": (Ranking(HandRanking.ACE_TO_FIVE_LOW), ACE_TO_FIVE, 6175),
    # As many distinct values as the standard ranking: two straights (wheel and steel wheel) become two no-pair hands.
    "deuce_to_seven_low": (Ranking(HandRanking.DEUCE_TO_SEVEN_LOW), DEUCE_TO_SEVEN, 7462),
    "soko": (Ranking(HandRanking.SOKO), SOKO_DEFAULT, 16707),
    "soko four_straight_ace_low=false": (
        Ranking(HandRanking.SOKO, four_straight_ace_low=False),
        SOKO_DEFAULT | {C.FOUR_STRAIGHT: 83040, C.PAIR: 1049040, C.HIGH_CARD: 1157760},
        None,
    ),
    "soko four_card_straight_flush_class=true": (
        Ranking(HandRanking.SOKO, four_card_straight_flush_class=True),
        SOKO_DEFAULT | {C.FOUR_STRAIGHT_FLUSH: 1476, C.FOUR_FLUSH: 109464},
        None,
    ),
    "soko high_card_rule=top_card_then_suit": (
        Ranking(HandRanking.SOKO, high_card_rule="top_card_then_suit"),
        SOKO_DEFAULT,
        None,
    ),
}


@pytest.fixture(scope="module")
def shuffled_hands():
    hands = all_five_card_hands()
    rng = np.random.default_rng(2026)
    order = rng.permuted(np.tile(np.arange(5), (len(hands), 1)), axis=1)
    return np.take_along_axis(hands, order, axis=1)


@pytest.mark.parametrize("case", list(CASES))
def test_class_counts_over_all_five_card_hands(case, shuffled_hands):
    ranking, expected, distinct = CASES[case]
    ev = evaluator(ranking)
    values = ev.values(shuffled_hands)
    assert len(values) == comb(52, 5) == sum(expected.values())
    classes = ev._five.value_class[values]
    counts = {C(k): int(n) for k, n in zip(*np.unique(classes, return_counts=True))}
    assert counts == expected
    if distinct is not None:
        assert len(np.unique(values)) == distinct
        assert values.min() == 1 and values.max() == distinct


def test_top_card_then_suit_values_high_cards_by_top_card_and_suit(shuffled_hands):
    # A high-card hand is worth its top card and that card's suit: 7..A in four
    # suits that can top a non-straight, non-four-straight five-card high hand.
    ev = evaluator(Ranking(HandRanking.SOKO, high_card_rule="top_card_then_suit"))
    values = ev.values(shuffled_hands)
    high = ev._five.value_class[values] == C.HIGH_CARD
    top_codes = shuffled_hands[high].max(axis=1)
    per_value = {}
    for v, top in zip(values[high].tolist(), top_codes.tolist()):
        per_value.setdefault(v, set()).add(top)
    assert all(len(tops) == 1 for tops in per_value.values())
    ranked = sorted(per_value, key=lambda v: next(iter(per_value[v])))
    assert ranked == sorted(per_value)


def test_ace_to_five_lows_are_1287_and_ordered_from_the_wheel_down(shuffled_hands):
    ev = evaluator(Ranking(HandRanking.ACE_TO_FIVE_LOW))
    values = ev.values(shuffled_hands)
    lows = np.unique(values[ev._five.value_class[values] == C.LOW])
    assert len(lows) == comb(13, 5) == 1287
    order = ["5h 4d 3c 2s Ah", "6h 4d 3c 2s Ah", "6h 5d 3c 2s Ah", "8h 7d 6c 5s 4h", "9h 5d 4c 3s 2h",
             "Kh Qd Jc Ts 9h", "Ah Ad 3c 4s 5h", "2h 2d 3c 4s 6h", "Kh Kd Kc Ks Qh"]
    got = [ev.value(h) for h in order]
    assert got == sorted(got, reverse=True) and len(set(got)) == len(got)
    assert got[0] == 6175 and got[-1] == 1  # the wheel is the best low, four Kings the worst
    assert ev.value("5h 4h 3h 2h Ah") == got[0]  # a straight flush is still the wheel
    assert ev.describe(got[3]) == "8,7,6,5,4" and ev.describe(got[6]) == "a pair of Aces"
