"""player_hands in the store: written at import beside the other tables, filled for older stores."""

from __future__ import annotations

import polars as pl

from soko_analytics.store.db import Store

from .hands import HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, STUD_STEAL


def test_one_row_per_player_dealt_in(tmp_path):
    log = tmp_path / "h.txt"
    log.write_text("\n\n".join([HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, STUD_STEAL]), encoding="utf-8")
    with Store(tmp_path / "s.duckdb") as store:
        store.import_paths([log])
        seats = store.query("SELECT count(*) AS n FROM seats WHERE dealt_in AND NOT sitting_out")["n"][0]
        rows = store.query("SELECT count(*) AS n FROM player_hands")["n"][0]
        assert rows == seats == 6 + 3 + 4
        same = store.query("SELECT count(*) AS n FROM player_hands p JOIN seats s USING (hand_key, seat) "
                           "WHERE p.net = s.net AND p.player = s.player")["n"][0]
        assert same == rows
        store.import_paths([log])  # unchanged: nothing written twice
        assert store.query("SELECT count(*) AS n FROM player_hands")["n"][0] == rows


def test_a_version_1_store_gets_its_facts_when_opened(tmp_path):
    log = tmp_path / "h.txt"
    log.write_text("\n\n".join([HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, STUD_STEAL]), encoding="utf-8")
    path = tmp_path / "old.duckdb"
    with Store(path) as store:
        store.import_paths([log])
        before = store.query("SELECT * FROM player_hands ORDER BY hand_key, seat")
        # make it what a store written before schema 2 looks like
        store.con.execute("DROP TABLE player_hands")
        store.con.execute("DELETE FROM schema_version WHERE version >= 2")
    with Store(path) as store:
        assert store.version() >= 2
        after = store.query("SELECT * FROM player_hands ORDER BY hand_key, seat")
    assert after.height == before.height == 13
    assert after.drop("played_at").equals(before.drop("played_at"))
    assert after["played_at"].cast(pl.String).to_list() == before["played_at"].cast(pl.String).to_list()
