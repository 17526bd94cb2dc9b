"""The PHH format (poker hand history, https://phh.readthedocs.io): one hand per ``.phh``
file, or a ``.phhs`` collection of TOML tables ``[1]``, ``[2]``, ... (as PokerKit writes them).

We read the variants we replay (:data:`VARIANTS`): ``NT`` no-limit and ``FT``
fixed-limit hold'em, ``F7S`` seven card stud, ``PO`` pot-limit Omaha, ``FO/8`` fixed-limit
Omaha and ``F7S/8`` stud hi/lo eight or better, ``FR`` razz, and ``SOKO``, our own code for a
game of ours whose rules text is in the user-defined field ``_rules`` (other Omaha forms). Other
variants become :class:`~.base.Quarantined` records with an
:class:`~.base.UnsupportedGame` error. PHH actions are turned into the actions
a log would print by :mod:`.phh_state`.

Writing keeps every field of :class:`~soko_analytics.model.hand.Hand`: the
writer puts down the native PHH fields, reads them back, and for each field
that came back different (a collect, an uncalled bet, a summary pot, a site)
adds a user-defined ``_field`` (PHH lets user fields start with ``_``) holding
the exact value, amounts in minor units; ``_extra_actions`` inserts the
actions PHH has no notation for (collects, uncalled bets) when they are all
that is missing, and ``_none`` lists fields that are None.
So ``parse(write(hands)) == hands``. See ``docs/phh.md``.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, time
from decimal import Decimal
from functools import lru_cache, partial
from pathlib import PurePath
from typing import Any

from ..errors import CardError, RulesError
from ..model.hand import Action, ActionKind, Hand, Seat, Source, Stakes, composed
from ..model.money import decimal_text
from ..rules.profiles import resolve
from ..rules.spec import GameSpec
from .base import KEPT_CHARS, MAX_HAND_CHARS, FormatError, Quarantined, TooLarge, UnsupportedGame, guarded
from .phh_fields import (
    MAX_COUNT,
    MAX_DEPTH,
    NULLABLE,
    OVERRIDES,
    array,
    check_table,
    count,
    decode,
    deep_line,
    dotted_line,
    record,
)
from .phh_fields import text as a_text
from .phh_state import BLIND_KINDS, MAX_DECIMALS, Table, card_text, minor, places, short

SITE = "PHH"
PIECE = 1 << 16
"""Lines are read in pieces of at most this many characters; a longer line is never a table header."""


@dataclass(frozen=True)
class Variant:
    """A PHH variant code we read: our rules text for it and the fields PHH requires of it."""

    rules: str | None
    """None: the rules come from ``_rules`` (default :data:`SOKO_DEFAULT_RULES`)."""
    needs: tuple[str, ...] = ()


VARIANTS = {
    "NT": Variant("holdem", ("blinds_or_straddles", "min_bet")),
    "FT": Variant("holdem; structure=fixed_limit", ("blinds_or_straddles", "small_bet", "big_bet")),
    "F7S": Variant("stud7", ("bring_in", "small_bet", "big_bet")),
    "PO": Variant("omaha", ("blinds_or_straddles", "min_bet")),
    "FO/8": Variant("omaha-hilo; structure=fixed_limit", ("blinds_or_straddles", "small_bet", "big_bet")),
    "F7S/8": Variant("stud7-hilo", ("bring_in", "small_bet", "big_bet")),
    "FR": Variant("razz", ("bring_in", "small_bet", "big_bet")),
    "N2L1D": Variant("single-draw27", ("blinds_or_straddles", "min_bet")),
    "F2L3D": Variant("triple-draw27", ("blinds_or_straddles", "small_bet", "big_bet")),
    "FB": Variant("badugi", ("blinds_or_straddles", "small_bet", "big_bet")),
    "NS": Variant("short-deck; hand_ranking=short_deck_straight_over_trips", ("blinds_or_straddles", "min_bet")),
    "SOKO": Variant(None),
}
SOKO = "SOKO"
SOKO_DEFAULT_RULES = "soko-casino"
CODE_OF_RULES = {v.rules: code for code, v in VARIANTS.items() if v.rules}
REQUIRED = ("antes", "starting_stacks", "actions")
STAKE_FIELDS = ("bring_in", "small_bet", "big_bet", "min_bet")
INSERTED = frozenset({ActionKind.COLLECT, ActionKind.UNCALLED, ActionKind.NO_SHOW, ActionKind.CASH_OUT,
                      ActionKind.INSURANCE})
"""Kinds PHH has no notation for; when they are all that is missing they go to ``_extra_actions``."""
_ENCODE: dict[str, Callable[[Any], Any]] = {"cards": card_text, "kind": str, "up": list}
HEADER = re.compile(r"""^[ \t]*\[[ \t]*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\][ \t]*(?:#.*)?\r?$""")
CBR = re.compile(r"\bcbr\s+(\S+)")
LONG_NUMBER = re.compile(r"[0-9][0-9_]{4000,}")


# -- reading ------------------------------------------------------------------


@dataclass(frozen=True)
class _Chunk:
    """One hand's text: its collection key (None for a .phh file), first line and size in characters.

    A chunk over :data:`~.base.MAX_HAND_CHARS` keeps only its first :data:`~.base.KEPT_CHARS` characters.
    """

    key: str | None
    start: int
    text: str
    size: int = 0

    def line(self, field: str) -> int:
        m = re.search(rf"(?m)^[ \t]*{re.escape(field)}[ \t]*=", self.text)
        return self.start + self.text.count("\n", 0, m.start()) if m else self.start

    def element_lines(self, field: str, count: int) -> list[int]:
        """The line of each element of the array ``field`` (its key's line where they cannot be told)."""
        m = re.search(rf"(?m)^[ \t]*{re.escape(field)}[ \t]*=[ \t]*\[", self.text)
        found = _array_lines(self.text, m.end(), self.start + self.text.count("\n", 0, m.end())) if m else []
        return found if len(found) == count else [self.line(field)] * count


def _array_lines(text: str, pos: int, line: int) -> list[int]:
    """Lines where the top-level elements of a TOML array start; ``pos`` is just after its ``[``."""
    depth, expect, lines = 1, True, []
    while pos < len(text) and depth:
        ch = text[pos]
        if ch == "#":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
            continue
        if ch == "\n":
            line += 1
        elif ch == ",":
            expect = expect or depth == 1
        elif ch in "]}":
            depth -= 1
        elif not ch.isspace():
            if depth == 1 and expect:
                lines.append(line)
                expect = False
            if ch in "[{":
                depth += 1
            elif ch in "'\"":
                end = pos + 1
                while end < len(text) and text[end] not in (ch, "\n"):
                    end += 2 if ch == '"' and text[end] == "\\" else 1
                pos = end if end < len(text) and text[end] == ch else end - 1
        pos += 1
    return lines


def parse(source: str | Iterable[str], path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Each hand of a .phh file or .phhs collection, as a Hand or a Quarantined record.

    ``source`` is the whole text or its blocks of whole lines in order; it is read as a stream,
    one hand at a time. Each hand is read through :func:`~.base.guarded` (``strict``: a bug of
    ours raises instead of being quarantined as ``internal``).
    """
    for chunk in _chunks(_pieces(source)):
        read = partial(_too_large, chunk) if chunk.size > MAX_HAND_CHARS else partial(_read, chunk, path)
        yield guarded(read, chunk.text, path, chunk.start, _id_hint(chunk, path), strict)


def _pieces(source: str | Iterable[str]) -> Iterator[str]:
    """The lines of a text or of its blocks, each with its ``\\n``; a line longer than :data:`PIECE`
    comes in several pieces (only the last ends with ``\\n``). A leading BOM is dropped."""
    carry, first = "", True
    for block in (source,) if isinstance(source, str) else source:
        pos, size = int(first and block.startswith("\ufeff")), len(block)
        first = first and not block
        while pos < size:
            end = block.find("\n", pos, pos + PIECE)
            cut = end + 1 if end >= 0 else min(size, pos + PIECE)
            piece, pos = carry + block[pos:cut], cut
            carry = ""
            if piece.endswith("\n") or len(piece) >= PIECE:
                yield piece
            else:
                carry = piece  # the block ends inside this line: the next block goes on with it
    if carry:
        yield carry


def _chunks(pieces: Iterable[str]) -> Iterator[_Chunk]:
    """Each hand's text: a table ``[N]`` up to the next one, or a .phh file's whole text.

    Text before the first ``[N]`` is a hand of its own if it has more than comments. At most
    :data:`~.base.MAX_HAND_CHARS` (and a piece) of a hand is held; a longer one keeps its head.
    """
    key, start, size, kept, content = None, 1, 0, None, False
    parts: list[str] = []
    line, fresh = 1, True
    for piece in pieces:
        head = HEADER.match(piece) if fresh and len(piece) < PIECE else None
        if head:
            if key is not None or content:
                yield _Chunk(key, start, "".join(parts) if kept is None else kept, size)
            key, start, parts, size, kept, content = head.group(1).strip("'\""), line, [], 0, None, True
        elif fresh and not content:
            body = piece.strip()
            content = bool(body) and not body.startswith("#")
        size += len(piece)
        if kept is None:
            parts.append(piece)
            if size > MAX_HAND_CHARS:
                kept, parts = "".join(parts)[:KEPT_CHARS], []
        fresh = piece.endswith("\n")
        line += piece.count("\n")
    if key is not None or content:
        yield _Chunk(key, start, "".join(parts) if kept is None else kept, size)


def _id_hint(chunk: _Chunk, path: str) -> str:
    m = re.search(r"""(?m)^[ \t]*_?hand(?:_id)?[ \t]*=[ \t]*['"]?([^'"\s#]{1,80})""", chunk.text)
    return m.group(1) if m else chunk.key or PurePath(path).stem


def _too_large(chunk: _Chunk) -> Hand:
    raise TooLarge(f"a hand of {chunk.size} characters, over the limit of {MAX_HAND_CHARS}; its first "
                   f"{KEPT_CHARS} are kept", line=chunk.start, expected=f"at most {MAX_HAND_CHARS} characters",
                   actual=f"{chunk.size} characters")


def _read(chunk: _Chunk, path: str) -> Hand:
    try:
        doc = _load_toml(chunk)
        if chunk.key is not None:
            values = list(doc.values())
            if len(values) != 1 or not isinstance(values[0], dict):
                raise FormatError("a collection entry must be one table", line=chunk.start,
                                  expected="[N] then fields")
            doc = values[0]
        check_table(doc, chunk.line)
        return _build(doc, chunk, path)
    except (CardError, RulesError) as err:  # bad content met by a lower layer
        raise FormatError(err.reason, line=err.line, expected=err.expected, actual=err.actual) from None


def _load_toml(chunk: _Chunk) -> dict[str, Any]:
    deep = dotted_line(chunk.text, chunk.start)
    if deep is not None:
        raise FormatError("nesting too deep: a dotted key of too many parts", line=deep,
                          expected=f"keys of at most {MAX_DEPTH} parts")
    try:
        return tomllib.loads(composed(chunk.text), parse_float=_decimal)  # names in NFC; the raw text as written
    except tomllib.TOMLDecodeError as err:
        at = re.search(r"at line (\d+)", str(err))
        last = len(chunk.text.rstrip().split("\n"))  # "at end of document": the last line that has text
        line = chunk.start + (int(at.group(1)) if at else last) - 1
        raise FormatError(f"not valid TOML: {err}", line=line, expected="a PHH hand (TOML)") from None
    except RecursionError:  # tomllib recurses once per level of nesting
        raise FormatError("nesting too deep", line=deep_line(chunk.text, chunk.start),
                          expected=f"arrays and tables nested at most {MAX_DEPTH} deep") from None
    except ValueError as err:  # a float _decimal refused, or tomllib's int() past Python's digit limit
        pos = chunk.text.find(err.args[0]) if isinstance(err, _BadNumber) else -1
        long = LONG_NUMBER.search(chunk.text) if pos < 0 else None
        pos = long.start() if long else pos
        line = chunk.start + chunk.text.count("\n", 0, pos) if pos >= 0 else chunk.start
        raise FormatError(f"a number too long to read: {short(str(err), 60)}", line=line,
                          expected="an integer of at most 64 bits or a number of at most 100 characters") from None


class _BadNumber(ValueError):
    """A TOML float we do not turn into a Decimal (``args[0]``: its text)."""


def _decimal(text: str) -> Decimal:
    """A TOML float as an exact Decimal; a _BadNumber past 100 characters or a 6-digit exponent."""
    exponent = text.lower().partition("e")[2]
    if len(text) > 100 or len(exponent.lstrip("+-").replace("_", "")) > 6:
        raise _BadNumber(text)
    return Decimal(text)


@lru_cache(maxsize=256)
def _spec(rules: str) -> GameSpec:
    return resolve(rules)


def _array(t: dict, key: str, n: int | None, chunk: _Chunk, kind: type | tuple = (int, Decimal)) -> list:
    value = t.get(key)
    ok = isinstance(value, list) and all(isinstance(v, kind) and not isinstance(v, bool) for v in value)
    if not isinstance(value, list) or not ok or (n is not None and len(value) != n):
        size = "" if n is None else f" of {n}"
        raise FormatError(f"{key} must be an array{size} ({_kind_name(kind)})", line=chunk.line(key),
                          expected=f"{key} = [...]", actual=short(value, 80))
    return value


def _kind_name(kind: type | tuple) -> str:
    names: dict[object, str] = {str: "strings", int: "integers", dict: "tables"}
    return names.get(kind, "numbers")


def _number(t: dict, key: str, chunk: _Chunk) -> int | Decimal:
    value = t[key]
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise FormatError(f"{key} is not a number", line=chunk.line(key), expected="a number like 1500 or 2.50",
                          actual=short(value, 80))
    return value


def _field(convert: Any, t: dict, key: str, chunk: _Chunk) -> Any:
    """``convert(t[key])``, its FormatError naming the key and its line."""
    try:
        return convert(t[key])
    except FormatError as err:
        err.reason, err.line = f"{key}: {err.reason}", chunk.line(key)
        err.extra.pop("index", None)
        raise


def _build(t: dict, chunk: _Chunk, path: str) -> Hand:
    """A Hand from one PHH table (native fields first, then the ``_`` fields)."""
    code = t.get("variant")
    variant = VARIANTS.get(code) if isinstance(code, str) else None
    if variant is None:
        if not isinstance(code, str):
            raise FormatError("no variant", line=chunk.line("variant"), expected="variant = 'NT'",
                              actual=short(code, 80))
        raise UnsupportedGame(f"unsupported PHH variant {short(code)!r}", line=chunk.line("variant"),
                              expected=f"one of {', '.join(VARIANTS)}", actual=code)
    rules = t.get("_rules", variant.rules or SOKO_DEFAULT_RULES)
    try:
        spec = _spec(_field(a_text, t, "_rules", chunk) if "_rules" in t else rules)
    except RulesError as err:
        raise FormatError(f"_rules: {err.reason}", line=chunk.line("_rules"), actual=short(rules, 80)) from None
    missing = [k for k in REQUIRED + variant.needs if k not in t]
    if missing:
        raise FormatError(f"variant {code} needs {', '.join(missing)}", line=chunk.start,
                          expected=", ".join(REQUIRED + variant.needs))
    raw_stacks = _array(t, "starting_stacks", None, chunk)
    n = len(raw_stacks)
    if n > MAX_COUNT:
        raise FormatError(f"{n} players, more than {MAX_COUNT}", line=chunk.line("starting_stacks"),
                          expected=f"at most {MAX_COUNT} players")
    texts = _array(t, "actions", None, chunk, str)
    text_lines = chunk.element_lines("actions", len(texts))
    money = {k: _array(t, k, n, chunk) for k in ("antes", "blinds_or_straddles", "finishing_stacks") if k in t}
    money["starting_stacks"] = raw_stacks
    money.update({k: [_number(t, k, chunk)] for k in STAKE_FIELDS if k in t})
    decimals = _decimals(money, texts, text_lines, chunk)
    amounts = {k: [minor(v, decimals, k, chunk.line(k)) for v in values] for k, values in money.items()}
    stacks, antes = amounts["starting_stacks"], amounts["antes"]
    blinds, finish = amounts.get("blinds_or_straddles", []), amounts.get("finishing_stacks", [])
    stake = {k: amounts[k][0] or None for k in STAKE_FIELDS if k in amounts}
    names = _names(t, n, chunk)
    numbers = list(_field(array(count), t, "seats", chunk)) if "seats" in t else list(range(1, n + 1))
    if len(numbers) != n or len(set(numbers)) != n:
        raise FormatError(f"seats must be {n} distinct seat numbers", line=chunk.line("seats"),
                          actual=short(numbers, 80))

    order = sorted(range(n), key=numbers.__getitem__)
    table = Table(spec, names, stacks, decimals, stake.get("bring_in"))
    table.post_forced(antes, blinds, order, chunk.line("antes"), chunk.line("blinds_or_straddles"))
    for entry, line in zip(texts, text_lines):
        table.apply(entry, line)

    posted = [blind for blind in blinds if blind]
    lone = posted[0] if len(posted) == 1 else None  # one blind is a big blind (6+: the button's)
    big_blind = blinds[1] if len(blinds) > 1 and blinds[1] else lone
    fields: dict[str, Any] = dict(
        site=SITE, hand_id=_hand_id(t, chunk, path), rules=rules,
        stakes=Stakes(
            decimals, _text(t, "currency", chunk), _text(t, "currency_symbol", chunk) or "",
            small_blind=blinds[0] if blinds and blinds[0] and lone is None else None, big_blind=big_blind,
            ante=max(antes, default=0) or None, bring_in=stake.get("bring_in"), small_bet=stake.get("small_bet"),
            big_bet=stake.get("big_bet"), min_bet=stake.get("min_bet") if stake.get("min_bet") != big_blind else None,
        ),
        table=_table(t, chunk), max_seats=_field(count, t, "seat_count", chunk) if "seat_count" in t else None,
        button=numbers[-1] if any(blinds) and n >= 2 else None, start=_start(t, chunk),
        time_zone=_text(t, "time_zone", chunk) or _text(t, "time_zone_abbreviation", chunk),
        seats=tuple(Seat(numbers[i], names[i], stacks[i]) for i in order),
        deals=tuple(table.deals), actions=tuple(table.actions),
        finishing_stacks=tuple(finish[i] for i in order) if finish else (),
    )
    lines = {"deals": table.deal_lines, "actions": table.action_lines}
    for name in OVERRIDES:
        key = "_" + name
        if key in t:
            value = t[key]
            elements = partial(chunk.element_lines, key, len(value) if isinstance(value, list) else 0)
            fields[name] = decode(name, value, chunk.line(key), elements)
            if name in lines:
                lines[name] = chunk.element_lines(key, len(fields[name]))
    if "_extra_actions" in t:
        fields["actions"], lines["actions"] = _insert(t, chunk, fields["actions"], lines["actions"])
    for name in _array(t, "_none", None, chunk, str) if "_none" in t else ():
        if name not in NULLABLE:
            raise FormatError(f"_none names {short(name)!r}", line=chunk.line("_none"), expected=", ".join(NULLABLE))
        fields[name] = None
    return Hand(**fields, source=Source(path, chunk.start, "phh"), deal_lines=tuple(lines["deals"]),
                action_lines=tuple(lines["actions"]), raw=chunk.text)


def _decimals(money: dict[str, list], texts: list[str], text_lines: list[int], chunk: _Chunk) -> int:
    """The decimal places of the hand: the most any amount is written with (at most MAX_DECIMALS)."""
    written: list[tuple[int, str, int | None]] = [(places(v), key, None) for key, vs in money.items() for v in vs]
    written += [(places(m.group(1)), "actions", line)
                for entry, line in zip(texts, text_lines) for m in CBR.finditer(entry.partition("#")[0])]
    most, key, line = max(written, key=lambda w: w[0], default=(0, "", None))
    if most > MAX_DECIMALS:
        raise FormatError(f"{key}: an amount with {most} decimal places", line=line or chunk.line(key),
                          expected=f"at most {MAX_DECIMALS} decimal places")
    return most


def _insert(t: dict, chunk: _Chunk, actions: tuple, lines: list[int]) -> tuple[tuple, list[int]]:
    """Put each ``_extra_actions`` entry (an action and ``at``, its index in the hand) in its place."""
    entries = _array(t, "_extra_actions", None, chunk, dict)
    placed = []
    for entry, line in zip(entries, chunk.element_lines("_extra_actions", len(entries))):
        at = entry.get("at")
        if isinstance(at, bool) or not isinstance(at, int):
            raise FormatError("_extra_actions: 'at' must be an index into the actions", line=line,
                              actual=short(at, 80))
        try:
            placed.append((at, record(Action, {k: v for k, v in entry.items() if k != "at"}), line))
        except FormatError as err:
            err.reason, err.line = f"_extra_actions: {err.reason}", line
            raise
    out, out_lines = list(actions), list(lines)
    for at, action, line in sorted(placed, key=lambda p: p[0]):
        if not 0 <= at <= len(out):
            raise FormatError("_extra_actions: 'at' must be an index into the actions", line=line, actual=str(at))
        out.insert(at, action)
        out_lines.insert(at, line)
    return tuple(out), out_lines


def _names(t: dict, n: int, chunk: _Chunk) -> list[str]:
    given = _array(t, "players", n, chunk, str) if "players" in t else [""] * n
    names = [name or f"p{i + 1}" for i, name in enumerate(given)]
    if len(set(names)) != n:
        raise FormatError("player names repeat", line=chunk.line("players"), expected="distinct names",
                          actual=short(given, 80))
    return names


def _text(t: dict, key: str, chunk: _Chunk) -> str | None:
    return None if t.get(key) is None else _field(a_text, t, key, chunk)


def _table(t: dict, chunk: _Chunk) -> str | None:
    value = t.get("table")
    if value is None or (isinstance(value, str | int) and not isinstance(value, bool)):
        return None if value is None else str(value)
    raise FormatError("table must be a string or an integer", line=chunk.line("table"), actual=short(value, 80))


def _hand_id(t: dict, chunk: _Chunk, path: str) -> str:
    for key in ("_hand_id", "hand"):
        if key in t:
            if not isinstance(t[key], str | int) or isinstance(t[key], bool):
                raise FormatError(f"{key} must be a string or an integer", line=chunk.line(key),
                                  actual=short(t[key], 80))
            return str(t[key])
    return chunk.key if chunk.key is not None else PurePath(path).stem


DATE_RANGES = {"year": (1, 9999), "month": (1, 12), "day": (1, 31)}


def _start(t: dict, chunk: _Chunk) -> datetime | None:
    """``year``, ``month``, ``day`` and ``time`` (midnight when only the date is given)."""
    date = []
    for key, (low, high) in DATE_RANGES.items():
        value = t.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
            raise FormatError(f"{key} must be an integer {low}..{high}", line=chunk.line(key),
                              actual=short(value, 80))
        date.append(value)
    clock = t.get("time", time())
    if None in date:
        return None
    if not isinstance(clock, time):
        raise FormatError("time must be a TOML local time", line=chunk.line("time"), expected="time = 21:04:11",
                          actual=short(clock, 80))
    try:
        day = datetime(*date)  # type: ignore[arg-type]
    except ValueError as err:  # day 31 of a 30-day month, 29 February of a common year
        raise FormatError(f"no such date: {err}", line=chunk.line("day"), actual=repr(date)) from None
    return datetime.combine(day, clock)


# -- writing ------------------------------------------------------------------


class _Num(str):
    """A number already formatted (``12.40``): written as is."""


def write(hands: Iterable[Hand]) -> str:
    """One hand: a .phh file; several: a .phhs collection ``[1]``, ``[2]``, ...; none: empty."""
    texts = [_write_one(h) for h in hands]
    if len(texts) == 1:
        return texts[0]
    return "\n".join(f"[{i}]\n{text}" for i, text in enumerate(texts, 1))


def _write_one(hand: Hand) -> str:
    if hand.rules not in CODE_OF_RULES:
        try:
            _spec(hand.rules)
        except RulesError as err:
            raise FormatError(f"cannot write hand {hand.hand_id}: {err.reason}", hand_id=hand.hand_id) from None
    for full in (True, False):
        native = _dump(_native(hand, full))
        try:
            derived = _read_back(native)
            break
        except FormatError as err:
            if not full:
                raise FormatError(f"cannot write hand {hand.hand_id}: {err.reason}", hand_id=hand.hand_id) from None
    extra = {"_" + f: _plain(getattr(hand, f)) for f in OVERRIDES
             if getattr(hand, f) != getattr(derived, f) and getattr(hand, f) is not None}
    nones = [f for f in OVERRIDES if getattr(hand, f) is None and getattr(derived, f) is not None]
    if "_actions" in extra and [a for a in hand.actions if a.kind not in INSERTED] == list(derived.actions):
        extra = {("_extra_actions" if k == "_actions" else k): v for k, v in extra.items()}
        extra["_extra_actions"] = [{"at": i, **_plain(a)} for i, a in enumerate(hand.actions) if a.kind in INSERTED]
    return native + _dump({**extra, **({"_none": nones} if nones else {})})


def _read_back(native: str) -> Hand:
    """The hand the core reads from the native PHH text of one hand; its quarantine's error if it reads none."""
    from .stars import parse_whole

    (found,) = parse_whole(native, "<write>", strict=True)  # a bug of ours raises
    if isinstance(found, Quarantined):
        assert found.error is not None
        raise found.error
    return found


def _native(hand: Hand, full: bool) -> dict[str, Any]:
    """The native PHH fields of a hand; with ``full`` false a skeleton that always reads back (odd hands)."""
    code = CODE_OF_RULES.get(hand.rules, SOKO)
    st, d = hand.stakes, hand.stakes.decimals
    amount = (lambda m: _Num(decimal_text(m, d))) if d else (lambda m: m)
    seats = sorted((s for s in hand.seats if not s.sitting_out),
                   key=lambda s: (hand.button is not None and s.seat <= hand.button, s.seat))
    n = len(seats)
    index = {s.name: i for i, s in enumerate(seats)}
    antes, blinds = [0] * n, [0] * n
    for a in hand.actions if full else ():
        forced = antes if a.kind is ActionKind.ANTE else blinds if a.kind in BLIND_KINDS else None
        if forced is not None and a.player in index:
            forced[1 - index[a.player] if n == 2 else index[a.player]] += a.amount
    out: dict[str, Any] = {"variant": code}
    if code == SOKO:
        out["_rules"] = hand.rules
    out["antes"] = [amount(x) for x in antes]
    if any(blinds) or "blinds_or_straddles" in VARIANTS[code].needs:
        out["blinds_or_straddles"] = [amount(x) for x in blinds]
    for key in STAKE_FIELDS:
        value = getattr(st, key) if full else None
        if value is None and key in VARIANTS[code].needs:
            posted = next((a.amount for a in hand.actions if a.kind is ActionKind.BRING_IN and full), None)
            value = (posted if key == "bring_in" else None) or (st.big_blind if full else None) or 1
        if value is not None:
            out[key] = amount(value)
    out["starting_stacks"] = [amount(s.stack if full else 0) for s in seats]
    out["actions"] = _native_actions(hand, index, amount) if full else []
    out["hand"] = int(hand.hand_id) if re.fullmatch(r"[1-9][0-9]{0,17}|0", hand.hand_id) else hand.hand_id
    if not full:
        return out
    optional = {"table": hand.table, "seat_count": hand.max_seats, "currency": st.currency,
                "currency_symbol": st.symbol or None}
    out.update({k: v for k, v in optional.items() if v is not None})
    if [s.seat for s in seats] != list(range(1, n + 1)):
        out["seats"] = [s.seat for s in seats]
    out["players"] = [s.name for s in seats]
    if len(hand.finishing_stacks) == len(hand.seats) == n:
        by_seat = dict(zip((s.seat for s in hand.seats), hand.finishing_stacks))
        out["finishing_stacks"] = [amount(by_seat[s.seat]) for s in seats]
    if hand.time_zone:
        iana = "/" in hand.time_zone or hand.time_zone == "UTC"
        out["time_zone" if iana else "time_zone_abbreviation"] = hand.time_zone
    if hand.start is not None and hand.start.tzinfo is None:
        s = hand.start
        out.update(year=s.year, month=s.month, day=s.day)
        if s.time() != time():
            out["time"] = s.time()
    return out


MAX_DISCARDS = 52
"""The most unseen discards a draw is written with."""
_VERB = {ActionKind.BRING_IN: "pb", ActionKind.FOLD: "f", ActionKind.CHECK: "cc", ActionKind.CALL: "cc",
         ActionKind.BET: "cbr", ActionKind.RAISE: "cbr", ActionKind.COMPLETE: "cbr", ActionKind.SHOW: "sm",
         ActionKind.MUCK: "sm", ActionKind.DRAW: "sd"}
"""What each kind is in PHH; the rest (forced bets are fields; collects...) go to ``_actions``."""


def _native_actions(hand: Hand, index: dict[str, int], amount: Any) -> list[str]:
    """Deals and actions of each street in turn, as PHH strings. A player who shows twice (a stud all-in shows
    six cards before the last card is dealt, then all seven) shows first where PHH has it: after the last
    betting action, before the cards still to come. On a draw street the draws come first, then the cards they
    deal, then the betting."""
    last_show = {a.player: i for i, a in enumerate(hand.actions) if a.kind is ActionKind.SHOW}
    bets = (a.street for a in hand.actions if a.kind in _VERB and a.kind not in (ActionKind.SHOW, ActionKind.MUCK))
    early = max(bets, default=0)
    draws = {a.street for a in hand.actions if a.kind is ActionKind.DRAW}
    out: list[tuple[int, int, str]] = []
    for deal in hand.deals:
        if deal.run == 0 and (deal.player is None or deal.player in index):
            who = "d db" if deal.player is None else f"d dh p{index[deal.player] + 1}"
            out.append((deal.street, 2 if deal.street in draws else 0, f"{who} {card_text(deal.cards)}"))
    for i, a in enumerate(hand.actions):
        verb = _VERB.get(a.kind)
        if verb is None or a.run or a.player not in index:
            continue
        text = f"p{index[a.player] + 1} {verb}"
        if verb == "cbr":
            text += f" {amount(a.to if a.to is not None else a.amount)}"
        elif a.kind is ActionKind.SHOW:
            text += f" {card_text(a.cards)}" + (f" # {a.text}" if a.text else "")
        elif a.kind is ActionKind.DRAW and a.amount:
            # unseen discards as ??; never more than a deck (a log's impossible count is kept in _actions)
            unseen = max(0, min(a.amount, MAX_DISCARDS) - len(a.cards))
            text += f" {card_text(a.cards + (None,) * unseen)}"
        shows_again = a.kind is ActionKind.SHOW and last_show[a.player] > i
        phase = 1 if a.kind is ActionKind.DRAW else 3
        out.append((early, 4, text) if shows_again else (a.street, phase, text))
    return [text for _, _, text in sorted(out, key=lambda x: x[:2])]


def _plain(value: Any) -> Any:
    """A Hand field as TOML data: records as tables without None or default fields, tuples as arrays."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        defaults = getattr(value, "_field_defaults", {})
        return {f: _ENCODE.get(f, _plain)(v) for f, v in zip(value._fields, value)
                if v is not None and (f not in defaults or v != defaults[f])}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _dump(fields: dict[str, Any]) -> str:
    lines = []
    for key, value in fields.items():
        if key in ("actions", "_actions", "_extra_actions", "_deals", "_seats") and value:
            lines += [f"{key} = ["] + [f"  {_toml(v)}," for v in value] + ["]"]
        else:
            lines.append(f"{key} = {_toml(value)}")
    return "".join(line + "\n" for line in lines)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _Num | int):
        return str(value)
    if isinstance(value, str):
        if re.search(r"['\x00-\x08\x0a-\x1f\x7f]", value):
            return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
        return f"'{value}'"
    if isinstance(value, datetime | time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(_toml, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} as TOML")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml(key)
