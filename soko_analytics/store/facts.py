"""What the stats read of ``player_hands`` (schemas/002_player_hands.sql): its fact columns, the unit of
won per 100 hands, and the sums of ``player_days``.

The facts themselves (one row per player dealt in, one pass over the hand's
actions) are made at import by the compiled core (``core/src/facts/``), with the
definitions of docs/stats.md. Player statistics (:mod:`soko_analytics.stats`) are
sums of them, so each is computed once.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from ..i18n import N_
from ..rules.options import BettingStructure
from ..rules.profiles import PROFILES, resolve

__all__ = ["LIMITS", "ROLLUP", "Unit", "rollup_sql", "rollup_sums", "unit_sql"]

class Unit(StrEnum):
    """What won per 100 hands counts: the ``unit`` column of the stats (docs/stats.md)."""

    BIG_BLIND = N_("bb")
    """The big blind: no- and pot-limit games with blinds (hold'em)."""
    BIG_BET = N_("big bets")
    """The big bet, or a spread's largest bet: fixed- and spread-limit games."""
    BRING_IN = N_("bring-ins")
    """The bring-in: no- and pot-limit games without blinds that force one (stud)."""
    ANTE = N_("antes")
    """The ante: no- and pot-limit games with neither blinds nor a bring-in."""


LIMITS = frozenset({BettingStructure.FIXED_LIMIT, BettingStructure.SPREAD})
"""Structures whose won-per-100 unit is the big bet."""


@lru_cache(maxsize=1)
def unit_sql() -> str:
    """:class:`Unit` as SQL over a row with ``structure`` and ``profile`` (``player_hands``, ``player_days``).

    The structure says big bets; otherwise the profile's forced bets say which of the big blind, the
    bring-in and the ante the stakes name (a hand's stakes carry the forced bets of its game), so the
    label names the amount the core chose for ``unit`` (tests/stats/test_invariants.py checks it on every
    stored hand).
    """
    def quoted(values) -> str:
        return ", ".join(f"'{v}'" for v in sorted(values)) or "NULL"

    specs = {name: resolve(name).forced_bets for name in PROFILES}
    blinds = quoted(n for n, f in specs.items() if f.blinds)
    bring_in = quoted(n for n, f in specs.items() if f.bring_in)
    return (f"CASE WHEN structure IN ({quoted(LIMITS)}) THEN '{Unit.BIG_BET}' "
            f"WHEN profile IN ({blinds}) THEN '{Unit.BIG_BLIND}' "
            f"WHEN profile IN ({bring_in}) THEN '{Unit.BRING_IN}' ELSE '{Unit.ANTE}' END")


# -- the sums the stats read ---------------------------------------------------------------

ROLLUP: dict[str, str] = {
    "hands": "1",
    "walks": "walk",
    "net": "net",
    "showdown_net": "CASE WHEN showdown THEN net ELSE 0 END",
    "allin_adjusted": "allin_adjusted",
    "allin_var": "allin_se * allin_se",
    "won_units": "net::DOUBLE / unit",
    "rake": "rake",
    "vpip": "vpip",
    "pfr": "pfr",
    "post_bets": "post_bets",
    "post_raises": "post_raises",
    "post_calls": "post_calls",
    "post_folds": "post_folds",
    "saw_second": "saw_second",
    "showdown": "showdown",
    "won_showdown": "won_showdown",
    "saw_second_won": "saw_second AND won",
    **{c: c for c in (
        "three_bet_opp", "three_bet", "fold_3bet_opp", "fold_3bet", "cbet_flop_opp", "cbet_flop",
        "fold_cbet_flop_opp", "fold_cbet_flop", "cbet_turn_opp", "cbet_turn", "fold_cbet_turn_opp",
        "fold_cbet_turn", "steal_opp", "steal", "fold_steal_opp", "fold_steal", "bring_in", "complete_opp",
        "complete", "fold_completion_opp", "fold_completion", "best_showing_opp", "best_showing_bet")},
    **{f"reached_{k + 1}": f"street_reached >= {k}" for k in range(1, 5)},
    **{c: c for c in ("draws", "stand_pats", "cards_drawn", "first_draw", "first_draw_pat", "first_draw_cards")},
}
"""Each sum the stat catalogue reads (stats/catalogue.py), as SQL over one ``player_hands`` row.

Stats are ratios of these sums, so they add up over any grouping: ``player_days``
(schemas/006_stats_fixes.sql) holds them per player, currency, game, profile, structure, stakes and
day, summed at import, and a query sums those rows again; a grouping ``player_days`` has no key for
(position, situation, session) sums the same expressions over ``player_hands``."""

DOUBLE_SUMS = frozenset({"allin_var", "won_units"})
"""Sums of :data:`ROLLUP` that are not whole numbers."""

def rollup_sums() -> str:
    """The SELECT list of :data:`ROLLUP` sums (booleans count as 1)."""
    return ", ".join(
        f"CAST(sum(CAST(({sql}) AS {'DOUBLE' if name in DOUBLE_SUMS else 'BIGINT'})) AS "
        f"{'DOUBLE' if name in DOUBLE_SUMS else 'BIGINT'}) AS {name}" for name, sql in ROLLUP.items())


def rollup_sql(source: str) -> str:
    """``player_days`` rows from the ``player_hands`` rows of ``source`` (a table or a subquery)."""
    return (f"SELECT player, currency, decimals, game, profile, structure, stakes, CAST(played_at AS DATE) AS day, "
            f"{rollup_sums()} FROM {source} GROUP BY ALL")
