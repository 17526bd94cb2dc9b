"""Counts agree with their nouns for one (issue 37: "1 sessions", "1 hands"): the one helper, and the messages
that count on a store of one hand (sample_data/disputed/wrong-bring-in.txt holds one hand, 202603140101)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from soko_analytics.cli import app
from soko_analytics.model.counts import plural
from soko_analytics.store.watch import WatchSummary

ONE_HAND = Path(__file__).resolve().parents[1] / "sample_data" / "disputed" / "wrong-bring-in.txt"
runner = CliRunner()


def test_plural():
    assert plural(1, "hand") == "1 hand"
    assert plural(0, "hand") == "0 hands"
    assert plural(2, "session") == "2 sessions"
    assert plural(1234, "file") == "1,234 files"
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == "3 matches"


def test_the_watch_line_counts_one_hand_in_one_file():
    summary = WatchSummary(stored=1, quarantined=0, files={"a.txt"}, seconds=2.0, mode="polling")
    assert summary.line() == "watched 2 s (polling): 1 hand stored, 0 quarantined, from 1 file"


def test_one_hand_is_one_hand_in_every_message(tmp_path):
    assert ONE_HAND.read_text(encoding="utf-8").count("Hand #") == 1  # the premise: the file holds one hand
    db = str(tmp_path / "one.duckdb")
    imported = runner.invoke(app, ["import", str(ONE_HAND), "--db", db, "--hero", "Aino"])
    assert imported.exit_code == 0 and imported.stdout.startswith("1 file (0 unchanged, skipped): 1 hand stored,")
    renamed = runner.invoke(app, ["import", str(ONE_HAND), "--db", db, "--hero", "Liisa"])
    assert "the hero of 1 hand stored before changed (--hero)" in renamed.stdout, renamed.output
    audited = runner.invoke(app, ["audit", "--db", db])
    assert audited.stdout.count("1 hand audited: 0 ok, 1 with errors; 0 not audited (0 unsupported games,") == 1
    parquet = runner.invoke(app, ["export", "--db", db, "--to", "parquet", str(tmp_path / "lake")])
    assert parquet.exit_code == 0 and "hands: 1 row\n" in parquet.stdout, parquet.output
    text = runner.invoke(app, ["export", "--db", db, "--to", "soko", str(tmp_path / "one.txt")])
    assert text.exit_code == 0 and text.stdout.startswith("1 hand written to "), text.output
