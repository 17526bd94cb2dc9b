"""The end of a hand: uncalled bet, pot total, rake, showdown, pots and who is paid (RULES.md §2 items 10, 18–20).

The log's payouts are compared with the replay's under every rake and odd-chip
convention a real log could follow (RULES.md §1, last paragraph); the first
that fits is reported, and an error is raised only when none fits.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import TYPE_CHECKING

from ..model.hand import ActionKind
from ..rules.evaluate import evaluator
from ..rules.profiles import PROFILES
from ..rules.spec import GameSpec
from .findings import STREET_SHOWDOWN, Code, Severity
from .pots import PotError, RakeConvention, award, build_pots, payouts, rake_pots

if TYPE_CHECKING:
    from .audit import _Auditor

K = ActionKind
DESCRIPTION_FORMS = ("high card ", "a pair of ", "two pair, ", "three of a kind, ", "a straight", "a flush, ",
                     "a full house, ", "four of a kind, ", "a Royal Flush", "a four-")
"""How PokerStars and the Sökö format describe hands; other sites' words (``Three of Kind``) are not checked."""

HOUSE_MONEY_PLACES = (("main pot", 0), ("last pot", -1))
"""Where money the house adds to a hand (STP) is paid: with the main pot (tried first), or with the last
side pot (a Run It Once log collects its STP with side pot 1)."""

def odd_chip_stated(spec: GameSpec) -> bool:
    """Whether an odd chip paid against the dealer's-left rule is an error under ``spec``: the Sökö profiles are
    their houses' own rules (seed 001 gives the odd chip to the winner nearest the dealer's left, RULES.md §2
    item 20); the hold'em and stud profiles serve site logs whose convention is undocumented (a warning)."""
    return PROFILES[spec.profile].odd_chip_stated


def settle(ctx: _Auditor) -> None:
    r, hand, table = ctx.result, ctx.hand, ctx.table
    m = r.money
    _uncalled(ctx)
    total = table.pot + r.added
    if hand.total_pot is not None and hand.total_pot != total:
        house = f" and the house added {m(r.added)}, {m(total)} in all" if r.added else ""
        ctx.find(Code.POT_TOTAL, f"The log's total pot is {m(hand.total_pot)}, but the players put in "
                 f"{m(table.pot)}{house}.", expected=m(total), actual=m(hand.total_pot), street=STREET_SHOWDOWN)
    rake = hand.rake or 0
    r.rake = rake
    collected = sum(r.collected.values())
    if rake < 0 or (hand.total_pot is not None and rake > hand.total_pot):
        ctx.find(Code.RAKE, f"The rake of {m(rake)} is not between 0 and the pot.", expected=f"0 to {m(total)}",
                 actual=m(rake), street=STREET_SHOWDOWN)
    elif hand.total_pot is not None and collected and collected + rake != hand.total_pot:
        ctx.find(Code.RAKE, f"The players collect {m(collected)} and the rake is {m(rake)}, which is not the total "
                 f"pot of {m(hand.total_pot)}.",
                 expected=m(hand.total_pot), actual=m(collected + rake), street=STREET_SHOWDOWN)
    values = _showdown(ctx)
    claims = any(a.kind is K.COLLECT for a in hand.actions)
    _award(ctx, values, rake, claims)
    cash = {a.player: a.amount for a in hand.actions if a.kind is K.CASH_OUT}
    paid = r.collected if claims else r.payouts
    for s in table.seats:
        r.stacks[s.name] = s.stack + paid.get(s.name, 0) + cash.get(s.name, 0)
    if hand.finishing_stacks:
        _check_finishing_stacks(ctx)


