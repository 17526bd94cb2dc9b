"""The replay of one hand as a ledger a person can follow, ending with a verdict in plain words.

For a floor manager settling a disputed pot: the table at the start, each
action with the amount to call before it and the pot and every stack after it,
the cards as dealt (a stack grows by what the log says a player collected),
the pots as they were built with who could win them, each
shown hand with its evaluation, the payouts beside what the log claims, the
findings, and the verdict. :func:`ledger` gathers it as plain data (amounts
already printed as the hand prints money); :func:`explain` renders it as text
and the disputed-pot report (``soko_analytics.reports.hand``) as HTML.
"""

from __future__ import annotations

from typing import Any

from ..model.hand import ActionKind
from ..model.money import format_amount
from .audit import Audit
from .findings import Severity


def ledger(result: Audit) -> dict[str, Any]:
    """The ledger of one audited hand as plain data (see the module text)."""
    hand = result.hand
    st = hand.stakes

    def m(amount: int) -> str:
        return format_amount(amount, st.decimals, st.symbol, trim=False)

    stacks = {s.name: s.stack for s in hand.seats}
    marks: dict[int, list] = {}
    for f in result.findings:
        if f.action_index is not None:
            marks.setdefault(f.action_index, []).append(f)
    steps = []
    paid: dict[str, int] = {}  # what the log's collect lines have handed out so far
    for step in result.steps:
        if step.action.kind is ActionKind.COLLECT:
            paid[step.player] = paid.get(step.player, 0) + step.action.amount
        stacks[step.player] = step.stack + paid.get(step.player, 0)
        steps.append({
            "street": step.street, "player": step.player, "action": step.text, "to_call": m(step.to_call),
            "pot": m(step.pot), "stack": m(stacks[step.player]), "stacks": {p: m(v) for p, v in stacks.items()},
            "findings": [_finding(f) for f in marks.get(step.index, [])],
        })
    who, back = result.uncalled
    pots = []
    for i, pot in enumerate(result.pots):
        pots.append({"name": "main pot" if i == 0 else f"side pot-{i}", "amount": m(pot.amount),
                     "eligible": list(pot.eligible), "winners": {w: m(a) for w, a in pot.winners.items()},
                     "value": pot.value})
    payouts = [{"player": p, "replay": m(result.payouts.get(p, 0)), "log": m(result.collected.get(p, 0)),
                "differs": result.payouts.get(p, 0) != result.collected.get(p, 0)}
               for p in dict.fromkeys([*result.payouts, *result.collected])]
    return {
        "site": hand.site, "hand_id": hand.hand_id, "rules": hand.rules, "table": hand.table,
        "button": hand.button, "source": f"{hand.source.path}:{hand.source.line}" if hand.source else None,
        "start": str(hand.start) if hand.start else None, "time_zone": hand.time_zone,
        "seats": [{"seat": s.seat, "player": s.name, "stack": m(s.stack), "sitting_out": s.sitting_out}
                  for s in hand.seats],
        "deals": [{"street": _street(result, d.street), "player": d.player, "cards": d.text(), "up": list(d.up)}
                  for d in hand.deals if any(c is not None for c in d.cards)],
        "steps": steps,
        "uncalled": {"player": who, "amount": m(back)} if who else None,
        "pots": pots,
        "showdown": dict(result.showdown),
        "payouts": payouts,
        "rake": m(result.rake), "convention": result.convention,
        "findings": [_finding(f) for f in result.findings if f.action_index is None],
        "ok": result.ok,
        "verdict": verdict(result),
    }


def _finding(f) -> dict[str, Any]:
    return {"severity": str(f.severity), "code": str(f.code), "message": f.message, "line": f.line,
            "expected": f.expected, "actual": f.actual}


def explain(result: Audit) -> str:
    """The ledger as text (``soko audit --explain``)."""
    data = ledger(result)
    lines = [f"{data['site']} hand {data['hand_id']}: {data['rules']}"]
    where = [f"table {data['table']}" if data["table"] else "",
             f"button seat {data['button']}" if data["button"] else "",
             f"from {data['source']}" if data["source"] else ""]
    lines.append(", ".join(w for w in where if w))
    lines.append("")
    lines.append("Seats at the start")
    for seat in data["seats"]:
        lines.append(f"  seat {seat['seat']:>2}  {seat['player']:<20} {seat['stack']:>12}")
    lines.append("")
    lines.append("Cards dealt")
    for deal in data["deals"]:
        lines.append(f"  {deal['street']:<12} {deal['player'] or 'board':<20} {deal['cards']}")
    lines.append("")
    lines.append(f"  {'street':<12} {'player':<20} {'action':<44} {'to call':>10} {'pot after':>11} {'stack':>11}")
    for step in data["steps"]:
        lines.append(f"  {step['street']:<12} {step['player']:<20} {step['action']:<44} {step['to_call']:>10} "
                     f"{step['pot']:>11} {step['stack']:>11}")
        for f in step["findings"]:
            lines.append(f"      ^ {f['severity']}: {f['code']}: {f['message']}")
    if data["uncalled"]:
        lines.append(f"  uncalled {data['uncalled']['amount']} returned to {data['uncalled']['player']}")
    lines.append("")
    lines.append("Pots")
    for pot in data["pots"]:
        winners = ", ".join(f"{w} {a}" for w, a in pot["winners"].items()) or "not determined"
        best = f" with {pot['value']}" if pot["value"] else ""
        lines.append(f"  {pot['name']:<11} {pot['amount']:>11}  eligible: {', '.join(pot['eligible'])}  "
                     f"won by {winners}{best}")
    if data["showdown"]:
        lines.append("")
        lines.append("Showdown")
        for player, description in data["showdown"].items():
            lines.append(f"  {player:<20} {description}")
    lines.append("")
    lines.append(f"  {'player':<20} {'the replay pays':>16} {'the log says':>14}")
    for row in data["payouts"]:
        flag = "   <- differs" if row["differs"] else ""
        lines.append(f"  {row['player']:<20} {row['replay']:>16} {row['log']:>14}{flag}")
    lines.append(f"  rake {data['rake']}" + (f"; {data['convention']}" if data["convention"] else ""))
    if data["findings"]:
        lines.append("")
        lines.append("Findings")
        for f in data["findings"]:
            lines.append(f"  {f['severity']}: {f['code']}: {f['message']}")
    lines.append("")
    lines.append(data["verdict"])
    return "\n".join(lines) + "\n"


def verdict(result: Audit) -> str:
    """One sentence: is the hand right, and if not, what is wrong."""
    errors = [f for f in result.findings if f.severity is Severity.ERROR]
    if not errors:
        notes = sum(1 for f in result.findings if f.severity is not Severity.ERROR)
        extra = f" ({notes} note{'s' if notes != 1 else ''} above)" if notes else ""
        return f"Verdict: the hand was played and paid by the rules of {result.hand.rules}{extra}."
    codes = ", ".join(dict.fromkeys(str(f.code) for f in errors))
    return (f"Verdict: the log breaks the rules of {result.hand.rules}: {len(errors)} "
            f"error{'s' if len(errors) != 1 else ''} ({codes}); first: {errors[0].message}.")


def _street(result: Audit, street: int) -> str:
    streets = result.spec.streets
    return streets[street].name if street < len(streets) else "showdown"


__all__ = ["explain", "ledger", "verdict"]
