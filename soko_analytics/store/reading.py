"""Reading hand-history files into row batches for the store, in chunks of many files or of part of one.

A player's folder is thousands of small files (a poker client writes one per table session), so the rows of
many files share a chunk: :func:`core_chunks` reads file after file with one reader of the compiled core
(``_core.FilesReader``, whose memory of header texts and games serves every file) into chunks of at most
:data:`CHUNK_ROWS` hands, and a large file's rows are cut into several chunks (memory follows the chunk,
not the file). Each file takes its import id before it is read, and its rows carry it; a chunk lists its
files' :class:`Share` s, the last share of a file with its :class:`FileInfo`. Each file is read once for
its size, its content hash and its format (:func:`prepare`), and each hand is audited and its rows made
inside the per-hand boundary: a bug of ours on one hand quarantines that hand as ``internal`` and the file
goes on (``strict`` raises instead).

:func:`thread_chunks` runs ``jobs`` such readers in threads of this process, each taking the next batch of
consecutive files: the core lets go of Python while it reads, so the threads read in parallel and hand their
chunks over with no copy, in the files' order (a bounded reorder buffer, :class:`InOrder`): the writer keeps the
first copy of a hand it is given, so the copy kept is the one read first with one job, whatever the timing.
Files the core's file readers do not take (a zip of mixed formats, a file of no known format) are split in Python
and their pieces read by the core (:func:`read_chunks`, a chunk per file or part of one), after the
others and in their order, which runs one thread at a time: :class:`Readers` runs it for them in worker
processes, one file per worker at a time, each
sending its chunks back through its own pipe, taken in the files' order (a worker holds at most one chunk in
flight). A worker that dies (killed, out of memory) fails only the file it was reading, which is reported and not
recorded as imported, and a new worker takes over. Workers ignore Ctrl-C: the main process stops them at once
(:meth:`Readers.close`).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import reduce
from multiprocessing.connection import Connection
from pathlib import Path

import numpy as np
import polars as pl

from .. import _core
from ..errors import phrase, phrases
from ..native import frames as native_frames
from ..parsers import FORMATS, Quarantined, asked_format, detect_format, read_path_pieces
from ..parsers.base import InternalError, Unreadable, quarantine
from ..parsers.source import TextStream, head, members, raw_text
from . import drift
from .parts import Prewriter
from .rows import BATCH_TABLES, Batch, empty_frames, file_hash, raise_first_bug, text_hash, with_quarantine_columns

CHUNK_ROWS = 5_000
"""Hands (and quarantine records) per chunk."""
WHOLE_READ = 1 << 22
"""A plain file up to this size is read into memory once for its hash and its format (larger ones, and
archives, are hashed as they stream)."""


@dataclass(frozen=True)
class FileInfo:
    """What identifies a file read, and whether it could be read at all."""

    path: str
    size: int
    mtime: datetime
    content_hash: str
    format: str | None
    """The format its hands were read as (``pokerstars``, ``soko``, ``phh``; several joined by ``+``)."""
    failed: str | None = None
    """Why nothing of it could be read (such a file is not recorded as imported, so the next run retries it)."""


@dataclass
class Share:
    """A file's rows in a chunk: its import id, name, hands and records, and its :class:`FileInfo` when the
    file ends in this chunk."""

    import_id: int
    path: str
    hands: int = 0
    info: FileInfo | None = None
    rows: dict[str, int] | None = None
    """Its rows of each table that names no file (``seats``, ``actions``...; the hands' and the quarantine's
    ``import_id`` does); None: every row of the chunk is this file's."""


