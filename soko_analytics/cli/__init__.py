"""The ``soko`` command line: thin commands over :mod:`soko_analytics.api`.

The only package that imports typer and rich: this module holds the app, its
shared helpers and most commands; ``stats.py`` and ``reports.py`` add ``soko
stats`` and ``soko report``. Each command parses its options,
calls one api function inside :func:`reporting_errors`, and renders the plain
data it gets back: a rich table, or JSON with ``--json``. Data goes to stdout,
diagnostics to stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum, IntEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from .. import api
from ..errors import SokoError
from .output import cell, echo, json_text, safe


class ExitCode(IntEnum):
    """Exit status of ``soko``."""

    OK = 0
    """Success."""
    FINDINGS = 1
    """``soko audit``: some hand has an error finding."""
    USAGE = 2
    """Bad input: an unknown name, a bad value, a missing file, an impossible combination of options."""
    INTERNAL = 3
    """A bug of soko_analytics stopped the command (the message says where; ``--strict`` or SOKO_DEBUG=1
    show the traceback)."""
    INTERRUPTED = 130
    """Ctrl-C."""


class InputFormat(str, Enum):
    """``--format`` / ``--from`` of the commands that read hand histories."""

    auto = "auto"
    pokerstars = "pokerstars"
    soko = "soko"
    phh = "phh"


class OutputFormat(str, Enum):
    """``--to`` of ``soko convert``, ``--format`` of ``soko simulate``."""

    pokerstars = "pokerstars"
    soko = "soko"
    phh = "phh"


class ExportFormat(str, Enum):
    """``--to`` of ``soko export``."""

    parquet = "parquet"
    pokerstars = "pokerstars"
    soko = "soko"
    phh = "phh"


Strict = Annotated[bool, typer.Option("--strict", help="Stop with a traceback at a bug of soko_analytics instead "
                                      "of quarantining the hand as internal (for debugging).")]


app = typer.Typer(
    name="soko",
    help="Hand-history analysis for Sökö, Texas Hold'em and Seven Card Stud.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _soko() -> None:
    """Hand-history analysis for Sökö, Texas Hold'em and Seven Card Stud.

    Example: soko rules soko-casino
    """


@contextmanager
def reporting_errors(code: ExitCode = ExitCode.USAGE) -> Iterator[None]:
    """Turn a SokoError into ``soko: error: <message>`` on stderr and exit ``code``; Ctrl-C into exit 130."""
    try:
        yield
    except api.Interrupted as err:
        echo(f"soko: {err.reason}", err=True)
        raise typer.Exit(int(ExitCode.INTERRUPTED)) from None
    except SokoError as err:
        echo(f"soko: error: {err}", err=True)
        raise typer.Exit(int(code)) from None
    except KeyboardInterrupt:
        echo("soko: interrupted", err=True)
        raise typer.Exit(int(ExitCode.INTERRUPTED)) from None


def _print_json(data: Any) -> None:
    typer.echo(json_text(data))


@app.command("rules")
def rules(
    profile: Annotated[
        str | None,
        typer.Argument(help='A profile, optionally with overrides: "soko-finnish; raise_after_pass=false".'),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", "-s", metavar="OPTION=VALUE", help="Override one option (repeatable)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Show the game profiles and their options, or one resolved profile.

    With no PROFILE: the five profiles side by side (RULES.md §1) and every
    option with its default and meaning. With a PROFILE, and overrides written
    as in a log's Rules: line or with --set: the resolved game (streets,
    forced bets, who acts first, structure, every option value).

    Example: soko rules "soko-finnish; raise_after_pass=false" --json
    """
    with reporting_errors():
        if profile is None:
            if set_:
                raise SokoError("--set needs a PROFILE to override")
            data: Any = {"profiles": api.profiles(), "options": api.describe_options()}
            render = _render_overview
        else:
            text = "; ".join([profile, *(set_ or [])])
            data = api.resolve_profile(text)
            render = _render_spec
    if as_json:
        _print_json(data)
    else:
        render(data, Console())


