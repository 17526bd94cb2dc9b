"""``soko convert``: every hand that parses is written; the rest are named on stderr."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics.cli import app
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path, read_text

runner = CliRunner()


@pytest.fixture()
def example(soko_example_file) -> Path:
    return soko_example_file


def test_soko_text_to_phh_and_back(example, tmp_path):
    out = tmp_path / "example.phh"
    result = runner.invoke(app, ["convert", str(example), "--to", "phh", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 hand written, 0 skipped" in result.stderr
    assert list(read_path(out)) == list(read_path(example))
    back = runner.invoke(app, ["convert", str(out), "--to", "soko"])
    assert back.exit_code == 0
    assert back.stdout.strip() == example.read_text(encoding="utf-8").strip()


def test_pokerstars_file_to_phh_names_what_it_skips(corpus, tmp_path):
    source = corpus / "pokerstars" / "cash" / "Flop" / "PLO-6max-USD-2.00-4.00-201403.2.partial.txt"
    result = runner.invoke(app, ["convert", str(source), "--to", "phh"])
    assert result.exit_code == 0
    # Two Omaha hands are whole, two are cut off in the log (its name says so).
    assert "2 hands written, 2 skipped" in result.stderr
    assert "the hand ends before its *** SUMMARY ***" in result.stderr


def test_holdem_cannot_be_written_as_soko_text(corpus):
    source = corpus / "pokerstars" / "cash" / "Flop" / "NLHE-FR-USD-0.01-0.02-201004.4betPF.txt"
    hands = [h for h in read_path(source) if isinstance(h, Hand)]
    result = runner.invoke(app, ["convert", str(source), "--to", "soko"])
    assert result.exit_code == 0
    assert f"0 hands written, {len(hands)} skipped" in result.stderr
    assert "not written:" in result.stderr


def test_folder_to_pokerstars_round_trips(corpus, tmp_path):
    folder = corpus / "pokerstars" / "cash" / "Stud"
    out = tmp_path / "stud.txt"
    result = runner.invoke(app, ["convert", str(folder), "--to", "pokerstars", "--out", str(out)])
    assert result.exit_code == 0
    originals = [h for f in sorted(folder.glob("*.txt")) for h in read_path(f) if isinstance(h, Hand)]
    assert list(read_text(out.read_text(encoding="utf-8"))) == originals


def test_bad_format_is_a_usage_error(example):
    result = runner.invoke(app, ["convert", str(example), "--to", "xml"])
    assert result.exit_code == 2 and "'xml' is not one of" in result.stderr


def test_missing_file_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["convert", str(tmp_path / "nope.txt"), "--to", "phh"])
    assert result.exit_code == 2 and "nope.txt" in result.stderr and "Traceback" not in result.output
