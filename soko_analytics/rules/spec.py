"""A game as data: frozen specs built from the options of RULES.md.

:class:`GameSpec` holds one value per option of :data:`~.options.OPTIONS`
(same names) and derives from them the streets, the forced bets and who acts
first. Its ``__post_init__`` rejects impossible combinations with a
:class:`~soko_analytics.errors.RulesError` that names the options and their
values. Stakes are not part of a spec: they come from each hand's header.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..errors import RulesError
from .options import (
    OPTIONS,
    BetSize,
    BettingStructure,
    BringInCard,
    CardsLayout,
    Deck,
    FirstToAct,
    ForcedBet,
    LastCardMode,
    LimitRaiseBase,
    OddChipRule,
    StakesRef,
    TieBreak,
    Visibility,
    complete,
    format_value,
)
from .ranking import SHORT_DECKS, HandRanking, HighCardRule, Ranking

FIVE = 5
"""Cards in a poker hand."""

SUITS = 4

TURN_UP = "TURN UP"
"""Name of the extra street of ``last_card_mode=pihina_hole`` (formats/soko-text.md)."""


@dataclass(frozen=True)
class Street:
    """One street: the cards dealt, then (usually) a betting round.

    ``name`` is the street as the logs print it (``3rd STREET``, ``FLOP``).
    ``down`` and ``up`` count cards dealt to each player, ``board`` shared
    cards; ``turn_up`` counts hole cards each player turns face up.
    ``bet_size`` is set under fixed limit only. ``open_pair_big_bet``: an open
    pair showing allows the big bet on this street. ``draw``: a draw street,
    where each player still in discards up to this many cards (or stands pat) and
    is dealt as many, in turn from the dealer's left, before the betting.
    ``structure``: the betting structure of this street's round (set on the
    spec's streets; None in the layout templates).
    """

    name: str
    down: int = 0
    up: int = 0
    board: int = 0
    turn_up: int = 0
    betting: bool = True
    bet_size: BetSize | None = None
    open_pair_big_bet: bool = False
    draw: int = 0
    structure: BettingStructure | None = None

    def __post_init__(self) -> None:
        counts = {"down": self.down, "up": self.up, "board": self.board, "turn_up": self.turn_up, "draw": self.draw}
        bad = {k: v for k, v in counts.items() if not isinstance(v, int) or v < 0}
        if bad:
            raise RulesError(f"street {self.name!r}: card counts must be integers ≥ 0, got {bad}")
        if not any(counts.values()):
            raise RulesError(f"street {self.name!r} deals no card, turns none up and has no draw")
        if self.bet_size is not None and not self.betting:
            raise RulesError(f"street {self.name!r} has bet_size={self.bet_size} but no betting round")
        if self.open_pair_big_bet and self.bet_size is not BetSize.SMALL:
            raise RulesError(
                f"street {self.name!r}: open_pair_big_bet needs a small-bet street, bet_size={self.bet_size}"
            )

    @property
    def per_player(self) -> int:
        """Cards dealt to each player on this street."""
        return self.down + self.up

    def dealt(self) -> tuple[tuple[Visibility, int], ...]:
        """The cards in deal order, as (visibility, count) pairs with count > 0."""
        pairs = ((Visibility.DOWN, self.down), (Visibility.UP, self.up), (Visibility.BOARD, self.board))
        return tuple((vis, n) for vis, n in pairs if n)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON)."""
        return {
            "name": self.name,
            "down": self.down,
            "up": self.up,
            "board": self.board,
            "turn_up": self.turn_up,
            "betting": self.betting,
            "bet_size": None if self.bet_size is None else str(self.bet_size),
            "open_pair_big_bet": self.open_pair_big_bet,
            "draw": self.draw,
            "structure": None if self.structure is None else str(self.structure),
        }


_S, _B = BetSize.SMALL, BetSize.BIG

