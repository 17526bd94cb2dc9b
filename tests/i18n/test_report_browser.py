"""The disputed-pot report in Finnish, as Chromium shows it: no English word left but proper names and codes.

The words of the English page's text that the Finnish page's text also holds must all be names (players, the
table, the game and its profile, the site), cards, finding codes, the source path and the time zone, or the log's
own words (a shown hand's description in brackets, which the report quotes as the log wrote it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import i18n
from soko_analytics.cli import app
from tests.browser import Browser
from tests.reports.chromium import CHROMIUM, needs_chromium

DISPUTED = Path(__file__).parents[2] / "sample_data" / "disputed"
NAMES = {"aino", "ville", "matti", "liisa", "kallio", "sökö", "soko", "casino", "eet", "all", "in", "payout", "winner",
         "html"}
"""The page's names and codes: players, the table, the site, the profile (soko-casino), the time zone, all-in (as
Finnish players say it), the finding codes."""


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def page_text(tmp_path: Path, language: str) -> str:
    out = tmp_path / f"hand-{language}.html"
    result = CliRunner().invoke(app, ["report", "hand", "202603140103", str(DISPUTED / "wrong-side-pot-split.txt"),
                                      "--out", str(out), "--lang", language])
    assert result.exit_code == 1, result.output
    with Browser(CHROMIUM, timeout=60) as browser:
        page = browser.open(out, ready="document.querySelector('h1')")
        return page.evaluate("document.body.innerText")


def words(text: str) -> set[str]:
    text = re.sub(r"\] \([^)]*\)", "]", text)  # a shown hand's description: the log's own words
    text = re.sub(r"\S*/\S*", " ", text)  # the source path
    text = re.sub(r"\b[2-9TJQKA][cdhs]\b", " ", text)  # cards
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


@needs_chromium
def test_the_finnish_report_has_no_english_word_left(tmp_path):
    english, finnish = page_text(tmp_path, "en"), page_text(tmp_path, "fi")
    assert "Pöytä alussa" in finnish and "pakkolyönnin" in finnish and "Ratkaisu" in finnish
    left = (words(english) & words(finnish)) - NAMES
    assert left == set(), sorted(left)
