"""The headless-Chromium driver (tests/browser.py) against a small page written by the test:
real clicks and typing change the DOM, script errors and timeouts are clear errors, screenshots have the
viewport's size, paint times are read, and no Chromium is left running.

Chromium is Debian's ``chromium`` package, which ``.ci/run`` installs; CI sets SOKO_REQUIRE_BROWSER=1,
so there a missing browser fails the test instead of skipping it.
"""

from __future__ import annotations

import os
import signal
import struct
import time

import pytest

from soko_analytics.errors import SokoError
from tests.browser import Browser, BrowserError

from .chromium import needs_chromium

pytestmark = needs_chromium

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>fixture</title></head>
<body style="margin: 0">
<h1>Fixture</h1>
<select id="player"><option value="Aino">Aino</option><option value="Ville">Ville</option></select>
<button id="go" style="width: 120px; height: 40px">Go</button>
<p id="out">nothing yet</p>
<input id="name">
<p id="echo"></p>
<div id="late"></div>
<div style="height: 2000px"></div>
<button id="bottom">at the bottom</button>
<script>
  const out = document.getElementById("out");
  document.getElementById("go").addEventListener("click", (e) => { out.textContent = `clicked ${e.isTrusted}`; });
  document.getElementById("bottom").addEventListener("click", () => { out.textContent = "bottom clicked"; });
  document.getElementById("player").addEventListener("change", (e) => { out.textContent = `picked ${e.target.value}`; });
  document.getElementById("name").addEventListener("input", (e) => {
    document.getElementById("echo").textContent = e.target.value;
  });
  setTimeout(() => {
    const chart = document.createElement("div");
    chart.className = "chart";
    chart.textContent = "drawn";
    document.getElementById("late").append(chart);
  }, 300);
</script>
</body></html>
"""

CHART = "document.querySelector('#late .chart')"


@pytest.fixture(scope="module")
def browser():
    with Browser(timeout=30) as browser:
        yield browser


@pytest.fixture
def page(browser, tmp_path):
    path = tmp_path / "fixture.html"
    path.write_text(PAGE, encoding="utf-8")
    with browser.open(path, width=800, height=600, ready=CHART) as page:
        yield page


def text(page, element_id: str) -> str:
    return page.evaluate(f"document.getElementById({element_id!r}).textContent")


def running_in_group(group: int) -> list[str]:
    """The processes of a process group that are not zombies, as ``pid state command``."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                name, fields = stat.read().rsplit(")", 1)
        except (OSError, ValueError):
            continue  # not a process, or gone meanwhile
        state, _parent, pgid = fields.split()[:3]
        if int(pgid) == group and state != "Z":
            found.append(f"{entry} {state} {name.split('(', 1)[1]}")
    return found


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_open_waits_for_the_late_chart(page):
    assert text(page, "late") == "drawn"
    assert page.ready_ms is not None and page.ready_ms >= 290  # drawn by a setTimeout of 300 ms
    assert page.url.startswith("file://") and page.console_errors == []


def test_click_is_a_real_click(page):
    page.click("#go")
    assert text(page, "out") == "clicked true"  # a trusted event: the browser's input, not dispatchEvent
    page.click("#bottom")  # below the viewport: scrolled into view first
    assert text(page, "out") == "bottom clicked"
    assert page.evaluate("scrollY") > 0


def test_select_and_type_change_the_page(page):
    page.select("#player", "Ville")
    assert text(page, "out") == "picked Ville"
    assert page.evaluate("document.getElementById('player').value") == "Ville"
    page.type("#name", "Aino ♠ 😀")
    assert text(page, "echo") == "Aino ♠ 😀"
    page.type("#name", "!")
    assert page.evaluate("document.getElementById('name').value") == "Aino ♠ 😀!"


def test_missing_or_wrong_elements_are_errors(page):
    with pytest.raises(BrowserError, match="no element matches #nothing"):
        page.click("#nothing")
    with pytest.raises(BrowserError, match="not a <select>"):
        page.select("#go", "Ville")
    with pytest.raises(BrowserError, match=r'no option "Liisa" \(it has \["Aino","Ville"\]\)'):
        page.select("#player", "Liisa")


