"""The five profiles of RULES.md §1 as data, and the override syntax.

A profile is a named set of option values (:data:`PROFILES`). :func:`resolve`
turns ``"soko-finnish; raise_after_pass=false"`` (the ``Rules:`` line of the
Sökö text format) into a :class:`~.spec.GameSpec`: the profile's values, then
the overrides, then the defaults of :data:`~.options.OPTIONS` for the rest.

Options with a derived default are left out of the profiles on purpose:
``max_bets_per_round`` (4 under fixed_limit, unlimited otherwise) and
``max_bet_or_raise`` (``stakes`` under spread) follow a ``structure`` override.
What a hand history's header states (limits, ante, bring-in, cap) overrides
the profile for that hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from ..errors import RulesError
from .options import (
    OPTIONS,
    BettingStructure,
    BringInCard,
    CardsLayout,
    Deck,
    Derived,
    FirstToAct,
    LimitRaiseBase,
    OddChipRule,
    TieBreak,
    format_value,
    option,
)
from .ranking import HandRanking, HighCardRule
from .spec import GameSpec


@dataclass(frozen=True)
class Profile:
    """A named set of option values, with the document it comes from."""

    name: str
    source: str
    values: Mapping[str, Any]
    odd_chip_stated: bool = False
    """Whether the rules this profile's logs follow state who gets the odd chip (then one paid elsewhere breaks
    them), rather than a site's undocumented convention (RULES.md §1, last paragraph)."""

    def __post_init__(self) -> None:
        for name in self.values:
            option(name)
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))


_STUD = CardsLayout.ONE_DOWN_FOUR_UP
_COMMON = {"raise_after_pass": True, "odd_chip_rule": OddChipRule.LEFT_OF_DEALER}
_HILO = {"split_ranking": HandRanking.ACE_TO_FIVE_LOW, "split_qualifier": 8}
"""Hi/lo: half of each pot to the best ace-to-five low of eight or better."""
_STUD7 = {
    "cards": CardsLayout.TWO_DOWN_FOUR_UP_ONE_DOWN, "max_players": 8, "deck_out_community_card": True,
    "ante": True, "blinds": False,
    "bring_in_card": BringInCard.LOWEST, "bring_in_forced": True, "bring_in_tie_break": TieBreak.SUIT,
    "later_rounds_first_to_act": FirstToAct.BEST_SHOWING,
    "structure": BettingStructure.FIXED_LIMIT, "open_pair_big_bet": True,
    "hand_ranking": HandRanking.HIGH, "high_card_rule": HighCardRule.KICKERS,
    **_COMMON,
}
"""Seven Card Stud (seed 004), and the deal and betting of its hi/lo and Razz forms."""
_BLINDS = {
    "ante": False, "blinds": True,
    "bring_in_card": None, "bring_in_forced": False, "bring_in_tie_break": None,
    "later_rounds_first_to_act": FirstToAct.LEFT_OF_BUTTON, "high_card_rule": HighCardRule.KICKERS,
    **_COMMON,
}
"""A blinds game: no bring-in, left of the big blind first, then left of the button (hold'em, Omaha, draw games)."""

