"""The standard ranking against independent evaluators: phevaluator and pokerkit.

phevaluator numbers the 7,462 equivalence classes of standard poker from 1
(a royal flush) to 7,462 (7-5-4-3-2 offsuit); our values number the same
classes from 1 (the worst) up, so for every hand ``ours == 7463 - theirs``:
that is "orders hands exactly as phevaluator does". Both use the same card
codes (rank * 4 + suit, suits c d h s).
"""

import numpy as np
import pytest
from phevaluator import evaluate_cards

from soko_analytics.model.cards import Card
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HIGH


def _random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def _phevaluator_values(hands: np.ndarray) -> np.ndarray:
    return np.fromiter((7463 - evaluate_cards(*row) for row in hands.tolist()), dtype=np.int64, count=len(hands))


@pytest.mark.parametrize("k, n, seed", [(5, 1_000_000, 5), (7, 1_000_000, 7), (6, 100_000, 6)])
def test_batch_orders_hands_exactly_as_phevaluator(k, n, seed):
    hands = _random_hands(n, k, seed)
    ours = evaluator(HIGH).values(hands).astype(np.int64)
    np.testing.assert_array_equal(ours, _phevaluator_values(hands))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_scalar_agrees_with_phevaluator(k):
    hands = _random_hands(20_000, k, 100 + k)
    ev = evaluator(HIGH)
    ours = np.array([ev.value(row) for row in hands.tolist()])
    np.testing.assert_array_equal(ours, _phevaluator_values(hands))


def test_best_five_of_seven_orders_as_pokerkit():
    """pokerkit picks the best five of seven itself; compare the order of pairs of hands."""
    from pokerkit import StandardHighHand

    hands = _random_hands(4_000, 7, 77)
    ev = evaluator(HIGH)
    ours = ev.values(hands)
    theirs = [StandardHighHand.from_game("".join(str(Card(c)) for c in row)) for row in hands.tolist()]
    for i in range(0, len(hands) - 1, 2):
        a, b = ours[i], ours[i + 1]
        ta, tb = theirs[i], theirs[i + 1]
        assert (a > b) == (ta > tb) and (a == b) == (ta == tb), (hands[i], hands[i + 1])
