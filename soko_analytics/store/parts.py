"""The store's per-hand tables as Parquet parts beside the DuckDB file (schema 9).

``seats``, ``actions``, ``cards``, ``pots`` and ``player_hands`` hold some fifty rows a hand that never
change once written. DuckDB's own lightweight compression keeps them at about five times the gzipped
logs; the same rows in Parquet with zstd take a sixth of that (``docs/core.md``, store size). So each of
them is a view over Parquet files in a folder beside the store, ``soko_parts/<id>/<table>/``:

- the ``parts`` table lists the files of each view; a chunk's part is written, then listed and the view
  made again over the listed files in the chunk's transaction, so a rolled-back or killed write leaves
  only a file no view reads, which the next write-open deletes (:meth:`Parts.sweep`);
- the views name their files relative to the store's folder, which every connection of the store
  searches (DuckDB's ``file_search_path``): the store and its ``soko_parts`` folder move together;
- the folder names the store that owns it (its ``OWNER`` file): a store file copied beside the original
  shares the original's folder, so on its first write-open it copies its parts into a folder of its own
  (:meth:`Parts.claim`), and only a folder's owner deletes files in it;
- a chunk's parts are small (5,000 hands at most, of one file or of many); at the end of an import a table's small
  parts are merged into one (:meth:`Parts.merge`) when they hold fewer than :data:`FEW` rows in all
  (cheap: a folder of many small logs must not leave thousands of files, each with its own footer) or
  are :data:`MERGE_AT` files or more, so that queries read a bounded number of files. Merging a large
  import's parts every time would make a store another sixth smaller (Parquet compresses a whole
  import's row groups better than a chunk's) but cost a third of the store's writing time, so it waits;
- each table's first part is written from the schema's DDL when the store is made or upgraded, and
  every later part is cast to its columns and types;
- each part is listed with its bytes, checksum and modification time as written (schema 14): every open
  checks that each listed part is there, of its size, with Parquet's magic at both ends, and checks the
  checksum of a part whose time is not the one written (:meth:`Parts.check`; :meth:`Parts.damaged` with
  ``full`` checks every checksum, ``soko repair --check``). A damaged part is a :class:`StoreError` naming it
  and ``soko repair``, which rebuilds its rows from the hands' raw text (:mod:`.repair`).

Everything else (``hands`` with its key and raw text, ``findings``, the quarantine, the files imported,
the ``player_days`` sums) stays in DuckDB's tables, where rows are updated.
"""

from __future__ import annotations

import secrets
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path

import duckdb
import polars as pl

from ..errors import StoreError, phrase, phrases
from .duck import first_line, frame, registered, rollback, sql_text
from .facts import rollup_sql
from .rows import SCHEMAS, file_hash

PART_TABLES = ("seats", "actions", "cards", "pots", "player_hands")
FOLDER = "soko_parts"
OWNER = "OWNER"
ROW_GROUP = 1_000_000
"""Rows per Parquet row group: a merged part's columns (player names, stakes) compress to half what
DuckDB's default of 122,880 gives, and a full scan of ``player_hands`` is no slower (``docs/core.md``)."""
SMALL = 1_000_000
"""Parts of fewer rows than this are small..."""
MERGE_AT = 256
"""... and an import that leaves a table this many small parts merges them into one,"""
FEW = 100_000
"""... or fewer rows than this in all (a merge of a fraction of a second)."""
MAGIC = b"PAR1"
"""What a Parquet file begins and ends with (its footer's length before the last)."""


@dataclass(frozen=True)
class Damage:
    """A listed part that is not as it was written: its table, its file (relative to the store's folder), why."""

    table: str
    file: str
    reason: str


def _cut(path: Path, size: int) -> str | None:
    """Why a file is not a whole Parquet file by its ends (magic at both ends, a footer that fits), or None."""
    with open(path, "rb") as f:
        head = f.read(4)
        if size < 12:
            return phrase("{size:,} bytes, too short for a Parquet file", size=size)
        f.seek(size - 8)
        tail = f.read(8)
    if head != MAGIC or tail[4:] != MAGIC:
        if head != MAGIC:
            return phrase("not a whole Parquet file (no magic bytes at its start)")
        return phrase("not a whole Parquet file (no magic bytes at its end)")
    if int.from_bytes(tail[:4], "little") + 12 > size:
        return phrase("not a whole Parquet file (its footer runs past its start)")
    return None


