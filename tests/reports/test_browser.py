"""The reports rendered by headless Chromium with the network off: every chart drew, no script error,
hostile names shown as text. Screenshots are saved under the test's temporary folder.

Chromium is Debian's ``chromium`` package, which ``.ci/run`` installs; CI sets SOKO_REQUIRE_BROWSER=1,
so there a missing browser fails the test instead of skipping it.
"""

from __future__ import annotations

import subprocess
from html.parser import HTMLParser

from soko_analytics import api
from soko_analytics.stats import Filters

from .chromium import CHROMIUM, needs_chromium
from .conftest import HOSTILE

pytestmark = needs_chromium

OFFLINE = ["--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND"]
"""Every request goes to a closed port or resolves nowhere: the page gets no network."""


def chromium(*args: str) -> str:
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--virtual-time-budget=15000", *OFFLINE, *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


class Charts(HTMLParser):
    """Which chart divs hold a drawn Plotly figure (an SVG or a WebGL canvas), the error box's text, and
    whether the page's body was marked by an injected script."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str | None] = []
        self.drawn: dict[str, bool] = {}
        self.errors = ""
        self.in_errors = False
        self.pwned = False
        self.title = ""
        self.in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body" and "data-pwned" in a:
            self.pwned = True
        chart = a.get("id") if (a.get("id") or "").startswith("chart-") else None
        if chart:
            self.drawn[chart] = False
        self.in_errors = a.get("id") == "script-errors"
        self.in_title = tag == "title"
        cls = a.get("class") or ""
        if ("main-svg" in cls or "gl-canvas" in cls) and any(self.stack):
            self.drawn[next(c for c in reversed(self.stack) if c)] = True
        if tag not in ("img", "br", "meta", "input", "link", "path", "rect", "circle", "line", "stop"):
            self.stack.append(chart)

    def handle_endtag(self, tag):
        if self.stack and tag not in ("img", "br", "meta", "input", "link"):
            self.stack.pop()
        self.in_errors = self.in_title = False

    def handle_data(self, data):
        if self.in_errors:
            self.errors += data
        if self.in_title:
            self.title += data


def render(path, tmp_path, name: str) -> Charts:
    shot = tmp_path / f"{name}.png"
    chromium("--window-size=1280,3000", f"--screenshot={shot}", path.as_uri())
    assert shot.exists() and shot.stat().st_size > 10_000
    parser = Charts()
    parser.feed(chromium("--dump-dom", path.as_uri()))
    return parser


def test_dashboard_draws_every_chart(report_store, tmp_path):
    out = tmp_path / "dashboard.html"
    api.report_dashboard(report_store, Filters(), out)
    page = render(out, tmp_path, "dashboard")
    assert len(page.drawn) >= 6 and all(page.drawn.values()), page.drawn
    assert page.errors.strip() == ""
    assert not page.pwned and page.title == "soko_analytics dashboard"


def test_hostile_name_is_text_in_the_browser(report_store, tmp_path):
    out = tmp_path / "dashboard.html"
    api.report_dashboard(report_store, Filters(), out)
    dom = chromium("--dump-dom", out.as_uri())
    # the name as text in the players table (drawn by the page's script), escaped in the DOM
    assert "<td>&lt;script&gt;document.title='pwned'&lt;/script&gt;" in dom
    assert HOSTILE not in dom.split('id="soko-data"')[0]


def test_hand_report_renders_without_javascript(report_store, tmp_path):
    out = tmp_path / "hand.html"
    api.report_hand(report_store, "9000000006", out)
    page = render(out, tmp_path, "hand")
    assert page.drawn == {} and page.errors.strip() == "" and not page.pwned
    dom = chromium("--dump-dom", out.as_uri())
    assert "Verdict: the hand was played and paid by the rules" in dom
    assert "&lt;script&gt;document.title='pwned'&lt;/script&gt;" in dom
    # everything is in the file as written: its one script only reports errors, nothing is drawn by it
    text = out.read_text(encoding="utf-8")
    assert text.count("<script") == 1 and "Verdict: the hand was played and paid by the rules" in text
