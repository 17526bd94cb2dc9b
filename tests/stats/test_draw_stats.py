"""The draw games' facts and stats (docs/stats.md, "Draw games"), against the logs' own draw lines."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.parsers import read_path
from soko_analytics.stats import player_stats
from soko_analytics.store.db import LATEST, Store
from soko_analytics.store.rows import Batch

from ..older_store import DRAW_COLUMNS, make_v9

BADUGI = ("pokerstars", "tour", "Draw", "LBad-USD-SNG8-201011.txt")
DRAW_LINE = re.compile(r"^(.+?): (?:stands pat|discards (\d+) cards?)", re.MULTILINE)


def test_the_first_badugi_hand_of_the_corpus(corpus):
    """Player3 stands pat on the first draw and folds; Player5 discards 2, then 1 and 1; Player6 1, 1 and 1; the
    other five fold before the draw."""
    hand = next(iter(read_path(corpus.joinpath(*BADUGI), "pokerstars")))
    batch = Batch()
    batch.add_hand(hand)
    rows = {r["player"]: tuple(r[c] for c in DRAW_COLUMNS) for r in batch.to_frames()["player_hands"].to_dicts()}
    assert rows["Player3"] == (1, 1, 0, True, True, 0)
    assert rows["Player5"] == (3, 0, 4, True, False, 2)
    assert rows["Player6"] == (3, 0, 3, True, False, 1)
    assert {p for p, r in rows.items() if r == (0, 0, 0, False, False, 0)} == {
        "Player7", "Player1", "Player0", "Player4", "Player2"}


def _counted(text: str) -> dict[str, Counter]:
    """Per player, from the log's lines alone: draws, stand pats and cards drawn."""
    out: dict[str, Counter] = {}
    for player, cards in DRAW_LINE.findall(text):
        c = out.setdefault(player, Counter())
        c["draws"] += 1
        c["pats"] += cards == ""
        c["cards"] += int(cards or 0)
    return out


@pytest.fixture(scope="module")
def badugi_store(corpus, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("draw") / "s.duckdb"
    with Store(path) as store:
        assert store.import_paths([corpus.joinpath(*BADUGI)]).stored > 100
    return path


def test_stand_pat_and_cards_per_draw_are_the_logs_draw_lines(corpus, badugi_store):
    counted = _counted(corpus.joinpath(*BADUGI).read_text(encoding="utf-8"))
    with Store(badugi_store, read_only=True) as store:
        rows = player_stats(store).to_dicts()  # a row per player and stakes (the tournament's levels)
    summed: dict[str, Counter] = {}
    for r in rows:
        c = summed.setdefault(r["player"], Counter())
        if r["stand_pat_n"]:
            c["draws"] += r["stand_pat_n"]
            c["pats"] += round(r["stand_pat"] * r["stand_pat_n"] / 100)
            c["cards"] += round(r["cards_per_draw"] * r["stand_pat_n"])
        c["first"] += r["pat_first_draw_n"]
    for player, c in counted.items():
        assert (summed[player]["draws"], summed[player]["pats"], summed[player]["cards"]) == (
            c["draws"], c["pats"], c["cards"]), player
    assert len(counted) == 8 and sum(c["first"] for c in summed.values()) > 100


def test_a_version_9_store_gets_the_draw_facts(badugi_store, tmp_path):
    old = tmp_path / "v9.duckdb"
    shutil.copyfile(badugi_store, old)
    shutil.copytree(badugi_store.parent / "soko_parts", tmp_path / "soko_parts")
    make_v9(old)
    with Store(old) as store, Store(badugi_store, read_only=True) as fresh:
        assert store.version() == LATEST
        for table in ("player_hands", "player_days"):
            sql = f"SELECT * FROM {table} ORDER BY ALL"
            assert store.query(sql).equals(fresh.query(sql)), table
        assert store.query("SELECT sum(draws) AS n FROM player_hands")["n"][0] > 300


def test_each_game_gets_the_stats_of_its_family(tmp_path):
    """Hold'em's stats for the flop games (Omaha bets as hold'em does), stud's for Razz, the draw stats for the
    draw games only."""
    sample = Path(__file__).resolve().parents[2] / "sample_data"
    with Store(tmp_path / "s.duckdb") as store:
        store.import_paths([sample / n for n in ("omaha-seed10.txt", "razz-seed16.txt", "badugi-seed20.txt")])
        rows = player_stats(store).to_dicts()
    by_game: dict[str, Counter] = {}
    for r in rows:
        c = by_game.setdefault(r["game"], Counter())
        for name in ("three_bet_n", "cbet_flop_n", "bring_in_n", "complete_n", "stand_pat_n"):
            c[name] += r[name] or 0
    assert by_game["omaha"]["three_bet_n"] > 0 and by_game["omaha"]["cbet_flop_n"] > 0
    assert by_game["omaha"]["bring_in_n"] == by_game["omaha"]["stand_pat_n"] == 0
    assert by_game["razz"]["bring_in_n"] > 0 and by_game["razz"]["complete_n"] > 0
    assert by_game["razz"]["three_bet_n"] == by_game["razz"]["stand_pat_n"] == 0
    assert by_game["badugi"]["stand_pat_n"] > 0 and by_game["badugi"]["three_bet_n"] == 0
