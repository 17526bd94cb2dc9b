"""All-in equity: each player's expected share of the pots over the cards to come.

Used for "all-in adjusted winnings": once every player still in is all in, the
cards still to be dealt decide the pots, and a player's *equity* is what they
win on average over those cards.

The model. Player ``i`` holds known own cards ``hole[i]`` and will be dealt
``need[i]`` more; the board holds ``board`` and will get ``board_need`` more;
``dead`` cards are known to be out of the deck. The unseen deck is everything
else. A final hand is the player's own cards plus the full board (5 to 7
cards), valued by :func:`~.evaluate.evaluator` (best five). Each pot goes to
the best hand among its eligible players; equal best hands split it.

The method (the compiled core's, ``core/src/facts/equity.rs``; this module checks the
arguments). An *outcome* is the board's draw (a combination of the unseen deck)
followed by each player's draw in seat order (a combination of what is left),
so there are ``C(n, board_need) * C(n - board_need, need[0]) * ...`` outcomes
for ``n`` unseen cards, all equally likely. When that count is at most
``exact_limit`` every outcome is valued and the payoffs averaged: the result is
exact. Otherwise ``samples`` deals are drawn, each a uniformly random ordered
draw without replacement from the unseen deck (a partial Fisher-Yates shuffle
per deal from a seeded SplitMix64 generator), and the result is the mean payoff
with its standard error (the sample standard deviation of the per-deal payoff
over the square root of ``samples``).

>>> from soko_analytics.model.cards import parse_cards
>>> from soko_analytics.rules.ranking import HIGH
>>> e = equity(HIGH, [parse_cards("Ah Kh"), parse_cards("Qs Qd")], board=parse_cards("Qh 7h 2c 3s"), board_need=1)
>>> e.exact, e.outcomes, round(e.share(0), 4)  # 9 hearts, less 2h and 3h that fill the Queens up: 7/44
(True, 44, 0.1591)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from .. import _core
from ..errors import EvaluationError
from ..model.cards import Card, first_repeat
from .ranking import Ranking
from .tables import ensure_ranking


@dataclass(frozen=True)
class Equity:
    """What each player wins on average once all are all in."""

    expected: tuple[float, ...]
    """Per player: the expected amount won, the sum over pots of amount times share."""
    se: tuple[float, ...]
    """Per player: the standard error of ``expected`` (0.0 when exact)."""
    exact: bool
    """True when every outcome was enumerated, False for a Monte Carlo estimate."""
    outcomes: int
    """How many outcomes were enumerated, or deals drawn."""

    def share(self, i: int) -> float:
        """Player ``i``'s equity as a fraction of all the pots.

        Every pot is always won by someone, so the pots total ``sum(expected)``.
        """
        total = math.fsum(self.expected)
        return self.expected[i] / total if total else 0.0


def equity(
    ranking: Ranking,
    hole: Sequence[Sequence[int]],
    need: Sequence[int] = (),
    board: Sequence[int] = (),
    board_need: int = 0,
    dead: Sequence[int] = (),
    pots: Sequence[tuple[int, Sequence[int]]] | None = None,
    samples: int = 20_000,
    seed: int = 0,
    exact_limit: int = 100_000,
) -> Equity:
    """Each player's expected winnings from ``pots`` over the cards still to come.

    ``hole[i]`` are player ``i``'s known own cards and ``need[i]`` how many more
    they get (default none); ``board``/``board_need`` the same for community
    cards; ``dead`` cards are out of the deck. ``pots`` lists ``(amount,
    eligible player indices)``; the default is one pot of 1 that everyone
    contests, so ``expected`` is then the equity itself. Exact when at most
    ``exact_limit`` outcomes, else ``samples`` Monte Carlo deals from ``seed``
    (see the module text). Raises :class:`~soko_analytics.errors.EvaluationError`
    for impossible input.
    """
    holes = [_cards(h, f"hole[{i}]") for i, h in enumerate(_seq(hole, "hole"))]
    players = len(holes)
    if players == 0:
        raise EvaluationError("equity needs at least one player", expected="one hole per player", actual="none")
    needs = [_count(k, f"need[{i}]") for i, k in enumerate(_seq(need, "need"))] or [0] * players
    if len(needs) != players:
        raise EvaluationError(
            "need must give one count per player", expected=f"{players} counts", actual=f"{len(needs)} counts"
        )
    board_cards = _cards(board, "board")
    board_need = _count(board_need, "board_need")
    known = list(chain(*holes, board_cards, _cards(dead, "dead")))
    twice = first_repeat(known)
    if twice is not None:
        raise EvaluationError(f"card {_name(twice)} is given twice", expected="each card once", actual=_name(twice))
    final_board = len(board_cards) + board_need
    for i, (h, k) in enumerate(zip(holes, needs)):
        if not 5 <= len(h) + k + final_board <= 7:
            raise EvaluationError(
                f"player {i} would end with {len(h) + k + final_board} cards"
                f" ({len(h)} own + {k} to come + {final_board} board)",
                expected="5 to 7 cards",
                actual=str(len(h) + k + final_board),
            )
    draw = board_need + sum(needs)
    left = 52 - len(known)
    if draw > left:
        raise EvaluationError(
            f"{draw} cards are still to be dealt but only {left} are left in the deck",
            expected=f"at most {left} to come",
            actual=str(draw),
        )
    pot_list = _pots(pots, players)
    exact_limit = _count(exact_limit, "exact_limit")
    samples = _count(samples, "samples")
    count = math.comb(left, board_need)
    rest = left - board_need
    for k in needs:
        count *= math.comb(rest, k)
        rest -= k
    if count > exact_limit and samples < 2:
        raise EvaluationError("Monte Carlo needs at least 2 samples", expected="samples >= 2", actual=str(samples))
    expected, se, exact, outcomes = _core.equity(
        ensure_ranking(ranking), holes, needs, board_cards, board_need, _cards(dead, "dead"), pot_list,
        min(samples, 2**32 - 1), _count(seed, "seed") % 2**64, min(exact_limit, 2**64 - 1))
    return Equity(tuple(expected), tuple(se), exact, outcomes)


def _pots(pots, players: int) -> list[tuple[float, list[int]]]:
    if pots is None:
        return [(1.0, list(range(players)))]
    out = []
    for j, pot in enumerate(_seq(pots, "pots")):
        try:
            amount, eligible = pot
            amount = float(amount)
            eligible = [operator.index(p) for p in eligible]
        except (TypeError, ValueError):
            raise EvaluationError(
                f"pot {j} is not (amount, eligible players)", expected="(amount, [player indices])", actual=repr(pot)
            ) from None
        if not math.isfinite(amount) or amount < 0:
            raise EvaluationError(f"pot {j} has amount {amount}", expected="a finite amount >= 0", actual=str(amount))
        if not eligible or len(set(eligible)) != len(eligible) or not all(0 <= p < players for p in eligible):
            raise EvaluationError(
                f"pot {j} must name one or more distinct players 0..{players - 1}",
                expected=f"distinct indices 0..{players - 1}",
                actual=repr(eligible),
            )
        out.append((amount, eligible))
    if not out or not sum(a for a, _ in out) > 0:
        raise EvaluationError("the pots must total more than zero", expected="a pot with an amount > 0")
    return out


def _seq(value, what: str) -> list:
    if isinstance(value, (str, bytes)):
        raise EvaluationError(f"{what} must be a sequence, not text", expected="card codes 0..51", actual=repr(value))
    try:
        return list(value)
    except TypeError:
        raise EvaluationError(f"{what} must be a sequence", actual=repr(value)) from None


def _cards(cards, what: str) -> list[int]:
    out = []
    for c in _seq(cards, what):
        try:
            code = operator.index(c)
        except TypeError:
            code = None
        if code is None or isinstance(c, bool) or not 0 <= code <= 51:
            raise EvaluationError(f"{what} has {c!r}, which is not a card code", expected="0..51", actual=repr(c))
        out.append(code)
    return out


def _count(value, what: str) -> int:
    try:
        n = operator.index(value)
    except TypeError:
        n = -1
    if n < 0:
        raise EvaluationError(f"{what} must be a whole number >= 0", expected=">= 0", actual=repr(value))
    return n


def _name(code: int) -> str:
    return str(Card(code))
