"""The simulator: every hand it writes audits clean and reads back the same; its players differ as their
parameters say."""

from __future__ import annotations

from collections import Counter

import pytest

from soko_analytics.model.hand import BETTING, FORCED, ActionKind
from soko_analytics.parsers import phh, pokerstars, soko_text
from soko_analytics.replay.audit import audit
from soko_analytics.sim.players import STYLES
from soko_analytics.sim.session import simulate

PROFILES = {
    "soko-casino": soko_text,
    "soko-finnish": soko_text,
    "soko-casino; last_card_mode=pihina_hole": soko_text,
    "holdem": pokerstars,
    "holdem; structure=fixed_limit": pokerstars,
    "stud7": pokerstars,
    "stud5": pokerstars,
}


def _check(profile: str, count: int, seed: int) -> None:
    hands = list(simulate(profile, count, 6, seed))
    bad = [h.hand_id for h in hands if not audit(h, ledger=False).ok]
    assert bad == []
    for module in (PROFILES[profile], phh):
        for start in range(0, count, 1000):
            chunk = hands[start:start + 1000]
            assert list(module.parse(module.write(chunk), "rt")) == chunk


@pytest.mark.parametrize("profile", list(PROFILES))
def test_simulated_hands_audit_clean_and_round_trip(profile):
    _check(profile, 300, 11)


@pytest.mark.slow
@pytest.mark.parametrize("profile", list(PROFILES))
def test_ten_thousand_hands_per_profile(profile):
    _check(profile, 10_000, 12)


def test_seeded_runs_repeat_exactly():
    a = pokerstars.write(simulate("holdem", 50, 6, 3))
    b = pokerstars.write(simulate("holdem", 50, 6, 3))
    c = pokerstars.write(simulate("holdem", 50, 6, 4))
    assert a == b and a != c


def test_players_differ_as_their_parameters_say():
    # Six seats, one per style in STYLES order (the sixth wraps to the first style).
    hands = list(simulate("holdem", 3000, 5, 21))
    names = ["Aino", "Ville", "Matti", "Liisa", "Eero"]
    style = dict(zip(names, STYLES))
    dealt, vpip, aggressive, passive = Counter(), Counter(), Counter(), Counter()
    for hand in hands:
        voluntary = set()
        for a in hand.actions:
            if a.kind in BETTING and a.kind not in FORCED:
                if a.street == 0 and a.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
                    voluntary.add(a.player)
                if a.kind in (ActionKind.BET, ActionKind.RAISE):
                    aggressive[a.player] += 1
                elif a.kind is ActionKind.CALL:
                    passive[a.player] += 1
        for seat in hand.seats:
            dealt[seat.name] += 1
        for name in voluntary:
            vpip[name] += 1
    rate = {style[n]: vpip[n] / dealt[n] for n in names}
    factor = {style[n]: aggressive[n] / max(1, passive[n]) for n in names}
    assert rate["rock"] < rate["tag"] < rate["lag"] and rate["rock"] < rate["station"]
    assert factor["station"] < factor["rock"] < factor["tag"] and factor["station"] < factor["lag"]
