"""Player models for the simulator: how loose, how aggressive, how often they bluff or call down.

A model turns the player's cards into a strength between 0 and 1 and picks
among the legal actions with probabilities set by its parameters. The styles
differ measurably: looser players put money in voluntarily more often (VPIP),
more aggressive ones bet and raise more often relative to calling.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache

import numpy as np

from ..model.cards import Card
from ..model.hand import ActionKind
from ..rules.evaluate import evaluator
from ..rules.ranking import HandRanking
from ..rules.spec import GameSpec
from .play import Decision, Legal

K = ActionKind


@dataclass(frozen=True)
class PlayerModel:
    """A style of play. Every parameter is a probability-like weight between 0 and 1."""

    style: str
    looseness: float
    """How weak a hand he still plays: the strength he needs to continue is 0.8 - 0.6 * looseness."""
    aggression: float
    """With a hand he plays, how often he bets or raises rather than checks or calls."""
    bluff: float
    """How often he bets or raises with a hand below his threshold."""
    call_down: float
    """How often he calls with a hand below his threshold (a calling station's weakness)."""


STYLES = {
    "rock": PlayerModel("rock", looseness=0.15, aggression=0.25, bluff=0.02, call_down=0.05),
    "tag": PlayerModel("tag", looseness=0.35, aggression=0.7, bluff=0.08, call_down=0.1),
    "lag": PlayerModel("lag", looseness=0.7, aggression=0.75, bluff=0.2, call_down=0.2),
    "station": PlayerModel("station", looseness=0.8, aggression=0.1, bluff=0.02, call_down=0.7),
    "bluffer": PlayerModel("bluffer", looseness=0.55, aggression=0.6, bluff=0.45, call_down=0.15),
}
"""The styles the simulator seats (parameters stated here, tested against the VPIP and aggression they give)."""


BY_SHARE = (HandRanking.DEUCE_TO_SEVEN_LOW, HandRanking.BADUGI)
"""Rankings whose values crowd the unpaired hands into the top fifth (2-7, Badugi): a hand's strength is the share
of all hands it beats, or the simulated draw games would go all in on most hands."""


@cache
def _beaten(ranking) -> np.ndarray:
    """The share of all hands of the ranking's size worse than each value."""
    table = evaluator(ranking)._five
    counts = np.bincount(table.values, minlength=table.distinct + 1)
    return np.concatenate([[0.0], np.cumsum(counts)[:-1] / len(table.values)])


def strength(cards: list[Card], ranking) -> float:
    """0..1: the best five of the cards by the ranking's value when five are known, else a showing-hand guess."""
    ev = evaluator(ranking)
    if len(cards) >= ev.size:
        value = ev.value(cards[:7])
        if ranking.kind in BY_SHARE:
            return float(_beaten(ranking)[value])
        return value / ev._five.distinct
    ranks = [c.rank for c in cards]
    counts = Counter(ranks)
    top = max(counts.values(), default=1)
    high = max(ranks, default=0) / 12
    suited = len(cards) > 1 and len({c.suit for c in cards}) == 1
    connected = len(cards) > 1 and max(ranks) - min(ranks) <= len(cards)
    return min(1.0, 0.15 + 0.3 * high + 0.25 * (top - 1) + 0.1 * suited + 0.08 * connected)


def chooser(model: PlayerModel):
    """A chooser (see :data:`~.play.Chooser`) that plays by a model."""

    def choose(legal: Legal, spec: GameSpec, rng: random.Random, cards: list[Card]) -> Decision:
        power = strength(cards, spec.ranking)
        threshold = 0.8 - 0.6 * model.looseness
        good = power >= threshold
        can_raise = legal.bet or legal.raise_to
        if can_raise and rng.random() < (model.aggression * (0.5 + power) if good else model.bluff):
            bounds, sizes = (legal.bet or legal.raise_to), legal.sizes
            assert bounds is not None  # can_raise
            low, high = bounds
            target = low if sizes or rng.random() < 0.6 else rng.randint(low, max(low, min(high, low * 3)))
            if legal.bet:
                return Decision(K.BET, target)
            return Decision(K.COMPLETE if legal.complete_to is not None else K.RAISE, target)
        if legal.can_check:
            return Decision(K.CHECK)
        if good or rng.random() < model.call_down:
            return Decision(K.CALL)
        return Decision(K.FOLD)

    return choose
