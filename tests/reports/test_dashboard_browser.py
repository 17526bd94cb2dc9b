"""The dashboard driven in headless Chromium through the DevTools protocol (tests/browser.py):
a filter is picked or typed as a user does, and what the page then draws is checked against the store's own
answers (SQL counts, ``player_stats``), for the demo store and a store of real logs. The million-hand store
is in test_dashboard_scale.py.

CI sets SOKO_REQUIRE_BROWSER=1, so there a missing browser fails instead of skipping.
"""

from __future__ import annotations

import re

import polars as pl
import pytest

from soko_analytics import api
from soko_analytics.stats import Filters, player_stats, tournament_results
from soko_analytics.store.db import Store
from tests.browser import Browser

from .chromium import CHROMIUM, needs_chromium

pytestmark = needs_chromium

READY = "document.body.dataset.ready === '1'"
CHARTS = "window.dashboard.charts()"
CURRENCY = re.compile(r"\((?:[A-Z]{2,4}|play|chips)\)")


@pytest.fixture(scope="module")
def browser():
    with Browser(CHROMIUM, timeout=60) as b:
        yield b


def open_dashboard(browser, db, tmp_path, filters=Filters(), width=1280):
    out = tmp_path / "dashboard.html"
    api.report_dashboard(db, filters, out)
    page = browser.open(out, width=width, height=900, ready=READY, timeout=60)
    assert page.evaluate("window.__reportErrors") == [] and page.console_errors == []
    return page


def redrawn(page, action) -> None:
    """Do ``action`` and wait until the page has drawn again."""
    before = page.evaluate("+document.body.dataset.rendered")
    action()
    page.wait_for(f"+document.body.dataset.rendered > {before}")


def hero_count(store, **filters) -> int:
    where, params = Filters(hero=True, **filters).where()
    return store.query(f"SELECT count(*) AS n FROM player_hands WHERE {where}", params)["n"][0]


def shown_count(page) -> int:
    return int(page.evaluate("document.getElementById('hero-count').textContent").replace(",", ""))


def test_the_hero_comes_first_and_filters_redraw_his_charts(browser, demo_store, tmp_path):
    page = open_dashboard(browser, demo_store, tmp_path)
    charts = page.evaluate("Array.from(document.querySelectorAll('.js-plotly-plot')).map(d => d.id)")
    assert charts[0] == "chart-winnings-0" and all(c.startswith("chart-") for c in charts) and len(charts) >= 8
    top = page.evaluate("document.querySelector('.js-plotly-plot').getBoundingClientRect().top")
    players = page.evaluate("document.getElementById('players').getBoundingClientRect().top")
    assert top < players
    with Store(demo_store, read_only=True) as store:
        assert shown_count(page) == hero_count(store)
        # the demo's sessions are cash games: no tournaments section and no link to one
        assert store.query("SELECT count(*) AS n FROM player_hands WHERE tournament")["n"][0] == 0
        assert page.evaluate("document.querySelector('#tournaments, a[href=\"#tournaments\"]') === null")
        # the game filter, picked as a user picks it: the count and the lines follow
        redrawn(page, lambda: page.select("#f-game", "holdem"))
        holdem = hero_count(store, game="holdem")
        assert shown_count(page) == holdem
        drawn = page.evaluate(CHARTS)
        lines = [c for k, c in drawn.items() if k.startswith("chart-winnings-")]
        assert sum(max(c["traces"][0]["x"]) for c in lines) == holdem  # by hands: each currency's last hand
        # then the position: the hero's hands on the button
        redrawn(page, lambda: page.select("#f-position", "BTN"))
        assert shown_count(page) == store.query(
            "SELECT count(*) AS n FROM player_hands p JOIN hands h USING (hand_key) WHERE p.player = h.hero "
            "AND p.game = 'holdem' AND p.position = 'BTN'")["n"][0]
        # Reset, a real click: everything again
        redrawn(page, lambda: page.click("#f-reset"))
        assert shown_count(page) == hero_count(store)
        # a date range of one day, set as the browser's date picker sets it (its value, then a change event)
        day = store.query("SELECT min(CAST(played_at AS DATE)) AS d FROM player_hands")["d"][0]
        for box in ("f-from", "f-to"):
            redrawn(page, lambda: page.evaluate(f"(e => {{ e.value = '{day.isoformat()}'; e.dispatchEvent("
                                                f"new Event('change', {{bubbles: true}})); }})"
                                                f"(document.getElementById('{box}'))"))
        assert shown_count(page) == hero_count(store, since=day, until=day)


