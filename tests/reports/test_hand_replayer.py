"""The replayer page of one hand: each street, the pot and every stack after each action, the rules' stacks
beside the log's, findings in the hand's currency and plain words.

The expected values are worked from the log's own lines here (the starting stacks and what each line puts
in), not from the ledger.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.reports.hand import hand_report

DISPUTED = Path(__file__).resolve().parents[2] / "sample_data" / "disputed" / "wrong-side-pot-split.txt"
HAND = "202603140103"


def _cents(text: str) -> int:
    whole, _, frac = text.lstrip("€").partition(".")
    return int(whole) * 100 + int((frac or "0").ljust(2, "0"))


def _worked_by_hand(log: str) -> tuple[dict[str, int], list[tuple[str, str, int, dict[str, int]]]]:
    """Starting stacks and, after each betting line, (street, player, pot, every stack), from the text alone."""
    stacks = {m[1]: _cents(m[2]) for m in re.finditer(r"^Seat \d+: (\w+) \((€[\d.]+) in chips\)", log, re.M)}
    start, street, put, pot, rows = dict(stacks), "", {}, 0, []
    for line in log.splitlines():
        if m := re.match(r"\*\*\* (.+) \*\*\*", line):
            street, put = m[1], {}
            continue
        m = re.match(r"(\w+): (posts the ante|brings in for|calls|bets|completes it to|raises €[\d.]+ to) (€[\d.]+)",
                     line)
        if not m and re.match(r"\w+: (folds|checks)", line):
            who = line.split(":")[0]
            rows.append((street or "2nd STREET", who, pot, dict(stacks)))
            continue
        if not m:
            continue
        who, verb, amount = m[1], m[2], _cents(m[3])
        paid = amount - put.get(who, 0) if verb.startswith(("completes", "raises")) else amount
        if verb != "posts the ante":
            put[who] = put.get(who, 0) + paid
        stacks[who] -= paid
        pot += paid
        rows.append((street or "2nd STREET", who, pot, dict(stacks)))
    return start, rows


@pytest.fixture(scope="module")
def page() -> str:
    return hand_report(api.find_hand([DISPUTED], HAND))


def _action_rows(page: str) -> list[tuple[str, str, int, dict[str, str]]]:
    rows = []
    for street, body in re.findall(r'<section class="street" data-street="([^"]+)">(.*?)</section>', page, re.S):
        for row in re.findall(r'<tr class="action">(.*?)</tr>', body, re.S):
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            stacks = dict(re.findall(r'data-player="([^"]+)"[^>]*>(.*?)</td>', row, re.S))
            rows.append((html.unescape(street), cells[0], _cents(cells[3]), stacks))
    return rows


def test_each_street_shows_the_pot_and_every_stack_after_each_action(page):
    start, expected = _worked_by_hand(DISPUTED.read_text(encoding="utf-8"))
    betting = [r for r in _action_rows(page) if r[0] != "showdown"]
    assert [r[:3] for r in betting] == [r[:3] for r in expected]
    for (_, _, _, shown), (_, _, _, stacks) in zip(betting, expected, strict=True):
        assert {p: _cents(v) for p, v in shown.items()} == stacks
    assert [s for s in ("2nd STREET", "3rd STREET", "4th STREET", "5th STREET")
            if f'data-street="{s}"' in page] == ["2nd STREET", "3rd STREET", "4th STREET", "5th STREET"]


def test_the_rules_stacks_stand_beside_the_logs_where_they_differ(page):
    log = DISPUTED.read_text(encoding="utf-8")
    _, rows = _worked_by_hand(log)
    behind = rows[-1][3]  # after the river's last call
    # Matti is all in for €3 (ante included): the main pot is 3 x €3 + Liisa's €0.60; the side pot is
    # Aino's and Ville's €2 more each. Aino's three nines beat Ville's pair of fives (the shown hands):
    side = 2 * ((_cents("€5.00")) - _cents("€3.00"))
    assert side == 400 and "Ville collected €4 from side pot-1" in log
    end = re.search(r'<h2 id="end">.*?</table>', page, re.S)[0]
    cells = {m[1]: (m[2], m[3]) for m in re.finditer(
        r"<tr><td>(\w+)</td><td[^>]*>[^<]*</td><td[^>]*>([^<]*)</td><td[^>]*>([^<]*)</td>", end)}
    assert _cents(cells["Aino"][0]) == behind["Aino"] + side and _cents(cells["Aino"][1]) == behind["Aino"]
    assert _cents(cells["Ville"][0]) == behind["Ville"] and _cents(cells["Ville"][1]) == behind["Ville"] + side
    assert cells["Liisa"][0] == cells["Liisa"][1]
    # at Ville's collect line his stack by the rules stands beside the log's, marked
    collect = [r for r in _action_rows(page) if r[0] == "showdown" and r[1] == "Ville"][-1]
    assert "rules €3.00" in collect[3]["Ville"] and "log €7.00" in collect[3]["Ville"]


def test_findings_carry_the_currency_and_conventions_are_plain_words(page):
    assert "Ville collects €4.00 but wins no pot." in page
    assert "first: Aino collects €0.00, but the pots won pay €4.00." in page  # the verdict too
    assert "the rules: €0.00; the log: €4.00" in page
    assert "main_pot_first" not in page and "the rake comes out of the main pot first" in page
    assert "an odd chip goes to the first winner left of the dealer" in page


def test_report_hand_takes_a_file_directly(tmp_path):
    from typer.testing import CliRunner

    from soko_analytics.cli import app

    runner = CliRunner()
    out = tmp_path / "h.html"
    result = runner.invoke(app, ["report", "hand", HAND, str(DISPUTED), "--out", str(out)])
    # the wrong side-pot split breaks the rules: exit 1, and the page is the same as from the audit
    assert result.exit_code == 1 and "breaks the rules" in result.stdout
    assert 'data-street="5th STREET"' in out.read_text(encoding="utf-8")
    both = runner.invoke(app, ["report", "hand", HAND, str(DISPUTED), "--db", str(tmp_path / "x.duckdb")])
    assert both.exit_code == 2 and "not both" in both.stderr
    missing = runner.invoke(app, ["report", "hand", "123", str(DISPUTED), "--out", str(out)])
    assert missing.exit_code == 2 and "no hand 123 in the files given" in missing.stderr
    assert "Traceback" not in missing.output
    piped = tmp_path / "piped.html"
    text = DISPUTED.read_text(encoding="utf-8")
    from_stdin = runner.invoke(app, ["report", "hand", HAND, "-", "--out", str(piped)], input=text)
    assert from_stdin.exit_code == 1 and 'data-street="5th STREET"' in piped.read_text(encoding="utf-8")
    assert "&lt;stdin&gt;" in piped.read_text(encoding="utf-8")  # the source is named as such, not a spool file


def test_a_payout_finding_names_the_collect_line_it_is_about(tmp_path):
    from typer.testing import CliRunner

    from soko_analytics.cli import app

    lines = DISPUTED.read_text(encoding="utf-8").splitlines()
    collect = 1 + next(i for i, line in enumerate(lines) if line.startswith("Ville collected"))
    result = CliRunner().invoke(app, ["audit", str(DISPUTED), "--format", "json"])
    found = {(f["code"], f["player"]): f["line"] for r in json.loads(result.stdout) for f in r["findings"]}
    # Ville collects the side pot Aino won: his finding is at his collect line; Aino collects nothing
    assert found[("winner", "Ville")] == collect and found[("payout", "Aino")] is None


def test_each_deal_says_how_its_cards_lie(page):
    # "Dealt to Aino [Kh] [9s]": her hole card down, her first up card; "Dealt to Ville [Ad]": his hole card unseen
    second = re.search(r'data-street="2nd STREET">(.*?)</table>', page, re.S)[1]
    deals = {cells[0]: cells[1:] for cells in (re.findall(r"<td[^>]*>(.*?)</td>", row)
                                              for row in re.findall(r"<tr>(.*?)</tr>", second, re.S)) if cells}
    assert deals["Aino"] == ["Kh 9s", "down up"] and deals["Ville"] == ["?? Ad", "down up"]
    # hold'em: "Dealt to Eero [...]", two cards down, said once
    holdem = hand_report(api.find_hand([api.SAMPLE_DATA / "holdem-seed7.txt"], "7000000"))
    dealt = re.search(r"^Dealt to (\S+) \[([^\]]+)\]", (api.SAMPLE_DATA / "holdem-seed7.txt").read_text(
        encoding="utf-8"), re.M)
    assert f"<td>{dealt[1]}</td><td>{dealt[2]}</td><td>down</td>" in holdem