def _check_finishing_stacks(ctx: _Auditor) -> None:
    """PHH states the stacks after the hand instead of collects: compare them with the replay's."""
    r, hand = ctx.result, ctx.hand
    for seat, claimed in zip(hand.seats, hand.finishing_stacks):
        ours = r.stacks.get(seat.name, seat.stack)
        if ours != claimed:
            ctx.find(Code.PAYOUT, f"{seat.name} ends with {r.money(claimed)}, but the replay leaves {r.money(ours)}.",
                     player=seat.name, expected=r.money(ours), actual=r.money(claimed), street=STREET_SHOWDOWN)


def _uncalled(ctx: _Auditor) -> None:
    """Return the uncalled bet; compare it with the log's ``Uncalled bet`` line, if any."""
    r, hand, table = ctx.result, ctx.hand, ctx.table
    m = r.money
    who, amount = table.return_uncalled()
    r.uncalled = (who, amount)
    logged: dict[str, int] = {}
    for action in ctx.log_uncalled:
        logged[action.player] = logged.get(action.player, 0) + action.amount
    if logged:
        if logged != ({who: amount} if who else {}):
            said = " and ".join(f"{m(a)} to {p}" for p, a in logged.items())
            ctx.find(Code.POT_TOTAL, f"The log returns {said} as the uncalled bet; "
                     + (f"the uncalled bet is {m(amount)} to {who}." if who else "no bet is uncalled."),
                     expected=f"{who} {m(amount)}" if who else "none",
                     actual=", ".join(f"{p} {m(a)}" for p, a in logged.items()), street=STREET_SHOWDOWN)
        return
    if who and hand.total_pot is not None:
        total = sum(s.total for s in table.seats) + r.added
        if hand.total_pot == total + amount:
            # The site let the bettor collect his own uncalled chips from the pot.
            seat = table.by_name[who]
            seat.total += amount
            seat.stack -= amount
            table.pot += amount
            r.uncalled = (None, 0)
            ctx.find(Code.UNVERIFIABLE, f"The log returns no uncalled bet: {who}'s {m(amount)} stays in the pot.",
                     Severity.INFO, player=who, street=STREET_SHOWDOWN)


def _showdown(ctx: _Auditor) -> dict[str, int]:
    """Values of the live players' hands that the log shows in full; descriptions checked."""
    r, spec, table = ctx.result, ctx.spec, ctx.table
    live = table.live()
    if len(live) == 1:
        return {live[0].name: 0}
    ev = evaluator(spec.ranking)
    board = ctx.board[0]
    needed = spec.cards_per_player + spec.board_cards
    values: dict[str, int] = {}
    for seat in live:
        cards = list(dict.fromkeys(ctx.known[seat.name] + board))
        if len(cards) >= needed and len(cards) >= 5:
            hand_value = ev.evaluate(cards[:needed])
            values[seat.name] = hand_value.value
            r.showdown[seat.name] = hand_value.description
    for index, action in enumerate(ctx.hand.actions):
        if action.kind is K.SHOW and action.text and action.player in r.showdown \
                and action.text.startswith(DESCRIPTION_FORMS):
            said = action.text.split(" - ")[0].strip()
            ours = r.showdown[action.player]
            if said.casefold() != ours.casefold():
                ctx.find(Code.HAND_DESCRIPTION, f"{action.player}'s hand is {ours}, but the log says {said}.",
                         index=index, player=action.player, expected=ours, actual=said)
    return values


def _odd_chip_orders(ctx: _Auditor) -> list[tuple[str, list[str]]]:
    """Who gets odd chips first: left of the dealer (RULES §2 item 20); with no button, seat order or the
    highest card by suit (PokerStars stud conventions)."""
    orders = [("left of the dealer" if ctx.hand.button is not None else "seat order",
               [s.name for s in ctx.table.from_dealer_left()])]
    if ctx.hand.button is None:
        by_card = sorted(ctx.table.seats, key=lambda s: max(ctx.known[s.name], default=-1), reverse=True)
        orders.append(("highest card by suit", [s.name for s in by_card]))
    return orders


