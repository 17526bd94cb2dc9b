"""Per-player facts of one hand: the rows of ``player_hands`` (schemas/002_player_hands.sql).

Player statistics (:mod:`soko_analytics.stats`) are sums of these facts, so each
is computed once, at import, by one pass over the hand's actions. The
definitions are those of docs/stats.md; the names below follow it.

Rounds are numbered as in :mod:`soko_analytics.model.hand`: round 0 is the first
betting round (preflop, 3rd street, 2nd street), round 1 the second (the flop,
4th, 3rd street). A *raise level* counts the voluntary raises of a round: on the
first round the forced bets are level 0, the first raise (hold'em's 2-bet, a
stud completion, Sökö's opening bet where no bring-in is forced) is level 1; on
later rounds a bet is level 1 and each raise adds one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from functools import lru_cache
from operator import attrgetter

from ..model.hand import BETTING, ActionKind, Hand, Stakes
from ..model.ledger import Flow
from ..rules.evaluate import evaluator
from ..rules.options import BettingStructure
from ..rules.profiles import PROFILES, resolve
from ..rules.ranking import Ranking

__all__ = ["COLUMNS", "LIMITS", "POSITION_GROUPS", "Facts", "Unit", "hand_facts", "rake_shares", "unit_of",
           "unit_sql", "won_unit"]

_K = ActionKind
_AGGRESSIVE = frozenset({_K.BET, _K.RAISE, _K.COMPLETE})
_VOLUNTARY = frozenset({_K.CALL, _K.BET, _K.RAISE, _K.COMPLETE})

POSITION_GROUPS: Mapping[str, str] = {
    "BTN": "button", "SB": "blinds", "BB": "blinds", "UTG": "early", "UTG+1": "early",
    "UTG+2": "middle", "UTG+3": "middle", "MP": "middle", "HJ": "middle", "CO": "late",
}
"""Hold'em position label (store/rows.py) → the group ``--by position`` reports."""

_STEALERS = frozenset({"CO", "BTN", "SB"})
_BLINDS = frozenset({"SB", "BB"})

COLUMNS: tuple[str, ...] = (
    "walk", "vpip", "pfr", "situation",
    "post_bets", "post_raises", "post_calls", "post_folds", "post_checks",
    "street_reached", "saw_second", "showdown", "won_showdown", "won",
    "three_bet_opp", "three_bet", "fold_3bet_opp", "fold_3bet",
    "cbet_flop_opp", "cbet_flop", "fold_cbet_flop_opp", "fold_cbet_flop",
    "cbet_turn_opp", "cbet_turn", "fold_cbet_turn_opp", "fold_cbet_turn",
    "steal_opp", "steal", "fold_steal_opp", "fold_steal",
    "bring_in", "complete_opp", "complete", "fold_completion_opp", "fold_completion",
    "best_showing_opp", "best_showing_bet", "showdown_class",
)
"""The fact columns of :class:`Facts`, in the DDL's order."""


@dataclass(slots=True)
class Facts:
    """One player's facts in one hand (see docs/stats.md for each)."""

    walk: bool = False
    vpip: bool = False
    pfr: bool = False
    situation: str = "no decision"
    post_bets: int = 0
    post_raises: int = 0
    post_calls: int = 0
    post_folds: int = 0
    post_checks: int = 0
    street_reached: int = 0
    saw_second: bool = False
    showdown: bool = False
    won_showdown: bool = False
    won: bool = False
    three_bet_opp: bool = False
    three_bet: bool = False
    fold_3bet_opp: bool = False
    fold_3bet: bool = False
    cbet_flop_opp: bool = False
    cbet_flop: bool = False
    fold_cbet_flop_opp: bool = False
    fold_cbet_flop: bool = False
    cbet_turn_opp: bool = False
    cbet_turn: bool = False
    fold_cbet_turn_opp: bool = False
    fold_cbet_turn: bool = False
    steal_opp: bool = False
    steal: bool = False
    fold_steal_opp: bool = False
    fold_steal: bool = False
    bring_in: bool = False
    complete_opp: bool = False
    complete: bool = False
    fold_completion_opp: bool = False
    fold_completion: bool = False
    best_showing_opp: int = 0
    best_showing_bet: int = 0
    showdown_class: str | None = None
    _acted: set = field(default_factory=set)
    """Rounds on which the player has made a decision (internal)."""

    def values(self) -> tuple:
        return _VALUES(self)


_VALUES = attrgetter(*COLUMNS)


class Unit(StrEnum):
    """What won per 100 hands counts: the ``unit`` column of the stats (docs/stats.md)."""

    BIG_BLIND = "bb"
    """The big blind: no- and pot-limit games with blinds (hold'em)."""
    BIG_BET = "big bets"
    """The big bet, or a spread's largest bet: fixed- and spread-limit games."""
    BRING_IN = "bring-ins"
    """The bring-in: no- and pot-limit games without blinds that force one (stud)."""
    ANTE = "antes"
    """The ante: no- and pot-limit games with neither blinds nor a bring-in."""


