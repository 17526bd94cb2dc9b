"""Reading hand-history files as text: plain, gzip and zip, in blocks of whole lines, with bounds.

:func:`members` lists what a path holds (itself, its gunzipped body, or each
member of a zip); :class:`TextStream` reads one member as text blocks of about
a megabyte that never split a line (a line longer than a block is cut, keeping
a tail so that a hand header is never cut in two), so memory follows the
block, not the file, and time is linear in the input.

Text is UTF-8 (a BOM is dropped), UTF-16 (with a BOM, or recognised by its NUL
bytes), or, line by line where UTF-8 fails, cp1252 (old PokerStars logs). A
compressed member may inflate to at most :data:`RATIO` times its compressed
size (and never past :data:`MAX_MEMBER`): beyond that it is a decompression
bomb, and reading stops there. Whatever stops a member early (corrupt or
truncated data, a bomb) is kept in :attr:`TextStream.error`; the text read
before it is still yielded, so the hands before a failure are kept.
"""

from __future__ import annotations

import codecs
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol, cast

from .base import FormatError, TooLarge, Unreadable

BLOCK = 1 << 20
"""Bytes read at a time."""
HEAD_CHARS = 8192
"""How much of a member format detection looks at."""
TAIL = 1024
"""Characters kept back when a line longer than a block is cut (a header is far shorter)."""
RATIO = 100
"""A compressed member may inflate to this many times its compressed size..."""
FLOOR = 1 << 26
"""...or to 64 MiB, whichever is more..."""
MAX_MEMBER = 1 << 32
"""...but never past 4 GiB."""


class Readable(Protocol):
    """What a member opens to: a binary stream read a step at a time."""

    def read1(self, size: int, /) -> bytes: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Member:
    """One file to read: a plain file, a gzip body or a zip member."""

    name: str
    """The path, or ``path:member`` for a member of a zip."""
    open: Callable[[], Readable] | None
    """Opens it for reading bytes; None when it must not be read (see ``problem``)."""
    compressed: int | None = None
    """Its compressed size, for the inflation bound (None for a plain file)."""
    problem: str | None = None


def members(path: Path, name: str | None = None) -> Iterator[Member]:
    """What a path holds; Unreadable when it cannot be opened or is a broken archive.

    ``name`` is what the records call the file (default: its path; ``<stdin>`` for standard input
    spooled to a file). A zip member whose name climbs out of the archive (``../x``, ``/etc/x``) comes
    with a problem.
    """
    label = name or str(path)
    try:
        with open(path, "rb") as f:
            magic = f.read(4)
        size = path.stat().st_size
    except OSError as err:
        raise Unreadable(f"cannot read the file: {err.strerror or err}", path=label, line=0) from None
    if path.suffix == ".gz" or magic[:2] == b"\x1f\x8b":
        yield Member(label, lambda: GzipStream(open(path, "rb")), size)
    elif path.suffix == ".zip" or magic == b"PK\x03\x04":
        try:
            with zipfile.ZipFile(path) as archive:
                infos = [info for info in archive.infolist() if not info.is_dir()]
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as err:
            raise Unreadable(f"not a readable zip archive: {err}", path=label, line=0) from None
        for info in infos:
            inner = info.filename
            unsafe = inner.startswith(("/", "\\")) or ".." in inner.replace("\\", "/").split("/")
            if unsafe:
                yield Member(f"{label}:{inner}", None,
                             problem="a zip member whose name leaves the archive (directory traversal); not read")
            else:
                yield Member(f"{label}:{inner}", _opener(path, inner), info.compress_size)
    else:
        yield Member(label, lambda: open(path, "rb"))  # a BufferedReader: it has read1


def _opener(path: Path, name: str) -> Callable[[], Readable]:
    return lambda: _zip_member(path, name)


def _zip_member(path: Path, name: str) -> Readable:
    return ZipMember(zipfile.ZipFile(path), name)


class ZipMember:
    """A member of a zip archive, read a step at a time; closing it closes the archive too."""

    def __init__(self, archive: zipfile.ZipFile, name: str) -> None:
        self.archive = archive
        self.member = cast(zipfile.ZipExtFile, archive.open(name))

    def read1(self, size: int, /) -> bytes:
        return self.member.read1(size)

    def close(self) -> None:
        self.member.close()
        self.archive.close()


class GzipStream:
    """A gzip file (of one or more members) inflated step by step with zlib, so that a truncated or corrupt
    file gives every byte before the damage (as ``zcat`` does), then raises."""

    STEP = 1 << 16

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self.inflate = zlib.decompressobj(wbits=47)  # 32 + 15: a gzip header, the largest window
        self.pending = b""

    def read1(self, size: int, /) -> bytes:
        """Up to ``size`` inflated bytes; b"" at the end; EOFError when the data stops mid-stream."""
        while True:
            if self.inflate.eof:
                # What follows the member is all in unused_data: the next member. (CPython may keep the same
                # bytes as unconsumed_tail too; the ended inflater is never fed them again.)
                rest = self.inflate.unused_data
                self.pending = b""
                if not rest.strip(b"\0"):
                    rest = self.raw.read(self.STEP)
                    if not rest.strip(b"\0"):
                        return b""
                self.inflate = zlib.decompressobj(wbits=47)  # the next member
                self.pending = rest
                continue
            if self.pending:
                out = self.inflate.decompress(self.pending, size)
                self.pending = self.inflate.unconsumed_tail
                if out:
                    return out
                continue
            data = self.raw.read(self.STEP)
            if not data:
                tail = self.inflate.flush()
                if tail:
                    return tail
                raise EOFError("the compressed data ends before its end-of-stream marker")
            self.pending = data

    def close(self) -> None:
        self.raw.close()


