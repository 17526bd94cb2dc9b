"""One output contract for every listing command, and a command line that behaves like one (issue 13).

Piped output is plain text that nothing cuts; every listing command takes --format
table|json|jsonl|csv (validated); `-` reads standard input; bad numbers, cards used twice, missing
folders are usage errors; the progress bar counts hands on a terminal; the demo says what it does.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.rules.profiles import PROFILES

from .parsers.test_pokerstars_malformed import GOOD

runner = CliRunner()
SOKO = str(Path(sys.executable).parent / "soko")


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("out")
    (folder / "a.txt").write_text("\n\n".join(GOOD.format(id=n) for n in (1, 2)) + "\n\n"
                                  + GOOD.format(id=3).replace("Hold'em No Limit", "Badugi Limit"), encoding="utf-8")
    db = folder / "s.duckdb"
    api.import_paths(db, [folder / "a.txt"])
    return db


def test_piped_tables_are_plain_text_and_never_cut():
    for columns in ("200", "40"):
        result = runner.invoke(app, ["rules"], env={"COLUMNS": columns})
        assert result.exit_code == 0
        assert "…" not in result.stdout and "│" not in result.stdout and "━" not in result.stdout
        header = next(line for line in result.stdout.splitlines() if line.startswith("option"))
        assert header.split() == ["option", *PROFILES]
        assert any(line.startswith("four_straight_ace_low") for line in result.stdout.splitlines())


def _parse(fmt: str, text: str):
    if fmt == "json":
        return json.loads(text)
    if fmt == "jsonl":
        return [json.loads(line) for line in text.splitlines()]
    return list(csv.DictReader(io.StringIO(text)))


LISTINGS = {
    "rules": (["rules"], "name"),
    "rules PROFILE": (["rules", "soko-finnish"], "setting"),  # as json: the resolved profile (soko rules --json)
    "eval": (["eval", "Ah Kh 7h 3h 3s", "Qs Qd 9c 5h 2d"], "description"),
    "audit": (["audit", "{log}"], "hand_id"),
    "quarantine": (["quarantine", "--db", "{db}"], "kind"),
    "stats": (["stats", "--db", "{db}"], "player"),
    "import summary": (["import", "{log}", "--db", "{fresh}", "--summary"], "stored"),
}


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv"])
@pytest.mark.parametrize("command", LISTINGS)
def test_every_listing_command_speaks_each_format(command, fmt, store, tmp_path):
    args, field = LISTINGS[command]
    args = [a.format(log=store.parent / "a.txt", db=store, fresh=tmp_path / f"{fmt}.duckdb") for a in args]
    option = [] if args[-1] == "--summary" else ["--format"]
    result = runner.invoke(app, [*args, *option, fmt])
    assert result.exit_code == 0, result.output
    data = _parse(fmt, result.stdout)
    if command == "rules PROFILE" and fmt == "json":
        assert data["profile"] == "soko-finnish" and data["options"]["raise_after_pass"] is True
        return
    rows = data if isinstance(data, list) else (data.get("profiles") or data.get("hands") or data.get("per_file"))
    assert rows and field in rows[0], (command, fmt, result.stdout[:300])


@pytest.mark.parametrize("args", [["rules", "--format", "xml"], ["audit", "x.txt", "-f", "yaml"],
                                  ["quarantine", "--format", "html"], ["stats", "--format", "tsv"],
                                  ["import", "x.txt", "--summary", "xml"]])
def test_format_choices_are_validated(args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "is not one of" in result.stderr


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("soko_analytics ")


def test_a_dash_reads_standard_input(tmp_path):
    text = GOOD.format(id=7)
    audited = runner.invoke(app, ["audit", "-", "--format", "jsonl"], input=text)
    assert audited.exit_code == 0 and json.loads(audited.stdout)["source"]["path"] == "<stdin>"
    converted = runner.invoke(app, ["convert", "-", "--to", "phh"], input=text)
    assert converted.exit_code == 0 and "hand = 7" in converted.stdout.replace("'", "").replace('"', "")
    db = tmp_path / "s.duckdb"
    imported = runner.invoke(app, ["import", "-", "--db", str(db)], input=text)
    assert imported.exit_code == 0 and "1 hand stored" in imported.stdout
    with api.Store(db, read_only=True) as store:
        assert store.query("SELECT source_file FROM hands").rows() == [("<stdin>",)]


@pytest.mark.parametrize("args, option", [
    (["simulate", "--profile", "holdem", "--hands", "-5"], "--hands"),
    (["simulate", "--profile", "holdem", "--players", "1"], "--players"),
    (["import", "x.txt", "--jobs", "-3"], "--jobs"),
    (["stats", "--min-hands", "-1"], "--min-hands"),
])
def test_numbers_are_validated(args, option):
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and option in result.stderr


def test_more_players_than_seats_and_a_card_used_twice_are_usage_errors():
    seats = runner.invoke(app, ["simulate", "--profile", "stud7", "--players", "9"])
    assert seats.exit_code == 2 and "9 players cannot sit at a stud7 table (expected 2 to 8" in seats.stderr
    twice = runner.invoke(app, ["eval", "Ah Ah Kd Qs Jc"])
    assert twice.exit_code == 2 and "Ah appears twice" in twice.stderr


def test_explain_is_case_insensitive_and_takes_labels():
    for name in ("VPIP", "vpip", "W$SD", "Wsd"):
        result = runner.invoke(app, ["stats", "--explain", name])
        assert result.exit_code == 0 and result.stdout.split()[0] in ("vpip", "wsd"), name


def test_a_filter_matching_nothing_says_so(store):
    # a player and a game the store holds, but no hand of both (unknown names are errors: test_cli_messages.py)
    result = runner.invoke(app, ["stats", "--db", str(store), "--player", "Anna", "--since", "2030-01-01"])
    assert result.exit_code == 0 and "soko: no hands match the filters --player Anna, --since 2030-01-01" in result.stderr


@pytest.mark.parametrize("args", [
    ["stats", "--db", "{db}", "--out", "{missing}/s.csv"],
    ["convert", "{log}", "--to", "phh", "--out", "{missing}/x.phhs"],
    ["simulate", "--profile", "holdem", "--hands", "2", "--out", "{missing}/x.txt"],
])
def test_out_into_a_missing_folder_is_a_clear_error(args, store, tmp_path):
    args = [a.format(db=store, log=store.parent / "a.txt", missing=tmp_path / "nope") for a in args]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert str(tmp_path / "nope") in result.stderr and ("does not exist" in result.stderr
                                                         or "No such file or directory" in result.stderr)


def _on_a_terminal(args: list[str], cwd: Path) -> str:
    """Run soko with a pseudo-terminal as its output and return what it wrote there."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([SOKO, *args], stdin=follower, stdout=follower, stderr=follower, cwd=cwd,
                            env={**os.environ, "COLUMNS": "100"})
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=300)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_the_progress_bar_counts_hands_on_a_terminal(tmp_path):
    shown = _on_a_terminal(["import", str(api.SAMPLE_DATA), "--db", str(tmp_path / "s.duckdb"), "--jobs", "1"],
                           tmp_path)
    assert "import" in shown and " hands" in shown and "hands/s" in shown and "3,203 hands stored" in shown
    assert "/12" not in shown  # hands, not files out of a total


@pytest.mark.slow  # 10 s or more
def test_the_demo_says_what_it_is_doing(tmp_path):
    result = subprocess.run([SOKO, "demo", "--out", "demo"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    steps = [line for line in result.stderr.splitlines() if line.startswith("soko demo: ")]
    assert [s.split(":")[1].split()[0] for s in steps] == ["importing", "computing", "writing"]
    assert "Hands with an error (the disputed pots)" in result.stdout
