"""The store's tables (schemas/001_initial.sql) as Polars schemas, and the rows of hands Python has read.

The rows of a hand (its seats, actions, cards, pots, findings and ``player_hands``
facts) are made by the compiled core, whichever reader read it: the core's own
readers make them as they read (:mod:`.reading`), and a :class:`Batch` of hands
the Python readers made (PHH, a zip of mixed formats) hands them to the core in their
canonical form (``_core.hand_batch``). Quarantine records are gathered here.
Nothing here touches DuckDB.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl
from polars.datatypes import DataType, DataTypeClass

from ..errors import SokoError
from ..model.hand import Hand
from ..native import core, hand_json
from ..native import frames as native_frames
from ..parsers.base import InternalError
from . import drift
from .facts import COLUMNS as FACT_COLUMNS

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

_I64, _I32, _I16, _I8 = pl.Int64, pl.Int32, pl.Int16, pl.Int8
_STR, _BOOL, _TS = pl.String, pl.Boolean, pl.Datetime("us")
_STRS, _I64S = pl.List(pl.String), pl.List(pl.Int64)

DTYPES = {"BIGINT": _I64, "INTEGER": _I32, "SMALLINT": _I16, "TINYINT": _I8, "VARCHAR": _STR,
          "BOOLEAN": _BOOL, "TIMESTAMP": _TS, "DOUBLE": pl.Float64, "VARCHAR[]": _STRS, "BIGINT[]": _I64S}
"""DuckDB column type → the Polars dtype that DuckDB reads back as that type."""

_DRAW_COUNTS = frozenset({"draws", "stand_pats", "cards_drawn", "first_draw_cards"})
"""The draw facts that count (the others are true or false)."""

SCHEMAS: dict[str, dict[str, DataType | DataTypeClass]] = {
    "hands": {
        "hand_key": _I64, "site": _STR, "hand_id": _STR, "game": _STR, "profile": _STR, "rules": _STR,
        "structure": _STR, "currency": _STR, "decimals": _I8, "stakes": _STR,
        "small_blind": _I64, "big_blind": _I64, "ante": _I64, "bring_in": _I64, "small_bet": _I64,
        "big_bet": _I64, "cap": _I64, "min_bet": _I64, "max_bet": _I64,
        "table_name": _STR, "max_seats": _I16, "button": _I16, "start_local": _TS, "time_zone": _STR,
        "start_utc": _TS, "tournament_id": _STR, "buy_in": _STR, "level": _STR, "players_dealt": _I16,
        "total_pot": _I64, "rake": _I64, "format": _STR, "source_file": _STR, "source_line": _I32,
        "raw": _STR, "content_hash": _STR, "import_id": _I32, "audited": _BOOL, "audit_ok": _BOOL,
        "added_money": _I64, "hero": _STR, "buy_in_amount": _I64, "buy_in_bounty": _I64, "buy_in_fee": _I64,
        "buy_in_currency": _STR, "buy_in_decimals": _I8,
    },
    "seats": {
        "hand_key": _I64, "seat": _I16, "player": _STR, "position": _STR, "starting_stack": _I64,
        "sitting_out": _BOOL, "dealt_in": _BOOL, "hole_cards": _STR, "shown_cards": _STR,
        "put_in": _I64, "collected": _I64, "cash_out": _I64, "net": _I64, "is_hero": _BOOL,
    },
    "actions": {
        "hand_key": _I64, "seq": _I32, "street": _I16, "street_name": _STR, "player": _STR, "kind": _STR,
        "amount": _I64, "to_amount": _I64, "all_in": _BOOL, "cards": _STR, "text": _STR, "run": _I16,
        "pot_before": _I64, "to_call": _I64, "source_line": _I32,
    },
    "cards": {
        "hand_key": _I64, "seq": _I32, "street": _I16, "player": _STR, "card": _STR, "up": _BOOL,
        "known": _BOOL, "run": _I16,
    },
    "pots": {
        "hand_key": _I64, "pot_index": _I16, "amount": _I64, "eligible": _STRS, "winners": _STRS,
        "shares": _I64S,
    },
    "findings": {
        "hand_key": _I64, "seq": _I32, "code": _STR, "severity": _STR, "street": _STR,
        "action_index": _I32, "player": _STR, "expected": _STR, "actual": _STR, "message": _STR,
        "source_line": _I32,
    },
    "tournament_finishes": {
        "hand_key": _I64, "site": _STR, "tournament_id": _STR, "player": _STR, "place": _I32, "prize": _I64,
        "bounty_won": _I64, "currency": _STR, "decimals": _I8,
    },
    "quarantine": {
        "import_id": _I32, "source_file": _STR, "source_line": _I32, "hand_id": _STR, "kind": _STR,
        "reason": _STR, "raw": _STR, "content_hash": _STR, "resolved_by": _I32, "format": _STR,
        "client_version": _STR, "shape": _STR, "size": _I64,
    },
    "player_hands": {
        "hand_key": _I64, "seat": _I16, "player": _STR, "game": _STR, "profile": _STR, "structure": _STR,
        "stakes": _STR, "currency": _STR, "decimals": _I8, "tournament": _BOOL, "played_at": _TS,
        "position": _STR, "position_group": _STR, "unit": _I64, "net": _I64, "put_in": _I64,
        "collected": _I64, "rake": _I64, "allin": _BOOL, "allin_adjusted": _I64, "allin_se": pl.Float64,
        **{c: (_STR if c in ("situation", "showdown_class")
               else _I16 if c.startswith(("post_", "street_", "best_")) or c in _DRAW_COUNTS else _BOOL)
           for c in FACT_COLUMNS},
    },
    "imports": {
        "import_id": _I32, "run_id": _I32, "path": _STR, "size": _I64, "mtime": _TS, "content_hash": _STR,
        "format": _STR, "hands_stored": _I32, "hands_duplicate": _I32, "hands_quarantined": _I32,
        "started_at": _TS, "duration_ms": _I32,
    },
}
"""Every table of schemas/*.sql but ``schema_version``: its columns in DDL order, with Polars dtypes."""

BATCH_TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "tournament_finishes",
                "quarantine")
"""The tables a file's hands fill (``imports`` is one row per file, written by the store)."""

QUARANTINE_KINDS = ("unsupported", "incomplete", "malformed", "conflict", "unreadable", "too_large", "internal",
                    "damaged")
"""``quarantine.kind``: a game we do not replay; a hand the log does not finish; text that breaks its
format (or text that is not a hand); a hand whose id is stored with different content; a file that cannot be
read; a hand or a compressed member over its size limit; a bug of ours met on this hand; a stored hand whose
rows were in a damaged Parquet part and whose text no longer reads (``soko repair``)."""

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
    """Hands Python has read and quarantine records, on their way to one frame per table.

    >>> batch = Batch()
    >>> for hand in hands:
    ...     batch.add_hand(hand)
    >>> frames = batch.to_frames()   # {"hands": DataFrame, "seats": ..., ...}, audited
    """

    def __init__(self) -> None:
        self.hands: list[Hand] = []
        self._quarantine: dict[str, list] = {c: [] for c in SCHEMAS["quarantine"]}

    def __len__(self) -> int:
        """The number of hands added."""
        return len(self.hands)

    def rows(self) -> int:
        """Hands and quarantine records added."""
        return len(self.hands) + len(self._quarantine["raw"])

    def add_hand(self, hand: Hand) -> None:
        self.hands.append(hand)

    def add_quarantine(self, q: Quarantined, import_id: int, kind: str | None = None) -> None:
        """Add a hand that could not be stored; ``kind`` (default: the record's own) is one of
        :data:`QUARANTINE_KINDS`."""
        kind = kind or q.kind
        if kind not in QUARANTINE_KINDS:
            raise SokoError(f"unknown quarantine kind {kind!r}", path=q.path, line=q.line, hand_id=q.hand_id,
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
        """One frame per table of :data:`BATCH_TABLES`: the hands' rows made by the core from their canonical
        form (audited unless ``with_audit`` is off, with their facts), then the quarantine records added. A hand
        the core cannot take (a bug of ours; ``fault_hand`` names one to fail on, for tests) is an ``internal``
        record, or under ``strict`` an :class:`~soko_analytics.parsers.base.InternalError` raised."""
        if not self.hands:
            made = empty_frames()
        else:
            _, _, tables = core.hand_batch([hand_json(h) for h in self.hands], "pokerstars", 0, with_audit,
                                           fault_hand)
            made = native_frames(tables)
        if strict:
            raise_first_bug(made["quarantine"])
        made["quarantine"] = pl.concat([self.quarantine_frame(), with_quarantine_columns(made["quarantine"])])
        return {t: made[t] for t in BATCH_TABLES}

    def clear(self) -> None:
        """Drop every hand and record (to reuse the batch for the next chunk)."""
        self.hands.clear()
        for values in self._quarantine.values():
            values.clear()
