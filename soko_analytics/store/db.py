"""The columnar DuckDB store.

:class:`Store` opens (and creates or upgrades) a DuckDB file whose tables are
defined by the versioned DDL shipped in the package (``soko_analytics/schemas``,
also ``schemas/`` at the top of the checkout). :meth:`Store.import_paths` reads
hand-history files (:mod:`.reading`, in the core's threads or worker processes) and writes
their rows in bulk (:mod:`.writing`, a chunk of hands per transaction): a file already imported unchanged is
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
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import resources
from pathlib import Path

import duckdb
import polars as pl

from .. import _core
from ..errors import SokoError, StoreError, phrase, phrases
from ..model.hand import composed
from ..native import frames as native_frames
from ..parsers import Quarantined, iter_files
from ..rules.profiles import GAMES, PROFILES, resolve
from . import drift
from .compact import compact, needs_compacting, swap
from .duck import first_line, frame, interrupted, quietly, registered, rollback, sql_text
from .facts import rollup_sql
from .lake import LakeStore, is_lake
from .parts import PART_TABLES, Parts, Prewriter
from .reading import CORE_FORMATS, Chunk, FileInfo, Readers, Task, core_chunks, read_chunks, thread_chunks
from .rows import Batch, file_hash
from .writing import HAND_TABLES, FileResult, FileWriter, ImportSummary, with_heroes

__all__ = ["HAND_TABLES", "LATEST", "TABLES", "FileResult", "ImportSummary", "Interrupted", "Lake", "NoStore", "Store",
           "StoreError", "default_jobs", "interrupted", "migrations", "open_for_reading"]

TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "player_days",
          "tournament_finishes", "quarantine", "imports")
DEFAULT_DB = "soko.duckdb"
CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "autoinstall_known_extensions": False, "autoload_known_extensions": False}
"""No extension is ever downloaded or loaded behind the user's back (a SQLite file would ask for one)."""
MEMORY_LIMIT = 1 << 30
IMPORT_CHECKPOINT = "128MB"
"""DuckDB's checkpoint threshold during an import (its default is 16 MB): see ``docs/core.md``, import speed."""
IMPORT_MEMORY = 1 << 29
"""DuckDB's memory limit during an import (1 GB otherwise): the readers' chunks share the process with it.
Past it DuckDB spills the rows not yet checkpointed to temporary files; a store of DuckDB's own 256 KiB blocks
spills them into one file, one of another block size (64 KiB, as new stores had from schema 9 until
2026-12-02) into a file per block, a third of a 1,000,000-hand import's CPU in the kernel making files
(docs/core.md, import speed). New stores keep DuckDB's block size."""


PROCESS_BYTES = 2_000_000
"""The bytes of files the core's file readers set aside (zips of members of several formats, whose pieces Python
cuts) that are worth starting worker processes for (a second or so each): fewer are read in this process."""


class Interrupted(SokoError):
    """An import stopped by Ctrl-C; ``summary`` says what was committed."""

    summary: ImportSummary


