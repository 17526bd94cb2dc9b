"""The language soko speaks to a person: English, Finnish or Swedish (``--lang``, ``SOKO_LANG``, the locale).

Messages are gettext catalogues (``locale/<lang>/LC_MESSAGES/soko.po``, compiled to ``soko.mo`` beside it, both
kept by ``python -m soko_analytics.i18n.catalogues``); the texts the core writes (a hand's description) come as a
template and its words, translated here. Numbers, money and dates follow the language's conventions through
Babel (``1 234,50 €``, ``5.12.2026``). English is the messages as written in the code and the formats soko has
always printed, so that an English output is unchanged by this module.

Only what a person reads changes with the language: finding codes, JSON and CSV field names, column names and the
store never do. How to add a language: docs/i18n.md.
"""

from __future__ import annotations

import datetime as dt
import gettext as _gettext
import json
import os
from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

from .. import _core
from ..errors import Phrase, SokoError, phrase
from ..model.money import format_amount

LANGUAGES: dict[str, str] = {"en": "English", "fi": "suomi", "sv": "svenska"}
"""The languages soko speaks, by code, each named in itself."""
ENGLISH = "en"
DOMAIN = "soko"
"""The catalogues' gettext domain."""
LOCALE_DIR = Path(__file__).with_name("locale")
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The POSIX locale's variables, in the order they decide the language of messages."""

_current = ENGLISH


class LanguageError(SokoError):
    """A language soko does not speak, named by ``--lang`` or ``SOKO_LANG``."""


def resolve(choice: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: ``choice`` (``--lang``), else ``SOKO_LANG``, else the locale's (the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set: ``fi_FI.UTF-8`` is Finnish; a language soko does not
    speak, ``C`` or ``POSIX`` is English), else English. An unknown ``choice`` or ``SOKO_LANG`` is an error."""
    for given, where in ((choice, "--lang"), (environ.get("SOKO_LANG"), "SOKO_LANG")):
        if given:
            code = given.strip().lower()
            if code not in LANGUAGES:
                raise LanguageError(phrase("{where} {given!r} is not a language soko speaks", where=where, given=given),
                                    expected=" or ".join(LANGUAGES), actual=given)
            return code
    for name in LOCALE_VARIABLES:
        value = environ.get(name)
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else ENGLISH
    return ENGLISH


def use(language: str | None = None) -> str:
    """Speak ``language`` (resolved by :func:`resolve`) from now on; the language spoken."""
    global _current
    _current = resolve(language)
    return _current


def current() -> str:
    """The language spoken now."""
    return _current


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalogue of a language (English: the messages as written)."""
    if language == ENGLISH:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, [language])


def _(message: str) -> str:
    """``message`` in the language spoken."""
    return translations(_current).gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """``message`` itself, marked for the catalogues: a name kept as data (a unit, a stat's label) that is said in
    the language spoken where it is shown, through :func:`_`."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` of a ``context`` (``rank``, ``hand``: the same English word may be two words elsewhere)."""
    return translations(_current).pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural form of a message for ``n``, in the language spoken."""
    return translations(_current).ngettext(singular, plural, n)


def describe(template: str, words: Sequence[tuple[str, str]]) -> str:
    """A hand's description from the core's template and words (``_core.describe_words``), in the language
    spoken: ``("two pair, {0} and {1}", [("ranks", "Aces"), ("ranks", "Kings")])`` → ``kaksi paria, ässät ja
    kuninkaat``."""
    return pgettext("hand", template).format(*(w if kind == "chars" else pgettext(kind, w) for kind, w in words))


def said(message: str, template: str | None, args: Sequence[Sequence], symbol: str = "",
         context: str = "finding") -> str:
    """A message of the core in the language spoken (a finding's: ``Finding.template``, ``Finding.args``; a refused
    rules text's, ``context`` ``rules``), from its template and arguments (name, kind, English text, data), its
    amounts with ``symbol`` (the core writes them bare); English, or a message without a template, is ``message``
    as the core wrote it."""
    if _current == ENGLISH or not template:
        return message
    return pgettext(context, template).format(**{name: _argument(kind, english, data, symbol)
                                                  for name, kind, english, data in args})


def say(text: str) -> str:
    """``text`` in the language spoken: a :class:`~soko_analytics.errors.Phrase` said from its template and
    arguments (each argument that is a Phrase said too), a plain text as its catalogue gives it (a text no
    catalogue has stays as it is)."""
    if not isinstance(text, Phrase):
        return _(text) if text else text
    if text.context is not None:
        return said(str(text), text.template, text.args["core"], context=text.context)
    args = {name: say(value) if isinstance(value, Phrase) else value for name, value in text.args.items()}
    if text.many is None:
        return _(text.template).format(**args)
    return ngettext(text.template, text.many, text.args["n"]).format(**{**args, "n": number(text.args["n"])})


def say_error(err: SokoError) -> str:
    """An error in the language spoken: its reason, what was expected and what was found, and its frame's words
    (``hand``, ``expected``)."""
    return err.text(say)


def _argument(kind: str, english: str, data: object, symbol: str) -> str:
    """One argument of a finding's message in the language spoken (see ``replay.findings.Arg``)."""
    if kind == "money" and isinstance(data, Sequence):
        minor, decimals, own = data
        return money(int(minor), int(decimals), str(own) or symbol)
    if kind == "number" and isinstance(data, int):
        return number(data)
    if kind == "count" and isinstance(data, Sequence):  # the core counts cards only
        return ngettext("{n} card", "{n} cards", int(data[0])).format(n=number(int(data[0])))
    if kind == "term" and isinstance(data, str):
        return pgettext(data, english)
    if kind == "hand" and isinstance(data, Sequence):
        return describe(str(data[0]), [(str(k), str(w)) for k, w in data[1]])
    if kind == "said" and isinstance(data, Sequence):  # a message inside: [context, template, args]
        return said(english, str(data[1]), data[2], symbol, context=str(data[0]))
    return english


def hand_class(code: str) -> str:
    """A hand class's name (``two_pair``) in the language spoken; English keeps the code."""
    return pgettext("hand class", code)


def _babel_locale() -> Locale:
    return Locale.parse(_current)


def number(value: int | float | Decimal, decimals: int | None = None) -> str:
    """A number as the language writes it (``1 234,5``); ``decimals`` fixes the digits after the point."""
    if _current == ENGLISH:
        return f"{value:,.{decimals}f}" if decimals is not None else f"{value:,}"
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_babel_locale(), decimal_quantization=decimals is not None)


