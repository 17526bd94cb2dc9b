"""Facts that must hold in every stored hand: the sample data and the whole PokerStars corpus.

An action counted needs its opportunity; a raise first round is voluntary; a walk is not; the
all-in adjusted figures of a hand add up to what its players won and lost from the pots (the pots
after rake are shared out in expectation instead of by the cards; a cash-out paid by the site is not
pot money); the rake attributed adds up to the hand's.
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
    # hold'em's stats are defined for every blinds game (Omaha; the draw games: the first round before the draw,
    # the c-bets after the first and second draw), stud's for every stud game
    board = ("(game IN ('holdem', 'short-deck') OR game LIKE 'omaha%' OR game LIKE 'courchevel%' "
             "OR game IN ('draw5', 'single-draw27', 'triple-draw27', 'badugi'))")
    assert count(store, f"SELECT * FROM player_hands WHERE NOT {board} AND (three_bet_opp OR cbet_flop_opp)") == 0
    assert count(store, f"SELECT * FROM player_hands WHERE {board} AND (bring_in OR complete_opp)") == 0
    assert count(store, "SELECT * FROM player_hands WHERE game LIKE 'omaha%' AND three_bet_opp") > 0


def test_one_row_per_player_dealt_in_and_the_same_money(store):
    # a seat the log lists as sitting out is in the hand when its player comes back and plays (calls, bets,
    # raises, completes or draws); folded for him, he was not
    playing = """SELECT * FROM seats s WHERE dealt_in AND (NOT sitting_out OR EXISTS (
                     SELECT 1 FROM actions a WHERE a.hand_key = s.hand_key AND a.player = s.player
                     AND a.kind IN ('call', 'bet', 'raise', 'complete', 'draw')))"""
    assert count(store, f"""SELECT * FROM player_hands p FULL JOIN ({playing}) s USING (hand_key, seat)
                           WHERE p.net IS DISTINCT FROM s.net""") == 0
    assert count(store, "SELECT * FROM player_hands p JOIN seats s USING (hand_key, seat) WHERE s.sitting_out") > 0


def test_all_in_adjusted_winnings_add_up(store):
    # per hand, the adjusted figures share the same pots as the nets (each rounds to the unit); what the
    # site paid for cashing out is not from a pot, so it is in the nets but not in the adjusted figures
    off = store.query("""
        SELECT p.hand_key, sum(p.allin_adjusted) - sum(p.net - s.cash_out) AS diff, count(*) AS players
        FROM player_hands p JOIN seats s USING (hand_key, seat)
        GROUP BY p.hand_key
        HAVING bool_or(p.allin) AND abs(sum(p.allin_adjusted) - sum(p.net - s.cash_out)) > count(*)""")
    assert off.is_empty(), off.head()
    cash_out = store.query("SELECT count(*) AS n FROM player_hands p JOIN seats s USING (hand_key, seat) "
                           "WHERE p.allin AND s.cash_out > 0")["n"][0]
    assert cash_out > 0  # the rule is exercised (a PokerStars all-in cash-out)


def test_rake_attributed_adds_up(store):
    off = store.query("""
        SELECT h.hand_key, h.rake, sum(p.rake) AS attributed FROM hands h JOIN player_hands p USING (hand_key)
        GROUP BY h.hand_key, h.rake HAVING sum(p.collected) > 0 AND coalesce(h.rake, 0) <> sum(p.rake)""")
    assert off.is_empty(), off.head()


def test_the_unit_label_names_the_amount_won_per_100_counts(store):
    # the label the stats show (SQL over structure and profile) is the stakes figure the amount came from
    from soko_analytics.store.facts import unit_sql

    off = store.query(f"""
        SELECT p.hand_key, p.unit, p.label FROM (SELECT hand_key, unit, {unit_sql()} AS label FROM player_hands) p
        JOIN hands h USING (hand_key)
        WHERE p.unit IS DISTINCT FROM CASE p.label WHEN 'bb' THEN h.big_blind WHEN 'big bets'
            THEN coalesce(h.big_bet, h.max_bet) WHEN 'bring-ins' THEN h.bring_in ELSE h.ante END""")
    assert off.is_empty(), off.head()
    labels = set(store.query(f"SELECT DISTINCT {unit_sql()} AS label FROM player_hands")["label"])
    assert labels == {"bb", "big bets"}  # no-limit hold'em; limit hold'em, stud, Sökö (fixed and spread)
