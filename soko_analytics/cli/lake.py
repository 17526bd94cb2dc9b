"""``soko lake build``: hand histories into a lake (the store's tables as Parquet) on a Dask cluster."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import api
from ..i18n import _, say
from . import Commands, app, reporting_errors
from .output import echo

Paths = Annotated[list[Path], typer.Argument(help=_("Hand-history files or folders (plain, .gz, .zip), the same paths "
                                                    "on every worker."))]
lake_app = Commands(no_args_is_help=True)
app.add_typer(lake_app, name="lake")


@lake_app.callback()
def _lake() -> None:
    """Build a lake: the store's tables as Parquet, partitioned by site, game and month, on a Dask cluster.

    Every command that reads a store reads a lake by --db FOLDER (soko stats --db LAKE). Needs the dask extra:
    pip install 'soko_analytics[dask]'.

    Example: soko lake build ~/hands --out hands.lake --workers 2
    """


@lake_app.command("build")
def lake_build(
    paths: Paths,
    out: Annotated[Path, typer.Option("--out", help=_("The lake's folder (made if missing; a lake grows by the files "
                                                      "it does not hold yet)."))],
    workers: Annotated[int | None, typer.Option("--workers", min=1, help=_("Start a local Dask cluster of this many "
                                                  "worker processes (default: the cores, up to 8)."))] = None,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help=_("The address of an existing Dask scheduler "
                                                    "(tcp://host:8786) to run the tasks on instead."))] = None,
    hero: Annotated[list[str] | None, typer.Option("--hero", help=_("Your name at the tables (repeatable): each hand "
                                                     "of the input, stored before or now, takes as its hero the first "
                                                     "of these seated in it, none where none is."))] = None,
) -> None:
    """Read hand histories into a lake in Dask workers; files already in it unchanged are skipped.

    The files are grouped into tasks of similar size; each runs the store's reader (read, audit, facts) in a
    worker and writes Parquet parts; a hand in two files is stored once, a different hand under a stored id is
    quarantined as a conflict, as in a store. Prints one line: files, hands stored, duplicates, quarantined,
    seconds and hands/s, and with --hero the hands stored before whose hero changed. Exit status 2 where Dask is
    not installed.

    Example: soko lake build ~/hands --out hands.lake --workers 2 --hero MyName
    """
    with reporting_errors():
        summary = api.lake_build(paths, out, workers, scheduler, tuple(hero or ()))
    for problem in summary.problems:
        echo(_("soko: not read: {reason}").format(reason=problem.message()), err=True)
    for file in summary.files:
        if file.error:
            echo(_("soko: not read: {reason}").format(reason=f"{file.path}: {say(file.error)}"), err=True)
    typer.echo(summary.line())
