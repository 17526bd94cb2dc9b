"""The command line under bad input (issue 12): odd files in a folder, missing paths, empty folders,
wrong formats, a bug of ours, hostile text bound for the terminal."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

from soko_analytics import api, cli
from soko_analytics.cli import app

from .parsers.test_pokerstars_malformed import GOOD

runner = CliRunner()
HOSTILE = "\x1b]0;pwned\x07Ev\x1b[2Jil\u202eX"


def folder_with_a_stranger(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.txt").write_text(GOOD.format(id=1), encoding="utf-8")
    (folder / "summary.txt").write_text("PokerStars Tournament #123, No Limit Hold'em\nBuy-In: $1/$0.10\n",
                                        encoding="utf-8")
    (folder / "b.txt").write_text(GOOD.format(id=2), encoding="utf-8")
    return folder


def test_audit_of_a_folder_reports_a_file_that_is_not_a_hand_history_and_goes_on(tmp_path):
    result = runner.invoke(app, ["audit", str(folder_with_a_stranger(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "summary.txt:0: no supported hand-history format recognised" in result.stderr
    assert "2 hands audited: 2 ok" in result.stdout and "1 unreadable file)" in result.stdout


def test_convert_of_a_folder_reports_a_file_that_is_not_a_hand_history_and_goes_on(tmp_path):
    result = runner.invoke(app, ["convert", str(folder_with_a_stranger(tmp_path)), "--to", "phh"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("[") >= 2 and "soko: 2 hands written, 1 skipped" in result.stderr


@pytest.mark.parametrize("command", [["import"], ["audit"], ["convert", "--to", "phh"]])
def test_a_missing_path_or_an_empty_folder_is_a_clear_error(tmp_path, command):
    db = tmp_path / "s.duckdb"
    missing = runner.invoke(app, [*command, str(tmp_path / "nope.txt"), *(["--db", str(db)] if command == ["import"]
                                                                           else [])])
    assert missing.exit_code == 2 and f"{tmp_path / 'nope.txt'}: no such file or folder" in missing.stderr
    (tmp_path / "empty").mkdir()
    empty = runner.invoke(app, [*command, str(tmp_path / "empty")])
    assert empty.exit_code == 2 and "no hand-history files in" in empty.stderr
    assert not db.exists()


def test_an_unknown_format_is_a_usage_error_before_anything_is_read(tmp_path):
    (tmp_path / "a.txt").write_text(GOOD.format(id=1), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    result = runner.invoke(app, ["import", str(tmp_path / "a.txt"), "--format", "no-such-site", "--db", str(db)])
    assert result.exit_code == 2 and "'no-such-site' is not one of" in result.stderr and not db.exists()


def test_a_wrong_format_is_not_recorded_as_imported(tmp_path):
    (tmp_path / "a.txt").write_text(GOOD.format(id=1), encoding="utf-8")
    db = str(tmp_path / "s.duckdb")
    wrong = runner.invoke(app, ["import", str(tmp_path / "a.txt"), "--format", "phh", "--db", db])
    assert wrong.exit_code == 4 and "not a phh file: it reads as pokerstars" in wrong.stderr  # nothing read
    suggested = "--from pokerstars"  # the flag the message suggests is the one that takes a format
    assert suggested in wrong.stderr
    audit = runner.invoke(app, ["audit", str(tmp_path / "a.txt"), *suggested.split()])
    assert audit.exit_code == 0, audit.stderr
    right = runner.invoke(app, ["import", str(tmp_path / "a.txt"), "--db", db])
    assert "1 hand stored" in right.stdout and "0 unchanged" in right.stdout


CUT = GOOD.format(id=7).split("*** SUMMARY ***")[0]
"""A hand whose log stops before its summary: it cannot be read (quarantined as incomplete)."""


def test_audit_of_a_file_whose_only_hand_cannot_be_read_exits_4(tmp_path):
    (tmp_path / "cut.txt").write_text(CUT, encoding="utf-8")
    result = runner.invoke(app, ["audit", str(tmp_path / "cut.txt")])
    assert result.exit_code == 4, result.output
    assert "0 hands audited" in result.stdout and "1 incomplete" in result.stdout


def test_audit_that_reads_some_hands_keeps_0_and_1(tmp_path):
    (tmp_path / "mixed.txt").write_text(GOOD.format(id=1) + "\n\n" + CUT, encoding="utf-8")
    assert runner.invoke(app, ["audit", str(tmp_path / "mixed.txt")]).exit_code == 0
    broken = GOOD.format(id=2).replace("Anna collected $0.13", "Anna collected $0.50")
    (tmp_path / "broken.txt").write_text(broken + "\n\n" + CUT, encoding="utf-8")
    assert runner.invoke(app, ["audit", str(tmp_path / "broken.txt")]).exit_code == 1


def test_import_where_nothing_could_be_read_exits_4_and_where_something_was_read_0(tmp_path):
    db = str(tmp_path / "s.duckdb")
    (tmp_path / "cut.txt").write_text(CUT, encoding="utf-8")
    (tmp_path / "junk.txt").write_text("not a hand history at all\n", encoding="utf-8")
    nothing = runner.invoke(app, ["import", str(tmp_path / "cut.txt"), str(tmp_path / "junk.txt"), "--db", db])
    assert nothing.exit_code == 4, nothing.output
    assert "0 hands stored" in nothing.stdout and "2 quarantined" in nothing.stdout
    (tmp_path / "cut2.txt").write_text(CUT.replace("#7:", "#8:"), encoding="utf-8")
    as_json = runner.invoke(app, ["import", str(tmp_path / "cut2.txt"), "--db", db, "--summary", "json"])
    assert as_json.exit_code == 4 and json.loads(as_json.stdout)["nothing_read"] is True
    (tmp_path / "a.txt").write_text(GOOD.format(id=1), encoding="utf-8")
    some = runner.invoke(app, ["import", str(tmp_path / "a.txt"), str(tmp_path / "cut.txt"), "--db", db])
    assert some.exit_code == 0 and "1 hand stored" in some.stdout
    again = runner.invoke(app, ["import", str(tmp_path / "a.txt"), "--db", db])  # unchanged, skipped: done
    assert again.exit_code == 0 and "1 unchanged" in again.stdout


def test_a_bug_of_ours_is_one_line_and_exit_status_3(tmp_path, monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(api, "audit_hands", broken)
    monkeypatch.delenv("SOKO_DEBUG", raising=False)
    (tmp_path / "a.txt").write_text(GOOD.format(id=1), encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["soko", "audit", str(tmp_path / "a.txt")])
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    assert exit_.value.code == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "soko: internal error: RuntimeError: boom" in err
    assert "(at soko_analytics/cli/hands.py:" in err and "SOKO_DEBUG=1" in err  # our innermost frame
    monkeypatch.setattr(sys, "argv", ["soko", "audit", str(tmp_path / "a.txt"), "--strict"])
    with pytest.raises(RuntimeError):
        cli.main()


def test_hostile_names_never_reach_the_terminal_as_control_sequences(tmp_path):
    log = tmp_path / "h.txt"
    log.write_text(GOOD.format(id=1).replace("Anna", HOSTILE).replace("Cleo: calls $0.04", f"{HOSTILE}x: calls $0.04")
                   + "\n\n" + GOOD.format(id=2).replace("Anna", HOSTILE), encoding="utf-8")
    (tmp_path / "junk.txt").write_text(f"{HOSTILE} first line\n", encoding="utf-8")
    audit = runner.invoke(app, ["audit", str(tmp_path)])
    db = str(tmp_path / "s.duckdb")
    runner.invoke(app, ["import", str(tmp_path), "--db", db])
    quarantine = runner.invoke(app, ["quarantine", "--db", db])
    as_json = runner.invoke(app, ["quarantine", "--db", db, "--json"])
    explain = runner.invoke(app, ["audit", str(log), "--explain", "2"])
    records = runner.invoke(app, ["audit", str(log), "--json"])
    for result in (audit, quarantine, as_json, explain, records):
        text = result.stdout + result.stderr
        assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text, text
    assert "\\x1b]0;pwned\\x07" in audit.stderr and "\\u202e" in explain.stdout
    (record,) = [json.loads(line) for line in records.stdout.splitlines()]
    assert list(record["collected"]) == [HOSTILE]  # JSON readers get the name back as it is


def test_csv_of_stats_and_of_the_quarantine_escapes_control_sequences(tmp_path):
    log = tmp_path / f"h{HOSTILE}.txt"
    log.write_text(GOOD.format(id=1).replace("Anna", HOSTILE) + "\n\n" + CUT.replace("Anna", HOSTILE),
                   encoding="utf-8")
    db = str(tmp_path / "s.duckdb")
    assert runner.invoke(app, ["import", str(log), "--db", db]).exit_code == 0
    stats = runner.invoke(app, ["stats", "--db", db])  # piped: CSV
    stats_csv = runner.invoke(app, ["stats", "--db", db, "--format", "csv"])
    quarantine = runner.invoke(app, ["quarantine", "--db", db, "--format", "csv"])
    summary = runner.invoke(app, ["import", str(log), "--db", db, "--force", "--summary", "csv"])
    for result in (stats, stats_csv, quarantine, summary):
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.stdout and "\x07" not in result.stdout and "\u202e" not in result.stdout
    assert "\\x1b]0;pwned\\x07Ev\\x1b[2Jil\\u202eX" in stats.stdout  # shown as escapes, as audit shows them
    assert "h\\x1b]0;pwned" in quarantine.stdout and "h\\x1b]0;pwned" in summary.stdout


def _limited(limit: int):
    import resource

    def limit_address_space() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return limit_address_space


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ulimit -v as Linux's glibc counts it")
def test_an_address_space_limit_is_one_line_or_enough_never_sigabrt(tmp_path):
    import subprocess
    from pathlib import Path

    soko = str(Path(sys.executable).parent / "soko")
    (tmp_path / "a.txt").write_text(GOOD.format(id=1) + "\n\n" + GOOD.format(id=2), encoding="utf-8")
    args = [soko, "import", str(tmp_path / "a.txt"), "--db", str(tmp_path / "s.duckdb"), "--jobs", "2"]
    small = subprocess.run(args, capture_output=True, text=True, preexec_fn=_limited(800 << 20), timeout=120)
    assert small.returncode == 2, small.stderr
    assert small.stderr.count("\n") == 1 and "the address space is limited to 800 MiB" in small.stderr
    enough = subprocess.run(args, capture_output=True, text=True, preexec_fn=_limited(1 << 30), timeout=120)
    assert enough.returncode == 0, enough.stderr  # the libraries' thread arenas aborted it (SIGABRT, -6) before
    assert "2 hands stored" in enough.stdout
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(40):
        (folder / f"{n}.txt").write_text("\n\n".join(GOOD.format(id=100 * n + i) for i in range(5)), encoding="utf-8")
    many = [soko, "import", str(folder), "--db", str(tmp_path / "many.duckdb"), "--jobs", "8"]
    readers = subprocess.run(many, capture_output=True, text=True, preexec_fn=_limited(1 << 30), timeout=300)
    assert readers.returncode == 0, readers.stderr  # as many readers as the limit holds, not 8
    assert "200 hands stored" in readers.stdout


def test_rich_markup_in_a_name_is_shown_as_text(tmp_path):
    log = tmp_path / "h.txt"
    log.write_text(GOOD.format(id=1).replace("Anna", "[/][bold]Anna"), encoding="utf-8")
    result = runner.invoke(app, ["stats", "--db", str(tmp_path / "s.duckdb"), "--format", "table"]) \
        if runner.invoke(app, ["import", str(log), "--db", str(tmp_path / "s.duckdb")]).exit_code == 0 else None
    assert result is not None and result.exit_code == 0, result.output if result else ""
    assert "[/][bold]Anna" in result.stdout
