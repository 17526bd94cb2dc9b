"""The replayer: one audited hand as a page, street by street, that needs no JavaScript and prints.

It renders :func:`~soko_analytics.replay.explain.ledger` (the same ledger ``soko audit --explain``
prints): the verdict, the table at the start, then each street with its cards and its actions, the pot
and every stack after each action (where the rules give a stack other than the log's, both, marked), the
findings at their actions; the pots and who won them, the showdown, the payouts beside what the log
claims, every stack at the end by the rules and by the log, and all the findings with their lines.
Amounts carry the hand's currency, findings included; conventions are in plain words.
"""

from __future__ import annotations

import re
from typing import Any

from ..model.hand import Stakes
from ..model.money import format_amount
from ..replay.audit import Audit
from ..replay.explain import ledger
from ..replay.pots import RakeConvention
from .page import NUM, esc, page, table

__all__ = ["hand_report", "plain_convention", "with_currency"]


def hand_report(result: Audit, back: tuple[str, str] | None = None) -> str:
    """The replayer page of one audited hand (``result`` from ``audit(hand)``, with its ledger); ``back``, the link
    (address, words) to the list it was opened from."""
    d = ledger(result)
    stakes = result.hand.stakes
    title = f"{d['site']} hand {d['hand_id']}"
    meta = ", ".join(x for x in (
        esc(d["rules"]), f"table {esc(d['table'])}" if d["table"] else "",
        f"button seat {esc(d['button'])}" if d["button"] else "",
        f"{esc(d['start'])} {esc(d['time_zone'] or '')}".strip() if d["start"] else "",
        f"from {esc(d['source'])}" if d["source"] else "") if x)
    said = esc(with_currency(d["verdict"], stakes))
    verdict = f'<p class="verdict {"ok" if d["ok"] else "bad"}"><strong>{said}</strong></p>'
    parts = [f'<p class="noprint"><a href="{esc(back[0])}">← {esc(back[1])}</a></p>' if back else "",
             f"<h1>{esc(title)}</h1>", f'<p class="meta">{meta}</p>', verdict]

    parts.append("<h2>The table at the start</h2>")
    parts.append(table(["seat", "player", "stack", ""],
                       [(s["seat"], s["player"], s["stack"],
                         "button" if s["seat"] == d["button"] else ("sitting out" if s["sitting_out"] else ""))
                        for s in d["seats"]], numeric=(True, False, True, False)))
    parts.extend(_streets(d, stakes))
    if d["uncalled"]:
        parts.append(f"<p>Uncalled {esc(d['uncalled']['amount'])} returned to {esc(d['uncalled']['player'])}.</p>")
    if d["added"]:
        parts.append(f"<p>The house added {esc(d['added'])} to the pot.</p>")

    parts.append('<h2 id="pots">Pots and their winners</h2>')
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
    convention = plain_convention(d["convention"]) if d["convention"] else ""
    parts.append(f"<p>Rake {esc(d['rake'])}" + (f": {esc(convention)}" if convention else "") + ".</p>")

    parts.append('<h2 id="end">The table at the end</h2>')
    start = {s["player"]: s["stack"] for s in d["seats"]}
    end_rows = []
    for row in d["end_stacks"]:
        cls = ' class="n differs"' if row["differs"] else NUM
        end_rows.append(f"<tr><td>{esc(row['player'])}</td><td{NUM}>{esc(start.get(row['player'], ''))}</td>"
                        f"<td{cls}>{esc(row['rules'])}</td><td{cls}>{esc(row['log'] or 'not stated')}</td>"
                        f"<td>{'differs' if row['differs'] else ''}</td></tr>")
    parts.append("<table><thead><tr><th>player</th><th>stack at the start</th><th>by the rules</th>"
                 "<th>as the log claims</th><th></th></tr></thead><tbody>" + "".join(end_rows) + "</tbody></table>")

    findings = [f for s in d["steps"] for f in s["findings"]] + d["findings"]
    parts.append('<h2 id="findings">Findings</h2>')
    if findings:
        parts.append("<ul>" + "".join(f'<li class="{esc(f["severity"])}">{_finding(f, stakes)}'
                                      f'{" (line " + esc(f["line"]) + ")" if f["line"] else ""}</li>'
                                      for f in findings) + "</ul>")
    else:
        parts.append("<p>None.</p>")
    parts.append(verdict)
    return page(title, "\n".join(parts), charts=False)