def test_win_rate_by_stakes_is_the_stats_won_per_100(browser, demo_store, tmp_path):
    page = open_dashboard(browser, demo_store, tmp_path)
    bars = page.evaluate(CHARTS)["chart-stakes"]["traces"]
    drawn = {(x, t["name"]): y for t in bars for x, y in zip(t["x"], t["y"])}
    with Store(demo_store, read_only=True) as store:
        stats = player_stats(store, Filters(hero=True), by="stakes")
    assert len(drawn) == len(stats) >= 4
    for r in stats.to_dicts():
        assert drawn[(r["stakes"], f"{r['unit']}/100")] == pytest.approx(r["won_per_100"])


def test_the_summary_gives_won_per_100_per_game_never_summed_across_games(browser, demo_store, tmp_path):
    page = open_dashboard(browser, demo_store, tmp_path)
    cards = page.evaluate("Array.from(document.querySelectorAll('#summary .rate')).map(s => [s.dataset.game, "
                          "s.dataset.unit, +s.dataset.hands, s.textContent])")
    with Store(demo_store, read_only=True) as store:
        stats = player_stats(store, Filters(hero=True), by="game")
    assert len(cards) == len(stats) >= 4  # hold'em in two units (no limit's bb, fixed limit's big bets)
    shown = {(game, unit): (hands, text) for game, unit, hands, text in cards}
    for r in stats.to_dicts():
        hands, text = shown[(r["game"], r["unit"])]
        assert hands == r["hands"] and text.startswith(f"{r['game']}: {r['won_per_100']:.2f} {r['unit']}/100 (")


def test_the_players_table_is_the_stats(browser, demo_store, tmp_path):
    """One row per player, currency and unit (no cell mixes two), as player_stats has them; sorting a column
    orders it, the hero's rows first; the columns are the user's pick of the catalogue, kept for the next visit."""
    page = open_dashboard(browser, demo_store, tmp_path)
    page.evaluate("localStorage.clear()")
    with Store(demo_store, read_only=True) as store:
        redrawn(page, lambda: page.select("#f-game", "holdem"))
        rows = page.evaluate("window.dashboard.tableRows().map(p => [p.name, p.currency, p.unit, p.hands, p.vpip, "
                             "p.vpip_n, p.wsd_ci, p.won_per_100, p.net_won])")
        stats = player_stats(store, Filters(game="holdem"), by="game")
        hero = set(store.query("SELECT DISTINCT hero FROM hands WHERE hero IS NOT NULL")["hero"])
    expected = {(r["player"], r["currency"], r["unit"]): r for r in stats.to_dicts()}
    assert {tuple(r[:3]) for r in rows} == set(expected)
    assert len({r[2] for r in rows}) == 2  # no limit (bb) and fixed limit (big bets): rows apart
    for name, currency, unit, hands, vpip, n, ci, won, net in rows:
        r = expected[(name, currency, unit)]
        assert hands == r["hands"] and n == r["vpip_n"] and vpip == pytest.approx(r["vpip"])
        assert won == pytest.approx(r["won_per_100"]) and net * 10 ** r["decimals"] == pytest.approx(r["net_won"])
        assert ci == [pytest.approx(r["wsd_lo"]), pytest.approx(r["wsd_hi"])]
    # sorting by a click on a heading: the hero's rows first, then the column in order
    page.click("#hud th[data-key='won_per_100']")
    page.click("#hud th[data-key='won_per_100']")  # a second click: descending to ascending

    def column(key):
        heads = page.evaluate("Array.from(document.querySelectorAll('#hud th')).map(t => t.dataset.key)")
        cells = page.evaluate("Array.from(document.querySelectorAll('#hud tbody tr')).map(r => "
                              "[r.className, r.cells[0].textContent, Array.from(r.cells).map(c => c.textContent)])")
        return [(cls == "hero", name, values[heads.index(key)]) for cls, name, values in cells]

    shown = column("won_per_100")
    flags = [h for h, _, _ in shown]
    assert flags == sorted(flags, reverse=True) and any(flags) and {n.split(" ")[0] for h, n, _ in shown if h} <= hero
    values = [float(v) for h, _, v in shown if not h and v]
    assert len(values) > 5 and values == sorted(values)
    # a column picked from the catalogue: drawn, and there again after a reload
    assert "cbet_flop" not in page.evaluate("Array.from(document.querySelectorAll('#hud th')).map(t => t.dataset.key)")
    page.click("#f-columns summary")
    redrawn_table = page.evaluate("document.querySelector('#hud').innerHTML")
    page.click("#f-columns-list input[value='cbet_flop']")
    assert page.evaluate("document.querySelector('#hud').innerHTML") != redrawn_table
    page.click("#hud th[data-key='cbet_flop']")
    cbets = [float(v) for h, _, v in column("cbet_flop") if not h and v]
    assert len(cbets) > 5 and cbets == sorted(cbets, reverse=True)
    again = open_dashboard(browser, demo_store, tmp_path)
    assert "cbet_flop" in again.evaluate("Array.from(document.querySelectorAll('#hud th')).map(t => t.dataset.key)")
    again.evaluate("localStorage.clear()")
    # searching by typing
    page.type("#f-search", "ee")
    names = page.evaluate("Array.from(document.querySelectorAll('#hud tbody tr')).map(r => r.cells[0].textContent)")
    assert names and all("ee" in n.lower() for n in names)


