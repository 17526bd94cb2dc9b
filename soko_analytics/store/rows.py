"""The store's tables as Polars schemas (the core's), and the rows of texts read outside the core's file readers.

The rows of a hand (its seats, actions, cards, pots, findings and ``player_hands``
facts) are made by the compiled core, whichever path read it: the core's own
file readers make them as they read (:mod:`.reading`), and a :class:`Batch` hands
the core the texts read elsewhere: a stored hand's raw text read again (``_core.text_rows``), the pieces
of a member of a zip of mixed formats (``_core.piece_rows``). No hand the core reads crosses into Python
and back; only a hand made in Python (:meth:`Batch.add_hand`) goes to the core in its canonical form
(``_core.hand_batch``). Quarantine records are gathered here.
Nothing here touches DuckDB.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl
from polars.datatypes import DataType, DataTypeClass

from .. import _core
from .._vocab import QuarantineKind
from ..errors import SokoError, phrase
from ..model.hand import Hand
from ..native import frames as native_frames
from ..native import hand_json
from ..parsers import CorePiece
from ..parsers.base import InternalError
from . import drift

if TYPE_CHECKING:
    from ..parsers.base import Quarantined

__all__ = [
    "BATCH_TABLES",
    "QUARANTINE_KINDS",
    "SCHEMAS",
    "ArrowStream",
    "Batch",
    "empty_frames",
    "text_hash",
    "with_quarantine_columns",
]

# -- the tables ----------------------------------------------------------------------------

DTYPES: dict[str, DataType | DataTypeClass] = {
    "BIGINT": pl.Int64, "INTEGER": pl.Int32, "SMALLINT": pl.Int16, "TINYINT": pl.Int8, "VARCHAR": pl.String,
    "BOOLEAN": pl.Boolean, "TIMESTAMP": pl.Datetime("us"), "DOUBLE": pl.Float64, "VARCHAR[]": pl.List(pl.String),
    "BIGINT[]": pl.List(pl.Int64)}
"""DuckDB column type → the Polars dtype that DuckDB reads back as that type."""

SCHEMAS: dict[str, dict[str, DataType | DataTypeClass]] = {
    table: {name: DTYPES[kind] for name, kind in columns} for table, columns in _core.TABLES.items()}
"""Every table of schemas/*.sql but those of the store's own bookkeeping (``schema_version``, ``parts``,
``player_days``, ``watch_offsets``): its columns in order, with Polars dtypes. The core's (``_core.TABLES``,
``core/src/rows/tables.rs``), defined there once; tests/store/test_schema.py holds the DDL to it."""

BATCH_TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "tournament_finishes",
                "quarantine")
"""The tables a file's hands fill (``imports`` is one row per file, written by the store)."""

QUARANTINE_KINDS: tuple[str, ...] = tuple(QuarantineKind)
"""``quarantine.kind``: the core's :class:`~soko_analytics._vocab.QuarantineKind` (``core/src/rows/quarantine.rs``),
each kind's meaning there."""

def with_quarantine_columns(records: pl.DataFrame) -> pl.DataFrame:
    """Quarantine records with every column of the table, in its order (a column a record's maker leaves out is
    NULL)."""
    return records.select(pl.col(name) if name in records.columns else pl.lit(None, kind).alias(name)
                          for name, kind in SCHEMAS["quarantine"].items())


class ArrowStream:
    """A frame seen only through the Arrow PyCapsule interface (``__arrow_c_stream__``).

    DuckDB reads a Polars frame it is handed directly through ``pyarrow``; wrapped in this, it scans
    the frame's Arrow stream itself, so ``INSERT INTO t SELECT * FROM source`` works without
    ``pyarrow`` installed (``source = ArrowStream(frame)``). Each scan opens a new stream.
    """

    __slots__ = ("frame",)

    def __init__(self, frame: pl.DataFrame) -> None:
        self.frame = frame

    def __arrow_c_stream__(self, requested_schema: object = None) -> object:
        return self.frame.__arrow_c_stream__(requested_schema)


def text_hash(text: str) -> str:
    """blake2b-128 hex of a text (``quarantine.content_hash``, as the core's ``keys::text_hash``)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def file_hash(path: Path) -> str:
    """blake2b-128 hex of a file's bytes, read a MiB at a time (``imports.content_hash``, ``parts.checksum``)."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, lambda: hashlib.blake2b(digest_size=16)).hexdigest()


# -- the batch -----------------------------------------------------------------------------


def empty_frames() -> dict[str, pl.DataFrame]:
    """One empty frame per table of :data:`BATCH_TABLES`."""
    return {t: pl.DataFrame(schema=SCHEMAS[t]) for t in BATCH_TABLES}


def raise_first_bug(quarantine: pl.DataFrame) -> None:
    """``--strict``: the first ``internal`` record of a ``quarantine`` frame (a bug of ours on a hand) raised as
    :class:`~soko_analytics.parsers.base.InternalError` naming its file, line and hand; nothing when there is none."""
    bugs = quarantine.filter(pl.col("kind") == "internal")
    if bugs.height:
        first = bugs.row(0, named=True)
        raise InternalError(first["reason"], path=first["source_file"], line=first["source_line"],
                            hand_id=first["hand_id"])


class Batch:
    """Texts to read and hands Python has read, and quarantine records, on their way to one frame per table.

    >>> batch = Batch()
    >>> for raw, fmt, path, line in stored:
    ...     batch.add_text(raw, fmt, path, line)
    >>> frames = batch.to_frames()   # {"hands": DataFrame, "seats": ..., ...}, audited

    What is added is read in order, each run of one kind in one call into the core.
    """

    def __init__(self) -> None:
        self._runs: list[tuple[tuple[str, ...], list]] = []
        """Runs of ``("texts",)`` ``(raw, format, path, line)``, ``("pieces", path, format)`` pieces or
        ``("hands",)`` hands, in the order added."""
        self._added = 0
        self._quarantine: dict[str, list] = {c: [] for c in SCHEMAS["quarantine"]}

    def __len__(self) -> int:
        """Texts, pieces and hands added."""
        return self._added

    @property
    def hands(self) -> list[Hand]:
        """The hands added (:meth:`add_hand`)."""
        return [hand for key, items in self._runs if key[0] == "hands" for hand in items]

    def rows(self) -> int:
        """Texts, pieces, hands and quarantine records added (each piece gives one hand or one record)."""
        return self._added + len(self._quarantine["raw"])

    def _run(self, key: tuple[str, ...]) -> list:
        if not self._runs or self._runs[-1][0] != key:
            self._runs.append((key, []))
        self._added += 1
        return self._runs[-1][1]

    def add_text(self, raw: str, format: str, path: str, line: int = 1) -> None:
        """A stored hand's raw text, to be read again as ``format`` (its file ``path``, from ``line``): by the
        core (``_core.text_rows``). A hand that no longer reads gives its record in ``quarantine``."""
        self._run(("texts",)).append((raw, format, path, line))

    def add_piece(self, piece: CorePiece) -> None:
        """A piece of a member of a format the core reads, to be read by the core (``_core.piece_rows``)."""
        self._run(("pieces", piece.path, piece.format)).append(piece.piece)

    def add_hand(self, hand: Hand) -> None:
        """A hand made in Python (by a user, the simulator or a test): its canonical form goes to the core
        (``_core.hand_batch``)."""
        self._run(("hands",)).append(hand)

    def add_quarantine(self, q: Quarantined, import_id: int, kind: str | None = None) -> None:
        """Add a hand that could not be stored; ``kind`` (default: the record's own) is one of
        :data:`QUARANTINE_KINDS`."""
        kind = kind or q.kind
        if kind not in QUARANTINE_KINDS:
            raise SokoError(phrase("unknown quarantine kind {kind!r}", kind=kind), path=q.path, line=q.line,
                            hand_id=q.hand_id,
                            expected=" | ".join(QUARANTINE_KINDS), actual=kind)
        c = self._quarantine
        for name, value in (
            ("import_id", import_id), ("source_file", q.path), ("source_line", q.first_line), ("hand_id", q.hand_id),
            ("kind", kind), ("reason", q.reason if q.start is None else f"line {q.line}: {q.reason}"),
            ("raw", q.raw), ("content_hash", text_hash(q.raw)),
            ("resolved_by", None), ("format", q.format), ("client_version", None), ("shape", None), ("size", None),
        ):
            c[name].append(value)

    def quarantine_frame(self) -> pl.DataFrame:
        """The ``quarantine`` frame of the records added, with their drift fields (:func:`.drift.fill`)."""
        return drift.fill(pl.DataFrame(self._quarantine, schema=SCHEMAS["quarantine"]))

    def to_frames(self, with_audit: bool = True, strict: bool = False,
                  fault_hand: str | None = None) -> dict[str, pl.DataFrame]:
        """One frame per table of :data:`BATCH_TABLES`: the rows the core makes of what was added (audited unless
        ``with_audit`` is off, with their facts), then the quarantine records added. A hand the core cannot take
        (a bug of ours; ``fault_hand`` names one to fail on, for tests) is an ``internal`` record, or under
        ``strict`` an :class:`~soko_analytics.parsers.base.InternalError` raised."""
        runs = [native_frames(_made(key, items, with_audit, fault_hand)) for key, items in self._runs]
        made = {t: pl.concat([run[t] for run in runs]) for t in BATCH_TABLES} if runs else empty_frames()
        if strict:
            raise_first_bug(made["quarantine"])
        made["quarantine"] = pl.concat([self.quarantine_frame(), with_quarantine_columns(made["quarantine"])])
        return {t: made[t] for t in BATCH_TABLES}

    def clear(self) -> None:
        """Drop everything added (to reuse the batch for the next chunk)."""
        self._runs.clear()
        self._added = 0
        for values in self._quarantine.values():
            values.clear()


def _made(key: tuple[str, ...], items: list, with_audit: bool, fault_hand: str | None) -> dict:
    """The core's tables of one run of :class:`Batch` (see ``Batch._runs``)."""
    if key[0] == "texts":
        return _core.text_rows(items, 0, with_audit, fault_hand)[2]
    if key[0] == "pieces":
        return _core.piece_rows(items, key[1], key[2], 0, with_audit, fault_hand)[2]
    return _core.hand_batch([hand_json(h) for h in items], "pokerstars", 0, with_audit, fault_hand)[2]
