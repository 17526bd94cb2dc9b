"""Player stats from the store: one SQL aggregate of the stat sums, then ratios and intervals.

The sums come from ``player_days`` (per player, currency, game, profile, structure, stakes and day,
summed at import) whenever the request allows it: by game (the default), month or stakes. Grouping
by position, situation or session sums the same expressions over ``player_hands``.

:func:`player_stats` returns a Polars DataFrame with one row per player, currency
(money of different currencies, or tournament chips, is never added), ``by`` group
(``game`` unless another is asked for: ``position`` (:data:`POSITIONS`, in table
order), ``position_group``, ``situation`` (these three also per ``game``), ``session``,
``month``, ``stakes`` or ``street``) and ``unit``, what ``won_per_100`` counts
(:class:`~soko_analytics.store.facts.Unit`: ``bb``, ``big bets``, ``bring-ins``,
``antes``; the column after ``won_per_100``), so that no row adds big blinds to
big bets. Each stat of :data:`~.catalogue.CATALOGUE` gives a column of its name;
a percentage also gives ``<name>_n`` (its opportunities) and ``<name>_lo`` /
``<name>_hi`` (the 95% Wilson interval, in percent). Money columns are integer
minor units of ``decimals`` digits.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

import polars as pl

from .. import _core
from ..errors import SokoError, phrase
from ..model.hand import composed
from ..store.db import Store
from ..store.facts import rollup_sums, unit_sql
from .catalogue import CATALOGUE, GAME_GROUPS, Kind, Stat

__all__ = ["BY", "DEFAULT_BY", "POSITIONS", "POSITION_GROUPS", "Filters", "StatsError", "cumulative",
           "findings_summary", "player_stats", "sessions",
           "street_stats", "top_players", "wilson"]

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal: a 95% two-sided interval."""

SESSION_GAP = timedelta(minutes=30)
"""A player's hands more than this apart belong to different sessions."""

POSITIONS = tuple(label for label, _ in _core.POSITIONS)
"""The seat labels of ``--by position``, in the order they act from the blinds, as the dashboard names them (the
core's, ``facts/row.rs``)."""

POSITION_GROUPS = _core.POSITION_GROUPS
"""The groups of ``--by position_group`` (``player_hands.position_group``), in the same order."""

ORDER = {"position": POSITIONS, "position_group": POSITION_GROUPS}
"""Groupings listed in table order instead of by name (other values, such as ``n/a``, after them)."""

PER_GAME = ("position", "position_group", "situation")
"""Groupings whose rows are kept apart per game (a hold'em and a Sökö situation are different rows)."""

BY = {
    "position": "coalesce(position, 'n/a')",
    "position_group": "coalesce(position_group, 'n/a')",
    "situation": "situation",
    "month": "coalesce(strftime(played_at, '%Y-%m'), 'unknown')",
    "stakes": "stakes",
    "game": "game",
    "session": "session_start",
}
"""``--by`` choices (besides ``street``) → the SQL of the group key."""

DEFAULT_BY = "game"
"""The grouping when none is asked for: a player's hold'em and stud are different rows."""


class StatsError(SokoError):
    """A stats request that cannot be answered (an unknown ``by``, a bad date...)."""


