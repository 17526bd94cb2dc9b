"""The core's auditor (``_core.audit``, ``_core.ReplayBatch``) against Python's ``replay.audit.audit``.

Field for field: every finding (``Finding.to_dict()``, in order), every pot (amount, eligible,
winners with their shares in order, the winning hand's description), the payouts, the log's
collects, the showdown descriptions, the stacks after the hand, rake, added money, the uncalled
bet, the convention the payouts followed, and the ledger (each action's amount to call, the pot and
the player's stack after it). The hands: every hand Python reads from the shared
corpus and the sample data (the disputed copies included), simulated hands of every profile,
and seeded corrupted copies of them (an amount changed, an action dropped, two actions swapped,
a card changed, a description, a collect, the rake or the pot total altered) so that every
finding code is exercised. Where Python's auditor raises, the core must refuse the hand too.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics import _core
from soko_analytics.model.cards import Card
from soko_analytics.model.hand import Action, ActionKind, Deal, Hand, Seat, Stakes
from soko_analytics.native import hand_json
from soko_analytics.parsers import iter_files, read_path
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Code
from soko_analytics.rules.profiles import PROFILES, resolve
from soko_analytics.sim.session import simulate
from tests.conftest import require_corpus

SAMPLE_DATA = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"
K = ActionKind


def python_view(hand: Hand) -> dict:
    """What Python's auditor says of a hand, in the core's JSON form (dicts as ordered pairs)."""
    try:
        a = audit(hand, ledger=True)
    except Exception as err:  # noqa: BLE001 - a crash of the reference is a result to compare
        return {"error": f"{type(err).__name__}: {err}"}
    return {
        "ok": a.ok,
        "findings": [f.to_dict() for f in a.findings],
        "pots": [{"amount": p.amount, "eligible": list(p.eligible), "winners": list(p.winners.items()),
                  "value": p.value} for p in a.pots],
        "payouts": list(a.payouts.items()), "collected": list(a.collected.items()),
        "showdown": list(a.showdown.items()), "stacks": list(a.stacks.items()),
        "rake": a.rake, "added": a.added, "uncalled": list(a.uncalled), "convention": a.convention,
        "steps": [{"index": t.index, "to_call": t.to_call, "pot": t.pot, "stack": t.stack} for t in a.steps],
    }


def core_view(text: str) -> dict:
    """The core's audit JSON in the same form."""
    data = json.loads(text)
    if "error" in data:
        return data
    for key in ("payouts", "collected", "showdown", "stacks"):
        data[key] = list(data[key].items())
    for pot in data["pots"]:
        pot["winners"] = list(pot["winners"].items())
    return data


def compare(hands: list[Hand]) -> tuple[int, list[str], Counter]:
    """Audit every hand both ways: (hands compared, differences, finding codes seen)."""
    got = _core.audit_hands([hand_json(h) for h in hands], ledger=True)
    assert len(got) == len(hands)
    diffs, codes = [], Counter()
    for hand, text in zip(hands, got):
        expected, actual = python_view(hand), core_view(text)
        codes.update(f["code"] for f in expected.get("findings", []))
        if "error" in expected or "error" in actual:
            same = ("error" in expected) == ("error" in actual)
        else:
            same = expected == actual
        if not same:
            fields = sorted(k for k in expected.keys() | actual.keys() if expected.get(k) != actual.get(k))
            diffs.append(f"{hand.source} {hand.hand_id}: {fields}")
    return len(hands), diffs, codes


def read_all(*paths: Path) -> list[Hand]:
    return [h for p in iter_files(paths) if isinstance(p, Path) for h in read_path(p) if isinstance(h, Hand)]


