"""The store's tables have the core's columns, in order, with its types (issue 39: the core's table definitions,
``core/src/rows/tables.rs``, are the one definition; ``schemas/*.sql`` are the history a store is made and
upgraded through). The oracle is DuckDB's own account of the tables a store made by the migrations has
(``DESCRIBE``), for a new store and for a store of schema 1 upgraded to the latest."""

from __future__ import annotations

from pathlib import Path

import duckdb
import polars as pl

from soko_analytics import _core
from soko_analytics.store.db import Store
from soko_analytics.store.rows import BATCH_TABLES, SCHEMAS, Batch

from ..older_store import make_older


def described(path: Path) -> dict[str, list[tuple[str, str]]]:
    """Each table of the core as the store at ``path`` has it: (column, DuckDB type) in order."""
    with Store(path, read_only=True) as store:
        return {table: [(name, kind) for name, kind, *_ in store.con.execute(f"DESCRIBE {table}").fetchall()]
                for table in _core.TABLES}


def test_a_new_store_has_the_cores_tables(tmp_path):
    path = tmp_path / "new.duckdb"
    Store(path).close()
    assert described(path) == {table: list(columns) for table, columns in _core.TABLES.items()}


def test_an_upgraded_store_has_the_cores_tables(tmp_path):
    path = tmp_path / "old.duckdb"
    Store(path).close()
    make_older(path, 1)
    with duckdb.connect(str(path), read_only=True) as con:
        assert con.execute("SELECT max(version) FROM schema_version").fetchone() == (1,)
    Store(path).close()  # the upgrade
    assert described(path) == {table: list(columns) for table, columns in _core.TABLES.items()}


def test_pythons_frames_are_the_cores_tables():
    frames = Batch().to_frames()
    assert set(BATCH_TABLES) | {"imports"} == set(_core.TABLES) == set(SCHEMAS)
    assert all(list(frames[t].columns) == [c for c, _ in _core.TABLES[t]] for t in BATCH_TABLES)
    assert SCHEMAS["pots"] == {"hand_key": pl.Int64, "pot_index": pl.Int16, "amount": pl.Int64,
                               "eligible": pl.List(pl.String), "winners": pl.List(pl.String),
                               "shares": pl.List(pl.Int64)}
