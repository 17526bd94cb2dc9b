"""``soko eval``: hands valued under a profile's ranking, winners named."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from soko_analytics.cli import app

runner = CliRunner()


def _eval(*args):
    result = runner.invoke(app, ["eval", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_soko_four_flush_beats_a_pair_but_not_under_holdem():
    # RULES.md §2 item 11: four-flush ranks above one pair in Sökö only.
    soko = _eval("Ah Kh 7h 3h 3s", "Qs Qd 9c 5h 2d", "--rules", "soko-casino")
    assert [h["result"] for h in soko["hands"]] == ["wins", "loses"]
    assert soko["hands"][0]["description"] == "a four-flush, Ace high"
    holdem = _eval("Ah Kh 7h 3h 3s", "Qs Qd 9c 5h 2d")
    assert [h["result"] for h in holdem["hands"]] == ["loses", "wins"]


def test_equal_hands_split():
    data = _eval("Ah Kh Qh Jh 2c", "As Ks Qs Js 2d", "--rules", "soko-casino")
    assert [h["result"] for h in data["hands"]] == ["splits", "splits"]


def test_seed_000_high_card_rule_through_the_profile():
    # soko-finnish uses top_card_then_suit (RULES.md §1): the As alone beats Ah K Q 9 7.
    data = _eval("As 7d 5c 3h 2d", "Ah Kd Qc 9h 7s", "--rules", "soko-finnish")
    assert [h["result"] for h in data["hands"]] == ["wins", "loses"]


def test_best_five_of_seven():
    data = _eval("As Ks Qs Js Ts 2c 2d")
    assert data["hands"][0]["description"] == "a Royal Flush"


def test_bad_hand_is_a_usage_error_without_traceback():
    result = runner.invoke(app, ["eval", "As Kx Qh Jc 9d"])
    assert result.exit_code == 2
    assert "'Kx'" in result.output and "Traceback" not in result.output


def test_table_output():
    result = runner.invoke(app, ["eval", "Ah Kh 7h 3h 3s", "--rules", "soko-casino"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "a four-flush, Ace high" in result.stdout


def test_a_game_of_two_own_cards_or_a_low_half_is_refused_not_misvalued():
    for rules in ("omaha", "stud7-hilo"):
        result = runner.invoke(app, ["eval", "As Ks Qs Js Ts", "--rules", rules])
        assert result.exit_code == 2 and "values one hand of 5 to 7 cards" in result.stderr
        assert "Traceback" not in result.output


def test_short_deck_trips_beat_a_straight_and_a_deuce_is_not_in_the_deck():
    # docs/rules.md, "Short Deck": PokerStars' 6+ puts three of a kind over a straight; A-6-7-8-9 is a straight.
    data = _eval("Ah 6c 7s 8d 9h", "7s 7h 7d Kc Qd", "--rules", "short-deck")
    assert [h["result"] for h in data["hands"]] == ["loses", "wins"]
    assert data["hands"][0]["description"] == "a straight, Ace to Nine"
    result = runner.invoke(app, ["eval", "Ah 6c 7s 8d 2h", "--rules", "short-deck"])
    assert result.exit_code == 2 and "2h is not in the short deck" in result.stderr and "Traceback" not in result.stderr
