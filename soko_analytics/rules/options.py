"""The rule vocabulary and the registry of every option of RULES.md.

Each rule that differs between games or houses is an option with a default
(RULES.md, preamble). This module names them: the :class:`~enum.StrEnum` s of
the vocabulary, and :data:`OPTIONS`, one :class:`Option` per name, spelled as
RULES.md spells it, with its type, default, allowed values, a one-line
description with the RULES.md section, and a parser from text
(``true``/``false``, integers, enum values, ``none``, ``unlimited``).

Options marked ``default=PROFILE`` have no house-independent default: every
profile sets them (the rows of the RULES.md §1 table). A :class:`Derived`
default follows from other options (for example ``max_bets_per_round`` is 4
under ``fixed_limit`` and unlimited otherwise).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..errors import RulesError
from .ranking import HandRanking, HighCardRule


class BettingStructure(StrEnum):
    """How big a bet or raise may be (RULES.md §2.8–9, §3.3–4)."""

    SPREAD = "spread"
    """Any bet or raise from the minimum up to ``max_bet_or_raise`` (RULES.md §2.8)."""
    FIXED_LIMIT = "fixed_limit"
    """Every bet and raise is exactly the street's small or big bet (RULES.md §2.9, §3.3, §4.3)."""
    POT_LIMIT = "pot_limit"
    """A raise may be at most the pot after calling (RULES.md §2.9, §3.4)."""
    NO_LIMIT = "no_limit"
    """Any bet or raise up to the whole stack (RULES.md §3.4)."""


class BringInCard(StrEnum):
    """Which up card must open the first betting round (RULES.md §1, §2.5, §4.2)."""

    HIGHEST = "highest"
    """The highest up card brings in (Sökö, casino rules)."""
    LOWEST = "lowest"
    """The lowest up card brings in (Seven and Five Card Stud)."""


class TieBreak(StrEnum):
    """How a tie between equal up cards or equal showing hands is broken."""

    SUIT = "suit"
    """By suit in bridge order ♠ > ♥ > ♦ > ♣: the highest suit for a high card, the lowest (♣) for a low card."""
    POSITION = "position"
    """The tied player first from the dealer's left."""


class FirstToAct(StrEnum):
    """Who acts first in a betting round."""

    BRING_IN = "bring_in"
    """The player whose up card ``bring_in_card`` picks; posts the bring-in when ``bring_in_forced``."""
    BEST_SHOWING = "best_showing"
    """The best showing hand (up cards only); with one up card, the highest up card."""
    LEFT_OF_BUTTON = "left_of_button"
    """The first active player left of the button."""
    LEFT_OF_BIG_BLIND = "left_of_big_blind"
    """The first active player left of the big blind (preflop)."""


class LastCardMode(StrEnum):
    """How Sökö's last card is dealt (RULES.md §2.4)."""

    UP = "up"
    """Face up, like the others: four betting rounds."""
    PIHINA = "pihina"
    """Dealt down but turned up before betting continues; replays like ``up``."""
    PIHINA_HOLE = "pihina_hole"
    """Stays a second hole card for an extra betting round, then is turned up: five betting rounds."""


class LimitRaiseBase(StrEnum):
    """Fixed limit: what the next raise is a bet above, after an all-in raise short of a full bet."""

    ALL_IN = "all_in"
    """The all-in's total: an all-in of half a bet or more counts as a raise (RULES.md §2.9)."""
    LAST_FULL_BET = "last_full_bet"
    """The last full bet or raise: a short all-in sets no level (PokerStars' fixed-limit games: after a raise to
    120 and an all-in to 150 at 60/120, the next raise is to 180)."""
    FULL_BET = "full_bet"
    """The full bet the all-in counts as: an all-in of half a bet or more counts as the whole bet, and the next
    raise is a bet above that (iPoker: an all-in bet of 0.13 on a 0.20 round is raised to 0.40, not 0.33)."""


