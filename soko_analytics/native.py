"""The compiled core (``soko_analytics._core``, the Rust crate in ``core/``) and its bridge to the Python model.

The core and Python agree on one canonical JSON form of a hand (``core/src/model.rs``): the fields of
:class:`~soko_analytics.model.hand.Hand` by name, action kinds by value, cards as ``As``, times as ISO
text. :func:`hand_json` writes it from a Python hand; the parity tests compare the core's hands,
findings and rows with the Python path's through it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from . import _core  # the compiled core (stub: _core.pyi)
from .model.cards import Card
from .model.hand import Hand
from .rules.ranking import Ranking

__all__ = ["core", "ensure_ranking", "hand_dict", "hand_json", "spec_json"]

core = _core
"""The extension module itself."""


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


def hand_json(hand: Hand) -> str:
    """:func:`hand_dict` as JSON text."""
    return json.dumps(hand_dict(hand), ensure_ascii=False)


@lru_cache(maxsize=256)
def spec_json(rules: str) -> str:
    """The game spec of a rules text as the core reads it: ``GameSpec.to_dict()`` with ``game`` (the game
    whatever the house rules, ``hands.game``). Raises what :func:`~.rules.profiles.resolve` raises."""
    from .rules.profiles import resolve
    from .store.rows import GAMES

    spec = resolve(rules).to_dict()
    spec["game"] = GAMES.get(spec["profile"], spec["profile"])
    return json.dumps(spec)


def ensure_ranking(ranking: Ranking) -> str:
    """Hand a ranking's five-card table (and each value's class) to the core once; the name the core knows it by."""
    if not _core.has_ranking(ranking.name):
        from .rules.tables import five_card_table

        table = five_card_table(ranking)
        _core.register_ranking(ranking.name, table.values.astype("<u2").tobytes(),
                               table.value_class.astype("u1").tobytes())
    return ranking.name
