"""Facts that must hold in every stored hand: the sample data and the whole PokerStars corpus.

An action counted needs its opportunity; a raise first round is voluntary; a walk is not; the
all-in adjusted figures of a hand add up to what its players won and lost (the pots after rake
are shared out in expectation instead of by the cards); the rake attributed adds up to the hand's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from soko_analytics.store.db import Store

SAMPLE = Path(__file__).resolve().parents[2] / "sample_data"

PAIRS = [("three_bet", "three_bet_opp"), ("fold_3bet", "fold_3bet_opp"), ("cbet_flop", "cbet_flop_opp"),
         ("fold_cbet_flop", "fold_cbet_flop_opp"), ("cbet_turn", "cbet_turn_opp"),
         ("fold_cbet_turn", "fold_cbet_turn_opp"), ("steal", "steal_opp"), ("fold_steal", "fold_steal_opp"),
         ("complete", "complete_opp"), ("fold_completion", "fold_completion_opp"), ("pfr", "vpip"),
         ("won_showdown", "showdown"), ("cbet_turn", "cbet_flop")]


@pytest.fixture(scope="module")
def store(corpus, tmp_path_factory):
    with Store(tmp_path_factory.mktemp("invariants") / "s.duckdb") as s:
        s.import_paths([SAMPLE, corpus / "pokerstars"], with_audit=False)
        yield s


def count(store, sql: str) -> int:
    return store.query(f"SELECT count(*) AS n FROM ({sql})")["n"][0]


def test_there_are_many_rows(store):
    assert count(store, "SELECT * FROM player_hands") > 15_000
    assert count(store, "SELECT * FROM player_hands WHERE allin") > 300


@pytest.mark.parametrize(("made", "chance"), PAIRS)
def test_made_needs_its_chance(store, made, chance):
    assert count(store, f"SELECT * FROM player_hands WHERE {made} AND NOT {chance}") == 0
    assert count(store, f"SELECT * FROM player_hands WHERE {made}") > 0  # the pair is exercised


def test_walks_and_counts(store):
    assert count(store, "SELECT * FROM player_hands WHERE walk AND (vpip OR NOT won OR showdown)") == 0
    assert count(store, "SELECT * FROM player_hands WHERE best_showing_bet > best_showing_opp") == 0
    assert count(store, "SELECT * FROM player_hands WHERE saw_second <> (street_reached >= 1)") == 0
    assert count(store, "SELECT * FROM player_hands WHERE game <> 'holdem' AND (three_bet_opp OR cbet_flop_opp)") == 0
    assert count(store, "SELECT * FROM player_hands WHERE game = 'holdem' AND (bring_in OR complete_opp)") == 0


def test_one_row_per_player_dealt_in_and_the_same_money(store):
    assert count(store, """SELECT * FROM player_hands p FULL JOIN
                             (SELECT * FROM seats WHERE dealt_in AND NOT sitting_out) s USING (hand_key, seat)
                           WHERE p.net IS DISTINCT FROM s.net""") == 0


def test_all_in_adjusted_winnings_add_up(store):
    # per hand, the adjusted figures share the same money as the nets (each rounds to the unit)
    off = store.query("""
        SELECT hand_key, sum(allin_adjusted) - sum(net) AS diff, count(*) AS players FROM player_hands
        GROUP BY hand_key HAVING bool_or(allin) AND abs(sum(allin_adjusted) - sum(net)) > count(*)""")
    assert off.is_empty(), off.head()


def test_rake_attributed_adds_up(store):
    off = store.query("""
        SELECT h.hand_key, h.rake, sum(p.rake) AS attributed FROM hands h JOIN player_hands p USING (hand_key)
        GROUP BY h.hand_key, h.rake HAVING sum(p.collected) > 0 AND coalesce(h.rake, 0) <> sum(p.rake)""")
    assert off.is_empty(), off.head()
