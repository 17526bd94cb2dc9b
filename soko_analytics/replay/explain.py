"""The replay of one hand as a ledger a person can follow, ending with a verdict in plain words.

For a floor manager settling a disputed pot: the table at the start, each
action with the amount to call before it and the pot and every stack after it
(a stack grows by the uncalled bet returned to it and by what the log says the
player collected; money the house adds to the pot is a line of its own), the
cards as dealt, the pots as they were built with who could win them, each
shown hand with its evaluation, the payouts beside what the log claims, every
stack at the end (the next hand at the table starts from it), the findings,
and the verdict. :func:`ledger` gathers it as plain data (amounts
already printed as the hand prints money); :func:`explain` renders it as text
and the disputed-pot report (``soko_analytics.reports.hand``) as HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import i18n
from ..errors import SokoError, phrase
from ..model.hand import FORCED, ActionKind
from ..model.ledger import ADDED_MONEY
from .audit import Audit, PotResult, pot_name
from .findings import STREET_SHOWDOWN, Severity
from .pots import plain_convention

K = ActionKind


def ledger(result: Audit) -> dict[str, Any]:
    """The ledger of one audited hand as plain data (see the module text)."""
    hand = result.hand
    st = hand.stakes

    def m(amount: int) -> str:
        return i18n.money(amount, st.decimals, st.symbol)

    marks: dict[int, list] = {}
    for f in result.findings:
        if f.action_index is not None:
            marks.setdefault(f.action_index, []).append(f)
    walked, final = walk(result)
    by_rules, rules_end = rules_stacks(result, walked, final)
    steps = [{
        "street": street_name(line.street), "player": line.player, "action": line.text,
        "to_call": m(line.to_call) if line.index is not None else "", "pot": m(line.pot),
        "stack": m(line.stacks[line.player]) if line.player in line.stacks else "",
        "stacks": {p: m(v) for p, v in line.stacks.items()},
        "rules_stacks": {p: m(v) for p, v in rules.items() if v != line.stacks.get(p)},
        "findings": [_finding(f, st.symbol) for f in marks.get(line.index, [])] if line.index is not None else [],
    } for line, rules in zip(walked, by_rules, strict=True)]
    claimed = log_end_stacks(result, final)
    who, back = result.uncalled
    pots = []
    seen: dict[int, int] = {}  # pots so far per board (a hand run twice has each pot once per board)
    for pot in result.pots:
        i = seen[pot.board] = seen.get(pot.board, -1) + 1
        name = pot_name(("main pot" if i == 0 else f"side pot-{i}") + (f" (board {pot.board})" if pot.board else ""))
        pots.append({"name": name, "amount": m(pot.amount),
                     "eligible": list(pot.eligible), "winners": {w: m(a) for w, a in pot.winners.items()},
                     "value": pot.value.said() if pot.value else None,
                     "halves": [h.text() for h in pot.halves], "with": _won_with(pot)})
    payouts = [{"player": p, "replay": m(result.payouts.get(p, 0)), "log": m(result.collected.get(p, 0)),
                "differs": result.payouts.get(p, 0) != result.collected.get(p, 0)}
               for p in dict.fromkeys([*result.payouts, *result.collected])]
    return {
        "site": hand.site, "hand_id": hand.hand_id, "rules": hand.rules, "table": hand.table,
        "button": hand.button, "source": f"{hand.source.path}:{hand.source.line}" if hand.source else None,
        "start": str(hand.start) if hand.start else None, "time_zone": hand.time_zone,
        "seats": [{"seat": s.seat, "player": s.name, "stack": m(s.stack), "sitting_out": s.sitting_out}
                  for s in hand.seats],
        "deals": [{"street": street_name(_street(result, d.street)), "player": d.player, "cards": d.text(),
                   "up": list(d.up)}
                  for d in hand.deals if any(c is not None for c in d.cards)],
        "steps": steps,
        "uncalled": {"player": who, "amount": m(back)} if who else None,
        "added": m(result.added) if result.added else None,
        "pots": pots,
        "showdown": {p: d.said() for p, d in result.showdown.items()},
        "payouts": payouts,
        "rake": m(result.rake), "convention": result.convention,
        "final_stacks": {p: m(v) for p, v in final.items()},
        "end_stacks": [{"player": p, "rules": m(v), "log": m(claimed[p]) if p in claimed else None,
                        "differs": p in claimed and claimed[p] != v}
                       for p, v in rules_end.items()],
        "findings": [_finding(f, st.symbol) for f in result.findings if f.action_index is None],
        "ok": result.ok,
        "verdict": verdict(result),
    }


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the ledger in minor units: an action of the log, or a movement the log implies."""

    index: int | None
    """Index of the log's action, or None for a line the ledger adds (an uncalled bet the log does not
    print, money the house adds)."""
    street: str
    player: str
    text: str
    to_call: int
    pot: int
    """What is in the pot after the line: the players' chips, the house's money, less what has come back
    or been collected."""
    stacks: dict[str, int]
    """Every player's stack after the line."""


