"""First to act from the up cards: RULES.md §2 items 5–6 and §4 items 2–3.

The first cases replay the worked example hand of formats/soko-text.md, whose
text says why each player acts first.
"""

import pytest

from soko_analytics.errors import EvaluationError
from soko_analytics.model.cards import parse_cards as p
from soko_analytics.rules.ranking import HIGH, SOKO, HandRanking, Ranking
from soko_analytics.rules.showing import Pick, TieBreak, first_to_act, showing_class, showing_value
from soko_analytics.rules.tables import HandClass as C

# The example hand: button is seat 7 (Liisa), so from the dealer's left the
# order is Aino (1), Ville (3), Matti (5), Liisa (7).


def test_soko_casino_highest_upcard_brings_in_hearts_over_diamonds():
    ups = [p("Kh"), p("Ad"), p("Qc"), p("Ah")]
    assert first_to_act(ups, Pick.HIGHEST_CARD, TieBreak.SUIT, SOKO) == 3  # Liisa's Ah


def test_soko_finnish_highest_upcard_ties_go_by_position():
    ups = [p("Kh"), p("Ad"), p("Qc"), p("Ah")]
    assert first_to_act(ups, Pick.HIGHEST_CARD, TieBreak.POSITION, SOKO) == 1  # Ville, first from the dealer's left


def test_open_pair_acts_first_on_the_second_round():
    ups = [p("9s 9d"), p("Ad 5c"), p("Qc Qs")]  # Aino, Ville, Matti on 3rd street
    assert first_to_act(ups, Pick.BEST_SHOWING, TieBreak.POSITION, SOKO) == 2


def test_showing_trips_act_first_on_the_last_round():
    ups = [p("9s 9d 2c 9h"), p("Ad 5c 5d 6d"), p("Qc Qs 7h Js")]
    assert first_to_act(ups, Pick.BEST_SHOWING, TieBreak.POSITION, SOKO) == 0


def test_stud_lowest_upcard_brings_in_clubs_lowest():
    # Deuces of hearts and clubs: clubs is the lowest suit.
    assert first_to_act([p("3c"), p("2h"), p("2c"), p("Ks")], Pick.LOWEST_CARD, TieBreak.SUIT, HIGH) == 2
    # Then diamonds, hearts, spades.
    assert first_to_act([p("2s"), p("2h"), p("2d")], Pick.LOWEST_CARD, TieBreak.SUIT, HIGH) == 2
    assert first_to_act([p("2s"), p("2h")], Pick.LOWEST_CARD, TieBreak.SUIT, HIGH) == 1


def test_equal_showing_hands_go_to_the_first_from_the_dealers_left():
    ups = [p("7c 2d"), p("Kh Kd"), p("Ks Kc")]
    assert first_to_act(ups, Pick.BEST_SHOWING, TieBreak.POSITION, HIGH) == 1
    assert first_to_act(ups[::-1], Pick.BEST_SHOWING, TieBreak.POSITION, HIGH) == 0


@pytest.mark.parametrize(
    "cards, soko_class, stud_class",
    [
        ("As", C.HIGH_CARD, C.HIGH_CARD),
        ("As Ah", C.PAIR, C.PAIR),
        ("7s 7h 7d", C.THREE_OF_A_KIND, C.THREE_OF_A_KIND),
        ("7s 7h 7d 7c", C.FOUR_OF_A_KIND, C.FOUR_OF_A_KIND),
        ("7s 7h 2d 2c", C.TWO_PAIR, C.TWO_PAIR),
        ("Ah Kh 7h 2h", C.FOUR_FLUSH, C.HIGH_CARD),
        ("5c 6d 7h 8s", C.FOUR_STRAIGHT, C.HIGH_CARD),
        ("Ac 2d 3h 4s", C.FOUR_STRAIGHT, C.HIGH_CARD),
        ("Qc Kd Ac 2s", C.HIGH_CARD, C.HIGH_CARD),
        ("5h 6h 7h 8h", C.FOUR_FLUSH, C.HIGH_CARD),
        ("5h 6h 7h", C.HIGH_CARD, C.HIGH_CARD),
        ("5h 5d 6h 7h", C.PAIR, C.PAIR),
    ],
)
def test_showing_classes(cards, soko_class, stud_class):
    assert showing_class(p(cards), SOKO) == soko_class
    assert showing_class(p(cards), HIGH) == stud_class


def test_showing_four_card_order_in_soko():
    # quads > trips > two pair > four-flush > four-straight > pair > high card
    order = ["Ah Kd 9c 4s", "Ah Ad 9c 4s", "5c 6d 7h 8s", "Ah Kh 7h 2h", "2s 2h 9d 9c", "7s 7h 7d 2c", "7s 7h 7d 7c"]
    values = [showing_value(p(c), SOKO) for c in order]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_four_card_hands_do_not_count_when_the_option_is_off():
    assert showing_class(p("Ah Kh 7h 2h"), SOKO, four_card_hands=False) == C.HIGH_CARD
    # And then a pair beats them.
    assert showing_value(p("2c 2d 5h 9s"), SOKO, False) > showing_value(p("Ah Kh 7h 2h"), SOKO, False)


def test_four_straight_ace_low_option_in_showing_hands():
    no_ace_low = Ranking(HandRanking.SOKO, four_straight_ace_low=False)
    assert showing_class(p("Ac 2d 3h 4s"), no_ace_low) == C.HIGH_CARD


def test_showing_kickers():
    assert showing_value(p("Kh Kd 9c"), HIGH) > showing_value(p("Kc Ks 8c"), HIGH)
    assert showing_value(p("As 7d"), HIGH) > showing_value(p("Kc Qs"), HIGH)


def test_bad_showing_hands():
    with pytest.raises(EvaluationError):
        showing_value(p("As Kd Qh Js Tc"), HIGH)
    with pytest.raises(EvaluationError):
        first_to_act([], Pick.BEST_SHOWING, TieBreak.POSITION, HIGH)


# -- the same decisions read from each profile's flags ----------------------

from soko_analytics.rules.profiles import resolve  # noqa: E402
from soko_analytics.rules.showing import opener  # noqa: E402

EXAMPLE_ROUND_1 = [p("Kh"), p("Ad"), p("Qc"), p("Ah")]


@pytest.mark.parametrize(
    "rules, expected",
    [
        ("soko-casino", 3),  # Ah over Ad by suit (RULES.md §2 item 5, seed 001)
        ("soko-finnish", 1),  # tied aces: the first from the dealer's left (seed 000)
        ("soko-finnish; bring_in_card=highest; bring_in_forced=true", 1),
        ("stud7", 2),  # the lowest up card, Qc (RULES.md §4 item 2)
        ("stud5", 2),
    ],
)
def test_opener_round_one_by_profile(rules, expected):
    assert opener(resolve(rules), 0, EXAMPLE_ROUND_1) == expected


def test_opener_later_rounds_by_profile():
    ups = [p("Ah Kh 7h 2h"), p("9c 9d 3s 4s")]
    # Sökö counts the showing four-flush above a pair (RULES.md §2 item 6); stud does not.
    assert opener(resolve("soko-casino"), 3, ups) == 0
    assert opener(resolve("soko-casino; showing_four_card_hands_count=false"), 3, ups) == 1
    assert opener(resolve("stud7"), 3, ups) == 1


def test_opener_needs_a_stud_game():
    with pytest.raises(EvaluationError):
        opener(resolve("holdem"), 0, EXAMPLE_ROUND_1)