class OddChipRule(StrEnum):
    """Who gets the odd chip of a split pot (RULES.md §2.20, §4.6)."""

    LEFT_OF_DEALER = "left_of_dealer"
    """The tied winner nearest the dealer's left; several odd chips one each, in that order."""


class ForcedBet(StrEnum):
    """The kinds of forced bet (RULES.md §1 "forced bets")."""

    ANTE = "ante"
    """Every player posts it before the deal; only those who ante are dealt in (RULES.md §2.2)."""
    SMALL_BLIND = "small_blind"
    """Posted left of the button (RULES.md §3.1)."""
    BIG_BLIND = "big_blind"
    """Posted left of the small blind, usually 2 × the small blind (RULES.md §3.1)."""
    BRING_IN = "bring_in"
    """Posted by the ``bring_in_card`` player, usually 2 × ante; may instead open with a full bet
    (RULES.md §2.5, §4.2)."""


class Visibility(StrEnum):
    """How a dealt card lies."""

    DOWN = "down"
    """Face down to its player (a hole card)."""
    UP = "up"
    """Face up in front of its player."""
    BOARD = "board"
    """Face up in the middle, shared by all players."""


class BetSize(StrEnum):
    """Which fixed-limit bet a street uses (RULES.md §2.9, §3.3, §4.3)."""

    SMALL = "small"
    """The small bet of the stakes."""
    BIG = "big"
    """The big bet of the stakes."""


class CardsLayout(StrEnum):
    """The deal: cards per player and on the board, street by street (RULES.md §1 "cards")."""

    ONE_DOWN_FOUR_UP = "one_down_four_up"
    """1 down + 4 up, a betting round after the 2nd, 3rd, 4th and 5th card (Sökö, Five Card Stud)."""
    TWO_DOWN_FOUR_UP_ONE_DOWN = "two_down_four_up_one_down"
    """2 down and 1 up, then 3 up, then 1 down; five betting rounds (Seven Card Stud)."""
    TWO_DOWN_FIVE_BOARD = "two_down_five_board"
    """2 down, then 3, 1 and 1 board cards; four betting rounds (Texas Hold'em)."""
    FOUR_DOWN_FIVE_BOARD = "four_down_five_board"
    """4 down, then 3, 1 and 1 board cards (Omaha)."""
    FIVE_DOWN_FIVE_BOARD = "five_down_five_board"
    """5 down, then 3, 1 and 1 board cards (5 Card Omaha)."""
    SIX_DOWN_FIVE_BOARD = "six_down_five_board"
    """6 down, then 3, 1 and 1 board cards (6 Card Omaha)."""
    FIVE_DOWN_ONE_DRAW = "five_down_one_draw"
    """5 down, a betting round, one draw of up to 5 cards and a betting round (5 Card Draw, 2-7 Single Draw)."""
    FIVE_DOWN_THREE_DRAWS = "five_down_three_draws"
    """5 down, then three draws of up to 5 cards; four betting rounds (2-7 Triple Draw)."""
    FOUR_DOWN_THREE_DRAWS = "four_down_three_draws"
    """4 down, then three draws of up to 4 cards; four betting rounds (Badugi)."""
    FIVE_DOWN_FIVE_BOARD_ONE_PREFLOP = "five_down_five_board_one_preflop"
    """5 down and the first board card before the first betting round, then 2, 1 and 1 board cards (Courchevel)."""


class Deck(StrEnum):
    """The cards a game is played with."""

    STANDARD = "standard"
    """52 cards, deuce to ace (RULES.md §2.1)."""
    SHORT = "short"
    """36 cards, six to ace: the deuces to fives are taken out (6+ Hold'em, Short Deck)."""

    @property
    def lowest_rank(self) -> int:
        """The code rank of the lowest card in the deck (0: the deuce)."""
        return 4 if self is Deck.SHORT else 0


