"""The five profiles against the RULES.md §1 table, written out by hand here."""

from __future__ import annotations

from pathlib import Path

import pytest

from soko_analytics.errors import RulesError
from soko_analytics.rules.options import FirstToAct, ForcedBet
from soko_analytics.rules.profiles import PROFILES, resolve
from soko_analytics.rules.ranking import SOKO, HandRanking, Ranking

A, SB, BB, BI = ForcedBet.ANTE, ForcedBet.SMALL_BLIND, ForcedBet.BIG_BLIND, ForcedBet.BRING_IN

# RULES.md §1, one dict per column. None = "—" or "unlimited".
TABLE = {
    "soko-finnish": {
        "max_players": 10, "deal": "1 down + 4 up", "betting_rounds": 4, "forced": (A,),
        "bring_in_card": None, "bring_in_forced": False, "bring_in_tie_break": "position",
        "later_rounds_first_to_act": "best_showing", "structure": "spread", "max_bets_per_round": None,
        "raise_after_pass": True, "hand_ranking": "soko", "high_card_rule": "top_card_then_suit",
        "odd_chip_rule": "left_of_dealer",
    },
    "soko-casino": {
        "max_players": 8, "deal": "1 down + 4 up", "betting_rounds": 4, "forced": (A, BI),
        "bring_in_card": "highest", "bring_in_forced": True, "bring_in_tie_break": "suit",
        "later_rounds_first_to_act": "best_showing", "structure": "fixed_limit", "max_bets_per_round": 4,
        "raise_after_pass": True, "hand_ranking": "soko", "high_card_rule": "kickers",
        "odd_chip_rule": "left_of_dealer",
    },
    "holdem": {
        "max_players": 10, "deal": "2 down + 5 board", "betting_rounds": 4, "forced": (SB, BB),
        "bring_in_card": None, "bring_in_forced": False, "bring_in_tie_break": None,
        "later_rounds_first_to_act": "left_of_button", "structure": "no_limit", "max_bets_per_round": None,
        "raise_after_pass": True, "hand_ranking": "high", "high_card_rule": "kickers",
        "odd_chip_rule": "left_of_dealer",
    },
    "stud7": {
        "max_players": 8, "deal": "2 down + 4 up + 1 down", "betting_rounds": 5, "forced": (A, BI),
        "bring_in_card": "lowest", "bring_in_forced": True, "bring_in_tie_break": "suit",
        "later_rounds_first_to_act": "best_showing", "structure": "fixed_limit", "max_bets_per_round": 4,
        "raise_after_pass": True, "hand_ranking": "high", "high_card_rule": "kickers",
        "odd_chip_rule": "left_of_dealer",
    },
    "stud5": {
        "max_players": 10, "deal": "1 down + 4 up", "betting_rounds": 4, "forced": (A, BI),
        "bring_in_card": "lowest", "bring_in_forced": True, "bring_in_tie_break": "suit",
        "later_rounds_first_to_act": "best_showing", "structure": "fixed_limit", "max_bets_per_round": 4,
        "raise_after_pass": True, "hand_ranking": "high", "high_card_rule": "kickers",
        "odd_chip_rule": "left_of_dealer",
    },
}

OPTION_ROWS = (
    "max_players", "bring_in_card", "bring_in_forced", "bring_in_tie_break", "later_rounds_first_to_act",
    "structure", "max_bets_per_round", "raise_after_pass", "hand_ranking", "high_card_rule", "odd_chip_rule",
)


def test_the_five_profiles_exist():
    assert list(PROFILES)[:5] == ["soko-finnish", "soko-casino", "holdem", "stud7", "stud5"]


def test_the_omaha_and_hi_lo_profiles_of_docs_rules_md():
    """The table of docs/rules.md, "More games": cards, players, two hole cards, the low half's rule."""
    expected = {  # name: (deal, max players, hole_cards_used, split_ranking, split_qualifier, structure)
        "omaha": ("4 down + 5 board", 10, 2, None, None, "pot_limit"),
        "omaha-hilo": ("4 down + 5 board", 10, 2, "ace_to_five_low", 8, "pot_limit"),
        "omaha5": ("5 down + 5 board", 9, 2, None, None, "pot_limit"),
        "omaha5-hilo": ("5 down + 5 board", 9, 2, "ace_to_five_low", 8, "pot_limit"),
        "omaha6": ("6 down + 5 board", 7, 2, None, None, "pot_limit"),
        "razz": ("2 down + 4 up + 1 down", 8, None, None, None, "fixed_limit"),
        "stud7-hilo": ("2 down + 4 up + 1 down", 8, None, "ace_to_five_low", 8, "fixed_limit"),
    }
    assert list(PROFILES)[5:12] == list(expected)
    for name, row in expected.items():
        s = resolve(name)
        assert (s.deal_text, s.max_players, s.hole_cards_used, s.split_ranking, s.split_qualifier, s.structure) == row
        shares = s.shares
        high = "ace_to_five_low-kickers" if name == "razz" else "high-kickers"
        assert len(shares) == (2 if row[3] else 1) and shares[0].ranking.name == high
        assert all(share.hole_cards == row[2] for share in shares)
    low = resolve("omaha-hilo").shares[1]
    assert (low.label, low.qualifier, low.qualifier_cards) == ("LO", 8, (24, 21, 18, 15, 8))  # 8c 7d 6h 5s 4c: 8-7-6-5-4
    razz = resolve("razz")  # the highest card brings in; the lowest showing hand speaks later
    assert (razz.bring_in_card, razz.later_rounds_first_to_act, razz.shares[0].label) == ("highest", "best_showing", "Lo")


