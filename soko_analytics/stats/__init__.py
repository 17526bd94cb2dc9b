"""Player statistics: the catalogue (:mod:`.catalogue`) and its queries over the store (:mod:`.query`)."""

from .catalogue import CATALOGUE, Kind, Stat, stat
from .query import (
    BY,
    DEFAULT_BY,
    Filters,
    StatsError,
    cumulative,
    findings_summary,
    player_stats,
    sessions,
    street_stats,
    top_players,
    wilson,
)

__all__ = ["BY", "CATALOGUE", "DEFAULT_BY", "Filters", "Kind", "Stat", "StatsError", "cumulative", "findings_summary",
           "player_stats", "sessions", "stat", "street_stats", "top_players", "wilson"]
