"""Theoretical hand-class counts: five cards equal RULES.md §2 item 17; seven cards fit a large sample."""

from __future__ import annotations

from math import comb

import numpy as np

from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.frequencies import class_counts
from soko_analytics.rules.profiles import resolve
from soko_analytics.rules.ranking import HIGH
from soko_analytics.rules.tables import HandClass as C


def test_soko_five_card_counts_are_those_of_rules_md():
    counts = class_counts(resolve("soko-casino").ranking, 5)
    # RULES.md §2 item 17, written out here
    assert counts == {C.STRAIGHT_FLUSH: 40, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744, C.FLUSH: 5108,
                      C.STRAIGHT: 10200, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552, C.FOUR_FLUSH: 110940,
                      C.FOUR_STRAIGHT: 92208, C.PAIR: 1047552, C.HIGH_CARD: 1150080}


def test_standard_five_card_counts():
    counts = class_counts(HIGH, 5)
    assert counts[C.PAIR] == 1098240 and counts[C.HIGH_CARD] == 1302540 and sum(counts.values()) == comb(52, 5)


def test_seven_card_counts_fit_a_million_random_hands():
    counts = class_counts(HIGH, 7)
    assert sum(counts.values()) == comb(52, 7)
    rng = np.random.default_rng(7)
    n = 1_000_000
    hands = _sample(rng, n)
    ev = evaluator(HIGH)
    classes = ev.hand_classes(ev.values(hands))
    seen = np.bincount(classes, minlength=len(C))
    for klass, count in counts.items():
        p = count / comb(52, 7)
        sigma = (n * p * (1 - p)) ** 0.5
        assert abs(seen[klass] - n * p) < 5 * sigma + 1, klass


def _sample(rng, n):
    """n random seven-card hands without repeats (a partial shuffle of 0..51 per row)."""
    keys = rng.random((n, 52))
    return np.argpartition(keys, 7, axis=1)[:, :7].astype(np.uint8)


def test_no_count_for_other_sizes():
    assert class_counts(HIGH, 6) is None
    assert class_counts(resolve("soko-casino").ranking, 7) is None
