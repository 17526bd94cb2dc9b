"""Stats benchmark: the whole stat catalogue from stores of 1,000,000 and 10,000,000 hands, beside Polars.

What the store answers ``soko stats`` from is ``player_hands``, one row per
player per hand with the hand's stat flags computed at import; a stat is a sum
over it. This benchmark builds such stores and times
:func:`soko_analytics.stats.player_stats` on them.

The stores. A seed is simulated with the project's own simulator (2,000
hold'em, 2,000 seven-card stud and 2,000 Sökö casino hands at 6-handed tables,
as ``soko simulate`` writes them), written to files and imported with
``Store.import_paths`` into a DuckDB file in a temporary folder. Its
``player_hands`` is then **replicated inside DuckDB** up to N hands (``SELECT ...
FROM seed, range(0, k)`` written as the table's one Parquet part, schema 9): copy k of a seed hand gets a new
``hand_key`` and its time moved on by k times the seed's span, and the
opponents get new names, so that the store holds a realistic population:
~1,000 players per 1,000,000 hands (``--players-per-million``), each sitting in for stints
of 500 consecutive hands at a time, while the hero (the seed's log owner,
``Aino``, as in a tracker's database) stays in ~92% of every hand. The big
stores are thus the simulated seed replicated: the cost of the query depends on
how many rows and players there are, not on which hands they are. Only
``player_hands`` is scaled, and ``player_days`` (the stat sums per player and
day, which import keeps up to date) is rebuilt from it; the stats read nothing
else (except ``--by street``, which is not benchmarked here); the other tables
hold the seed. Without ``--by`` (and by month, stakes or game) ours reads
``player_days``; by position it reads ``player_hands``; the Polars peers always
start from ``player_hands`` rows, as a script without the store would. The store is
checkpointed, closed, and opened afresh before anything is timed; DuckDB keeps
the store's own 1 GB memory limit.

Timed (each: one warm-up, reported as "first", then the best of 3; "first" is not a cold start, the
file having just been written it is in the OS's page cache):

- (a) ours: ``player_stats(store)``, every player (and currency);
- (a′) of it, the SQL aggregate alone (DuckDB to a Polars frame, no finishing);
- (b) ours: one player, ``player_stats(store, Filters(players=(name,)))``: the
  hero (in ~92% of hands), then an opponent (~5,000 rows with the default population);
- (c) ours: ``player_stats(store, by="position")``;
- (d) peer: the same catalogue in Polars, loading ``player_hands`` (the columns
  the catalogue reads) from the store into memory, then ``group_by``: load
  time included;
- (e) peer: the same in Polars on the frame already in memory (a lazy
  ``group_by``), load time not included;
- (f) peer: one player (the hero) in Polars on the frame in memory.

The Polars peers compute the same sums and finish them with the same code as
ours, and their result is checked equal to ours. They are left out when
loading the frame would not fit in the memory available (the process peaks at
about 4× the frame's size while loading; the size is estimated from a sample),
and the output says so. A naive peer computing VPIP, PFR, AF, WTSD and W$SD from
the ``actions`` and ``seats`` tables is not run: those tables are not scaled.

Prints, per store: how long it took to build, its size on disk, and a table
of the queries: rows, players, seconds (first and best), the ratio to ours, and
whether the targets are met (every player < 2 s at 1,000,000 hands and < 10 s
at 10,000,000; one player < 0.2 s).

    python bench/stats.py [--hands N [N ...]] [--players-per-million 1000] [--polars auto|on|off] [--explain]
                          [--seed-hands 2000] [--tmp-dir DIR]
"""

from __future__ import annotations

import argparse
import math
import os
import re
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import polars as pl
from polars.testing import assert_frame_equal
from rich.console import Console
from rich.table import Table

