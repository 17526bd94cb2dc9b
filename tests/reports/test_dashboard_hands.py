"""The dashboard's hand list on a store of the real corpus folders, in headless Chromium: the hero's hands (the
latest, at most :data:`LIMIT`), kept or hidden by the page's filters as the store says each hand is, sortable, each
opening its replayer page beside the dashboard; a hand opened from the list shows the streets its log names and
the stacks the rules give, which are those of fpdb's sidecar (``.hp``: each player's stack at the start and
profit, in cents) for the first hand of a PokerStars log.

CI sets SOKO_REQUIRE_BROWSER=1, so there a missing browser fails instead of skipping.
"""

from __future__ import annotations

import ast
import re

import pytest

from soko_analytics import api
from soko_analytics.reports.hand_list import LIMIT
from soko_analytics.stats import Filters
from soko_analytics.store.db import Store
from tests.browser import Browser

from .chromium import CHROMIUM, needs_chromium

pytestmark = needs_chromium

READY = "document.body.dataset.ready === '1'"
ROWS = ("Array.from(document.querySelectorAll('#hand-list tbody tr')).map(r => ({id: r.cells[1].textContent, "
        "game: r.cells[2].textContent, hidden: r.hidden, net: Number(r.cells[8].dataset.v)}))")


@pytest.fixture(scope="module")
def browser():
    with Browser(CHROMIUM, timeout=60) as b:
        yield b


def open_dashboard(browser, db, folder, filters=Filters()):
    out = folder / "dashboard.html"
    written = api.report_dashboard(db, filters, out)
    page = browser.open(out, width=1280, height=900, ready=READY, timeout=60)
    assert page.evaluate("window.__reportErrors") == [] and page.console_errors == []
    return page, written


def choose(page, select: str, value: str) -> None:
    """Pick ``value`` in the filter ``select`` as a user does, and wait for the page to draw again."""
    before = page.evaluate("+document.body.dataset.rendered")
    page.evaluate(f"(s => {{ s.value = {value!r}; s.dispatchEvent(new Event('change')); }})"
                  f"(document.getElementById({select!r}))")
    page.wait_for(f"+document.body.dataset.rendered > {before}")


def test_the_hand_list_is_the_heros_hands_and_the_filters_keep_what_the_store_says(browser, corpus_store, tmp_path):
    where, params = Filters(hero=True).where()
    with Store(corpus_store, read_only=True) as store:
        hero_rows = store.query(f"SELECT count(*) AS n FROM player_hands WHERE {where}", params)["n"][0]
        play = store.query(f"SELECT count(*) AS n FROM player_hands WHERE {where} AND NOT tournament AND currency "
                           "IS NULL", params)["n"][0]
        kinds = store.query(f"SELECT DISTINCT h.hand_id, ph.tournament, ph.game FROM (SELECT * FROM player_hands "
                            f"WHERE {where}) ph JOIN hands h USING (hand_key)", params)
    kind_of: dict[str, set[tuple[bool, str]]] = {}
    for hand_id, tournament, game in kinds.iter_rows():
        kind_of.setdefault(hand_id, set()).add((tournament, game))
    page, written = open_dashboard(browser, corpus_store, tmp_path)
    rows = page.evaluate(ROWS)
    assert hero_rows > LIMIT and len(rows) == LIMIT
    assert all(len(kind_of[r["id"]]) == 1 for r in rows)  # no id of two kinds among the hero's hands
    kind = {r["id"]: next(iter(kind_of[r["id"]])) for r in rows}
    # the page opens on the cash games: the tournaments' hands are hidden, and the count says how many are shown
    cash = [r for r in rows if not kind[r["id"]][0]]
    assert 0 < len(cash) < len(rows) and [r for r in rows if not r["hidden"]] == cash
    assert page.evaluate("document.getElementById('hand-count').textContent") == f"{len(cash):,} of {LIMIT:,} hands"
    cards = "Array.from(document.querySelectorAll('#summary .cur')).map(e => e.textContent)"
    assert play and "play chips (no currency)" in page.evaluate(cards)  # cash games without a currency
    assert "tournament chips" not in page.evaluate(cards)
    choose(page, "f-view", "tournaments")
    assert "tournament chips" in page.evaluate(cards)
    rows = page.evaluate(ROWS)
    assert all(r["hidden"] == (not kind[r["id"]][0]) for r in rows)
    game = max({g for t, g in kind.values() if t}, key=lambda g: sum(kind[r["id"]] == (True, g) for r in rows))
    choose(page, "f-game", game)
    rows = page.evaluate(ROWS)
    kept = [r["id"] for r in rows if not r["hidden"]]
    assert kept and kept == [r["id"] for r in rows if kind[r["id"]] == (True, game)]
    # a click on the result's heading sorts the rows by it; on the time's, by the time (not by its text's year)
    page.click("#hand-list th:nth-child(9)")
    nets = [r["net"] for r in page.evaluate(ROWS)]
    assert nets == sorted(nets)
    page.click("#hand-list th:nth-child(1)")
    times = page.evaluate("Array.from(document.querySelectorAll('#hand-list tbody tr')).map(r => r.cells[0]"
                          ".textContent)")
    assert times == sorted(times) and len(set(t[:10] for t in times)) > 20
    # each hand and each hand the audit table names opens its replayer page beside the dashboard
    links = page.evaluate("Array.from(document.querySelectorAll('#hand-list a, #audit ~ div a'))"
                          ".map(a => a.getAttribute('href'))")
    audit_links = page.evaluate("document.querySelectorAll('#audit ~ div a').length")
    assert len(links) == LIMIT + audit_links and audit_links > 0
    assert all((tmp_path / href).is_file() for href in links)
    assert written["replayers"] == len(set(links))


SIDECAR = "cash/Flop/NLHE-FR-USD-0.01-0.02-201004.4betPF.txt"
"""A PokerStars log whose first hand fpdb worked out (its ``.hp``): a 4-bet pot to a showdown on the river."""


def test_a_hand_opened_from_the_list_shows_its_streets_and_the_stacks_the_rules_give(browser, corpus_store, corpus,
                                                                                     tmp_path):
    log = corpus / "pokerstars" / SIDECAR
    text = log.read_text(encoding="utf-8")
    first = text.split("\n\n\n")[0]
    hand_id = re.match(r"PokerStars Game #(\d+):", first)[1]
    streets = re.findall(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\*", first, re.M)
    fpdb = ast.literal_eval(log.with_name(log.name + ".hp").read_text(encoding="utf-8"))
    dollars = {str(p): f"${(v['startCash'] + v['totalProfit']) / 100:.2f}" for p, v in fpdb.items()}
    page, _ = open_dashboard(browser, corpus_store, tmp_path, Filters(site="PokerStars", stakes="0.01/0.02 USD"))
    page.click(f"#hand-list a[href$='-{hand_id}.html']")
    page.wait_for("document.querySelector('section.street') !== null")
    shown = page.evaluate("Array.from(document.querySelectorAll('section.street')).map(s => s.dataset.street)")
    assert [s for s in shown if s.upper() in streets] == streets and shown[-1] == "showdown"
    end = page.evaluate("Array.from(document.querySelectorAll('#end ~ table tbody tr'))"
                        ".map(r => Array.from(r.cells).map(c => c.textContent))")
    assert {row[0]: row[2] for row in end} == dollars  # by the rules: fpdb's stack at the start plus its profit
    assert page.console_errors == []
    page.click("p.noprint a")  # back to the list it was opened from
    page.wait_for(READY)
    assert page.evaluate("location.pathname.endsWith('/dashboard.html') && location.hash === '#hands'")
