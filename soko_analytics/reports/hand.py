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

from .. import i18n
from ..model.hand import Stakes
from ..replay.audit import Audit
from ..replay.explain import labels, ledger, severity_word
from ..replay.pots import plain_convention
from .page import NUM, esc, page, table

__all__ = ["hand_report", "with_currency"]


def hand_report(result: Audit, back: tuple[str, str] | None = None) -> str:
    """The replayer page of one audited hand (``result`` from ``audit(hand)``, with its ledger); ``back``, the link
    (address, words) to the list it was opened from."""
    d = ledger(result)
    stakes = result.hand.stakes
    _, W = i18n._, labels()
    title = _("{site} hand {hand_id}").format(site=d["site"], hand_id=d["hand_id"])
    meta = ", ".join(x for x in (
        esc(d["rules"]), esc(_("table {table}").format(table=d["table"])) if d["table"] else "",
        esc(_("button seat {seat}").format(seat=d["button"])) if d["button"] else "",
        f"{esc(_start(result))} {esc(d['time_zone'] or '')}".strip() if d["start"] else "",
        esc(_("from {source}").format(source=d["source"])) if d["source"] else "") if x)
    said = esc(with_currency(d["verdict"], stakes))
    differs, not_stated = W["differs"], _("not stated")
    verdict = f'<p class="verdict {"ok" if d["ok"] else "bad"}"><strong>{said}</strong></p>'
    parts = [f'<p class="noprint"><a href="{esc(back[0])}">← {esc(back[1])}</a></p>' if back else "",
             f"<h1>{esc(title)}</h1>", f'<p class="meta">{meta}</p>', verdict]

    parts.append("<h2>" + esc(_("The table at the start")) + "</h2>")
    parts.append(table([W["seat"], W["player"], W["stack"], ""],
                       [(s["seat"], s["player"], s["stack"],
                         W["button"] if s["seat"] == d["button"]
                         else (W["sitting out"] if s["sitting_out"] else ""))
                        for s in d["seats"]], numeric=(True, False, True, False)))
    parts.extend(_streets(d, stakes))
    if d["uncalled"]:
        parts.append("<p>" + esc(_("Uncalled {amount} returned to {player}.").format(**d["uncalled"])) + "</p>")
    if d["added"]:
        parts.append("<p>" + esc(_("The house added {amount} to the pot.").format(amount=d["added"])) + "</p>")

    parts.append('<h2 id="pots">' + esc(_("Pots and their winners")) + "</h2>")
    parts.append(table([W["pot"], W["amount"], W["eligible"], W["won by"],
                        W["with"]],
                       [(pot["name"], pot["amount"], ", ".join(pot["eligible"]),
                         ", ".join(f"{w} {a}" for w, a in pot["winners"].items()) or _("not determined"), pot["with"])
                        for pot in d["pots"]], numeric=(False, True, False, False, False)))
    if d["showdown"]:
        parts.append("<h2>" + esc(_("Showdown")) + "</h2>")
        parts.append(table([W["player"], W["hand"]], list(d["showdown"].items())))

    parts.append("<h2>" + esc(_("Payouts: the rules against the log")) + "</h2>")
    payout_rows = []
    for row in d["payouts"]:
        cls = ' class="n differs"' if row["differs"] else ' class="n"'
        payout_rows.append(f"<tr><td>{esc(row['player'])}</td><td{cls}>{esc(row['replay'])}</td>"
                           f"<td{cls}>{esc(row['log'])}</td><td>{esc(differs) if row['differs'] else ''}</td></tr>")
    parts.append(_head([W["player"], W["the rules pay"], W["the log says"], ""])
                 + "<tbody>" + "".join(payout_rows) + "</tbody></table>")
    convention = plain_convention(d["convention"]) if d["convention"] else ""
    rake = _("Rake {amount}: {convention}.") if convention else _("Rake {amount}.")
    parts.append(f"<p>{esc(rake.format(amount=d['rake'], convention=convention))}</p>")

    parts.append('<h2 id="end">' + esc(_("The table at the end")) + "</h2>")
    start = {s["player"]: s["stack"] for s in d["seats"]}
    end_rows = []
    for row in d["end_stacks"]:
        cls = ' class="n differs"' if row["differs"] else NUM
        end_rows.append(f"<tr><td>{esc(row['player'])}</td><td{NUM}>{esc(start.get(row['player'], ''))}</td>"
                        f"<td{cls}>{esc(row['rules'])}</td><td{cls}>{esc(row['log'] or not_stated)}</td>"
                        f"<td>{esc(differs) if row['differs'] else ''}</td></tr>")
    parts.append(_head([W["player"], W["stack at the start"], W["by the rules"],
                        W["as the log claims"], ""]) + "<tbody>" + "".join(end_rows) + "</tbody></table>")

    findings = [f for s in d["steps"] for f in s["findings"]] + d["findings"]
    parts.append('<h2 id="findings">' + esc(_("Findings")) + "</h2>")
    if findings:
        parts.append("<ul>" + "".join(f'<li class="{esc(f["severity"])}">{_finding(f, stakes)}'
                                      + (esc(_(" (line {line})").format(line=f["line"])) if f["line"] else "")
                                      + "</li>" for f in findings) + "</ul>")
    else:
        parts.append("<p>" + esc(_("None.")) + "</p>")
    parts.append(verdict)
    return page(title, "\n".join(parts), charts=False, lang=i18n.current())