from soko_analytics.api import simulate_text
from soko_analytics.stats import Filters, player_stats
from soko_analytics.stats.catalogue import CATALOGUE, GAME_GROUPS, Kind
from soko_analytics.stats.query import _finish
from soko_analytics.store.db import Store
from soko_analytics.store.facts import DOUBLE_SUMS, ROLLUP, rollup_sql, unit_sql

SEED = (("holdem", 1), ("stud7", 2), ("soko-casino", 3))
"""Simulated profiles of the seed and their random seeds (different seeds: different hand ids)."""
HERO = "Aino"
"""The simulator's log owner (it plays every table; it sits out ~8% of hands)."""
STINT = 500
"""An opponent sits in for this many consecutive hands, then another takes the seat name."""
TARGET_ALL = {1_000_000: 2.0, 10_000_000: 10.0}
TARGET_ONE = 0.2
PEAK = 4.0
"""The process's peak memory while loading player_hands into Polars, over the frame's size (3.8 measured at 10M)."""


def timed(fn: Callable, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def best_of(fn: Callable, runs: int = 3) -> tuple[object, float, float]:
    """One warm-up then ``runs`` runs: the last result, the warm-up's seconds and the best seconds."""
    result, first = timed(fn)
    best = math.inf
    for _ in range(runs):
        result = None  # let the previous result go before the next run
        result, seconds = timed(fn)
        best = min(best, seconds)
    return result, first, best


# -- building the stores ----------------------------------------------------------------


def build_seed(folder: Path, hands: int, console: Console) -> Path:
    """Simulate the seed hands into files and import them into ``folder/seed.duckdb``."""
    logs = folder / "seed-logs"
    logs.mkdir()
    start = time.perf_counter()
    for profile, seed in SEED:
        suffix = ".soko" if profile.startswith("soko") else ".txt"
        (logs / f"{profile}{suffix}").write_text(simulate_text(profile, hands, 6, seed), encoding="utf-8")
    simulated = time.perf_counter() - start
    db = folder / "seed.duckdb"
    with Store(db) as store:
        summary = store.import_paths([logs], jobs=os.cpu_count() or 1)
        store.con.execute("CHECKPOINT")
    console.print(f"seed: {hands:,} hands each of {', '.join(p for p, _ in SEED)} simulated in {simulated:.1f} s; "
                  f"imported in {summary.seconds:.1f} s ({summary.stored:,} stored, "
                  f"{summary.quarantined:,} quarantined)")
    if summary.quarantined or summary.stored != hands * len(SEED):
        raise SystemExit("the seed did not import cleanly")
    shutil.rmtree(logs)
    return db


def scale(seed_db: Path, db: Path, hands: int, players: int) -> dict[str, float]:
    """Copy the seed store to ``db`` and replicate its ``player_hands`` up to ``hands`` hands (see the module text).

    Returns the seconds each step took.
    """
    times = {}
    start = time.perf_counter()
    shutil.copyfile(seed_db, db)
    with Store(db) as store:
        con = store.con
        columns = [c for (c,) in con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE table_name = 'player_hands' ORDER BY column_index"
        ).fetchall()]
        con.execute("CREATE TABLE seed_ph AS SELECT *, dense_rank() OVER (ORDER BY hand_key) - 1 AS idx "
                    "FROM player_hands")
        con.execute(f"CREATE TABLE seed_names AS SELECT player AS name, row_number() OVER (ORDER BY player) - 1 AS no "
                    f"FROM (SELECT DISTINCT player FROM seed_ph WHERE player <> '{HERO}')")
        size, names, span = con.execute(
            "SELECT count(DISTINCT hand_key), (SELECT count(*) FROM seed_names), "
            "ceil(epoch(max(played_at)) - epoch(min(played_at)))::BIGINT + 3600 FROM seed_ph").fetchone()
        copies = math.ceil(hands / size)
        opponents = max(names, players - 1)
        replaced = {
            "hand_key": f"(r.k * {size} + s.idx + 1)::BIGINT",
            "player": (f"CASE WHEN s.player = '{HERO}' THEN s.player ELSE printf('p%06d', "
                       f"(((r.k * {size} + s.idx) // {STINT}) * {names} + n.no) % {opponents}) END"),
            "played_at": f"s.played_at + to_seconds(r.k * {span})",
        }
        select = ", ".join(f"{replaced[c]} AS {c}" if c in replaced else f"s.{c}" for c in columns)
        times["prepare"] = time.perf_counter() - start
        start = time.perf_counter()
        # player_hands is Parquet parts (schema 9): the replicated rows become its one part
        con.execute("BEGIN TRANSACTION")
        store.parts.replace("player_hands", f"SELECT {select} FROM seed_ph s "
                            f"LEFT JOIN seed_names n ON s.player = n.name, range(0, {copies}) r(k) "
                            f"WHERE r.k * {size} + s.idx < {hands} ORDER BY r.k, s.idx, s.seat")
        con.execute("COMMIT")
        store.parts.sweep()
        con.execute("DROP TABLE seed_ph")
        con.execute("DROP TABLE seed_names")
        times["replicate"] = time.perf_counter() - start
        start = time.perf_counter()
        # what import keeps up to date as it goes: the stat sums per player and day
        con.execute("DELETE FROM player_days")
        con.execute(f"INSERT INTO player_days {rollup_sql('player_hands')}")
        times["player_days"] = time.perf_counter() - start
        start = time.perf_counter()
        con.execute("CHECKPOINT")
        times["checkpoint"] = time.perf_counter() - start
    return times


