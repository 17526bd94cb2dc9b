"""The player-stat dashboard: one self-contained HTML file that filters and draws itself.

The hero comes first: a summary per currency, the cumulative winnings (net in green, showdown in
blue, non-showdown in red, all-in adjusted in orange, the trackers' convention) per currency by
hands or by date, all-in luck, won per 100 hands by position (table order), stakes, month and the
result of each session, the starting-hand grid (13×13 for hold'em; groups for Omaha, three-card starts
for stud, the first up card for Sökö), the hands shown down beside their theoretical frequencies. Then
the hero's tournaments (buy-in, finish, prize, bounties, profit; ROI and ITM per currency, profit over time), a
HUD-style table of the opponents (sortable, paged, searchable, each percentage shaded by its sample and its 95%
interval on hover), and the audit of the hands.

The filter bar (game, stakes, currency, dates, position, table size, hero or opponents, minimum
hands, player search) works in the page: it filters the data embedded by :mod:`.dashboard_data` and
redraws with the page's script (``dashboard.js`` and ``tournaments.js``, package data) and plotly.js,
both embedded once. No server and no network are needed.
"""

from __future__ import annotations

import json
from importlib.resources import files

import polars as pl

from ..model.counts import plural
from ..stats import Filters, findings_summary
from ..store.db import Store
from .dashboard_data import focus, payload
from .hand_list import hand_list_section, hand_rows, replayer_href
from .page import HIDDEN, HIDDEN_JSON, esc, page, table

__all__ = ["dashboard"]

FILTERS = """
<form id="filters" class="filters noprint" onsubmit="return false">
  <label>View <select id="f-view"><option value="cash">cash games</option>
  <option value="tournaments">tournaments</option></select></label>
  <label>Game <select id="f-game"></select></label>
  <label>Stakes <select id="f-stakes"></select></label>
  <label>Currency <select id="f-currency"></select></label>
  <label>From <input id="f-from" type="date"></label>
  <label>To <input id="f-to" type="date"></label>
  <label>Position <select id="f-position"></select></label>
  <label>Table <select id="f-size"></select></label>
  <label>Winnings by <select id="f-xaxis"><option value="hands">hands</option><option value="date">date</option>
  </select></label>
  <button id="f-reset" type="button">Reset</button>
</form>
"""

SECTIONS = (("results", "results"), ("win-rate", "win rate"), ("starting-hands", "starting hands"),
            ("shown-down", "shown down"), ("hero-sessions", "sessions"), ("tournaments", "tournaments"),
            ("players", "players"), ("hands", "hands"), ("audit", "audit"))
"""The page's sections (id, link text) in order; tournaments only where the hero played one."""

SCRIPTS = ("dashboard.js", "tournaments.js")
"""The page's script (package data), in one strict-mode function whose names they share."""

TOURNAMENTS = """<div id="t-view"><h2 id="tournaments">Hero: tournaments</h2>
<p>Each tournament of the hero: the buy-in, bounty and fee of its header, the place and prize of the finish line
the logs hold (none where they end before the hero's finish), the bounties won, and the profit (prize and
bounties less the entry, in the buy-in's currency, and in buy-ins: the profit over the entry; re-entries and add-ons
are not in the logs). ITM and ROI count only the tournaments whose result the logs hold. Chips are never added
across tournaments. The game, currency (a buy-in's; chips keeps them all) and date filters apply.</p>
<div id="t-summary" class="cards-row"></div><div id="t-lines"></div><div id="t-table"></div></div>"""

TABLE_FILTERS = """
<form class="filters noprint" onsubmit="return false">
  <label>Players <select id="f-who"><option value="everyone">everyone (the hero first)</option>
    <option value="opponents">opponents</option><option value="hero">hero</option></select></label>
  <label>Min hands <input id="f-min" type="number" min="0" step="1" style="width:6em"></label>
  <label>Search <input id="f-search" type="search" placeholder="player name"></label>
  <details id="f-columns"><summary>Columns</summary><div id="f-columns-list"></div></details>
</form>
"""

