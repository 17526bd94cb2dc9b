"""What the dashboard page filters and draws by itself: the data embedded in it, computed by the store.

The page has no server, so its filters (game, stakes, currency, dates, position, table size, hero or
opponents, minimum hands, a player search) work on data it carries:

- **the hero's hands**, one entry per hand (columns, not objects): its time (``played_at``: UTC where the
  log names its time zone, the clock of the CLI's ``--since``) and the log's local clock's offset from it,
  its kind (an index into ``kinds``: game, profile, structure, stakes, currency, the won-per-100 unit), position, table
  size, starting-hand class, showdown class, flags and money (net and all-in adjusted, integer minor
  units). The columns are packed as little-endian typed arrays, gzip-compressed and base64-encoded
  (:func:`pack`); the browser inflates them with its own ``DecompressionStream``. Every hero chart is
  then exact for any choice of filters: a million hands of the hero make about 3 MB.
- **everyone's stat sums** per player, kind and period (the day, or the week or month when days would make
  too many rows), from ``player_days`` (the sums import keeps): the HUD table sums the rows the filters
  keep and divides, and draws the 95% Wilson interval of each percentage.
- **tournaments** of the hero, one row each (buy-in, fee, bounty, place, prize, bounties won, profit: see
  :func:`~soko_analytics.stats.tournament_results`), and the theoretical frequency of each hand class.

The hero is each hand's log owner (``hands.hero``); with ``--player`` the named players' rows, taken
together as one person's accounts; in a store with no owner (PHH, simulated logs without one), the
player with the most hands.
"""

from __future__ import annotations

import base64
import gzip
from dataclasses import replace
from typing import Any

import numpy as np
import polars as pl

from ..i18n import _
from ..parsers import anonymous_seats
from ..rules.frequencies import class_counts
from ..rules.profiles import resolve
from ..stats import CATALOGUE, Filters, top_players, tournament_results
from ..stats.query import POSITIONS, SESSION_GAP, _sums
from ..stats.starts import family, start_classes
from ..store.db import Store
from ..store.facts import rollup_sums, unit_sql

__all__ = ["HUD_STATS", "POSITIONS", "TOURNAMENT_COLUMNS", "anonymous_label", "focus", "pack", "payload", "player_sql"]


HUD_STATS = tuple(s.name for s in CATALOGUE)
"""The players table's stats (catalogue names): their sums are embedded, the page divides; the user picks which
of them the table shows."""

CUBE_ROWS = 60_000
"""The most stat-sum rows embedded: days, else weeks, else months, whichever first fits."""

FLAGS = ("showdown", "won_showdown", "allin", "vpip", "pfr", "walk")
"""The hero's per-hand booleans, one bit each (in this order) of the ``flags`` column."""


def focus(store: Store, filters: Filters) -> tuple[Filters, str, list[str]]:
    """Whose hands the hero charts show: the filters that select them, how they were chosen, the names."""
    if filters.players:
        return filters, "named", list(filters.players)
    owner = replace(filters, hero=True)
    where, params = owner.where()
    names = store.query(f"SELECT player, count(*) AS n FROM player_hands WHERE {where} GROUP BY player "
                        f"ORDER BY n DESC, player", params)
    if len(names):
        return owner, "hero", names["player"].to_list()
    top = top_players(store, filters, 1)
    return replace(filters, players=tuple(top)), "most hands", top


def pack(columns: dict[str, np.ndarray]) -> dict[str, Any]:
    """Typed columns as one gzip-compressed, base64-encoded buffer and its index (name, type, offset, length);
    each column starts at a multiple of 8 bytes so that the page can view it as a typed array in place."""
    index, chunks, offset = [], [], 0
    for name, values in columns.items():
        data = np.ascontiguousarray(values)
        raw = data.astype(data.dtype.newbyteorder("<"), copy=False).tobytes()
        index.append({"name": name, "type": data.dtype.name, "offset": offset, "length": len(data)})
        pad = -len(raw) % 8
        chunks += [raw, b"\0" * pad]
        offset += len(raw) + pad
    blob = gzip.compress(b"".join(chunks), compresslevel=6, mtime=0)
    return {"columns": index, "gzip_base64": base64.b64encode(blob).decode("ascii")}


def _codes(values: pl.Series, order: list[str] | None = None) -> tuple[np.ndarray, list[str]]:
    """Small integer codes of a string column (nulls as the label ``n/a``) and the labels they index."""
    filled = values.fill_null("n/a")
    seen = filled.unique().to_list()
    labels = [v for v in (order or []) if v in seen] + sorted(v for v in seen if v not in (order or []))
    lookup = pl.DataFrame({"v": labels, "code": np.arange(len(labels), dtype=np.uint16)})
    codes = pl.DataFrame({"v": filled}).join(lookup, on="v", how="left", maintain_order="left")["code"]
    return codes.to_numpy().astype(np.uint8 if len(labels) < 256 else np.uint16), labels


KIND_COLUMNS = ("game", "profile", "structure", "stakes", "currency", "decimals", "unit_name", "tournament")


