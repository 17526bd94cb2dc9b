"""Replay a hand under its profile's rules and check every action and every pot split (RULES.md §5).

The replay is the compiled core's (``core/src/replay/``): it drives a table through
the hand's actions in order. Each action is compared with what the rules allow at
that point (turn order, action type, size, cap, reopening, stack), then applied as
the log took it, so that one broken rule does not hide the rest. At the end the
uncalled bet is returned, the pots are built, the showdown is evaluated with the
profile's ranking, and the log's pot total, rake, collects and hand descriptions
are checked. Where the log's figures follow a site convention we cannot know (how
rake is spread over side pots, who gets an odd chip in stud), every convention a
real log could follow is tried; an error is raised only when none fits.

This module turns the core's verdict on a hand into an :class:`Audit` (with the
step-by-step ledger when asked): what ``soko audit``, ``--explain`` and the hand
report read. A hand the core read comes with its verdict, made in the same call
as its read (:func:`from_core`); a hand made in Python (the simulator's, a user's) is
handed to the core in its canonical form (:func:`audit_each`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import _core, i18n
from ..model.cards import format_cards
from ..model.hand import Action, ActionKind, Hand, Stakes
from ..model.money import decimal_text
from ..native import hand_json
from ..rules.profiles import spec_of
from ..rules.spec import GameSpec
from .findings import STREET_SHOWDOWN, Arg, Code, Finding, Severity, said_from_core

K = ActionKind


@dataclass(slots=True)
class Step:
    """One line of the ledger: an action and the table after it."""

    index: int
    street: str
    player: str
    action: Action
    to_call: int
    """What the player had to add to call before acting."""
    pot: int
    """All chips in the pot after the action."""
    stack: int | None
    """The player's chips behind after the action (None for a player who was not dealt in)."""
    stakes: Stakes

    @property
    def text(self) -> str:
        """The action in words, with money as the hand prints it."""
        return describe_action(self.action, self.stakes)


class Description(NamedTuple):
    """A hand's description as the core makes it (``core/src/replay/describe.rs``): one of
    ``_core.DESCRIPTION_TEMPLATES`` and its words, each ``(kind, English word)`` as ``_core.describe_words`` gives
    them: ``("two pair, {0} and {1}", (("ranks", "Aces"), ("ranks", "Kings")))``."""

    template: str
    words: tuple[tuple[str, str], ...]

    @classmethod
    def from_core(cls, item: Sequence[Any]) -> Description:
        """A description from the core's JSON ``[template, [[kind, word], ...]]``."""
        template, words = item
        return cls(template, tuple((kind, word) for kind, word in words))

    @property
    def english(self) -> str:
        """The description as the logs print it (``two pair, Aces and Kings``), whatever the language spoken."""
        return self.template.format(*(word for _, word in self.words))

    def said(self) -> str:
        """The description in the language spoken (``kaksi paria, ässät ja kuninkaat``)."""
        return i18n.describe(self.template, self.words)


@dataclass(frozen=True)
class HandDescription:
    """A hand's description at showdown: for each share of the pot the hand qualifies for, how the logs name the
    share (``HI``, ``LO``; None: not named) and the hand's :class:`Description` for it. Printed joined: ``HI: a pair
    of Kings; LO: 8,7,4,3,A``, or in a game of one share ``a pair of Kings``."""

    parts: tuple[tuple[str | None, Description], ...]

    @classmethod
    def from_core(cls, items: Sequence[Any]) -> HandDescription:
        """A hand's description from the core's JSON ``[[label, description], ...]``."""
        return cls(tuple((label, Description.from_core(d)) for label, d in items))

    @property
    def english(self) -> str:
        """The description as the logs print it, whatever the language spoken."""
        return "; ".join(_labelled(label, d.english) for label, d in self.parts)

    def said(self) -> str:
        """The description in the language spoken (the shares' labels as the logs name them)."""
        return "; ".join(_labelled(label, d.said()) for label, d in self.parts)


def _labelled(label: str | None, text: str) -> str:
    return text if label is None else f"{label}: {text}"


@dataclass(frozen=True)
class Half:
    """One share of a pot split hi/lo."""

    label: str | None
    """How the logs name the share (``HI``, ``LO``)."""
    winners: tuple[str, ...]
    value: Description | None
    """The winning hand of this share alone (``8,6,4,2,A``)."""

    def text(self) -> str:
        """``LO: Eero with 6,5,3,2,A``, in the language spoken."""
        label = self.label or i18n.pgettext("share", "high")
        hand = i18n._(" with {hand}").format(hand=self.value.said()) if self.value else ""
        return f"{label}: {', '.join(self.winners)}{hand}"


