"""Importing growing hand-history files as a poker client writes them (``soko watch``, issue 36).

:class:`Watcher` keeps, per file, where the last read ended (``watch_offsets``, schema 15: the offset and the
blake2b-128 of the bytes before it). Each :meth:`Watcher.take` of a file reads only the bytes past the offset,
and of them only the hands that are complete: those before the last line that starts a hand (each hand header
ends the hand before it), and the last hand too once the file has been quiet (no write) for ``settle``
seconds. A file whose bytes before the offset changed (truncated, replaced, rotated) is read again from its
start; the store's dedup by hand key keeps every hand stored once. The complete bytes are imported by the
ordinary import path (:meth:`.db.Store.import_paths`), so every reader, the quarantine and the per-hand boundary
are those of ``soko import``. The offset is written after the hands it covers are committed: a watch killed in
between reads them again and finds them stored.

A format without a hand header at a line's start that a tail can be read from (iPoker's XML sessions, PHH), a
UTF-16 file and an archive are read whole once quiet (see :data:`WHOLE_FILE`, :data:`ARCHIVE_MAGIC`).
"""

from __future__ import annotations

import hashlib
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .. import _core, i18n
from ..errors import SokoError, phrase
from ..i18n import _
from ..parsers import FORMATS, detect_format
from ..parsers.source import HEAD_CHARS
from .db import Store

SETTLE = 1.0
"""Seconds a file must have been quiet before its last hand (the one no next header has ended yet) is taken."""
WHOLE_FILE = frozenset(name for name, f in FORMATS.items() if not f.tail)
"""Formats whose hands cannot be read from a tail of the file (iPoker's hands sit inside one XML session; a PHH
file may be one hand; :attr:`.Format.tail`): such a file is read whole once it is quiet, and its stored hands are
not stored again."""
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
ARCHIVE_MAGIC = (b"\x1f\x8b", b"PK\x03\x04")
ARCHIVE_SUFFIXES = (".gz", ".zip")
"""Archives, told as the core's sources tell them (``core/src/source/mod.rs``: the suffix or the first bytes): read
whole once quiet (a site's download of hand histories), never from a tail, even when a member stored uncompressed
shows a hand header in the archive's bytes."""
TIDY_EVERY = 5.0
"""Seconds between two tidies of the store (:meth:`.db.Store.tidy`: the parts' merge, a checkpoint) while hands
come, and after the last import; the end of the watch tidies whatever the time."""

Event = dict[str, object]
"""``{"event": "stored"|"quarantined", "hand_id", "site", "file", "at"}`` (``at`` in Unix seconds)."""


