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

CASES = {
    "high": (Ranking(), TEXTBOOK, 7462),
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