def money(minor: int, decimals: int, symbol: str = "", grouped: bool = False) -> str:
    """An amount in integer minor units as the language writes money: English as soko has always printed it
    (``€1234.50``, ``grouped``: ``€1,234.50``), Finnish and Swedish as they write it, grouped, the symbol after
    (``1 234,50 €``). Exact: no float on the way."""
    if _current == ENGLISH:
        return format_amount(minor, decimals, symbol, trim=False, grouped=grouped)
    text = number(Decimal(minor).scaleb(-decimals), decimals)
    return f"{text}\u00a0{symbol}" if symbol else text


def date(value: dt.date) -> str:
    """A date as the language writes it (``5.12.2026``; English: ISO ``2026-12-05``)."""
    return value.isoformat() if _current == ENGLISH else format_date(value, "short", locale=_babel_locale())


def datetime(value: dt.datetime, seconds: bool = True) -> str:
    """A date and time as the language writes it (``5.12.2026 14.03``; English: ``2026-12-05 14:03:00``, without
    ``seconds`` ``2026-12-05 14:03``)."""
    if _current == ENGLISH:
        return str(value) if seconds else value.strftime("%Y-%m-%d %H:%M")
    return format_datetime(value, "short", locale=_babel_locale())


def core_messages() -> list[tuple[str, str]]:
    """The messages the core writes, as (context, English text): each description's template and each rank's
    names, alone and as a set (``_core.DESCRIPTION_TEMPLATES``, ``_core.RANK_WORDS``), the hand classes, the
    actions' kinds (a finding's ``{player} {kind}``), the
    streets of every game profile (``FLOP``, ``3rd STREET``) with the showdown, and the words of the rules'
    options and profiles (:func:`rule_words`)."""
    from .._vocab import ActionKind, HandClass

    return ([("hand", t) for t in _core.DESCRIPTION_TEMPLATES]
            + [("rank", one) for one, _many in _core.RANK_WORDS]
            + [("ranks", many) for _one, many in _core.RANK_WORDS]
            + [("hand class", c.name.lower()) for c in HandClass]
            + [("kind", k.value) for k in ActionKind]
            + [("street", name) for name in street_names()]
            + rule_words())


def rule_words() -> list[tuple[str, str]]:
    """The words the core says of the rules (``soko rules``' overview), as (context, English): each option's
    meaning, its default where the profile or the other options decide it (``set by the profile``, ``4 under
    fixed_limit, else unlimited``) and its allowed values where they are not a list of codes (``integer ≥ 2``),
    context ``rule option`` (:func:`rule_option`); each profile's source (``seed 000 (Finnish home rules)``), context
    ``profile source``. The options' names and values are codes, the same in every language."""
    words: dict[str, None] = {}
    for _name, _type, default_kind, default, allowed, choices, *_, meaning, _section in _core.RULE_OPTIONS:
        words.update(dict.fromkeys([meaning, *([default] if default_kind != "fixed" else []),
                                    *([allowed] if not choices else [])]))
    sources = dict.fromkeys(profile["source"] for profile in json.loads(_core.rule_profiles()))
    return [("rule option", w) for w in words] + [("profile source", s) for s in sources]


def rule_option(text: str) -> str:
    """A text of a rule option (its meaning, default or allowed values, :func:`rule_words`) in the language spoken;
    a code (``standard``, ``true | false``) stays as it is."""
    return pgettext("rule option", text)


def street_names() -> list[str]:
    """Every street's name of every game profile (the core's), then ``showdown``."""
    names = {street["name"] for profile in json.loads(_core.rule_profiles())
             for street in json.loads(_core.resolve_spec(profile["name"]))["streets"]}
    return [*sorted(names), _core.STREET_SHOWDOWN]