class StakesRef(StrEnum):
    """An amount the spec leaves to the hand's stakes (the log header)."""

    STAKES = "stakes"
    """Taken from the stakes of the hand, e.g. the maximum of a spread limit."""


class _Profile:
    """Marker: the option has no general default; every profile sets it."""

    def __repr__(self) -> str:
        return "PROFILE"


PROFILE: Any = _Profile()


@dataclass(frozen=True)
class Derived:
    """A default that follows from other options (already resolved)."""

    compute: Callable[[Mapping[str, Any]], Any]
    text: str


@dataclass(frozen=True)
class Option:
    """One option: its name, type, default, allowed values and meaning."""

    name: str
    type: str
    """``bool``, ``int``, ``amount`` (an int in minor units or ``stakes``) or ``enum``."""
    default: Any
    description: str
    section: str
    enum: builtins.type[StrEnum] | None = None
    nullable: bool = False
    null_word: str = "none"
    """How None is written: ``none`` (not applicable) or ``unlimited`` (no cap)."""
    minimum: int | None = None
    members: tuple[StrEnum, ...] | None = None
    """The allowed enum members when not all of ``enum`` are."""

    @property
    def choices(self) -> tuple[str, ...]:
        """The allowed values as text (empty for integers and amounts)."""
        if self.type == "bool":
            return ("true", "false")
        if self.enum is None:
            return ()
        members = self.members or tuple(self.enum)
        return tuple(m.value for m in members) + ((self.null_word,) if self.nullable else ())

    @property
    def default_text(self) -> str:
        """The default as it reads in docs and ``soko rules``."""
        if self.default is PROFILE:
            return "set by the profile"
        if isinstance(self.default, Derived):
            return self.default.text
        return format_value(self, self.default)

    def allowed_text(self) -> str:
        """The allowed values in words."""
        if self.choices:
            return " | ".join(self.choices)
        low = f"≥ {self.minimum}" if self.minimum is not None else "any"
        extra = f" | {self.null_word}" if self.nullable else ""
        if self.type == "amount":
            return f"amount in minor units {low} | stakes{extra}"
        return f"integer {low}{extra}"

    def parse(self, text: str) -> Any:
        """Turn the text of an override (``raise_after_pass=false``) into a value."""
        word = text.strip().lower()
        if self.nullable and word == self.null_word:
            return None
        if self.type == "bool":
            if word in ("true", "false"):
                return word == "true"
            raise self._bad(text)
        if self.type in ("int", "amount"):
            if self.type == "amount" and word == StakesRef.STAKES.value:
                return StakesRef.STAKES
            try:
                number = int(word)
            except ValueError:
                raise self._bad(text) from None
            return self.check(number)
        return self.check(word)

    def check(self, value: Any) -> Any:
        """Validate a Python value and coerce enum text to the member."""
        if value is None:
            if self.nullable:
                return None
            raise self._bad(value)
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise self._bad(value)
        if self.type in ("int", "amount"):
            if self.type == "amount" and value == StakesRef.STAKES:
                return StakesRef.STAKES
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._bad(value)
            if self.minimum is not None and value < self.minimum:
                raise RulesError(
                    f"{self.name}={value} is out of range",
                    expected=self.allowed_text(),
                    actual=str(value),
                )
            return value
        assert self.enum is not None
        try:
            member = self.enum(value)
        except ValueError:
            raise self._bad(value) from None
        if self.members is not None and member not in self.members:
            raise self._bad(value)
        return member

    def _bad(self, value: Any) -> RulesError:
        shown = self.null_word if value is None else value
        return RulesError(
            f"bad value {shown!r} for option {self.name}",
            expected=self.allowed_text(),
            actual=str(shown),
        )


def format_value(option: Option, value: Any) -> str:
    """A value as override text (``true``, ``4``, ``unlimited``, ``suit``)."""
    if value is None:
        return option.null_word
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _caps(values: Mapping[str, Any]) -> int | None:
    return 4 if values["structure"] == BettingStructure.FIXED_LIMIT else None


