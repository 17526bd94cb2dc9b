"""A whole file through the core (source → split → read → audit → rows) gives what the Python readers give.

Python reads each PokerStars-family and Sökö file of the corpus and the sample data with ``read_path``;
the core's rows of those hands are made from their canonical form (``store/rows.py``'s Batch, the path
hands Python reads take into a store) and compared, table by table and row for row, with what the core
makes reading the same file itself (``_core.read_rows``): the hands, seats, actions, cards, quarantine
(content hashes included), player_hands (the all-in figures too: both are seeded by the hand key),
pots and findings. Both sides are audited by the core, so equal tables mean the core's reader read
every hand and quarantined every record as Python's reader did (the audit itself is held to the rules
and the logs in ``tests/replay``).
"""

from __future__ import annotations

import dataclasses
import gzip
from pathlib import Path

import polars as pl
import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.native import core, frames
from soko_analytics.parsers import detect_format, iter_files, read_path
from soko_analytics.parsers.source import HEAD_CHARS, TextStream, members
from soko_analytics.store.reading import CORE_FORMATS
from soko_analytics.store.rows import BATCH_TABLES, Batch
from tests.conftest import require_corpus

SAMPLES = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"


def _format(path: Path) -> str | None:
    member = next(iter(members(path)), None)
    if member is None or member.problem:
        return None
    with TextStream(member) as stream:
        try:
            found = detect_format(stream.head()[:HEAD_CHARS], str(path))
        except Exception:  # noqa: BLE001 - files of no known format are not this test's concern
            return None
    return found if found in CORE_FORMATS else None


def python_rows(path: Path, fmt: str) -> tuple[dict[str, pl.DataFrame], list[Hand]]:
    """The hands and records Python's reader finds in the file, as the core's rows (``Batch``)."""
    batch, hands = Batch(), []
    for item in read_path(path, format=fmt):
        if isinstance(item, Hand):
            batch.add_hand(item)
            hands.append(item)
        else:
            batch.add_quarantine(item, import_id=0)
    return batch.to_frames(), hands


def core_rows(path: Path, fmt: str) -> tuple[int, int, dict[str, pl.DataFrame]]:
    stored, quarantined, found = core.read_rows(str(path), fmt, 0)
    return stored, quarantined, frames(found)


def assert_same(path: Path, fmt: str) -> tuple[int, int]:
    """The file read by Python and by the core gives the same rows."""
    stored, quarantined, _ = read_both_ways(path, fmt)
    return stored, quarantined


def read_both_ways(path: Path, fmt: str) -> tuple[int, int, list[Hand]]:
    """:func:`assert_same`, also giving the hands Python's reader read (for tests that check them too)."""
    want, hands = python_rows(path, fmt)
    stored, quarantined, got = core_rows(path, fmt)
    assert (stored, quarantined) == (len(hands), want["quarantine"].height), path
    assert core.parse_count(str(path), fmt) == (stored, quarantined), path  # the parse alone counts the same
    assert_tables_same(want, got, path)
    return stored, quarantined, hands


def assert_tables_same(want: dict[str, pl.DataFrame], got: dict[str, pl.DataFrame], path: object) -> None:
    """Every table row for row, column by column (the first column that differs is named)."""
    for table in BATCH_TABLES:
        expected, actual = want[table], got[table]
        assert actual.schema == expected.schema, (path, table)
        assert actual.height == expected.height, (path, table, actual.height, expected.height)
        for name in expected.columns:
            assert actual[name].to_list() == expected[name].to_list(), (path, f"{table}.{name}")


def test_every_file_of_a_core_format_gives_the_same_rows():
    corpus = require_corpus()
    files = [p for p in iter_files([corpus, SAMPLES]) if isinstance(p, Path)]
    stored = quarantined = read = 0
    for path in files:
        fmt = _format(path)
        if fmt is None:
            continue
        s, q = assert_same(path, fmt)
        stored, quarantined, read = stored + s, quarantined + q, read + 1
    # the PokerStars, GGPoker, Bovada, 888poker, Winamax and iPoker corpora and the samples: cancelled, partial and
    # malformed hands quarantined
    assert read > 200 and stored > 5000 and quarantined > 10


def test_a_gzip_file_gives_the_rows_of_its_text(tmp_path):
    text = (SAMPLES / "holdem-seed7.txt").read_text(encoding="utf-8")
    packed = tmp_path / "session.txt.gz"
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    stored, _ = assert_same(packed, "pokerstars")
    assert stored > 100


def test_a_missing_file_is_one_unreadable_record(tmp_path):
    stored, quarantined, found = core_rows(tmp_path / "gone.txt", "pokerstars")
    assert (stored, quarantined) == (0, 1)
    assert found["quarantine"]["kind"].to_list() == ["unreadable"]


def test_chunks_of_a_file_add_up_to_its_rows():
    path = SAMPLES / "holdem-seed7.txt"
    _, _, whole = core_rows(path, "pokerstars")
    chunks = [(s, q, frames(tables)) for s, q, tables in core.FileReader(str(path), "pokerstars", 0, rows=97)]
    assert len(chunks) > 3 and all(s + q <= 97 for s, q, _ in chunks)
    for table in BATCH_TABLES:
        assert pl.concat([c[2][table] for c in chunks]).equals(whole[table]), table


def test_utf16_files_give_the_rows_of_their_text(tmp_path):
    text = (SAMPLES / "soko-finnish-seed3.txt").read_text(encoding="utf-8")
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        path = tmp_path / f"session-{encoding}.txt"
        path.write_bytes(text.encode(encoding))
        stored, _ = assert_same(path, "soko")
        assert stored > 100, encoding


def test_a_misread_hand_is_caught():
    """The comparison can fail: the rows of a hand read with another rake differ."""
    path = SAMPLES / "holdem-seed7.txt"
    _, hands = python_rows(path, "pokerstars")
    _, _, got = core_rows(path, "pokerstars")
    batch = Batch()
    for hand in [*hands[:4], dataclasses.replace(hands[4], rake=(hands[4].rake or 0) + 1), *hands[5:]]:
        batch.add_hand(hand)
    with pytest.raises(AssertionError, match="hands.rake"):
        assert_tables_same(batch.to_frames(), got, path)
