"""The player-stat dashboard: one self-contained HTML file of charts and tables from the store.

Sections: cumulative winnings per player (net in green, showdown in blue, non-showdown in red,
all-in adjusted in orange, the trackers' convention), the stat table with sample sizes and 95%
intervals (sortable), results by position (hold'em) or first-round situation (stud, Sökö), by
stakes and by month, the hand classes shown down beside their theoretical frequencies, sessions,
and the audit summary. Charts are drawn from aggregates the store computes (a running total is
thinned to about 2,000 points per line), so a million hands make a page of a few megabytes, most
of it plotly.js. Lines are SVG: at 2,000 points per line WebGL gains nothing, and a browser
allows only a handful of WebGL contexts per page.
"""

from __future__ import annotations

from dataclasses import replace

import plotly.graph_objects as go
import polars as pl

from ..model.money import decimal_text
from ..rules.frequencies import class_counts
from ..rules.profiles import resolve
from ..stats import (
    CATALOGUE,
    Filters,
    Kind,
    cumulative,
    findings_summary,
    player_stats,
    sessions,
    showdown_classes,
    top_players,
)
from ..store.db import Store
from .page import esc, figure, page, table

__all__ = ["CHART_PLAYERS", "dashboard"]

CHART_PLAYERS = 6
"""Players charted when none are named: those with the most hands."""
TABLE_ROWS = 200
"""Rows of the stat table at most (the players with the most hands)."""
SESSIONS_LISTED = 50

LINES = (("net", "Net won", "#2ca02c"), ("showdown", "Showdown", "#1f77b4"),
         ("non_showdown", "Non-showdown", "#d62728"), ("allin_adjusted", "All-in adjusted", "#ff7f0e"))
"""Running totals drawn, with the trackers' colours."""

TABLE_STATS = ("vpip", "pfr", "af", "afq", "wtsd", "wsd", "wwsf", "three_bet", "fold_to_3bet", "cbet_flop",
               "steal", "fold_to_steal", "complete", "fold_to_completion", "best_showing_bet", "stand_pat")


def dashboard(store: Store, filters: Filters = Filters(), title: str = "soko_analytics dashboard") -> str:
    """The dashboard as one HTML document, plotly.js embedded."""
    charted = list(filters.players) or top_players(store, filters, CHART_PLAYERS)
    focus = replace(filters, players=tuple(charted))
    stats = player_stats(store, filters)
    where, params = filters.where()
    hands = store.query(f"SELECT count(DISTINCT hand_key) AS n FROM player_hands WHERE {where}", params)["n"][0]
    parts = [f"<h1>{esc(title)}</h1>",
             f'<p class="meta">{hands:,} hands in {esc(store.path)}{_filter_text(filters)}; charts for '
             f"{esc(', '.join(charted)) or 'nobody'}.</p>"]
    if stats.is_empty():
        parts.append("<p>No hands match.</p>")
        return page(title, "\n".join(parts), charts=False)
    parts += _winnings(store, focus)
    parts += _stat_table(stats)
    parts += _results(store, focus)
    parts += _showdowns(store, focus)
    parts += _sessions(store, focus)
    parts += _findings(store, filters)
    return page(title, "\n".join(parts), charts=True)


def _filter_text(filters: Filters) -> str:
    said = [f"{name} {value}" for name, value in (
        ("game", filters.game), ("profile", filters.profile), ("stakes", filters.stakes),
        ("since", filters.since), ("until", filters.until)) if value is not None]
    return f" ({esc(', '.join(said))})" if said else ""


def _layout(fig: go.Figure, title: str, y: str, x: str | None = None, height: int = 340) -> go.Figure:
    fig.update_layout(title=esc(title), height=height, margin=dict(l=60, r=20, t=50, b=50),
                      legend=dict(orientation="h", y=-0.18), template="plotly_white", yaxis_title=esc(y),
                      xaxis_title=esc(x) if x else None)
    return fig


def _major(frame: pl.DataFrame, column: str) -> list[float]:
    """Minor units as amounts for a chart axis (display only; the table shows the exact text)."""
    return (frame[column] / (10.0 ** frame["decimals"].cast(pl.Float64))).to_list()


