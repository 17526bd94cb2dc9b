"""Simulated hands written in their format and read by the core (``_core.read_rows``, the import's path) give the
rows of those hands: the simulator's own hands are the oracle. Each hand is stored once and none quarantined, in
the simulator's order, with its pot, rake and action count, and each player's collects.

Slow: 5,000 hands at a rebuy tournament table, where all-ins are common; 10,000 hands of each profile are held to
the same in ``tests/sim/test_simulation.py::test_ten_thousand_hands_per_profile``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import write_hands
from soko_analytics.rules.profiles import PROFILES
from soko_analytics.sim.session import simulate

from .test_file_rows import core_rows


def assert_rows_are_the_hands(path: Path, fmt: str, hands: list[Hand]) -> None:
    """The core's rows of a file of simulated hands say what the hands say."""
    stored, quarantined, tables = core_rows(path, fmt)
    assert (stored, quarantined) == (len(hands), 0)
    rows = tables["hands"]
    assert rows["hand_id"].to_list() == [h.hand_id for h in hands]
    assert rows["total_pot"].to_list() == [h.total_pot for h in hands]
    assert rows["rake"].to_list() == [h.rake for h in hands]
    assert tables["actions"].height == sum(len(h.actions) for h in hands)
    ids = dict(zip(rows["hand_key"].to_list(), rows["hand_id"].to_list(), strict=True))
    collected = Counter({(ids[key], player): amount for key, player, amount in tables["seats"].select(
        "hand_key", "player", "collected").iter_rows() if amount})
    want: Counter[tuple[str, str]] = Counter()
    for hand in hands:
        for action in hand.actions:
            if action.kind is ActionKind.COLLECT:
                want[hand.hand_id, action.player] += action.amount
    assert collected == want


def write(tmp_path: Path, hands: list[Hand], fmt: str) -> Path:
    path = tmp_path / f"simulated.{'soko' if fmt == 'soko' else 'txt'}"
    path.write_text(write_hands(hands, fmt), encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_rebuy_tournament_table_full_of_all_ins(tmp_path):
    hands = list(simulate("holdem", 5_000, players=9, seed=12, tournament=True))
    assert_rows_are_the_hands(write(tmp_path, hands, "pokerstars"), "pokerstars", hands)


def test_a_few_simulated_hands_of_each_profile(tmp_path):
    for rules in sorted(PROFILES):
        fmt = "soko" if rules.startswith("soko") else "pokerstars"
        hands = list(simulate(rules, 100, players=6, seed=3))
        assert_rows_are_the_hands(write(tmp_path, hands, fmt), fmt, hands)


def test_a_misread_hand_is_caught(tmp_path):
    """The check can fail: rows of a file whose hand says another rake than the simulated hand's."""
    hands = list(simulate("holdem", 20, players=6, seed=3))
    text = write_hands(hands, "pokerstars")
    assert "| Rake $0\n" in text
    path = tmp_path / "changed.txt"
    path.write_text(text.replace("| Rake $0\n", "| Rake $0.01\n", 1), encoding="utf-8")
    with pytest.raises(AssertionError):
        assert_rows_are_the_hands(path, "pokerstars", hands)
