"""Hand-history formats: the core's registry of them (:mod:`.formats`) behind one small interface.

``FORMATS`` maps each format's name (the ``--from`` choice and the fixture folder) to its
:class:`~.formats.Format`, which offers ``parse`` and ``write``. :func:`read_path`
reads any supported file (plain, ``.gz`` or ``.zip``), detects its format per
file and yields every hand in it, stored or quarantined; :func:`iter_files`
walks folders and reports what it cannot walk.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeAlias, TypeVar

from ..errors import SokoError, phrase, phrases
from ..model.hand import Hand, Source
from .base import (
    Audited,
    FormatError,
    IncompleteHand,
    Quarantined,
    TooLarge,
    Unreadable,
    UnsupportedGame,
    log_lines,
    lone_crs_ended,
    quarantine,
)
from .formats import FORMATS, WRITERS, Format, detected, format_scores
from .source import HEAD_CHARS, TextStream, decode, head, members
from .split import TextSource, split_pieces

__all__ = [
    "FORMATS", "WRITERS", "Audited", "Format", "FormatError", "IncompleteHand", "Quarantined", "TooLarge",
    "Unreadable", "UnsupportedGame", "CorePiece", "anonymous_seats", "asked_format", "check_format", "check_paths",
    "decode", "detect_format", "format_scores", "get_format", "iter_files", "read_path", "read_path_audited",
    "read_path_pieces", "read_stored",
    "read_stored_audited", "read_text", "write_hands",
]


def anonymous_seats() -> dict[str, str]:
    """The formats whose site hides its players' names (:attr:`.Format.anonymous`): the sites' names → the
    pattern of their seat labels, which reports group as one anonymous player per site."""
    return {f.anonymous[0]: f.anonymous[1] for f in FORMATS.values() if f.anonymous}


def check_format(name: str, auto: bool = True) -> str:
    """``name`` if it is a format (or ``auto``, where allowed); a SokoError listing the names if not."""
    if name in FORMATS or (auto and name == "auto"):
        return name
    choices = (["auto"] if auto else []) + list(FORMATS)
    raise SokoError(phrase("unknown format {name!r}", name=name), expected=" or ".join(choices), actual=name)


def get_format(name: str) -> Format:
    """The format of a name; a SokoError listing the names if unknown."""
    return FORMATS[check_format(name, auto=False)]


def detect_format(head: str, path: str | None = None) -> str:
    """The best-scoring format for the start of a text (the first of the best, in the order of :data:`FORMATS`);
    an Unreadable error when none fits."""
    found = detected(head)
    if found is None:
        first = next((line.strip() for line in log_lines(head) if line.strip()), "")
        sites = [f.site for f in FORMATS.values()]
        raise Unreadable(phrase("no supported hand-history format recognised"), path=path, line=0,
                         expected=phrase("{sites} or {last}", sites=", ".join(sites[:-1]), last=sites[-1]),
                         actual=first[:80])
    return found


T = TypeVar("T")
Parse: TypeAlias = Callable[[Format, TextSource, str], Iterator[T]]
"""How a text of a format is read: ``(format, text or its blocks, path)`` → its hands (or what comes in their place)
and records."""


def _hands(strict: bool) -> Parse[Hand | Quarantined]:
    """Each format's :meth:`~.formats.Format.parse`."""
    return lambda fmt, source, path: fmt.parse(source, path, strict)


def _audited(strict: bool, ledger: bool) -> Parse[Hand | Audited | Quarantined]:
    """Each format's :meth:`~.formats.Format.audited`: the hands the core reads read and audited by it in one call."""
    return lambda fmt, source, path: fmt.audited(source, path, strict, ledger)


