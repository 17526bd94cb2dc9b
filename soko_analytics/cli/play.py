"""``soko simulate`` and ``soko demo``: hands played by the rules, and the main job on the bundled sample data."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .. import api, i18n
from ..i18n import _
from . import DEMO_OUT, OutputFormat, app, reporting_errors, write_text
from .output import echo, table, to_stdout


@app.command("simulate")
def simulate(
    profile: Annotated[str, typer.Option("--profile", "-p", help=_('A profile with overrides: "soko-casino".'))],
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help=_("How many hands."))] = 200,
    players: Annotated[int, typer.Option("--players", "-k", min=2, help=_("Players at the table (2 to the "
                                           "profile's maximum)."))] = 6,
    seed: Annotated[int, typer.Option("--seed", "-s", help=_("Random seed (the same seed, the same hands)."))] = 1,
    format: Annotated[OutputFormat | None, typer.Option("--format", help=_("soko, pokerstars or phh (default: soko for "
                                                          "Sökö profiles, else pokerstars)."))] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help=_("Write here instead of stdout (-: stdout)."))]
    = None,
) -> None:
    """Deal and play hands by the rules with players of different styles, and write them as a log.

    Stacks carry over from hand to hand (a busted player rebuys), the button moves, players sit
    out now and then. Every hand written audits clean and reads back to the same hand.

    Example: soko simulate --profile soko-casino --hands 300 --seed 1 --out session.txt
    """
    with reporting_errors():
        text = api.simulate_text(profile, hands, players, seed, format.value if format else None)
        out = None if to_stdout(out) else out
        if out is not None:
            write_text(out, text)
    if out is None:
        typer.echo(text, nl=False)
    else:
        echo(i18n.ngettext("soko: {n} hand written to {file}", "soko: {n} hands written to {file}", hands)
             .format(n=i18n.number(hands), file=out), err=True)


@app.command("demo")
def demo(
    out: Annotated[Path, typer.Option("--out", help=_("Folder for the demo's store."))] = DEMO_OUT,
    reports: Annotated[Path, typer.Option("--reports", help=_("Folder for the demo's reports."))] = Path("reports"),
) -> None:
    """Import the bundled sample data into a fresh store, audit it, and write the dashboard and a disputed hand's
    report into reports/.

    Prints a short summary (the import, the hero's stats in the games most played, where the dashboard and every
    player's stats are, the audit's findings) and then, last, the hands with an error.

    Example: soko demo --out /tmp/soko-demo
    """
    from ..store.db import default_jobs

    status = Console(stderr=True)
    with reporting_errors():
        if status.is_terminal:
            with status.status("soko demo") as spinner:
                data = api.demo(out, default_jobs(), reports, say=lambda step: spinner.update(f"soko demo: {step}"))
        else:
            data = api.demo(out, default_jobs(), reports, say=lambda step: echo(f"soko demo: {step}", err=True))
    _summary(data)
    table(_("Hands with an error (the disputed pots)"), [_("hand"), _("file"), _("code"), _("message")],
          [[row["hand_id"], Path(row["source_file"]).name, row["code"], row["message"]] for row in data["disputed"]])


def _summary(data: dict) -> None:
    """The demo's few lines before its disputed hands: what was imported, the hero, where things are, the audit."""
    echo(_("import: {summary}").format(summary=data["import"]))
    hero = data["hero"]
    if hero["hands"]:
        hands = i18n.ngettext("{n} hand", "{n} hands", hero["hands"]).format(n=i18n.number(hero["hands"]))
        games = i18n.ngettext("{n} game", "{n} games", hero["games"]).format(n=i18n.number(hero["games"]))
        echo(_("The hero, {names} (each log's owner): {hands} of {games}, net {net}; the most played:").format(
            names=", ".join(hero["names"]), hands=hands, games=games, net=", ".join(hero["net"])))
        stats = ("won_per_100", "vpip", "pfr", "af", "wtsd", "wsd")
        head = [_("game"), _("unit"), _("hands"), _("net"), _("won/100"), "VPIP", "PFR", "AF", "WTSD", "W$SD"]
        table(None, head, [[r["game"], _(r["unit"]), i18n.number(r["hands"]), r["net"],
                            *("–" if r[k] is None else i18n.number(r[k], 1) for k in stats)] for r in hero["top"]],
              right=head[2:])
    echo(_("Every player's stats: {file} (or soko stats --db {store})").format(file=data["stats"], store=data["store"]))
    dashboard = (_("The dashboard: {page}; the first disputed hand: {report}") if data["hand_report"] else
                 _("The dashboard: {page}")).format(page=data["dashboard"], report=data["hand_report"])
    echo(dashboard)
    echo(_audit_line(data))


def _audit_line(data: dict) -> str:
    """The demo's audit in a line: the errors, the hands they are in, the other findings, how to explain one."""
    errors = sum(f["n"] for f in data["findings"] if f["severity"] == "error")
    others = ", ".join(f"{f['code']} {i18n.number(f['n'])}" for f in data["findings"] if f["severity"] != "error")
    hands = len({row["hand_id"] for row in data["disputed"]})
    line = i18n.ngettext("Audit: {n} error", "Audit: {n} errors", errors).format(n=i18n.number(errors))
    line += i18n.ngettext(" in {n} hand", " in {n} hands", hands).format(n=i18n.number(hands))
    if others:
        line += _(" (and info findings: {findings})").format(findings=others)
    if data["disputed"]:
        line += _("; explain one: soko audit --db {store} --explain {hand_id}").format(
            store=data["store"], hand_id=data["disputed"][0]["hand_id"])
    return line
