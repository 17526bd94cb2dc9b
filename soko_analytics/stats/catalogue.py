"""The stat catalogue: every player stat as data (its SQL sums, its games, its definition).

A stat is an expression of the sums of :data:`~soko_analytics.store.facts.ROLLUP` (each a sum
over the rows of ``player_hands``, one row per player per hand), divided by another; the sums are
kept per player and day in ``player_days`` so that most queries read a small table. Percentages carry their
number of opportunities and a 95% Wilson interval. ``source`` says whose
definition it is: ``PT4`` (PokerTracker 4), ``HM`` (Hold'em Manager) or
``ours`` where no tracker defines one (stud and Sökö mostly). docs/stats.md is
written from this table (tests/stats/test_docs_stats.py keeps them equal).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..i18n import N_

__all__ = ["CATALOGUE", "GAME_GROUPS", "Kind", "Stat", "stat"]


class Kind(StrEnum):
    COUNT = "count"
    """A number of hands."""
    MONEY = "money"
    """Minor units of the group's currency."""
    PERCENT = "percent"
    """numerator / denominator × 100, with its opportunities and a 95% Wilson interval."""
    RATIO = "ratio"
    """numerator / denominator (the aggression factor)."""
    PER_100 = "per_100"
    """Won per 100 hands in the row's ``unit`` (big blinds, big bets, bring-ins or antes)."""


GAME_GROUPS = {"all": None,
               "holdem": ("holdem", "short-deck", "omaha", "omaha-hilo", "omaha5", "omaha5-hilo", "omaha6",
                          "courchevel", "courchevel-hilo"),
               "stud": ("stud7", "stud5", "soko", "razz", "stud7-hilo"),
               "draw": ("draw5", "single-draw27", "triple-draw27", "badugi")}
"""Which ``player_hands.game`` values a stat applies to: hold'em's stats to every game with a flop (6+,
Omaha and Courchevel bet as hold'em does), stud's to every stud game (Razz and Stud Hi/Lo too)."""


@dataclass(frozen=True)
class Stat:
    name: str
    """The column of the result (and the JSON field)."""
    label: str
    kind: Kind
    numerator: str
    """SQL over the sums of :data:`~soko_analytics.store.facts.ROLLUP` (``vpip``, ``hands - walks``)."""
    denominator: str | None
    games: str
    """A key of :data:`GAME_GROUPS`."""
    source: str
    definition: str


def _pct(name: str, label: str, made: str, opp: str, games: str, source: str, definition: str) -> Stat:
    return Stat(name, label, Kind.PERCENT, made, opp, games, source, definition)


_POST_AGGRESSION = "post_bets + post_raises"

