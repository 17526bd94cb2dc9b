"""The compiled core (``soko_analytics._core``, the Rust crate in ``core/``) and its bridge to the Python model.

The core and Python agree on one canonical JSON form of a hand (``core/src/model.rs``): the fields of
:class:`~soko_analytics.model.hand.Hand` by name, action kinds by value, cards as ``As``, times as ISO
text. :func:`hand_json` writes it from a Python hand; the parity tests compare the core's hands,
findings and rows with the Python path's through it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache

import polars as pl
import pyarrow as pa

from . import _core  # the compiled core (stub: _core.pyi)
from .model.canonical import hand_dict
from .model.hand import Hand
from .model.ledger import Flow
from .rules.tables import ensure_ranking

__all__ = ["core", "ensure_ranking", "frames", "hand_dict", "hand_json", "money_flow", "spec_json"]

core = _core
"""The extension module itself."""


def hand_json(hand: Hand) -> str:
    """:func:`hand_dict` as JSON text."""
    return json.dumps(hand_dict(hand), ensure_ascii=False)


def money_flow(hand: Hand) -> dict[str, Flow]:
    """Each seated player's money in one hand, by name in seat order, as the log's own lines say (the core's
    ledger; see :mod:`.model.ledger`)."""
    flows = core.money_flow(hand_json(hand))
    return {seat.name: Flow(*flow) for seat, flow in zip(hand.seats, flows, strict=True)}


@lru_cache(maxsize=256)
def spec_json(rules: str) -> str:
    """The game spec of a rules text as the core reads it: ``GameSpec.to_dict()`` with ``game`` (the game
    whatever the house rules, ``hands.game``) and ``odd_chip_stated`` (whether the profile states its odd-chip
    rule). Raises what :func:`~.rules.profiles.resolve` raises."""
    from .rules.profiles import GAMES, PROFILES, resolve

    spec = resolve(rules).to_dict()
    spec["game"] = GAMES.get(spec["profile"], spec["profile"])
    profile = PROFILES.get(spec["profile"])
    spec["odd_chip_stated"] = bool(profile and profile.odd_chip_stated)
    return json.dumps(spec)


def frames(tables: Mapping[str, tuple[object, object]]) -> dict[str, pl.DataFrame]:
    """The core's tables (``{name: (schema, array)}`` Arrow PyCapsules) as Polars frames, without copying."""
    return {name: pl.DataFrame(pl.from_arrow(pa.RecordBatch._import_from_c_capsule(*capsules)))
            for name, capsules in tables.items()}