def walk(result: Audit) -> tuple[list[Line], dict[str, int]]:
    """The ledger's lines and every seated player's stack at the end, in minor units.

    A stack is the replay's chips behind plus what came back to the player by the log's lines: an
    uncalled bet (``gets back the uncalled``, or, when the log prints no such line, the replay's
    return, as a line of its own before the showdown), what he collected, what the site paid for a
    cash-out. The pot is what the players put in plus the money the house added (STP, as a line of
    its own after the forced bets), less what came back and what was collected: after the last
    collect, what is left is the rake.
    """
    hand = result.hand
    if hand.actions and not result.steps:
        raise SokoError(phrase("the ledger needs the audit's steps: audit(hand, ledger=True)"), hand_id=hand.hand_id)
    stacks = {s.name: s.stack for s in hand.seats}
    behind = dict(stacks)  # chips behind at the table, as the replay last left them
    back: dict[str, int] = {}  # what came back to each player: uncalled bets, collects, cash-outs
    lines: list[Line] = []
    logged = any(a.kind is K.UNCALLED for a in hand.actions)
    owed = result.uncalled if result.uncalled[0] and not logged else None
    house_due, house, out, pot = result.added, 0, 0, 0

    def line(index: int | None, street: str, player: str, text: str, to_call: int = 0) -> None:
        lines.append(Line(index, street, player, text, to_call, pot + house - out, dict(stacks)))

    def give(player: str, amount: int, from_pot: bool) -> None:
        nonlocal out
        back[player] = back.get(player, 0) + amount
        out += amount if from_pot else 0
        stacks[player] = behind.get(player, 0) + back[player]

    for step in result.steps:
        kind = step.action.kind
        if house_due and kind not in FORCED:
            house, house_due = house_due, 0
            line(None, step.street, HOUSE, _house_text(result))
        if owed and kind in _AFTER_BETTING:
            give(str(owed[0]), owed[1], from_pot=True)
            line(None, step.street, str(owed[0]), _uncalled_text(result, owed[1]))
            owed = None
        pot = step.pot
        if step.stack is not None:
            behind[step.player] = step.stack
        if kind in (K.UNCALLED, K.COLLECT, K.CASH_OUT):
            give(step.player, step.action.amount, from_pot=kind is not K.CASH_OUT)
        elif kind is K.INSURANCE:  # outside the pot: the premium paid, the payout received
            give(step.player, step.action.amount - step.action.fee, from_pot=False)
        elif step.player in stacks:
            stacks[step.player] = behind.get(step.player, 0) + back.get(step.player, 0)
        line(step.index, step.street, step.player, step.text, step.to_call)
    street = lines[-1].street if lines else STREET_SHOWDOWN
    if house_due:
        house = house_due
        line(None, street, HOUSE, _house_text(result))
    if owed:
        give(str(owed[0]), owed[1], from_pot=True)
        line(None, street, str(owed[0]), _uncalled_text(result, owed[1]))
    if not any(a.kind is K.COLLECT for a in hand.actions):
        # A log that states no collects (PHH states the stacks after the hand): the replay's payouts.
        for player, amount in result.payouts.items():
            give(player, amount, from_pot=True)
            line(None, STREET_SHOWDOWN, player,
                 i18n._("is paid {amount} (by the replay)").format(amount=_money(result, amount)))
    return lines, stacks


