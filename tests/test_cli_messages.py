"""The messages and exit statuses of issue 37: each as the command a user types, and what it must say.

Data: the bundled disputed hands (three Sökö hands, Aino, Ville, Matti and Liisa, EUR 0.50/1.00) and the
bundled hold'em sample (300 hands, 6-max, positions SB to BTN).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.reports.dashboard_data import POSITIONS as PAGE_POSITIONS

runner = CliRunner()
DISPUTED = api.SAMPLE_DATA / "disputed"
HOLDEM = api.SAMPLE_DATA / "holdem-seed7.txt"


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("messages") / "s.duckdb"
    api.import_paths(db, [DISPUTED, HOLDEM])
    return db


@pytest.mark.parametrize(("option", "value", "listed"), [
    ("--game", "badgame", "holdem, soko"),
    ("--site", "NoSuchSite", "Sökö"),
    ("--stakes", "1/2 XYZ", "0.05/0.10 USD, 0.50/1.00 ante 0.10 EUR"),
    ("--profile", "nosuch", "soko-casino"),
])
def test_an_unknown_filter_value_is_an_error_listing_the_known_ones(store, option, value, listed):
    result = runner.invoke(app, ["stats", "--db", str(store), option, value])
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{option} {value}: no such" in result.stderr and listed in result.stderr


def test_the_dashboard_rejects_an_unknown_game_alike(store, tmp_path):
    result = runner.invoke(app, ["report", "dashboard", "--db", str(store), "--game", "badgame",
                                 "--out", str(tmp_path / "d.html")])
    assert result.exit_code == 2 and "--game badgame: no such game in the store; it holds: holdem, soko" \
        in result.stderr and not (tmp_path / "d.html").exists()


def test_an_unknown_player_is_an_error_naming_the_closest(store):
    result = runner.invoke(app, ["stats", "--db", str(store), "--player", "NoSuchGuy"])
    assert result.exit_code == 2 and "--player NoSuchGuy: no such player in the store" in result.stderr
    result = runner.invoke(app, ["stats", "--db", str(store), "--player", "matti"])
    assert result.exit_code == 2 and "the closest names: Matti" in result.stderr


def test_the_game_help_does_not_claim_four_games():
    result = runner.invoke(app, ["stats", "--help"], env={"COLUMNS": "200"})
    assert "holdem, stud7, stud5 or soko" not in result.stdout and "--by game lists" in result.stdout


def test_no_store_here_names_the_demo_store_and_the_way_to_make_one(store, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["stats"])
    assert result.exit_code == 2 and "soko.duckdb: no store here (soko import FILES --db soko.duckdb makes one, " \
                                      "or --db names another)" in result.stderr
    (tmp_path / "soko-demo").mkdir()
    (tmp_path / "soko-demo" / "demo.duckdb").write_bytes(store.read_bytes())  # as soko demo leaves it
    result = runner.invoke(app, ["stats"])
    assert result.exit_code == 2 and "soko demo's store is soko-demo/demo.duckdb: --db soko-demo/demo.duckdb" \
        in result.stderr


def test_db_at_a_csv_says_it_is_not_a_store(tmp_path):
    csv = tmp_path / "stats.csv"
    csv.write_text("player,hands\nAino,3\n", encoding="utf-8")
    result = runner.invoke(app, ["stats", "--db", str(csv)])
    assert result.exit_code == 2 and "Catalog Error" not in result.stderr
    assert f"{csv}: not a store: the file is of another kind" in result.stderr


def test_audit_exit_status_tells_nothing_read_from_read_with_findings(tmp_path):
    lines = (DISPUTED / "wrong-bring-in.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.txt"
    cut.write_text("".join(lines[:20]), encoding="utf-8")  # its only hand stops before the summary
    assert runner.invoke(app, ["audit", str(cut)]).exit_code == 4
    assert runner.invoke(app, ["audit", str(DISPUTED)]).exit_code == 1  # read, three hands break the rules
    assert runner.invoke(app, ["audit", str(HOLDEM)]).exit_code == 0


def test_counts_of_one_are_singular(tmp_path):
    one = DISPUTED / "wrong-bring-in.txt"
    imported = runner.invoke(app, ["import", str(one), "--db", str(tmp_path / "one.duckdb")])
    assert imported.stdout.startswith("1 file (0 unchanged, skipped): 1 hand stored,")
    assert "1 hand audited" in runner.invoke(app, ["audit", str(one)]).stdout
    assert "soko: 1 hand written, 0 skipped" in runner.invoke(app, ["convert", str(one), "--to", "phh"]).stderr


def test_positions_are_named_as_on_the_page_in_table_order(store):
    result = runner.invoke(app, ["stats", "--db", str(store), "--game", "holdem", "--by", "position",
                                 "--player", "Aino", "--format", "json"])
    assert result.exit_code == 0, result.output
    seats = [r["position"] for r in json.loads(result.stdout) if r["unit"] == "bb"]
    assert seats == [s for s in ("SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "MP", "HJ", "CO", "BTN") if s in seats]
    assert set(seats) == {"SB", "BB", "UTG", "MP", "CO", "BTN"} <= set(PAGE_POSITIONS)  # 6-max, as the page says


def test_situations_keep_games_apart(store):
    result = runner.invoke(app, ["stats", "--db", str(store), "--by", "situation", "--player", "Aino",
                                 "--format", "json"])
    rows = json.loads(result.stdout)
    assert {r["game"] for r in rows} == {"holdem", "soko"}
    assert sum(r["hands"] for r in rows if r["game"] == "soko") == 3


def test_rates_are_rounded_and_dash_is_standard_output(store, tmp_path, monkeypatch):
    result = runner.invoke(app, ["stats", "--db", str(store), "--out", "-", "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)
    assert not re.search(r"\.\d{5,}", result.stdout)  # 4 digits after the point at most
    monkeypatch.chdir(tmp_path)
    exported = runner.invoke(app, ["export", "-", "--to", "pokerstars", "--db", str(store)])
    assert exported.exit_code == 0 and not (tmp_path / "-").exists()
    assert exported.stdout.count("PokerStars Hand #") == 300  # the hold'em hands; the Sökö ones are not expressible
    converted = runner.invoke(app, ["convert", str(DISPUTED / "wrong-bring-in.txt"), "--to", "soko", "--out", "-"])
    assert converted.exit_code == 0 and "Hand #202603140101" in converted.stdout and not (tmp_path / "-").exists()


def test_from_names_the_input_format_everywhere_and_the_old_spelling_still_works(tmp_path):
    one = str(DISPUTED / "wrong-bring-in.txt")
    for option in ("--from", "--format"):
        result = runner.invoke(app, ["import", one, "--db", str(tmp_path / f"{option}.duckdb"), option, "soko"])
        assert result.exit_code == 0 and "1 hand stored" in result.stdout
    assert "--format" not in runner.invoke(app, ["import", "--help"], env={"COLUMNS": "200"}).stdout.split(
        "--from")[1].split("\n")[0]


def test_explain_in_another_format_says_what_to_use_instead(store):
    result = runner.invoke(app, ["audit", "--db", str(store), "--explain", "202603140103", "--format", "json"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "--format json --hand 202603140103 --db FILE" in result.stderr and "Traceback" not in result.output


def test_a_folder_as_db_names_the_file_to_make_there(tmp_path, monkeypatch):
    result = runner.invoke(app, ["stats", "--db", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{tmp_path} is a folder" in result.stderr and f"--db {tmp_path / 'soko.duckdb'}" in result.stderr
    assert f"soko lake build FILES --out {tmp_path}" in result.stderr
    # inside the demo's folder, the demo's store is named too
    (tmp_path / "demo.duckdb").write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    missing = runner.invoke(app, ["stats"])
    assert missing.exit_code == 2 and "soko demo's store is demo.duckdb" in missing.stderr
