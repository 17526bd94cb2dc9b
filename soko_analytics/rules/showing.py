"""Showing hands: who acts first from the up cards (RULES.md §2 items 5–6, §4 items 2–3).

On the first betting round of a stud game one up card decides: Sökö's highest
card (casino: ties by suit ♠ > ♥ > ♦ > ♣; Finnish: by position), stud's lowest
card (ties by suit, ♣ lowest). On later rounds the best *showing* hand of 1–4
up cards acts first: with two or three cards trips > pair > high card; with
four, quads > trips > two pair > pair > high card, and under Sökö with
``showing_four_card_hands_count`` the four-flush and four-straight rank
between two pair and pair. Straights and flushes of fewer than five cards
count for nothing in standard stud. Equal showing hands are broken by
position (the tied player first from the dealer's left) unless a rule says
suit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from ..errors import EvaluationError
from .options import BringInCard, FirstToAct, TieBreak
from .ranking import HandRanking, Ranking
from .tables import HandClass

if TYPE_CHECKING:
    from .spec import GameSpec


class Pick(StrEnum):
    """Which up cards speak first."""

    HIGHEST_CARD = "highest_card"
    """The highest single up card (Sökö's first round)."""
    LOWEST_CARD = "lowest_card"
    """The lowest single up card (stud's bring-in)."""
    BEST_SHOWING = "best_showing"
    """The best showing hand of the up cards (later rounds)."""


def _order(ranking: Ranking, four_cards: bool) -> tuple[HandClass, ...]:
    C = HandClass
    fours: tuple[HandClass, ...] = ()
    if ranking.kind is HandRanking.SOKO and four_cards:
        fours = (C.FOUR_STRAIGHT, C.FOUR_FLUSH)
        if ranking.four_card_straight_flush_class:
            fours += (C.FOUR_STRAIGHT_FLUSH,)
    return (C.HIGH_CARD, C.PAIR) + fours + (C.TWO_PAIR, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND)


def showing_class(cards: Sequence[int], ranking: Ranking, four_card_hands: bool = True) -> HandClass:
    """The class of 1–4 up cards (see the module text)."""
    return _showing(cards, ranking, four_card_hands)[0]


def showing_value(cards: Sequence[int], ranking: Ranking, four_card_hands: bool = True) -> tuple[int, ...]:
    """A comparable key of 1–4 up cards: larger shows better; equal keys tie."""
    hand_class, ranks = _showing(cards, ranking, four_card_hands)
    return (_order(ranking, four_card_hands).index(hand_class), *ranks)


def _showing(cards: Sequence[int], ranking: Ranking, four_card_hands: bool) -> tuple[HandClass, tuple[int, ...]]:
    if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards):
        raise EvaluationError(
            f"a showing hand is 1 to 4 distinct up cards, got {len(cards)}",
            expected="1 to 4 distinct cards",
            actual=" ".join(map(str, cards)),
        )
    C = HandClass
    ranks = [int(c) >> 2 for c in cards]
    counts = Counter(ranks)
    by_group = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    paired = {
        (4,): C.FOUR_OF_A_KIND,
        (3,): C.THREE_OF_A_KIND,
        (3, 1): C.THREE_OF_A_KIND,
        (2, 2): C.TWO_PAIR,
        (2,): C.PAIR,
        (2, 1): C.PAIR,
        (2, 1, 1): C.PAIR,
    }.get(tuple(shape))
    if paired in (C.FOUR_OF_A_KIND, C.THREE_OF_A_KIND, C.TWO_PAIR):
        return paired, by_group
    if len(cards) == 4 and ranking.kind is HandRanking.SOKO and four_card_hands:
        four = _four_card_hand(cards, ranks, ranking)
        if four is not None:
            return four
    return paired or C.HIGH_CARD, by_group


def _four_card_hand(cards, ranks, ranking) -> tuple[HandClass, tuple[int, ...]] | None:
    C = HandClass
    suited = len({int(c) & 3 for c in cards}) == 1
    top = _run_top(ranks, ranking.four_straight_ace_low)
    if suited and top is not None and ranking.four_card_straight_flush_class:
        return C.FOUR_STRAIGHT_FLUSH, (top,)
    if suited:
        return C.FOUR_FLUSH, tuple(sorted(ranks, reverse=True))
    if top is not None:
        return C.FOUR_STRAIGHT, (top,)
    return None


def _run_top(ranks: list[int], ace_low: bool) -> int | None:
    """Top rank of four distinct consecutive ranks (A-2-3-4 has top 2, the Four, when ace_low)."""
    distinct = sorted(set(ranks))
    if len(distinct) != 4:
        return None
    if distinct[3] - distinct[0] == 3:
        return distinct[3]
    if ace_low and distinct == [0, 1, 2, 12]:
        return 2
    return None


def first_to_act(
    up_cards: Sequence[Sequence[int]],
    pick: Pick,
    tie_break: TieBreak,
    ranking: Ranking,
    four_card_hands: bool = True,
) -> int:
    """Index of the player who speaks first.

    ``up_cards`` lists each candidate's up cards in seat order starting from
    the dealer's left (the players still able to act). For ``HIGHEST_CARD`` and
    ``LOWEST_CARD`` only the newest up card of each counts (the first round
    has one). Ties go by ``tie_break``.
    """
    if not up_cards:
        raise EvaluationError("nobody to act", expected="at least one player with up cards")
    pick = Pick(pick)
    tie_break = TieBreak(tie_break)

    def key(i: int) -> tuple:
        cards = up_cards[i]
        if pick is Pick.BEST_SHOWING:
            main = showing_value(cards, ranking, four_card_hands)
            suit = tuple(sorted((int(c) for c in cards), reverse=True))
        else:
            card = int(cards[-1])
            sign = 1 if pick is Pick.HIGHEST_CARD else -1
            main, suit = (sign * (card >> 2),), (sign * (card & 3),)
        return main + suit if tie_break is TieBreak.SUIT else main

    best = max(range(len(up_cards)), key=lambda i: (key(i), -i))
    return best


def opener(spec: GameSpec, round_index: int, up_cards: Sequence[Sequence[int]]) -> int:
    """Who speaks first on betting round ``round_index`` (0 = the first) of a stud game.

    Reads the spec's flags: round 1 by ``bring_in_card`` (or the best showing
    hand, i.e. the highest up card, when there is none) with
    ``bring_in_tie_break``; later rounds by ``later_rounds_first_to_act`` with
    ``showing_tie_break``. ``up_cards`` as for :func:`first_to_act`.
    """
    if round_index == 0:
        first, tie_break = spec.first_round_first_to_act, spec.bring_in_tie_break
    else:
        first, tie_break = spec.later_rounds_first_to_act, spec.showing_tie_break
    if tie_break is None:
        raise EvaluationError(f"{spec.profile} names no tie-break for who speaks first on round {round_index + 1}",
                              expected="a stud game")
    if first is FirstToAct.BRING_IN:
        pick = Pick.HIGHEST_CARD if spec.bring_in_card is BringInCard.HIGHEST else Pick.LOWEST_CARD
    elif first is FirstToAct.BEST_SHOWING:
        pick = Pick.BEST_SHOWING
    else:
        raise EvaluationError(
            f"round {round_index + 1} of {spec.profile} opens by position ({first}), not by up cards",
            expected="a stud game",
            actual=str(first),
        )
    return first_to_act(up_cards, pick, tie_break, spec.ranking, spec.showing_four_card_hands_count)