LAYOUTS: Mapping[CardsLayout, tuple[Street, ...]] = {
    CardsLayout.ONE_DOWN_FOUR_UP: (
        Street("2nd STREET", down=1, up=1, bet_size=_S),
        Street("3rd STREET", up=1, bet_size=_S, open_pair_big_bet=True),
        Street("4th STREET", up=1, bet_size=_B),
        Street("5th STREET", up=1, bet_size=_B),
    ),
    CardsLayout.TWO_DOWN_FOUR_UP_ONE_DOWN: (
        Street("3rd STREET", down=2, up=1, bet_size=_S),
        Street("4th STREET", up=1, bet_size=_S, open_pair_big_bet=True),
        Street("5th STREET", up=1, bet_size=_B),
        Street("6th STREET", up=1, bet_size=_B),
        Street("RIVER", down=1, bet_size=_B),
    ),
    **{
        layout: (
            Street("HOLE CARDS", down=down, bet_size=_S),
            Street("FLOP", board=3, bet_size=_S),
            Street("TURN", board=1, bet_size=_B),
            Street("RIVER", board=1, bet_size=_B),
        )
        for layout, down in (
            (CardsLayout.TWO_DOWN_FIVE_BOARD, 2),
            (CardsLayout.FOUR_DOWN_FIVE_BOARD, 4),
            (CardsLayout.FIVE_DOWN_FIVE_BOARD, 5),
            (CardsLayout.SIX_DOWN_FIVE_BOARD, 6),
        )
    },
    # PokerStars prints no marker for a single draw; a triple draw's are FIRST, SECOND and THIRD DRAW.
    CardsLayout.FIVE_DOWN_ONE_DRAW: (
        Street("DEALING HANDS", down=5, bet_size=_S),
        Street("DRAW", draw=5, bet_size=_B),
    ),
    **{
        layout: (
            Street("DEALING HANDS", down=down, bet_size=_S),
            Street("FIRST DRAW", draw=down, bet_size=_S),
            Street("SECOND DRAW", draw=down, bet_size=_B),
            Street("THIRD DRAW", draw=down, bet_size=_B),
        )
        for layout, down in ((CardsLayout.FIVE_DOWN_THREE_DRAWS, 5), (CardsLayout.FOUR_DOWN_THREE_DRAWS, 4))
    },
    # Courchevel: the first board card comes with the hole cards (PokerStars: `*** PRE-FLOP *** [2s]`).
    CardsLayout.FIVE_DOWN_FIVE_BOARD_ONE_PREFLOP: (
        Street("HOLE CARDS", down=5, board=1, bet_size=_S),
        Street("FLOP", board=2, bet_size=_S),
        Street("TURN", board=1, bet_size=_B),
        Street("RIVER", board=1, bet_size=_B),
    ),
}
"""The street templates of each deal, with fixed-limit bet sizes and where an
open pair may allow the big bet (RULES.md §2.3, §2.9, §3.2–3, §4.1–3)."""


@dataclass(frozen=True)
class Share:
    """One share of every pot at showdown: hi/lo games split each pot into a high and a low share.

    ``hole_cards``: a hand uses exactly this many of the player's own cards and the rest from the
    board (None: any five). ``qualifier``: a hand wins the share only with no card above this rank
    (8: eight or better; ace counts 1). ``label``: how the logs name the share in a description.
    """

    ranking: Ranking
    hole_cards: int | None = None
    qualifier: int | None = None
    label: str | None = None

    def qualifier_cards(self) -> list[int] | None:
        """The worst hand that qualifies, as card codes: the qualifier and the four ranks below it."""
        if self.qualifier is None:
            return None
        ranks = [(self.qualifier - k - 2) % 13 for k in range(FIVE)]  # ace-low rank 1 is code rank 12
        return [rank * 4 + k % 4 for k, rank in enumerate(ranks)]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON and the core)."""
        return {"ranking": self.ranking.name, "hole_cards": self.hole_cards,
                "qualifier": self.qualifier_cards(), "label": self.label}


@dataclass(frozen=True)
class ForcedBets:
    """Which forced bets a game has; the amounts come from the hand's stakes."""

    ante: bool = False
    blinds: bool = False
    bring_in: bool = False
    button_blind: bool = False
    """The blinds are one big blind, posted by the button (6+ Hold'em)."""

    def __post_init__(self) -> None:
        if self.blinds and self.bring_in:
            raise RulesError("a game has blinds or a bring-in, not both", actual="blinds and bring_in")

    @property
    def kinds(self) -> tuple[ForcedBet, ...]:
        """The forced bets in posting order."""
        kinds = [ForcedBet.ANTE] if self.ante else []
        if self.blinds:
            kinds += [ForcedBet.BIG_BLIND] if self.button_blind else [ForcedBet.SMALL_BLIND, ForcedBet.BIG_BLIND]
        if self.bring_in:
            kinds.append(ForcedBet.BRING_IN)
        return tuple(kinds)

    @property
    def text(self) -> str:
        """As RULES.md §1 writes it: ``ante + bring-in``, ``blinds``."""
        blinds = ["button blind" if self.button_blind else "blinds"] if self.blinds else []
        words = (["ante"] if self.ante else []) + blinds
        return " + ".join(words + (["bring-in"] if self.bring_in else [])) or "none"