def describe(store: Store) -> dict[str, int]:
    rows, hands, players, groups = store.con.execute(
        "SELECT count(*), count(DISTINCT hand_key), count(DISTINCT player), "
        "count(DISTINCT (player, coalesce(currency, 'chips'), decimals)) FROM player_hands").fetchone()
    hero = store.con.execute("SELECT count(*) FROM player_hands WHERE player = ?", [HERO]).fetchone()[0]
    opponent, opponent_rows = store.con.execute(
        f"SELECT player, count(*) FROM player_hands WHERE player <> '{HERO}' "
        "GROUP BY player ORDER BY player LIMIT 1").fetchone()
    return {"rows": rows, "hands": hands, "players": players, "groups": groups, "hero_rows": hero,
            "opponent": opponent, "opponent_rows": opponent_rows}


def disk_size(db: Path) -> tuple[int, int]:
    """The store's bytes on disk (its file, WAL and Parquet parts) and the bytes of ``player_hands``' parts."""
    size = sum(p.stat().st_size for p in (db, db.with_name(db.name + ".wal")) if p.exists())
    with Store(db, read_only=True) as store:
        parts = store.parts.sizes()
    return size + sum(parts.values()), parts["player_hands"]


# -- the Polars peer ----------------------------------------------------------------------


def catalogue_columns(store: Store) -> list[str]:
    """The columns of ``player_hands`` that the catalogue's sums read, with the group keys."""
    names = {c for (c,) in store.con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE table_name = 'player_hands'").fetchall()}
    words = set(re.findall(r"[a-z_][a-z0-9_]*", " ".join(ROLLUP.values())))
    return sorted((words & names) | {"player", "currency", "decimals", "game", "structure", "profile"})


def _rollup_expr(name: str, sql: str) -> pl.Expr:
    """One sum of ROLLUP, per row, in Polars (the same SQL text, read by Polars' SQL parser)."""
    if sql.strip() == "1":
        expr = pl.lit(1, pl.Int64)
    else:
        expr = pl.sql_expr(sql.replace("::DOUBLE", ""))
        if name == "won_units":
            expr = pl.col("net").cast(pl.Float64) / pl.col("unit")
    return expr.cast(pl.Float64 if name in DOUBLE_SUMS else pl.Int64).alias(name)


def _sum(sql: str, games: str, kind: Kind, numerator: bool) -> pl.Expr:
    """The Polars twin of one ``sum(...)`` of stats/query.py over the per-game sums."""
    expr = pl.sql_expr(sql)
    wanted = GAME_GROUPS[games]
    present = pl.lit(True)
    if wanted is not None:
        expr = pl.when(pl.col("game").is_in(wanted)).then(expr)
        present = pl.col("game").is_in(wanted).any()
    cast = pl.Float64 if kind is Kind.PER_100 and numerator else pl.Int64
    return pl.when(present).then(expr.cast(cast).sum())


def polars_catalogue(frame: pl.DataFrame | pl.LazyFrame, player: str | None = None) -> pl.DataFrame:
    """``player_stats`` computed by Polars from a frame of ``player_hands``: the per-row sums of
    ROLLUP, summed per player, currency, game and won-per-100 unit (lazy ``group_by``), then the catalogue's
    formulas."""
    lazy = frame.lazy()
    if player is not None:
        lazy = lazy.filter(pl.col("player") == player)
    keys = ["player", "currency", "decimals", "game", "unit_label"]
    per_game = (lazy.with_columns(pl.col("currency").fill_null("chips"), pl.sql_expr(unit_sql()).alias("unit_label"))
                .with_columns(*[_rollup_expr(n, sql) for n, sql in ROLLUP.items()])
                .group_by(keys).agg(*[pl.col(n).sum() for n in ROLLUP]))
    sums = []
    for stat in CATALOGUE:
        sums.append(_sum(stat.numerator, stat.games, stat.kind, True).alias(f"{stat.name}__num"))
        if stat.denominator is not None:
            sums.append(_sum(stat.denominator, stat.games, stat.kind, False).alias(f"{stat.name}__den"))
    return (per_game.group_by(keys)
            .agg(*sums, pl.col("allin_var").sum())
            .select(*keys, *[e for stat in CATALOGUE for e in _finish(stat)],
                    pl.col("allin_var").sqrt().fill_null(0.0).alias("allin_adjusted_se"))
            .rename({"unit_label": "unit"})
            .sort(["player", "currency", "game", "unit"])
            .collect())


def load(store: Store, columns: list[str], limit: int | None = None) -> pl.DataFrame:
    return store.query(f"SELECT {', '.join(columns)} FROM player_hands" + (f" LIMIT {limit}" if limit else ""))


def available_memory() -> int:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def cpu_busy() -> tuple[float, float, float] | None:
    """Seconds of CPU the whole machine and this process have used, and the wall clock (None off Linux)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    mine = os.times()
    return ((user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK"), mine.user + mine.system,
            time.perf_counter())


def others_share(before, after) -> float | None:
    """The share of all cores' time that other processes used between two :func:`cpu_busy` readings."""
    if before is None or after is None:
        return None
    others = (after[0] - before[0]) - (after[1] - before[1])
    return max(0.0, others) / ((after[2] - before[2]) * (os.cpu_count() or 1))


def peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def same(ours: pl.DataFrame, theirs: pl.DataFrame) -> str:
    if set(ours.columns) == set(theirs.columns):
        theirs = theirs.select(ours.columns)
    try:
        assert_frame_equal(ours, theirs, check_dtypes=False, check_exact=False, rel_tol=1e-9, abs_tol=1e-9)
    except AssertionError as err:
        return f"[red]differs[/] ({str(err).splitlines()[0]})"
    return "[green]same as ours[/]"


# -- the run ------------------------------------------------------------------------------


def target_all(hands: int) -> tuple[float | None, str]:
    for size, seconds in sorted(TARGET_ALL.items()):
        if hands <= size:
            return seconds, "" if hands == size else f" (the {size:,}-hand target)"
    return None, ""


def verdict(seconds: float, target: float | None, note: str = "") -> str:
    if target is None:
        return ""
    ok = "[green]met[/]" if seconds < target else "[red]NOT met[/]"
    return f"< {target:g} s{note}: {ok}"


class Recorder:
    """Wraps ``store.query`` to keep the last SQL it ran (to time it alone and EXPLAIN it)."""

    def __init__(self, store: Store) -> None:
        self.sql, self.params, self._query = None, None, store.query
        store.query = self  # type: ignore[method-assign]

    def __call__(self, sql, params=None):
        self.sql, self.params = sql, params
        return self._query(sql, params)


def run(seed_db: Path, seed_hands: int, folder: Path, hands: int, players: int, polars_mode: str, explain: bool,
        console: Console) -> None:
    db = folder / f"store-{hands}.duckdb"
    steps, build = timed(scale, seed_db, db, hands, players)
    size, ph_size = disk_size(db)
    console.print(f"\n[bold]{hands:,} hands[/]: built in {build:.1f} s ("
                  + ", ".join(f"{k} {v:.1f} s" for k, v in steps.items())
                  + f"); store (file and Parquet parts) {size / 1e6:,.1f} MB, of it player_hands {ph_size / 1e6:,.1f} MB")
    rows: list[tuple[str, int, int, float, float, str, str]] = []
    notes: list[str] = []
    busy_before = cpu_busy()
    with Store(db) as store:
        info = describe(store)
        recorder = Recorder(store)
        target, target_note = target_all(hands)

        ours_all, first, best = best_of(lambda: player_stats(store))
        all_sql, all_params = recorder.sql, recorder.params
        rows.append(("(a) ours: every player", info["rows"], len(ours_all), first, best, "(ref)",
                     verdict(best, target, target_note)))
        _, sql_first, sql_best = best_of(lambda: recorder._query(all_sql, all_params))
        rows.append(("(a′) of it, the SQL aggregate alone", info["rows"], len(ours_all), sql_first, sql_best,
                     f"{sql_best / best:.2f}×", ""))
        hero, first, hero_best = best_of(lambda: player_stats(store, Filters(players=(HERO,))))
        rows.append((f"(b) ours: one player, the hero {HERO} ({info['hero_rows']:,} rows)", info["rows"], len(hero),
                     first, hero_best, "(ref)", verdict(hero_best, TARGET_ONE)))
        one_sql, one_params = recorder.sql, recorder.params
        opp = info["opponent"]
        got, first, opp_best = best_of(lambda: player_stats(store, Filters(players=(opp,))))
        rows.append((f"(b) ours: one player, an opponent {opp} ({info['opponent_rows']:,} rows)", info["rows"],
                     len(got), first, opp_best, "", verdict(opp_best, TARGET_ONE)))
        got, first, pos_best = best_of(lambda: player_stats(store, by="position"))
        rows.append(("(c) ours: every player by position", info["rows"], len(got), first, pos_best,
                     f"{pos_best / best:.2f}× (a)", ""))
        pos_sql, pos_params = recorder.sql, recorder.params

        columns = catalogue_columns(store)
        sample = load(store, columns, 200_000)
        per_row = sample.estimated_size() / max(1, len(sample))
        need = per_row * info["rows"]
        free = available_memory()
        run_polars = polars_mode == "on" or (polars_mode == "auto" and need * PEAK < free)
        if not run_polars:
            why = "--polars off" if polars_mode == "off" else (
                f"the frame would take ~{need / 1e9:.1f} GB ({PEAK:g}× that at its peak while loading) "
                f"and {free / 1e9:.1f} GB is available")
            notes.append(f"Polars peers (d)–(f) not run: {why}.")
        else:
            theirs, first, d_best = best_of(lambda: polars_catalogue(load(store, columns)))
            rows.append((f"(d) Polars: load {len(columns)} columns + group_by", info["rows"], len(theirs), first,
                         d_best, f"{d_best / best:.2f}×", same(ours_all, theirs)))
            frame = load(store, columns)
            notes.append(f"Polars frame in memory: {frame.estimated_size() / 1e9:.2f} GB "
                         f"({len(columns)} of player_hands' columns, {len(frame):,} rows).")
            theirs, first, e_best = best_of(lambda: polars_catalogue(frame))
            rows.append(("(e) Polars: group_by on the frame in memory", info["rows"], len(theirs), first, e_best,
                         f"{e_best / best:.2f}×", same(ours_all, theirs)))
            theirs, first, f_best = best_of(lambda: polars_catalogue(frame, HERO))
            rows.append((f"(f) Polars: the hero {HERO} on the frame in memory", info["rows"], len(theirs), first,
                         f_best, f"{f_best / hero_best:.2f}× (b)", same(hero, theirs)))
            del frame, theirs
            notes.append(f"peak memory of this process so far: {peak_rss() / 1e9:.1f} GB (ru_maxrss).")
        if explain:
            for name, sql, params in (("(a)", all_sql, all_params), ("(b) hero", one_sql, one_params),
                                      ("(c)", pos_sql, pos_params)):
                plan = store.con.execute("EXPLAIN ANALYZE " + sql, params or []).fetchall()
                console.rule(f"EXPLAIN ANALYZE {name}")
                console.print(plan[0][1], markup=False, highlight=False)
    others = others_share(busy_before, cpu_busy())

    table = Table(title=f"player_stats on {info['hands']:,} hands: the simulated seed of "
                        f"{seed_hands:,} hands replicated ({info['rows']:,} player_hands rows, "
                        f"{info['players']:,} players, {info['groups']:,} player-currency rows)",
                  caption="÷ ours: the row's best time over ours ((a), or (b) the hero, or as marked); "
                          "player_hands rows: the store's (ours reads player_days where it can, see the module text)")
    for col in ("query", "player_hands rows", "result rows", "first s", "best of 3 s", "÷ ours", "target / check"):
        table.add_column(col, justify="left" if col in ("query", "target / check") else "right")
    for name, read, result, first, best_s, ratio, mark in rows:
        table.add_row(name, f"{read:,}", f"{result:,}", f"{first:.3f}", f"{best_s:.3f}", ratio, mark)
    console.print(table)
    for note in notes:
        console.print(note)
    if others is not None:
        console.print(f"other processes used {others:.0%} of the {os.cpu_count()} cores' time while the queries ran "
                      "(anything above a few % slows every figure)")
    db.unlink()
    db.with_name(db.name + ".wal").unlink(missing_ok=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000_000, 10_000_000],
                        help="store sizes, in hands (each built by replicating the seed)")
    parser.add_argument("--seed-hands", type=int, default=2_000, help="simulated hands per game in the seed")
    parser.add_argument("--players-per-million", type=int, default=1_000,
                        help="distinct players per 1,000,000 hands (at least the seed's 6)")
    parser.add_argument("--polars", choices=("auto", "on", "off"), default="auto",
                        help="run the Polars peers (auto: when the frame fits in the memory available)")
    parser.add_argument("--explain", action="store_true", help="print EXPLAIN ANALYZE of (a), (b) and (c)")
    parser.add_argument("--tmp-dir", type=Path, default=None,
                        help="make the temporary folder inside this one (the 10,000,000-hand store takes 1.3 GB)")
    args = parser.parse_args()
    console = Console()
    console.print(f"{os.cpu_count()} cores, {available_memory() / 1e9:.1f} GB memory available; DuckDB memory "
                  f"limit 1 GB (the store's own); the big stores are the simulated seed's player_hands replicated")
    with tempfile.TemporaryDirectory(dir=args.tmp_dir) as tmp:
        folder = Path(tmp)
        seed_db = build_seed(folder, args.seed_hands, console)
        for hands in args.hands:
            players = max(6, round(hands * args.players_per_million / 1_000_000))
            run(seed_db, args.seed_hands * len(SEED), folder, hands, players, args.polars, args.explain, console)
    return 0


if __name__ == "__main__":
    sys.exit(main())
