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

from .. import i18n
from .._vocab import HandClass
from ..i18n import _
from ..i18n.scripts import page_words
from ..replay.explain import severity_word
from ..stats import Filters, findings_summary
from ..stats.starts import Family, start_name
from ..store.db import Store
from ..store.facts import Unit
from .dashboard_data import focus, payload
from .hand_list import hand_list_section, hand_rows, replayer_href
from .page import HIDDEN, HIDDEN_JSON, esc, page, table

__all__ = ["dashboard"]

SCRIPTS = ("dashboard.js", "tournaments.js")
"""The page's script (package data), in one strict-mode function whose names they share."""


FILTERS = """
<form id="filters" class="filters noprint" onsubmit="return false">
  <label>{view} <select id="f-view"><option value="cash">{cash}</option>
  <option value="tournaments">{tournaments}</option></select></label>
  <label>{game} <select id="f-game"></select></label>
  <label>{stakes} <select id="f-stakes"></select></label>
  <label>{currency} <select id="f-currency"></select></label>
  <label>{since} <input id="f-from" type="date"></label>
  <label>{until} <input id="f-to" type="date"></label>
  <label>{position} <select id="f-position"></select></label>
  <label>{size} <select id="f-size"></select></label>
  <label>{xaxis} <select id="f-xaxis"><option value="hands">{hands}</option><option value="date">{date}</option>
  </select></label>
  <button id="f-reset" type="button">{reset}</button>
</form>
"""
"""The filter bar of the hero's charts and the hand list (its words filled in by :func:`_filters`)."""


def _filters() -> str:
    words = {"view": _("View"), "cash": _("cash games"), "tournaments": _("tournaments"), "game": _("Game"),
             "stakes": _("Stakes"), "currency": _("Currency"), "since": _("From"), "until": _("To"),
             "position": _("Position"), "size": _("Table"), "xaxis": _("Winnings by"), "hands": _("hands"),
             "date": _("date"), "reset": _("Reset")}
    return FILTERS.format(**{k: esc(v) for k, v in words.items()})


def _sections(tournaments: bool) -> list[tuple[str, str]]:
    """The page's sections (id, link text) in order; tournaments only where the hero played one."""
    sections = [("results", _("results")), ("win-rate", _("win rate")), ("starting-hands", _("starting hands")),
                ("shown-down", _("shown down")), ("hero-sessions", _("sessions")), ("tournaments", _("tournaments")),
                ("players", _("players")), ("hands", _("hands")), ("audit", _("audit"))]
    return [(a, t) for a, t in sections if a != "tournaments" or tournaments]


def _tournaments() -> str:
    heading = _("Hero: tournaments")
    text = _("Each tournament of the hero: the buy-in, bounty and fee of its header, the place and prize of the finish "
             "line the logs hold (none where they end before the hero's finish), the bounties won, and the profit "
             "(prize and bounties less the entry, in the buy-in's currency, and in buy-ins: the profit over the "
             "entry; re-entries and add-ons are not in the logs). ITM and ROI count only the tournaments whose "
             "result the logs hold. Chips are never added across tournaments. The game, currency (a buy-in's; chips "
             "keeps them all) and date filters apply.")
    return (f'<div id="t-view"><h2 id="tournaments">{esc(heading)}</h2>\n<p>{esc(text)}</p>\n'
            '<div id="t-summary" class="cards-row"></div><div id="t-lines"></div><div id="t-table"></div></div>')


TABLE_FILTERS = """
<form class="filters noprint" onsubmit="return false">
  <label>{players} <select id="f-who"><option value="everyone">{everyone}</option>
    <option value="opponents">{opponents}</option><option value="hero">{hero}</option></select></label>
  <label>{min} <input id="f-min" type="number" min="0" step="1" style="width:6em"></label>
  <label>{search} <input id="f-search" type="search" placeholder="{name}"></label>
  <details id="f-columns"><summary>{columns}</summary><div id="f-columns-list"></div></details>
</form>
"""
"""The filter bar of the players table (its words filled in by :func:`_table_filters`)."""


