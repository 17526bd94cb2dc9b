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
from typing import TYPE_CHECKING, Any

import polars as pl

from .. import i18n
from ..errors import SokoError, StoreError, phrase, phrases
from ..i18n import _
from ..parsers import Quarantined
from ..parsers.base import InternalError, quarantine
from . import drift, reading
from .duck import disk_full, frame, registered
from .reading import Chunk, Share
from .rows import SCHEMAS, Batch

if TYPE_CHECKING:
    from .db import Store

HAND_TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "tournament_finishes")
ORIGIN = "_from_file"
"""A column that names the file of each row while a chunk of many files is sorted out (not stored)."""
RESOLVABLE = ("malformed", "incomplete", "unsupported", "internal", "too_large", "damaged")
"""Kinds of hand records that a later import storing the same hand id resolves."""


@dataclass
class FileResult:
    """What importing one file did."""

    path: str
    skipped: bool = False
    """Already imported, unchanged."""
    size: int = 0
    """Its bytes."""
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
    passed: list[tuple[str, str]] = field(default_factory=list)
    """Files of the folders walked that are not hand histories (neither by name nor by their first bytes), and
    why they were left alone."""
    renamed: int = 0
    """Hands stored before (files skipped as unchanged, hands already in the store) whose ``hero`` the
    run's ``--hero`` names changed."""
    drift: list[dict[str, Any]] = field(default_factory=list)
    """The quarantine records this run added, counted per format, client version, kind and shape of the line not
    understood (:func:`.drift.groups`)."""

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

    @property
    def nothing_read(self) -> bool:
        """Nothing could be read: no hand stored or found stored already, no file skipped as unchanged, and
        something quarantined or not read (every hand of the input, every file: a wrong ``--format``, say)."""
        return (self.stored + self.duplicate + self.skipped_files == 0
                and (self.quarantined > 0 or self.failed_files > 0 or bool(self.problems)))

    def line(self) -> str:
        """The run in one line, in the language spoken: files, hands stored, duplicates, quarantined, time, rate."""
        rate = (self.stored + self.duplicate + self.quarantined) / self.seconds if self.seconds else 0
        files = i18n.ngettext("{n} file", "{n} files", len(self.files)).format(n=i18n.number(len(self.files)))
        failed = _(", {n} not readable").format(n=i18n.number(self.failed_files)) if self.failed_files else ""
        stored = i18n.ngettext("{n} hand stored", "{n} hands stored", self.stored).format(n=i18n.number(self.stored))
        line = _("{files} ({skipped} unchanged, skipped{failed}): {stored}, {duplicate} already in the store, "
                 "{quarantined} quarantined; {seconds} s, {rate} hands/s")
        return line.format(files=files, skipped=i18n.number(self.skipped_files), failed=failed, stored=stored,
                           duplicate=i18n.number(self.duplicate), quarantined=i18n.number(self.quarantined),
                           seconds=i18n.number(self.seconds, 1), rate=i18n.number(rate, 0)) + self.renamed_note()

    def renamed_note(self) -> str:
        """The end of the summary line that counts :attr:`renamed` (nothing where none was)."""
        if not self.renamed:
            return ""
        note = i18n.ngettext("; the hero of {n} hand stored before changed (--hero)",
                             "; the hero of {n} hands stored before changed (--hero)", self.renamed)
        return note.format(n=i18n.number(self.renamed))


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


FLUSH_SECONDS = 2.0
"""A batch of small files waits at most this long for more before it is written."""


@dataclass
class _Open:
    """A file part-written: its result so far, the quarantine records read of it (for :meth:`FileWriter._finish`),
    when its first rows came."""

    result: FileResult
    seen: list[pl.DataFrame] = field(default_factory=list)
    """The quarantine records read of it in its earlier chunks (``import_id``, ``kind``, ``content_hash``,
    ``source_file``, ``reason``)."""
    started: float = field(default_factory=time.perf_counter)


