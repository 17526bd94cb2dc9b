"""The core's vocabularies as Python enums, each defined once, in the core (``core/src/vocab.rs``).

Written by ``python -m soko_analytics._vocab_write`` from ``_core.VOCABULARIES``: do not edit by hand
(``tests/core/test_vocab.py`` fails when this file differs from what the core says now).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

__all__ = ["ActionKind", "Code", "HandClass", "QuarantineKind", "Severity"]


class ActionKind(StrEnum):
    """What a line of the log did."""

    ANTE = "ante"
    """``posts the ante X``."""
    SMALL_BLIND = "small_blind"
    """``posts small blind X``."""
    BIG_BLIND = "big_blind"
    """``posts big blind X``."""
    SMALL_AND_BIG_BLIND = "small_and_big_blind"
    """``posts small & big blinds X`` (a dead small blind with the big blind)."""
    STRADDLE = "straddle"
    """``posts straddle X``."""
    BRING_IN = "bring_in"
    """``brings in for X``."""
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    """``calls X``: amount is what was added."""
    BET = "bet"
    """``bets X``."""
    RAISE = "raise"
    """``raises X to Y``: amount X is the raise, ``to`` the player's total for the street."""
    COMPLETE = "complete"
    """``completes it to Y``: ``to`` is the total."""
    UNCALLED = "uncalled"
    """``Uncalled bet (X) returned to P``."""
    SHOW = "show"
    """``shows [cards] (description)``."""
    MUCK = "muck"
    """``mucks hand`` (cards, if the summary shows them)."""
    NO_SHOW = "no_show"
    """``doesn't show hand``."""
    COLLECT = "collect"
    """``collected X from pot`` / ``from main pot`` / ``from side pot-N``; ``pot`` says which."""
    CASH_OUT = "cash_out"
    """``cashed out the hand for X``; ``fee`` is the Cash Out Fee."""
    INSURANCE = "insurance"
    """GGPoker's all-in insurance, outside the pot: ``fee`` is the premium paid to the house (``pay premium of
    all-in insurance ($4)``), ``amount`` what it pays out."""
    DRAW = "draw"
    """``discards N cards [cards]`` / ``stands pat``: ``amount`` counts the cards discarded (0: stands pat), a
    number of cards, not chips; ``cards`` are the discards the log shows (all, some or none of them)."""


class Code(StrEnum):
    """Finding codes."""

    OUT_OF_TURN = "out_of_turn"
    """A player acted when it was someone else's turn."""
    ILLEGAL_ACTION = "illegal_action"
    """An action the state does not allow (a check facing a bet, a bet when a bet stands)."""
    BET_SIZE = "bet_size"
    """A bet or raise of the wrong size for the structure (fixed limit, spread, pot limit)."""
    RAISE_CAP = "raise_cap"
    """A raise after the round's cap was reached."""
    MIN_RAISE = "min_raise"
    """A no-limit or pot-limit raise smaller than the minimum, not all-in."""
    NOT_REOPENED = "not_reopened"
    """A raise by a player whom a short all-in did not reopen the betting for (or who passed, under
    raise_after_pass=false)."""
    FORCED_BET = "forced_bet"
    """An ante or blind of the wrong amount, by the wrong player, or missing."""
    BRING_IN = "bring_in"
    """The wrong player brought in, or the bring-in was the wrong amount."""
    STACK_EXCEEDED = "stack_exceeded"
    """A player put in more than he had."""
    DEAL = "deal"
    """The wrong number of cards on a street, or cards to a player who was not in."""
    DUPLICATE_CARD = "duplicate_card"
    """A card seen twice in the hand."""
    POT_TOTAL = "pot_total"
    """The log's total pot differs from what the players put in."""
    RAKE = "rake"
    """Negative rake, rake above the pot, or collected + rake different from the pot."""
    PAYOUT = "payout"
    """A player collected a different amount than the pots he won pay."""
    WINNER = "winner"
    """A pot went to a player whose hand does not win it."""
    ODD_CHIP = "odd_chip"
    """The odd chip of a split went to the wrong winner."""
    HAND_DESCRIPTION = "hand_description"
    """The log's description of a shown hand does not match its evaluation."""
    DRAW = "draw"
    """A draw against the rules: more cards discarded than the street allows, a second draw on a street, a draw
    where the game has none, or a player still in who does not draw."""
    UNVERIFIABLE = "unverifiable"
    """Something the log does not show enough to check (a pot won by a mucked hand)."""


class HandClass(IntEnum):
    """The classes of five-card hands; the numbers are identities, not order."""

    HIGH_CARD = 0
    PAIR = 1
    FOUR_STRAIGHT = 2
    FOUR_FLUSH = 3
    FOUR_STRAIGHT_FLUSH = 4
    TWO_PAIR = 5
    THREE_OF_A_KIND = 6
    STRAIGHT = 7
    FLUSH = 8
    FULL_HOUSE = 9
    FOUR_OF_A_KIND = 10
    STRAIGHT_FLUSH = 11
    LOW = 12
    """No pair, under a low ranking: described by its five ranks (``8,7,4,3,A``)."""
    BADUGI = 13
    """Four cards of four ranks and four suits (``Badugi: 9,6,5,A``)."""
    THREE_CARD = 14
    """Badugi: the best three cards of different ranks and suits (``3-card: 9,2,A``)."""
    TWO_CARD = 15
    ONE_CARD = 16


class QuarantineKind(StrEnum):
    """Why a hand or a file was not stored (``quarantine.kind``)."""

    UNSUPPORTED = "unsupported"
    """A game we do not replay."""
    INCOMPLETE = "incomplete"
    """A hand the log does not finish."""
    MALFORMED = "malformed"
    """Text that breaks its format (or text that is not a hand)."""
    CONFLICT = "conflict"
    """A hand whose id is stored with different content."""
    UNREADABLE = "unreadable"
    """A file that cannot be read."""
    TOO_LARGE = "too_large"
    """A hand or a compressed member over its size limit."""
    INTERNAL = "internal"
    """A bug of ours met on this hand."""
    DAMAGED = "damaged"
    """A stored hand whose rows were in a damaged Parquet part and whose text no longer reads (``soko repair``)."""


class Severity(StrEnum):
    """How serious a finding is."""

    ERROR = "error"
    """The log breaks a rule or its own arithmetic."""
    WARNING = "warning"
    """Unusual but possibly legal (a site convention we cannot confirm)."""
    INFO = "info"
    """Worth knowing: what could not be checked, which convention the hand followed."""
