"""What parsing yields, and its errors.

Each format (:class:`~.formats.Format`) offers ``parse(source, path,
strict=False) -> Iterator[Hand | Quarantined]`` and ``write(hands) -> str``.
Parsing never stops at a bad hand: each hand is yielded either as a
:class:`Hand` or as a :class:`Quarantined` record with the reason and the raw
text, so nothing in the input is lost. A format the core reads can have its
hands read and audited in one call into the core (``Format.audited``: each an
:class:`Audited`), so that no hand of it crosses back into the core as JSON.

The per-hand boundary is the core's (every format is read by it): a fault of the log is
quarantined with its ``path:line`` (a :class:`FormatError` of its kind); a bug of ours is an
``internal`` record (an :class:`InternalError`), raised instead when the caller asked for ``strict``.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..errors import SokoError, phrase
from ..i18n import say
from ..model.hand import Hand

MAX_HAND_CHARS = 1 << 20
"""The largest text one hand may have (1 MiB; real hands are a few KB): a longer one is quarantined as
``too_large`` with its first :data:`KEPT_CHARS` characters."""
KEPT_CHARS = 1 << 16
"""How much of an oversized hand's text the quarantine keeps."""


LINE_END = re.compile(r"\r\n?|\n")
"""What ends a line of a log: ``\\n``, ``\\r\\n`` or ``\\r`` only (``str.splitlines`` also splits at U+2028, U+2029,
U+0085 and other controls, which a player's name may hold)."""


def log_lines(text: str) -> list[str]:
    """The lines of a log's text, split where :data:`LINE_END` ends them."""
    return LINE_END.split(text)


LONE_CR = re.compile(r"\r(?!\n)")


def lone_crs_ended(text: str) -> str:
    """``text`` with each lone ``\\r`` (an old Mac's line end) made ``\\n``, as the core's source layer makes it when
    it reads a file (``\\r\\n`` stays): what the readers split on is ``\\n``."""
    return LONE_CR.sub("\n", text) if "\r" in text else text


class FormatError(SokoError):
    """Text that does not follow its format: says file, line, hand id and what was expected."""

    kind: ClassVar[str] = "malformed"
    """The ``quarantine.kind`` of a hand that fails with this error."""


class UnsupportedGame(FormatError):
    """A hand of a game soko_analytics does not replay (Omaha, Razz, Draw...)."""

    kind = "unsupported"


class IncompleteHand(FormatError):
    """A hand the log itself does not finish: cancelled by the site, or cut off (a partial hand)."""

    kind = "incomplete"


class TooLarge(FormatError):
    """A hand over :data:`MAX_HAND_CHARS` or the core's ``read::MAX_HAND_ITEMS`` actions, deals or seats, or a
    compressed member that inflates past a sane ratio."""

    kind = "too_large"


class Unreadable(FormatError):
    """A file (or a member of an archive) that cannot be read: missing, corrupt, of no known format."""

    kind = "unreadable"


class InternalError(SokoError):
    """A bug of ours met while reading or checking one hand: the exception type and where our code raised it."""

    kind: ClassVar[str] = "internal"

    @classmethod
    def of(cls, err: BaseException, path: str | None = None, line: int | None = None,
           hand_id: str | None = None) -> InternalError:
        return cls(f"internal error: {type(err).__name__}: {err} (at {code_location(err)}); "
                   "this is a bug in soko_analytics", path=path, line=line, hand_id=hand_id,
                   actual=type(err).__name__)


PACKAGE = Path(__file__).resolve().parents[1]


def code_location(err: BaseException) -> str:
    """``soko_analytics/x/y.py:123 in f``: the innermost frame of our package in the traceback."""
    frames = traceback.extract_tb(err.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(PACKAGE)]
    if not (ours or frames):
        return "unknown"
    frame = (ours or frames)[-1]
    name = Path(frame.filename).resolve()
    shown = name.relative_to(PACKAGE.parent) if name.is_relative_to(PACKAGE.parent) else name.name
    return f"{shown}:{frame.lineno} in {frame.name}"


@dataclass(frozen=True, slots=True)
class Quarantined:
    """A hand (or a file, or text between hands) that could not be stored, with why and its raw text."""

    path: str
    line: int
    """Where the problem is (the line a message names); 0 for a whole file."""
    hand_id: str | None
    reason: str
    raw: str
    error: SokoError | None = None
    start: int | None = None
    """The line the hand (or the text) starts on, where it differs from ``line``."""
    format: str | None = None
    """The format the text was read as (None for a file that could not be read)."""

    @property
    def first_line(self) -> int:
        """The line the hand (or the text) starts on: ``quarantine.source_line``."""
        return self.line if self.start is None else self.start

    @property
    def kind(self) -> str:
        """``quarantine.kind``: unsupported, incomplete, malformed, too_large, unreadable or internal."""
        return getattr(self.error, "kind", "malformed")

    @property
    def unsupported(self) -> bool:
        return self.kind == "unsupported"

    @property
    def incomplete(self) -> bool:
        return self.kind == "incomplete"

    def message(self) -> str:
        """``path:line: hand H: reason``, in the language spoken."""
        hand = " " + say(phrase("hand {hand}:", hand=self.hand_id)) if self.hand_id else ""
        return f"{self.path}:{self.line}:{hand} {say(self.reason)}"


@dataclass(frozen=True, slots=True)
class Audited:
    """A hand the compiled core read and audited in the same call (:func:`.stars.audited`): the hand, and the core's
    verdict on it as its JSON text (``_core.read_audited``), which :func:`~soko_analytics.replay.audit.from_core`
    makes an ``Audit``."""

    hand: Hand
    verdict: str


def quarantine(error: SokoError, raw: str, path: str, line: int, hand_id: str | None) -> Quarantined:
    """A Quarantined record from an error, filling in where it happened; ``line`` is where the hand starts."""
    if error.path is None:
        error.path = path
    if error.line is None:
        error.line = line
    if error.hand_id is None:
        error.hand_id = hand_id
    return Quarantined(path, error.line, hand_id, str(error.reason), raw, error, line if error.line != line else None)
