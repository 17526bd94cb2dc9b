"""The write path of the per-hand tables' Parquet parts, side by side on the same chunks of rows.

Reads N corpus hands (PokerStars hold'em and stud, renumbered) through the compiled core into chunks of
5,000 hands, as the import does, then writes each chunk's five part tables as Parquet (zstd, one row group)
three ways, timing each (median of ``--repeat`` runs, one core):

- (a) DuckDB ``COPY`` straight from the core's Arrow batches (no Polars frame between);
- (b) DuckDB ``COPY`` from the Polars frames the import holds (``to_arrow``; the write path until issue 34);
- (c) Polars' Parquet writer, columns cast to the store's types (the import's write path now),

and prints seconds, hands/s, the bytes written and each one's ratio to (c).

    python bench/parts.py [--hands 50000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

import duckdb
import pyarrow as pa
from _common import corpus_texts, pin_one_core, renumbered
from rich.console import Console
from rich.table import Table

from soko_analytics import _core
from soko_analytics.store.parts import PART_TABLES, ROW_GROUP
from soko_analytics.store.reading import Task, core_chunks
from soko_analytics.store.rows import SCHEMAS

BATCH_TABLES = ("hands", "seats", "actions", "cards", "quarantine", "player_hands", "pots", "findings",
                "tournament_finishes")


class Batch:
    """One table of a chunk as the core gives it: an Arrow array's (schema, array) capsules."""

    def __init__(self, capsules: tuple[object, object]) -> None:
        self.capsules = capsules

    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[object, object]:
        return self.capsules


def core_tables(log: Path) -> list[dict]:
    """Each chunk's tables as the core hands them over (Arrow capsules, read once)."""
    files = iter([(str(log), str(log), "pokerstars", 1)])
    return [tables for _, _, tables, _ in _core.FilesReader(lambda: next(files, None))]


def copy_from_core(con: duckdb.DuckDBPyConnection, folder: Path, tables: list[dict]) -> int:
    for i, chunk in enumerate(tables):
        for name in PART_TABLES:
            con.register("incoming", pa.record_batch(Batch(chunk[name])))
            con.execute(f"COPY (SELECT * FROM incoming) TO '{folder}/a-{name}-{i}.parquet' "
                        f"(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE {ROW_GROUP})")
            con.unregister("incoming")
    return sum(p.stat().st_size for p in folder.glob("a-*"))


def copy_from_polars(con: duckdb.DuckDBPyConnection, folder: Path, frames: list[dict]) -> int:
    for i, chunk in enumerate(frames):
        for name in PART_TABLES:
            con.register("incoming", chunk[name].to_arrow())
            con.execute(f"COPY (SELECT * FROM incoming) TO '{folder}/b-{name}-{i}.parquet' "
                        f"(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE {ROW_GROUP})")
            con.unregister("incoming")
    return sum(p.stat().st_size for p in folder.glob("b-*"))


def polars_writer(folder: Path, frames: list[dict]) -> int:
    import polars as pl

    for i, chunk in enumerate(frames):
        for name in PART_TABLES:
            chunk[name].select(pl.col(c).cast(t) for c, t in SCHEMAS[name].items()).write_parquet(
                folder / f"c-{name}-{i}.parquet", compression="zstd", row_group_size=ROW_GROUP)
    return sum(p.stat().st_size for p in folder.glob("c-*"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    args = parser.parse_args()
    texts = corpus_texts(args.corpus)
    pin_one_core()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "hands.txt"
        log.write_text("\n\n\n".join(renumbered(texts[i % len(texts)], i) for i in range(args.hands)), "utf-8")
        todo = deque([Task(str(log), str(log), 1)])
        frames = [chunk.frames for chunk in core_chunks(lambda: todo.popleft() if todo else None)]
        con = duckdb.connect()
        runs: dict[str, list[float]] = {"a": [], "b": [], "c": []}
        sizes: dict[str, int] = {}
        for _ in range(args.repeat):
            raw = core_tables(log)  # an Arrow batch is handed over once: read again (not timed)
            for key, work in (("a", lambda f: copy_from_core(con, f, raw)), ("b", lambda f: copy_from_polars(con, f, frames)),
                              ("c", lambda f: polars_writer(f, frames))):
                folder = Path(tempfile.mkdtemp(dir=tmp))
                start = time.perf_counter()
                sizes[key] = work(folder)
                runs[key].append(time.perf_counter() - start)
    names = {"a": "(a) DuckDB COPY from the core's Arrow", "b": "(b) DuckDB COPY from the Polars frames",
             "c": "(c) Polars' Parquet writer (the import's)"}
    ours = statistics.median(runs["c"])
    table = Table(title=f"Writing the part tables of {args.hands:,} hands ({len(frames)} chunks), median of "
                        f"{args.repeat}, one core")
    for column in ("writer", "seconds", "hands/s", "MB", "seconds ÷ (c)"):
        table.add_column(column, justify="left" if column == "writer" else "right")
    for key, label in names.items():
        median = statistics.median(runs[key])
        table.add_row(label, f"{median:.3f}", f"{args.hands / median:,.0f}", f"{sizes[key] / 1e6:.2f}",
                      f"{median / ours:.2f}×")
    Console().print(table)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("POLARS_MAX_THREADS", "1")
    sys.exit(main())