LIMITS = frozenset({BettingStructure.FIXED_LIMIT, BettingStructure.SPREAD})
"""Structures whose won-per-100 unit is the big bet."""


def won_unit(structure: str, stakes: Stakes) -> tuple[Unit, int] | None:
    """The unit of won-per-100 and its amount in minor units: the big bet (or the spread's largest bet)
    under fixed and spread limit; otherwise the big blind, else the bring-in, else the ante. None when
    the stakes name none of them."""
    if BettingStructure(structure) in LIMITS:
        amount = stakes.big_bet or stakes.max_bet
        return (Unit.BIG_BET, amount) if amount else None
    for unit, amount in ((Unit.BIG_BLIND, stakes.big_blind), (Unit.BRING_IN, stakes.bring_in),
                         (Unit.ANTE, stakes.ante)):
        if amount:
            return unit, amount
    return None


def unit_of(structure: str, stakes: Stakes) -> int | None:
    """The amount of :func:`won_unit` (``player_hands.unit``)."""
    found = won_unit(structure, stakes)
    return found[1] if found else None


@lru_cache(maxsize=1)
def unit_sql() -> str:
    """:class:`Unit` as SQL over a row with ``structure`` and ``profile`` (``player_hands``, ``player_days``).

    The structure says big bets; otherwise the profile's forced bets say which of the big blind, the
    bring-in and the ante the stakes name (a hand's stakes carry the forced bets of its game), so the
    label is the one :func:`won_unit` chose (tests/stats/test_invariants.py checks it on every stored hand).
    """
    def quoted(values) -> str:
        return ", ".join(f"'{v}'" for v in sorted(values)) or "NULL"

    specs = {name: resolve(name).forced_bets for name in PROFILES}
    blinds = quoted(n for n, f in specs.items() if f.blinds)
    bring_in = quoted(n for n, f in specs.items() if f.bring_in)
    return (f"CASE WHEN structure IN ({quoted(LIMITS)}) THEN '{Unit.BIG_BET}' "
            f"WHEN profile IN ({blinds}) THEN '{Unit.BIG_BLIND}' "
            f"WHEN profile IN ({bring_in}) THEN '{Unit.BRING_IN}' ELSE '{Unit.ANTE}' END")


