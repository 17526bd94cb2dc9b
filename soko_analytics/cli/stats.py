"""``soko stats``: the stat catalogue per player, as a rich table, CSV, JSON or Parquet."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from .. import api, i18n
from ..errors import phrase
from ..i18n import _
from . import app, reporting_errors, usage, write_text
from .output import cell, echo, json_text, on_terminal, plain, rounded, safe_frame, table, to_stdout

STATS_BY = api.STATS_BY

# The filter options soko stats and soko report dashboard share.
Db = Annotated[Path, typer.Option("--db", help=_("The store."))]
Game = Annotated[str | None, typer.Option("--game", help=_("A game as the store names it, e.g. holdem, stud7, "
                                                           "omaha or soko (soko stats --by game lists the store's)."))]
Profile = Annotated[str | None, typer.Option("--profile", help=_("A rules profile, e.g. soko-finnish."))]
Hero = Annotated[bool, typer.Option("--hero", help=_("Only the log owner's hands (the player dealt cards face up in "
                                                      "each log)."))]
Site = Annotated[str | None, typer.Option("--site", help=_("Only this site's hands (PokerStars, GGPoker, Bovada, "
                                                           "888poker, Winamax, Winning, partypoker, iPoker...)."))]
Stakes = Annotated[str | None, typer.Option(
    "--stakes", help=_("Stakes as stored and listed by soko stats --by stakes, e.g. '0.05/0.10 USD'."))]
Since = Annotated[str | None, typer.Option("--since", help=_("First day, YYYY-MM-DD."))]
Until = Annotated[str | None, typer.Option("--until", help=_("Last day, YYYY-MM-DD."))]


def filters(player: list[str] | None, game: str | None, profile: str | None, stakes: str | None,
            since: str | None, until: str | None, min_hands: int, hero: bool = False,
            site: str | None = None) -> api.Filters:
    """The filters of the shared options (a SokoError for a day that is not YYYY-MM-DD)."""
    return api.Filters(tuple(player or ()), game, profile, stakes, _day(since, "--since"), _day(until, "--until"),
                       min_hands, hero, site)


class StatsFormat(str, Enum):
    """``--format`` of ``soko stats``: the listing formats, and Parquet (with --out)."""

    table = "table"
    csv = "csv"
    json = "json"
    jsonl = "jsonl"
    parquet = "parquet"


By = Enum("By", {name: name for name in STATS_BY}, type=str)  # type: ignore[misc]
"""``--by`` of ``soko stats``."""


@app.command("stats")
def stats(
    db: Db = Path("soko.duckdb"),
    player: Annotated[list[str] | None, typer.Option("--player", help=_("Only this player (repeatable)."))] = None,
    hero: Hero = False,
    site: Site = None,
    game: Game = None,
    profile: Profile = None,
    stakes: Stakes = None,
    since: Since = None,
    until: Until = None,
    min_hands: Annotated[int, typer.Option("--min-hands", min=0, help=_("Leave out rows with fewer hands."))] = 0,
    by: Annotated[By | None, typer.Option("--by", help=_("Group by: {ways}.").format(ways=", ".join(STATS_BY)))] = None,
    fmt: Annotated[StatsFormat | None, typer.Option(
        "--format", "-f", help=_("table, csv, json, jsonl or parquet (default: a table on a terminal, csv "
                                 "otherwise)."))] = None,
    out: Annotated[Path | None, typer.Option("--out", help=_("Write here instead of stdout (-: stdout)."))] = None,
    explain: Annotated[str | None, typer.Option("--explain", help=_("Print the definition of one stat and "
                                                                    "exit."))] = None,
) -> None:
    """Player stats from the store: VPIP, PFR, AF, WTSD, W$SD, 3-bet, c-bets, steals, stud and Sökö stats.

    Every percentage comes with its opportunities (_n) and a 95% Wilson interval (_lo, _hi);
    money is in minor units of its currency. Definitions: docs/stats.md or --explain STAT.

    Example: soko stats --db soko.duckdb --player Aino --by position
    """
    with reporting_errors():
        if explain is not None:
            _print_stat(api.explain_stat(explain))
            return
        out = None if to_stdout(out) else out
        if out is not None and not out.parent.is_dir():
            raise api.SokoError(phrase("cannot write there: the folder does not exist"), path=str(out.parent))
        chosen = filters(player, game, profile, stakes, since, until, min_hands, hero, site)
        frame = api.player_stats(db, chosen, by.value if by else None)
    kind = fmt.value if fmt else ("table" if out is None and Console().is_terminal else "csv")
    if kind == "parquet" and out is None:
        usage(_("--format parquet needs --out FILE"))
    if frame.is_empty():
        echo(_("soko: no hands match {filters}").format(filters=_described(chosen)), err=True)
    with reporting_errors():
        if kind == "table":
            _print_stats_table(frame, by.value if by else None, out)
        elif kind == "parquet" and out is not None:
            frame.write_parquet(out)
        else:
            text = safe_frame(rounded(frame)).write_csv() if kind == "csv" else "".join(
                json_text(r, indent=None) + "\n" for r in frame.to_dicts()) if kind == "jsonl" else (
                json_text(frame.to_dicts()) + "\n")
            write_text(out, text) if out else typer.echo(text, nl=False)
    if out is not None:
        written = i18n.ngettext("{n} row written to {file}", "{n} rows written to {file}", len(frame))
        typer.echo(written.format(n=i18n.number(len(frame)), file=out), err=True)


def _described(chosen: api.Filters) -> str:
    """The filters as the options that set them, for a message."""
    named = [f"--player {p}" for p in chosen.players]
    named += [f"--{k.replace('_', '-')} {v}" for k, v in (("game", chosen.game), ("profile", chosen.profile),
                                                         ("stakes", chosen.stakes), ("since", chosen.since),
                                                         ("until", chosen.until)) if v is not None]
    named += [f"--min-hands {chosen.min_hands}"] if chosen.min_hands else []
    named += ["--hero"] if chosen.hero else []
    named += [f"--site {chosen.site}"] if chosen.site else []
    return _("the filters {options}").format(options=", ".join(named)) if named else _("(the store has no hands)")


def _day(text: str | None, option: str):
    from datetime import date

    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise api.SokoError(phrase("{option} wants a day as YYYY-MM-DD", option=option), expected="YYYY-MM-DD",
                            actual=text) from None


def _print_stat(data: dict[str, Any]) -> None:
    echo(f"{data['name']} ({_(data['label'])}, {data['source']}): {_(data['definition'])}")
    formula = data["numerator"] if data["denominator"] is None else f"({data['numerator']}) / ({data['denominator']})"
    typer.echo(_("  formula: {formula}   ({kind}; games: {games})").format(formula=formula, kind=data["kind"],
                                                                         games=data["games"]))
    for name, sql in data["sums"].items():
        typer.echo(_("  {name} = sum of {sql} over the player's hands").format(name=name, sql=sql))


def _stat_cell(row: dict[str, Any], s: dict[str, Any]) -> str | None:
    name, kind = s["name"], s["kind"]
    value = row.get(name)
    if kind == "percent":
        n = row.get(f"{name}_n") or 0
        if not n:
            return None
        low, high = i18n.number(row[f"{name}_lo"], 0), i18n.number(row[f"{name}_hi"], 0)
        return f"{i18n.number(row[name], 1)}  n={i18n.number(n)} [{low}–{high}]"
    if value is None:
        return "–"
    if kind == "money":
        return i18n.money(int(value), int(row["decimals"]))
    if kind == "per_100":
        return f"{i18n.number(value, 2)} {_(row.get('unit') or '')}".rstrip()
    if kind == "ratio":
        return i18n.number(value, 2)
    return str(value)


SIDEWAYS_AT_MOST = 8
"""Result rows the stats table shows on its side (a column each, every stat with its n and interval); more
make one row each with the main stats (:data:`WIDE_STATS`)."""
WIDE_STATS = ("hands", "net_won", "won_per_100", "vpip", "pfr", "three_bet", "af", "wtsd", "wsd")


def _print_stats_table(frame, by: str | None, out: Path | None) -> None:
    """Rich tables on a terminal; plain aligned text (no boxes, one table of every column) piped or to a file.
    Many rows (players) make a row each with the main stats, as a tracker's player list."""
    if by != "street" and len(frame) > SIDEWAYS_AT_MOST:
        _print_wide(frame, by, out)
        return
    if out is not None or not on_terminal():
        text = _("no hands match") if frame.is_empty() else _plain_stats(frame, by)
        write_text(out, text + "\n") if out else typer.echo(text)
        return
    console = Console()
    if frame.is_empty():
        console.print(_("no hands match"), markup=False)
        return
    rows = frame.to_dicts()
    if by == "street":
        table = Table(*frame.columns, title=_("stats by round"))  # our column names
        for row in rows:
            table.add_row(*(cell("" if v is None else f"{v:.1f}" if isinstance(v, float) else v)
                            for v in row.values()))
        console.print(table)
        return
    per_table = max(1, (console.width - 22) // 22)  # columns that fit side by side
    heads, labelled = _stat_rows(frame, by)
    for start in range(0, len(rows), per_table):
        table = Table(_("stat"), title=_("player stats (95% Wilson intervals)") if start == 0 else None)
        for head in heads[start:start + per_table]:
            table.add_column(cell(head))
        for label, cells in labelled:
            chunk = cells[start:start + per_table]
            if any(c is not None for c in chunk):
                table.add_row(cell(label), *(cell(c or "") for c in chunk))
        console.print(table)


def _print_wide(frame, by: str | None, out: Path | None) -> None:
    """A row per result (player, currency, grouping, unit) with the main stats' values, and how to get the rest."""
    stats = [s for s in api.stat_catalogue() if s["name"] in WIDE_STATS]
    keys = [k for k in ("player", "currency", *(("game",) if by not in (None, "game") else ()), by or "game", "unit")
            if k in frame.columns]
    rows = [[*(_(r[k]) if k == "unit" and r.get(k) else r.get(k) for k in keys), *(_value(r, s) for s in stats)]
            for r in frame.to_dicts()]
    labels = [_(s["label"]) for s in stats]
    heads = [*(_(k) for k in keys), *labels]
    note = i18n.ngettext("{n} row: the main stats; every stat with its n and 95% interval: --format csv or json, or "
                         "fewer rows (--player, --min-hands)", "{n} rows: the main stats; every stat with its n and "
                         "95% interval: --format csv or json, or fewer rows (--player, --min-hands)", len(rows))
    note = note.format(n=i18n.number(len(rows)))
    title = _("player stats")
    if out is not None:
        write_text(out, f"{title}\n{plain(heads, rows)}\n{note}\n")
        return
    table(title, heads, rows, right=labels)
    echo(note, err=True)


def _value(row: dict[str, Any], s: dict[str, Any]) -> str:
    """A stat's value alone (no n, no interval), as the wide table shows it."""
    value = row.get(s["name"])
    if value is None:
        return "–"
    if s["kind"] == "money":
        return i18n.money(int(value), int(row["decimals"]))
    if s["kind"] == "count":
        return i18n.number(value)
    return i18n.number(value, 1 if s["kind"] == "percent" else 2)


def _stat_rows(frame, by: str | None) -> tuple[list[str], list[tuple[str, list[str | None]]]]:
    """The stats table turned on its side: a column head per result row, and a row per stat that has a value."""
    rows = frame.to_dicts()
    keys = ("player", "currency", *(("game",) if by not in (None, "game") and "game" in frame.columns else ()),
            by or "game", "unit")
    heads = [" ".join(_(str(r[k])) if k == "unit" else str(r[k]) for k in keys if r.get(k) is not None) for r in rows]
    labelled = [(_(s["label"]), [_stat_cell(r, s) for r in rows]) for s in api.stat_catalogue()]
    return heads, [(label, cells) for label, cells in labelled if any(c is not None for c in cells)]


def _plain_stats(frame, by: str | None) -> str:
    if by == "street":
        return plain(frame.columns, [["" if v is None else f"{v:.1f}" if isinstance(v, float) else v
                                      for v in row.values()] for row in frame.to_dicts()])
    heads, labelled = _stat_rows(frame, by)
    return _("player stats (95% Wilson intervals)") + "\n" + plain([_("stat"), *heads], [
        [label, *(c or "" for c in cells)] for label, cells in labelled])