def _kinds(frames: list[pl.DataFrame]) -> pl.DataFrame:
    """The distinct kinds of game of the frames, numbered (``kind``)."""
    kinds = pl.concat([f.select(KIND_COLUMNS) for f in frames if len(f)]).unique().sort(
        ["tournament", "currency", "game", "stakes"], nulls_last=True)
    return kinds.with_row_index("kind").with_columns(pl.col("kind").cast(pl.UInt16))


def _hero_rows(store: Store, chosen: Filters) -> pl.DataFrame:
    where, params = chosen.where()
    rows = store.query(f"""
        SELECT ph.hand_key, ph.player, ph.game, ph.profile, ph.structure, ph.stakes,
               coalesce(ph.currency, 'chips') AS currency, ph.decimals, ph.unit_name, ph.tournament,
               epoch(ph.played_at)::BIGINT AS t,
               ((epoch(h.start_local) - epoch(ph.played_at)) // 60)::INTEGER AS offset, ph.position,
               coalesce(h.max_seats, h.players_dealt)::INTEGER AS size, ph.showdown_class,
               ph.net, ph.allin_adjusted, ph.unit, {", ".join(f"ph.{f}" for f in FLAGS)}
        FROM (SELECT *, {unit_sql()} AS unit_name FROM player_hands WHERE {where}) ph
        LEFT JOIN hands h USING (hand_key)
        ORDER BY ph.played_at, ph.hand_key""", params)
    return start_classes(store, rows, where, params)


def _money(values: pl.Series) -> np.ndarray:
    """Integers (minor units, counts) as int32 where they fit, else float64 (exact below 2**53)."""
    data = values.fill_null(0).to_numpy()
    small = len(data) == 0 or int(np.abs(data).max()) < 2**31
    return data.astype(np.int32 if small else np.float64)  # a float64 holds any sum of cents below 2**53


def _hero(rows: pl.DataFrame, kinds: pl.DataFrame) -> dict[str, Any]:
    rows = rows.join(kinds, on=list(KIND_COLUMNS), how="left", maintain_order="left", nulls_equal=True)
    t = rows["t"]
    t0 = int(t.drop_nulls().to_numpy().min()) if t.drop_nulls().len() else 0
    times = (t - t0).fill_null(-(2**31)).to_numpy().astype(np.int64)
    times = np.diff(times, prepend=0).astype(np.int32)  # differences compress to a fraction; the page adds up
    position, positions = _codes(rows["position"], list(POSITIONS))
    start, starts = _codes(rows["start"])
    shown, classes = _codes(rows["showdown_class"])
    units = rows["unit"].fill_null(1).clip(1, None)
    unit, unit_values = _codes(units.cast(pl.String))
    flags = np.zeros(len(rows), dtype=np.uint8)
    for bit, name in enumerate(FLAGS):
        flags |= rows[name].fill_null(False).to_numpy().astype(np.uint8) << bit
    offset = rows["offset"].fill_null(0).clip(-(2**15), 2**15 - 1).to_numpy().astype(np.int16)
    columns: dict[str, np.ndarray] = {"t": times, "offset": offset, "kind": rows["kind"].to_numpy().astype(np.uint16),
               "position": position, "size": rows["size"].fill_null(0).clip(0, 255).to_numpy().astype(np.uint8),
               "start": start, "shown": shown, "unit": unit, "flags": flags, "net": _money(rows["net"]),
               "adjusted": _money(rows["allin_adjusted"])}
    return {"t0": t0, "hands": len(rows), "positions": positions, "starts": starts, "classes": classes,
            "units": [int(u) for u in unit_values], "flags": list(FLAGS), **pack(columns)}


def _cube_source(filters: Filters, period: str) -> tuple[str, list]:
    """Stat sums per player, kind, period and whether of tournaments: from ``player_days`` for the games with a
    currency when the filters allow it (it knows no hand's site or owner, nor a tournament: a game without a
    currency may be a tournament's or play money), else summed from ``player_hands``."""
    where, params = filters.where()
    hands = (f"SELECT player, currency, decimals, game, profile, structure, stakes, tournament, "
             f"date_trunc('{period}', played_at)::DATE AS period, {rollup_sums()} "
             f"FROM player_hands WHERE {where}")
    if filters.site is None and not filters.hero:
        daily, days = filters.where(daily=True)
        return (f"(SELECT * EXCLUDE (day), FALSE AS tournament, date_trunc('{period}', day)::DATE AS period "
                f"FROM player_days WHERE {daily} AND currency IS NOT NULL "
                f"UNION ALL BY NAME {hands} AND currency IS NULL GROUP BY ALL)"), [*days, *params]
    return f"({hands} GROUP BY ALL)", params


def anonymous_label(sites: str) -> str:
    """The players table's one row for every anonymous seat of a site that hides names (in the language spoken)."""
    return _("anonymous seats ({sites})").format(sites=sites)


def player_sql() -> str:
    """The player a stat-sum row counts for: a seat label of a site that hides names
    (:func:`~soko_analytics.parsers.anonymous_seats`) is that site's one anonymous row, any other name itself."""
    def quoted(text: str) -> str:
        return "'" + text.replace("'", "''") + "'"

    cases = " ".join(f"WHEN regexp_matches(player, '{pattern}') THEN {quoted(anonymous_label(sites))}"
                     for sites, pattern in anonymous_seats().items())
    return f"CASE {cases} ELSE player END" if cases else "player"


