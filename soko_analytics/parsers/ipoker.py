"""iPoker XML hand histories (the iPoker network's client and its skins): cash games and tournaments of Hold'em
(6+ short deck too), Omaha (5 cards too), 5 Card Stud and 7 Card Stud.

A log is a ``<session sessioncode="...">`` whose ``<general>`` header names the game and stakes (``<gametype>Holdem
NL $0.05/$0.10</gametype>``), the table, the currency, the log's owner (``<nickname>``) and a tournament's buy-in,
then one ``<game gamecode="...">`` element per hand: its players as attributes (seat, name, chips, dealer, win,
bet) and its ``<round>`` s of ``<cards>`` and numbered ``<action>`` s (``type="23"`` raises to ``sum``). The
splitter cuts one piece per game and appends the session's header to it, so that a hand's raw text reads again on
its own; the compiled core (``core/src/read/ipoker/``) turns each game into the PokerStars family's lines (the
uncalled bet, total and rake worked out from the betting; ``win`` counts the uncalled bet in, but in the logs
of clients of version 20 or later) and reads the hand with the family's reader, so the hand keeps the log's line
numbers. iPoker XML is not written: ``soko convert``
writes its hands as PokerStars text or PHH.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NoReturn

from ..model.hand import Hand
from .base import Quarantined
from .split import TextSource
from .stars import not_written
from .stars import parse as parse_family

NAME = "ipoker"
EXTENSIONS = (".xml", ".txt")
STREAMS = True
"""parse() takes the lines of a file one by one."""
SESSION = re.compile(r"<session sessioncode=\"[^\"]*\"")
GAME = re.compile(r"<game gamecode=\"[^\"]*\"")


def detect(head: str) -> float:
    """1.0 for an iPoker session with a game in the start of a text, else 0."""
    return 1.0 if SESSION.search(head) and GAME.search(head) else 0.0


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every game of an iPoker text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> NoReturn:
    not_written("iPoker", NAME)
