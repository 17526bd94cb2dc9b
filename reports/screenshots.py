"""Screenshots of the demo dashboard, committed beside this file so that a reader sees the page without running
anything. Regenerate them (after a change to the dashboard) with:

    .venv/bin/python reports/screenshots.py

It runs ``soko demo`` into a temporary folder, opens its dashboard in headless Chromium
(``tests/browser.py``, network off) and saves, in ``reports/``: the top of the page (the hero's
results), the win-rate charts, the 13×13 starting-hand grid with the game filter on hold'em, the players
table sorted by VPIP, and the page on a 420-pixel-wide phone screen. Where the real logs are beside the checkout
(../shared/corpus, read in place), the dashboard of a store of them too (``corpus-*.png``).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from soko_analytics import api

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: tests/browser.py
from tests.browser import Browser  # noqa: E402

HERE = Path(__file__).resolve().parent
READY = "document.body.dataset.ready === '1'"


def scroll_to(page, selector: str) -> None:
    page.evaluate(f"document.querySelector({selector!r}).scrollIntoView({{block: 'start'}})")


def redraw(page, action) -> None:
    before = page.evaluate("+document.body.dataset.rendered")
    action()
    page.wait_for(f"+document.body.dataset.rendered > {before}")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="soko-shots-") as tmp:
        folder = Path(tmp)
        api.demo(folder / "soko-demo", reports=folder)
        board = folder / "dashboard.html"
        with Browser(timeout=120) as browser:
            page = browser.open(board, width=1280, height=1000, ready=READY)
            shots = [page.screenshot(HERE / "dashboard-results.png")]
            scroll_to(page, "#win-rate")
            shots.append(page.screenshot(HERE / "dashboard-win-rate.png"))
            redraw(page, lambda: page.select("#f-game", "holdem"))
            scroll_to(page, "#starting-hands")
            shots.append(page.screenshot(HERE / "dashboard-starting-hands.png"))
            page.click("#f-reset")
            page.select("#f-who", "everyone")
            scroll_to(page, "#players")
            page.click("#hud th[data-key='vpip']")
            scroll_to(page, "#players")
            shots.append(page.screenshot(HERE / "dashboard-players.png"))
            page.close()
            narrow = browser.open(board, width=420, height=900, ready=READY)
            shots.append(narrow.screenshot(HERE / "dashboard-phone.png"))
            shots += corpus_shots(browser, folder)
        for shot in shots:
            print(f"{shot.relative_to(HERE.parent)} ({shot.stat().st_size / 1e3:.0f} kB)")
    return 0


CORPUS = HERE.parent.parent / "shared" / "corpus"
"""The real logs (read in place, never copied), beside the checkout as the tests find them."""


def corpus_shots(browser, folder: Path) -> list[Path]:
    """The dashboard of a store of the real logs' folders (as tests/reports/conftest.py's ``corpus_store``):
    its top, win rates, players table, hand list, tournaments and a hand's replayer; none where the corpus is
    absent."""
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: the corpus-*.png screenshots are not made", file=sys.stderr)
        return []
    from soko_analytics.stats import Filters
    from soko_analytics.store.db import Store

    db = folder / "corpus.duckdb"
    with Store(db) as store:
        store.import_paths([CORPUS / "sites", CORPUS / "pokerstars"], jobs=2)
    board = folder / "corpus-dashboard.html"
    api.report_dashboard(db, Filters(), board)
    page = browser.open(board, width=1400, height=1000, ready=READY)
    shots = [page.screenshot(HERE / "corpus-results.png")]
    for anchor in ("win-rate", "players"):
        scroll_to(page, f"#{anchor}")
        shots.append(page.screenshot(HERE / f"corpus-{anchor}.png"))
    scroll_to(page, "#hands")
    shots.append(page.screenshot(HERE / "corpus-hands.png"))
    redraw(page, lambda: page.select("#f-view", "tournaments"))
    scroll_to(page, "#tournaments")
    shots.append(page.screenshot(HERE / "corpus-tournaments.png"))
    # a hand opened from the list: its replayer page, written beside the dashboard
    page.click("#hand-list tbody tr:not([hidden]) a")
    page.wait_for("document.querySelector('section.street') !== null")
    shots.append(page.screenshot(HERE / "corpus-replayer.png"))
    page.close()
    return shots


if __name__ == "__main__":
    sys.exit(main())
