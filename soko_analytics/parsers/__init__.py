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
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

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
    "detect_format", "format_module", "read_path", "read_text", "write_hands",
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


def _members(path: Path) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of each file inside a path: itself, its gunzipped body, or each member of a zip."""
    data = path.read_bytes()
    if path.suffix == ".gz" or data[:2] == b"\x1f\x8b":
        yield str(path), gzip.decompress(data)
    elif path.suffix == ".zip" or data[:4] == b"PK\x03\x04":
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                if not info.is_dir():
                    yield f"{path}:{info.filename}", archive.read(info)
    else:
        yield str(path), data


def read_path(path: str | Path, format: str = "auto") -> Iterator[Hand | Quarantined]:
    """Every hand of one file (plain, ``.gz`` or ``.zip``), stored or quarantined.

    A file that no format recognises raises FormatError naming it.
    """
    path = Path(path)
    try:
        members = list(_members(path))
    except (OSError, zipfile.BadZipFile, gzip.BadGzipFile, EOFError) as err:
        raise FormatError(f"cannot read the file: {err}", path=str(path)) from None
    for name, data in members:
        yield from read_text(decode(data), name, format)


def write_hands(hands: Iterable[Hand], format: str) -> str:
    """Hands as text of a format."""
    return format_module(format).write(list(hands))
