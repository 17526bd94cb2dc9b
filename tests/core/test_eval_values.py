"""The core's hand values are their definition: every ranking the options allow, 200,000 seeded random hands
of 5, 6 and 7 cards each. A five-card value is the ranking's five-card table (built by the core, by the rules,
from every hand: ``core/src/eval/rankings.rs``, handed to Python by ``rules/tables.py``); a six- or seven-card value is the best of its five-card subsets, looked
up here in that table with numpy (the core finds it from its own rank-multiset and flush tables). The batch
call (``_core.evaluate_batch``), the scalar call (``_core.evaluate``) and ``Evaluator.values`` (the Python API
over the core) all give it."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from soko_analytics import _core as core
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HandRanking, HighCardRule, Ranking
from soko_analytics.rules.tables import BINOM, ensure_ranking, five_card_table

N_HANDS = 200_000
SCALAR_SAMPLE = 2_000


def best_of_fives(table: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """The best five-card value among each row's five-card subsets, from the five-card table."""
    best = np.zeros(len(hands), dtype=np.uint32)
    for five in itertools.combinations(range(hands.shape[1]), 5):
        cards = np.sort(hands[:, list(five)].astype(np.int64), axis=1)
        index = sum(BINOM[i][cards[:, i]] for i in range(5))
        best = np.maximum(best, table[index])
    return best


def _rankings() -> list[Ranking]:
    """Every ranking the options allow: high with either high-card rule, and each Sökö variant."""
    out = [Ranking(HandRanking.HIGH, rule) for rule in HighCardRule]
    for rule, ace_low, sf in itertools.product(HighCardRule, (True, False), (False, True)):
        out.append(Ranking(HandRanking.SOKO, rule, ace_low, sf))
    return out


RANKINGS = _rankings()


def _hands(seed: int, n: int, k: int) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards (uint8 codes), seeded."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return _hands(20240601, N_HANDS, 7)


@pytest.mark.parametrize("ranking", RANKINGS, ids=lambda r: r.name)
def test_core_values_are_the_best_five_of_the_table(ranking: Ranking, hands: np.ndarray):
    name = ensure_ranking(ranking)
    table = five_card_table(ranking)
    ev = evaluator(ranking)
    compared = 0
    for k in (5, 6, 7):
        cards = np.ascontiguousarray(hands[:, :k])
        expected = best_of_fives(table.values, cards)
        got = np.frombuffer(core.evaluate_batch(name, cards.tobytes(), k), dtype="<u4")
        assert got.shape == expected.shape
        mismatched = np.flatnonzero(got != expected)
        assert mismatched.size == 0, (
            f"{name} {k} cards: {mismatched.size} of {len(cards)} differ, first row "
            f"{cards[mismatched[0]].tolist()}: core {got[mismatched[0]]}, best five {expected[mismatched[0]]}")
        assert np.array_equal(ev.values(cards), expected)
        compared += len(cards)
        for row, value in zip(cards[:SCALAR_SAMPLE], expected[:SCALAR_SAMPLE]):
            assert core.evaluate(name, row.tolist()) == value
            assert core.hand_class(name, int(value)) == ev.hand_class(int(value)).name.lower()
    assert compared == 3 * N_HANDS


def test_bad_hands_are_value_errors_not_crashes():
    name = ensure_ranking(Ranking())
    with pytest.raises(ValueError, match="row 1"):
        core.evaluate_batch(name, bytes([0, 1, 2, 3, 4, 5, 5, 6, 7, 8]), 5)
    with pytest.raises(ValueError):
        core.evaluate_batch(name, bytes([0, 1, 2, 3, 60]), 5)
    with pytest.raises(ValueError):
        core.evaluate_batch(name, bytes(range(9)), 5)
    with pytest.raises(ValueError):
        core.evaluate(name, [1, 2, 3, 4])
    with pytest.raises(KeyError):
        core.evaluate_batch("no-such-ranking", bytes(range(5)), 5)


def test_more_than_seven_cards_take_the_best_five():
    ranking = Ranking(HandRanking.SOKO)
    name = ensure_ranking(ranking)
    rows = _hands(7, 200, 8)
    expected = best_of_fives(five_card_table(ranking).values, rows)
    assert [core.evaluate(name, row.tolist()) for row in rows] == expected.tolist()
