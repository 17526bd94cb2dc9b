"""The override syntax ``profile; option=value; ...`` (formats/soko-text.md ``Rules:`` line)."""

from __future__ import annotations

import pytest

from soko_analytics.errors import RulesError
from soko_analytics.rules.options import OPTIONS, BettingStructure, LastCardMode, format_value
from soko_analytics.rules.profiles import DEFAULT_PROFILE, PROFILES, parse_rules, resolve, rules_text


def test_soko_finnish_without_raise_after_pass_is_otherwise_soko_finnish():
    base, variant = resolve("soko-finnish"), resolve("soko-finnish; raise_after_pass=false")
    assert variant.raise_after_pass is False
    assert base.raise_after_pass is True
    assert {k: v for k, v in variant.options().items() if k != "raise_after_pass"} == {
        k: v for k, v in base.options().items() if k != "raise_after_pass"
    }
    assert variant.streets == base.streets
    assert variant.profile == "soko-finnish"


@pytest.mark.parametrize("text", [
    "soko-casino;open_pair_big_bet=false",
    "soko-casino; open_pair_big_bet=false",
    "  soko-casino ;  open_pair_big_bet = false ; ",
    "SOKO-CASINO; open_pair_big_bet=FALSE",
])
def test_spacing_and_case_do_not_matter(text):
    spec = resolve(text)
    assert spec.profile == "soko-casino"
    assert spec.open_pair_big_bet is False
    assert not any(s.open_pair_big_bet for s in spec.streets)


def test_several_overrides():
    spec = resolve("soko-finnish; last_card_mode=pihina; max_bet_or_raise=200; chip_unit=5")
    assert (spec.last_card_mode, spec.max_bet_or_raise, spec.chip_unit) == (LastCardMode.PIHINA, 200, 5)


def test_pihina_hole_gives_five_betting_rounds_rule_2_4():
    spec = resolve("soko-finnish; last_card_mode=pihina_hole")
    assert spec.betting_rounds == 5
    assert [(s.name, s.down, s.up, s.turn_up, s.betting) for s in spec.streets] == [
        ("2nd STREET", 1, 1, 0, True),
        ("3rd STREET", 0, 1, 0, True),
        ("4th STREET", 0, 1, 0, True),
        ("5th STREET", 1, 0, 0, True),   # the 5th card is dealt down: a second hole card
        ("TURN UP", 0, 0, 1, True),  # formats/soko-text.md        # turned up, then the extra betting round
    ]


def test_pihina_hole_keeps_big_bets_on_the_extra_round():
    streets = resolve("soko-casino; last_card_mode=pihina_hole").streets
    assert [s.bet_size for s in streets] == ["small", "small", "big", "big", "big"]


@pytest.mark.parametrize("mode", ["up", "pihina"])
def test_up_and_pihina_give_four_rounds(mode):
    spec = resolve(f"soko-finnish; last_card_mode={mode}")
    assert spec.betting_rounds == 4
    assert spec.streets == resolve("soko-finnish").streets


def test_derived_defaults_follow_an_override_of_structure():
    assert resolve("holdem; structure=fixed_limit").max_bets_per_round == 4
    assert resolve("holdem; structure=spread").max_bet_or_raise == "stakes"
    assert resolve("soko-finnish; structure=fixed_limit").max_bets_per_round == 4
    assert resolve("holdem; structure=fixed_limit; max_bets_per_round=unlimited").max_bets_per_round is None
    assert resolve("soko-finnish; max_bets_per_round=5").max_bets_per_round == 5


def test_keyword_overrides_apply_on_top():
    spec = resolve("soko-finnish; raise_after_pass=false", raise_after_pass=True, max_players=6)
    assert (spec.raise_after_pass, spec.max_players) == (True, 6)


