"""player_hands and player_days in the store: written at import beside the other tables, filled for
older stores; player_days holds exactly the sums of player_hands."""

from __future__ import annotations

import polars as pl
import pytest

from soko_analytics.store.db import LATEST, Store, StoreError

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
        days = store.query("SELECT * FROM player_days ORDER BY ALL")
        # make it what a store written before schema 2 looks like
        _make_version_1(store)
    with Store(path) as store:
        assert store.version() >= 2
        after = store.query("SELECT * FROM player_hands ORDER BY hand_key, seat")
        assert store.query("SELECT * FROM player_days ORDER BY ALL").equals(days)
    assert after.height == before.height == 13
    assert after.drop("played_at").equals(before.drop("played_at"))
    assert after["played_at"].cast(pl.String).to_list() == before["played_at"].cast(pl.String).to_list()


def _make_version_1(store: Store) -> None:
    """Make a store look as one written before schema 2 does."""
    store.con.execute("DROP TABLE player_hands")
    store.con.execute("DROP TABLE player_days")
    store.con.execute("ALTER TABLE quarantine DROP COLUMN resolved_by")
    store.con.execute("DELETE FROM schema_version WHERE version >= 2")


def test_an_interrupted_upgrade_leaves_the_old_store_and_resumes(tmp_path, monkeypatch):
    """The upgrade is one transaction: killed during the backfill, the store stays at version 1 (and
    its stats are not silently empty); the next open upgrades it whole."""
    log = tmp_path / "h.txt"
    log.write_text("\n\n".join([HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, STUD_STEAL]), encoding="utf-8")
    path = tmp_path / "old.duckdb"
    with Store(path) as store:
        store.import_paths([log])
        _make_version_1(store)

    def interrupted(self):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(Store, "_backfill_player_hands", interrupted)
        with pytest.raises(KeyboardInterrupt):
            Store(path)
    with pytest.raises(StoreError, match="needs an upgrade"):  # not a store with empty stats
        Store(path, read_only=True)
    with Store(path) as store:
        assert store.version() == LATEST
        assert store.query("SELECT count(*) AS n FROM player_hands")["n"][0] == 13
        assert store.query("SELECT sum(hands) AS n FROM player_days")["n"][0] == 13


def test_player_days_are_the_sums_of_player_hands(tmp_path):
    from soko_analytics.store.facts import ROLLUP, rollup_sql

    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("\n\n".join([HOLDEM_3BET, STUD_STEAL]), encoding="utf-8")
    second.write_text(HOLDEM_STEAL_SHOWDOWN, encoding="utf-8")
    with Store(tmp_path / "s.duckdb") as store:
        store.import_paths([first])
        store.import_paths([second])  # a second import adds partial sums for the same player and day
        keys = "player, currency, decimals, game, profile, stakes, day"
        sums = ", ".join(f"sum({n}) AS {n}" for n in ROLLUP)
        kept = store.query(f"SELECT {keys}, {sums} FROM player_days GROUP BY ALL ORDER BY ALL")
        fresh = store.query(f"SELECT * FROM ({rollup_sql('player_hands')}) ORDER BY ALL")
        assert kept.height == 6 + 4  # six hold'em players (one day, one stakes), four stud players
        assert kept.equals(fresh.select(kept.columns).cast(kept.schema))
