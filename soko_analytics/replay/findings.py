"""What the replayer finds: a code, a severity, where, what the rules expected and what the log did.

The codes are a contract with other tools (RULES.md §5 and the replayer issue);
keep them exactly, add new ones freely. :class:`Code` and :class:`Severity` are the
core's (``core/src/replay/findings.rs``), defined there once and written out as
``soko_analytics/_vocab.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from .. import _core, i18n
from .._vocab import Code, Severity

__all__ = ["STREET_SHOWDOWN", "Arg", "Code", "Finding", "Severity", "fill"]


STREET_SHOWDOWN = _core.STREET_SHOWDOWN
"""The street of findings about the end of the hand (the core's)."""


class Arg(NamedTuple):
    """One argument of a finding's message template (the core's ``said.rs``).

    ``kind`` says how a language renders it: ``text`` (the same in every language: a name, cards), ``money``,
    ``number``, ``count`` (``3 cards``), ``term`` (a word of the game a language says its own way: a street, a
    holder, a pot error), ``hand`` (a hand's description) or ``said`` (a message inside the message). ``english``
    is the text the English message prints. ``data``: ``(minor, decimals, symbol)`` for money, the number for a
    number, ``(n, noun)`` for a count, the context for a term, ``(template, ((kind, word), ...))`` for a hand (as
    ``_core.describe_words``), ``(context, template, (arg, ...))`` for a message inside, else None.
    """

    name: str
    kind: str
    english: str
    data: Any = None

    @classmethod
    def from_core(cls, item: Sequence[Any]) -> Arg:
        """An argument from the core's JSON ``[name, kind, english, data]``."""
        name, kind, english, data = item
        if kind == "hand":
            data = (data[0], tuple(tuple(w) for w in data[1]))
        elif kind == "said":  # a message inside: (context, template, (arg, ...))
            data = (data[0], data[1], tuple(cls.from_core(a) for a in data[2]))
        elif isinstance(data, list):
            data = tuple(data)
        return cls(name, kind, english, data)


_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{(\w+)\}")


def fill(template: str, texts: dict[str, str]) -> str:
    """``template`` with each ``{name}`` replaced by ``texts[name]`` (``{{`` and ``}}`` are braces), as Rust's
    ``format!`` does: ``fill(f.template, {a.name: a.english for a in f.args}) == f.message``."""
    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        return match.group(0)[0] if name is None else texts[name]

    return _PLACEHOLDER.sub(one, template)


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
    template: str | None = field(default=None, compare=False)
    """The message as the core's template (English, with named placeholders: ``{player} calls {amount}.``),
    None for a finding not made by the core; not in :meth:`to_dict` (the outputs and the store keep their
    fields)."""
    args: tuple[Arg, ...] = field(default=(), compare=False)
    """The template's arguments (:class:`Arg`)."""
    expected_said: tuple[str, tuple[Arg, ...]] | None = field(default=None, compare=False)
    """:attr:`expected` as the core's template and its arguments, as the message is."""
    actual_said: tuple[str, tuple[Arg, ...]] | None = field(default=None, compare=False)
    """:attr:`actual` as the core's template and its arguments."""

    def to_dict(self) -> dict:
        data = asdict(self)
        del data["template"], data["args"], data["expected_said"], data["actual_said"]
        data["code"], data["severity"] = str(self.code), str(self.severity)
        return data

    def text(self, symbol: str = "") -> str:
        """The message in the language spoken (:func:`soko_analytics.i18n.said`; English: :attr:`message`), its
        amounts with the hand's currency ``symbol`` where it is not English."""
        return i18n.said(self.message, self.template, self.args, symbol)

    def expected_text(self, symbol: str = "") -> str | None:
        """What the rules expected, in the language spoken (as :meth:`text`)."""
        return _said(self.expected, self.expected_said, symbol)

    def actual_text(self, symbol: str = "") -> str | None:
        """What the log did, in the language spoken (as :meth:`text`)."""
        return _said(self.actual, self.actual_said, symbol)

    def said(self) -> dict[str, Any]:
        """The message as its template and arguments (each ``[name, kind, english, data]``), for a translation."""
        return {"template": self.template, "args": [list(a) for a in self.args]}


def _said(english: str | None, said: tuple[str, tuple[Arg, ...]] | None, symbol: str) -> str | None:
    """An expected or actual value in the language spoken, from its template and arguments where the core gave
    them."""
    if english is None or said is None:
        return english
    template, args = said
    return i18n.said(english, template, args, symbol)


def said_from_core(value: Sequence[Any] | None) -> tuple[str, tuple[Arg, ...]] | None:
    """An expected or actual value's ``[template, [arg, ...]]`` from the core's JSON."""
    if value is None:
        return None
    template, args = value
    return str(template), tuple(Arg.from_core(a) for a in args)
