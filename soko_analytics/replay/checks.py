"""The checks of one action against the table (RULES.md §5): turn, type, size, cap, reopening, stack.

Each check reads the :class:`~.table.Legal` actions of the moment and reports
what the rules expected beside what the log did; then the action is applied as
the log took it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.hand import Action, ActionKind
from ..rules.options import BettingStructure
from ..rules.showing import showing_value
from .findings import Code, Severity
from .table import Legal, showing

if TYPE_CHECKING:
    from .audit import _Auditor

K = ActionKind
_POSTED = {
    K.ANTE: ("ante", "the ante"),
    K.SMALL_BLIND: ("small_blind", "the small blind"),
    K.BIG_BLIND: ("big_blind", "the big blind"),
}


def check_deals(ctx: _Auditor) -> None:
    """Card counts per street, and no card seen twice (a shown hand may repeat its own dealt cards)."""
    spec, hand = ctx.spec, ctx.hand
    owner: dict = {}
    for deal in hand.deals:
        if deal.street >= len(spec.streets):
            ctx.find(Code.DEAL, f"Cards are dealt after the last street ({deal.text()}).", player=deal.player)
            continue
        layout = spec.streets[deal.street]
        expected = layout.board if deal.player is None else (layout.turn_up or layout.per_player)
        if len(deal.cards) != expected:
            who = "the board" if deal.player is None else deal.player
            ctx.find(Code.DEAL,
                     f"{who} is dealt {_cards(len(deal.cards))} on {layout.name}; the game deals {expected}.",
                     player=deal.player,
                     street=layout.name, expected=str(expected), actual=str(len(deal.cards)))
        if layout.turn_up:
            continue  # the turned card was dealt a street earlier
        holder = ("board", deal.run) if deal.player is None else deal.player
        for card in deal.cards:
            if card is None:
                continue
            seen = owner.get(card)
            if seen is None or _other_run(seen, holder):
                owner.setdefault(card, holder)
            else:
                _twice(ctx, card, seen, holder, layout.name)
    for index, action in enumerate(hand.actions):
        if action.kind in (K.SHOW, K.MUCK):
            for card in action.cards:
                seen = owner.setdefault(card, action.player)
                if seen != action.player and not _other_run(seen, action.player):
                    _twice(ctx, card, seen, action.player, None, index)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _other_run(seen, holder) -> bool:
    """Run it twice: the second board repeats none of the first, but both follow the shared cards."""
    return (isinstance(seen, tuple) and isinstance(holder, tuple) and seen[1] != holder[1]
            and 0 not in (seen[1], holder[1]))


def _twice(ctx: _Auditor, card, seen, holder, street: str | None, index: int | None = None) -> None:
    def name(h):
        return "the board" if isinstance(h, tuple) else h

    ctx.find(Code.DUPLICATE_CARD, f"{card} is seen twice: with {name(seen)} and with {name(holder)}.", street=street,
             index=index, player=None if isinstance(holder, tuple) else holder, expected="each card once",
             actual=f"{card} with {name(seen)} and {name(holder)}")


def check_post(ctx: _Auditor, index: int, action: Action) -> None:
    """A forced bet: right amount (RULES §1 forced bets), right player for the bring-in (§2 item 5, §4 item 2)."""
    table, stakes = ctx.table, ctx.hand.stakes
    seat = table.by_name[action.player]
    kind = action.kind
    if action.amount > seat.stack:
        ctx.find(Code.STACK_EXCEEDED, f"{action.player} posts {ctx.result.money(action.amount)} with only "
                 f"{ctx.result.money(seat.stack)} behind.", index=index, player=action.player,
                 expected=f"at most {ctx.result.money(seat.stack)}", actual=ctx.result.money(action.amount))
    if kind is K.BIG_BLIND and table.blind_seat is not None and stakes.big_blind \
            and action.amount > stakes.big_blind:
        kind = K.STRADDLE  # a second, larger big blind is a straddle (PokerMaster prints it so)
    if kind is K.BRING_IN:
        _check_bring_in(ctx, index, action)
    elif kind in _POSTED:
        field, label = _POSTED[kind]
        expected = getattr(stakes, field)
        short = (action.all_in or action.amount == seat.stack) and expected is not None and action.amount < expected
        if expected is not None and action.amount != expected and not short:
            ctx.find(Code.FORCED_BET, f"{action.player} posts {ctx.result.money(action.amount)} for {label}, which is "
                     f"{ctx.result.money(expected)}.",
                     index=index, player=action.player, expected=ctx.result.money(expected),
                     actual=ctx.result.money(action.amount))
    elif kind is K.SMALL_AND_BIG_BLIND and stakes.small_blind and stakes.big_blind:
        expected = stakes.small_blind + stakes.big_blind
        if action.amount != expected and not action.all_in:
            ctx.find(Code.FORCED_BET, f"{action.player} posts {ctx.result.money(action.amount)} for both blinds, "
                     "which are "
                     f"{ctx.result.money(expected)}.",
                     index=index, player=action.player, expected=ctx.result.money(expected),
                     actual=ctx.result.money(action.amount))
    table.post(action.player, kind, action.amount)
    if kind is K.BRING_IN:
        table.open_round(table.seats.index(seat) + 1)


def _check_bring_in(ctx: _Auditor, index: int, action: Action) -> None:
    table, spec = ctx.table, ctx.spec
    if not spec.forced_bets.bring_in:
        ctx.find(Code.FORCED_BET, f"{action.player} brings in, but {spec.profile} has no bring-in.", index=index,
                 player=action.player, expected="no bring-in", actual="brings in")
        return
    expected = table.seats[table.opener(0)].name
    if expected != action.player:
        card = _up_card(table, expected)
        ctx.find(Code.BRING_IN, f"{action.player} brings in, but {expected}'s up card ({card}) must bring in.",
                 index=index, player=action.player, expected=expected, actual=action.player)
    amount = ctx.hand.stakes.bring_in
    if amount is not None and action.amount != amount and not action.all_in:
        ctx.find(Code.BRING_IN, f"The bring-in is {ctx.result.money(action.amount)}; the stakes set it at "
                 f"{ctx.result.money(amount)}.", index=index,
                 player=action.player, expected=ctx.result.money(amount), actual=ctx.result.money(action.amount))


def _up_card(table, player: str) -> str:
    up = table.by_name[player].up
    return str(up[-1]) if up else "(not shown)"


def check_action(ctx: _Auditor, index: int, action: Action) -> None:
    """Turn, legality and size of a voluntary action, then apply it."""
    table = ctx.table
    if not table.opened:
        table.open_round()
    seat = table.by_name[action.player]
    if action.kind is K.FOLD and seat.all_in:
        ctx.find(Code.UNVERIFIABLE, f"{action.player} folds while all-in (PokerStars prints this for a short "
                 "all-in blind); the pot is given up.", Severity.INFO, index=index, player=action.player)
        seat.folded = True
        if table.turn is not None and table.round_over():
            table.turn = None
        return
    legal = table.legal()
    if legal is None or legal.player != action.player:
        if not _tied_opener(ctx, legal, action):
            expected = "the round to be over" if legal is None else f"{legal.player} to act"
            now = "the round is over" if legal is None else f"it is {legal.player}'s turn"
            ctx.find(Code.OUT_OF_TURN, f"{action.player} acts out of turn: {now}.", index=index, player=action.player,
                     expected=expected, actual=f"{action.player} {action.kind}")
        table.turn = table.seats.index(seat)
        legal = table.legal()
    _KIND_CHECKS.get(action.kind, lambda *a: None)(ctx, index, action, legal)
    put = _chips_added(table, seat, action)
    if put > seat.stack:
        ctx.find(Code.STACK_EXCEEDED, f"{action.player} puts in {ctx.result.money(put)} with only "
                 f"{ctx.result.money(seat.stack)} behind.", index=index, player=action.player,
                 expected=f"at most {ctx.result.money(seat.stack)}", actual=ctx.result.money(put))
    table.apply(action.player, action.kind, action.amount, action.to)


def _tied_opener(ctx: _Auditor, legal: Legal | None, action: Action) -> bool:
    """With no button, equal showing hands may open in any order the site chose (not a finding)."""
    table = ctx.table
    if legal is None or ctx.hand.button is not None or any(s.acted for s in table.seats) or not table.seats:
        return False
    expected, actual = table.by_name[legal.player], table.by_name[action.player]
    if not expected.up or not actual.up:
        return False
    ranking = ctx.spec.ranking
    if table.street == 0:
        return expected.up[-1].rank == actual.up[-1].rank
    return showing_value(showing(expected.up, 1), ranking) == showing_value(showing(actual.up, 1), ranking)


def _chips_added(table, seat, action: Action) -> int:
    if action.kind in (K.CALL, K.BET):
        return action.amount
    if action.kind in (K.RAISE, K.COMPLETE) and action.to is not None:
        return action.to - seat.street_bet
    return 0


def _check(ctx, index, action, legal, code, message, expected, actual, severity=Severity.ERROR):
    ctx.find(code, message, severity, index=index, player=action.player, expected=expected, actual=actual)


def _check_check(ctx, index, action, legal: Legal) -> None:
    if legal.to_call > 0:
        m = ctx.result.money
        _check(ctx, index, action, legal, Code.ILLEGAL_ACTION,
               f"{action.player} checks facing a bet, with {m(legal.to_call)} to call.",
               f"call {m(legal.to_call)}, raise or fold", "check")


def _check_call(ctx, index, action, legal: Legal) -> None:
    m = ctx.result.money
    if legal.to_call == 0:
        _check(ctx, index, action, legal, Code.ILLEGAL_ACTION,
               f"{action.player} calls {m(action.amount)} with nothing to call.",
               "check or bet", f"call {m(action.amount)}")
    elif action.amount != legal.to_call:
        _check(ctx, index, action, legal, Code.BET_SIZE,
               f"{action.player} calls {m(action.amount)}; the amount to call is {m(legal.to_call)}.",
               f"call {m(legal.to_call)}", f"call {m(action.amount)}")


def _check_bet(ctx, index, action, legal: Legal) -> None:
    m, table = ctx.result.money, ctx.table
    if table.current > 0:
        _check(ctx, index, action, legal, Code.ILLEGAL_ACTION, f"{action.player} bets when a bet stands.",
               "call, raise or fold", f"bet {m(action.amount)}")
        return
    if legal.bet is None:
        _check(ctx, index, action, legal, Code.ILLEGAL_ACTION, f"{action.player} may not bet here.", "check",
               f"bet {m(action.amount)}")
        return
    low, high = legal.bet
    stack_all_in = action.all_in and action.amount == table.by_name[action.player].stack
    fits = action.amount in legal.sizes if legal.sizes else low <= action.amount <= high
    if not fits and not (stack_all_in and action.amount <= low):
        expected = " or ".join(m(s) for s in legal.sizes) if legal.sizes else f"{m(low)} to {m(high)}"
        _check(ctx, index, action, legal, Code.BET_SIZE,
               f"{action.player} bets {m(action.amount)}; a bet here is {expected}.",
               f"a bet of {expected}", f"bet {m(action.amount)}")


def _check_raise(ctx, index, action, legal: Legal) -> None:
    m, table = ctx.result.money, ctx.table
    seat = table.by_name[action.player]
    to = action.to or 0
    top_bet = max(s.street_bet for s in table.seats)
    if action.kind is ActionKind.RAISE and table.current and action.amount not in (
            to - table.current, to - top_bet, to - seat.street_bet):
        _check(ctx, index, action, legal, Code.BET_SIZE,
               f"'raises {m(action.amount)} to {m(to)}' does not add up over a bet of {m(table.current)}.",
               f"raises {m(to - table.current)} to {m(to)}", f"raises {m(action.amount)} to {m(to)}")
    if table.current == 0:
        _check(ctx, index, action, legal, Code.ILLEGAL_ACTION, f"{action.player} raises with no bet to raise.",
               "check or bet", f"raise to {m(to)}")
        return
    if legal.raise_to is None:
        code, why = _why_no_raise(ctx, seat)
        _check(ctx, index, action, legal, code, f"{action.player} raises, but {why}.", "call or fold",
               f"raise to {m(to)}")
        return
    if action.kind is ActionKind.COMPLETE and legal.complete_to is None:
        _check(ctx, index, action, legal, Code.ILLEGAL_ACTION, f"{action.player} completes, but no bring-in stands.",
               "a raise", f"completes to {m(to)}")
        return
    low, high = legal.raise_to
    all_in = action.all_in and to == seat.street_bet + seat.stack
    if legal.sizes or legal.complete_to is not None:
        if to != low and not (all_in and to < low):
            _check(ctx, index, action, legal, Code.BET_SIZE,
                   f"{action.player} raises to {m(to)}; the raise here is to {m(low)}.",
                   f"raise to {m(low)}", f"raise to {m(to)}")
    elif to < low and not all_in:
        _check(ctx, index, action, legal, Code.MIN_RAISE,
               f"{action.player} raises to {m(to)}, less than the minimum of {m(low)}.",
               f"raise to at least {m(low)}", f"raise to {m(to)}")
    elif to > high:
        _check(ctx, index, action, legal, Code.BET_SIZE,
               f"{action.player} raises to {m(to)}, more than the {m(high)} allowed.",
               f"raise to at most {m(high)}", f"raise to {m(to)}")


def _why_no_raise(ctx: _Auditor, seat) -> tuple[Code, str]:
    table, spec = ctx.table, ctx.spec
    if table.capped():
        return Code.RAISE_CAP, f"the cap of {spec.max_bets_per_round} bets is reached"
    if not table.reopened(seat):
        return Code.NOT_REOPENED, "a short all-in did not reopen the betting to this player"
    if seat.passed and not spec.raise_after_pass:
        return Code.NOT_REOPENED, "this player checked or called this round (raise_after_pass=false)"
    if spec.structure is BettingStructure.FIXED_LIMIT or seat.stack + seat.street_bet <= table.current:
        return Code.ILLEGAL_ACTION, "this player cannot raise here"
    return Code.ILLEGAL_ACTION, "no raise is allowed here"


_KIND_CHECKS = {
    K.CHECK: _check_check,
    K.CALL: _check_call,
    K.BET: _check_bet,
    K.RAISE: _check_raise,
    K.COMPLETE: _check_raise,
}
