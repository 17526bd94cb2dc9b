"""The core's rows equal the Python path's (`store/rows.py` Batch), table by table, row for row.

Hands are read by the Python reader from the corpus and the sample data, and simulated for every
profile; the core gets each hand in the canonical form and gives Arrow batches of ``hands``, ``seats``,
``actions`` and ``cards``, the canonical content hash (``hand-v2``) included.
"""

from __future__ import annotations

import polars as pl
import pyarrow as pa

from soko_analytics.model.hand import Hand
from soko_analytics.native import core, hand_json, spec_json
from soko_analytics.parsers import read_path
from soko_analytics.rules.profiles import PROFILES
from soko_analytics.sim.session import simulate
from soko_analytics.store.rows import Batch

TABLES = ("hands", "seats", "actions", "cards")


def python_frames(hands: list[Hand], fmt: str) -> dict[str, pl.DataFrame]:
    batch = Batch()
    for hand in hands:
        batch.add_hand(hand, fmt, import_id=7, audit=None)
    return batch.to_frames()


def core_frames(hands: list[Hand], fmt: str) -> dict[str, pl.DataFrame]:
    found = core.hand_rows([hand_json(h) for h in hands], [spec_json(h.rules) for h in hands], fmt, 7)
    return {t: pl.from_arrow(pa.RecordBatch._import_from_c_capsule(*found[t])) for t in TABLES}


def assert_same_rows(hands: list[Hand], fmt: str) -> int:
    assert hands
    want, got = python_frames(hands, fmt), core_frames(hands, fmt)
    for table in TABLES:
        expected, actual = want[table], got[table]
        assert actual.columns == expected.columns, table
        assert actual.schema == expected.schema, table
        for name in expected.columns:
            assert actual[name].to_list() == expected[name].to_list(), f"{table}.{name}"
    return len(hands)


def _stored(paths) -> dict[str, list[Hand]]:
    by_format: dict[str, list[Hand]] = {}
    for path in paths:
        for item in read_path(path):
            if isinstance(item, Hand):
                by_format.setdefault(item.source.format, []).append(item)
    return by_format


def test_a_few_simulated_hands_of_each_profile_give_the_same_rows():
    for rules in PROFILES:
        hands = list(simulate(rules, 60, players=6, seed=5))
        assert assert_same_rows(hands, "soko" if rules.startswith("soko") else "pokerstars") == 60


def test_a_changed_amount_changes_the_content_hash_and_the_rows():
    (hand,) = simulate("holdem", 1, players=3, seed=2)
    bet = next(i for i, a in enumerate(hand.actions) if a.amount)
    changed = hand.actions[bet]._replace(amount=hand.actions[bet].amount + 1)
    other = type(hand)(**{**{f: getattr(hand, f) for f in hand.__slots__},
                          "actions": hand.actions[:bet] + (changed,) + hand.actions[bet + 1:]})
    a, b = core_frames([hand], "pokerstars"), core_frames([other], "pokerstars")
    assert a["hands"]["content_hash"][0] != b["hands"]["content_hash"][0]
    assert a["actions"]["amount"][bet] + 1 == b["actions"]["amount"][bet]
