"""The reports as HTML text: everything from a log escaped, no network reference, the contents there."""

from __future__ import annotations

import base64
import gzip
import json
import re
from pathlib import Path

import pytest
from plotly.offline import get_plotlyjs
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


def _data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="soko-data">(.*?)</script>', page, re.DOTALL)
    assert m, "the dashboard carries its data"
    return json.loads(m.group(1))


def test_hostile_names_are_escaped(dashboard_html, hand_html):
    _no_raw_hostile(hand_html)
    assert HOSTILE not in dashboard_html and HOSTILE_IMG not in dashboard_html
    # the names are data: no text in them can close a script element, and they read back as written
    data = re.search(r'<script type="application/json" id="soko-data">(.*?)</script>', dashboard_html, re.DOTALL)
    assert "</" not in data.group(1)
    assert HOSTILE in _data(dashboard_html)["table"]["players"]
    # the page's script writes a log's text into HTML only through esc() or as textContent
    script = "".join((Path(api.__file__).parent / "reports" / name).read_text(encoding="utf-8")
                     for name in ("dashboard.js", "tournaments.js"))
    assert "function esc(" in script and "innerHTML = name" not in script


def test_no_network_reference(dashboard_html, hand_html):
    for text in (dashboard_html, hand_html):
        markup = re.sub(r"<script[^>]*>.*?</script>", "", text, flags=re.DOTALL)  # plotly.js's own strings aside
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", markup)
        assert "<script src" not in markup and "<link" not in markup
    # plotly.js is in the page once, compressed, and inflates to the library plotly ships
    packed = re.findall(r'<script type="application/octet-stream" id="plotly-gzip">(.*?)</script>', dashboard_html)
    assert len(packed) == 1
    assert gzip.decompress(base64.b64decode(packed[0])).decode("utf-8") == get_plotlyjs()
    assert dashboard_html.count("define(") < 5


def test_control_and_bidi_characters_are_stripped_from_the_pages(dashboard_html, hand_html):
    for page in (dashboard_html, hand_html):
        text = re.sub(r"<script[^>]*>.{100000,}?</script>", "", page, flags=re.DOTALL)  # not plotly.js itself
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", text)
        assert not re.search(r"\\u(?:202e|001b|0007)", text, re.IGNORECASE)  # nor in the data's JSON
    assert "Dan[2J" in _data(dashboard_html)["table"]["players"]


def test_dashboard_sections(dashboard_html):
    for anchor, heading in (("results", "Hero: results"), ("win-rate", "Hero: win rate"),
                            ("starting-hands", "Hero: starting hands"), ("shown-down", "Hero: hands shown down"),
                            ("hero-sessions", "Hero: sessions"), ("players", "Players"), ("audit", "Audit")):
        assert f'<h2 id="{anchor}">{heading}</h2>' in dashboard_html
    assert dashboard_html.index('id="results"') < dashboard_html.index('id="players"')  # the hero first
    for control in ("f-game", "f-stakes", "f-currency", "f-from", "f-to", "f-position", "f-size", "f-who", "f-min",
                    "f-search"):
        assert f'id="{control}"' in dashboard_html


def test_hand_report_sections(hand_html):
    # the side-pot hand: Bob wins the $60 main pot and the $160 side pot
    for text in ("The table at the start", 'data-street="HOLE CARDS"', 'data-street="FLOP"',
                 "Pots and their winners", "Showdown", "The table at the end", "Payouts: the rules against the log", "Findings", "Verdict: the hand was played"):
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
