"""``soko watch``: hands imported while the player plays (issue 36), thin over :func:`soko_analytics.api.watch`."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import api
from ..i18n import _
from . import app, reporting_errors
from .output import echo


class Events(str, Enum):
    none = "none"
    jsonl = "jsonl"


@app.command("watch")
def watch(
    folders: Annotated[list[Path], typer.Argument(help=_("The folders (or files) a poker client writes its hand "
                                                         "histories into."))],
    db: Annotated[Path, typer.Option("--db", help=_("The store (created if missing)."))] = Path("soko.duckdb"),
    hero: Annotated[list[str] | None, typer.Option("--hero", help=_("Your name at the tables (repeat it for several "
                                                     "accounts), as for soko import."))] = None,
    interval: Annotated[float, typer.Option("--interval", min=0.05, help=_("Seconds between looks when polling, and "
                                              "at a file whose last hand is still open."))] = 0.5,
    settle: Annotated[float, typer.Option("--settle", min=0.0, help=_("Seconds a file must be quiet before its last "
                                            "hand, which no next hand has ended, is taken."))] = 1.0,
    events: Annotated[Events, typer.Option("--events", help=_("jsonl: a JSON line on stdout per hand stored or "
                                             "quarantined."))] = Events.none,
    poll: Annotated[bool, typer.Option("--poll", help=_("Look every --interval instead of asking the file system "
                                         "(the default without the watchfiles package)."))] = False,
    hud: Annotated[bool, typer.Option("--hud", help=_("Show a live HUD: the hero's tables now, each player's VPIP, "
                                        "PFR, 3Bet, AF and WTSD (~: few hands), the hero's result and the findings "
                                        "since the watch began (docs/hud.md). Not with --events jsonl."))] = False,
) -> None:
    """Import each new hand as the poker client writes it, until Ctrl-C; then a summary line on stderr.

    A growing file is read from where the last read ended (kept in the store); a hand is taken when the next
    hand's header arrives, or when the file has been quiet for --settle seconds; a file truncated or replaced
    is read again from its start, with nothing stored twice. Bad hands are quarantined, never stopping the watch.

    Example: soko watch ~/PokerStars/HandHistory --db soko.duckdb --hero MyName --events jsonl

    Example: soko watch ~/PokerStars/HandHistory --db soko.duckdb --hero MyName --hud
    """
    before = signal.signal(signal.SIGTERM, _as_ctrl_c)  # a service manager's stop ends it as Ctrl-C does
    try:
        _watch(folders, db, tuple(hero or ()), interval, settle, events, poll, hud)
    finally:
        signal.signal(signal.SIGTERM, before)


def _watch(folders: list[Path], db: Path, heroes: tuple[str, ...], interval: float, settle: float, events: Events,
           poll: bool, hud: bool) -> None:
    if hud:
        if events is Events.jsonl:
            raise typer.BadParameter("--hud draws on the terminal, where --events jsonl would write its lines: "
                                     "give one of them", param_hint="--hud")
        with reporting_errors():
            summary = watch_with_hud(db, folders, heroes, interval, settle, poll)
        echo(f"soko: {summary.line()}", err=True)
        return

    closed = threading.Event()

    def print_event(event: dict[str, Any]) -> None:
        """A JSON line on stdout; a reader gone (``| head``) ends the watch as Ctrl-C would."""
        if closed.is_set():
            return
        try:
            sys.stdout.write(json.dumps(event) + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
            closed.set()

    shown = ", ".join(str(folder) for folder in folders[:3])
    if len(folders) > 3:
        shown += f" and {len(folders) - 3} more"
    echo(_("soko: watching {folders} into {db}; Ctrl-C ends it").format(folders=shown, db=db), err=True)
    with reporting_errors():
        summary = api.watch(db, folders, heroes, interval, settle,
                            print_event if events is Events.jsonl else None, stop=closed, polling=poll)
    echo(f"soko: {summary.line()}", err=True)


def _as_ctrl_c(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def watch_with_hud(db: Path, folders: list[Path], heroes: tuple[str, ...], interval: float, settle: float,
                   poll: bool) -> api.WatchSummary:
    """The watch, its HUD drawn on the terminal's whole screen by rich's live display: laid out anew when an
    import changed it, and redrawn twice a second at the terminal's width, so that a resized window is drawn
    whole (the figures change only with an import)."""
    from rich.console import Console
    from rich.live import Live

    from .hud import Fitted

    console = Console()
    with Live(console=console, refresh_per_second=2, vertical_overflow="crop", screen=True) as live:
        def show(view: api.Hud) -> None:
            live.update(Fitted(view), refresh=True)

        return api.watch(db, folders, heroes, interval, settle, None, polling=poll, hud=show)
