"""Reading hand-history files into row batches for the store, in chunks, in worker processes.

:func:`read_chunks` reads one file into :class:`Chunk` s of at most
:data:`CHUNK_ROWS` hands (so memory follows the chunk, not the file); the
last chunk of a file carries its :class:`FileInfo`. Each hand is audited and
its rows made inside the per-hand boundary: a bug of ours on one hand
quarantines that hand as ``internal`` and the file goes on (``strict`` raises
instead).

:func:`thread_chunks` reads files the compiled core reads in threads of this
process: the core lets go of Python while it reads, so the threads read in
parallel and hand their chunks over as they are, with no copy. Other files
(PHH, a zip of mixed formats) are read by Python, which runs one thread at a
time: :class:`Readers` runs :func:`read_chunks` for them in worker processes,
one file per worker at a time, each sending its chunks back through its own
pipe (a worker holds at most one chunk in flight). A worker that dies (killed,
out of memory) fails only the file it was reading, which is reported and not
recorded as imported, and a new worker takes over. Workers ignore Ctrl-C: the
main process stops them at once (:meth:`Readers.close`).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import queue
import signal
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from multiprocessing.connection import Connection, wait
from pathlib import Path

import polars as pl

from ..model.hand import Hand
from ..native import core
from ..native import frames as native_frames
from ..parsers import Quarantined, asked_format, detect_format, read_path
from ..parsers.base import InternalError, Unreadable, quarantine
from ..parsers.source import TextStream, members
from .parts import Prewriter
from .rows import BATCH_TABLES, Batch, empty_frames

CHUNK_ROWS = 5_000
"""Hands (and quarantine records) per chunk."""


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
class Chunk:
    """Rows of some hands of one file; the file's last chunk has its ``info``."""

    path: str
    frames: dict[str, pl.DataFrame]
    info: FileInfo | None = None
    hands: int = 0
    """Hands and quarantine records in it."""
    parts: dict[str, tuple[str, int]] | None = None
    """The Parquet parts a reader thread wrote of its per-hand tables (``Prewriter.write``), if any."""


def file_hash(path: Path) -> str:
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _file_level(item: Quarantined) -> bool:
    """A record about a whole file (or archive member) that could not be read, not about a hand."""
    return item.kind == "unreadable" and item.hand_id is None and item.line == 0


def read_chunks(path: str, format: str = "auto", with_audit: bool = True, strict: bool = False,
                rows: int | None = None, name: str | None = None) -> Iterator[Chunk]:
    """One file's hands as chunks of rows (see the module text); never raises for the file's content.

    ``name`` is what the store calls the file (default: its path). Files of the PokerStars family
    (PokerStars, Sökö text) are read by the compiled core (:func:`core_format`); other files, and
    every file under ``strict`` (which re-raises a bug of ours as a Python exception), by the Python
    readers.
    """
    rows = rows or CHUNK_ROWS
    p = Path(path)
    path = name or path
    batch = Batch()
    try:
        stat = p.stat()
        digest = file_hash(p)
    except OSError as err:
        reason = f"cannot read the file: {err.strerror or err}"
        batch.add_quarantine(quarantine(Unreadable(reason), "", path, 0, None), 0)
        yield Chunk(path, batch.to_frames(), FileInfo(path, 0, datetime.fromtimestamp(0), "", None, reason), 1)
        return
    fmt = None if strict else core_format(p, format)
    if fmt is not None:
        yield from _core_chunks(p, path, fmt, with_audit, rows, FileInfo(
            path, stat.st_size, datetime.fromtimestamp(stat.st_mtime), digest, fmt))
        return
    formats: dict[str, None] = {}
    failures: list[str] = []
    readable = False
    for item in read_path(p, format, strict, path):
        if isinstance(item, Quarantined):
            batch.add_quarantine(item, 0)
            if _file_level(item):
                failures.append(item.reason)
            else:
                readable = True
        else:
            readable = True
            formats[format_of(item)] = None
            batch.add_hand(item)
        if batch.rows() >= rows:
            yield Chunk(path, batch.to_frames(with_audit, strict, FAULT_HAND), hands=batch.rows())
            batch.clear()
    info = FileInfo(path, stat.st_size, datetime.fromtimestamp(stat.st_mtime), digest,
                    "+".join(formats) or None, None if readable else "; ".join(failures) or "no hands in the file")
    yield Chunk(path, batch.to_frames(with_audit, strict, FAULT_HAND), info, batch.rows())


CORE_FORMATS = ("pokerstars", "ggpoker", "bovada", "888poker", "winamax", "winning", "partypoker", "ipoker", "soko")
"""Formats the compiled core reads."""
FAULT_HAND: str | None = None
"""For tests of the per-hand boundary: the id of a hand on which the core fails as a bug of ours would."""


def core_format(path: Path, format: str = "auto") -> str | None:
    """The format the core reads a file as: every member of it is of one format the core reads (detected,
    or the one asked for when the text does not plainly read as another); None when the Python readers
    must take it (PHH, a file of no known format, a zip of mixed formats, a member that cannot be read)."""
    found: set[str] = set()
    try:
        for member in members(path):
            if member.problem is not None:
                return None
            with TextStream(member) as stream:
                head = stream.head()
                if stream.error is not None and not head:
                    return None
                asked = format != "auto"
                found.add(asked_format(format, head, member.name) if asked else detect_format(head, member.name))
    except (Unreadable, OSError):
        return None
    return found.pop() if len(found) == 1 and found <= set(CORE_FORMATS) else None