@dataclass(frozen=True)
class Filters:
    """Which hands and players to count; every field is optional."""

    players: tuple[str, ...] = ()
    """Names, compared in NFC (:func:`~soko_analytics.model.hand.composed`) as the store holds them."""
    game: str | None = None
    profile: str | None = None
    stakes: str | None = None
    since: date | None = None
    """First day counted (inclusive), on ``played_at`` (UTC where the log gives it)."""
    until: date | None = None
    """Last day counted (inclusive)."""
    min_hands: int = 0
    """Drop result rows with fewer hands."""
    hero: bool = False
    """Only the log owner's rows: each hand's ``hands.hero`` (the player the log deals face up to)."""
    site: str | None = None
    """Only the hands of this site (``hands.site``: ``PokerStars``, ``GGPoker``, ``Bovada``...)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(composed(name) for name in self.players))

    def text(self) -> str:
        """The filters that narrow the hands, in words (``site Winning, game holdem``; empty where none)."""
        return ", ".join(f"{name} {value}" for name, value in (
            ("site", self.site), ("game", self.game), ("profile", self.profile), ("stakes", self.stakes),
            ("since", self.since), ("until", self.until)) if value is not None)

    def where(self, daily: bool = False) -> tuple[str, list[object]]:
        """A SQL condition on ``player_hands`` (or, ``daily``, on ``player_days``) and its parameters."""
        parts: list[str] = ["TRUE"]
        params: list[object] = []
        if self.players:
            parts.append(f"player IN ({', '.join('?' * len(self.players))})")
            params.extend(self.players)
        if self.hero and not daily:
            parts.append("(hand_key, player) IN (SELECT hand_key, hero FROM hands WHERE hero IS NOT NULL)")
        if self.site is not None and not daily:
            parts.append("hand_key IN (SELECT hand_key FROM hands WHERE site = ?)")
            params.append(self.site)
        for column in ("game", "profile", "stakes"):
            value = getattr(self, column)
            if value is not None:
                parts.append(f"{column} = ?")
                params.append(value)
        if self.since is not None:
            parts.append("day >= ?" if daily else "played_at >= ?")
            params.append(self.since if daily else datetime.combine(self.since, time()))
        if self.until is not None:
            parts.append("day <= ?" if daily else "played_at < ?")
            params.append(self.until if daily else datetime.combine(self.until + timedelta(days=1), time()))
        return " AND ".join(parts), params


DAILY_BY = {"month": "coalesce(strftime(day, '%Y-%m'), 'unknown')", "stakes": "stakes", "game": "game"}
"""Groupings ``player_days`` can answer (its key has the day, the stakes and the game)."""


def _in_games(stat: Stat, sql: str) -> str:
    games = GAME_GROUPS[stat.games]
    if games is None:
        return f"({sql})"
    listed = ", ".join(f"'{g}'" for g in games)
    return f"(CASE WHEN game IN ({listed}) THEN ({sql}) END)"


EXACT_SUM = "DECIMAL(38, 9)"
"""What the stats sum a double of the sums (``won_units``) as: each row's value rounded to 9 decimals, then summed
exactly. A double sum depends on the order of its terms in its last bits (a store imported with ``--jobs 1`` and one
with ``--jobs 2`` sum ``player_days`` rows of different chunks; a lake sums one row per day), and won/100, rounded to
4 decimals, often falls on a tie (money is decimal): rounded first, every order gives the same figure wherever a
unit divides a power of ten (2, 4, 5, 10, 20, 25, 50 ... minor units)."""


def _sums(stat: Stat) -> list[str]:
    """The SQL aggregates of one stat over rows of ROLLUP sums: ``<name>__num`` and ``<name>__den``."""
    if stat.kind is Kind.PER_100:  # a sum of doubles (net / unit) taken in no fixed order: see EXACT_SUM
        out = [f"CAST(sum(CAST({_in_games(stat, stat.numerator)} AS {EXACT_SUM})) AS DOUBLE) AS {stat.name}__num"]
    else:
        out = [f"CAST(sum({_in_games(stat, stat.numerator)}) AS BIGINT) AS {stat.name}__num"]
    if stat.denominator is not None:
        out.append(f"CAST(sum({_in_games(stat, stat.denominator)}) AS BIGINT) AS {stat.name}__den")
    return out


def _rows(filters: Filters, by: str) -> tuple[str, list]:
    """Rows of ROLLUP sums with ``game``, ``unit_name`` (the won-per-100 unit) and the ``by`` key as
    ``by_key``: ``player_days`` itself where it can answer, else the sums of ``player_hands`` grouped by
    game, unit and ``by``."""
    if by in DAILY_BY and not filters.hero and filters.site is None:  # player_days knows no hand's owner or site
        where, params = filters.where(daily=True)
        return (f"(SELECT *, {unit_sql()} AS unit_name, {DAILY_BY[by]} AS by_key FROM player_days "
                f"WHERE {where})"), params
    source, params = _source(filters, by)
    return (f"(SELECT player, currency, decimals, game, {unit_sql()} AS unit_name, {BY[by]} AS by_key, "
            f"{rollup_sums()} FROM {source} GROUP BY ALL)"), params


def _source(filters: Filters, by: str | None) -> tuple[str, list]:
    where, params = filters.where()
    if by != "session":
        return f"(SELECT * FROM player_hands WHERE {where})", params
    gap = int(SESSION_GAP.total_seconds())
    return (
        "(SELECT *, max(CASE WHEN gap IS NULL OR gap > " + str(gap) + " THEN played_at END) OVER "
        "(PARTITION BY player, currency ORDER BY played_at, hand_key ROWS UNBOUNDED PRECEDING) AS session_start "
        "FROM (SELECT *, epoch(played_at) - epoch(lag(played_at) OVER "
        "(PARTITION BY player, currency ORDER BY played_at, hand_key)) AS gap "
        f"FROM player_hands WHERE {where}))"
    ), params


def player_stats(store: Store, filters: Filters = Filters(), by: str | None = None) -> pl.DataFrame:
    """The catalogue for every player, ``by`` group (:data:`DEFAULT_BY` when None) and won-per-100 unit
    that ``filters`` select."""
    if by == "street":
        return street_stats(store, filters)
    if by is not None and by not in BY:
        raise StatsError(phrase("cannot group stats by {by!r}", by=by), expected=", ".join([*BY, "street"]), actual=by)
    by = by or DEFAULT_BY
    game = ["game"] if by in PER_GAME else []
    keys = ["player", "currency", "decimals", *game, by, "unit"]
    rows, params = _rows(filters, by)
    sums = [x for stat in CATALOGUE for x in _sums(stat)]
    per_game = "game, " if game else ""
    sql = (f"SELECT player, coalesce(currency, 'chips') AS currency, decimals, {per_game}by_key AS {by}, "
           f"unit_name AS unit, {', '.join(sums)}, sum(allin_var) AS allin_var "
           f"FROM {rows} GROUP BY player, coalesce(currency, 'chips'), decimals, {per_game}by_key, unit_name")
    raw = store.query(sql, params)
    if raw.is_empty():
        return pl.DataFrame(schema={k: pl.String for k in keys})
    columns = [e for stat in CATALOGUE for e in _finish(stat)]
    at = next(i for i, e in enumerate(columns) if e.meta.output_name() == "won_per_100") + 1
    columns.insert(at, pl.col("unit"))  # the unit beside the figure it labels
    out = raw.select([*keys[:-1], *columns, pl.col("allin_var").sqrt().fill_null(0.0).alias("allin_adjusted_se")])
    if filters.min_hands:
        out = out.filter(pl.col("hands") >= filters.min_hands)
    order = ORDER.get(by)
    key = pl.col(by).replace_strict({v: i for i, v in enumerate(order)}, default=len(order), return_dtype=pl.Int64) \
        if order else pl.col(by)
    # every group key, decimals too (a currency kept at two precisions): rows in one order whatever the engine
    return out.sort([pl.col("player"), pl.col("currency"), pl.col("decimals"), *map(pl.col, game), key, pl.col(by),
                    pl.col("unit")])


def _finish(stat: Stat) -> list[pl.Expr]:
    num, den = pl.col(f"{stat.name}__num"), pl.col(f"{stat.name}__den")
    name = stat.name
    if stat.kind is Kind.COUNT:
        return [num.cast(pl.Int64).alias(name)]
    if stat.kind is Kind.MONEY:
        return [num.cast(pl.Int64).fill_null(0).alias(name)]
    if stat.kind is Kind.PER_100:
        return [(num / den * 100).alias(name)]
    if stat.kind is Kind.RATIO:
        return [pl.when(den > 0).then(num / den).alias(name)]
    n = den.fill_null(0).cast(pl.Int64)
    k = num.fill_null(0).cast(pl.Int64)
    lo, hi = wilson(k, n)
    return [pl.when(n > 0).then(k / n * 100).alias(name), n.alias(f"{name}_n"),
            (lo * 100).alias(f"{name}_lo"), (hi * 100).alias(f"{name}_hi")]


def wilson(k: pl.Expr, n: pl.Expr, z: float = Z95) -> tuple[pl.Expr, pl.Expr]:
    """The Wilson score interval of ``k`` successes in ``n`` trials, as fractions (null where n = 0)."""
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * ((p * (1 - p) / n + z2 / (4 * n * n)).sqrt()) / denom
    ok = n > 0
    return (pl.when(ok).then((centre - half).clip(0, 1)), pl.when(ok).then((centre + half).clip(0, 1)))


def street_stats(store: Store, filters: Filters = Filters()) -> pl.DataFrame:
    """Per player, game and betting round: hands that saw it, the actions taken on it, AF and AFq."""
    where, params = filters.where()
    sql = f"""
        WITH ph AS (SELECT hand_key, player, coalesce(currency, 'chips') AS currency, game, street_reached
                    FROM player_hands WHERE {where}),
        rounds AS (SELECT ph.player, ph.currency, ph.game, r.street, count(*) AS hands
                   FROM ph, range(0, 8) AS r(street) WHERE r.street <= ph.street_reached
                   GROUP BY ALL),
        acts AS (SELECT ph.player, ph.currency, ph.game, a.street, any_value(a.street_name) AS street_name,
                        count(*) FILTER (a.kind = 'bet' OR a.kind = 'complete') AS bets,
                        count(*) FILTER (a.kind = 'raise') AS raises,
                        count(*) FILTER (a.kind = 'call') AS calls,
                        count(*) FILTER (a.kind = 'check') AS checks,
                        count(*) FILTER (a.kind = 'fold') AS folds
                 FROM actions a JOIN ph USING (hand_key, player)
                 WHERE a.kind IN ('bet', 'complete', 'raise', 'call', 'check', 'fold')
                 GROUP BY ALL)
        SELECT rounds.player, rounds.currency, rounds.game, rounds.street, acts.street_name, rounds.hands,
               coalesce(bets, 0) AS bets, coalesce(raises, 0) AS raises, coalesce(calls, 0) AS calls,
               coalesce(checks, 0) AS checks, coalesce(folds, 0) AS folds
        FROM rounds LEFT JOIN acts USING (player, currency, game, street)
        ORDER BY player, currency, game, street"""
    out = store.query(sql, params)
    if out.is_empty():
        return out
    aggressive = pl.col("bets") + pl.col("raises")
    n = (aggressive + pl.col("calls") + pl.col("folds")).cast(pl.Int64)
    lo, hi = wilson(aggressive, n)
    out = out.with_columns(
        pl.when(pl.col("calls") > 0).then(aggressive / pl.col("calls")).alias("af"),
        pl.when(n > 0).then(aggressive / n * 100).alias("afq"), n.alias("afq_n"),
        (lo * 100).alias("afq_lo"), (hi * 100).alias("afq_hi"))
    if filters.min_hands:
        out = out.filter(pl.col("hands") >= filters.min_hands)
    return out


def sessions(store: Store, filters: Filters = Filters()) -> pl.DataFrame:
    """Each player's sessions (hands less than :data:`SESSION_GAP` apart): start, end, hands, net."""
    source, params = _source(filters, "session")
    sql = (f"SELECT player, coalesce(currency, 'chips') AS currency, decimals, session_start AS start, "
           f"max(played_at) AS end, count(*) AS hands, CAST(sum(net) AS BIGINT) AS net_won, "
           f"CAST(sum(allin_adjusted) AS BIGINT) AS allin_adjusted "
           f"FROM {source} WHERE played_at IS NOT NULL GROUP BY ALL ORDER BY player, start")
    out = store.query(sql, params)
    if out.is_empty():
        return out
    return out.with_columns(((pl.col("end") - pl.col("start")).dt.total_seconds() / 60).alias("minutes"))


