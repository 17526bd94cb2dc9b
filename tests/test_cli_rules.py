"""``soko rules``: the profiles, one resolved profile, JSON, and errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from soko_analytics.cli import ExitCode, app

runner = CliRunner()


def test_rules_without_profile_shows_profiles_and_options():
    result = runner.invoke(app, ["rules"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for name in ("soko-finnish", "soko-casino", "holdem", "stud7", "stud5"):
        assert name in result.stdout
    for option in ("raise_after_pass", "last_card_mode", "four_straight_ace_low", "chip_unit"):
        assert option in result.stdout


def test_rules_json_overview():
    result = runner.invoke(app, ["rules", "--json"])
    data = json.loads(result.stdout)
    assert [p["name"] for p in data["profiles"]] == ["soko-finnish", "soko-casino", "holdem", "stud7", "stud5",
                                                     "omaha", "omaha-hilo", "omaha5", "omaha5-hilo", "omaha6",
                                                     "razz", "stud7-hilo", "draw5", "single-draw27",
                                                     "triple-draw27", "badugi", "short-deck", "courchevel",
                                                     "courchevel-hilo"]
    assert {o["name"] for o in data["options"]} >= {"raise_after_pass", "max_bets_per_round"}


def test_rules_stud7_json():
    result = runner.invoke(app, ["rules", "stud7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["profile"] == "stud7"
    options = data["options"]
    assert options["max_players"] == 8
    assert options["bring_in_card"] == "lowest"
    assert options["bring_in_tie_break"] == "suit"
    assert options["structure"] == "fixed_limit"
    assert options["max_bets_per_round"] == 4
    assert options["hand_ranking"] == "high"
    assert data["betting_rounds"] == 5
    assert data["forced_bets"] == ["ante", "bring_in"]
    assert [s["name"] for s in data["streets"]] == ["3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"]
    assert data["streets"][-1]["down"] == 1


def test_rules_profile_with_overrides_in_text_and_set():
    result = runner.invoke(
        app, ["rules", "soko-finnish; raise_after_pass=false", "--set", "last_card_mode=pihina_hole", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["options"]["raise_after_pass"] is False
    assert data["betting_rounds"] == 5
    assert data["rules"] == "soko-finnish; last_card_mode=pihina_hole; raise_after_pass=false"


def test_rules_profile_table():
    result = runner.invoke(app, ["rules", "soko-casino"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "2nd STREET" in result.stdout and "ante + bring-in" in result.stdout


def test_bad_profile_exits_2_with_a_message_and_no_traceback():
    result = runner.invoke(app, ["rules", "soko-swedish"])
    assert result.exit_code == ExitCode.USAGE == 2
    assert result.stderr.startswith("soko: error: unknown profile 'soko-swedish'")
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_bad_override_exits_2():
    result = runner.invoke(app, ["rules", "stud7; blinds=true"])
    assert result.exit_code == 2
    assert "blinds=true" in result.stderr


def test_set_without_profile_is_an_error():
    result = runner.invoke(app, ["rules", "--set", "chip_unit=5"])
    assert result.exit_code == 2
    assert "soko: error:" in result.stderr


def test_help_ends_with_an_example():
    result = runner.invoke(app, ["rules", "--help"])
    assert result.exit_code == 0
    assert "Example: soko rules" in result.stdout


def test_a_structure_per_round_shows_in_the_summary_and_the_streets():
    result = runner.invoke(app, ["rules", "holdem; first_round_structure=pot_limit", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["summary"]["structure"] == "pot_limit first round, then no_limit"
    assert [s["structure"] for s in data["streets"]] == ["pot_limit", "no_limit", "no_limit", "no_limit"]
