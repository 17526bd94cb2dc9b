"""``soko rules`` and ``soko eval``: the game profiles, and hand values under a profile's ranking."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .. import api, i18n
from ..errors import SokoError, phrase
from ..i18n import _
from . import app, reporting_errors
from .output import Format, FormatOption, records, table

JsonFlag = Annotated[bool, typer.Option("--json", help=_("The same as --format json."))]


@app.command("rules")
def rules(
    profile: Annotated[
        str | None,
        typer.Argument(help=_('A profile, optionally with overrides: "soko-finnish; raise_after_pass=false".')),
    ] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", "-s", metavar="OPTION=VALUE", help=_("Override one option (repeatable).")),
    ] = None,
    fmt: FormatOption = Format.table,
    as_json: JsonFlag = False,
) -> None:
    """Show the game profiles and their options, or one resolved profile.

    With no PROFILE: the five profiles side by side (RULES.md §1) and every
    option with its default and meaning. With a PROFILE, and overrides written
    as in a log's Rules: line or with --set: the resolved game (streets,
    forced bets, who acts first, structure, every option value). As jsonl or
    csv: a row per profile, or a row per setting of the one profile.

    Example: soko rules "soko-finnish; raise_after_pass=false" --json
    """
    fmt = Format.json if as_json else fmt
    with reporting_errors():
        if profile is None:
            if set_:
                raise SokoError(phrase("--set needs a PROFILE to override"))
            overview = {"profiles": api.profiles(), "options": api.describe_options()}
            rows = [{"name": p["name"], "source": p["source"], **p["summary"]} for p in overview["profiles"]]
            if fmt is Format.table:
                _overview_tables(overview)
            else:
                records(rows, fmt, document=overview)
            return
        data = api.resolve_profile("; ".join([profile, *(set_ or [])]))
    settings = [{"setting": k, "value": v} for k, v in {**data["summary"], "hand ranking": data["ranking"],
                                                        **data["option_text"]}.items()]
    if fmt is Format.table:
        _spec_tables(data)
    else:
        records(settings, fmt, document=data)


def _overview_tables(data: dict[str, Any]) -> None:
    """The profiles side by side and every option, in the language spoken: the titles, headers, the rows' labels
    and the words (a profile's source, an option's meaning, a default or allowed values in words); the profiles'
    and options' names and values are the rules' codes, the same in every language."""
    profiles, said = data["profiles"], i18n.rule_option
    table(_("Profiles (RULES.md §1)"), [_("option"), *(p["name"] for p in profiles)],
          [[_("source"), *(i18n.pgettext("profile source", p["source"]) for p in profiles)]]
          + [[_(row), *(p["summary"][row] for p in profiles)] for row in profiles[0]["summary"]])
    table(_('Options (override: "PROFILE; option=value; ...")'), [_("option"), _("default"), _("allowed"),
                                                                  _("meaning"), "§"],
          [[o["name"], said(o["default"]), said(o["allowed"]), said(o["description"]), o["section"]]
           for o in data["options"]])


def _spec_tables(data: dict[str, Any]) -> None:
    """A profile's tables in the language spoken: its settings, streets and options (values and option names are
    the rules' codes, the same in every language)."""
    yes, no = _("yes"), _("no")
    table(_("Rules: {rules}").format(rules=data["rules"]), [_("setting"), _("value")],
          [*((_(k), v) for k, v in data["summary"].items()), (_("hand ranking"), data["ranking"])])
    heads = [_("street"), _("down"), _("up"), _("board"), _("draw"), _("turn up"), _("betting"), _("structure"),
             _("bet size"), _("open pair big bet")]
    table(_("Streets"), heads,
          [[i18n.pgettext("street", s["name"]), s["down"], s["up"], s["board"], s["draw"] or "—", s["turn_up"],
            yes if s["betting"] else no, s["structure"] or "—", s["bet_size"] or "—",
            yes if s["open_pair_big_bet"] else no] for s in data["streets"]])
    table(_("Options"), [_("option"), _("value")], data["option_text"].items())


@app.command("eval")
def eval_(
    hands: Annotated[list[str], typer.Argument(
        help=_('Hands of 5 to 7 cards (Badugi: 4), each quoted: "As Kd 7h 7c 2s".'))],
    rules: Annotated[
        str, typer.Option("--rules", "-r", help=_('The profile whose ranking applies, with overrides: "soko-finnish".'))
    ] = "holdem",
    fmt: FormatOption = Format.table,
    as_json: JsonFlag = False,
) -> None:
    """Evaluate hands under a profile's ranking and say which one wins.

    Each hand is valued by its best five cards; the table gives the class, the
    description as the logs print it, and wins / splits / loses. A card may
    appear once in a hand (hands compared may share board cards).

    Example: soko eval "Ah Kh 7h 3h 3s" "Qs Qd 9c 5h 2d" --rules soko-casino
    """
    with reporting_errors():
        data = api.evaluate_hands(hands, rules)
    fmt = Format.json if as_json else fmt
    rows = data["hands"]
    if fmt is Format.table:  # the words a person reads; JSON and CSV keep the codes
        results = {"wins": i18n.pgettext("result", "wins"), "splits": i18n.pgettext("result", "splits"),
                   "loses": i18n.pgettext("result", "loses")}
        rows = [{**h, "class": i18n.hand_class(h["class"]), "result": results[h["result"]]} for h in rows]
    headers = {"hand": i18n.pgettext("column", "hand"), "best_five": i18n.pgettext("column", "best_five"),
               "class": i18n.pgettext("column", "class"), "description": i18n.pgettext("column", "description"),
               "value": i18n.pgettext("column", "value"), "result": i18n.pgettext("column", "result")}
    title = i18n._("Rules: {rules} (ranking {ranking})").format(rules=data["rules"], ranking=data["ranking"])
    records(rows, fmt, list(headers), title=title, document=data, right=["value"], headers=headers)
