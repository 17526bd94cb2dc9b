"""The import path asks Python nothing (issue 39: "the core given the specs, rules and zones it needs as data
once, with no callback into Python on the import path"): with the Python rules layer's answers made to fail,
the core still reads every hand of Sökö logs (a ``Rules:`` line each) and of a site's logs of many games.

``_core.parse_count`` makes its lookups afresh for each file, so no answer cached by an earlier test hides a
call.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from soko_analytics import _core, native
from soko_analytics.parsers import soko_text

ROOT = Path(__file__).resolve().parents[2]
SOKO_LOGS = (
    "soko-casino_last_card_mode-pihina_hole-seed5.txt",
    "soko-finnish_raise_after_pass-false-seed4.txt",
    "soko-casino_open_pair_big_bet-false-seed6.txt",
)


@pytest.fixture
def python_refuses(monkeypatch):
    """The Python answers the core used to ask for, made to fail if asked."""

    def refuse(*args: object) -> str:
        raise AssertionError(f"the core asked Python: {args}")

    monkeypatch.setattr(native, "spec_json", refuse)
    monkeypatch.setattr(soko_text, "combine_rules", refuse)


@pytest.mark.parametrize("name", SOKO_LOGS)
def test_soko_logs_are_read_without_python(python_refuses, name):
    path = ROOT / "sample_data" / name
    headers = path.read_text(encoding="utf-8").count("Hand #")
    assert headers >= 100
    assert _core.parse_count(str(path), "soko") == (headers, 0)


EIGHT_GAMES = (
    "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt",
    "5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt",
    "LHE-2max-EUR-0.05-0.10-201204.txt",
    "7-Stud-6max-EUR-25-50-201611._8games_.txt",
    "7-StudHL-6max-EUR-25-50-201611._8games_.txt",
    "Razz-6max-EUR-25-50-201611._8games_.txt",
    "PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt",
    "NLHE-5max-play-0.10-0.20-201208.txt",
)
"""Winamax logs of eight games (hold'em, Omaha, 5 Card Omaha Hi/Lo, stud, Stud Hi/Lo, Razz, 2-7 Triple Draw), each
a whole hand or more."""


@pytest.mark.parametrize("name", EIGHT_GAMES)
def test_a_site_of_many_games_is_read_without_python(python_refuses, corpus, name):
    [path] = (corpus / "sites" / "Winamax").rglob(name)
    headers = path.read_text(encoding="utf-8").count("Winamax Poker - ")
    assert headers >= 1
    assert _core.parse_count(str(path), "winamax") == (headers, 0)
