"""The core's all-in columns of ``player_hands`` (``allin``, ``allin_adjusted``, ``allin_se``): its Monte
Carlo estimates agree with the exact values, and the figures share out the pots' money.

Every hand of the shared corpus and of the sample data, and simulated hands (a fast hold'em tournament
table, where all-ins are common), go through ``_core.hand_facts``:

- a hand that is not an all-in has each player's net and 0.0 as their figure;
- an all-in hand's figures are those of ``_core.allin_adjusted`` under the rows' method: enumerated
  (error 0.0) where there are at most 100,000 outcomes, else an estimate from 5,000 deals;
- the figures of an all-in hand add up to the money its pots paid out less what went in
  (Σ ``collected`` − ``put_in``), to the unit of rounding of each figure: however the cards come,
  the pots are paid in full (a cash-out is not pot money, and not in the figure);
- a Monte Carlo figure is within 4 standard errors (plus the unit of rounding) of the exact value,
  which the core computes by a forced full enumeration (``_core.allin_adjusted(..., exact_limit=...)``),
  or, where the outcomes are too many to list (early stud streets), of a 200,000-deal estimate from
  another seed within their combined errors (every estimate of the corpus and sample data in the slow
  test; those of the first 25 sampled hands in the fast one, of the first 10 simulated ones).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from soko_analytics import _core as core
from soko_analytics.model.hand import Hand
from soko_analytics.native import hand_json, spec_json
from soko_analytics.parsers import iter_files, read_path
from soko_analytics.sim.session import simulate

from ..conftest import require_corpus
from .test_file_rows import SAMPLES

EXACT_LIMIT = 100_000
"""Outcomes up to which the rows enumerate."""
SAMPLES_DRAWN = 5_000
"""Deals of the rows' Monte Carlo estimate."""
FORCE_LIMIT = 4_000_000
"""Outcomes up to which the exact value is enumerated for the check (preflop hold'em has 1,712,304)."""
REFERENCE_SAMPLES = 200_000
"""Deals of the reference estimate where even that is too few (stud's third and fourth streets)."""
REFERENCE_SEED = 0x5EED


@dataclass
class Tally:
    hands: int = 0
    allin_hands: int = 0
    exact: int = 0
    """All-in players whose figure was enumerated."""
    sampled: int = 0
    """All-in players whose figure was a Monte Carlo estimate."""
    forced: int = 0
    """Of those, held to a forced full enumeration."""
    referenced: int = 0
    """Of those, held to a 200,000-deal estimate (too many outcomes to list)."""
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def report(self) -> str:
        return "\n".join(self.problems[:10])


def hands_of(paths: Iterable[Path]) -> Iterator[Hand]:
    for path in paths:
        for hand in read_path(path):
            if isinstance(hand, Hand):
                yield hand


def facts(hand: Hand) -> list[dict]:
    """The hand's ``player_hands`` rows as the core makes them."""
    return json.loads(core.hand_facts(hand_json(hand), spec_json(hand.rules)))


def figures(hand: Hand, **method) -> dict[str, dict]:
    """The core's all-in figures by player, with ``exact`` and ``outcomes``."""
    out = json.loads(core.allin_adjusted(hand_json(hand), spec_json(hand.rules), **method))
    return {f["player"]: f for f in out}


