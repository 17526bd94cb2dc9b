"""The data the dashboard page carries (reports/dashboard_data.py), decoded here as the page decodes it and
checked against the store's other tables and the stats the CLI prints."""

from __future__ import annotations

import base64
import gzip
from collections import Counter
from dataclasses import replace

import numpy as np
import polars as pl
import pytest

from soko_analytics.reports.dashboard_data import FLAGS, pack, payload
from soko_analytics.stats import Filters, player_stats
from soko_analytics.stats.starts import classify
from soko_analytics.store.db import Store


def unpack(spec: dict) -> dict[str, np.ndarray]:
    """What the page's unpack() does: base64, gunzip, a typed array per column."""
    buffer = gzip.decompress(base64.b64decode(spec["gzip_base64"]))
    return {c["name"]: np.frombuffer(buffer, dtype=np.dtype(c["type"]).newbyteorder("<"), count=c["length"],
                                     offset=c["offset"]) for c in spec["columns"]}


@pytest.fixture(scope="module")
def demo(demo_store):
    with Store(demo_store, read_only=True) as store:
        yield store, payload(store, Filters())


def test_pack_round_trip():
    columns = {"a": np.array([1, -2, 2**31 - 1], dtype=np.int32), "b": np.array([7], dtype=np.uint8),
               "c": np.array([0.5, -1e300], dtype=np.float64), "d": np.array([], dtype=np.uint16)}
    back = unpack(pack(columns))
    for name, values in columns.items():
        assert back[name].tolist() == values.tolist()
    assert all(c["offset"] % 8 == 0 for c in pack(columns)["columns"])


def test_the_hero_is_the_log_owner_and_every_hand_of_his_is_there(demo):
    store, data = demo
    assert data["focus"] == {"how": "hero", "names": ["Aino"]}
    seats = store.query("SELECT s.net, coalesce(h.currency, 'chips') AS currency FROM seats s JOIN hands h "
                        "USING (hand_key) WHERE s.player = h.hero")
    hero = unpack(data["hero"])
    assert data["hero"]["hands"] == len(seats) == len(hero["net"])
    kinds = data["kinds"]
    by_currency = Counter()
    for kind, net in zip(hero["kind"], hero["net"]):
        by_currency[kinds[kind]["currency"]] += int(net)
    expected = Counter()
    for r in seats.to_dicts():
        expected[r["currency"]] += r["net"]
    assert by_currency == expected


def test_times_are_stored_as_differences(demo):
    store, data = demo
    hero = unpack(data["hero"])
    played = np.cumsum(hero["t"].astype(np.int64)) + data["hero"]["t0"]
    expected = store.query("SELECT epoch(p.played_at)::BIGINT AS t, epoch(h.start_local)::BIGINT AS local "
                           "FROM player_hands p JOIN hands h USING (hand_key) WHERE p.player = h.hero "
                           "ORDER BY p.played_at, p.hand_key")
    assert played.tolist() == expected["t"].to_list()
    assert (played + hero["offset"].astype(np.int64) * 60).tolist() == expected["local"].to_list()


def test_flags_and_positions(demo):
    store, data = demo
    hero = unpack(data["hero"])
    showdowns = int(((hero["flags"] >> FLAGS.index("showdown")) & 1).sum())
    assert showdowns == store.query("SELECT count(*) AS n FROM player_hands p JOIN hands h USING (hand_key) "
                                    "WHERE p.player = h.hero AND p.showdown")["n"][0]
    positions = Counter(data["hero"]["positions"][p] for p in hero["position"])
    expected = store.query("SELECT coalesce(position, 'n/a') AS p, count(*) AS n FROM player_hands p "
                           "JOIN hands h USING (hand_key) WHERE p.player = h.hero GROUP BY ALL")
    assert positions == dict(zip(expected["p"], expected["n"]))


RANKS = "23456789TJQKA"


def grid_class(hole: str) -> str:
    """The 13×13 class of two hole cards, worked out here from the seats table's text."""
    a, b = sorted(hole.split(), key=lambda c: RANKS.index(c[0]), reverse=True)
    if a[0] == b[0]:
        return a[0] + b[0]
    return a[0] + b[0] + ("s" if a[1] == b[1] else "o")


