"""Replay a hand under its profile's rules and check every action and every pot split (RULES.md §5).

:func:`audit` drives a :class:`~.table.Table` through the hand's actions in
order. Each action is compared with what the rules allow at that point (turn
order, action type, size, cap, reopening, stack), then applied as the log took
it, so that one broken rule does not hide the rest. At the end the uncalled bet
is returned, the pots are built, the showdown is evaluated with the profile's
ranking, and the log's pot total, rake, collects and hand descriptions are
checked. Where the log's figures follow a site convention we cannot know (how
rake is spread over side pots, who gets an odd chip in stud), every convention
a real log could follow is tried; an error is raised only when none fits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..model.cards import Card, format_cards
from ..model.hand import BETTING, FORCED, Action, ActionKind, Hand, Stakes
from ..model.ledger import added_money
from ..model.money import decimal_text, format_amount
from ..rules.profiles import resolve
from ..rules.spec import GameSpec
from .checks import check_action, check_deals, check_post
from .findings import STREET_SHOWDOWN, Code, Finding, Severity
from .table import Table

K = ActionKind


@cache
def spec_of(rules: str) -> GameSpec:
    return resolve(rules)


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


@dataclass
class PotResult:
    """A pot as the replay built and awarded it."""

    amount: int
    eligible: tuple[str, ...]
    winners: dict[str, int]
    """What each winner collects from it (after rake)."""
    value: str | None = None
    """The winning hand's description."""


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
    showdown: dict[str, str] = field(default_factory=dict)
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


def audit(hand: Hand, ledger: bool = True) -> Audit:
    """Replay one hand and check it; never raises for what the log does.

    ``ledger=False`` skips the step-by-step ledger (``Audit.steps``) for bulk work.
    """
    return _Auditor(hand, ledger).run()


class _Auditor:
    def __init__(self, hand: Hand, ledger: bool = True) -> None:
        self.hand = hand
        self.ledger = ledger
        self.spec = spec_of(hand.rules)
        self.result = Audit(hand, self.spec, added=added_money(hand))
        dealt = _dealt_in(hand)
        self.table = Table(self.spec, hand.stakes,
                           [(s.name, s.seat, s.stack) for s in hand.seats if s.name in dealt], hand.button)
        self.known: dict[str, list[Card]] = {name: [] for name in dealt}
        self.board: dict[int, list[Card]] = {0: []}
        self.dealt_streets: set[int] = set()
        self.log_uncalled: list[Action] = []

    def find(self, code: Code, message: str, severity: Severity = Severity.ERROR, index: int | None = None,
             player: str | None = None, expected: str | None = None, actual: str | None = None,
             street: str | None = None) -> Finding:
        if street is None and index is not None:
            street = self.street_name(self.hand.actions[index].street)
        finding = Finding(code, severity, message, street, index, player, expected, actual,
                          self.hand.line_of(index) if index is not None else None)
        self.result.findings.append(finding)
        return finding

    def street_name(self, street: int) -> str:
        streets = self.spec.streets
        return streets[street].name if street < len(streets) else STREET_SHOWDOWN

    # -- the run -----------------------------------------------------------------------

    def run(self) -> Audit:
        table = self.table
        check_deals(self)
        table.start_street(0)
        self.deal_up_to(0)
        for index, action in enumerate(self.hand.actions):
            seat = table.by_name.get(action.player)
            self.to_call = 0 if seat is None else max(0, table.call_level(seat) - seat.street_bet)
            if action.player not in table.by_name:
                if action.kind not in (K.COLLECT, K.CASH_OUT, K.SHOW, K.MUCK, K.NO_SHOW, K.UNCALLED):
                    self.find(Code.DEAL, f"{action.player} acts but was not dealt in.", index=index,
                              player=action.player)
                self.record(index, action)
                continue
            if action.kind in BETTING or action.kind in FORCED:
                if action.street != table.street and action.street < len(self.spec.streets):
                    self.next_street(action.street)
                if action.kind in FORCED:
                    check_post(self, index, action)
                else:
                    check_action(self, index, action)
            self.record(index, action)
        self.finish()
        return self.result

    def deal_up_to(self, street: int) -> None:
        """Put the cards of every street up to ``street`` on the table (each street once)."""
        for s in range(street + 1):
            if s in self.dealt_streets:
                continue
            self.dealt_streets.add(s)
            for deal in self.hand.deals:
                if deal.street != s:
                    continue
                known = [c for c in deal.cards if c is not None]
                if deal.player is None:
                    if deal.run in (0, 1):
                        self.board[0].extend(known)
                elif deal.player in self.known:
                    self.known[deal.player].extend(known)
                    self.table.by_name[deal.player].up.extend(
                        c for c, up in zip(deal.cards, deal.up) if up and c is not None)

    def next_street(self, street: int) -> None:
        table = self.table
        if not table.round_over() and table.opened and table.turn is not None:
            waiting = table.seats[table.turn].name
            self.find(Code.OUT_OF_TURN, f"The {self.street_name(table.street)} round ended before {waiting} acted.",
                      player=waiting, street=self.street_name(table.street), expected=f"{waiting} to act",
                      actual=f"the {self.street_name(street)} cards")
        table.start_street(street)
        self.deal_up_to(street)

    def record(self, index: int, action: Action) -> None:
        """Ledger line, and the showdown and payout records of the log."""
        r = self.result
        if action.kind is K.COLLECT:
            r.collected[action.player] = r.collected.get(action.player, 0) + action.amount
        elif action.kind is K.UNCALLED:
            self.log_uncalled.append(action)
        elif action.kind in (K.SHOW, K.MUCK) and action.cards and action.player in self.known:
            known = self.known[action.player]
            known.extend(c for c in action.cards if c not in known)
        if not self.ledger:
            return
        seat = self.table.by_name.get(action.player)
        pot = self.table.pot
        to_call = self.to_call if action.kind in BETTING else 0
        r.steps.append(Step(index, self.street_name(action.street), action.player, action,
                            min(to_call, seat.stack + seat.street_bet) if seat else 0, pot,
                            seat.stack if seat else None, self.hand.stakes))

    # -- the end -----------------------------------------------------------------------

    def finish(self) -> None:
        from .settle import settle

        self.deal_up_to(len(self.spec.streets) - 1)
        settle(self)


