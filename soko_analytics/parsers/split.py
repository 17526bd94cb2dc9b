"""Splitting the text of a PokerStars-family log into hands, in one pass and bounded memory (the compiled
core's splitter and header search, ``core/src/split``).

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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .._core import Splitter


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


def split_pieces(source: TextSource) -> Iterator[Piece]:
    """Every hand (and every stretch of text that is not a hand) of a text or of its blocks, in order: the
    compiled core's splitter (``core/src/split``), fed block by block."""
    splitter = Splitter()
    for block in [source] if isinstance(source, str) else source:
        for piece in splitter.feed(block):
            yield Piece(*piece)
    for piece in splitter.finish():
        yield Piece(*piece)