def rake_shares(rake: int | None, collected: Mapping[str, int]) -> dict[str, int]:
    """The rake attributed to each player in proportion to what they collected (the largest
    remainders get the odd units, first in seat order on ties); nobody collected: nobody paid."""
    total = sum(collected.values())
    if not rake or total <= 0:
        return {p: 0 for p in collected}
    exact = {p: rake * c for p, c in collected.items()}
    shares = {p: v // total for p, v in exact.items()}
    left = rake - sum(shares.values())
    for p in sorted(collected, key=lambda p: -(exact[p] % total))[:left]:
        shares[p] += 1
    return shares


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the facts need to know of the game: hold'em-style positions, streets with betting."""

    button: bool
    """Positions come from a button (hold'em); otherwise the stud facts apply."""
    best_showing: bool
    """Later rounds open with the best showing hand."""
    ranking: Ranking
    cards: int
    """Cards in a player's final hand, own and board (hold'em 7, Sökö 5)."""


def hand_facts(hand: Hand, game: GameFacts, positions: Mapping[str, str | None], dealt: set[str],
               flows: Mapping[str, Flow]) -> dict[str, Facts]:
    """The facts of each player dealt in, by name."""
    facts = {p: Facts() for p in dealt}
    actions = hand.actions
    betting = [a for a in actions if a.kind in BETTING and a.player in facts]
    folded: dict[str, int] = {}
    last_street = max((d.street for d in hand.deals), default=0)
    last_street = max(last_street, max((a.street for a in betting), default=0))

    # first round: who posts the bring-in, who acts first
    first_actor = None
    for a in actions:
        if a.street == 0 and a.player in facts:
            if a.kind is _K.BRING_IN:
                facts[a.player].bring_in = True
                first_actor = a.player
                break
            if a.kind in BETTING:
                first_actor = a.player
                break
    late = _late_stud(hand, first_actor, dealt) if not game.button else frozenset()

    street = -1
    level = callers = 0
    raisers: list[str] = []
    aggressor: str | None = None      # last raiser of round 0
    cbettor: dict[int, str] = {}      # round → who made the continuation bet
    steal_open = False                # a steal is standing with nobody in after it
    bettor: str | None = None         # who bet this round (level 1 on rounds ≥ 1)
    opened = False                    # a betting action has been taken this round
    for a in betting:
        p, kind, s = a.player, a.kind, a.street
        f = facts[p]
        if s != street:
            street, level, callers, raisers, bettor, opened = s, 0, 0, [], None, False
        first_decision = s not in f._acted
        f._acted.add(s)
        if s == 0:
            if first_decision:
                f.situation = _situation(level, callers)
            if kind in _VOLUNTARY:
                f.vpip = True
            if kind in _AGGRESSIVE:
                f.pfr = True
            if game.button:
                _holdem_round0(f, p, kind, level, callers, first_decision, positions, raisers, steal_open)
                if first_decision and level == 0 and callers == 0 and positions.get(p) in _STEALERS \
                        and kind is _K.RAISE:
                    steal_open = True
                elif kind in _VOLUNTARY:
                    steal_open = False
            else:
                steal_open = _stud_round0(f, p, kind, level, callers, first_decision, first_actor, late,
                                          steal_open)
        else:
            if kind in (_K.BET, _K.COMPLETE):
                f.post_bets += 1
            elif kind is _K.RAISE:
                f.post_raises += 1
            elif kind is _K.CALL:
                f.post_calls += 1
            elif kind is _K.FOLD:
                f.post_folds += 1
            else:
                f.post_checks += 1
            if game.best_showing and not opened:
                f.best_showing_opp += 1
                f.best_showing_bet += kind is _K.BET
            if game.button and s in (1, 2):
                _cbet(f, p, kind, s, level, first_decision, aggressor, cbettor, bettor)
        if kind is _K.FOLD:
            folded[p] = s
        elif kind is _K.CALL:
            callers += 1
        elif kind in _AGGRESSIVE:
            level += 1
            raisers.append(p)
            if s == 0:
                aggressor = p
            elif level == 1:
                bettor = p
        opened = True

    # how far each player got, and the end of the hand
    active = [p for p in facts if p not in folded]
    contested = len(active) >= 2
    for p, f in facts.items():
        f.street_reached = folded.get(p, last_street)
        f.saw_second = f.street_reached >= 1
        collected = flows[p].collected if p in flows else 0
        f.won = collected > 0
        f.showdown = contested and p not in folded
        f.won_showdown = f.showdown and f.won
        f.walk = 0 not in f._acted and not contested and p not in folded and len(facts) > 1
        if f.walk:
            f.situation = "walk"
        if f.showdown:
            f.showdown_class = _showdown_class(hand, p, game)
    return facts


def _showdown_class(hand: Hand, player: str, game: GameFacts) -> str | None:
    """The class of the player's final hand (``four_flush``, ``full_house``), where all its cards are known."""
    cards = {c for d in hand.deals if d.player == player and d.run == 0 for c in d.cards if c is not None}
    for a in hand.actions:
        if a.player == player and a.cards and a.kind in (_K.SHOW, _K.MUCK):
            cards.update(a.cards)
    cards.update(hand.board())
    if len(cards) != game.cards or not 5 <= len(cards) <= 7:
        return None
    ev = evaluator(game.ranking)
    return ev.hand_class(ev.value(tuple(cards))).name.lower()


def _situation(level: int, callers: int) -> str:
    if level == 0:
        return "unopened" if callers == 0 else "limped"
    return "facing raise" if level == 1 else "facing re-raise"


def _holdem_round0(f: Facts, p: str, kind: ActionKind, level: int, callers: int, first_decision: bool,
                   positions: Mapping[str, str | None], raisers: list[str], steal_open: bool) -> None:
    if level == 1 and not f.three_bet_opp and raisers[0] != p:
        f.three_bet_opp = True
        f.three_bet = kind is _K.RAISE
    if level == 2 and raisers and raisers[0] == p and not f.fold_3bet_opp:
        f.fold_3bet_opp = True
        f.fold_3bet = kind is _K.FOLD
    position = positions.get(p)
    if first_decision and level == 0 and callers == 0 and position in _STEALERS:
        f.steal_opp = True
        f.steal = kind is _K.RAISE
    if first_decision and steal_open and level == 1 and position in _BLINDS:
        f.fold_steal_opp = True
        f.fold_steal = kind is _K.FOLD


def _stud_round0(f: Facts, p: str, kind: ActionKind, level: int, callers: int, first_decision: bool,
                 first_actor: str | None, late: frozenset[str], steal_open: bool) -> bool:
    """The first-round facts of stud and Sökö; returns whether a steal now stands."""
    if first_decision and level == 0:
        f.complete_opp = True
        f.complete = kind in _AGGRESSIVE
    if level == 1 and not f.fold_completion_opp:
        f.fold_completion_opp = True
        f.fold_completion = kind is _K.FOLD
    if first_decision and level == 0 and callers == 0 and p in late:
        f.steal_opp = True
        f.steal = kind in _AGGRESSIVE
        if f.steal:
            return True
    if steal_open and level == 1 and p == first_actor and not f.fold_steal_opp:
        f.fold_steal_opp = True
        f.fold_steal = kind is _K.FOLD
    return steal_open and kind not in _VOLUNTARY


def _cbet(f: Facts, p: str, kind: ActionKind, s: int, level: int, first_decision: bool,
          aggressor: str | None, cbettor: dict[int, str], bettor: str | None) -> None:
    """Continuation bets on the flop (round 1) and the turn (round 2), and folds to them."""
    if p == aggressor and first_decision and level == 0 and (s == 1 or cbettor.get(1) == p):
        if s == 1:
            f.cbet_flop_opp, f.cbet_flop = True, kind is _K.BET
        else:
            f.cbet_turn_opp, f.cbet_turn = True, kind is _K.BET
        if kind is _K.BET:
            cbettor[s] = p
    elif level == 1 and bettor is not None and cbettor.get(s) == bettor and p != bettor:
        if s == 1 and not f.fold_cbet_flop_opp:
            f.fold_cbet_flop_opp, f.fold_cbet_flop = True, kind is _K.FOLD
        elif s == 2 and not f.fold_cbet_turn_opp:
            f.fold_cbet_turn_opp, f.fold_cbet_turn = True, kind is _K.FOLD


def _late_stud(hand: Hand, first_actor: str | None, dealt: set[str]) -> frozenset[str]:
    """The two players who act last on the first round before it comes back to its first actor."""
    if first_actor is None:
        return frozenset()
    order = [s.name for s in hand.seats if s.name in dealt]
    at = order.index(first_actor)
    after = order[at + 1:] + order[:at]
    return frozenset(after[-2:])


def played_at(hand: Hand) -> datetime | None:
    return hand.start_utc or hand.start


# -- the sums the stats read ---------------------------------------------------------------

ROLLUP: dict[str, str] = {
    "hands": "1",
    "walks": "walk",
    "net": "net",
    "showdown_net": "CASE WHEN showdown THEN net ELSE 0 END",
    "allin_adjusted": "allin_adjusted",
    "allin_var": "allin_se * allin_se",
    "won_units": "net::DOUBLE / unit",
    "rake": "rake",
    "vpip": "vpip",
    "pfr": "pfr",
    "post_bets": "post_bets",
    "post_raises": "post_raises",
    "post_calls": "post_calls",
    "post_folds": "post_folds",
    "saw_second": "saw_second",
    "showdown": "showdown",
    "won_showdown": "won_showdown",
    "saw_second_won": "saw_second AND won",
    **{c: c for c in (
        "three_bet_opp", "three_bet", "fold_3bet_opp", "fold_3bet", "cbet_flop_opp", "cbet_flop",
        "fold_cbet_flop_opp", "fold_cbet_flop", "cbet_turn_opp", "cbet_turn", "fold_cbet_turn_opp",
        "fold_cbet_turn", "steal_opp", "steal", "fold_steal_opp", "fold_steal", "bring_in", "complete_opp",
        "complete", "fold_completion_opp", "fold_completion", "best_showing_opp", "best_showing_bet")},
    **{f"reached_{k + 1}": f"street_reached >= {k}" for k in range(1, 5)},
}
"""Each sum the stat catalogue reads (stats/catalogue.py), as SQL over one ``player_hands`` row.

Stats are ratios of these sums, so they add up over any grouping: ``player_days``
(schemas/006_stats_fixes.sql) holds them per player, currency, game, profile, structure, stakes and
day, summed at import, and a query sums those rows again; a grouping ``player_days`` has no key for
(position, situation, session) sums the same expressions over ``player_hands``."""

DOUBLE_SUMS = frozenset({"allin_var", "won_units"})
"""Sums of :data:`ROLLUP` that are not whole numbers."""

ROLLUP_KEYS = ("player", "currency", "decimals", "game", "profile", "structure", "stakes", "day")


def rollup_sums() -> str:
    """The SELECT list of :data:`ROLLUP` sums (booleans count as 1)."""
    return ", ".join(
        f"CAST(sum(CAST(({sql}) AS {'DOUBLE' if name in DOUBLE_SUMS else 'BIGINT'})) AS "
        f"{'DOUBLE' if name in DOUBLE_SUMS else 'BIGINT'}) AS {name}" for name, sql in ROLLUP.items())


def rollup_sql(source: str) -> str:
    """``player_days`` rows from the ``player_hands`` rows of ``source`` (a table or a subquery)."""
    return (f"SELECT player, currency, decimals, game, profile, structure, stakes, CAST(played_at AS DATE) AS day, "
            f"{rollup_sums()} FROM {source} GROUP BY ALL")