def rules_stacks(result: Audit, lines: list[Line],
                 final: dict[str, int]) -> tuple[list[dict[str, int]], dict[str, int]]:
    """Every stack after each line and at the end as the rules give them, beside :func:`walk`'s.

    :func:`walk` moves the money the log's ``collected`` and ``uncalled`` lines name; the rules move
    the replay's payouts and uncalled bet instead. A player who collects in several lines (a side pot
    then the main pot, each board of a run twice) is given by the rules what the log's lines give him as
    long as the rules owe him that much, and at his last such line whatever the rules still owe him: a
    stack differs from the log's only where the money does. What the rules pay a player the log pays
    nothing is his at the end.
    """
    actions = result.hand.actions
    who, amount = result.uncalled
    owed = {K.COLLECT: dict(result.payouts), K.UNCALLED: {str(who): amount} if who else {}}
    last: dict[tuple[Any, str], int] = {}
    for n, line in enumerate(lines):
        kind = actions[line.index].kind if line.index is not None else None
        if kind in owed:
            last[(kind, line.player)] = n
    given: dict[tuple[Any, str], tuple[int, int]] = {}  # (by the rules, by the log) so far
    shift: dict[str, int] = {}
    out = []
    for n, line in enumerate(lines):
        kind = actions[line.index].kind if line.index is not None else None
        if kind in owed:
            key = (kind, line.player)
            rules, log = given.get(key, (0, 0))
            due = owed[kind].get(line.player, 0)
            log += _moved(result, line.index)
            now = due if last[key] == n else min(log, due)
            shift[line.player] = shift.get(line.player, 0) + (now - rules) - _moved(result, line.index)
            given[key] = (now, log)
        out.append({p: v + shift.get(p, 0) for p, v in line.stacks.items()})
    kinds = {a.kind for a in actions}
    for kind, dues in owed.items():
        if kind in kinds:  # else walk already moved the rules' amounts
            for player, due in dues.items():
                if (kind, player) not in given:
                    shift[player] = shift.get(player, 0) + due
    return out, {p: v + shift.get(p, 0) for p, v in final.items()}


def log_end_stacks(result: Audit, final: dict[str, int]) -> dict[str, int]:
    """Every stack at the end as the log claims it: the stacks it states (PHH), or :func:`walk`'s, which
    move the money the log's lines name; empty for a log that claims neither."""
    hand = result.hand
    if hand.finishing_stacks:
        return {s.name: v for s, v in zip(hand.seats, hand.finishing_stacks, strict=False)}
    if any(a.kind is K.COLLECT for a in hand.actions):
        return dict(final)
    return {}


def _moved(result: Audit, index: int | None) -> int:
    return result.hand.actions[index].amount if index is not None else 0


HOUSE = "the house"
"""Who a line of money added by the site names (in the ledger: :func:`_house`)."""
_AFTER_BETTING = frozenset({K.SHOW, K.MUCK, K.NO_SHOW, K.COLLECT, K.CASH_OUT, K.INSURANCE})


def _money(result: Audit, amount: int) -> str:
    st = result.hand.stakes
    return i18n.money(amount, st.decimals, st.symbol)


def _house_text(result: Audit) -> str:
    labels = "/".join(label for label, amount in result.hand.extras if label in ADDED_MONEY and amount)
    return i18n._("adds {amount} to the pot ({labels})").format(amount=_money(result, result.added),
                                                                 labels=labels or i18n._("added money"))


def _uncalled_text(result: Audit, amount: int) -> str:
    return i18n._("gets back the uncalled {amount} (no line in the log)").format(amount=_money(result, amount))


