"""`soko stats`: formats, filters, --explain, errors; and docs/stats.md holds every definition."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from soko_analytics.cli import app
from soko_analytics.stats.catalogue import CATALOGUE
from soko_analytics.store.db import Store

from .hands import HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, HOLDEM_WALK, STUD_STEAL

DOCS = Path(__file__).resolve().parents[2] / "docs" / "stats.md"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("cli-stats")
    log = folder / "hands.txt"
    log.write_text("\n\n".join([HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, HOLDEM_WALK, STUD_STEAL]), encoding="utf-8")
    path = folder / "s.duckdb"
    with Store(path) as store:
        store.import_paths([log])
    return str(path)


def test_csv_is_the_default_off_a_terminal(db):
    result = runner.invoke(app, ["stats", "--db", db, "--player", "Ann"])
    assert result.exit_code == 0, result.output
    rows = {r["game"]: r for r in csv.DictReader(io.StringIO(result.stdout))}
    # one row per game by default, each with the unit its won/100 counts: Ann's three hold'em hands
    # (no limit: big blinds) and her stud hand (fixed limit: big bets)
    assert set(rows) == {"holdem", "stud7"} and {r["player"] for r in rows.values()} == {"Ann"}
    assert (rows["holdem"]["hands"], rows["holdem"]["unit"]) == ("3", "bb")
    assert (rows["stud7"]["hands"], rows["stud7"]["unit"]) == ("1", "big bets")
    assert float(rows["holdem"]["vpip"]) == pytest.approx(200 / 3) and rows["holdem"]["vpip_n"] == "3"
    assert rows["stud7"]["vpip"] == "0.0" and rows["stud7"]["vpip_n"] == "1"


def test_json_fields(db):
    result = runner.invoke(app, ["stats", "--db", db, "--format", "json", "--game", "holdem"])
    assert result.exit_code == 0, result.output
    rows = {r["player"]: r for r in json.loads(result.stdout)}
    assert rows["Cid"]["net_won"] == -100 + 3600 + 50 and rows["Cid"]["vpip_n"] == 2
    for field in ("hands", "net_won", "won_per_100", "vpip", "vpip_n", "vpip_lo", "vpip_hi", "pfr", "af", "afq",
                  "wtsd", "wsd", "wwsf", "showdown_won", "non_showdown_won", "allin_adjusted", "rake",
                  "three_bet", "fold_to_3bet", "cbet_flop", "fold_to_cbet_flop", "cbet_turn", "fold_to_cbet_turn",
                  "steal", "fold_to_steal", "bring_in", "complete", "fold_to_completion", "best_showing_bet"):
        assert field in rows["Cid"], field


def test_table_and_parquet(db, tmp_path):
    result = runner.invoke(app, ["stats", "--db", db, "--format", "table", "--by", "position"])
    assert result.exit_code == 0, result.output
    # more rows than fit on their side: a row each (player, currency, game, position, unit) with the main stats
    lines = result.stdout.splitlines()
    assert re.match(r"player\s+currency\s+game\s+position\s+unit\s+Hands\s+Net won\s+Won/100\s+VPIP", lines[1])
    assert any(re.match(r"Ann\s+USD\s+holdem\s+BTN\s+bb\s+\d", line) for line in lines)
    assert "every stat with its n and 95% interval: --format csv or json" in result.stderr
    one = runner.invoke(app, ["stats", "--db", db, "--format", "table", "--player", "Ann", "--game", "holdem"])
    assert "player stats (95% Wilson intervals)" in one.stdout and re.search(r"^VPIP\s+\d", one.stdout, re.M)
    out = tmp_path / "s.parquet"
    result = runner.invoke(app, ["stats", "--db", db, "--format", "parquet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert set(pl.read_parquet(out)["player"]) == {"Ann", "Bob", "Cid", "Dan", "Eve", "Fay"}


def test_by_street_and_session(db):
    result = runner.invoke(app, ["stats", "--db", db, "--by", "street", "--player", "Ann", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert {(r["game"], r["street"]) for r in json.loads(result.stdout)} == {
        ("holdem", 0), ("holdem", 1), ("holdem", 2), ("holdem", 3), ("stud7", 0)}
    result = runner.invoke(app, ["stats", "--db", db, "--by", "session", "--format", "json"])
    assert result.exit_code == 0, result.output


def test_explain():
    result = runner.invoke(app, ["stats", "--explain", "vpip"])
    assert result.exit_code == 0
    assert "forced" in result.stdout and "PT4" in result.stdout
    assert "(vpip) / (hands - walks)" in result.stdout and "walks = sum of walk" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--explain", "vpipp"], "no stat named 'vpipp'"),
    (["--by", "weekday"], "'weekday' is not one of"),
    (["--since", "yesterday"], "--since wants a day as YYYY-MM-DD"),
    (["--format", "xml"], "'xml' is not one of"),
])
def test_errors_are_one_line(db, args, message):
    result = runner.invoke(app, ["stats", "--db", db, *args])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_a_missing_store_is_an_error(tmp_path):
    result = runner.invoke(app, ["stats", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 2 and "no store here" in result.stderr
    assert not (tmp_path / "none.duckdb").exists()


def test_docs_hold_every_definition():
    text = DOCS.read_text(encoding="utf-8")
    for stat in CATALOGUE:
        assert f"**`{stat.name}`**" in text, stat.name
        assert stat.definition in text, stat.name
