"""``soko report dashboard``, ``soko report hand`` and ``soko report hands``: the HTML reports."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import api, i18n
from ..i18n import _
from . import Commands, ExitCode, app, reporting_errors
from .hands import stdin_spooled
from .output import echo, to_stdout
from .stats import Db, Game, Hero, Profile, Since, Site, Stakes, Until, filters

report_app = Commands(no_args_is_help=True)
app.add_typer(report_app, name="report")


@report_app.callback()
def _report() -> None:
    """Write HTML reports (the player-stat dashboard, a disputed-pot report) that need no network.

    Example: soko report dashboard --db soko.duckdb --player Aino
    """


PLAYER_HELP = _("Chart this player as the hero instead of the log owner (repeatable: accounts taken together).")


@report_app.command("dashboard")
def report_dashboard(
    db: Db = Path("soko.duckdb"),
    player: Annotated[list[str] | None, typer.Option("--player", help=PLAYER_HELP)] = None,
    hero: Hero = False,
    site: Site = None,
    game: Game = None,
    profile: Profile = None,
    stakes: Stakes = None,
    since: Since = None,
    until: Until = None,
    min_hands: Annotated[int, typer.Option("--min-hands", help=_("Leave out players with fewer hands."))] = 0,
    out: Annotated[Path | None, typer.Option("--out", help=_("The HTML file (default reports/dashboard.html; -: "
                                               "stdout)."))] = None,
) -> None:
    """The player-stat dashboard: the hero's results, win rates, starting hands and sessions, a players table.

    One self-contained HTML file that filters itself in the page (game, stakes, currency, dates, position,
    table size, players); no server or network needed. The hero is each hand's log owner, or the players
    named with --player. The options here choose what the page carries.

    Example: soko report dashboard --db soko.duckdb --player Aino --out reports/aino.html
    """
    with reporting_errors():
        chosen = filters(player, game, profile, stakes, since, until, min_hands, hero, site)
        if out is not None and to_stdout(out):
            written = on_stdout(_("the dashboard"), lambda f: api.report_dashboard(db, chosen, f, replayers=False))
            return
        written = api.report_dashboard(db, chosen, out)
    replayers = i18n.ngettext("{n} hand replayer", "{n} hand replayers", written["replayers"])
    typer.echo(_("{path} ({size} MB; {replayers} beside it)").format(
        path=written["path"], size=i18n.number(written["bytes"] / 1e6, 1),
        replayers=replayers.format(n=i18n.number(written["replayers"]))))


@report_app.command("hands")
def report_hands(
    db: Db = Path("soko.duckdb"),
    player: Annotated[list[str] | None, typer.Option("--player", help=_("List this player's hands instead of the "
                                                       "log owner's (repeatable)."))] = None,
    hero: Hero = False,
    site: Site = None,
    game: Game = None,
    profile: Profile = None,
    stakes: Stakes = None,
    since: Since = None,
    until: Until = None,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help=_("List at most this many hands, the latest "
                                                "first (default 1,000)."))] = None,
    out: Annotated[Path | None, typer.Option("--out", help=_("The folder of hands.html and the replayer pages "
                                               "(default reports/; -: hands.html alone on stdout)."))] = None,
) -> None:
    """The hand list: the hands the filters select (the log owner's by default), each opening its replayer.

    Writes hands.html (sortable: when, hand, game, stakes, position, cards, board, result, findings) and beside
    it one replayer page per hand listed. The dashboard carries the same list for its hero.

    Example: soko report hands --db soko.duckdb --player Aino --stakes 1/2 --out reports/aino-hands
    """
    with reporting_errors():
        chosen = filters(player, game, profile, stakes, since, until, 0, hero, site)
        if out is not None and to_stdout(out):
            on_stdout(_("the hand list"), lambda f: api.report_hands(db, chosen, f.parent, limit, replayers=False))
            return
        written = api.report_hands(db, chosen, out, limit)
    listed = i18n.ngettext("{n} hand listed", "{n} hands listed", written["hands"])
    replayers = i18n.ngettext("{n} hand replayer", "{n} hand replayers", written["replayers"])
    typer.echo(_("{path} ({listed}; {replayers} beside it)").format(
        path=written["path"], listed=listed.format(n=i18n.number(written["hands"])),
        replayers=replayers.format(n=i18n.number(written["replayers"]))))


@report_app.command("hand")
def report_hand(
    hand_id: Annotated[str, typer.Argument(help=_("The hand id, as the log prints it."))],
    paths: Annotated[list[Path] | None, typer.Argument(
        help=_("Hand-history files or folders to find the hand in, instead of a store; - reads standard input."))]
    = None,
    db: Annotated[Path | None, typer.Option("--db", help=_("The store (default soko.duckdb when no file is "
                                              "given)."))] = None,
    out: Annotated[Path | None, typer.Option("--out", help=_("The HTML file (default reports/hand-ID.html; -: "
                                               "stdout)."))] = None,
) -> None:
    """The replayer of one hand: street by street, the pot and every stack after each action, pots, payouts.

    From a store (--db) or straight from a hand-history file. The rules' stacks stand beside the log's
    where they differ; findings stand at their actions. Printable, and readable without JavaScript.
    Exit status 1 when the hand breaks the rules.

    Example: soko report hand 202603140103 sample_data/disputed/wrong-side-pot-split.txt
    """
    with reporting_errors(), stdin_spooled(paths or []) as (files, names):
        if out is not None and to_stdout(out):
            written = on_stdout(_("the replayer"), lambda f: api.report_hand(db, hand_id, f, files, names=names))
            raise typer.Exit(0 if written["ok"] else int(ExitCode.FINDINGS))
        written = api.report_hand(db, hand_id, out, files, names=names)
    verdict = _("played and paid by the rules") if written["ok"] else _("breaks the rules")
    typer.echo(f"{written['path']}: {verdict}")
    if not written["ok"]:
        raise typer.Exit(int(ExitCode.FINDINGS))


def on_stdout(what: str, write: Callable[[Path], dict[str, Any]]) -> dict[str, Any]:
    """A report written (by ``write``, given a file in a folder of its own) to standard output, and a line on
    stderr saying so; nothing stands beside it there, so a page links to no replayer."""
    with tempfile.TemporaryDirectory(prefix="soko-report-") as folder:
        written = write(Path(folder) / "report.html")
        typer.echo(Path(written["path"]).read_text(encoding="utf-8"), nl=False)
    echo(_("soko: {what} written to stdout ({size} MB)").format(what=what, size=i18n.number(written["bytes"] / 1e6, 1)),
         err=True)
    return written
