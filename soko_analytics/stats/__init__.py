"""Player statistics: the catalogue (:mod:`.catalogue`) and its queries over the store (:mod:`.query`)."""

from .catalogue import CATALOGUE, Kind, Stat, stat
from .query import BY, Filters, StatsError, player_stats, sessions, street_stats, wilson

__all__ = ["BY", "CATALOGUE", "Filters", "Kind", "Stat", "StatsError", "player_stats", "sessions", "stat",
           "street_stats", "wilson"]