class FileWriter:
    """Writes the chunks of a run (see the module text)."""

    def __init__(self, store: Store, run_id: int, first_id: int, summary: ImportSummary,
                 progress: Callable[[FileResult], None] | None, on_chunk: Callable[[int], None] | None, strict: bool,
                 heroes: tuple[str, ...] = (), files: dict[int, reading.Task] | None = None,
                 tails: frozenset[str] = frozenset()) -> None:
        self.store, self.con = store, store.con
        self.tails = tails
        """Names of files read in part (:meth:`.db.Store.import_paths`): their earlier records are not resolved."""
        self.files = files or {}
        """Each import id's file (:class:`~.reading.Task`), for the raw text of a record of a whole file."""
        self.run_id, self.summary, self.progress, self.on_chunk = run_id, summary, progress, on_chunk
        self.strict = strict
        self.heroes = heroes
        """``--hero``: the names of the store's owner; each hand's hero is the first of them seated in it."""
        self.known: list[pl.Series] = []
        """With ``heroes``: the keys of the hands read that were already stored (their hero is set after the run)."""
        self.first_id = first_id
        self.open: dict[int, _Open] = {}
        """Files part-written, by import id."""
        self.waiting: list[Chunk] = []
        """Chunks of small files not written yet (:meth:`write`)."""
        self.since = 0.0

    def write(self, chunk: Chunk) -> None:
        """Take a chunk: a small chunk waits for more until they make :data:`~.reading.CHUNK_ROWS` hands (or
        have waited :data:`FLUSH_SECONDS`), so that a folder of small files is written a few thousand hands a
        transaction, not a file a transaction; a full chunk is written at once. A record of a whole file that
        could not be read takes the file's text here (:func:`~.reading.with_file_texts`)."""
        chunk.frames["quarantine"] = reading.with_file_texts(chunk.frames["quarantine"], self.files)
        if chunk.parts is not None or chunk.hands >= reading.CHUNK_ROWS // 2:
            self.flush()
            self._write(chunk)
            return
        if not self.waiting:
            self.since = time.perf_counter()
        self.waiting.append(chunk)
        if sum(c.hands for c in self.waiting) >= reading.CHUNK_ROWS or time.perf_counter() - self.since > FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the chunks waiting, as one."""
        if not self.waiting:
            return
        waiting, self.waiting = self.waiting, []
        if len(waiting) == 1:
            self._write(waiting[0])
            return
        frames = {name: pl.concat([c.frames[name] for c in waiting], how="vertical_relaxed")
                  for name in waiting[0].frames}
        self._write(Chunk(frames, [share for c in waiting for share in c.files]))

    def _write(self, chunk: Chunk) -> None:
        """Write a chunk in one transaction; a chunk of several files that cannot be written is written again a
        file at a time, so that a file's fault fails that file alone."""
        for share in chunk.files:
            self.open.setdefault(share.import_id, _Open(FileResult(share.path)))
        seen = chunk.frames["quarantine"].select("import_id", "kind", "content_hash", "source_file", "reason")
        counts: dict[int, Counts] = {}
        try:
            self.store._transaction(lambda: counts.update(self._write_rows(chunk, seen)), chunk.files[0].path)
        except StoreError as err:
            if disk_full(err):
                raise StoreError(phrase("{reason}; the files before it are committed", reason=err.reason),
                                 path=err.path) from None
            self._retry(chunk, err)
            return
        except Exception as err:  # noqa: BLE001 - a bug of ours writing one chunk fails its file, not the run
            if self.strict:
                raise
            self._retry(chunk, InternalError.of(err, path=chunk.files[0].path))
            return
        going_on = [share.import_id for share in chunk.files if share.info is None]
        if going_on and len(seen):
            for key, records in seen.filter(pl.col("import_id").is_in(going_on)).group_by("import_id"):
                self.open[int(str(key[0]))].seen.append(records)
        for import_id, (stored, duplicate, quarantined, internal) in counts.items():
            result = self.open[import_id].result
            result.stored += stored
            result.duplicate += duplicate
            result.quarantined += quarantined
            result.internal += internal
        self._done(chunk)

    def _retry(self, chunk: Chunk, err: SokoError) -> None:
        if len(chunk.files) == 1:
            self._failed(chunk.files[0], err)
            self._done(chunk)
            return
        for share in chunk.files:
            self._write(_files_of(chunk, [share]))

    def _done(self, chunk: Chunk) -> None:
        """A chunk committed (or its files failed): progress, and each file's result once it is the file's last."""
        if self.on_chunk:
            self.on_chunk(chunk.hands)
        for share in chunk.files:
            if share.info is not None:
                result = self.open.pop(share.import_id).result
                self.summary.files.append(result)
                if self.progress:
                    self.progress(result)

    def _failed(self, share: Share, err: SokoError) -> None:
        """A file's rows that could not be written: the file is not recorded as imported, and the quarantine says
        why."""
        result = self.open[share.import_id].result
        reason = phrases("{n} hand of this file could not be written to the store: {reason}",
                         "{n} hands of this file could not be written to the store: {reason}", share.hands,
                         reason=err.reason)
        result.error = reason
        batch = Batch()
        batch.add_quarantine(quarantine(InternalError(reason), "", share.path, 0, None), share.import_id)
        records = reading.with_file_texts(batch.quarantine_frame(), self.files)  # the file's text, as for any file
        self.store._transaction(lambda: self.store._insert_quarantine(records), share.path)
        result.quarantined += 1
        result.internal += 1

    def _write_rows(self, chunk: Chunk, seen: pl.DataFrame) -> dict[int, Counts]:
        counts = self._write_hands(chunk)
        ended = [share for share in chunk.files if share.info is not None]
        if ended:
            self._finish(ended, counts, seen)
        return counts

    def _write_hands(self, chunk: Chunk) -> dict[int, Counts]:
        """The chunk's new hands and their rows, its quarantine records and its conflicts; what each file gave:
        hands stored, already in the store, records added and bugs of ours met."""
        frames = dict(chunk.frames)
        if self.heroes:
            frames["hands"] = with_heroes(frames["hands"], frames["seats"], self.heroes)
        hands = frames["hands"].with_row_index("row")
        keys = hands.select("row", "hand_key", "content_hash", "import_id")
        first = keys.unique("hand_key", keep="first", maintain_order=True)
        with registered(self.con, "incoming_keys", first.select("hand_key").to_arrow()):
            stored = frame(self.con.execute(
                "SELECT hand_key, content_hash AS stored_hash FROM hands "
                "WHERE hand_key IN (SELECT hand_key FROM incoming_keys)"))
        # Most chunks of an import are all new (no key stored, none twice): their rows go in whole.
        all_new = stored.is_empty() and len(first) == len(keys)
        if all_new:
            new, same, conflict = keys, keys.clear(), keys.clear()
        else:
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
        # The other tables' rows of a new hand: those of its key that came from its file, of its first copy there.
        new_keys = new.select("hand_key", "import_id")
        repeated = set(keys.filter(pl.col("hand_key").is_duplicated())["hand_key"].to_list())
        for name in HAND_TABLES:
            if all_new:
                df = frames[name]
            elif name == "hands":
                df = hands.filter(pl.col("row").is_in(new["row"].implode())).drop("row")
            else:
                df = frames[name].with_columns(chunk.origin(name).alias(ORIGIN))
                df = (df.filter(_first_copy(df, name, repeated))
                      .join(new_keys.rename({"import_id": ORIGIN}), on=["hand_key", ORIGIN], how="semi").drop(ORIGIN))
            if len(df):
                written = chunk.parts.get(name) if all_new and chunk.parts else None
                self.store._insert(name, df, written=written, days=chunk.days if all_new else None)
        quarantine = frames["quarantine"]
        if len(conflict):
            clash = hands.filter(pl.col("row").is_in(conflict["row"].implode()))
            quarantine = pl.concat([quarantine, drift.fill(clash.select(
                "import_id", "source_file", "source_line", "hand_id",
                pl.lit("conflict").alias("kind"),
                pl.format("a different hand {} of {} is already stored", "hand_id", "site").alias("reason"),
                "raw", "content_hash", pl.lit(None, pl.Int32).alias("resolved_by"), "format"))
                .with_columns(pl.lit(None, pl.Int64).alias("size"))], how="vertical_relaxed")
        added, known = self.store._insert_quarantine(quarantine)
        if len(new):  # earlier records of hands stored now are resolved
            stored_ids = hands.join(new.select("row"), on="row").select("hand_id", "import_id").to_arrow()
            with registered(self.con, "stored_ids", stored_ids):
                self.con.execute(f"""
                    UPDATE quarantine SET resolved_by = s.import_id FROM stored_ids s
                    WHERE quarantine.resolved_by IS NULL AND quarantine.import_id <> s.import_id
                    AND quarantine.kind IN {RESOLVABLE} AND quarantine.hand_id = s.hand_id""")
        tally = {kind: dict(zip(df["import_id"].to_list(), df["len"].to_list())) for kind, df in (
            ("stored", new.group_by("import_id").len()), ("same", same.group_by("import_id").len()),
            ("internal", quarantine.filter(pl.col("kind") == "internal").group_by("import_id").len()))}
        # a hand quarantined before is "already in the store" too
        return {share.import_id: (tally["stored"].get(share.import_id, 0),
                                  tally["same"].get(share.import_id, 0) + known.get(share.import_id, 0),
                                  added.get(share.import_id, 0), tally["internal"].get(share.import_id, 0))
                for share in chunk.files}

    def _finish(self, ended: list[Share], counts: dict[int, Counts], seen: pl.DataFrame) -> None:
        """The records of the files ending in a chunk, and the resolution of the records their earlier reads
        left that this read did not (``seen``: the chunk's records; a file's records of earlier chunks are kept
        in :attr:`open`)."""
        read = pl.concat([seen, *(frame for share in ended for frame in self.open[share.import_id].seen)],
                         how="vertical_relaxed")
        whole = [(share.import_id, share.info.path if share.info else share.path) for share in ended]
        whole = [(import_id, path) for import_id, path in whole if path not in self.tails]
        files = pl.DataFrame({"import_id": [import_id for import_id, _ in whole], "path": [path for _, path in whole]},
                             schema={"import_id": pl.Int32, "path": pl.String})
        with registered(self.con, "seen", read.to_arrow()), registered(self.con, "ended", files.to_arrow()):
            self.con.execute("""
                UPDATE quarantine SET resolved_by = f.import_id FROM ended f
                WHERE quarantine.resolved_by IS NULL AND quarantine.import_id <> f.import_id
                AND (quarantine.source_file = f.path OR starts_with(quarantine.source_file, f.path || ':'))
                AND NOT EXISTS (SELECT 1 FROM seen s WHERE s.import_id = f.import_id
                    AND s.kind = quarantine.kind AND s.content_hash = quarantine.content_hash
                    AND (quarantine.raw <> '' OR s.reason = quarantine.reason))""")
        now, records = datetime.now(), []
        for share in ended:
            info, entry = share.info, self.open[share.import_id]
            assert info is not None
            result = entry.result
            result.format, result.size = info.format, info.size
            if info.failed is not None or result.error is not None:
                result.error = result.error or info.failed
                continue
            stored, duplicate, quarantined, _ = counts[share.import_id]
            records.append((share.import_id, self.run_id, info.path, info.size, info.mtime, info.content_hash,
                            info.format, result.stored + stored, result.duplicate + duplicate,
                            result.quarantined + quarantined, now, int((time.perf_counter() - entry.started) * 1000)))
        if records:
            rows = pl.DataFrame(records, schema=SCHEMAS["imports"], orient="row")
            with registered(self.con, "imported", rows.to_arrow()):
                self.con.execute("INSERT INTO imports SELECT * FROM imported")


