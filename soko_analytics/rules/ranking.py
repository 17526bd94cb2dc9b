"""Which hand ranking a game uses: the rule vocabulary the evaluator reads.

A :class:`Ranking` names the ranking (``high`` for standard poker, ``soko`` for
RULES.md §2 items 11–17) and the options that change it. It is hashable, so
evaluation tables are built once per distinct ranking and shared.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._vocab import HandRanking as HandRanking  # the core's, re-exported
from .._vocab import HighCardRule as HighCardRule
from ..errors import RulesError, phrase

LOWS = frozenset({HandRanking.ACE_TO_FIVE_LOW, HandRanking.DEUCE_TO_SEVEN_LOW, HandRanking.BADUGI})
"""Rankings that compare every card of a hand (no top-card rule)."""

HAND_SIZE = {HandRanking.BADUGI: 4}
"""Cards in a hand of a ranking other than five."""


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
                phrase("four_straight_ace_low=false needs hand_ranking=soko: {kind} has no four-straight",
                       kind=self.kind),
                expected="hand_ranking=soko",
                actual=f"hand_ranking={self.kind}",
            )
        if self.kind in LOWS and self.high_card_rule is not HighCardRule.KICKERS:
            raise RulesError(
                phrase("high_card_rule={rule} needs a high ranking: a low hand compares all its cards",
                       rule=self.high_card_rule),
                expected="high_card_rule=kickers",
                actual=f"high_card_rule={self.high_card_rule}",
            )
        if self.kind is not HandRanking.SOKO and self.four_card_straight_flush_class:
            raise RulesError(
                phrase("four_card_straight_flush_class=true needs hand_ranking=soko: {kind} has no four-card "
                       "hands", kind=self.kind),
                expected="hand_ranking=soko",
                actual=f"hand_ranking={self.kind}",
            )

    @classmethod
    def from_name(cls, name: str) -> Ranking:
        """The ranking of a :attr:`name` (the core's share of a pot names its ranking so)."""
        kind, rule, *soko = name.split("-")
        if not soko:
            return cls(HandRanking(kind), HighCardRule(rule))
        return cls(HandRanking(kind), HighCardRule(rule), soko[0] == "acelow", soko[1] == "4sf")

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
            phrase("unknown value {value!r} for option {option}", value=value, option=option),
            expected=phrase("one of {choices}", choices=choices), actual=str(value)
        ) from None


HIGH = Ranking()
SOKO = Ranking(HandRanking.SOKO)
ACE_TO_FIVE_LOW = Ranking(HandRanking.ACE_TO_FIVE_LOW)
DEUCE_TO_SEVEN_LOW = Ranking(HandRanking.DEUCE_TO_SEVEN_LOW)
BADUGI = Ranking(HandRanking.BADUGI)
SHORT_DECK = Ranking(HandRanking.SHORT_DECK)
