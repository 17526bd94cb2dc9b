"""What the commands print: one output contract, and nothing a log contains reaching the terminal raw.

Every listing command takes ``--format table|json|jsonl|csv``. ``table`` is a
rich table on a terminal and plain aligned text when piped (one row a line,
nothing cut, no box drawing: ``soko rules | grep soko-finnish`` finds it);
``json`` is one document, ``jsonl`` one record a line, ``csv`` one header line
and a row per record. Floats are rounded to :data:`RATE_DECIMALS` digits; money
is integer minor units with ``decimals``; ``--out -`` is standard output. The
whole contract, and its exceptions: docs/cli.md.

A player name or a log line may hold ``ESC]0;...BEL`` (set the window title),
``ESC[2J`` (clear the screen), other C0 and C1 controls or bidirectional
overrides (U+202E): :func:`safe` shows each as a visible escape (``\\x1b``,
``\\u202e``), and every writer of text or records goes through it: plain text,
a rich table cell (:func:`cell`, which also keeps rich from reading ``[...]``
as markup), and CSV (:func:`csv_text`, :func:`safe_frame`: a CSV piped to a
terminal or a pager shows the same escapes). JSON escapes the same characters
as ``\\uXXXX`` (:func:`json_text`), which JSON readers turn back.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from typing import Annotated, Any

import polars as pl
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..i18n import _

UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
"""Controls but tab and newline, DEL, C1 controls, bidirectional marks, embeddings, overrides and isolates."""
UNSAFE_LINE = re.compile(UNSAFE.pattern[:-1] + r"\t\n]")


class Format(str, Enum):
    """``--format`` of a listing command."""

    table = "table"
    json = "json"
    jsonl = "jsonl"
    csv = "csv"


FormatOption = Annotated[Format, typer.Option("--format", "-f", help=_("table (plain text when piped), json, jsonl "
                                                                       "or csv."))]


RATE_DECIMALS = 4
"""Digits after the point of every float (a rate, a percentage, an interval) in CSV, JSON and JSON lines:
``28.000000000000004`` is written ``28.0``. Money is never a float (integer minor units with ``decimals``)."""

STDOUT = "-"
"""The ``--out`` that means standard output, for every command that takes one."""


def to_stdout(out: object) -> bool:
    """Whether an ``--out`` (None: not given) means standard output."""
    return out is None or str(out) == STDOUT


def rounded(frame: pl.DataFrame) -> pl.DataFrame:
    """A frame whose float columns are rounded to :data:`RATE_DECIMALS` digits."""
    floats = [name for name, kind in frame.schema.items() if kind.is_float()]
    return frame.with_columns(pl.col(name).round(RATE_DECIMALS) for name in floats) if floats else frame


def _round(value: Any) -> Any:
    """``value`` with its floats (also inside lists and mappings) rounded to :data:`RATE_DECIMALS` digits."""
    if isinstance(value, float):
        return round(value, RATE_DECIMALS)
    if isinstance(value, Mapping):
        return {k: _round(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_round(v) for v in value]
    return value


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: object, one_line: bool = False) -> str:
    """``text`` with every control character shown as an escape (tabs and newlines too when ``one_line``)."""
    return (UNSAFE_LINE if one_line else UNSAFE).sub(_escape, str(text))


def cell(text: object) -> Text:
    """A rich table cell showing ``text`` as it is: no markup, no control characters."""
    return Text(safe("" if text is None else text, one_line=True))


def echo(text: object, err: bool = False, nl: bool = True) -> None:
    """Print human-readable text (see :func:`safe`)."""
    typer.echo(safe(text), err=err, nl=nl)


def json_text(data: Any, indent: int | None = 2) -> str:
    """JSON of ``data``, floats rounded (:data:`RATE_DECIMALS`), non-ASCII kept but every unsafe character escaped
    as ``\\uXXXX``."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(_round(data), indent=indent,
                                                                       ensure_ascii=False, default=str))


def on_terminal() -> bool:
    return sys.stdout.isatty()


def table(title: str | None, columns: Sequence[str], rows: Iterable[Sequence[object]],
          right: Sequence[str] = ()) -> None:
    """A table: rich on a terminal (cells fold, never cut), plain aligned text when piped."""
    rows = [["" if v is None else v for v in row] for row in rows]
    if on_terminal():
        view = Table(title=title)
        for name in columns:
            view.add_column(cell(name), justify="right" if name in right else "left", overflow="fold")
        for row in rows:
            view.add_row(*map(cell, row))
        Console().print(view)
        return
    if title:
        typer.echo(safe(title, one_line=True))
    typer.echo(plain(columns, rows))


def plain(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """Rows as aligned columns of text, a row a line, nothing cut."""
    lines = [[safe(v, one_line=True) for v in row] for row in [list(columns), *rows]]
    widths = [max(len(line[i]) for line in lines) for i in range(len(columns))]
    return "\n".join("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() for line in lines)


def records(data: Sequence[Mapping[str, Any]], fmt: Format, columns: Sequence[str] | None = None,
            title: str | None = None, document: Any = None, right: Sequence[str] = (),
            headers: Mapping[str, str] | None = None) -> None:
    """Print records in a format: ``json`` prints ``document`` (default: the records), the others the records.
    ``headers``: a table's header of a column, in the language spoken (CSV and JSON keep the column's name)."""
    columns = list(columns or (data[0].keys() if data else []))
    if fmt is Format.json:
        typer.echo(json_text(data if document is None else document))
    elif fmt is Format.jsonl:
        for record in data:
            typer.echo(json_text(record, indent=None))
    elif fmt is Format.csv:
        typer.echo(csv_text(data, columns), nl=False)
    else:
        shown = [(headers or {}).get(c, c) for c in columns]
        table(title, shown, [[_flat(r.get(c)) for c in columns] for r in data],
              [shown[columns.index(c)] for c in right if c in columns])


def csv_text(data: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> str:
    """Records as CSV, every text cell through :func:`safe` (tabs and newlines kept, quoted by the CSV)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([safe(c) for c in columns])
    for record in data:
        writer.writerow([_csv_cell(_flat(record.get(c))) for c in columns])
    return out.getvalue()


def _csv_cell(value: Any) -> Any:
    return safe(value) if isinstance(value, str) else _round(value)


def safe_frame(frame: pl.DataFrame) -> pl.DataFrame:
    """A frame whose text columns went through :func:`safe` (for a CSV written by Polars)."""
    text = [name for name, kind in frame.schema.items() if kind == pl.String]
    return frame.with_columns(pl.col(name).map_elements(safe, return_dtype=pl.String, skip_nulls=True)
                              for name in text) if text and len(frame) else frame


def _flat(value: Any) -> Any:
    """A value for one cell: lists joined, mappings as ``k=v``, None empty."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return "; ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "; ".join(map(str, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