@dataclass
class Chunk:
    """Rows of the hands of one or more files (see the module text); each row carries its file's import id."""

    frames: dict[str, pl.DataFrame]
    files: list[Share]
    parts: dict[str, tuple[str, int]] | None = None
    """The Parquet parts a reader thread wrote of its per-hand tables (``Prewriter.write``), if any."""
    days: pl.DataFrame | None = None
    """The ``player_days`` sums of its ``player_hands`` rows, if a reader thread summed them (``Prewriter.days``)."""

    @property
    def hands(self) -> int:
        """Hands and quarantine records in it."""
        return sum(share.hands for share in self.files)

    def origin(self, table: str) -> pl.Series:
        """The import id of the file each row of ``table`` came from."""
        frame = self.frames[table]
        if "import_id" in frame.columns:
            return frame["import_id"]
        if len(self.files) == 1:
            counts = [len(frame)]
        else:
            counts = [share.rows.get(table, 0) if share.rows is not None else len(frame) for share in self.files]
        return pl.Series("import_id", np.repeat([share.import_id for share in self.files], counts), dtype=pl.Int32)


@dataclass(frozen=True)
class Task:
    """A file to read: its path, the name the store calls it, and its import id."""

    path: str
    name: str
    import_id: int


def stamped(frames: dict[str, pl.DataFrame], import_id: int) -> dict[str, pl.DataFrame]:
    """``frames`` with every ``import_id`` column set to one file's."""
    return {name: df.with_columns(pl.lit(import_id, pl.Int32).alias("import_id"))
            if "import_id" in df.columns else df for name, df in frames.items()}


def _lengths(frames: dict[str, pl.DataFrame]) -> dict[str, int]:
    """Rows of each table that names no file (see :attr:`Share.rows`)."""
    return {name: len(df) for name, df in frames.items() if "import_id" not in df.columns}


def why_not(failures: list[str]) -> str:
    """Why nothing of a file could be read: each reason once, with how many members gave it (an archive's members
    often share theirs)."""
    if not failures:
        return phrase("no hands in the file")
    said = [reason if n == 1 else phrases("{reason} ({n} member)", "{reason} ({n} members)", n, reason=reason)
            for reason, n in Counter(failures).items()]
    return reduce(lambda first, then: phrase("{first}; {then}", first=first, then=then), said)


def _file_level(item: Quarantined) -> bool:
    """A record about a whole file (or archive member) that could not be read, not about a hand."""
    return item.kind == "unreadable" and item.hand_id is None and item.line == 0


def with_file_texts(records: pl.DataFrame, files: dict[int, Task]) -> pl.DataFrame:
    """Quarantine records of whole files (no hand, line 0, no raw text: a file that is not a hand history, of
    another format, a broken archive...) given the text behind them: the file's first megabyte and its size
    (:func:`~soko_analytics.parsers.source.raw_text`; a zip member's first text), ``files`` giving each import id's
    file; the content hash follows the text."""
    whole = (pl.col("raw") == "") & pl.col("hand_id").is_null() & (pl.col("source_line") == 0)
    if not len(records) or not records.select(whole.any()).item():
        return records
    raws, sizes = records["raw"].to_list(), records["size"].to_list()
    for i, (import_id, name, raw, hand_id, line) in enumerate(
            records.select("import_id", "source_file", "raw", "hand_id", "source_line").iter_rows()):
        task = files.get(import_id)
        if raw or hand_id is not None or line != 0 or task is None:
            continue
        if name == task.name:
            raws[i], sizes[i] = raw_text(Path(task.path))
        elif name.startswith(task.name + ":"):
            raws[i], sizes[i] = raw_text(Path(task.path), name[len(task.name) + 1:])
    texts = records.with_columns(pl.Series("raw", raws, pl.String), pl.Series("size", sizes, pl.Int64),
                                 pl.Series("content_hash", [text_hash(r) for r in raws], pl.String)
                                 ).with_columns(pl.when(pl.col("raw") == "").then(records["content_hash"])
                                                .otherwise(pl.col("content_hash")).alias("content_hash"))
    # their drift's shape: the file's first line (a site's new header), not the reason
    given = pl.Series([bool(new) and not old for new, old in zip(raws, records["raw"], strict=True)])
    return pl.concat([texts.filter(~given), drift.fill(texts.filter(given))])


