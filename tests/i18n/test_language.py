"""Which language soko speaks, and how it writes numbers, money and dates in each."""

from __future__ import annotations

import datetime as dt

import pytest

from soko_analytics import _core, i18n


@pytest.fixture
def speak():
    def use(language: str) -> None:
        i18n.use(language)

    yield use
    i18n.use("en")


@pytest.mark.parametrize("choice, environ, expected", [
    (None, {}, "en"),
    ("fi", {"SOKO_LANG": "sv"}, "fi"),
    (None, {"SOKO_LANG": "sv", "LANG": "fi_FI.UTF-8"}, "sv"),
    (None, {"LANG": "fi_FI.UTF-8"}, "fi"),
    (None, {"LANG": "sv_SE.UTF-8", "LC_MESSAGES": "fi_FI"}, "fi"),
    (None, {"LC_ALL": "sv_FI@euro", "LC_MESSAGES": "fi_FI", "LANG": "fi_FI"}, "sv"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),  # a language soko does not speak: English, not the next variable
    (None, {"LC_MESSAGES": "C", "LANG": "fi_FI.UTF-8"}, "en"),
    (None, {"LANG": ""}, "en"),
    ("SV", {}, "sv"),
])
def test_the_language_is_the_flag_then_soko_lang_then_the_locale(choice, environ, expected):
    assert i18n.resolve(choice, environ) == expected


@pytest.mark.parametrize("choice, environ", [("de", {}), (None, {"SOKO_LANG": "finnish"})])
def test_a_language_soko_does_not_speak_is_an_error_naming_it(choice, environ):
    with pytest.raises(i18n.LanguageError) as err:
        i18n.resolve(choice, environ)
    assert (choice or environ["SOKO_LANG"]) in str(err.value) and "en or fi or sv" in str(err.value)


def test_money_numbers_and_dates_in_each_language(speak):
    day = dt.date(2026, 12, 5)
    speak("fi")
    assert i18n.money(123450, 2, "€") == "1\u00a0234,50\u00a0€"
    assert i18n.money(-5, 2, "$") == "-0,05\u00a0$"
    assert i18n.number(1234567) == "1\u00a0234\u00a0567"
    assert i18n.date(day) == "5.12.2026"
    speak("sv")
    assert i18n.money(123450, 2, "€") == "1\u00a0234,50\u00a0€"
    assert i18n.date(day) == "2026-12-05"
    speak("en")
    assert i18n.money(123450, 2, "€") == "€1234.50" and i18n.money(123450, 2, "€", grouped=True) == "€1,234.50"
    assert i18n.number(1234567) == "1,234,567"
    assert i18n.date(day) == "2026-12-05"


def test_money_is_exact_at_any_size(speak):
    speak("fi")
    assert i18n.money(10**20 + 1, 2, "€") == "1" + "\u00a0000" * 6 + ",01\u00a0€"  # 10**18 and a cent
    assert i18n.money(7, 0, "") == "7"


def test_english_descriptions_are_the_cores_and_the_others_are_translated(speak):
    value = 4985  # two pair, Aces and Kings under holdem's ranking (soko eval prints it so)
    template, words = _core.describe_words("high-kickers", value)
    assert template == "two pair, {0} and {1}" and words == [("ranks", "Aces"), ("ranks", "Kings")]
    assert i18n.describe(template, words) == _core.describe("high-kickers", value)
    speak("fi")
    assert i18n.describe(template, words) == "kaksi paria, ässät ja kuninkaat"
    speak("sv")
    assert i18n.describe(template, words) == "två par, ess och kungar"
