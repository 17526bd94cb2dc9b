"""Differential test against pokerkit, an independent implementation of the rules.

pokerkit plays seeded random legal hands (no-limit and fixed-limit hold'em,
fixed-limit seven card stud, pot-limit Omaha, pot-limit Omaha and stud hi/lo eight or better, razz, the draw
games, no-limit Short Deck); each is converted into our hand model as a log
would state it (``pokerkit_hands.py``). Every one must audit clean and end with
pokerkit's stacks; the same hands with one claim corrupted must be flagged.
"""

from __future__ import annotations

import random

import pytest

from soko_analytics.replay.audit import audit

from .pokerkit_hands import DIFFERENTIAL_COUNTS, corrupt

QUICK = 300


def _check_clean(hands) -> list[str]:
    problems = []
    for hand, stacks in hands:
        result = audit(hand, ledger=False)
        if not result.ok:
            problems.append(f"{hand.hand_id}: {[f.message for f in result.findings if f.severity.value == 'error']}")
            continue
        ours = [result.stacks[s.name] for s in hand.seats]
        if ours != list(stacks):
            problems.append(f"{hand.hand_id}: stacks {ours} != pokerkit {list(stacks)}")
    return problems


def _check_corrupted(hands, seed: int) -> list[str]:
    rng = random.Random(seed)
    missed = []
    for hand, _stacks in hands:
        bad, what = corrupt(hand, rng)
        if audit(bad, ledger=False).ok:
            missed.append(f"{hand.hand_id}: {what}")
    return missed


@pytest.mark.parametrize("variant", ["nlhe", "flhe", "stud7", "plo", "plo8", "stud8", "razz", "nlsd"])
def test_quick_sample(pokerkit_hands, variant):
    hands = pokerkit_hands(variant, QUICK)
    assert _check_clean(hands) == []
    assert _check_corrupted(hands, 1) == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(DIFFERENTIAL_COUNTS))
def test_full_differential(pokerkit_hands, variant):
    hands = pokerkit_hands(variant, DIFFERENTIAL_COUNTS[variant])
    assert len(hands) == DIFFERENTIAL_COUNTS[variant]
    assert _check_clean(hands) == []
    assert _check_corrupted(hands, 2) == []
