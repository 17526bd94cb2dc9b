"""Winning Poker Network hand histories (Winning Poker, America's Cardroom, Black Chip, True Poker, Yachting Poker):
cash games and tournaments of Hold'em (6+ too), Omaha (hi/lo too) and 7 Card Stud, in both of the client's formats.

Before 2019 a hand starts ``Game started at: 2016/8/8 16:26:41`` and ``Game ID: 698338917 0.01/0.02 (PRR) Bahamut
(Cap) - 5 (Hold'em)`` (files often UTF-16, a blank line between lines), actions are ``Player NAME calls (0.02)``,
cards are dealt one line each and the summary says who showed, bet and collected what. The header names no betting
structure (a fixed-limit table names its bets, ``2/4`` over a big blind of 2; other hold'em is no limit, Omaha pot
limit) and no tournament (the client's file name does: ``HH20160828 T5795043-G33949698``). Since 2019 a hand starts
``Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC`` and the body is nearly PokerStars'.
The compiled core (``core/src/read/winning/``) turns each line into the PokerStars family's and reads the hand with
the family's reader, so the hand keeps the log's raw text and line numbers. Winning text is not written: ``soko
convert`` writes its hands as PokerStars text or PHH.
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

NAME = "winning"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""
HEADER = re.compile(r"^\ufeff?(?:Game started at: \d{4}/\d{1,2}/\d{1,2} |(?:Game )?Hand #\d+ - )")
HAND_END = re.compile(SUMMARY_ENDED.pattern + r"|^\ufeff?Game ended at: [^\n]*\n", re.MULTILINE)
"""A hand ends at the first blank line after its summary (the format of ``Hand #N - ``,
:data:`.stars.SUMMARY_ENDED`) or at its ``Game ended at: ...`` line (the format of ``Game started at: ``)."""


def detect(head: str) -> float:
    """1.0 for a Winning header among the first headers of a text, else 0."""
    return header_score(head, HEADER)


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a Winning text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> NoReturn:
    not_written("Winning", NAME)