def bytes_hash(data: bytes) -> str:
    """blake2b-128 hex of bytes: :func:`.rows.file_hash` of a file holding them."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _line(data: bytes, start: int, end: int) -> str:
    return data[start:end].decode("utf-8", errors="replace").rstrip("\r")


def complete_end(data: bytes, fmt: str) -> int:
    """The bytes of ``data`` (read from the start of a hand of format ``fmt``, one read from a file's tail) that
    hold whole hands: before the last whole line that starts a hand, or past the last hand's end mark when it has
    arrived (the core's ``formats/tail.rs``, by each format's marks in its registry). 0 when no hand is complete."""
    ended = _core.complete_end(data, fmt)
    assert ended is not None, f"{fmt} is read whole, not from a tail"
    return ended


@dataclass
class Seen:
    """A ``watch_offsets`` row."""

    offset: int
    head_hash: str
    size: int
    mtime_ns: int
    format: str | None


@dataclass
class Tail:
    """The complete hands of a file not taken before: its bytes ``data[start:cut]``."""

    name: str
    suffix: str
    data: bytes
    start: int
    cut: int
    mtime_ns: int
    format: str | None


@dataclass
class WatchSummary:
    """What a watch stored and quarantined, for its closing line."""

    stored: int = 0
    quarantined: int = 0
    files: set[str] = field(default_factory=set)
    seconds: float = 0.0
    mode: str = ""
    """How changes were found: ``notified`` (the file system's notifications, watchfiles) or ``polling``."""

    def as_dict(self) -> dict[str, object]:
        return {"stored": self.stored, "quarantined": self.quarantined, "files": len(self.files),
                "seconds": round(self.seconds, 3), "mode": self.mode}

    def line(self) -> str:
        """The watch in one line, in the language spoken."""
        stored = i18n.ngettext("{n} hand stored", "{n} hands stored", self.stored).format(n=i18n.number(self.stored))
        files = i18n.ngettext("{n} file", "{n} files", len(self.files)).format(n=i18n.number(len(self.files)))
        return _("watched {seconds} s ({mode}): {stored}, {quarantined} quarantined, from {files}").format(
            seconds=i18n.number(self.seconds, 0), mode=self.mode, stored=stored,
            quarantined=i18n.number(self.quarantined), files=files)


class Watcher:
    """Imports the complete new hands of growing files into an open store (see the module text)."""

    def __init__(self, store: Store, heroes: Iterable[str] = (), settle: float = SETTLE,
                 on_event: Callable[[Event], None] | None = None, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.heroes = tuple(heroes)
        self.settle = settle
        self.on_event = on_event
        self.clock = clock
        self.summary = WatchSummary()
        self.spool = tempfile.TemporaryDirectory(prefix="soko-watch-")
        self._rows: list[tuple[str, Seen]] = []
        self._seen: dict[str, Seen] | None = None
        """The ``watch_offsets`` rows, read once and kept as they are written (the watch holds the store for
        writing: no other process changes them)."""
        self.untidy = False
        """Whether hands were imported since the store was last tidied (:meth:`.db.Store.tidy`)."""
        self.tidied = clock()
        self.open: set[Path] = set()
        """The files whose last bytes are not taken yet (a hand still being written): looked at each interval."""
        self.unended: dict[str, int] = {}
        """Files whose last hand was taken for its file being quiet, without its format's end mark: where that hand
        starts. When the file grows, the hand is read again with what follows (a client that paused mid-hand for
        longer than the settle time: the part quarantined, the whole hand stored and the part's record resolved;
        a hand that was whole is found stored). Kept in memory: after a restart the hand is not read again."""

    def close(self) -> None:
        self.tidy(force=True)
        self.spool.cleanup()

    def tidy(self, force: bool = False) -> None:
        """Merge the parts the imports since the last tidy wrote, and checkpoint: at the end of a poll or an idle
        tick once :data:`TIDY_EVERY` seconds have passed since the last (hands coming without a pause leave no
        quiet poll to do it in, and each import's cost grows with the parts not merged), and at the end."""
        if self.untidy and (force or self.clock() - self.tidied >= TIDY_EVERY):
            self.store.tidy()
            self.untidy = False
            self.tidied = self.clock()

    def poll(self, paths: Iterable[Path]) -> list[Event]:
        """Import the complete hands of each file not taken before, those of a format in one import (one
        transaction of hands, one merge of the parts, whatever the files); the events of the hands stored and
        quarantined, in each file's order."""
        paths = list(paths)
        if not paths:  # an idle tick: no read of the offsets
            self.tidy()
            return []
        by_format: dict[str | None, list[Tail]] = {}
        seen = self._all_seen()
        for path in paths:
            tail = self._tail(path, seen.get(str(path)))
            if tail is not None:
                by_format.setdefault(tail.format, []).append(tail)
        events: list[Event] = []
        for fmt, tails in by_format.items():
            events.extend(self._import(tails, fmt))
            for tail in tails:
                self._remember(tail.name, tail.data, tail.cut, tail.mtime_ns, tail.format)
        self._write_offsets()
        self.tidy()
        return events

    def take(self, path: Path) -> list[Event]:
        """:meth:`poll` of one file."""
        return self.poll([path])

    def pending(self, paths: Iterable[Path]) -> list[Path]:
        """The files whose size or time differ from those last seen, or that hold bytes not yet taken."""
        seen = self._all_seen()
        out = []
        for path in paths:
            try:
                st = path.stat()
            except OSError:
                continue
            row = seen.get(str(path))
            if row is None or row.size != st.st_size or row.mtime_ns != st.st_mtime_ns or row.offset < st.st_size:
                out.append(path)
        return out

    def _tail(self, path: Path, row: Seen | None) -> Tail | None:
        """The complete hands of ``path`` not taken before (see the module text); None when there are none."""
        name = str(path)
        try:
            data = path.read_bytes()
            mtime_ns = path.stat().st_mtime_ns  # after the read: a write since makes the file not quiet
        except OSError:
            self.open.discard(path)
            return None  # gone, or not readable now: tried again at its next change
        quiet = self.clock() - mtime_ns / 1e9 >= self.settle
        fmt = row.format if row is not None else None
        if fmt is None:
            try:
                fmt = detect_format(data[:HEAD_CHARS].decode("utf-8", errors="replace"), name)
            except SokoError:
                fmt = None  # not (yet) a hand history: read whole once quiet, to be quarantined with its reason
        start = 0
        if row is not None and row.offset <= len(data) and bytes_hash(data[:row.offset]) == row.head_hash:
            start = row.offset
        unended = self.unended.pop(name, None)
        if start > 0 and start < len(data) and unended is not None and unended <= start:
            start = unended  # the last hand taken without its end mark, read again with the bytes after it
        elif unended is not None and start == len(data):
            self.unended[name] = unended  # not grown: still the hand to read again when it does
        if start == len(data):
            self.open.discard(path)
            if row is None or row.size != len(data) or row.mtime_ns != mtime_ns:
                self._remember(name, data, start, mtime_ns, fmt)
            return None
        whole = data.startswith(UTF16_BOMS + ARCHIVE_MAGIC) or path.suffix.lower() in ARCHIVE_SUFFIXES
        if fmt is None or whole or fmt in WHOLE_FILE:
            start = 0
            cut = len(data) if quiet else 0
        else:
            ended = start + complete_end(data[start:], fmt)
            cut = len(data) if quiet else ended
            if cut > ended and FORMATS[fmt].ends:
                self.unended[name] = ended
        if cut < len(data):
            self.open.add(path)
        else:
            self.open.discard(path)
        return Tail(name, path.suffix, data, start, cut, mtime_ns, fmt) if cut > start else None

    # -- the store --------------------------------------------------------------------------

    def _import(self, tails: list[Tail], fmt: str | None) -> list[Event]:
        """Import each tail's bytes under its file's name, their lines numbered as in the file, in one import."""
        names: dict[Path, str] = {}
        for i, tail in enumerate(tails):
            spool = Path(self.spool.name) / str(i) / f"tail{tail.suffix}"
            spool.parent.mkdir(exist_ok=True)
            spool.write_bytes(b"\n" * tail.data.count(b"\n", 0, tail.start) + tail.data[tail.start:tail.cut])
            names[spool] = tail.name
        since = self.store._next_import_id()
        self.store.import_paths(list(names), format=fmt or "auto", force=True, names=names, heroes=self.heroes,
                                tidy=False, tails=frozenset(tail.name for tail in tails if tail.start > 0))
        self.untidy = True
        at = self.clock()
        found = self.store.con.execute("""
            SELECT 'stored', hand_id, site, source_file, source_line FROM hands WHERE import_id >= $since
            UNION ALL SELECT 'quarantined', hand_id, format, source_file, source_line FROM quarantine
            WHERE import_id >= $since ORDER BY source_file, source_line""", {"since": since}).fetchall()
        events: list[Event] = [{"event": kind, "hand_id": hand_id, "site": site, "file": file, "at": at}
                               for kind, hand_id, site, file, _ in found]
        for event in events:
            if event["event"] == "stored":
                self.summary.stored += 1
            else:
                self.summary.quarantined += 1
            self.summary.files.add(str(event["file"]))
            if self.on_event:
                self.on_event(event)
        return events

    def _all_seen(self) -> dict[str, Seen]:
        """The offset rows (read from the store the first time only)."""
        if self._seen is None:
            rows = self.store.con.execute(
                'SELECT path, "offset", head_hash, size, mtime_ns, format FROM watch_offsets')
            self._seen = {path: Seen(*rest) for path, *rest in rows.fetchall()}
        return self._seen

    def _remember(self, name: str, data: bytes, offset: int, mtime_ns: int, fmt: str | None) -> None:
        """A ``watch_offsets`` row to write at the end of the poll, after the hands before ``offset``."""
        self._rows.append((name, Seen(offset, bytes_hash(data[:offset]), len(data), mtime_ns, fmt)))

    def _write_offsets(self) -> None:
        """The poll's offset rows, in one transaction."""
        rows, self._rows = self._rows, []
        if not rows:
            return
        values = [(name, row.offset, row.head_hash, row.size, row.mtime_ns, row.format) for name, row in rows]
        # plain parameters, no frame: Ctrl-C met inside a frame's build came out of Polars as a TypeError
        self.store._transaction(lambda: self.store.con.executemany(
            "INSERT OR REPLACE INTO watch_offsets VALUES (?, ?, ?, ?, ?, ?, now()::TIMESTAMP)", values),
            phrase("the watch's offsets"))
        self._all_seen().update(rows)
