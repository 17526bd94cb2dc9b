"""Hand descriptions as the logs print them.

PokerStars: ``high card Ace``, ``a pair of Kings``, ``two pair, Eights and
Sevens``, ``three of a kind, Nines``, ``a straight, Five to Nine``, ``a flush,
Ace high``, ``a full house, Fives full of Aces``, ``four of a kind, Aces``,
``a straight flush, Five to Nine``, ``a Royal Flush``. Sökö text format
(``formats/soko-text.md``): ``a four-flush, Ace high``, ``a four-straight,
Ace high``; the optional four-card straight flush class reads ``a four-card
straight flush, King high``.
"""

from __future__ import annotations

from ..model.cards import RANK_NAMES as NAME
from ..model.cards import RANK_PLURALS as PLURAL
from .tables import HandClass


def tie_ranks(tie: int) -> tuple[int, ...]:
    """The five 4-bit fields of a table tie-break, most significant first."""
    return tuple((tie >> shift) & 15 for shift in (16, 12, 8, 4, 0))


def describe(hand_class: HandClass, tie: int) -> str:
    """Text for a hand of a class whose tie-break (see ``tables``) is ``tie``."""
    r = tie_ranks(tie)
    top = r[0]
    C = HandClass
    match hand_class:
        case C.HIGH_CARD:
            return f"high card {NAME[top]}"
        case C.PAIR:
            return f"a pair of {PLURAL[top]}"
        case C.FOUR_STRAIGHT:
            return f"a four-straight, {NAME[top]} high"
        case C.FOUR_FLUSH:
            return f"a four-flush, {NAME[top]} high"
        case C.FOUR_STRAIGHT_FLUSH:
            return f"a four-card straight flush, {NAME[top]} high"
        case C.TWO_PAIR:
            return f"two pair, {PLURAL[top]} and {PLURAL[r[2]]}"
        case C.THREE_OF_A_KIND:
            return f"three of a kind, {PLURAL[top]}"
        case C.STRAIGHT:
            return f"a straight, {NAME[_low_end(top)]} to {NAME[top]}"
        case C.FLUSH:
            return f"a flush, {NAME[top]} high"
        case C.FULL_HOUSE:
            return f"a full house, {PLURAL[top]} full of {PLURAL[r[3]]}"
        case C.FOUR_OF_A_KIND:
            return f"four of a kind, {PLURAL[top]}"
        case C.STRAIGHT_FLUSH:
            if top == 12:
                return "a Royal Flush"
            return f"a straight flush, {NAME[_low_end(top)]} to {NAME[top]}"
    raise ValueError(f"no description for {hand_class!r}")


def _low_end(top: int) -> int:
    """The bottom card of a five-card straight: the ace below a five-high one."""
    return 12 if top == 3 else top - 4
