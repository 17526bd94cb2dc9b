"""Mending a store whose Parquet parts are damaged or missing (``soko repair``).

Every open checks the parts cheaply (:meth:`.parts.Parts.check`) and refuses a store with a damaged part,
naming it. :func:`repair` checks every part in full (size, Parquet's magic, the checksum written with it) and,
unless only asked to check, mends the store in one transaction:

- the damaged parts are unlisted (their files go once the repair is committed);
- the hands whose rows their table no longer holds are read again from their stored raw text, in the format
  they were stored from, and their rows of that table are written as a new part (the rows an import would have
  written: the same reader, the same core; an action's line is its line in the file, as stored);
- a hand whose text no longer reads (a reader changed since) cannot be rebuilt: it is taken out of the store
  (its rows of every table, its ``player_days`` sums made again) and quarantined as ``damaged`` with its raw
  text and why, so nothing is lost; ``soko import --force`` of its file reads it again.

Nothing here touches the hands that have all their rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import polars as pl

from ..errors import SokoError, phrase
from ..model.hand import Hand
from ..parsers import read_text
from ..parsers.base import FormatError, quarantine
from .duck import registered
from .facts import rollup_sql
from .parts import PART_TABLES, Damage
from .rows import SCHEMAS, Batch

if TYPE_CHECKING:
    from .db import Store

FROM_AUDIT = ("pots",)
"""The part tables whose rows the audit makes (a hand imported with ``--no-audit`` has none)."""


@dataclass
class RepairReport:
    """What :func:`repair` found and did."""

    parts: int = 0
    """Parts checked."""
    damaged: list[Damage] = field(default_factory=list)
    rebuilt: dict[str, int] = field(default_factory=dict)
    """Rows written again, by table."""
    hands: int = 0
    """Hands whose rows were rebuilt from their raw text."""
    dropped: list[tuple[str, str, str]] = field(default_factory=list)
    """(source file, hand id, why) of the hands that could not be rebuilt, quarantined as ``damaged``."""
    repaired: bool = False


def repair(store: Store, check_only: bool = False) -> RepairReport:
    """Check every part of ``store`` in full and, unless ``check_only``, rebuild the rows of the damaged ones
    (see the module text)."""
    report = RepairReport(parts=store.con.execute("SELECT count(*) FROM parts").fetchall()[0][0])
    report.damaged = store.parts.damaged(full=True, record=not check_only)
    if check_only or not report.damaged:
        return report
    store._transaction(lambda: _mend(store, report), phrase("the repaired parts"))
    store.parts.sweep()
    store._transaction(lambda: None, phrase("the write-ahead log"), sql="CHECKPOINT")
    report.repaired = True
    return report


def _mend(store: Store, report: RepairReport) -> None:
    con, parts = store.con, store.parts
    tables = sorted({d.table for d in report.damaged})
    parts.unlist([d.file for d in report.damaged])
    for table in tables:
        if con.execute("SELECT count(*) FROM parts WHERE table_name = ?", [table]).fetchall()[0][0]:
            parts.refresh(table)
        else:  # the view needs a part to read: an empty one, with the table's columns
            parts.append(table, pl.DataFrame(schema=SCHEMAS[table]))
    lacking = {table: set(store.query(
        f"SELECT hand_key FROM hands h WHERE NOT EXISTS (SELECT 1 FROM {table} t WHERE t.hand_key = h.hand_key)"
    )["hand_key"].to_list()) for table in tables}
    keys = sorted(set().union(*lacking.values()))
    if not keys:
        return
    with registered(con, "lacking", pl.DataFrame({"hand_key": keys}, schema={"hand_key": pl.Int64}).to_arrow()):
        stored = store.query("SELECT hand_key, hand_id, raw, format, source_file, source_line, import_id, audited "
                             "FROM hands WHERE hand_key IN (SELECT hand_key FROM lacking)")
    frames, why_not = _rebuild(stored)
    rebuilt = set(frames["hands"]["hand_key"].to_list())
    report.hands = len(rebuilt)
    audited = set(stored.filter("audited")["hand_key"].to_list())
    for table in tables:
        wanted = lacking[table] & rebuilt & (audited if table in FROM_AUDIT else rebuilt)
        rows = frames[table].filter(pl.col("hand_key").is_in(sorted(wanted)))
        if len(rows):
            parts.append(table, rows)
        report.rebuilt[table] = len(rows)
    lost = stored.filter(~pl.col("hand_key").is_in(sorted(rebuilt)))
    if len(lost):
        _drop(store, lost, why_not, report)


def _rebuild(stored: pl.DataFrame) -> tuple[dict[str, pl.DataFrame], dict[int, str]]:
    """The rows of the stored hands read again from their raw text by the core (an action's line made its line in
    the file), and why each hand that did not read again did not (a hand that reads as another hand does not
    count)."""
    batch = Batch()
    for raw, fmt, path, line in stored.select("raw", "format", "source_file", "source_line").iter_rows():
        batch.add_text(raw, fmt, path, line)
    frames = batch.to_frames(with_audit=True)
    hands = frames["hands"].join(stored.select("hand_key", pl.col("source_line").alias("stored_line")),
                                 on="hand_key", how="inner")
    # a hand whose text starts with lines before it (none is stored so) is placed at its stored line all the same
    shift = hands.select("hand_key", (pl.col("stored_line") - pl.col("source_line")).alias("shift"))
    frames["hands"] = hands.drop("stored_line")
    frames["actions"] = (frames["actions"].join(shift, on="hand_key", how="inner")
                         .with_columns(pl.col("source_line") + pl.col("shift")).drop("shift"))
    rebuilt = set(frames["hands"]["hand_key"].to_list())
    lost = stored.filter(~pl.col("hand_key").is_in(sorted(rebuilt)))
    return frames, {key: _why_not(raw, fmt, path) for key, raw, fmt, path in
                    lost.select("hand_key", "raw", "format", "source_file").iter_rows()}


def _why_not(raw: str, fmt: str, path: str) -> str:
    """Why a stored hand's text did not read again as itself: its last record's reason (the Python front of the
    core's reader: only the records are wanted, no hand goes back into the core)."""
    why = "it reads as another hand"
    try:
        for item in read_text(raw, path, fmt):
            if not isinstance(item, Hand):
                why = item.reason
    except SokoError as err:
        why = err.reason
    return why


def _drop(store: Store, lost: pl.DataFrame, why_not: dict[int, str], report: RepairReport) -> None:
    """Take the hands that could not be rebuilt out of the store and quarantine them as ``damaged``."""
    con, parts = store.con, store.parts
    keys = lost.select("hand_key")
    with registered(con, "lost", keys.to_arrow()):
        for table in ("hands", "findings", "tournament_finishes"):
            con.execute(f"DELETE FROM {table} WHERE hand_key IN (SELECT hand_key FROM lost)")
        for table in PART_TABLES:
            if con.execute(f"SELECT count(*) FROM {table} WHERE hand_key IN (SELECT hand_key FROM lost)"
                           ).fetchall()[0][0]:
                parts.replace(table, f"SELECT * FROM {table} WHERE hand_key NOT IN (SELECT hand_key FROM lost)")
    con.execute("DELETE FROM player_days")
    con.execute(f"INSERT INTO player_days {rollup_sql('player_hands')}")
    batch = Batch()
    for key, hand_id, raw, _, path, line, import_id, _ in lost.iter_rows():
        why = why_not[key]
        reason = (f"its rows were in a damaged Parquet part and its text no longer reads as it was stored ({why}); "
                  f"soko import --force {path} reads it again")
        batch.add_quarantine(quarantine(FormatError(reason), raw, path, line, hand_id), import_id, kind="damaged")
        report.dropped.append((path, hand_id, reason))
    store._insert_quarantine(batch.quarantine_frame())
