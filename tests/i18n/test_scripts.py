"""A page script's words: every ``_()`` and ``plural()`` call of the package's scripts found by Babel's extractor,
each in the catalogues, and the page told how the language writes numbers and dates."""

from __future__ import annotations

import datetime as dt
import re
from importlib.resources import files

import pytest
from babel.dates import format_date, format_time

from soko_analytics import i18n
from soko_analytics.i18n.catalogues import template
from soko_analytics.i18n.scripts import d3_pattern, page_words, script_messages

SCRIPTS = sorted(p for p in files("soko_analytics.reports").iterdir() if p.name.endswith(".js"))
CALL = re.compile(r"(?<![\w.])(_|plural)\(")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_every_call_of_a_script_is_found(script):
    """A call inside another call's arguments is not found by the extractor: each call the text holds (its
    definitions aside) must be one the extractor gives, or its words would stay English."""
    text = script.read_text("utf-8")
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)  # the scripts' comments are /* */ only
    calls = [m for m in CALL.finditer(code) if not code[:m.start()].endswith("function ")]
    assert calls, script.name
    assert len(script_messages(text)) == len(calls)


def test_every_script_message_is_in_the_template():
    ids = {m.id for m in template(include_findings=False)}
    for script in SCRIPTS:
        for message in script_messages(script.read_text("utf-8")):
            assert message in ids, message


def test_a_page_gets_its_words_in_the_language_spoken():
    text = 'var a = _("Net won"), b = plural(n, "{n} hand", "{n} hands");'
    assert page_words([text])["words"] == {} and page_words([text])["locale"] == "en-US"
    i18n.use("fi")
    words = page_words([text])
    assert words["words"] == {"Net won": "Nettovoitto"} and words["plurals"] == {"{n} hand": ["{n} käsi", "{n} kättä"]}
    assert words["separators"] == ", " and words["lang"] == "fi"


@pytest.mark.parametrize("language", ["en", "fi", "sv"])
def test_the_charts_dates_are_written_as_babel_writes_them(language):
    """Plotly's axes get d3 patterns; the same patterns through strftime (d3's fields are strftime's) write a day
    and a time as Babel does for the language (English: ISO)."""
    i18n.use(language)
    words = page_words([])
    when = dt.datetime(2026, 3, 5, 9, 7, 4)
    if language == "en":
        assert when.strftime(f"{words['date']} {words['time']}") == "2026-03-05 09:07:04"
    else:
        assert when.strftime(words["date"]) == format_date(when, "short", locale=language)
        assert when.strftime(words["time"]) == format_time(when, "medium", locale=language)
    assert when.strftime(words["month"]) in ("2026-03", "3.2026")


def test_a_pattern_field_d3_has_not_is_an_error():
    assert d3_pattern("d.M.y H.mm") == "%-d.%-m.%Y %-H.%M"
    with pytest.raises(ValueError, match="EEEE"):
        d3_pattern("EEEE d.M.y")
