"""Hand-history formats: one module per format behind one small interface.

``FORMATS`` maps each format's name (the same name as the module, the
``--format`` choice and the fixture folder) to its module; each module offers
``detect``, ``parse`` and ``write`` (see :mod:`.base`). :func:`read_path`
reads any supported file (plain, ``.gz`` or ``.zip``), detects its format per
file and yields every hand in it, stored or quarantined.
"""

from __future__ import annotations

import gzip
import importlib
import zipfile
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import IO

from ..model.hand import Hand
from .base import FormatError, IncompleteHand, Quarantined, UnsupportedGame
from .stars import decode

FORMATS = {
    "pokerstars": "soko_analytics.parsers.pokerstars",
    "soko": "soko_analytics.parsers.soko_text",
    "phh": "soko_analytics.parsers.phh",
}
"""Format name → module path (imported on first use)."""
HEAD_BYTES = 8192

__all__ = [
    "FORMATS", "FormatError", "IncompleteHand", "Quarantined", "UnsupportedGame",
    "detect_format", "format_module", "iter_files", "read_path", "read_text", "write_hands",
]


def format_module(name: str) -> ModuleType:
    """The module of a format name; a FormatError listing the names if unknown."""
    if name not in FORMATS:
        raise FormatError(f"unknown format {name!r}", expected=" or ".join(FORMATS), actual=name)
    return importlib.import_module(FORMATS[name])


def detect_format(head: str, path: str | None = None) -> str:
    """The best-scoring format for the start of a text; FormatError when none fits."""
    scores = {name: format_module(name).detect(head) for name in FORMATS}
    best = max(scores, key=scores.get)
    if scores[best] <= 0:
        raise FormatError("no supported hand-history format recognised", path=path, line=1,
                          expected="PokerStars, Sökö text or PHH", actual=head.splitlines()[0][:80] if head else "")
    return best


def read_text(text: str, path: str = "<text>", format: str = "auto") -> Iterator[Hand | Quarantined]:
    """Every hand of a text, in the given format or the detected one."""
    name = detect_format(text[:HEAD_BYTES], path) if format == "auto" else format
    return format_module(name).parse(text, path)


def _decoded_blocks(f: IO[bytes], size: int = 1 << 20) -> Iterator[str]:
    """A binary file as text blocks of whole lines: UTF-8 (BOM dropped), cp1252 for lines that are not UTF-8."""
    rest = b""
    first = True
    while True:
        chunk = f.read(size)
        if not chunk:
            break
        data = rest + chunk
        cut = data.rfind(b"\n") + 1
        if cut == 0:
            rest = data
            continue
        rest = data[cut:]
        yield decode(data[:cut]) if first else _decode(data[:cut])
        first = False
    if rest:
        yield decode(rest) if first else _decode(rest)


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return decode(data)


def _members(path: Path) -> Iterator[tuple[str, Callable[[], IO[bytes]] | None]]:
    """(name, opener) of each file inside a path: itself, its gunzipped body, or each member of a zip.

    A zip member whose name climbs out of the archive (``../x``, ``/etc/x``) comes with opener None.
    """
    with open(path, "rb") as f:
        magic = f.read(4)
    if path.suffix == ".gz" or magic[:2] == b"\x1f\x8b":
        yield str(path), lambda: gzip.open(path, "rb")
    elif path.suffix == ".zip" or magic == b"PK\x03\x04":
        with zipfile.ZipFile(path) as archive:
            names = [info.filename for info in archive.infolist() if not info.is_dir()]
        for member in names:
            unsafe = member.startswith(("/", "\\")) or ".." in member.replace("\\", "/").split("/")
            yield f"{path}:{member}", None if unsafe else (lambda member=member: zipfile.ZipFile(path).open(member))
    else:
        yield str(path), lambda: open(path, "rb")


def read_path(path: str | Path, format: str = "auto") -> Iterator[Hand | Quarantined]:
    """Every hand of one file (plain, ``.gz`` or ``.zip``), stored or quarantined.

    Files are read line by line, so memory follows the hand, not the file
    (PHH, a TOML format, is read whole). A file that cannot be read or that no
    format recognises raises FormatError naming it.
    """
    path = Path(path)
    try:
        for name, opener in list(_members(path)):
            if opener is None:
                error = FormatError("a zip member whose name leaves the archive (directory traversal); not read",
                                    path=name, line=0)
                yield Quarantined(name, 0, None, error.reason, "", error)
                continue
            with opener() as f:
                head = b"".join(islice(f, 0, 200))[:HEAD_BYTES]
            fmt = detect_format(decode(head), name) if format == "auto" else format
            module = format_module(fmt)
            with opener() as f:
                if getattr(module, "STREAMS", False):
                    yield from module.parse(_decoded_blocks(f), name)
                else:
                    yield from module.parse(decode(f.read()), name)
    except (OSError, zipfile.BadZipFile, gzip.BadGzipFile, EOFError) as err:
        raise FormatError(f"cannot read the file: {err}", path=str(path)) from None


HAND_HISTORY_SUFFIXES = (".txt", ".soko", ".phh", ".phhs", ".gz", ".zip")
"""Files a folder walk reads; others (tracker sidecars, notes) are left alone."""


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, with folders walked (sorted; hidden files and other suffixes skipped)."""
    for path in map(Path, paths):
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if (child.is_file() and child.suffix.lower() in HAND_HISTORY_SUFFIXES
                        and not any(part.startswith(".") for part in child.relative_to(path).parts)):
                    yield child
        else:
            yield path


def write_hands(hands: Iterable[Hand], format: str) -> str:
    """Hands as text of a format."""
    return format_module(format).write(list(hands))