def _start(result: Audit) -> str:
    """When the hand started, as the language writes a date and time (English: as the log wrote it)."""
    start = result.hand.start
    return str(start) if start is None or i18n.current() == i18n.ENGLISH else i18n.datetime(start)


def _head(columns: list[str]) -> str:
    """A table's start and its header row."""
    return "<table><thead><tr>" + "".join(f"<th>{esc(c)}</th>" for c in columns) + "</tr></thead>"


def _faces(up: list[bool]) -> str:
    """How a player's cards were dealt: ``down`` or ``up`` where all alike, else each card's (``down down up``)."""
    W = labels()
    faces = [W["up"] if u else W["down"] for u in up]
    return faces[0] if len(set(faces)) == 1 else " ".join(faces)


def _streets(d: dict[str, Any], stakes: Stakes) -> list[str]:
    """One section per street: the cards dealt on it, then its actions with the pot and every stack after each."""
    players = [s["player"] for s in d["seats"]]
    W = labels()
    names = list(dict.fromkeys([*(x["street"] for x in d["deals"]), *(s["street"] for s in d["steps"])]))
    out = []
    for name in names:
        section = [f'<section class="street" data-street="{esc(name)}"><h2>{esc(name)}</h2>']
        deals = [x for x in d["deals"] if x["street"] == name]
        if deals:
            section.append(table([W["to"], W["cards"],
                                  W["face"]],
                                 [(x["player"] or W["board"], x["cards"],
                                   _faces(x["up"]) if x["player"] else "") for x in deals]))
        steps = [s for s in d["steps"] if s["street"] == name]
        if steps:
            head = "".join(f"<th>{esc(h)}</th>" for h in
                           [W["player"], W["action"],
                            W["to call"], W["pot after"],
                            *(i18n._("{player} stack").format(player=p) for p in players)])
            rows = []
            for step in steps:
                cells = [f"<td>{esc(step['player'])}</td><td>{esc(step['action'])}</td>",
                         f"<td{NUM}>{esc(step['to_call'])}</td><td{NUM}>{esc(step['pot'])}</td>"]
                for p in players:
                    logged = step["stacks"].get(p, "")
                    if p in step["rules_stacks"]:
                        by_rules = i18n._("rules {stack}").format(stack=step["rules_stacks"][p])
                        by_log = i18n._("log {stack}").format(stack=logged)
                        cells.append(f'<td class="n differs" data-player="{esc(p)}" '
                                     f'data-rules="{esc(step["rules_stacks"][p])}">{esc(by_rules)}'
                                     f"<br>{esc(by_log)}</td>")
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
    text = (f"{esc(severity_word(f['severity']))}: <strong>{esc(f['code'])}</strong>: "
            f"{esc(with_currency(f['message'], stakes))}")
    if f["expected"] or f["actual"]:
        text += esc(i18n._(" (the rules: {expected}; the log: {actual})").format(
            expected=with_currency(f["expected"] or "", stakes), actual=with_currency(f["actual"] or "", stakes)))
    return text


def with_currency(text: str, stakes: Stakes) -> str:
    """A finding's text with the hand's currency on its amounts: the core prints them as exact decimals with
    no symbol (``collects 4.00``); the page prints them as the ledger does (``collects €4.00``)."""
    if not stakes.symbol or not stakes.decimals:
        return text
    amount = re.compile(rf"(?<![\w.,/#])(\d+)\.(\d{{{stakes.decimals}}})(?!\.?\d|\w)")

    def money(match: re.Match[str]) -> str:
        minor = int(match[1]) * 10**stakes.decimals + int(match[2])
        return i18n.money(minor, stakes.decimals, stakes.symbol)

    return amount.sub(money, text)
