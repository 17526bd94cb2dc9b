"""Give back the free blocks an import leaves in the store file.

An import writes a chunk of hands per transaction, and DuckDB checkpoints the
write-ahead log into the file every 16 MiB of it: each checkpoint writes the
tables' last, partly filled row groups again and frees the blocks they were in.
The blocks are reused by later checkpoints, but the file never shrinks, so a
fresh store ends with a fifth to a third of its blocks free. DuckDB's own way to
compact a file is to copy the database into a new one (``COPY FROM DATABASE``,
its manual's "Reclaiming Space"); :func:`compact` does that when the free blocks
are more than :data:`FREE_SHARE` of the file (and a few MiB), and puts the copy in the store's
place. The copy has the same tables, rows, column compression and key; the store
is not open anywhere else (the import holds DuckDB's write lock), and a copy
that fails, or a crash before the swap, leaves the store as it was.
"""

from __future__ import annotations

import os
from pathlib import Path

import duckdb

from .duck import sql_text

FREE_SHARE = 0.1
"""Compact when more than this share of the file's blocks is free..."""
MIN_FREE = 8
"""... and at least this many (2 MiB of DuckDB's 256 KiB blocks): a small store is not copied for a few."""


def free_blocks(con: duckdb.DuckDBPyConnection) -> tuple[int, int]:
    """(free blocks, total blocks) of the connection's own database file."""
    row = con.execute("SELECT free_blocks, total_blocks FROM pragma_database_size() "
                      "WHERE database_name = current_database()").fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)


def needs_compacting(con: duckdb.DuckDBPyConnection) -> bool:
    free, total = free_blocks(con)
    return free >= MIN_FREE and free > FREE_SHARE * total


def compact(con: duckdb.DuckDBPyConnection, path: str) -> None:
    """Copy the database of ``con`` (the file ``path``) into ``path + '.compact'`` and close ``con``;
    the caller then calls :func:`swap` and opens the store again. Raises ``duckdb.Error`` with the
    store untouched if the copy fails."""
    target = Path(path + ".compact")
    _remove(target)
    name = con.execute("SELECT current_database()").fetchall()[0][0]
    con.execute("SET enable_progress_bar = false")  # stdout carries data only
    con.execute("CHECKPOINT")
    block = con.execute("SELECT block_size FROM pragma_database_size() WHERE database_name = ?", [name]).fetchall()
    size = f" (BLOCK_SIZE {block[0][0]})" if block else ""  # the copy keeps the store's block size
    con.execute(f"ATTACH {sql_text(str(target))} AS soko_compacted{size}")
    try:
        con.execute(f'COPY FROM DATABASE "{name}" TO soko_compacted')
        con.execute("DETACH soko_compacted")  # detaching checkpoints the copy into its file
    except BaseException:
        try:
            con.execute("DETACH soko_compacted")
        except duckdb.Error:
            pass
        _remove(target)
        raise
    con.close()


def swap(path: str) -> bool:
    """Put the compacted copy in the store's place; false (and the copy removed) when the store has a
    write-ahead log, which belongs to the old file and must not be replayed over the copy."""
    target = Path(path + ".compact")
    if Path(path + ".wal").exists() or not target.exists():
        _remove(target)
        return False
    os.replace(target, path)
    return True


def _remove(target: Path) -> None:
    for p in (target, Path(str(target) + ".wal")):
        p.unlink(missing_ok=True)
