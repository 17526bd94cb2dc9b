"""What the replayer finds: a code, a severity, where, what the rules expected and what the log did.

The codes are a contract with other tools (RULES.md §5 and the replayer issue);
keep them exactly, add new ones freely.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum


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


class Severity(StrEnum):
    ERROR = "error"
    """The log breaks a rule or its own arithmetic."""
    WARNING = "warning"
    """Unusual but possibly legal (a site convention we cannot confirm)."""
    INFO = "info"
    """Worth knowing: what could not be checked, which convention the hand followed."""


STREET_SHOWDOWN = "showdown"


@dataclass(frozen=True)
class Finding:
    """One finding of an audit."""

    code: Code
    severity: Severity
    message: str
    street: str | None = None
    """The street's name (``FLOP``, ``3rd STREET``, ``showdown``), or None for the whole hand."""
    action_index: int | None = None
    """Index into ``Hand.actions`` of the action concerned."""
    player: str | None = None
    expected: str | None = None
    actual: str | None = None
    line: int | None = None
    """Source line of the action, where known."""

    def to_dict(self) -> dict:
        data = asdict(self)
        data["code"], data["severity"] = str(self.code), str(self.severity)
        return data