CATALOGUE: tuple[Stat, ...] = (
    Stat("hands", N_("Hands"), Kind.COUNT, "hands", None, "all", "PT4",
         N_("Hands the player was dealt into (a seat sitting out is not dealt in, unless its player comes back and "
            "plays).")),
    Stat("net_won", N_("Net won"), Kind.MONEY, "net", None, "all", "PT4",
         N_("What the player collected (and was paid for cashing out) minus what they put in, after rake. "
            "Amounts of different currencies are never added: each currency (and tournament chips) is its own row.")),
    Stat("won_per_100", N_("Won/100"), Kind.PER_100, "won_units", "hands", "all", "PT4",
         N_("Net won per 100 hands, in the row's unit (the `unit` column; rows never mix units): big blinds "
            "(`bb`) in no-limit and pot-limit hold'em, big bets (`big bets`) in fixed-limit games and in "
            "spread-limit games, where the big bet is the largest bet allowed; pot- and no-limit games without "
            "blinds count in bring-ins (`bring-ins`), or in antes (`antes`) where no bring-in is forced.")),
    _pct("vpip", N_("VPIP"), "vpip", "hands - walks", "all", "PT4",
         N_("Voluntarily put money in pot: hands where the player called, bet, raised or completed on the first "
            "betting round, over hands minus walks. Blinds, antes and the bring-in are forced and do not count; "
            "a big blind's check does not count.")),
    _pct("pfr", N_("PFR"), "pfr", "hands - walks", "all", "PT4",
         N_("Raise first round: hands where the player raised on the first round (hold'em: preflop raise; "
            "stud and Sökö: a completion, a raise, or the opening bet where no bring-in is forced), over hands "
            "minus walks.")),
    Stat("af", N_("AF"), Kind.RATIO, _POST_AGGRESSION, "post_calls", "all", "PT4",
         N_("Aggression factor: (bets + raises) / calls after the first round (postflop in hold'em).")),
    _pct("afq", N_("AFq"), _POST_AGGRESSION, "post_bets + post_raises + post_calls + post_folds", "all", "HM",
         N_("Aggression frequency: (bets + raises) / (bets + raises + calls + folds) after the first round; "
            "checks do not count (Hold'em Manager's AFq; PokerTracker 4 has no stat of this name).")),
    _pct("wtsd", N_("WTSD"), "showdown", "saw_second", "all", "PT4",
         N_("Went to showdown: hands that ended with the player and at least one other player not folded, over "
            "hands where the player saw the second round (the flop; stud 4th street; Sökö 3rd street).")),
    _pct("wsd", N_("W$SD"), "won_showdown", "showdown", "all", "PT4",
         N_("Won money at showdown: showdowns where the player collected any amount (a split pot counts), over "
            "showdowns.")),
    _pct("wwsf", N_("WWSF"), "saw_second_won", "saw_second", "all", "PT4",
         N_("Won when saw the second round: hands where the player saw the second round and collected any "
            "amount, over hands where they saw it.")),
    Stat("showdown_won", N_("Showdown won"), Kind.MONEY, "showdown_net", None, "all",
            "PT4", N_("Net won in hands that went to showdown with the player in them (the tracker's blue line).")),
    Stat("non_showdown_won", N_("Non-showdown won"), Kind.MONEY, "net - showdown_net", None,
            "all", "PT4", N_("Net won in all other hands (the tracker's red line).")),
    Stat("allin_adjusted", N_("All-in adj."), Kind.MONEY, "allin_adjusted", None, "all", "PT4",
         N_("All-in adjusted winnings: where no more betting can happen, cards are still to come and every live "
            "player's cards are known, the player's equity in each pot (exact enumeration of the remaining cards "
            "up to 100,000 outcomes, else a seeded Monte Carlo of 5,000 deals) times the pot, less its share "
            "of the rake, minus what they put in; every other hand counts its net. ``allin_adjusted_se`` is "
            "the Monte Carlo standard error of the total (0 when every figure is exact).")),
    Stat("rake", N_("Rake"), Kind.MONEY, "rake", None, "all", "PT4",
         N_("Rake paid: each hand's rake attributed to the players who collected, in proportion to what they "
            "collected (fpdb's and PokerTracker 4's default 'winner pays' convention).")),
    # hold'em
    _pct("three_bet", N_("3Bet"), "three_bet", "three_bet_opp", "holdem", "PT4",
         N_("Preflop 3-bet: re-raised when facing exactly one raise, over the times the player faced one.")),
    _pct("fold_to_3bet", N_("Fold to 3Bet"), "fold_3bet", "fold_3bet_opp", "holdem", "PT4",
         N_("Made the first raise preflop, faced a 3-bet (no 4-bet yet) and folded, over the times they faced one.")),
    _pct("cbet_flop", N_("CBet flop"), "cbet_flop", "cbet_flop_opp", "holdem", "PT4",
         N_("Continuation bet: the last preflop raiser bet the flop when nobody had bet before them, over the times "
            "they were the last raiser and could bet first on the flop.")),
    _pct("fold_to_cbet_flop", N_("Fold to flop CBet"), "fold_cbet_flop", "fold_cbet_flop_opp", "holdem", "PT4",
         N_("Faced a flop continuation bet (not yet raised) and folded, over the times the player faced one.")),
    _pct("cbet_turn", N_("CBet turn"), "cbet_turn", "cbet_turn_opp", "holdem", "PT4",
         N_("The flop continuation bettor bet the turn when nobody had bet before them, over the times they could.")),
    _pct("fold_to_cbet_turn", N_("Fold to turn CBet"), "fold_cbet_turn", "fold_cbet_turn_opp", "holdem", "PT4",
         N_("Faced a turn continuation bet (not yet raised) and folded, over the times the player faced one.")),
    _pct("steal", N_("Steal"), "steal", "steal_opp", "all", "PT4",
         N_("Hold'em: raised first in from the cutoff, the button or the small blind when everyone before had "
            "folded, over those chances (PT4's attempt to steal). Stud and Sökö (ours): completed (or opened) on "
            "the first round from one of the two seats that act last before the first actor, when everyone "
            "before had folded to the bring-in.")),
    _pct("fold_to_steal", N_("Fold to steal"), "fold_steal", "fold_steal_opp", "all", "PT4",
         N_("Hold'em: in a blind, faced a steal with nobody else in and folded, over those chances. Stud and "
            "Sökö (ours): the bring-in (or first actor) faced a steal with nobody else in and folded.")),
    # stud and Sökö
    _pct("bring_in", N_("Bring-in"), "bring_in", "hands", "stud", "ours",
         N_("Hands where the player's up card made them post the bring-in, over hands.")),
    _pct("complete", N_("Complete"), "complete", "complete_opp", "stud", "ours",
         N_("Completed (or, where no bring-in is forced, opened the betting) at the first decision on the first "
            "round, over first decisions taken before anyone had completed.")),
    _pct("fold_to_completion", N_("Fold to completion"), "fold_completion", "fold_completion_opp", "stud", "ours",
         N_("Faced a completion (not yet raised) on the first round and folded, over the times the player faced one.")),
    _pct("saw_round_2", N_("Saw round 2"), "reached_2", "hands", "stud", "ours",
         N_("Hands where the player saw the second round (stud 4th street, Sökö 3rd street), over hands.")),
    _pct("saw_round_3", N_("Saw round 3"), "reached_3", "hands", "stud", "ours",
         N_("The third round (stud 5th street, Sökö 4th street), over hands.")),
    _pct("saw_round_4", N_("Saw round 4"), "reached_4", "hands", "stud", "ours",
         N_("The fourth round (stud 6th street, Sökö 5th street), over hands.")),
    _pct("saw_round_5", N_("Saw round 5"), "reached_5", "hands", "stud", "ours",
         N_("The fifth round (seven-card stud's river; Sökö's turn-up round under last_card_mode=pihina_hole), "
            "over hands.")),
    _pct("best_showing_bet", N_("Bet best showing"), "best_showing_bet", "best_showing_opp", "stud", "ours",
         N_("Bets with the best showing hand: on the rounds after the first, the player whose up cards made them "
            "first to act bet (rather than checked or folded), over those rounds.")),
    # draw games
    _pct("stand_pat", N_("Stand pat"), "stand_pats", "draws", "draw", "ours",
         N_("Draws where the player stood pat (kept every card), over the draws they took part in, all-in or not.")),
    Stat("cards_per_draw", N_("Cards/draw"), Kind.RATIO, "cards_drawn", "draws", "draw", "ours",
         N_("Cards drawn per draw taken part in (standing pat draws none).")),
    _pct("pat_first_draw", N_("Pat on 1st draw"), "first_draw_pat", "first_draw", "draw", "ours",
         N_("Hands where the player stood pat on the first draw (kept the hand dealt), over hands where they were "
            "at it.")),
    Stat("cards_first_draw", N_("Cards on 1st draw"), Kind.RATIO, "first_draw_cards", "first_draw", "draw", "ours",
         N_("Cards drawn on the first draw, per hand where the player was at it.")),
)
"""Every stat, in the order results list them."""

_BY_NAME = {s.name: s for s in CATALOGUE}


def stat(name: str) -> Stat:
    """The stat called ``name`` (a :class:`~soko_analytics.errors.SokoError` naming the choices otherwise)."""
    from ..errors import SokoError, phrase

    try:
        return _BY_NAME[name]
    except KeyError:
        raise SokoError(phrase("no stat named {name!r}", name=name), expected=", ".join(_BY_NAME),
                        actual=name) from None
