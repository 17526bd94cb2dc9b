"""The dashboard of a 1,000,000-hand store, built as bench/report.py builds it (a simulated seed replicated in
DuckDB, with the hero in ~92% of the hands), opened in headless Chromium and filtered there.

How fast it is written and drawn is measured by ``python bench/report.py`` (figures in docs/reports.md), not
here; this test checks that such a page is under 10 MB, draws, and that its filters give the store's counts.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rich.console import Console

from soko_analytics import api
from soko_analytics.stats import Filters
from soko_analytics.store.db import Store
from tests.browser import Browser

from .chromium import CHROMIUM, needs_chromium
from .test_dashboard_browser import READY, hero_count, redrawn, shown_count

pytestmark = [pytest.mark.slow,
              needs_chromium]

BENCH = Path(__file__).resolve().parents[2] / "bench"
HANDS = 1_000_000


@pytest.fixture(scope="module")
def million(tmp_path_factory):
    sys.path.insert(0, str(BENCH))
    try:
        from report import owners
        from stats import build_seed, scale
    finally:
        sys.path.remove(str(BENCH))
    folder = tmp_path_factory.mktemp("million")
    seed = build_seed(folder, 2000, Console(quiet=True))
    db = folder / "store.duckdb"
    scale(seed, db, HANDS, 1000)
    owners(db, HANDS)
    return db


def test_a_million_hands_make_a_page_that_draws_and_filters(million, tmp_path):
    out = tmp_path / "dashboard.html"
    written = api.report_dashboard(million, Filters(), out)
    assert written["bytes"] < 10_000_000
    with Store(million, read_only=True) as store, Browser(CHROMIUM, timeout=120) as browser:
        assert store.query("SELECT count(DISTINCT hand_key) AS n FROM player_hands")["n"][0] == HANDS
        page = browser.open(out, width=1280, height=900, ready=READY, timeout=120)
        assert page.evaluate("window.__reportErrors") == [] and page.console_errors == []
        assert shown_count(page) == hero_count(store) > 900_000
        first = page.evaluate("document.querySelector('.js-plotly-plot').id")
        assert first == "chart-winnings-0"
        redrawn(page, lambda: page.select("#f-game", "stud7"))
        assert shown_count(page) == hero_count(store, game="stud7")
        page.select("#f-who", "everyone")
        players = page.evaluate("window.dashboard.tableRows().length")
        assert players == store.query("SELECT count(DISTINCT player) AS n FROM player_hands WHERE game = 'stud7'")["n"][0]
        lines = page.evaluate("window.dashboard.charts()['chart-winnings-0'].traces[0].x.length")
        assert lines <= 2002  # thinned to about 2,000 points a line
