"""A whole file through the core (``_core.read_rows``: source → split → read → audit → rows), against values from
outside the path under test: the same text read plain is the oracle for its gzip and UTF-16 copies, a file read
whole for the same file read in chunks, and a missing file is one ``unreadable`` record.

The rows of the hands the reader reads are held to independent values elsewhere: the corpus to the logs' own
sums and another tracker's counts and results (``tests/parsers/test_*_corpus.py``, ``tests/parsers/sites.py``),
simulated hands to the simulator's own hands (``test_simulated_rows.py``).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import polars as pl
import pytest

from soko_analytics import _core
from soko_analytics.native import frames
from soko_analytics.store.rows import BATCH_TABLES

SAMPLES = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"
NAMED_BY_PATH = "source_file"
"""The one column in which two copies of a text read from different files differ."""


def core_rows(path: Path, fmt: str) -> tuple[int, int, dict[str, pl.DataFrame]]:
    """What the core stores and quarantines from a file, and its tables."""
    stored, quarantined, found = _core.read_rows(str(path), fmt, 0)
    return stored, quarantined, frames(found)


def assert_same_rows(want: dict[str, pl.DataFrame], got: dict[str, pl.DataFrame]) -> None:
    """Every table row for row, column by column but the file's name (the first column that differs is named)."""
    for table in BATCH_TABLES:
        expected, actual = want[table], got[table]
        assert actual.schema == expected.schema, table
        assert actual.height == expected.height, (table, actual.height, expected.height)
        for name in expected.columns:
            if name != NAMED_BY_PATH:
                assert actual[name].to_list() == expected[name].to_list(), f"{table}.{name}"


def test_a_gzip_file_gives_the_rows_of_its_text(tmp_path):
    plain = SAMPLES / "holdem-seed7.txt"
    packed = tmp_path / "session.txt.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    stored, quarantined, want = core_rows(plain, "pokerstars")
    assert stored > 100
    got = core_rows(packed, "pokerstars")
    assert got[:2] == (stored, quarantined)
    assert_same_rows(want, got[2])
    assert set(got[2]["hands"][NAMED_BY_PATH]) == {str(packed)}


def test_utf16_files_give_the_rows_of_their_text(tmp_path):
    plain = SAMPLES / "soko-finnish-seed3.txt"
    stored, quarantined, want = core_rows(plain, "soko")
    assert stored > 100
    text = plain.read_text(encoding="utf-8")
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        path = tmp_path / f"session-{encoding}.txt"
        path.write_bytes(text.encode(encoding))
        got = core_rows(path, "soko")
        assert got[:2] == (stored, quarantined), encoding
        assert_same_rows(want, got[2])


def test_a_changed_copy_is_caught(tmp_path):
    """The comparison can fail: a copy with one amount changed gives other rows."""
    plain = SAMPLES / "holdem-seed7.txt"
    changed = tmp_path / "changed.txt"
    text = plain.read_text(encoding="utf-8")
    at = text.index("Total pot ")
    changed.write_text(text[:at] + text[at:].replace("Rake $0", "Rake $0.01", 1), encoding="utf-8")
    assert changed.read_text(encoding="utf-8") != text
    with pytest.raises(AssertionError, match=r"hands\.rake"):
        assert_same_rows(core_rows(plain, "pokerstars")[2], core_rows(changed, "pokerstars")[2])


def test_a_missing_file_is_one_unreadable_record(tmp_path):
    stored, quarantined, found = core_rows(tmp_path / "gone.txt", "pokerstars")
    assert (stored, quarantined) == (0, 1)
    assert found["quarantine"]["kind"].to_list() == ["unreadable"]


def test_chunks_of_a_file_add_up_to_its_rows():
    path = SAMPLES / "holdem-seed7.txt"
    _, _, whole = core_rows(path, "pokerstars")
    chunks = [(s, q, frames(tables)) for s, q, tables in _core.FileReader(str(path), "pokerstars", 0, rows=97)]
    assert len(chunks) > 3 and all(s + q <= 97 for s, q, _ in chunks)
    for table in BATCH_TABLES:
        assert pl.concat([c[2][table] for c in chunks]).equals(whole[table]), table
