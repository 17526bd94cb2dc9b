"""The betting state of one hand, driven by the game spec: who acts, what is legal, what it costs.

A :class:`Table` holds each player's stack and money in, the street, the
current bet and the round's raise count. It knows, at every point, whose turn
it is and the legal actions with their amount ranges (:meth:`Table.legal`),
which the auditor compares the log against and a simulator can choose from.
:meth:`Table.apply` carries out an action as it was taken (the auditor applies
what the log says even when it breaks a rule, so that the rest of the hand can
still be checked). Rules come from flags of the :class:`~..rules.spec.GameSpec`
(structure, caps, bring-in, opening, raise_after_pass); there is no per-game
branch here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..model.cards import Card
from ..model.hand import ActionKind, Stakes
from ..rules.options import BetSize, BettingStructure, FirstToAct
from ..rules.showing import opener
from ..rules.spec import GameSpec

K = ActionKind


@dataclass
class Seat:
    """One player's state in the hand."""

    name: str
    seat: int
    stack: int
    """Chips behind (not yet put in)."""
    street_bet: int = 0
    """Live chips put in on this street (blinds and bring-in count, antes do not)."""
    total: int = 0
    """All chips put in this hand, antes included, uncalled chips returned."""
    dead: int = 0
    """The part of ``total`` that is dead money: antes and dead blinds."""
    folded: bool = False
    acted: bool = False
    """Has acted since the betting was last (re)opened to him."""
    passed: bool = False
    """Checked or called in this round (raise_after_pass=false forbids raising after)."""
    faced: int | None = None
    """The street's bet after his last action on it (None: he has not acted on this street)."""
    up: list[Card] = field(default_factory=list)
    """Cards showing, in deal order."""

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and self.total > 0

    @property
    def live(self) -> bool:
        """Still in the hand (not folded)."""
        return not self.folded

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0


@dataclass(frozen=True)
class Legal:
    """What the player to act may do now; amounts are totals for the street (``to``) unless named otherwise."""

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


