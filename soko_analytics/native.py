"""What crosses between the Python model and the compiled core (``soko_analytics._core``, typed by ``_core.pyi``;
call it directly for everything else).

The core and Python agree on one canonical JSON form of a hand (``core/src/model.rs``): the fields of
:class:`~soko_analytics.model.hand.Hand` by name, action kinds by value, cards as ``As``, times as ISO
text; :func:`hand_json` writes it from a Python hand. :func:`spec_json` is the game spec of a rules text as
the core resolves it (``_core.resolve_spec``), and :func:`frames` turns the core's Arrow tables into Polars frames.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache

import polars as pl
import pyarrow as pa

from . import _core
from .model.canonical import hand_dict
from .model.hand import Hand

__all__ = ["frames", "hand_json", "spec_json"]


def hand_json(hand: Hand) -> str:
    """:func:`hand_dict` as JSON text."""
    return json.dumps(hand_dict(hand), ensure_ascii=False)


@lru_cache(maxsize=256)
def spec_json(rules: str) -> str:
    """The game spec of a rules text as the core reads it (``_core.resolve_spec``): ``GameSpec.to_dict()``
    with ``game`` (the game whatever the house rules, ``hands.game``) and ``odd_chip_stated`` (whether the
    profile states its odd-chip rule). Raises what :func:`~.rules.profiles.resolve` raises."""
    return _core.resolve_spec(rules)


def frames(tables: Mapping[str, tuple[object, object]]) -> dict[str, pl.DataFrame]:
    """The core's tables (``{name: (schema, array)}`` Arrow PyCapsules) as Polars frames, without copying."""
    return {name: pl.DataFrame(pl.from_arrow(pa.RecordBatch._import_from_c_capsule(*capsules)))
            for name, capsules in tables.items()}