def read_text(text: str, path: str = "<text>", format: str = "auto",
              strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a text, in the given format or the detected one (lone ``\\r`` line ends read as a file's are)."""
    return _read_text(text, path, format, _hands(strict))


def _read_text(text: str, path: str, format: str, parse: Parse[T]) -> Iterator[T]:
    text = lone_crs_ended(text)
    name = detect_format(text[:HEAD_CHARS], path) if format == "auto" else format
    return parse(get_format(name), text, path)


def read_stored(raw: str, format: str, path: str, line: int) -> Iterator[Hand | Quarantined]:
    """A stored hand's raw text read again, each hand and record placed where the text stands in its file
    (``path``, from ``line``): the source of a hand read back is its file's line, as when the file was read."""
    for item in _read_text(raw, path, format, _hands(False)):
        yield _placed_record(item, line) if isinstance(item, Quarantined) else _placed(item, format, path, line)


def read_stored_audited(raw: str, format: str, path: str, line: int,
                        ledger: bool = False) -> Iterator[Hand | Audited | Quarantined]:
    """:func:`read_stored`, each hand of a format the core reads audited in the same call (an :class:`Audited`,
    with the ledger when ``ledger``); the others' hands come as they are, for the replayer."""
    for item in _read_text(raw, path, format, _audited(False, ledger)):
        if isinstance(item, Audited):
            yield Audited(_placed(item.hand, format, path, line), item.verdict)
        elif isinstance(item, Hand):
            yield _placed(item, format, path, line)
        else:
            yield _placed_record(item, line)


def _placed(hand: Hand, format: str, path: str, line: int) -> Hand:
    where = hand.source
    return replace(hand, source=Source(path, line + (where.line if where else 1) - 1,
                                       where.format if where else format))


def _placed_record(record: Quarantined, line: int) -> Quarantined:
    return replace(record, line=line + record.line - 1 if record.line else line,
                   start=line + record.start - 1 if record.start else None)


def read_path(path: str | Path, format: str = "auto", strict: bool = False,
              name: str | None = None) -> Iterator[Hand | Quarantined]:
    """Every hand of one file (plain, ``.gz`` or ``.zip``), stored or quarantined; never raises for its content.

    Files are read in blocks, so memory follows the hand, not the file. What
    cannot be read (a missing or corrupt file, a zip member that leaves the
    archive, a file of no known format or not of the format asked for) is a
    Quarantined record of kind ``unreadable`` with no hand id and line 0; a
    compressed member that inflates too far is one of kind ``too_large``.
    Hands read before a failure are kept. ``name`` is what the records call the file (default: its path).
    """
    return _read_file(path, format, name, _hands(strict))


def read_path_audited(path: str | Path, format: str = "auto", strict: bool = False, name: str | None = None,
                      ledger: bool = False) -> Iterator[Hand | Audited | Quarantined]:
    """:func:`read_path`, each hand of a format the core reads audited in the same call (an :class:`Audited`, with
    the ledger when ``ledger``): no hand the core read crosses back into it."""
    return _read_file(path, format, name, _audited(strict, ledger))


@dataclass(frozen=True, slots=True)
class CorePiece:
    """A piece of a member of a format the core reads, as the splitter cut it, left for the core to read and make
    the rows of (``_core.piece_rows``): no hand of it is made in Python."""

    path: str
    """What the member's records call it."""
    format: str
    piece: tuple[str, int, str, int, int]
    """``(text, first line, kind, size, lines)``."""


def read_path_pieces(path: str | Path, format: str = "auto",
                     name: str | None = None) -> Iterator[CorePiece | Quarantined]:
    """:func:`read_path`, each piece of a member left unread (a :class:`CorePiece`), for the core to make its rows;
    what cannot be read comes as in :func:`read_path`. A member of a format the core reads whole (PHH) is one piece,
    which the core's reader cuts into hands itself."""
    return _read_file(path, format, name, _pieces)


def _pieces(fmt: Format, source: TextSource, path: str) -> Iterator[CorePiece]:
    if fmt.whole:
        text = source if isinstance(source, str) else "".join(source)
        return iter([CorePiece(path, fmt.name, (text, 1, "hand", len(text), text.count("\n") + 1))])
    return (CorePiece(path, fmt.name, (p.text, p.line, p.kind, p.size, p.lines)) for p in split_pieces(source))


def _read_file(path: str | Path, format: str, name: str | None,
               parse: Parse[T | Quarantined]) -> Iterator[T | Quarantined]:
    check_format(format)
    path = Path(path)
    try:
        found = list(members(path, name))
    except Unreadable as err:
        yield quarantine(err, "", name or str(path), 0, None)
        return
    for member in found:
        if member.problem is not None:
            error = (TooLarge if member.problem_kind == "too_large" else Unreadable)(member.problem)
            yield quarantine(error, "", member.name, 0, None)
            continue
        with TextStream(member) as stream:
            yield from _read_member(stream, format, parse)


def _read_member(stream: TextStream, format: str, parse: Parse[T | Quarantined]) -> Iterator[T | Quarantined]:
    name = stream.member.name
    head = stream.head()
    if stream.error is not None and not head:
        yield quarantine(stream.error, "", name, 0, None)
        return
    try:
        fmt = detect_format(head, name) if format == "auto" else asked_format(format, head, name)
    except Unreadable as err:
        yield quarantine(err, "", name, 0, None)
        return
    for item in parse(get_format(fmt), iter(stream), name):
        yield replace(item, format=fmt) if isinstance(item, Quarantined) else item
    if stream.error is not None:
        yield quarantine(stream.error, "", name, 0, None)


def asked_format(format: str, head: str, path: str) -> str:
    """The format asked for, unless the text is plainly of another one."""
    scores = format_scores(head)
    if scores[format] > 0 or max(scores.values()) <= 0:
        return format
    found = max(scores, key=lambda name: scores[name])
    raise Unreadable(phrase("not a {format} file: it reads as {found} (leave out --from, or give --from {found})",
                            format=format, found=found),
                     path=path, line=0, expected=format, actual=found)


HAND_HISTORY_SUFFIXES = (*dict.fromkeys(e for f in FORMATS.values() for e in f.extensions), ".gz", ".zip")
"""Files a folder walk reads (each format's extensions, and archives); others (tracker sidecars, notes) are left
alone."""


def iter_files(paths: Iterable[str | Path], skipped: list[tuple[str, str]] | None = None) -> list[Path | Quarantined]:
    """The files named, with folders walked (sorted; hidden entries skipped).

    In a folder, a file is read when its suffix is a hand history's (:data:`HAND_HISTORY_SUFFIXES`) or, whatever
    its name, when its first bytes hold a hand-history header (:func:`sniff`: a client's ``….Sample`` or
    ``….log``); the others (tracker sidecars, notes) are left alone, each with the reason in ``skipped``
    (path, reason) when it is given. A path that does not exist is a SokoError; so is a set of paths with no
    hand-history file in it (both before anything is read). In a folder, what cannot be walked (a sub-folder
    that cannot be read, a broken or looping symbolic link) comes as a Quarantined record of kind ``unreadable``.
    """
    found: list[Path | Quarantined] = []
    left: list[tuple[str, str]] = []
    for path in check_paths(paths):
        if path.is_dir():
            found.extend(_walk(path, left))
        else:
            found.append(path)
    if skipped is not None:
        skipped.extend(left)
    if not any(isinstance(item, Path) for item in found):
        names = ", ".join(map(str, paths)) or "(none given)"
        others = ", ".join(Path(p).name for p, _reason in left[:3]) + (", ..." if len(left) > 3 else "")
        passed = phrases(" ({n} other file: {names})", " ({n} other files: {names})", len(left),
                         names=others) if left else ""
        raise SokoError(phrase("no hand-history files in {names}{passed}", names=names, passed=passed),
                        expected=phrase("files ending in {suffixes}, or starting with a hand history's header",
                                        suffixes=", ".join(HAND_HISTORY_SUFFIXES)), actual=phrase("none"))
    return found


SNIFF_BYTES = 32_768
"""How much of a file of another suffix is read to tell whether it is a hand history."""


def sniff(path: Path) -> str | None:
    """The format of a file whose name does not say it is a hand history, found in its first bytes (plain text
    only); None when it is not one or cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read(SNIFF_BYTES)
    except OSError:
        return None
    if data.startswith((b"\x1f\x8b", b"PK\x03\x04")):
        return None
    try:
        return detect_format(head(data), str(path))
    except Unreadable:
        return None


def link_problem(path: Path) -> str | None:
    """Why a symbolic link leads nowhere: a loop (a link to itself, or through others back to itself) or a
    target that does not exist; None when ``path`` can be followed (or is no link)."""
    try:
        os.stat(path)
        return None
    except OSError as err:
        if err.errno == errno.ELOOP:
            return phrase("a symbolic link that loops (it leads back to itself, directly or through other links)")
        if path.is_symlink():
            return phrase("a broken symbolic link (its target does not exist)")
        return None


def check_paths(paths: Iterable[str | Path]) -> list[Path]:
    """The paths, as Paths; a SokoError naming those that do not exist (before anything is read or written)."""
    found = [Path(p) for p in paths]
    for p in found:
        why = link_problem(p)
        if why is not None:
            raise SokoError(why, path=str(p))
    missing = [str(p) for p in found if not p.exists()]
    if len(missing) == 1:
        raise SokoError(phrase("no such file or folder"), path=missing[0])
    if missing:
        raise SokoError(phrase("no such files or folders: {paths}", paths=", ".join(missing)))
    return found


def _walk(top: Path, skipped: list[tuple[str, str]]) -> Iterator[Path | Quarantined]:
    """A folder's hand-history files, following symbolic links once (a loop is reported, not followed); the
    files that are not hand histories go to ``skipped`` with the reason."""
    seen: set[tuple[int, int]] = set()
    problems: list[Quarantined] = []

    def problem(path: str, reason: str) -> None:
        problems.append(quarantine(Unreadable(reason), "", path, 0, None))

    def on_error(err: OSError) -> None:
        problem(err.filename or str(top), f"cannot read the folder: {err.strerror or err}")

    for folder, dirs, names in os.walk(top, onerror=on_error, followlinks=True):
        yield from problems
        problems.clear()
        try:
            st = os.stat(folder)
        except OSError as err:
            problem(folder, f"cannot read the folder: {err.strerror or err}")
            dirs[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen:
            problem(folder, "a symbolic link that loops back to a folder already walked; not followed")
            dirs[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            path = Path(folder) / name
            if name.startswith("."):
                continue
            why = link_problem(path)
            if why is not None:
                problem(str(path), why)
            elif path.suffix.lower() not in HAND_HISTORY_SUFFIXES and path.is_file() and sniff(path) is None:
                skipped.append((str(path), "not a hand history: neither its name nor its first bytes say so"))
            elif path.is_file():
                yield path
            else:
                problem(str(path), "not a regular file")
    yield from problems


def write_hands(hands: Iterable[Hand], format: str) -> str:
    """Hands as text of a format."""
    return get_format(format).write(hands)
