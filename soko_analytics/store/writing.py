"""Writing an import's chunks into the store: dedup by hand key, conflicts, quarantine, the files' records.

:class:`FileWriter` takes the chunks of a run (:mod:`.reading`) in the order they come and writes each
in one transaction, each file's record with its last chunk. A chunk that cannot be written fails its own
file only: the file is not recorded as imported, and the quarantine says why.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

import polars as pl

from ..errors import SokoError, StoreError
from ..parsers import Quarantined
from ..parsers.base import InternalError, quarantine
from .duck import disk_full, frame, registered
from .reading import Chunk
from .rows import Batch

if TYPE_CHECKING:
    from .db import Store

HAND_TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "tournament_finishes")
RESOLVABLE = ("malformed", "incomplete", "unsupported", "internal", "too_large")
"""Kinds of hand records that a later import storing the same hand id resolves."""


@dataclass
class FileResult:
    """What importing one file did."""

    path: str
    skipped: bool = False
    """Already imported, unchanged."""
    stored: int = 0
    duplicate: int = 0
    quarantined: int = 0
    internal: int = 0
    """Of the quarantined, hands that met a bug of ours."""
    error: str | None = None
    """Why the file could not be read at all (it is in the quarantine as unreadable, not recorded as imported)."""
    format: str | None = None


@dataclass
class ImportSummary:
    files: list[FileResult] = field(default_factory=list)
    seconds: float = 0.0
    problems: list[Quarantined] = field(default_factory=list)
    """What a folder walk could not walk (unreadable sub-folders, broken or looping links)."""
    renamed: int = 0
    """Hands stored before (files skipped as unchanged, hands already in the store) whose ``hero`` the
    run's ``--hero`` names changed."""

    @property
    def stored(self) -> int:
        return sum(f.stored for f in self.files)

    @property
    def duplicate(self) -> int:
        return sum(f.duplicate for f in self.files)

    @property
    def quarantined(self) -> int:
        return sum(f.quarantined for f in self.files)

    @property
    def internal(self) -> int:
        return sum(f.internal for f in self.files)

    @property
    def skipped_files(self) -> int:
        return sum(f.skipped for f in self.files)

    @property
    def failed_files(self) -> int:
        return sum(f.error is not None for f in self.files)

    def line(self) -> str:
        rate = (self.stored + self.duplicate + self.quarantined) / self.seconds if self.seconds else 0
        failed = f", {self.failed_files} not readable" if self.failed_files else ""
        return (f"{len(self.files)} files ({self.skipped_files} unchanged, skipped{failed}): {self.stored} hands "
                f"stored, {self.duplicate} already in the store, {self.quarantined} quarantined; "
                f"{self.seconds:.1f} s, {rate:,.0f} hands/s"
                + (f"; the hero of {self.renamed} hands stored before changed (--hero)" if self.renamed else ""))


def with_heroes(hands: pl.DataFrame, seats: pl.DataFrame, heroes: tuple[str, ...]) -> pl.DataFrame:
    """``hands`` with each hand's ``hero`` the first of ``heroes`` (in their order) seated in it, NULL where none
    is (``soko import --hero``): a join of the chunk's seats, not a loop over its hands."""
    named = list(dict.fromkeys(heroes))
    ranks = pl.DataFrame({"player": named, "rank": list(range(len(named)))},
                         schema={"player": pl.String, "rank": pl.Int32})
    first = (seats.select("hand_key", "player").join(ranks, on="player")
             .sort("hand_key", "rank").unique("hand_key", keep="first"))
    hero = pl.col("hand_key").replace_strict(first["hand_key"], first["player"], default=None,
                                             return_dtype=pl.String)
    return hands.with_columns(hero.alias("hero"))


