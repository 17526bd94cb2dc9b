"""The store's size (issue 14, item 5): the raw text compressed with zstd (schema 7) and read back byte
for byte, an older store upgraded in place, no free blocks left by the import's checkpoints, and the
store (its file and its Parquet parts, schema 9) measured against the gzipped input."""

from __future__ import annotations

import gzip
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import duckdb
import pytest

import soko_analytics
from soko_analytics import api
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.store.compact import FREE_SHARE, MIN_FREE, compact, swap
from soko_analytics.store.db import LATEST, TABLES, Store
from tests.older_store import make_older

BENCH = Path(__file__).resolve().parents[2] / "bench"
CORPUS_FILES = ("pokerstars/cash/Stud", "pokerstars/cash/Draw", "pokerstars/tour/Draw")


def _read(paths: list[Path]) -> dict[tuple[str, int], str]:
    """(file, line) → the raw text the reader gives, of every hand and every quarantined text."""
    found = {}
    for folder in paths:
        for file in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".txt", ".phh")):
            for item in read_path(file):
                if isinstance(item, Hand):
                    assert item.source is not None
                    found[(item.source.path, item.source.line)] = item.raw
                else:
                    found[(item.path, item.first_line)] = item.raw
    return found


def _raw_of(store: Store, table: str) -> dict[tuple[str, int], str]:
    return {(f, line): raw for f, line, raw in store.con.execute(
        f"SELECT source_file, source_line, raw FROM {table} WHERE source_line > 0").fetchall()}


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory, corpus) -> tuple[Path, list[Path]]:
    paths = [api.SAMPLE_DATA, *(corpus / p for p in CORPUS_FILES)]
    path = tmp_path_factory.mktemp("size") / "sample.duckdb"
    with Store(path) as store:
        store.import_paths(paths, jobs=2, with_audit=False)
    return path, paths


def test_raw_text_reads_back_byte_for_byte(sample_store):
    """Every stored hand's and quarantine record's raw text is what the reader read at its place,
    and every text read is in the store (as a hand or a quarantine record)."""
    path, paths = sample_store
    read = _read(paths)
    with Store(path, read_only=True) as store:
        assert store.query("SELECT DISTINCT compression FROM pragma_storage_info('hands') "
                           "WHERE column_name = 'raw' AND segment_type = 'VARCHAR'")["compression"].to_list() == ["ZSTD"]
        hands, quarantined = _raw_of(store, "hands"), _raw_of(store, "quarantine")
        assert hands and quarantined
        for place, raw in {**hands, **quarantined}.items():
            assert raw.encode("utf-8") == read[place].encode("utf-8"), place
        assert set(read.values()) == set(hands.values()) | set(quarantined.values())
    with soko_analytics.open(str(path)) as store:  # the Python API reads the same text
        frame = store.hands()
    assert dict(zip(zip(frame["source_file"], frame["source_line"], strict=True), frame["raw"], strict=True)) == hands
    again = [h.raw for h in api.stored_hands(path) if isinstance(h, Hand)]  # soko export, soko report hand
    assert sorted(again) == sorted(hands.values())


def test_a_version_6_store_is_upgraded_in_place(sample_store, tmp_path):
    """Schema 7 makes hands and quarantine again with zstd raw text when a version-6 store is opened:
    every table keeps its rows, in the same column order, and the raw text reads back the same."""
    path, _ = sample_store
    old = tmp_path / "v6.duckdb"
    make_older(path, 6, old)
    con = duckdb.connect(str(old), read_only=True)
    assert con.execute("SELECT max(version) FROM schema_version").fetchall() == [(6,)]
    assert "COMPRESSION" not in con.execute("SELECT sql FROM duckdb_tables() WHERE table_name = 'hands'").fetchall()[0][0]
    con.close()
    with Store(old) as store, Store(path, read_only=True) as fresh:
        assert store.version() == LATEST
        for table in TABLES:
            sql = f"SELECT * FROM {table} ORDER BY ALL"
            assert store.query(sql).equals(fresh.query(sql)), table
        ddl = store.query("SELECT sql FROM duckdb_tables() WHERE table_name IN ('hands', 'quarantine')")["sql"]
        assert all("raw VARCHAR USING COMPRESSION ZSTD" in text for text in ddl)
        assert store.query("SELECT count(*) AS n FROM duckdb_constraints() WHERE table_name = 'hands' "
                           "AND constraint_type = 'PRIMARY KEY'")["n"][0] == 0  # gone in schema 9
    with Store(old) as store:  # the files are known: the imports rows came over
        assert store.import_paths([api.SAMPLE_DATA]).stored == 0


