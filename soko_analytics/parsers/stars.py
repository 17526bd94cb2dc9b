"""The PokerStars family of text logs (PokerStars and Sökö text): read by the compiled core.

PokerStars hand histories and the Sökö text format (``formats/soko-text.md``)
share their body: seat lines, ``Name: action`` lines, ``*** STREET ***``
markers, ``Dealt to`` lines, collects and a summary; they differ in the header.
The core's reader (``core/src/read``) reads both, the one implementation of
their grammar: this module cuts a text into pieces (:func:`.split.split_pieces`)
and hands them to it in batches, and turns what it gives back (a hand in the
canonical form, or a quarantine record) into :class:`Hand` and
:class:`Quarantined` records.

The reader is forgiving where real logs vary (leading and trailing white
space, CRLF, a BOM, informational lines such as chat or players joining) and
strict where a hand could be misread: an unknown action, an amount that is not
a number, a card that is not a card, a player who is not seated, a hand with
no summary. Such a hand becomes a :class:`Quarantined` record naming the line;
the rest of the file is still read. A bug of ours on one hand (a panic in the
core) is that hand's ``internal`` record, raised as :class:`InternalError`
under ``strict``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import NoReturn

from .._core import read_pieces
from ..model.canonical import hand_from_dict
from ..model.hand import Hand
from .base import FormatError, IncompleteHand, InternalError, Quarantined, TooLarge, UnsupportedGame
from .split import TextSource, first_headers, split_pieces

HEADER_LINE = re.compile(r"^(?P<site>[^#:]*?)\s*(?:Hand|Game|HAND|GAME) #(?P<id>[0-9A-Za-z-]+):\s*(?P<rest>.*)$")
SUMMARY_ENDED = re.compile(r"^[ \t\ufeff]*\*\*\* SUMMARY \*\*\*[^\n]*\n(?:[^\S\n]*\S[^\n]*\n)*?[^\S\n]*\n",
                           re.MULTILINE)
"""The end of a PokerStars-family hand as the splitter cuts it (``core/src/split/scan.rs``, ``hand_end``): its
``*** SUMMARY ***`` line, the summary's lines, and the first blank line after them (each line matched one way
only: a text without the blank line yet fails in time linear in it).

Each format's module names what ends one of its hands as ``HAND_END`` (one vocabulary, as ``HEADER`` names what
starts one): a pattern whose match, searched from a hand's start, ends that hand; text written up to a match's end
holds the whole hand. None where a hand has no end mark of its own (the next header ends it)."""
ALL_IN = " and is all-in"
BATCH = 512
"""Pieces per call into the core."""
ERRORS: dict[str, type[FormatError] | type[InternalError]] = {
    "malformed": FormatError, "unsupported": UnsupportedGame, "incomplete": IncompleteHand, "too_large": TooLarge,
    "internal": InternalError}
"""The error of each kind of record the core's reader gives."""


def parse(source: TextSource, path: str, format: str, strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a text (or of its blocks) in a format of the family, read or quarantined."""
    batch: list[tuple[str, int, str, int, int]] = []
    for piece in split_pieces(source):
        batch.append((piece.text, piece.line, piece.kind, piece.size, piece.lines))
        if len(batch) == BATCH:
            yield from read_records(batch, path, format, strict)
            batch = []
    yield from read_records(batch, path, format, strict)


def header_score(head: str, header: re.Pattern[str]) -> float:
    """1.0 when one of the first hand headers of a text matches a site's ``header``, else 0 (a site's ``detect``)."""
    return 1.0 if any(header.match(first) for first, _ in first_headers(head)) else 0.0


def not_written(site: str, name: str) -> NoReturn:
    """A site the family reads but does not write: its hands are written as PokerStars text or PHH."""
    raise FormatError(f"{site} text is not written: convert its hands to pokerstars or phh",
                      expected="--to pokerstars or --to phh", actual=f"--to {name}")


def read_records(batch: list[tuple[str, int, str, int, int]], path: str, format: str,
                 strict: bool) -> Iterator[Hand | Quarantined]:
    """The hand or quarantine record of each piece ``(text, first line, kind, size, lines)``, read by the core."""
    for text in read_pieces(batch, path, format) if batch else ():
        found = json.loads(text)
        if "hand" in found:
            yield hand_from_dict(found["hand"])
            continue
        record = quarantined(found["quarantine"])
        if strict and record.kind == "internal":
            assert record.error is not None
            raise record.error
        yield record


def quarantined(q: dict) -> Quarantined:
    """The record of a quarantine the core's reader gives (its canonical JSON form)."""
    error = ERRORS[q["kind"]](q["reason"], path=q["path"], line=q["line"], hand_id=q["hand_id"],
                              expected=q["expected"], actual=q["actual"])
    return Quarantined(q["path"], q["line"], q["hand_id"], q["reason"], q["raw"], error, q["start"])


__all__ = [
    "ALL_IN", "HEADER_LINE", "SUMMARY_ENDED", "header_score", "not_written", "parse", "quarantined", "read_records"]