CSS = """
.filters { display: flex; flex-wrap: wrap; gap: .4rem .9rem; align-items: center; background: #f4f4f6;
           border: 1px solid #ddd; border-radius: 4px; padding: .45rem .7rem; margin: .6rem 0; }
#filters { position: sticky; top: 0; z-index: 10; }
.filters label { font-size: .85rem; color: #333; } .filters select, .filters input { font: inherit; max-width: 14rem; }
.cards-row { display: flex; flex-wrap: wrap; gap: .8rem; } .card { border: 1px solid #ddd; border-radius: 6px;
  padding: .6rem .9rem; min-width: 14rem; background: #fafafa; } .card .cur { color: #555; font-size: .85rem; }
.card .big { font-size: 1.4rem; font-weight: 600; }
table.hud th { cursor: pointer; white-space: nowrap; } tr.hero td { background: #eef6ff; }
table.tournaments { font-size: .85rem; } table.tournaments td:first-child { white-space: nowrap; }
table.tournaments td.id { word-break: break-all; min-width: 6rem; } table.tournaments td.buy { white-space: normal; }
.tag { font-size: .7rem; background: #1f77b4; color: #fff; border-radius: 3px; padding: 0 .3rem; }
#f-columns-list { display: flex; flex-wrap: wrap; gap: .2rem .8rem; max-width: 60rem; padding: .3rem 0; }
#f-columns summary { cursor: pointer; font-size: .85rem; }
.pager { margin: .3rem 0; } .note p { color: #555; } h2 { scroll-margin-top: 6.5rem; }
@media (max-width: 640px) { #filters { position: static; } h2 { scroll-margin-top: 0; } }
"""


def dashboard(store: Store, filters: Filters = Filters(), title: str = "soko_analytics dashboard",
              replayers: str | None = "dashboard-hands") -> tuple[str, list[int]]:
    """The dashboard as one HTML document, plotly.js and its data embedded, and the hands (``hand_key``) whose
    replayer pages it links to in the folder ``replayers`` beside it (the hand list's and the audit table's:
    :func:`replayer_file` names each; none where ``replayers`` is None, for a page written where nothing can
    stand beside it)."""
    where, params = filters.where()
    hands = store.query(f"SELECT count(DISTINCT hand_key) AS n FROM player_hands WHERE {where}", params)["n"][0]
    data = payload(store, filters)
    hero = data["focus"]
    who = {"hero": "the log owner", "named": "the players named", "most hands": "the player with the most hands "
           "(the logs name no owner)"}[hero["how"]]
    names = hero["names"]
    more = f" and {len(names) - 5} more" if len(names) > 5 else ""
    matched = data["hero"]["hands"] if data["hero"] else 0
    parts = [f"<style>{CSS}</style>", f"<h1>{esc(title)}</h1>",
             f'<p class="meta">{plural(hands, "hand")} in {esc(store.path)}{_filter_text(filters)}. Hero: '
             f"<b>{esc(', '.join(names[:5]) or 'nobody')}</b>{esc(more)} ({esc(who)}): "
             f'<span id="hero-count">{matched:,}</span> of {matched:,} hands match the filters.</p>']
    if not hands:
        parts.append("<p>No hands match.</p>")
        return page(title, "\n".join(parts), charts=False), []
    shown = [(a, t) for a, t in SECTIONS if a != "tournaments" or data["tournaments"]]
    parts += ['<nav class="noprint">' + " · ".join(f'<a href="#{a}">{t}</a>' for a, t in shown) + "</nav>", FILTERS,
              '<h2 id="results">Hero: results</h2>', '<div id="summary" class="cards-row"></div>',
              '<div id="hero-lines"></div>',
              '<h2 id="win-rate">Hero: win rate</h2>', '<div id="rates"></div>',
              '<h2 id="starting-hands">Hero: starting hands</h2>',
              "<p>Won per 100 hands of each start (colour) and how often it was dealt (count). Hold'em: pairs on "
              "the diagonal, suited above it, offsuit below.</p>", '<div id="starts"></div>',
              '<h2 id="shown-down">Hero: hands shown down</h2>',
              "<p>How often each class was shown down, beside how often it is dealt (all hands of the game's size; "
              "for Sökö the counts of the rules spec, RULES.md §2 item 17: docs/rules.md). Showdowns are chosen "
              "hands, so strong classes come up more often than they are dealt.</p>", '<div id="shown"></div>',
              '<h2 id="hero-sessions">Hero: sessions</h2>', '<div id="sessions"></div>',
              TOURNAMENTS if data["tournaments"] else "",
              '<h2 id="players">Players</h2>',
              f"<p>HUD stats per player of the hands the filters above keep (game, stakes, currency; dates by "
              f"{esc(data['table']['period'])}; position and table size apply to the hero's charts only). "
              "Percentages fade with fewer opportunities; hover for the number and the 95% Wilson interval. "
              "Click a heading to sort. Definitions: docs/stats.md or <code>soko stats --explain NAME</code>.</p>",
              TABLE_FILTERS, '<div id="hud"></div>']
    listed = hand_rows(store, focus(store, filters)[0]) if names else []
    parts.append(hand_list_section(listed, data["kinds"], replayers))
    found = findings_summary(store, filters)
    audited = (_audited_hands(store, filters, found["hand_ids"].to_list(), replayers)
               if replayers is not None and len(found) else {})
    parts += _findings(found, audited)
    script = "\n".join(files(__package__).joinpath(name).read_text("utf-8") for name in SCRIPTS)
    parts += [_data_script(data), f'<script>(function () {{\n"use strict";\n{script}}})();</script>']
    keys = [r["hand_key"] for r in listed] if replayers is not None else []
    keys += [key for key, _ in audited.values() if key not in set(keys)]
    return page(title, "\n".join(parts), charts=True, packed=True), keys


