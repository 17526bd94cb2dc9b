"""A game as data: the frozen spec of a rules text, as the core resolves it.

:class:`GameSpec` holds one value per option of :data:`~.options.OPTIONS`
(same names) and what follows from them: the streets, the forced bets, who acts
first, the deal in words and the showdown's shares. The core makes every check
and derivation (``core/src/rules/game.rs``: an impossible combination is a
:class:`~soko_analytics.errors.RulesError` naming the options and their values);
:meth:`GameSpec.of` reads its answer. Stakes are not part of a spec: they come
from each hand's header.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import _core
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
)
from .ranking import HandRanking, HighCardRule, Ranking


@dataclass(frozen=True)
class Street:
    """One street: the cards dealt, then a betting round.

    ``name`` is the street as the logs print it (``3rd STREET``, ``FLOP``).
    ``down`` and ``up`` count cards dealt to each player, ``board`` shared
    cards; ``turn_up`` counts hole cards each player turns face up.
    ``bet_size`` is set under fixed limit only. ``open_pair_big_bet``: an open
    pair showing allows the big bet on this street. ``draw``: a draw street,
    where each player still in discards up to this many cards (or stands pat) and
    is dealt as many, in turn from the dealer's left, before the betting.
    ``structure``: the betting structure of this street's round.
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

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Street:
        """A street of the core's spec."""
        size, structure = data["bet_size"], data["structure"]
        return cls(**{**data, "bet_size": size and BetSize(size),
                      "structure": structure and BettingStructure(structure)})

    @property
    def per_player(self) -> int:
        """Cards dealt to each player on this street."""
        return self.down + self.up

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


@dataclass(frozen=True)
class Share:
    """One share of every pot at showdown: hi/lo games split each pot into a high and a low share.

    ``hole_cards``: a hand uses exactly this many of the player's own cards and the rest from the
    board (None: any five). ``qualifier``: a hand wins the share only with no card above this rank
    (8: eight or better; ace counts 1); ``qualifier_cards`` the worst hand that qualifies, as card codes.
    ``label``: how the logs name the share in a description.
    """

    ranking: Ranking
    hole_cards: int | None = None
    qualifier: int | None = None
    label: str | None = None
    qualifier_cards: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON and the core)."""
        cards = None if self.qualifier_cards is None else list(self.qualifier_cards)
        return {"ranking": self.ranking.name, "hole_cards": self.hole_cards, "qualifier": cards, "label": self.label}


@dataclass(frozen=True)
class ForcedBets:
    """Which forced bets a game has, in posting order; the amounts come from the hand's stakes."""

    kinds: tuple[ForcedBet, ...] = ()

    @property
    def blinds(self) -> bool:
        """Whether the game has blinds (a button blind is a big blind alone)."""
        return ForcedBet.BIG_BLIND in self.kinds

    @property
    def bring_in(self) -> bool:
        """Whether the ``bring_in_card`` player must post the bring-in."""
        return ForcedBet.BRING_IN in self.kinds

    @property
    def text(self) -> str:
        """As RULES.md §1 writes it: ``ante + bring-in``, ``blinds``, ``button blind`` (one big blind)."""
        blinds = "blinds" if ForcedBet.SMALL_BLIND in self.kinds else "button blind"
        words = {ForcedBet.ANTE: "ante", ForcedBet.BIG_BLIND: blinds, ForcedBet.BRING_IN: "bring-in"}
        return " + ".join(words[k] for k in self.kinds if k in words) or "none"


DERIVED_FIELDS = ("streets", "forced_bets", "first_round_first_to_act", "deal_text", "betting_rounds", "shares",
                  "lowest_card")
"""GameSpec fields the core derives from the options."""


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """A game: one value per option (see :data:`~.options.OPTIONS`) and what follows from them.

    Build it with :meth:`of` or :func:`~.profiles.resolve`: the core checks the options and derives
    the rest (:data:`DERIVED_FIELDS`).
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
    streets: tuple[Street, ...]
    forced_bets: ForcedBets
    first_round_first_to_act: FirstToAct
    deal_text: str
    """The deal in words, e.g. ``1 down + 4 up`` or ``2 down + 4 up + 1 down``."""
    betting_rounds: int
    """How many betting rounds a hand can have."""
    shares: tuple[Share, ...]
    """The shares of every pot at showdown: the high hand, and the low hand in a hi/lo game."""
    lowest_card: int
    """The lowest card code in the deck (0: 2c; a short deck's 6c)."""

    @classmethod
    def of(cls, rules: str) -> GameSpec:
        """The spec of a rules text (``"profile; option=value; ..."``), resolved and checked by the core."""
        return cls.from_core(json.loads(_core.resolve_spec(rules)))

    @classmethod
    def from_core(cls, data: Mapping[str, Any]) -> GameSpec:
        """A spec from the core's resolved game (``_core.resolve_spec``)."""
        values = {name: opt.value(data["options"][name]) for name, opt in OPTIONS.items()}
        qualifier = values["split_qualifier"]
        shares = tuple(Share(Ranking.from_name(s["ranking"]), s["hole_cards"], s["qualifier"] and qualifier, s["label"],
                             s["qualifier"] and tuple(s["qualifier"])) for s in data["showdown"])
        return cls(profile=data["profile"], **values, streets=tuple(map(Street.of, data["streets"])),
                   forced_bets=ForcedBets(tuple(map(ForcedBet, data["forced_bets"]))),
                   first_round_first_to_act=FirstToAct(data["first_to_act"]["first_round"]), deal_text=data["deal"],
                   betting_rounds=data["betting_rounds"], shares=shares, lowest_card=data["deck_lowest_card"])

    @property
    def ranking(self) -> Ranking:
        """The hand ranking with its options, for the evaluator (the first share's)."""
        return self.shares[0].ranking

    @property
    def has_draws(self) -> bool:
        """Whether a player's cards change in a draw (the draw games)."""
        return any(s.draw for s in self.streets)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 52, a short deck's 36."""
        return 52 - self.lowest_card

    @property
    def cards_per_player(self) -> int:
        """Cards each player holds at the end (board cards not counted)."""
        return sum(s.per_player for s in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards at the end (not counting a deck-out card)."""
        return sum(s.board for s in self.streets)

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


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, str) else value
