"""Starting hands: the cards a player was dealt on the first round, named as trackers group them.

- two hole cards (hold'em, short deck): the 169 classes of the 13×13 grid, ``AA``, ``AKs``, ``AKo``;
- four to six hole cards (Omaha, Courchevel): the best pair and how many suits pair up
  (``AA double-suited``, ``KK–QQ suited``, ``no pair rainbow``);
- stud's three first cards (two down, one up; stud5's two): ``rolled-up trips``, ``big pair (TT+)``,
  ``small pair``, ``three-flush``, ``three-straight``, ``three ≤ 8`` (the razz and hi/lo start) or ``other``;
- Sökö: the first up card's rank (``up A``, ``up K``...), what the table sees and what opens the betting.

Draw games have no starting-hand grid here. :func:`start_classes` reads the first round's cards from the
store's ``cards`` table; :func:`classify` names one set of cards.
"""

from __future__ import annotations

from collections import Counter

import polars as pl

from ..i18n import N_, _
from ..store.db import Store
from .catalogue import GAME_GROUPS

__all__ = ["GRID_RANKS", "Family", "classify", "family", "start_classes"]

GRID_RANKS = "AKQJT98765432"
"""The 13×13 grid's ranks, high first: pairs on the diagonal, suited above it, offsuit below."""

_RANK = {r: i for i, r in enumerate(GRID_RANKS)}


class Family:
    """The kinds of start (what :func:`family` returns)."""

    GRID = N_("hold'em")
    OMAHA = N_("omaha")
    STUD = N_("stud")
    SOKO = N_("soko")


def family(game: str) -> str | None:
    """The starting-hand family of a game, or None (draw games)."""
    if game == "soko":
        return Family.SOKO
    if game in (GAME_GROUPS["stud"] or ()):
        return Family.STUD
    if game in ("holdem", "short-deck"):
        return Family.GRID
    if game in (GAME_GROUPS["holdem"] or ()):
        return Family.OMAHA
    return None


def _grid(cards: list[str]) -> str:
    (a, sa), (b, sb) = sorted(((c[0], c[1]) for c in cards), key=lambda c: _RANK.get(c[0], 99))
    if a == b:
        return a + b
    return a + b + ("s" if sa == sb else "o")


OMAHA_START = N_("{pair} {suits}")
"""An Omaha start: its highest pair (a group of them, or :data:`NO_PAIR`) and its suits (:data:`SUITS`)."""
NO_PAIR = N_("no pair")
SUITS = (N_("rainbow"), N_("suited"), N_("double-suited"))
"""An Omaha start's suits: no two cards of a suit, two of one suit, two of each of two suits."""
STUD_STARTS = (N_("rolled-up trips"), N_("big pair (TT+)"), N_("small pair"), N_("three-flush"), N_("three-straight"),
               N_("three ≤ 8"), N_("other"))
"""A stud start's classes, best first."""
SOKO_START = N_("up {rank}")
"""A Sökö start: the rank of its first up card."""


def start_name(label: str) -> str:
    """A start's class (as :func:`classify` names it) in the language spoken; a hold'em grid cell (``AKs``) is
    itself."""
    if label in STUD_STARTS:
        return _(label)
    pair, _space, suits = label.rpartition(" ")
    if suits in SUITS:
        return _(OMAHA_START).format(pair=_(pair) if pair == NO_PAIR else pair, suits=_(suits))
    if pair == "up":
        return _(SOKO_START).format(rank=suits)
    return label


def _omaha(cards: list[str]) -> str:
    ranks = Counter(c[0] for c in cards)
    pairs = sorted((r for r, n in ranks.items() if n >= 2), key=lambda r: _RANK.get(r, 99))
    if not pairs:
        pair = NO_PAIR
    elif pairs[0] == "A":
        pair = "AA"
    elif pairs[0] in "KQ":
        pair = "KK–QQ"
    elif pairs[0] in "JT":
        pair = "JJ–TT"
    else:
        pair = "99–22"
    suited = sum(1 for n in Counter(c[1] for c in cards).values() if n >= 2)
    return OMAHA_START.format(pair=pair, suits=SUITS[min(suited, 2)])


def _stud(cards: list[str]) -> str:
    ranks = [c[0] for c in cards]
    counts = Counter(ranks)
    trips, big_pair, small_pair, flush, straight, low, other = STUD_STARTS
    if max(counts.values()) >= 3:
        return trips
    if max(counts.values()) == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        return big_pair if _RANK.get(pair, 99) <= _RANK["T"] else small_pair
    if len(cards) >= 3 and len({c[1] for c in cards}) == 1:
        return flush
    order = sorted({14 - _RANK[r] if r in _RANK else 0 for r in ranks} | ({1} if "A" in ranks else set()))
    if len(cards) >= 3 and any(order[i + 2] - order[i] <= 4 for i in range(len(order) - 2)):
        return straight
    if all(r in "A2345678" for r in ranks):
        return low
    return other


def classify(game: str, cards: list[str], up: list[bool]) -> str | None:
    """The starting-hand class of ``cards`` (the first round's, in dealing order; ``up``: dealt face up),
    or None when the game has no grid or a card is unknown."""
    if not cards or any(len(c) != 2 for c in cards):
        return None
    kind = family(game)
    if kind == Family.GRID and len(cards) == 2:
        return _grid(cards)
    if kind == Family.OMAHA and len(cards) >= 4:
        return _omaha(cards)
    if kind == Family.STUD:
        return _stud(cards)
    if kind == Family.SOKO:
        shown = [c for c, u in zip(cards, up) if u]
        return SOKO_START.format(rank=shown[0][0]) if shown else None
    return None


def start_classes(store: Store, rows: pl.DataFrame, where: str, params: list) -> pl.DataFrame:
    """``rows`` (with ``hand_key``, ``player`` and ``game``; the ``player_hands`` rows of the condition
    ``where``) with ``start``: the class of each player's first-round cards, or null."""
    dealt = store.query(f"""
        SELECT hand_key, player, seq, coalesce(card, '?') AS card, CASE WHEN up THEN 'u' ELSE 'd' END AS up
        FROM cards WHERE street = 0
          AND (hand_key, player) IN (SELECT hand_key, player FROM player_hands WHERE {where})""", params)
    # joined in dealing order by Polars: DuckDB's ordered string_agg is several times slower here
    cards = dealt.sort("hand_key", "player", "seq").group_by(["hand_key", "player"], maintain_order=True).agg(
        pl.col("card").str.join(" ").alias("cards"), pl.col("up").str.join("").alias("up"))
    rows = rows.join(cards, on=["hand_key", "player"], how="left", maintain_order="left")
    keys = rows.select("game", "cards", "up").unique().drop_nulls()
    names = [classify(g, c.split(" "), [u == "u" for u in up])
             for g, c, up in zip(keys["game"], keys["cards"], keys["up"])]
    named = keys.with_columns(pl.Series("start", names, dtype=pl.String))
    return rows.join(named, on=["game", "cards", "up"], how="left", maintain_order="left").drop("cards", "up")