def _winnings(store: Store, focus: Filters) -> list[str]:
    out = ["<h2>Winnings over hands</h2>"]
    lines = cumulative(store, focus)
    for (player, currency), group in lines.group_by(["player", "currency"], maintain_order=True):
        fig = go.Figure()
        for column, label, colour in LINES:
            fig.add_trace(go.Scatter(x=[0, *group["hand"].to_list()], y=[0.0, *_major(group, column)], mode="lines",
                                     name=label, line=dict(color=colour, width=2 if column == "net" else 1.5)))
        out.append(figure(_layout(fig, f"{player}: cumulative winnings ({currency})", currency, "hands"),
                          f"winnings-{len(out)}"))
    return out


def _cell(row: dict, name: str, kind: Kind) -> tuple[str, object] | str:
    value = row.get(name)
    if kind is Kind.PERCENT:
        n = row.get(f"{name}_n") or 0
        if not n:
            return ("", -1)
        return (f"{value:.1f} ({n}) [{row[f'{name}_lo']:.0f}–{row[f'{name}_hi']:.0f}]", f"{value:.4f}")
    if value is None:
        return ("", -1)
    return (f"{value:.2f}", f"{value:.4f}")


def _stat_table(stats: pl.DataFrame) -> list[str]:
    shown = stats.sort("hands", descending=True).head(TABLE_ROWS)
    by_name = {s.name: s for s in CATALOGUE}
    headers = ["player", "currency", "game", "hands", "net won", "won/100 (unit)",
               *(by_name[n].label for n in TABLE_STATS), "rake"]
    rows = []
    for r in shown.to_dicts():
        won = r["won_per_100"]
        rows.append([r["player"], r["currency"], r["game"], (f"{r['hands']:,}", r["hands"]),
                     (decimal_text(r["net_won"], r["decimals"]), r["net_won"]),
                     (f"{won:.2f} {r['unit']}" if won is not None else "", won or 0),
                     *(_cell(r, n, by_name[n].kind) for n in TABLE_STATS),
                     (decimal_text(r["rake"], r["decimals"]), r["rake"])])
    note = (f" The {TABLE_ROWS} rows with the most hands of {len(stats):,}." if len(stats) > TABLE_ROWS else "")
    return ["<h2>Stats</h2>",
            "<p>One row per player, currency, game and won/100 unit (bb: big blinds; big bets: the big bet, "
            "or a spread's largest bet; bring-ins; antes). Percentages as value (opportunities) [95% Wilson "
            "interval]; click a heading to sort. "
            f"Definitions: docs/stats.md or <code>soko stats --explain NAME</code>.{esc(note)}</p>",
            table(headers, rows, sortable=True, numeric=(False, False, False, *([True] * (len(headers) - 3))))]


def _bars(frame: pl.DataFrame, key: str, value: str, title: str, y: str, name: str) -> str:
    """Grouped bars of ``value`` by ``key``, one trace per player and currency; won/100 (a ``per_100``
    value) gets one trace per unit too, named with it, so that no bar adds big blinds to big bets."""
    fig = go.Figure()
    if value == "net_won":  # money: the units of won/100 do not matter, the rows of one key add up
        frame = frame.group_by(["player", "currency", "decimals", key], maintain_order=True).agg(
            pl.col("net_won").sum())
        for (player, currency), group in frame.group_by(["player", "currency"], maintain_order=True):
            fig.add_trace(go.Bar(x=[esc(v) for v in group[key].to_list()], y=_major(group, "net_won"),
                                 name=esc(f"{player} {currency}")))
    else:
        for (player, currency, unit), group in frame.group_by(["player", "currency", "unit"], maintain_order=True):
            fig.add_trace(go.Bar(x=[esc(v) for v in group[key].to_list()], y=group[value].to_list(),
                                 name=esc(f"{player} {currency} ({unit})")))
    fig.update_layout(barmode="group")
    return figure(_layout(fig, title, y), name)


def _units(frame: pl.DataFrame) -> str:
    """The won/100 units of a frame's rows, for a chart's axis (``bb``, ``big bets, bb``)."""
    return ", ".join(sorted(set(frame["unit"].to_list()))) if "unit" in frame.columns else ""


def _results(store: Store, focus: Filters) -> list[str]:
    out = ["<h2>Results</h2>"]
    where, params = focus.where()
    games = store.query(f"SELECT DISTINCT game FROM player_hands WHERE {where} ORDER BY game", params)["game"]
    for game in games.to_list():
        one = replace(focus, game=game)
        if game == "holdem":
            frame = player_stats(store, one, by="position").sort("position")
            out.append(_bars(frame, "position", "won_per_100", "Hold'em: won per 100 hands by position "
                             "(big blinds in no and pot limit, big bets in limit)", f"won/100 ({_units(frame)})",
                             "by-position"))
        else:
            frame = player_stats(store, one, by="situation").sort("situation")
            out.append(_bars(frame, "situation", "won_per_100", f"{game}: won per 100 hands by first-round "
                             f"situation ({_units(frame)})", f"won/100 ({_units(frame)})", f"by-situation-{game}"))
    for by, title in (("stakes", "Net won by stakes"), ("month", "Net won by month")):
        frame = player_stats(store, focus, by=by)
        if len(frame):
            out.append(_bars(frame.sort(by), by, "net_won", title, "net won", f"by-{by}"))
    return out


