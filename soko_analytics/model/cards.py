"""Playing cards: parsing, printing and the compact encoding.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit`` with ranks 0..12 for
2..A and suits 0..3 for clubs, diamonds, hearts, spades. Suits are numbered in
bridge order (♣ < ♦ < ♥ < ♠), so comparing two cards' codes compares rank first
and then suit the way Sökö's bring-in (♠ highest) and stud's bring-in (♣ lowest)
break ties. :class:`Card` is an ``int`` subclass, so codes index tables directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from .. import _core
from ..errors import CardError, phrase

RANKS: str = _core.RANKS
"""The rank letters, deuce first (the core's ``cards::RANKS``)."""
SUITS: str = _core.SUITS
"""The suit letters in bridge order (the core's ``cards::SUITS``)."""
SUIT_SYMBOLS = "♣♦♥♠"

_RANK_OF = {ch: i for i, ch in enumerate(RANKS)} | {ch.lower(): i for i, ch in enumerate(RANKS)}
_RANK_OF["10"] = 8
_SUIT_OF = {ch: i for i, ch in enumerate(SUITS)} | {ch.upper(): i for i, ch in enumerate(SUITS)}
_SUIT_OF |= {ch: i for i, ch in enumerate(SUIT_SYMBOLS)}


class Card(int):
    """One card, an ``int`` 0..51 that prints as ``As``, ``Td``, ``9c``."""

    __slots__ = ()

    def __new__(cls, code: int) -> Card:
        if isinstance(code, Card):
            return code
        try:
            return _CARDS[code] if code >= 0 else _bad_code(code)
        except (IndexError, TypeError):
            return _bad_code(code)

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades (bridge order)."""
        return int(self) & 3

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """``Card.parse("As")``; see :func:`parse_card`."""
        return parse_card(text)


def _bad_code(code: object) -> Card:
    raise CardError(phrase("card code {code!r} is not a card", code=code), expected=phrase("an integer 0..51"),
                    actual=repr(code))


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
_TEXT: tuple[str, ...] = tuple(RANKS[i >> 2] + SUITS[i & 3] for i in range(52))
_BY_TEXT: dict[str, Card] = {}
for _rank_text, _rank in _RANK_OF.items():
    for _suit_text, _suit in _SUIT_OF.items():
        _BY_TEXT[_rank_text + _suit_text] = _CARDS[_rank * 4 + _suit]


def card(rank: int, suit: int) -> Card:
    """The card of a rank (0..12) and a suit (0..3)."""
    if not (0 <= rank <= 12 and 0 <= suit <= 3):
        raise CardError(phrase("no card has rank {rank} and suit {suit}", rank=rank, suit=suit),
                        expected=phrase("rank 0..12, suit 0..3"))
    return _CARDS[rank * 4 + suit]


def parse_card(text: str) -> Card:
    """Parse one card: ``As``, ``Td``, ``10d``, ``9c`` (rank then suit; ♠♥♦♣ also accepted)."""
    found = _BY_TEXT.get(text.strip()) if isinstance(text, str) else None
    if found is None:
        raise CardError(
            phrase("{text!r} is not a card", text=text),
            expected=phrase("a rank from 23456789TJQKA and a suit from cdhs, like 'As' or 'Td'"),
            actual=repr(text),
        )
    return found


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a list of cards: ``[Kh 9s]``, ``Kh 9s``, ``Kh9s`` or ``Kh,9s``.

    Brackets and commas are optional. Each card may appear once; an error
    quotes the text and says which part is wrong.
    """
    if not isinstance(text, str):
        raise CardError(phrase("{text!r} is not card text", text=text), expected=phrase("a string like '[Kh 9s]'"),
                        actual=repr(text))
    body = text.strip()
    if body.startswith("[") != body.endswith("]"):
        raise CardError(phrase("unbalanced brackets in {text!r}", text=text), expected=phrase("'[Kh 9s]' or 'Kh 9s'"),
                        actual=text)
    if body.startswith("["):
        body = body[1:-1]
    tokens = body.replace(",", " ").split()
    if len(tokens) == 1 and len(tokens[0]) > 3:
        tokens = _split_run(tokens[0], text)
    cards = []
    for token in tokens:
        try:
            cards.append(parse_card(token))
        except CardError:
            raise CardError(
                phrase("{token!r} in {text!r} is not a card", token=token, text=text),
                expected=phrase("cards like 'As', 'Td', '9c'"),
                actual=token,
            ) from None
    _check_unique(cards, text)
    return tuple(cards)


def _split_run(run: str, text: str) -> list[str]:
    """Split ``Kh9sTd`` into ``Kh 9s Td``."""
    if len(run) % 2:
        raise CardError(phrase("{run!r} in {text!r} is not a run of two-letter cards", run=run, text=text), actual=run)
    return [run[i : i + 2] for i in range(0, len(run), 2)]


T = TypeVar("T")


def first_repeat(items: Iterable[T]) -> T | None:
    """The first item that was seen before, or None."""
    seen: set[T] = set()
    for item in items:
        if item in seen:
            return item
        seen.add(item)
    return None


def _check_unique(cards: list[Card], text: str) -> None:
    twice = first_repeat(cards)
    if twice is not None:
        raise CardError(phrase("{twice} appears twice in {text!r}", twice=str(twice), text=text),
                        expected=phrase("each card once"), actual=text)


def format_cards(cards: Iterable[int], brackets: bool = True) -> str:
    """``[Kh 9s]`` (or ``Kh 9s`` without brackets)."""
    body = " ".join(_TEXT[c] for c in cards)
    return f"[{body}]" if brackets else body


DECK: tuple[Card, ...] = _CARDS
"""The 52 cards in code order, 2c first and As last."""
