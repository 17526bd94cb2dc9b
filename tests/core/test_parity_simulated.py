"""Simulated hands of every profile read by the core give what the Python readers give.

Each profile's hands are simulated once, written in their format (PokerStars for hold'em and stud,
Sökö text for the Sökö profiles) and read both ways: by Python's reader (``read_path``), the hands'
rows then made by the core from their canonical form (``store/rows.py``'s Batch), and by the core
reading the file itself (source, split, read, replay, facts, rows). Every table is compared row for
row (see ``test_pipeline_parity.assert_same``). Slow: 5,000 hands at a rebuy tournament table, where all-ins
are common; the 10,000 hands of each profile are compared this way in
``tests/sim/test_simulation.py::test_ten_thousand_hands_per_profile``, which simulates them once for its other
checks too (they clean audit, their text and PHH read back).
"""

from __future__ import annotations

import pytest

from soko_analytics.parsers import write_hands
from soko_analytics.rules.profiles import PROFILES
from soko_analytics.sim.session import simulate

from .test_pipeline_parity import assert_same


def _import_both_ways(tmp_path, hands, fmt) -> tuple[int, int]:
    path = tmp_path / f"simulated.{'soko' if fmt == 'soko' else 'txt'}"
    path.write_text(write_hands(hands, fmt), encoding="utf-8")
    return assert_same(path, fmt)


@pytest.mark.slow
def test_a_rebuy_tournament_table_full_of_all_ins(tmp_path):
    hands = list(simulate("holdem", 5_000, players=9, seed=12, tournament=True))
    stored, quarantined = _import_both_ways(tmp_path, hands, "pokerstars")
    assert (stored, quarantined) == (5_000, 0)


def test_a_few_simulated_hands_of_each_profile(tmp_path):
    for rules in sorted(PROFILES):
        fmt = "soko" if rules.startswith("soko") else "pokerstars"
        assert _import_both_ways(tmp_path, list(simulate(rules, 100, players=6, seed=3)), fmt) == (100, 0)
