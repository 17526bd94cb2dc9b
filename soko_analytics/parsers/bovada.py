"""Bovada, Ignition and Bodog hand histories (one site under three names): cash games and tournaments of
Hold'em, Omaha (hi/lo too) and 7 Card Stud.

Bovada's players are seat labels (``Dealer``, ``Small Blind``, ``UTG+2``; ``Seat+4`` in older logs), the log's
owner marked ``[ME]``. A label is a different player in every hand, so each is stored under its hand
(``UTG+2 #4328077653``) and never merged with another hand's; the owner is ``Hero`` in every hand. The cash
header names no stakes (they are the blinds posted); tournament seats are numbered in the order listed. The
compiled core (``core/src/read/bovada.rs``) turns each line into the PokerStars family's and reads the hand
with the family's reader, so the hand keeps Bovada's raw text and line numbers. Stud logs print no street markers
and no stakes: a street begins at the first card dealt after the betting, and the bets are two and four bring-ins.
Bovada text is not written: ``soko convert`` writes its hands
as PokerStars text or PHH.
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

NAME = "bovada"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""
HEADER = re.compile(r"^\ufeff?(?:Bovada|Ignition|Bodog)\S* Hand #[0-9]+"
                    r"(?: TBL#|  Zone Poker ID#|: [0-9A-Z]+(?: HiLo)? Tournament #)")
"""A Bovada header: no colon after a cash hand's id, an upper-case game before a tournament (a Bovada hand written
as PokerStars text has neither)."""
HAND_END = SUMMARY_ENDED
"""A hand ends at the first blank line after its summary (:data:`.stars.SUMMARY_ENDED`)."""
HERO = "Hero"
"""The name of the log's owner (``[ME]``) in every hand."""
HIDES_NAMES = "Bovada, Ignition, Bodog"
"""The site hides its players' names: the sites that write this format, as a report names their anonymous seats."""
ANONYMOUS_SEAT = r"^(?:Dealer|Small Blind|Big Blind|UTG(?:\+[0-9]+)?|Seat\+[0-9]+) #[0-9]+$"
"""A seat label stored under its hand (``UTG+2 #4328077653``): a player of one hand, no one another hand can meet
again. A regular expression that Python's ``re`` and DuckDB's ``regexp_matches`` read alike."""


def detect(head: str) -> float:
    """1.0 for a Bovada header among the first headers of a text, else 0."""
    return header_score(head, HEADER)


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a Bovada text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> NoReturn:
    not_written("Bovada", NAME)
