"""What the replayer finds: a code, a severity, where, what the rules expected and what the log did.

The codes are a contract with other tools (RULES.md §5 and the replayer issue);
keep them exactly, add new ones freely. :class:`Code` and :class:`Severity` are the
core's (``core/src/replay/findings.rs``), defined there once and written out as
``soko_analytics/_vocab.py``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .. import _core
from .._vocab import Code, Severity

__all__ = ["STREET_SHOWDOWN", "Code", "Finding", "Severity"]


STREET_SHOWDOWN = _core.STREET_SHOWDOWN
"""The street of findings about the end of the hand (the core's)."""


@dataclass(frozen=True)
class Finding:
    """One finding of an audit."""

    code: Code
    severity: Severity
    message: str
    street: str | None = None
    """The street's name (``FLOP``, ``3rd STREET``, ``showdown``), or None for the whole hand."""
    action_index: int | None = None
    """Index into ``Hand.actions`` of the action concerned."""
    player: str | None = None
    expected: str | None = None
    actual: str | None = None
    line: int | None = None
    """Source line of the action, where known."""

    def to_dict(self) -> dict:
        data = asdict(self)
        data["code"], data["severity"] = str(self.code), str(self.severity)
        return data