def street_name(name: str) -> str:
    """A street's name (``FLOP``, ``3rd STREET``, ``showdown``: the core's and the logs' names) in the language
    spoken."""
    return i18n.pgettext("street", name)


def _won_with(pot: PotResult) -> str:
    """The winning hand of a pot, or of each half of a hi/lo pot: ``HI: Matti with a straight, Three to Seven;
    LO: Eero with 6,5,3,2,A``."""
    if not pot.halves:
        return pot.value.said() if pot.value else ""
    text = "; ".join(h.text() for h in pot.halves)
    return text + (i18n._(" (no low qualifies: the whole pot)") if len(pot.halves) == 1 else "")


def _finding(f, symbol: str) -> dict[str, Any]:
    return {"severity": str(f.severity), "code": str(f.code), "message": f.text(symbol), "line": f.line,
            "expected": f.expected_text(symbol), "actual": f.actual_text(symbol)}


def explain(result: Audit) -> str:
    """The ledger as text (``soko audit --explain``), in the language spoken."""
    data = ledger(result)
    _, L = i18n._, labels()
    lines = [_("{site} hand {hand_id}: {rules}").format(site=data["site"], hand_id=data["hand_id"],
                                                         rules=data["rules"])]
    where = [_("table {table}").format(table=data["table"]) if data["table"] else "",
             _("button seat {seat}").format(seat=data["button"]) if data["button"] else "",
             _("from {source}").format(source=data["source"]) if data["source"] else ""]
    lines += [", ".join(w for w in where if w), "", _("Seats at the start")]
    for seat in data["seats"]:
        lines.append(f"  {L['seat']} {seat['seat']:>2}  {seat['player']:<20} {seat['stack']:>12}")
    lines += ["", _("Cards dealt")]
    w = max([12, *(len(row["street"]) for row in (*data["deals"], *data["steps"]))])  # DEALING HANDS: 13
    for deal in data["deals"]:
        lines.append(f"  {deal['street']:<{w}} {deal['player'] or L['board']:<20} {deal['cards']}")
    lines.append("")
    lines.append(f"  {L['street']:<{w}} {L['player']:<20} {L['action']:<44} {L['to call']:>10} "
                 f"{L['pot after']:>11} {L['stack']:>11}")
    for step in data["steps"]:
        lines.append(f"  {step['street']:<{w}} {step['player']:<20} {step['action']:<44} {step['to_call']:>10} "
                     f"{step['pot']:>11} {step['stack']:>11}")
        lines += [f"      ^ {severity_word(f['severity'])}: {f['code']}: {f['message']}" for f in step["findings"]]
    if data["uncalled"]:
        lines.append("  " + _("uncalled {amount} returned to {player}").format(**data["uncalled"]))
    if data["added"]:
        lines.append("  " + _("the house added {amount} to the pot").format(amount=data["added"]))
    lines += ["", _("Pots")]
    for pot in data["pots"]:
        winners = ", ".join(f"{w} {a}" for w, a in pot["winners"].items()) or _("not determined")
        best = f": {pot['with']}" if pot["halves"] else (_(" with {hand}").format(hand=pot["value"])
                                                         if pot["value"] else "")
        lines.append(f"  {pot['name']:<11} {pot['amount']:>11}  " + _("eligible: {players}  won by {winners}").format(
            players=", ".join(pot["eligible"]), winners=winners) + best)
    if data["showdown"]:
        lines += ["", _("Showdown")]
        lines += [f"  {player:<20} {description}" for player, description in data["showdown"].items()]
    lines.append("")
    lines.append(f"  {L['player']:<20} {L['the replay pays']:>16} {L['the log says']:>14}")
    for row in data["payouts"]:
        flag = "   " + _("<- differs") if row["differs"] else ""
        lines.append(f"  {row['player']:<20} {row['replay']:>16} {row['log']:>14}{flag}")
    convention = data["convention"] if i18n.current() == i18n.ENGLISH else plain_convention(data["convention"])
    lines.append("  " + _("rake {amount}").format(amount=data["rake"]) + (f"; {convention}" if convention else ""))
    lines += ["", _("Stacks at the end")]
    lines += [f"  {player:<20} {stack:>12}" for player, stack in data["final_stacks"].items()]
    if data["findings"]:
        lines += ["", _("Findings")]
        lines += [f"  {severity_word(f['severity'])}: {f['code']}: {f['message']}" for f in data["findings"]]
    lines += ["", data["verdict"]]
    return "\n".join(lines) + "\n"


