"""Export a store: its tables as Parquet for other tools, or its hands back as hand-history text.

:func:`export_parquet` writes one folder per hand table, partitioned in the
hive layout by game and month (``hands/game=holdem/month=2010-04/data_0.parquet``),
and one file each for ``quarantine`` and ``imports``. DuckDB reads it back with
``read_parquet('OUT/hands/**/*.parquet', hive_partitioning=true)``, Polars with
``pl.scan_parquet('OUT/hands', hive_partitioning=True)``; ``game`` and ``month``
come back as columns from the folder names. A hand's month is the ``%Y-%m`` of
its UTC start, else of its local start, else ``unknown``; the per-hand tables
take their hand's game and month, so a hand's rows are in the same partition of
every table.

:func:`export_text` writes the stored hands as ``soko``, ``phh`` or
``pokerstars`` text, re-read from the raw text each hand was imported from.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from ..errors import SokoError, phrase
from ..model.hand import Hand
from ..parsers import get_format, read_stored, write_hands
from .db import HAND_TABLES, TABLES, Store, StoreError
from .duck import sql_text

MONTH = "coalesce(strftime(h.start_utc, '%Y-%m'), strftime(h.start_local, '%Y-%m'), 'unknown')"
"""The partition month of a hand ``h``."""


def export_parquet(store: Store, folder: Path) -> dict[str, int]:
    """Write every table of ``store`` as Parquet under ``folder``; the rows written per table.

    The per-hand tables go to ``folder/<table>/game=…/month=…/*.parquet``; an
    empty one to ``folder/<table>/empty.parquet`` (no rows, every column, so
    readers still see its schema). ``quarantine`` and ``imports`` go to
    ``folder/<table>.parquet``. Nothing already there is overwritten: a
    StoreError names the first target that exists.
    """
    folder = Path(folder)
    targets = {name: folder / (name if name in HAND_TABLES else f"{name}.parquet") for name in TABLES}
    for target in targets.values():
        if target.exists():
            raise StoreError(phrase("already exists; export into a new or empty folder"), path=str(target))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StoreError(phrase("cannot create the folder: {error}", error=err.strerror), path=str(folder)) from None
    written = {}
    for name, target in targets.items():
        if name in HAND_TABLES:
            written[name] = _copy_partitioned(store, name, target)
        else:
            written[name] = _copy(store, f"SELECT * FROM {name}", target)
    return written


def _copy_partitioned(store: Store, name: str, target: Path) -> int:
    if name == "hands":
        select = f"SELECT h.*, {MONTH} AS month FROM hands h"
    else:
        # A LEFT JOIN so that no row is lost, even one whose hand were missing.
        own = "t.* EXCLUDE (game)" if name == "player_hands" else "t.*"  # it has its own copy of game
        select = (f"SELECT {own}, coalesce(h.game, 'unknown') AS game, {MONTH} AS month "
                  f"FROM {name} t LEFT JOIN hands h USING (hand_key)")
    count = store.query(f"SELECT count(*) AS n FROM {name}")["n"][0]
    if count == 0:
        target.mkdir()
        return _copy(store, select + " LIMIT 0", target / "empty.parquet")
    return _copy(store, select, target, "PARTITION_BY (game, month)")


def _copy(store: Store, select: str, target: Path, options: str = "") -> int:
    extra = f", {options}" if options else ""
    try:
        row = store.con.execute(f"COPY ({select}) TO {sql_text(str(target))} (FORMAT PARQUET{extra})").fetchall()[0]
    except duckdb.Error as err:
        damage = store.parts.query_damage(err) if store.parted else None
        raise damage or StoreError(phrase("cannot write Parquet: {error}", error=str(err)), path=str(target)) from None
    return int(row[0]) if row else 0


def export_text(db_path: str | Path, path: Path, format: str) -> tuple[int, int]:
    """Write the hands of the store at ``db_path`` to the file ``path`` in ``format``; (written, skipped).

    Each hand is re-read from its raw text; a hand that the format cannot
    express (a Sökö hand as PokerStars text, say), or whose text no longer
    reads, is skipped and counted.
    """
    get_format(format)  # an unknown format fails before anything is read or written
    with Store(db_path, read_only=True) as store:
        rows = store.raw_hands()
    hands: list[Hand] = []
    skipped = 0
    for raw, fmt, source, line in rows:
        for item in read_stored(raw, fmt, source, line):
            if not isinstance(item, Hand):
                skipped += 1
                continue
            try:
                write_hands([item], format)
            except SokoError:
                skipped += 1
                continue
            hands.append(item)
    try:
        Path(path).write_text(write_hands(hands, format) if hands else "", encoding="utf-8")
    except OSError as err:
        raise StoreError(phrase("cannot write the file: {error}", error=err.strerror), path=str(path)) from None
    return len(hands), skipped
