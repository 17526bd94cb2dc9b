"""Evaluation tables: every five-card hand valued once, by the compiled core.

A :class:`~soko_analytics.rules.ranking.Ranking`'s five-card table values all
2,598,960 five-card hands (Badugi: all 270,725 four-card hands) as dense
integers (1 = the worst hand, higher is better), indexed by the hand's
combinatorial index, with each value's class and the ranks its description
names. The core builds it from the ranking's name by the rules (RULES.md §2
items 11–17 for Sökö, §3 item 5 for standard poker; ``core/src/eval/rankings.rs``)
the first time the ranking is asked for, in under a tenth of a second, and values
hands of five to seven cards from it; :func:`five_card_table` hands a copy to
Python, where :mod:`soko_analytics.rules.evaluate` reads each value's class.
Nothing is cached on disk. :class:`HandClass` is the core's (``core/src/eval/classes.rs``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from .. import _core
from .._vocab import HandClass as HandClass  # the core's, re-exported
from ..errors import RulesError, phrase
from .ranking import Ranking

# Combinatorial (colex) index of a sorted five-card hand c0 < c1 < ... < c4:
# sum of comb(c_i, i + 1). BINOM[i, c] = comb(c, i + 1).
BINOM = np.array([[comb(c, i + 1) for c in range(52)] for i in range(5)], dtype=np.int32)


def all_five_card_hands() -> np.ndarray:
    """Every five-card hand, sorted within the row, row i having colex index i."""
    return _colex(52, 5)


def all_four_card_hands() -> np.ndarray:
    """Every four-card hand, sorted within the row, row i having colex index i (Badugi's table)."""
    return _colex(52, 4)


@cache
def _colex(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as sorted rows, in colex order (by largest card first)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    parts = [
        np.hstack([_colex(top, k - 1), np.full((comb(top, k - 1), 1), top, dtype=np.uint8)])
        for top in range(k - 1, n)
    ]
    return np.vstack(parts)


@dataclass(frozen=True)
class FiveCardTable:
    """The five-card table of one ranking and how to read its values."""

    ranking: Ranking
    values: np.ndarray
    """uint16 value of each hand by colex index; 1 is the worst hand."""
    value_class: np.ndarray
    """HandClass of each value (index 0 unused)."""
    value_ranks: np.ndarray
    """int32 ranks each value's description names: five 4-bit ranks, most significant first."""

    @property
    def distinct(self) -> int:
        return len(self.value_class) - 1


@cache
def five_card_table(ranking: Ranking) -> FiveCardTable:
    """The five-card table of a ranking, as the core built it."""
    values, value_class, value_ranks = _core.ranking_table(ensure_ranking(ranking))
    return FiveCardTable(ranking, np.frombuffer(values, dtype="<u2"), np.frombuffer(value_class, dtype="u1"),
                         np.frombuffer(value_ranks, dtype="<i4"))


def ensure_ranking(ranking: Ranking) -> str:
    """The name the compiled core knows a ranking by, its table built now if it was not."""
    if not _core.has_ranking(ranking.name):
        raise RulesError(phrase("the core knows no ranking named {name!r}", name=ranking.name), actual=ranking.name)
    return ranking.name