def unreadable_chunk(task: Task, reason: str) -> Chunk:
    """The one chunk of a file that could not be opened: its record in the quarantine, and the file failed."""
    batch = Batch()
    batch.add_quarantine(quarantine(Unreadable(reason), "", task.name, 0, None), task.import_id)
    return failed_chunk(task, reason, batch.to_frames(), 1)


def prepare(task: Task, format: str = "auto", detect: bool = True) -> tuple[FileInfo, str | None]:
    """A file's size, time and content hash, and the format the core reads it as (None: the Python readers
    take it, or ``detect`` is off), from one read of its bytes where it is a plain file of at most
    :data:`WHOLE_READ` bytes; an OSError when it cannot be read."""
    p = Path(task.path)
    stat = p.stat()
    fmt: str | None = None
    data = b""
    if stat.st_size <= WHOLE_READ:
        with open(p, "rb") as f:
            data = f.read()
    plain = stat.st_size <= WHOLE_READ and not data.startswith((b"\x1f\x8b", b"PK\x03\x04")) \
        and p.suffix.lower() not in (".gz", ".zip")
    if plain:
        digest = hashlib.blake2b(data, digest_size=16).hexdigest()
        fmt = _head_format(head(data), task.name, format) if detect else None
    else:
        digest = file_hash(p)
        fmt = core_format(p, format) if detect else None
    return FileInfo(task.name, stat.st_size, datetime.fromtimestamp(stat.st_mtime), digest, fmt), fmt


def _head_format(head: str, name: str, format: str) -> str | None:
    """The format the core reads a text of this start as, or None (see :func:`core_format`)."""
    try:
        found = asked_format(format, head, name) if format != "auto" else detect_format(head, name)
    except Unreadable:
        return None
    return found if found in CORE_FORMATS else None


def read_chunks(task: Task, format: str = "auto", with_audit: bool = True, strict: bool = False,
                rows: int | None = None, info: FileInfo | None = None) -> Iterator[Chunk]:
    """One file the core's file readers set aside (see :func:`core_format`), as chunks of rows (see the module text):
    the pieces of its members are read by the core (``_core.piece_rows``; a PHH member is one piece, which the core's
    reader cuts into hands itself); never raises for the file's content. ``info``: the file's :func:`prepare` d info,
    if known."""
    rows = rows or CHUNK_ROWS
    path = task.name
    if info is None:
        try:
            info = prepare(task, format, detect=False)[0]
        except OSError as err:
            yield unreadable_chunk(task, f"cannot read the file: {err.strerror or err}")
            return
    batch = Batch()
    formats: dict[str, None] = {}
    failures: list[str] = []
    readable = False
    for item in read_path_pieces(Path(task.path), format, path):
        if isinstance(item, Quarantined):
            batch.add_quarantine(item, task.import_id)
            if _file_level(item):
                failures.append(item.reason)
            else:
                readable = True
        else:
            readable = True  # a piece gives a hand or the record of one
            batch.add_piece(item)
        if batch.rows() >= rows:
            frames = _batch_frames(batch, task.import_id, with_audit, strict, formats)
            yield Chunk(frames, [Share(task.import_id, path, batch.rows(), rows=_lengths(frames))])
            batch.clear()
    frames = _batch_frames(batch, task.import_id, with_audit, strict, formats)
    done = replace(info, format="+".join(formats) or None,
                   failed=None if readable else why_not(failures))
    yield Chunk(frames, [Share(task.import_id, path, batch.rows(), done, _lengths(frames))])


def _batch_frames(batch: Batch, import_id: int, with_audit: bool, strict: bool,
                  formats: dict[str, None]) -> dict[str, pl.DataFrame]:
    """A batch's rows, stamped with its file's import id; the formats of its hands added to ``formats``, in order."""
    frames = stamped(batch.to_frames(with_audit, strict, FAULT_HAND), import_id)
    formats.update(dict.fromkeys(frames["hands"]["format"].to_list()))
    return frames


CORE_FORMATS = tuple(name for name, f in FORMATS.items() if f.core)
"""Formats the compiled core reads."""
FAULT_HAND: str | None = None
"""For tests of the per-hand boundary: the id of a hand on which the core fails as a bug of ours would."""


