"""The reports as HTML text: everything from a log escaped, no network reference, the contents there."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.stats import Filters

from .conftest import HOSTILE, HOSTILE_IMG

runner = CliRunner()


@pytest.fixture(scope="module")
def dashboard_html(report_store, tmp_path_factory):
    out = tmp_path_factory.mktemp("dash") / "dashboard.html"
    api.report_dashboard(report_store, Filters(), out)
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def hand_html(report_store, tmp_path_factory):
    out = tmp_path_factory.mktemp("hand") / "hand.html"
    api.report_hand(report_store, "9000000006", out)
    return out.read_text(encoding="utf-8")


def _no_raw_hostile(text: str) -> None:
    assert HOSTILE not in text and HOSTILE_IMG not in text
    assert "&lt;script&gt;document.title=" in text or "&amp;lt;script" in text


def test_hostile_names_are_escaped(dashboard_html, hand_html):
    _no_raw_hostile(dashboard_html)
    _no_raw_hostile(hand_html)
    # in the figures' JSON no text can close the script element
    figures = [s for s in re.findall(r"<script>(.*?)</script>", dashboard_html, re.DOTALL) if "Plotly.newPlot" in s]
    assert len(figures) >= 6
    for script in figures:
        assert "</" not in script


def test_no_network_reference(dashboard_html, hand_html):
    for text in (dashboard_html, hand_html):
        markup = re.sub(r"<script>.*?</script>", "", text, flags=re.DOTALL)  # plotly.js's own strings aside
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", markup)
        assert "<script src" not in markup and "<link" not in markup
    assert dashboard_html.count("Plotly.newPlot(") >= 6
    assert dashboard_html.count("define(") < 50  # plotly.js is in the page once, not once per chart


def test_control_and_bidi_characters_are_stripped_from_the_pages(dashboard_html, hand_html):
    for page in (dashboard_html, hand_html):
        text = re.sub(r"<script[^>]*>.{100000,}?</script>", "", page, flags=re.DOTALL)  # not plotly.js itself
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", text)
        assert not re.search(r"\\u(?:202e|001b|0007)", text, re.IGNORECASE)  # nor in a chart's JSON
    assert "Dan[2J" in dashboard_html


def test_dashboard_sections(dashboard_html):
    for heading in ("Winnings over hands", "Stats", "Results", "Hands shown down", "Sessions", "Audit"):
        assert f"<h2>{heading}</h2>" in dashboard_html
    assert 'class="sortable"' in dashboard_html
    for colour in ("#2ca02c", "#1f77b4", "#d62728", "#ff7f0e"):  # net, showdown, non-showdown, all-in adjusted
        assert colour in dashboard_html


def test_hand_report_sections(hand_html):
    # the side-pot hand: Bob wins the $60 main pot and the $160 side pot
    for text in ("The table at the start", "Cards as dealt", "The action, with the pot and every stack after it",
                 "Pots", "Showdown", "Payouts: the rules against the log", "Findings", "Verdict: the hand was played"):
        assert text in hand_html
    assert "$60.00" in hand_html and "$160.00" in hand_html
    assert "@media print" in hand_html and "<script src" not in hand_html and "Plotly" not in hand_html


def test_cli(report_store, tmp_path):
    out = tmp_path / "d.html"
    result = runner.invoke(app, ["report", "dashboard", "--db", str(report_store), "--out", str(out),
                                 "--game", "holdem"])
    assert result.exit_code == 0, result.output
    assert out.exists() and "MB" in result.stdout
    out = tmp_path / "h.html"
    result = runner.invoke(app, ["report", "hand", "9000000002", "--db", str(report_store), "--out", str(out)])
    assert result.exit_code == 0 and "played and paid by the rules" in result.stdout
    result = runner.invoke(app, ["report", "hand", "123", "--db", str(report_store), "--out", str(out)])
    assert result.exit_code == 2 and "no hand 123 in the store" in result.stderr


def test_a_broken_hand_exits_1(tmp_path):
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "sample_data" / "disputed"
    db = tmp_path / "d.duckdb"
    api.import_paths(db, [sample])
    result = runner.invoke(app, ["report", "hand", "202603140103", "--db", str(db), "--out", str(tmp_path / "x.html")])
    assert result.exit_code == 1 and "breaks the rules" in result.stdout
    text = (tmp_path / "x.html").read_text(encoding="utf-8")
    # the wrong side-pot split: the payouts differ from the log's, and the verdict says so
    assert 'class="n differs"' in text and "<strong>payout</strong>" in text and 'class="verdict bad"' in text