class FileWriter:
    """Writes the chunks of a run (see the module text)."""

    def __init__(self, store: Store, run_id: int, summary: ImportSummary, progress: Callable[[FileResult], None] | None,
                 on_chunk: Callable[[int], None] | None, strict: bool, heroes: tuple[str, ...] = ()) -> None:
        self.store, self.con = store, store.con
        self.run_id, self.summary, self.progress, self.on_chunk = run_id, summary, progress, on_chunk
        self.strict = strict
        self.heroes = heroes
        """``--hero``: the names of the store's owner; each hand's hero is the first of them seated in it."""
        self.known: list[pl.Series] = []
        """With ``heroes``: the keys of the hands read that were already stored (their hero is set after the run)."""
        self.next_id = self.first_id = store._next_import_id()
        self.open: dict[str, tuple[int, FileResult, list[pl.DataFrame], float]] = {}
        """Files part-written: import id, result so far, quarantine hashes seen, start time."""

    def write(self, chunk: Chunk) -> None:
        """Write a chunk in one transaction."""
        if chunk.path not in self.open:
            self.open[chunk.path] = (self.next_id, FileResult(chunk.path), [], time.perf_counter())
            self.next_id += 1
        import_id, result, seen, started = self.open[chunk.path]
        seen.append(chunk.frames["quarantine"].select("kind", "content_hash", "source_file", "reason"))

        def work() -> None:
            self._write_hands(chunk, import_id, result)
            if chunk.info is not None:
                self._finish(chunk, import_id, result, pl.concat(seen), started)

        try:
            self.store._transaction(work, chunk.path)
        except StoreError as err:
            if disk_full(err):
                raise StoreError(f"{err.reason}; the files before it are committed", path=err.path) from None
            self._failed(chunk, import_id, result, err)
        except Exception as err:  # noqa: BLE001 - a bug of ours writing one chunk fails its file, not the run
            if self.strict:
                raise
            self._failed(chunk, import_id, result, InternalError.of(err, path=chunk.path))
        self._done(chunk)

    def _done(self, chunk: Chunk) -> None:
        """A chunk committed: progress, and the file's result once it is the file's last."""
        if self.on_chunk:
            self.on_chunk(chunk.hands)
        if chunk.info is not None:
            result = self.open.pop(chunk.path)[1]
            self.summary.files.append(result)
            if self.progress:
                self.progress(result)

    def _failed(self, chunk: Chunk, import_id: int, result: FileResult, err: SokoError) -> None:
        """A chunk that could not be written: the file is not recorded as imported, and the quarantine says why."""
        reason = f"{chunk.hands:,} hands of this file could not be written to the store: {err.reason}"
        result.error = reason
        batch = Batch()
        batch.add_quarantine(quarantine(InternalError(reason), "", chunk.path, 0, None), 0)
        self.store._transaction(lambda: self.store._insert_quarantine(batch.quarantine_frame(), import_id),
                                chunk.path)
        result.quarantined += 1
        result.internal += 1

    def _write_hands(self, chunk: Chunk, import_id: int, result: FileResult) -> None:
        frames = {name: df.with_columns(pl.lit(import_id, pl.Int32).alias("import_id"))
                  if "import_id" in df.columns else df for name, df in chunk.frames.items()}
        if self.heroes:
            frames["hands"] = with_heroes(frames["hands"], frames["seats"], self.heroes)
        hands = frames["hands"].with_row_index("row")
        keys = hands.select("row", "hand_key", "content_hash")
        first = keys.unique("hand_key", keep="first", maintain_order=True)
        with registered(self.con, "incoming_keys", first.select("hand_key").to_arrow()):
            stored = frame(self.con.execute(
                "SELECT hand_key, content_hash AS stored_hash FROM hands "
                "WHERE hand_key IN (SELECT hand_key FROM incoming_keys)"))
        # Most chunks of an import are all new (no key stored, none twice): their rows go in whole.
        all_new = stored.is_empty() and len(first) == len(keys)
        if stored.is_empty():
            stored = pl.DataFrame(schema={"hand_key": pl.Int64, "stored_hash": pl.Utf8})
        seen = keys.join(first.select("hand_key", pl.col("content_hash").alias("first_hash"),
                                      pl.col("row").alias("first_row")), on="hand_key"
                         ).join(stored, on="hand_key", how="left")
        # A hand is new when it is the first with its key in the chunk and the key is not stored.
        new = seen.filter(pl.col("stored_hash").is_null() & (pl.col("row") == pl.col("first_row")))
        same = seen.filter((pl.coalesce("stored_hash", "first_hash") == pl.col("content_hash"))
                           & ~pl.col("row").is_in(new["row"].implode()))
        conflict = seen.filter(pl.coalesce("stored_hash", "first_hash") != pl.col("content_hash"))
        if self.heroes and len(same):
            self.known.append(same["hand_key"])
        new_keys = new.select("hand_key")
        for name in HAND_TABLES:
            if all_new:
                df = frames[name]
            elif name == "hands":
                df = hands.filter(pl.col("row").is_in(new["row"].implode())).drop("row")
            else:
                df = frames[name].join(new_keys, on="hand_key", how="semi")
            if len(df):
                written = chunk.parts.get(name) if all_new and chunk.parts else None
                self.store._insert(name, df, written=written)
        quarantine = frames["quarantine"]
        if len(conflict):
            clash = hands.filter(pl.col("row").is_in(conflict["row"].implode()))
            quarantine = pl.concat([quarantine, clash.select(
                pl.lit(import_id, pl.Int32).alias("import_id"), "source_file", "source_line", "hand_id",
                pl.lit("conflict").alias("kind"),
                pl.format("a different hand {} of {} is already stored", "hand_id", "site").alias("reason"),
                "raw", "content_hash", pl.lit(None, pl.Int32).alias("resolved_by"))], how="vertical_relaxed")
        added, known = self.store._insert_quarantine(quarantine, import_id)
        if len(new):  # earlier records of hands stored now are resolved
            stored_ids = hands.join(new.select("row"), on="row").select("hand_id").to_arrow()
            with registered(self.con, "stored_ids", stored_ids):
                self.con.execute(f"""
                    UPDATE quarantine SET resolved_by = $id WHERE resolved_by IS NULL AND import_id <> $id
                    AND kind IN {RESOLVABLE} AND hand_id IN (SELECT hand_id FROM stored_ids)""", {"id": import_id})
        result.stored += len(new)
        result.duplicate += len(same) + known  # a hand quarantined before is "already in the store" too
        result.quarantined += added
        result.internal += int((quarantine["kind"] == "internal").sum())

    def _finish(self, chunk: Chunk, import_id: int, result: FileResult, seen: pl.DataFrame, started: float) -> None:
        """The file's record, and the resolution of the records its earlier reads left that this read did not."""
        info = chunk.info
        assert info is not None
        result.format = info.format
        with registered(self.con, "seen", seen.to_arrow()):
            self.con.execute("""
                UPDATE quarantine SET resolved_by = $id WHERE resolved_by IS NULL AND import_id <> $id
                AND (source_file = $path OR starts_with(source_file, $member))
                AND NOT EXISTS (SELECT 1 FROM seen s WHERE s.kind = quarantine.kind
                    AND s.content_hash = quarantine.content_hash
                    AND (quarantine.raw <> '' OR s.reason = quarantine.reason))""",
                             {"id": import_id, "path": info.path, "member": info.path + ":"})
        if info.failed is not None or result.error is not None:
            result.error = result.error or info.failed
            return
        self.con.execute(
            "INSERT INTO imports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [import_id, self.run_id, info.path, info.size, info.mtime, info.content_hash, info.format,
             result.stored, result.duplicate, result.quarantined, datetime.now(),
             int((time.perf_counter() - started) * 1000)])

