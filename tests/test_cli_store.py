"""``soko import``, ``soko quarantine`` and ``soko audit --db`` on a store."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

import soko_analytics
from soko_analytics.cli import app

runner = CliRunner()


def test_import_then_audit_and_quarantine(tmp_path, corpus):
    db = tmp_path / "s.duckdb"
    stud = corpus / "pokerstars" / "cash" / "Stud"
    result = runner.invoke(app, ["import", str(stud), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    hi_lo = sum(f.read_text(errors="replace").count("7 Card Stud Hi/Lo Limit") for f in stud.glob("*.txt"))
    # one Hi/Lo hand is in two files (a test file holds a copy): quarantined once, then already there
    assert f"11 hands stored, 1 already in the store, {hi_lo - 1} quarantined" in result.stdout
    again = runner.invoke(app, ["import", str(stud), "--db", str(db)])
    assert "0 hands stored" in again.stdout and "unchanged, skipped" in again.stdout

    audited = runner.invoke(app, ["audit", "--db", str(db), "--json"])
    assert audited.exit_code == 0, audited.output
    records = [json.loads(line) for line in audited.stdout.splitlines() if line.strip()]
    assert len(records) == 11 and all(r["ok"] and r["game"] == "stud7" for r in records)

    one = runner.invoke(app, ["audit", "--db", str(db), "--explain", records[0]["hand_id"]])
    assert one.exit_code == 0 and "Verdict: the hand was played and paid by the rules of stud7." in one.stdout

    listed = runner.invoke(app, ["quarantine", "--db", str(db)])
    assert listed.exit_code == 0
    texts = "".join(f.read_text(errors="replace") for f in stud.glob("*.txt"))
    distinct = len(set(re.findall(r"(?:Hand|Game) #(\d+):[^\n]*7 Card Stud Hi/Lo Limit", texts)))
    assert distinct == hi_lo - 1
    assert listed.stdout.count("[unsupported] unsupported game: 7 Card Stud Hi/Lo Limit") == distinct


def test_python_api_returns_polars_frames(tmp_path, soko_example_file):
    db = tmp_path / "api.duckdb"
    runner.invoke(app, ["import", str(soko_example_file), "--db", str(db)])
    with soko_analytics.open(str(db)) as store:
        hands = store.hands()
        seats = store.seats()
    assert hands["hand_id"].to_list() == ["202603140001"] and hands["game"][0] == "soko"
    # Final stacks of formats/soko-text.md: Aino €11.40, Ville €3, Matti €9.30, Liisa €9.40.
    finals = {r["player"]: r["starting_stack"] + r["net"] for r in seats.to_dicts()}
    assert finals == {"Aino": 1140, "Ville": 300, "Matti": 930, "Liisa": 940}


def test_missing_store_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["quarantine", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 2 and "no store here" in result.stderr


def test_audit_needs_files_or_a_store():
    result = runner.invoke(app, ["audit"])
    assert result.exit_code == 2