def test_axes_name_their_currency_and_dates_have_no_sub_second_ticks(browser, corpus_store, tmp_path):
    page = open_dashboard(browser, corpus_store, tmp_path)
    for xaxis in ("hands", "date"):
        redrawn(page, lambda: page.select("#f-xaxis", xaxis))
        drawn = page.evaluate(CHARTS)
        for name, chart in drawn.items():
            if name.startswith(("chart-winnings-", "chart-luck-", "chart-sessions-", "chart-tournaments-")):
                assert CURRENCY.search(chart["yaxis"]["title"]["text"]), (name, chart["yaxis"]["title"])
        ticks = page.evaluate("Array.from(document.querySelectorAll('.js-plotly-plot')).filter(d => "
                              "d.layout.xaxis.type === 'date').map(d => Array.from(d.querySelectorAll('.xtick text'))"
                              ".map(t => t.textContent))")
        assert ticks and all(t for t in ticks)
        for labels in ticks:
            for label in labels:
                assert not re.search(r"\d\.\d|:\d\d\.\d", label), label
    # the chips of tournaments are never a winnings line
    titles = [c["title"] for k, c in page.evaluate(CHARTS).items() if k.startswith("chart-winnings-")]
    assert titles and not any("chips" in t for t in titles)


def test_the_tournaments_are_the_heros_results(browser, corpus_store, tmp_path):
    """The tournaments section against stats.tournament_results (tested against the logs' own finish and
    bounty lines in tests/stats/test_tournaments.py): its rows, ROI, ITM and profit lines, and its filters."""
    with Store(corpus_store, read_only=True) as store:
        expected = tournament_results(store, Filters(hero=True))
    assert expected.height > 20 and expected["profit"].is_not_null().sum() > 3
    page = open_dashboard(browser, corpus_store, tmp_path)
    assert page.evaluate("!!document.querySelector('nav a[href=\"#tournaments\"]') && "
                         "!!document.getElementById('tournaments')")
    # two views: cash games first (the hero's cash hands, no tournament section), then tournaments
    with Store(corpus_store, read_only=True) as store:
        where, params = Filters(hero=True).where()
        cash, tournament = store.query(f"SELECT count(*) FILTER (WHERE NOT tournament) AS c, count(*) FILTER (WHERE "
                                       f"tournament) AS t FROM player_hands WHERE {where}", params).row(0)
    assert cash > 100 and tournament > 100
    assert page.evaluate("document.getElementById('f-view').value") == "cash" and shown_count(page) == cash
    assert page.evaluate("document.getElementById('t-view').offsetHeight") == 0
    redrawn(page, lambda: page.click('nav a[href="#tournaments"]'))
    assert page.evaluate("document.getElementById('f-view').value") == "tournaments" and shown_count(page) == tournament
    assert page.evaluate("document.getElementById('t-view').offsetHeight") > 0
    # the tournaments table fits the page at 1,280 px (it was 1,460 px wide in a 1,200 px page)
    width, room = page.evaluate("(t => [t.scrollWidth, t.parentElement.clientWidth])"
                                "(document.querySelector('#t-table table'))")
    assert width <= room
    assert page.evaluate("window.dashboard.tournamentRows().length") == expected.height
    assert f"({expected.height} tournaments)" in page.evaluate("document.getElementById('t-table').innerText")
    # each currency's cumulative profit ends at the sum of the known profits, and its axis names the currency
    drawn = {c["yaxis"]["title"]["text"]: c for k, c in page.evaluate(CHARTS).items()
             if k.startswith("chart-tournaments-")}
    known = expected.filter(pl.col("profit").is_not_null() & pl.col("currency").is_not_null())
    sums = known.group_by("currency", "decimals").agg(pl.col("profit").sum())
    assert len(drawn) == sums.height
    for row in sums.iter_rows(named=True):
        chart = drawn[f"profit ({row['currency']})"]
        assert round(chart["traces"][0]["y"][-1] * 10 ** row["decimals"]) == row["profit"]
    # ITM and ROI of the dollar tournaments, worked from the rows
    usd = expected.filter(pl.col("currency") == "USD")
    finished = usd.filter(pl.col("place").is_not_null() & pl.col("prize").is_not_null())
    paid = usd.filter(pl.col("profit").is_not_null())
    summary = page.evaluate("document.getElementById('t-summary').innerText")
    assert f"in the money {(finished['prize'] > 0).sum()} of the {finished.height} " in summary
    assert f"ITM {100 * (finished['prize'] > 0).sum() / finished.height:.1f}%" in summary
    assert f"ROI {100 * paid['profit'].sum() / paid['cost'].sum():.1f}%" in summary
    # a PokerStars finish line of the hero's, read here from the stored log text: the page shows its place and prize
    won = usd.filter((pl.col("prize") > 0) & (pl.col("site") == "PokerStars")).row(0, named=True)
    with Store(corpus_store, read_only=True) as store:
        text = "\n".join(store.query("SELECT raw FROM hands WHERE site = ? AND tournament_id = ?",
                                     [won["site"], won["tournament_id"]])["raw"].to_list())
    said = re.search(re.escape(won["player"]) + r" finished the tournament in (\d+)\w\w place and received \$(\d+)\.(\d\d)",
                     text)
    assert said, won
    with_id = page.evaluate(f"window.dashboard.tournamentRows().filter(t => t.tournament_id === "
                            f"'{won['tournament_id']}' && t.site === '{won['site']}')")
    assert [(t["place"], t["prize"]) for t in with_id] == [(int(said[1]), int(said[2]) * 100 + int(said[3]))]
    # the page's filters: a currency (the buy-in's), a game (any of a mixed tournament's), a day
    redrawn(page, lambda: page.select("#f-currency", "EUR"))
    assert page.evaluate("window.dashboard.tournamentRows().length") == expected.filter(
        pl.col("currency") == "EUR").height > 0
    redrawn(page, lambda: page.click("#f-reset"))
    redrawn(page, lambda: page.select("#f-game", "razz"))
    assert page.evaluate("window.dashboard.tournamentRows().length") == expected.filter(
        pl.col("game").str.split("+").list.contains("razz")).height > 0
    redrawn(page, lambda: page.click("#f-reset"))
    day = won["last_played_at"].date()
    for box in ("f-from", "f-to"):
        redrawn(page, lambda: page.evaluate(f"(e => {{ e.value = '{day.isoformat()}'; e.dispatchEvent("
                                            f"new Event('change', {{bubbles: true}})); }})"
                                            f"(document.getElementById('{box}'))"))
    on_day = expected.filter((pl.col("first_played_at").dt.date() <= day) & (pl.col("last_played_at").dt.date() >= day))
    assert page.evaluate("window.dashboard.tournamentRows().length") == on_day.height > 0


