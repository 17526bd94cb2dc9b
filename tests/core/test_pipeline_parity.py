"""A whole file through the core (source → split → read → rows) gives the Python path's rows.

Python reads each PokerStars-family file of the corpus and the sample data with ``read_path`` and
gathers the rows with ``store/rows.py``'s Batch, each hand audited as ``read_chunks`` does; the core reads the same file with
``_core.read_rows`` and hands back Arrow batches. The tables are compared row for row, the
quarantine and the content hashes included.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import polars as pl
import pyarrow as pa

from soko_analytics.model.hand import Hand
from soko_analytics.native import core
from soko_analytics.parsers import detect_format, iter_files, read_path
from soko_analytics.parsers.source import HEAD_CHARS, TextStream, members
from soko_analytics.replay.audit import audit
from soko_analytics.store.rows import Batch
from tests.conftest import require_corpus

TABLES = ("hands", "seats", "actions", "cards", "quarantine", "player_hands", "pots", "findings")
ESTIMATED = ("allin_adjusted", "allin_se")
"""All-in adjusted winnings: exact where the outcomes were enumerated (``allin_se`` 0); a Monte Carlo
estimate otherwise, whose random stream differs from numpy's (test_allin_parity checks those within
their standard errors)."""
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
    return found if found in ("pokerstars", "soko") else None


def python_rows(path: Path, fmt: str) -> tuple[dict[str, pl.DataFrame], list[Hand]]:
    batch, hands = Batch(), []
    for item in read_path(path, format=fmt):
        if isinstance(item, Hand):
            batch.add_hand(item, fmt, import_id=7, audit=audit(item, ledger=False))
            hands.append(item)
        else:
            batch.add_quarantine(item, import_id=7)
    return batch.to_frames(), hands


def core_rows(path: Path, fmt: str) -> tuple[int, int, dict[str, pl.DataFrame]]:
    stored, quarantined, found = core.read_rows(str(path), fmt, 7)
    frames = {t: pl.from_arrow(pa.RecordBatch._import_from_c_capsule(*found[t])) for t in TABLES}
    return stored, quarantined, frames


def assert_same(path: Path, fmt: str) -> tuple[int, int]:
    want, hands = python_rows(path, fmt)
    stored, quarantined, got = core_rows(path, fmt)
    assert (stored, quarantined) == (len(hands), want["quarantine"].height), path
    assert core.parse_count(str(path), fmt) == (stored, quarantined), path  # the parse alone counts the same
    assert_tables_same(want, got, path)
    return stored, quarantined


def assert_tables_same(want: dict[str, pl.DataFrame], got: dict[str, pl.DataFrame], path: object) -> None:
    """Every table row for row, the all-in estimates within their standard errors."""
    for table in TABLES:
        expected, actual = want[table], got[table]
        assert actual.schema == expected.schema, (path, table)
        if table == "player_hands":
            exact = expected["allin_se"] == 0
            assert (actual["allin_se"] == 0).to_list() == exact.to_list(), path  # the same figures estimated
            for name in ESTIMATED:
                assert actual.filter(exact)[name].to_list() == expected.filter(exact)[name].to_list(), (path, name)
            gaps = [abs(a - e) / max((sa * sa + se * se) ** 0.5, 1.0) for a, e, sa, se in zip(
                actual.filter(~exact)["allin_adjusted"], expected.filter(~exact)["allin_adjusted"],
                actual.filter(~exact)["allin_se"], expected.filter(~exact)["allin_se"])]
            # Two independent estimates of one figure: their gap in combined standard errors is about
            # normal, so none is far off and few are beyond 3.
            assert all(g <= 6 for g in gaps) and sum(g > 3 for g in gaps) <= max(2, len(gaps) // 100), (path, gaps)
            expected, actual = expected.drop(ESTIMATED), actual.drop(ESTIMATED)
        for name in expected.columns:
            assert actual[name].to_list() == expected[name].to_list(), (path, f"{table}.{name}")


def test_every_pokerstars_and_soko_file_gives_the_same_rows():
    corpus = require_corpus()
    files = [p for p in iter_files([corpus, SAMPLES]) if isinstance(p, Path)]
    stored = quarantined = read = 0
    for path in files:
        fmt = _format(path)
        if fmt is None:
            continue
        s, q = assert_same(path, fmt)
        stored, quarantined, read = stored + s, quarantined + q, read + 1
    assert read > 100 and stored > 2000 and quarantined > 300


def test_a_gzip_file_gives_the_rows_of_its_text(tmp_path):
    text = (SAMPLES / "holdem-seed7.txt").read_text(encoding="utf-8")
    packed = tmp_path / "session.txt.gz"
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    stored, _ = assert_same(packed, "pokerstars")
    assert stored > 100


def test_a_missing_file_is_one_unreadable_record(tmp_path):
    stored, quarantined, frames = core_rows(tmp_path / "gone.txt", "pokerstars")
    assert (stored, quarantined) == (0, 1)
    assert frames["quarantine"]["kind"].to_list() == ["unreadable"]


def test_chunks_of_a_file_add_up_to_its_rows():
    path = SAMPLES / "holdem-seed7.txt"
    _, _, whole = core_rows(path, "pokerstars")
    chunks = list(core.FileReader(str(path), "pokerstars", 7, rows=97))
    assert len(chunks) > 3 and all(s + q <= 97 for s, q, _ in chunks)
    for table in TABLES:
        parts = [pl.from_arrow(pa.RecordBatch._import_from_c_capsule(*c[2][table])) for c in chunks]
        assert pl.concat(parts).equals(whole[table]), table


def test_utf16_files_give_the_rows_of_their_text(tmp_path):
    text = (SAMPLES / "soko-finnish-seed3.txt").read_text(encoding="utf-8")
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        path = tmp_path / f"session-{encoding}.txt"
        path.write_bytes(text.encode(encoding))
        stored, _ = assert_same(path, "soko")
        assert stored > 100, encoding
