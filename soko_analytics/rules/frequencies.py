"""How often each hand class is dealt: the theoretical frequencies a showdown record is compared with.

Five-card hands are counted from the ranking's full table (all 2,598,960 hands; for Sökö these are
the counts of RULES.md §2 item 17). Seven-card hands (hold'em's two plus five, seven-card stud) are
the standard counts of the best five of all 133,784,560 seven-card sets (as tabled, e.g., in
Wikipedia's "Poker probability"); tests/rules/test_frequencies.py checks them against a million
random seven-card hands valued by the batch evaluator.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .ranking import HandRanking, Ranking
from .tables import HandClass, five_card_table

__all__ = ["SEVEN_CARD_HIGH", "class_counts"]

_C = HandClass
SEVEN_CARD_HIGH: dict[HandClass, int] = {
    _C.STRAIGHT_FLUSH: 41_584, _C.FOUR_OF_A_KIND: 224_848, _C.FULL_HOUSE: 3_473_184, _C.FLUSH: 4_047_644,
    _C.STRAIGHT: 6_180_020, _C.THREE_OF_A_KIND: 6_461_620, _C.TWO_PAIR: 31_433_400, _C.PAIR: 58_627_800,
    _C.HIGH_CARD: 23_294_460,
}
"""Best five of seven cards, standard ranking (sum 133,784,560 = C(52, 7))."""


@cache
def class_counts(ranking: Ranking, cards: int) -> dict[HandClass, int] | None:
    """Hands of ``cards`` cards in each class under ``ranking`` (None where no count is known: 6 cards,
    or 7 under the Sökö ranking)."""
    if cards == 5:
        table = five_card_table(ranking)
        counts = np.bincount(table.value_class[table.values], minlength=len(HandClass))
        return {HandClass(i): int(n) for i, n in enumerate(counts) if n}
    if cards == 7 and ranking.kind is HandRanking.HIGH:
        return dict(SEVEN_CARD_HIGH)
    return None