def test_keyword_override_of_structure_moves_the_derived_cap_rule_2_9():
    """RULES.md §2.9: fixed limit caps a round at a bet and three raises; the cap follows a keyword override as it
    follows one in the text, and a keyword value replaces the text's own value of that option."""
    assert resolve("holdem").max_bets_per_round is None
    assert resolve("holdem", structure=BettingStructure.FIXED_LIMIT).max_bets_per_round == 4
    spec = resolve("holdem; structure=pot_limit; ante=true", structure=BettingStructure.FIXED_LIMIT)
    assert (spec.structure, spec.max_bets_per_round, spec.ante) == (BettingStructure.FIXED_LIMIT, 4, True)


def test_a_number_beyond_64_bits_is_a_bad_value():
    """Where it is given: not an overflow deep in the deck check (``max_players``) or a spec nothing can read."""
    with pytest.raises(RulesError) as caught:
        resolve("holdem; chip_unit=99999999999999999999")
    assert caught.value.reason == "bad value '99999999999999999999' for option chip_unit"
    assert caught.value.expected == "integer ≥ 1"


def test_default_profile_is_soko_casino():
    assert DEFAULT_PROFILE == "soko-casino"
    assert resolve().profile == "soko-casino"


def test_unknown_profile_lists_the_profiles():
    with pytest.raises(RulesError) as caught:
        resolve("soko-swedish; raise_after_pass=false")
    message = str(caught.value)
    assert "soko-swedish" in message
    for name in PROFILES:
        assert name in message


def test_unknown_option_lists_the_options():
    with pytest.raises(RulesError) as caught:
        resolve("soko-finnish; raise_after_check=false")
    message = str(caught.value)
    assert "raise_after_check" in message
    assert "raise_after_pass" in message and "chip_unit" in message


def test_unknown_keyword_override_is_named():
    with pytest.raises(RulesError, match="colour"):
        resolve("stud7", colour="red")


@pytest.mark.parametrize("text, option, allowed", [
    ("soko-finnish; raise_after_pass=maybe", "raise_after_pass", "true | false"),
    ("soko-finnish; raise_after_pass=1", "raise_after_pass", "true | false"),
    ("soko-finnish; last_card_mode=sideways", "last_card_mode", "up | pihina | pihina_hole"),
    ("soko-casino; max_bets_per_round=four", "max_bets_per_round", "unlimited"),
    ("soko-casino; max_players=", "max_players", "integer"),
    ("holdem; structure=limitless", "structure", "no_limit"),
    ("stud7; bring_in_card=middle", "bring_in_card", "highest | lowest | none"),
    ("stud7; odd_chip_rule=random", "odd_chip_rule", "left_of_dealer"),
])
def test_bad_value_names_option_and_choices(text, option, allowed):
    with pytest.raises(RulesError) as caught:
        resolve(text)
    message = str(caught.value)
    assert option in message and allowed in message


@pytest.mark.parametrize("text", ["soko-finnish; raise_after_pass", "soko-finnish; =false"])
def test_override_without_option_or_equals_sign(text):
    with pytest.raises(RulesError, match="option=value"):
        resolve(text)


def test_option_given_twice():
    with pytest.raises(RulesError, match="twice"):
        resolve("stud7; chip_unit=5; chip_unit=10")


def test_parse_rules_returns_parsed_values():
    assert parse_rules("  HOLDEM  ") == ("holdem", {})
    assert parse_rules("stud7; max_bets_per_round=unlimited; bring_in_tie_break=position") == (
        "stud7", {"max_bets_per_round": None, "bring_in_tie_break": "position"},
    )


@pytest.mark.parametrize("text", [
    "soko-finnish",
    "soko-finnish; raise_after_pass=false",
    "soko-casino; last_card_mode=pihina_hole; open_pair_big_bet=false",
    "holdem; ante=true; structure=fixed_limit",
    "holdem; structure=fixed_limit; max_bets_per_round=unlimited",
    "soko-finnish; structure=pot_limit; max_bets_per_round=4",
])
def test_rules_text_round_trips(text):
    spec = resolve(text)
    assert rules_text(spec) == text
    assert resolve(rules_text(spec)) == spec


@pytest.mark.parametrize("name", PROFILES)
def test_every_option_value_parses_back_from_its_text(name):
    for option, value in resolve(name).options().items():
        assert OPTIONS[option].parse(format_value(option, value)) == value, option
