"""The canonical form of a hand: plain JSON values both the Python path and the compiled core agree on.

The fields of :class:`~.hand.Hand` by name, action kinds by value, cards as ``As``, times as ISO
text (``core/src/model.rs`` is its Rust twin). :func:`compared_json` is the part ``==`` compares,
in one compact JSON text: what ``hands.content_hash`` hashes.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import Card
from .hand import Hand

__all__ = ["NOT_COMPARED", "compared_json", "hand_dict"]

NOT_COMPARED = ("source", "deal_lines", "action_lines", "raw")
"""Where a hand came from: kept beside it, left out of comparisons and of the content hash."""


def _cards(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if c is None else str(c) for c in cards]


def hand_dict(hand: Hand) -> dict[str, Any]:
    """A hand in the canonical form (plain JSON values)."""
    stakes = hand.stakes._asdict()
    return {
        "site": hand.site, "hand_id": hand.hand_id, "rules": hand.rules, "stakes": stakes,
        "table": hand.table, "max_seats": hand.max_seats, "button": hand.button,
        "start": None if hand.start is None else hand.start.isoformat(),
        "time_zone": hand.time_zone,
        "start_utc": None if hand.start_utc is None else hand.start_utc.isoformat(),
        "tournament": None if hand.tournament is None else hand.tournament._asdict(),
        "seats": [s._asdict() for s in hand.seats],
        "deals": [{"street": d.street, "player": d.player, "cards": _cards(d.cards), "up": list(d.up),
                   "run": d.run} for d in hand.deals],
        "actions": [{"street": a.street, "player": a.player, "kind": a.kind.value, "amount": a.amount, "to": a.to,
                     "all_in": a.all_in, "cards": _cards(a.cards), "text": a.text, "fee": a.fee, "run": a.run}
                    for a in hand.actions],
        "total_pot": hand.total_pot, "rake": hand.rake, "pots": list(hand.pots),
        "extras": [list(e) for e in hand.extras], "finishing_stacks": list(hand.finishing_stacks),
        "source": None if hand.source is None else hand.source._asdict(),
        "deal_lines": list(hand.deal_lines), "action_lines": list(hand.action_lines), "raw": hand.raw,
    }




def compared_json(hand: Hand) -> str:
    """The compared fields of the canonical form as compact JSON (non-ASCII kept, as the core writes it)."""
    compared = {k: v for k, v in hand_dict(hand).items() if k not in NOT_COMPARED}
    return json.dumps(compared, separators=(",", ":"), ensure_ascii=False)
