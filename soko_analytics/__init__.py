"""soko_analytics: hand-history analysis for Sökö, Texas Hold'em and Seven Card Stud."""

__version__ = "0.1.0"


def open(path: str = "soko.duckdb"):  # noqa: A001 - the public name the API promises
    """Open (or create) a store: ``soko_analytics.open("soko.duckdb").hands()`` is a Polars DataFrame."""
    from .store.db import Store

    return Store(path)
