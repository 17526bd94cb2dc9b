"""Each vocabulary is defined once, in the core, and Python reads it from there (issue 39).

The enums of ``soko_analytics/_vocab.py`` are written from the core by ``_vocab_write``: the file checked in
must be what it writes now. The members are held to independent sources: the codes listed in docs/replay.md
(a contract with other tools), the action and quarantine kinds listed in schemas/README.md, the hand classes' numbers and
the sets of forced and betting actions as worked by hand; the one money formatter to amounts worked by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from soko_analytics import _core, _vocab_write
from soko_analytics.model.cards import RANKS, SUITS, Card
from soko_analytics.model.hand import BETTING, FORCED, ActionKind
from soko_analytics.model.money import decimal_text, format_amount
from soko_analytics.replay.findings import Code, Severity
from soko_analytics.rules.tables import HandClass
from soko_analytics.store.rows import QUARANTINE_KINDS

ROOT = Path(__file__).resolve().parents[2]


def test_the_checked_in_vocab_module_is_what_the_core_writes_now():
    written = _vocab_write.text()
    assert _vocab_write.TARGET.read_text(encoding="utf-8") == written, (
        "soko_analytics/_vocab.py differs from the core's vocabularies: run python -m soko_analytics._vocab_write")


def test_a_member_changed_in_the_core_changes_the_written_module(monkeypatch):
    kind, doc, members = _core.VOCABULARIES["Severity"]
    changed = dict(_core.VOCABULARIES, Severity=(kind, doc, (*members, ("fatal", " Worse than an error.\n"))))
    monkeypatch.setattr(_core, "VOCABULARIES", changed)
    text = _vocab_write.text()
    assert '    FATAL = "fatal"\n    """Worse than an error."""\n' in text
    assert text != _vocab_write.TARGET.read_text(encoding="utf-8")


def test_finding_codes_are_the_documented_contract():
    page = (ROOT / "docs" / "replay.md").read_text(encoding="utf-8")
    listed = page.split("Codes:\n", 1)[1].split("\n\n", 1)[0]
    documented = re.findall(r"`(\w+)`", listed)
    assert len(documented) == 19
    assert [str(c) for c in Code] == documented
    assert [str(s) for s in Severity] == ["error", "warning", "info"]


def test_action_kinds_are_the_store_documentations():
    page = (ROOT / "soko_analytics" / "schemas" / "README.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| kind | `ante`"))
    assert [str(k) for k in ActionKind] == re.findall(r"`(\w+)`", row)


def test_quarantine_kinds_are_the_store_documentations():
    page = (ROOT / "soko_analytics" / "schemas" / "README.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| kind | `unsupported`"))
    assert list(QUARANTINE_KINDS) == re.findall(r"`(\w+)` \(", row)
    assert len(QUARANTINE_KINDS) == 8


def test_forced_and_betting_actions_as_worked_by_hand():
    assert {str(k) for k in FORCED} == {"ante", "small_blind", "big_blind", "small_and_big_blind", "straddle",
                                        "bring_in"}
    assert {str(k) for k in BETTING} == {"fold", "check", "call", "bet", "raise", "complete"}
    assert all(isinstance(k, ActionKind) for k in FORCED | BETTING)


def test_hand_classes_keep_their_numbers():
    names = ["high_card", "pair", "four_straight", "four_flush", "four_straight_flush", "two_pair",
             "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind", "straight_flush", "low",
             "badugi", "three_card", "two_card", "one_card"]
    assert [(c.name.lower(), c.value) for c in HandClass] == [(n, i) for i, n in enumerate(names)]


def test_members_keep_the_cores_doc_comments():
    source = _vocab_write.TARGET.read_text(encoding="utf-8")
    assert '    NOT_REOPENED = "not_reopened"\n    """A raise by a player whom a short all-in' in source
    assert '    COLLECT = "collect"\n    """``collected X from pot``' in source


def test_cards_letters_are_the_cores():
    assert (RANKS, SUITS) == ("23456789TJQKA", "cdhs")
    assert str(Card(51)) == "As" and str(Card(0)) == "2c"


@pytest.mark.parametrize("minor, decimals, symbol, trim, grouped, text", [
    (125, 2, "$", True, False, "$1.25"),
    (200, 2, "$", True, False, "$2"),
    (200, 2, "$", False, False, "$2.00"),
    (-5, 2, "€", True, False, "-€0.05"),
    (1500, 0, "", True, False, "1500"),
    (7, 3, "", False, False, "0.007"),
    (165800, 2, "$", False, True, "$1,658.00"),
    (-3252500, 2, "", False, True, "-32,525.00"),
    (999, 0, "", True, True, "999"),
    (1000, 0, "", True, True, "1,000"),
    (-(2**63), 2, "", False, False, "-92233720368547758.08"),
])
def test_the_one_money_formatter(minor, decimals, symbol, trim, grouped, text):
    assert format_amount(minor, decimals, symbol, trim=trim, grouped=grouped) == text


def test_decimal_text_never_trims():
    assert decimal_text(930, 2) == "9.30" and decimal_text(0, 2) == "0.00" and decimal_text(-5, 2) == "-0.05"


def python_format_amount(minor: int, decimals: int, symbol: str, trim: bool, grouped: bool) -> str:
    """The Python formatter the core's replaced (``model/money.py`` before issue 39), kept here as the oracle."""
    sign = "-" if minor < 0 else ""
    whole, frac = divmod(abs(minor), 10**decimals)
    digits = f"{whole:,}" if grouped else str(whole)
    if decimals == 0 or (trim and frac == 0):
        return f"{sign}{symbol}{digits}"
    return f"{sign}{symbol}{digits}.{frac:0{decimals}d}"


@settings(max_examples=3000, deadline=None)
@given(st.integers(-(2**63), 2**63 - 1), st.integers(0, 6), st.sampled_from(["", "$", "€"]), st.booleans(),
       st.booleans())
def test_the_cores_formatter_writes_what_pythons_wrote(minor, decimals, symbol, trim, grouped):
    assert format_amount(minor, decimals, symbol, trim, grouped) == python_format_amount(minor, decimals, symbol, trim,
                                                                                          grouped)
