"""The heads-up display of ``soko watch --hud`` (issue 36, part 2), as data: :func:`hud` reads it from the store.

- **The hero's tables now**: the latest hand of each table (site and table name) among the hero's hands (hands
  whose ``hands.hero`` is set: the log owner, or a ``--hero`` name); a table is *now* when its latest hand
  started no more than :data:`CURRENT` before the newest of the hero's hands (the logs' own times, so a replayed
  log shows as it was played). Newest table first.
- **Its players**: the seats of that latest hand in seat order, the hero marked.
- **Their figures**: :func:`.query.player_stats` of those players filtered to the table's game (stricter than
  the game group: a hold'em table's figures count hold'em hands only, never Omaha or stud), and of its rows the
  one of the table's currency and won-per-100 unit (so no-limit figures are not mixed with fixed-limit ones).
  Each figure keeps its opportunities and whether it rests on few hands (:data:`FEW_WIDTH`).
- **The hero's result**: the net of the hero's hands stored by this watch (import id at or after the watch's
  first), per currency, in exact integer minor units.
- **The findings**: the audit findings (errors and warnings) of the hero's hands stored by this watch, newest
  first.

:class:`Feed` is the watch's ``on_event`` that rebuilds the HUD once per import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..model.hand import composed
from ..store.db import Store
from ..store.facts import unit_sql
from .query import Filters, player_stats

__all__ = ["CURRENT", "FEW_WIDTH", "FIGURES", "Feed", "Figure", "Finding", "Hud", "Result", "Seat", "Table", "hud"]

CURRENT = timedelta(minutes=10)
"""A table is one the hero sits at now when its latest hand started at most this long before the hero's newest."""

FIGURES = ("vpip", "pfr", "three_bet", "af", "wtsd")
"""The stats of :data:`.catalogue.CATALOGUE` the HUD shows, in order."""

FEW_WIDTH = 20.0
"""A percentage rests on few hands when its 95% Wilson interval is wider than this many points (about ±10):
then it is marked. AF, a ratio with no interval, is judged by AFq's interval (the same actions after the first
round)."""

FINDINGS_KEPT = 50
"""The newest findings the HUD keeps (it counts them all)."""

SEVERITIES = ("error", "warning")
"""The findings shown: info notes (what could not be checked, which convention a hand followed) are left out."""


@dataclass(frozen=True)
class Figure:
    """One stat of one player: its value (None where there was no opportunity) and what it rests on."""

    value: float | None
    n: int
    """Opportunities (the percentage's denominator; for AF, AFq's: bets, raises, calls and folds after round 1)."""
    lo: float | None = None
    hi: float | None = None
    """The 95% Wilson interval in percent (None for AF)."""
    few: bool = True
    """Rests on few hands: its interval (AF: AFq's) is wider than :data:`FEW_WIDTH` points, or it has none."""


@dataclass(frozen=True)
class Seat:
    seat: int
    player: str
    hero: bool
    hands: int
    """The player's hands counted in the figures (the table's game, currency and unit)."""
    figures: dict[str, Figure]


@dataclass(frozen=True)
class Table:
    site: str
    name: str
    game: str
    stakes: str
    currency: str
    hand_id: str
    """The table's latest hand."""
    started: datetime | None
    """Its start in UTC (None where the log gives no time zone)."""
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class Result:
    """The hero's net over the hands stored by this watch, in one currency (``chips`` for tournaments)."""

    currency: str
    decimals: int
    hands: int
    net: int
    """Integer minor units of ``decimals`` digits."""


@dataclass(frozen=True)
class Finding:
    hand_id: str
    code: str
    severity: str
    message: str


@dataclass(frozen=True)
class Hud:
    tables: tuple[Table, ...]
    results: tuple[Result, ...]
    findings: tuple[Finding, ...]
    """The newest :data:`FINDINGS_KEPT`, newest first."""
    findings_total: int
    hands: int
    """The hero's hands stored by this watch."""


def hud(store: Store, since_import: int, heroes: Iterable[str] = ()) -> Hud:
    """The HUD of the store now: the hero's hands are those with ``hands.hero`` set (one of ``heroes`` when
    given); "stored by this watch" means an import id at or after ``since_import``."""
    names = tuple(composed(name) for name in heroes)
    hero_sql = "hero IS NOT NULL" + (f" AND hero IN ({', '.join('?' * len(names))})" if names else "")
    tables = _tables(store, hero_sql, list(names))
    results = store.query(f"""
        SELECT coalesce(h.currency, 'chips') AS currency, h.decimals, count(*) AS hands,
               CAST(sum(s.net) AS BIGINT) AS net
        FROM (SELECT hand_key, hero, currency, decimals FROM hands WHERE import_id >= ? AND {hero_sql}) h
        JOIN seats s ON s.hand_key = h.hand_key AND s.player = h.hero
        GROUP BY ALL ORDER BY currency""", [since_import, *names])
    severities = ", ".join(f"'{s}'" for s in SEVERITIES)
    found = store.query(f"""
        SELECT h.hand_id, f.code, f.severity, f.message, count(*) OVER () AS total
        FROM findings f JOIN (SELECT hand_key, hand_id, import_id, source_line FROM hands
                              WHERE import_id >= ? AND {hero_sql}) h USING (hand_key)
        WHERE f.severity IN ({severities})
        ORDER BY h.import_id DESC, h.source_line DESC, f.seq
        LIMIT {FINDINGS_KEPT}""", [since_import, *names])
    return Hud(tables=tables,
               results=tuple(Result(r["currency"], int(r["decimals"]), int(r["hands"]), int(r["net"] or 0))
                             for r in results.iter_rows(named=True)),
               findings=tuple(Finding(r["hand_id"], r["code"], r["severity"], r["message"])
                              for r in found.iter_rows(named=True)),
               findings_total=int(found["total"][0]) if len(found) else 0,
               hands=sum(int(r["hands"]) for r in results.iter_rows(named=True)))


