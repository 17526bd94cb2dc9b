"""The dashboard in Finnish and Swedish, as Chromium shows it: no English word left but names and codes, and
numbers and dates as the language writes them.

Every text a user reads is gathered (the page's text, the filters' options, the hover titles, the charts' titles,
axes, traces and categories) from the English page and the Finnish page of the same store, in the cash and the
tournament views; the words both hold must all be names of the data (players, sites, games, currencies, stakes,
positions, start cells, finding codes, tournament names), the trackers' abbreviations, or the commands and paths
the page quotes. CI sets SOKO_REQUIRE_BROWSER=1, so there a missing browser fails instead of skipping.
"""

from __future__ import annotations

import re

import pytest

from soko_analytics import api, i18n
from soko_analytics.stats import Filters
from soko_analytics.store.db import Store
from tests.browser import Browser

from .chromium import CHROMIUM, needs_chromium

pytestmark = needs_chromium

READY = "document.body.dataset.ready === '1'"
SEEN = """(function () {
  var out = [document.body.innerText];
  document.querySelectorAll("option, summary").forEach(function (e) { out.push(e.textContent); });
  document.querySelectorAll("[title], [placeholder]").forEach(function (e) { out.push(e.title || "", e.placeholder || ""); });
  var charts = window.dashboard.charts();
  Object.keys(charts).forEach(function (k) {
    var c = charts[k];
    out.push(c.title || "");
    [c.xaxis, c.yaxis].forEach(function (a) { if (a && a.title) out.push(a.title.text || ""); });
    c.traces.forEach(function (t) {
      out.push(t.name || "");
      [t.x, t.y].forEach(function (v) { (v || []).forEach(function (x) { if (typeof x === "string") out.push(x); }); });
    });
  });
  return out.join("\\n");
})()"""
"""Every text of the page a user reads, one per line."""
TOURNAMENTS = ("(function () { var s = document.getElementById('f-view'); s.value = 'tournaments'; "
               "s.dispatchEvent(new Event('change')); })()")
JARGON = {"vpip", "pfr", "af", "afq", "wtsd", "sd", "wwsf", "bet", "cbet", "hud", "itm", "roi", "bb", "utc", "all",
          "in", "hold", "em", "ante", "cap", "stud", "omaha"}
"""The trackers' abbreviations (VPIP, 3Bet, W$SD: PokerTracker's and Hold'em Manager's names, which Finnish and
Swedish players use as they are), all-in, hold'em, Omaha and stud (the games' names), ante and cap (the stakes'
own words, as the logs write them) and UTC."""
QUOTED = {"soko", "analytics", "report", "hand", "audit", "db", "file", "explain", "id", "stats", "name", "rules",
          "dashboard"}
"""The commands and paths the page quotes (``soko audit --db FILE --explain HAND_ID``, docs/rules.md) and the
program's name (soko_analytics)."""


@pytest.fixture(scope="module")
def browser():
    with Browser(CHROMIUM, timeout=60) as b:
        yield b


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def seen(browser, db, tmp_path, language: str, view: str = "cash") -> str:
    out = tmp_path / f"dashboard-{language}-{view}.html"
    i18n.use(language)
    api.report_dashboard(db, Filters(), out)
    i18n.use("en")
    page = browser.open(out, width=1280, height=900, ready=READY, timeout=60)
    assert page.evaluate("window.__reportErrors") == [] and page.console_errors == []
    if view == "tournaments":
        page.evaluate(TOURNAMENTS)
        page.wait_for("document.getElementById('t-view').style.display === ''")
    return page.evaluate(SEEN)


def words(text: str) -> set[str]:
    text = re.sub(r"\S*[/_]\S*|\S+\.md\b", " ", text)  # paths and files, stakes, finding codes, game codes
    text = re.sub(r"\b[2-9TJQKA][cdhs]\b", " ", text)  # cards
    text = re.sub(r"\b[2-9TJQKA]{2}[so]?\d*\b", " ", text)  # starts: the hold'em grid's cells (and their counts)
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


def names(db) -> set[str]:
    """The words of the store's own names: players, sites, games, currencies, stakes, positions, hand ids,
    tournaments, finding codes."""
    with Store(db, read_only=True) as store:
        frame = store.query("""
            SELECT DISTINCT unnest([player, game, profile, currency, stakes, position]) AS name FROM player_hands
            UNION SELECT DISTINCT unnest([site, hand_id, table_name, tournament_id, buy_in_currency]) FROM hands
            UNION SELECT DISTINCT code FROM findings""")
    return words(" ".join(str(v) for v in frame["name"].to_list() if v))


@pytest.mark.parametrize("view", ["cash", "tournaments"])
def test_the_finnish_dashboard_has_no_english_word_left(browser, corpus_store, tmp_path, view):
    english, finnish = seen(browser, corpus_store, tmp_path, "en", view), seen(browser, corpus_store, tmp_path, "fi", view)
    assert ("Pelaaja: tulokset" in finnish and "Panostaso" in finnish and "käteispelit" in finnish
            and ("Pelaaja: turnaukset" in finnish) == (view == "tournaments"))
    left = (words(english) & words(finnish)) - names(corpus_store) - JARGON - QUOTED
    assert left == set(), sorted(left)


def test_the_finnish_dashboard_writes_numbers_and_dates_as_finns_do(browser, demo_store, tmp_path):
    """The demo's hero (Aino, over a thousand hands) as a Finn reads it: a space between thousands, a comma before
    the decimals, a minus sign, the day before the month (the sessions' table)."""
    finnish = seen(browser, demo_store, tmp_path, "fi")
    english = seen(browser, demo_store, tmp_path, "en")
    hands = int(re.search(r"([\d,]+) of \1 hands match the filters", english).group(1).replace(",", ""))
    assert hands > 1000
    grouped = f"{hands // 1000}\u00a0{hands % 1000:03d}"
    assert f"{grouped}/{grouped} kädestä vastaa suodattimia" in finnish
    assert re.search(r"\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\t", english)  # the sessions' start, ISO in English
    assert re.search(r"\n\d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d\d\.\d\d\t", finnish)
    assert re.search(r"−\d+,\d\d EUR", finnish) and not re.search(r"-\d+\.\d\d EUR", finnish)
    assert re.search(r"-\d+\.\d\d EUR", english)
    assert "Pelaajan aloituskädet" in finnish and "kaksi paria" in finnish  # a start chart, a hand class