def _data_script(data: dict) -> str:
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    text = HIDDEN_JSON.sub("", HIDDEN.sub("", text)).replace("</", "<\\/")
    return f'<script type="application/json" id="soko-data">{text}</script>'


def _filter_text(filters: Filters) -> str:
    said = filters.text()
    return f" ({esc(said)})" if said else ""


def _audited_hands(store: Store, filters: Filters, named: list[list[str]],
                   folder: str) -> dict[str, tuple[int, str]]:
    """The hands the audit table names (``named``: its first ids per finding): each id's ``hand_key`` and the link
    to its replayer page in ``folder`` (the first site's where two sites share an id)."""
    ids = sorted({i for ids in named for i in ids})
    where, params = filters.where()
    frame = store.query(f"""SELECT DISTINCT h.hand_key, h.site, h.hand_id FROM hands h
        WHERE h.hand_id IN (SELECT unnest(?)) AND h.hand_key IN (SELECT hand_key FROM player_hands WHERE {where})
        ORDER BY h.site, h.hand_key""", [ids, *params])
    out: dict[str, tuple[int, str]] = {}
    for key, site, hand_id in frame.iter_rows():
        out.setdefault(hand_id, (key, replayer_href(folder, site, hand_id)))
    return out


def _findings(frame: pl.DataFrame, replayers: dict[str, tuple[int, str]]) -> list[str]:
    out = ['<h2 id="audit">Audit</h2>']
    if frame.is_empty():
        out.append("<p>Every hand was played and paid by its rules: no findings.</p>")
        return out

    def linked(hand_id: str) -> str:
        page_file = replayers.get(hand_id)
        return f'<a href="{esc(page_file[1])}">{esc(hand_id)}</a>' if page_file else esc(hand_id)

    out.append(table(["code", "severity", "hands", "hands (first ids)"],
                     [(esc(r["code"]), esc(r["severity"]), (f"{r['hands']:,}", r["hands"]),
                       ", ".join(linked(i) for i in r["hand_ids"])) for r in frame.to_dicts()],
                     sortable=True, numeric=(False, False, True, False), raw=True))
    out.append("<p>Each hand id opens its replayer; or <code>soko report hand HAND_ID</code>, <code>soko audit --db "
               "FILE --explain HAND_ID</code>. The audit counts every hand of the command's filters, not the "
               "page's.</p>")
    return out