def core_format(path: Path, format: str = "auto") -> str | None:
    """The format the core reads a file as: every member of it is of one format the core reads (detected,
    or the one asked for when the text does not plainly read as another); None when the Python readers
    must take it (a file of no known format, a zip of mixed formats, a member that cannot be read)."""
    found: set[str | None] = set()
    try:
        for member in members(path):
            if member.problem is not None:
                return None
            with TextStream(member) as stream:
                head = stream.head()
                if stream.error is not None and not head:
                    return None
                if head.strip():  # an empty member holds no hand of any format
                    found.add(_head_format(head, member.name, format))
    except (Unreadable, OSError):
        return None
    return found.pop() if len(found) == 1 else None


@dataclass
class _Tally:
    """What a file has given so far: hands stored, records that are not about the whole file, and why the
    whole file (or a member) could not be read."""

    info: FileInfo
    format: str
    stored: int = 0
    readable: bool = False
    failures: list[str] = field(default_factory=list)


def core_chunks(next_task: Callable[[], Task | None], format: str = "auto", with_audit: bool = True,
                rows: int | None = None, aside: Callable[[Task, FileInfo], None] | None = None,
                strict: bool = False) -> Iterator[Chunk]:
    """The chunks of the files ``next_task()`` gives until it gives None, read by one reader of the core (see the
    module text). A file the core does not read is handed to ``aside`` with its info (read by the Python
    readers after, in this iterator when ``aside`` is None); one that cannot be opened comes as its own
    :func:`unreadable_chunk`. ``strict``: a bug of ours (an ``internal`` record, or a file that fails outside
    the per-hand boundary) is raised, not recorded."""
    tallies: dict[int, _Tally] = {}
    ready: deque[Chunk] = deque()
    later: list[tuple[Task, FileInfo]] = []

    def next_file() -> tuple[str, str, str, int] | None:
        while (task := next_task()) is not None:
            try:
                info, fmt = prepare(task, format)
            except OSError as err:
                ready.append(unreadable_chunk(task, f"cannot read the file: {err.strerror or err}"))
                continue
            except Exception as err:  # noqa: BLE001 - outside the per-hand boundary: the file fails, the run goes on
                if strict:
                    raise
                ready.append(failed_chunk(task, str(InternalError.of(err, path=task.name))))
                continue
            if fmt is None:
                (aside or (lambda t, i: later.append((t, i))))(task, info)
                continue
            tallies[task.import_id] = _Tally(info, fmt)
            return task.path, task.name, fmt, task.import_id
        return None

    reader = _core.FilesReader(next_file, rows or CHUNK_ROWS, with_audit, FAULT_HAND)
    for _, _, tables, files in reader:
        yield from _drain(ready)
        frames = native_frames(tables)
        frames["quarantine"] = q = with_quarantine_columns(frames["quarantine"])
        if strict:
            raise_first_bug(q)
        whole = q.filter((pl.col("kind") == "unreadable") & pl.col("hand_id").is_null() & (pl.col("source_line") == 0))
        failures: dict[int, list[str]] = {}
        for import_id, reason in whole.select("import_id", "reason").iter_rows():
            failures.setdefault(import_id, []).append(reason)
        shares = []
        for import_id, stored, quarantined, ended, counts in files:
            tally = tallies[import_id]
            reasons = failures.get(import_id, [])
            tally.failures.extend(reasons)
            tally.stored += stored
            tally.readable = tally.readable or stored > 0 or quarantined > len(reasons)
            share = Share(import_id, tally.info.path, stored + quarantined, rows=counts)
            if ended:
                del tallies[import_id]
                share.info = replace(tally.info, format=tally.format if tally.stored else None,
                                     failed=None if tally.readable else why_not(tally.failures))
            shares.append(share)
        yield Chunk({t: frames[t] for t in BATCH_TABLES}, shares)
    yield from _drain(ready)
    for task, info in later:
        yield from read_chunks(task, format, with_audit, strict, info=info)