def _award(ctx: _Auditor, values: dict[str, int], rake: int, claims: bool) -> None:
    """Build and award the pots; compare with the log's collects when it states them."""
    r, table, hand = ctx.result, ctx.table, ctx.hand
    m = r.money
    contributions = {s.name: s.total for s in table.seats if s.total}
    folded = {s.name for s in table.seats if s.folded}
    order = [s.name for s in table.seats]
    if not contributions:
        return
    if not table.live():
        ctx.find(Code.ILLEGAL_ACTION, "Everyone folded: nobody is left to win the pot.",
                 expected="one player left in", actual="none", street=STREET_SHOWDOWN)
        return
    dead = {s.dead for s in table.seats if s.total}
    unequal_dead = len(dead) > 1 and all(s.total > s.dead or s.folded for s in table.seats if s.total)
    if unequal_dead:
        # A big blind ante or a dead blind: the dead money goes into the main pot and the
        # pots are layered by the live chips (equal antes layer the same either way).
        contributions = {s.name: s.total - s.dead for s in table.seats if s.total - s.dead}
    try:
        pots = build_pots(contributions, folded, order)
    except PotError as err:
        ctx.find(Code.PAYOUT, f"The pots cannot be built: {err.reason}.", street=STREET_SHOWDOWN)
        return
    if unequal_dead and pots:
        pots[0] = replace(pots[0], amount=pots[0].amount + sum(s.dead for s in table.seats))
    if not 0 <= rake <= sum(p.amount for p in pots):
        return  # already a rake finding: no split can be built on it
    unit = ctx.spec.chip_unit
    if any(d.run for d in hand.deals):
        ctx.find(Code.UNVERIFIABLE, "The hand is run twice: the pots are split between two boards, and the "
                 "payouts are not checked.", Severity.INFO, street=STREET_SHOWDOWN)
        return
    tried = []
    # Money the house added (STP) goes into the main pot; a log may put it into the last side pot instead.
    places = HOUSE_MONEY_PLACES if r.added and len(pots) > 1 else HOUSE_MONEY_PLACES[:1]
    for (order_name, odd_order), convention, (place, at) in product(_odd_chip_orders(ctx), RakeConvention, places):
        awards = award(pots, values, odd_order, unit)
        nets = rake_pots(pots, rake, convention)
        nets[at] += r.added
        paid = payouts(awards, nets, odd_order, unit)
        tried.append((order_name, convention, place, awards, nets, paid))
        if _same(paid, r.collected):
            break
    order_name, convention, place, awards, nets, paid = next(
        (t for t in tried if _same(t[-1], r.collected)), tried[0])
    r.payouts = {name: amount for name, amount in paid.items() if amount}
    r.convention = f"rake {convention}, odd chip {order_name}" + (f", house money to the {place}" if r.added else "")
    descriptions = r.showdown
    for a, net in zip(awards, nets):
        best = next((descriptions.get(w) for w in a.winners if descriptions.get(w)), None)
        r.pots.append(_pot_result(a, net, odd_order, unit, best))
    undetermined = [i for i, a in enumerate(awards) if not a.winners]
    if not claims:
        return
    if undetermined:
        ctx.find(Code.UNVERIFIABLE, "A pot is won by a hand the log does not show, so its winner is not checked.",
                 Severity.INFO, street=STREET_SHOWDOWN)
        return
    if _same(paid, r.collected):
        return
    if _odd_chips_elsewhere(paid, r.collected, awards, unit):
        _odd_chip_finding(ctx, paid)
        return
    gross_pots = [p.amount for p in pots]
    gross_pots[0] += r.added
    gross = payouts(awards, gross_pots, _odd_chip_orders(ctx)[0][1], unit)
    if _uneven_rake(gross, r.collected, rake):
        r.convention = "rake taken unevenly from the winners' shares"
        ctx.find(Code.UNVERIFIABLE, "The rake is taken unevenly from the winners' shares; each winner got no more "
                 "than that winner's share.", Severity.INFO, street=STREET_SHOWDOWN)
        return
    _payout_findings(ctx, paid, awards, m)


