"""Shared test fixtures: where the shared corpus lives."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The real logs in ../shared/corpus, read in place (never copied into the project)."""
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS} (it is beside the checkout in CI)")
    return CORPUS
