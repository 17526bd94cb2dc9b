"""Winamax hand histories: cash games and tournaments of Hold'em, Omaha (5 cards and hi/lo too), 7 Card Stud (hi/lo),
Razz and 2-7 Triple Draw.

A hand starts ``Winamax Poker - CashGame - HandId: #9260931-103-1479198677 - Omaha pot limit (1€/2€) - 2016/11/15
08:31:17 UTC`` (a tournament's header gives its name, buy-in and level; its id is in the table's name). The body is
nearly PokerStars', but action lines have no colon after the name, amounts carry the euro sign, a total may be in
thousands (``2k``), a player coming in posts ``small blind 3€ out of position``, stud and draw streets have names of
their own (``*** THIRD ***``, ``*** FIRST-DRAW ***``) and others' hidden cards are ``X``. The compiled core
(``core/src/read/winamax/``) turns each line into the PokerStars family's and reads the hand with the family's
reader, so the hand keeps Winamax's raw text and line numbers. Winamax text is not written: ``soko convert``
writes its hands as PokerStars text or PHH.
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

NAME = "winamax"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""
HEADER = re.compile(r"^\ufeff?Winamax Poker - .*HandId: #[0-9A-Za-z-]+ - ")
HAND_END = SUMMARY_ENDED
"""A hand ends at the first blank line after its summary (:data:`.stars.SUMMARY_ENDED`)."""


def detect(head: str) -> float:
    """1.0 for a Winamax header among the first headers of a text, else 0."""
    return header_score(head, HEADER)


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a Winamax text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> NoReturn:
    not_written("Winamax", NAME)
