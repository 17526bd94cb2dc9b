"""Player statistics: the catalogue (:mod:`.catalogue`) and its queries over the store (:mod:`.query`); tournament
results (:mod:`.tournaments`)."""

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
from .tournaments import tournament_results

__all__ = ["BY", "CATALOGUE", "DEFAULT_BY", "Filters", "Kind", "Stat", "StatsError", "cumulative", "findings_summary",
           "player_stats", "sessions", "stat", "street_stats", "top_players", "tournament_results", "wilson"]
