"""What a log says each player put in and took out, read from its own lines.

This is arithmetic over the log's claims, not a replay: the rules-aware check of
whether those claims are legal lives in the replayer. ``raises X to Y`` and
``completes it to Y`` set the player's total for the street; blinds, bring-ins
and straddles count toward it; antes and the dead part of ``posts small & big
blinds`` do not; an uncalled bet comes back. Site money that is not from the
pot (a cash-out) is kept apart from what the pot paid.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hand import ActionKind, Hand

_LIVE_POSTS = {ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.STRADDLE, ActionKind.BRING_IN}
_STREET_MONEY = _LIVE_POSTS | {ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE,
                               ActionKind.SMALL_AND_BIG_BLIND, ActionKind.CHECK, ActionKind.FOLD}
ADDED_MONEY = ("STP",)
"""Summary extras that the site adds to the pot (splash the pot)."""


@dataclass
class Flow:
    """One player's money in one hand, in minor units."""

    put_in: int = 0
    """Chips put into the pot, after uncalled bets came back."""
    collected: int = 0
    """Chips the log says the player collected from the pot(s)."""
    cash_out: int = 0
    """What the site paid for cashing out the hand (not from the pot)."""

    @property
    def net(self) -> int:
        return self.collected + self.cash_out - self.put_in


def money_flow(hand: Hand) -> dict[str, Flow]:
    """Each seated player's flow, by name, in seat order."""
    flows = {s.name: Flow() for s in hand.seats}
    street_total: dict[str, int] = {}
    street = 0
    explicit_uncalled = False
    big_blind = hand.stakes.big_blind
    for a in hand.actions:
        if a.street != street and kind_bets(a.kind):
            street, street_total = a.street, {}
        flow = flows[a.player]
        kind = a.kind
        if kind in (ActionKind.RAISE, ActionKind.COMPLETE):
            added = (a.to or 0) - street_total.get(a.player, 0)
            street_total[a.player] = a.to or 0
            flow.put_in += added
        elif kind in (ActionKind.CALL, ActionKind.BET) or kind in _LIVE_POSTS:
            street_total[a.player] = street_total.get(a.player, 0) + a.amount
            flow.put_in += a.amount
        elif kind is ActionKind.SMALL_AND_BIG_BLIND:
            live = min(a.amount, big_blind) if big_blind else a.amount
            street_total[a.player] = street_total.get(a.player, 0) + live
            flow.put_in += a.amount
        elif kind is ActionKind.ANTE:
            flow.put_in += a.amount
        elif kind is ActionKind.UNCALLED:
            explicit_uncalled = True
            flow.put_in -= a.amount
            street_total[a.player] = street_total.get(a.player, 0) - a.amount
        elif kind is ActionKind.COLLECT:
            flow.collected += a.amount
        elif kind is ActionKind.CASH_OUT:
            flow.cash_out += a.amount
    if not explicit_uncalled and street_total and hand.total_pot is not None:
        # Old logs print no "Uncalled bet" line: the excess of the last street's
        # top total over the next one came back when the pot the log states says so
        # (some sites instead let the winner collect his own uncalled chips).
        ranked = sorted(street_total.items(), key=lambda kv: kv[1], reverse=True)
        excess = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)
        put = sum(f.put_in for f in flows.values()) + added_money(hand)
        paid = sum(f.collected for f in flows.values()) + (hand.rake or 0)  # a total pot printed after rake
        if excess and put - excess in (hand.total_pot, paid):
            flows[ranked[0][0]].put_in -= excess
    return flows


def kind_bets(kind: ActionKind) -> bool:
    """Whether an action puts chips in on its street (posts, bets, calls, raises)."""
    return kind in _STREET_MONEY


def added_money(hand: Hand) -> int:
    """Money the site added to the pot (STP)."""
    return sum(amount for label, amount in hand.extras if label in ADDED_MONEY)
