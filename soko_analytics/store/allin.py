"""All-in adjusted winnings of one hand: each player's equity in the pots once no more betting can happen.

The moment is the hand's last betting action. If then at least two players are
still in, at most one of them is not all in, cards are still to come and every
live player's cards are known (shown at showdown, or dealt face up, or the log
owner's), each live player's *adjusted* winnings are their expected share of
every pot over the cards still to come (:func:`~soko_analytics.rules.equity.equity`:
exact when there are at most 100,000 outcomes, otherwise a Monte Carlo of
:data:`SAMPLES` deals seeded with the hand's key), scaled by what the pots paid out after rake, minus what
they put in. What the site paid a player for cashing out the hand is not pot money and is
not in the figure (PokerStars' "cashed out the hand for": the player gave up his share of the pot
for it; his adjusted winnings are still his equity in the pot). Everybody else's adjusted winnings
are their net. Run-it-twice hands are left as they are (both runs are in the log).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import cast

from ..model.hand import BETTING, ActionKind, Hand
from ..model.ledger import Flow, money_flow
from ..replay.pots import build_pots
from ..rules.equity import equity
from ..rules.spec import GameSpec

__all__ = ["Adjusted", "allin_adjusted"]

_SHOWN = frozenset({ActionKind.SHOW, ActionKind.MUCK})

SAMPLES = 5_000
"""Monte Carlo deals where the outcomes are too many to enumerate (preflop hold'em, early stud): the
standard error of an equity is then at most 0.71% (sqrt(1/4 / 5,000)), of a heads-up pot's adjusted
figure 0.71% of the pot. Errors of different hands are independent, so over a session's all-ins
they shrink like one over the square root of their number; ``allin_se`` keeps each one."""

Adjusted = dict[str, tuple[int, float]]
"""Player → (adjusted winnings in minor units, its standard error)."""


def allin_adjusted(hand: Hand, spec: GameSpec, flows: Mapping[str, Flow], dealt: set[str], seed: int) -> Adjusted:
    """The adjusted winnings of the live players of an all-in hand; empty when the hand is not one."""
    actions = hand.actions
    last = max((i for i, a in enumerate(actions) if a.kind in BETTING), default=None)
    if last is None or any(d.run for d in hand.deals) or any(a.run for a in actions):
        return {}
    folded = {a.player for a in actions[:last + 1] if a.kind is ActionKind.FOLD}
    live = [s.name for s in hand.seats if s.name in dealt and s.name not in folded]
    if len(live) < 2:
        return {}
    # what each player had put in when the betting ended, read as the ledger reads the whole hand
    so_far = money_flow(replace(hand, actions=actions[:last + 1]))
    all_in = {a.player for a in actions[:last + 1] if a.all_in}
    all_in.update(s.name for s in hand.seats if so_far[s.name].put_in and so_far[s.name].put_in >= s.stack)
    if sum(p not in all_in for p in live) > 1:
        return {}
    moment = actions[last].street
    streets = spec.streets
    dealt_by = streets[:moment + 1]
    own_count = sum(st.per_player for st in dealt_by)
    down_count = sum(st.down for st in dealt_by)
    board_count = sum(st.board for st in dealt_by)
    need = spec.cards_per_player - own_count
    board_need = spec.board_cards - board_count
    if need == 0 and board_need == 0:
        return {}
    board = [c for d in hand.deals if d.player is None and d.street <= moment for c in d.cards if c is not None]
    if len(board) != board_count:
        return {}
    hole: list[list[int]] = []
    for player in live:
        cards = _known_at(hand, player, moment, down_count)
        if cards is None or len(cards) != own_count:
            return {}
        hole.append(cards)
    dead = [c for d in hand.deals if d.player in folded and d.street <= moment
            for c, up in zip(d.cards, d.up) if up and c is not None]
    contributions = {s.name: flows[s.name].put_in for s in hand.seats if flows[s.name].put_in}
    pots = build_pots(contributions, [p for p in contributions if p not in live], list(contributions))
    index = {p: i for i, p in enumerate(live)}
    result = equity(spec.ranking, hole, [need] * len(live), board, board_need, dead,
                    [(p.amount, [index[e] for e in p.eligible]) for p in pots if p.eligible],
                    samples=SAMPLES, seed=seed)
    total = sum(p.amount for p in pots)
    paid = sum(f.collected for f in flows.values())
    scale = paid / total if total else 0.0
    return {p: (round(result.expected[i] * scale) - flows[p].put_in, result.se[i] * scale) for p, i in index.items()}


def _known_at(hand: Hand, player: str, moment: int, down_count: int) -> list[int] | None:
    """The player's own cards dealt by round ``moment``: up cards from the deals, down cards from the deals
    or (in deal order) from what they showed; None where a down card is unknown."""
    up: list[int | None] = []
    down: list[int | None] = []
    for d in hand.deals:
        if d.player == player and d.street <= moment:
            for c, is_up in zip(d.cards, d.up):
                (up if is_up else down).append(c)
    if None in up:
        return None
    if None in down or len(down) < down_count:
        shown: list[int] = []
        for a in hand.actions:
            if a.player == player and a.kind in _SHOWN:
                shown.extend(c for c in a.cards if c not in shown)
        hidden = [c for c in shown if c not in up]
        if len(hidden) < down_count:
            return None
        down = list(hidden[:down_count])
    return cast(list[int], [*down[:down_count], *up])
