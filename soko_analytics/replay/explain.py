"""The replay of one hand as a ledger a person can follow, ending with a verdict in plain words.

For a floor manager settling a disputed pot: the table at the start, each
action with the amount to call before it and the pot and stack after it, the
pots as they were built with who could win them, each shown hand with its
evaluation, the payouts beside what the log claims, the findings, and the verdict.
"""

from __future__ import annotations

from ..model.money import format_amount
from .audit import Audit
from .findings import Severity


def explain(result: Audit) -> str:
    hand = result.hand
    st = hand.stakes

    def m(amount: int) -> str:
        return format_amount(amount, st.decimals, st.symbol, trim=False)

    lines = [f"{hand.site} hand {hand.hand_id}: {hand.rules}"]
    where = [f"table {hand.table}" if hand.table else "", f"button seat {hand.button}" if hand.button else ""]
    if hand.source:
        where.append(f"from {hand.source.path}:{hand.source.line}")
    lines.append(", ".join(w for w in where if w))
    lines.append("")
    lines.append("Seats at the start")
    for seat in hand.seats:
        lines.append(f"  seat {seat.seat:>2}  {seat.name:<20} {m(seat.stack):>12}")
    lines.append("")
    lines.append("Cards dealt")
    for deal in hand.deals:
        if any(c is not None for c in deal.cards):
            who = deal.player or "board"
            lines.append(f"  {_street(result, deal.street):<12} {who:<20} {deal.text()}")
    lines.append("")
    lines.append(f"  {'street':<12} {'player':<20} {'action':<44} {'to call':>10} {'pot after':>11} {'stack':>11}")
    marks = {}
    for f in result.findings:
        if f.action_index is not None:
            marks.setdefault(f.action_index, []).append(f)
    for step in result.steps:
        lines.append(f"  {step.street:<12} {step.player:<20} {step.text:<44} {m(step.to_call):>10} "
                     f"{m(step.pot):>11} {m(step.stack):>11}")
        for f in marks.get(step.index, []):
            lines.append(f"      ^ {f.severity}: {f.code}: {f.message}")
    who, back = result.uncalled
    if who:
        lines.append(f"  uncalled {m(back)} returned to {who}")
    lines.append("")
    lines.append("Pots")
    for i, pot in enumerate(result.pots):
        name = "main pot" if i == 0 else f"side pot-{i}"
        winners = ", ".join(f"{w} {m(a)}" for w, a in pot.winners.items()) or "not determined"
        best = f" with {pot.value}" if pot.value else ""
        lines.append(f"  {name:<11} {m(pot.amount):>11}  eligible: {', '.join(pot.eligible)}  won by {winners}{best}")
    if result.showdown:
        lines.append("")
        lines.append("Showdown")
        for player, description in result.showdown.items():
            lines.append(f"  {player:<20} {description}")
    lines.append("")
    lines.append(f"  {'player':<20} {'the replay pays':>16} {'the log says':>14}")
    for player in dict.fromkeys([*result.payouts, *result.collected]):
        paid, said = result.payouts.get(player, 0), result.collected.get(player, 0)
        flag = "" if paid == said else "   <- differs"
        lines.append(f"  {player:<20} {m(paid):>16} {m(said):>14}{flag}")
    lines.append(f"  rake {m(result.rake)}" + (f"; {result.convention}" if result.convention else ""))
    hand_level = [f for f in result.findings if f.action_index is None]
    if hand_level:
        lines.append("")
        lines.append("Findings")
        for f in hand_level:
            lines.append(f"  {f.severity}: {f.code}: {f.message}")
    lines.append("")
    lines.append(verdict(result))
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


__all__ = ["explain", "verdict"]
