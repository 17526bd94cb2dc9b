"""The hand list: the hands the filters select (the hero's by default), sortable, each opening its replayer.

:func:`hand_rows` reads them from the store: when, the hand id, game and stakes, the player's position, his
cards, the board, his result, and the findings of the audit. :func:`hand_list_section` renders them as one
self-contained page section (a sortable table, the page's own sorting script) whose hand ids link to the
replayer pages (:mod:`soko_analytics.reports.hand`) beside it; a page includes it with one line.
:func:`replayer_file` names each replayer page, the one rule the links and the writer share.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .. import i18n
from ..i18n import _
from ..model.money import SYMBOLS
from ..stats import Filters
from ..store.db import Store
from ..store.facts import unit_sql
from .dashboard_data import KIND_COLUMNS
from .page import esc, table

__all__ = ["LIMIT", "hand_list_section", "hand_rows", "replayer_file", "replayer_href"]

LIMIT = 1000
"""Hands listed at most (the latest first); each gets a replayer page."""


def hand_rows(store: Store, filters: Filters = Filters(), limit: int = LIMIT) -> list[dict[str, Any]]:
    """The hands ``filters`` select, one row per (hand, player), the latest first: with no player named,
    the hero's (each hand's log owner)."""
    if not filters.players and not filters.hero:
        filters = replace(filters, hero=True)
    where, params = filters.where()
    frame = store.query(f"""
        WITH picked AS (
            SELECT ph.hand_key, h.site, h.hand_id, ph.played_at, epoch(ph.played_at)::BIGINT AS t, ph.game, ph.profile,
                   ph.structure, ph.stakes, ph.currency, ph.decimals, ph.unit_name, ph.tournament,
                   coalesce(h.max_seats, h.players_dealt)::INTEGER AS size, ph.player, ph.seat, ph.position, ph.net
            FROM (SELECT *, {unit_sql()} AS unit_name FROM player_hands WHERE {where}) ph
            JOIN hands h USING (hand_key)
            ORDER BY ph.played_at DESC NULLS LAST, h.hand_id DESC
            LIMIT {int(limit)})
        SELECT p.* EXCLUDE (seat), s.hole_cards, b.runs, b.boards, f.errors, coalesce(f.findings, 0) AS findings
        FROM picked p
        LEFT JOIN seats s ON s.hand_key = p.hand_key AND s.seat = p.seat
        LEFT JOIN (SELECT hand_key, list(run ORDER BY run) AS runs, list(cards ORDER BY run) AS boards
                   FROM (SELECT hand_key, run, string_agg(card, ' ' ORDER BY seq) AS cards FROM cards
                         WHERE player IS NULL AND hand_key IN (SELECT hand_key FROM picked) GROUP BY ALL)
                   GROUP BY hand_key) b ON b.hand_key = p.hand_key
        LEFT JOIN (SELECT hand_key, list(code ORDER BY seq) FILTER (WHERE severity = 'error') AS errors,
                          count(*) AS findings FROM findings
                   WHERE hand_key IN (SELECT hand_key FROM picked) GROUP BY hand_key) f ON f.hand_key = p.hand_key
        ORDER BY p.played_at DESC NULLS LAST, p.hand_id DESC""", params)
    return [{**{k: v for k, v in r.items() if k not in ("runs", "boards")}, "board": board_text(r["runs"], r["boards"])}
            for r in frame.to_dicts()]


def board_text(runs: list[int] | None, boards: list[str] | None) -> str | None:
    """The board as one text: the cards dealt once (run 0), and where the board was run more than once, each run's
    board after them, ``/`` between runs (``8d 5s 8h 2c 6s`` or ``Kh 7c 5d 2d / Kh 7c 5d 5h``)."""
    if not runs or not boards:
        return None
    cards = dict(zip(runs, boards, strict=True))
    common = cards.pop(0, "")
    return " / ".join(f"{common} {run}".strip() for run in cards.values()) if cards else common


def replayer_file(site: str, hand_id: str) -> str:
    """The file name of a hand's replayer page (``hand-<site>-<id>.html``, safe on any file system)."""
    text = f"{site}-{hand_id}"
    return "hand-" + "".join(c if c.isalnum() or c in "-_." else "_" for c in text)[:120] + ".html"


