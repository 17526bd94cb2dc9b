"""The lake: the store's tables as hive-partitioned Parquet, built from hand histories on a Dask cluster.

``soko lake build PATH... --out DIR`` (:func:`.build.build`) reads the files with the store's own reader in Dask
workers and writes the lake; every command that reads a store reads a lake by ``--db DIR``
(:mod:`soko_analytics.store.lake`). Dask is an optional extra (``pip install 'soko_analytics[dask]'``), imported by
:mod:`.cluster` alone. See docs/lake.md.
"""

from __future__ import annotations

from .build import LakeSummary, build
from .cluster import INSTALL, LakeError

__all__ = ["INSTALL", "LakeError", "LakeSummary", "build"]