def test_a_lone_hand_gets_whole_ticks(browser, corpus_store, tmp_path):
    with Store(corpus_store, read_only=True) as store:
        one = store.query("SELECT p.currency FROM player_hands p JOIN hands h USING (hand_key) WHERE p.player = h.hero "
                          "AND p.currency IS NOT NULL GROUP BY p.currency HAVING count(*) = 1 LIMIT 1")
    if one.is_empty():
        pytest.skip("every currency of the store has several hands of the hero")
    page = open_dashboard(browser, corpus_store, tmp_path)
    redrawn(page, lambda: page.select("#f-currency", one["currency"][0]))
    labels = page.evaluate("Array.from(document.querySelectorAll('#chart-winnings-0 .xtick text')).map(t => t.textContent)")
    assert labels and all(re.fullmatch(r"\d+", label) for label in labels), labels


def test_a_narrow_window_keeps_the_filters_usable(browser, demo_store, tmp_path):
    page = open_dashboard(browser, demo_store, tmp_path, width=420)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 440, width
    redrawn(page, lambda: page.select("#f-game", "stud7"))
    with Store(demo_store, read_only=True) as store:
        assert shown_count(page) == hero_count(store, game="stud7")
    # a section reached from the page's links is not hidden under the filters (they scroll away on a phone)
    page.click('nav a[href="#players"]')
    page.wait_for("document.getElementById('players').getBoundingClientRect().top < 50")
    top = page.evaluate("document.getElementById('players').getBoundingClientRect().top")
    bar = page.evaluate("document.getElementById('filters').getBoundingClientRect().bottom")
    assert top > -2 and bar <= top + 1  # (sub-pixel scrolling: a heading may stand a fraction above 0)