@dataclass
class PotResult:
    """A pot as the replay built and awarded it."""

    amount: int
    eligible: tuple[str, ...]
    winners: dict[str, int]
    """What each winner collects from it (after rake)."""
    value: HandDescription | None = None
    """The winning hand's description."""
    halves: tuple[Half, ...] = ()
    """Hi/lo: each share of the pot (high, then low) with its winners and their hand; empty in a game of one
    share; the high alone where nobody qualifies for the low (it takes the whole pot)."""
    board: int = 0
    """A hand run twice: the board (1, 2) whose part of the pot this is, won by that board's hands; 0 for a hand
    of one board."""


@dataclass
class Audit:
    """The verdict on one hand."""

    hand: Hand
    spec: GameSpec
    findings: list[Finding] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    pots: list[PotResult] = field(default_factory=list)
    payouts: dict[str, int] = field(default_factory=dict)
    """What each player should collect, by the replay (equal to the log's collects when the hand is ok)."""
    collected: dict[str, int] = field(default_factory=dict)
    """What the log says each player collected."""
    showdown: dict[str, HandDescription] = field(default_factory=dict)
    """Each evaluated hand at showdown: player → description."""
    rake: int = 0
    added: int = 0
    """Money the house added to the pot (splash the pot, ``STP``): in the pot total and the main pot."""
    uncalled: tuple[str | None, int] = (None, 0)
    stacks: dict[str, int] = field(default_factory=dict)
    """Each player's stack after the hand, as the log's collects leave it."""
    convention: str | None = None
    """The rake and odd-chip convention the log's payouts followed."""

    @property
    def ok(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)

    def money(self, amount: int) -> str:
        return decimal_text(amount, self.hand.stakes.decimals)


class AuditFault(RuntimeError):
    """A hand the replayer cannot take (a bug of ours): the per-hand boundary quarantines it as ``internal``."""


def audit(hand: Hand, ledger: bool = True) -> Audit:
    """Replay one hand and check it; never raises for what the log does (:class:`AuditFault` for a bug of ours).

    ``ledger=False`` skips the step-by-step ledger (``Audit.steps``) for bulk work.
    """
    return audits([hand], ledger)[0]


def audits(hands: Sequence[Hand], ledger: bool = False) -> list[Audit]:
    """:func:`audit` of many hands in one call to the core; raises :class:`AuditFault` for the first hand the
    replayer cannot take (use :func:`audit_each` to keep going)."""
    out = []
    for item in audit_each(hands, ledger):
        if isinstance(item, AuditFault):
            raise item
        out.append(item)
    return out


def audit_each(hands: Sequence[Hand], ledger: bool = False) -> list[Audit | AuditFault]:
    """Each hand's :class:`Audit`, or the :class:`AuditFault` that stopped its replay, in one call to the core."""
    texts = _core.audit_hands([hand_json(h) for h in hands], ledger)
    return [_verdict(hand, json.loads(text)) for hand, text in zip(hands, texts, strict=True)]


def from_core(hand: Hand, verdict: str) -> Audit | AuditFault:
    """The :class:`Audit` of a hand the core read and audited in the same call (``_core.read_audited``), from the
    verdict's JSON text; the :class:`AuditFault` that stopped its replay."""
    return _verdict(hand, json.loads(verdict))


def _verdict(hand: Hand, data: dict[str, Any]) -> Audit | AuditFault:
    if "error" in data:
        return AuditFault(f"hand {hand.hand_id}: {data['error']}")
    spec = spec_of(hand.rules)
    findings = [Finding(Code(f["code"]), Severity(f["severity"]), f["message"], f["street"], f["action_index"],
                        f["player"], f["expected"], f["actual"], f["line"], f.get("template"),
                        tuple(Arg.from_core(a) for a in f.get("args", ())), said_from_core(f.get("expected_said")),
                        said_from_core(f.get("actual_said"))) for f in data["findings"]]
    pots = [_pot(p) for p in data["pots"]]
    names = [s.name for s in spec.streets]
    steps = []
    for step in data.get("steps", ()):
        action = hand.actions[step["index"]]
        street = names[action.street] if action.street < len(names) else STREET_SHOWDOWN
        steps.append(Step(step["index"], street, action.player, action, step["to_call"], step["pot"],
                          step["stack"], hand.stakes))
    who, amount = data["uncalled"]
    showdown = {player: HandDescription.from_core(d) for player, d in data["showdown"].items()}
    return Audit(hand, spec, findings, steps, pots, dict(data["payouts"]), dict(data["collected"]), showdown,
                 data["rake"], data["added"], (who, amount), dict(data["stacks"]), data["convention"])