def test_hold_em_starting_hands_match_the_hole_cards(demo):
    store, data = demo
    hero = unpack(data["hero"])
    games = [data["kinds"][k]["game"] for k in hero["kind"]]
    got = Counter(data["hero"]["starts"][s] for s, g in zip(hero["start"], games) if g == "holdem")
    seats = store.query("SELECT s.hole_cards FROM seats s JOIN hands h USING (hand_key) "
                        "WHERE s.player = h.hero AND h.game = 'holdem'")
    assert got == Counter(grid_class(h) for h in seats["hole_cards"]) and sum(got.values()) > 400


@pytest.mark.parametrize(("game", "cards", "up", "expected"), [
    ("holdem", ["Td", "Ah"], [False, False], "ATo"),
    ("holdem", ["9s", "Ts"], [False, False], "T9s"),
    ("short-deck", ["6c", "6d"], [False, False], "66"),
    ("omaha", ["Ah", "Ad", "Kh", "Kd"], [False] * 4, "AA double-suited"),
    ("omaha", ["Qh", "Qd", "2h", "7s"], [False] * 4, "KK–QQ suited"),
    ("omaha", ["Qh", "Qd", "2c", "7s"], [False] * 4, "KK–QQ rainbow"),
    ("omaha", ["2h", "5c", "9s", "Jd"], [False] * 4, "no pair rainbow"),
    ("stud7", ["9h", "9d", "9c"], [False, False, True], "rolled-up trips"),
    ("stud7", ["Qh", "2d", "Qc"], [False, False, True], "big pair (TT+)"),
    ("stud7", ["4h", "4d", "Kc"], [False, False, True], "small pair"),
    ("stud7", ["2h", "9h", "Kh"], [False, False, True], "three-flush"),
    ("stud7", ["9h", "Jd", "Kc"], [False, False, True], "three-straight"),
    ("razz", ["Ah", "3d", "7c"], [False, False, True], "three ≤ 8"),
    ("stud7", ["2h", "9d", "Kc"], [False, False, True], "other"),
    ("soko", ["5c", "Qd"], [False, True], "up Q"),
    ("draw5", ["5c", "6c", "7c", "8c", "9c"], [False] * 5, None),
    ("holdem", ["?", "Ah"], [False, False], None),
])
def test_starting_hand_classes(game, cards, up, expected):
    assert classify(game, cards, up) == expected


def test_the_players_table_sums_to_the_stats(demo):
    """The page's stat sums, added up over every period as the page does, give the CLI's stats."""
    store, data = demo
    table = data["table"]
    cols = unpack(table)
    frame = pl.DataFrame({"player": [table["players"][p] for p in cols["player"]], "hands": cols["hands"],
                          "vpip_num": cols["vpip__num"], "vpip_den": cols["vpip__den"]})
    sums = frame.group_by("player").agg(pl.col("hands").sum(), pl.col("vpip_num").sum(), pl.col("vpip_den").sum())
    stats = player_stats(store, Filters()).group_by("player").agg(pl.col("hands").sum(), pl.col("vpip_n").sum())
    joined = sums.join(stats, on="player", suffix="_cli")
    assert len(joined) == len(stats) == len(table["players"])
    assert joined["hands"].to_list() == joined["hands_cli"].to_list()
    assert joined["vpip_den"].to_list() == joined["vpip_n"].to_list()
    assert [table["hero"][i] for i, p in enumerate(table["players"]) if p == "Aino"] == [True]


def test_named_players_are_charted_instead_of_the_owner(demo):
    store, _ = demo
    data = payload(store, Filters(players=("Eero",)))
    assert data["focus"] == {"how": "named", "names": ["Eero"]}
    assert data["hero"]["hands"] == store.query("SELECT count(*) AS n FROM player_hands WHERE player = 'Eero'")["n"][0]
    assert payload(store, replace(Filters(), game="no such game"))["hero"] is None


def test_a_store_without_an_owner_charts_the_player_with_the_most_hands(corpus, tmp_path):
    logs = sorted((corpus / "phh").rglob("*.phh"))[:20]
    with Store(tmp_path / "phh.duckdb") as store:
        assert store.import_paths(logs).stored
        data = payload(store, Filters())
        top = store.query("SELECT player, count(*) AS n FROM player_hands GROUP BY player ORDER BY n DESC, player "
                          "LIMIT 1")
    assert data["focus"] == {"how": "most hands", "names": [top["player"][0]]}
    assert data["hero"]["hands"] == top["n"][0]
    assert not any(data["table"]["hero"])  # nobody is the owner: the players table shows everyone as an opponent
