"""Deal and play one hand by the rules, choosing among the legal actions: the simulator's engine.

:func:`play_hand` shuffles, deals street by street as the spec says, posts
the forced bets, and asks a chooser for each decision among the legal actions
of the compiled core's betting table (``_core.PlayTable``, the table the
auditor replays with); then it returns the uncalled bet, shows down, splits the
pots and writes the whole hand as a log would state it
(:class:`~..model.hand.Hand`). Seeded runs repeat exactly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import _core
from ..model.cards import DECK, Card
from ..model.hand import Action, ActionKind, Deal, Hand, Seat, Stakes
from ..replay.pots import award, build_pots, payouts
from ..rules.evaluate import share_values
from ..rules.profiles import spec_of
from ..rules.spec import GameSpec

K = ActionKind


@dataclass(frozen=True)
class Legal:
    """What the player to act may do now (``PlayTable.legal``); amounts are totals for the street (``to``) unless
    named otherwise."""

    player: str
    to_call: int
    """Chips the player must add to call (0: he may check); capped at his stack."""
    can_check: bool
    bet: tuple[int, int] | None = None
    """Opening bet: (smallest, largest) amount, or None when a bet stands or none is allowed."""
    raise_to: tuple[int, int] | None = None
    """Raise (or completion): (smallest, largest) street total, or None."""
    complete_to: int | None = None
    """Stud: the total a bring-in is completed to, when that is the legal raise."""
    sizes: tuple[int, ...] = ()
    """Fixed limit: the bet sizes allowed on this street (both when an open pair allows the big bet)."""


@dataclass(frozen=True)
class Decision:
    """What a player does: a kind and, for bets and raises, the street total to reach."""

    kind: ActionKind
    to: int = 0


Chooser = Callable[[Legal, GameSpec, random.Random, list[Card]], Decision]
"""Picks a decision from the legal actions under the game's spec, seeing the player's own cards and the
board (the player models of :mod:`.players`)."""


def random_choice(legal: Legal, spec: GameSpec, rng: random.Random, cards: Sequence[Card] = ()) -> Decision:
    """Uniform among fold (when facing a bet), check or call, and a bet or raise to a random legal size."""
    options = [Decision(K.CHECK if legal.can_check else K.CALL)]
    if not legal.can_check:
        options.append(Decision(K.FOLD))
    if legal.bet:
        options.append(Decision(K.BET, _size(legal.bet, legal.sizes, rng)))
    elif legal.raise_to:
        kind = K.COMPLETE if legal.complete_to is not None else K.RAISE
        options.append(Decision(kind, _size(legal.raise_to, legal.sizes, rng)))
    return rng.choice(options)


def _size(bounds: tuple[int, int], sizes: tuple[int, ...], rng: random.Random) -> int:
    low, high = bounds
    if sizes and low != high:
        return rng.choice([s for s in sizes if low <= s <= high] or [low])
    return rng.choice([low, high, rng.randint(low, high)]) if high > low else low


class _Game:
    def __init__(self, rules: str, spec: GameSpec, stakes: Stakes, seats: Sequence[tuple[str, int, int]],
                 button: int | None, rng: random.Random, choose: Chooser) -> None:
        self.rules, self.spec, self.stakes, self.rng, self.choose = rules, spec, stakes, rng, choose
        self.table = _core.PlayTable(rules, json.dumps(stakes._asdict()), list(seats), button)
        self.deck = [card for card in DECK if card >= spec.lowest_card]  # a short deck has no deuces to fives
        rng.shuffle(self.deck)
        self.deals: list[Deal] = []
        self.actions: list[Action] = []
        self.cards: dict[str, list[Card]] = {name: [] for name, _, _ in seats}
        self.board: list[Card] = []
        self.hole: dict[str, list[Card]] = {name: [] for name, _, _ in seats}

    def act(self, street: int, player: str, kind: ActionKind, amount: int = 0, to: int | None = None) -> None:
        all_in = self.table.stack(player) == 0 and kind not in (K.FOLD, K.CHECK)
        self.actions.append(Action(street, player, kind, amount, to, all_in))

    def draw(self, street: int, order: list[str]) -> None:
        """Each player still in discards some cards (at most the street's limit and what the deck still holds, so
        that no discard is dealt again) or stands pat, in turn, and is dealt as many."""
        limit = self.spec.streets[street].draw
        for name in order:
            held = self.cards[name]
            n = min(self.rng.randint(0, limit), len(self.deck), len(held))
            discards = self.rng.sample(held, n)
            new = [self.deck.pop() for _ in range(n)]
            self.cards[name] = [c for c in held if c not in discards] + new
            self.actions.append(Action(street, name, K.DRAW, n, cards=tuple(discards)))
            if new:
                self.deals.append(Deal(street, name, tuple(new), (False,) * n))

    def deal(self, street: int) -> None:
        layout = self.spec.streets[street]
        live = set(self.table.live())
        order = [name for name in self.table.dealer_left_order() if name in live]
        if layout.draw:
            self.draw(street, order)
        if layout.board:
            cards = tuple(self.deck.pop() for _ in range(layout.board))
            self.board.extend(cards)
            self.deals.append(Deal(street, None, cards, (True,) * layout.board))
        for name in order:
            if layout.turn_up:
                card = self.hole[name].pop()
                self.table.deal_up(name, [card])
                self.deals.append(Deal(street, name, (card,), (True,)))
                continue
            down = [self.deck.pop() for _ in range(layout.down)]
            up = [self.deck.pop() for _ in range(layout.up)]
            if not down and not up:
                continue
            self.hole[name].extend(down)
            self.cards[name].extend(down + up)
            self.table.deal_up(name, up)
            self.deals.append(Deal(street, name, tuple(down + up), (False,) * len(down) + (True,) * len(up)))

    def forced_bets(self) -> None:
        """Antes (a blinds game antes when its stakes state one), then the blinds; a player who cannot cover a
        forced bet posts what he has and is all-in (RULES §2 item 2), and one with nothing left posts nothing.
        A short big blind still sets the amount to call (the table keeps the big blind's level)."""
        table, stakes, spec = self.table, self.stakes, self.spec
        if stakes.ante and (spec.ante or spec.blinds):
            for name in table.names():
                self.post(name, K.ANTE, stakes.ante)
        if spec.button_blind:  # 6+ Hold'em: the button posts the one blind, a big blind
            self.post(table.dealer_left_order()[-1], K.BIG_BLIND, stakes.big_blind or 0)
        elif spec.blinds:
            order = table.dealer_left_order()
            sb, bb = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
            for name, kind, amount in ((sb, K.SMALL_BLIND, stakes.small_blind), (bb, K.BIG_BLIND, stakes.big_blind)):
                self.post(name, kind, amount or 0)

    def post(self, name: str, kind: ActionKind, amount: int) -> None:
        amount = min(amount, self.table.stack(name))
        if amount > 0:
            self.table.post(name, kind.value, amount)
            self.act(0, name, kind, amount)

    def betting(self, street: int) -> None:
        table = self.table
        if street == 0 and self.spec.forced_bets.bring_in:
            first = table.opener(0)
            name = table.names()[first]
            if self.rng.random() < 0.8 and table.stack(name) > 0:
                amount = min(self.stakes.bring_in or 0, table.stack(name))
                table.post(name, K.BRING_IN.value, amount)
                self.act(0, name, K.BRING_IN, amount)
                table.open_round(first + 1)
        if not table.opened:
            table.open_round()
        while (offered := table.legal()) is not None:
            player, to_call, can_check, bet, raise_to, complete_to, sizes = offered
            legal = Legal(player, to_call, can_check, bet, raise_to, complete_to, tuple(sizes))
            decision = self.choose(legal, self.spec, self.rng, self.cards[player] + self.board)
            kind, to = decision.kind, decision.to
            if kind in (K.BET, K.RAISE, K.COMPLETE):
                if kind is K.BET:
                    amount, target = to, None
                else:
                    amount, target = (to - table.current if kind is K.RAISE else 0), to
                table.apply(player, kind.value, amount, target)
                self.act(street, player, kind, amount, target)
            elif kind is K.CALL:
                table.apply(player, kind.value, to_call)
                self.act(street, player, kind, to_call)
            else:
                table.apply(player, kind.value)
                self.act(street, player, kind)

    def uncalled(self) -> None:
        back = self.table.return_uncalled()
        if back is not None:
            self.actions.append(Action(self.table.street, back[0], K.UNCALLED, back[1]))

    def showdown(self) -> tuple[int, tuple[int, ...]]:
        table, spec = self.table, self.spec
        street = len(spec.streets)
        self.uncalled()
        live = table.live()
        values: list[dict[str, int]] = [{} for _ in spec.shares]
        if len(live) > 1:
            for name in live:
                shown = self.cards[name]
                found, description = share_values(self.rules, shown, self.board)
                for share, value in zip(values, found):
                    if value is not None:
                        share[name] = value
                self.actions.append(Action(street, name, K.SHOW, cards=tuple(shown), text=description))
        else:
            values[0][live[0]] = 0
        contributions = {name: total for name, total in table.totals() if total}
        pots = build_pots(contributions, set(table.folded()), table.names())
        order = table.dealer_left_order()
        awards = award(pots, values, order, spec.chip_unit)
        for i, a in enumerate(awards):
            label = "pot" if len(awards) == 1 else ("main pot" if i == 0 else f"side pot-{i}")
            for player, amount in payouts([a], [a.pot.amount], order, spec.chip_unit).items():
                if amount:
                    self.actions.append(Action(street, player, K.COLLECT, amount, text=label))
        total = sum(p.amount for p in pots)
        return total, tuple(p.amount for p in pots) if len(pots) > 1 else ()

    def play(self) -> tuple[int, tuple[int, ...]]:
        table = self.table
        table.start_street(0)
        self.deal(0)
        self.forced_bets()
        for street in range(len(self.spec.streets)):
            if street > 0:
                if len(table.live()) <= 1:
                    break
                if self.spec.streets[street].draw:
                    self.uncalled()  # the bet an all-in left uncalled comes back before the draw, as logs show
                table.start_street(street)
                self.deal(street)
            if self.spec.streets[street].betting:
                self.betting(street)
        return self.showdown()


def play_hand(rules: str, stakes: Stakes, seats: Sequence[tuple[str, int, int]], button: int | None,
              rng: random.Random, choose: Chooser = random_choice, hand_id: str = "1", site: str = "Sökö",
              table: str | None = None, **fields) -> Hand:
    """Play one hand; ``seats`` are (name, seat number, stack) in seat order."""
    return play(rules, stakes, seats, button, rng, choose, hand_id, site, table, **fields)[0]


def play(rules: str, stakes: Stakes, seats: Sequence[tuple[str, int, int]], button: int | None,
         rng: random.Random, choose: Chooser = random_choice, hand_id: str = "1", site: str = "Sökö",
         table: str | None = None, **fields) -> tuple[Hand, dict[str, int]]:
    """:func:`play_hand`, and each player's stack after it (what the table holds, plus what the pots paid)."""
    spec = spec_of(rules)
    game = _Game(rules, spec, stakes, seats, button, rng, choose)
    total, pots = game.play()
    deals = sorted(game.deals, key=lambda d: (d.run, d.street, d.player is None,
                                              [s[0] for s in seats].index(d.player) if d.player else 0))
    stacks = {name: game.table.stack(name) for name, _, _ in seats}
    for action in game.actions:
        if action.kind is K.COLLECT:
            stacks[action.player] += action.amount
    hand = Hand(
        site=site, hand_id=hand_id, rules=rules, stakes=stakes, table=table, max_seats=spec.max_players,
        button=button, seats=tuple(Seat(seat, name, stack) for name, seat, stack in seats),
        deals=tuple(deals), actions=tuple(game.actions), total_pot=total, rake=0, pots=pots, **fields,
    )
    return hand, stacks