def replayer_href(folder: str, site: str, hand_id: str) -> str:
    """The link from a page to a hand's replayer page in ``folder`` beside it (``""``: the page's own)."""
    return f"{folder}/{replayer_file(site, hand_id)}" if folder else replayer_file(site, hand_id)


def hand_list_section(rows: list[dict[str, Any]], kinds: list[dict[str, Any]] | None = None,
                      folder: str | None = "", limit: int = LIMIT) -> str:
    """The hand list as a page section: a sortable table whose hand ids open their replayers, in ``folder``
    beside the page (``""``: the page's own; None: plain ids, no replayer pages stand beside it). With the
    dashboard's ``kinds``, each row carries what the page's filters select by (its kind's index, time, position,
    table size)."""
    symbols = {code: symbol for symbol, code in SYMBOLS.items()}
    index = {_kind_key(k): i for i, k in enumerate(kinds or [])}
    body, data = [], []
    for r in rows:
        money = i18n.money(r["net"], r["decimals"], symbols.get(r["currency"] or "", ""), grouped=True)
        hand = esc(r["hand_id"])
        link = hand if folder is None else f'<a href="{esc(replayer_href(folder, r["site"], r["hand_id"]))}">{hand}</a>'
        errors = r["errors"] or []
        notes = i18n.ngettext("{n} note", "{n} notes", r["findings"]).format(n=r["findings"])
        found = (f'<span class="error">{esc(", ".join(dict.fromkeys(errors)))}</span>' if errors
                 else esc(notes) if r["findings"] else "")
        when = i18n.datetime(r["played_at"], seconds=False) if r["played_at"] else ""
        at = "" if r["t"] is None else r["t"]
        body.append(((when, at), (link, r["hand_id"]), esc(r["game"]), esc(r["stakes"]), esc(r["player"]),
                     esc(r["position"] or ""), f'<span class="cards">{esc(r["hole_cards"] or "")}</span>',
                     f'<span class="cards">{esc(r["board"] or "")}</span>', (esc(money), r["net"]),
                     (found, len(errors) * 1000 + r["findings"])))
        if kinds is not None:
            data.append({"kind": index.get(_kind_key(r), -1), "t": "" if r["t"] is None else r["t"],
                         "position": r["position"] or "n/a", "size": r["size"] or 0})
    head = [_("played"), _("hand"), _("game"), _("stakes"), _("player"), _("position"), _("cards"), _("board"),
            _("result"), _("findings")]
    count = i18n.ngettext("{n} hand", "{n} hands", len(rows)).format(n=i18n.number(len(rows)))
    latest = _(" (the latest {limit})").format(limit=i18n.number(limit)) if len(rows) >= limit else ""
    how = (_("click a heading to sort; times in UTC where the log names its time zone (a replayer shows the log's own "
             "clock)") if folder is None else
           _("click a heading to sort, a hand to replay it; times in UTC where the log names its time zone (a replayer "
             "shows the log's own clock)"))
    heading = esc(_("Hands"))
    return (f'<section id="hand-list"><h2 id="hands">{heading}</h2><p class="meta"><span id="hand-count">{esc(count)}'
            f"</span>{esc(latest)}; {esc(how)}.</p>\n"
            + table(head, body, sortable=True, raw=True, row_data=data if kinds is not None else None,
                    numeric=(False, False, False, False, False, False, False, False, True, False))
            + "\n</section>")


def _kind_key(row: dict[str, Any]) -> tuple:
    """A hand's kind of game as the dashboard numbers its kinds (a tournament's currency is ``chips``)."""
    return tuple((row[c] or "chips") if c == "currency" else row[c] for c in KIND_COLUMNS)
