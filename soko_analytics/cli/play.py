"""``soko simulate`` and ``soko demo``: hands played by the rules, and the main job on the bundled sample data."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .. import api
from ..model.counts import plural
from . import DEMO_OUT, OutputFormat, app, reporting_errors, write_text
from .output import echo, table, to_stdout


@app.command("simulate")
def simulate(
    profile: Annotated[str, typer.Option("--profile", "-p", help='A profile with overrides: "soko-casino".')],
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="How many hands.")] = 200,
    players: Annotated[int, typer.Option("--players", "-k", min=2, help="Players at the table (2 to the "
                                         "profile's maximum).")] = 6,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed (the same seed, the same hands).")] = 1,
    format: Annotated[OutputFormat | None, typer.Option("--format", help="soko, pokerstars or phh (default: soko for "
                                                        "Sökö profiles, else pokerstars).")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of stdout (-: stdout).")]
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
        echo(f"soko: {plural(hands, 'hand')} written to {out}", err=True)


@app.command("demo")
def demo(
    out: Annotated[Path, typer.Option("--out", help="Folder for the demo's store.")] = DEMO_OUT,
    reports: Annotated[Path, typer.Option("--reports", help="Folder for the demo's reports.")] = Path("reports"),
) -> None:
    """Import the bundled sample data into a fresh store, audit it, show findings and player stats, and
    write the dashboard and a disputed hand's report into reports/.

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
    echo(f"import: {data['import']}")
    table("Audit findings", ["code", "severity", "hands"],
          [[row["code"], row["severity"], row["n"]] for row in data["findings"]], right=["hands"])
    table("Hands with an error (the disputed pots)", ["hand", "file", "code", "message"],
          [[row["hand_id"], Path(row["source_file"]).name, row["code"], row["message"]] for row in data["disputed"]])
    table(f"Player stats (all of them: soko stats --db {data['store']})",
          ["game", "unit", "player", "hands", "net", "VPIP", "PFR", "AF", "WTSD", "W$SD"],
          [[row["game"], row["unit"], row["player"], row["hands"], f"{row['net']} {row['currency'] or ''}".strip(),
            *("–" if row[k] is None else f"{row[k]:.1f}" for k in ("vpip", "pfr", "af", "wtsd", "wsd"))]
           for row in data["players"]],
          right=["hands", "net", "VPIP", "PFR", "AF", "WTSD", "W$SD"])
    echo("Written:")
    for path in data["written"]:
        echo(f"  {path}")
    echo("Try: soko audit --db " + data["store"] + " --explain "
         + (data["disputed"][0]["hand_id"] if data["disputed"] else "<hand id>"))