READ_ERRORS = (OSError, EOFError, zlib.error, zipfile.BadZipFile, ValueError, RuntimeError)
"""What reading a (compressed) file can raise: truncated or corrupt data, a bad CRC, an encrypted member."""


class TextStream:
    """One member read as text blocks of whole lines (see the module text); iterate it once."""

    def __init__(self, member: Member, block: int = BLOCK) -> None:
        self.member = member
        self.block = block
        self.error: FormatError | None = None
        """Why reading stopped before the end, if it did."""
        self.bytes_read = 0
        self._file: Readable | None = None
        self._first = b""
        self._limit: int | None = None if member.compressed is None else min(
            MAX_MEMBER, max(FLOOR, RATIO * member.compressed))
        self.encoding = "utf-8"

    def __enter__(self) -> TextStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _read(self, size: int) -> bytes:
        """Up to ``size`` bytes; b"" at the end or after a failure (kept in ``error``)."""
        if self.error is not None:
            return b""
        try:
            if self._file is None:
                assert self.member.open is not None
                self._file = self.member.open()
            if self._limit is not None:
                size = min(size, self._limit - self.bytes_read + 1)
            data = self._file.read1(size)  # one step at a time: a failure loses nothing read before it
        except READ_ERRORS as err:
            what = "cut off" if isinstance(err, EOFError) else "corrupt"
            self.error = Unreadable(f"the file is {what} after {self.bytes_read:,} bytes of text ({err}); "
                                    "the hands before that point are kept", path=self.member.name, line=0)
            return b""
        self.bytes_read += len(data)
        if self._limit is not None and self.bytes_read > self._limit:
            self.error = TooLarge(
                f"the compressed data inflates past {self._limit:,} bytes (more than {RATIO}× its "
                f"{self.member.compressed:,} compressed bytes, or {MAX_MEMBER:,} in all): a decompression bomb? "
                "The rest is not read", path=self.member.name, line=0)
            return data[: len(data) - (self.bytes_read - self._limit)]
        return data

    def head(self) -> str:
        """The first :data:`HEAD_CHARS` characters, for format detection (the stream still starts at the top)."""
        first = b""
        while len(first) < HEAD_CHARS * 2 and (more := self._read(HEAD_CHARS * 2 - len(first))):
            first += more
        self._first = first
        self.encoding = _encoding(self._first)
        return _decode_bytes(self._first, self.encoding)[:HEAD_CHARS]

    def __iter__(self) -> Iterator[str]:
        first, self._first = self._first, b""
        chunks = _chunks(first, self._read, self.block)
        if self.encoding.startswith("utf-16"):
            yield from _lines_of_text(_utf16_text(chunks, self.encoding), self.block)
        else:
            yield from _utf8_blocks(chunks, self.block)


def _chunks(first: bytes, read: Callable[[int], bytes], size: int) -> Iterator[bytes]:
    if first:
        yield first
    while chunk := read(size):
        yield chunk


def _encoding(head: bytes) -> str:
    """``utf-16-le`` / ``utf-16-be`` (BOM, or NUL bytes on one side of ASCII text), else ``utf-8``."""
    if head.startswith(codecs.BOM_UTF16_LE):
        return "utf-16"
    if head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16"
    sample = head[:512]
    if len(sample) >= 4:
        even, odd = sample[0::2], sample[1::2]
        if odd.count(0) > len(odd) * 0.6 and even.count(0) < len(even) * 0.1:
            return "utf-16-le"
        if even.count(0) > len(even) * 0.6 and odd.count(0) < len(odd) * 0.1:
            return "utf-16-be"
    return "utf-8"


def _decode_bytes(data: bytes, encoding: str) -> str:
    if encoding.startswith("utf-16"):
        return data.decode(encoding, errors="replace").lstrip("\ufeff")
    return decode(data)


def decode(data: bytes) -> str:
    """UTF-8 (a BOM dropped); lines that are not UTF-8 are read as cp1252."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = "\n".join(_decode_line(line) for line in data.split(b"\n"))
    return text.lstrip("\ufeff")


def _decode_line(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("cp1252", errors="replace")


def _utf8_blocks(chunks: Iterator[bytes], block: int) -> Iterator[str]:
    """Bytes as text blocks of whole lines; a line longer than a block is cut between UTF-8 characters."""
    carry = b""
    first = True
    for chunk in chunks:
        data = carry + chunk
        cut = data.rfind(b"\n") + 1
        if cut == 0 and len(data) > block:
            cut = len(data) - TAIL
            while cut > 0 and data[cut] & 0xC0 == 0x80:  # not inside a UTF-8 character
                cut -= 1
        if cut == 0:
            carry = data
            continue
        carry = data[cut:]
        text = decode(data[:cut]) if first else _decode_more(data[:cut])
        first = False
        yield text
    if carry:
        yield decode(carry) if first else _decode_more(carry)


def _decode_more(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "\n".join(_decode_line(line) for line in data.split(b"\n"))


def _utf16_text(chunks: Iterator[bytes], encoding: str) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    first = True
    for chunk in chunks:
        text = decoder.decode(chunk)
        if first:
            text, first = text.lstrip("\ufeff"), False
        yield text
    yield decoder.decode(b"", final=True)


def _lines_of_text(pieces: Iterator[str], block: int) -> Iterator[str]:
    """Text pieces regrouped into blocks of whole lines (a line longer than a block is cut)."""
    carry = ""
    for piece in pieces:
        data = carry + piece
        cut = data.rfind("\n") + 1
        if cut == 0 and len(data) > block:
            cut = len(data) - TAIL
        if cut == 0:
            carry = data
            continue
        carry = data[cut:]
        yield data[:cut]
    if carry:
        yield carry
