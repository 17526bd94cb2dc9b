"""player_hands and player_days in the store: written at import beside the other tables, filled for
older stores; player_days holds exactly the sums of player_hands."""

from __future__ import annotations

from pathlib import Path

import duckdb
import polars as pl
import pytest

from soko_analytics.store.db import LATEST, Store, StoreError
from soko_analytics.store.duck import frame
from tests.older_store import make_older

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
    make_older(path, 1)  # what a store written before schema 2 looks like
    with Store(path) as store:
        assert store.version() >= 2
        after = store.query("SELECT * FROM player_hands ORDER BY hand_key, seat")
        assert store.query("SELECT * FROM player_days ORDER BY ALL").equals(days)
    assert after.height == before.height == 13
    assert after.drop("played_at").equals(before.drop("played_at"))
    assert after["played_at"].cast(pl.String).to_list() == before["played_at"].cast(pl.String).to_list()


def test_an_interrupted_upgrade_leaves_the_old_store_and_resumes(tmp_path, monkeypatch):
    """The upgrade is one transaction: killed during the backfill, the store stays at version 1 (and
    its stats are not silently empty); the next open upgrades it whole."""
    log = tmp_path / "h.txt"
    log.write_text("\n\n".join([HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, STUD_STEAL]), encoding="utf-8")
    path = tmp_path / "old.duckdb"
    with Store(path) as store:
        store.import_paths([log])
    make_older(path, 1)

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


def _corpus_hand(corpus, name: str, hand_id: str) -> str:
    from soko_analytics.model.hand import Hand
    from soko_analytics.parsers import read_path

    return next(h.raw for h in read_path(corpus / name) if isinstance(h, Hand) and h.hand_id == hand_id)


def _make_version_5(path: Path) -> None:
    """Make a store look as one written before schema 6 does: the figures the old code computed for the
    hands its fixes change (tests/stats/test_positions.py, test_units.py, test_allin.py), and
    player_days without the structure."""
    make_older(path, 5)
    four_handed = "(SELECT hand_key FROM hands WHERE hand_id = '35602675399')"
    with duckdb.connect(str(path)) as con:
        con.execute(f"UPDATE player_hands SET position = 'UTG', position_group = 'early', steal_opp = false, "
                    f"steal = false WHERE player = 'Hero' AND hand_key = {four_handed}")
        con.execute(f"UPDATE player_hands SET fold_steal_opp = false WHERE player = 'HomerrrJay' "
                    f"AND hand_key = {four_handed}")
        con.execute(f"UPDATE seats SET position = 'UTG' WHERE player = 'Hero' AND hand_key = {four_handed}")
        con.execute("UPDATE player_hands SET unit = 10 WHERE structure = 'spread'")  # the ante
        con.execute("UPDATE player_hands SET allin_adjusted = 948 + 2277 WHERE player = 'Player3' AND hand_key = "
                    "(SELECT hand_key FROM hands WHERE hand_id = '257180854570')")


def test_a_version_5_store_gets_the_stats_fixes_when_opened(tmp_path, corpus, monkeypatch):
    """The upgrade to schema 6 recomputes the hands its fixes change from their raw text, in the same
    transaction as the version: the store ends as a fresh import of the same hands would be."""
    from .hands import SOKO_SPREAD

    stars, soko = tmp_path / "stars.txt", tmp_path / "soko.txt"
    stars.write_text("\n\n".join([
        HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, STUD_STEAL,
        _corpus_hand(corpus, "pokerstars/cash/Flop/NLHE-6max-EUR-0.05-0.10-200911.txt", "35602675399"),
        _corpus_hand(corpus, "pokerstars/cash/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt", "257180854570"),
    ]), encoding="utf-8")
    soko.write_text(SOKO_SPREAD, encoding="utf-8")
    path = tmp_path / "old.duckdb"
    tables = {"player_hands": "hand_key, seat", "seats": "hand_key, seat", "player_days": "ALL"}
    with Store(path) as store:
        assert store.import_paths([stars, soko]).stored == 6
        fresh = {t: store.query(f"SELECT * FROM {t} ORDER BY {order}") for t, order in tables.items()}
    _make_version_5(path)
    with duckdb.connect(str(path), read_only=True) as con:
        stale = frame(con.execute("SELECT * FROM player_hands ORDER BY hand_key, seat"))
    assert not stale.equals(fresh["player_hands"])

    def interrupted(self, current):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:  # killed during the backfill: the store stays as it was
        m.setattr(Store, "_backfill_stats_fixes", interrupted)
        with pytest.raises(KeyboardInterrupt):
            Store(path)
    with pytest.raises(StoreError, match="needs an upgrade"):
        Store(path, read_only=True)
    with Store(path) as store:
        assert store.version() == LATEST
        for table, order in tables.items():
            assert store.query(f"SELECT * FROM {table} ORDER BY {order}").equals(fresh[table]), table
        hero = store.query("SELECT position, steal FROM player_hands WHERE player = 'Hero' AND hand_key = "
                           "(SELECT hand_key FROM hands WHERE hand_id = '35602675399')").row(0)
        assert hero == ("CO", True)
