"""The canonical form of a hand: plain JSON values both the Python path and the compiled core agree on.

The fields of :class:`~.hand.Hand` by name, action kinds by value, cards as ``As``, times as ISO
text (``core/src/model.rs`` is its Rust twin). :func:`compared_json` is the part ``==`` compares,
in one compact JSON text: what ``hands.content_hash`` hashes.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from .cards import Card
from .hand import Action, ActionKind, Deal, Finish, Hand, Seat, Source, Stakes, Tournament

__all__ = ["NOT_COMPARED", "compared_json", "hand_dict", "hand_from_dict"]

NOT_COMPARED = ("source", "deal_lines", "action_lines", "raw", "finishes")
"""Where a hand came from, and its tournament lines: kept beside it, left out of comparisons and of the content
hash."""


def _cards(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if c is None else str(c) for c in cards]


def hand_dict(hand: Hand) -> dict[str, Any]:
    """A hand in the canonical form (plain JSON values); ``finishes`` only when there are some."""
    stakes = hand.stakes._asdict()
    d = {
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
    if hand.finishes:
        d["finishes"] = [f._asdict() for f in hand.finishes]
    return d


_CARDS = {str(Card(code)): Card(code) for code in range(52)}
_KINDS = {kind.value: kind for kind in ActionKind}


def _parsed(cards: list[str | None]) -> tuple[Card | None, ...]:
    return tuple(None if c is None else _CARDS[c] for c in cards)


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def hand_from_dict(d: dict[str, Any]) -> Hand:
    """The hand of a canonical form (what the core's reader gives): ``hand_dict(hand_from_dict(d)) == d``."""
    return Hand(
        site=d["site"], hand_id=d["hand_id"], rules=d["rules"], stakes=Stakes(**d["stakes"]),
        table=d["table"], max_seats=d["max_seats"], button=d["button"], start=_time(d["start"]),
        time_zone=d["time_zone"], start_utc=_time(d["start_utc"]),
        tournament=None if d["tournament"] is None else Tournament(**d["tournament"]),
        seats=tuple(Seat(**s) for s in d["seats"]),
        deals=tuple(Deal(x["street"], x["player"], _parsed(x["cards"]), tuple(x["up"]), x["run"]) for x in d["deals"]),
        actions=tuple(Action(a["street"], a["player"], _KINDS[a["kind"]], a["amount"], a["to"], a["all_in"],
                             tuple(c for c in _parsed(a["cards"]) if c is not None), a["text"], a["fee"], a["run"])
                      for a in d["actions"]),
        total_pot=d["total_pot"], rake=d["rake"], pots=tuple(d["pots"]),
        extras=tuple((name, amount) for name, amount in d["extras"]), finishing_stacks=tuple(d["finishing_stacks"]),
        source=None if d["source"] is None else Source(**d["source"]),
        deal_lines=tuple(d["deal_lines"]), action_lines=tuple(d["action_lines"]), raw=d["raw"],
        finishes=tuple(Finish(**f) for f in d.get("finishes", ())))


def compared_json(hand: Hand) -> str:
    """The compared fields of the canonical form as compact JSON (non-ASCII kept, as the core writes it)."""
    compared = {k: v for k, v in hand_dict(hand).items() if k not in NOT_COMPARED}
    return json.dumps(compared, separators=(",", ":"), ensure_ascii=False)
