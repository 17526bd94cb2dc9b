"""The small interface every format module offers, and what parsing yields.

A format module has ``NAME``, ``EXTENSIONS``, ``detect(head) -> float`` (a
score 0..1 from the first few KB of a file; never raises), ``parse(text, path)
-> Iterator[Hand | Quarantined]`` and ``write(hands) -> str``. Parsing never
stops at a bad hand: each hand is yielded either as a :class:`Hand` or as a
:class:`Quarantined` record with the reason and the raw text, so nothing in
the input is lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import SokoError


class FormatError(SokoError):
    """Text that does not follow its format: says file, line, hand id and what was expected."""


class UnsupportedGame(FormatError):
    """A hand of a game soko_analytics does not replay (Omaha, Razz, Draw...)."""


class IncompleteHand(FormatError):
    """A hand the log itself does not finish: cancelled by the site, or cut off (a partial hand)."""


@dataclass(frozen=True, slots=True)
class Quarantined:
    """A hand that could not be stored, with why and its raw text."""

    path: str
    line: int
    hand_id: str | None
    reason: str
    raw: str
    error: FormatError | None = None

    @property
    def unsupported(self) -> bool:
        return isinstance(self.error, UnsupportedGame)

    @property
    def incomplete(self) -> bool:
        return isinstance(self.error, IncompleteHand)

    def message(self) -> str:
        hand = f" hand {self.hand_id}:" if self.hand_id else ""
        return f"{self.path}:{self.line}:{hand} {self.reason}"


def quarantine(error: FormatError, raw: str, path: str, line: int, hand_id: str | None) -> Quarantined:
    """A Quarantined record from an error, filling in where it happened."""
    if error.path is None:
        error.path = path
    if error.line is None:
        error.line = line
    if error.hand_id is None:
        error.hand_id = hand_id
    return Quarantined(path, error.line, hand_id, str(error.reason), raw, error)
