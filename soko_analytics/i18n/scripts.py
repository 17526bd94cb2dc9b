"""What a page's script says, in the language spoken: the words of its ``_()`` and ``plural()`` calls.

A report's script (``reports/dashboard.js``) writes its words as ``_("Net won")``, ``_("won ({currency})",
{currency: cur})`` and ``plural(n, "{n} hand", "{n} hands")``; Babel's JavaScript extractor finds them
(:data:`KEYWORDS`) for the catalogues (:func:`soko_analytics.i18n.catalogues.template`) and for the page: the
page embeds :func:`page_words`, each message of its scripts in the language spoken, with how the language writes
numbers and dates, and its script looks them up. English embeds no words (the script's own are English).

A call inside another's arguments is not found by the extractor: write the inner one first, into a variable
(a test holds every call of the package's scripts to being found).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from babel import Locale
from babel.messages.extract import extract

from . import ENGLISH, _, current, ngettext

__all__ = ["KEYWORDS", "d3_pattern", "page_words", "script_messages"]

KEYWORDS: dict[str, Any] = {"_": None, "plural": (2, 3)}
"""A script's translated calls: ``_(message, args)``, and ``plural(n, singular, plural, args)`` (Babel's specs)."""

SCRIPT_LOCALES = {ENGLISH: "en-US"}
"""The language's tag for the browser's ``toLocaleString`` where it is not the code itself."""


@cache
def script_messages(text: str) -> tuple[str | tuple[str, ...], ...]:
    """The messages of a script's text: a ``_()``'s message, a ``plural()``'s (singular, plural)."""
    found = extract("javascript", io.BytesIO(text.encode("utf-8")), keywords=KEYWORDS)
    return tuple(message for _line, message, _comments, _context in found)


def page_words(scripts: Iterable[str]) -> dict[str, Any]:
    """What a page's scripts need to speak the language spoken: its code, the browser's locale tag, the number
    separators for Plotly (decimal, then thousands), the date, time and month patterns of Plotly's axes (d3's), and
    each message of ``scripts`` translated (``words``; ``plurals``: a singular's two forms). English: no words."""
    language = current()
    words: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    if language != ENGLISH:
        for text in scripts:
            for message in script_messages(text):
                if isinstance(message, tuple):
                    one, many = message
                    plurals[one] = [ngettext(one, many, 1), ngettext(one, many, 2)]
                else:
                    words[message] = _(message)
    return {"lang": language, "locale": SCRIPT_LOCALES.get(language, language), **_formats(language),
            "words": words, "plurals": plurals}


@cache
def _formats(language: str) -> dict[str, str]:
    """The separators of numbers (for Plotly: the decimal, then the thousands) and d3's patterns of a date, a time
    to the second and to the minute, and a month, as the language writes them."""
    if language == ENGLISH:
        return {"separators": ".,", "date": "%Y-%m-%d", "time": "%H:%M:%S", "minutes": "%H:%M", "month": "%Y-%m"}
    locale = Locale.parse(language)
    symbols = locale.number_symbols["latn"]
    return {"separators": symbols["decimal"] + symbols["group"].replace("\u00a0", " ").replace("\u202f", " "),
            "date": d3_pattern(locale.date_formats["short"].pattern),
            "time": d3_pattern(locale.time_formats["medium"].pattern),
            "minutes": d3_pattern(locale.time_formats["short"].pattern),
            "month": d3_pattern(locale.datetime_skeletons["yM"].pattern)}


_CLDR_FIELDS = {"d": "%-d", "dd": "%d", "M": "%-m", "MM": "%m", "L": "%-m", "LL": "%m", "y": "%Y", "yyyy": "%Y",
                "yy": "%y", "H": "%-H", "HH": "%H", "m": "%-M", "mm": "%M", "s": "%-S", "ss": "%S"}


def d3_pattern(cldr: str) -> str:
    """A CLDR date or time pattern (Babel's: ``d.M.y``, ``H.mm.ss``) as d3's, which Plotly's axes use
    (``%-d.%-m.%Y``, ``%-H.%M.%S``); a field it does not know is an error."""
    def field(m: re.Match[str]) -> str:
        if m.group(0) not in _CLDR_FIELDS:
            raise ValueError(f"no d3 field for the CLDR field {m.group(0)!r} in {cldr!r}")
        return _CLDR_FIELDS[m.group(0)]

    return re.sub(r"([a-zA-Z])\1*", field, cldr)
