"""The format-drift report: quarantine records counted by format, client version, kind and the shape of the line
not understood (``soko quarantine --by reason``, the import's ``--summary json``).

A record's drift fields (``format``, ``client_version``, ``shape``: schema 13, ``013_quarantine_drift.sql``) are
computed once, by the core (``core/src/read/drift.rs``), for the records it makes as it reads and, through
``_core.quarantine_drift``, for the records Python makes (:func:`fill`) and those of an older store (:func:`backfill`).
So a site's format change shows up as a new group, counted the day its first log is imported.
"""

from __future__ import annotations

import re
from typing import Any

import duckdb
import polars as pl

from .. import _core
from ..errors import SokoError, phrase
from ..parsers import Unreadable, detect_format
from ..parsers.source import HEAD_CHARS
from .duck import frame, registered

__all__ = ["GROUPINGS", "backfill", "fill", "groups", "named_line", "offending_line"]

GROUPINGS: dict[str, tuple[str, ...]] = {
    "reason": ("format", "client_version", "kind", "shape"),
    "site": ("format", "client_version", "kind"),
    "file": ("source_file", "kind"),
}
"""``--by``: the columns each report groups the records by."""

_LINE = re.compile(r"^line (\d+): ")


def named_line(source_line: int, reason: str) -> int:
    """The line a record names: the one its reason starts with (``line N: ...``), else the one it starts on."""
    m = _LINE.match(reason)
    return int(m.group(1)) if m else source_line


def offending_line(raw: str, source_line: int, reason: str) -> str:
    """The text of the line a record names, stripped ('' for a record with no text, or a line past its text)."""
    lines = raw.split("\n")  # as the core counts them (a record names lines by their newlines)
    at = named_line(source_line, reason) - source_line
    return lines[at].strip() if 0 <= at < len(lines) else ""


def fill(records: pl.DataFrame) -> pl.DataFrame:
    """Quarantine records with their ``client_version`` and ``shape`` computed from their ``format``, text and
    reason (records Python made, or of an older store)."""
    values = [_core.quarantine_drift(fmt, raw, max(0, named_line(first, reason) - first), reason)
              for fmt, raw, first, reason in records.select("format", "raw", "source_line", "reason").iter_rows()]
    return records.with_columns(
        pl.Series("client_version", [v for v, _ in values], dtype=pl.String),
        pl.Series("shape", [s for _, s in values], dtype=pl.String))


def _detected(raw: str) -> str | None:
    """The format a record's text reads as, if any."""
    try:
        return detect_format(raw[:HEAD_CHARS]) if raw else None
    except Unreadable:
        return None


def backfill(con: duckdb.DuckDBPyConnection) -> None:
    """Schema 13: the drift fields of the records stored before it, from their text. A record's format is its
    file's (``imports.format``, where the file stored hands of one format), else the one its text reads as (none
    for a record with no text, or of no known format)."""
    stored = frame(con.execute("""
        SELECT q.rowid AS id, CASE WHEN i.format NOT LIKE '%+%' THEN i.format END AS format, q.raw,
               q.source_line, q.reason
        FROM quarantine q LEFT JOIN imports i USING (import_id)"""))
    if not len(stored):
        return
    formats = [fmt if fmt is not None else _detected(raw)
               for fmt, raw in stored.select("format", "raw").iter_rows()]
    done = fill(stored.with_columns(pl.Series("format", formats, dtype=pl.String)))
    with registered(con, "drift", done.select("id", "format", "client_version", "shape").to_arrow()):
        con.execute("""UPDATE quarantine SET format = d.format, client_version = d.client_version, shape = d.shape
                       FROM drift d WHERE quarantine.rowid = d.id""")


def groups(con: duckdb.DuckDBPyConnection, by: str = "reason", resolved: bool = False,
           since: int | None = None) -> list[dict[str, Any]]:
    """The records (open ones; every one with ``resolved``; those of the imports from ``since`` on when given: an
    import run's) counted per group of
    :data:`GROUPINGS` ``[by]``, most first: the group's columns, ``count``, and one example (the first record by
    file and line: ``file``, ``line`` it names, ``reason``, ``text`` of that line)."""
    if by not in GROUPINGS:
        raise SokoError(phrase("unknown grouping {by!r}", by=by), expected=" or ".join(GROUPINGS), actual=by)
    keys = ", ".join(GROUPINGS[by])
    where = [] if resolved else ["resolved_by IS NULL"]
    params: list[Any] = []
    if since is not None:
        where.append("import_id >= ?")
        params.append(since)
    found = frame(con.execute(f"""
        SELECT {keys}, count(*) AS count,
               arg_min(struct_pack(source_file, source_line, reason, raw), (source_file, source_line)) AS example
        FROM quarantine {'WHERE ' + ' AND '.join(where) if where else ''}
        GROUP BY ALL ORDER BY count DESC, {keys} NULLS FIRST""", params))
    rows = []
    for row in found.iter_rows(named=True):
        example = row.pop("example")
        first, reason, raw = example["source_line"], example["reason"], example["raw"]
        rows.append({**row, "file": example["source_file"], "line": named_line(first, reason), "reason": reason,
                     "text": offending_line(raw, first, reason)})
    return rows
