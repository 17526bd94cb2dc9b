"""Tournament results from the store: what each player paid to enter, where they finished, what they won.

:func:`tournament_results` gives one row per player, site and tournament among the ``player_hands`` rows a
:class:`~.query.Filters` selects (``Filters(hero=True)``: the log owner's tournaments). The buy-in is the
header's text parsed at import (``hands.buy_in_amount``, ``buy_in_bounty``, ``buy_in_fee``,
``buy_in_currency``, ``buy_in_decimals``); the place, prize and bounties come from the tournament's finish
and bounty lines (``tournament_finishes``), in any stored hand of that tournament. Money is integer minor
units of the row's ``decimals`` in its ``currency``; tournament chips are never summed.
"""

from __future__ import annotations

import polars as pl

from ..store.db import Store
from .query import Filters

__all__ = ["RESULT_COLUMNS", "tournament_results"]

RESULT_COLUMNS = pl.Schema({
    "player": pl.String(), "site": pl.String(), "tournament_id": pl.String(),
    "first_played_at": pl.Datetime("us"), "last_played_at": pl.Datetime("us"), "hands": pl.Int64(),
    "game": pl.String(), "buy_in": pl.Int64(), "bounty": pl.Int64(), "fee": pl.Int64(), "cost": pl.Int64(),
    "currency": pl.String(), "decimals": pl.Int8(), "place": pl.Int32(), "prize": pl.Int64(),
    "bounties_won": pl.Int64(), "profit": pl.Int64(),
})
"""The columns of :func:`tournament_results`, in order, with their types."""

_SQL = """
WITH played AS (
    SELECT p.player, h.site, h.tournament_id,
           min(p.played_at) AS first_played_at, max(p.played_at) AS last_played_at, count(*) AS hands,
           string_agg(DISTINCT p.game, '+' ORDER BY p.game) AS game,
           arg_min({{'buy_in': h.buy_in_amount, 'bounty': h.buy_in_bounty, 'fee': h.buy_in_fee,
                    'currency': h.buy_in_currency, 'decimals': h.buy_in_decimals}}, p.played_at)
               FILTER (WHERE h.buy_in_amount IS NOT NULL) AS paid
    FROM (SELECT hand_key, player, game, played_at FROM player_hands WHERE tournament AND {where}) p
    JOIN hands h USING (hand_key)
    WHERE h.tournament_id IS NOT NULL
    GROUP BY ALL
),
lines AS (
    SELECT f.*, coalesce(h.start_utc, h.start_local) AS said_at
    FROM tournament_finishes f JOIN hands h USING (hand_key)
    WHERE (f.site, f.tournament_id, f.player) IN (SELECT site, tournament_id, player FROM played)
),
finished AS (
    SELECT site, tournament_id, player,
           arg_max({{'place': place, 'prize': prize, 'currency': currency, 'decimals': decimals}}, said_at)
               AS last
    FROM lines WHERE place IS NOT NULL GROUP BY ALL
),
bounties AS (
    SELECT site, tournament_id, player, currency, decimals, sum(bounty_won) AS won,
           count(*) FILTER (WHERE bounty_won IS NULL) AS unread
    FROM lines WHERE bounty_won IS NOT NULL OR (place IS NULL AND prize IS NULL) GROUP BY ALL
),
results AS (
    SELECT p.player, p.site, p.tournament_id, p.first_played_at, p.last_played_at, p.hands, p.game,
           p.paid.buy_in AS buy_in, p.paid.bounty AS bounty, p.paid.fee AS fee,
           p.paid.buy_in + p.paid.bounty + p.paid.fee AS cost,
           CASE WHEN p.paid.currency IS NOT NULL THEN p.paid.currency ELSE f.last.currency END AS currency,
           CAST(CASE WHEN p.paid.currency IS NOT NULL THEN p.paid.decimals
                     ELSE coalesce(f.last.decimals, p.paid.decimals, 0) END AS TINYINT) AS decimals,
           f.last.place AS place, f.last.prize AS prize_said,
           f.last.currency AS prize_currency, f.last.decimals AS prize_decimals
    FROM played p LEFT JOIN finished f USING (site, tournament_id, player)
)
SELECT r.player, r.site, r.tournament_id, r.first_played_at, r.last_played_at, r.hands, r.game,
       r.buy_in, r.bounty, r.fee, r.cost, r.currency, r.decimals, r.place,
       CASE WHEN r.place IS NOT NULL AND r.prize_currency IS NOT DISTINCT FROM r.currency
                 AND r.prize_decimals = r.decimals THEN r.prize_said END AS prize,
       (SELECT CASE WHEN count(*) = 0 THEN 0
                    WHEN bool_and(b.currency IS NOT DISTINCT FROM r.currency AND b.decimals = r.decimals
                                  AND b.unread = 0) THEN sum(b.won) END
        FROM bounties b WHERE b.site = r.site AND b.tournament_id = r.tournament_id
                              AND b.player = r.player) AS bounties_won
FROM results r
"""


def tournament_results(store: Store, filters: Filters | None = None) -> pl.DataFrame:
    """One row per (player, site, tournament_id) among the tournament rows of ``player_hands`` that ``filters``
    selects, with the columns of :data:`RESULT_COLUMNS`:

    - ``first_played_at``, ``last_played_at``, ``hands``: the player's hands of it stored (and selected);
      ``game``: its games (``holdem``; a mixed tournament's joined with ``+``);
    - ``buy_in`` (the prize-pool part), ``bounty``, ``fee`` and ``cost`` (their sum), ``currency``,
      ``decimals``: the header's buy-in in minor units (``Freeroll`` is 0 with no currency; NULL where the
      text is not money); ``currency`` and ``decimals`` are the prize's where the buy-in names no currency;
    - ``place``: from the last finish line naming the player (NULL when none was seen); ``prize``: what it
      says the player received, 0 when it names nothing (out of the money), NULL without a finish line or
      in a unit other than the row's; ``bounties_won``: the bounties the player's lines say were won (0 for
      none, NULL where one is in another unit);
    - ``profit`` = ``prize + bounties_won - cost``, NULL when any of them is unknown. Re-entries and add-ons
      are not in the logs' headers, so ``cost`` is one entry.

    >>> from soko_analytics.stats import Filters, tournament_results
    >>> tournament_results(store, Filters(hero=True)).select("tournament_id", "place", "profit")
    """
    filters = filters or Filters()
    where, params = filters.where()
    out = store.query(_SQL.format(where=where), params)
    out = out.with_columns(
        (pl.col("prize") + pl.col("bounties_won") - pl.col("cost")).alias("profit"))
    out = out.select([pl.col(name).cast(dtype) for name, dtype in RESULT_COLUMNS.items()])
    return out.sort("first_played_at", "site", "tournament_id", "player", nulls_last=True)
