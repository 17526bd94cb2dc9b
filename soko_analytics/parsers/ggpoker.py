"""GGPoker hand histories: cash games (Hold'em, Omaha with 4, 5 and 6 cards, Rush & Cash) and tournaments.

A GGPoker log is the PokerStars family's body under GGPoker's header: ``Poker Hand #RC58843003: PLO-5
($0.1/$0.25) - 2021/04/13 10:03:48``, with hand ids led by a letter code (``RC``, ``HD``, ``OM``, ``TM``),
its own game words (``PLO``, ``PLO-5``, ``Omaha (NL postflop)``), a ``Dealt to NAME`` line for every player
(cards for the owner only), ``straddle $X`` without ``posts``, ``posts missed blind $X`` (dead money, read as
an ante), a ``Cash Drop to Pot : total $X`` the house adds to the pot (kept as the summary extra ``Cash
Drop``, house money as ``STP`` is), and ``Jackpot`` and ``Bingo`` fees in the summary, which the hand's rake
includes (each stays an extra). The hands are read by the compiled core (``core/src/read/ggpoker.rs`` and
the family's body reader). GGPoker text is not written: ``soko convert`` writes its hands as PokerStars
text or PHH.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NoReturn

from ..model.hand import Hand
from .base import Quarantined
from .split import TextSource
from .stars import SUMMARY_ENDED, header_score, not_written
from .stars import parse as parse_family

NAME = "ggpoker"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""
HEADER = re.compile(r"^Poker Hand #[A-Z]{2,3}[0-9]+: ")
HAND_END = SUMMARY_ENDED
"""A hand ends at the first blank line after its summary (:data:`.stars.SUMMARY_ENDED`)."""
"""A GGPoker header: the site's name is not in it, a hand id's letter code is."""


def detect(head: str) -> float:
    """1.0 for a GGPoker header among the first headers of a text, else 0."""
    return header_score(head, HEADER)


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a GGPoker text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> NoReturn:
    not_written("GGPoker", NAME)