def _bench() -> ModuleType:
    """bench/_common.py: the corpus hands and their renumbering the import benchmark uses."""
    spec = importlib.util.spec_from_file_location("_bench_common", BENCH / "_common.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("_bench_common", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench_store(tmp_path_factory, corpus) -> tuple[Path, int, int]:
    """20,000 corpus hold'em and stud hands repeated with new ids, in files of 5,000 as bench/import.py
    writes them, imported with two workers: (store, its bytes, the gzipped input's bytes)."""
    common = _bench()
    texts = common.corpus_texts(corpus)
    folder = tmp_path_factory.mktemp("bench")
    gz = 0
    for start in range(0, 20_000, 5_000):
        text = "".join(common.renumbered(texts[i % len(texts)], i) + "\n\n\n" for i in range(start, start + 5_000))
        (folder / f"hands-{start // 5_000:05d}.txt").write_text(text, encoding="utf-8")
        gz += len(gzip.compress(text.encode("utf-8"), compresslevel=6))
    path = folder / "store.duckdb"
    with Store(path) as store:
        assert store.import_paths([folder], jobs=2, with_audit=False).stored == 20_000
    parts = sum(p.stat().st_size for p in (folder / "soko_parts").rglob("*.parquet"))
    return path, path.stat().st_size + parts, gz


@pytest.mark.slow
def test_the_import_leaves_no_free_blocks_and_the_raw_text_under_the_gzipped_input(bench_store):
    path, _, gz = bench_store
    size = path.stat().st_size
    con = duckdb.connect(str(path), read_only=True)
    block, total, free = con.execute("SELECT block_size, total_blocks, free_blocks FROM pragma_database_size()").fetchone()
    raw = con.execute("SELECT count(DISTINCT b) FROM (SELECT unnest(list_prepend(block_id, additional_block_ids)) AS b "
                      "FROM pragma_storage_info('hands') WHERE column_name = 'raw' AND block_id >= 0)").fetchone()[0]
    con.close()
    assert not Path(str(path) + ".compact").exists()
    assert free < MIN_FREE or free <= FREE_SHARE * total  # what store/compact.py leaves
    assert size <= (total + 1) * block  # the blocks and the file header
    assert raw * block <= gz  # the raw text of every hand takes less than the gzipped logs


@pytest.mark.slow
def test_the_store_is_at_most_three_times_the_gzipped_input(bench_store):
    """The DuckDB file and its Parquet parts together (issue 14, item 5)."""
    _, size, gz = bench_store
    assert size <= 3 * gz


def test_a_new_store_has_duckdbs_blocks_and_an_older_one_keeps_its_own(sample_store, tmp_path):
    """New stores have DuckDB's 256 KiB blocks: with 64 KiB blocks (new stores of schema 9 until 2026-12-02)
    DuckDB spills the rows of a large import to a temporary file per block. A store keeps the block size it
    was made with, through compaction too."""
    path, _ = sample_store
    old = tmp_path / "v6.duckdb"
    make_older(path, 6, old, block_size=64 * 1024)
    new = tmp_path / "new.duckdb"
    for store_path, block in ((new, 256 * 1024), (old, 64 * 1024)):
        with Store(store_path) as store:
            store.import_paths([api.SAMPLE_DATA / "holdem-seed7.txt"], force=True)
            assert store.query("SELECT block_size FROM pragma_database_size()")["block_size"][0] == block
            hands = len(store.hands())
        with Store(store_path) as store:  # opened again: compacted by a connection that did not make it
            compact(store.con, str(store_path))
        assert swap(str(store_path))
        with Store(store_path, read_only=True) as store:
            assert store.query("SELECT block_size FROM pragma_database_size()")["block_size"][0] == block
            assert len(store.hands()) == hands > 0
