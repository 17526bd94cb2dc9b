"""partypoker hand histories (PartyGaming's logs, its Mac client's, the club and WPT skins', and logs other trackers
converted to partypoker's text): cash games and tournaments of Hold'em and Omaha (no limit, pot limit, fixed limit;
hi/lo too) and 7 Card Stud (hi/lo).

partypoker writes two kinds of log. The bracket logs (2005-2016) open a hand with ``Game #12085686644 starts.``,
``#Game No : 12085686644`` and ``***** Hand History for Game 12085686644 *****`` (any of them first), give the game
and stakes (``$0.10/$0.25 USD NL Texas Hold'em - Saturday, September 21, 16:06:03 EDT 2013``; a cash game may give
its buy-in only, a tournament its level's ``Blinds(20/40)``), print what each call, bet and raise adds (``raises
[$0.08 USD]``), often no blind posts in tournaments, and no total pot or rake; ``wins`` counts the uncalled bet. The
summary logs (``***** Hand History For Game 1784559729098bywbird3xlj *****``) give the stakes first, ``raises 0.85
to 0.85`` and a ``** Summary **`` of what each player collected and showed. The compiled core
(``core/src/read/party/``) turns each line into the PokerStars family's, working out the blinds a tournament log does
not post, the uncalled bet, the total pot and the rake, and reads the hand with the family's reader, so the hand
keeps partypoker's raw text and line numbers. partypoker text is not written: ``soko convert`` writes its hands as
PokerStars text or PHH.
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

NAME = "partypoker"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""
HEADER = re.compile(r"^\x00*\ufeff?\x00*(?:Game #[0-9]+ starts\.|\*{5} Hand History [Ff]or Game [0-9A-Za-z-]+ \*{5})")
HAND_END = None
"""A hand has no end mark of its own (its last line is a result's): the next header ends it."""
GAME_NO = re.compile(r"^\x00*\ufeff?\x00*#Game No : [0-9]+$")
HAND_OPENING = GAME_NO
"""A line of a hand's opening between its header lines (``Game #N starts.``, a blank line, ``#Game No : N``,
``***** Hand History for Game N *****``): a hand starts at the first of them, not at the last."""
HISTORY = re.compile(r"^\x00*\*{5} Hand History [Ff]or Game [0-9A-Za-z-]+ \*{5}(?: \([A-Za-z ]+\))?$")
"""The line after partypoker's ``#Game No`` names no software (888's names Cassava or 888poker); a log converted to
partypoker's text by another tracker may name the site it came from after it (``***** ... ***** (Party)``)."""


def detect(head: str) -> float:
    """1.0 for a partypoker header among the first headers of a text, else 0."""
    for first, after in first_headers(head):
        if HEADER.match(first):
            return 1.0
        following = next((line.strip("\x00 ") for line in after if line.strip("\x00 ")), "")
        if GAME_NO.match(first) and HISTORY.match(following):
            return 1.0
    return 0.0


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a partypoker text (or of its blocks), read or quarantined."""
    return parse_family(text, path, NAME, strict)


def write(hands: Iterable[Hand]) -> NoReturn:
    not_written("partypoker", NAME)
