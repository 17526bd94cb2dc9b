"""What won per 100 hands counts, and that no row of the stats adds one unit to another.

docs/stats.md: big blinds (``bb``) in no- and pot-limit hold'em; big bets (``big bets``) in fixed-limit
games and in spread-limit games, whose big bet is the largest bet the spread allows; bring-ins or
antes in pot- and no-limit games without blinds. Each row of the stats is one player, currency,
group (the game by default) and unit, and says its unit. Expected values are read off the hands'
text (tests/stats/hands.py): the stakes in the header, the money in the summary.
"""

from __future__ import annotations

import polars as pl
import pytest

from soko_analytics.errors import RulesError
from soko_analytics.native import spec_json
from soko_analytics.parsers import read_text
from soko_analytics.stats import Filters, player_stats
from soko_analytics.store.db import Store
from soko_analytics.store.facts import Unit, unit_sql
from soko_analytics.store.rows import Batch

from .hands import HOLDEM_3BET, HOLDEM_FIXED_LIMIT, SOKO_SPREAD, STUD_STEAL
from .test_facts import facts

SOKO_POT_LIMIT = """\
Sökö Hand #9000000203: Sökö Pot Limit (ante €0.01, bring-in €0.02) - 2026/03/14 20:00:00 EET
Table 'Test X' 8-max Seat #2 is the button
Rules: soko-casino
Seat 1: Aino (€2 in chips)
Seat 2: Ville (€2 in chips)
Aino: posts the ante €0.01
Ville: posts the ante €0.01
*** 2nd STREET ***
Dealt to Aino [Kh] [9s]
Dealt to Ville [Ad]
Ville: brings in for €0.02
Aino: calls €0.02
*** 3rd STREET ***
Dealt to Aino [9s] [9d]
Dealt to Ville [Ad] [5c]
Aino: bets €0.06
Ville: folds
Uncalled bet (€0.06) returned to Aino
Aino collected €0.06 from pot
*** SUMMARY ***
Total pot €0.06 | Rake €0
Seat 1: Aino collected (€0.06)
Seat 2: Ville (button) folded on the 3rd Street
"""

SOKO_NO_LIMIT = SOKO_SPREAD.replace(  # the same hand without a limit: its unit is the ante
    "Sökö Hand #9000000010: Sökö Spread Limit (€0.10-€2.00 EUR, ante €0.10) - 2026/03/14 20:00:00 EET",
    "Sökö Hand #9000000204: Sökö No Limit (ante €0.10) - 2026/03/14 20:01:00 EET").replace("Test VI", "Test XI")


def store_of(tmp_path, *texts: str) -> Store:
    log = tmp_path / "hands.txt"
    log.write_text("\n\n".join(texts), encoding="utf-8")
    store = Store(tmp_path / "s.duckdb")
    assert store.import_paths([log]).stored == len(texts)
    return store


def rows(frame: pl.DataFrame, player: str) -> dict[tuple, dict]:
    """A player's rows by (group, unit): the group is the column after player, currency, decimals."""
    group = frame.columns[3]
    return {(r[group], r["unit"]): r for r in frame.filter(pl.col("player") == player).to_dicts()}


def test_spread_limit_counts_big_bets_not_antes(tmp_path):
    # Aino bets €2 (the largest bet), Ville folds; her bet comes back and she collects the two €0.10
    # antes: +€0.10, a twentieth of a €2.00 big bet, so 5 big bets per 100 hands (not 100 antes).
    f = facts(SOKO_SPREAD)
    assert f["Aino"]["unit"] == f["Ville"]["unit"] == 200
    assert f["Aino"]["net"] == 10 and f["Ville"]["net"] == -10
    with store_of(tmp_path, SOKO_SPREAD) as store:
        aino = rows(player_stats(store), "Aino")[("soko", "big bets")]
        assert aino["hands"] == 1 and aino["won_per_100"] == pytest.approx(10 / 200 * 100)


