"""The option registry and the rule vocabulary."""

from __future__ import annotations

import pytest

from soko_analytics import _vocab
from soko_analytics.errors import RulesError
from soko_analytics.rules.options import OPTIONS, BettingStructure, StakesRef
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
    needed = {n for n, o in OPTIONS.items() if o.default_kind == "profile"}
    assert needed == {"cards", "max_players", "ante", "blinds", "bring_in_card", "bring_in_forced",
                      "bring_in_tie_break", "later_rounds_first_to_act", "structure", "hand_ranking"}
    for profile in PROFILES.values():
        assert needed <= set(profile.values), profile.name
        # options with a derived default follow the profile's other values
        assert not {n for n in profile.values if OPTIONS[n].default_kind == "derived"}


def test_an_options_words_are_its_enums_members():
    for opt in OPTIONS.values():
        if opt.type == "enum":
            members = {str(m) for m in getattr(_vocab, opt.vocabulary or "")}
            assert set(opt.choices) - {opt.null_word} <= members, opt.name


@pytest.mark.parametrize("name, default, allowed", [
    # RULES.md §2.9 and §1: a bet and three raises under fixed limit, no cap otherwise
    ("max_bets_per_round", "4 under fixed_limit, else unlimited", "integer ≥ 1 | unlimited"),
    ("max_bet_or_raise", "stakes under spread, else none", "amount in minor units ≥ 1 | stakes | none"),
    ("raise_after_pass", "true", "true | false"),
    ("first_round_structure", "none", "pot_limit | no_limit | fixed_limit | none"),
    ("hole_cards_used", "any", "integer ≥ 1 | any"),
    ("cards", "set by the profile", " | ".join(["one_down_four_up", "two_down_four_up_one_down",
     "two_down_five_board", "four_down_five_board", "five_down_five_board", "six_down_five_board",
     "five_down_one_draw", "five_down_three_draws", "four_down_three_draws", "five_down_five_board_one_preflop"])),
])
def test_defaults_and_allowed_values_as_soko_rules_shows_them(name, default, allowed):
    assert (OPTIONS[name].default_text, OPTIONS[name].allowed_text()) == (default, allowed)


@pytest.mark.parametrize("name, text, reason", [
    ("raise_after_pass", "maybe", "bad value 'maybe' for option raise_after_pass"),
    ("structure", "Limitless", "bad value 'limitless' for option structure"),
    ("max_players", "1", "max_players=1 is out of range"),
    ("chip_unit", "1.5", "bad value '1.5' for option chip_unit"),
])
def test_a_bad_value_is_refused_with_the_allowed_values(name, text, reason):
    with pytest.raises(RulesError) as caught:
        OPTIONS[name].parse(text)
    assert caught.value.reason == reason and caught.value.expected == OPTIONS[name].allowed_text()


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


def test_a_word_parses_to_its_enum_member():
    assert OPTIONS["structure"].parse("fixed_limit") is BettingStructure.FIXED_LIMIT
    assert OPTIONS["max_bet_or_raise"].parse("stakes") is StakesRef.STAKES


def test_docs_page_lists_every_option_and_profile():
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    for name in [*OPTIONS, *PROFILES]:
        assert f"`{name}`" in page, name