def _drain(ready: deque[Chunk]) -> Iterator[Chunk]:
    while ready:
        yield ready.popleft()


def failed_chunk(task: Task, reason: str, frames: dict[str, pl.DataFrame] | None = None, hands: int = 0) -> Chunk:
    """The last chunk of a file that could not be read to its end (with ``frames``' records, if any)."""
    info = FileInfo(task.name, 0, datetime.fromtimestamp(0), "", None, reason)
    frames = empty_frames() if frames is None else frames
    return Chunk(frames, [Share(task.import_id, task.name, hands, info, _lengths(frames))])


# -- reader threads ------------------------------------------------------------------------


JOIN_SECONDS = 3.0
"""How long a stopped import waits for its reader threads to finish the chunk each is reading."""
BATCH_BYTES = 6 << 20
"""The most bytes of files a reader thread reads as one batch (about a chunk of hands: :data:`CHUNK_ROWS`
PokerStars hands are 7 MB), unless the files are few (see :func:`batches`); a larger file is a batch alone."""
MIN_BATCH_BYTES = 1 << 18
"""The fewest bytes of files a batch holds (unless it is the last)."""


def batches(tasks: list[Task], jobs: int) -> list[list[Task]]:
    """``tasks`` cut, in their order, into batches of consecutive files for ``jobs`` reader threads: each of at most
    :data:`BATCH_BYTES`, and of at most a quarter of a thread's share of the bytes (so that every thread has work
    in a folder of a few MB), but at least :data:`MIN_BATCH_BYTES`; a file is never cut."""
    sizes = [_size(task.path) for task in tasks]
    most = max(MIN_BATCH_BYTES, min(BATCH_BYTES, sum(sizes) // (4 * jobs)))
    runs: list[list[Task]] = []
    total = 0
    for task, size in zip(tasks, sizes, strict=True):
        if not runs or total + size > most:
            runs.append([])
            total = 0
        runs[-1].append(task)
        total += size
    return runs


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0  # read, and reported, like any file


class InOrder:
    """The chunks of numbered batches put by reader threads in any order, taken in the batches' order (each batch's
    chunks in the order they were put). Bounded: a thread whose chunk is not the next to be taken waits while
    ``limit`` chunks are held; the chunk that is the next to be taken is always let in, so the taker never waits
    for a thread that waits for room."""

    def __init__(self, count: int, limit: int, threads: int) -> None:
        self.count, self.limit, self.running = count, limit, threads
        self.held: dict[int, deque[Chunk]] = {}
        self.ended: set[int] = set()
        self.head = 0
        """The batch whose chunks are taken now."""
        self.size = 0
        """Chunks held."""
        self.most = 0
        """The most chunks held at once (for tests)."""
        self.stopped = False
        self.cond = threading.Condition()

    def put(self, batch: int, chunk: Chunk) -> bool:
        """Hold a chunk of ``batch``, waiting for room; False when stopped (the chunk is dropped)."""
        with self.cond:
            while not self.stopped and self.size >= self.limit and (batch != self.head or self.held.get(batch)):
                self.cond.wait()
            if self.stopped:
                return False
            self.held.setdefault(batch, deque()).append(chunk)
            self.size += 1
            self.most = max(self.most, self.size)
            self.cond.notify_all()
            return True

    def end(self, batch: int) -> None:
        """``batch`` has had all its chunks put."""
        with self.cond:
            self.ended.add(batch)
            self.cond.notify_all()

    def leave(self) -> None:
        """A thread has ended (whatever ended it)."""
        with self.cond:
            self.running -= 1
            self.cond.notify_all()

    def stop(self) -> None:
        """No more chunks are taken: threads waiting to put are let go."""
        with self.cond:
            self.stopped = True
            self.cond.notify_all()

    def take(self, give_up: threading.Event) -> Chunk | None:
        """The next chunk in the batches' order; None after the last batch's, or when ``give_up`` is set or every
        thread has ended before the next chunk came."""
        with self.cond:
            while True:
                waiting = self.held.get(self.head)
                if waiting:
                    self.size -= 1
                    self.cond.notify_all()
                    return waiting.popleft()
                if self.head in self.ended:
                    self.held.pop(self.head, None)
                    self.head += 1
                    self.cond.notify_all()
                    continue
                if self.head >= self.count or give_up.is_set() or self.running == 0:
                    return None
                self.cond.wait()


def thread_chunks(tasks: list[Task], jobs: int, format: str = "auto", with_audit: bool = True,
                  prewriter: Prewriter | None = None, aside: Callable[[Task, FileInfo], None] | None = None,
                  ) -> Iterator[Chunk]:
    """The chunks of every file, read by ``jobs`` readers of the core (:func:`core_chunks`) in threads of this
    process, handed on in the files' order: the files are cut into :func:`batches` of consecutive files, a thread
    reads a batch at a time (the next not taken) with a reader of its own, and its chunks are handed on when the
    batches before have been (:class:`InOrder`), so that the first copy of a hand in two files is the one read first
    with one job, whatever the timing; at most ``jobs`` chunks wait besides the next one. Files the core does not
    read go to ``aside``. Closing the iterator (Ctrl-C in the caller) stops the threads after the chunk each is
    reading. With a ``prewriter``, each thread also writes its chunks' Parquet parts (``Chunk.parts``; a chunk
    whose parts it cannot write goes without, and the writer writes them)."""
    runs = batches(tasks, jobs)
    todo = deque(enumerate(runs))
    claim = threading.Lock()
    interrupted = threading.Event()
    count = min(jobs, len(runs))
    order = InOrder(len(runs), jobs, count)
    threads = [threading.Thread(target=_read_batches, name=f"soko-reader-{i}", daemon=True,
                                args=(todo, claim, order, interrupted, format, with_audit, prewriter, aside))
               for i in range(count)]
    for thread in threads:
        thread.start()
    try:
        while (chunk := order.take(interrupted)) is not None:
            yield chunk
        if interrupted.is_set():
            raise KeyboardInterrupt
    finally:
        order.stop()
        if prewriter is not None:  # a thread must not be inside DuckDB when the interpreter ends
            for thread in threads:
                thread.join(timeout=JOIN_SECONDS)


def _read_batches(todo: deque[tuple[int, list[Task]]], claim: threading.Lock, order: InOrder,
                  interrupted: threading.Event, format: str, with_audit: bool, prewriter: Prewriter | None,
                  aside: Callable[[Task, FileInfo], None] | None) -> None:
    """A reader thread: the batches not taken yet, one at a time, each read into ``order``."""
    try:
        while not order.stopped and not interrupted.is_set():
            with claim:
                if not todo:
                    return
                number, files = todo.popleft()
            if not _read_batch(number, deque(files), order, interrupted, format, with_audit, prewriter, aside):
                return
            order.end(number)
    except KeyboardInterrupt:  # a library may raise Ctrl-C here: it is the caller's to handle, not a thread's
        interrupted.set()
    finally:
        order.leave()  # whatever ends the thread, the taker of the chunks learns it


def _read_batch(number: int, files: deque[Task], order: InOrder, interrupted: threading.Event, format: str,
                with_audit: bool, prewriter: Prewriter | None, aside: Callable[[Task, FileInfo], None] | None) -> bool:
    """One batch's chunks read by a reader of its own and put in ``order``; False when stopped midway."""
    handed: dict[int, Task] = {}  # files given to the reader whose last chunk has not come yet

    def next_task() -> Task | None:
        if order.stopped or interrupted.is_set() or not files:
            return None
        task = files.popleft()
        handed[task.import_id] = task
        return task

    while files and not order.stopped and not interrupted.is_set():
        try:
            for chunk in core_chunks(next_task, format, with_audit, aside=aside):
                for share in chunk.files:
                    if share.info is not None:
                        handed.pop(share.import_id, None)
                if prewriter is not None and not order.stopped:
                    chunk.parts = prewriter.write(chunk.frames)
                    chunk.days = prewriter.days(chunk.frames["player_hands"])
                if not order.put(number, chunk):
                    return False
        except Exception as err:  # noqa: BLE001 - outside the per-hand boundary: its files fail, the run goes on
            for task in handed.values():
                if not order.put(number, failed_chunk(task, str(InternalError.of(err, path=task.name)))):
                    return False
            handed.clear()
    return not order.stopped and not interrupted.is_set()


# -- worker processes ---------------------------------------------------------------------


def _work(conn: Connection, format: str, with_audit: bool) -> None:
    """A worker: read each (task, info) it is sent, send back its chunks; stop at None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle (see Readers._start)
    while (sent := conn.recv()) is not None:
        task, info = sent
        try:
            for chunk in read_chunks(task, format, with_audit, info=info):
                conn.send(chunk)
        except Exception as err:  # noqa: BLE001 - outside the per-hand boundary: the file fails, the run goes on
            conn.send(failed_chunk(task, str(InternalError.of(err, path=task.name))))


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    task: tuple[Task, FileInfo] | None = None


@dataclass
class Readers:
    """``jobs`` worker processes reading files into chunks (see the module text)."""

    jobs: int
    format: str = "auto"
    with_audit: bool = True
    workers: list[_Worker] = field(default_factory=list)

    def _start(self) -> _Worker:
        # Spawned, not forked: a fork of a process holding an open DuckDB can deadlock.
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=_work, args=(theirs, self.format, self.with_audit), daemon=True)
        # Started with Ctrl-C blocked, which the new process keeps: it is the main process's to handle.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            process.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        theirs.close()
        worker = _Worker(process, ours)
        self.workers.append(worker)
        return worker

    def chunks(self, tasks: list[tuple[Task, FileInfo]]) -> Iterator[Chunk]:
        """The chunks of every file (with its :func:`prepare` d info), files read in parallel and handed on in their
        order (each file's chunks in order): the chunks are taken from the worker reading the earliest file, while
        the others wait with their next chunk (a worker is given a file after the last chunk of its file before)."""
        todo = deque(tasks)
        for _ in range(min(self.jobs, len(todo))):
            self._next(self._start(), todo)
        while busy := [(w.task[0].import_id, i) for i, w in enumerate(self.workers) if w.task is not None]:
            worker = self.workers[min(busy)[1]]
            try:
                chunk = worker.conn.recv()
            except (EOFError, OSError):
                yield self._died(worker, todo)
                continue
            yield chunk
            if chunk.files[-1].info is not None:
                self._next(worker, todo)

    def _next(self, worker: _Worker, todo: deque[tuple[Task, FileInfo]]) -> None:
        """Give a worker the next file (a worker found dead meanwhile is replaced)."""
        worker.task = None
        while todo:
            task = todo.popleft()
            try:
                worker.conn.send(task)
            except OSError:  # it died while idle: the file goes to a new worker
                todo.appendleft(task)
                worker = self._replace(worker)
                continue
            worker.task = task
            return

    def _replace(self, worker: _Worker) -> _Worker:
        worker.process.join(5)
        self.workers.remove(worker)
        worker.conn.close()
        return self._start()

    def _died(self, worker: _Worker, todo: deque[tuple[Task, FileInfo]]) -> Chunk:
        task = worker.task[0] if worker.task else Task("?", "?", 0)
        worker.process.join(5)
        code = worker.process.exitcode
        replacement = self._replace(worker)
        self._next(replacement, todo)
        return failed_chunk(task, f"the process reading this file died (exit code {code}); the hands committed "
                                  "before are kept, and the next import reads the file again")

    def close(self, kill: bool = False) -> None:
        """Stop the workers: politely, or at once (``kill``, on Ctrl-C)."""
        for worker in self.workers:
            if kill:
                worker.process.kill()
            else:
                try:
                    worker.conn.send(None)
                except OSError:
                    pass
        for worker in self.workers:
            worker.process.join(None if not kill else 5)
            worker.conn.close()
        self.workers.clear()

    def __enter__(self) -> Readers:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.close(kill=kind is not None)