@pytest.mark.parametrize(("text", "unit", "amount"), [
    (SOKO_SPREAD, Unit.BIG_BET, 200),      # spread limit €0.10-€2.00: the largest bet, not the €0.10 ante
    (HOLDEM_3BET, Unit.BIG_BLIND, 100),    # no-limit hold'em $0.50/$1.00
    (HOLDEM_FIXED_LIMIT, Unit.BIG_BET, 100),  # limit hold'em $0.50/$1
    (STUD_STEAL, Unit.BIG_BET, 8),         # fixed-limit stud $0.04/$0.08, ante $0.01, bring-in $0.02
    (SOKO_POT_LIMIT, Unit.BRING_IN, 2),    # pot limit, ante €0.01, bring-in €0.02: no blinds
    (SOKO_NO_LIMIT, Unit.ANTE, 10),        # no limit, ante €0.10: neither blinds nor a bring-in
])
def test_the_unit_follows_the_structure_and_the_forced_bets(text, unit, amount):
    # the amount is the core's player_hands.unit; the label is what the stats show for it (unit_sql)
    (hand,) = read_text(text, "test.txt")
    batch = Batch()
    batch.add_hand(hand)
    rows = batch.to_frames()["player_hands"].with_columns(pl.sql_expr(unit_sql()).alias("label"))
    assert set(rows.select("unit", "label").iter_rows()) == {(amount, unit)}


def test_a_misspelt_structure_is_an_error_not_a_silent_miss():
    with pytest.raises(RulesError, match="spread_limit"):
        spec_json("soko-finnish; structure=spread_limit")


def test_rows_never_add_big_blinds_to_big_bets(tmp_path):
    # Ann: +$6.50 in no-limit hold'em ($1 big blind), +$0.75 in limit hold'em ($1 big bet), -$0.01 in
    # fixed-limit stud ($0.08 big bet). Without --by, one row per game and unit; each says its unit.
    with store_of(tmp_path, HOLDEM_3BET, HOLDEM_FIXED_LIMIT, STUD_STEAL) as store:
        by_game = rows(player_stats(store), "Ann")
        assert set(by_game) == {("holdem", "bb"), ("holdem", "big bets"), ("stud7", "big bets")}
        assert by_game[("holdem", "bb")]["won_per_100"] == pytest.approx(6.5 / 1 * 100)
        assert by_game[("holdem", "big bets")]["won_per_100"] == pytest.approx(0.75 / 1 * 100)
        assert by_game[("stud7", "big bets")]["won_per_100"] == pytest.approx(-0.01 / 0.08 * 100)
        assert player_stats(store).equals(player_stats(store, by="game"))
        # another grouping still splits by unit: one month, two units
        by_month = rows(player_stats(store, by="month"), "Ann")
        assert set(by_month) == {("2026-03", "bb"), ("2026-03", "big bets")}
        assert by_month[("2026-03", "big bets")]["hands"] == 2
        assert by_month[("2026-03", "big bets")]["won_per_100"] == pytest.approx((0.75 / 1 - 0.01 / 0.08) / 2 * 100)
        # grouping player_hands (by position) gives the unit the same way
        # (and keeps each game apart: a game column before the position)
        by_position = player_stats(store, by="position").filter(pl.col("player") == "Ann")
        assert set(zip(by_position["game"], by_position["position"], by_position["unit"])) == {
            ("holdem", "BTN", "bb"), ("holdem", "BTN", "big bets"), ("stud7", "n/a", "big bets")}


def test_the_dashboard_data_carries_the_unit(tmp_path):
    """The dashboard's page divides each hand's net by its unit: Ann's won/100 per game, worked out above."""
    from soko_analytics.reports.dashboard_data import payload

    from ..reports.test_dashboard_data import unpack

    with store_of(tmp_path, HOLDEM_3BET, HOLDEM_FIXED_LIMIT, STUD_STEAL) as store:
        data = payload(store, Filters(players=("Ann",)))
    hero, kinds = unpack(data["hero"]), data["kinds"]
    won: dict[tuple[str, str], list[float]] = {}
    for kind, net, unit in zip(hero["kind"], hero["net"], hero["unit"]):
        key = (kinds[kind]["game"], kinds[kind]["unit_name"])
        won.setdefault(key, []).append(net / data["hero"]["units"][unit])
    per_100 = {key: sum(v) / len(v) * 100 for key, v in won.items()}
    assert per_100 == {("holdem", "bb"): pytest.approx(650.0), ("holdem", "big bets"): pytest.approx(75.0),
                       ("stud7", "big bets"): pytest.approx(-12.5)}
