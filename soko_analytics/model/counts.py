"""A count with its noun, singular for one: ``1 hand``, ``2 hands``, ``1,000 files``.

Defined once, here, for every message that counts something (the store's summaries, the CLI, the reports);
the dashboard's script has its own one function, ``plural`` in ``reports/dashboard.js``.
"""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` with thousands commas and ``noun``, or ``many`` (default ``noun + "s"``) unless it is 1."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"
