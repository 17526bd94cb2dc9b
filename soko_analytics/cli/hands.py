"""The commands that read hand histories or a store of them: import, audit, convert, quarantine, export."""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from .. import api, i18n
from ..errors import phrase
from ..i18n import _, say
from ..store.db import ImportSummary
from . import STDIN, ExitCode, InputFormat, OutputFormat, Strict, app, reporting_errors, usage, write_text
from .output import Format, echo, json_text, records, to_stdout

Paths = Annotated[list[Path], typer.Argument(help=_("Hand-history files or folders (plain, .gz, .zip); - reads "
                                                    "standard input."))]
STDIN_NAME = "<stdin>"
NAMED = 5
"""Files named in a message about many (skipped, or not read for one reason); the rest are counted."""


@contextmanager
def stdin_spooled(paths: list[Path]) -> Iterator[tuple[list[Path], dict[Path, str]]]:
    """The paths with ``-`` replaced by a temporary file holding standard input (read in blocks), and the
    name records give it."""
    if not any(str(p) == STDIN for p in paths):
        yield paths, {}
        return
    with tempfile.TemporaryDirectory(prefix="soko-stdin-") as folder:
        spool = Path(folder) / "stdin"
        with open(spool, "wb") as f:
            shutil.copyfileobj(sys.stdin.buffer, f, 1 << 20)
        yield [spool if str(p) == STDIN else p for p in paths], {spool: STDIN_NAME}


@app.command("import")
def import_(
    paths: Paths,
    db: Annotated[Path, typer.Option("--db", help=_("The store (created if missing)."))] = Path("soko.duckdb"),
    from_: Annotated[InputFormat, typer.Option("--from", help=_("Input format, or auto to detect per file."))]
    = InputFormat.auto,
    format: Annotated[InputFormat | None, typer.Option("--format", hidden=True, help=_("The old spelling of --from."))]
    = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help=_("Files read in parallel (0: all cores, up to 8)."))]
    = 0,
    with_audit: Annotated[bool, typer.Option("--audit/--no-audit", help=_("Replay each new hand and store "
                                               "its findings."))] = True,
    force: Annotated[bool, typer.Option("--force", help=_("Read files again even if they were imported "
                                          "unchanged."))] = False,
    strict: Strict = False,
    fmt: Annotated[Format, typer.Option("--summary", help=_("How to print the summary: table (one line), json, "
                                                           "jsonl or csv (a row per file)."))] = Format.table,
    hero: Annotated[list[str] | None, typer.Option("--hero", help=_("Your name at the tables (repeat it for several "
                                                     "accounts): each hand of the input, stored before or now, takes "
                                                     "as its hero the first of these seated in it, none where none "
                                                     "is, instead of the player its log deals face up to."))] = None,
) -> None:
    """Import hand histories into the store; files already imported unchanged are skipped.

    Every hand is stored or quarantined with its reason (soko quarantine lists them). Hands are written
    a few thousand at a time, each batch in one transaction, so an interrupted import (Ctrl-C, or a
    killed process) can simply be run again. A file that cannot be read is reported, and tried again
    by the next import. In a folder, files of other suffixes are read when their first bytes hold a hand
    history's header and named as skipped when not. On a terminal a bar counts files and bytes, with an ETA.
    Exit status: 0 when the input was read (some hands quarantined, too), 4 when nothing of it could be read
    (every hand quarantined, every file unreadable or not of the --format asked for), 2 for usage errors.

    Example: soko import ~/hands --db soko.duckdb --hero MyName --hero MyOtherName
    """
    from ..store.db import default_jobs

    format = format or from_
    jobs = jobs or default_jobs()
    heroes = tuple(hero or ())
    console = Console(stderr=True)
    with reporting_errors(), stdin_spooled(paths) as (paths, names):
        run = partial(api.import_paths, db, paths, format.value, jobs, with_audit, strict=strict, force=force,
                      names=names, heroes=heroes)
        summary = _with_progress_bar(run, console) if console.is_terminal else run()
    _report_import(summary, db, fmt)
    if summary.nothing_read:
        raise typer.Exit(int(ExitCode.NOTHING_READ))


