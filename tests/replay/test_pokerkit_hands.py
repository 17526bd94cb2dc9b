"""The PokerKit hand generator itself (independently of the replayer): its hands add up, round-trip
through our writers, exercise all-ins and side pots, and are reproducible."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import get_format, phh
from soko_analytics.parsers.stars_writer import POKERSTARS_GAMES
from soko_analytics.rules.profiles import resolve
from tests.flows import money_flow

from .pokerkit_hands import DEFAULT_COUNT, VARIANTS, corrupt, final_stacks, generate, generate_one

K = ActionKind
MIN_SHARE = {  # of DEFAULT_COUNT hands: (some all-in, side pots, showdown, split pot); measured ~ 1.3x these
    "nlhe": (0.60, 0.15, 0.50, 0.02),
    "flhe": (0.30, 0.08, 0.30, 0.005),
    "stud7": (0.30, 0.07, 0.30, 0.0),  # stud splits are rare (none in the first 1,000 hands of seed 2024)
    "plo": (0.45, 0.14, 0.45, 0.005),
    "plo8": (0.45, 0.15, 0.40, 0.15),  # hi/lo: a low half to another player splits the pot
    "stud8": (0.30, 0.045, 0.30, 0.08),
    "razz": (0.30, 0.05, 0.30, 0.0),
    "nl27sd": (0.50, 0.07, 0.50, 0.0),  # draw games: no split in the first 300 hands of seed 2024
    "fl27td": (0.20, 0.035, 0.25, 0.0),
    "badugi": (0.25, 0.04, 0.30, 0.0),
    "nlsd": (0.60, 0.13, 0.50, 0.01),  # measured 0.80, 0.18, 0.68, 0.02
    # measured (300 hands of seed 2024): all-in, side pots, showdown, split
    "plo5": (0.40, 0.12, 0.40, 0.01),  # 0.57, 0.18, 0.58, 0.02
    "plo5-8": (0.40, 0.15, 0.40, 0.18),  # 0.59, 0.23, 0.59, 0.28
    "plo6": (0.35, 0.07, 0.33, 0.01),  # 0.51, 0.10, 0.47, 0.02
    "courchevel": (0.40, 0.13, 0.40, 0.015),  # 0.60, 0.20, 0.58, 0.03
    "courchevel8": (0.40, 0.13, 0.40, 0.15),  # 0.58, 0.20, 0.57, 0.24
    "nl5cd": (0.40, 0.05, 0.45, 0.0),  # 0.60, 0.07, 0.65, 0.0
}


@pytest.fixture(params=sorted(VARIANTS))
def variant(request) -> str:
    return request.param


@pytest.fixture
def hands(pokerkit_hands, variant) -> list[tuple[Hand, list[int]]]:
    return pokerkit_hands(variant)


def _diff(got: Hand, want: Hand) -> str:
    """The first field (and for tuples the first element) that differs."""
    for f in dataclasses.fields(Hand):
        a, b = getattr(got, f.name), getattr(want, f.name)
        if f.compare and a != b:
            if isinstance(a, tuple) and isinstance(b, tuple):
                at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
                a, b = (a[at] if at < len(a) else None), (b[at] if at < len(b) else None)
                return f"hand {want.hand_id}: {f.name}[{at}]: read back {a!r}, wrote {b!r}"
            return f"hand {want.hand_id}: {f.name}: read back {a!r}, wrote {b!r}"
    return ""


def test_money_adds_up_to_pokerkits_final_stacks(hands):
    for hand, final in hands:
        flows = money_flow(hand)
        assert hand.rake == 0
        assert sum(f.collected for f in flows.values()) == hand.total_pot, hand.hand_id
        assert sum(f.put_in for f in flows.values()) == hand.total_pot, hand.hand_id
        assert [s.stack - flows[s.name].put_in + flows[s.name].collected for s in hand.seats] == final, hand.hand_id
        assert sum(final) == sum(s.stack for s in hand.seats)
        if hand.pots:
            assert sum(hand.pots) == hand.total_pot and len(hand.pots) > 1


def test_hands_are_well_formed(hands, variant):
    showdown = len(resolve(VARIANTS[variant].rules).streets)
    for hand, _ in hands:
        seen = [c for d in hand.deals for c in d.cards]
        assert None not in seen and len(seen) == len(set(seen)), hand.hand_id
        assert [s.seat for s in hand.seats] == list(range(1, len(hand.seats) + 1))
        shows = [a for a in hand.actions if a.kind is K.SHOW]
        assert all(a.street == showdown for a in shows)
        folded = {a.player for a in hand.actions if a.kind is K.FOLD}
        assert {a.player for a in shows} == (set(hand.players()) - folded if shows else set()), hand.hand_id
        for a in shows:  # every card the player was dealt and did not discard, in order
            thrown = {c for d in hand.actions if d.kind is K.DRAW and d.player == a.player for c in d.cards}
            kept = tuple(c for d in hand.deals if d.player == a.player for c in d.cards if c not in thrown)
            assert a.cards == kept, hand.hand_id
        assert all(a.street == showdown for a in hand.actions if a.kind is K.COLLECT) == bool(shows)
        assert all(a.kind is not K.CALL or a.amount > 0 for a in hand.actions)
        for a in hand.actions:
            if a.kind is K.RAISE:
                assert a.amount > 0 and a.to > a.amount, (hand.hand_id, a)


def test_pokerstars_round_trip(hands):
    # PokerStars has no game of PokerKit's Short Deck ranking (a straight over trips): its text is checked as 6+.
    written = [h if h.rules in POKERSTARS_GAMES else dataclasses.replace(h, rules=h.rules.split(";")[0])
               for h, _ in hands]
    back = list(get_format("pokerstars").parse(get_format("pokerstars").write(written)))
    assert len(back) == len(written)
    for got, want in zip(back, written, strict=True):
        assert isinstance(got, Hand), got.message()
        assert got == want, _diff(got, want)


def test_phh_round_trip(hands):
    written = [h for h, _ in hands]
    back = list(get_format("phh").parse(phh.write(written)))
    assert len(back) == len(written)
    for got, want in zip(back, written, strict=True):
        assert isinstance(got, Hand), got.message()
        assert got == want, _diff(got, want)


def test_all_ins_side_pots_and_showdowns_are_common(hands, variant):
    count = Counter()
    for hand, _ in hands:
        count["all-in"] += any(a.all_in for a in hand.actions)
        count["side pots"] += bool(hand.pots)
        count["showdown"] += any(a.kind is K.SHOW for a in hand.actions)
        count["uncalled"] += any(a.kind is K.UNCALLED for a in hand.actions)
        count["split"] += len({a.text for a in hand.actions if a.kind is K.COLLECT}) < sum(
            a.kind is K.COLLECT for a in hand.actions)
    n = len(hands)
    all_in, side, showdown, split = MIN_SHARE[variant]
    assert count["all-in"] >= all_in * n and count["side pots"] >= side * n and count["showdown"] >= showdown * n, count
    assert count["split"] >= split * n and count["uncalled"] >= 0.3 * n, count


def test_stud_completions_and_bring_ins_and_heads_up_blinds(pokerkit_hands):
    stud = Counter(a.kind for h, _ in pokerkit_hands("stud7") for a in h.actions)
    assert stud[K.BRING_IN] and stud[K.COMPLETE] and stud[K.RAISE] and stud[K.BET]
    heads_up = [h for h, _ in pokerkit_hands("nlhe") if len(h.seats) == 2]
    assert heads_up
    for h in heads_up:  # heads-up, the button posts the small blind
        sb = next(a for a in h.actions if a.kind is K.SMALL_BLIND)
        assert h.seat_of(sb.player).seat == h.button


def test_generation_is_reproducible(pokerkit_hands, variant):
    first = generate(variant, 8, seed=11)
    assert generate(variant, 8, seed=11) == first
    assert generate(variant, 3, seed=11, start=5) == first[5:]
    assert generate_one(variant, 11, 3) == first[3]
    assert [h.hand_id for h, _ in first] == [f"{variant}-11-{i}" for i in range(8)]
    assert generate(variant, 8, seed=12) != first
    assert pokerkit_hands(variant, 10) == pokerkit_hands(variant)[:10]
    stacks = final_stacks(first)
    assert stacks[first[0][0].hand_id] == dict(zip(first[0][0].players(), first[0][1], strict=True))


def test_corrupt_changes_one_claim(hands):
    rng = random.Random(5)
    kinds = Counter()
    for hand, _ in hands[:100]:
        bad, what = corrupt(hand, rng)
        kinds[what.split(":")[0]] += 1
        assert bad != hand and bad.hand_id == hand.hand_id
        assert sum(x != y for x, y in zip(bad.actions, hand.actions, strict=True)) + sum(
            x != y for x, y in zip(bad.deals, hand.deals, strict=True)) == 1, what
    assert len(kinds) >= 4, kinds


def test_default_count():
    assert DEFAULT_COUNT >= 300
