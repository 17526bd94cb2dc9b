"""Small helpers around a DuckDB connection, shared by the store (:mod:`.db`) and its import writer
(:mod:`.writing`): registered Arrow tables, results as frames, and DuckDB's errors read safely."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

import duckdb
import polars as pl

from ..errors import StoreError


@contextmanager
def registered(con: duckdb.DuckDBPyConnection, name: str, table: object) -> Iterator[None]:
    """A table registered under ``name`` for the block; never hides the block's error behind a failed
    unregister (after an interrupted query, DuckDB refuses every statement until the rollback)."""
    con.register(name, table)
    try:
        yield
    finally:
        try:
            con.unregister(name)
        except duckdb.Error:
            pass


def frame(result: duckdb.DuckDBPyConnection) -> pl.DataFrame:
    """A DuckDB result as a Polars DataFrame (through Arrow)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # DuckDB notes the copy an execute() result makes; the result is small
        return cast(pl.DataFrame, pl.from_arrow(result.to_arrow_table()))


def interrupted(err: BaseException) -> bool:
    """Whether an exception is DuckDB's way of saying Ctrl-C came during a query (or while it read a Python
    object: "reading the object registered as ... failed: KeyboardInterrupt")."""
    return (isinstance(err, duckdb.InterruptException)
            or (isinstance(err, RuntimeError) and str(err).startswith("Query interrupted"))
            or (isinstance(err, duckdb.Error) and "KeyboardInterrupt" in str(err)))


def rollback(con: duckdb.DuckDBPyConnection) -> None:
    """Roll back, never hiding the error that led here behind a second one (a failed ROLLBACK on a full disk)."""
    try:
        con.execute("ROLLBACK")
    except duckdb.Error:
        pass


def quietly(con: duckdb.DuckDBPyConnection, sql: str) -> None:
    """A statement whose failure changes nothing for the caller (a connection refusing statements after an error)."""
    try:
        con.execute(sql)
    except duckdb.Error:
        pass


def sql_text(text: str) -> str:
    """``text`` as a SQL string literal (a path in ``COPY ... TO`` or ``ATTACH``, say)."""
    return "'" + text.replace("'", "''") + "'"


def first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def disk_full(err: StoreError) -> bool:
    text = err.reason.lower()
    return "no space left" in text or "file too large" in text or "could not write" in text or "disk" in text
