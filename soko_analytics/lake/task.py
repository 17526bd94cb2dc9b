"""One task of a lake build, run in a Dask worker: a group of files read by the store's own reader, their rows
written as staged Parquet parts.

A task reads its files exactly as ``soko import`` does (:func:`~soko_analytics.store.reading.core_chunks`: the
compiled core's reader, read, audit, facts, Arrow out; the Python readers for the files the core leaves), keeps
the first copy of a hand read twice in one file (as the store's writer does), and writes each table's rows under
``_staging/<task>/<table>/<partition>/part.parquet``. It returns, small, what the driver needs to decide across
tasks which copy of each hand is stored: every hand's key, content hash, file and partition, and the quarantine
records read. The staged parts are read again by the compaction (:mod:`.compact`), never by a reader of the lake.
"""

from __future__ import annotations

import gc
import shutil
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from ..store.reading import FileInfo, Task, core_chunks, with_file_texts
from ..store.rows import SCHEMAS
from ..store.writing import HAND_TABLES, ORIGIN, _first_copy, with_heroes
from .layout import PARTITION, STAGING, partitions, write_part

KEY_COLUMNS = ("hand_key", "content_hash", "import_id", "hand_id", "row", PARTITION)
"""What a task tells the driver of each hand it read."""


@dataclass(frozen=True)
class TaskSpec:
    """A task: its files (each with its import id), the lake's folder, ``--hero`` names, and its name (made of its
    files' names, sizes and times: a re-run of the same files writes, and replaces, the same staged parts)."""

    name: str
    files: tuple[Task, ...]
    out: str
    heroes: tuple[str, ...] = ()
    with_audit: bool = True

    @property
    def staging(self) -> Path:
        return Path(self.out) / STAGING / self.name


@dataclass
class TaskResult:
    """What a task gives the driver (see the module text)."""

    name: str
    keys: pl.DataFrame
    quarantine: pl.DataFrame
    infos: dict[int, FileInfo]
    parts: list[tuple[str, str, str]] = field(default_factory=list)
    """The staged parts written: (table, partition folder, path)."""
    same_in_file: dict[int, int] = field(default_factory=dict)
    """Per import id: copies of a hand read again in the same file, with the same content (not stored twice)."""
    seconds: float = 0.0


def run_task(spec: TaskSpec) -> TaskResult:
    """Read a task's files and write their staged parts (see the module text)."""
    started = time.perf_counter()
    shutil.rmtree(spec.staging, ignore_errors=True)  # a killed run's half-written parts of this task
    files = {task.import_id: task for task in spec.files}
    todo = deque(spec.files)
    gathered: dict[str, list[pl.DataFrame]] = {name: [] for name in (*HAND_TABLES, "quarantine")}
    infos: dict[int, FileInfo] = {}
    for chunk in core_chunks(lambda: todo.popleft() if todo else None, "auto", spec.with_audit):
        for name in HAND_TABLES:
            frame = chunk.frames[name]
            gathered[name].append(frame if "import_id" in frame.columns
                                  else frame.with_columns(chunk.origin(name).alias("import_id")))
        gathered["quarantine"].append(with_file_texts(chunk.frames["quarantine"], files))
        infos.update((share.import_id, share.info) for share in chunk.files if share.info is not None)
    frames = {name: pl.concat(parts, how="vertical_relaxed") if parts else _empty(name)
              for name, parts in gathered.items()}
    if spec.heroes:
        frames["hands"] = with_heroes(frames["hands"], frames["seats"], spec.heroes)
    frames, same, conflicts = _first_copies(frames)
    where = partitions(frames["hands"])
    parts = [part for name in HAND_TABLES for part in _write_staged(frames[name], name, where, spec.staging)]
    keys = frames["hands"].with_row_index("row").join(where, on=["hand_key", "import_id"]).select(KEY_COLUMNS)
    quarantine = pl.concat([frames["quarantine"], conflicts], how="vertical_relaxed")
    # The core's text streams may not be dropped on another thread than the one that made them; a cycle holding one,
    # left to the collector, could be collected on Dask's event-loop thread (pyo3 then prints a RuntimeError, as seen
    # in bench/lake.py's process during its soko import beside a Dask client): collected here, in this thread.
    del frames, gathered
    gc.collect()
    return TaskResult(spec.name, keys, quarantine, infos, parts, same, time.perf_counter() - started)


def _empty(table: str) -> pl.DataFrame:
    frame = pl.DataFrame(schema=SCHEMAS[table])
    return frame if "import_id" in frame.columns else frame.with_columns(pl.lit(None, pl.Int32).alias("import_id"))


def _first_copies(frames: dict[str, pl.DataFrame]) -> tuple[dict[str, pl.DataFrame], dict[int, int], pl.DataFrame]:
    """The rows of the first copy of each hand in its file (the store's writer keeps that one); per import id the
    later copies of the same content; and the later copies of another content, as ``conflict`` records."""
    hands = frames["hands"].with_row_index("row")
    repeated = hands.filter(pl.struct("hand_key", "import_id").is_duplicated())
    if repeated.is_empty():
        return frames, {}, conflict_records(hands.clear())
    first = hands.unique(["hand_key", "import_id"], keep="first", maintain_order=True)
    later = hands.join(first.select("row"), on="row", how="anti").join(
        first.select("hand_key", "import_id", pl.col("content_hash").alias("first_hash")), on=["hand_key", "import_id"])
    same = later.filter(pl.col("content_hash") == pl.col("first_hash"))
    conflicts = conflict_records(later.filter(pl.col("content_hash") != pl.col("first_hash")))
    keys = set(repeated["hand_key"].to_list())
    kept = {"hands": first.drop("row"), "quarantine": frames["quarantine"]}
    for name in HAND_TABLES[1:]:
        frame = frames[name].rename({"import_id": ORIGIN})
        kept[name] = frame.filter(_first_copy(frame, name, keys)).rename({ORIGIN: "import_id"})
    counts = dict(same.group_by("import_id").len().iter_rows())
    return kept, counts, conflicts


def conflict_records(clash: pl.DataFrame) -> pl.DataFrame:
    """Quarantine records of hands whose id is stored with another content, in the store's words
    (:mod:`soko_analytics.store.writing`)."""
    from ..store import drift

    records = clash.select(
        pl.col("import_id").cast(pl.Int32), "source_file", "source_line", "hand_id", pl.lit("conflict").alias("kind"),
        pl.format("a different hand {} of {} is already stored", "hand_id", "site").alias("reason"),
        "raw", "content_hash", pl.lit(None, pl.Int32).alias("resolved_by"), "format")
    return drift.fill(records).with_columns(pl.lit(None, pl.Int64).alias("size")).select(
        pl.col(name).cast(kind) for name, kind in SCHEMAS["quarantine"].items())


def _write_staged(frame: pl.DataFrame, table: str, where: pl.DataFrame,
                  staging: Path) -> list[tuple[str, str, str]]:
    """A table's rows, a part per partition of their hands: (table, partition, path) of each."""
    if frame.is_empty():
        return []
    folders = where[PARTITION].unique()
    if len(folders) == 1:  # the task's hands in one partition (a session's file: one game, one month): no join
        groups = [(folders[0], frame)]
    else:
        placed = frame.join(where, on=["hand_key", "import_id"], how="inner", maintain_order="left")
        groups = [(folder, rows) for (folder,), rows in placed.group_by([PARTITION], maintain_order=True)]
    written = []
    for folder, rows in groups:
        target = staging / table / str(folder) / "part.parquet"
        write_part(rows, table, target)
        written.append((table, str(folder), str(target)))
    return written
