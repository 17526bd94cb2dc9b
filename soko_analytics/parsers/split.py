"""Splitting the text of a PokerStars-family log into hands, in one pass and bounded memory.

A hand starts at every hand header (``... Hand #123: ...``) wherever it
starts: at the start of a line, or glued to the end of a cut-off line
(``Player25: PokerStars Hand #86568688159: ...``), to the previous hand's last
summary line, or after ``Note: ``. The site name of a glued header is a known
site name just before ``Hand #`` (never the garbage in front of it).

A hand ends at its summary: the first blank line after ``*** SUMMARY ***`` (the
logs separate hands by blank lines). Text after that which is not a hand, and
text before the first header, come out as :class:`Piece` s of kind ``text``,
so that they are quarantined rather than dropped or glued to a hand. A piece
longer than :data:`~.base.MAX_HAND_CHARS` comes out truncated to
:data:`~.base.KEPT_CHARS` with its full size, whatever its length: memory
follows the hand, and time is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .base import KEPT_CHARS, MAX_HAND_CHARS

HEADER_MARK = re.compile(r"(?:Hand|Game|HAND|GAME) #[0-9A-Za-z-]+:")
"""Where a header's ``Hand #123:`` stands."""
KNOWN_SITES = ("PokerStars", "Full Tilt", "Run It Once Poker", "PokerMaster", "PokerBros", "Sökö", "Soko",
               "Everest Poker", "Cake Poker")
"""Site names that start a header glued to other text."""
SITE_TEXT = re.compile(r"[\w .'&!-]{0,40}")
"""What a site name standing alone at the start of its line may look like."""
SUMMARY = re.compile(r"(?m)^[ \t\ufeff]*\*\*\* SUMMARY \*\*\*")
BLANK_LINE = re.compile(r"\n[ \t\r]*(?=\n|\Z)")
CONTENT = re.compile(r"[^\s\ufeff]")
BLANK = " \t\r\ufeff"
SEPARATOR = "*********** #"
"""Zoom archive separators between hands: ``*********** # 1 **************``."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One hand's text (kind ``hand``), or text that is not a hand (kind ``text``)."""

    line: int
    """The line its first character is on (1-based)."""
    text: str
    """The text; its first :data:`KEPT_CHARS` characters when it is too large."""
    kind: str
    size: int
    """Its full length in characters."""
    lines: int
    """How many lines it spans."""

    @property
    def too_large(self) -> bool:
        return self.size > len(self.text)


TextSource = str | Iterable[str]
"""A whole text, or its blocks of whole lines in order (see :class:`~.source.TextStream`)."""


def header_starts(text: str) -> list[int]:
    """Offsets where the hand headers of a text start."""
    starts = []
    for m in HEADER_MARK.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        starts.append(line_start + _site_offset(text[line_start : m.start()]))
    return starts


def first_headers(head: str, count: int = 3) -> list[tuple[str, list[str]]]:
    """(header line from its start, the next lines) of the first few hand headers of a text, wherever they
    start: what format detection looks at."""
    found = []
    for start in header_starts(head)[:count]:
        lines = head[start : start + 2000].split("\n")
        found.append((lines[0].strip(), [line.strip() for line in lines[1:4]]))
    return found


def _site_offset(prefix: str) -> int:
    """Where the header starts in the text before its ``Hand #`` on its line."""
    known = max(prefix.rfind(site) for site in KNOWN_SITES)
    if known >= 0:
        return 0 if not prefix[:known].strip(BLANK) else known
    if SITE_TEXT.fullmatch(prefix.lstrip("\ufeff")):
        return 0
    return len(prefix)


class _Splitter:
    """The state of one pass: the piece being gathered, and the line the text has reached."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.kept = 0
        """Characters in ``parts`` (at most MAX_HAND_CHARS + a block, then KEPT_CHARS once too large)."""
        self.size = 0
        self.start = 1
        self.line = 1
        self.kind = "text"
        self.content = False
        """Whether a ``text`` piece that is too large had something other than white space."""
        self.overflow = False

    def add(self, text: str) -> Iterator[Piece]:
        """Gather text into the current piece; a piece that grows too large is emitted or cut."""
        if not text:
            return
        self.size += len(text)
        self.line += text.count("\n")
        if self.overflow:
            if self.kept < KEPT_CHARS:
                self.parts.append(text[: KEPT_CHARS - self.kept])
                self.kept += len(self.parts[-1])
            self.content = self.content or CONTENT.search(text) is not None
            return
        self.parts.append(text)
        self.kept += len(text)
        if self.kept > MAX_HAND_CHARS:
            yield from self._overflow()

    def _overflow(self) -> Iterator[Piece]:
        """The piece is too large: emit a complete hand at its head, and keep only the start of the rest."""
        text = "".join(self.parts)
        cut = _hand_end(text) if self.kind == "hand" else None
        if cut is not None and cut <= MAX_HAND_CHARS:
            yield self._piece(text[:cut], "hand", self.start)
            self.start += text.count("\n", 0, cut)
            self.kind, text = "text", text[cut:]
            self.size = len(text)
        self.overflow = True
        self.content = CONTENT.search(text) is not None
        self.parts, self.kept = [text[:KEPT_CHARS]], min(len(text), KEPT_CHARS)

    def close(self) -> Iterator[Piece]:
        """Emit the current piece (a hand, and the text after its summary; or text that is not a hand)."""
        text = "".join(self.parts)
        if self.overflow:
            if self.kind == "hand" or self.content:
                yield Piece(self.start, text, self.kind, self.size, self.line - self.start + 1)
        elif self.kind == "hand":
            cut = _hand_end(text)
            if cut is None:
                yield self._piece(text, "hand", self.start)
            else:
                yield self._piece(text[:cut], "hand", self.start)
                if _content(text[cut:]):
                    yield self._piece(text[cut:], "text", self.start + text.count("\n", 0, cut))
        elif _content(text):
            yield self._piece(text, "text", self.start)
        self.parts, self.kept, self.size, self.overflow, self.content = [], 0, 0, False, False

    @staticmethod
    def _piece(text: str, kind: str, line: int) -> Piece:
        return Piece(line, text, kind, len(text), text.count("\n") + 1)

    def begin_hand(self) -> None:
        self.start, self.kind = self.line, "hand"


def split_pieces(source: TextSource) -> Iterator[Piece]:
    """Every hand (and every stretch of text that is not a hand) of a text or of its blocks, in order."""
    splitter = _Splitter()
    for block in [source] if isinstance(source, str) else source:
        at = 0
        for start in header_starts(block):
            yield from splitter.add(block[at:start])
            yield from splitter.close()
            splitter.begin_hand()
            at = start
        yield from splitter.add(block[at:])
    yield from splitter.close()


def _hand_end(text: str) -> int | None:
    """Where the text after a hand's summary starts: its first blank line after ``*** SUMMARY ***``."""
    summary = SUMMARY.search(text)
    if summary is None:
        return None
    blank = BLANK_LINE.search(text, summary.end())
    return None if blank is None else blank.start() + 1


def _content(text: str) -> bool:
    """Whether text has something other than blank lines and Zoom separators."""
    if CONTENT.search(text) is None:
        return False
    return any(line.strip(BLANK) and not line.strip(BLANK).startswith(SEPARATOR) for line in text.split("\n"))


def split_hands(source: TextSource) -> Iterator[tuple[int, str]]:
    """(first line, text) of each piece; kept for callers that want the texts only."""
    for piece in split_pieces(source):
        yield piece.line, piece.text
