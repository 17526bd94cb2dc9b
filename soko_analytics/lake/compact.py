"""The driver's decisions after a build's tasks, and the compaction that writes each partition's final part.

Tasks run apart, so a hand in two files of two tasks is staged twice. The driver decides from the keys the tasks
return (:func:`decide`), as the store's writer decides chunk after chunk: of the copies of a hand (same site and
hand id, so the same ``hand_key``), the one already in the lake stays, else the first read in the files' order
(their import ids) is stored; a later copy with the same content hash is a duplicate, dropped; one with another
content is a ``conflict``, quarantined with its raw text. Then each partition the build staged is compacted
(:func:`compact_partition`, in a worker): for each table, its staged parts read, the dropped copies left out, one
final part written (named by the build's tasks: a re-run of the same build writes the same name); a table's single
staged part with nothing to drop is renamed into place, not written again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from ..store.rows import SCHEMAS
from .layout import write_part
from .task import conflict_records

COPY = ["hand_key", "import_id"]
"""What names one copy of a hand: its key and the file it was read from."""


def decide(new: pl.DataFrame, stored: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The copies of ``new`` (the tasks' keys) to store, and those to drop (with ``conflict``: another content than
    the copy stored), given the keys and content hashes already ``stored`` in the lake."""
    new = new.sort("import_id", "row")
    first = new.unique("hand_key", keep="first", maintain_order=True)
    seen = new.join(first.select("hand_key", pl.col("content_hash").alias("first_hash"),
                                 pl.col("import_id").alias("first_import")), on="hand_key", maintain_order="left"
                    ).join(stored.select("hand_key", pl.col("content_hash").alias("stored_hash")),
                           on="hand_key", how="left", maintain_order="left")
    winner = pl.col("stored_hash").is_null() & (pl.col("import_id") == pl.col("first_import"))
    kept = seen.filter(winner).drop("first_hash", "first_import", "stored_hash")
    dropped = seen.filter(~winner).with_columns(
        (pl.coalesce("stored_hash", "first_hash") != pl.col("content_hash")).alias("conflict"))
    return kept, dropped.drop("first_hash", "first_import", "stored_hash")


@dataclass(frozen=True)
class Compaction:
    """One partition of a build: each table's staged parts there, the copies to drop there, and the name of its
    final parts (``<table>/<partition>/part-<run>.parquet`` under the lake's folder ``out``)."""

    partition: str
    staged: dict[str, tuple[str, ...]]
    dropped: pl.DataFrame
    out: str
    run: str

    @property
    def renames(self) -> bool:
        """Whether every table's one staged part here is renamed into place (nothing to merge, nothing to drop)."""
        return self.dropped.is_empty() and all(len(parts) == 1 for parts in self.staged.values())


@dataclass
class Compacted:
    """What a compaction wrote of one table: the final part (None when every row was dropped), its rows (-1: a
    staged part renamed, not counted) and bytes,
    and the ``conflict`` records of the dropped copies (``hands`` only)."""

    table: str
    final: str | None
    rows: int
    bytes: int
    conflicts: pl.DataFrame


_NO_CONFLICTS = conflict_records(pl.DataFrame(schema=SCHEMAS["hands"]))
"""No ``conflict`` records (made once: a rename returns it for every table of every partition)."""


def compact_partition(job: Compaction) -> list[Compacted]:
    """Write one partition's final parts (see the module text): a table's one staged part with nothing to drop is
    renamed into place, several are merged into one."""
    return [_compact(job, table, staged) for table, staged in job.staged.items()]


def _compact(job: Compaction, table: str, staged: tuple[str, ...]) -> Compacted:
    final = f"{table}/{job.partition}/part-{job.run}.parquet"
    target = Path(job.out) / final
    conflicts = _NO_CONFLICTS
    if len(staged) == 1 and job.dropped.is_empty():
        target.parent.mkdir(parents=True, exist_ok=True)
        if Path(staged[0]).exists() or not target.exists():  # else moved by a worker killed after it: run again
            os.replace(staged[0], target)
        return Compacted(table, final, -1, target.stat().st_size, conflicts)
    rows = pl.concat([pl.read_parquet(path) for path in staged], how="vertical_relaxed")
    if len(job.dropped):
        if table == "hands":
            clash = job.dropped.filter(pl.col("conflict")).select(COPY)
            conflicts = conflict_records(rows.join(clash, on=COPY, how="semi", maintain_order="left"))
        rows = rows.join(job.dropped.select(COPY), on=COPY, how="anti", maintain_order="left")
    if rows.is_empty():
        return Compacted(table, None, 0, 0, conflicts)
    return Compacted(table, final, len(rows), write_part(rows, table, target), conflicts)