def migrations() -> list[tuple[int, str, str]]:
    """(version, file name, DDL) of each ``NNN_name.sql`` shipped in the package, in version order."""
    folder = resources.files("soko_analytics") / "schemas"
    if not folder.is_dir():
        raise StoreError(phrase("the schema files are missing from the installed package ({folder})",
                                folder=str(folder)))
    found = []
    for entry in folder.iterdir():
        m = re.match(r"^(\d+)_.*\.sql$", entry.name)
        if m:
            found.append((int(m.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)


LATEST = max(v for v, _, _ in migrations())
DRAW_FACTS = 10
"""The schema that added the draw games' facts to ``player_hands`` (010_draw_facts.sql)."""
TOURNAMENTS = 12
"""The schema that added the buy-ins' money and ``tournament_finishes`` (012_tournaments.sql)."""
QUARANTINE_DRIFT = 13
"""The schema that added the quarantine's drift fields (013_quarantine_drift.sql)."""
PART_CHECKS = 14
"""The schema that added each Parquet part's bytes, checksum and time (014_part_checks.sql)."""


DUCKDB_MAGIC = b"DUCK"
"""Bytes 8 to 11 of a DuckDB database file."""


def _foreign(path: str) -> str | None:
    """Why the existing file at ``path`` is not a DuckDB store, or None: a DuckDB file, an empty or missing one, or
    one whose first bytes hold a NUL (binary: DuckDB itself tells a store cut short by a kill from another kind)."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        return None
    if head.startswith(b"SQLite format 3"):
        return phrase("a SQLite database, not a DuckDB store (no extension is loaded to read it)")
    if not head or head[8:12] == DUCKDB_MAGIC or b"\0" in head:
        return None
    return phrase("not a store: the file is of another kind (a CSV, a hand history?); --db names a store made by "
                  "soko import (soko import FILES --db STORE reads hand histories into one)")


class NoStore(StoreError):
    """No store at the path a read asked for."""


def _connect(path: str, read_only: bool) -> duckdb.DuckDBPyConnection:
    foreign = _foreign(path)
    if foreign is not None:
        raise StoreError(foreign, path=path)
    try:
        con = duckdb.connect(path, read_only=read_only, config=CONFIG)
    except duckdb.Error as err:
        text = str(err)
        if "lock" in text.lower():
            pid = re.search(r"PID (\d+)", text)
            holder = phrase(" (process {pid})", pid=pid.group(1)) if pid else ""
            raise StoreError(phrase("the store is in use by another program{holder}, most likely a soko import (try "
                                    "again when it has finished) or a soko watch (which holds it until Ctrl-C; "
                                    "soko watch --hud shows the figures meanwhile)", holder=holder),
                             path=path) from None
        if "sqlite" in text.lower():
            raise StoreError(phrase("a SQLite database, not a DuckDB store (no extension is loaded to read it)"),
                             path=path) from None
        if "not a valid DuckDB database" in text or "Unknown file" in text.lower():
            raise StoreError(phrase("not a DuckDB store (the file is of another kind)"), path=path) from None
        reason = text.splitlines()[0] if text else type(err).__name__
        raise StoreError(phrase("cannot open the store: {reason}", reason=reason), path=path) from None
    try:
        con.execute(f"SET memory_limit = '{memory(MEMORY_LIMIT)}'")  # bound the buffer pool whatever the store's size
        # the views of the per-hand tables name their Parquet parts relative to the store's folder (store/parts.py)
        con.execute(f"SET file_search_path = {sql_text(str(Path(path).resolve().parent))}")
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

    def __new__(cls, path: str | Path = DEFAULT_DB, read_only: bool = False, check_parts: bool = True) -> Store:
        """A folder holding a lake's manifest is a lake (:class:`Lake`), opened read-only."""
        if cls is Store and is_lake(path):
            return super().__new__(Lake)
        return super().__new__(cls)

    def __init__(self, path: str | Path = DEFAULT_DB, read_only: bool = False, check_parts: bool = True) -> None:
        """``check_parts``: fail on a damaged or missing Parquet part (:meth:`.parts.Parts.check`); off only for
        :mod:`.repair`, which mends them."""
        self.path = str(path)
        if read_only and not Path(self.path).is_file():
            raise NoStore(phrase("no store here"), path=self.path)
        self.con = _connect(self.path, read_only)
        self.parts = Parts(self.con, self.path)
        self.parted = False
        """Whether the per-hand tables are Parquet parts yet (schema 9; not while an older store is upgraded)."""
        try:
            self._check_version(read_only)
            self.parted = self.version() >= 9
            if self.parted:
                if check_parts:
                    self.parts.check(writable=not read_only)
                if not read_only:
                    self.parts.claim()
                    self.parts.sweep()
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
                raise StoreError(phrase("not a soko_analytics store: it has tables ({tables}) but no schema_version; "
                                        "give another --db", tables=listed), path=self.path)
            return 0
        return self.con.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchall()[0][0]

    def _check_version(self, read_only: bool) -> None:
        current = self.version()
        if current > LATEST:
            raise StoreError(phrase("the store was made by a newer soko_analytics (schema version {current}; this "
                                    "one knows up to {latest}): upgrade soko_analytics", current=current,
                                    latest=LATEST), path=self.path)
        if current == LATEST:
            return
        if read_only:
            raise StoreError(phrase("the store needs an upgrade (schema version {current} to {latest}), which needs "
                                    "write access to the file", current=current, latest=LATEST), path=self.path)
        self._upgrade(current)

    def _upgrade(self, current: int) -> None:
        """Apply every newer DDL file, and fill the tables they add from the stored hands, in one transaction."""
        self.con.execute("BEGIN TRANSACTION")
        try:
            for version, name, ddl in migrations():
                if version <= current:
                    continue
                if version == DRAW_FACTS and current >= 9:
                    self.parts.to_table("player_hands")  # its DDL alters the table
                try:
                    self.con.execute(ddl)
                except duckdb.Error as err:
                    raise StoreError(phrase("cannot apply {name}: {error}", name=name, error=str(err)),
                                     path=self.path) from None
                self.con.execute("INSERT INTO schema_version (version) VALUES (?)", [version])
            if 0 < current < 2:
                self._backfill_player_hands()
            if 0 < current < 3:
                self.con.execute(f"INSERT INTO player_days {rollup_sql('player_hands')}")
            if 0 < current < 6:
                self._backfill_stats_fixes(current)
            if 0 < current < 8:
                self._rehash_hands()
            if 2 <= current < DRAW_FACTS:
                self._backfill_draw_facts()
            if 0 < current < TOURNAMENTS:
                self._backfill_tournaments()
            if 0 < current < QUARANTINE_DRIFT:
                drift.backfill(self.con)
            if current < 9:
                self.parts.create()
                self.parted = True
            elif current < DRAW_FACTS:
                self.parts.from_table("player_hands")
            if 9 <= current < PART_CHECKS:
                self.parts.measure()
            self.con.execute("COMMIT")
        except BaseException:
            rollback(self.con)
            raise

    def _rehash_hands(self) -> None:
        """Schema 8 (008_content_hash_v2.sql): every stored hand's content hash recomputed (hand-v2) from its
        raw text, read again by the core's reader of the format it was stored from (``_core.content_hashes``); a
        hand whose text no longer reads keeps its hash."""
        stored = self.query("SELECT hand_key, format, raw FROM hands")
        new: list[tuple[int, str]] = []
        for (fmt,), group in stored.group_by(["format"]):
            keys, raws = group["hand_key"].to_list(), group["raw"].to_list()
            hashes = _core.content_hashes(raws, str(fmt))
            new.extend((k, h) for k, h in zip(keys, hashes) if h is not None)
        if new:
            frame = pl.DataFrame(new, schema={"hand_key": pl.Int64, "content_hash": pl.String}, orient="row")
            with registered(self.con, "rehashed", frame):
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
        frames = _read_again(self.con.execute("""
                SELECT raw, format, source_file FROM hands h
                WHERE (button IS NOT NULL AND players_dealt <= 5) OR structure = 'spread'
                   OR EXISTS (SELECT 1 FROM seats s WHERE s.hand_key = h.hand_key AND s.cash_out <> 0)
                   OR total_pot <> (SELECT sum(s.put_in) FROM seats s WHERE s.hand_key = h.hand_key)""").fetchall())
        if len(frames["player_hands"]):
            seats = frames["seats"].select("hand_key", "seat", "position", "put_in", "collected", "cash_out", "net")
            with registered(self.con, "fixed_seats", seats.to_arrow()):
                self.con.execute("""
                    UPDATE seats SET position = f.position, put_in = f.put_in, collected = f.collected,
                        cash_out = f.cash_out, net = f.net
                    FROM fixed_seats f WHERE seats.hand_key = f.hand_key AND seats.seat = f.seat""")
                self.con.execute("DELETE FROM player_hands WHERE hand_key IN (SELECT hand_key FROM fixed_seats)")
            self._insert("player_hands", frames["player_hands"], rollup=False)
        self.con.execute("DELETE FROM player_days")
        self.con.execute(f"INSERT INTO player_days {rollup_sql('player_hands')}")

    def _backfill_draw_facts(self) -> None:
        """Schema 10 (010_draw_facts.sql): the ``player_hands`` rows of the draw games' hands recomputed from their
        raw text, and their ``player_days`` sums again (the other games draw nothing: the columns' defaults
        hold)."""
        draw_games = sorted({GAMES[name] for name in PROFILES if resolve(name).has_draws})
        games = f"game IN ({', '.join(map(sql_text, draw_games))})"
        stored = self.con.execute(f"SELECT raw, format, source_file FROM hands WHERE {games}").fetchall()
        frame = _read_again(stored)["player_hands"]
        if len(frame):
            with registered(self.con, "draw_rows", frame.to_arrow()):
                self.con.execute("DELETE FROM player_hands WHERE hand_key IN (SELECT hand_key FROM draw_rows)")
                self.con.execute("INSERT INTO player_hands SELECT * FROM draw_rows")
        self.con.execute(f"DELETE FROM player_days WHERE {games}")
        self.con.execute(f"INSERT INTO player_days {rollup_sql(f'(SELECT * FROM player_hands WHERE {games})')}")

    def _backfill_tournaments(self) -> None:
        """Schema 12 (012_tournaments.sql): the ``buy_in_*`` columns of the stored tournament hands from their
        buy-in text, and ``tournament_finishes`` from the raw text of the tournament hands whose text may hold a
        finish or a bounty, read again by the core's reader of their format (PHH hands have none)."""
        texts = self.query("SELECT DISTINCT buy_in FROM hands WHERE buy_in IS NOT NULL")["buy_in"].to_list()
        parsed = [(t, *p) for t, p in zip(texts, _core.buy_ins(texts)) if p is not None]
        if parsed:
            schema = {"buy_in": pl.String, "amount": pl.Int64, "bounty": pl.Int64, "fee": pl.Int64,
                      "currency": pl.String, "decimals": pl.Int8}
            with registered(self.con, "buy_ins", pl.DataFrame(parsed, schema=schema, orient="row").to_arrow()):
                self.con.execute("""
                    UPDATE hands SET buy_in_amount = b.amount, buy_in_bounty = b.bounty, buy_in_fee = b.fee,
                        buy_in_currency = b.currency, buy_in_decimals = b.decimals
                    FROM buy_ins b WHERE hands.buy_in = b.buy_in""")
        stored = self.query(f"""
            SELECT format, raw FROM hands WHERE tournament_id IS NOT NULL
            AND format IN ({', '.join(map(sql_text, CORE_FORMATS))})
            AND regexp_matches(raw, 'the tournament|eliminat|finished in|Ranking|Prize')""")
        for (fmt,), group in stored.group_by(["format"]):
            rows = native_frames({"rows": _core.tournament_finishes(group["raw"].to_list(), str(fmt))})["rows"]
            if len(rows):
                self._insert("tournament_finishes", rows)

    def _backfill_player_hands(self) -> None:
        """Fill ``player_hands`` (schema 2) for the hands of an older store, from their raw text."""
        frame = _read_again(self.con.execute("SELECT raw, format, source_file FROM hands").fetchall())["player_hands"]
        if len(frame):
            self._insert("player_hands", frame, rollup=False)  # player_days is filled from it next

    # -- reading -----------------------------------------------------------------------

    def query(self, sql: str, params: list | None = None) -> pl.DataFrame:
        """Any SQL over the store, as a Polars DataFrame; a Parquet part found damaged by the query (one the checks
        at open could not see) is a StoreError naming it and ``soko repair``."""
        try:
            return frame(self.con.execute(sql, params or []))
        except duckdb.Error as err:
            damage = self.parts.query_damage(err) if self.parted else None
            if damage is None:
                raise
            raise damage from None

    def table(self, name: str) -> pl.DataFrame:
        if name not in TABLES:
            raise StoreError(phrase("no table {name!r}", name=name), expected=", ".join(TABLES), actual=name)
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

    def quarantine_groups(self, by: str = "reason", resolved: bool = False) -> list[dict]:
        """The format-drift report: the quarantine's records counted per group (:func:`.drift.groups`)."""
        return drift.groups(self.con, by, resolved)

    def imports(self) -> pl.DataFrame:
        return self.table("imports")

    def raw_hands(self, hand_id: str | None = None,
                  keys: Sequence[int] | None = None) -> list[tuple[str, str, str, int]]:
        """(raw text, format, source file, source line) of the stored hands (or of one hand id, or of the hands
        whose ``hand_key`` is in ``keys``, in one query)."""
        sql = "SELECT raw, format, source_file, source_line FROM hands"
        if hand_id is not None:
            return self.con.execute(sql + " WHERE hand_id = ? ORDER BY source_file, source_line", [hand_id]).fetchall()
        if keys is not None:
            wanted = pl.DataFrame({"hand_key": list(keys)}, schema={"hand_key": pl.Int64})
            with registered(self.con, "wanted_keys", wanted.to_arrow()):
                return self.con.execute(sql + " WHERE hand_key IN (SELECT hand_key FROM wanted_keys) "
                                        "ORDER BY source_file, source_line").fetchall()
        return self.con.execute(sql + " ORDER BY start_utc NULLS LAST, source_file, source_line").fetchall()

    # -- importing ---------------------------------------------------------------------

    def _unchanged(self, files: list[tuple[Path, str, int]]) -> set[str]:
        """The names of the files (path, name, size) imported before (and read then) under that name with the same
        size and content: one query for them all, and a file hashed only where its name and size are known."""
        if not files:
            return set()
        asked = pl.DataFrame({"path": [name for _, name, _ in files], "size": [size for _, _, size in files]},
                             schema={"path": pl.String, "size": pl.Int64})
        with registered(self.con, "asked", asked.to_arrow()):
            known = self.query("SELECT i.path, i.content_hash FROM imports i JOIN asked a USING (path, size)")
        hashes: dict[str, set[str]] = {}
        for name, digest in known.iter_rows():
            hashes.setdefault(name, set()).add(digest)
        unchanged = set()
        for path, name, _ in files:
            if name in hashes:
                try:
                    if file_hash(path) in hashes[name]:
                        unchanged.add(name)
                except OSError:
                    continue
        return unchanged

    def _next_import_id(self) -> int:
        """Past every id in use: a killed import may have committed chunks of a file it never recorded."""
        return self.con.execute("""SELECT greatest((SELECT max(import_id) FROM imports),
            (SELECT max(import_id) FROM hands), (SELECT max(import_id) FROM quarantine), 0) + 1""").fetchall()[0][0]

    def import_paths(self, paths: Iterable[str | Path], format: str = "auto", jobs: int = 1,
                     with_audit: bool = True, progress: Callable[[FileResult], None] | None = None,
                     strict: bool = False, force: bool = False,
                     on_chunk: Callable[[int], None] | None = None,
                     names: dict[Path, str] | None = None, heroes: Iterable[str] = (),
                     on_total: Callable[[int, int], None] | None = None,
                     walked: tuple[list[Path | Quarantined], list[tuple[str, str]]] | None = None,
                     tidy: bool = True, tails: frozenset[str] = frozenset()) -> ImportSummary:
        """Import files and folders (see the module text); ``jobs`` processes read in parallel.

        ``progress`` is called with each file's result, ``on_chunk`` with the hands of each chunk
        written; ``force`` re-reads files imported before unchanged; ``strict`` raises on a bug of
        ours instead of quarantining the hand (and reads in this process); ``names`` gives the name the store
        records for a path (``<stdin>`` for standard input spooled to a file); ``heroes`` (``soko import --hero``)
        names the store's owner: each hand of the input takes as its ``hero`` the first of them seated in it, NULL
        where none is, instead of the player its log deals face up to; hands stored before (an unchanged file
        skipped, a hand already in the store) too. ``on_total`` is told the files found and their bytes before
        any is read (each file's result has its ``size``, for a bar of bytes); ``walked``: what
        :func:`~soko_analytics.parsers.iter_files` found in ``paths`` and passed over, if it was walked already;
        ``tidy``: :meth:`tidy` the store after the import (``soko watch`` does it when its files are quiet);
        ``tails``: the names of files of which only a part is read (``soko watch``'s new bytes of a growing file):
        the quarantine records of their earlier reads stay open (a whole re-read resolves those it no longer finds).
        """
        names = names or {}
        started = time.perf_counter()
        summary = ImportSummary()
        run_id = self.con.execute("SELECT coalesce(max(run_id), 0) + 1 FROM imports").fetchall()[0][0]
        if walked is None:
            passed: list[tuple[str, str]] = []
            walked = iter_files(paths, passed), passed
        summary.passed = list(walked[1])
        found = _found_files(walked[0], names, summary)
        if on_total:
            on_total(len(found), sum(size for _, _, size in found))
        unchanged = set() if force else self._unchanged(found)
        since = self._next_import_id()  # the first id of this run's records
        if summary.problems:
            self._write_problems(summary.problems)
        first_id = self._next_import_id()
        tasks: list[Task] = []
        for path, name, size in found:
            if name in unchanged:
                summary.files.append(FileResult(name, skipped=True, size=size))
                if progress:
                    progress(summary.files[-1])
            else:
                tasks.append(Task(str(path), name, first_id + len(tasks)))
        jobs = min(jobs, jobs_within(address_space()))
        heroes = tuple(composed(name) for name in heroes)  # compared in NFC, the form names are stored in
        writer = FileWriter(self, run_id, first_id, summary, progress, on_chunk, strict, heroes,
                            {task.import_id: task for task in tasks}, tails)
        # Each checkpoint rewrites the tables' last, partly filled row groups (the raw text recompressed):
        # fewer of them during an import cost a larger write-ahead log and less time.
        self.con.execute(f"SET checkpoint_threshold = '{IMPORT_CHECKPOINT}'")
        self.con.execute(f"SET memory_limit = '{memory(IMPORT_MEMORY)}'")
        try:
            prewriter = self.parts.prewriter() if self.parted else None
            for chunk in _chunks(tasks, format, jobs, with_audit, strict, prewriter):
                writer.write(chunk)
            writer.flush()
        except KeyboardInterrupt:
            rollback(self.con)  # a transaction Ctrl-C met at its edge
            summary.seconds = time.perf_counter() - started
            raise self._interrupted(writer.first_id, summary) from None
        finally:
            quietly(self.con, "RESET checkpoint_threshold")
            quietly(self.con, f"SET memory_limit = '{memory(MEMORY_LIMIT)}'")
        if heroes:
            skipped = [f.path for f in summary.files if f.skipped]
            summary.renamed = self._rename_heroes(tuple(heroes), skipped, writer.known)
        if tasks and tidy:
            self.tidy()
        summary.drift = drift.groups(self.con, "reason", resolved=True, since=since)
        summary.seconds = time.perf_counter() - started
        return summary

    def _interrupted(self, first_id: int, summary: ImportSummary) -> Interrupted:
        """The error of an import Ctrl-C stopped: what is committed is read from the store (a chunk committed just
        before Ctrl-C may not be counted in the summary yet)."""
        hands, of_files = self.con.execute(
            "SELECT count(*), count(DISTINCT import_id) FROM hands WHERE import_id >= ?", [first_id]
        ).fetchall()[0]
        reason = phrase("interrupted: {hands} of {files} are committed; run the same command again to import the rest",
                        hands=phrases("{n} hand", "{n} hands", hands), files=phrases("{n} file", "{n} files", of_files))
        error = Interrupted(reason, path=self.path)
        error.summary = summary
        return error

    def tidy(self) -> None:
        """After an import: a part per table for it, the write-ahead log folded into the file, free blocks given
        back (``soko watch`` does it when its files are quiet, not after each hand)."""
        try:
            self.parts.merge()
        except (duckdb.Error, StoreError):
            pass  # each merge is its own transaction: the parts stay as the import wrote them, every row read
        self._transaction(lambda: None, phrase("the write-ahead log"), sql="CHECKPOINT")
        self._compact()

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
        self.parts = Parts(self.con, self.path)

    def _write_problems(self, problems: list[Quarantined]) -> None:
        batch = Batch()
        for q in problems:
            batch.add_quarantine(q, 0)
        self._transaction(lambda: self._insert_quarantine(batch.quarantine_frame(), self._next_import_id()),
                          phrase("the folder problems"))

    def _rename_heroes(self, heroes: tuple[str, ...], files: list[str], known: list[pl.Series]) -> int:
        """``import --hero`` over hands stored before: those of the ``files`` skipped as unchanged (and their
        archives' members) and the ``known`` keys read again take their hero by the rule new hands take it by
        (:func:`.writing.with_heroes`); returns how many changed."""
        if not files and not known:
            return 0
        keys = pl.concat(known).to_frame("hand_key") if known else pl.DataFrame(schema={"hand_key": pl.Int64})
        with registered(self.con, "hero_files", pl.DataFrame({"path": files}, schema={"path": pl.String}).to_arrow()), \
                registered(self.con, "hero_keys", keys.to_arrow()):
            stored = self.query("""
                SELECT hand_key, hero AS was FROM hands h WHERE hand_key IN (SELECT hand_key FROM hero_keys)
                OR EXISTS (SELECT 1 FROM hero_files f
                           WHERE h.source_file = f.path OR starts_with(h.source_file, f.path || ':'))""")
        with registered(self.con, "hero_hands", stored.to_arrow()):
            seats = self.query("SELECT hand_key, player FROM seats WHERE hand_key IN (SELECT hand_key FROM hero_hands)")
        named = with_heroes(stored, seats, heroes)
        changed = named.filter(pl.col("hero").ne_missing(pl.col("was"))).select("hand_key", "hero")
        if len(changed):
            with registered(self.con, "hero_changed", changed.to_arrow()):
                self._transaction(lambda: self.con.execute(
                    "UPDATE hands SET hero = c.hero FROM hero_changed c WHERE hands.hand_key = c.hand_key"),
                    phrase("the heroes (--hero)"))
        return len(changed)

    def _transaction(self, work: Callable[[], object], what: str, sql: str | None = None) -> None:
        """Run ``work`` in one transaction (or one statement ``sql``); a failure rolls it back and says what
        could not be written, never hiding the cause behind a failed rollback."""
        if sql is not None:
            try:
                self.con.execute(sql)
            except duckdb.Error as err:
                raise _unwritten(what, err, self.path) from None
            return
        try:  # BEGIN inside: Ctrl-C met just after it must roll the transaction back too
            self.con.execute("BEGIN TRANSACTION")
            work()
            self.con.execute("COMMIT")
        except RuntimeError as err:
            rollback(self.con)
            if interrupted(err):  # DuckDB turns Ctrl-C during a query into this
                raise KeyboardInterrupt from None
            raise
        except duckdb.Error as err:
            rollback(self.con)
            if interrupted(err):
                raise KeyboardInterrupt from None
            raise _unwritten(what, err, self.path) from None
        except BaseException:
            rollback(self.con)
            raise

    def _insert(self, table: str, frame: pl.DataFrame, rollup: bool = True,
                written: tuple[str, int] | None = None, days: pl.DataFrame | None = None) -> None:
        """Add ``frame``'s rows to ``table``; ``written``: the part file (and its rows) a reader thread already
        wrote of them (:class:`~.parts.Prewriter`), listed instead of written again; ``days``: the ``player_days``
        sums of ``player_hands`` rows, if a reader thread summed them."""
        if written is not None:
            self.parts.add(table, *written)
        elif table in PART_TABLES and self.parted:
            self.parts.append(table, frame)
        else:  # a table of DuckDB's, or an older store's being upgraded
            with registered(self.con, "incoming", frame.to_arrow()):
                self.con.execute(f"INSERT INTO {table} SELECT * FROM incoming")
        if table == "player_hands" and rollup and days is not None:  # and their sums, for the stats
            with registered(self.con, "incoming", days.to_arrow()):
                self.con.execute("INSERT INTO player_days SELECT * FROM incoming")
        elif table == "player_hands" and rollup:
            with registered(self.con, "incoming", frame.to_arrow()):
                self.con.execute(f"INSERT INTO player_days {rollup_sql('incoming')}")

    def _insert_quarantine(self, records: pl.DataFrame, import_id: int | None = None
                           ) -> tuple[dict[int, int], dict[int, int]]:
        """Add quarantine records (under ``import_id``, else each under its own), but none already open for the
        same text (a re-read, or a copied file); returns, by import id, how many were added, and how many records
        of hands were left out as already there."""
        if not len(records):
            return {}, {}
        if import_id is not None:
            records = records.with_columns(pl.lit(import_id, pl.Int32).alias("import_id"))
        same = "q.kind = i.kind AND q.content_hash = i.content_hash " \
               "AND (i.raw <> '' OR (q.source_file = i.source_file AND q.reason = i.reason))"
        with registered(self.con, "incoming", records.to_arrow()):
            # nor one of an earlier file of the same chunk (a folder's copies of a file)
            added = frame(self.con.execute(f"""
                INSERT INTO quarantine BY NAME SELECT * FROM incoming i
                WHERE NOT EXISTS (SELECT 1 FROM quarantine q WHERE q.resolved_by IS NULL AND {same})
                AND NOT EXISTS (SELECT 1 FROM incoming q WHERE q.import_id < i.import_id AND {same})
                RETURNING import_id, hand_id"""))
        count = {k: v for k, v in added.group_by("import_id").len().iter_rows()} if len(added) else {}
        of_hands = records.filter(pl.col("hand_id").is_not_null()).group_by("import_id").len()
        added_hands = (dict(added.filter(pl.col("hand_id").is_not_null()).group_by("import_id").len().iter_rows())
                       if len(added) else {})
        known = {k: v - added_hands.get(k, 0) for k, v in of_hands.iter_rows()}
        return count, {k: v for k, v in known.items() if v}


def _unwritten(what: str, err: Exception, path: str) -> StoreError:
    """What could not be written to the store, and the database's first line of why."""
    return StoreError(phrase("cannot write {what} to the store: {error}", what=what, error=first_line(err)), path=path)


class Lake(LakeStore, Store):
    """A lake's folder (``soko lake build``) read as a store: read-only, through DuckDB in memory (:mod:`.lake`)."""

    def __init__(self, path: str | Path = DEFAULT_DB, read_only: bool = False, check_parts: bool = True) -> None:
        if not read_only:
            raise StoreError(phrase("a lake is read-only to this command: soko lake build PATH... --out LAKE adds "
                                    "files to it"), path=str(path))
        self._open_lake(path, memory(MEMORY_LIMIT))


def _chunks(tasks: list[Task], format: str, jobs: int, with_audit: bool,
            strict: bool, prewriter: Prewriter | None = None) -> Iterator[Chunk]:
    """Every file's chunks: the core's readers in threads (one reader when ``jobs`` is 1), then the files they
    leave to the Python readers, in worker processes when they are worth starting processes for (several
    files, :data:`PROCESS_BYTES` in all) and ``jobs`` allows;
    under ``strict`` (a bug of ours raised) one reader of the core reads them all in this process, and the Python
    readers the files it leaves."""
    if strict:
        todo = deque(tasks)
        yield from core_chunks(lambda: todo.popleft() if todo else None, format, with_audit, strict=True)
        return
    aside: list[tuple[Task, FileInfo]] = []
    if jobs > 1:  # one file too: read in a thread, it is read while the chunk before is written
        yield from thread_chunks(tasks, jobs, format, with_audit, prewriter, lambda t, i: aside.append((t, i)))
    else:
        todo = deque(tasks)
        yield from core_chunks(lambda: todo.popleft() if todo else None, format, with_audit,
                               aside=lambda t, i: aside.append((t, i)))
    aside.sort(key=lambda pair: pair[0].import_id)  # the reader threads left them in the order each met them
    if jobs > 1 and len(aside) > 1 and sum(info.size for _, info in aside) >= PROCESS_BYTES and Readers is not None:
        with Readers(jobs, format, with_audit) as readers:
            yield from readers.chunks(aside)
    else:
        for task, info in aside:
            yield from read_chunks(task, format, with_audit, info=info)


def _read_again(stored: list[tuple[str, str, str]]) -> dict[str, pl.DataFrame]:
    """The rows (not audited) of stored hands' ``(raw text, format, file)`` read again by the core
    (``Batch.add_text``), as a store's upgrade recomputes them."""
    batch = Batch()
    for raw, fmt, path in stored:
        batch.add_text(raw, fmt, path)
    return batch.to_frames(with_audit=False)


def open_for_reading(path: str | Path) -> Store:
    """The store at ``path`` opened read-only; an older store is upgraded first where the file can be written."""
    try:
        return Store(path, read_only=True)
    except StoreError as err:
        if "needs an upgrade" not in err.reason or not os.access(path, os.W_OK):
            raise
    Store(path).close()
    return Store(path, read_only=True)


def address_space() -> int | None:
    """The process's address-space limit (``ulimit -v``) in bytes; None when there is none."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else int(soft)


BASE_SPACE = 1 << 30
"""The address space an import takes with one reader (the libraries, DuckDB's buffer pool, a chunk)..."""
JOB_SPACE = 1 << 29
"""... and each more reader thread (its chunk in flight, its stack, the core's and Polars' buffers). Measured on
the corpus's 306 PokerStars and sites' files under ``ulimit -v`` (2026-12-06): 5 readers in 2 GiB aborted the
process in a library half the time, 3 in 2 GiB, 2 in 1.5 GiB and 7 in 4 GiB never in 3 to 9 runs."""


def jobs_within(limit: int | None) -> int:
    """The readers an import may run under an address-space limit (every one without a limit)."""
    return 64 if limit is None else max(1, 1 + (limit - BASE_SPACE) // JOB_SPACE)


def memory(wanted: int) -> str:
    """DuckDB's ``memory_limit`` of ``wanted`` bytes, at most a quarter of an address-space limit (DuckDB would
    take its buffer pool past the limit and fail with out of memory)."""
    limit = address_space()
    return f"{(wanted if limit is None else min(wanted, limit // 4)) >> 20}MB"


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def _found_files(walked: Iterable[Path | Quarantined], names: dict[Path, str],
                 summary: ImportSummary) -> list[tuple[Path, str, int]]:
    """The files walked, each with the name the store records and its size; what could not be walked goes to the
    summary's problems."""
    found: list[tuple[Path, str, int]] = []
    for item in walked:
        if isinstance(item, Quarantined):
            summary.problems.append(item)
            continue
        try:
            size = item.stat().st_size
        except OSError:
            size = 0
        found.append((item, names.get(item, str(item)), size))
    return found
