"""The columnar DuckDB store: the only module that imports duckdb.

:class:`Store` opens (and creates or upgrades) a DuckDB file whose tables are
defined by the versioned DDL shipped in the package (``soko_analytics/schemas``,
also ``schemas/`` at the top of the checkout). :meth:`Store.import_paths` reads
hand-history files (:mod:`.reading`, in worker processes) and writes their rows
in bulk, a chunk of hands per transaction: a file already imported unchanged is
skipped, a hand already stored (same site and id, same content) is not stored
twice, a different hand under a stored id is quarantined as a conflict, and
every hand ends up stored or quarantined with its reason and raw text. A file
that could not be read at all is reported and quarantined, never recorded as
imported, so the next run tries it again. An import that is killed leaves every
committed chunk whole; running it again finishes the job.
"""

from __future__ import annotations

import os
import re
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import cast

import duckdb
import polars as pl

from ..errors import SokoError
from ..model.hand import Hand
from ..native import core
from ..parsers import Quarantined, iter_files, read_text
from ..parsers.base import InternalError, quarantine
from .compact import compact, needs_compacting, swap
from .facts import rollup_sql
from .keys import content_hash
from .reading import CORE_FORMATS, Chunk, Readers, file_hash, read_chunks
from .rows import Batch

TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "player_days", "quarantine",
          "imports")
HAND_TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands")
DEFAULT_DB = "soko.duckdb"
CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "autoinstall_known_extensions": False, "autoload_known_extensions": False}
"""No extension is ever downloaded or loaded behind the user's back (a SQLite file would ask for one)."""
IMPORT_CHECKPOINT = "128MB"
"""DuckDB's checkpoint threshold during an import (its default is 16 MB): see ``docs/core.md``, import speed."""
RESOLVABLE = ("malformed", "incomplete", "unsupported", "internal", "too_large")
"""Kinds of hand records that a later import storing the same hand id resolves."""


class StoreError(SokoError):
    """The store cannot be opened, upgraded or written."""


class Interrupted(SokoError):
    """An import stopped by Ctrl-C; ``summary`` says what was committed."""

    summary: ImportSummary


