"""Evaluation tables: every five-card hand valued once, by definition.

For a :class:`~soko_analytics.rules.ranking.Ranking` this module values all
2,598,960 five-card hands with vectorised code that reads like the rules
(RULES.md §2 items 11–17 for Sökö, §3 item 5 for standard poker), turns the
values into dense integers (1 = the worst hand, higher is better) and keeps
them in a table indexed by the hand's combinatorial index. The table is handed
to the compiled core once (:func:`ensure_ranking`), which values hands of five
to seven cards from it (``core/src/eval/``: best-of-six and best-of-seven tables
derived from it); :mod:`soko_analytics.rules.evaluate` reads each value's class
and description from it.

Tables are cached as ``.npy`` files under ``$SOKO_CACHE_DIR`` (default
``~/.cache/soko_analytics``); a missing or unwritable cache only costs a
rebuild of a few seconds.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from math import comb
from pathlib import Path

import numpy as np

from .. import _core
from .ranking import SHORT_DECKS, HandRanking, HighCardRule, Ranking

TABLE_VERSION = 1
N_FIVE = comb(52, 5)


class HandClass(IntEnum):
    """The classes of five-card hands; the numbers are identities, not order."""

    HIGH_CARD = 0
    PAIR = 1
    FOUR_STRAIGHT = 2
    FOUR_FLUSH = 3
    FOUR_STRAIGHT_FLUSH = 4
    TWO_PAIR = 5
    THREE_OF_A_KIND = 6
    STRAIGHT = 7
    FLUSH = 8
    FULL_HOUSE = 9
    FOUR_OF_A_KIND = 10
    STRAIGHT_FLUSH = 11
    LOW = 12
    """No pair, under a low ranking: described by its five ranks (``8,7,4,3,A``)."""
    BADUGI = 13
    """Four cards of four ranks and four suits (``Badugi: 9,6,5,A``)."""
    THREE_CARD = 14
    """Badugi: the best three cards of different ranks and suits (``3-card: 9,2,A``)."""
    TWO_CARD = 15
    ONE_CARD = 16

BADUGI_CLASSES = (HandClass.ONE_CARD, HandClass.TWO_CARD, HandClass.THREE_CARD, HandClass.BADUGI)
"""Badugi's classes by the number of cards that play, 1 to 4."""


def class_order(ranking: Ranking) -> tuple[HandClass, ...]:
    """The classes a ranking knows, lowest first (RULES.md §2 item 11, §3 item 5)."""
    C = HandClass
    if ranking.kind is HandRanking.ACE_TO_FIVE_LOW:
        return (C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.THREE_OF_A_KIND, C.TWO_PAIR, C.PAIR, C.LOW)
    if ranking.kind is HandRanking.BADUGI:
        return BADUGI_CLASSES
    upper = (C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH)
    if ranking.kind is HandRanking.DEUCE_TO_SEVEN_LOW:
        return upper[::-1] + (C.PAIR, C.LOW)
    if ranking.kind is HandRanking.HIGH:
        return (C.HIGH_CARD, C.PAIR) + upper
    if ranking.kind is HandRanking.SHORT_DECK:
        return (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.STRAIGHT, C.THREE_OF_A_KIND, C.FULL_HOUSE, C.FLUSH,
                C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH)
    if ranking.kind is HandRanking.SHORT_DECK_STRAIGHT_OVER_TRIPS:
        return (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT, C.FULL_HOUSE, C.FLUSH,
                C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH)
    fours: tuple[HandClass, ...] = (C.FOUR_STRAIGHT, C.FOUR_FLUSH)
    if ranking.four_card_straight_flush_class:
        fours += (C.FOUR_STRAIGHT_FLUSH,)
    return (C.HIGH_CARD, C.PAIR) + fours + upper


# Combinatorial (colex) index of a sorted five-card hand c0 < c1 < ... < c4:
# sum of comb(c_i, i + 1). BINOM[i, c] = comb(c, i + 1).
BINOM = np.array([[comb(c, i + 1) for c in range(52)] for i in range(5)], dtype=np.int32)


def all_five_card_hands() -> np.ndarray:
    """Every five-card hand, sorted within the row, row i having colex index i."""
    return _colex(52, 5)


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
    """int32 tie-break of each value: five 4-bit ranks, most significant first."""

    @property
    def distinct(self) -> int:
        return len(self.value_class) - 1


