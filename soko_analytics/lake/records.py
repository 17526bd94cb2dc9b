"""The quarantine of a lake build: which records are added, and which earlier ones a stored hand resolves.

The rules are the store's (:meth:`~soko_analytics.store.db.Store._insert_quarantine` and
:class:`~soko_analytics.store.writing.FileWriter`): a record is not added again while an open record holds the same
text of the same kind (the same file and reason too, for a record with no text), whether in the lake already or
from an earlier file of the build; a record of a kind a later read can mend (:data:`RESOLVABLE`) is resolved by the
import id of the file that stores a hand of its id; a file read again whole resolves the records of its earlier
reads that it no longer gives.
"""

from __future__ import annotations

import polars as pl

from ..store.rows import SCHEMAS
from ..store.writing import RESOLVABLE

KEY = "_same"


def _same() -> pl.Expr:
    """What tells two records of the same text apart (see the module text)."""
    return pl.when(pl.col("raw") != "").then(pl.concat_str("kind", "content_hash", separator="\0")).otherwise(
        pl.concat_str("kind", "content_hash", "source_file", "reason", separator="\0"))


def added(incoming: pl.DataFrame, lake: pl.DataFrame) -> pl.DataFrame:
    """The records of ``incoming`` (a build's, in any order) to add to a lake whose records are ``lake``."""
    if incoming.is_empty():
        return incoming
    known = lake.filter(pl.col("resolved_by").is_null()).select(_same().alias(KEY))
    rows = incoming.with_columns(_same().alias(KEY)).join(known, on=KEY, how="anti", maintain_order="left")
    earliest = pl.col("import_id") == pl.col("import_id").min().over(KEY)
    return rows.filter(earliest).drop(KEY).sort("import_id", "source_file", "source_line", maintain_order=True)


def resolved(records: pl.DataFrame, stored: pl.DataFrame) -> pl.DataFrame:
    """``records`` with ``resolved_by`` set where a hand of a record's id was stored (``stored``: ``hand_id``,
    ``import_id``) by another file and the record is open and of a kind a later read mends."""
    if records.is_empty() or stored.is_empty():
        return records
    by = stored.group_by("hand_id").agg(pl.col("import_id").alias("_by"))
    joined = records.join(by, on="hand_id", how="left", maintain_order="left")
    firsts = [next((s for s in sorted(ids) if s != own), None) if ids is not None else None
              for ids, own in zip(joined["_by"].to_list(), joined["import_id"].to_list())]
    mend = pl.col("resolved_by").is_null() & pl.col("kind").is_in(RESOLVABLE)
    return joined.with_columns(pl.when(mend).then(pl.Series("_first", firsts, pl.Int32)).otherwise(
        pl.col("resolved_by")).alias("resolved_by")).drop("_by").select(SCHEMAS["quarantine"].keys())


def reread(records: pl.DataFrame, read: pl.DataFrame, files: pl.DataFrame) -> pl.DataFrame:
    """``records`` with ``resolved_by`` set where a file (``files``: ``import_id``, ``path``) was read again whole and
    no longer gives an open record of an earlier read of it (``read``: the records this read gave), as the store's
    writer resolves them (:meth:`~soko_analytics.store.writing.FileWriter._finish`): a record is of a file when its
    ``source_file`` is the file's name, or a member of it (``name:member``)."""
    if records.is_empty() or files.is_empty():
        return records
    named = files.select(pl.col("import_id").alias("_by"), pl.col("path").alias("_file"))
    rows = records.with_row_index("_n").with_columns(
        pl.col("source_file").str.replace(r":[^/]*$", "").alias("_member_of"))
    pairs = pl.concat([rows.join(named, left_on=column, right_on="_file", how="inner").select("_n", "_by", "kind",
                                                                                             "content_hash", "raw",
                                                                                             "reason", "import_id")
                       for column in ("source_file", "_member_of")]).unique(["_n", "_by"])
    pairs = pairs.filter(pl.col("_by") != pl.col("import_id"))
    seen = read.select(pl.col("import_id").alias("_by"), "kind", "content_hash", pl.col("reason").alias("_reason"))
    again = pairs.join(seen, on=["_by", "kind", "content_hash"], how="inner").filter(
        (pl.col("raw") != "") | (pl.col("reason") == pl.col("_reason"))).select("_n", "_by")
    gone = pairs.join(again, on=["_n", "_by"], how="anti").group_by("_n").agg(pl.col("_by").min())
    mend = rows.join(gone, on="_n", how="left", maintain_order="left")
    return mend.with_columns(pl.when(pl.col("resolved_by").is_null()).then(pl.col("_by").cast(pl.Int32))
                             .otherwise(pl.col("resolved_by")).alias("resolved_by")).select(SCHEMAS["quarantine"].keys())