def _tables(store: Store, hero_sql: str, names: list[object]) -> tuple[Table, ...]:
    """The hero's tables now (see the module text), newest first, each with its players and their figures."""
    at = "coalesce(start_utc, start_local)"
    newest = store.query(f"SELECT max({at}) AS newest FROM hands WHERE {hero_sql}", names)["newest"][0]
    recent, params = (f"{at} >= ?", [newest - CURRENT]) if newest is not None else ("TRUE", [])
    latest = store.query(f"""
        SELECT hand_key, site, coalesce(table_name, '') AS table_name, hand_id, game, stakes,
               coalesce(currency, 'chips') AS currency, {at} AS played, start_utc, {unit_sql()} AS unit, hero
        FROM hands WHERE {hero_sql} AND {recent}
        QUALIFY row_number() OVER (PARTITION BY site, coalesce(table_name, '')
                                   ORDER BY {at} DESC NULLS LAST, import_id DESC, source_line DESC) = 1
        ORDER BY played DESC NULLS LAST, site, table_name""", names + params)
    if latest.is_empty():
        return ()
    keys = latest["hand_key"].to_list()
    seats = store.query(f"SELECT hand_key, seat, player FROM seats WHERE hand_key IN ({', '.join('?' * len(keys))}) "
                        "ORDER BY hand_key, seat", keys)
    by_hand: dict[int, list[tuple[int, str]]] = {}
    for key, seat, player in seats.iter_rows():
        by_hand.setdefault(key, []).append((seat, player))
    figures: dict[tuple[str, str, str, str], dict] = {}
    for game in latest["game"].unique(maintain_order=True).to_list():
        keys_of_game = [k for k, g in zip(keys, latest["game"], strict=True) if g == game]
        players = sorted({player for k in keys_of_game for _, player in by_hand.get(k, [])})
        frame = player_stats(store, Filters(players=tuple(players), game=game))
        for stats in frame.iter_rows(named=True) if not frame.is_empty() else ():
            figures[(stats["player"], game, stats["currency"], stats["unit"])] = stats
    out = []
    for table in latest.iter_rows(named=True):
        seated = []
        for seat, player in by_hand.get(table["hand_key"], []):
            row = figures.get((player, table["game"], table["currency"], table["unit"]))
            seated.append(Seat(seat, player, player == table["hero"], int(row["hands"]) if row else 0, _figures(row)))
        out.append(Table(table["site"], table["table_name"], table["game"], table["stakes"], table["currency"],
                         table["hand_id"], table["start_utc"], tuple(seated)))
    return tuple(out)


def _figures(row: dict | None) -> dict[str, Figure]:
    """The :data:`FIGURES` of one ``player_stats`` row (every figure empty without one)."""
    out = {}
    for name in FIGURES:
        if row is None:
            out[name] = Figure(None, 0)
        elif name == "af":
            lo, hi = row["afq_lo"], row["afq_hi"]
            out[name] = Figure(row["af"], int(row["afq_n"] or 0), None, None, _few(lo, hi))
        else:
            lo, hi = row[f"{name}_lo"], row[f"{name}_hi"]
            out[name] = Figure(row[name], int(row[f"{name}_n"] or 0), lo, hi, _few(lo, hi))
    return out


def _few(lo: float | None, hi: float | None) -> bool:
    return lo is None or hi is None or hi - lo > FEW_WIDTH


class Feed:
    """The watch's ``on_event`` that shows the HUD: at once (:meth:`start`), then at the first event of each
    import. The watch tells of an import's hands after they are all committed, all with the same ``at``
    (:class:`~soko_analytics.store.watch.Watcher`), so the HUD built at the first one holds every hand of it;
    an import of hundreds of hands (a watch catching up) is one refresh, not hundreds."""

    def __init__(self, store: Store, heroes: Iterable[str], show: Callable[[Hud], None],
                 on_event: Callable[[dict], None] | None = None) -> None:
        self.store = store
        self.heroes = tuple(heroes)
        self.show = show
        self.on_event = on_event
        self.since = store._next_import_id()
        self._at: object = None

    def refresh(self) -> None:
        self.show(hud(self.store, self.since, self.heroes))

    def __call__(self, event: dict) -> None:
        if self.on_event is not None:
            self.on_event(event)
        at = event.get("at", object())  # without an ``at``, every event refreshes
        if at != self._at:
            self._at = at
            self.refresh()