def _by_groups(r: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(ranks ordered by group size then rank, both descending; their 4-bit packing; the largest group)."""
    group = (r[:, :, None] == r[:, None, :]).sum(axis=2)
    ordered = np.sort(group * 16 + r, axis=1)[:, ::-1] & 15
    return ordered, (ordered * (16 ** np.arange(4, -1, -1))).sum(axis=1), group.max(axis=1)


def _pairing_class(top_group: np.ndarray, distinct: np.ndarray, unpaired: HandClass) -> np.ndarray:
    """The class of each hand by its paired cards alone (no straights or flushes)."""
    C = HandClass
    cls = np.full(len(top_group), unpaired, dtype=np.int32)
    cls[(top_group == 2) & (distinct == 4)] = C.PAIR
    cls[(top_group == 2) & (distinct == 3)] = C.TWO_PAIR
    cls[(top_group == 3) & (distinct == 3)] = C.THREE_OF_A_KIND
    cls[(top_group == 3) & (distinct == 2)] = C.FULL_HOUSE
    cls[top_group == 4] = C.FOUR_OF_A_KIND
    return cls


def _low_keys(r: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(class, tie-break, described ranks) under ace-to-five low: aces count one, straights and
    flushes nothing; fewer pairs is better, then the lower cards compared from the top."""
    ace_low = (r + 1) % 13
    ordered, packed, top_group = _by_groups(ace_low)
    distinct = 1 + (np.diff(np.sort(ace_low, axis=1), axis=1) != 0).sum(axis=1)
    cls = _pairing_class(top_group, distinct, HandClass.LOW)
    described = (((ordered + 12) % 13) * (16 ** np.arange(4, -1, -1))).sum(axis=1)
    return cls, 0xFFFFF - packed, described


def _keys(hands: np.ndarray, ranking: Ranking) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(class, tie-break, described ranks) of sorted five-card hands, by the rules' definitions.

    The tie-break packs up to five ranks in 4-bit fields, most significant
    first; a larger tie-break is a better hand within the class. The described
    ranks are what a description names (the pair, then the kickers), in the same
    packing; for a high ranking they are the tie-break.
    """
    C = HandClass
    n = len(hands)
    r = (hands >> 2).astype(np.int32)
    s = (hands & 3).astype(np.int32)
    if ranking.kind is HandRanking.ACE_TO_FIVE_LOW:
        return _low_keys(r)
    deuce_to_seven = ranking.kind is HandRanking.DEUCE_TO_SEVEN_LOW
    # Ranks ordered by (group size, rank), both descending: paired classes
    # compare group by group, then kickers; unpaired hands compare card by card.
    _, by_groups, top_group = _by_groups(r)
    distinct = 1 + (np.diff(r, axis=1) != 0).sum(axis=1)

    mask = np.bitwise_or.reduce(1 << r, axis=1)
    # The ace plays low below the deck's lowest four ranks: A-2-3-4-5, A-6-7-8-9 in a short deck; 2-7: high only.
    short = ranking.kind in SHORT_DECKS
    wheel = (mask == (0b1000011110000 if short else 0b1000000001111)) & (not deuce_to_seven)
    straight = (distinct == 5) & ((r[:, 4] - r[:, 0] == 4) | wheel)
    straight_top = np.where(wheel, 3, r[:, 4])  # below every other straight
    flush = (s == s[:, :1]).all(axis=1)

    cls = np.full(n, C.HIGH_CARD, dtype=np.int32)
    tie = by_groups.copy()
    if ranking.high_card_rule is HighCardRule.TOP_CARD_THEN_SUIT:
        tie = (r[:, 4] << 16) | (s[:, 4] << 12)  # the top card: rank, then suit
    if ranking.kind is HandRanking.SOKO:
        _soko_four_card_classes(ranking, r, s, mask, distinct, cls, tie)
    for condition, klass in (
        ((top_group == 2) & (distinct == 4), C.PAIR),
        ((top_group == 2) & (distinct == 3), C.TWO_PAIR),
        ((top_group == 3) & (distinct == 3), C.THREE_OF_A_KIND),
        ((top_group == 3) & (distinct == 2), C.FULL_HOUSE),
        (top_group == 4, C.FOUR_OF_A_KIND),
    ):
        # A paired class replaces a four-hand only when it ranks higher.
        better = condition & _outranks(ranking, klass, cls)
        cls[better] = klass
        tie[better] = by_groups[better]
    cls[flush] = C.FLUSH
    tie[flush] = by_groups[flush]
    cls[straight] = C.STRAIGHT
    tie[straight] = straight_top[straight] << 16
    cls[straight & flush] = C.STRAIGHT_FLUSH
    if deuce_to_seven:
        # The standard ranking upside down: a smaller tie-break is better; no pair is a low.
        cls[cls == C.HIGH_CARD] = C.LOW
        return cls, 0xFFFFF - tie, tie
    if short:
        # Described by its top card, the nine, and the ace below it (a straight, Ace to Nine).
        described = tie.copy()
        described[straight & wheel] = (7 << 16) | (12 << 12)
        return cls, tie, described
    return cls, tie, tie


def _outranks(ranking: Ranking, klass: HandClass, current: np.ndarray) -> np.ndarray:
    order = class_order(ranking)
    position = np.zeros(len(HandClass), dtype=np.int32)
    position[list(order)] = np.arange(len(order))
    return position[klass] > position[current]


def _soko_four_card_classes(ranking, r, s, mask, distinct, cls, tie) -> None:
    """Four-straight and four-flush (RULES.md §2 items 12–15), written into cls/tie."""
    C = HandClass
    # Four-straight: four consecutive ranks; the fifth card may pair one of them.
    run_top = _run_top(mask, ranking.four_straight_ace_low)
    has_run = (run_top >= 0) & (distinct >= 4)
    run_ranks_sum = np.where(run_top == 2, 12 + 0 + 1 + 2, 4 * run_top - 6)
    fifth = r.sum(axis=1) - run_ranks_sum
    cls[has_run] = C.FOUR_STRAIGHT
    tie[has_run] = (run_top[has_run] << 16) | (fifth[has_run] << 12)

    # Four-flush: exactly four cards of one suit; the suited ranks high to low, then the fifth.
    suit_counts = (s[:, :, None] == np.arange(4)).sum(axis=1)
    four = (suit_counts == 4).any(axis=1)
    four_suit = suit_counts.argmax(axis=1)
    suited = s == four_suit[:, None]
    suited_sorted = np.sort(np.where(suited, r, -1), axis=1)[:, ::-1][:, :4]
    off = (np.where(suited, 0, r)).sum(axis=1)
    ff_tie = (suited_sorted * (16 ** np.arange(4, 0, -1))).sum(axis=1) + off
    cls[four] = C.FOUR_FLUSH
    tie[four] = ff_tie[four]
    if ranking.four_card_straight_flush_class:
        # The four suited cards make a run: ranked by the run's top, then the fifth card.
        suited_mask = np.bitwise_or.reduce(np.where(suited, 1 << r, 0), axis=1)
        sf_top = _run_top(suited_mask, ranking.four_straight_ace_low)
        sf = four & (sf_top >= 0)
        cls[sf] = C.FOUR_STRAIGHT_FLUSH
        tie[sf] = (sf_top[sf] << 16) | (off[sf] << 12)


def _run_top(mask: np.ndarray, ace_low: bool) -> np.ndarray:
    """Rank of the top card of the highest run of four ranks in a rank mask (-1: none).

    Ace plays high, and low too when ``ace_low``; a run never wraps (Q-K-A-2).
    """
    ext = mask << 1  # bit b is rank b - 1; bit 0 is the ace played low
    if ace_low:
        ext = ext | ((mask >> 12) & 1)
    top = np.full(len(mask), -1, dtype=np.int32)
    for t in range(3, 14):
        run = 0b1111 << (t - 3)
        top[(ext & run) == run] = t - 1
    return top


def _badugi_keys(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(class, tie-break, described ranks) of four-card hands under Badugi: the largest set of cards of
    different ranks and different suits plays; between sets of one size the lower wins, compared from the
    highest card, aces low. The described ranks are the playing cards' ranks from the highest, aces last."""
    r = (hands >> 2).astype(np.int64)
    s = (hands & 3).astype(np.int64)
    low = (r + 1) % 13 + 1  # ace 1, deuce 2 ... king 13
    best = np.zeros(len(hands), dtype=np.int64)
    described = np.zeros(len(hands), dtype=np.int64)
    for mask in range(1, 16):
        picked = [i for i in range(4) if mask >> i & 1]
        rank_bits = np.bitwise_or.reduce(1 << low[:, picked], axis=1)
        suit_bits = np.bitwise_or.reduce(1 << s[:, picked], axis=1)
        size = len(picked)
        ok = (np.bitwise_count(rank_bits) == size) & (np.bitwise_count(suit_bits) == size)
        ordered = np.sort(low[:, picked], axis=1)[:, ::-1]
        packed = (ordered * (16 ** np.arange(3, 3 - size, -1))).sum(axis=1)
        key = np.where(ok, (size << 20) | (0xFFFFF - packed), 0)
        better = key > best
        best[better] = key[better]
        codes = (ordered + 11) % 13  # back to code ranks: ace 12
        shown = (codes * (16 ** np.arange(4, 4 - size, -1))).sum(axis=1)
        described[better] = shown[better]
    cls = np.asarray(BADUGI_CLASSES, dtype=np.int32)[(best >> 20) - 1]
    return cls, best & 0xFFFFF, described


def all_four_card_hands() -> np.ndarray:
    """Every four-card hand, sorted within the row, row i having colex index i (Badugi's table)."""
    return _colex(52, 4)


def build_five_card_table(ranking: Ranking) -> FiveCardTable:
    """Value all hands of the ranking's size (five cards; Badugi four) under a ranking (a few seconds)."""
    if ranking.hand_size == 4:
        return _table(ranking, *_badugi_keys(all_four_card_hands()))
    return _table(ranking, *_keys(all_five_card_hands(), ranking))


def _table(ranking: Ranking, cls: np.ndarray, tie: np.ndarray, described: np.ndarray) -> FiveCardTable:
    """Dense values 1.. (1 the worst) from each hand's class and tie-break."""
    order = class_order(ranking)
    position = np.full(len(HandClass), -1, dtype=np.int64)
    position[list(order)] = np.arange(len(order))
    key = (position[cls] << 32) | tie.astype(np.int64)
    distinct, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    values = (inverse + 1).astype(np.uint16)
    value_class = np.zeros(len(distinct) + 1, dtype=np.uint8)
    value_class[1:] = np.asarray(order, dtype=np.uint8)[distinct >> 32]
    value_ranks = np.zeros(len(distinct) + 1, dtype=np.int32)
    value_ranks[1:] = described[first]
    return FiveCardTable(ranking, values, value_class, value_ranks)


# -- cache ------------------------------------------------------------------

def _cache_dir() -> Path:
    root = os.environ.get("SOKO_CACHE_DIR") or Path.home() / ".cache" / "soko_analytics"
    return Path(root) / f"tables-v{TABLE_VERSION}"


def _load_or_build(name: str, build, fields: tuple[str, ...]):
    folder = _cache_dir()
    paths = [folder / f"{name}.{f}.npy" for f in fields]
    try:
        return [np.load(p) for p in paths]
    except (OSError, ValueError):
        pass
    arrays = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path, array in zip(paths, arrays):
            tmp = path.with_suffix(f".{os.getpid()}.tmp.npy")
            np.save(tmp, array)
            os.replace(tmp, path)
    except OSError:
        pass  # a read-only home: keep the tables in memory only
    return arrays


@cache
def five_card_table(ranking: Ranking) -> FiveCardTable:
    """The (cached) five-card table of a ranking."""
    fields = ("values", "value_class", "value_ranks")

    def build():
        t = build_five_card_table(ranking)
        return [t.values, t.value_class, t.value_ranks]

    values, value_class, value_ranks = _load_or_build(ranking.name, build, fields)
    return FiveCardTable(ranking, values, value_class, value_ranks)


def ensure_ranking(ranking: Ranking) -> str:
    """Hand a ranking's five-card table (and each value's class and tie-break ranks, for its descriptions) to the
    compiled core once; the name the core knows it by."""
    if not _core.has_ranking(ranking.name):
        table = five_card_table(ranking)
        _core.register_ranking(ranking.name, table.values.astype("<u2").tobytes(),
                               table.value_class.astype("u1").tobytes(), table.value_ranks.astype("<i4").tobytes())
    return ranking.name