def big_blind(stakes: str) -> float:
    """The big blind a stakes text names: the second number of its ``small/big`` (``0.25/0.50 cap 10.00 USD``)."""
    m = re.match(r"([0-9.]+|\?)/([0-9.]+)", stakes)  # "?/0.25 ante 0.25 USD": the small blind unknown
    assert m, stakes
    return float(m.group(2))


def test_stakes_are_cash_games_in_order_of_size_the_top_ones_and_the_others(browser, corpus_store, tmp_path):
    """The real logs' hero plays 52 cash stakes and 99 tournament levels: the stakes chart and filter show cash
    stakes only, smallest big blind first, at most 15 bars and one bar for the others; the chart's height stays
    bounded; the month chart's labels are whole months inside the chart."""
    where, params = Filters(hero=True).where()
    with Store(corpus_store, read_only=True) as store:
        cash = store.query(f"SELECT stakes, count(*) AS n FROM player_hands WHERE {where} AND NOT tournament "
                           "GROUP BY stakes", params)
        levels = set(store.query(f"SELECT DISTINCT stakes FROM player_hands WHERE {where} AND tournament",
                                 params)["stakes"]) - set(cash["stakes"])
        every = store.query("SELECT tournament, list(DISTINCT stakes) AS s FROM player_hands GROUP BY ALL")
        every_cash = set(every.filter(~pl.col("tournament"))["s"][0])
    hands = dict(cash.iter_rows())
    assert len(hands) > 16 and levels
    page = open_dashboard(browser, corpus_store, tmp_path)
    chart = page.evaluate("(d => ({y: d.data.flatMap(t => t.y), order: d.layout.yaxis.categoryarray, height: "
                          "d.layout.height, box: d.getBoundingClientRect().height}))(document.getElementById('chart-stakes'))")
    drawn = chart["order"]  # horizontal bars: the stakes are the y values, in this order from the top
    assert set(chart["y"]) == set(drawn)
    other = f"other ({len(hands) - 15} stakes)"
    assert len(drawn) == 16 and drawn[-1] == other
    shown = drawn[:-1]
    assert not set(shown) & levels and set(shown) <= set(hands)
    assert [big_blind(s) for s in shown] == sorted(big_blind(s) for s in shown)
    assert min(hands[s] for s in shown) >= max(n for s, n in hands.items() if s not in shown)
    assert chart["height"] <= 900 and chart["box"] <= 900
    options = page.evaluate("Array.from(document.querySelectorAll('#f-stakes option')).slice(1).map(o => o.value)")
    assert set(options) == every_cash  # everyone's cash stakes (the players table's filter too), no level
    assert [big_blind(s) for s in options] == sorted(big_blind(s) for s in options)
    labels = page.evaluate("(d => Array.from(d.querySelectorAll('.xtick text')).map(t => [t.textContent, "
                           "t.getBoundingClientRect().bottom <= d.getBoundingClientRect().bottom]))"
                           "(document.getElementById('chart-month'))")
    assert labels and all(re.fullmatch(r"\d{4}-\d{2}", text) and inside for text, inside in labels), labels