PROFILES: Mapping[str, Profile] = MappingProxyType({p.name: p for p in (
    Profile("soko-finnish", "seed 000 (Finnish home rules)", {
        "cards": _STUD, "max_players": 10,
        "ante": True, "blinds": False,
        "bring_in_card": None, "bring_in_forced": False, "bring_in_tie_break": TieBreak.POSITION,
        "later_rounds_first_to_act": FirstToAct.BEST_SHOWING,
        "structure": BettingStructure.SPREAD,
        "hand_ranking": HandRanking.SOKO, "high_card_rule": HighCardRule.TOP_CARD_THEN_SUIT,
        **_COMMON,
    }, odd_chip_stated=True),
    Profile("soko-casino", "seed 001 (casino rule sheet)", {
        "cards": _STUD, "max_players": 8,
        "ante": True, "blinds": False,
        "bring_in_card": BringInCard.HIGHEST, "bring_in_forced": True, "bring_in_tie_break": TieBreak.SUIT,
        "later_rounds_first_to_act": FirstToAct.BEST_SHOWING,
        "structure": BettingStructure.FIXED_LIMIT, "open_pair_big_bet": True,
        "hand_ranking": HandRanking.SOKO, "high_card_rule": HighCardRule.KICKERS,
        **_COMMON,
    }, odd_chip_stated=True),
    Profile("holdem", "seed 002 (Texas Hold'em)", {
        **_BLINDS, "cards": CardsLayout.TWO_DOWN_FIVE_BOARD, "max_players": 10,
        "structure": BettingStructure.NO_LIMIT, "hand_ranking": HandRanking.HIGH,
    }),
    Profile("stud7", "seed 004 (Seven Card Stud)", _STUD7),
    Profile("stud5", "PokerStars 5 Card Stud logs", {
        "cards": _STUD, "max_players": 10,
        "ante": True, "blinds": False,
        "bring_in_card": BringInCard.LOWEST, "bring_in_forced": True, "bring_in_tie_break": TieBreak.SUIT,
        "later_rounds_first_to_act": FirstToAct.BEST_SHOWING,
        "structure": BettingStructure.FIXED_LIMIT, "open_pair_big_bet": True,
        "hand_ranking": HandRanking.HIGH, "high_card_rule": HighCardRule.KICKERS,
        **_COMMON,
    }),
    *(Profile(name, f"PokerStars {title} logs", {
        **_BLINDS, "cards": cards, "max_players": players, "structure": BettingStructure.POT_LIMIT,
        "hand_ranking": HandRanking.HIGH, "hole_cards_used": 2, **split,
    }) for name, title, cards, players, split in (
        ("omaha", "Omaha", CardsLayout.FOUR_DOWN_FIVE_BOARD, 10, {}),
        ("omaha-hilo", "Omaha Hi/Lo", CardsLayout.FOUR_DOWN_FIVE_BOARD, 10, _HILO),
        ("omaha5", "5 Card Omaha", CardsLayout.FIVE_DOWN_FIVE_BOARD, 9, {}),
        ("omaha5-hilo", "5 Card Omaha Hi/Lo", CardsLayout.FIVE_DOWN_FIVE_BOARD, 9, _HILO),
        ("omaha6", "6 Card Omaha", CardsLayout.SIX_DOWN_FIVE_BOARD, 7, {}),
    )),
    # Razz: the highest up card (aces low) brings in, the lowest hand wins.
    Profile("razz", "PokerStars Razz logs", {**_STUD7, "bring_in_card": BringInCard.HIGHEST,
                                            "open_pair_big_bet": False, "hand_ranking": HandRanking.ACE_TO_FIVE_LOW}),
    Profile("stud7-hilo", "PokerStars Stud Hi/Lo logs", {**_STUD7, "open_pair_big_bet": False, **_HILO}),
    *(Profile(name, f"PokerStars {title} logs", {
        **_BLINDS, "cards": cards, "max_players": players, "structure": structure, "hand_ranking": ranking,
        "limit_raise_base": LimitRaiseBase.LAST_FULL_BET,
    }) for name, title, cards, players, structure, ranking in (
        ("draw5", "5 Card Draw", CardsLayout.FIVE_DOWN_ONE_DRAW, 8, BettingStructure.FIXED_LIMIT, HandRanking.HIGH),
        ("single-draw27", "2-7 Single Draw", CardsLayout.FIVE_DOWN_ONE_DRAW, 8, BettingStructure.NO_LIMIT,
         HandRanking.DEUCE_TO_SEVEN_LOW),
        ("triple-draw27", "2-7 Triple Draw", CardsLayout.FIVE_DOWN_THREE_DRAWS, 6, BettingStructure.FIXED_LIMIT,
         HandRanking.DEUCE_TO_SEVEN_LOW),
        ("badugi", "Badugi", CardsLayout.FOUR_DOWN_THREE_DRAWS, 8, BettingStructure.FIXED_LIMIT, HandRanking.BADUGI),
    )),
    # 6+ Hold'em: 36 cards, everyone antes and the button posts the one blind.
    Profile("short-deck", "PokerStars 6+ Hold'em logs", {
        **_BLINDS, "cards": CardsLayout.TWO_DOWN_FIVE_BOARD, "max_players": 9, "deck": Deck.SHORT,
        "ante": True, "button_blind": True, "structure": BettingStructure.NO_LIMIT,
        "hand_ranking": HandRanking.SHORT_DECK,
    }),
    # Courchevel: 5 Card Omaha with the first board card dealt before the first betting round.
    *(Profile(name, f"PokerStars {title} logs", {
        **_BLINDS, "cards": CardsLayout.FIVE_DOWN_FIVE_BOARD_ONE_PREFLOP, "max_players": 9,
        "structure": BettingStructure.POT_LIMIT, "hand_ranking": HandRanking.HIGH, "hole_cards_used": 2, **split,
    }) for name, title, split in (("courchevel", "Courchevel", {}), ("courchevel-hilo", "Courchevel Hi/Lo", _HILO))),
)})
"""The profiles of RULES.md §1, by name."""

