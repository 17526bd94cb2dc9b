"""The columnar DuckDB store: the only module that imports duckdb.

:class:`Store` opens (and creates or migrates) a DuckDB file whose tables are
defined by the versioned DDL in ``schemas/``. :meth:`Store.import_paths`
reads hand-history files and writes each file's hands in one transaction, in
bulk from Polars frames: a file already imported unchanged is skipped, a hand
already stored (same site and id, same content) is not stored twice, a
different hand under a stored id is quarantined as a conflict, and every hand
ends up stored or quarantined with its reason and raw text. An import that is
killed leaves the store as it was before the file being written; running it
again finishes the job.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import re
import time
import warnings
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import duckdb
import polars as pl

from ..errors import SokoError
from ..model.hand import Hand
from ..parsers import FormatError, Quarantined, iter_files, read_path, read_text
from ..replay.audit import audit
from .facts import rollup_sql
from .rows import Batch

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"
TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "player_days", "quarantine",
          "imports")
HAND_TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands")
DEFAULT_DB = "soko.duckdb"


class StoreError(SokoError):
    """The store cannot be opened, migrated or written."""


def migrations() -> list[tuple[int, Path]]:
    """The DDL files ``NNN_name.sql`` of ``schemas/``, in version order."""
    if not SCHEMA_DIR.is_dir():
        raise StoreError(f"the schema folder {SCHEMA_DIR} is missing (install the project from its checkout)")
    found = []
    for path in sorted(SCHEMA_DIR.glob("*.sql")):
        m = re.match(r"^(\d+)_", path.name)
        if m:
            found.append((int(m.group(1)), path))
    return found


@dataclass
class FileResult:
    """What importing one file did."""

    path: str
    skipped: bool = False
    """Already imported, unchanged."""
    stored: int = 0
    duplicate: int = 0
    quarantined: int = 0
    error: str | None = None
    """Why the file could not be read at all (it is recorded in quarantine as unreadable)."""


@dataclass
class ImportSummary:
    files: list[FileResult] = field(default_factory=list)
    seconds: float = 0.0

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
    def skipped_files(self) -> int:
        return sum(f.skipped for f in self.files)

    def line(self) -> str:
        rate = (self.stored + self.duplicate + self.quarantined) / self.seconds if self.seconds else 0
        return (f"{len(self.files)} files ({self.skipped_files} unchanged, skipped): {self.stored} hands stored, "
                f"{self.duplicate} already in the store, {self.quarantined} quarantined; "
                f"{self.seconds:.1f} s, {rate:,.0f} hands/s")


@dataclass
class _Prepared:
    """One file parsed (and audited) into frames, ready to be written; made in a worker process."""

    path: str
    size: int
    mtime: datetime
    content_hash: str
    format: str | None
    frames: dict[str, pl.DataFrame] | None
    keys: pl.DataFrame | None
    """hand_key and content_hash of each hand in the file."""
    error: str | None = None


def _file_hash(path: Path) -> str:
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _kind(q: Quarantined) -> str:
    return "unsupported" if q.unsupported else "incomplete" if q.incomplete else "malformed"


def prepare(path: str, format: str = "auto", with_audit: bool = True) -> _Prepared:
    """Parse (and audit) one file into frames; never raises for the file's content."""
    p = Path(path)
    try:
        stat = p.stat()
        digest = _file_hash(p)
    except OSError as err:
        return _Prepared(path, 0, datetime.fromtimestamp(0), "", None, None, None, f"cannot read the file: {err}")
    mtime = datetime.fromtimestamp(stat.st_mtime)
    batch = Batch()
    try:
        for item in read_path(p, format):
            if isinstance(item, Quarantined):
                batch.add_quarantine(item, 0, _kind(item))
            else:
                batch.add_hand(item, _format_of(item), 0, audit(item, ledger=False) if with_audit else None)
    except FormatError as err:
        return _Prepared(path, stat.st_size, mtime, digest, None, None, None, str(err))
    frames = batch.to_frames()
    keys = frames["hands"].select("hand_key", "content_hash")
    return _Prepared(path, stat.st_size, mtime, digest, format, frames, keys)


def _format_of(hand: Hand) -> str:
    return "phh" if hand.site == "PHH" else "soko" if hand.profile.startswith("soko") else "pokerstars"


