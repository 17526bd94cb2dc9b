"""The money a site adds to a pot: the summary extras the compiled core's ledger (``core/src/ledger.rs``, the one
implementation of the arithmetic over a log's claims of what each player put in and took out) counts as added.
"""

from __future__ import annotations

from .. import _core

ADDED_MONEY: tuple[str, ...] = tuple(_core.ADDED_MONEY)
"""Summary extras that the site adds to the pot (splash the pot, GGPoker's cash drop): the core's
(``core/src/ledger.rs``), defined there once."""
