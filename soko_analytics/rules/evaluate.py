"""Hand evaluation: a scalar call for one hand and a batch call for many.

Both read the same tables (:mod:`soko_analytics.rules.tables`). A hand's
*value* is a positive integer, larger for a better hand and equal for hands
that split; values of different rankings are not comparable.

>>> from soko_analytics.rules.evaluate import evaluator
>>> from soko_analytics.rules.ranking import SOKO
>>> ev = evaluator(SOKO)
>>> ev.describe(ev.value("7d Ad 5c 5d 6d"))
'a four-flush, Ace high'
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np

from ..errors import EvaluationError
from ..model.cards import Card, parse_cards
from .describe import describe as _describe
from .ranking import HIGH, Ranking
from .tables import BINOM, RANK_KEYS, HandClass, five_card_table, seven_card_tables

_CHUNK = 1 << 16
_SORT5 = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
"""An optimal sorting network for five elements."""
_CARD_RANK_KEY = RANK_KEYS[np.arange(52) >> 2].astype(np.int32)
_CARD_BIT = (np.int64(1) << ((np.arange(52) & 3) * 13 + (np.arange(52) >> 2))).astype(np.int64)


@dataclass(frozen=True)
class HandValue:
    """A hand's value with what a person reads from it."""

    value: int
    hand_class: HandClass
    description: str
    best_five: tuple[Card, ...]