def _with_progress_bar(run: Callable[..., ImportSummary], console: Console) -> ImportSummary:
    """``run(progress=, on_chunk=, on_total=)`` under a bar of files and bytes (and, on a wide terminal, hands and
    hands a second), with the time left."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.progress import DownloadColumn as Bytes

    wide = console.width >= 110  # a narrow terminal gets the bar, the files and the time left
    columns = [TextColumn("[bold]import"), BarColumn(bar_width=max(10, min(40, console.width - 70))),
               TextColumn("{task.fields[files]}")]
    if wide:
        columns += [Bytes(), TextColumn("{task.fields[hands]:,} hands, {task.fields[rate]:,.0f} hands/s")]
    with Progress(*columns, TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("import", total=None, files="", hands=0, rate=0.0)
        done = [0, 0]  # files, and the files found

        def found(files: int, size: int) -> None:
            done[1] = files
            bar.update(task, total=size, files=f"0/{files:,} files")

        def chunk(hands: int) -> None:
            total, elapsed = bar.tasks[task].fields["hands"] + hands, bar.tasks[task].elapsed or 0
            bar.update(task, hands=total, rate=total / elapsed if elapsed else 0.0)

        def file(result) -> None:
            done[0] += 1
            bar.update(task, advance=result.size, files=f"{done[0]:,}/{done[1]:,} files")

        return run(progress=file, on_chunk=chunk, on_total=found)


def _report_import(summary: ImportSummary, db: Path, fmt: Format) -> None:
    """What an import says: files passed over and not read (a few named per reason), hands that met a bug, then
    the summary line or the per-file records."""
    if summary.passed:
        shown = ", ".join(Path(path).name for path, _reason in summary.passed[:NAMED])
        extra = len(summary.passed) - NAMED
        more = _(" and {n} more").format(n=i18n.number(extra)) if extra > 0 else ""
        passed = i18n.ngettext("soko: {n} file skipped, not hand histories by name or by their first bytes: {files}",
                               "soko: {n} files skipped, not hand histories by name or by their first bytes: {files}",
                               len(summary.passed))
        echo(passed.format(n=i18n.number(len(summary.passed)), files=shown + more), err=True)
    for problem in summary.problems:
        echo(_("soko: not read: {reason}").format(reason=problem.message()), err=True)
    by_reason: dict[str, list[str]] = {}
    for f in summary.files:
        if f.error:
            by_reason.setdefault(f.error, []).append(f.path)
    for reason, failed in by_reason.items():  # a wrong --format fails every file alike: a few lines, not thousands
        for path in failed[:NAMED]:
            echo(_("soko: not read: {reason}").format(reason=f"{path}: {say(reason)}"), err=True)
        if len(failed) > NAMED:
            more = i18n.ngettext("soko: not read: {n} more file, for the same reason",
                                 "soko: not read: {n} more files, for the same reason", len(failed) - NAMED)
            echo(more.format(n=i18n.number(len(failed) - NAMED)), err=True)
    if summary.internal:
        bug = i18n.ngettext("soko: {n} hand met a bug of soko_analytics and is quarantined as internal (soko "
                            "quarantine --db {db} lists it); please report it",
                            "soko: {n} hands met a bug of soko_analytics and are quarantined as internal (soko "
                            "quarantine --db {db} lists them); please report it", summary.internal)
        echo(bug.format(n=i18n.number(summary.internal), db=db), err=True)
    if fmt is Format.table:
        typer.echo(summary.line())
        if summary.drift:  # the drift report in one line: a site's new format shows the day it comes
            count, shapes = sum(g["count"] for g in summary.drift), len(summary.drift)
            drift = i18n.ngettext("soko: {count} quarantined, in {n} kind of line not understood (soko quarantine "
                                  "--db {db} --by reason)", "soko: {count} quarantined, in {n} kinds of line not "
                                  "understood (soko quarantine --db {db} --by reason)", shapes)
            echo(drift.format(count=i18n.number(count), n=i18n.number(shapes), db=db), err=True)
    else:
        files = [{"path": f.path, "skipped": f.skipped, "stored": f.stored, "duplicate": f.duplicate,
                  "quarantined": f.quarantined, "internal": f.internal, "format": f.format, "error": f.error}
                 for f in sorted(summary.files, key=lambda f: f.path)]  # files are read in parallel: in path order
        total = {"files": len(summary.files), "skipped": summary.skipped_files, "not_readable": summary.failed_files,
                 "stored": summary.stored, "duplicate": summary.duplicate, "quarantined": summary.quarantined,
                 "heroes_changed": summary.renamed, "nothing_read": summary.nothing_read,
                 "passed_over": [{"path": path, "reason": reason} for path, reason in summary.passed],
                 "drift": summary.drift,
                 "seconds": round(summary.seconds, 3), "per_file": files}
        records(files, fmt, document=total)


@app.command("audit")
def audit(
    paths: Annotated[list[Path] | None, typer.Argument(help=_("Hand-history files or folders (plain, .gz, .zip); - "
                                                              "reads standard input."))] = None,
    db: Annotated[Path | None, typer.Option("--db", help=_("Audit the hands of this store instead of files."))] = None,
    hand: Annotated[str | None, typer.Option("--hand", metavar="HAND_ID",
                                             help=_("Only this hand (with --db)."))] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help=_("table (a verdict per hand with an error, and a "
                                          "summary), json, jsonl (a record per hand) or csv."))] = Format.table,
    as_json: Annotated[bool, typer.Option("--json", hidden=True, help=_("The old spelling of --format jsonl."))]
    = False,
    explain: Annotated[str | None, typer.Option("--explain", metavar="HAND_ID",
                                                help=_("Print one hand's replay as a ledger, with the "
                                                       "verdict."))] = None,
    from_: Annotated[InputFormat, typer.Option("--from", help=_("Input format, or auto to detect per file."))]
    = InputFormat.auto,
    strict: Strict = False,
) -> None:
    """Replay every hand under its profile's rules and check each action and each pot split.

    Reads files and folders, or the hands of a store with --db. Prints a verdict per hand with an
    error and a summary, or a record per hand (--format jsonl, json, csv; the summary then goes to
    stderr). A file that is not a hand history is reported and skipped. Exit status: 0 when no hand
    has an error finding, 1 when some do, 2 for usage errors (a missing file, a bad option), 3 when a
    bug of soko_analytics stopped the run, 4 when nothing could be read (every hand or file not audited).

    Example: soko audit session.txt --explain 202603140001
    """
    from ..replay.explain import explain as explain_hand

    fmt = Format.jsonl if as_json else fmt
    if not paths and db is None:
        usage(_("give hand-history files or folders, or --db FILE"))
    with reporting_errors(), stdin_spooled(paths or []) as (paths, names):
        if explain is not None:
            if fmt is not Format.table:
                usage(_("--explain prints one hand's ledger as text, not as {format}; for the hand's record as "
                        "{format}: --format {format} --hand {hand} --db FILE, or the files without --explain")
                      .format(format=fmt.value, hand=explain))
            result = _one_audit(paths, db, explain, from_.value, names)
            echo(explain_hand(result), nl=False)
            raise typer.Exit(int(ExitCode.OK if result.ok else ExitCode.FINDINGS))
        summary = api.AuditSummary()
        rows: list[dict[str, Any]] = []
        items = api.audit_store(db, hand) if db is not None else api.audit_hands(paths, from_.value, strict, names)
        for item in items:
            summary.add(item)
            if isinstance(item, api.Quarantined):
                echo(_("soko: not audited: {reason}").format(reason=item.message()), err=True)
            elif fmt is Format.jsonl:
                typer.echo(json_text(api.audit_record(item), indent=None))
            elif fmt is not Format.table:
                rows.append(api.audit_record(item))
            elif not item.ok:
                _print_verdict(item)
    if fmt is Format.json:
        typer.echo(json_text(rows))
    elif fmt is Format.csv:
        records([_audit_row(r) for r in rows], fmt, AUDIT_COLUMNS)
    _print_summary(summary, err=fmt is not Format.table)
    raise typer.Exit(int(ExitCode.NOTHING_READ if summary.nothing_read
                         else ExitCode.FINDINGS if summary.with_errors else ExitCode.OK))


AUDIT_COLUMNS = ["path", "line", "site", "hand_id", "game", "profile", "ok", "errors", "codes", "rake", "currency",
                 "decimals", "rake_minor"]


def _audit_row(record: dict[str, Any]) -> dict[str, Any]:
    source = record["source"] or {}
    errors = [f for f in record["findings"] if f["severity"] == "error"]
    return {"path": source.get("path"), "line": source.get("line"), **{k: record[k] for k in (
        "site", "hand_id", "game", "profile", "ok")}, "errors": len(errors),
        "codes": sorted({f["code"] for f in record["findings"]}),
        **{k: record[k] for k in ("rake", "currency", "decimals", "rake_minor")}}


def _one_audit(paths, db, hand_id: str, from_: str, names):
    if db is None:
        return api.find_hand(paths, hand_id, from_, names)
    found = [item for item in api.audit_store(db, hand_id) if not isinstance(item, api.Quarantined)]
    if not found:
        raise api.SokoError(phrase("no hand {hand} in the store", hand=hand_id), path=str(db), hand_id=hand_id)
    return found[0]


def _print_verdict(result) -> None:
    from ..replay.findings import Severity

    hand = result.hand
    symbol = hand.stakes.symbol

    where = f"{hand.source.path}:{hand.source.line}: " if hand.source else ""
    echo(where + i18n._("{site} hand {hand_id} ({rules}):").format(site=hand.site, hand_id=hand.hand_id,
                                                                   rules=hand.rules))
    for f in result.findings:
        if f.severity is Severity.ERROR:
            detail = (i18n._(" (expected {expected}, log: {actual})").format(expected=f.expected_text(symbol),
                                                                              actual=f.actual_text(symbol))
                      if f.expected or f.actual else "")
            line = i18n._("line {line}: ").format(line=f.line) if f.line else ""
            echo(f"  {line}{f.code}: {f.text(symbol)}{detail}")


def _print_summary(summary, err: bool) -> None:
    """``3 hands audited: 0 ok, 3 with errors; 0 not audited (...)`` and the findings by code, in the language
    spoken."""
    n = i18n.number
    malformed = summary.quarantined - summary.unsupported - summary.incomplete - summary.internal - summary.unreadable
    text = (i18n.ngettext("{n} hand audited", "{n} hands audited", summary.hands).format(n=n(summary.hands))
            + i18n._(": {ok} ok, {errors} with errors; {quarantined} not audited ({unsupported}, {incomplete} "
                     "incomplete, {malformed} malformed").format(
                ok=summary.ok, errors=summary.with_errors, quarantined=summary.quarantined,
                unsupported=i18n.ngettext("{n} unsupported game", "{n} unsupported games",
                                          summary.unsupported).format(n=n(summary.unsupported)),
                incomplete=summary.incomplete, malformed=malformed))
    if summary.unreadable:
        text += ", " + i18n.ngettext("{n} unreadable file", "{n} unreadable files",
                                     summary.unreadable).format(n=n(summary.unreadable))
    if summary.internal:
        text += ", " + i18n.ngettext("{n} internal error", "{n} internal errors",
                                     summary.internal).format(n=n(summary.internal))
    typer.echo(text + ")", err=err)
    if summary.findings:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(summary.findings.items(), key=lambda kv: -kv[1]))
        typer.echo(i18n._("findings: {counts}").format(counts=counts), err=err)


@app.command("convert")
def convert(
    paths: Paths,
    to: Annotated[OutputFormat, typer.Option("--to", help=_("Output format: soko, phh or pokerstars."))],
    from_: Annotated[InputFormat, typer.Option("--from", help=_("Input format, or auto to detect per file."))]
    = InputFormat.auto,
    out: Annotated[Path | None, typer.Option("--out", "-o", help=_("Write here instead of stdout (-: stdout)."))]
    = None,
    strict: Strict = False,
) -> None:
    """Convert hand histories to another format.

    Every hand that parses is written; hands that do not (unsupported games, cancelled or
    malformed hands) and files that cannot be read are listed on stderr as ``file:line: reason``.

    Example: soko convert session.txt --to phh --out session.phhs
    """
    with reporting_errors(), stdin_spooled(paths) as (paths, names):
        result = api.convert(paths, to.value, from_.value, strict, names)
        if to_stdout(out):
            typer.echo(result.text, nl=False)
        elif out is not None:
            write_text(out, result.text)
    for q in result.quarantined:
        echo(_("soko: skipped: {reason}").format(reason=q.message()), err=True)
    for hand, why in result.unwritable:
        where = f"{hand.source.path}:{hand.source.line}: " if hand.source else ""
        echo(_("soko: not written: {where}hand {hand_id}: {reason}").format(where=where, hand_id=hand.hand_id,
                                                                              reason=say(why)), err=True)
    skipped = len(result.quarantined) + len(result.unwritable)
    written = i18n.ngettext("soko: {n} hand written, {skipped} skipped", "soko: {n} hands written, {skipped} skipped",
                            result.written)
    typer.echo(written.format(n=i18n.number(result.written), skipped=i18n.number(skipped)), err=True)


class Grouping(str, Enum):
    """``soko quarantine --by``: the names of ``api.QUARANTINE_GROUPINGS``."""

    reason = "reason"
    site = "site"
    file = "file"


@app.command("quarantine")
def quarantine(
    db: Annotated[Path, typer.Option("--db", help=_("The store."))] = Path("soko.duckdb"),
    fmt: Annotated[Format, typer.Option("--format", "-f", help=_("table (a line per record: file:line: hand: [kind] "
                                          "reason), json, jsonl or csv."))] = Format.table,
    as_json: Annotated[bool, typer.Option("--json", help=_("The same as --format json."))] = False,
    all_: Annotated[bool, typer.Option("--all", help=_("Also the records a later import resolved."))] = False,
    by: Annotated[Grouping | None, typer.Option("--by", help=_("Count the records instead of listing them: per "
                                                  "format, client version, kind and shape of the line not "
                                                  "understood (reason), per format, client version and kind "
                                                  "(site), or per file and kind (file); each group with one "
                                                  "example."))] = None,
) -> None:
    """List what the store could not store, and why (file, line, hand, kind, reason).

    A record is resolved (and no longer listed) when a later import stores its hand, or reads its
    file again and no longer finds it. With --by reason, the format-drift report: a new line a site
    starts writing shows up as one group with its count, names and amounts masked.

    Example: soko quarantine --db soko.duckdb --format csv; soko quarantine --by reason
    """
    fmt = Format.json if as_json else fmt
    if by is not None:
        with reporting_errors():
            groups = api.quarantine_groups(db, by.value, all_)
        records(groups, fmt, [*api.QUARANTINE_GROUPINGS[by.value], "count", "file", "line", "reason", "text"],
                title="quarantine by " + by.value, right=["count", "line"])
        grouped = i18n.ngettext("{count} quarantined in {n} group", "{count} quarantined in {n} groups", len(groups))
        typer.echo(grouped.format(count=i18n.number(sum(g["count"] for g in groups)), n=i18n.number(len(groups))),
                   err=True)
        return
    with reporting_errors():
        rows = api.quarantine_records(db, all_)
    if fmt is not Format.table:
        records(rows, fmt, ["source_file", "source_line", "hand_id", "kind", "reason", "resolved_by"])
    for row in rows if fmt is Format.table else ():
        hand = f" hand {row['hand_id']}:" if row["hand_id"] else ""
        resolved = f" (resolved by import {row['resolved_by']})" if row["resolved_by"] is not None else ""
        echo(f"{row['source_file']}:{row['source_line']}:{hand} [{row['kind']}] {row['reason']}{resolved}")
    typer.echo(_("{count} quarantined").format(count=i18n.number(len(rows))), err=True)


@app.command("repair")
def repair(
    db: Annotated[Path, typer.Option("--db", help=_("The store."))] = Path("soko.duckdb"),
    check: Annotated[bool, typer.Option("--check", help=_("Only check every part (exit 1 when one is damaged)."))]
    = False,
) -> None:
    """Check the store's Parquet parts in full and rebuild the damaged or missing ones.

    Every command checks the parts cheaply when it opens the store (each part there, of its size and
    whole at both ends; its checksum when its time changed) and names a damaged one. soko repair
    checks every checksum, rebuilds the rows of each damaged part from the stored hands' raw text,
    and quarantines as damaged (with its raw text) a hand whose text no longer reads.

    Example: soko repair --db soko.duckdb
    """
    with reporting_errors():
        report = api.repair(db, check_only=check)
    for damage in report.damaged:
        echo(f"{damage.file}: {damage.table}: {say(damage.reason)}")
    if not report.damaged:
        whole = i18n.ngettext("{n} part checked: every part is whole", "{n} parts checked: every part is whole",
                              report.parts)
        typer.echo(whole.format(n=i18n.number(report.parts)))
        return
    if not report.repaired:
        damaged = i18n.ngettext("{damaged} of {n} part damaged or missing: run soko repair --db {db} to rebuild it",
                                "{damaged} of {n} parts damaged or missing: run soko repair --db {db} to rebuild them",
                                report.parts)
        typer.echo(damaged.format(damaged=i18n.number(len(report.damaged)), n=i18n.number(report.parts), db=db))
        raise typer.Exit(int(ExitCode.FINDINGS))
    typer.echo(_repaired(report))
    for path, hand_id, reason in report.dropped:
        echo(_("soko: quarantined as damaged: {path}: hand {hand_id}: {reason}").format(
            path=path, hand_id=hand_id, reason=say(reason)), err=True)
    if report.dropped:
        dropped = i18n.ngettext("soko: {n} hand could not be rebuilt and is quarantined as damaged, with its raw text "
                                "(soko quarantine --db {db} lists it)", "soko: {n} hands could not be rebuilt and are "
                                "quarantined as damaged, with their raw text (soko quarantine --db {db} lists them)",
                                len(report.dropped))
        echo(dropped.format(n=i18n.number(len(report.dropped)), db=db), err=True)


def _repaired(report) -> str:
    """What soko repair rebuilt, in a line: the parts, the hands whose rows were rebuilt, the rows per table."""
    rows = ", ".join(f"{table} {i18n.number(n)}" for table, n in report.rebuilt.items())
    parts = i18n.ngettext("repaired {n} damaged or missing part", "repaired {n} damaged or missing parts",
                          len(report.damaged)).format(n=i18n.number(len(report.damaged)))
    hands = i18n.ngettext(": the rows of {n} hand rebuilt from its raw text ({rows} rows)",
                          ": the rows of {n} hands rebuilt from their raw text ({rows} rows)", report.hands)
    return parts + hands.format(n=i18n.number(report.hands), rows=rows)


class ExportFormat(str, Enum):
    """``--to`` of ``soko export``."""

    parquet = "parquet"
    pokerstars = "pokerstars"
    soko = "soko"
    phh = "phh"


@app.command("export")
def export(
    out: Annotated[Path, typer.Argument(help=_("The folder (parquet) or file (soko, phh, pokerstars; -: stdout) to "
                                          "write."))],
    to: Annotated[ExportFormat, typer.Option("--to", help=_("parquet, soko, phh or pokerstars."))],
    db: Annotated[Path, typer.Option("--db", help=_("The store."))] = Path("soko.duckdb"),
    force: Annotated[bool, typer.Option("--force", help=_("Overwrite an existing text file."))] = False,
) -> None:
    """Export the store: every table as Parquet, or the stored hands as hand-history text.

    Parquet: one folder per hand table, partitioned by game and month
    (OUT/hands/game=holdem/month=2010-04/...), and OUT/quarantine.parquet and
    OUT/imports.parquet; DuckDB and Polars read it with hive partitioning. Text:
    the hands the format can express, in one file; the others are counted as
    skipped. An existing text file is not overwritten without --force.

    Example: soko export --db soko.duckdb --to parquet lake/
    """
    if to_stdout(out) and to is not ExportFormat.parquet:
        with reporting_errors(), tempfile.TemporaryDirectory(prefix="soko-export-") as folder:
            spool = Path(folder) / "export.txt"
            result = api.export(db, to.value, spool, force)
            typer.echo(spool.read_text(encoding="utf-8"), nl=False)
        echo("soko: " + _exported(result, "stdout"), err=True)
        return
    if to_stdout(out):
        usage(_("--to parquet writes a folder: name one (- is standard output, for the text formats)"))
    with reporting_errors():
        result = api.export(db, to.value, out, force)
    if "rows" in result:
        for table, rows in result["rows"].items():
            typer.echo(f"{table}: " + i18n.ngettext("{n} row", "{n} rows", rows).format(n=i18n.number(rows)))
        typer.echo(_("written to {out}").format(out=result["out"]), err=True)
    else:
        typer.echo(_exported(result, result["out"]))


def _exported(result: dict, where: object) -> str:
    """What soko export wrote as text: the hands written, where, and those the format cannot express."""
    said = i18n.ngettext("{n} hand written to {out}, {skipped} skipped (not expressible in {format})",
                         "{n} hands written to {out}, {skipped} skipped (not expressible in {format})",
                         result["written"])
    return said.format(n=i18n.number(result["written"]), out=where, skipped=i18n.number(result["skipped"]),
                       format=result["to"])

