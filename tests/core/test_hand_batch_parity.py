"""Hands Python reads (PHH; any file under ``--strict``) get their rows from the core: ``_core.hand_batch``.

Each PHH file of the corpus (WSOP final tables) and each sample file is read by Python; its hands'
rows are made twice, by ``store/rows.py``'s Batch with the Python audit (the path ``read_chunks``
took for them before) and by the core from the hands' canonical JSON, and the tables are compared
row for row (the all-in estimates within their standard errors).
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pyarrow as pa
import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.native import core, hand_json
from soko_analytics.parsers import read_path
from soko_analytics.replay.audit import audit
from soko_analytics.store.reading import format_of
from soko_analytics.store.rows import Batch
from tests.conftest import require_corpus
from tests.core.test_pipeline_parity import SAMPLES, TABLES, assert_tables_same


def _both(path: Path, fmt: str) -> tuple[int, dict[str, pl.DataFrame], dict[str, pl.DataFrame]]:
    batch, hands = Batch(), []
    for item in read_path(path, format=fmt):
        if isinstance(item, Hand):
            batch.add_hand(item, format_of(item), import_id=7, audit=audit(item, ledger=False))
            hands.append(item)
    stored, quarantined, found = core.hand_batch([hand_json(h) for h in hands], "pokerstars", 7)
    assert (stored, quarantined) == (len(hands), 0), path
    got = {t: pl.from_arrow(pa.RecordBatch._import_from_c_capsule(*found[t])) for t in TABLES}
    return stored, batch.to_frames(), got


def test_every_phh_hand_of_the_corpus_gives_the_same_rows():
    files = sorted((require_corpus() / "phh").rglob("*.phh"))
    stored = 0
    for path in files:
        n, want, got = _both(path, "phh")
        assert_tables_same(want, got, path)
        stored += n
    assert len(files) > 50 and stored > 20  # the others are quarantined (tests/parsers: the PHH expectations)


@pytest.mark.parametrize("name", ["holdem-seed7.txt", "stud7-seed9.txt", "soko-finnish-seed3.txt"])
def test_hands_read_by_python_give_the_rows_the_core_reader_gives(name):
    _, want, got = _both(SAMPLES / name, "auto")
    assert_tables_same(want, got, name)


def test_a_hand_the_core_cannot_take_is_an_internal_record():
    path = SAMPLES / "holdem-seed7.txt"
    hands = [h for h in read_path(path) if isinstance(h, Hand)][:3]
    stored, quarantined, found = core.hand_batch([hand_json(h) for h in hands], "pokerstars", 7,
                                                 fault_hand=hands[1].hand_id)
    assert (stored, quarantined) == (2, 1)
    record = pl.from_arrow(pa.RecordBatch._import_from_c_capsule(*found["quarantine"]))
    assert record["kind"].to_list() == ["internal"] and record["hand_id"].to_list() == [hands[1].hand_id]
    assert record["source_file"].to_list() == [str(path)] and record["source_line"][0] == hands[1].source.line
    assert record["raw"].to_list() == [hands[1].raw]