BOVADA = ("Bovada", "Ignition", "Bodog")
"""The names Bovada's logs go by (their seat labels, ``UTG+2 #4328077653``, stand for no one across hands)."""


def test_anonymous_seats_are_one_row_and_no_player(browser, corpus_store, tmp_path):
    """Bovada's seat labels (a name with the hand's number, on Bovada, Ignition or Bodog) are one row of the
    players table, counted apart from the players (the cash games' view, the page's first)."""
    with Store(corpus_store, read_only=True) as store:
        seats = store.query(f"""
            SELECT count(DISTINCT player) FILTER (WHERE NOT seat) AS named, count(DISTINCT player) FILTER (WHERE seat)
                   AS labels, count(*) FILTER (WHERE seat) AS seat_hands
            FROM (SELECT player, player LIKE '% #%' AND hand_key IN (SELECT hand_key FROM hands WHERE site IN
                  {BOVADA}) AS seat FROM player_hands WHERE NOT tournament)""").row(0, named=True)
    assert seats["labels"] > 400 and seats["named"] > 100
    page = open_dashboard(browser, corpus_store, tmp_path)
    rows = page.evaluate("window.dashboard.tableRows().map(p => [p.name, p.hands, p.anonymous])")
    count = page.evaluate("document.querySelector('#hud .count').textContent")
    assert count == f"{len(rows):,} rows: {seats['named']:,} players and the anonymous seats of 1 site"
    anonymous = [r for r in rows if r[2]]
    assert len({r[0] for r in rows}) == seats["named"] + 1 and not any("#" in r[0] for r in rows)
    assert {name for name, _, _ in anonymous} == {"anonymous seats (Bovada, Ignition, Bodog)"}
    assert sum(hands for _, hands, _ in anonymous) == seats["seat_hands"]


def test_starting_hand_and_session_bars_are_green_when_won_and_red_when_lost(browser, demo_store, tmp_path):
    """The bar charts of starts (Omaha, stud, Sökö): each bar's colour is its sign's (the grid's green and red)."""
    page = open_dashboard(browser, demo_store, tmp_path)
    bars = page.evaluate("Array.from(document.querySelectorAll('#starts .js-plotly-plot')).filter(d => d.data[0].type "
                         "=== 'bar').map(d => [d.layout.title.text, d.data[0].x, d.data[0].marker.color])")
    assert any("Sökö" in title or "soko" in title.lower() for title, _, _ in bars), [b[0] for b in bars]
    values = [(x, c) for _, xs, colours in bars for x, c in zip(xs, colours)]
    assert any(x < 0 for x, _ in values) and any(x > 0 for x, _ in values)
    assert all(c == ("#c0392b" if x < 0 else "#1e8449") for x, c in values)
    # and each session's bar: won green, lost red, whatever its currency
    sessions = page.evaluate("Array.from(document.querySelectorAll('[id^=chart-sessions-]')).map(d => "
                             "[d.data[0].y, d.data[0].marker.color])")
    won = [(y, c) for ys, colours in sessions for y, c in zip(ys, colours)]
    assert won  # (the old bars took their currency's colour: blue for the first)
    assert all(c == ("#c0392b" if y < 0 else "#1e8449") for y, c in won)
