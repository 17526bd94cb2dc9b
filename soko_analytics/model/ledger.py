"""What a log says each player put in and took out: the record of it, and the money a site adds.

:func:`~soko_analytics.native.money_flow` reads it from a hand's own lines with the compiled core's
ledger (``core/src/ledger.rs``), the one implementation of this arithmetic over the log's claims (not a
replay: the rules-aware check of whether those claims are legal lives in the replayer). ``raises X to
Y`` and ``completes it to Y`` set the player's total for the street; blinds, bring-ins and straddles
count toward it; antes and the dead part of ``posts small & big blinds`` do not; an uncalled bet comes
back. Site money that is not from the pot (a cash-out) is kept apart from what the pot paid.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import _core
from .hand import Hand

ADDED_MONEY: tuple[str, ...] = tuple(_core.ADDED_MONEY)
"""Summary extras that the site adds to the pot (splash the pot, GGPoker's cash drop): the core's
(``core/src/ledger.rs``), defined there once."""


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


def added_money(hand: Hand) -> int:
    """Money the site added to the pot (:data:`ADDED_MONEY`)."""
    return sum(amount for label, amount in hand.extras if label in ADDED_MONEY)
