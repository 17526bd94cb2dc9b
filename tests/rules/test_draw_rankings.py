"""Badugi and deuce-to-seven low against pokerkit, an independent implementation (test-only oracle).

Badugi is checked over all 270,725 four-card hands: hands of one value of ours are equal for pokerkit, and the
values' order is pokerkit's. The counts of four-card and one-card hands are worked by hand. Deuce-to-seven is
checked on random pairs of hands (its exhaustive class counts are in ``test_exhaustive_counts.py``).
"""

from math import comb

import numpy as np
import pytest

from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import BADUGI, DEUCE_TO_SEVEN_LOW
from soko_analytics.rules.tables import HandClass as C
from soko_analytics.rules.tables import all_four_card_hands

from .ordering import assert_ordered_as, text

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test dependency (pip install -e '.[test]')")


_text = text
ORACLE_SAMPLE = 60_000
"""Hands compared with pokerkit's order where every hand would take the oracle most of a minute."""


def test_badugi_counts_and_order_match_pokerkit():
    hands = all_four_card_hands()
    rng = np.random.default_rng(4)
    shuffled = rng.permuted(hands, axis=1)
    ev = evaluator(BADUGI)
    values = ev.values(shuffled)
    counts = {C(k): int(n) for k, n in zip(*np.unique(ev.hand_classes(values), return_counts=True))}
    assert sum(counts.values()) == comb(52, 4)
    assert counts[C.BADUGI] == comb(13, 4) * 24  # four ranks, the four suits in any order
    assert counts[C.ONE_CARD] == 4 * comb(13, 4) + 13  # four cards of one suit, or four of a kind
    assert len(np.unique(values)) == comb(13, 4) + comb(13, 3) + comb(13, 2) + 13
    # pokerkit's order on a seeded sample (all 270,725 took 50 s of CI; the counts above are over every hand)
    sample = hands[rng.choice(len(hands), ORACLE_SAMPLE, replace=False)]
    assert_ordered_as(ev.values(sample), [pokerkit.BadugiHand.from_game(_text(h)) for h in sample], sample)


@pytest.mark.parametrize("text, description", [
    ("6d 5s Ah 9c", "Badugi: 9,6,5,A"), ("5h 2c Ah 9d", "3-card: 9,2,A"), ("3s 4d 8c Kc", "3-card: 8,4,3"),
    ("Kc Qc Jc 2c", "1-card: 2"), ("2h 2d 3c 4s", "3-card: 4,3,2"),
    ("7c 6d 9c 4s 2c", "9,7,6,4,2"), ("8h 3c 4s 8d 7d", "a pair of Eights"), ("5d 4h 8h 7d 6h", "a straight, Four to Eight"),
])
def test_descriptions_as_pokerstars_prints_them(text, description):
    ranking = BADUGI if len(text.split()) == 4 else DEUCE_TO_SEVEN_LOW
    ev = evaluator(ranking)
    assert ev.describe(ev.value(text)) == description


def test_deuce_to_seven_order_matches_pokerkit():
    rng = np.random.default_rng(27)
    ev = evaluator(DEUCE_TO_SEVEN_LOW)
    deck = np.arange(52)
    pairs = [rng.permutation(deck)[:10] for _ in range(20_000)]
    # Half the pairs share their ranks so that ties, flushes and suits are met often.
    for k in range(0, len(pairs), 2):
        p = pairs[k]
        p[5:] = (p[:5] & ~3) | rng.integers(0, 4, 5)
        if len(set(p.tolist())) < 10:
            pairs[k] = rng.permutation(deck)[:10]
    a = ev.values(np.array([p[:5] for p in pairs]))
    b = ev.values(np.array([p[5:] for p in pairs]))
    for p, x, y in zip(pairs, a, b):
        hx = pokerkit.StandardLowHand.from_game(_text(p[:5]))
        hy = pokerkit.StandardLowHand.from_game(_text(p[5:]))
        assert (x > y) == (hx > hy) and (x == y) == (hx == hy), (_text(p[:5]), _text(p[5:]))
