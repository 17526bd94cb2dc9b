"""``soko audit``: verdicts, the JSON Lines contract, --explain and the exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics.cli import app

runner = CliRunner()


@pytest.fixture()
def example(soko_example_file) -> Path:
    return soko_example_file


def test_clean_hand_exits_0(example):
    result = runner.invoke(app, ["audit", str(example)])
    assert result.exit_code == 0, result.output
    assert "1 hand audited: 1 ok, 0 with errors" in result.stdout


def test_json_lines_contract(example):
    result = runner.invoke(app, ["audit", str(example), "--json"])
    assert result.exit_code == 0
    (line,) = [ln for ln in result.stdout.splitlines() if ln.strip()]
    record = json.loads(line)
    for key in ("site", "hand_id", "game", "profile", "ok", "findings", "payouts", "rake", "pots"):
        assert key in record
    assert record["hand_id"] == "202603140001" and record["game"] == "soko" and record["profile"] == "soko-casino"
    assert record["ok"] is True and record["findings"] == []
    assert record["payouts"] == {"Matti": "9.30", "Aino": "4.00"} and record["rake"] == "0.30"
    assert record["pots"][0] == {"amount": "9.30", "eligible": ["Aino", "Ville", "Matti"], "winners": {"Matti": "9.30"},
                                 "amount_minor": 930, "winners_minor": {"Matti": 930}}
    # the same money in minor units, as every other JSON of soko gives it (docs/cli.md)
    assert (record["currency"], record["decimals"], record["rake_minor"]) == ("EUR", 2, 30)
    assert record["payouts_minor"] == {"Matti": 930, "Aino": 400}


def test_broken_hand_exits_1_with_the_finding(example, tmp_path):
    broken = tmp_path / "broken.txt"
    broken.write_text(example.read_text(encoding="utf-8").replace(
        "Matti collected €9.30 from main pot", "Matti collected €9 from main pot").replace(
        "Aino collected €4 from side pot-1", "Aino collected €4.30 from side pot-1"), encoding="utf-8")
    result = runner.invoke(app, ["audit", str(broken), "--json"])
    assert result.exit_code == 1
    record = json.loads(result.stdout.splitlines()[0])
    codes = {(f["code"], f["severity"], f["player"]) for f in record["findings"]}
    assert codes == {("payout", "error", "Matti"), ("payout", "error", "Aino")}
    finding = next(f for f in record["findings"] if f["player"] == "Matti")
    for key in ("code", "severity", "street", "action_index", "player", "expected", "actual", "message"):
        assert key in finding
    assert (finding["expected"], finding["actual"]) == ("9.30", "9.00")


def test_explain_prints_the_ledger_and_verdict(example):
    result = runner.invoke(app, ["audit", str(example), "--explain", "202603140001"])
    assert result.exit_code == 0
    out = result.stdout
    assert "Matti                raises €0.40 to €1.40 and is all-in" in out
    assert "main pot" in out and "side pot-1" in out and "a four-flush, Ace high" in out
    assert out.rstrip().endswith("Verdict: the hand was played and paid by the rules of soko-casino.")


def test_explain_unknown_hand_is_a_usage_error(example):
    result = runner.invoke(app, ["audit", str(example), "--explain", "42"])
    assert result.exit_code == 2 and "no hand 42" in result.stderr


def test_corpus_folder(corpus):
    result = runner.invoke(app, ["audit", str(corpus / "pokerstars" / "cash" / "Stud")])
    assert result.exit_code == 0, result.output
    # 11 stud and 9 Stud Hi/Lo hands (one of them also copied into a second file)
    assert "20 hands audited: 20 ok, 0 with errors; 0 not audited" in result.stdout


def test_a_hand_audited_from_the_store_names_its_files_line_as_from_the_file(tmp_path):
    """The source of a stored hand read back is its file's line (it was ``file:line:1``), as when the file is read."""
    import json

    from typer.testing import CliRunner

    from soko_analytics import api
    from soko_analytics.cli import app

    sample = api.SAMPLE_DATA / "holdem-seed7.txt"
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [sample])
    runner = CliRunner()
    from_file = [json.loads(x) for x in runner.invoke(app, ["audit", str(sample), "--format", "jsonl"]).stdout.split("\n") if x]
    from_store = [json.loads(x) for x in runner.invoke(app, ["audit", "--db", str(db), "--format", "jsonl"]).stdout.split("\n")
                  if x]
    headers = [n for n, text in enumerate(sample.read_text(encoding="utf-8").split("\n"), 1)
               if text.startswith("PokerStars Hand #")]
    assert len(from_file) == len(from_store) == len(headers) > 100

    def where(records):
        return {r["hand_id"]: (r["source"]["path"], r["source"]["line"]) for r in records}

    assert where(from_store) == where(from_file)
    assert sorted(line for _, line in where(from_store).values()) == headers  # each hand's header line
