"""Stores as older versions of soko_analytics wrote them, for the upgrade tests: every table a DuckDB
table (before schema 9 moved the per-hand tables to Parquet parts), with the columns of its version."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb

from soko_analytics.store.db import migrations
from soko_analytics.store.parts import FOLDER


def make_older(path: Path, version: int, target: Path | None = None, block_size: int | None = None) -> None:
    """Write the store ``path`` (closed, of the latest version) as a store of schema ``version`` (at most 8)
    holding the same rows, at ``target``, or in place of ``path`` (its Parquet parts folder then goes); with
    DuckDB's block size unless ``block_size``."""
    assert version <= 8
    old = path.with_name(path.name + ".old")
    old.unlink(missing_ok=True)
    con = duckdb.connect(str(old), config={"default_block_size": str(block_size)} if block_size else {})
    con.execute("BEGIN TRANSACTION")
    for number, _, ddl in migrations():
        if number <= version:
            con.execute(ddl)
            con.execute("INSERT INTO schema_version (version) VALUES (?)", [number])
    con.execute(f"SET file_search_path = '{path.resolve().parent}'")
    con.execute(f"ATTACH '{path}' AS new (READ_ONLY)")
    tables = [t for (t,) in con.execute("SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
                                        "AND table_name <> 'schema_version'").fetchall()]
    for table in tables:
        columns = ", ".join(f'"{c}"' for (c,) in con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() AND table_name = ? "
            "ORDER BY column_index", [table]).fetchall())
        con.execute(f"INSERT INTO {table} ({columns}) SELECT {columns} FROM new.{table}")
    con.execute("COMMIT")
    con.execute("DETACH new")
    con.close()
    if target is not None:
        old.replace(target)
        return
    old.replace(path)
    shutil.rmtree(path.parent / FOLDER, ignore_errors=True)


DRAW_COLUMNS = ("draws", "stand_pats", "cards_drawn", "first_draw", "first_draw_pat", "first_draw_cards")
"""The columns schema 10 added to player_hands and player_days."""


def make_v9(path: Path) -> None:
    """Turn the store ``path`` (closed, of the latest version) into a store of schema 9 in place: Parquet parts,
    without the draw facts of schema 10 and the hands' hero of schema 11."""
    from soko_analytics.store.parts import Parts

    con = duckdb.connect(str(path))
    con.execute(f"SET file_search_path = '{path.resolve().parent}'")
    parts = Parts(con, str(path))
    con.execute("BEGIN TRANSACTION")
    parts.to_table("player_hands")
    for column in DRAW_COLUMNS:
        con.execute(f"ALTER TABLE player_hands DROP COLUMN {column}")
        con.execute(f"ALTER TABLE player_days DROP COLUMN {column}")
    parts.from_table("player_hands")
    _drop_tournaments(con)
    _drop_part_checks(con)
    _drop_drift(con)
    con.execute("ALTER TABLE hands DROP COLUMN hero")
    con.execute("DELETE FROM schema_version WHERE version > 9")
    con.execute("COMMIT")
    con.close()


TOURNAMENT_COLUMNS = ("buy_in_amount", "buy_in_bounty", "buy_in_fee", "buy_in_currency", "buy_in_decimals")
"""The columns schema 12 added to hands (with the table tournament_finishes)."""


DRIFT_COLUMNS = ("format", "client_version", "shape")
"""The columns schema 13 added to quarantine."""


def _drop_drift(con: duckdb.DuckDBPyConnection) -> None:
    for column in DRIFT_COLUMNS:
        con.execute(f"ALTER TABLE quarantine DROP COLUMN {column}")


def make_v12(path: Path) -> None:
    """Turn the store ``path`` (closed, of the latest version) into a store of schema 12 in place: without the
    quarantine's drift fields of schema 13 (nor the parts' checks of schema 14)."""
    con = duckdb.connect(str(path))
    con.execute("BEGIN TRANSACTION")
    _drop_part_checks(con)
    _drop_drift(con)
    con.execute("DELETE FROM schema_version WHERE version > 12")
    con.execute("COMMIT")
    con.close()


def _drop_tournaments(con: duckdb.DuckDBPyConnection) -> None:
    for column in TOURNAMENT_COLUMNS:
        con.execute(f"ALTER TABLE hands DROP COLUMN {column}")
    con.execute("DROP TABLE tournament_finishes")


PART_CHECK_COLUMNS = ("bytes", "checksum", "mtime_ns")
"""The columns schema 14 added to parts (with quarantine.size)."""


def _drop_part_checks(con: duckdb.DuckDBPyConnection) -> None:
    """Schema 14's columns, and the tables of the versions after it (schema 15's ``watch_offsets``)."""
    con.execute("DROP TABLE IF EXISTS watch_offsets")
    for column in PART_CHECK_COLUMNS:
        con.execute(f"ALTER TABLE parts DROP COLUMN {column}")
    con.execute("ALTER TABLE quarantine DROP COLUMN size")


def make_v13(path: Path) -> None:
    """Turn the store ``path`` (closed, of the latest version) into a store of schema 13 in place: its parts without
    the bytes, checksums and times of schema 14, its quarantine without ``size``."""
    con = duckdb.connect(str(path))
    con.execute("BEGIN TRANSACTION")
    _drop_part_checks(con)
    con.execute("DELETE FROM schema_version WHERE version > 13")
    con.execute("COMMIT")
    con.close()


def make_v11(path: Path) -> None:
    """Turn the store ``path`` (closed, of the latest version) into a store of schema 11 in place: without the
    buy-ins' money and the tournament finishes of schema 12."""
    con = duckdb.connect(str(path))
    con.execute("BEGIN TRANSACTION")
    _drop_tournaments(con)
    _drop_part_checks(con)
    _drop_drift(con)
    con.execute("DELETE FROM schema_version WHERE version > 11")
    con.execute("COMMIT")
    con.close()