DERIVED_FIELDS = ("streets", "forced_bets", "first_round_first_to_act")
"""GameSpec fields computed from the options."""


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """A game: one value per option (see :data:`~.options.OPTIONS`) and what follows from them.

    Build it with :meth:`build` (fills defaults) or :func:`~.profiles.resolve`.
    ``streets``, ``forced_bets`` and ``first_round_first_to_act`` are derived.
    """

    profile: str
    cards: CardsLayout
    max_players: int
    last_card_mode: LastCardMode
    deck: Deck
    deck_out_community_card: bool
    ante: bool
    blinds: bool
    button_blind: bool
    bring_in_card: BringInCard | None
    bring_in_forced: bool
    bring_in_tie_break: TieBreak | None
    later_rounds_first_to_act: FirstToAct
    showing_tie_break: TieBreak | None
    structure: BettingStructure
    first_round_structure: BettingStructure | None
    max_bets_per_round: int | None
    """None: unlimited."""
    uncapped_heads_up: bool
    max_bet_or_raise: int | StakesRef | None
    raise_after_pass: bool
    limit_raise_base: LimitRaiseBase
    open_pair_big_bet: bool
    hand_ranking: HandRanking
    high_card_rule: HighCardRule
    four_straight_ace_low: bool
    four_card_straight_flush_class: bool
    hole_cards_used: int | None
    split_ranking: HandRanking | None
    split_qualifier: int | None
    showing_four_card_hands_count: bool
    odd_chip_rule: OddChipRule
    chip_unit: int
    streets: tuple[Street, ...] = field(init=False)
    forced_bets: ForcedBets = field(init=False)
    first_round_first_to_act: FirstToAct = field(init=False)

    @classmethod
    def build(cls, profile: str = "custom", **options: Any) -> GameSpec:
        """A spec from some options; the others take their defaults."""
        return cls(profile=profile, **complete(options))

    def __post_init__(self) -> None:
        for name, opt in OPTIONS.items():
            object.__setattr__(self, name, opt.check(getattr(self, name)))
        template = LAYOUTS[self.cards]
        self._check_forced_bets(template)
        first = self._first_round(template)
        self._check_acting(first, template)
        self._check_betting(template)
        self._check_deal(template)
        self._check_ranking(template)
        object.__setattr__(self, "first_round_first_to_act", first)
        object.__setattr__(self, "forced_bets", ForcedBets(
            ante=self.ante, blinds=self.blinds,
            bring_in=self.bring_in_card is not None and self.bring_in_forced, button_blind=self.button_blind,
        ))
        object.__setattr__(self, "streets", self._streets(template))

    # -- validation -----------------------------------------------------

    def _v(self, name: str) -> str:
        return f"{name}={format_value(OPTIONS[name], getattr(self, name))}"

    def _fail(self, reason: str, *names: str, expected: str | None = None) -> None:
        values = {n: format_value(OPTIONS[n], getattr(self, n)) for n in names}
        actual = ", ".join(f"{n}={v}" for n, v in values.items()) if expected else None
        raise RulesError(reason, expected=expected, actual=actual, extra={"options": values})

    def _check_forced_bets(self, template: tuple[Street, ...]) -> None:
        has_up = any(s.up for s in template)
        if self.blinds and has_up:
            self._fail(f"blinds=true is not possible with {self._v('cards')}: a stud game has no button "
                       "blinds; use ante and bring_in_card", "blinds", "cards")
        if self.bring_in_forced and self.bring_in_card is None:
            self._fail("bring_in_forced=true needs bring_in_card=highest or lowest, "
                       "but bring_in_card=none", "bring_in_forced", "bring_in_card",
                       expected="bring_in_card=highest or lowest")
        if self.bring_in_card is not None and not _round1_up(template):
            self._fail(f"{self._v('bring_in_card')} needs up cards in round 1; {self._v('cards')} deals none",
                       "bring_in_card", "cards", expected="bring_in_card=none")
        if self.button_blind and not self.blinds:
            self._fail("button_blind=true is a way of posting the blinds: it needs blinds=true",
                       "button_blind", "blinds", expected="blinds=true")
        if not (self.ante or self.blinds or (self.bring_in_card and self.bring_in_forced)):
            self._fail("no forced bet: ante=false, blinds=false, and no bring-in (bring_in_forced=true "
                       "with a bring_in_card); set one of them", "ante", "blinds", "bring_in_forced")

    def _first_round(self, template: tuple[Street, ...]) -> FirstToAct:
        if self.blinds:
            return FirstToAct.LEFT_OF_BIG_BLIND
        if self.bring_in_card is not None:
            return FirstToAct.BRING_IN
        return FirstToAct.BEST_SHOWING if _round1_up(template) else FirstToAct.LEFT_OF_BUTTON

    def _check_acting(self, first: FirstToAct, template: tuple[Street, ...]) -> None:
        by_card = first in (FirstToAct.BRING_IN, FirstToAct.BEST_SHOWING)
        if by_card and self.bring_in_tie_break is None:
            self._fail(f"round 1 opens by up card ({first}), so bring_in_tie_break must be suit or position",
                       "bring_in_tie_break", "cards")
        if not by_card and self.bring_in_tie_break is not None:
            self._fail(f"{self._v('bring_in_tie_break')} does not apply: round 1 opens {first}, "
                       "not by up card", "bring_in_tie_break", expected="bring_in_tie_break=none")
        later = self.later_rounds_first_to_act
        if later is FirstToAct.BEST_SHOWING and not any(s.up for s in template):
            self._fail(f"later_rounds_first_to_act=best_showing needs up cards; {self._v('cards')} has none",
                       "later_rounds_first_to_act", "cards", expected="left_of_button")
        showing = later is FirstToAct.BEST_SHOWING
        if showing != (self.showing_tie_break is not None):
            self._fail("showing_tie_break is needed with later_rounds_first_to_act=best_showing and only then",
                       "showing_tie_break", "later_rounds_first_to_act")

    def _check_betting(self, template: tuple[Street, ...]) -> None:
        spread = self.structure is BettingStructure.SPREAD
        if spread and self.max_bet_or_raise is None:
            self._fail("structure=spread needs max_bet_or_raise (an amount, or stakes: from the log)",
                       "structure", "max_bet_or_raise", expected="max_bet_or_raise=stakes")
        if not spread and self.max_bet_or_raise is not None:
            self._fail(f"max_bet_or_raise applies only to structure=spread, not {self._v('structure')}",
                       "max_bet_or_raise", "structure", expected="max_bet_or_raise=none")
        if self.open_pair_big_bet:
            if self.structure is not BettingStructure.FIXED_LIMIT:
                self._fail(f"open_pair_big_bet=true needs structure=fixed_limit, not {self._v('structure')}",
                           "open_pair_big_bet", "structure")
            if not any(s.open_pair_big_bet for s in template):
                self._fail(f"open_pair_big_bet=true needs a stud deal with open pairs; {self._v('cards')}",
                           "open_pair_big_bet", "cards")

    def _check_deal(self, template: tuple[Street, ...]) -> None:
        last = template[-1]
        if self.last_card_mode is not LastCardMode.UP:
            if (last.up, last.down, last.board) != (1, 0, 0):
                self._fail(f"{self._v('last_card_mode')} needs a last street of one up card; "
                           f"{self._v('cards')} ends with {last.name}", "last_card_mode", "cards")
            downs = sum(s.down for s in template)
            ups = sum(s.up for s in template)
            if self.last_card_mode is LastCardMode.PIHINA_HOLE and (downs, ups) != (1, 4):
                self._fail(f"last_card_mode=pihina_hole needs a 1 down + 4 up deal, not {self._v('cards')}",
                           "last_card_mode", "cards")
        if self.deck_out_community_card and (last.per_player != 1 or last.board):
            self._fail(f"deck_out_community_card=true needs a last street of one card per player; "
                       f"{self._v('cards')} ends with {last.name}", "deck_out_community_card", "cards")
        per_player = sum(s.per_player for s in template)
        board = sum(s.board for s in template)
        need = self.max_players * per_player + board
        if self.deck_out_community_card:
            need = self.max_players * (per_player - 1) + board + 1
        if need > self.deck_size:
            most = (self.deck_size - board) // per_player
            self._fail(f"{self._v('max_players')} with {self._v('cards')} needs {need} cards but the deck "
                       f"holds {self.deck_size}: at most {most} players, or deck_out_community_card=true",
                       "max_players", "cards", "deck", "deck_out_community_card")

    def _check_ranking(self, template: tuple[Street, ...]) -> None:
        size = self.ranking.hand_size  # Ranking rejects soko-only options under hand_ranking=high
        per_player = sum(s.per_player for s in template)
        board = sum(s.board for s in template)
        if per_player + board < size or (size < FIVE and (per_player, board) != (size, 0)):
            self._fail(f"{self._v('hand_ranking')} ranks hands of {size} cards; {self._v('cards')} deals "
                       f"{per_player} to each player and {board} on the board", "hand_ranking", "cards")
        hole = self.hole_cards_used
        if hole is not None:
            downs = sum(s.down for s in template)
            board = sum(s.board for s in template)
            if hole > min(downs, FIVE) or FIVE - hole > board:
                self._fail(f"{self._v('hole_cards_used')} needs {hole} hole cards and {FIVE - hole} board cards; "
                           f"{self._v('cards')} deals {downs} down and {board} on the board",
                           "hole_cards_used", "cards")
        if (self.deck is Deck.SHORT) != (self.hand_ranking in SHORT_DECKS):
            self._fail(f"{self._v('hand_ranking')} and {self._v('deck')} do not go together: the short deck's "
                       "rankings (A-6-7-8-9 is a straight) need deck=short, and a short deck needs one of them",
                       "hand_ranking", "deck")
        if self.split_qualifier is not None and self.split_ranking is None:
            self._fail("split_qualifier is a rule of the low half: it needs a split_ranking",
                       "split_qualifier", "split_ranking", expected="split_ranking=ace_to_five_low")
        if self.split_qualifier is not None and self.split_qualifier > 13:
            self._fail(f"{self._v('split_qualifier')} is above the King (13)", "split_qualifier",
                       expected="5 to 13")
        if self.split_ranking is not None and self.hand_ranking is not HandRanking.HIGH:
            self._fail(f"a hi/lo split needs hand_ranking=high for the high half, not {self._v('hand_ranking')}",
                       "split_ranking", "hand_ranking")
        if self.showing_four_card_hands_count:
            if self.hand_ranking is not HandRanking.SOKO:
                self._fail("showing_four_card_hands_count=true needs hand_ranking=soko: "
                           f"{self._v('hand_ranking')} has no four-card hands",
                           "showing_four_card_hands_count", "hand_ranking")
            if sum(s.up for s in template) < 4:
                self._fail(f"showing_four_card_hands_count=true needs 4 up cards; {self._v('cards')}",
                           "showing_four_card_hands_count", "cards")

    # -- derived --------------------------------------------------------

    def _streets(self, template: tuple[Street, ...]) -> tuple[Street, ...]:
        first = next((i for i, s in enumerate(template) if s.betting), 0)
        streets = []
        for i, s in enumerate(template):
            structure = (self.first_round_structure or self.structure) if i == first else self.structure
            fixed = structure is BettingStructure.FIXED_LIMIT
            streets.append(Street(s.name, s.down, s.up, s.board, s.turn_up, s.betting,
                                  s.bet_size if fixed else None, s.open_pair_big_bet and self.open_pair_big_bet,
                                  s.draw, structure if s.betting else None))
        if self.last_card_mode is LastCardMode.PIHINA_HOLE:
            last = streets[-1]
            streets[-1] = Street(last.name, down=1, bet_size=last.bet_size, structure=last.structure)
            streets.append(Street(TURN_UP, turn_up=1, bet_size=last.bet_size, structure=last.structure))
        return tuple(streets)

    @cached_property
    def ranking(self) -> Ranking:
        """The hand ranking with its options, for the evaluator."""
        return Ranking(self.hand_ranking, self.high_card_rule, self.four_straight_ace_low,
                       self.four_card_straight_flush_class)

    @property
    def shares(self) -> tuple[Share, ...]:
        """The shares of every pot at showdown: the high hand, and the low hand in a hi/lo game."""
        if self.split_ranking is None:
            lows = (HandRanking.ACE_TO_FIVE_LOW, HandRanking.DEUCE_TO_SEVEN_LOW)
            label = "Lo" if self.hand_ranking in lows else None  # Razz: "Lo: 8,6,5,4,2"
            return (Share(self.ranking, self.hole_cards_used, label=label),)
        low = Ranking(self.split_ranking)
        return (Share(self.ranking, self.hole_cards_used, label="HI"),
                Share(low, self.hole_cards_used, self.split_qualifier, label="LO"))

    @property
    def has_draws(self) -> bool:
        """Whether a player's cards change in a draw (the draw games)."""
        return any(s.draw for s in self.streets)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 52, a short deck's 36."""
        return (13 - self.deck.lowest_rank) * SUITS

    @property
    def lowest_card(self) -> int:
        """The lowest card code in the deck (0: 2c; a short deck's 6c)."""
        return self.deck.lowest_rank * SUITS

    @property
    def betting_rounds(self) -> int:
        """How many betting rounds a hand can have."""
        return sum(1 for s in self.streets if s.betting)

    @property
    def cards_per_player(self) -> int:
        """Cards each player holds at the end (board cards not counted)."""
        return sum(s.per_player for s in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards at the end (not counting a deck-out card)."""
        return sum(s.board for s in self.streets)

    @property
    def deal_text(self) -> str:
        """The deal in words, e.g. ``1 down + 4 up`` or ``2 down + 4 up + 1 down``."""
        runs: list[list[Any]] = []
        for street in self.streets:
            for vis, n in street.dealt():
                if runs and runs[-1][0] is vis:
                    runs[-1][1] += n
                else:
                    runs.append([vis, n])
        draws = sum(1 for s in self.streets if s.draw)
        words = [f"{n} {vis}" for vis, n in runs]
        if draws:
            words.append("1 draw" if draws == 1 else f"{draws} draws")
        return " + ".join(words)

    def options(self) -> dict[str, Any]:
        """The option values, by name."""
        return {name: getattr(self, name) for name in OPTIONS}

    def to_dict(self) -> dict[str, Any]:
        """Plain data: profile, options (as override text would give them), and what follows."""
        return {
            "profile": self.profile,
            "options": {n: _plain(v) for n, v in self.options().items()},
            "deal": self.deal_text,
            "betting_rounds": self.betting_rounds,
            "streets": [s.to_dict() for s in self.streets],
            "forced_bets": [str(k) for k in self.forced_bets.kinds],
            "first_to_act": {
                "first_round": str(self.first_round_first_to_act),
                "first_round_tie_break": _plain(self.bring_in_tie_break),
                "later_rounds": str(self.later_rounds_first_to_act),
                "later_rounds_tie_break": _plain(self.showing_tie_break),
            },
            "ranking": self.ranking.name,
            "showdown": [share.to_dict() for share in self.shares],
            "deck_lowest_card": self.lowest_card,
        }


def _round1_up(template: tuple[Street, ...]) -> bool:
    """Whether a player shows an up card by the first betting round."""
    for street in template:
        if street.up:
            return True
        if street.betting:
            return False
    return False


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, str) else value

