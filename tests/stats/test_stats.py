"""The stat catalogue over a store of the four hands of tests/stats/hands.py, worked out by hand.

Ann: hold'em 3-bet pot (BTN, 3-bets, wins $6.50), steal and showdown (BTN, loses $37), folds
first in (BTN), stud (folds to a completion, loses the $0.01 ante). Cid: folds to two raises
(BB, -$1), calls a steal and wins the showdown ($73 collected, $37 in, $1.50 rake), a walk
(+$0.50), stud (folds first, -$0.01). Times are 20:00 ET on 2026-03-01, 01:00 UTC on 2026-03-02.
Rows are per player, currency and game unless asked otherwise, each with the unit of its won/100:
the hold'em is no limit ($0.50/$1: big blinds of $1), the stud fixed limit ($0.04/$0.08: big bets
of $0.08).
"""

from __future__ import annotations

from datetime import date

import polars as pl
import pytest

from soko_analytics.stats import Filters, player_stats, sessions, street_stats, wilson
from soko_analytics.stats.catalogue import CATALOGUE
from soko_analytics.store.db import Store

from .hands import HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, HOLDEM_WALK, STUD_STEAL


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stats")
    log = folder / "hands.txt"
    log.write_text("\n\n".join([HOLDEM_3BET, HOLDEM_STEAL_SHOWDOWN, HOLDEM_WALK, STUD_STEAL]), encoding="utf-8")
    with Store(folder / "s.duckdb") as s:
        assert s.import_paths([log]).stored == 4
        yield s


def row(frame: pl.DataFrame, player: str, **keys) -> dict:
    rows = frame.filter(pl.col("player") == player, *(pl.col(k) == v for k, v in keys.items())).to_dicts()
    assert len(rows) == 1, rows
    return rows[0]


def test_ann(store):
    stats = player_stats(store)
    ann = row(stats, "Ann", game="holdem")
    assert ann["currency"] == "USD" and ann["hands"] == 3 and ann["unit"] == "bb"
    assert (ann["vpip"], ann["vpip_n"]) == (pytest.approx(200 / 3), 3)   # 3-bet pot and steal; not the fold
    assert (ann["pfr"], ann["pfr_n"]) == (pytest.approx(200 / 3), 3)
    assert ann["af"] == 2.0                                   # flop and turn bets / the river call
    assert ann["afq"] == pytest.approx(200 / 3) and ann["afq_n"] == 3
    assert (ann["wtsd"], ann["wtsd_n"], ann["wsd"], ann["wsd_n"]) == (100.0, 1, 0.0, 1)
    assert (ann["wwsf"], ann["wwsf_n"]) == (0.0, 1)
    assert (ann["steal"], ann["steal_n"]) == (50.0, 2)        # hands 2 and 3 (the 3-bet pot had a limper)
    assert (ann["three_bet"], ann["three_bet_n"]) == (100.0, 1)
    assert ann["fold_to_3bet_n"] == 0 and ann["fold_to_3bet"] is None
    assert (ann["cbet_flop"], ann["cbet_turn"]) == (100.0, 100.0)
    assert ann["net_won"] == 650 - 3700
    assert ann["showdown_won"] == -3700 and ann["non_showdown_won"] == 650
    assert ann["won_per_100"] == pytest.approx((6.5 - 37 + 0) / 3 * 100)    # $1 big blinds
    assert ann["rake"] == 0
    assert ann["fold_to_completion_n"] == 0 and ann["bring_in_n"] == 0    # stud stats: stud hands only
    assert ann["allin_adjusted"] == ann["net_won"] and ann["allin_adjusted_se"] == 0.0  # no all-in
    stud = row(stats, "Ann", game="stud7")
    assert stud["hands"] == 1 and stud["unit"] == "big bets" and stud["net_won"] == -1
    assert stud["won_per_100"] == pytest.approx(-1 / 8 * 100)                # $0.08 big bets
    assert (stud["fold_to_completion"], stud["fold_to_completion_n"]) == (100.0, 1)
    assert stud["bring_in_n"] == 1 and stud["bring_in"] == 0.0
    assert (stud["vpip"], stud["vpip_n"]) == (0.0, 1) and stud["steal_n"] == 0


