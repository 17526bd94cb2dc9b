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

from ..model.counts import plural
from ..model.money import SYMBOLS, format_amount
from ..stats import Filters
from ..store.db import Store
from .page import esc, table

__all__ = ["LIMIT", "hand_list_section", "hand_rows", "replayer_file"]

LIMIT = 1000
"""Hands listed at most (the latest first); each gets a replayer page."""


def hand_rows(store: Store, filters: Filters = Filters(), limit: int = LIMIT) -> list[dict[str, Any]]:
    """The hands ``filters`` select, one row per (hand, player), the latest first: with no player named,
    the hero's (each hand's log owner)."""
    if not filters.players and not filters.hero:
        filters = replace(filters, hero=True)
    where, params = filters.where()
    frame = store.query(f"""
        SELECT h.site, h.hand_id, ph.played_at, ph.game, ph.stakes, ph.currency, ph.decimals, ph.player,
               ph.position, s.hole_cards, ph.net,
               (SELECT string_agg(c.card, ' ' ORDER BY c.seq) FROM cards c
                WHERE c.hand_key = ph.hand_key AND c.player IS NULL AND c.run = 0) AS board,
               (SELECT list(f.code ORDER BY f.seq) FROM findings f
                WHERE f.hand_key = ph.hand_key AND f.severity = 'error') AS errors,
               (SELECT count(*) FROM findings f WHERE f.hand_key = ph.hand_key) AS findings
        FROM (SELECT * FROM player_hands WHERE {where}) ph
        JOIN hands h USING (hand_key)
        LEFT JOIN seats s ON s.hand_key = ph.hand_key AND s.seat = ph.seat
        ORDER BY ph.played_at DESC NULLS LAST, h.hand_id DESC
        LIMIT {int(limit)}""", params)
    return frame.to_dicts()


def replayer_file(site: str, hand_id: str) -> str:
    """The file name of a hand's replayer page (``hand-<site>-<id>.html``, safe on any file system)."""
    text = f"{site}-{hand_id}"
    return "hand-" + "".join(c if c.isalnum() or c in "-_." else "_" for c in text)[:120] + ".html"


def hand_list_section(rows: list[dict[str, Any]]) -> str:
    """The hand list as a page section: a sortable table whose hand ids open their replayers."""
    symbols = {code: symbol for symbol, code in SYMBOLS.items()}
    body = []
    for r in rows:
        money = format_amount(r["net"], r["decimals"], symbols.get(r["currency"] or "", ""), trim=False)
        link = f'<a href="{esc(replayer_file(r["site"], r["hand_id"]))}">{esc(r["hand_id"])}</a>'
        errors = r["errors"] or []
        found = (f'<span class="error">{esc(", ".join(dict.fromkeys(errors)))}</span>' if errors
                 else f"{r['findings']} note{'s' if r['findings'] != 1 else ''}" if r["findings"] else "")
        when = r["played_at"].strftime("%Y-%m-%d %H:%M") if r["played_at"] else ""
        body.append(((when, when), (link, r["hand_id"]), esc(r["game"]), esc(r["stakes"]), esc(r["player"]),
                     esc(r["position"] or ""), f'<span class="cards">{esc(r["hole_cards"] or "")}</span>',
                     f'<span class="cards">{esc(r["board"] or "")}</span>', (esc(money), r["net"]),
                     (found, len(errors) * 1000 + r["findings"])))
    head = ["played", "hand", "game", "stakes", "player", "position", "cards", "board", "result", "findings"]
    count = plural(len(rows), "hand")
    return (f'<section id="hand-list"><h2>Hands</h2><p class="meta">{count}; click a heading to sort, a hand '
            f"to replay it.</p>\n"
            + table(head, body, sortable=True, raw=True,
                    numeric=(False, False, False, False, False, False, False, False, True, False))
            + "\n</section>")