class Table:
    """The state of one hand: seats in seat order, the street, the current bet, whose turn it is."""

    def __init__(self, spec: GameSpec, stakes: Stakes, seats: Sequence[tuple[str, int, int]],
                 button: int | None) -> None:
        """``seats``: (name, seat number, starting stack) of each player dealt in, in seat order."""
        self.spec = spec
        self.stakes = stakes
        self.seats = [Seat(name, number, stack) for name, number, stack in seats]
        self.by_name = {s.name: s for s in self.seats}
        self.button = button
        self.street = 0
        self.current = 0
        """The street's current bet (the highest street_bet)."""
        self.raise_size = 0
        """The size of the last full bet or raise on this street (no-limit minimum raise)."""
        self.bets = 0
        """Bets and raises this round, for the cap (a bring-in is not one; a completion is)."""
        self.bet_size: int | None = None
        """Fixed limit: the size chosen for this street (small or big)."""
        self.bring_in_only = False
        """Stud: only the bring-in stands; the next raise is the completion."""
        self.pot = 0
        """All chips put in so far (uncalled chips returned)."""
        self.turn: int | None = None
        """Index into ``seats`` of the player to act, or None when the round is over or not yet open."""
        self.opened = False
        """Whether the round's first voluntary action has been placed (see :meth:`open_round`)."""
        self.blind_seat: int | None = None
        """Index of the big blind (or straddle) whose left speaks first preflop."""

    # -- order -------------------------------------------------------------------------

    def from_dealer_left(self) -> list[Seat]:
        """Seats in order starting left of the button (seat order when there is no button)."""
        if self.button is None:
            return list(self.seats)
        after = [s for s in self.seats if s.seat > self.button]
        return after + [s for s in self.seats if s.seat <= self.button]

    def next_to_act(self, index: int) -> int | None:
        """The first seat from ``index`` (inclusive) on, clockwise, that can act; None if none."""
        n = len(self.seats)
        for step in range(n):
            i = (index + step) % n
            if self.seats[i].can_act:
                return i
        return None

    def live(self) -> list[Seat]:
        return [s for s in self.seats if s.live]

    # -- streets -----------------------------------------------------------------------

    def start_street(self, street: int, first: int | None = None) -> None:
        """A new betting round: bets reset, the first player to act chosen by the spec (or given)."""
        self.street = street
        self.current = 0
        self.raise_size = 0
        self.bets = 0
        self.bet_size = None
        self.bring_in_only = False
        self.opened = False
        self.turn = None
        for s in self.seats:
            s.street_bet = 0
            s.acted = False
            s.passed = False
            s.faced = None
        if first is not None:
            self.open_round(first)

    def open_round(self, first: int | None = None) -> None:
        """Choose who speaks first, once the forced bets are in and the street's cards are out."""
        self.opened = True
        if self.round_over() and self.street > 0:
            self.turn = None
            return
        self.turn = self.next_to_act(self.opener(self.street) if first is None else first)

    def opener(self, street: int) -> int:
        """Index of the seat that speaks first on ``street`` (before skipping all-in players)."""
        rule = self.spec.first_round_first_to_act if street == 0 else self.spec.later_rounds_first_to_act
        if rule in (FirstToAct.BRING_IN, FirstToAct.BEST_SHOWING):
            # The best showing hand of everyone still in speaks; if he is all-in, the
            # next player clockwise who can act starts (RULES §2 item 6).
            candidates = [s for s in self.from_dealer_left() if s.live and s.up]
            if not candidates:
                return 0
            ups = [showing(s.up, street) for s in candidates]
            chosen = candidates[opener(self.spec, street, ups)]
            return self.seats.index(chosen)
        order = self.from_dealer_left()
        if rule is FirstToAct.LEFT_OF_BIG_BLIND:
            if self.blind_seat is not None:
                return (self.blind_seat + 1) % len(self.seats)
            return self.seats.index(order[2 % len(order)] if len(order) > 2 else order[-1])
        return self.seats.index(order[0])

    def round_over(self) -> bool:
        """Everyone who can act has acted and matched the current bet (or only one player is left)."""
        live = self.live()
        if len(live) <= 1:
            return True
        able = [s for s in live if s.stack > 0]
        if not able:
            return True
        if len(able) == 1 and able[0].street_bet >= max(s.street_bet for s in live):
            return True
        return all(s.acted and s.street_bet == self.current for s in able)

    # -- sizes -------------------------------------------------------------------------

    def street_sizes(self) -> tuple[int, ...]:
        """Fixed limit: the bet sizes allowed on this street."""
        layout = self.spec.streets[self.street]
        small, big = self.stakes.small_bet, self.stakes.big_bet
        if layout.bet_size is None or small is None or big is None:
            return ()
        if self.bet_size is not None:
            return (self.bet_size,)
        if layout.bet_size is BetSize.BIG:
            return (big,)
        if layout.open_pair_big_bet and self.spec.open_pair_big_bet and self._open_pair():
            return (small, big)
        return (small,)

    def _open_pair(self) -> bool:
        for s in self.live():
            ranks = [c.rank for c in s.up]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def min_bet(self) -> int:
        """The smallest opening bet of a no-limit, pot-limit or spread round."""
        st = self.stakes
        for amount in (st.min_bet, st.big_blind, st.bring_in, st.small_bet, st.ante):
            if amount:
                return amount
        return 1

    def max_increment(self, seat: Seat) -> int | None:
        """The largest bet or raise increment the structure allows (None: the stack)."""
        structure = self.spec.structure
        if structure is BettingStructure.SPREAD:
            limit = self.stakes.max_bet
            if isinstance(self.spec.max_bet_or_raise, int):
                limit = self.spec.max_bet_or_raise
            return limit
        if structure is BettingStructure.POT_LIMIT:
            return self.pot + self.current - seat.street_bet
        return None

    def capped(self) -> bool:
        cap = self.spec.max_bets_per_round
        if cap is None:
            return False
        if self.spec.uncapped_heads_up and len(self.live()) == 2:
            return False
        return self.bets >= cap

    def call_level(self, seat: Seat) -> int:
        """The street total a call reaches: the current bet, or less when nobody else can match it."""
        current = self.current
        top = 0
        for s in self.seats:
            if s is not seat and not s.folded:
                reach = s.street_bet + s.stack
                if reach >= current:
                    return max(seat.street_bet, current)
                top = max(top, reach)
        return max(seat.street_bet, min(current, top))

    # -- legal actions -----------------------------------------------------------------

    def legal(self) -> Legal | None:
        """The legal actions of the player to act, or None when the round is over."""
        if self.turn is None:
            return None
        seat = self.seats[self.turn]
        to_call = min(self.call_level(seat) - seat.street_bet, seat.stack)
        max_to = seat.street_bet + seat.stack
        may_raise = (self.reopened(seat) and not self.capped() and max_to > self.current
                     and (self.spec.raise_after_pass or not seat.passed))
        if not may_raise:
            return Legal(seat.name, to_call, to_call == 0)
        sizes = self.street_sizes()
        if self.current == 0 or (self.bring_in_only and sizes):
            if self.bring_in_only:
                complete = sizes[0]
                return Legal(seat.name, to_call, to_call == 0, raise_to=(min(complete, max_to), min(complete, max_to)),
                             complete_to=complete, sizes=sizes)
            if sizes:
                return Legal(seat.name, to_call, True, bet=(min(sizes[0], max_to), min(sizes[-1], max_to)), sizes=sizes)
            top = self.max_increment(seat)
            low = min(self.min_bet(), max_to)
            return Legal(seat.name, to_call, True, bet=(low, max_to if top is None else min(top, max_to)))
        if sizes:
            step = self.bet_size or sizes[0]
            target = min(self.current + step, max_to)
            return Legal(seat.name, to_call, to_call == 0, raise_to=(target, target), sizes=sizes)
        increment = max(self.raise_size, self.min_bet())
        top = self.max_increment(seat)
        low = min(self.current + increment, max_to)
        high = max_to if top is None else min(self.current + top, max_to)
        return Legal(seat.name, to_call, to_call == 0, raise_to=(low, max(low, high)))

    # -- applying actions --------------------------------------------------------------

    def put_in(self, seat: Seat, amount: int, live: bool = True) -> int:
        """Move chips from a stack into the pot (never more than the stack); returns what moved."""
        amount = max(0, min(amount, seat.stack))
        seat.stack -= amount
        seat.total += amount
        self.pot += amount
        if live:
            seat.street_bet += amount
        else:
            seat.dead += amount
        return amount

    def apply(self, player: str, kind: ActionKind, amount: int = 0, to: int | None = None) -> None:
        """Carry out an action as taken; the turn moves on. Amounts as a log states them."""
        seat = self.by_name[player]
        index = self.seats.index(seat)
        if kind is K.FOLD:
            seat.folded = True
        elif kind is K.CHECK:
            seat.passed = True
        elif kind is K.CALL:
            self.put_in(seat, amount)
            seat.passed = True
        elif kind in (K.BET, K.RAISE, K.COMPLETE):
            target = to if to is not None else (seat.street_bet + amount if kind is K.BET else self.current + amount)
            self._raise(seat, target, completion=kind is K.COMPLETE)
        seat.acted = True
        seat.faced = self.current
        if kind in (K.FOLD, K.CHECK, K.CALL, K.BET, K.RAISE, K.COMPLETE):
            self.turn = None if self.round_over() else self.next_to_act(index + 1)

    def _raise(self, seat: Seat, target: int, completion: bool) -> None:
        before = self.current
        self.put_in(seat, target - seat.street_bet)
        increment = seat.street_bet - before
        if seat.street_bet <= before:
            return  # an all-in for less than a call
        full = self._full_raise(increment, completion)
        self.current = seat.street_bet
        if full:
            self.raise_size = max(increment, self.raise_size) if not self.street_sizes() else increment
            self.bets += 1
            if self.street_sizes() and self.bet_size is None:
                self.bet_size = seat.street_bet if before == 0 or completion else self.street_sizes()[0]
        for other in self.seats:
            if other is not seat:
                other.acted = False
        self.bring_in_only = False

    def reopened(self, seat: Seat) -> bool:
        """May he raise? Yes unless he already acted and the raises since add up to less than a full
        raise (no limit, pot limit, spread) or half a bet (fixed limit): short all-ins do not reopen
        the betting (RULES §2 item 9, §3 item 4), but several that add up to a full raise do."""
        if seat.faced is None:
            return True
        rise = self.current - seat.faced
        sizes = self.street_sizes()
        if sizes:
            return 2 * rise >= (self.bet_size or sizes[0])
        return rise >= self.raise_size

    def _full_raise(self, increment: int, completion: bool) -> bool:
        """Whether a bet or raise of this increment reopens the betting (RULES §2.9, §3.4)."""
        sizes = self.street_sizes()
        if completion or self.bring_in_only:
            return True
        if sizes:
            size = self.bet_size or sizes[0]
            return 2 * increment >= size  # fixed limit: at least half a bet counts as a raise
        return increment >= max(self.raise_size, self.min_bet() if self.current == 0 else self.raise_size)

    def post(self, player: str, kind: ActionKind, amount: int) -> None:
        """A forced bet: antes are dead money, blinds, straddles and the bring-in are live.

        A small blind posted after the big blind (a player coming back) is dead money.
        """
        seat = self.by_name[player]
        live = kind is not K.ANTE and not (kind is K.SMALL_BLIND and self.blind_seat is not None)
        if kind is K.SMALL_AND_BIG_BLIND:
            big = self.stakes.big_blind or amount
            self.put_in(seat, amount - big, live=False)
            amount = big
        self.put_in(seat, amount, live=live)
        if not live:
            return
        self.current = max(self.current, seat.street_bet)
        level = seat.street_bet
        if kind is K.BIG_BLIND and self.stakes.big_blind:
            # A blind that cannot be posted in full still sets the amount to call and the minimum raise.
            level = max(level, self.stakes.big_blind)
            self.current = max(self.current, level)
        if kind is K.BRING_IN:
            self.bring_in_only = True
            seat.acted = True
            seat.faced = self.current
            return
        if kind in (K.BIG_BLIND, K.SMALL_AND_BIG_BLIND, K.STRADDLE):
            self.raise_size = max(self.raise_size, level)
            self.bets = max(self.bets, 1)  # the blind is the round's first bet (RULES §3 item 3)
            index = self.seats.index(seat)
            if kind is K.STRADDLE or self.blind_seat is None or self._nearer_dealer_left(index, self.blind_seat):
                self.blind_seat = index

    def _nearer_dealer_left(self, a: int, b: int) -> bool:
        order = self.from_dealer_left()
        return order.index(self.seats[a]) < order.index(self.seats[b])

    def return_uncalled(self) -> tuple[str | None, int]:
        """Give back the part of the last bet nobody called (RULES §2 item 10).

        Measured on the last betting round's live chips: the top bet's excess
        over the next one (dead money such as antes and dead blinds matches nothing).
        """
        ranked = sorted(self.seats, key=lambda s: s.street_bet, reverse=True)
        if not ranked or ranked[0].street_bet == 0:
            return None, 0
        second = ranked[1].street_bet if len(ranked) > 1 else 0
        excess = ranked[0].street_bet - second
        if excess <= 0:
            return None, 0
        top = ranked[0]
        self.pot -= excess
        top.total -= excess
        top.stack += excess
        top.street_bet -= excess
        return top.name, excess


def showing(up: list[Card], street: int) -> list[Card]:
    """The up cards that speak: the last one on the first street, the last four later; a card a broken
    log shows twice counts once (the deal check reports it)."""
    return list(dict.fromkeys(up[-1:] if street == 0 else up[-4:]))
