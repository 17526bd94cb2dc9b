"""Headless Chromium for the report tests, found once: its path, the mark that skips a test without it, and the
rule that CI (``SOKO_REQUIRE_BROWSER=1``, set by ``.ci/run``, which installs Debian's ``chromium``) fails instead."""

from __future__ import annotations

import os

import pytest

from tests.browser import find_chromium

CHROMIUM = find_chromium()
if CHROMIUM is None and os.environ.get("SOKO_REQUIRE_BROWSER"):
    raise RuntimeError("SOKO_REQUIRE_BROWSER is set but no chromium is on PATH (.ci/run installs it)")

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed (apt install chromium)")
"""The mark of a test that drives Chromium."""
