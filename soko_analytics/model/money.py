"""Money as integer minor units, printed as the logs write it (the core's readers parse it: ``read/values.rs``).

A hand's amounts share one scale: ``decimals`` digits after the point (2 for
cash games in a currency, 0 for tournament and play chips). ``$1.25`` at two
decimals is 125; ``1500`` chips at zero decimals is 1500. Nothing here ever
touches a float.
"""

from __future__ import annotations

from .. import _core

SYMBOLS = dict(_core.CURRENCY_SYMBOLS)
"""Currency symbols the logs use, with their ISO codes (the core's readers', ``read/values.rs``)."""


def format_amount(minor: int, decimals: int, symbol: str = "", trim: bool = True, grouped: bool = False) -> str:
    """125 at two decimals → ``"$1.25"``; 200 → ``"$2"`` when ``trim`` (as PokerStars writes whole amounts);
    ``grouped``: thousands separated by commas, for reading (``"$1,658.00"``), never in a log's text. The core's
    formatter (``core/src/money.rs``), the package's one."""
    return _core.format_amount(minor, decimals, symbol, trim, grouped)


def decimal_text(minor: int, decimals: int) -> str:
    """Exact decimal text without symbol or trimming: 930 at two decimals → ``"9.30"``."""
    return format_amount(minor, decimals, trim=False)
