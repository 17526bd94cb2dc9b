"""The bundled sample data: what sample_data/README.md says of each file holds, and soko demo runs on it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity

SAMPLE = Path(__file__).resolve().parents[1] / "sample_data"
COMMANDS = re.findall(r"`soko simulate --profile (\"[^\"]+\"|\S+) --hands (\d+) --players (\d+) --seed (\d+) "
                      r"--out sample_data/(\S+)`", (SAMPLE / "README.md").read_text(encoding="utf-8"))
DISPUTED = {
    "wrong-bring-in.txt": {"bring_in"},
    "short-all-in-reopened.txt": {"not_reopened"},
    "wrong-side-pot-split.txt": {"payout", "winner"},
}


def test_the_readme_lists_every_session_file():
    assert sorted(name for *_, name in COMMANDS) == sorted(p.name for p in SAMPLE.glob("*.txt"))


@pytest.mark.parametrize("profile, hands, players, seed, name", COMMANDS, ids=[c[-1] for c in COMMANDS])
def test_session_files_are_what_their_command_writes_and_audit_clean(profile, hands, players, seed, name):
    path = SAMPLE / name
    assert path.read_text(encoding="utf-8") == api.simulate_text(profile.strip('"'), int(hands), int(players),
                                                                 int(seed))
    read = list(read_path(path))
    assert len(read) == int(hands) and all(isinstance(h, Hand) for h in read)
    assert all(audit(h, ledger=False).ok for h in read)


@pytest.mark.parametrize("name, codes", DISPUTED.items())
def test_disputed_hands_give_their_finding(name, codes):
    (hand,) = read_path(SAMPLE / "disputed" / name)
    found = {f.code.value for f in audit(hand).findings if f.severity is Severity.ERROR}
    assert found == codes


def _hands_dealt_to(name: str) -> int:
    """The sample hands whose log deals ``name`` cards face up (``Dealt to Aino [..]``): the hero's, read from the
    text, not the store."""
    blocks = [b for path in sorted(SAMPLE.rglob("*.txt"))
              for b in re.split(r"\n(?=[^\n]*Hand #)", path.read_text(encoding="utf-8")) if "Hand #" in b.split("\n")[0]]
    return sum(f"Dealt to {name} [" in b for b in blocks)


def test_demo_runs_end_to_end(tmp_path):
    result = CliRunner().invoke(app, ["demo", "--out", str(tmp_path / "demo"), "--reports", str(tmp_path / "reports")],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    hands = sum(int(h) for _, h, *_ in COMMANDS) + len(DISPUTED)
    assert f"{hands:,} hands stored" in out
    for hand_id in ("202603140101", "202603140102", "202603140103"):
        assert hand_id in out
    assert (tmp_path / "demo" / "demo.duckdb").is_file()
    assert str(tmp_path / "demo" / "demo.duckdb") in out
    # the stats, the dashboard and the first disputed hand's report
    stats = (tmp_path / "demo" / "stats.csv").read_text(encoding="utf-8")
    assert stats.startswith("player,currency,decimals,game,hands,net_won") and "Aino" in stats
    dashboard = (tmp_path / "reports" / "dashboard.html").read_text(encoding="utf-8")
    assert "Hero: results" in dashboard
    data = json.loads(re.search(r'<script type="application/json" id="soko-data">(.*?)</script>', dashboard, re.S)[1])
    assert data["focus"] == {"how": "hero", "names": ["Aino"]}
    # Sökö's own classes: the hero showed one down, and the page knows how often each is dealt (RULES.md §2)
    assert "four_flush" in data["hero"]["classes"] and "four_flush" in data["theory"]["soko-finnish"]
    report = (tmp_path / "reports" / "hand-202603140102.html").read_text(encoding="utf-8")
    assert "not_reopened" in report and 'class="verdict bad"' in report
    # Issue 37: about 100 lines of stats scrolled the disputed hands away. Now a screenful: the summary (the
    # import, the hero, where the dashboard is, the audit), then the disputed hands, the last lines printed.
    lines = out.splitlines()
    assert len(lines) <= 20, result.stdout
    title = lines.index("Hands with an error (the disputed pots)")
    # the disputed hands last: a header, then a row per error finding, in file order (sample_data/README.md)
    rows = [line.split()[:3] for line in lines[title + 2:]]
    assert [[hand, file] for hand, file, _ in rows] == [
        ["202603140102", "short-all-in-reopened.txt"], ["202603140101", "wrong-bring-in.txt"],
        ["202603140103", "wrong-side-pot-split.txt"], ["202603140103", "wrong-side-pot-split.txt"]]
    assert sorted(code for *_, code in rows) == sorted(c for codes in DISPUTED.values() for c in codes)
    summary = lines[:title]
    assert summary[0].startswith("import: 25 files") and f"{hands:,} hands stored" in summary[0]
    hero = next(line for line in summary if line.startswith("The hero, "))
    assert hero.startswith(f"The hero, Aino (each log's owner): {_hands_dealt_to('Aino'):,} hands of ")
    assert any(line == f"The dashboard: {tmp_path / 'reports' / 'dashboard.html'}; the first disputed hand: "
               f"{tmp_path / 'reports' / 'hand-202603140102.html'}" for line in summary)
    assert any(line.startswith("Audit: 4 errors in 3 hands") for line in summary)