def test_evaluate_returns_json_and_raises_what_the_script_threw(page):
    assert page.evaluate("({a: [1, 'x', null, true]})") == {"a": [1, "x", None, True]}
    assert page.evaluate("new Promise((done) => setTimeout(() => done(7), 10))") == 7
    assert page.evaluate("undefined") is None
    with pytest.raises(BrowserError, match="the script threw Error: boom") as raised:
        page.evaluate("(() => { throw new Error('boom'); })()")
    assert isinstance(raised.value, SokoError) and raised.value.path == page.url


def test_screenshot_is_a_png_of_the_viewport_or_the_page(page, tmp_path):
    assert png_size(page.screenshot(tmp_path / "view.png")) == (800, 600)
    width, height = png_size(page.screenshot(tmp_path / "full.png", full_page=True))
    assert width == 800 and height > 2000


def test_paint_times(page):
    first_paint = page.first_paint_ms()
    contentful = page.first_contentful_paint_ms()
    assert first_paint is not None and first_paint > 0
    assert contentful is not None and contentful >= first_paint
    assert page.truthy_ms(CHART) == page.ready_ms


def test_watched_expressions_are_timed_from_navigation_start(browser, tmp_path):
    path = tmp_path / "fixture.html"
    path.write_text(PAGE, encoding="utf-8")
    with browser.open(path, watch=[CHART, "document.body"]) as page:
        assert page.ready_ms is None
        assert page.truthy_ms("document.body") < page.truthy_ms(CHART, timeout=5)
        with pytest.raises(BrowserError, match="not watched"):
            page.truthy_ms("document.title")


def test_a_page_never_ready_times_out_in_time_with_its_console_errors(browser, tmp_path):
    path = tmp_path / "broken.html"
    path.write_text("<p>no chart</p><script>console.error('no data', 3); undefinedFunction();</script>")
    started = time.monotonic()
    with pytest.raises(BrowserError, match="timed out after 1.5 s waiting for") as raised:
        browser.open(path, ready="window.chartsDrawn === true", timeout=1.5)
    assert time.monotonic() - started < 5
    message = str(raised.value)
    assert "no data 3" in message and "undefinedFunction is not defined" in message
    assert raised.value.extra["console_errors"][0] == "no data 3"


def test_console_errors_and_uncaught_exceptions_are_collected(page):
    page.evaluate("console.error('bad', {n: 1}); console.log('fine');"
                  "setTimeout(() => { throw new TypeError('late failure'); }, 0); 1")
    page.evaluate("new Promise((done) => setTimeout(done, 50))")
    assert page.console_errors[0].startswith("bad")
    assert any("TypeError: late failure" in error for error in page.console_errors)


def test_a_missing_file_or_a_bad_expression_is_an_error(browser, tmp_path):
    with pytest.raises(BrowserError, match="ERR_FILE_NOT_FOUND"):
        browser.open(tmp_path / "missing.html")
    (tmp_path / "ok.html").write_text("<p>ok</p>")
    with pytest.raises(BrowserError, match="not a JavaScript expression"):
        browser.open(tmp_path / "ok.html", ready="(((")


def test_a_dead_chromium_is_an_error_not_a_hang(tmp_path):
    (tmp_path / "ok.html").write_text("<p>ok</p>")
    with Browser(timeout=10) as browser:
        page = browser.open(tmp_path / "ok.html")
        os.kill(browser.process.pid, signal.SIGKILL)
        started = time.monotonic()
        with pytest.raises(BrowserError, match="Chromium closed its pipe"):
            page.evaluate("1 + 1")
        with pytest.raises(BrowserError):
            browser.open(tmp_path / "ok.html")
        assert time.monotonic() - started < 5
    assert browser.process.returncode is not None


def test_close_leaves_no_chromium_behind(tmp_path):
    (tmp_path / "ok.html").write_text("<p>ok</p>")
    with Browser() as browser:
        browser.open(tmp_path / "ok.html")
        group = browser.process.pid
    assert browser.process.returncode is not None
    # Nothing of its process group (the zygotes, renderers, GPU and utility helpers) still runs. Helpers that
    # outlive the browser by a moment are orphans of init, which reaps them; where init does not (some
    # sandboxes' pid 1), they stay as zombies, which run nothing and hold no memory, so they are not counted.
    assert running_in_group(group) == []
    browser.close()  # twice is fine
    with pytest.raises(BrowserError, match="closed"):
        browser.send("Browser.getVersion")
