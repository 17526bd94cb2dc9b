"""Which hand ranking a game uses: the rule vocabulary the evaluator reads.

A :class:`Ranking` names the ranking (``high`` for standard poker, ``soko`` for
RULES.md §2 items 11–17) and the options that change it. It is hashable, so
evaluation tables are built once per distinct ranking and shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import RulesError


class HandRanking(StrEnum):
    """The order of hand classes."""

    HIGH = "high"
    """Standard poker: straight flush down to high card (RULES.md §3 item 5)."""
    SOKO = "soko"
    """Sökö: standard classes plus four-flush and four-straight between two pair and one pair
    (RULES.md §2 items 11–17)."""
    ACE_TO_FIVE_LOW = "ace_to_five_low"
    """The lowest hand wins: aces low, straights and flushes do not count, a pair is worse than no pair
    (Razz, the low half of hi/lo games; docs/rules.md, "More games")."""
    DEUCE_TO_SEVEN_LOW = "deuce_to_seven_low"
    """The lowest hand wins: the standard ranking upside down, aces high only (A-2-3-4-5 is no straight), so
    straights and flushes count against a hand; 7-5-4-3-2 is the best hand (2-7 Single and Triple Draw)."""
    BADUGI = "badugi"
    """Four cards: the most cards of different ranks and different suits win, then the lowest of them compared
    from the top, aces low (Badugi)."""
    SHORT_DECK = "short_deck"
    """The standard classes for a 36-card deck (sixes to aces): a flush beats a full house, three of a kind beats a
    straight, and the ace plays low in A-6-7-8-9, the lowest straight (PokerStars 6+ Hold'em)."""
    SHORT_DECK_STRAIGHT_OVER_TRIPS = "short_deck_straight_over_trips"
    """:attr:`SHORT_DECK` with a straight above three of a kind, as five-card odds order them (pokerkit's
    short-deck hold'em, the first Short Deck rules)."""


LOWS = frozenset({HandRanking.ACE_TO_FIVE_LOW, HandRanking.DEUCE_TO_SEVEN_LOW, HandRanking.BADUGI})
"""Rankings that compare every card of a hand (no top-card rule)."""

SHORT_DECKS = frozenset({HandRanking.SHORT_DECK, HandRanking.SHORT_DECK_STRAIGHT_OVER_TRIPS})
"""Rankings of the 36-card deck: A-6-7-8-9 is their lowest straight."""

HAND_SIZE = {HandRanking.BADUGI: 4}
"""Cards in a hand of a ranking other than five."""


class HighCardRule(StrEnum):
    """How two high-card hands compare (RULES.md §2 item 16)."""

    KICKERS = "kickers"
    """All five cards high to low; equal hands split."""
    TOP_CARD_THEN_SUIT = "top_card_then_suit"
    """Seed 000: the highest card alone, ties broken by its suit ♠ > ♥ > ♦ > ♣."""


@dataclass(frozen=True)
class Ranking:
    """A hand ranking with its options; the key of the evaluation tables."""

    kind: HandRanking = HandRanking.HIGH
    high_card_rule: HighCardRule = HighCardRule.KICKERS
    four_straight_ace_low: bool = True
    """Sökö: A-2-3-4 is a four-straight (the lowest one)."""
    four_card_straight_flush_class: bool = False
    """Sökö: a four-card straight flush ranks above four-flush, below two pair."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _enum(HandRanking, self.kind, "hand_ranking"))
        object.__setattr__(
            self, "high_card_rule", _enum(HighCardRule, self.high_card_rule, "high_card_rule")
        )
        if self.kind is not HandRanking.SOKO and not self.four_straight_ace_low:
            raise RulesError(
                f"four_straight_ace_low=false needs hand_ranking=soko: {self.kind} has no four-straight",
                expected="hand_ranking=soko",
                actual=f"hand_ranking={self.kind}",
            )
        if self.kind in LOWS and self.high_card_rule is not HighCardRule.KICKERS:
            raise RulesError(
                f"high_card_rule={self.high_card_rule} needs a high ranking: a low hand compares all its cards",
                expected="high_card_rule=kickers",
                actual=f"high_card_rule={self.high_card_rule}",
            )
        if self.kind is not HandRanking.SOKO and self.four_card_straight_flush_class:
            raise RulesError(
                f"four_card_straight_flush_class=true needs hand_ranking=soko: {self.kind} has no four-card hands",
                expected="hand_ranking=soko",
                actual=f"hand_ranking={self.kind}",
            )

    @property
    def hand_size(self) -> int:
        """Cards in a hand: 5, Badugi's 4."""
        return HAND_SIZE.get(self.kind, 5)

    @property
    def name(self) -> str:
        """A short stable name: how the compiled core knows the ranking (``core/src/eval/rankings.rs`` reads it)
        and how messages name it."""
        parts = [str(self.kind), str(self.high_card_rule)]
        if self.kind is HandRanking.SOKO:
            parts.append("acelow" if self.four_straight_ace_low else "acehigh")
            parts.append("4sf" if self.four_card_straight_flush_class else "4f")
        return "-".join(parts)


def _enum(cls, value, option):
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(m.value for m in cls)
        raise RulesError(
            f"unknown value {value!r} for option {option}", expected=f"one of {choices}", actual=str(value)
        ) from None


HIGH = Ranking()
SOKO = Ranking(HandRanking.SOKO)
ACE_TO_FIVE_LOW = Ranking(HandRanking.ACE_TO_FIVE_LOW)
DEUCE_TO_SEVEN_LOW = Ranking(HandRanking.DEUCE_TO_SEVEN_LOW)
BADUGI = Ranking(HandRanking.BADUGI)
SHORT_DECK = Ranking(HandRanking.SHORT_DECK)
