"""Hands handed to the core as Python objects (``Batch.add_hand``: a user's or a test's hands) get their rows from
the core (``_core.hand_batch`` through ``store/rows.py``'s Batch), audited by the core.

The PHH files of the corpus (WSOP final tables), read by the core and given back to it as Hand objects, are where
the Batch path is exercised on real hands: each hand gets its rows, none is an internal record, and each is
audited clean (real hands, whose files' finishing stacks they replay to: ``tests/replay/test_wsop.py``).
The rows the core's own reader gives are held to independent values in ``test_file_rows.py`` and
``test_simulated_rows.py``.
"""

from __future__ import annotations

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.parsers.base import InternalError
from soko_analytics.store.rows import Batch
from tests.conftest import require_corpus
from tests.core.test_file_rows import SAMPLES


def test_every_phh_hand_of_the_corpus_gets_its_rows_and_audits_clean():
    files = sorted((require_corpus() / "phh").rglob("*.phh"))
    stored = 0
    for path in files:
        batch = Batch()
        for item in read_path(path, format="phh"):
            if isinstance(item, Hand):
                batch.add_hand(item)
        found = batch.to_frames()
        hands = found["hands"]
        assert found["quarantine"].height == 0, path  # no hand the core could not take
        assert hands["hand_id"].to_list() == [h.hand_id for h in batch.hands], path
        assert set(hands["format"]) <= {"phh"} and set(hands["source_file"]) <= {str(path)}
        assert hands["audited"].all() and hands["audit_ok"].all(), (path, found["findings"]["message"].to_list())
        stored += len(batch)
    # Every hand of the event: NT, FT, F7S, PO, FO/8, F7S/8, FR, N2L1D and F2L3D (tests/parsers: the PHH expectations).
    assert len(files) == stored == 83


def test_a_hand_the_core_cannot_take_is_an_internal_record():
    path = SAMPLES / "holdem-seed7.txt"
    batch = Batch()
    hands = [h for h in read_path(path) if isinstance(h, Hand)][:3]
    for hand in hands:
        batch.add_hand(hand)
    found = batch.to_frames(fault_hand=hands[1].hand_id)
    assert found["hands"]["hand_id"].to_list() == [hands[0].hand_id, hands[2].hand_id]
    record = found["quarantine"]
    assert record["kind"].to_list() == ["internal"] and record["hand_id"].to_list() == [hands[1].hand_id]
    assert record["source_file"].to_list() == [str(path)] and record["source_line"][0] == hands[1].source.line
    assert record["raw"].to_list() == [hands[1].raw]
    with pytest.raises(InternalError):
        batch.to_frames(strict=True, fault_hand=hands[1].hand_id)