class Store:
    """A DuckDB file of hands; ``with Store(path) as store: ...``."""

    def __init__(self, path: str | Path = DEFAULT_DB, read_only: bool = False) -> None:
        self.path = str(path)
        try:
            self.con = duckdb.connect(self.path, read_only=read_only)
        except duckdb.Error as err:
            raise StoreError(f"cannot open the store: {err}", path=self.path) from None
        self.con.execute("SET memory_limit = '1GB'")  # bound the buffer pool whatever the store's size
        if not read_only:
            self._migrate()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.con.close()

    # -- schema ------------------------------------------------------------------------

    def version(self) -> int:
        exists = self.con.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name = 'schema_version'").fetchone()[0]
        if not exists:
            return 0
        return self.con.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0]

    def _migrate(self) -> None:
        current = self.version()
        backfill = 0 < current < 2
        rollup = 0 < current < 3
        for version, path in migrations():
            if version <= current:
                continue
            self.con.execute("BEGIN TRANSACTION")
            try:
                self.con.execute(path.read_text(encoding="utf-8"))
                self.con.execute("INSERT INTO schema_version (version) VALUES (?)", [version])
                self.con.execute("COMMIT")
            except duckdb.Error as err:
                self.con.execute("ROLLBACK")
                raise StoreError(f"cannot apply {path.name}: {err}", path=self.path) from None
        if backfill:
            self._backfill_player_hands()
        if rollup:
            self.con.execute(f"INSERT INTO player_days {rollup_sql('player_hands')}")

    def _backfill_player_hands(self) -> None:
        """Fill ``player_hands`` (schema 2) for the hands of an older store, from their raw text."""
        rows = self.con.execute("SELECT raw, format, source_file, source_line FROM hands").fetchall()
        batch = Batch()
        for raw, fmt, path, line in rows:
            for item in read_text(raw, path, fmt):
                if isinstance(item, Hand):
                    batch.add_hand(item, fmt, 0)
        frame = batch.to_frames()["player_hands"]
        if len(frame):
            self.con.execute("BEGIN TRANSACTION")
            self.con.register("incoming", frame.to_arrow())
            self.con.execute("INSERT INTO player_hands SELECT * FROM incoming")
            self.con.unregister("incoming")
            self.con.execute("COMMIT")

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

    def quarantine(self) -> pl.DataFrame:
        return self.table("quarantine")

    def imports(self) -> pl.DataFrame:
        return self.table("imports")

    def raw_hands(self, hand_id: str | None = None) -> list[tuple[str, str, str, int]]:
        """(raw text, format, source file, source line) of the stored hands (or of one hand id)."""
        sql = "SELECT raw, format, source_file, source_line FROM hands"
        if hand_id is not None:
            return self.con.execute(sql + " WHERE hand_id = ? ORDER BY source_file, source_line", [hand_id]).fetchall()
        return self.con.execute(sql + " ORDER BY start_utc NULLS LAST, source_file, source_line").fetchall()

    # -- importing ---------------------------------------------------------------------

    def _unchanged_file(self, path: Path) -> bool:
        """Imported before with the same size and content."""
        try:
            size = path.stat().st_size
        except OSError:
            return False
        known = self.con.execute("SELECT content_hash FROM imports WHERE path = ? AND size = ?",
                                 [str(path), size]).fetchall()
        return bool(known) and _file_hash(path) in {h for (h,) in known}

    def _unchanged(self, prepared: _Prepared) -> bool:
        row = self.con.execute(
            "SELECT count(*) FROM imports WHERE path = ? AND size = ? AND content_hash = ?",
            [prepared.path, prepared.size, prepared.content_hash]).fetchone()
        return row[0] > 0

    def _next_ids(self) -> tuple[int, int]:
        import_id, run_id = self.con.execute(
            "SELECT coalesce(max(import_id), 0) + 1, coalesce(max(run_id), 0) + 1 FROM imports").fetchone()
        return import_id, run_id

    def import_paths(self, paths: Iterable[str | Path], format: str = "auto", jobs: int = 1,
                     with_audit: bool = True, progress: Callable[[FileResult], None] | None = None) -> ImportSummary:
        """Import files and folders (see the module text); ``jobs`` processes parse in parallel."""
        started = time.perf_counter()
        summary = ImportSummary()
        _, run_id = self._next_ids()
        files = []
        for path in iter_files(paths):
            if self._unchanged_file(path):
                result = FileResult(str(path), skipped=True)
                summary.files.append(result)
                if progress:
                    progress(result)
            else:
                files.append(str(path))
        if jobs > 1 and len(files) > 1:
            # Spawned, not forked: a fork of a process holding an open DuckDB can deadlock.
            with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
                results = pool.map(prepare, files, [format] * len(files), [with_audit] * len(files))
                for prepared in results:
                    summary.files.append(self._write(prepared, run_id, progress))
        else:
            for path in files:
                summary.files.append(self._write(prepare(path, format, with_audit), run_id, progress))
        if any(not f.skipped for f in summary.files):
            self.con.execute("CHECKPOINT")  # fold the write-ahead log into the file, compressed
        summary.seconds = time.perf_counter() - started
        return summary

    def _write(self, prepared: _Prepared, run_id: int, progress) -> FileResult:
        result = FileResult(prepared.path)
        if prepared.error is None and self._unchanged(prepared):
            result.skipped = True
        else:
            started = time.perf_counter()
            import_id, _ = self._next_ids()
            self.con.execute("BEGIN TRANSACTION")
            try:
                self._write_file(prepared, import_id, result)
                self.con.execute(
                    "INSERT INTO imports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [import_id, run_id, prepared.path, prepared.size, prepared.mtime, prepared.content_hash,
                     prepared.format, result.stored, result.duplicate, result.quarantined, datetime.now(),
                     int((time.perf_counter() - started) * 1000)])
                self.con.execute("COMMIT")
            except BaseException:
                self.con.execute("ROLLBACK")
                raise
        if progress:
            progress(result)
        return result

    def _write_file(self, prepared: _Prepared, import_id: int, result: FileResult) -> None:
        if prepared.error is not None:
            result.error = prepared.error
            result.quarantined = 1
            self.con.execute("INSERT INTO quarantine VALUES (?, ?, 0, NULL, 'unreadable', ?, '', '')",
                             [import_id, prepared.path, prepared.error])
            return
        frames = {name: df.with_columns(pl.lit(import_id, pl.Int32).alias("import_id"))
                  if "import_id" in df.columns else df for name, df in prepared.frames.items()}
        keys = prepared.keys.with_row_index("row")
        first = keys.unique("hand_key", keep="first", maintain_order=True)
        self.con.register("incoming_keys", first.select("hand_key").to_arrow())
        stored = _frame(self.con.execute(
            "SELECT hand_key, content_hash AS stored_hash FROM hands WHERE hand_key IN (SELECT hand_key FROM incoming_keys)"
        ))
        self.con.unregister("incoming_keys")
        if stored.is_empty():
            stored = pl.DataFrame(schema={"hand_key": pl.Int64, "stored_hash": pl.Utf8})
        seen = keys.join(first.select("hand_key", pl.col("content_hash").alias("first_hash"), pl.col("row").alias("first_row")),
                         on="hand_key").join(stored, on="hand_key", how="left")
        # A hand is new when it is the first with its key in the file and the key is not stored.
        new = seen.filter(pl.col("stored_hash").is_null() & (pl.col("row") == pl.col("first_row")))
        same = seen.filter((pl.coalesce("stored_hash", "first_hash") == pl.col("content_hash"))
                           & ~pl.col("row").is_in(new["row"].implode()))
        conflict = seen.filter(pl.coalesce("stored_hash", "first_hash") != pl.col("content_hash"))
        hands = frames["hands"].with_row_index("row")
        new_keys = new.select("hand_key")
        for name in HAND_TABLES:
            df = hands.filter(pl.col("row").is_in(new["row"].implode())).drop("row") if name == "hands" \
                else frames[name].join(new_keys, on="hand_key", how="semi")
            if len(df):
                self.con.register("incoming", df.to_arrow())
                self.con.execute(f"INSERT INTO {name} SELECT * FROM incoming")
                if name == "player_hands":  # and their sums, for the stats
                    self.con.execute(f"INSERT INTO player_days {rollup_sql('incoming')}")
                self.con.unregister("incoming")
        quarantine = frames["quarantine"]
        if len(conflict):
            clash = hands.filter(pl.col("row").is_in(conflict["row"].implode()))
            quarantine = pl.concat([quarantine, clash.select(
                pl.lit(import_id, pl.Int32).alias("import_id"), "source_file", "source_line", "hand_id",
                pl.lit("conflict").alias("kind"),
                pl.format("a different hand {} of {} is already stored", "hand_id", "site").alias("reason"),
                "raw", "content_hash")], how="vertical_relaxed")
        if len(quarantine):
            self.con.register("incoming", quarantine.to_arrow())
            self.con.execute("INSERT INTO quarantine SELECT * FROM incoming")
            self.con.unregister("incoming")
        result.stored, result.duplicate, result.quarantined = len(new), len(same), len(quarantine)


def _frame(result) -> pl.DataFrame:
    """A DuckDB result as a Polars DataFrame (through Arrow)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # DuckDB notes the copy an execute() result makes; the result is small
        return pl.from_arrow(result.to_arrow_table())


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))