def _pot(p: dict[str, Any]) -> PotResult:
    halves = tuple(Half(h["label"], tuple(h["winners"]), Description.from_core(h["value"]) if h["value"] else None)
                   for h in p.get("halves", ()))
    value = HandDescription.from_core(p["value"]) if p["value"] else None
    return PotResult(p["amount"], tuple(p["eligible"]), dict(p["winners"]), value, halves, p.get("board", 0))


def describe_action(action: Action, stakes: Stakes) -> str:
    """``raises €0.40 to €1.40 and is all-in``, in the language spoken (:mod:`soko_analytics.i18n`: ``nokittaa
    0,40 €, yhteensä 1,40 €, ja on all-in``)."""

    def m(amount: int) -> str:
        return i18n.money(amount, stakes.decimals, stakes.symbol)

    kind = action.kind
    if kind is K.RAISE:
        text = i18n.pgettext("action", "raises {amount} to {to}").format(amount=m(action.amount), to=m(action.to or 0))
    elif kind is K.COMPLETE:
        text = i18n.pgettext("action", "completes it to {to}").format(to=m(action.to or 0))
    elif kind is K.SHOW:  # the description in brackets is the log's own words
        text = i18n.pgettext("action", "shows {cards}").format(cards=format_cards(action.cards)) \
            + (f" ({action.text})" if action.text else "")
    elif kind is K.MUCK:
        text = (i18n.pgettext("action", "mucks {cards}").format(cards=format_cards(action.cards)) if action.cards
                else i18n.pgettext("action", "mucks"))
    elif kind is K.COLLECT:
        text = i18n.pgettext("action", "collects {amount} from the {pot}").format(
            amount=m(action.amount), pot=pot_name(action.text or "pot"))
    elif kind is K.INSURANCE:
        text = (i18n.pgettext("action", "pays {fee} for all-in insurance, paid out {amount}") if action.amount
                else i18n.pgettext("action", "pays {fee} for all-in insurance")).format(
            fee=m(action.fee), amount=m(action.amount))
    elif kind is K.DRAW:  # amount counts cards, not chips
        n = action.amount
        thrown = f" {format_cards(action.cards)}" if action.cards else ""
        text = (i18n.ngettext("discards {n} card", "discards {n} cards", n).format(n=n) + thrown if n
                else i18n.pgettext("action", "stands pat"))
    else:
        text = _words(kind).format(amount=m(action.amount))
    return text + (i18n.pgettext("action", " and is all-in") if action.all_in else "")


def _words(kind: ActionKind) -> str:
    """The words of an action of one amount (``posts the ante {amount}``), in the language spoken."""
    return {
        K.ANTE: i18n.pgettext("action", "posts the ante {amount}"),
        K.SMALL_BLIND: i18n.pgettext("action", "posts small blind {amount}"),
        K.BIG_BLIND: i18n.pgettext("action", "posts big blind {amount}"),
        K.SMALL_AND_BIG_BLIND: i18n.pgettext("action", "posts small & big blinds {amount}"),
        K.STRADDLE: i18n.pgettext("action", "posts straddle {amount}"),
        K.BRING_IN: i18n.pgettext("action", "brings in for {amount}"),
        K.FOLD: i18n.pgettext("action", "folds"),
        K.CHECK: i18n.pgettext("action", "checks"),
        K.CALL: i18n.pgettext("action", "calls {amount}"),
        K.BET: i18n.pgettext("action", "bets {amount}"),
        K.UNCALLED: i18n.pgettext("action", "gets back the uncalled {amount}"),
        K.NO_SHOW: i18n.pgettext("action", "does not show"),
        K.CASH_OUT: i18n.pgettext("action", "cashes out for {amount}"),
    }[kind]


def pot_name(name: str) -> str:
    """A pot's name as the logs and the ledger say it (``pot``, ``main pot``, ``side pot-1``, ``side pot-2 (board
    2)``), in the language spoken."""
    m = re.fullmatch(r"(main pot|side pot-(\d+)|pot)( \(board (\d+)\))?", name)
    if m is None:
        return name
    text = (i18n.pgettext("pot", "side pot-{n}").format(n=m.group(2)) if m.group(2)
            else i18n.pgettext("pot", "pot") if m.group(1) == "pot" else i18n.pgettext("pot", "main pot"))
    return text + (i18n.pgettext("pot", " (board {n})").format(n=m.group(4)) if m.group(4) else "")


