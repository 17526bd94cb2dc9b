"""Checking the values of a PHH hand before they are used: every way a field can be wrong is a FormatError.

TOML gives a reader any type anywhere: a string where an array of integers
belongs, a table or a boolean in place of an amount, arrays nested ten
thousand deep, integers of thousands of digits. :func:`check_table` rejects
what no field may hold (nesting deeper than :data:`MAX_DEPTH`, integers
outside TOML's 64-bit range) right after the TOML is read; the converters
here check one value each; :func:`decode` reads a user-defined ``_field``
(see :mod:`.phh`) back into the Hand field it overrides. Each error names
the field, and the caller puts in its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from ..model.hand import Action, ActionKind, Deal, Seat, Stakes, Tournament
from .base import FormatError
from .phh_state import MAX_AMOUNT, MAX_DECIMALS, cards_of, short

MAX_DEPTH = 8
"""The deepest nesting of arrays and inline tables a field may have (ours need 3)."""
MAX_COUNT = 99
"""The largest seat number, seat count, street or run number; also the most players in a hand."""
INT64 = 1 << 63
NULLABLE = ("table", "max_seats", "button", "start", "time_zone", "start_utc", "tournament", "total_pot", "rake")
"""Hand fields that may be None, the only ones ``_none`` may name."""

KINDS = frozenset(k.value for k in ActionKind)

Convert = Callable[[Any], Any]


def _bad(what: str, expected: str, value: Any) -> FormatError:
    return FormatError(f"{what} must be {expected}", expected=expected, actual=short(value, 80))


# -- the whole table ------------------------------------------------------------


def check_table(table: dict, line_of: Callable[[str], int]) -> None:
    """No field nests deeper than :data:`MAX_DEPTH` or holds an integer outside 64 bits (TOML's range)."""
    for key, value in table.items():
        for item, depth in _walk(value):
            if depth > MAX_DEPTH:
                raise FormatError(f"{short(key)}: nesting too deep", line=line_of(key),
                                  expected=f"arrays and tables nested at most {MAX_DEPTH} deep")
            if isinstance(item, int) and not isinstance(item, bool) and not -INT64 <= item < INT64:
                raise FormatError(f"{short(key)}: an integer out of range", line=line_of(key),
                                  expected="an integer of at most 64 bits (TOML)", actual=short(item))


def _walk(value: Any) -> Iterator[tuple[Any, int]]:
    """Every value inside ``value`` with its depth (1: ``value`` itself), without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        yield item, depth
        if depth <= MAX_DEPTH and isinstance(item, list | dict):
            stack.extend((x, depth + 1) for x in (item.values() if isinstance(item, dict) else item))


_SEGMENT = r"""(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')"""
DOTTED = re.compile(
    rf"(?m)(?:^|[{{,])[ \t]*\[{{0,2}}[ \t]*{_SEGMENT}(?:[ \t]*\.[ \t]*{_SEGMENT}){{{MAX_DEPTH},}}[ \t]*[=\]]")
"""A dotted key of more than :data:`MAX_DEPTH` parts (``a.b.c... =`` or ``[a.b.c...]``): tables that deep, and
tomllib takes time quadratic in the parts, so the text is refused before it is parsed."""


def dotted_line(text: str, start: int) -> int | None:
    """The line of the first dotted key of more than :data:`MAX_DEPTH` parts, if any."""
    m = DOTTED.search(text)
    return None if m is None else start + text.count("\n", 0, m.end() - 1)


def deep_line(text: str, start: int) -> int:
    """The line of the field whose brackets nest deeper than :data:`MAX_DEPTH` (``start`` if none does)."""
    depth, line, field, quote = 0, start, start, ""
    fresh = True
    for ch in text:
        if ch == "\n":
            line, fresh, quote = line + 1, True, ""
            continue
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return field
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == "#":
            quote = "\n"  # a comment: skip to the end of the line
        if fresh and not ch.isspace():
            fresh = False
            if ch != "#" and (depth == 0 or (depth == 1 and ch == "[")):  # a key, or a table header
                field = line
    return start


# -- one value ---------------------------------------------------------------------


def amount(value: Any) -> int:
    """Minor units, 0 ≤ x < :data:`MAX_AMOUNT` (``_field`` amounts are written as integers)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_AMOUNT:
        raise _bad("an amount", f"an integer 0..{MAX_AMOUNT - 1} (minor units)", value)
    return value


def count(value: Any) -> int:
    """A seat number, seat count, street or run: 0..:data:`MAX_COUNT`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise _bad("a count", f"an integer 0..{MAX_COUNT}", value)
    return value


def decimals(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DECIMALS:
        raise _bad("decimals", f"an integer 0..{MAX_DECIMALS}", value)
    return value


def text(value: Any) -> str:
    if not isinstance(value, str):
        raise _bad("a text", "a string", value)
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _bad("a flag", "true or false", value)
    return value


def moment(value: Any) -> datetime:
    if not isinstance(value, datetime):
        raise _bad("a time", "a TOML date-time like 2026-03-14T21:04:11", value)
    return value


def kind(value: Any) -> ActionKind:
    if not isinstance(value, str) or value not in KINDS:
        raise _bad("an action kind", "one of " + ", ".join(ActionKind), value)
    return ActionKind(value)


def shown(value: Any) -> tuple:
    """An action's cards: known cards only."""
    cards = cards_of(value)
    if None in cards:
        raise _bad("an action's cards", "known cards like 'AsKd' (no ??)", value)
    return cards


def optional(convert: Convert) -> Convert:
    """``convert``, or None for None: a record field that may be left out."""
    def read(value: Any) -> Any:
        return None if value is None else convert(value)
    read.optional = True  # type: ignore[attr-defined]
    return read


def array(convert: Convert) -> Convert:
    """A tuple of converted elements; an error says which element (``extra["index"]``)."""
    def read(value: Any) -> tuple:
        if not isinstance(value, list):
            raise _bad("a list", "an array", value)
        out = []
        for i, v in enumerate(value):
            try:
                out.append(convert(v))
            except FormatError as err:
                err.extra["index"] = i  # the outermost array's index wins
                raise
        return tuple(out)
    return read


def extra(value: Any) -> tuple[str, int]:
    """An ``extras`` entry: ``['label', amount]``."""
    if not (isinstance(value, list) and len(value) == 2):
        raise _bad("an extra", "['label', amount]", value)
    return text(value[0]), amount(value[1])


# -- records and _fields -----------------------------------------------------------------

RECORDS: dict[type, dict[str, Convert]] = {
    Seat: {"seat": count, "name": text, "stack": amount, "sitting_out": flag, "bounty": optional(text)},
    Deal: {"street": count, "player": optional(text), "cards": cards_of, "up": array(flag), "run": count},
    Action: {"street": count, "player": text, "kind": kind, "amount": amount, "to": optional(amount),
             "all_in": flag, "cards": shown, "text": optional(text), "fee": amount, "run": count},
    Stakes: {"decimals": decimals, "currency": optional(text), "symbol": text,
             **{f: optional(amount) for f in Stakes._fields[3:]}},
    Tournament: {"tournament_id": text, "buy_in": optional(text), "level": optional(text)},
}
"""How each field of a record written as a TOML table is read (a missing optional field is None)."""
NAMES = {Seat: "a seat", Deal: "a deal", Action: "an action", Stakes: "stakes", Tournament: "a tournament"}


def record(cls: Any, value: Any) -> Any:
    """A record (Seat, Deal, Action, Stakes, Tournament) from its TOML table; missing fields take their default."""
    fields = RECORDS[cls]
    if not isinstance(value, dict) or not set(value) <= set(fields):
        raise _bad(NAMES[cls], f"a table with keys from {', '.join(fields)}", value)
    kwargs = {}
    for name, convert in fields.items():
        if name in value:
            try:
                kwargs[name] = convert(value[name])
            except FormatError as err:
                err.reason = f"{name}: {err.reason}"
                raise
        elif name in cls._field_defaults:
            kwargs[name] = cls._field_defaults[name]
        elif getattr(convert, "optional", False):
            kwargs[name] = None
        else:
            raise _bad(NAMES[cls], f"a table with the key {name!r}", value)
    made = cls(**kwargs)
    if cls is Deal and len(made.up) != len(made.cards):
        raise _bad("a deal's up", f"one flag per card ({len(made.cards)})", value)
    return made


def records(cls: Any) -> Convert:
    return lambda value: record(cls, value)


OVERRIDES: dict[str, Convert] = {
    "site": text, "hand_id": text, "stakes": records(Stakes), "table": text, "max_seats": count,
    "button": count, "start": moment, "time_zone": text, "start_utc": moment, "tournament": records(Tournament),
    "seats": array(records(Seat)), "deals": array(records(Deal)), "actions": array(records(Action)),
    "total_pot": amount, "rake": amount, "pots": array(amount), "extras": array(extra),
    "finishing_stacks": array(amount),
}
"""Hand fields a ``_field`` may set, in the order they are written, with how each is read."""


def decode(name: str, value: Any, line: int, element_lines: Callable[[], list[int]]) -> Any:
    """The ``_name`` field's value as the Hand field ``name``; a FormatError at ``line`` (or at the line
    of the array element at fault, from ``element_lines()``) if it cannot be."""
    try:
        return OVERRIDES[name](value)
    except FormatError as err:
        index = err.extra.pop("index", None)
        err.reason = f"_{name}: {err.reason}"
        err.line = err.line or (line if index is None else element_lines()[index])
        raise