def _dealt_in(hand: Hand) -> set[str]:
    """Players in the hand: dealt cards on the first street, or acting on it."""
    names = {d.player for d in hand.deals if d.player is not None and d.street == 0}
    names |= {a.player for a in hand.actions if a.street == 0 and (a.kind in FORCED or a.kind in BETTING)}
    return names


def describe_action(action: Action, stakes: Stakes) -> str:
    """``raises €0.40 to €1.40 and is all-in``."""

    def m(amount: int) -> str:
        return format_amount(amount, stakes.decimals, stakes.symbol, trim=False)

    kind = action.kind
    if kind is K.RAISE:
        text = f"raises {m(action.amount)} to {m(action.to or 0)}"
    elif kind is K.COMPLETE:
        text = f"completes it to {m(action.to or 0)}"
    elif kind is K.SHOW:
        text = f"shows {format_cards(action.cards)}" + (f" ({action.text})" if action.text else "")
    elif kind is K.MUCK:
        text = "mucks" + (f" {format_cards(action.cards)}" if action.cards else "")
    elif kind is K.COLLECT:
        text = f"collects {m(action.amount)} from the {action.text or 'pot'}"
    else:
        text = _WORDS[kind].format(m(action.amount))
    return text + (" and is all-in" if action.all_in else "")


_WORDS = {
    K.ANTE: "posts the ante {}", K.SMALL_BLIND: "posts small blind {}", K.BIG_BLIND: "posts big blind {}",
    K.SMALL_AND_BIG_BLIND: "posts small & big blinds {}", K.STRADDLE: "posts straddle {}",
    K.BRING_IN: "brings in for {}", K.FOLD: "folds", K.CHECK: "checks", K.CALL: "calls {}", K.BET: "bets {}",
    K.UNCALLED: "gets back the uncalled {}", K.NO_SHOW: "does not show", K.CASH_OUT: "cashes out for {}",
}
