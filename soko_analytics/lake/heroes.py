"""``--hero`` over the hands a lake held before a build, renamed as ``soko import --hero`` renames a store's.

The store's rule (:meth:`~soko_analytics.store.db.Store._rename_heroes`): on a run with ``--hero``, the hands of
the files skipped as unchanged and the hands read again as duplicates of hands stored before take their hero by the
rule new hands take it by (:func:`~soko_analytics.store.writing.with_heroes`, over their seats). The driver finds
which of them change (:func:`rewrites`: the ``hands`` parts' keys, heroes and import ids and the ``seats`` parts'
names, never the raw text). Each ``hands`` part holding a hand that changes is written again whole under a new name
(:func:`rewrite_part`), a Dask task per part: a part is read and written with its raw text, the work of a
compaction's merge, and a re-run with another ``--hero`` over the same folder rewrites every part of the files it
skips, so the work grows with the lake. The build swaps the parts in the manifest it saves, and deletes the old
parts after it, as it does the quarantine parts it replaces.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from ..store.writing import with_heroes
from .layout import content_name, write_part

PART = "_part"
"""The column naming a hand's part (its path under the lake's folder) while the driver decides."""


@dataclass(frozen=True)
class Rewrite:
    """A ``hands`` part (``part``, under the lake's folder ``out``) to write again as ``fresh``, with the new
    ``hero`` of each hand of ``changed`` (``hand_key``, ``hero``)."""

    part: str
    fresh: str
    changed: pl.DataFrame
    out: str


def rewrites(lake: Path, parts: dict[str, list[str]], heroes: tuple[str, ...], import_ids: Iterable[int],
             keys: pl.Series) -> list[Rewrite]:
    """The parts to write again (see the module text) for the hands of ``parts`` (the manifest's, as the build
    began) that the files of ``import_ids`` stored or whose ``keys`` were read again, given the run's ``heroes``."""
    files = {str(lake / part): part for part in parts["hands"]}
    ids = sorted(set(import_ids))
    if not files or not heroes or (not ids and keys.is_empty()):
        return []
    chosen = pl.col("import_id").is_in(pl.Series(ids, dtype=pl.Int32).implode()) | pl.col("hand_key").is_in(
        keys.cast(pl.Int64).implode())
    stored = (pl.scan_parquet(list(files), include_file_paths=PART).filter(chosen)
              .select("hand_key", "hero", PART).collect())
    if stored.is_empty():
        return []
    folders = {_folder(files[path]) for path in stored[PART].unique().to_list()}
    seat_parts = [str(lake / part) for part in parts["seats"] if _folder(part) in folders]
    seats = (pl.scan_parquet(seat_parts).select("hand_key", "player")
             .filter(pl.col("hand_key").is_in(stored["hand_key"].implode())).collect()) if seat_parts else \
        pl.DataFrame(schema={"hand_key": pl.Int64, "player": pl.String})
    named = with_heroes(stored.rename({"hero": "was"}), seats, heroes)
    changed = named.filter(pl.col("hero").ne_missing(pl.col("was")))
    jobs = []
    for (path,), rows in changed.group_by([PART], maintain_order=True):
        part = files[str(path)]
        fresh = f"{Path(part).parent}/part-{content_name(part, *heroes)}.parquet"
        jobs.append(Rewrite(part, fresh, rows.select("hand_key", "hero"), str(lake)))
    return jobs


def _folder(part: str) -> str:
    """A part's partition folder (``site=…/game=…/month=…``), the same in every table."""
    return str(Path(*Path(part).parts[1:-1]))


def rewrite_part(job: Rewrite) -> int:
    """Write ``job``'s part again as its fresh part, its changed hands with their new hero (whole or not at all:
    :func:`~.layout.write_part`); how many hands changed."""
    rows = pl.read_parquet(Path(job.out) / job.part)
    new = job.changed.select("hand_key", pl.col("hero").alias("_hero"), pl.lit(True).alias("_changed"))
    rows = rows.join(new, on="hand_key", how="left", maintain_order="left").with_columns(
        pl.when(pl.col("_changed")).then(pl.col("_hero")).otherwise(pl.col("hero")).alias("hero"))
    write_part(rows, "hands", Path(job.out) / job.fresh)
    return len(job.changed)