def _table_filters() -> str:
    words = {"players": _("Players"), "everyone": _("everyone (the hero first)"), "opponents": _("opponents"),
             "hero": _("hero"), "min": _("Min hands"), "search": _("Search"), "name": _("player name"),
             "columns": _("Columns")}
    return TABLE_FILTERS.format(**{k: esc(v) for k, v in words.items()})


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


def dashboard(store: Store, filters: Filters = Filters(), title: str | None = None,
              replayers: str | None = "dashboard-hands") -> tuple[str, list[int]]:
    """The dashboard as one HTML document, plotly.js and its data embedded, and the hands (``hand_key``) whose
    replayer pages it links to in the folder ``replayers`` beside it (the hand list's and the audit table's:
    :func:`replayer_file` names each; none where ``replayers`` is None, for a page written where nothing can
    stand beside it). Its words are in the language spoken (:mod:`soko_analytics.i18n`); ``title`` by default
    "soko_analytics dashboard" in it."""
    title = title or _("soko_analytics dashboard")
    lang = i18n.current()
    where, params = filters.where()
    hands = store.query(f"SELECT count(DISTINCT hand_key) AS n FROM player_hands WHERE {where}", params)["n"][0]
    data = payload(store, filters)
    parts = [f"<style>{CSS}</style>", f"<h1>{esc(title)}</h1>", _meta(store, filters, hands, data)]
    if not hands:
        parts.append("<p>" + esc(_("No hands match.")) + "</p>")
        return page(title, "\n".join(parts), charts=False, lang=lang), []
    parts += _hero_sections(data) + _players_section(data)
    listed = hand_rows(store, focus(store, filters)[0]) if data["focus"]["names"] else []
    parts.append(hand_list_section(listed, data["kinds"], replayers))
    found = findings_summary(store, filters)
    audited = (_audited_hands(store, filters, found["hand_ids"].to_list(), replayers)
               if replayers is not None and len(found) else {})
    parts += _findings(found, audited)
    scripts = [files(__package__).joinpath(name).read_text("utf-8") for name in SCRIPTS]
    parts += [_json_script("soko-data", data), _json_script("soko-words", _words(scripts, data)),
              f'<script>(function () {{\n"use strict";\n{chr(10).join(scripts)}}})();</script>']
    keys = [r["hand_key"] for r in listed] if replayers is not None else []
    keys += [key for key, _hand in audited.values() if key not in set(keys)]
    return page(title, "\n".join(parts), charts=True, packed=True, lang=lang), keys


def _meta(store: Store, filters: Filters, hands: int, data: dict) -> str:
    """The line under the title: the hands, the store, the filters, the hero and how he was chosen."""
    hero = data["focus"]
    who = {"hero": _("the log owner"), "named": _("the players named"),
           "most hands": _("the player with the most hands (the logs name no owner)")}[hero["how"]]
    names = hero["names"]
    more = _(" and {n} more").format(n=len(names) - 5) if len(names) > 5 else ""
    matched = i18n.number(data["hero"]["hands"] if data["hero"] else 0)
    count = i18n.ngettext("{n} hand", "{n} hands", hands).format(n=i18n.number(hands))
    said = filters.text()
    where = _("{hands} in {store} ({filters})") if said else _("{hands} in {store}")
    line = _("{where}. Hero: {names} ({who}): {matched} of {total} hands match the filters.")
    return '<p class="meta">' + line.format(
        where=esc(where.format(hands=count, store=store.path, filters=said)),
        names="<b>" + esc(", ".join(names[:5]) or _("nobody")) + "</b>" + esc(more),
        who=esc(who), matched=f'<span id="hero-count">{matched}</span>', total=matched) + "</p>"