def _cube(store: Store, filters: Filters) -> tuple[pl.DataFrame, str]:
    stats = [s for s in CATALOGUE if s.name in HUD_STATS]
    sums = ", ".join(x for s in stats for x in _sums(s))
    for period in ("day", "week", "month", "year"):
        source, params = _cube_source(filters, period)
        count = store.query(f"SELECT count(*) AS n FROM (SELECT DISTINCT {player_sql()}, currency, game, profile, "
                            f"structure, stakes, tournament, period FROM {source})", params)["n"][0]
        if count <= CUBE_ROWS or period == "year":
            break
    frame = store.query(f"""
        SELECT {player_sql()} AS player, game, profile, structure, stakes, coalesce(currency, 'chips') AS currency,
               decimals,
               {unit_sql()} AS unit_name, tournament, period,
               CAST(sum(hands) AS BIGINT) AS hands, CAST(sum(net) AS BIGINT) AS net, {sums}
        FROM {source} GROUP BY ALL ORDER BY player, period""", params)
    return frame, period


def _opponents(frame: pl.DataFrame, kinds: pl.DataFrame, heroes: set[str], period: str) -> dict[str, Any]:
    frame = frame.join(kinds, on=list(KIND_COLUMNS), how="left", maintain_order="left", nulls_equal=True)
    player, players = _codes(frame["player"])
    sums = [c for c in frame.columns if c.endswith("__num") or c.endswith("__den")]
    columns: dict[str, np.ndarray] = {
        "player": player.astype(np.uint32), "kind": frame["kind"].to_numpy().astype(np.uint16),
        "day": frame["period"].cast(pl.Date).cast(pl.Int32).to_numpy(), "hands": _money(frame["hands"]),
        "net": _money(frame["net"])}
    for name in sums:
        column = frame[name]
        columns[name] = column.fill_null(0).to_numpy().astype(np.float64) if column.dtype.is_float() else _money(column)
    anonymous = {anonymous_label(sites) for sites in anonymous_seats()}
    return {"period": period, "players": players, "hero": [p in heroes for p in players],
            "anonymous": [p in anonymous for p in players], "rows": len(frame),
            "sums": sums, "stats": [{"name": s.name, "label": _(s.label), "kind": str(s.kind)} for s in CATALOGUE
                                    if s.name in HUD_STATS], **pack(columns)}


TOURNAMENT_COLUMNS = ("player", "site", "tournament_id", "first", "last", "hands", "game", "buy_in", "bounty", "fee",
                      "cost", "currency", "decimals", "place", "prize", "bounties_won", "profit")
"""The columns of each embedded tournament row (times in epoch seconds, money in minor units, null unknown)."""


def _tournaments(store: Store, chosen: Filters) -> dict[str, Any] | None:
    """The hero's tournaments (:func:`~soko_analytics.stats.tournament_results`), one row (a list) each."""
    frame = tournament_results(store, chosen)
    if frame.is_empty():
        return None
    frame = frame.with_columns(pl.col("first_played_at").dt.epoch("s").alias("first"),
                               pl.col("last_played_at").dt.epoch("s").alias("last"))
    return {"columns": list(TOURNAMENT_COLUMNS), "rows": frame.select(TOURNAMENT_COLUMNS).rows()}


def _theory(kinds: pl.DataFrame) -> dict[str, dict[str, float]]:
    """Each profile's share (%) of the hand classes dealt, where known (RULES.md §2 item 17 for Sökö)."""
    out = {}
    for profile in kinds["profile"].unique().to_list():
        spec = resolve(profile)
        counts = class_counts(spec.ranking, spec.cards_per_player + spec.board_cards) or {}
        total = sum(counts.values())
        if total:
            out[profile] = {c.name.lower(): 100 * n / total for c, n in counts.items()}
    return out


def payload(store: Store, filters: Filters) -> dict[str, Any]:
    """Everything the page filters and draws (see the module text), ready for ``json.dumps``; ``hero`` and
    ``table`` are None where no hand matches."""
    chosen, how, names = focus(store, filters)
    rows = _hero_rows(store, chosen) if names else pl.DataFrame()
    cube, period = _cube(store, replace(filters, players=(), hero=False))
    if cube.is_empty():
        return {"focus": {"how": how, "names": names}, "kinds": [], "hero": None, "table": None, "tournaments": None}
    kinds = _kinds([rows, cube])
    heroes = set(names) if how != "most hands" else set()
    return {
        "focus": {"how": how, "names": names},
        "kinds": [{**k, "family": family(k["game"])} for k in kinds.drop("kind").to_dicts()],
        "hero": _hero(rows, kinds) if len(rows) else None,
        "table": _opponents(cube, kinds, heroes, period),
        "tournaments": _tournaments(store, chosen) if names else None,
        "theory": _theory(kinds),
        "session_gap": int(SESSION_GAP.total_seconds()),
        "min_hands": filters.min_hands,
    }
