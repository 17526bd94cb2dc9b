"""Text read by the compiled core (every format of :data:`~.formats.FORMATS`).

The core's readers (``core/src/read``: the PokerStars family's body, which
PokerStars, GGPoker and Sökö text share, and each other site's own) are the one
implementation of every format's grammar: this module cuts a text into pieces (:func:`.split.split_pieces`)
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

A format its own reader cuts (PHH: TOML tables, one hand each) is not cut by the splitter:
its blocks go to the core's PHH stream (:func:`parse_whole`), whose cutter cuts them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TypeAlias

from .._core import PhhStream, read_audited, read_pieces
from ..errors import core_phrase
from ..model.canonical import hand_from_dict
from ..model.hand import Hand
from .base import Audited, FormatError, IncompleteHand, InternalError, Quarantined, TooLarge, UnsupportedGame
from .split import TextSource, split_pieces

ALL_IN = " and is all-in"
BATCH = 512
"""Pieces per call into the core."""
ERRORS: dict[str, type[FormatError] | type[InternalError]] = {
    "malformed": FormatError, "unsupported": UnsupportedGame, "incomplete": IncompleteHand, "too_large": TooLarge,
    "internal": InternalError}
"""The error of each kind of record the core's reader gives."""


Pieces: TypeAlias = list[tuple[str, int, str, int, int]]
"""Pieces as the core's readers take them: ``(text, first line, kind, size, lines)``."""


def parse(source: TextSource, path: str, format: str, strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a text (or of its blocks) in a format of the family, read or quarantined."""
    for batch in _batches(source):
        yield from read_records(batch, path, format, strict)


def audited(source: TextSource, path: str, format: str, strict: bool = False,
            ledger: bool = False) -> Iterator[Audited | Quarantined]:
    """:func:`parse`, each hand audited by the core in the same call as its read (``_core.read_audited``, with the
    ledger when ``ledger``): the hand with the core's verdict on it, which no hand crosses back into the core for."""
    for batch in _batches(source):
        yield from _audited(read_audited(batch, path, format, ledger), strict)


def _audited(read: Iterable[tuple[str, str | None]], strict: bool) -> Iterator[Audited | Quarantined]:
    """The core's audited reads as records: each hand with its verdict, or its quarantine record."""
    for text, verdict in read:
        item = _record(text, strict)
        if isinstance(item, Quarantined):
            yield item
        else:
            assert verdict is not None, "the core audits every hand it reads"
            yield Audited(item, verdict)


def parse_whole(source: TextSource, path: str, strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a PHH text (a ``.phh`` hand or a ``.phhs`` collection), read by the core as its blocks come
    (``_core.PhhStream``): each hand as soon as the block that ends it, in bounded memory."""
    for text, _ in _phh_stream(source, PhhStream(path)):
        yield _record(text, strict)


def audited_whole(source: TextSource, path: str, strict: bool = False,
                  ledger: bool = False) -> Iterator[Audited | Quarantined]:
    """:func:`parse_whole`, each hand audited by the core as it is read (``PhhStream(path, audit=True)``)."""
    yield from _audited(_phh_stream(source, PhhStream(path, audit=True, ledger=ledger)), strict)


def _phh_stream(source: TextSource, stream: PhhStream) -> Iterator[tuple[str, str | None]]:
    """What ``stream`` gives for each block of ``source`` and at its end."""
    for block in (source,) if isinstance(source, str) else source:
        yield from stream.feed(block)
    yield from stream.finish()


def _batches(source: TextSource) -> Iterator[Pieces]:
    """The pieces of a text cut by the splitter, :data:`BATCH` at a time (one call into the core each)."""
    batch: Pieces = []
    for piece in split_pieces(source):
        batch.append((piece.text, piece.line, piece.kind, piece.size, piece.lines))
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def read_records(batch: Pieces, path: str, format: str, strict: bool) -> Iterator[Hand | Quarantined]:
    """The hand or quarantine record of each piece ``(text, first line, kind, size, lines)``, read by the core."""
    for text in read_pieces(batch, path, format) if batch else ():
        yield _record(text, strict)


def _record(text: str, strict: bool) -> Hand | Quarantined:
    """The hand or quarantine record of the core reader's JSON text; ``strict`` raises a bug of ours."""
    found = json.loads(text)
    if "hand" in found:
        return hand_from_dict(found["hand"])
    record = quarantined(found["quarantine"])
    if strict and record.kind == "internal":
        assert record.error is not None
        raise record.error
    return record


def quarantined(q: dict) -> Quarantined:
    """The record of a quarantine the core's reader gives (its canonical JSON form): its reason the English text,
    said in the language spoken from its template and arguments where the core gives them (``said``)."""
    reason = q["reason"]
    if "said" in q:
        template, args = q["said"]
        reason = core_phrase(reason, template, json.dumps(args), "read")
    error = ERRORS[q["kind"]](reason, path=q["path"], line=q["line"], hand_id=q["hand_id"],
                              expected=q["expected"], actual=q["actual"])
    return Quarantined(q["path"], q["line"], q["hand_id"], reason, q["raw"], error, q["start"])


__all__ = ["ALL_IN", "audited", "audited_whole", "parse", "parse_whole", "quarantined", "read_records"]
