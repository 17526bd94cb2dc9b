"""``soko import``, ``soko quarantine`` and ``soko audit --db`` on a store."""

from __future__ import annotations

import json
import re
from collections import Counter

from typer.testing import CliRunner

import soko_analytics
from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.cli.hands import Grouping

runner = CliRunner()


def _headers(folder, game: str) -> int:
    """Header lines of ``game`` in the folder's logs (by the test's own regex)."""
    texts = "".join(f.read_text(errors="replace") for f in folder.glob("*.txt"))
    return len(re.findall(r"(?:Hand|Game) #\d+:[^\n]*" + re.escape(game) + r"(?: [-(]|, )", texts, re.IGNORECASE))


def test_import_then_audit_and_quarantine(tmp_path, corpus):
    db = tmp_path / "s.duckdb"
    stud = corpus / "pokerstars" / "cash" / "Stud"
    result = runner.invoke(app, ["import", str(stud), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    stud7, hi_lo = _headers(stud, "7 Card Stud Limit"), _headers(stud, "7 Card Stud Hi/Lo Limit")
    assert (stud7, hi_lo) == (11, 9)
    # one Hi/Lo hand is in two files (a test file holds a copy): stored once, then already there
    stored = stud7 + hi_lo - 1
    assert f"{stored} hands stored, 1 already in the store, 0 quarantined" in result.stdout
    again = runner.invoke(app, ["import", str(stud), "--db", str(db)])
    assert "0 hands stored" in again.stdout and "unchanged, skipped" in again.stdout

    audited = runner.invoke(app, ["audit", "--db", str(db), "--json"])
    assert audited.exit_code == 0, audited.output
    records = [json.loads(line) for line in audited.stdout.splitlines() if line.strip()]
    assert len(records) == stored and all(r["ok"] for r in records)
    assert Counter(r["game"] for r in records) == {"stud7": stud7, "stud7-hilo": hi_lo - 1}

    first = next(r["hand_id"] for r in records if r["game"] == "stud7-hilo")
    one = runner.invoke(app, ["audit", "--db", str(db), "--explain", first])
    assert one.exit_code == 0 and "Verdict: the hand was played and paid by the rules of stud7-hilo." in one.stdout

    draw = corpus / "pokerstars" / "cash" / "Draw"
    runner.invoke(app, ["import", str(draw), "--db", str(db)])
    listed = runner.invoke(app, ["quarantine", "--db", str(db)])
    assert listed.exit_code == 0
    triple = _headers(draw, "Triple Draw 2-7 Lowball Limit")
    assert triple > 0  # every draw hand is stored but the one the site cancelled: quarantined as such
    assert "[unsupported]" not in listed.stdout and listed.stdout.count("[incomplete]") == 1


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


def _drift_logs(folder):
    """The drift tests' logs (``tests/store/test_drift.py``), and a hand whose new line holds a terminal control."""
    from .store.test_drift import IPOKER, NOT_A_LOG, STARS, stars_hand

    folder.mkdir()
    (folder / "stars.txt").write_text(STARS + stars_hand(900004, ("Eve", "Mo"), ("3", "3"), "Eve: waves \x1b[2J"),
                                      encoding="utf-8")
    (folder / "ipoker.xml").write_text(IPOKER, encoding="utf-8")
    (folder / "notes.txt").write_text(NOT_A_LOG, encoding="utf-8")
    return folder


def test_quarantine_by_reason_in_every_format(tmp_path):
    db, logs = tmp_path / "s.duckdb", _drift_logs(tmp_path / "logs")
    imported = runner.invoke(app, ["import", str(logs), "--db", str(db), "--summary", "json"])
    assert imported.exit_code == 4, imported.output  # every hand of these logs is quarantined: nothing read
    document = json.loads(imported.stdout)
    assert {"files", "stored", "quarantined", "per_file", "passed_over"} <= set(document)
    drift = {(g["format"], g["kind"], g["shape"]): g["count"] for g in document["drift"]}
    assert drift == {("pokerstars", "malformed", "<name>: uses time bank (N s)"): 2,
                     ("pokerstars", "malformed", "<name>: activates the boost card [<card>]"): 1,
                     ("pokerstars", "malformed", "<name>: waves \x1b[NJ"): 1,
                     ("ipoker", "unsupported",
                      '<action player="<name>" no="N" cards="" sum="<amount>" type="N"/>'): 2,
                     (None, "unreadable", "Weekly summary of my sessions"): 1}
    assert "\x1b" not in imported.stdout  # JSON escapes it

    as_json = runner.invoke(app, ["quarantine", "--db", str(db), "--by", "reason", "--format", "json"])
    assert as_json.exit_code == 0, as_json.output
    groups = json.loads(as_json.stdout)
    assert groups == document["drift"] and "\x1b" not in as_json.stdout
    lines = runner.invoke(app, ["quarantine", "--db", str(db), "--by", "reason", "-f", "jsonl"]).stdout.splitlines()
    assert [json.loads(line) for line in lines] == groups
    csv_text = runner.invoke(app, ["quarantine", "--db", str(db), "--by", "reason", "-f", "csv"]).stdout
    assert csv_text.splitlines()[0] == "format,client_version,kind,shape,count,file,line,reason,text"
    table = runner.invoke(app, ["quarantine", "--db", str(db), "--by", "reason"])
    assert table.exit_code == 0 and "\x1b" not in table.stdout and "<name>: waves \\x1b[NJ" in table.stdout
    assert "7 quarantined in 5 groups" in table.stderr
    sites = runner.invoke(app, ["quarantine", "--db", str(db), "--by", "site", "-f", "json"])
    assert {(g["format"], g["client_version"]): g["count"] for g in json.loads(sites.stdout)} == {
        ("pokerstars", None): 4, ("ipoker", "23.1.0.5"): 2, (None, None): 1}
    listed = runner.invoke(app, ["quarantine", "--db", str(db)])  # the listing stays a line per record
    assert listed.exit_code == 0 and listed.stdout.count("\n") == 7
    again = runner.invoke(app, ["import", str(_drift_logs(tmp_path / "more")), "--db", str(tmp_path / "t.duckdb")])
    assert f"soko: 7 quarantined, in 5 kinds of line not understood (soko quarantine --db {tmp_path / 't.duckdb'} " \
           "--by reason)" in again.stderr  # the table summary names the report
    wrong = runner.invoke(app, ["quarantine", "--db", str(db), "--by", "colour"])
    assert wrong.exit_code == 2
    assert {g.value for g in Grouping} == set(api.QUARANTINE_GROUPINGS)