def _spread_max(values: Mapping[str, Any]) -> StakesRef | None:
    return StakesRef.STAKES if values["structure"] == BettingStructure.SPREAD else None


def _shows_four(values: Mapping[str, Any]) -> bool:
    return values["hand_ranking"] == HandRanking.SOKO


def _showing_tie(values: Mapping[str, Any]) -> TieBreak | None:
    shows = values["later_rounds_first_to_act"] == FirstToAct.BEST_SHOWING
    return TieBreak.POSITION if shows else None


_OPTIONS = (
    # The deal
    Option("cards", "enum", PROFILE, "the deal: cards per player and on the board", "§1", CardsLayout),
    Option("max_players", "int", PROFILE, "most players dealt in", "§1", minimum=2),
    Option("last_card_mode", "enum", LastCardMode.UP, "how Sökö's last card is dealt", "§2.4", LastCardMode),
    Option("deck", "enum", Deck.STANDARD, "the cards: standard 52, or short 36 (sixes to aces)",
           "§2.1; § Short Deck, Courchevel (docs/rules.md)", Deck),
    Option(
        "deck_out_community_card", "bool", False,
        "if the deck runs out on the last street, one card is dealt face up for all", "§4.5",
    ),
    # Forced bets and who acts first
    Option("ante", "bool", PROFILE, "every player antes before the deal", "§1, §2.2"),
    Option("blinds", "bool", PROFILE, "small and big blind left of the button", "§1, §3.1"),
    Option(
        "button_blind", "bool", False,
        "the button posts the only blind, which plays as a big blind (6+ Hold'em)",
        "§ Short Deck, Courchevel (docs/rules.md)",
    ),
    Option(
        "bring_in_card", "enum", PROFILE, "which up card opens round 1 (none: no bring-in)",
        "§1, §2.5, §4.2", BringInCard, nullable=True,
    ),
    Option(
        "bring_in_forced", "bool", PROFILE, "the bring_in_card player must post the bring-in or bet",
        "§1, §2.5",
    ),
    Option(
        "bring_in_tie_break", "enum", PROFILE, "who opens round 1 when up cards tie",
        "§1, §2.5, §4.2", TieBreak, nullable=True,
    ),
    Option(
        "later_rounds_first_to_act", "enum", PROFILE, "who acts first from round 2 on",
        "§1, §2.6, §3.2, §4.3", FirstToAct,
        members=(FirstToAct.BEST_SHOWING, FirstToAct.LEFT_OF_BUTTON),
    ),
    Option(
        "showing_tie_break", "enum",
        Derived(_showing_tie, "position with best_showing, else none"),
        "who acts first when showing hands tie", "§2.6", TieBreak, nullable=True,
    ),
    # Betting
    Option("structure", "enum", PROFILE, "betting structure", "§1, §2.8–9, §3.3–4", BettingStructure),
    Option(
        "first_round_structure", "enum", None,
        "the first betting round's structure where it differs (Pot Limit Pre-Flop, No Limit Post-Flop)",
        "§ Short Deck, Courchevel (docs/rules.md)", BettingStructure, nullable=True,
        members=(BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT, BettingStructure.FIXED_LIMIT),
    ),
    Option(
        "max_bets_per_round", "int",
        Derived(_caps, "4 under fixed_limit, else unlimited"),
        "cap: a bet and (n - 1) raises per round", "§1, §2.9, §3.3, §4.4",
        nullable=True, null_word="unlimited", minimum=1,
    ),
    Option("uncapped_heads_up", "bool", True, "no cap when only two players are in the hand", "§2.9"),
    Option(
        "max_bet_or_raise", "amount",
        Derived(_spread_max, "stakes under spread, else none"),
        "largest bet or raise of a spread limit (minor units, or stakes: from the log)", "§2.8",
        nullable=True, minimum=1,
    ),
    Option(
        "raise_after_pass", "bool", True,
        "a player who checked or called may raise later in the round", "§2.8",
    ),
    Option(
        "limit_raise_base", "enum", LimitRaiseBase.ALL_IN,
        "fixed limit: the next raise after a short all-in raise is a bet above the all-in, above the last full "
        "bet, or above the full bet the all-in counts as", "§2.9; § Draw games (docs/rules.md)", LimitRaiseBase,
    ),
    Option(
        "open_pair_big_bet", "bool", False,
        "an open pair on round 2 of a stud game allows the big bet", "§2.9, §4.3",
    ),
    # Hand ranking
    Option(
        "hand_ranking", "enum", PROFILE, "order of hand classes", "§1, §2.11, §3.5", HandRanking,
    ),
    Option(
        "high_card_rule", "enum", HighCardRule.KICKERS, "how two high-card hands compare", "§2.16",
        HighCardRule,
    ),
    Option("four_straight_ace_low", "bool", True, "Sökö: A-2-3-4 is a four-straight", "§2.12"),
    Option(
        "four_card_straight_flush_class", "bool", False,
        "Sökö: a four-card straight flush ranks above four-flush", "§2.13",
    ),
    Option(
        "hole_cards_used", "int", None,
        "a hand uses exactly this many of the player's own cards, the rest from the board (Omaha: 2)",
        "§ Omaha (docs/rules.md)", nullable=True, null_word="any", minimum=1,
    ),
    Option(
        "split_ranking", "enum", None,
        "hi/lo: each pot is split between the best hand and the best hand of this ranking",
        "§ hi/lo (docs/rules.md)", HandRanking, nullable=True, members=(HandRanking.ACE_TO_FIVE_LOW,),
    ),
    Option(
        "split_qualifier", "int", None,
        "hi/lo: a hand wins the low half only with no card above this rank (8: eight or better)",
        "§ hi/lo (docs/rules.md)", nullable=True, minimum=5,
    ),
    Option(
        "showing_four_card_hands_count", "bool",
        Derived(_shows_four, "true under hand_ranking=soko, else false"),
        "Sökö: four-flush and four-straight count among 4 up cards", "§2.6",
    ),
    # Pots
    Option("odd_chip_rule", "enum", OddChipRule.LEFT_OF_DEALER, "who gets the odd chip", "§2.20", OddChipRule),
    Option("chip_unit", "int", 1, "smallest chip in minor units (the odd chip)", "§2.20", minimum=1),
)

OPTIONS: Mapping[str, Option] = {option.name: option for option in _OPTIONS}
"""Every option, by name, in display order."""


def option(name: str) -> Option:
    """The option called ``name``; a RulesError listing the names if there is none."""
    try:
        return OPTIONS[name]
    except KeyError:
        raise RulesError(
            f"unknown option {name!r}",
            expected=f"one of {', '.join(OPTIONS)}",
            actual=name,
        ) from None


def complete(values: Mapping[str, Any]) -> dict[str, Any]:
    """Checked values for every option: given ones first, then defaults.

    Raises RulesError for an unknown name, a bad value, or a ``PROFILE``
    option with no value.
    """
    done: dict[str, Any] = {}
    for name, value in values.items():
        done[name] = option(name).check(value)
    missing = [o.name for o in _OPTIONS if o.name not in done and o.default is PROFILE]
    if missing:
        raise RulesError(f"no value for option(s) {', '.join(missing)}: a profile must set them")
    for opt in _OPTIONS:
        if opt.name not in done and not isinstance(opt.default, Derived):
            done[opt.name] = opt.default
    for opt in _OPTIONS:
        if opt.name not in done:
            done[opt.name] = opt.check(opt.default.compute(done))
    return {name: done[name] for name in OPTIONS}
