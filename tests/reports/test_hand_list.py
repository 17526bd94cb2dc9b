"""The hand list (soko_analytics/reports/hand_list.py): the hero's hands by default, sortable, each a link to
its replayer; in headless Chromium, a hand opened from the list shows its streets and the stacks the rules give.

Expected values are worked from the log's own text here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.reports.hand_list import board_text, hand_rows
from soko_analytics.stats import Filters
from soko_analytics.store.db import Store
from tests.browser import Browser

from .chromium import CHROMIUM, needs_chromium

DISPUTED = Path(__file__).resolve().parents[2] / "sample_data" / "disputed"
runner = CliRunner()
HAND = "202603140103"  # wrong-side-pot-split.txt: Ville collects the side pot Aino's three nines won


@pytest.fixture(scope="module")
def listed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hands")
    db = folder / "d.duckdb"
    api.import_paths(db, [DISPUTED])
    written = api.report_hands(db, Filters(players=("Aino",)), folder / "out")
    return folder / "out", written


def test_the_list_has_the_players_hands_each_linking_to_its_replayer(listed):
    folder, written = listed
    text = (folder / "hands.html").read_text(encoding="utf-8")
    hands = {m[1] for f in DISPUTED.glob("*.txt")
             for m in re.finditer(r"^\S+ Hand #(\d+).*\n(?:.*\n)*?Seat \d+: Aino \(", f.read_text(encoding="utf-8"),
                                  re.M)}
    links = re.findall(r'<a href="(hand-[^"]+\.html)">(\d+)</a>', text)
    assert {hand for _, hand in links} == hands and written["hands"] == len(hands) == written["replayers"]
    for href, _ in links:
        assert (folder / href).exists()
    assert 'class="sortable"' in text and "table.sortable" in text  # the page's own sorting script
    # Aino's result in the disputed hand, by the log: she put in €5.00 and collected nothing
    row = next(r for r in text.split("<tr>") if f">{HAND}</a>" in r)
    assert "-€5.00" in row and "winner" in row


def test_no_player_named_lists_the_hero_only(tmp_path):
    db = tmp_path / "d.duckdb"
    api.import_paths(db, [DISPUTED])
    written = api.report_hands(db, Filters(), tmp_path / "out")
    text = (tmp_path / "out" / "hands.html").read_text(encoding="utf-8")
    # one row per hand (the log owner's seat), never one per player
    assert len(re.findall(r'<a href="hand-', text)) == written["hands"] <= len(list(DISPUTED.glob("*.txt")))


def test_report_hands_from_the_cli_writes_the_list_and_a_replayer_per_hand(listed, tmp_path):
    db = listed[0].parent / "d.duckdb"
    out = tmp_path / "aino"
    result = runner.invoke(app, ["report", "hands", "--db", str(db), "--player", "Aino", "--limit", "2",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out / 'hands.html'} (2 hands listed; 2 hand replayers beside it)\n"
    assert len(list(out.glob("hand-*.html"))) == 2
    unknown = runner.invoke(app, ["report", "hands", "--db", str(db), "--player", "NoSuchGuy", "--out", str(out)])
    assert unknown.exit_code == 2 and "NoSuchGuy: no such player" in unknown.output


def test_reports_on_stdout_list_their_hands_without_links(listed, tmp_path, monkeypatch):
    db = listed[0].parent / "d.duckdb"
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["report", "dashboard", "--db", str(db), "--player", "Aino", "--out", "-"])
    assert result.exit_code == 0 and '<section id="hand-list">' in result.stdout
    assert f">{HAND}</td>" in result.stdout and '.html"' not in result.stdout  # no replayer stands beside it
    assert list(tmp_path.iterdir()) == []
    hands = runner.invoke(app, ["report", "hands", "--db", str(db), "--player", "Aino", "--out", "-"])
    assert hands.exit_code == 0 and "<h1>Hands of Aino</h1>" in hands.stdout and f">{HAND}</td>" in hands.stdout
    one = runner.invoke(app, ["report", "hand", HAND, "--db", str(db), "--out", "-"])
    assert one.exit_code == 1 and 'data-street="5th STREET"' in one.stdout  # the disputed hand breaks the rules
    assert list(tmp_path.iterdir()) == []  # no file named -, no folder named -




@needs_chromium
def test_a_hand_opened_from_the_list_shows_its_streets_and_the_rules_stacks(listed):
    folder, _ = listed
    with Browser(CHROMIUM, timeout=60) as browser:
        page = browser.open(folder / "hands.html", ready="document.querySelector('#hand-list table')")
        # sorting by result puts Aino's biggest loss first
        page.click("#hand-list th:nth-child(9)")
        first = page.evaluate("document.querySelector('#hand-list tbody tr td:nth-child(9)').textContent")
        nets = page.evaluate("Array.from(document.querySelectorAll('#hand-list tbody tr td:nth-child(9)'))"
                             ".map(td => Number(td.dataset.v))")
        assert nets == sorted(nets) and first.startswith("-")
        page.click(f"#hand-list a[href$='{HAND}.html']")
        page.wait_for("document.querySelector('section.street') !== null")
        streets = page.evaluate("Array.from(document.querySelectorAll('section.street')).map(s => s.dataset.street)")
        assert streets == ["2nd STREET", "3rd STREET", "4th STREET", "5th STREET", "showdown"]
        end = page.evaluate("Array.from(document.querySelectorAll('#end ~ table tbody tr'))"
                            ".map(r => Array.from(r.cells).map(c => c.textContent))")
        by_player = {row[0]: row for row in end}
        # Aino: €12.40 less the €5.00 she put in, plus the €4.00 side pot the rules give her; the log, nothing
        assert by_player["Aino"][2:] == ["€11.40", "€7.40", "differs"]
        assert by_player["Ville"][2:] == ["€3.00", "€7.00", "differs"]
        assert page.console_errors == []


def test_a_board_run_twice_shows_both_boards_as_the_log_summary_names_them(corpus, tmp_path):
    log = corpus / "pokerstars" / "cash" / "Flop" / "NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt"
    text = log.read_text(encoding="utf-8", errors="replace")
    boards = re.findall(r"^(?:FIRST|SECOND) Board \[([^\]]+)\]", text, re.M)
    assert len(boards) == 2  # the log's summary: "FIRST Board [Js 9h Jh Qs 2d]", "SECOND Board [...]"
    db = tmp_path / "rit.duckdb"
    api.import_paths(db, [log])
    with Store(db, read_only=True) as store:
        rows = hand_rows(store, Filters())
    assert [r["board"] for r in rows if "/" in (r["board"] or "")] == [" / ".join(boards)]
    assert board_text([0], ["8d 5s 8h 2c 6s"]) == "8d 5s 8h 2c 6s"
    assert board_text([0, 1, 2], ["Kh 7c 5d", "2d 3c", "5h 9s"]) == "Kh 7c 5d 2d 3c / Kh 7c 5d 5h 9s"
    assert board_text(None, None) is None
