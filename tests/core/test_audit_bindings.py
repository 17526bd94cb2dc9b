"""The core's auditor through its bindings: ``_core.audit`` (one hand) and ``_core.audit_hands`` (many), and
``replay.audit``'s :class:`Audit` made from their JSON.

What each finding means, and that real logs get the right ones, is held to the rules and the logs in
``tests/replay``. Here: seeded corrupted copies of every hand Python reads from the shared corpus and the
sample data (the disputed copies included), and simulated hands of every profile with corrupted copies of
them (an amount changed, an action dropped, two actions swapped, a card changed, a description, a collect,
the rake or the pot total altered), go through without a fault and between them raise every finding code;
the ledger (``ledger=True``: each action's amount to call, the pot and the player's stack after it) follows
the chips the log's own lines put in; the two bindings give the same JSON; a hand the replayer cannot take
is refused by both and is an :class:`AuditFault` in Python; bad JSON is a ``ValueError``.
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
from soko_analytics.replay.audit import AuditFault, audit, audit_each
from soko_analytics.replay.findings import Code
from soko_analytics.rules.profiles import PROFILES, resolve
from soko_analytics.sim.session import simulate
from tests.conftest import require_corpus
from tests.flows import money_flow

SAMPLE_DATA = Path(__file__).resolve().parents[2] / "soko_analytics" / "sample_data"
K = ActionKind


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


def finding_codes(hands: list[Hand]) -> Counter:
    """Audit the hands in one call to the core: none may fault, and each verdict's pots pay its payouts; the
    finding codes they raise, counted."""
    verdicts = audit_each(hands)
    faults = [str(v) for v in verdicts if isinstance(v, AuditFault)]
    assert not faults, f"{len(faults)} of {len(hands)} hands fault; first: {faults[:5]}"
    for v in verdicts:
        assert_pots_pay_the_payouts(v)
    return Counter(f.code for v in verdicts for f in v.findings)


def assert_pots_pay_the_payouts(verdict) -> None:
    """The pots' winners' shares add up, player by player, to what the replay says each should collect: the
    pot rows are split the way the payouts were (the same rake and odd-chip convention). Pots won by a hand the
    log does not show have no winners to add."""
    if any(not p.winners for p in verdict.pots):
        return
    shares: Counter = Counter()
    for pot in verdict.pots:
        shares.update(pot.winners)
    paid = {p: x for p, x in verdict.payouts.items() if x}
    assert {p: x for p, x in shares.items() if x} == paid, (verdict.hand.hand_id, verdict.pots, paid)


# -- real logs -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def real_hands() -> list[Hand]:
    hands = read_all(require_corpus(), SAMPLE_DATA)
    assert len(hands) >= 2_600
    assert any("disputed" in str(h.source.path) for h in hands if h.source)
    return hands


def test_corrupted_real_hands_exercise_every_code(real_hands):
    rng = random.Random(2026)
    codes = finding_codes([corrupt(h, rng) for h in real_hands])
    assert set(codes) == set(Code), sorted(set(Code) - set(codes))


_LIVE = {K.SMALL_BLIND, K.BIG_BLIND, K.STRADDLE, K.BRING_IN, K.CALL, K.BET}


def chips_in(hand: Hand) -> list[int]:
    """The chips each action of the log puts in, read from its line: ``raises X to Y`` and ``completes it to
    Y`` bring the player's total for the street to Y; blinds, bring-ins, bets and calls add their amount and
    count toward that total; antes and the dead part of ``posts small & big blinds`` add theirs but do not."""
    street_total: dict[tuple[str, int], int] = {}
    out = []
    for a in hand.actions:
        key, chips = (a.player, a.street), 0
        if a.kind in (K.RAISE, K.COMPLETE):
            chips = (a.to or 0) - street_total.get(key, 0)
            street_total[key] = a.to or 0
        elif a.kind in _LIVE:
            chips = a.amount
            street_total[key] = street_total.get(key, 0) + a.amount
        elif a.kind is K.SMALL_AND_BIG_BLIND:
            chips = a.amount
            live = min(a.amount, hand.stakes.big_blind) if hand.stakes.big_blind else a.amount
            street_total[key] = street_total.get(key, 0) + live
        elif a.kind is K.ANTE:
            chips = a.amount
        out.append(chips)
    return out


def _completes_the_blind(hand, call) -> bool:
    """A call before the flop that brings the player's blinds to the whole big blind: over a big blind all in for
    less, the amount to call is what the others can match, but the whole blind may be put in (RULES.md §3 item 1;
    888poker's small blinds do), what nobody matches coming back."""
    posted = sum(a.amount for a in hand.actions if a.player == call.player and a.street == 0
                 and a.kind in (K.SMALL_BLIND, K.BIG_BLIND))
    return call.street == 0 and posted + call.amount == hand.stakes.big_blind


def test_the_ledger_follows_the_chips_the_log_puts_in(real_hands):
    """One step per action of the log, in order; after each, the pot holds every chip the lines so far put in
    and the player has his starting stack less what his lines put in (the ledger leaves uncalled bets and
    collects to ``--explain``, so neither moves them). A call is the amount that was to call (all in: all he
    had), and nobody is to call more than he has behind. The pot the ledger ends with, less the uncalled bets the log returns, is what ``money_flow`` says the
    players put in."""
    texts = _core.audit_hands([hand_json(h) for h in real_hands], ledger=True)
    returned = 0
    for hand, text in zip(real_hands, texts, strict=True):
        data = json.loads(text)
        steps = data["steps"]
        where = (hand.source, hand.hand_id)
        assert [s["index"] for s in steps] == list(range(len(hand.actions))), where
        stack = {s.name: s.stack for s in hand.seats}
        pot = 0
        for step, action, chips in zip(steps, hand.actions, chips_in(hand), strict=True):
            behind = stack.get(action.player)
            pot += chips
            stack[action.player] -= chips
            assert (step["pot"], step["stack"]) == (pot, stack[action.player]), (where, step)
            if action.kind is K.CALL and data["ok"] and not _completes_the_blind(hand, action):
                assert step["to_call"] == action.amount, (where, step)  # all in: what he had
            if behind is not None:
                assert step["to_call"] <= behind, (where, step)
        uncalled = [a.amount for a in hand.actions if a.kind is K.UNCALLED]
        if uncalled:
            put_in = sum(flow.put_in for flow in money_flow(hand).values())
            assert steps[-1]["pot"] - sum(uncalled) == put_in, where
            returned += 1
    assert returned > 500


def test_the_single_hand_binding_gives_the_batch_json(real_hands):
    for hand in real_hands[::97]:
        spec = json.dumps(resolve(hand.rules).to_dict())
        one = _core.audit(hand_json(hand), spec, ledger=True)
        assert one == _core.audit_hands([hand_json(hand)], ledger=True)[0], hand.hand_id
        assert json.loads(one)["steps"], hand.hand_id


# -- simulated hands -------------------------------------------------------------------------

def simulated(count: int, corrupted: bool, seed: int = 1) -> list[Hand]:
    rng = random.Random(seed)
    hands = []
    for profile in PROFILES:
        played = list(simulate(profile, count, 6, seed))
        hands += [corrupt(h, rng) for h in played] if corrupted else played
    return hands


def test_simulated_and_corrupted_hands_exercise_every_code():
    codes = finding_codes(simulated(150, corrupted=False) + simulated(150, corrupted=True, seed=2))
    assert set(Code) - set(codes) <= {Code.RAISE_CAP, Code.STACK_EXCEEDED}, sorted(set(Code) - set(codes))


@pytest.mark.slow
@pytest.mark.parametrize("profile", list(PROFILES))
def test_two_thousand_corrupted_simulated_hands_per_profile_do_not_fault(profile):
    rng = random.Random(7)
    codes = finding_codes([corrupt(h, rng) for h in simulate(profile, 2_000, 6, 7)])
    assert codes  # the corruptions are seen


# -- hands the replayer cannot take ----------------------------------------------------------

def _hand(**changes) -> Hand:
    base = Hand(site="test", hand_id="1", rules="holdem", stakes=Stakes(small_blind=1, big_blind=2),
                button=1, seats=(Seat(1, "A", 100), Seat(2, "B", 100)),
                deals=(Deal(0, "A", (Card.parse("As"), Card.parse("Ad")), (False, False)),),
                actions=(Action(0, "A", K.SMALL_BLIND, 1), Action(0, "B", K.BIG_BLIND, 2),
                         Action(0, "A", K.FOLD), Action(1, "B", K.COLLECT, 3)),
                total_pot=3)
    return dataclasses.replace(base, **changes)


def test_a_hand_dealt_to_a_player_with_no_seat_is_refused():
    ghost = _hand(deals=(Deal(0, "Z", (Card.parse("As"), Card.parse("Ad")), (False, False)),))
    assert "error" in json.loads(_core.audit_hands([hand_json(ghost)])[0])
    with pytest.raises(RuntimeError):
        _core.audit(hand_json(ghost), json.dumps(resolve("holdem").to_dict()))
    fault, fine = audit_each([ghost, _hand()])
    assert isinstance(fault, AuditFault) and "hand 1" in str(fault)
    with pytest.raises(AuditFault):
        audit(ghost)
    # The hand without the ghost, by hand: A posts 1, B posts 2, A folds to the big blind and B takes the 3
    # chips; the log returns B no uncalled chip, so it stays in the pot (noted, not an error).
    assert fine.ok and [(f.code, f.player) for f in fine.findings] == [(Code.UNVERIFIABLE, "B")]
    assert [(p.amount, p.eligible, p.winners) for p in fine.pots] == [(3, ("B",), {"B": 3})]
    assert fine.payouts == fine.collected == {"B": 3} and fine.stacks == {"A": 99, "B": 101}
    assert [(s.index, s.to_call, s.pot, s.stack) for s in audit(_hand()).steps] == [
        (0, 0, 1, 99), (1, 0, 3, 98), (2, 1, 3, 99), (3, 0, 3, 98)]


def test_bad_json_is_a_value_error():
    with pytest.raises(ValueError):
        _core.audit("{", json.dumps(resolve("holdem").to_dict()))
    with pytest.raises(ValueError):
        _core.audit(hand_json(_hand()), "{}")
    assert "error" in json.loads(_core.audit_hands(["not json"])[0])
