"""The hand model: immutable records of one hand as a log tells it.

Every format parses into :class:`Hand` and every writer starts from it. A hand
keeps what the log *claims* (amounts exactly as written, in integer minor units
of the hand's :class:`Stakes`); the replayer checks the claims against the
rules. Records compare by content: where a hand came from (file, lines, raw
text) is kept beside it and ignored by ``==``, so ``parse(write(h)) == h``.

Streets are numbered per game from 0, in the order of the game's streets
(hold'em: 0 preflop, 1 flop, 2 turn, 3 river; stud: 0 is the first betting
round). Forced bets belong to street 0. Showdown records (shows, mucks,
collects) carry the street number after the last betting round.

:class:`ActionKind` and the sets of its kinds are the core's (``core/src/model.rs``),
defined there once.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from .. import _core
from .._vocab import ActionKind as ActionKind  # the core's, re-exported
from .cards import Card

FORCED: frozenset[ActionKind] = frozenset(ActionKind(kind) for kind in _core.FORCED_KINDS)
"""Forced bets: antes, blinds, straddles and the bring-in (the core's ``ActionKind::forced``)."""
BETTING: frozenset[ActionKind] = frozenset(ActionKind(kind) for kind in _core.BETTING_KINDS)
"""Betting decisions: fold, check, call, bet, raise, complete (the core's ``ActionKind::betting``)."""


class Action(NamedTuple):
    """One action line. Amounts are as the log states them, in minor units."""

    street: int
    player: str
    kind: ActionKind
    amount: int = 0
    """Chips the line names: posted, called, bet, raised by, returned, collected (DRAW: cards discarded)."""
    to: int | None = None
    """``raises X to Y`` and ``completes it to Y``: Y."""
    all_in: bool = False
    cards: tuple[Card, ...] = ()
    """SHOW and MUCK: the cards shown; DRAW: the discards the log shows."""
    text: str | None = None
    """SHOW: the log's description; COLLECT: which pot (``pot``, ``main pot``, ``side pot-1``)."""
    fee: int = 0
    """CASH_OUT: the fee; INSURANCE: the premium."""
    run: int = 0
    """Run it twice: 1 or 2 for records of one run; 0 otherwise."""


class Deal(NamedTuple):
    """Cards dealt on a street to one player (or to the board when ``player`` is None)."""

    street: int
    player: str | None
    cards: tuple[Card | None, ...]
    """None for a card dealt face down that the log does not show."""
    up: tuple[bool, ...]
    """Face up (True) or down, one per card."""
    run: int = 0

    def text(self) -> str:
        return " ".join("??" if c is None else str(c) for c in self.cards)


class Seat(NamedTuple):
    seat: int
    name: str
    stack: int
    """Starting stack, minor units."""
    sitting_out: bool = False
    bounty: str | None = None
    """Tournament bounty text as the log prints it (``$2 bounty``)."""


class Stakes(NamedTuple):
    """The limits of the hand, in minor units of ``decimals`` digits."""

    decimals: int = 0
    """2 for money (cents), 0 for chips."""
    currency: str | None = None
    """ISO code (``USD``, ``EUR``) or None for chips."""
    symbol: str = ""
    """How amounts are printed (``$``, ``€``, or nothing)."""
    small_blind: int | None = None
    big_blind: int | None = None
    ante: int | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    """Fixed limit: the small bet (hold'em: the big blind)."""
    big_bet: int | None = None
    cap: int | None = None
    """A capped no-limit game's cap per player (PokerStars ``$10 Cap``)."""
    min_bet: int | None = None
    """Spread limit: the smallest bet or raise."""
    max_bet: int | None = None
    """Spread limit: the largest bet or raise."""


class Tournament(NamedTuple):
    tournament_id: str
    buy_in: str | None = None
    """As printed: ``$3.00+$0.30 USD``, ``50FPP``, ``250 SC``."""
    level: str | None = None
    """As printed: ``X``, ``I``."""


class Finish(NamedTuple):
    """A tournament line of a hand (the PokerStars family's wording; ``core/src/read/tourney.rs``): a player's
    finish, ``X finished the tournament in 3rd place and received $12.34.``, or a bounty won, ``X wins the $5
    bounty for eliminating Y``."""

    player: str
    place: int | None = None
    """The place finished in; None for a bounty's line."""
    prize: str | None = None
    """The prize as printed (``$12.34``); None where the line names none."""
    bounty: str | None = None
    """A bounty won, as printed (``$5``)."""


def composed(text: str) -> str:
    """``text`` in Unicode's composed normal form (NFC): the one form player names are read, stored and compared in,
    so that ``Sökö`` written composed (``ö`` as U+00F6) and decomposed (``o`` then U+0308) is one player. The readers
    read a hand's text in it (the core's ``read::composed``) and keep the raw text as the log wrote it; a name asked
    for (``--player``, ``--hero``) is compared in it."""
    return text if text.isascii() or unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


class Source(NamedTuple):
    """Where a hand came from: the file, the line its header is on (1-based), the format it was read as."""

    path: str
    line: int
    format: str | None = None
    """``pokerstars``, ``soko`` or ``phh``: the reader's name (None for a hand made in memory)."""


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand: who sat where, what was dealt, what everyone did, what the log claims was paid."""

    site: str
    """``PokerStars``, ``Sökö`` or a club name, ``PHH``."""
    hand_id: str
    rules: str
    """The profile with its overrides, as in a Sökö ``Rules:`` line: ``soko-casino``,
    ``holdem; structure=fixed_limit``, ``stud7``."""
    stakes: Stakes
    table: str | None = None
    max_seats: int | None = None
    button: int | None = None
    """Button seat number, or None where the log names none (stud)."""
    start: datetime | None = None
    """Start time as the log prints it, local to ``time_zone``."""
    time_zone: str | None = None
    start_utc: datetime | None = None
    tournament: Tournament | None = None
    seats: tuple[Seat, ...] = ()
    deals: tuple[Deal, ...] = ()
    actions: tuple[Action, ...] = ()
    total_pot: int | None = None
    """``Total pot`` of the summary."""
    rake: int | None = None
    pots: tuple[int, ...] = ()
    """``Main pot X. Side pot-1 Y.`` of the summary, in order (empty when the log lists none)."""
    extras: tuple[tuple[str, int], ...] = ()
    """Other summary amounts, as (label, amount): ``STP`` (splash the pot), ``Jackpot``..."""
    finishing_stacks: tuple[int, ...] = ()
    """Stacks after the hand as the log claims them, by seat order (PHH ``finishing_stacks``)."""
    source: Source | None = field(default=None, compare=False)
    deal_lines: tuple[int, ...] = field(default=(), compare=False)
    """Line of each deal, parallel to ``deals`` (0 where unknown)."""
    action_lines: tuple[int, ...] = field(default=(), compare=False)
    """Line of each action, parallel to ``actions``."""
    raw: str = field(default="", compare=False)
    """The hand's text as read."""
    finishes: tuple[Finish, ...] = field(default=(), compare=False)
    """A tournament's finish and bounty lines (the rows of ``tournament_finishes``)."""

    @property
    def profile(self) -> str:
        """The profile name of ``rules`` (before any override)."""
        return self.rules.split(";", 1)[0].strip()

    def seat_of(self, name: str) -> Seat | None:
        return next((s for s in self.seats if s.name == name), None)

    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def line_of(self, action_index: int) -> int | None:
        """The source line of an action, where known."""
        if 0 <= action_index < len(self.action_lines):
            return self.action_lines[action_index] or None
        return None

    def board(self, run: int = 0) -> tuple[Card, ...]:
        """The community cards (of one run, for run it twice) in the order dealt."""
        cards: list[Card] = []
        for deal in self.deals:
            if deal.player is None and deal.run in (0, run):
                cards.extend(c for c in deal.cards if c is not None)
        return tuple(cards)

    def summary(self) -> str:
        """One line: ``PokerStars 123: holdem, 6 seats, pot $1.25``."""
        pot = "?" if self.total_pot is None else str(self.total_pot)
        return f"{self.site} {self.hand_id}: {self.rules}, {len(self.seats)} seats, pot {pot}"
