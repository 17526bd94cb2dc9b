"""Reading hand-history files as text: plain, gzip and zip, in blocks of whole lines, with bounds.

The compiled core's source layer (``core/src/source``) does the reading; this module is its front for
the files :func:`~soko_analytics.parsers.read_path` reads (the import's own path reads them in the core
directly). :func:`members` lists what a path holds (itself, its gunzipped body, or each member of a zip; a member
that is itself a zip or a gzip is opened in turn, at most three archives deep, and a zip cut short is read by its
members' local headers);
:class:`TextStream` reads one member as text blocks of about a megabyte that never split a line (a line
longer than a block is cut, keeping a tail so that a hand header is never cut in two), so memory follows
the block, not the file, and time is linear in the input.

Text is UTF-8 (a BOM is dropped), UTF-16 (with a BOM, or recognised by its NUL bytes), or, line by line
where UTF-8 fails, cp1252 (old PokerStars logs). A compressed member may inflate to at most 100 times its
compressed size (at least 64 MiB, never past 4 GiB): beyond that it is a decompression bomb, and reading
stops there. Whatever stops a member early (corrupt or truncated data, a bomb) is kept in
:attr:`TextStream.error`; the text read before it is still yielded, so the hands before a failure are
kept. Zip members are read when stored or deflated (bzip2 and LZMA members are not read: ``unreadable``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TypeAlias

from .. import _core
from .base import FormatError, TooLarge, Unreadable

BLOCK = 1 << 20
"""Bytes per block read (text blocks are about this size)."""
HEAD_CHARS = 8192
"""Characters of a member's start that format detection looks at."""



Member: TypeAlias = _core.Member
"""One file to read: a plain file, a gzip body or a zip member, as the core lists them (only :func:`members` makes
one): its ``name`` (the path, or ``path:member``), ``problem`` (why it must not be read, or None),
``problem_kind`` (``unreadable`` or ``too_large``) and ``compressed`` size (None for a plain file)."""


def members(path: Path, name: str | None = None) -> list[Member]:
    """What a path holds; Unreadable when it cannot be opened or is a broken archive.

    ``name`` is what the records call the file (default: its path; ``<stdin>`` for standard input
    spooled to a file). A zip member whose name climbs out of the archive (``../x``, ``/etc/x``) comes
    with a problem.
    """
    found, problem = _core.members(str(path), name)
    if problem is not None:
        raise Unreadable(problem[1], path=name or str(path), line=0)
    return found


class TextStream:
    """One member read as text blocks of whole lines (see the module text); iterate it once."""

    def __init__(self, member: Member, block: int = BLOCK) -> None:
        self.member = member
        self._stream = _core.TextStream(member, block)
        self.error: FormatError | None = None
        """Why reading stopped before the end, if it did."""

    def __enter__(self) -> TextStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Nothing to release: the core closes the member when the stream is dropped."""

    @property
    def bytes_read(self) -> int:
        return self._stream.bytes_read

    def head(self) -> str:
        """The first :data:`HEAD_CHARS` characters, for format detection (the stream still starts at the top)."""
        text = self._stream.head()
        self._note_error()
        return text

    def __iter__(self) -> Iterator[str]:
        for block in self._stream:
            self._note_error()
            yield block
        self._note_error()

    def _note_error(self) -> None:
        if self.error is None and (found := self._stream.error) is not None:
            kind, reason = found
            self.error = (TooLarge if kind == "too_large" else Unreadable)(reason, path=self.member.name, line=0)


RAW_BYTES = 1 << 20
"""How much of a file that cannot be read a quarantine record keeps as its raw text (with the file's size)."""


def lossless(data: bytes) -> str:
    """Bytes as text that gives them back: UTF-8 when they are (a character cut at the end left out), UTF-16 by its
    BOM when they are, otherwise latin-1 (a character per byte: ``text.encode("latin-1")`` is the bytes)."""
    for cut in range(4):
        try:
            return data[:len(data) - cut].decode("utf-8")
        except UnicodeDecodeError as err:
            if err.start < len(data) - 4:
                break
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) and len(data) % 2 == 0:
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    return data.decode("latin-1")


def raw_text(path: Path, member: str | None = None) -> tuple[str, int | None]:
    """The raw text a quarantine record of a whole file keeps: the first :data:`RAW_BYTES` of its bytes
    (:func:`lossless`; a compressed file's compressed bytes) and its size; of a zip's ``member``, its first text as
    the core decodes it, and its size when it is shorter; ("", None) when nothing of it can be read (a file that
    cannot be opened: "" and its size, where it has one)."""
    if member is None:
        try:
            size = path.stat().st_size
        except OSError:
            return "", None
        try:
            with open(path, "rb") as f:
                return lossless(f.read(RAW_BYTES)), size
        except OSError:
            return "", size
    try:
        found = next((m for m in members(path) if m.name.endswith(":" + member)), None)
        if found is None or found.problem is not None:
            return "", None
        text: list[str] = []
        with TextStream(found) as stream:
            for block in stream:
                text.append(block)
                if stream.bytes_read >= RAW_BYTES:
                    return "".join(text), None
            return "".join(text), stream.bytes_read
    except (OSError, FormatError):
        return "", None


def decode(data: bytes) -> str:
    """Bytes to text: UTF-8 with a BOM dropped, UTF-16 by its BOM or NUL bytes, cp1252 for the lines that are
    not UTF-8."""
    return _core.decode(data)


def head(data: bytes) -> str:
    """A plain file's first :data:`HEAD_CHARS` characters from its first bytes, decoded as
    :meth:`TextStream.head` decodes a member's (UTF-16 too): what format detection looks at."""
    return _core.head(data)