def cumulative(store: Store, filters: Filters, points: int = 2000) -> pl.DataFrame:
    """Each player's (and currency's) running totals over their hands in time order: net, showdown,
    non-showdown and all-in adjusted winnings, downsampled to about ``points`` rows per player (every
    k-th hand and the last; a line drawn through them follows the curve at the chart's resolution)."""
    where, params = filters.where()
    sql = f"""
        WITH t AS (
            SELECT player, coalesce(currency, 'chips') AS currency, decimals,
                   row_number() OVER w AS hand,
                   sum(net) OVER w AS net,
                   sum(CASE WHEN showdown THEN net ELSE 0 END) OVER w AS showdown,
                   sum(CASE WHEN showdown THEN 0 ELSE net END) OVER w AS non_showdown,
                   sum(allin_adjusted) OVER w AS allin_adjusted,
                   count(*) OVER (PARTITION BY player, coalesce(currency, 'chips')) AS total
            FROM player_hands WHERE {where}
            WINDOW w AS (PARTITION BY player, coalesce(currency, 'chips') ORDER BY played_at, hand_key
                         ROWS UNBOUNDED PRECEDING))
        SELECT player, currency, decimals, hand, CAST(net AS BIGINT) AS net, CAST(showdown AS BIGINT) AS showdown,
               CAST(non_showdown AS BIGINT) AS non_showdown, CAST(allin_adjusted AS BIGINT) AS allin_adjusted
        FROM t WHERE hand = total OR hand % greatest(1, total // {int(points)}) = 0
        ORDER BY player, currency, hand"""
    return store.query(sql, params)


def findings_summary(store: Store, filters: Filters, hands_listed: int = 20) -> pl.DataFrame:
    """Audit findings of the hands the filters select: code, severity, hands, and the first hand ids."""
    where, params = filters.where()
    return store.query(f"""
        SELECT f.code, f.severity, count(DISTINCT f.hand_key) AS hands,
               list(DISTINCT h.hand_id ORDER BY h.hand_id)[1:{int(hands_listed)}] AS hand_ids
        FROM findings f JOIN hands h USING (hand_key)
        WHERE f.hand_key IN (SELECT hand_key FROM player_hands WHERE {where})
        GROUP BY f.code, f.severity
        ORDER BY CASE f.severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, hands DESC""",
                       params)


def top_players(store: Store, filters: Filters, n: int) -> list[str]:
    """The ``n`` players with the most hands among those the filters select."""
    where, params = filters.where()
    frame = store.query(f"SELECT player, count(*) AS hands FROM player_hands WHERE {where} "
                        f"GROUP BY player ORDER BY hands DESC, player LIMIT {int(n)}", params)
    return frame["player"].to_list() if len(frame) else []
