"""PokerStars hand histories: Hold'em (no limit, pot limit, fixed limit, capped, pot-limit preflop and no-limit
after it), 6+ Hold'em, Omaha (4, 5 and 6 cards, hi/lo), Courchevel (hi/lo), 7 Card Stud (hi/lo), Razz, 5 Card Stud,
5 Card Draw, 2-7 Single and Triple Draw and Badugi.

Cash games and tournaments, ``Game #`` and ``Hand #`` headers, Zoom and Home
Game headers, mixed-game headers (the game of each hand), and the PokerStars-format logs of clones
(PokerBros, PokerMaster, converted Full Tilt). A header of any other game is recognised and quarantined as
unsupported with the game's name. The hands are read by the compiled core (:mod:`.stars`; the header's games
are ``core/src/read/pokerstars.rs``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..model.hand import Hand
from .base import Quarantined
from .bovada import HEADER as BOVADA_HEADER
from .ggpoker import HEADER as GG_HEADER
from .split import TextSource, first_headers
from .stars import HEADER_LINE, SUMMARY_ENDED
from .stars import parse as parse_family

NAME = "pokerstars"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""
HAND_END = SUMMARY_ENDED
"""A hand ends at the first blank line after its summary (:data:`.stars.SUMMARY_ENDED`)."""


def detect(head: str) -> float:
    """1.0 for a PokerStars header among the first headers of a text (0.8 for a clone's), else 0.

    A hand whose header is followed by a ``Rules:`` line is Sökö text (:mod:`.soko_text`), not this.
    """
    for first, after in first_headers(head):
        m = HEADER_LINE.match(first)
        if m and not m.group("site").strip().startswith(("Sökö", "Soko")) and not GG_HEADER.match(first) \
                and not BOVADA_HEADER.match(first) \
                and not any(line.startswith("Rules:") for line in after[:2]):
            return 1.0 if "PokerStars" in m.group("site") else 0.8
    return 0.0


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a PokerStars-format text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> str:
    from .stars_writer import write_pokerstars

    return write_pokerstars(hands)
