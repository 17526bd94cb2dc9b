"""The per-player facts of the first hand of each corpus file that has an fpdb ``.hp`` sidecar.

The sidecars are another tracker's (fpdb's) per-player flags and winnings, in cents, for the first
hand of the file beside them. Where fpdb and docs/stats.md define the same thing, they must agree.
Sidecars of games we do not replay (Omaha hi-lo, 2-7 draw, stud hi-lo) are skipped by name.
Differences in convention, and why (nothing is compared for these):

- ``street0Raises`` counts raises after the first in fpdb (0 in both NLHE files); ours is ``pfr``,
  compared with fpdb's ``street0Aggr``.
- ``allInEV`` is 0 in every sidecar, even where fpdb has no all-in figure; ours is compared with the
  hand-worked cases of test_allin.py instead.
- ``raiseToStealChance``/``Done`` are fpdb's re-steal by a blind, which we do not define; a steal
  is compared as fpdb's ``raiseFirstInChance``/``raisedFirstIn`` of a player on the cutoff, the
  button or the small blind.
- ``position``: fpdb numbers seats from the button (0) with ``S``/``B`` for the blinds; ours are
  labels (``BTN``, ``SB``, ``BB``, ``CO``, ...), compared through that numbering.
"""

from __future__ import annotations

import ast

import pytest

from soko_analytics.parsers import Quarantined, read_path
from soko_analytics.store.rows import Batch

# fpdb flag → our column (and how to read it)
FLAGS = {
    "street0VPI": "vpip",
    "street0Aggr": "pfr",
    "sawShowdown": "showdown",
    "street0_3BChance": "three_bet_opp",
    "street0_3BDone": "three_bet",
    "street0_FoldTo3BChance": "fold_3bet_opp",
    "street0_FoldTo3BDone": "fold_3bet",
    "street1CBChance": "cbet_flop_opp",
    "street1CBDone": "cbet_flop",
    "street2CBChance": "cbet_turn_opp",
    "street2CBDone": "cbet_turn",
    "foldToStreet1CBChance": "fold_cbet_flop_opp",
    "foldToStreet1CBDone": "fold_cbet_flop",
    "foldToStreet2CBChance": "fold_cbet_turn_opp",
    "foldToStreet2CBDone": "fold_cbet_turn",
}
MONEY = {"winnings": "collected", "totalProfit": "net", "rake": "rake"}


def _sidecars(corpus):
    return sorted((corpus / "pokerstars").rglob("*.txt.hp"))


def test_there_are_supported_sidecars(corpus):
    supported = [p for p in _sidecars(corpus) if _first_hand(p.with_suffix("")) is not None]
    assert len(supported) >= 2, [p.name for p in _sidecars(corpus)]


def _first_hand(log):
    for item in read_path(log):
        return None if isinstance(item, Quarantined) else item
    return None


def _ours(hand):
    batch = Batch()
    batch.add_hand(hand)
    rows = batch.to_frames()["player_hands"]
    return {r["player"]: r for r in rows.iter_rows(named=True)}


def _fpdb_position(label):
    return {"SB": "S", "BB": "B"}.get(label, label)


@pytest.mark.parametrize("case", ["NLHE-FR-USD-0.01-0.02-201004.4betPF", "NLHE-CAP-9max-USD-0.25-0.50-201011.Capped.preflop"])
def test_flags_and_money_agree_with_fpdb(corpus, case):
    sidecar = next(p for p in _sidecars(corpus) if p.name.startswith(case))
    expected = ast.literal_eval(sidecar.read_text(encoding="utf-8"))
    hand = _first_hand(sidecar.with_suffix(""))
    assert hand is not None
    ours = _ours(hand)
    dealt = {name for name, v in expected.items() if not v["sitout"]}
    assert set(ours) == dealt
    for name in dealt:
        fp, row = expected[name], ours[name]
        for flag, column in FLAGS.items():
            assert bool(fp[flag]) == bool(row[column]), (name, flag, column)
        for key, column in MONEY.items():
            assert fp[key] == row[column], (name, key, column)
        for street in (1, 2, 3):
            assert fp[f"street{street}Seen"] == (row["street_reached"] >= street), (name, street)
        assert bool(fp["wonAtSD"]) == row["won_showdown"], name
        assert bool(fp["wonWhenSeenStreet1"]) == (row["saw_second"] and row["won"]), name
        # fpdb's steal defence flags are per blind
        assert (fp["foldBbToStealChance"] or fp["foldSbToStealChance"]) == row["fold_steal_opp"], name
        assert (fp["foldedBbToSteal"] or fp["foldedSbToSteal"]) == row["fold_steal"], name
        if row["position"] in ("CO", "BTN", "SB"):
            assert (fp["raiseFirstInChance"], fp["raisedFirstIn"]) == (row["steal_opp"], row["steal"]), name
        if row["position"] in ("SB", "BB"):
            assert fp["position"] == _fpdb_position(row["position"]), name