def compare(hands: Iterable[Hand], force: int | None = None,
            rows_of: Callable[[Hand], list[dict]] = facts) -> Tally:
    """Check every hand's all-in columns; hold the Monte Carlo figures of the first ``force`` sampled
    hands (all when None) to the exact value or the reference estimate."""
    tally = Tally()
    checked = 0
    for hand in hands:
        tally.hands += 1
        rows = rows_of(hand)
        if not any(r["allin"] for r in rows):
            for r in rows:
                if (r["allin_adjusted"], r["allin_se"]) != (r["net"], 0.0):
                    tally.problem(f"{hand.hand_id} {r['player']}: not all in, {r['allin_adjusted'], r['allin_se']}")
            continue
        tally.allin_hands += 1
        ours = figures(hand)
        allin = [r for r in rows if r["allin"]]
        paid = sum(r["collected"] - r["put_in"] for r in rows)
        if abs(sum(r["allin_adjusted"] for r in rows) - paid) > len(allin):
            tally.problem(f"{hand.hand_id}: figures add up to {sum(r['allin_adjusted'] for r in rows)}, "
                          f"the pots paid {paid}")
        reference: dict[str, dict] | None = None
        for r in rows:
            who = f"{hand.hand_id} {r['player']}"
            if not r["allin"]:
                if (r["allin_adjusted"], r["allin_se"]) != (r["net"], 0.0):
                    tally.problem(f"{who}: not all in but {r['allin_adjusted'], r['allin_se']}")
                continue
            mine = ours.get(r["player"])
            if mine is None:
                tally.problem(f"{who}: all in, but no figure from allin_adjusted")
                continue
            if (mine["adjusted"], mine["se"]) != (r["allin_adjusted"], r["allin_se"]):
                tally.problem(f"{who}: row {r['allin_adjusted'], r['allin_se']}, allin_adjusted {mine}")
            if mine["exact"]:
                tally.exact += 1
                if mine["se"] or mine["outcomes"] > EXACT_LIMIT:
                    tally.problem(f"{who}: exact over {mine['outcomes']} outcomes, error {mine['se']}")
                continue
            tally.sampled += 1
            if mine["outcomes"] != SAMPLES_DRAWN:
                tally.problem(f"{who}: estimated from {mine['outcomes']} deals")
            if reference is None:
                if force is not None and checked >= force:
                    continue
                checked += 1
                reference = figures(hand, exact_limit=FORCE_LIMIT, samples=REFERENCE_SAMPLES, seed=REFERENCE_SEED)
            ref = reference[r["player"]]
            tally.forced += ref["exact"]
            tally.referenced += not ref["exact"]
            bound = 4 * math.hypot(r["allin_se"], ref["se"]) + 1
            if abs(r["allin_adjusted"] - ref["adjusted"]) > bound:
                tally.problem(
                    f"{who}: estimate {r['allin_adjusted']} ± {r['allin_se']:.1f}, "
                    f"{'exact' if ref['exact'] else 'reference'} {ref['adjusted']}"
                )
    return tally


def test_corpus_and_sample_data_all_ins():
    """Every all-in hand; the estimates of 25 of them held to a forced enumeration (all: the slow test)."""
    files = [p for p in iter_files([require_corpus()]) if isinstance(p, Path)]
    corpus = compare(hands_of(files), force=20)
    samples = compare(hands_of(sorted(SAMPLES.rglob("*.txt"))), force=5)
    assert not corpus.problems + samples.problems, corpus.report() + samples.report()
    assert corpus.hands >= 750 and corpus.allin_hands >= 120, corpus
    assert samples.allin_hands >= 10, samples
    assert corpus.exact >= 60 and corpus.sampled >= 150 and corpus.forced >= 40, corpus


@pytest.mark.slow
def test_every_corpus_estimate_against_the_exact_value():
    files = [p for p in iter_files([require_corpus()]) if isinstance(p, Path)]
    tally = compare([*hands_of(files), *hands_of(sorted(SAMPLES.rglob("*.txt")))])
    print("corpus and samples", tally)
    assert not tally.problems, tally.report()
    assert tally.sampled >= 150 and tally.forced >= 240 and tally.forced + tally.referenced == tally.sampled, tally


def test_simulated_tournament_all_ins():
    tally = compare(simulate("holdem", 400, players=6, seed=3, tournament=True), force=10)
    assert not tally.problems, tally.report()
    assert tally.allin_hands >= 40 and tally.exact >= 30 and tally.sampled >= 30, tally


def test_the_estimate_is_seeded_by_the_hand():
    """Preflop all-ins are sampled (standard error > 0), the same way every time."""
    hand = next(
        h
        for h in simulate("holdem", 600, players=6, seed=3, tournament=True)
        if any(not f["exact"] for f in figures(h).values())
    )
    first = figures(hand)
    assert first == figures(hand)
    assert all(f["se"] > 0 and f["outcomes"] == SAMPLES_DRAWN for f in first.values())
    assert figures(hand, seed=1) != first


def test_a_figure_off_the_exact_value_is_caught():
    """The checks can fail: estimates moved by 5 standard errors (and 2 units) are reported as off the
    exact value, and as no longer adding up to what the pots paid."""

    def moved(hand: Hand) -> list[dict]:
        rows = facts(hand)
        for r in rows:
            r["allin_adjusted"] += round(5 * r["allin_se"]) + 2 if r["allin_se"] else 0
        return rows

    tally = compare(simulate("holdem", 100, players=6, seed=3, tournament=True), force=3, rows_of=moved)
    assert tally.sampled and tally.forced, tally
    assert any(" exact " in p for p in tally.problems), tally.report()
    assert any("the pots paid" in p for p in tally.problems), tally.report()
