"""Import benchmark: ``soko import`` into a fresh store beside a plain read and a naive row-by-row loader.

Builds N hands (default 1,000,000) of the corpus's PokerStars hold'em and stud
hands repeated with new ids, as files of 5,000 hands in a temporary folder,
then in the same run times:

- (a) a plain read of the files (open + read bytes; the floor), on one core,
- (b) a naive loader: a line-by-line ``re`` parser that inserts each hand,
  seat and action row into DuckDB with its own ``INSERT ... VALUES`` (one
  transaction per file), on one core, on a sample of the hands and
  extrapolated,
- (c) ``soko import`` end to end into a fresh store with every core, audit and
  facts on: the whole main job (``Store.import_paths(folder, jobs=os.cpu_count())``),
  in a subprocess so that its memory is measured alone,
- (d) the same with ``--no-audit`` (on a sample of the files when N > 100,000),
- (e) the store alone: the rows (c) writes, read beforehand, appended to a fresh
  store chunk by chunk as the import appends them (the Parquet parts written in
  a thread per core, one transaction a chunk, the ``player_days`` rollup, the
  final checkpoint), on the same sample: the ceiling the store's tables put on
  any import,

and prints hands/s, MB/s, ratios, the peak memory of (c), the store's size
beside the gzipped input, and whether the targets are met.

Before them, a player's folder: the same hands as one file and as 1,000 and 20,000 files of 5 hands, each
imported into a fresh store (audit and facts on), their hands/s side by side as a ratio, and the folder's
peak memory.

    python bench/import.py [--hands N] [--per-file N] [--corpus ../shared/corpus] [--games holdem-stud|all]
                           [--small-files 1000 20000] [--small-per-file 5] [--only-small-files]
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import duckdb
from _common import NAIVE, corpus_texts, rate_table, renumbered
from rich.console import Console

from soko_analytics.rules.profiles import PROFILES

TARGET_RATE = 100_000
TARGET_MEMORY = 1.5e9
TARGET_SIZE = 2.5
TARGET_SMALL_FILES = 0.67
"""A folder of small files: at least this share of the hands/s of the same hands in one file."""
TARGET_FLOOR = 0.08
"""The import (audit and facts on): at least this share of the Python read + split floor's hands/s."""
TARGET_STORE = 50_000
"""The store alone, hands/s."""
PER_FILE = 5_000
CHILD = """
import json, os, resource, sys
from soko_analytics.store.db import Store
db, audit, paths = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]
with Store(db) as store:
    s = store.import_paths(paths, jobs=os.cpu_count(), with_audit=audit)
print(json.dumps({"stored": s.stored, "quarantined": s.quarantined, "seconds": s.seconds,
                  "self_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "children_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def build_files(texts: list[str], hands: int, folder: Path, per_file: int = PER_FILE) -> list[Path]:
    files = []
    for start in range(0, hands, per_file):
        path = folder / f"hands-{start // per_file:05d}.txt"
        with open(path, "w", encoding="utf-8") as f:
            for i in range(start, min(start + per_file, hands)):
                f.write(renumbered(texts[i % len(texts)], i))
                f.write("\n\n\n")
        files.append(path)
    return files


def plain_read(files: list[Path]) -> int:
    total = 0
    for path in files:
        with open(path, "rb") as f:
            total += len(f.read())
    return total


def naive(files: list[Path], limit: int, db: Path) -> tuple[int, float]:
    """Parse line by line with ``re`` and insert every row on its own; stops after ``limit`` hands.

    Returns the hands loaded and the seconds it took (creating the database and its tables not counted).
    """
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE hands (hand_id VARCHAR, game VARCHAR, started VARCHAR, table_name VARCHAR)")
    con.execute("CREATE TABLE seats (hand_id VARCHAR, seat INTEGER, player VARCHAR, stack DOUBLE)")
    con.execute("CREATE TABLE actions (hand_id VARCHAR, seq INTEGER, street VARCHAR, player VARCHAR, "
                "kind VARCHAR, amount DOUBLE)")
    start = time.perf_counter()
    n = 0
    for path in files:
        if n >= limit:
            break
        con.execute("BEGIN TRANSACTION")
        n = _naive_file(con, path, n, limit)
        con.execute("COMMIT")
    seconds = time.perf_counter() - start
    con.close()
    return n, seconds


def _naive_file(con, path: Path, n: int, limit: int) -> int:
    header, hand_id, street, seq = None, None, "", 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            kind, m = _match(line.strip())
            if kind == "header":
                if n == limit:
                    break
                n += 1
                header, hand_id, street, seq = m, m.group(1), "", 0
            elif kind == "table":
                con.execute("INSERT INTO hands VALUES (?, ?, ?, ?)",
                            [hand_id, header.group(2), header.group(4), m.group(1)])
            elif kind == "seat" and not street:
                con.execute("INSERT INTO seats VALUES (?, ?, ?, ?)",
                            [hand_id, int(m.group(1)), m.group(2), _money(m.group(3))])
            elif kind == "street":
                street = m.group(1)
            elif kind in ("post", "action", "uncalled", "collect") and street != "SUMMARY":
                player, verb, amount = ((m.group(1), m.group(2), m.group(4) or m.group(3)) if kind == "action" else
                                        (m.group(1), kind, m.group(2)) if kind == "post" else
                                        (m.group(2), kind, m.group(1)) if kind == "uncalled" else
                                        (m.group(1), kind, m.group(2)))
                con.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                            [hand_id, seq, street, player, verb, _money(amount)])
                seq += 1
    return n


def _match(line: str) -> tuple[str | None, re.Match | None]:
    """The first pattern a line matches, tried in order."""
    for kind, pattern in NAIVE if line else ():
        m = pattern.match(line)
        if m:
            return kind, m
    return None, None


def _money(text: str | None) -> float | None:
    digits = re.sub(r"[^\d.]", "", text or "")
    return float(digits) if digits.strip(".") else None


def soko_import(db: Path, paths: list[Path], with_audit: bool) -> tuple[dict, float]:
    """Run the import in a subprocess; its JSON line and the peak RSS of its whole process tree (sampled)."""
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(db), "1" if with_audit else "0", *map(str, paths)],
                            stdout=subprocess.PIPE, text=True)
    peak = [0]
    sampler = threading.Thread(target=_sample_tree, args=(proc, peak), daemon=True)
    sampler.start()
    out, _ = proc.communicate()
    sampler.join()
    if proc.returncode:
        raise SystemExit(f"the import failed (exit {proc.returncode})")
    return json.loads(out.strip().splitlines()[-1]), peak[0]


def _sample_tree(proc: subprocess.Popen, peak: list[int]) -> None:
    """Sum the RSS of a process and its descendants every 50 ms (Linux /proc) into peak[0], in bytes."""
    while proc.poll() is None:
        parents: dict[int, int] = {}
        rss: dict[int, int] = {}
        for entry in Path("/proc").iterdir() if Path("/proc/self/stat").exists() else ():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(stat[1])
                rss[int(entry.name)] = int(stat[21]) * os.sysconf("SC_PAGE_SIZE")
            except (OSError, ValueError, IndexError):
                continue
        tree = {proc.pid}
        for _ in range(3):
            tree |= {pid for pid, ppid in parents.items() if ppid in tree}
        peak[0] = max(peak[0], sum(rss.get(pid, 0) for pid in tree))
        time.sleep(0.05)


def store_size(db: Path) -> tuple[int, dict[str, int]]:
    """The store's bytes on disk (its file, WAL and Parquet parts), and where they go: the per-hand tables'
    parts, DuckDB's table data, the raw text column, free blocks, the rest."""
    from soko_analytics.store.parts import Parts

    size = sum(p.stat().st_size for p in (db, db.with_name(db.name + ".wal")) if p.exists())
    con = duckdb.connect(str(db), read_only=True)
    block, total, free = con.execute("SELECT block_size, total_blocks, free_blocks FROM pragma_database_size()").fetchone()
    tables = [t for (t,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()]
    data = sum(_blocks(con, t) for t in tables)
    raw = _blocks(con, "hands", "AND column_name = 'raw'")
    parquet = sum(Parts(con, str(db)).sizes().values())
    con.close()
    parts = {"Parquet parts": parquet,
             "DuckDB table data": data * block, "of it the raw text": raw * block, "free blocks": free * block}
    parts["indexes and metadata"] = max(0, (total - free - data) * block)
    return size + parts["Parquet parts"], parts


def _blocks(con, table: str, where: str = "") -> int:
    """Blocks a table's segments are in (a zstd segment spans more than its first block)."""
    return con.execute(f"SELECT count(DISTINCT b) FROM (SELECT unnest(list_prepend(block_id, additional_block_ids)) "
                       f"AS b FROM pragma_storage_info('{table}') WHERE persistent AND block_id >= 0 {where})"
                       ).fetchone()[0]


def store_alone(db: Path, paths: list[Path], cores: int) -> tuple[int, float]:
    """(hands, seconds) of appending the files' rows, read beforehand, as the import appends them: each chunk's
    Parquet parts written and its ``player_days`` sums made by ``cores`` threads (the import's reader threads do
    that, ``parts.Prewriter``) while
    one writer appends the chunks in order, a transaction each, with the ``player_days`` rollup, then the parts
    merged and the store checkpointed."""
    from collections import deque
    from concurrent.futures import ThreadPoolExecutor

    import polars as pl

    from soko_analytics.store.db import HAND_TABLES, IMPORT_CHECKPOINT, Store
    from soko_analytics.store.reading import Task, core_chunks

    todo = deque(Task(str(path), str(path), i) for i, path in enumerate(paths, 1))
    chunks = list(core_chunks(lambda: todo.popleft() if todo else None))
    with Store(db) as store, ThreadPoolExecutor(cores) as pool:
        store.con.execute(f"SET checkpoint_threshold = '{IMPORT_CHECKPOINT}'")
        prewriter = store.parts.prewriter()
        start = time.perf_counter()
        written = [pool.submit(lambda c: (prewriter.write(c.frames), prewriter.days(c.frames["player_hands"])), chunk)
                   for chunk in chunks]
        for i, (chunk, done) in enumerate(zip(chunks, written), 1):
            parts, days = done.result()
            ready = parts or {}
            store.con.execute("BEGIN TRANSACTION")
            for name in HAND_TABLES:
                frame = chunk.frames[name]
                if "import_id" in frame.columns:
                    frame = frame.with_columns(pl.lit(i, pl.Int32).alias("import_id"))
                if len(frame):
                    store._insert(name, frame, written=ready.get(name), days=days)
            store.con.execute("COMMIT")
        store.parts.merge()
        store.con.execute("CHECKPOINT")
        seconds = time.perf_counter() - start
    return sum(chunk.hands for chunk in chunks), seconds


def python_floor(files: list[Path]) -> int:
    """The Python read + split floor: each file read as text and cut into hands at their headers (no parsing)."""
    header = re.compile(r"\n\s*\n(?=PokerStars Hand #)")
    hands = 0
    for path in files:
        hands += len(header.split(path.read_text(encoding="utf-8")))
    return hands


def small_files(console: Console, texts: list[str], tmp: Path, hands: int, per_file: int, cores: int) -> None:
    """The same hands as one file and as files of ``per_file`` hands (a poker client's folder), each imported into
    a fresh store with audit and facts on, side by side: hands/s, the ratio and the folder's peak memory."""
    one_dir, many_dir = tmp / f"one-{hands}", tmp / f"many-{hands}"
    one_dir.mkdir()
    many_dir.mkdir()
    build_files(texts, hands, one_dir, hands)
    files = build_files(texts, hands, many_dir, per_file)
    (one, one_peak), _ = timed(soko_import, tmp / f"one-{hands}.duckdb", [one_dir], True)
    (many, many_peak), _ = timed(soko_import, tmp / f"many-{hands}.duckdb", [many_dir], True)
    one_rate, many_rate = one["stored"] / one["seconds"], many["stored"] / many["seconds"]
    ratio, peak = many_rate / one_rate, max(many_peak, many["self_kb"] * 1024)
    console.print(f"{hands:,} hands, {cores} cores: one file {one_rate:,.0f} hands/s ({one['seconds']:.2f} s, "
                  f"{max(one_peak, one['self_kb'] * 1024) / 1e6:,.0f} MB); {len(files):,} files of {per_file} "
                  f"{many_rate:,.0f} hands/s ({many['seconds']:.2f} s, {peak / 1e6:,.0f} MB): "
                  f"[bold]{ratio:.2f}×[/] the one file")
    console.print(f"  target ≥ {TARGET_SMALL_FILES}× the one file: {verdict(ratio >= TARGET_SMALL_FILES)}; "
                  f"peak memory < {TARGET_MEMORY / 1e9:.1f} GB: {verdict(peak < TARGET_MEMORY)}")


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def verdict(ok: bool) -> str:
    return "[green]met[/]" if ok else "[red]NOT met[/]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--naive-share", type=float, default=0.02, help="share of the hands the naive loader runs on")
    parser.add_argument("--no-audit-share", type=float, default=None,
                        help="share of the files imported with --no-audit (default: all up to 100,000 hands, else 0.1)")
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    parser.add_argument("--per-file", type=int, default=PER_FILE,
                        help="hands per file (--per-file 40000 --hands 40000: one 60 MB file, to see that memory "
                             "follows the chunk, not the file)")
    parser.add_argument("--small-files", type=int, nargs="*", default=[1_000, 20_000], metavar="FILES",
                        help="folders of this many files of --small-per-file hands each, beside the same hands in "
                             "one file (default: 1,000 and 20,000; none: skip)")
    parser.add_argument("--small-per-file", type=int, default=5)
    parser.add_argument("--only-small-files", action="store_true", help="run the small-files comparison alone")
    parser.add_argument("--games", choices=("holdem-stud", "all"), default="holdem-stud",
                        help="the corpus hands repeated: hold'em and stud (the issue's figures), or every game the "
                             "corpus holds (Omaha, hi/lo, Razz, the draw games, 6+, Courchevel too)")
    args = parser.parse_args()
    share = args.no_audit_share if args.no_audit_share is not None else 1.0 if args.hands <= 100_000 else 0.1
    console = Console()
    cores = os.cpu_count() or 1
    all_cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "logs"
        folder.mkdir()
        profiles = ("holdem", "stud7") if args.games == "holdem-stud" else tuple(PROFILES)
        texts = corpus_texts(args.corpus, profiles)
        if args.small_files:
            console.print("[bold]A player's folder: files of a few hands beside the same hands in one file[/]")
            for count in args.small_files:
                small_files(console, texts, Path(tmp), count * args.small_per_file, args.small_per_file, cores)
        if args.only_small_files:
            return 0
        files, build_s = timed(build_files, texts, args.hands, folder, args.per_file)
        size = sum(p.stat().st_size for p in files)
        gz = sum(len(gzip.compress(p.read_bytes(), compresslevel=6)) for p in files)
        console.print(f"built {args.hands:,} hands in {len(files)} files, {size / 1e6:.0f} MB "
                      f"({gz / 1e6:.1f} MB gzipped) in {build_s:.1f} s")
        rows = []
        if all_cores:
            os.sched_setaffinity(0, {min(all_cores)})  # (a) and (b) are single-threaded: one core
        _, seconds = timed(plain_read, files)
        rows.append(("(a) plain read (open + read bytes), 1 core", args.hands, seconds, size))
        _, floor_s = timed(python_floor, files)
        rows.append(("(a') Python read + split at the headers, 1 core", args.hands, floor_s, size))
        sample = max(1, math.ceil(args.hands * args.naive_share))
        n, seconds = naive(files, sample, Path(tmp) / "naive.duckdb")
        rows.append((f"(b) naive re + INSERT per row, 1 core: {n:,} hands, extrapolated", args.hands,
                     seconds * args.hands / n, size))
        if all_cores:
            os.sched_setaffinity(0, all_cores)
        db = Path(tmp) / "store.duckdb"
        (c, tree_peak), wall = timed(soko_import, db, [folder], True)
        rows.append((f"(c) soko import (audit and facts on), {cores} cores", c["stored"], c["seconds"], size))
        some = files[:max(1, math.ceil(len(files) * share))]
        (d, _), _ = timed(soko_import, Path(tmp) / "unaudited.duckdb", some, False)
        sampled = "" if len(some) == len(files) else f": {d['stored']:,} hands, extrapolated"
        rows.append((f"(d) soko import --no-audit, {cores} cores{sampled}", args.hands,
                     d["seconds"] * args.hands / d["stored"], size))
        n, alone_s = store_alone(Path(tmp) / "alone.duckdb", some, cores)
        seconds = alone_s
        rows.append((f"(e) the store alone: (c)'s rows appended, parts written in {cores} threads"
                     f"{sampled and ', extrapolated'}",
                     args.hands, seconds * args.hands / n, size))
        stored, parts = store_size(db)
    ours = c["stored"] / c["seconds"]
    games = "hold'em and stud" if args.games == "holdem-stud" else "every game's"
    console.print(rate_table(f"Importing {args.hands:,} PokerStars {games} hands ({size / 1e6:.0f} MB)",
                             "step", [(n, h, s, b / 1e6) for n, h, s, b in rows], ours, "(c) ÷ this", ".3g"))
    if c["stored"] != args.hands or c["quarantined"]:
        console.print(f"[red]warning: (c) stored {c['stored']:,} and quarantined {c['quarantined']:,}[/]")
    main_rss, worker_rss = c["self_kb"] * 1024, c["children_kb"] * 1024
    console.print(f"(c) peak memory: main process {main_rss / 1e6:.0f} MB, largest worker {worker_rss / 1e6:.0f} MB "
                  f"(ru_maxrss); whole process tree {tree_peak / 1e6:.0f} MB (RSS sampled every 50 ms); "
                  f"wall time with start-up {wall:.1f} s")
    peak = max(tree_peak, main_rss)
    console.print(f"store {stored:,} bytes ({stored / 1e6:.1f} MB) on disk, gzipped input (gzip -6 of each file) "
                  f"{gz:,} bytes ({gz / 1e6:.1f} MB), input {size:,} bytes: store ÷ gzipped input {stored / gz:.2f}× ("
                  + ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in parts.items()) + ")")
    console.print(f"target ≥ {TARGET_RATE:,} hands/s (c): {verdict(ours >= TARGET_RATE)} "
                  f"({ours:,.0f} hands/s, {ours / cores:,.0f} per core)")
    floor_rate = args.hands / floor_s
    console.print(f"target (c) ≥ {TARGET_FLOOR}× the Python read + split floor (a'): "
                  f"{verdict(ours >= TARGET_FLOOR * floor_rate)} ({ours / floor_rate:.3f}×)")
    alone_rate = n / alone_s
    console.print(f"target the store alone (e) ≥ {TARGET_STORE:,} hands/s: {verdict(alone_rate >= TARGET_STORE)} "
                  f"({alone_rate:,.0f} hands/s)")
    console.print(f"target peak memory < {TARGET_MEMORY / 1e9:.1f} GB (c): {verdict(peak < TARGET_MEMORY)} "
                  f"({peak / 1e6:,.0f} MB)")
    console.print(f"target store ≤ {TARGET_SIZE:.1f}× gzipped input: {verdict(stored <= TARGET_SIZE * gz)} "
                  f"({stored / gz:.2f}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