class Parts:
    """The Parquet parts of a store's per-hand tables (see the module text)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, store_path: str) -> None:
        self.con = con
        self.given = store_path
        """The store's path as given (for messages)."""
        self.store = Path(store_path).resolve()
        self.home = self.store.parent
        self._types: dict[str, str] = {}
        self._next: int | None = None
        self._folder = ""  # the folder _file numbers files in, read with the first number
        self._numbering = threading.Lock()

    # -- where -------------------------------------------------------------------------------

    def folder(self) -> str:
        """The store's parts folder, relative to the store's folder."""
        row = self.con.execute("SELECT file FROM parts LIMIT 1").fetchone()
        if row is None:
            raise StoreError(phrase("the store lists no Parquet parts (schema 9 without its first parts)"))
        return str(Path(row[0]).parent.parent)

    def _file(self, table: str) -> str:
        with self._numbering:  # the reader threads' Prewriter numbers files too
            self._numbered()
            assert self._next is not None
            number, self._next = self._next, self._next + 1
            return f"{self._folder}/{table}/{number:08d}.parquet"

    def _numbered(self) -> None:
        """Read the next file's number and the folder, once (under :attr:`_numbering`)."""
        if self._next is None:
            row = self.con.execute(
                "SELECT coalesce(max(TRY_CAST(regexp_extract(file, '(\\d+)\\.parquet$', 1) AS BIGINT)), 0) + 1 "
                "FROM parts").fetchone()
            self._next = int(row[0]) if row else 1
            self._folder = self.folder()

    def unlist(self, files: list[str]) -> None:
        """Take parts out of the list (their files go at the next :meth:`sweep`), numbering the next parts after
        them, in the same folder (which may have been every part's)."""
        with self._numbering:
            self._numbered()
        self.con.execute(f"DELETE FROM parts WHERE file IN ({', '.join(map(sql_text, files))})")

    # -- making --------------------------------------------------------------------------------

    def create(self) -> None:
        """Move each per-hand table's rows into its first part and put a view in its place (the upgrade to
        schema 9, in the upgrade's transaction)."""
        folder = self._new_folder()
        for table in PART_TABLES:
            file = f"{folder}/{table}/{0:08d}.parquet"
            rows = self._copy(f"SELECT * FROM {table}", file)
            self.con.execute(f"DROP TABLE {table}")
            self._list(table, file, rows)
            self.refresh(table)

    def to_table(self, table: str) -> None:
        """Make a part table's rows a DuckDB table again, its parts unlisted (an upgrade whose DDL alters the
        table; :meth:`from_table` puts it back). The old files go once the upgrade is committed (:meth:`sweep`)."""
        self.con.execute(f"CREATE TABLE {table}_rows AS SELECT * FROM {table}")
        self.con.execute(f"DROP VIEW {table}")
        self.con.execute(f"ALTER TABLE {table}_rows RENAME TO {table}")
        self.con.execute("DELETE FROM parts WHERE table_name = ?", [table])
        self._types.pop(table, None)

    def from_table(self, table: str) -> None:
        """Write a DuckDB table's rows as the table's one part and put the view back in its place."""
        file = self._file(table)
        rows = self._copy(f"SELECT * FROM {table}", file)
        self.con.execute(f"DROP TABLE {table}")
        self._list(table, file, rows)
        self._types.pop(table, None)
        self.refresh(table)

    def claim(self) -> None:
        """Make the parts folder this store's own before the store writes: a folder whose owner is another
        store file of the same folder (this one is a copy of it) is copied into a new folder first; one whose
        owner is gone or elsewhere (the store was moved or renamed) is taken over."""
        try:
            self._claim()
        except OSError as err:
            raise StoreError(phrase("cannot write the store's {folder} folder: {error}", folder=FOLDER,
                                    error=str(err.strerror or err)),
                             path=str(err.filename or self.home)) from None

    def _claim(self) -> None:
        folder = self.home / self.folder()
        owner = folder / OWNER
        named = Path(owner.read_text(encoding="utf-8").strip()) if owner.is_file() else None
        if named == self.store:
            return
        if named is not None and named.parent == self.home and named.is_file():
            new = self._new_folder()
            self.con.execute("BEGIN TRANSACTION")
            try:
                for (file,) in self.con.execute("SELECT file FROM parts").fetchall():
                    copy = f"{new}/{Path(file).parent.name}/{Path(file).name}"
                    if not (self.home / file).is_file():
                        continue  # a missing part stays missing (soko repair makes it again)
                    shutil.copyfile(self.home / file, self.home / copy)
                    self.con.execute("UPDATE parts SET file = ?, mtime_ns = ? WHERE file = ?",
                                     [copy, (self.home / copy).stat().st_mtime_ns, file])
                for table in PART_TABLES:
                    self.refresh(table)
                self.con.execute("COMMIT")
            except BaseException:
                rollback(self.con)
                raise
            folder = self.home / new
        folder.mkdir(parents=True, exist_ok=True)  # gone with every part (soko repair makes them again)
        (folder / OWNER).write_text(str(self.store), encoding="utf-8")

    def _new_folder(self) -> str:
        folder = f"{FOLDER}/{secrets.token_hex(4)}"
        with self._numbering:
            self._next = None  # numbered again in the new folder (see _file)
        try:
            for table in PART_TABLES:
                (self.home / folder / table).mkdir(parents=True, exist_ok=True)
            (self.home / folder / OWNER).write_text(str(self.store), encoding="utf-8")
        except OSError as err:
            raise StoreError(phrase("cannot make the store's {folder} folder: {error}", folder=FOLDER,
                                    error=str(err.strerror or err)),
                             path=str(self.home / folder)) from None
        return folder

    def append(self, table: str, frame: pl.DataFrame) -> None:
        """Add ``frame``'s rows to ``table`` as a new part."""
        file = self._file(table)
        self.add(table, file, self.write(table, frame, file))

    def write(self, table: str, frame: pl.DataFrame, file: str) -> int:
        """Write a part of ``table``: ``frame``'s columns cast to the table's (``rows.SCHEMAS``), by Polars' Parquet
        writer (zstd, the rows in one row group up to :data:`ROW_GROUP`); its rows. The writer lets go of Python,
        so the import's reader threads write in parallel; it writes the same types as DuckDB's ``COPY`` in two
        thirds of the time, in files of the same size (``docs/core.md``, the write path)."""
        target = self.home / file
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            frame.select(pl.col(name).cast(kind) for name, kind in SCHEMAS[table].items()).write_parquet(
                target, compression="zstd", row_group_size=ROW_GROUP)
        except (OSError, pl.exceptions.PolarsError) as err:
            raise _unwritten(target, str(getattr(err, "strerror", None) or err)) from None
        return len(frame)

    def add(self, table: str, file: str, rows: int) -> None:
        """List a part written for ``table`` (by :meth:`append` or a :class:`Prewriter`) and read it in the view."""
        self._list(table, file, rows)
        self.refresh(table)

    def _list(self, table: str, file: str, rows: int) -> None:
        """List a part with its bytes, checksum and time as written (schema 14)."""
        path = self.home / file
        try:
            stat, checksum = path.stat(), file_hash(path)
        except OSError as err:
            raise StoreError(phrase("cannot read a Parquet part just written: {error}", error=str(err.strerror or err)),
                             path=str(path)) from None
        self.con.execute("INSERT INTO parts (table_name, file, rows, bytes, checksum, mtime_ns) "
                         "VALUES (?, ?, ?, ?, ?, ?)", [table, file, rows, stat.st_size, checksum, stat.st_mtime_ns])

    def prewriter(self) -> Prewriter:
        """What the import's reader threads write each chunk's parts with (:class:`Prewriter`)."""
        self._file(PART_TABLES[0])  # numbering and folder read now, in this thread
        return Prewriter(self)

    def replace(self, table: str, select: str) -> None:
        """Make ``table`` the rows of ``select`` (which may read the table itself), in one new part; the old
        files go once the transaction is committed (:meth:`sweep`)."""
        self._rewrite(table, select, None)

    def _rewrite(self, table: str, select: str, old: list[str] | None) -> None:
        """Write the rows of ``select`` as one new part of ``table`` in place of its parts ``old`` (all: None)."""
        file = self._file(table)
        rows = self._copy(f"SELECT {self._cast(table)} FROM ({select})", file)
        if old is None:
            self.con.execute("DELETE FROM parts WHERE table_name = ?", [table])
        else:
            self.con.execute(f"DELETE FROM parts WHERE table_name = ? AND file IN ({', '.join(map(sql_text, old))})",
                             [table])
        self._list(table, file, rows)
        self.refresh(table)

    def merge(self, at: int | None = None) -> None:
        """Merge the small parts of each table into one, one transaction per table, when they hold fewer than
        :data:`FEW` rows in all or are at least ``at`` (:data:`MERGE_AT`) files."""
        for table in PART_TABLES:
            listed = self.con.execute("SELECT file, rows FROM parts WHERE table_name = ? AND rows < ? ORDER BY file",
                                      [table, SMALL]).fetchall()
            small = [f for f, _ in listed]
            few_rows = sum(rows for _, rows in listed) < FEW  # cheap to merge however many files
            if len(small) < 2 or (len(small) < (MERGE_AT if at is None else at) and not few_rows):
                continue
            self.con.execute("BEGIN TRANSACTION")
            try:
                self._rewrite(table, f"SELECT * FROM read_parquet([{', '.join(map(sql_text, small))}])", small)
                self.con.execute("COMMIT")
            except BaseException:
                rollback(self.con)
                raise
        self.sweep()

    def refresh(self, table: str) -> None:
        files = [f for (f,) in self.con.execute(
            "SELECT file FROM parts WHERE table_name = ? ORDER BY file", [table]).fetchall()]
        listed = ", ".join(map(sql_text, files))
        self.con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet([{listed}])")

    def sweep(self) -> None:
        """Delete the files of the parts folder that no view reads: left by a write rolled back or killed, or
        merged away (only in a folder this store owns, :meth:`claim`)."""
        try:
            folder = self.home / self.folder()
        except StoreError:
            return
        listed = {self.home / f for (f,) in self.con.execute("SELECT file FROM parts").fetchall()}
        for path in folder.glob("*/*.parquet"):
            if path not in listed:
                path.unlink(missing_ok=True)

    def sizes(self) -> dict[str, int]:
        """Bytes on disk of each table's listed parts."""
        sizes = dict.fromkeys(PART_TABLES, 0)
        for table, file in self.con.execute("SELECT table_name, file FROM parts").fetchall():
            sizes[table] += (self.home / file).stat().st_size
        return sizes

    def check(self, writable: bool = False) -> None:
        """A clear error naming the first damaged or missing part and saying how to repair it (the cheap checks of
        :meth:`damaged`); ``writable``: the times of parts whose checksum still matches are recorded again."""
        damage = self.damaged(full=False, record=writable)
        if damage:
            raise self.error(damage)

    def error(self, damage: list[Damage]) -> StoreError:
        """The one-line error of some damaged or missing parts: the first named, and ``soko repair``."""
        repair = f"soko repair --db {self.given}"
        missing = [d for d in damage if d.reason == "missing"]
        if len(missing) == len(damage):
            return StoreError(phrases("{n} Parquet part of the store is missing (first: {first}); a store is its "
                                      "file and its {folder} folder, moved or copied together: put the folder back "
                                      "beside the store, or run `{repair}` to make them again from the stored "
                                      "hands' raw text",
                                      "{n} Parquet parts of the store are missing (first: {first}); a store is its "
                                      "file and its {folder} folder, moved or copied together: put the folder back "
                                      "beside the store, or run `{repair}` to make them again from the stored "
                                      "hands' raw text", len(missing), first=missing[0].file, folder=FOLDER,
                                      repair=repair), path=str(self.home / missing[0].file))
        first = damage[0]
        more = phrases("; {n} more part is damaged or missing", "; {n} more parts are damaged or missing",
                       len(damage) - 1) if len(damage) > 1 else ""
        return StoreError(phrase("a Parquet part of the store's {table} table is damaged: {reason}{more}; run "
                                 "`{repair}` to rebuild its rows from the stored hands' raw text", table=first.table,
                                 reason=first.reason, more=more, repair=repair),
                          path=str(self.home / first.file))

    def query_damage(self, err: BaseException) -> StoreError | None:
        """The error :meth:`check` gives for a query's DuckDB error that comes of a damaged part (one whose bytes
        changed behind an unchanged size and time, which the checks at open do not read): the part it names, or
        else the parts a full check finds; None when every part is whole (another error)."""
        text = str(err)
        listed = self.con.execute("SELECT table_name, file FROM parts ORDER BY table_name, file").fetchall()
        named = [Damage(table, file, phrase("DuckDB cannot read it ({error})", error=first_line(err)))
                 for table, file in listed if file in text]
        damage = named or self.damaged(full=True)
        return self.error(damage) if damage else None

    def damaged(self, full: bool = True, record: bool = False) -> list[Damage]:
        """The listed parts that are missing or not as written: each part's size and its Parquet magic at both
        ends, and its checksum where ``full`` or where its modification time is not the one written (a part of a
        store older than schema 14, never measured, by its ends alone); ``record``: a part whose time changed but
        whose checksum matches (a copied store) has its new time recorded."""
        found, retimed = [], []
        for table, file, size, checksum, mtime in self.con.execute(
                "SELECT table_name, file, bytes, checksum, mtime_ns FROM parts ORDER BY table_name, file").fetchall():
            path = self.home / file
            try:
                stat = path.stat()
                why = (phrase("{size:,} bytes, {written:,} when written (cut short or overwritten)", size=stat.st_size,
                              written=size)
                       if size is not None and stat.st_size != size else _cut(path, stat.st_size))
                if why is None and checksum is not None and (full or stat.st_mtime_ns != mtime):
                    if file_hash(path) != checksum:
                        why = phrase("its bytes are not the ones written (its checksum differs)")
                    elif stat.st_mtime_ns != mtime:
                        retimed.append((stat.st_mtime_ns, file))
            except FileNotFoundError:
                why = phrase("missing")
            except OSError as err:
                why = phrase("cannot be read: {error}", error=str(err.strerror or err))
            if why is not None:
                found.append(Damage(table, file, why))
        if record and retimed:
            self.con.executemany("UPDATE parts SET mtime_ns = ? WHERE file = ?", retimed)
        return found

    def measure(self) -> None:
        """Record the bytes, checksum and time of the listed parts that have none (the upgrade to schema 14: the
        files as they are then); a part missing or not whole by its ends is left unmeasured (and found by
        :meth:`check`)."""
        for (file,) in self.con.execute("SELECT file FROM parts WHERE checksum IS NULL").fetchall():
            path = self.home / file
            try:
                stat = path.stat()
                if _cut(path, stat.st_size) is not None:
                    continue
                self.con.execute("UPDATE parts SET bytes = ?, checksum = ?, mtime_ns = ? WHERE file = ?",
                                 [stat.st_size, file_hash(path), stat.st_mtime_ns, file])
            except OSError:
                continue

    # -- helpers -------------------------------------------------------------------------------

    def _cast(self, table: str) -> str:
        if table not in self._types:
            columns = self.con.execute(f"DESCRIBE {table}").fetchall()
            self._types[table] = ", ".join(f'CAST("{name}" AS {kind}) AS "{name}"' for name, kind, *_ in columns)
        return self._types[table]

    def _copy(self, select: str, file: str) -> int:
        target = self.home / file
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            row = self.con.execute(
                f"COPY ({select}) TO {sql_text(str(target))} "
                f"(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE {ROW_GROUP})").fetchone()
        except duckdb.Error as err:
            raise _unwritten(target, first_line(err)) from None
        except OSError as err:
            raise _unwritten(target, str(err.strerror or err)) from None
        return int(row[0]) if row else 0


