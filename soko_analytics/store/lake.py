"""A lake read as a store: the store's tables as Parquet in a folder, queried through DuckDB in memory.

``soko lake build`` (:mod:`soko_analytics.lake`) writes the store's tables as Parquet parts under a folder,
hive-partitioned (``hands/site=…/game=…/month=…/part-….parquet``), and a manifest in the folder's root
(:data:`MANIFEST`) that lists the files built and every part to read. :class:`LakeStore` opens such a folder
read-only as a :class:`~.db.Store`: an in-memory DuckDB connection with a view per table over the parts the
manifest lists (a part it does not list, left by a build killed midway, is never read), so the store's query
code (stats, audit, report, export, quarantine) runs on it unchanged. What a lake does not hold as Parquet:

- ``player_days``: a view of its sums over ``player_hands`` (:func:`.facts.rollup_sql`, the import's own sums);
- ``imports``: a table made from the manifest's files;
- ``schema_version``: the store's latest, the one whose columns the lake's parts have.

The manifest is the one definition of the lake's layout: the builder writes it through :class:`Manifest`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import polars as pl

from ..errors import StoreError, phrase
from .duck import registered, sql_text
from .facts import rollup_sql
from .parts import Parts
from .rows import SCHEMAS
from .writing import HAND_TABLES

MANIFEST = "soko_lake.json"
"""The lake's manifest, in its root folder: what makes a folder a lake."""
LAKE_VERSION = 1
"""The manifest's own layout version."""
LAKE_TABLES = (*HAND_TABLES, "quarantine")
"""The tables a lake holds as Parquet parts."""


def is_lake(path: str | Path) -> bool:
    """Whether ``path`` is a lake's folder (it holds a :data:`MANIFEST`)."""
    return Path(path).is_dir() and (Path(path) / MANIFEST).is_file()


@dataclass
class Manifest:
    """What a lake holds: the files built into it (one record each, the columns of ``imports``), the parts of each
    table (paths relative to the lake's folder), the next import id and the runs so far."""

    files: list[dict[str, Any]] = field(default_factory=list)
    parts: dict[str, list[str]] = field(default_factory=lambda: {t: [] for t in LAKE_TABLES})
    next_import_id: int = 1
    runs: int = 0
    schema: int = 0

    @classmethod
    def load(cls, folder: Path) -> Manifest:
        """The manifest of the lake at ``folder`` (an empty one where there is none yet)."""
        path = folder / MANIFEST
        if not path.exists():
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("lake") != LAKE_VERSION:
                raise StoreError(phrase("the lake's manifest is of layout {layout!r}; this soko_analytics reads "
                                        "layout {latest}", layout=data.get("lake"), latest=LAKE_VERSION),
                                 path=str(path))
            parts = {t: list(data["parts"].get(t, [])) for t in LAKE_TABLES}
            return cls(list(data["files"]), parts, int(data["next_import_id"]), int(data["runs"]),
                       int(data.get("schema", 0)))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
            raise StoreError(phrase("cannot read the lake's manifest: {error}", error=str(err)),
                             path=str(path)) from None

    def save(self, folder: Path) -> None:
        """Write the manifest whole: to a temporary name, then renamed over the old one (a build killed while
        writing it leaves the old one)."""
        path = folder / MANIFEST
        temporary = folder / f".{MANIFEST}.tmp"
        data = {"lake": LAKE_VERSION, "schema": self.schema, "next_import_id": self.next_import_id,
                "runs": self.runs, "files": self.files, "parts": self.parts}
        try:
            with open(temporary, "w", encoding="utf-8") as f:
                json.dump(data, f, default=str)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temporary, path)
        except OSError as err:
            raise StoreError(phrase("cannot write the lake's manifest: {error}", error=str(err.strerror or err)),
                             path=str(path)) from None

    def imports(self) -> pl.DataFrame:
        """The files built, as the ``imports`` table's rows."""
        schema = SCHEMAS["imports"]
        rows = [{name: _typed(record.get(name), kind) for name, kind in schema.items()} for record in self.files]
        return pl.DataFrame(rows, schema=schema, orient="row") if rows else pl.DataFrame(schema=schema)


def _typed(value: Any, kind: object) -> Any:
    if value is not None and kind == pl.Datetime("us") and isinstance(value, str):
        return datetime.fromisoformat(value)
    return value


class LakeStore:
    """Mixed into :class:`~.db.Store` (as ``db.Lake``): the lake at ``path`` opened read-only (see the module
    text)."""

    path: str
    con: duckdb.DuckDBPyConnection
    parts: Parts
    parted: bool

    def _open_lake(self, path: str | Path, memory_limit: str) -> None:
        from .db import CONFIG, LATEST  # the store's settings and schema; db imports this module first

        folder = Path(path)
        self.path = str(path)
        self.manifest = Manifest.load(folder)
        if self.manifest.schema != LATEST:
            raise StoreError(phrase("the lake was built by another soko_analytics (store schema {schema}; this one "
                                    "reads {latest}): build it again with soko lake build",
                                    schema=self.manifest.schema, latest=LATEST), path=self.path)
        self.con = duckdb.connect(config=CONFIG)
        self.parts = Parts(self.con, str(folder / MANIFEST))
        self.parted = False  # no store parts: Store.query reads no parts table
        try:
            self.con.execute(f"SET memory_limit = '{memory_limit}'")
            self.con.execute(f"SET file_search_path = {sql_text(str(folder.resolve()))}")
            for table in LAKE_TABLES:
                self._view(table, self.manifest.parts.get(table, []))
            self.con.execute(f"CREATE VIEW player_days AS {rollup_sql('player_hands')}")
            with registered(self.con, "manifest_files", self.manifest.imports().to_arrow()):
                self.con.execute("CREATE TABLE imports AS SELECT * FROM manifest_files")
            self.con.execute("CREATE TABLE schema_version (version INTEGER)")
            self.con.execute("INSERT INTO schema_version VALUES (?)", [LATEST])
        except BaseException:
            self.con.close()
            raise

    def _view(self, table: str, files: list[str]) -> None:
        """``table`` as a view of its parts' columns (the parts of the per-hand tables also carry the file's
        ``import_id``), or an empty table of its columns where it has no part."""
        columns = ", ".join(f'"{name}"' for name in SCHEMAS[table])
        if not files:
            with registered(self.con, "no_rows", pl.DataFrame(schema=SCHEMAS[table]).to_arrow()):
                self.con.execute(f"CREATE TABLE {table} AS SELECT {columns} FROM no_rows")
            return
        listed = ", ".join(map(sql_text, files))
        self.con.execute(f"CREATE VIEW {table} AS SELECT {columns} FROM read_parquet([{listed}], "
                         "hive_partitioning = false, union_by_name = true)")