def labels() -> dict[str, str]:
    """The ledger's and its report's headers and labels by their English words, in the language spoken."""
    return {
        "seat": i18n.pgettext("ledger", "seat"),
        "board": i18n.pgettext("ledger", "board"),
        "street": i18n.pgettext("ledger", "street"),
        "player": i18n.pgettext("ledger", "player"),
        "action": i18n.pgettext("ledger", "action"),
        "to call": i18n.pgettext("ledger", "to call"),
        "pot after": i18n.pgettext("ledger", "pot after"),
        "stack": i18n.pgettext("ledger", "stack"),
        "the replay pays": i18n.pgettext("ledger", "the replay pays"),
        "the log says": i18n.pgettext("ledger", "the log says"),
        "amount": i18n.pgettext("ledger", "amount"),
        "as the log claims": i18n.pgettext("ledger", "as the log claims"),
        "button": i18n.pgettext("ledger", "button"),
        "by the rules": i18n.pgettext("ledger", "by the rules"),
        "cards": i18n.pgettext("ledger", "cards"),
        "differs": i18n.pgettext("ledger", "differs"),
        "down": i18n.pgettext("ledger", "down"),
        "eligible": i18n.pgettext("ledger", "eligible"),
        "face": i18n.pgettext("ledger", "face"),
        "hand": i18n.pgettext("ledger", "hand"),
        "pot": i18n.pgettext("ledger", "pot"),
        "sitting out": i18n.pgettext("ledger", "sitting out"),
        "stack at the start": i18n.pgettext("ledger", "stack at the start"),
        "the rules pay": i18n.pgettext("ledger", "the rules pay"),
        "to": i18n.pgettext("ledger", "to"),
        "up": i18n.pgettext("ledger", "up"),
        "with": i18n.pgettext("ledger", "with"),
        "won by": i18n.pgettext("ledger", "won by"),
    }


def severity_word(severity: str) -> str:
    """A finding's severity in words (``error``: ``virhe``), in the language spoken; the code beside it stays."""
    words = {"error": i18n.pgettext("severity", "error"), "warning": i18n.pgettext("severity", "warning"),
             "info": i18n.pgettext("severity", "info")}
    return words.get(severity, severity)


def verdict(result: Audit) -> str:
    """One sentence: is the hand right, and if not, what is wrong (in the language spoken)."""
    errors = [f for f in result.findings if f.severity is Severity.ERROR]
    rules = result.hand.rules
    if not errors:
        notes = sum(1 for f in result.findings if f.severity is not Severity.ERROR)
        extra = i18n.ngettext(" ({n} note above)", " ({n} notes above)", notes).format(n=notes) if notes else ""
        return i18n._("Verdict: the hand was played and paid by the rules of {rules}{notes}.").format(
            rules=rules, notes=extra)
    codes = ", ".join(dict.fromkeys(str(f.code) for f in errors))
    return i18n.ngettext("Verdict: the log breaks the rules of {rules}: {n} error ({codes}); first: {first}.",
                         "Verdict: the log breaks the rules of {rules}: {n} errors ({codes}); first: {first}.",
                         len(errors)).format(rules=rules, n=len(errors), codes=codes,
                                             first=errors[0].text(result.hand.stakes.symbol).rstrip("."))


def _street(result: Audit, street: int) -> str:
    streets = result.spec.streets
    return streets[street].name if street < len(streets) else "showdown"


__all__ = ["explain", "labels", "ledger", "severity_word", "verdict"]