def test_impossible_omaha_and_hi_lo_options_are_refused():
    with pytest.raises(RulesError, match="hole_cards_used=2 needs 2 hole cards and 3 board cards"):
        resolve("stud7; hole_cards_used=2")
    with pytest.raises(RulesError, match="split_qualifier is a rule of the low half"):
        resolve("holdem; split_qualifier=8")
    with pytest.raises(RulesError, match="hand_ranking=high for the high half"):
        resolve("soko-casino; split_ranking=ace_to_five_low")
    with pytest.raises(RulesError, match="above the King"):
        resolve("omaha-hilo; split_qualifier=14")


@pytest.mark.parametrize("name", TABLE)
def test_profile_matches_rules_table(name):
    spec, row = resolve(name), TABLE[name]
    assert spec.profile == name
    for option in OPTION_ROWS:
        assert getattr(spec, option) == row[option], option
    assert spec.deal_text == row["deal"]
    assert spec.betting_rounds == row["betting_rounds"]
    assert spec.forced_bets.kinds == row["forced"]


def test_soko_streets_one_down_then_four_up_rules_2_3():
    names = [(s.name, s.down, s.up, s.board) for s in resolve("soko-casino").streets]
    assert names == [("2nd STREET", 1, 1, 0), ("3rd STREET", 0, 1, 0), ("4th STREET", 0, 1, 0), ("5th STREET", 0, 1, 0)]


def test_soko_casino_small_bets_rounds_1_2_big_3_4_and_open_pair_on_round_2_rule_2_9():
    streets = resolve("soko-casino").streets
    assert [s.bet_size for s in streets] == ["small", "small", "big", "big"]
    assert [s.open_pair_big_bet for s in streets] == [False, True, False, False]


def test_stud7_third_street_two_down_one_up_river_down_rules_4_1_4_3():
    streets = resolve("stud7").streets
    assert [(s.name, s.down, s.up) for s in streets] == [
        ("3rd STREET", 2, 1), ("4th STREET", 0, 1), ("5th STREET", 0, 1), ("6th STREET", 0, 1), ("RIVER", 1, 0),
    ]
    assert [s.bet_size for s in streets] == ["small", "small", "big", "big", "big"]
    assert [s.open_pair_big_bet for s in streets] == [False, True, False, False, False]


def test_stud7_eight_players_rely_on_the_community_card_rule_4_5():
    assert resolve("stud7").deck_out_community_card is True


def test_holdem_streets_and_who_acts_first_rules_3_1_3_2():
    spec = resolve("holdem")
    assert [(s.name, s.down, s.board) for s in spec.streets] == [
        ("HOLE CARDS", 2, 0), ("FLOP", 0, 3), ("TURN", 0, 1), ("RIVER", 0, 1),
    ]
    assert spec.first_round_first_to_act is FirstToAct.LEFT_OF_BIG_BLIND
    assert spec.later_rounds_first_to_act is FirstToAct.LEFT_OF_BUTTON
    assert all(s.bet_size is None for s in spec.streets)  # no limit: no fixed bet sizes


def test_holdem_ante_is_optional():
    assert resolve("holdem; ante=true").forced_bets.kinds == (A, SB, BB)


@pytest.mark.parametrize("structure, cap", [("no_limit", None), ("pot_limit", None), ("fixed_limit", 4)])
def test_holdem_structures_cap_four_in_fixed_limit_rule_3_3(structure, cap):
    spec = resolve(f"holdem; structure={structure}")
    assert spec.structure == structure
    assert spec.max_bets_per_round == cap


def test_holdem_fixed_limit_small_preflop_and_flop_big_turn_and_river_rule_3_3():
    streets = resolve("holdem; structure=fixed_limit").streets
    assert [s.bet_size for s in streets] == ["small", "small", "big", "big"]


def test_round_one_openers():
    assert resolve("soko-finnish").first_round_first_to_act is FirstToAct.BEST_SHOWING  # highest upcard speaks
    for name in ("soko-casino", "stud7", "stud5"):
        assert resolve(name).first_round_first_to_act is FirstToAct.BRING_IN