class Evaluator:
    """Values hands of five to seven cards under one ranking."""

    def __init__(self, ranking: Ranking = HIGH) -> None:
        self.ranking = ranking
        five = five_card_table(ranking)
        self._five = five
        self._seven = seven_card_tables(ranking)
        self._table = array("H", five.values.tobytes())
        self._b = [BINOM[i].tolist() for i in range(5)]
        if self._seven is not None:
            self._rank_key = _CARD_RANK_KEY.tolist()
            self._bit = _CARD_BIT.tolist()
            self._by_sum = {n: array("H", t.tobytes()) for n, t in self._seven.by_rank_sum.items()}
            self._by_mask = array("H", self._seven.by_flush_mask.tobytes())

    # -- scalar ---------------------------------------------------------------

    def value(self, cards: Sequence[int] | str) -> int:
        """The value of the best five cards among 5, 6 or 7 (text like ``"As Kd 7h 3c 2s"`` too)."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        n = len(cards)
        if n == 5:
            return self.value5(cards)
        if self._seven is not None and n in (6, 7):
            return self._value_by_rank_sum(cards)
        if n < 5:
            raise EvaluationError(f"a hand needs five cards or more, got {n}", expected="5 to 7 cards", actual=str(n))
        return max(self.value5(five) for five in combinations(cards, 5))

    def value5(self, cards: Sequence[int]) -> int:
        """The value of exactly five distinct cards (codes 0..51)."""
        a, b, c, d, e = sorted(cards)
        if not 0 <= a < b < c < d < e <= 51:
            raise _bad_hand(cards)
        bb = self._b
        return self._table[bb[0][a] + bb[1][b] + bb[2][c] + bb[3][d] + bb[4][e]]

    def _value_by_rank_sum(self, cards: Sequence[int]) -> int:
        key = 0
        mask = 0
        rank_key, bit = self._rank_key, self._bit
        for c in cards:
            key += rank_key[c]
            mask |= bit[c]
        if mask.bit_count() != len(cards):
            raise _bad_hand(cards)
        by_mask = self._by_mask
        return max(
            self._by_sum[len(cards)][key],
            by_mask[mask & 0x1FFF],
            by_mask[(mask >> 13) & 0x1FFF],
            by_mask[(mask >> 26) & 0x1FFF],
            by_mask[mask >> 39],
        )

    def hand_class(self, value: int) -> HandClass:
        return HandClass(int(self._five.value_class[value]))

    def hand_classes(self, values: np.ndarray) -> np.ndarray:
        """The HandClass number of each of many values (from :meth:`values`)."""
        return self._five.value_class[values]

    def describe(self, value: int) -> str:
        """The description as the logs print it: ``a pair of Kings``, ``a four-flush, Ace high``."""
        return _describe(self.hand_class(value), int(self._five.value_ranks[value]))

    def evaluate(self, cards: Sequence[int] | str) -> HandValue:
        """Value, class, description and the five cards that make the hand."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        cards = tuple(Card(c) for c in cards)
        value = self.value(cards)
        best = next(f for f in combinations(cards, 5) if self.value5(f) == value)
        return HandValue(value, self.hand_class(value), self.describe(value), best)

    # -- batch ----------------------------------------------------------------

    def values(self, hands: np.ndarray | Iterable[Sequence[int]]) -> np.ndarray:
        """Values of many hands at once: an (N, k) array of card codes, k = 5..7 -> uint16 (N,)."""
        hands = np.asarray(hands)
        if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
            raise EvaluationError(
                f"a batch of hands must be an (N, 5..7) array of card codes, got shape {hands.shape}",
                expected="(N, 5), (N, 6) or (N, 7)",
                actual=str(hands.shape),
            )
        if hands.size and (hands.min() < 0 or hands.max() > 51):
            raise EvaluationError("card codes must be 0..51", actual=f"{hands.min()}..{hands.max()}")
        out = np.empty(len(hands), dtype=np.uint16)
        cols = np.ascontiguousarray(hands.T, dtype=np.uint8)
        k = hands.shape[1]
        for start in range(0, len(hands), _CHUNK):
            chunk = cols[:, start : start + _CHUNK]
            if k == 5:
                out[start : start + _CHUNK] = self._batch5(chunk, start)
            elif self._seven is not None:
                out[start : start + _CHUNK] = self._batch_by_rank_sum(chunk, start)
            else:
                best = np.zeros(chunk.shape[1], dtype=np.uint16)
                for five in combinations(range(k), 5):
                    best = np.maximum(best, self._batch5(chunk[list(five)], start))
                out[start : start + _CHUNK] = best
        return out

    def _batch5(self, cols: np.ndarray, offset: int) -> np.ndarray:
        c = list(cols)
        for i, j in _SORT5:
            c[i], c[j] = np.minimum(c[i], c[j]), np.maximum(c[i], c[j])
        for low, high in zip(c, c[1:]):
            if (bad := np.flatnonzero(low == high)).size:
                raise _bad_hand(cols[:, bad[0]], offset + int(bad[0]))
        index = BINOM[0][c[0]] + BINOM[1][c[1]] + BINOM[2][c[2]] + BINOM[3][c[3]] + BINOM[4][c[4]]
        return self._five.values[index]

    def _batch_by_rank_sum(self, cols: np.ndarray, offset: int) -> np.ndarray:
        assert self._seven is not None  # the caller checked
        key = _CARD_RANK_KEY[cols[0]]
        mask = _CARD_BIT[cols[0]]
        for col in cols[1:]:
            key = key + _CARD_RANK_KEY[col]
            mask = mask | _CARD_BIT[col]
        if (bad := np.flatnonzero(np.bitwise_count(mask) != len(cols))).size:
            raise _bad_hand(cols[:, bad[0]], offset + int(bad[0]))
        by_mask = self._seven.by_flush_mask
        best = self._seven.by_rank_sum[len(cols)][key]
        for shift in (0, 13, 26, 39):
            best = np.maximum(best, by_mask[(mask >> shift) & 0x1FFF])
        return best


def _bad_hand(cards, row: int | None = None) -> EvaluationError:
    where = f" (row {row})" if row is not None else ""
    text = " ".join(str(Card(int(c))) if 0 <= int(c) <= 51 else repr(int(c)) for c in cards)
    return EvaluationError(f"hand{where} [{text}] has a card twice or a code outside 0..51", actual=text)


@cache
def evaluator(ranking: Ranking = HIGH) -> Evaluator:
    """The shared evaluator of a ranking (tables built or loaded on first use)."""
    return Evaluator(ranking)
