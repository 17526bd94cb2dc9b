"""Schema 8: a store of an earlier version gets its hands' content hashes recomputed (hand-v2), so that a
hand imported again is a duplicate, not a conflict (issue 14: the core and Python hash alike)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from soko_analytics import api
from soko_analytics.store.db import LATEST, Store
from tests.conftest import require_corpus
from tests.older_store import make_older

SAMPLES = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"


@pytest.mark.slow
def test_an_older_store_is_rehashed_and_a_second_import_finds_duplicates(tmp_path):
    corpus = require_corpus()
    files = [SAMPLES / "holdem-seed7.txt", SAMPLES / "soko-finnish-seed3.txt", corpus / "phh"]
    db = tmp_path / "s.duckdb"
    first = api.import_paths(db, files)
    assert first.stored > 100
    with Store(db) as store:
        before = dict(store.query("SELECT hand_key, content_hash FROM hands").rows())
        formats = set(store.query("SELECT DISTINCT format FROM hands")["format"])
        assert {"pokerstars", "soko", "phh"} <= formats
    make_older(db, 7)  # as a version-7 store left them: hashes of another canonical form
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE hands SET content_hash = 'hand-v1 ' || hand_key")
    with Store(db) as store:
        assert store.version() == LATEST >= 8
        after = dict(store.query("SELECT hand_key, content_hash FROM hands").rows())
    assert after == before
    again = api.import_paths(db, files, force=True)
    assert again.stored == 0 and again.quarantined == 0 and again.duplicate >= first.stored
    assert not [r for r in api.quarantine_records(db) if r["kind"] == "conflict"]
