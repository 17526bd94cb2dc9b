"""Hand evaluation: a scalar call for one hand and a batch call for many.

Six or more cards are valued by the compiled core (``core/src/eval/``, the best
five of them), and so are batches; five cards are the ranking's five-card table
entry (:mod:`soko_analytics.rules.tables`, the table the core built), read here
as the core reads it. The class of a value is read from the same
table; its description is the core's, from the class and tie-break ranks the
table keeps per value. A hand's
*value* is a positive integer, larger for a better hand and equal for hands that
split; values of different rankings are not comparable.

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

from .. import _core, i18n
from ..errors import EvaluationError, phrase
from ..model.cards import Card, parse_cards
from .ranking import HIGH, Ranking
from .tables import BINOM, HandClass, ensure_ranking, five_card_table


@dataclass(frozen=True)
class HandValue:
    """A hand's value with what a person reads from it."""

    value: int
    hand_class: HandClass
    description: str
    best_five: tuple[Card, ...]


class Evaluator:
    """Values hands of five or more cards under one ranking (four or more under Badugi's)."""

    def __init__(self, ranking: Ranking = HIGH) -> None:
        self.ranking = ranking
        self._five = five_card_table(ranking)
        self._name = ensure_ranking(ranking)
        self._table = array("H", self._five.values.tobytes())
        self._b = [BINOM[i].tolist() for i in range(5)]
        self.size = ranking.hand_size
        """Cards in a hand: 5, Badugi's 4."""

    # -- scalar ---------------------------------------------------------------

    def value(self, cards: Sequence[int] | str) -> int:
        """The value of the best five cards among five or more (text like ``"As Kd 7h 3c 2s"`` too)."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        n = len(cards)
        if n == 5 == self.size:
            return self.value5(cards)
        if n < self.size:
            raise EvaluationError(phrase("a hand needs {size} cards or more, got {n}", size=self.size, n=n),
                                  expected=phrase("{size} to 7 cards", size=self.size), actual=str(n))
        codes = [int(c) for c in cards]
        if not all(0 <= c <= 51 for c in codes):
            raise _bad_hand(codes)
        try:
            return _core.evaluate(self._name, codes)
        except ValueError:
            raise _bad_hand(codes) from None

    def value5(self, cards: Sequence[int]) -> int:
        """The value of exactly five distinct cards (codes 0..51): the table's entry at the hand's index."""
        a, b, c, d, e = sorted(cards)
        if not 0 <= a < b < c < d < e <= 51:
            raise _bad_hand(cards)
        bb = self._b
        return self._table[bb[0][a] + bb[1][b] + bb[2][c] + bb[3][d] + bb[4][e]]

    def hand_class(self, value: int) -> HandClass:
        return HandClass(int(self._five.value_class[value]))

    def hand_classes(self, values: np.ndarray) -> np.ndarray:
        """The HandClass number of each of many values (from :meth:`values`)."""
        return self._five.value_class[values]

    def describe(self, value: int) -> str:
        """The description as the logs print it (the core's): ``a pair of Kings``, ``a four-flush, Ace high``; in
        the language spoken (:mod:`soko_analytics.i18n`: ``pari, kuninkaat``) where it is not English."""
        try:
            if i18n.current() != i18n.ENGLISH:
                return i18n.describe(*_core.describe_words(self._name, int(value)))
            return _core.describe(self._name, int(value))
        except (ValueError, OverflowError):
            raise EvaluationError(phrase("{value} is not a value of the {ranking} ranking", value=value,
                                         ranking=self.ranking.name),
                                  actual=str(value)) from None

    def evaluate(self, cards: Sequence[int] | str) -> HandValue:
        """Value, class, description and the five cards that make the hand."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        cards = tuple(Card(c) for c in cards)
        value = self.value(cards)
        best = next(f for f in combinations(cards, self.size) if self.value(f) == value)
        return HandValue(value, self.hand_class(value), self.describe(value), best)

    # -- batch ----------------------------------------------------------------

    def values(self, hands: np.ndarray | Iterable[Sequence[int]]) -> np.ndarray:
        """Values of many hands at once: an (N, k) array of card codes, k = 5..7 (Badugi 4..7) -> uint16 (N,)."""
        hands = np.asarray(hands)
        if hands.ndim != 2 or not self.size <= hands.shape[1] <= 7:
            raise EvaluationError(
                phrase("a batch of hands must be an (N, {size}..7) array of card codes, got shape {shape}",
                       size=self.size, shape=str(hands.shape)),
                expected=f"(N, {self.size}) to (N, 7)",
                actual=str(hands.shape),
            )
        if hands.size and (hands.min() < 0 or hands.max() > 51):
            raise EvaluationError(phrase("card codes must be 0..51"), actual=f"{hands.min()}..{hands.max()}")
        if not len(hands):
            return np.empty(0, dtype=np.uint16)
        codes = np.ascontiguousarray(hands, dtype=np.uint8)
        try:
            out = _core.evaluate_batch(self._name, codes.tobytes(), codes.shape[1])
        except ValueError:
            ordered = np.sort(codes, axis=1)
            row = int(np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))[0])
            raise _bad_hand(codes[row], row) from None
        return np.frombuffer(out, dtype="<u4").astype(np.uint16)


    def split_values(self, own: np.ndarray, board: np.ndarray, hole: int = 2) -> np.ndarray:
        """Values of many hands that use exactly ``hole`` of their own cards (Omaha: 2) and the rest of the board:
        ``own`` an (N, k) and ``board`` an (N, b) array of card codes -> uint16 (N,)."""
        own, board = np.asarray(own), np.asarray(board)
        if own.ndim != 2 or board.ndim != 2 or len(own) != len(board):
            raise EvaluationError(phrase("own cards {own} and boards {board} must be (N, k) and (N, b) arrays",
                                         own=str(own.shape), board=str(board.shape)),
                                  expected="(N, k) and (N, b)", actual=f"{own.shape}, {board.shape}")
        if not len(own):
            return np.empty(0, dtype=np.uint16)
        codes = np.ascontiguousarray(np.hstack([own, board]), dtype=np.uint8)
        try:
            out = _core.evaluate_split_batch(self._name, codes.tobytes(), own.shape[1], board.shape[1], hole)
        except ValueError as e:
            raise EvaluationError(phrase("a split hand cannot be valued: {error}", error=str(e)),
                                  actual=str(e)) from None
        return np.frombuffer(out, dtype="<u4").astype(np.uint16)


def _bad_hand(cards, row: int | None = None) -> EvaluationError:
    text = " ".join(str(Card(int(c))) if 0 <= int(c) <= 51 else repr(int(c)) for c in cards)
    if row is None:
        return EvaluationError(phrase("hand [{cards}] has a card twice or a code outside 0..51", cards=text),
                               actual=text)
    return EvaluationError(phrase("hand (row {row}) [{cards}] has a card twice or a code outside 0..51", row=row,
                                  cards=text), actual=text)


@cache
def evaluator(ranking: Ranking = HIGH) -> Evaluator:
    """The shared evaluator of a ranking (the core builds its table on first use)."""
    return Evaluator(ranking)


def share_values(rules: str, own: Sequence[int], board: Sequence[int] = ()) -> tuple[list[int | None], str]:
    """A hand at showdown under the rules text ``rules``: its value for each share of the pot (high, and low in a
    hi/lo game; None where it does not qualify) and its description as the logs print it (``HI: a pair of Kings;
    LO: 8,7,4,3,A``). The core's judge values it, as the audit does: Omaha's exactly two own cards, the low's
    qualifier."""
    return _core.share_values(rules, [int(c) for c in own], [int(c) for c in board])