def _hero_sections(data: dict) -> list[str]:
    """The hero's sections: the navigation, the filters, results, win rate, starts, showdowns, sessions and
    tournaments (their charts drawn by the page's script into the empty divs)."""
    def h2(anchor: str, text: str) -> str:
        return f'<h2 id="{anchor}">{esc(text)}</h2>'

    starts = _("Won per 100 hands of each start (colour) and how often it was dealt (count). Hold'em: pairs on the "
               "diagonal, suited above it, offsuit below.")
    shown = _("How often each class was shown down, beside how often it is dealt (all hands of the game's size; for "
              "Sökö the counts of the rules spec, RULES.md §2 item 17: docs/rules.md). Showdowns are chosen hands, "
              "so strong classes come up more often than they are dealt.")
    nav = " · ".join(f'<a href="#{a}">{esc(t)}</a>' for a, t in _sections(bool(data["tournaments"])))
    return [f'<nav class="noprint">{nav}</nav>', _filters(),
            h2("results", _("Hero: results")), '<div id="summary" class="cards-row"></div>',
            '<div id="hero-lines"></div>',
            h2("win-rate", _("Hero: win rate")), '<div id="rates"></div>',
            h2("starting-hands", _("Hero: starting hands")), f"<p>{esc(starts)}</p>", '<div id="starts"></div>',
            h2("shown-down", _("Hero: hands shown down")), f"<p>{esc(shown)}</p>", '<div id="shown"></div>',
            h2("hero-sessions", _("Hero: sessions")), '<div id="sessions"></div>',
            _tournaments() if data["tournaments"] else ""]


def _players_section(data: dict) -> list[str]:
    """The players table's heading, how to read it, its filters and its box (drawn by the page's script)."""
    text = _("HUD stats per player of the hands the filters above keep (game, stakes, currency; dates by {period}; "
             "position and table size apply to the hero's charts only). Percentages fade with fewer opportunities; "
             "hover for the number and the 95% Wilson interval. Click a heading to sort. Definitions: docs/stats.md "
             "or {command}.").format(period=esc(_period(data["table"]["period"])),
                                     command="<code>soko stats --explain NAME</code>")
    heading = '<h2 id="players">' + esc(_("Players")) + "</h2>"
    return [heading, f"<p>{text}</p>", _table_filters(), '<div id="hud"></div>']


def _period(period: str) -> str:
    """The span the players table's sums are kept by (``day``, ``week``, ``month``, ``year``), in words."""
    return {"day": _("day"), "week": _("week"), "month": _("month"), "year": _("year")}[period]


def _words(scripts: list[str], data: dict) -> dict:
    """What the page's script says, in the language spoken (:func:`soko_analytics.i18n.scripts.page_words`), with
    the names of the data it shows: units, families of starts, hand classes, starts."""
    words = page_words(scripts)
    hero = data["hero"] or {}
    words["names"] = {} if words["lang"] == i18n.ENGLISH else {
        "units": {str(u): _(str(u)) for u in Unit},
        "families": {f: _(f) for f in (Family.GRID, Family.OMAHA, Family.STUD, Family.SOKO)},
        "classes": {c.name.lower(): i18n.hand_class(c.name.lower()) for c in HandClass},
        "starts": {s: start_name(s) for s in hero.get("starts", []) if s != "n/a"}}
    return words


def _json_script(name: str, data: dict) -> str:
    """Data for the page's script, as JSON in a script element ``name`` that no text in it can close."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    text = HIDDEN_JSON.sub("", HIDDEN.sub("", text)).replace("</", "<\\/")
    return f'<script type="application/json" id="{name}">{text}</script>'


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
    out = ['<h2 id="audit">' + esc(_("Audit")) + "</h2>"]
    if frame.is_empty():
        out.append("<p>" + esc(_("Every hand was played and paid by its rules: no findings.")) + "</p>")
        return out

    def linked(hand_id: str) -> str:
        page_file = replayers.get(hand_id)
        return f'<a href="{esc(page_file[1])}">{esc(hand_id)}</a>' if page_file else esc(hand_id)

    out.append(table([_("code"), _("severity"), _("hands"), _("hands (first ids)")],
                     [(esc(r["code"]), esc(severity_word(r["severity"])), (i18n.number(r["hands"]), r["hands"]),
                       ", ".join(linked(i) for i in r["hand_ids"])) for r in frame.to_dicts()],
                     sortable=True, numeric=(False, False, True, False), raw=True))
    how = _("Each hand id opens its replayer; or {report}, {explain}. The audit counts every hand of the command's "
            "filters, not the page's.")
    out.append("<p>" + esc(how).format(report="<code>soko report hand HAND_ID</code>",
                                       explain="<code>soko audit --db FILE --explain HAND_ID</code>") + "</p>")
    return out