def _odd_chip_finding(ctx: _Auditor, paid: dict[str, int]) -> None:
    """Odd chips paid to other tied winners than the rule's: an error where the rules the log follows state the
    odd-chip rule, a warning where the convention is the site's own and undocumented (RULES.md §1)."""
    r, m = ctx.result, ctx.result.money
    expected = ", ".join(f"{p} {m(a)}" for p, a in paid.items() if a)
    actual = ", ".join(f"{p} {m(a)}" for p, a in r.collected.items() if a)
    if odd_chip_stated(ctx.spec):
        ctx.find(Code.ODD_CHIP, f"The odd chips of a split went to other tied winners than the rules of "
                 f"{ctx.hand.rules} give them to: the tied winner nearest the dealer's left gets the first odd chip "
                 f"(the split pays {expected}).", street=STREET_SHOWDOWN, expected=expected, actual=actual)
    else:
        ctx.find(Code.ODD_CHIP, f"The odd chips of a split went to other tied winners than the dealer's-left rule "
                 f"gives them to; {ctx.hand.site} does not document its convention.", Severity.WARNING,
                 street=STREET_SHOWDOWN, expected=expected, actual=actual)


def _odd_chips_elsewhere(paid: dict[str, int], collected: dict[str, int], awards, unit: int) -> bool:
    """The same winners, each within one chip unit per split pot he shares of the rule's amount."""
    if {k for k, v in paid.items() if v} != {k for k, v in collected.items() if v}:
        return False
    if sum(paid.values()) != sum(collected.values()):
        return False
    for player in paid:
        shared = sum(1 for a in awards if player in a.winners and len(a.winners) > 1)
        if abs(collected.get(player, 0) - paid[player]) > unit * shared:
            return False
    return True


def _uneven_rake(gross: dict[str, int], collected: dict[str, int], rake: int) -> bool:
    """The winners are right and each got at most his share before rake, the rake making up the rest."""
    winners = {k for k, v in gross.items() if v}
    return (winners == {k for k, v in collected.items() if v}
            and all(collected.get(w, 0) <= gross[w] for w in winners)
            and sum(gross.values()) - sum(collected.values()) == rake)


def _pot_result(a, net: int, odd_order, unit, description):
    from .audit import PotResult
    from .pots import split

    shares = split(net, list(a.winners), odd_order, unit) if a.winners else {}
    return PotResult(net, a.pot.eligible, shares, description)


def _same(paid: dict[str, int], collected: dict[str, int]) -> bool:
    return {k: v for k, v in paid.items() if v} == {k: v for k, v in collected.items() if v}


def _payout_findings(ctx: _Auditor, paid: dict[str, int], awards, m) -> None:
    r = ctx.result
    winners = {w for a in awards for w in a.winners}
    tied = any(len(a.winners) > 1 for a in awards)
    players = sorted(set(paid) | set(r.collected), key=lambda n: list(ctx.table.by_name).index(n)
                     if n in ctx.table.by_name else 99)
    diffs = {p: r.collected.get(p, 0) - paid.get(p, 0) for p in players}
    small = all(abs(d) <= ctx.spec.chip_unit * max(1, len(winners)) for d in diffs.values())
    for player in players:
        got, due = r.collected.get(player, 0), paid.get(player, 0)
        if got == due:
            continue
        if got and player not in winners:
            code, why = Code.WINNER, f"{player} collects {m(got)} but wins no pot."
        elif tied and small and player in winners:
            code, why = Code.ODD_CHIP, f"{player} collects {m(got)}, but the split gives {m(due)} (the odd chip)."
        else:
            code, why = Code.PAYOUT, f"{player} collects {m(got)}, but the pots won pay {m(due)}."
        ctx.find(code, why, player=player, expected=m(due), actual=m(got), street=STREET_SHOWDOWN)
