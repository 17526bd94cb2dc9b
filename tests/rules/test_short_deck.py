"""Short Deck (6+ Hold'em) rankings: counted over every hand of the 36-card deck, and against pokerkit.

The class counts are worked by hand from the deck (nine ranks, six to ace; six straights, A-6-7-8-9 the
lowest). pokerkit's ``ShortDeckHoldemHand`` (a test-only oracle) ranks a straight above three of a kind; our
``short_deck_straight_over_trips`` must order every hand as it does, and ``short_deck`` (PokerStars: three of a
kind beats a straight) must differ from it only in those two classes.
"""

from math import comb

import numpy as np
import pytest

from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HandRanking, Ranking
from soko_analytics.rules.tables import HandClass as C
from soko_analytics.rules.tables import all_five_card_hands

from .ordering import assert_ordered_as, text

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test dependency (pip install -e '.[test]')")

STARS = Ranking(HandRanking.SHORT_DECK)
POKERKIT = Ranking(HandRanking.SHORT_DECK_STRAIGHT_OVER_TRIPS)
STRAIGHTS = 6  # 6-T, 7-J, 8-Q, 9-K, T-A and A-6-7-8-9
SUITINGS = 4**5 - 4  # five cards of distinct ranks, not all of one suit

COUNTS = {
    C.STRAIGHT_FLUSH: STRAIGHTS * 4,
    C.FOUR_OF_A_KIND: 9 * 32,
    C.FULL_HOUSE: 9 * 4 * 8 * 6,
    C.FLUSH: 4 * (comb(9, 5) - STRAIGHTS),
    C.STRAIGHT: STRAIGHTS * SUITINGS,
    C.THREE_OF_A_KIND: 9 * 4 * comb(8, 2) * 16,
    C.TWO_PAIR: comb(9, 2) * 36 * 7 * 4,
    C.PAIR: 9 * 6 * comb(8, 3) * 4**3,
    C.HIGH_CARD: (comb(9, 5) - STRAIGHTS) * SUITINGS,
}


@pytest.fixture(scope="module")
def short_hands() -> np.ndarray:
    """Every five-card hand of the 36 cards six to ace, each row in a random order."""
    hands = all_five_card_hands()
    hands = hands[(hands >= 16).all(axis=1)]
    return np.random.default_rng(36).permuted(hands, axis=1)


_text = text


def test_the_counts_over_all_376992_hands(short_hands):
    assert len(short_hands) == comb(36, 5) == 376_992 == sum(COUNTS.values())
    for ranking in (STARS, POKERKIT):
        ev = evaluator(ranking)
        classes, counts = np.unique(ev.hand_classes(ev.values(short_hands)), return_counts=True)
        assert {C(k): int(n) for k, n in zip(classes, counts)} == COUNTS, ranking.name


def test_a_flush_beats_a_full_house_and_pokerstars_puts_trips_over_a_straight():
    stars, kit = evaluator(STARS), evaluator(POKERKIT)
    trips, straight = "7s 7h 7d Kc Qd", "Ah 6c 7s 8d 9h"
    assert stars.value(trips) > stars.value(straight) and kit.value(trips) < kit.value(straight)
    for ev in (stars, kit):
        assert ev.value("Kh Jh 9h 8h 6h") > ev.value("As Ah Ad Kc Kd")
        assert ev.value("Ah 6c 7s 8d 9h") < ev.value("6h 7c 8s 9d Th")  # A-6-7-8-9 is the lowest straight


def test_hands_are_ordered_as_pokerkit_orders_them(short_hands):
    """On a seeded sample of 80,000 (all 376,992 took 30 s of CI; the counts above are over every hand)."""
    sample = short_hands[np.random.default_rng(37).choice(len(short_hands), 80_000, replace=False)]
    theirs = [pokerkit.ShortDeckHoldemHand.from_game(_text(h)) for h in sample]
    assert_ordered_as(evaluator(POKERKIT).values(sample), theirs, sample)


def test_pokerstars_order_is_pokerkits_within_each_class(short_hands):
    stars, kit = evaluator(STARS), evaluator(POKERKIT)
    a, b = stars.values(short_hands), kit.values(short_hands)
    classes = stars.hand_classes(a)
    assert (classes == kit.hand_classes(b)).all()
    for klass in np.unique(classes):
        inside = classes == klass
        assert (np.argsort(a[inside], kind="stable") == np.argsort(b[inside], kind="stable")).all(), C(klass)


def test_seven_cards_take_the_best_five_as_pokerkit_does():
    rng = np.random.default_rng(6)
    ev = evaluator(POKERKIT)
    deck = np.arange(16, 52)
    for _ in range(3_000):
        a = rng.permutation(deck)[:9]
        hole_a, hole_b, board = a[:2], a[2:4], a[4:]
        x = ev.values(np.array([np.concatenate([hole_a, board])]))[0]
        y = ev.values(np.array([np.concatenate([hole_b, board])]))[0]
        hx = pokerkit.ShortDeckHoldemHand.from_game(_text(hole_a), _text(board))
        hy = pokerkit.ShortDeckHoldemHand.from_game(_text(hole_b), _text(board))
        assert (x > y) == (hx > hy) and (x == y) == (hx == hy), (_text(hole_a), _text(hole_b), _text(board))


@pytest.mark.parametrize("text, description", [
    ("Ah 6c 7s 8d 9h", "a straight, Ace to Nine"), ("6h 7c 8s 9d Th", "a straight, Six to Ten"),
    ("As 6s 7s 8s 9s", "a straight flush, Ace to Nine"), ("Kh Jh 9h 8h 6h", "a flush, King high"),
    ("Ah Ac Qs Qd 9d", "two pair, Aces and Queens"),
])
def test_descriptions_as_pokerstars_prints_them(text, description):
    ev = evaluator(STARS)
    assert ev.describe(ev.value(text)) == description
