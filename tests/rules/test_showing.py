"""First to act from the up cards, by each profile's flags: RULES.md §2 items 5–6 and §4 items 2–3.

The decisions are the compiled core's (``core/src/replay/showing.rs``, whose unit tests hold the showing
classes, values and tie-breaks case by case); here each profile's spec drives the core's betting table
(``_core.PlayTable``, the table the simulator plays and the auditor replays through). The first cases replay
the worked example hand of formats/soko-text.md, whose text says why each player acts first.
"""

import json

import pytest

from soko_analytics import _core
from soko_analytics.model.cards import parse_cards as p
from soko_analytics.model.hand import Stakes

STAKES = json.dumps(Stakes(decimals=2, ante=5, bring_in=10, small_bet=20, big_bet=40, min_bet=10,
                           max_bet=200)._asdict())


def opener(rules: str, street: int, ups: list) -> int:
    """The index of the player who speaks first on ``street`` at a table with no button (seat order is the order
    from the dealer's left) whose players show ``ups``."""
    names = [f"P{i}" for i in range(len(ups))]
    table = _core.PlayTable(rules, STAKES, [(n, i + 1, 1_000) for i, n in enumerate(names)], None)
    for name, cards in zip(names, ups, strict=True):
        table.deal_up(name, list(cards))
    table.start_street(street)
    return table.opener(street)


# The example hand: button is seat 7 (Liisa), so from the dealer's left the order is Aino (1), Ville (3),
# Matti (5), Liisa (7).
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
    assert opener(rules, 0, EXAMPLE_ROUND_1) == expected


def test_open_pair_and_showing_trips_act_first_on_later_rounds():
    # Aino, Ville, Matti of the example on 3rd street, then on 5th (RULES.md §2 item 6).
    assert opener("soko-finnish", 1, [p("9s 9d"), p("Ad 5c"), p("Qc Qs")]) == 2
    assert opener("soko-finnish", 3, [p("9s 9d 2c 9h"), p("Ad 5c 5d 6d"), p("Qc Qs 7h Js")]) == 0


def test_stud_lowest_upcard_brings_in_clubs_lowest():
    # Deuces of hearts and clubs: clubs is the lowest suit; then diamonds, hearts, spades (RULES.md §4 item 2).
    assert opener("stud7", 0, [p("3c"), p("2h"), p("2c"), p("Ks")]) == 2
    assert opener("stud7", 0, [p("2s"), p("2h"), p("2d")]) == 2
    assert opener("stud7", 0, [p("2s"), p("2h")]) == 1


def test_equal_showing_hands_go_to_the_first_from_the_dealers_left():
    ups = [p("7c 2d"), p("Kh Kd"), p("Ks Kc")]
    assert opener("stud7", 1, ups) == 1
    assert opener("stud7", 1, ups[::-1]) == 0


def test_opener_later_rounds_by_profile():
    ups = [p("Ah Kh 7h 2h"), p("9c 9d 3s 4s")]
    # Sökö counts the showing four-flush above a pair (RULES.md §2 item 6); stud does not.
    assert opener("soko-casino", 3, ups) == 0
    assert opener("soko-casino; showing_four_card_hands_count=false", 3, ups) == 1
    assert opener("stud7", 3, ups) == 1