GAMES: Mapping[str, str] = MappingProxyType(
    {name: name for name in PROFILES} | {"soko-casino": "soko", "soko-finnish": "soko"})
"""Profile → ``hands.game``: the game whatever the house rules (both Sökö profiles are ``soko``)."""

DEFAULT_PROFILE = "soko-casino"
"""The profile of a Sökö text log without a ``Rules:`` line (formats/soko-text.md)."""


def profile(name: str) -> Profile:
    """The profile called ``name``; a RulesError listing the names if there is none."""
    try:
        return PROFILES[name.strip().lower()]
    except KeyError:
        raise RulesError(
            f"unknown profile {name.strip()!r}", expected=f"one of {', '.join(PROFILES)}", actual=name.strip()
        ) from None


def parse_rules(text: str) -> tuple[str, dict[str, Any]]:
    """Split ``"profile; option=value; ..."`` into the profile name and parsed overrides."""
    head, *items = text.split(";")
    name = profile(head).name
    overrides: dict[str, Any] = {}
    for item in (i.strip() for i in items):
        if not item:
            continue
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise RulesError(f"bad override {item!r}", expected="option=value", actual=item)
        if key in overrides:
            raise RulesError(f"option {key} is given twice in {text.strip()!r}")
        overrides[key] = option(key).parse(value)
    return name, overrides


@cache
def spec_of(rules: str) -> GameSpec:
    """:func:`resolve` of a rules text, once per text (a hand's ``rules``)."""
    return resolve(rules)


def resolve(text_or_name: str = DEFAULT_PROFILE, **overrides: Any) -> GameSpec:
    """The spec of ``"profile[; option=value]..."``, then keyword ``overrides`` on top.

    >>> resolve("soko-finnish; raise_after_pass=false").raise_after_pass
    False
    """
    name, parsed = parse_rules(text_or_name)
    values = {**PROFILES[name].values, **parsed, **overrides}
    return GameSpec.build(profile=name, **values)


def rules_text(spec: GameSpec) -> str:
    """The shortest ``Rules:`` text for ``spec``: its profile and the options that differ.

    Options with a derived default are written only when they differ from what
    the other overrides imply. Options come in the order of OPTIONS.
    """
    values = spec.options()
    base = resolve(spec.profile).options()
    derived = {n for n, o in OPTIONS.items() if isinstance(o.default, Derived)}
    explicit = {n: v for n, v in values.items() if n not in derived and v != base[n]}
    implied = resolve(spec.profile, **explicit).options()
    keep = {n for n in values if n in explicit or (n in derived and values[n] != implied[n])}
    diff = [f"{n}={format_value(OPTIONS[n], values[n])}" for n in OPTIONS if n in keep]
    return "; ".join([spec.profile, *diff])