@app.command("eval")
def eval_(
    hands: Annotated[list[str], typer.Argument(help='Hands of 5 to 7 cards, each quoted: "As Kd 7h 7c 2s".')],
    rules: Annotated[
        str, typer.Option("--rules", "-r", help='The profile whose ranking applies, with overrides: "soko-finnish".')
    ] = "holdem",
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Evaluate hands under a profile's ranking and say which one wins.

    Each hand is valued by its best five cards; the table gives the class, the
    description as the logs print it, and wins / splits / loses.

    Example: soko eval "Ah Kh 7h 3h 3s" "Qs Qd 9c 5h 2d" --rules soko-casino
    """
    with reporting_errors():
        data = api.evaluate_hands(hands, rules)
    if as_json:
        _print_json(data)
        return
    table = Table(title=f"Rules: {data['rules']} (ranking {data['ranking']})")
    for col in ("hand", "best five", "description", "value", "result"):
        table.add_column(col, justify="right" if col == "value" else "left")
    for h in data["hands"]:
        table.add_row(h["hand"], h["best_five"], h["description"], str(h["value"]), h["result"])
    Console().print(table)


@app.command("convert")
def convert(
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or folders (plain, .gz, .zip).")],
    to: Annotated[OutputFormat, typer.Option("--to", help="Output format: soko, phh or pokerstars.")],
    from_: Annotated[InputFormat, typer.Option("--from", help="Input format, or auto to detect per file.")]
    = InputFormat.auto,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")] = None,
    strict: Strict = False,
) -> None:
    """Convert hand histories to another format.

    Every hand that parses is written; hands that do not (unsupported games, cancelled or
    malformed hands) and files that cannot be read are listed on stderr as ``file:line: reason``.

    Example: soko convert session.txt --to phh --out session.phhs
    """
    with reporting_errors():
        result = api.convert(paths, to.value, from_.value, strict)
        if out is None:
            typer.echo(result.text, nl=False)
        else:
            _write_text(out, result.text)
    for q in result.quarantined:
        echo(f"soko: skipped: {q.message()}", err=True)
    for hand, why in result.unwritable:
        where = f"{hand.source.path}:{hand.source.line}: " if hand.source else ""
        echo(f"soko: not written: {where}hand {hand.hand_id}: {why}", err=True)
    skipped = len(result.quarantined) + len(result.unwritable)
    typer.echo(f"soko: {result.written} hands written, {skipped} skipped", err=True)


def _write_text(out: Path, text: str) -> None:
    """Write an output file; a SokoError (not a traceback) when its folder is missing or it cannot be written."""
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as err:
        raise SokoError(f"cannot write the file: {err.strerror or err}", path=str(out)) from None


@app.command("audit")
def audit(
    paths: Annotated[list[Path] | None, typer.Argument(help="Hand-history files or folders (plain, .gz, .zip).")] = None,
    db: Annotated[Path | None, typer.Option("--db", help="Audit the hands of this store instead of files.")] = None,
    hand: Annotated[str | None, typer.Option("--hand", metavar="HAND_ID", help="Only this hand (with --db).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per hand (JSON Lines) on stdout.")] = False,
    explain: Annotated[str | None, typer.Option("--explain", metavar="HAND_ID",
                                                help="Print one hand's replay as a ledger, with the verdict.")] = None,
    from_: Annotated[InputFormat, typer.Option("--from", help="Input format, or auto to detect per file.")]
    = InputFormat.auto,
    strict: Strict = False,
) -> None:
    """Replay every hand under its profile's rules and check each action and each pot split.

    Reads files and folders, or the hands of a store with --db. Prints a verdict per hand with an
    error and a summary (or, with --json, one record per hand). A file that is not a hand history
    is reported and skipped. Exit status: 0 when no hand has an error finding, 1 when some do, 2 for
    usage errors (a missing file, a bad option), 3 when a bug of soko_analytics stopped the run.

    Example: soko audit session.txt --explain 202603140001
    """
    from ..replay.explain import explain as explain_hand

    if not paths and db is None:
        _usage("give hand-history files or folders, or --db FILE")
    if explain is not None:
        with reporting_errors():
            result = _one_audit(paths, db, explain, from_.value)
        echo(explain_hand(result), nl=False)
        raise typer.Exit(int(ExitCode.OK if result.ok else ExitCode.FINDINGS))
    summary = api.AuditSummary()
    with reporting_errors():
        items = api.audit_store(db, hand) if db is not None else api.audit_hands(paths or [], from_.value, strict)
        for item in items:
            summary.add(item)
            if isinstance(item, api.Quarantined):
                echo(f"soko: not audited: {item.message()}", err=True)
            elif as_json:
                typer.echo(json_text(api.audit_record(item), indent=None))
            elif not item.ok:
                _print_verdict(item)
    _print_summary(summary, err=as_json)
    raise typer.Exit(int(ExitCode.FINDINGS if summary.with_errors else ExitCode.OK))


def _one_audit(paths, db, hand_id: str, from_: str):
    if db is None:
        return api.find_hand(paths, hand_id, from_)
    found = [item for item in api.audit_store(db, hand_id) if not isinstance(item, api.Quarantined)]
    if not found:
        raise api.SokoError(f"no hand {hand_id} in the store", path=str(db), hand_id=hand_id)
    return found[0]


def _usage(message: str) -> None:
    echo(f"soko: error: {message}", err=True)
    raise typer.Exit(int(ExitCode.USAGE))


@app.command("import")
def import_(
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or folders (plain, .gz, .zip).")],
    db: Annotated[Path, typer.Option("--db", help="The store (created if missing).")] = Path("soko.duckdb"),
    format: Annotated[InputFormat, typer.Option("--format", help="Input format, or auto to detect per file.")]
    = InputFormat.auto,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes that read in parallel (0: all cores).")] = 0,
    with_audit: Annotated[bool, typer.Option("--audit/--no-audit", help="Replay each new hand and store "
                                             "its findings.")] = True,
    force: Annotated[bool, typer.Option("--force", help="Read files again even if they were imported "
                                        "unchanged.")] = False,
    strict: Strict = False,
) -> None:
    """Import hand histories into the store; files already imported unchanged are skipped.

    Every hand is stored or quarantined with its reason (soko quarantine lists them). Hands are
    written a few thousand at a time, each batch in one transaction, so an interrupted import
    (Ctrl-C, or a killed process) can simply be run again. A file that cannot be read is reported,
    and tried again by the next import.

    Example: soko import ~/hands --db soko.duckdb
    """
    from ..store.db import default_jobs

    if jobs < 0:
        _usage(f"--jobs must be 0 (all cores) or more, not {jobs}")
    jobs = jobs or default_jobs()
    console = Console(stderr=True)
    with reporting_errors():
        if console.is_terminal:
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            with Progress(TextColumn("[bold]import"), BarColumn(), TextColumn("{task.completed:,.0f} hands"),
                          TextColumn("{task.fields[files]} files, {task.fields[rate]:,.0f} hands/s"),
                          TimeElapsedColumn(), console=console, transient=True) as bar:
                task = bar.add_task("import", total=None, files=0, rate=0.0)

                def chunk(hands: int) -> None:
                    bar.advance(task, hands)
                    elapsed = bar.tasks[task].elapsed or 0
                    bar.update(task, rate=bar.tasks[task].completed / elapsed if elapsed else 0)

                def file(result) -> None:
                    bar.update(task, files=bar.tasks[task].fields["files"] + 1)

                summary = api.import_paths(db, paths, format.value, jobs, with_audit, file, strict, force, chunk)
        else:
            summary = api.import_paths(db, paths, format.value, jobs, with_audit, strict=strict, force=force)
    for problem in summary.problems:
        echo(f"soko: not read: {problem.message()}", err=True)
    for f in summary.files:
        if f.error:
            echo(f"soko: not read: {f.path}: {f.error}", err=True)
    if summary.internal:
        echo(f"soko: {summary.internal} hands met a bug of soko_analytics and are quarantined as internal "
             f"(soko quarantine --db {db} lists them); please report it", err=True)
    typer.echo(summary.line())


@app.command("quarantine")
def quarantine(
    db: Annotated[Path, typer.Option("--db", help="The store.")] = Path("soko.duckdb"),
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    all_: Annotated[bool, typer.Option("--all", help="Also the records a later import resolved.")] = False,
) -> None:
    """List what the store could not store, and why (file, line, hand, kind, reason).

    A record is resolved (and no longer listed) when a later import stores its hand, or reads its
    file again and no longer finds it.

    Example: soko quarantine --db soko.duckdb
    """
    with reporting_errors():
        rows = api.quarantine_records(db, all_)
    if as_json:
        _print_json(rows)
        return
    for row in rows:
        hand = f" hand {row['hand_id']}:" if row["hand_id"] else ""
        resolved = f" (resolved by import {row['resolved_by']})" if row["resolved_by"] is not None else ""
        echo(f"{row['source_file']}:{row['source_line']}:{hand} [{row['kind']}] {row['reason']}{resolved}")
    typer.echo(f"{len(rows)} quarantined", err=True)


def _print_verdict(result) -> None:
    from ..replay.findings import Severity

    hand = result.hand
    where = f"{hand.source.path}:{hand.source.line}: " if hand.source else ""
    echo(f"{where}{hand.site} hand {hand.hand_id} ({hand.rules}):")
    for f in result.findings:
        if f.severity is Severity.ERROR:
            detail = f" (expected {f.expected}, log: {f.actual})" if f.expected or f.actual else ""
            line = f"line {f.line}: " if f.line else ""
            echo(f"  {line}{f.code}: {f.message}{detail}")


def _print_summary(summary, err: bool) -> None:
    malformed = summary.quarantined - summary.unsupported - summary.incomplete - summary.internal - summary.unreadable
    text = (f"{summary.hands} hands audited: {summary.ok} ok, {summary.with_errors} with errors; "
            f"{summary.quarantined} not audited ({summary.unsupported} unsupported games, "
            f"{summary.incomplete} incomplete, {malformed} malformed")
    text += f", {summary.unreadable} unreadable files" if summary.unreadable else ""
    text += f", {summary.internal} internal errors" if summary.internal else ""
    typer.echo(text + ")", err=err)
    if summary.findings:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(summary.findings.items(), key=lambda kv: -kv[1]))
        typer.echo(f"findings: {counts}", err=err)


@app.command("simulate")
def simulate(
    profile: Annotated[str, typer.Option("--profile", "-p", help='A profile with overrides: "soko-casino".')],
    hands: Annotated[int, typer.Option("--hands", "-n", help="How many hands.")] = 200,
    players: Annotated[int, typer.Option("--players", "-k", help="Players at the table.")] = 6,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Random seed (the same seed, the same hands).")] = 1,
    format: Annotated[OutputFormat | None, typer.Option("--format", help="soko, pokerstars or phh (default: soko for "
                                               "Sökö profiles, else pokerstars).")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")] = None,
) -> None:
    """Deal and play hands by the rules with players of different styles, and write them as a log.

    Stacks carry over from hand to hand (a busted player rebuys), the button moves, players sit
    out now and then. Every hand written audits clean and reads back to the same hand.

    Example: soko simulate --profile soko-casino --hands 300 --seed 1 --out session.txt
    """
    with reporting_errors():
        text = api.simulate_text(profile, hands, players, seed, format.value if format else None)
        if out is not None:
            _write_text(out, text)
    if out is None:
        typer.echo(text, nl=False)
    else:
        echo(f"soko: {hands} hands written to {out}", err=True)


@app.command("demo")
def demo(
    out: Annotated[Path, typer.Option("--out", help="Folder for the demo's store.")] = Path("soko-demo"),
    reports: Annotated[Path, typer.Option("--reports", help="Folder for the demo's reports.")] = Path("reports"),
) -> None:
    """Import the bundled sample data into a fresh store, audit it, show findings and player stats, and
    write the dashboard and a disputed hand's report into reports/.

    Example: soko demo --out /tmp/soko-demo
    """
    from ..store.db import default_jobs

    with reporting_errors():
        data = api.demo(out, default_jobs(), reports)
    console = Console()
    console.print(f"[bold]import[/]: {data['import']}")
    findings = Table(title="Audit findings")
    for col in ("code", "severity", "hands"):
        findings.add_column(col)
    for row in data["findings"]:
        findings.add_row(row["code"], row["severity"], str(row["n"]))
    console.print(findings)
    disputed = Table(title="Hands with an error (the disputed pots)")
    for col in ("hand", "file", "code", "message"):
        disputed.add_column(col)
    for row in data["disputed"]:
        disputed.add_row(cell(row["hand_id"]), cell(Path(row["source_file"]).name), cell(row["code"]),
                         cell(row["message"]))
    console.print(disputed)
    players = Table(title="Player stats (all of them: soko stats --db " + data["store"] + ")")
    for col in ("game", "player", "hands", "net", "VPIP", "PFR", "AF", "WTSD", "W$SD"):
        players.add_column(col, justify="left" if col in ("game", "player") else "right")
    for row in data["players"]:
        players.add_row(cell(row["game"]), cell(row["player"]), str(row["hands"]),
                        cell(f"{row['net']} {row['currency'] or ''}".strip()),
                        *("–" if row[k] is None else f"{row[k]:.1f}" for k in ("vpip", "pfr", "af", "wtsd", "wsd")))
    console.print(players)
    console.print("Written:")
    for path in data["written"]:
        console.print(cell(f"  {path}"))
    console.print(cell("Try: soko audit --db " + data["store"] + " --explain " +
                       (data["disputed"][0]["hand_id"] if data["disputed"] else "<hand id>")))


def _render_overview(data: dict[str, Any], console: Console) -> None:
    profiles = data["profiles"]
    table = Table(title="Profiles (RULES.md §1)")
    table.add_column("option", style="bold")
    for p in profiles:
        table.add_column(p["name"])
    table.add_row("source", *(p["source"] for p in profiles))
    for row in profiles[0]["summary"]:
        table.add_row(row, *(p["summary"][row] for p in profiles))
    console.print(table)
    options = Table(title='Options (override: "PROFILE; option=value; ...")')
    for col in ("option", "default", "allowed", "meaning", "§"):
        options.add_column(col, style="bold" if col == "option" else None)
    for o in data["options"]:
        options.add_row(o["name"], o["default"], o["allowed"], o["description"], o["section"])
    console.print(options)


def _render_spec(data: dict[str, Any], console: Console) -> None:
    summary = Table(title=f"Rules: {data['rules']}", show_header=False)
    summary.add_column(style="bold")
    summary.add_column()
    for key, value in data["summary"].items():
        summary.add_row(key, value)
    summary.add_row("hand ranking", data["ranking"])
    console.print(summary)
    streets = Table(title="Streets")
    for col in ("street", "down", "up", "board", "turn up", "betting", "bet size", "open pair big bet"):
        streets.add_column(col)
    for s in data["streets"]:
        streets.add_row(
            s["name"], str(s["down"]), str(s["up"]), str(s["board"]), str(s["turn_up"]),
            "yes" if s["betting"] else "no", s["bet_size"] or "—", "yes" if s["open_pair_big_bet"] else "no",
        )
    console.print(streets)
    options = Table(title="Options")
    options.add_column("option", style="bold")
    options.add_column("value")
    for name, value in data["option_text"].items():
        options.add_row(name, value)
    console.print(options)


def main() -> None:
    """Entry point of the ``soko`` script: a bug of ours is one line on stderr and exit status 3
    (``SOKO_DEBUG=1`` or ``--strict`` shows the traceback)."""
    debug = os.environ.get("SOKO_DEBUG") == "1" or "--strict" in sys.argv
    try:
        app()
    except KeyboardInterrupt:
        echo("soko: interrupted", err=True)
        sys.exit(int(ExitCode.INTERRUPTED))
    except Exception as err:  # noqa: BLE001 - the last boundary: a bug of ours never prints a bare traceback
        if api.interrupted(err):
            echo("soko: interrupted", err=True)
            sys.exit(int(ExitCode.INTERRUPTED))
        if debug:
            raise
        echo(f"soko: internal error: {type(err).__name__}: {err} (at {api.code_location(err)}); this is a bug in "
             "soko_analytics: run again with SOKO_DEBUG=1 for the traceback, and please report it", err=True)
        sys.exit(int(ExitCode.INTERNAL))


@app.command("export")
def export(
    out: Annotated[Path, typer.Argument(help="The folder (parquet) or file (soko, phh, pokerstars) to write.")],
    to: Annotated[ExportFormat, typer.Option("--to", help="parquet, soko, phh or pokerstars.")],
    db: Annotated[Path, typer.Option("--db", help="The store.")] = Path("soko.duckdb"),
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing text file.")] = False,
) -> None:
    """Export the store: every table as Parquet, or the stored hands as hand-history text.

    Parquet: one folder per hand table, partitioned by game and month
    (OUT/hands/game=holdem/month=2010-04/...), and OUT/quarantine.parquet and
    OUT/imports.parquet; DuckDB and Polars read it with hive partitioning. Text:
    the hands the format can express, in one file; the others are counted as
    skipped. An existing text file is not overwritten without --force.

    Example: soko export --db soko.duckdb --to parquet lake/
    """
    with reporting_errors():
        result = api.export(db, to.value, out, force)
    if "rows" in result:
        for table, rows in result["rows"].items():
            typer.echo(f"{table}: {rows:,} rows")
        typer.echo(f"written to {result['out']}", err=True)
    else:
        typer.echo(f"{result['written']:,} hands written to {result['out']}, "
                   f"{result['skipped']:,} skipped (not expressible in {result['to']})")


# The commands of the other modules of this package register themselves on app.
from . import reports as _reports  # noqa: E402,F401
from . import stats as _stats  # noqa: E402,F401
