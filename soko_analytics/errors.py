"""The one error base class of soko_analytics.

Every error the library raises is a :class:`SokoError` (or a subclass), with
structured fields so that the CLI can print ``path:line: reason`` and tools can
read the parts. The library never prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class Phrase(str):
    """English words that can be said again in another language: the text is the English (what the store keeps
    and tools read), made from a message's template and its arguments, which :meth:`said` gives in the language
    spoken (:mod:`soko_analytics.i18n`; an argument that is a Phrase is said too). Made by :func:`phrase` and
    :func:`phrases`, whose templates the catalogues extract."""

    template: str
    many: str | None
    args: dict[str, Any]

    def said(self) -> str:
        """The words in the language spoken."""
        from . import i18n

        args = {name: said(value) if isinstance(value, Phrase) else value for name, value in self.args.items()}
        template = i18n._(self.template) if self.many is None else i18n.ngettext(self.template, self.many,
                                                                                  self.args["n"])
        return template.format(**args)


def phrase(template: str, **args: Any) -> Phrase:
    """``template`` filled with ``args`` (``str.format``): English now, another language when said."""
    return _phrase(template, None, args, template.format(**args))


def phrases(one: str, many: str, n: int, **args: Any) -> Phrase:
    """The words for a count ``n`` (``{n}`` in the templates): ``one`` for 1 in English, ``many`` otherwise; said
    by the language's own plural rules."""
    return _phrase(one, many, {"n": n, **args}, (one if n == 1 else many).format(n=n, **args))


def _phrase(template: str, many: str | None, args: dict[str, Any], english: str) -> Phrase:
    made = Phrase(english)
    made.template, made.many, made.args = template, many, args
    return made


class CorePhrase(Phrase):
    """A message the core wrote (``say!``: ``core/src/said.rs``), its arguments as the core gives them (name, kind,
    English text, data), said from the catalogue's entries of its ``context``."""

    context: str

    def said(self) -> str:
        from . import i18n

        return i18n.said(str(self), self.template, self.args["core"], context=self.context)


def core_phrase(text: str, template: str, args: str, context: str) -> Phrase:
    """The core's message: its English ``text``, ``template`` and arguments (JSON, ``[[name, kind, english, data],
    ...]``), said in ``context`` (``rules``: a refused rules text)."""
    made = CorePhrase(text)
    made.template, made.many, made.args, made.context = template, None, {"core": json.loads(args)}, context
    return made


def said(text: str) -> str:
    """``text`` in the language spoken: a :class:`Phrase` said again, a plain text as its catalogue gives it (a
    text no catalogue has stays as it is)."""
    if isinstance(text, Phrase):
        return text.said()
    from . import i18n

    return i18n._(text) if text else text


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
        return self._text(str)

    def said(self) -> str:
        """The error in the language spoken: its reason, what was expected and what was found said again where
        they are :class:`Phrase` (or words the catalogues have), and the frame's words (``hand``, ``expected``)."""
        return self._text(said)

    def _text(self, say: Callable[[str], str]) -> str:
        """``path:line: hand H: action A: reason (expected E, got G)``, each text through ``say``."""
        parts = []
        where = self.where()
        if where:
            parts.append(where + ":")
        if self.hand_id is not None:
            parts.append(say(phrase("hand {hand}:", hand=self.hand_id)))
        if self.action_index is not None:
            parts.append(say(phrase("action {index}:", index=self.action_index)))
        parts.append(say(self.reason))
        text = " ".join(parts)
        detail = [say(phrase("expected {value}", value=self.expected))] if self.expected is not None else []
        detail += [say(phrase("got {value}", value=self.actual))] if self.actual is not None else []
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

