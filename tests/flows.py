"""Each player's money in a hand as the log's own lines say, and the money a site adds: what the tests that hold
the readers to the logs' own sums read (the core's ledger, ``_core.money_flow``; not used by the package).

`money_flow` reads it from a hand's own lines with the compiled core's
ledger (``core/src/ledger.rs``), the one implementation of this arithmetic over the log's claims (not a
replay: the rules-aware check of whether those claims are legal lives in the replayer). ``raises X to
Y`` and ``completes it to Y`` set the player's total for the street; blinds, bring-ins and straddles
count toward it; antes and the dead part of ``posts small & big blinds`` do not; an uncalled bet comes
back. Site money that is not from the pot (a cash-out) is kept apart from what the pot paid.
"""

from __future__ import annotations

from dataclasses import dataclass

from soko_analytics import _core
from soko_analytics.model.hand import Hand
from soko_analytics.model.ledger import ADDED_MONEY
from soko_analytics.native import hand_json


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
    """Each seated player's money in one hand, by name in seat order, as the log's own lines say."""
    flows = _core.money_flow(hand_json(hand))
    return {seat.name: Flow(*flow) for seat, flow in zip(hand.seats, flows, strict=True)}


def added_money(hand: Hand) -> int:
    """Money the site added to the pot (:data:`ADDED_MONEY`)."""
    return sum(amount for label, amount in hand.extras if label in ADDED_MONEY)