Counts = tuple[int, int, int, int]
"""What a file gave a chunk: hands stored, already in the store, quarantine records added, bugs of ours met."""


def _files_of(chunk: Chunk, shares: list[Share]) -> Chunk:
    """The rows of some files of a chunk, as a chunk of their own (no prewritten parts)."""
    ids = [share.import_id for share in shares]
    frames = {name: df.filter(chunk.origin(name).is_in(ids)) for name, df in chunk.frames.items()}
    return Chunk(frames, shares)


NATURAL = {"seats": "seat", "actions": "seq", "cards": "seq", "pots": "pot_index", "findings": "seq",
           "player_hands": "seat", "tournament_finishes": "player"}
"""What tells a hand's rows of each table apart (a seat, an action's number...): the same value again under the
same key starts the rows of another copy of the hand."""


def _first_copy(frame: pl.DataFrame, table: str, repeated: set[int]) -> pl.Series:
    """Which rows of ``frame`` (with its rows' files in :data:`ORIGIN`) belong to the first copy of their hand in
    their file: all but the rows of a hand read twice in one file (a key in ``repeated``) after its first copy,
    told apart by :data:`NATURAL` (a hand's rows come together, in the order of the hands)."""
    first = [True] * len(frame)
    if repeated:
        copies: dict[tuple[int, int], list[Any]] = {}  # (key, file) → [copy, values seen in it, last row]
        columns = frame.select("hand_key", ORIGIN, NATURAL[table])
        for i, (key, origin, value) in enumerate(columns.iter_rows()):
            if key not in repeated:
                continue
            state = copies.get((key, origin))
            if state is None:
                copies[(key, origin)] = [0, {value}, i]
                continue
            if i != state[2] + 1 or value in state[1]:
                state[0], state[1] = state[0] + 1, set()
            state[1].add(value)
            state[2] = i
            first[i] = state[0] == 0
    return pl.Series(first, dtype=pl.Boolean)
