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
    and tools read), made from a message's template and its arguments, which ``i18n.say`` gives in the language
    spoken (an argument that is a Phrase is said too). Made by :func:`phrase` and :func:`phrases` (whose templates
    the catalogues extract) and, for the core's messages, :func:`core_phrase`."""

    template: str
    many: str | None
    """The plural template (:func:`phrases`: ``args["n"]`` chooses), or None."""
    args: dict[str, Any]
    context: str | None
    """The catalogue's context of a core message (``rules``; its ``args["core"]`` as the core gives them), or
    None for the package's own."""


def phrase(template: str, **args: Any) -> Phrase:
    """``template`` filled with ``args`` (``str.format``): English now, another language when said."""
    return _phrase(template.format(**args), template, None, args)


def phrases(one: str, many: str, n: int, **args: Any) -> Phrase:
    """The words for a count ``n`` (``{n}`` in the templates, written with thousands commas): ``one`` for 1 in
    English, ``many`` otherwise; said by the language's own plural rules and digit groups."""
    return _phrase((one if n == 1 else many).format(n=f"{n:,}", **args), one, many, {"n": n, **args})


def core_phrase(text: str, template: str, args: str, context: str) -> Phrase:
    """The core's message (``say!``, ``core/src/said.rs``): its English ``text``, ``template`` and arguments (JSON,
    ``[[name, kind, english, data], ...]``), said from the catalogue's entries of ``context`` (``rules``: a refused
    rules text)."""
    return _phrase(text, template, None, {"core": json.loads(args)}, context)


def _phrase(english: str, template: str, many: str | None, args: dict[str, Any], context: str | None = None) -> Phrase:
    made = Phrase(english)
    made.template, made.many, made.args, made.context = template, many, args, context
    return made


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
        return self.text()

    def text(self, say: Callable[[str], str] = str) -> str:
        """``path:line: hand H: action A: reason (expected E, got G)``, each of its words through ``say`` (English
        as it is; ``i18n.say_error`` passes ``i18n.say``)."""
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