DAYS_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "threads": 1, "memory_limit": "256MB", "autoinstall_known_extensions": False, "autoload_known_extensions": False}
"""A reader thread's DuckDB in memory, which sums a chunk's ``player_days``: one thread (the reader is one) and a
small buffer pool. DuckDB's defaults, a thread per core and 80% of the machine's memory, made each reader's DuckDB
reserve address space enough that ``--jobs 8`` under ``ulimit -v`` of 2 GiB aborted."""


class Prewriter:
    """Writes a chunk's parts in the import's reader threads, beside the reading, so that the writer (one
    thread) only lists them: a Parquet part is most of a chunk's writing time. A part the writer does not list
    (its chunk held hands already stored, or was rolled back) is a file no view reads, deleted at the end of the
    import (:meth:`Parts.sweep`)."""

    def __init__(self, parts: Parts) -> None:
        self.parts = parts
        self._local = threading.local()

    def days(self, player_hands: pl.DataFrame) -> pl.DataFrame | None:
        """The ``player_days`` sums of a chunk's ``player_hands`` rows (``facts.rollup_sql``), summed here in the
        reader's thread, through a DuckDB connection of its own in memory, so that the writer only inserts them;
        None when they cannot be."""
        try:
            con = getattr(self._local, "con", None)
            if con is None:
                con = self._local.con = duckdb.connect(config=DAYS_CONFIG)
            with registered(con, "incoming", player_hands.to_arrow()):
                return frame(con.execute(rollup_sql("incoming")))
        except duckdb.Error:
            return None

    def write(self, frames: dict[str, pl.DataFrame]) -> dict[str, tuple[str, int]] | None:
        """Each part table's rows of ``frames`` as a new file: ``{table: (file, rows)}`` (empty tables left out);
        None when they cannot be written (a full disk, say): the writer then writes them itself and says why
        it cannot."""
        try:
            written = {}
            for table in PART_TABLES:
                frame = frames[table]
                if len(frame):
                    file = self.parts._file(table)
                    written[table] = (file, self.parts.write(table, frame, file))
            return written
        except (StoreError, OSError):
            return None


def _unwritten(target: Path, error: str) -> StoreError:
    """A Parquet part that could not be written, and why."""
    return StoreError(phrase("cannot write a Parquet part: {error}", error=error), path=str(target))
