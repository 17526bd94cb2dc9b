"""Money as integer minor units, parsed from and printed as the logs write it.

A hand's amounts share one scale: ``decimals`` digits after the point (2 for
cash games in a currency, 0 for tournament and play chips). ``$1.25`` at two
decimals is 125; ``1500`` chips at zero decimals is 1500. Nothing here ever
touches a float.
"""

from __future__ import annotations

import re

from .. import _core
from ..errors import SokoError

SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
"""Currency symbols the logs use, with their ISO codes."""
_STRIP = "".join(SYMBOLS) + " \t"
MAX_AMOUNT = 10**12
"""The largest amount a log may give, in minor units (ten billion in a currency, a trillion chips): so
that every sum the store keeps over a player's hands fits in a 64-bit integer."""
_THOUSANDS = re.compile(r"[1-9][0-9]{0,2}(?:,[0-9]{3})+")
"""A whole part with commas between groups of three (``1,234,567``): the only commas the family's amounts have."""
_DIGITS = 40
"""Longer texts are not amounts (and never reach int(), which refuses over 4,300 digits)."""


class MoneyError(SokoError):
    """An amount that is not a number, or more precise than the hand's scale."""


def parse_amount(text: str, decimals: int) -> int:
    """``"$1.25"`` → 125 at two decimals; ``"1,500"`` → 1500 at zero decimals.

    A currency symbol before the number and thousands commas (between groups of three only: ``$0,10`` is not
    an amount, as the core's ``values::FAMILY`` grammar reads it) are ignored.
    """
    body = text.strip(_STRIP)
    if "," in body:
        whole, _, frac = body.partition(".")
        if "," in frac or not _THOUSANDS.fullmatch(whole):
            raise MoneyError(f"{text[:40]!r} is not an amount", expected="a number like 1.25 or $0.50",
                             actual=text[:40])
        body = body.replace(",", "")
    if not body.isascii() or len(body) > _DIGITS:
        raise MoneyError(f"{text[:40]!r} is not an amount", expected="a number like 1.25 or $0.50", actual=text[:40])
    whole, dot, frac = body.partition(".")
    if not whole.isdigit() and not (whole == "" and dot and frac.isdigit()):
        raise MoneyError(f"{text!r} is not an amount", expected="a number like 1.25 or $0.50", actual=text)
    if dot and not frac.isdigit():
        raise MoneyError(f"{text!r} is not an amount", expected="a number like 1.25 or $0.50", actual=text)
    if len(frac) > decimals and frac[decimals:].strip("0"):
        raise MoneyError(
            f"{text!r} has more than {decimals} decimals", expected=f"at most {decimals} decimals", actual=text
        )
    frac = (frac + "0" * decimals)[:decimals]
    value = int(whole or "0") * 10**decimals + (int(frac) if decimals else 0)
    if value > MAX_AMOUNT:
        raise MoneyError(f"{text!r} is too large an amount", expected=f"at most {MAX_AMOUNT:,} minor units",
                         actual=text)
    return value


def format_amount(minor: int, decimals: int, symbol: str = "", trim: bool = True, grouped: bool = False) -> str:
    """125 at two decimals → ``"$1.25"``; 200 → ``"$2"`` when ``trim`` (as PokerStars writes whole amounts);
    ``grouped``: thousands separated by commas, for reading (``"$1,658.00"``), never in a log's text. The core's
    formatter (``core/src/money.rs``), the package's one."""
    return _core.format_amount(minor, decimals, symbol, trim, grouped)


def decimal_text(minor: int, decimals: int) -> str:
    """Exact decimal text without symbol or trimming: 930 at two decimals → ``"9.30"``."""
    return format_amount(minor, decimals, trim=False)
