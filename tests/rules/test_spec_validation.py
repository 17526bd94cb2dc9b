"""Every impossible combination of options raises a RulesError that names the options."""

from __future__ import annotations

from dataclasses import fields

import pytest

from soko_analytics.errors import RulesError, SokoError
from soko_analytics.rules.options import OPTIONS
from soko_analytics.rules.profiles import resolve
from soko_analytics.rules.spec import DERIVED_FIELDS, GameSpec

IMPOSSIBLE = [
    # (rules text, options the message must name)
    ("soko-finnish; bring_in_forced=true", ["bring_in_forced", "bring_in_card"]),
    ("soko-casino; bring_in_card=none", ["bring_in_forced", "bring_in_card"]),
    ("holdem; bring_in_card=lowest", ["bring_in_card", "cards"]),
    ("holdem; bring_in_tie_break=suit", ["bring_in_tie_break"]),
    ("stud7; bring_in_tie_break=none", ["bring_in_tie_break"]),
    ("soko-finnish; bring_in_tie_break=none", ["bring_in_tie_break"]),
    ("stud7; blinds=true", ["blinds", "cards"]),
    ("soko-casino; blinds=true", ["blinds", "cards"]),
    ("soko-finnish; ante=false", ["ante", "blinds", "bring_in_forced"]),
    ("holdem; blinds=false", ["ante", "blinds"]),
    ("holdem; later_rounds_first_to_act=best_showing", ["later_rounds_first_to_act", "cards"]),
    ("holdem; showing_tie_break=position", ["showing_tie_break"]),
    ("stud7; showing_tie_break=none", ["showing_tie_break"]),
    ("soko-casino; max_bets_per_round=0", ["max_bets_per_round"]),
    ("soko-casino; max_bets_per_round=-1", ["max_bets_per_round"]),
    ("soko-finnish; max_bet_or_raise=none", ["structure", "max_bet_or_raise"]),
    ("soko-casino; max_bet_or_raise=200", ["max_bet_or_raise", "structure"]),
    ("holdem; max_bet_or_raise=stakes", ["max_bet_or_raise", "structure"]),
    ("soko-finnish; max_bet_or_raise=0", ["max_bet_or_raise"]),
    ("holdem; open_pair_big_bet=true", ["open_pair_big_bet", "structure"]),
    ("holdem; structure=fixed_limit; open_pair_big_bet=true", ["open_pair_big_bet", "cards"]),
    ("soko-casino; structure=no_limit", ["open_pair_big_bet", "structure"]),
    ("soko-finnish; open_pair_big_bet=true", ["open_pair_big_bet", "structure"]),
    ("stud7; last_card_mode=pihina_hole", ["last_card_mode", "cards"]),
    ("stud7; last_card_mode=pihina", ["last_card_mode", "cards"]),
    ("holdem; last_card_mode=pihina_hole", ["last_card_mode", "cards"]),
    ("holdem; four_straight_ace_low=false", ["four_straight_ace_low", "hand_ranking"]),
    ("stud5; four_card_straight_flush_class=true", ["four_card_straight_flush_class", "hand_ranking"]),
    ("stud7; showing_four_card_hands_count=true", ["showing_four_card_hands_count", "hand_ranking"]),
    ("soko-casino; hand_ranking=high; showing_four_card_hands_count=true",
     ["showing_four_card_hands_count", "hand_ranking"]),
    ("holdem; hand_ranking=soko; showing_four_card_hands_count=true", ["showing_four_card_hands_count", "cards"]),
    ("stud7; deck_out_community_card=false", ["max_players", "cards", "deck_out_community_card"]),
    ("soko-finnish; max_players=11", ["max_players", "cards"]),
    ("holdem; max_players=24", ["max_players", "cards"]),
    ("holdem; deck_out_community_card=true", ["deck_out_community_card", "cards"]),
    ("soko-casino; max_players=1", ["max_players"]),
    ("soko-casino; chip_unit=0", ["chip_unit"]),
    ("stud7; later_rounds_first_to_act=bring_in", ["later_rounds_first_to_act"]),
    ("stud7; later_rounds_first_to_act=left_of_big_blind", ["later_rounds_first_to_act"]),
]


@pytest.mark.parametrize("text, names", IMPOSSIBLE)
def test_impossible_combination_names_the_options(text, names):
    with pytest.raises(RulesError) as caught:
        resolve(text)
    message = str(caught.value)
    for name in names:
        assert name in message, (name, message)


def test_rules_error_is_a_soko_error_with_structured_values():
    with pytest.raises(SokoError) as caught:
        resolve("stud7; blinds=true")
    assert caught.value.extra["options"] == {"blinds": "true", "cards": "two_down_four_up_one_down"}


def test_possible_variants_resolve():
    # RULES.md §2.5 variant: the highest card must bet at least the minimum.
    assert resolve("soko-finnish; bring_in_card=highest; bring_in_forced=true").forced_bets.bring_in
    assert resolve("soko-finnish; four_card_straight_flush_class=true").ranking.four_card_straight_flush_class
    assert resolve("soko-finnish; four_straight_ace_low=false").ranking.four_straight_ace_low is False
    assert resolve("stud7; max_players=7; deck_out_community_card=false").max_players == 7
    assert resolve("soko-casino; structure=pot_limit; open_pair_big_bet=false").max_bets_per_round is None
    assert resolve("soko-finnish; max_bet_or_raise=500").max_bet_or_raise == 500
    assert resolve("soko-finnish; structure=fixed_limit").max_bet_or_raise is None
    assert resolve("holdem; blinds=false; ante=true").first_round_first_to_act == "left_of_button"
    # the derived default follows hand_ranking: no four-card showing hands in standard poker
    assert resolve("soko-casino; hand_ranking=high").showing_four_card_hands_count is False


def test_keyword_overrides_are_checked_as_text_is():
    with pytest.raises(RulesError, match="max_players"):
        resolve("stud5", max_players="ten")
    with pytest.raises(RulesError, match="raise_after_pass"):
        resolve("stud5", raise_after_pass=1)
    with pytest.raises(RulesError, match="structure"):
        resolve("stud5", structure="limitless")
    with pytest.raises(RulesError, match="unknown option 'players'"):
        resolve("stud5", players=6)


def test_gamespec_fields_are_the_options():
    names = {f.name for f in fields(GameSpec)}
    assert names == {"profile", *OPTIONS, *DERIVED_FIELDS}