def test_cid_walk_is_not_in_vpip(store):
    cid = row(player_stats(store), "Cid", game="holdem")
    assert (cid["vpip"], cid["vpip_n"]) == (50.0, 2)          # three hands, one a walk; he called the steal
    assert cid["net_won"] == -100 + 3600 + 50
    assert cid["rake"] == 150
    assert (cid["fold_to_steal"], cid["fold_to_steal_n"]) == (0.0, 1)
    assert (cid["fold_to_cbet_flop"], cid["fold_to_cbet_flop_n"]) == (0.0, 1)
    assert row(player_stats(store), "Cid", game="stud7")["net_won"] == -1


def test_wilson_interval_matches_published_values():
    # Wilson (1927); the 95% intervals of 0/10 and 5/10 as tabled by Newcombe (1998), method 3
    frame = pl.DataFrame({"k": [0, 5, 0], "n": [10, 10, 0]})
    lo, hi = wilson(pl.col("k"), pl.col("n"))
    out = frame.select(lo.alias("lo"), hi.alias("hi"))
    assert out["lo"][0] == pytest.approx(0.0, abs=1e-12) and out["hi"][0] == pytest.approx(0.2775, abs=1e-4)
    assert out["lo"][1] == pytest.approx(0.2366, abs=1e-4) and out["hi"][1] == pytest.approx(0.7634, abs=1e-4)
    assert out["lo"][2] is None and out["hi"][2] is None


def test_every_percentage_has_its_interval(store):
    frame = player_stats(store)
    for stat in CATALOGUE:
        if stat.kind == "percent":
            assert {f"{stat.name}_n", f"{stat.name}_lo", f"{stat.name}_hi"} <= set(frame.columns)
            inside = frame.filter(pl.col(f"{stat.name}_n") > 0)
            assert (inside[f"{stat.name}_lo"] <= inside[stat.name] + 1e-9).all()
            assert (inside[stat.name] <= inside[f"{stat.name}_hi"] + 1e-9).all()


def test_filters(store):
    assert row(player_stats(store, Filters(game="holdem")), "Ann")["hands"] == 3
    assert row(player_stats(store, Filters(game="stud7")), "Ann")["hands"] == 1
    assert set(player_stats(store, Filters(players=("Ann", "Dan")))["player"]) == {"Ann", "Dan"}
    assert player_stats(store, Filters(until=date(2026, 3, 1))).is_empty()          # 01:00 UTC on the 2nd
    assert player_stats(store, Filters(since=date(2026, 3, 2), players=("Ann",)))["hands"].sum() == 4
    assert player_stats(store, Filters(min_hands=4)).is_empty()                     # per player and game
    assert row(player_stats(store, Filters(min_hands=3)), "Ann")["hands"] == 3
    assert set(player_stats(store, Filters(min_hands=3))["player"]) == {"Ann", "Bob", "Cid"}  # Dan: 1 + 1
    assert row(player_stats(store, Filters(stakes="0.04/0.08 ante 0.01 USD")), "Ann")["hands"] == 1


def test_by_position_month_and_session(store):
    by_position = player_stats(store, Filters(players=("Ann",)), by="position")
    assert dict(zip(by_position["position"], by_position["hands"])) == {"BTN": 3, "n/a": 1}
    by_group = player_stats(store, Filters(players=("Ann",)), by="position_group")
    assert dict(zip(by_group["position_group"], by_group["hands"])) == {"button": 3, "n/a": 1}
    by_month = player_stats(store, by="month")
    assert set(by_month["month"]) == {"2026-03"}
    s = sessions(store, Filters(players=("Ann",)))
    assert s.height == 1 and s["hands"][0] == 4 and s["net_won"][0] == -3051 and s["minutes"][0] == 3.0


def test_by_street(store):
    streets = street_stats(store, Filters(players=("Ann",), game="holdem"))
    got = {r["street"]: (r["hands"], r["bets"], r["raises"], r["calls"], r["checks"], r["folds"])
           for r in streets.to_dicts()}
    # preflop: 3 hands, raises in hands 1 and 2, a fold in hand 3; flop and turn: a bet; river: a call
    assert got == {0: (3, 0, 2, 0, 0, 1), 1: (1, 1, 0, 0, 0, 0), 2: (1, 1, 0, 0, 0, 0), 3: (1, 0, 0, 1, 0, 0)}


def test_the_daily_sums_and_the_hands_give_the_same_stats(store):
    # no grouping reads player_days; by session reads player_hands: the four hands are one session
    daily = player_stats(store)
    from_hands = player_stats(store, by="session").drop("session")
    assert from_hands.equals(daily.select(from_hands.columns))