def migrations() -> list[tuple[int, str, str]]:
    """(version, file name, DDL) of each ``NNN_name.sql`` shipped in the package, in version order."""
    folder = resources.files("soko_analytics") / "schemas"
    if not folder.is_dir():
        raise StoreError(f"the schema files are missing from the installed package ({folder})")
    found = []
    for entry in folder.iterdir():
        m = re.match(r"^(\d+)_.*\.sql$", entry.name)
        if m:
            found.append((int(m.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)


LATEST = max(v for v, _, _ in migrations())


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
                f"{self.seconds:.1f} s, {rate:,.0f} hands/s")


def _connect(path: str, read_only: bool) -> duckdb.DuckDBPyConnection:
    try:
        con = duckdb.connect(path, read_only=read_only, config=CONFIG)
    except duckdb.Error as err:
        text = str(err)
        if "lock" in text.lower():
            pid = re.search(r"PID (\d+)", text)
            holder = f" (process {pid.group(1)})" if pid else ""
            raise StoreError(f"the store is in use by another program{holder}, most likely a soko import; "
                             "try again when it has finished", path=path) from None
        if "sqlite" in text.lower():
            raise StoreError("a SQLite database, not a DuckDB store (no extension is loaded to read it)",
                             path=path) from None
        if "not a valid DuckDB database" in text or "Unknown file" in text.lower():
            raise StoreError("not a DuckDB store (the file is of another kind)", path=path) from None
        reason = text.splitlines()[0] if text else type(err).__name__
        raise StoreError(f"cannot open the store: {reason}", path=path) from None
    try:
        con.execute("SET memory_limit = '1GB'")  # bound the buffer pool whatever the store's size
    except BaseException:
        con.close()
        raise
    return con


class Store:
    """A DuckDB file of hands; ``with Store(path) as store: ...``.

    Opened for writing, an older store is upgraded in one transaction; opened
    ``read_only``, an older store is a StoreError that says so (see
    :func:`open_for_reading`).
    """

    def __init__(self, path: str | Path = DEFAULT_DB, read_only: bool = False) -> None:
        self.path = str(path)
        if read_only and not Path(self.path).is_file():
            raise StoreError("no store here", path=self.path)
        self.con = _connect(self.path, read_only)
        try:
            self._check_version(read_only)
        except BaseException:
            self.con.close()
            raise

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.con.close()

    # -- schema ------------------------------------------------------------------------

    def version(self) -> int:
        tables = {t for (t,) in self.con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'").fetchall()}
        if "schema_version" not in tables:
            if tables:
                listed = ", ".join(sorted(tables)[:5])
                raise StoreError(f"not a soko_analytics store: it has tables ({listed}) but no schema_version; "
                                 "give another --db", path=self.path)
            return 0
        return self.con.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchall()[0][0]

    def _check_version(self, read_only: bool) -> None:
        current = self.version()
        if current > LATEST:
            raise StoreError(f"the store was made by a newer soko_analytics (schema version {current}; this one "
                             f"knows up to {LATEST}): upgrade soko_analytics", path=self.path)
        if current == LATEST:
            return
        if read_only:
            raise StoreError(f"the store needs an upgrade (schema version {current} to {LATEST}), which needs "
                             "write access to the file", path=self.path)
        self._upgrade(current)

    def _upgrade(self, current: int) -> None:
        """Apply every newer DDL file, and fill the tables they add from the stored hands, in one transaction."""
        self.con.execute("BEGIN TRANSACTION")
        try:
            for version, name, ddl in migrations():
                if version <= current:
                    continue
                try:
                    self.con.execute(ddl)
                except duckdb.Error as err:
                    raise StoreError(f"cannot apply {name}: {err}", path=self.path) from None
                self.con.execute("INSERT INTO schema_version (version) VALUES (?)", [version])
            if 0 < current < 2:
                self._backfill_player_hands()
            if 0 < current < 3:
                self.con.execute(f"INSERT INTO player_days {rollup_sql('player_hands')}")
            if 0 < current < 6:
                self._backfill_stats_fixes(current)
            if 0 < current < 8:
                self._rehash_hands()
            self.con.execute("COMMIT")
        except BaseException:
            _rollback(self.con)
            raise

    def _rehash_hands(self) -> None:
        """Schema 8 (008_content_hash_v2.sql): every stored hand's content hash recomputed (hand-v2) from its
        raw text, read again in the format it was stored from (the core's reader for the PokerStars family,
        the Python readers for the others); a hand whose text no longer reads keeps its hash."""
        stored = self.query("SELECT hand_key, format, raw FROM hands")
        new: list[tuple[int, str]] = []
        for (fmt,), group in stored.group_by(["format"]):
            keys, raws = group["hand_key"].to_list(), group["raw"].to_list()
            if fmt in CORE_FORMATS:
                hashes = core.content_hashes(raws, fmt)
            else:
                hashes = [_python_hash(raw, str(fmt)) for raw in raws]
            new.extend((k, h) for k, h in zip(keys, hashes) if h is not None)
        if new:
            frame = pl.DataFrame(new, schema={"hand_key": pl.Int64, "content_hash": pl.String}, orient="row")
            with _registered(self.con, "rehashed", frame):
                self.con.execute("UPDATE hands SET content_hash = r.content_hash FROM rehashed r "
                                 "WHERE hands.hand_key = r.hand_key")

    def _backfill_stats_fixes(self, current: int) -> None:
        """Schema 6 (006_stats_fixes.sql): recompute from their raw text the ``player_hands`` rows, and the
        seats' positions and money, of the hands its fixes change (hold'em of five players or fewer:
        positions counted back from the button; spread limit: the unit; a cash-out: all-in adjusted
        winnings; a total pot the put-in does not match: an uncalled bet without its line), then fill
        ``player_days``, whose key gained the structure, again. A store older than 2 has just had every
        row computed."""
        if current < 2:
            return
        batch = Batch()
        for raw, fmt, path, _line in self.con.execute("""
                SELECT raw, format, source_file, source_line FROM hands h
                WHERE (button IS NOT NULL AND players_dealt <= 5) OR structure = 'spread'
                   OR EXISTS (SELECT 1 FROM seats s WHERE s.hand_key = h.hand_key AND s.cash_out <> 0)
                   OR total_pot <> (SELECT sum(s.put_in) FROM seats s WHERE s.hand_key = h.hand_key)""").fetchall():
            for item in read_text(raw, path, fmt):
                if isinstance(item, Hand):
                    batch.add_hand(item, fmt, 0)
        frames = batch.to_frames()
        if len(frames["player_hands"]):
            seats = frames["seats"].select("hand_key", "seat", "position", "put_in", "collected", "cash_out", "net")
            with _registered(self.con, "fixed_seats", seats.to_arrow()):
                self.con.execute("""
                    UPDATE seats SET position = f.position, put_in = f.put_in, collected = f.collected,
                        cash_out = f.cash_out, net = f.net
                    FROM fixed_seats f WHERE seats.hand_key = f.hand_key AND seats.seat = f.seat""")
                self.con.execute("DELETE FROM player_hands WHERE hand_key IN (SELECT hand_key FROM fixed_seats)")
            self._insert("player_hands", frames["player_hands"], rollup=False)
        self.con.execute("DELETE FROM player_days")
        self.con.execute(f"INSERT INTO player_days {rollup_sql('player_hands')}")

    def _backfill_player_hands(self) -> None:
        """Fill ``player_hands`` (schema 2) for the hands of an older store, from their raw text."""
        rows = self.con.execute("SELECT raw, format, source_file FROM hands").fetchall()
        batch = Batch()
        for raw, fmt, path in rows:
            for item in read_text(raw, path, fmt):
                if isinstance(item, Hand):
                    batch.add_hand(item, fmt, 0)
        frame = batch.to_frames()["player_hands"]
        if len(frame):
            self._insert("player_hands", frame, rollup=False)  # player_days is filled from it next

    # -- reading -----------------------------------------------------------------------

    def query(self, sql: str, params: list | None = None) -> pl.DataFrame:
        """Any SQL over the store, as a Polars DataFrame."""
        return _frame(self.con.execute(sql, params or []))

    def table(self, name: str) -> pl.DataFrame:
        if name not in TABLES:
            raise StoreError(f"no table {name!r}", expected=", ".join(TABLES), actual=name)
        return self.query(f"SELECT * FROM {name}")

    def hands(self) -> pl.DataFrame:
        return self.table("hands")

    def seats(self) -> pl.DataFrame:
        return self.table("seats")

    def actions(self) -> pl.DataFrame:
        return self.table("actions")

    def cards(self) -> pl.DataFrame:
        return self.table("cards")

    def pots(self) -> pl.DataFrame:
        return self.table("pots")

    def findings(self) -> pl.DataFrame:
        return self.table("findings")

    def quarantine(self, resolved: bool = False) -> pl.DataFrame:
        """What could not be stored (the records still open; every record with ``resolved``)."""
        return self.query("SELECT * FROM quarantine" + ("" if resolved else " WHERE resolved_by IS NULL"))

    def imports(self) -> pl.DataFrame:
        return self.table("imports")

    def raw_hands(self, hand_id: str | None = None) -> list[tuple[str, str, str, int]]:
        """(raw text, format, source file, source line) of the stored hands (or of one hand id)."""
        sql = "SELECT raw, format, source_file, source_line FROM hands"
        if hand_id is not None:
            return self.con.execute(sql + " WHERE hand_id = ? ORDER BY source_file, source_line", [hand_id]).fetchall()
        return self.con.execute(sql + " ORDER BY start_utc NULLS LAST, source_file, source_line").fetchall()

    # -- importing ---------------------------------------------------------------------

    def _unchanged_file(self, path: Path, name: str) -> bool:
        """Imported before (and read then) under this name with the same size and content."""
        try:
            size = path.stat().st_size
        except OSError:
            return False
        known = self.con.execute("SELECT content_hash FROM imports WHERE path = ? AND size = ?",
                                 [name, size]).fetchall()
        return bool(known) and file_hash(path) in {h for (h,) in known}

    def _next_import_id(self) -> int:
        """Past every id in use: a killed import may have committed chunks of a file it never recorded."""
        return self.con.execute("""SELECT greatest((SELECT max(import_id) FROM imports),
            (SELECT max(import_id) FROM hands), (SELECT max(import_id) FROM quarantine), 0) + 1""").fetchall()[0][0]

    def import_paths(self, paths: Iterable[str | Path], format: str = "auto", jobs: int = 1,
                     with_audit: bool = True, progress: Callable[[FileResult], None] | None = None,
                     strict: bool = False, force: bool = False,
                     on_chunk: Callable[[int], None] | None = None,
                     names: dict[Path, str] | None = None) -> ImportSummary:
        """Import files and folders (see the module text); ``jobs`` processes read in parallel.

        ``progress`` is called with each file's result, ``on_chunk`` with the hands of each chunk
        written; ``force`` re-reads files imported before unchanged; ``strict`` raises on a bug of
        ours instead of quarantining the hand (and reads in this process); ``names`` gives the name the store
        records for a path (``<stdin>`` for standard input spooled to a file).
        """
        names = names or {}
        started = time.perf_counter()
        summary = ImportSummary()
        run_id = self.con.execute("SELECT coalesce(max(run_id), 0) + 1 FROM imports").fetchall()[0][0]
        files: list[tuple[str, str]] = []
        for item in iter_files(paths):
            if isinstance(item, Quarantined):
                summary.problems.append(item)
                continue
            name = names.get(item, str(item))
            if not force and self._unchanged_file(item, name):
                summary.files.append(FileResult(name, skipped=True))
                if progress:
                    progress(summary.files[-1])
            else:
                files.append((str(item), name))
        if summary.problems:
            self._write_problems(summary.problems)
        writer = _FileWriter(self, run_id, summary, progress, on_chunk, strict)
        # Each checkpoint rewrites the tables' last, partly filled row groups (the raw text recompressed):
        # fewer of them during an import cost a larger write-ahead log and less time.
        self.con.execute(f"SET checkpoint_threshold = '{IMPORT_CHECKPOINT}'")
        try:
            for chunk in _chunks(files, format, jobs, with_audit, strict):
                writer.write(chunk)
        except KeyboardInterrupt:
            summary.seconds = time.perf_counter() - started
            # What is committed is read from the store: a chunk committed just before Ctrl-C may not be counted yet.
            hands, of_files = self.con.execute(
                "SELECT count(*), count(DISTINCT import_id) FROM hands WHERE import_id >= ?", [writer.first_id]
            ).fetchall()[0]
            error = Interrupted(f"interrupted: {hands:,} hands of {of_files} files are committed; "
                                "run the same command again to import the rest", path=self.path)
            error.summary = summary
            raise error from None
        finally:
            _reset_checkpoint(self.con)
        if files:  # fold the write-ahead log into the file, compressed, and give back its free blocks
            self._transaction(lambda: None, "the write-ahead log", sql="CHECKPOINT")
            self._compact()
        summary.seconds = time.perf_counter() - started
        return summary

    def _compact(self) -> None:
        """Copy the store into a file without the free blocks its checkpoints left, when they are many
        (:mod:`.compact`); a copy that cannot be made (a full disk) leaves the store as it was."""
        if not Path(self.path).is_file() or not needs_compacting(self.con):
            return
        try:
            compact(self.con, self.path)
        except duckdb.Error:
            return
        swap(self.path)
        self.con = _connect(self.path, read_only=False)

    def _write_problems(self, problems: list[Quarantined]) -> None:
        batch = Batch()
        for q in problems:
            batch.add_quarantine(q, 0)
        self._transaction(lambda: self._insert_quarantine(batch.to_frames()["quarantine"], self._next_import_id()),
                          "the folder problems")

    def _transaction(self, work: Callable[[], object], what: str, sql: str | None = None) -> None:
        """Run ``work`` in one transaction (or one statement ``sql``); a failure rolls it back and says what
        could not be written, never hiding the cause behind a failed rollback."""
        if sql is not None:
            try:
                self.con.execute(sql)
            except duckdb.Error as err:
                raise StoreError(f"cannot write {what} to the store: {_first_line(err)}", path=self.path) from None
            return
        self.con.execute("BEGIN TRANSACTION")
        try:
            work()
            self.con.execute("COMMIT")
        except RuntimeError as err:
            _rollback(self.con)
            if interrupted(err):  # DuckDB turns Ctrl-C during a query into this
                raise KeyboardInterrupt from None
            raise
        except duckdb.Error as err:
            _rollback(self.con)
            raise StoreError(f"cannot write {what} to the store: {_first_line(err)}", path=self.path) from None
        except BaseException:
            _rollback(self.con)
            raise

    def _insert(self, table: str, frame: pl.DataFrame, rollup: bool = True) -> None:
        with _registered(self.con, "incoming", frame.to_arrow()):
            self.con.execute(f"INSERT INTO {table} SELECT * FROM incoming")
            if table == "player_hands" and rollup:  # and their sums, for the stats
                self.con.execute(f"INSERT INTO player_days {rollup_sql('incoming')}")

    def _insert_quarantine(self, frame: pl.DataFrame, import_id: int) -> tuple[int, int]:
        """Add quarantine records, but none already open for the same text (a re-read, or a copied file);
        returns how many were added, and how many records of hands were left out as already there."""
        if not len(frame):
            return 0, 0
        frame = frame.with_columns(pl.lit(import_id, pl.Int32).alias("import_id"))
        with _registered(self.con, "incoming", frame.to_arrow()):
            added = self.con.execute("""
                INSERT INTO quarantine SELECT * FROM incoming i WHERE NOT EXISTS (
                    SELECT 1 FROM quarantine q WHERE q.resolved_by IS NULL AND q.kind = i.kind
                    AND q.content_hash = i.content_hash
                    AND (i.raw <> '' OR (q.source_file = i.source_file AND q.reason = i.reason)))
                RETURNING hand_id""").fetchall()
        hands = frame["hand_id"].is_not_null().sum() - sum(hand_id is not None for (hand_id,) in added)
        return len(added), int(hands)


def _chunks(files: list[tuple[str, str]], format: str, jobs: int, with_audit: bool,
            strict: bool) -> Iterator[Chunk]:
    if jobs > 1 and len(files) > 1 and not strict:
        with Readers(jobs, format, with_audit) as readers:
            yield from readers.chunks(files)
    else:
        for path, name in files:
            yield from read_chunks(path, format, with_audit, strict, name=name)


class _FileWriter:
    """Writes the chunks of a run: each chunk in one transaction, each file's record with its last chunk."""

    def __init__(self, store: Store, run_id: int, summary: ImportSummary, progress: Callable[[FileResult], None] | None,
                 on_chunk: Callable[[int], None] | None, strict: bool) -> None:
        self.store, self.con = store, store.con
        self.run_id, self.summary, self.progress, self.on_chunk = run_id, summary, progress, on_chunk
        self.strict = strict
        self.next_id = self.first_id = store._next_import_id()
        self.open: dict[str, tuple[int, FileResult, list[pl.DataFrame], float]] = {}
        """Files part-written: import id, result so far, quarantine hashes seen, start time."""

    def write(self, chunk: Chunk) -> None:
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
            if _disk_full(err):
                raise StoreError(f"{err.reason}; the files before it are committed", path=err.path) from None
            self._failed(chunk, import_id, result, err)
        except Exception as err:  # noqa: BLE001 - a bug of ours writing one chunk fails its file, not the run
            if self.strict:
                raise
            self._failed(chunk, import_id, result, InternalError.of(err, path=chunk.path))
        if self.on_chunk:
            self.on_chunk(chunk.hands)
        if chunk.info is not None:
            del self.open[chunk.path]
            self.summary.files.append(result)
            if self.progress:
                self.progress(result)

    def _failed(self, chunk: Chunk, import_id: int, result: FileResult, err: SokoError) -> None:
        """A chunk that could not be written: the file is not recorded as imported, and the quarantine says why."""
        reason = f"{chunk.hands:,} hands of this file could not be written to the store: {err.reason}"
        result.error = reason
        batch = Batch()
        batch.add_quarantine(quarantine(InternalError(reason), "", chunk.path, 0, None), 0)
        self.store._transaction(lambda: self.store._insert_quarantine(batch.to_frames()["quarantine"], import_id),
                                chunk.path)
        result.quarantined += 1
        result.internal += 1

    def _write_hands(self, chunk: Chunk, import_id: int, result: FileResult) -> None:
        frames = {name: df.with_columns(pl.lit(import_id, pl.Int32).alias("import_id"))
                  if "import_id" in df.columns else df for name, df in chunk.frames.items()}
        hands = frames["hands"].with_row_index("row")
        keys = hands.select("row", "hand_key", "content_hash")
        first = keys.unique("hand_key", keep="first", maintain_order=True)
        with _registered(self.con, "incoming_keys", first.select("hand_key").to_arrow()):
            stored = _frame(self.con.execute(
                "SELECT hand_key, content_hash AS stored_hash FROM hands "
                "WHERE hand_key IN (SELECT hand_key FROM incoming_keys)"))
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
        new_keys = new.select("hand_key")
        for name in HAND_TABLES:
            df = hands.filter(pl.col("row").is_in(new["row"].implode())).drop("row") if name == "hands" \
                else frames[name].join(new_keys, on="hand_key", how="semi")
            if len(df):
                self.store._insert(name, df)
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
            with _registered(self.con, "stored_ids", stored_ids):
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
        with _registered(self.con, "seen", seen.to_arrow()):
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


def _python_hash(raw: str, fmt: str) -> str | None:
    """The content hash of a stored hand's raw text read by the Python reader of its format, or None."""
    try:
        for item in read_text(raw, "<stored>", fmt):
            return content_hash(item) if isinstance(item, Hand) else None
    except SokoError:
        return None
    return None


@contextmanager
def _registered(con: duckdb.DuckDBPyConnection, name: str, table: object) -> Iterator[None]:
    """A table registered under ``name`` for the block; never hides the block's error behind a failed
    unregister (after an interrupted query, DuckDB refuses every statement until the rollback)."""
    con.register(name, table)
    try:
        yield
    finally:
        try:
            con.unregister(name)
        except duckdb.Error:
            pass


def interrupted(err: BaseException) -> bool:
    """Whether an exception is DuckDB's way of saying Ctrl-C came during a query."""
    return isinstance(err, duckdb.InterruptException) or (isinstance(err, RuntimeError)
                                                          and str(err).startswith("Query interrupted"))


def _rollback(con: duckdb.DuckDBPyConnection) -> None:
    """Roll back, never hiding the error that led here behind a second one (a failed ROLLBACK on a full disk)."""
    try:
        con.execute("ROLLBACK")
    except duckdb.Error:
        pass


def _reset_checkpoint(con: duckdb.DuckDBPyConnection) -> None:
    """DuckDB's own checkpoint threshold again (a connection refusing statements after an error keeps the import's)."""
    try:
        con.execute("RESET checkpoint_threshold")
    except duckdb.Error:
        pass


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def _disk_full(err: StoreError) -> bool:
    text = err.reason.lower()
    return "no space left" in text or "file too large" in text or "could not write" in text or "disk" in text


def _frame(result: duckdb.DuckDBPyConnection) -> pl.DataFrame:
    """A DuckDB result as a Polars DataFrame (through Arrow)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # DuckDB notes the copy an execute() result makes; the result is small
        return cast(pl.DataFrame, pl.from_arrow(result.to_arrow_table()))


def open_for_reading(path: str | Path) -> Store:
    """The store at ``path`` opened read-only; an older store is upgraded first where the file can be written."""
    try:
        return Store(path, read_only=True)
    except StoreError as err:
        if "needs an upgrade" not in err.reason or not os.access(path, os.W_OK):
            raise
    Store(path).close()
    return Store(path, read_only=True)


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))
