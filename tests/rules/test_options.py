"""The option registry and the rule vocabulary."""

from __future__ import annotations

import ast
import inspect
from enum import StrEnum

import pytest

from soko_analytics.rules import options
from soko_analytics.rules.options import OPTIONS, PROFILE, Derived
from soko_analytics.rules.profiles import PROFILES

# Every option name RULES.md spells out.
RULES_MD_NAMES = [
    "bring_in_card", "bring_in_forced", "structure", "max_bets_per_round", "raise_after_pass",
    "hand_ranking", "high_card_rule", "odd_chip_rule", "last_card_mode", "four_straight_ace_low",
    "four_card_straight_flush_class", "showing_four_card_hands_count", "open_pair_big_bet",
    "chip_unit", "max_bet_or_raise",
]


def test_every_rules_md_option_is_registered():
    assert set(RULES_MD_NAMES) <= set(OPTIONS)


def test_every_option_has_a_description_and_a_section():
    for opt in OPTIONS.values():
        assert opt.description and opt.section.startswith("§"), opt.name


def test_every_profile_sets_the_profile_options():
    needed = {n for n, o in OPTIONS.items() if o.default is PROFILE}
    for profile in PROFILES.values():
        assert needed <= set(profile.values), profile.name
        # options with a derived default follow the profile's other values
        assert not {n for n in profile.values if isinstance(OPTIONS[n].default, Derived)}


def test_every_enum_member_has_a_docstring():
    tree = ast.parse(inspect.getsource(options))
    for node in tree.body:
        if not isinstance(node, ast.ClassDef) or not issubclass(getattr(options, node.name), StrEnum):
            continue
        body = node.body
        for i, stmt in enumerate(body):
            if isinstance(stmt, ast.Assign):
                doc = body[i + 1] if i + 1 < len(body) else None
                assert isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant), (
                    f"{node.name}.{stmt.targets[0].id} has no docstring"
                )


@pytest.mark.parametrize("name, text, value", [
    ("raise_after_pass", "false", False),
    ("raise_after_pass", " TRUE ", True),
    ("max_bets_per_round", "unlimited", None),
    ("max_bets_per_round", "3", 3),
    ("max_bet_or_raise", "stakes", "stakes"),
    ("max_bet_or_raise", "250", 250),
    ("max_bet_or_raise", "none", None),
    ("bring_in_card", "none", None),
    ("bring_in_card", "Lowest", "lowest"),
    ("structure", "pot_limit", "pot_limit"),
])
def test_parse(name, text, value):
    assert OPTIONS[name].parse(text) == value


def test_docs_page_lists_every_option_and_profile():
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    for name in [*OPTIONS, *PROFILES]:
        assert f"`{name}`" in page, name