def test_soko_finnish_spread_limit_takes_its_maximum_from_the_stakes():
    assert resolve("soko-finnish").max_bet_or_raise == "stakes"
    assert resolve("soko-casino").max_bet_or_raise is None


def test_ranking_property():
    assert resolve("soko-casino").ranking == SOKO
    assert resolve("holdem").ranking == Ranking(HandRanking.HIGH)
    finnish = resolve("soko-finnish").ranking
    assert (finnish.kind, finnish.high_card_rule) == ("soko", "top_card_then_suit")


def test_defaults_of_rules_2():
    spec = resolve("soko-casino")
    assert spec.last_card_mode == "up"
    assert spec.four_straight_ace_low is True
    assert spec.four_card_straight_flush_class is False
    assert spec.showing_four_card_hands_count is True
    assert spec.chip_unit == 1
    assert resolve("stud7").showing_four_card_hands_count is False


def test_specs_are_frozen():
    spec = resolve("stud7")
    with pytest.raises(AttributeError):
        spec.max_players = 9  # type: ignore[misc]


def test_the_short_deck_and_courchevel_profiles_of_docs_rules_md():
    """The table of docs/rules.md, "Short Deck, Courchevel": the deck, the deal, the forced bets, the ranking."""
    expected = {  # name: (deal, deck size, board cards before round 1, forced bets, structure, shares' rankings)
        "short-deck": ("2 down + 5 board", 36, 0, ("ante", "big_blind"), "no_limit", ["short_deck-kickers"]),
        "courchevel": ("5 down + 5 board", 52, 1, ("small_blind", "big_blind"), "pot_limit", ["high-kickers"]),
        "courchevel-hilo": ("5 down + 5 board", 52, 1, ("small_blind", "big_blind"), "pot_limit",
                            ["high-kickers", "ace_to_five_low-kickers"]),
    }
    assert list(PROFILES)[16:] == list(expected)
    page = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, row in expected.items():
        s = resolve(name)
        forced = tuple(str(k) for k in s.forced_bets.kinds)
        shares = [share.ranking.name for share in s.shares]
        assert (s.deal_text, s.deck_size, s.streets[0].board, forced, s.structure, shares) == row
        assert f"| `{name}` | {row[0]}" in page
    assert resolve("short-deck").button_blind and resolve("courchevel-hilo").hole_cards_used == 2


def test_a_short_deck_needs_its_ranking_and_a_button_blind_needs_blinds():
    with pytest.raises(RulesError, match="do not go together"):
        resolve("holdem; deck=short")
    with pytest.raises(RulesError, match="do not go together"):
        resolve("short-deck; deck=standard")
    with pytest.raises(RulesError, match="button_blind=true"):
        resolve("stud7; button_blind=true")
    assert resolve("holdem; first_round_structure=pot_limit").streets[1].structure == "no_limit"


def test_the_draw_profiles_of_docs_rules_md():
    """The draw games' table of docs/rules.md, "Draw games": the deal, the draws' limits, the betting, the ranking."""
    expected = {  # name: (deal, max players, most cards drawn per draw, structure, hand_ranking)
        "draw5": ("5 down + 1 draw", 8, (5,), "fixed_limit", "high"),
        "single-draw27": ("5 down + 1 draw", 8, (5,), "no_limit", "deuce_to_seven_low"),
        "triple-draw27": ("5 down + 3 draws", 6, (5, 5, 5), "fixed_limit", "deuce_to_seven_low"),
        "badugi": ("4 down + 3 draws", 8, (4, 4, 4), "fixed_limit", "badugi"),
    }
    assert list(PROFILES)[12:16] == list(expected)
    for name, row in expected.items():
        s = resolve(name)
        draws = tuple(st.draw for st in s.streets if st.draw)
        assert (s.deal_text, s.max_players, draws, s.structure, s.hand_ranking) == row
        assert s.first_round_first_to_act == "left_of_big_blind" and s.later_rounds_first_to_act == "left_of_button"
        page = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
        assert f"| `{name}` | {row[0]} |" in page


@pytest.mark.parametrize("rules, text", [
    ("stud7", "ante + bring-in"),                  # RULES.md §1: stud antes and brings in
    ("holdem", "blinds"),                          # RULES.md §3.1: small and big blind
    ("holdem; ante=true", "ante + blinds"),
    ("short-deck", "ante + button blind"),         # docs/rules.md, Short Deck: the button's one blind, and antes
    ("soko-finnish", "ante"),                      # RULES.md §2.2: no bring-in is forced
])
def test_forced_bets_read_as_rules_md_writes_them(rules, text):
    assert resolve(rules).forced_bets.text == text
