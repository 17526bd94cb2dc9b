import pytest

from soko_analytics.errors import CardError, SokoError
from soko_analytics.model.cards import DECK, Card, card, format_cards, parse_card, parse_cards


def test_every_card_prints_and_parses_back():
    assert len({str(c) for c in DECK}) == 52
    for c in DECK:
        assert parse_card(str(c)) == c
        assert Card(int(c)) is c


def test_encoding_is_rank_then_bridge_suit():
    # 2c is the lowest code, As the highest; within a rank c < d < h < s.
    assert [str(Card(i)) for i in (0, 1, 2, 3, 4, 51)] == ["2c", "2d", "2h", "2s", "3c", "As"]
    assert parse_card("Td").rank == 8 and parse_card("Td").suit == 1
    assert card(12, 3) == parse_card("As")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("[Kh 9s]", ["Kh", "9s"]),
        ("Kh 9s", ["Kh", "9s"]),
        ("Kh9sTd", ["Kh", "9s", "Td"]),
        ("Kh,9s", ["Kh", "9s"]),
        ("[10d]", ["Td"]),
        ("[A♠ k♥]", ["As", "Kh"]),
        ("[]", []),
    ],
)
def test_parse_cards(text, expected):
    assert [str(c) for c in parse_cards(text)] == expected


def test_format_cards():
    assert format_cards(parse_cards("Kh 9s")) == "[Kh 9s]"
    assert format_cards(parse_cards("Kh 9s"), brackets=False) == "Kh 9s"


@pytest.mark.parametrize(
    "text, quoted",
    [("Xs", "'Xs'"), ("Kh 1s", "'1s'"), ("[Kh 9s", "'[Kh 9s'"), ("As As", "As appears twice"), ("AsK", "'AsK'")],
)
def test_bad_card_text_quotes_the_text(text, quoted):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert quoted in str(info.value)
    assert isinstance(info.value, SokoError)


@pytest.mark.parametrize("code", [-1, 52, "As", None])
def test_bad_code(code):
    with pytest.raises(CardError):
        Card(code)
