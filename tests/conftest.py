"""Shared test fixtures: where the shared corpus lives."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

# Bytecode caches written even where the environment forbids them (PYTHONDONTWRITEBYTECODE=1, as on the CI
# machines): each xdist worker, each CLI run in a subprocess and each worker process of an import would otherwise
# compile the package and the rewritten test modules from source again. This file is loaded before the workers start,
# so they and every process the tests start inherit it.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# English unless a test asks for another language (a developer's LANG=fi_FI.UTF-8 would otherwise change every
# output the tests read); soko_analytics.i18n's tests pass the environment they mean.
os.environ["SOKO_LANG"] = "en"

SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus"
SOKO_FORMAT = SHARED / "formats" / "soko-text.md"


def require_corpus() -> Path:
    """The real logs in ../shared/corpus; a skip where the folder is absent, but a failure when
    SOKO_REQUIRE_CORPUS=1 (as CI sets it), so that no corpus test can skip silently there."""
    if not CORPUS.is_dir():
        message = f"the shared corpus is not at {CORPUS} (it is beside the checkout in CI)"
        if os.environ.get("SOKO_REQUIRE_CORPUS") == "1":
            pytest.fail(message + "; SOKO_REQUIRE_CORPUS=1 forbids skipping")
        pytest.skip(message)
    return CORPUS


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The real logs in ../shared/corpus, read in place (never copied into the project)."""
    return require_corpus()


def soko_example_text() -> str:
    """The worked example hand of formats/soko-text.md ('A complete example'), as written there."""
    if not SOKO_FORMAT.is_file():
        require_corpus()  # ../shared is absent: skip, or fail under SOKO_REQUIRE_CORPUS=1
        pytest.fail(f"the format page is not at {SOKO_FORMAT}")
    page = SOKO_FORMAT.read_text(encoding="utf-8")
    m = re.search(r"^## A complete example.*?^```\n(.*?)^```", page, re.S | re.M)
    assert m, "formats/soko-text.md has no fenced example under '## A complete example'"
    return m.group(1)


@pytest.fixture(scope="session")
def soko_example() -> str:
    """The worked example hand's text."""
    return soko_example_text()


@pytest.fixture()
def soko_example_file(tmp_path, soko_example) -> Path:
    """The worked example hand in a file of its own."""
    path = tmp_path / "example.txt"
    path.write_text(soko_example, encoding="utf-8")
    return path