def _faces(up: list[bool]) -> str:
    """How a player's cards were dealt: ``down`` or ``up`` where all alike, else each card's (``down down up``)."""
    faces = ["up" if u else "down" for u in up]
    return faces[0] if len(set(faces)) == 1 else " ".join(faces)


def _streets(d: dict[str, Any], stakes: Stakes) -> list[str]:
    """One section per street: the cards dealt on it, then its actions with the pot and every stack after each."""
    players = [s["player"] for s in d["seats"]]
    names = list(dict.fromkeys([*(x["street"] for x in d["deals"]), *(s["street"] for s in d["steps"])]))
    out = []
    for name in names:
        section = [f'<section class="street" data-street="{esc(name)}"><h2>{esc(name)}</h2>']
        deals = [x for x in d["deals"] if x["street"] == name]
        if deals:
            section.append(table(["to", "cards", "face"],
                                 [(x["player"] or "board", x["cards"], _faces(x["up"]) if x["player"] else "")
                                  for x in deals]))
        steps = [s for s in d["steps"] if s["street"] == name]
        if steps:
            head = "".join(f"<th>{esc(h)}</th>" for h in
                           ["player", "action", "to call", "pot after", *(f"{p} stack" for p in players)])
            rows = []
            for step in steps:
                cells = [f"<td>{esc(step['player'])}</td><td>{esc(step['action'])}</td>",
                         f"<td{NUM}>{esc(step['to_call'])}</td><td{NUM}>{esc(step['pot'])}</td>"]
                for p in players:
                    logged = step["stacks"].get(p, "")
                    if p in step["rules_stacks"]:
                        cells.append(f'<td class="n differs" data-player="{esc(p)}" '
                                     f'data-rules="{esc(step["rules_stacks"][p])}">rules {esc(step["rules_stacks"][p])}'
                                     f"<br>log {esc(logged)}</td>")
                    else:
                        cells.append(f'<td{NUM} data-player="{esc(p)}">{esc(logged)}</td>')
                rows.append('<tr class="action">' + "".join(cells) + "</tr>")
                for f in step["findings"]:
                    rows.append(f'<tr class="finding"><td colspan="{4 + len(players)}" class="{esc(f["severity"])}">'
                                f"&#9650; {_finding(f, stakes)}</td></tr>")
            section.append(f'<div class="wide"><table class="actions"><thead><tr>{head}</tr></thead><tbody>\n'
                           + "\n".join(rows) + "\n</tbody></table></div>")
        section.append("</section>")
        out.append("\n".join(section))
    return out


def _finding(f: dict[str, Any], stakes: Stakes) -> str:
    text = (f"{esc(f['severity'])}: <strong>{esc(f['code'])}</strong>: "
            f"{esc(with_currency(f['message'], stakes))}")
    if f["expected"] or f["actual"]:
        text += (f" (the rules: {esc(with_currency(f['expected'] or '', stakes))}; "
                 f"the log: {esc(with_currency(f['actual'] or '', stakes))})")
    return text


def with_currency(text: str, stakes: Stakes) -> str:
    """A finding's text with the hand's currency on its amounts: the core prints them as exact decimals with
    no symbol (``collects 4.00``); the page prints them as the ledger does (``collects €4.00``)."""
    if not stakes.symbol or not stakes.decimals:
        return text
    amount = re.compile(rf"(?<![\w.,/#])(\d+)\.(\d{{{stakes.decimals}}})(?!\.?\d|\w)")

    def money(match: re.Match[str]) -> str:
        minor = int(match[1]) * 10**stakes.decimals + int(match[2])
        return format_amount(minor, stakes.decimals, stakes.symbol, trim=False)

    return amount.sub(money, text)


def plain_convention(text: str) -> str:
    """The core's convention (``rake main_pot_first, odd chip left of the dealer``) in plain words."""
    words = []
    for part in text.split(", "):
        if part.startswith("rake ") and part[5:] in set(RakeConvention):
            words.append(RakeConvention(part[5:]).words)
        elif part.startswith("odd chip "):
            words.append("an odd chip goes to " + _ODD_CHIP.get(part[9:], part[9:]))
        elif part.startswith("house money to the "):
            words.append(f"the house's money goes to the {part[19:]}")
        else:
            words.append(part)
    return "; ".join(words)


_ODD_CHIP = {"left of the dealer": "the first winner left of the dealer",
             "seat order": "the first winner in seat order",
             "highest card by suit": "the winner with the highest card by suit"}
"""Who gets an odd chip (the core's ``odd_chip_orders``), in words."""
