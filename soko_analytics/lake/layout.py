"""Where a lake's parts go: the hive partition of each row, part names, and writing a part whole.

Every per-hand table is partitioned by its hand's site, game and month (``hands/site=pokerstars/game=holdem/
month=2010-04/part-….parquet``): ``seats``, ``actions``, ``cards``, ``pots``, ``findings``, ``player_hands`` and
``tournament_finishes`` have no site or month of their own and take their hand's, so a hand's rows are in the same
partition of every table (as ``soko export --to parquet`` lays out its game and month). The quarantine's records
belong to no hand that was stored: they are partitioned by the build run that added them (``quarantine/run=3/``).
A hand's month is the ``%Y-%m`` of its UTC start, else of its local start, else ``unknown``.

A part is written under a temporary name beginning with a dot (which no reader lists) and renamed when whole.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import polars as pl

from ..errors import StoreError, phrase
from ..store.parts import ROW_GROUP
from ..store.rows import SCHEMAS

PARTITION = "_partition"
"""The column naming a row's partition folder while a build sorts rows (not stored)."""
STAGING = "_staging"
"""The folder, in the lake's root, of the parts the tasks of a build write before its compaction."""


def _value(column: str) -> pl.Expr:
    """A partition value as a folder name: letters, digits and ``._+-`` kept, anything else ``_`` (``unknown`` for
    none)."""
    text = pl.col(column)
    return pl.when(text.is_null() | (text == "")).then(pl.lit("unknown")).otherwise(
        text.str.replace_all(r"[^A-Za-z0-9._+\-]", "_"))


def month() -> pl.Expr:
    """A hand's partition month (see the module text), over the ``hands`` columns."""
    return pl.coalesce(pl.col("start_utc").dt.strftime("%Y-%m"), pl.col("start_local").dt.strftime("%Y-%m"),
                       pl.lit("unknown"))


def partitions(hands: pl.DataFrame) -> pl.DataFrame:
    """Each hand's partition folder: ``hand_key``, ``import_id`` and :data:`PARTITION`."""
    folder = pl.concat_str([pl.lit("site="), _value("site"), pl.lit("/game="), _value("game"), pl.lit("/month="),
                            month()])
    return hands.select("hand_key", "import_id", folder.alias(PARTITION))


def content_name(*texts: str) -> str:
    """A short name made of what a part holds (a task's files, a run's tasks): the same input, the same name."""
    digest = hashlib.blake2b(digest_size=10)
    for text in texts:
        digest.update(text.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def write_part(frame: pl.DataFrame, table: str, target: Path) -> int:
    """Write ``frame``'s rows of ``table`` (its columns cast to the table's, and ``import_id`` where the table has
    none of its own) to ``target``, whole or not at all; its bytes."""
    columns = [pl.col(name).cast(kind) for name, kind in SCHEMAS[table].items()]
    if "import_id" not in SCHEMAS[table]:
        columns.append(pl.col("import_id").cast(pl.Int32))
    temporary = target.parent / f".{target.name}.tmp"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        frame.select(columns).write_parquet(temporary, compression="zstd", row_group_size=ROW_GROUP)
        os.replace(temporary, target)
        return target.stat().st_size
    except (OSError, pl.exceptions.PolarsError) as err:
        temporary.unlink(missing_ok=True)
        raise StoreError(phrase("cannot write a Parquet part of the lake: {error}",
                                error=str(getattr(err, "strerror", None) or err)),
                         path=str(target)) from None
