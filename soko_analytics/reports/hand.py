"""The disputed-pot report: one audited hand as a printable HTML page that needs no JavaScript.

It renders :func:`~soko_analytics.replay.explain.ledger` (the same ledger ``soko audit --explain``
prints): the verdict, the table at the start, the cards as dealt, the action street by street with
the pot and every stack after each action, the side pots with who was eligible, the showdown with
each hand's evaluation, the payouts beside what the log claims, every stack at the end, and the findings.
"""

from __future__ import annotations

from ..replay.audit import Audit
from ..replay.explain import ledger
from .page import NUM, esc, page, table

__all__ = ["hand_report"]


def hand_report(result: Audit) -> str:
    """The report of one audited hand (``result`` from ``audit(hand)``, with its ledger)."""
    d = ledger(result)
    players = [s["player"] for s in d["seats"]]
    title = f"{d['site']} hand {d['hand_id']}"
    meta = ", ".join(x for x in (
        esc(d["rules"]), f"table {esc(d['table'])}" if d["table"] else "",
        f"button seat {esc(d['button'])}" if d["button"] else "",
        f"{esc(d['start'])} {esc(d['time_zone'] or '')}".strip() if d["start"] else "",
        f"from {esc(d['source'])}" if d["source"] else "") if x)
    verdict = f'<p class="verdict {"ok" if d["ok"] else "bad"}"><strong>{esc(d["verdict"])}</strong></p>'
    parts = [f"<h1>{esc(title)}</h1>", f'<p class="meta">{meta}</p>', verdict]

    parts.append("<h2>The table at the start</h2>")
    parts.append(table(["seat", "player", "stack", ""],
                       [(s["seat"], s["player"], s["stack"],
                         "button" if s["seat"] == d["button"] else ("sitting out" if s["sitting_out"] else ""))
                        for s in d["seats"]], numeric=(True, False, True, False)))

    if d["deals"]:
        parts.append("<h2>Cards as dealt</h2>")
        parts.append(table(["street", "to", "cards", "face"],
                           [(x["street"], x["player"] or "board", x["cards"],
                             " ".join("up" if u else "down" for u in x["up"]) if x["player"] else "")
                            for x in d["deals"]]))

    parts.append("<h2>The action, with the pot and every stack after it</h2>")
    rows = []
    for step in d["steps"]:
        cells = [esc(step["street"]), esc(step["player"]), esc(step["action"]), esc(step["to_call"]),
                 esc(step["pot"]), *(esc(step["stacks"].get(p, "")) for p in players)]
        rows.append("<tr>" + "".join(f"<td{NUM if i >= 3 else ''}>{c}</td>" for i, c in enumerate(cells)) + "</tr>")
        for f in step["findings"]:
            rows.append(f'<tr class="finding"><td colspan="{5 + len(players)}" class="{esc(f["severity"])}">'
                        f'&#9650; {esc(f["severity"])}: <strong>{esc(f["code"])}</strong>: {esc(f["message"])}'
                        f"{_expected(f)}</td></tr>")
    head = "".join(f"<th>{esc(h)}</th>" for h in ["street", "player", "action", "to call", "pot after",
                                                  *(f"{p} stack" for p in players)])
    parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table>")
    if d["uncalled"]:
        parts.append(f"<p>Uncalled {esc(d['uncalled']['amount'])} returned to {esc(d['uncalled']['player'])}.</p>")
    if d["added"]:
        parts.append(f"<p>The house added {esc(d['added'])} to the pot.</p>")

    parts.append("<h2>Pots</h2>")
    parts.append(table(["pot", "amount", "eligible", "won by", "with"],
                       [(p["name"], p["amount"], ", ".join(p["eligible"]),
                         ", ".join(f"{w} {a}" for w, a in p["winners"].items()) or "not determined", p["with"])
                        for p in d["pots"]], numeric=(False, True, False, False, False)))
    if d["showdown"]:
        parts.append("<h2>Showdown</h2>")
        parts.append(table(["player", "hand"], list(d["showdown"].items())))

    parts.append("<h2>Payouts: the rules against the log</h2>")
    payout_rows = []
    for row in d["payouts"]:
        cls = ' class="n differs"' if row["differs"] else ' class="n"'
        payout_rows.append(f"<tr><td>{esc(row['player'])}</td><td{cls}>{esc(row['replay'])}</td>"
                           f"<td{cls}>{esc(row['log'])}</td><td>{'differs' if row['differs'] else ''}</td></tr>")
    parts.append("<table><thead><tr><th>player</th><th>the rules pay</th><th>the log says</th><th></th></tr></thead>"
                 "<tbody>" + "".join(payout_rows) + "</tbody></table>")
    parts.append(f"<p>Rake {esc(d['rake'])}" + (f" ({esc(d['convention'])})" if d["convention"] else "") + ".</p>")

    parts.append("<h2>The table at the end</h2>")
    start = {s["player"]: s["stack"] for s in d["seats"]}
    parts.append(table(["player", "stack at the start", "stack at the end"],
                       [(p, start.get(p, ""), stack) for p, stack in d["final_stacks"].items()],
                       numeric=(False, True, True)))

    findings = [f for s in d["steps"] for f in s["findings"]] + d["findings"]
    parts.append("<h2>Findings</h2>")
    if findings:
        parts.append("<ul>" + "".join(f'<li class="{esc(f["severity"])}">{esc(f["severity"])}: '
                                      f'<strong>{esc(f["code"])}</strong>: {esc(f["message"])}{_expected(f)}'
                                      f'{" (line " + esc(f["line"]) + ")" if f["line"] else ""}</li>'
                                      for f in findings) + "</ul>")
    else:
        parts.append("<p>None.</p>")
    parts.append(verdict)
    return page(title, "\n".join(parts), charts=False)


def _expected(f: dict) -> str:
    if not (f["expected"] or f["actual"]):
        return ""
    return f" (rules: {esc(f['expected'])}; log: {esc(f['actual'])})"
