"""``soko import --strict`` reads the core's formats with the core's own reader (issue 39: no hand goes core → JSON →
Python → core): the same rows as without ``--strict`` (the reader is the same), and a bug of ours raised, naming
the hand (``test_faults``: the same error from either reader). That the rows the Python path made are the rows the
core's reader gives, hand for hand, is ``tests/core/test_pipeline_parity.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.store import rows as store_rows
from soko_analytics.store.db import Store
from soko_analytics.store.rows import BATCH_TABLES

from .test_faults import hands, write


def snapshot(db: Path) -> dict[str, list[tuple]]:
    with Store(db, read_only=True) as store:
        frames = {t: store.query(f"SELECT * FROM {t}") for t in BATCH_TABLES}
    return {t: sorted(f.drop([c for c in f.columns if c == "import_id" or c.endswith("_at")]).rows(), key=repr)
            for t, f in frames.items()}


def test_strict_reads_a_core_format_without_a_hand_through_python(tmp_path, monkeypatch):
    log = write(tmp_path / "a.txt", hands(1, 5) + "\n\nPokerStars Hand #9: nonsense\n")
    plain = tmp_path / "plain.duckdb"
    api.import_paths(plain, [log])

    def no_round_trip(hand: object) -> str:
        raise AssertionError("a hand the core read went to Python and back")

    monkeypatch.setattr(store_rows, "hand_json", no_round_trip)
    strict = tmp_path / "strict.duckdb"
    summary = api.import_paths(strict, [log], strict=True)
    assert (summary.stored, summary.quarantined) == (5, 1)
    assert snapshot(strict) == snapshot(plain)


def test_strict_still_reads_the_files_the_core_leaves_with_the_python_readers(tmp_path, monkeypatch):
    from soko_analytics.parsers import read_text, write_hands

    phh = write(tmp_path / "a.phhs", write_hands((h for h in read_text(hands(1, 3)) if not hasattr(h, "reason")),
                                                  "phh"))
    summary = api.import_paths(tmp_path / "s.duckdb", [phh], strict=True)
    assert summary.stored == 3


@pytest.mark.parametrize("jobs", [1, 2])
def test_strict_gives_the_rows_of_a_plain_import(tmp_path, jobs):
    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(3):
        write(folder / f"f{i}.txt", hands(10 * i, 4))
    plain, strict = tmp_path / "plain.duckdb", tmp_path / "strict.duckdb"
    api.import_paths(plain, [folder], jobs=jobs)
    api.import_paths(strict, [folder], jobs=jobs, strict=True)
    assert snapshot(strict) == snapshot(plain)
