"""The formats, as the compiled core registers them once (``core/src/formats/``): each one's name (the
``--from`` choice, the store's ``format`` column), its site as messages name it, its files' extensions, how the
start of a text is recognised (:func:`format_scores`) and how the core reads it: pieces cut by the splitter, or (PHH)
a file's whole text, which its reader cuts itself. Python adds what is Python's: the writers of PokerStars text,
Sökö text and PHH.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .. import _core
from ..errors import phrase
from ..model.hand import Hand
from .base import Audited, FormatError, Quarantined
from .split import TextSource


def _write_pokerstars(hands: list[Hand]) -> str:
    from .stars_writer import write_pokerstars

    return write_pokerstars(hands)


def _write_soko(hands: list[Hand]) -> str:
    from .stars_writer import write_soko

    return write_soko(hands)


def _write_phh(hands: list[Hand]) -> str:
    from . import phh

    return phh.write(hands)


WRITERS: dict[str, Callable[[list[Hand]], str]] = {
    "pokerstars": _write_pokerstars, "soko": _write_soko, "phh": _write_phh}
"""The formats written, and how: every hand of any format is written as PokerStars text or PHH (Sökö hands as
Sökö text too)."""


@dataclass(frozen=True, slots=True)
class Format:
    """One format of the core's registry."""

    name: str
    site: str
    """The site (or format) as a message names it: ``PokerStars``, ``Sökö text``."""
    extensions: tuple[str, ...]
    core: bool
    """Read by the compiled core (every format)."""
    whole: bool
    """Its text is read whole by the core's reader of the format, which cuts it into hands itself (PHH's TOML
    tables); else the splitter cuts it into pieces at hand headers."""
    anonymous: tuple[str, str] | None
    """For a site that hides its players' names: (the sites that write the format, the pattern of a seat label
    stored under its hand, which Python's ``re`` and DuckDB's ``regexp_matches`` read alike)."""
    tail: bool
    """Its hands are read from the tail of a file still being written (``soko watch``); else the file is read
    whole once quiet (an iPoker game sits inside its session; a PHH file may be one hand)."""
    ends: bool
    """A hand has an end mark of its own (a summary's blank line); else the next header ends it."""

    def parse(self, source: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
        """Every hand of a text (or of its blocks of whole lines), read or quarantined."""
        from .stars import parse, parse_whole

        if self.whole:
            return parse_whole(source, path, strict)
        return parse(source, path, self.name, strict)

    def audited(self, source: TextSource, path: str = "<text>", strict: bool = False,
                ledger: bool = False) -> Iterator[Hand | Audited | Quarantined]:
        """:meth:`parse`, each hand audited by the core in the same call as its read (an :class:`~.base.Audited`, with
        the ledger when ``ledger``): no hand the core read crosses back into it as JSON."""
        from .stars import audited, audited_whole

        if self.whole:
            return audited_whole(source, path, strict, ledger)
        return audited(source, path, self.name, strict, ledger)

    def write(self, hands: Iterable[Hand]) -> str:
        """Hands as text of this format; a FormatError for a format that is read but not written."""
        writer = WRITERS.get(self.name)
        if writer is None:
            raise FormatError(phrase("{site} text is not written: convert its hands to pokerstars or phh",
                                     site=self.site), expected=phrase("--to pokerstars or --to phh"),
                              actual=f"--to {self.name}")
        return writer(list(hands))


FORMATS: dict[str, Format] = {
    row["name"]: Format(row["name"], row["site"], tuple(row["extensions"]), row["core"], row["whole"],
                        row["anonymous"], row["tail"], row["ends"])
    for row in _core.FORMATS}
"""Format name → :class:`Format`, in the order detection tries them."""


def format_scores(head: str) -> dict[str, float]:
    """Each format's score (0 to 1) for the start of a text (its first :data:`~.source.HEAD_CHARS` characters);
    never raises."""
    return dict(zip(FORMATS, _core.format_scores(head), strict=True))


def detected(head: str) -> str | None:
    """The format of the start of a text (the first of the best scores), or None when none fits."""
    return _core.detect_format(head)


__all__ = ["FORMATS", "WRITERS", "Format", "detected", "format_scores"]
