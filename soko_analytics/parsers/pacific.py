"""888poker hand histories (the Cassava software's logs, also 888.ro and 888poker.ca-on; formerly Pacific Poker):
cash games and tournaments of Hold'em (no limit, pot limit, fixed limit) and Omaha (hi/lo too).

A hand starts ``#Game No : 361198949`` and ``***** Cassava Hand History for Game 361198949 *****``, then the game
and stakes (``$1/$2 Blinds No Limit Holdem - *** 17 02 2011 15:29:25``, day before month) and the table or
tournament. Amounts are bracketed and written many ways (``$ 10``, ``0,02$``, ``$ 3.243``, ``552,72``), Dutch logs
name cards ``H``, ``V``, ``B``, and no line gives the uncalled bet, total pot or rake: the compiled core
(``core/src/read/pacific/``) works them out from the betting while it turns each line into the PokerStars family's
and reads the hand with the family's reader, so the hand keeps 888's raw text and line numbers. 888 text is not
written: ``soko convert`` writes its hands as PokerStars text or PHH.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NoReturn

from ..model.hand import Hand
from .base import Quarantined
from .split import TextSource, first_headers
from .stars import not_written
from .stars import parse as parse_family

NAME = "888poker"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""
HEADER = re.compile(r"^\ufeff?#Game No : [0-9]+$")
HAND_END = re.compile(r"^[ \t\ufeff]*\*\* Summary \*\*[^\n]*\n(?:[^\S\n]*\S[^\n]*\n)*?[^\S\n]*\n", re.MULTILINE)
"""A hand ends at the first blank line after its ``** Summary **`` line."""
SOFTWARE = re.compile(r"^\*{4,5} (?:Cassava|888\S*) (?:Snap Poker |BLAST )?Hand History for Game [0-9]+ \*{4,5}$")
"""The line after an 888 header names its software (a partypoker log's names none): ``Cassava``, ``888poker``,
``888.ro``, ``888poker.ca-on``; the kind of game may come before ``Hand History`` (``888poker BLAST Hand History``,
a BLAST tournament's; ``Snap Poker``, the fast-fold tables')."""


def detect(head: str) -> float:
    """1.0 for an 888poker header among the first headers of a text (its software line the next line that is not
    blank; or the software line alone), else 0."""
    for first, after in first_headers(head):
        following = next((line.strip() for line in after if line.strip()), "")
        if HEADER.match(first) and SOFTWARE.match(following) or SOFTWARE.match(first.strip()):
            return 1.0  # the software line alone opens the hands of logs without '#Game No : N'
    return 0.0


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of an 888poker text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> NoReturn:
    not_written("888poker", NAME)
