"""The one error base class of soko_analytics.

Every error the library raises is a :class:`SokoError` (or a subclass), with
structured fields so that the CLI can print ``path:line: reason`` and tools can
read the parts. The library never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(eq=False)
class SokoError(Exception):
    """Base of every soko_analytics error.

    ``reason`` says what is wrong; the other fields say where (file, line, hand,
    action) and, where it helps, what was expected and what was found.
    """

    reason: str
    path: str | None = None
    line: int | None = None
    hand_id: str | None = None
    action_index: int | None = None
    expected: str | None = None
    actual: str | None = None
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(self.reason)

    def where(self) -> str:
        """``path:line`` (or as much of it as is known)."""
        if self.path is None:
            return ""
        return f"{self.path}:{self.line}" if self.line is not None else self.path

    def __str__(self) -> str:
        parts = []
        where = self.where()
        if where:
            parts.append(where + ":")
        if self.hand_id is not None:
            parts.append(f"hand {self.hand_id}:")
        if self.action_index is not None:
            parts.append(f"action {self.action_index}:")
        parts.append(self.reason)
        text = " ".join(parts)
        detail = [f"expected {self.expected}"] if self.expected is not None else []
        detail += [f"got {self.actual}"] if self.actual is not None else []
        return f"{text} ({', '.join(detail)})" if detail else text


class CardError(SokoError):
    """Text that is not a card or a list of cards."""


class RulesError(SokoError):
    """An unknown profile or option, or an impossible combination of options."""


class EvaluationError(SokoError):
    """A hand that cannot be evaluated (wrong number of cards, a card twice)."""


class StoreError(SokoError):
    """The store cannot be opened, upgraded or written."""


class CoreError(SokoError):
    """What the compiled core (``soko_analytics._core``) refuses: input it cannot take (a bad argument, an
    unknown format, a hand in a form it does not read), with the file and line where it has them."""