def corrupt(hand: Hand, rng: random.Random) -> Hand:
    """A seeded broken copy: one change to the actions, the deals or the summary."""
    acts = list(hand.actions)
    how = rng.randrange(7)
    if how == 3 and hand.deals:
        deals = list(hand.deals)
        k = rng.randrange(len(deals))
        cards, up = list(deals[k].cards), list(deals[k].up)
        known = [c for d in hand.deals for c in d.cards if c is not None]
        if cards and known and rng.random() < 0.5:  # a card seen twice
            cards[rng.randrange(len(cards))] = rng.choice(known)
        elif cards:  # a card short
            cards.pop()
            up.pop()
        deals[k] = deals[k]._replace(cards=tuple(cards), up=tuple(up))
        return dataclasses.replace(hand, deals=tuple(deals))
    shows = [i for i, a in enumerate(acts) if a.kind is K.SHOW]
    if how == 4 and shows:
        i = rng.choice(shows)
        said = rng.choice(["a pair of Deuces", "high card Ace", "two pair, Aces and Kings",
                           "A PAIR OF " + (acts[i].text or "")[10:]])
        acts[i] = acts[i]._replace(text=said)
        return dataclasses.replace(hand, actions=tuple(acts))
    collects = [i for i, a in enumerate(acts) if a.kind is K.COLLECT]
    if how == 5 and collects:  # a chip moved between collectors (the odd chip), or one too many
        i, step = rng.choice(collects), rng.choice([-1, 1])
        acts[i] = acts[i]._replace(amount=acts[i].amount + step)
        others = [j for j in collects if j != i]
        if others:
            j = rng.choice(others)
            acts[j] = acts[j]._replace(amount=acts[j].amount - step)
        return dataclasses.replace(hand, actions=tuple(acts))
    if how == 6:
        total = hand.total_pot if rng.random() < 0.5 else (hand.total_pot or 0) + 1
        return dataclasses.replace(hand, rake=(hand.rake or 0) + rng.choice([-1, 1, 5]), total_pot=total)
    if not acts:
        return hand
    i = rng.randrange(len(acts))
    how %= 3
    if how == 0:  # an amount changed
        a = acts[i]
        if a.to is not None and rng.random() < 0.5:
            acts[i] = a._replace(to=max(0, a.to + rng.choice([-2, -1, 1, 2]) * max(1, a.to // 4)))
        else:
            acts[i] = a._replace(amount=max(0, a.amount + rng.choice([-2, -1, 1, 2]) * max(1, a.amount // 3)))
    elif how == 1:  # an action dropped
        del acts[i]
    else:  # two actions swapped
        j = rng.randrange(len(acts))
        acts[i], acts[j] = acts[j], acts[i]
    return dataclasses.replace(hand, actions=tuple(acts), action_lines=hand.action_lines[:len(acts)])


def assert_parity(hands: list[Hand]) -> Counter:
    compared, diffs, codes = compare(hands)
    assert compared == len(hands)
    assert not diffs, f"{len(diffs)} of {compared} hands differ; first: {diffs[:5]}"
    return codes


# -- real logs -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def real_hands() -> list[Hand]:
    hands = read_all(require_corpus(), SAMPLE_DATA)
    assert len(hands) >= 2_600
    assert any("disputed" in str(h.source.path) for h in hands if h.source)
    return hands


def test_corpus_and_sample_data_audit_alike(real_hands):
    codes = assert_parity(real_hands)
    assert codes[Code.UNVERIFIABLE] and codes[Code.PAYOUT]  # the real logs' own faults are in there


def test_corrupted_real_hands_audit_alike(real_hands):
    rng = random.Random(2026)
    codes = assert_parity([corrupt(h, rng) for h in real_hands])
    assert set(codes) == set(Code), sorted(set(Code) - set(codes))  # every finding code is exercised


def test_single_hand_binding_agrees_with_the_batch(real_hands):
    for hand in real_hands[::97]:
        spec = json.dumps(resolve(hand.rules).to_dict())
        assert core_view(_core.audit(hand_json(hand), spec, ledger=True)) == python_view(hand)


# -- simulated hands -------------------------------------------------------------------------

def simulated(count: int, corrupted: bool, seed: int = 1) -> list[Hand]:
    rng = random.Random(seed)
    hands = []
    for profile in PROFILES:
        played = list(simulate(profile, count, 6, seed))
        hands += [corrupt(h, rng) for h in played] if corrupted else played
    return hands


def test_simulated_and_corrupted_hands_exercise_every_code():
    hands = simulated(150, corrupted=False) + simulated(150, corrupted=True, seed=2)
    codes = assert_parity(hands)
    assert set(Code) - set(codes) <= {Code.RAISE_CAP, Code.STACK_EXCEEDED}, sorted(set(Code) - set(codes))


@pytest.mark.slow
@pytest.mark.parametrize("profile", list(PROFILES))
def test_two_thousand_corrupted_simulated_hands_per_profile(profile):
    """The simulated hands themselves are compared through the whole path in test_parity_simulated."""
    hands = list(simulate(profile, 2_000, 6, 7))
    rng = random.Random(7)
    assert_parity([corrupt(h, rng) for h in hands])


# -- hands the reference cannot audit --------------------------------------------------------

def _hand(**changes) -> Hand:
    base = Hand(site="test", hand_id="1", rules="holdem", stakes=Stakes(small_blind=1, big_blind=2),
                button=1, seats=(Seat(1, "A", 100), Seat(2, "B", 100)),
                deals=(Deal(0, "A", (Card.parse("As"), Card.parse("Ad")), (False, False)),),
                actions=(Action(0, "A", K.SMALL_BLIND, 1), Action(0, "B", K.BIG_BLIND, 2),
                         Action(0, "A", K.FOLD), Action(1, "B", K.COLLECT, 3)),
                total_pot=3)
    return dataclasses.replace(base, **changes)


def test_a_hand_python_cannot_audit_is_refused():
    # Cards dealt to a player with no seat: Python's auditor fails (KeyError), so must the core.
    ghost = _hand(deals=(Deal(0, "Z", (Card.parse("As"), Card.parse("Ad")), (False, False)),))
    assert "error" in python_view(ghost)
    assert "error" in core_view(_core.audit_hands([hand_json(ghost)])[0])
    with pytest.raises(RuntimeError):
        _core.audit(hand_json(ghost), json.dumps(resolve("holdem").to_dict()))
    assert core_view(_core.audit_hands([hand_json(_hand())], ledger=True)[0]) == python_view(_hand())


def test_bad_json_is_a_value_error():
    with pytest.raises(ValueError):
        _core.audit("{", json.dumps(resolve("holdem").to_dict()))
    with pytest.raises(ValueError):
        _core.audit(hand_json(_hand()), "{}")
    assert "error" in json.loads(_core.audit_hands(["not json"])[0])
