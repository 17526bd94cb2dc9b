"""Property tests over every profile: random legal hands audit clean, chips are conserved, splits add up.

Hands are dealt and played by :func:`soko_analytics.sim.play.play_hand`, which
chooses uniformly among the legal actions of the table, with short and deep
stacks so that all-ins and side pots are common.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from soko_analytics.model.hand import ActionKind, Stakes
from soko_analytics.replay.audit import audit
from soko_analytics.sim.play import play_hand

CHIPS = {"decimals": 0}
PROFILES = {
    "holdem": Stakes(small_blind=1, big_blind=2, **CHIPS),
    "holdem; structure=pot_limit": Stakes(small_blind=1, big_blind=2, **CHIPS),
    "holdem; structure=fixed_limit": Stakes(small_blind=1, big_blind=2, small_bet=2, big_bet=4, **CHIPS),
    "stud7": Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10, **CHIPS),
    "stud5": Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10, **CHIPS),
    "soko-casino": Stakes(ante=10, bring_in=20, small_bet=50, big_bet=100, **CHIPS),
    "soko-casino; last_card_mode=pihina_hole": Stakes(ante=10, bring_in=20, small_bet=50, big_bet=100, **CHIPS),
    "soko-casino; structure=no_limit; open_pair_big_bet=false": Stakes(ante=10, bring_in=20, **CHIPS),
    "soko-finnish": Stakes(ante=10, min_bet=10, max_bet=100, **CHIPS),
    "soko-finnish; raise_after_pass=false": Stakes(ante=10, min_bet=10, max_bet=100, **CHIPS),
}
BUTTONLESS = ("stud7", "stud5")


def _hand(rules: str, seed: int):
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    seats = [(f"P{j}", j + 1, rng.choice([rng.randint(1, 80), rng.randint(50, 3000)])) for j in range(n)]
    button = None if rules in BUTTONLESS else rng.randint(1, n)
    return play_hand(rules, PROFILES[rules], seats, button, rng, hand_id=str(seed))


@pytest.mark.parametrize("rules", list(PROFILES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_random_legal_hands_audit_clean_and_conserve_chips(rules, seed):
    hand = _hand(rules, seed)
    result = audit(hand)
    assert result.ok, [f.message for f in result.findings]
    start = sum(s.stack for s in hand.seats)
    assert sum(result.stacks.values()) + result.rake == start  # chips are conserved
    collected = sum(a.amount for a in hand.actions if a.kind is ActionKind.COLLECT)
    assert collected + result.rake == hand.total_pot  # the splits add up to the pot
    assert result.payouts == {k: v for k, v in result.collected.items() if v}


def test_all_ins_and_side_pots_happen():
    side_pots = all_ins = 0
    for seed in range(200):
        hand = _hand("holdem", seed)
        side_pots += len(hand.pots) > 1
        all_ins += any(a.all_in for a in hand.actions)
    assert side_pots >= 10 and all_ins >= 40
