"""The simulator: every hand it writes audits clean and reads back the same; its players differ as their
parameters say."""

from __future__ import annotations

from collections import Counter

import pytest

from soko_analytics.model.hand import BETTING, FORCED, ActionKind, Hand
from soko_analytics.parsers import get_format, phh, read_path, write_hands
from soko_analytics.replay.audit import audit
from soko_analytics.rules.profiles import PROFILES as RULES_PROFILES
from soko_analytics.sim.players import STYLES
from soko_analytics.sim.session import simulate
from tests.core.test_simulated_rows import assert_rows_are_the_hands

pokerstars, soko_text = get_format("pokerstars"), get_format("soko")

PROFILES = {
    "soko-casino": soko_text,
    "soko-finnish": soko_text,
    "soko-casino; last_card_mode=pihina_hole": soko_text,
    "holdem": pokerstars,
    "holdem; structure=fixed_limit": pokerstars,
    "stud7": pokerstars,
    "stud5": pokerstars,
    "omaha": pokerstars,
    "omaha-hilo": pokerstars,
    "omaha; structure=fixed_limit": pokerstars,
    "omaha5": pokerstars,
    "omaha5-hilo": pokerstars,
    "omaha6": pokerstars,
    "stud7-hilo": pokerstars,
    "razz": pokerstars,
    "draw5": pokerstars,
    "single-draw27": pokerstars,
    "triple-draw27": pokerstars,
    "badugi": pokerstars,
}
TEN_THOUSAND = ("soko-casino", "soko-finnish", "soko-casino; last_card_mode=pihina_hole", "holdem",
                "holdem; structure=fixed_limit", "stud7", "stud5")
"""The profiles played 10,000 hands each in the slow run (issue 6 names them); every other profile plays
:data:`FEWER`."""
FEWER = 2_000
SLOW = (*TEN_THOUSAND, "omaha-hilo", "stud7-hilo", "triple-draw27", "badugi")
"""The profiles whose slow run also audits every hand and reads it back from its format: issue 6's, and one of each
new mechanism (two hole cards and a qualified low half, a stud low half, draws of five and of four cards)."""
phh_read = get_format("phh")
"""PHH as every reader of the package reads it: the core's reader (``parsers/phh.py`` writes)."""


def _check(profile: str, count: int, seed: int) -> None:
    hands = list(simulate(profile, count, 6, seed))
    bad = [h.hand_id for h in hands if not audit(h, ledger=False).ok]
    assert bad == []
    for start in range(0, count, 1000):
        chunk = hands[start:start + 1000]
        fmt = PROFILES[profile]
        assert list(fmt.parse(fmt.write(chunk), "rt")) == chunk
        assert list(phh_read.parse(phh.write(chunk), "rt")) == chunk


@pytest.mark.parametrize("profile", list(PROFILES))
def test_simulated_hands_audit_clean_and_round_trip(profile):
    _check(profile, 300, 11)


PHH_HANDS = 2_000
"""Of the 10,000 hands, those also written and read back as PHH."""


@pytest.mark.slow
@pytest.mark.parametrize("profile", sorted(set(SLOW) | set(RULES_PROFILES)))
def test_thousands_of_hands_per_profile(tmp_path, profile):
    """10,000 hands of issue 6's profiles and :data:`FEWER` of the others, simulated and written in their format
    once for every check of them: those of :data:`SLOW` audit clean and read back the same from that text, and the
    first :data:`PHH_HANDS` from PHH (read by the core); those of RULES.md's profiles give the rows of the simulated hands when the core reads the text, as the import does
    (``tests/core/test_simulated_rows.py``'s ``assert_rows_are_the_hands``)."""
    count = 10_000 if profile in TEN_THOUSAND else FEWER
    hands = list(simulate(profile, count, 6, 11))
    fmt = "soko" if profile.startswith("soko") else "pokerstars"
    path = tmp_path / f"simulated.{'soko' if fmt == 'soko' else 'txt'}"
    path.write_text(write_hands(hands, fmt), encoding="utf-8")
    if profile in RULES_PROFILES:
        assert_rows_are_the_hands(path, fmt, hands)
    if profile not in SLOW:
        return
    read = [h for h in read_path(path, format=fmt) if isinstance(h, Hand)]
    assert [h.hand_id for h in hands if not audit(h, ledger=False).ok] == []
    assert len(read) == count and read == hands  # the text of its format read back
    # PHH: the first 2,000 (PHH round trips of every profile are also test_simulated_hands_audit_clean_and_round_trip's
    # and tests/parsers/test_phh.py's; the whole 10,000 cost about 25 CPU-s a profile for little more)
    for start in range(0, PHH_HANDS, 1000):
        chunk = hands[start:start + 1000]
        assert list(phh_read.parse(phh.write(chunk), "rt")) == chunk


def test_seeded_runs_repeat_exactly():
    a = get_format("pokerstars").write(simulate("holdem", 50, 6, 3))
    b = get_format("pokerstars").write(simulate("holdem", 50, 6, 3))
    c = get_format("pokerstars").write(simulate("holdem", 50, 6, 4))
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


def test_tournament_short_stacks_post_what_they_have_and_audit_clean():
    """A rebuy tournament's table (ante, 15 big blinds to start): a big blind with less than the blind left
    after the ante posts it all-in; the others still call the full big blind (RULES.md §2 item 2, §3 item 4),
    and every such hand audits clean and reads back the same."""
    hands = list(simulate("holdem", 1500, 6, 5, tournament=True))
    short = [h for h in hands if any(a.kind is ActionKind.BIG_BLIND and a.all_in and a.amount < h.stakes.big_blind
                                     for a in h.actions)]
    full_calls = [h for h in short if any(a.kind is ActionKind.CALL and a.street == 0 and a.amount == h.stakes.big_blind
                                          for a in h.actions)]
    assert len(short) >= 30 and len(full_calls) >= 10
    assert all(h.tournament is not None and h.stakes.ante for h in hands)
    assert [h.hand_id for h in short if not audit(h).ok] == []
    for module in (pokerstars, phh_read):
        assert list(module.parse(module.write(short), "rt")) == short


def test_a_cash_table_still_rebuys_before_a_short_blind():
    """The sample sessions' rule is unchanged: nobody posts a short blind at a cash table."""
    hands = list(simulate("holdem", 300, 6, 7))
    assert not any(a.kind in FORCED and a.all_in for h in hands for a in h.actions)
