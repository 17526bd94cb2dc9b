"""The HUD of ``soko watch --hud`` drawn with rich: numbers only, nothing moving, readable at 80 columns.

One block per table the hero sits at now (newest first): a title line (table, site, game, stakes, latest hand)
and a row per seat: seat, player (the hero marked ``*``), hands counted, then VPIP, PFR, 3Bet, AF and WTSD
(labels from the stat catalogue). A figure that rests on few hands (:data:`~soko_analytics.stats.hud.FEW_WIDTH`)
ends in ``~`` and is dim; ``-`` where there was no chance to do it. From 120 columns on, each percentage is
followed by its 95% interval. A header line gives the hero's result since the watch began, per currency, and
the findings of the hero's hands stored since, newest first, close the screen. See docs/hud.md.
"""

from __future__ import annotations

import io

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table as RichTable
from rich.text import Text

from .. import api
from ..model.counts import plural
from ..stats.catalogue import stat
from ..stats.hud import FIGURES, Figure, Hud, Table
from .output import safe

WIDE = 120
"""From this many columns on, percentages show their intervals and names get more room."""
NARROWEST = 52
"""Below this many columns the figures cannot all be shown whole: the HUD says so instead of cutting numbers."""
FIXED = 46
"""The columns of a seat's row besides the player's name at the narrow layout (seat, hands, five figures, gaps)."""
FINDINGS_SHOWN = 8
"""Findings listed at most (the newest; the header counts them all)."""


def money(net: int, decimals: int) -> str:
    """Signed exact amount: ``+12.35``, ``-0.50``, ``0``."""
    return ("+" if net > 0 else "") + api.decimal_text(net, decimals)


def figure_text(name: str, figure: Figure, wide: bool) -> Text:
    """One figure: ``23`` (``23~`` dim when it rests on few hands; ``-`` without a chance); AF with one decimal;
    wide, a percentage with its interval: ``23 (18-29)``."""
    if figure.value is None:
        return Text("- ", style="dim", justify="right")
    shown = f"{figure.value:.1f}" if name == "af" else f"{figure.value:.0f}"
    if wide and figure.lo is not None and figure.hi is not None:
        shown += f" ({figure.lo:.0f}-{figure.hi:.0f})"
    if figure.few:
        return Text(shown + "~", style="dim", justify="right")
    return Text(shown + " ", justify="right")


def header(hud: Hud) -> Text:
    results = ", ".join(f"{safe(r.currency, True)} {money(r.net, r.decimals)}" for r in hud.results) or "0"
    return Text(f"soko HUD  tables {len(hud.tables)}  hero {plural(hud.hands, 'hand')}: {results}  "
                f"findings {hud.findings_total}", style="bold")


def table_block(table: Table, width: int) -> Group:
    wide = width >= WIDE
    when = f" {table.started:%H:%M:%S} UTC" if table.started is not None else ""
    title = safe(f"{table.name or '(no name)'} · {table.site} · {table.game} {table.stakes} · #{table.hand_id}{when}",
                 True)
    grid = RichTable(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    grid.add_column("St", justify="right", width=2, no_wrap=True)
    grid.add_column("Player", width=24 if wide else max(4, min(16, width - FIXED)), no_wrap=True,
                    overflow="ellipsis")
    grid.add_column("Hands", justify="right", no_wrap=True)
    for name in FIGURES:
        grid.add_column(stat(name).label, justify="right", no_wrap=True,
                        min_width=12 if wide and name != "af" else 5)
    for seat in table.seats:
        grid.add_row(str(seat.seat), Text(safe(seat.player, True) + (" *" if seat.hero else ""),
                                          style="bold" if seat.hero else ""),
                     str(seat.hands), *(figure_text(name, seat.figures[name], wide) for name in FIGURES))
    return Group(Text(title, style="bold", no_wrap=True, overflow="ellipsis"), grid)


def findings_block(hud: Hud) -> RichTable:
    grid = RichTable(title=Text(f"findings of the hero's hands since the watch began: {hud.findings_total}",
                                style="bold"), title_justify="left", box=None, pad_edge=False, show_edge=False,
                     show_header=False, expand=True)
    grid.add_column("hand", no_wrap=True)
    grid.add_column("code", no_wrap=True)
    grid.add_column("message", no_wrap=True, overflow="ellipsis", ratio=1)
    for f in hud.findings[:FINDINGS_SHOWN]:
        grid.add_row(safe(f.hand_id, True), Text(safe(f.code, True), style="red" if f.severity == "error" else ""),
                     safe(f.message, True))
    return grid


def render(hud: Hud, width: int) -> RenderableType:
    """The whole HUD for a terminal ``width`` columns wide."""
    if width < NARROWEST:
        return Text(f"soko HUD: the terminal is {width} columns wide; the HUD needs {NARROWEST}", style="bold")
    parts: list[RenderableType] = [header(hud)]
    if not hud.tables:
        parts.append(Text("waiting for the hero's hands (the log owner, or --hero)", style="dim"))
    for table in hud.tables:
        parts += [Text(""), table_block(table, width)]
    if hud.findings_total:
        parts += [Text(""), findings_block(hud)]
    return Group(*parts)


class Fitted:
    """The HUD laid out at the width it is drawn at (the terminal's, which a resized window changes)."""

    def __init__(self, hud: Hud) -> None:
        self.hud = hud

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield render(self.hud, options.max_width)


def render_text(hud: Hud, width: int = 80) -> str:
    """The HUD as plain text ``width`` columns wide (tests, the benchmark)."""
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(render(hud, width))
    return console.file.getvalue()  # type: ignore[attr-defined]