def _core_chunks(p: Path, path: str, fmt: str, with_audit: bool, rows: int, info: FileInfo) -> Iterator[Chunk]:
    """A file read by the core: chunks of Arrow rows as frames, the last with the file's info."""
    reader = core.FileReader(str(p), fmt, 0, name=path, rows=rows, audit=with_audit, fault_hand=FAULT_HAND)
    stored = 0
    failures: list[str] = []
    readable = False
    last: Chunk | None = None
    for hands, quarantined, tables in reader:
        frames = native_frames(tables)
        q = frames["quarantine"]
        whole = q.filter((pl.col("kind") == "unreadable") & pl.col("hand_id").is_null() & (pl.col("source_line") == 0))
        failures.extend(whole["reason"].to_list())
        stored += hands
        readable = readable or hands > 0 or q.height > whole.height
        if last is not None:
            yield last
        last = Chunk(path, {t: frames[t] for t in BATCH_TABLES}, hands=hands + quarantined)
    done = replace(info, format=info.format if stored else None,
                   failed=None if readable else "; ".join(failures) or "no hands in the file")
    if last is None:
        yield Chunk(path, empty_frames(), done, 0)
    else:
        last.info = done
        yield last


def format_of(hand: Hand) -> str:
    """The format a hand was read as (``pokerstars`` for a hand made in memory)."""
    return hand.source.format if hand.source is not None and hand.source.format else "pokerstars"


def failed_chunk(path: str, reason: str) -> Chunk:
    """The last chunk of a file that could not be read to its end by a worker."""
    return Chunk(path, empty_frames(), FileInfo(path, 0, datetime.fromtimestamp(0), "", None, reason))


Task = tuple[str, str]
"""A file to read: its path, and the name the store calls it."""


# -- reader threads ------------------------------------------------------------------------


JOIN_SECONDS = 3.0
"""How long a stopped import waits for its reader threads to finish the chunk each is reading."""


def thread_chunks(tasks: list[Task], jobs: int, format: str = "auto", with_audit: bool = True,
                  prewriter: Prewriter | None = None) -> Iterator[Chunk]:
    """The chunks of every file, ``jobs`` files at a time in threads of this process (each file's chunks in
    order); for files the core reads (:func:`core_format`), whose reading lets other threads run. At most
    ``jobs`` chunks wait to be taken. Closing the iterator (Ctrl-C in the caller) stops the threads after the
    chunk each is reading. With a ``prewriter``, each thread also writes its chunks' Parquet parts
    (``Chunk.parts``; a chunk whose parts it cannot write goes without, and the writer writes them)."""
    todo = deque(tasks)
    out: queue.Queue[Chunk | None] = queue.Queue(maxsize=jobs)
    stop = threading.Event()
    interrupted = threading.Event()

    def put(item: Chunk | None) -> bool:
        while not stop.is_set():
            try:
                out.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def run() -> None:
        try:
            while not stop.is_set() and not interrupted.is_set():
                try:
                    path, name = todo.popleft()
                except IndexError:
                    break
                try:
                    for chunk in read_chunks(path, format, with_audit, name=name):
                        if prewriter is not None and not stop.is_set():
                            chunk.parts = prewriter.write(chunk.frames)
                        if not put(chunk):
                            return
                except Exception as err:  # noqa: BLE001 - outside the per-hand boundary: the file fails, the run goes on
                    put(failed_chunk(name, str(InternalError.of(err, path=name))))
        except KeyboardInterrupt:  # a library may raise Ctrl-C here: it is the caller's to handle, not a thread's
            interrupted.set()
        finally:
            put(None)  # whatever ends the thread, the reader of the queue learns it

    threads = [threading.Thread(target=run, name=f"soko-reader-{i}", daemon=True)
               for i in range(min(jobs, len(tasks)))]
    for thread in threads:
        thread.start()
    running = len(threads)
    try:
        while running:
            item = out.get()
            if item is None:
                running -= 1
            else:
                yield item
        if interrupted.is_set():
            raise KeyboardInterrupt
    finally:
        stop.set()
        if prewriter is not None:  # a thread must not be inside DuckDB when the interpreter ends
            for thread in threads:
                thread.join(timeout=JOIN_SECONDS)


# -- worker processes ---------------------------------------------------------------------


def _work(conn: Connection, format: str, with_audit: bool) -> None:
    """A worker: read each (path, name) it is sent, send back its chunks; stop at None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle (see Readers._start)
    while (task := conn.recv()) is not None:
        path, name = task
        try:
            for chunk in read_chunks(path, format, with_audit, name=name):
                conn.send(chunk)
        except Exception as err:  # noqa: BLE001 - outside the per-hand boundary: the file fails, the run goes on
            conn.send(failed_chunk(name, str(InternalError.of(err, path=name))))


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    task: Task | None = None


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

    def chunks(self, tasks: list[Task]) -> Iterator[Chunk]:
        """The chunks of every file, files in parallel (each file's chunks in order)."""
        todo = deque(tasks)
        for _ in range(min(self.jobs, len(todo))):
            self._next(self._start(), todo)
        while any(w.task is not None for w in self.workers):
            busy = {w.conn: w for w in self.workers if w.task is not None}
            for conn in wait(list(busy)):
                worker = busy[conn]  # type: ignore[index]
                try:
                    chunk = worker.conn.recv()
                except (EOFError, OSError):
                    yield self._died(worker, todo)
                    continue
                yield chunk
                if chunk.info is not None:
                    self._next(worker, todo)

    def _next(self, worker: _Worker, todo: deque[Task]) -> None:
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

    def _died(self, worker: _Worker, todo: deque[Task]) -> Chunk:
        name = worker.task[1] if worker.task else "?"
        worker.process.join(5)
        code = worker.process.exitcode
        replacement = self._replace(worker)
        self._next(replacement, todo)
        return failed_chunk(name, f"the process reading this file died (exit code {code}); the hands committed "
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