def _showdowns(store: Store, focus: Filters) -> list[str]:
    classes = showdown_classes(store, focus)
    out = ["<h2>Hands shown down</h2>",
           "<p>How often each class was shown down, beside how often it is dealt (all hands of the game's "
           "size; for Sökö the counts of RULES.md §2 item 17). Showdowns are chosen hands, so strong "
           "classes come up more often than they are dealt.</p>"]
    if classes.is_empty():
        out.append("<p>No showdown with every card known.</p>")
        return out
    for (game, profile), group in classes.group_by(["game", "profile"], maintain_order=True):
        spec = resolve(profile)
        counts = class_counts(spec.ranking, spec.cards_per_player + spec.board_cards) or {}
        total_dealt = sum(counts.values())
        seen = dict(zip(group["showdown_class"].to_list(), group["hands"].to_list()))
        total_seen = sum(seen.values())
        order = [c.name.lower() for c in sorted(counts, key=lambda c: counts[c])] or list(seen)
        labels = [o.replace("_", " ") for o in order]
        fig = go.Figure([
            go.Bar(x=labels, y=[100 * seen.get(o, 0) / total_seen for o in order], name="shown down"),
            go.Bar(x=labels, y=[100 * counts[c] / total_dealt for c in sorted(counts, key=lambda c: counts[c])],
                   name="dealt (theory)")])
        fig.update_layout(barmode="group")
        out.append(figure(_layout(fig, f"{profile}: {total_seen:,} hands shown down", "% of hands"),
                          f"classes-{game}-{profile}"))
    return out


def _sessions(store: Store, focus: Filters) -> list[str]:
    frame = sessions(store, focus)
    out = ["<h2>Sessions</h2>"]
    if frame.is_empty():
        out.append("<p>No timed hands.</p>")
        return out
    fig = go.Figure()
    for (player, currency), group in frame.group_by(["player", "currency"], maintain_order=True):
        fig.add_trace(go.Bar(x=group["start"].to_list(), y=_major(group, "net_won"), name=esc(f"{player} {currency}")))
    out.append(figure(_layout(fig, "Result of each session", "net won"), "sessions"))
    recent = frame.sort("start", descending=True).head(SESSIONS_LISTED)
    out.append(table(["player", "currency", "start", "minutes", "hands", "net won"],
                     [(r["player"], r["currency"], str(r["start"]), (f"{r['minutes']:.0f}", r["minutes"]),
                       (r["hands"], r["hands"]), (decimal_text(r["net_won"], r["decimals"]), r["net_won"]))
                      for r in recent.to_dicts()], sortable=True, numeric=(False, False, False, True, True, True)))
    if len(frame) > SESSIONS_LISTED:
        out.append(f"<p>The {SESSIONS_LISTED} latest of {len(frame):,} sessions.</p>")
    return out


def _findings(store: Store, filters: Filters) -> list[str]:
    frame = findings_summary(store, filters)
    out = ["<h2>Audit</h2>"]
    if frame.is_empty():
        out.append("<p>Every hand was played and paid by its rules: no findings.</p>")
        return out
    fig = go.Figure(go.Bar(x=[esc(f"{c} ({s})") for c, s in zip(frame["code"], frame["severity"])],
                           y=frame["hands"].to_list(), marker_color=["#d62728" if s == "error" else "#ff7f0e"
                                                                     if s == "warning" else "#7f7f7f"
                                                                     for s in frame["severity"]]))
    out.append(figure(_layout(fig, "Findings by code (severity)", "hands"), "findings"))
    out.append(table(["code", "severity", "hands", "hands (first ids)"],
                     [(r["code"], r["severity"], r["hands"], ", ".join(r["hand_ids"])) for r in frame.to_dicts()],
                     sortable=True, numeric=(False, False, True, False)))
    out.append("<p>Explain one: <code>soko report hand HAND_ID</code> or <code>soko audit --db FILE --explain "
               "HAND_ID</code>.</p>")
    return out
