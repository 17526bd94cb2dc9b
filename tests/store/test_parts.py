"""Schema 9: the per-hand tables as Parquet parts beside the store (store/parts.py): one part per table
after an import, the store readable from anywhere and moved with its folder, a clear error without it,
and nothing left behind by a chunk that failed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.errors import StoreError
from soko_analytics.store.db import Store
from soko_analytics.store.parts import PART_TABLES, Parts

SAMPLES = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"


def _counts(store: Store) -> dict[str, int]:
    return {t: store.query(f"SELECT count(*) AS n FROM {t}")["n"][0] for t in ("hands", *PART_TABLES)}


def _files(folder: Path) -> set[Path]:
    return set((folder / "soko_parts").rglob("*.parquet"))


def _parts(store: Store) -> dict[str, tuple[int, int]]:
    """(parts, rows) per table, as the parts table lists them."""
    listed = store.query("SELECT table_name, count(*) AS n, sum(rows)::BIGINT AS rows FROM parts GROUP BY ALL")
    return {t: (n, rows) for t, n, rows in listed.iter_rows()}


def test_an_import_writes_a_part_per_chunk_and_merges_small_ones(tmp_path, monkeypatch):
    """Every row is in exactly one listed part; at the end of an import a table's small parts are merged
    when they hold few rows in all, or when they are many; no file is left that no view reads."""
    path = tmp_path / "s.duckdb"
    monkeypatch.setattr("soko_analytics.store.parts.SMALL", 1)  # no part is small: none is merged
    monkeypatch.setattr("soko_analytics.store.reading.CHUNK_ROWS", 300)  # chunks of many files and of parts of one
    chunks: list[int] = []
    with Store(path) as store:
        summary = store.import_paths([SAMPLES], jobs=2, on_chunk=chunks.append)
        assert len(summary.files) > 5 and summary.stored > 1000 and len(chunks) > 5
        parts, counts = _parts(store), _counts(store)
        listed = {tmp_path / f for f in store.query("SELECT file FROM parts")["file"]}
        largest = store.query("SELECT max(rows) AS n FROM parts")["n"][0]
    assert sorted(parts) == sorted(PART_TABLES)
    assert {t: rows for t, (_, rows) in parts.items()} == {t: counts[t] for t in PART_TABLES}
    assert {n for n, _ in parts.values()} == {1 + len([h for h in chunks if h])}  # the first, empty part, one a chunk
    assert counts["actions"] > counts["seats"] > counts["hands"] > 0
    assert listed == _files(tmp_path)
    # every part small, but more rows in all than FEW: merged only when they are MERGE_AT files or more
    monkeypatch.setattr("soko_analytics.store.parts.SMALL", largest + 1)
    monkeypatch.setattr("soko_analytics.store.parts.FEW", counts["pots"] + 1)
    with Store(path) as store:
        store.parts.merge(at=len([h for h in chunks if h]) + 2)
        fewer = _parts(store)
        store.parts.merge(at=len([h for h in chunks if h]) + 1)
        merged = _parts(store)
    assert counts["pots"] < largest < counts["actions"]
    assert fewer["actions"] == parts["actions"]  # more rows than FEW in files fewer than MERGE_AT: kept
    assert fewer["pots"] == (1, counts["pots"])  # fewer rows than FEW in all: merged
    assert merged["actions"] == (1, counts["actions"])  # MERGE_AT files: merged
    monkeypatch.setattr("soko_analytics.store.parts.SMALL", 1_000_000)
    monkeypatch.setattr("soko_analytics.store.parts.FEW", 100_000)
    with Store(path) as store:  # a second import writes nothing new; the few rows of each table are merged
        store.import_paths([SAMPLES], jobs=2, force=True)
        assert _counts(store) == counts  # every hand already there: no row written twice
        assert {t: rows for t, (_, rows) in _parts(store).items()} == {t: counts[t] for t in PART_TABLES}
        assert {n for n, _ in _parts(store).values()} == {1}
    assert len(_files(tmp_path)) == len(PART_TABLES)


def test_the_store_reads_from_another_folder_and_moves_with_its_parts(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    path = home / "s.duckdb"
    api.import_paths(path, [SAMPLES / "holdem-seed7.txt"])
    with Store(path, read_only=True) as store:
        counts = _counts(store)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the views' files are found from the store's folder, not the working one
    with Store(path, read_only=True) as store:
        assert _counts(store) == counts
    moved = tmp_path / "moved"
    shutil.copytree(home, moved)
    with Store(moved / "s.duckdb", read_only=True) as store:
        assert _counts(store) == counts
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(path, alone / "s.duckdb")
    with pytest.raises(StoreError, match="Parquet parts of the store are missing") as caught:
        Store(alone / "s.duckdb", read_only=True)
    assert "soko_parts" in caught.value.reason


def test_a_chunk_that_fails_after_writing_parts_leaves_no_rows_and_no_file(tmp_path, monkeypatch):
    """The parts of a chunk rolled back are listed nowhere, so no view reads them; the end of the import
    deletes them."""
    path = tmp_path / "s.duckdb"
    original = Parts.append

    def failing(self, table, source):
        original(self, table, source)  # the part is written and listed, then the transaction fails
        if table == "player_hands":
            raise RuntimeError("boom")

    monkeypatch.setattr(Parts, "append", failing)
    with Store(path) as store:
        summary = store.import_paths([SAMPLES / "holdem-seed7.txt"])
        assert summary.stored == 0 and summary.files[0].error
        assert {t: n for t, n in _counts(store).items()} == dict.fromkeys(("hands", *PART_TABLES), 0)
    assert len(_files(tmp_path)) == len(PART_TABLES)  # the first, empty parts
    monkeypatch.setattr(Parts, "append", original)
    with Store(path) as store:
        assert store.import_paths([SAMPLES / "holdem-seed7.txt"]).stored > 0
        assert min(_counts(store).values()) > 0


def test_a_store_file_copied_beside_the_original_gets_parts_of_its_own_before_it_writes(tmp_path):
    """Both files name the same parts folder; the copy's first write-open copies the parts it lists into a
    folder of its own, so that neither store's imports and merges touch the other's files."""
    path, copy = tmp_path / "a.duckdb", tmp_path / "b.duckdb"
    api.import_paths(path, [SAMPLES / "holdem-seed7.txt"])
    with Store(path, read_only=True) as store:
        counts = _counts(store)
        folder = Parts(store.con, str(path)).folder()
    shutil.copy(path, copy)
    with Store(copy) as store:
        assert Parts(store.con, str(copy)).folder() != folder
        assert _counts(store) == counts
        more = store.import_paths([SAMPLES / "stud7-seed9.txt"]).stored
        assert more > 0
    with Store(path) as store:  # the original is whole, and still owns its folder
        assert _counts(store) == counts
        assert Parts(store.con, str(path)).folder() == folder
    with Store(copy, read_only=True) as store:
        assert _counts(store)["hands"] == counts["hands"] + more


def test_a_folder_where_the_parts_cannot_be_made_is_one_clear_error(tmp_path):
    """The store's folder holds a file named soko_parts: no parts folder can be made, and the error says so."""
    (tmp_path / "soko_parts").write_text("in the way", encoding="utf-8")
    with pytest.raises(StoreError, match="cannot make the store's soko_parts folder"):
        Store(tmp_path / "s.duckdb")
