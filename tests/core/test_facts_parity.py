"""The core's ``player_hands`` rows are Python's: every hand of the shared corpus and of the sample data,
and (slow) 10,000 simulated hands per profile, compared column for column with what ``Batch.add_hand``
(store/rows.py) writes, all columns but the all-in ones (``allin``, ``allin_adjusted``, ``allin_se``:
not ported yet)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.native import core, hand_json
from soko_analytics.parsers import iter_files, read_path
from soko_analytics.rules.profiles import resolve
from soko_analytics.store import rows as rows_module
from soko_analytics.store.rows import GAMES, SCHEMAS, Batch

from ..conftest import require_corpus

SAMPLES = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"
COLUMNS = tuple(SCHEMAS["player_hands"])
NOT_PORTED = ("allin", "allin_adjusted", "allin_se")
COMPARED = tuple(c for c in COLUMNS if c not in NOT_PORTED)
_EPOCH = datetime(1970, 1, 1)


@cache
def spec_json(rules: str) -> str:
    """``resolve(rules).to_dict()`` with the game name the rows use, as JSON."""
    spec = resolve(rules).to_dict()
    spec["game"] = GAMES.get(spec["profile"], spec["profile"])
    return json.dumps(spec)


def python_rows(hand: Hand, batch: Batch | None = None) -> list[dict]:
    """The ``player_hands`` rows ``Batch.add_hand`` writes for the hand, by column (played_at as µs)."""
    batch = batch or Batch()
    start = len(batch._player_rows)
    batch.add_hand(hand, "auto", 0)
    out = []
    for row in batch._player_rows[start:]:
        values = dict(zip(COLUMNS, row, strict=True))
        moment = values["played_at"]
        values["played_at"] = None if moment is None else (moment - _EPOCH) // timedelta(microseconds=1)
        out.append({c: values[c] for c in COMPARED})
    return out


def core_rows(hand: Hand) -> list[dict]:
    rows = json.loads(core.hand_facts(hand_json(hand), spec_json(hand.rules)))
    return [{c: row.get(c, "<missing>") for c in COMPARED} for row in rows]


def compare(hands: Iterable[Hand]) -> tuple[int, int, list[str]]:
    """(hands compared, rows compared, the first differences as text)."""
    n_hands = n_rows = 0
    problems: list[str] = []
    batch = Batch()
    for hand in hands:
        expected, got = python_rows(hand, batch), core_rows(hand)
        n_hands += 1
        n_rows += len(expected)
        if got != expected and len(problems) < 10:
            if len(got) != len(expected):
                problems.append(f"{hand.hand_id}: {len(got)} rows, expected {len(expected)}")
            for e, g in zip(expected, got):
                diff = {c: (g[c], e[c]) for c in COMPARED if g[c] != e[c]}
                if diff:
                    problems.append(f"{hand.hand_id} {e['player']}: (core, python) {diff}")
    return n_hands, n_rows, problems


def hands_of(paths: Iterable[Path]) -> Iterator[Hand]:
    for path in paths:
        for hand in read_path(path):
            if isinstance(hand, Hand):
                yield hand


@pytest.fixture(autouse=True)
def _no_allin(monkeypatch):
    """The all-in columns are not compared: skip their (Monte Carlo) work on the Python side."""
    monkeypatch.setattr(rows_module, "allin_adjusted", lambda *args: {})


def test_corpus_rows_equal_python_rows():
    files = [p for p in iter_files([require_corpus()]) if isinstance(p, Path)]
    n_hands, n_rows, problems = compare(hands_of(files))
    assert not problems, "\n".join(problems)
    assert n_hands >= 750 and n_rows >= 5_000, (n_hands, n_rows)


def test_sample_data_rows_equal_python_rows():
    n_hands, n_rows, problems = compare(hands_of(sorted(SAMPLES.rglob("*.txt"))))
    assert not problems, "\n".join(problems)
    assert n_hands > 100, n_hands


def test_a_changed_fact_is_caught():
    """The comparison can fail: a hand whose Python row is altered differs."""
    hand = next(h for h in hands_of(sorted(SAMPLES.rglob("*.txt"))) if len(python_rows(h)) > 1)
    got, expected = core_rows(hand), python_rows(hand)
    assert got == expected
    expected[0]["vpip"] = not expected[0]["vpip"]
    assert got != expected
