"""The values a store holds for each filter, and the check that a request names only those.

``soko stats --game badgame`` used to print an empty table and exit 0: a filter that names a game,
profile, stakes, site or player the store does not hold is a :class:`~.query.StatsError` that lists
what it does hold (for players, the closest names), so a typo is told apart from "no hands match".
"""

from __future__ import annotations

from difflib import get_close_matches

from ..errors import phrase
from ..store.db import Store
from .query import Filters, StatsError

__all__ = ["LISTED", "check_filters", "known_values"]

LISTED = 20
"""Known values named in a message; the rest are counted."""

COLUMNS = {"game": ("--game", "player_days", "game"), "profile": ("--profile", "player_days", "profile"),
           "stakes": ("--stakes", "player_days", "stakes"), "site": ("--site", "hands", "site")}
"""Filter field → its option, and the table and column that hold its values."""


def known_values(store: Store, field: str) -> list[str]:
    """The distinct values of one filter field (``game``, ``profile``, ``stakes``, ``site``) in the store."""
    _, table, column = COLUMNS[field]
    frame = store.query(f"SELECT DISTINCT {column} AS v FROM {table} WHERE {column} IS NOT NULL ORDER BY 1")
    return frame["v"].to_list() if len(frame) else []


def _listed(values: list[str]) -> str:
    more = f" and {len(values) - LISTED:,} more" if len(values) > LISTED else ""
    return ", ".join(values[:LISTED]) + more


def check_filters(store: Store, filters: Filters) -> None:
    """A StatsError when a filter names a value the store does not hold, listing the values it holds."""
    for field, (option, _, _) in COLUMNS.items():
        value = getattr(filters, field)
        if value is None:
            continue
        known = known_values(store, field)
        if value in known:
            continue
        if not known:
            raise StatsError(phrase("{option} {value}: the store has no hands yet (soko import FILES --db {db})",
                                    option=option, value=value, db=store.path), path=store.path)
        raise StatsError(phrase("{option} {value}: no such {field} in the store; it holds: {known}", option=option,
                                value=value, field=field, known=_listed(known)), path=store.path)
    for player in filters.players:
        if len(store.query("SELECT 1 FROM player_days WHERE player = ? LIMIT 1", [player])):
            continue
        names = store.query("SELECT DISTINCT player FROM player_days")
        close = get_close_matches(player, names["player"].to_list() if len(names) else [], n=5, cutoff=0.6)
        hint = phrase("; the closest names: {names}", names=", ".join(close)) if close else phrase(
            " (soko stats --db {db} lists the players)", db=store.path)
        raise StatsError(phrase("--player {player}: no such player in the store{hint}", player=player, hint=hint),
                         path=store.path)
