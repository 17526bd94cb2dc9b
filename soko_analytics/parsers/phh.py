"""The PHH format (poker hand history, https://phh.readthedocs.io): one hand per ``.phh``
file, or a ``.phhs`` collection of TOML tables ``[1]``, ``[2]``, ... (as PokerKit writes them).

We read the variants we replay (:data:`VARIANTS`): ``NT`` no-limit and ``FT``
fixed-limit hold'em, ``F7S`` seven card stud, and ``SOKO``, our own code for a
game of ours whose rules text is in the user-defined field ``_rules``. Other
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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, time
from decimal import Decimal
from functools import cache
from pathlib import PurePath
from typing import Any

from ..errors import CardError, RulesError, SokoError
from ..model.hand import (
    Action,
    ActionKind,
    Deal,
    Hand,
    Seat,
    Source,
    Stakes,
    Tournament,
)
from ..model.money import decimal_text
from ..rules.profiles import resolve
from ..rules.spec import GameSpec
from .base import FormatError, Quarantined, UnsupportedGame, quarantine
from .phh_state import BLIND_KINDS, Table, card_text, cards_of, minor, places

NAME = "phh"
EXTENSIONS = (".phh", ".phhs")
SITE = "PHH"


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
    "SOKO": Variant(None),
}
SOKO = "SOKO"
SOKO_DEFAULT_RULES = "soko-casino"
CODE_OF_RULES = {v.rules: code for code, v in VARIANTS.items() if v.rules}
REQUIRED = ("antes", "starting_stacks", "actions")
STAKE_FIELDS = ("bring_in", "small_bet", "big_bet", "min_bet")
OVERRIDES = ("site", "hand_id", "stakes", "table", "max_seats", "button", "start", "time_zone", "start_utc",
             "tournament", "seats", "deals", "actions", "total_pot", "rake", "pots", "extras", "finishing_stacks")
"""Hand fields a ``_field`` may set, in the order they are written."""
INSERTED = frozenset({ActionKind.COLLECT, ActionKind.UNCALLED, ActionKind.NO_SHOW, ActionKind.CASH_OUT})
"""Kinds PHH has no notation for; when they are all that is missing they go to ``_extra_actions``."""
_RECORDS = {"seats": Seat, "deals": Deal, "actions": Action, "stakes": Stakes, "tournament": Tournament}
_ENCODE = {"cards": card_text, "kind": str, "up": list}
_DECODE = {"cards": cards_of, "kind": ActionKind, "up": tuple}
HEADER = re.compile(r"""^[ \t]*\[[ \t]*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\][ \t]*(?:#.*)?\r?$""")
CBR = re.compile(r"\bcbr\s+(\S+)")


def detect(head: str) -> float:
    """0..1: a ``variant = '...'`` line, an ``actions = [`` line, ``starting_stacks``."""
    try:
        score = 0.5 if re.search(r"(?m)^\s*variant\s*=\s*['\"]", head) else 0.0
        score += 0.3 if re.search(r"(?m)^\s*actions\s*=\s*\[", head) else 0.0
        score += 0.2 if re.search(r"(?m)^\s*starting_stacks\s*=", head) else 0.0
        return score
    except Exception:  # noqa: BLE001 - detection never raises
        return 0.0


# -- reading ------------------------------------------------------------------


@dataclass(frozen=True)
class _Chunk:
    """One hand's text: its collection key (None for a .phh file) and first line."""

    key: str | None
    start: int
    text: str

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


def parse(text: str, path: str = "<text>") -> Iterator[Hand | Quarantined]:
    """Each hand of a .phh file or .phhs collection, as a Hand or a Quarantined record."""
    for chunk in _chunks(text.removeprefix("\ufeff")):
        hand_id = _id_hint(chunk, path)
        try:
            yield _read(chunk, path)
        except FormatError as err:
            yield quarantine(err, chunk.text, path, chunk.start, hand_id)
        except SokoError as err:
            yield quarantine(FormatError(err.reason, line=err.line, expected=err.expected, actual=err.actual),
                             chunk.text, path, chunk.start, hand_id)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
            yield quarantine(FormatError(f"malformed hand: {err}"), chunk.text, path, chunk.start, hand_id)


def _chunks(text: str) -> Iterator[_Chunk]:
    lines = text.split("\n")
    first = next((i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("#")), None)
    if first is None:
        return
    if not HEADER.match(lines[first]):
        yield _Chunk(None, 1, text)
        return
    heads = [i for i, ln in enumerate(lines) if HEADER.match(ln)]
    for a, b in zip(heads, heads[1:] + [len(lines)]):
        key = HEADER.match(lines[a]).group(1).strip("'\"")  # type: ignore[union-attr]
        yield _Chunk(key, a + 1, "\n".join(lines[a:b]))


def _id_hint(chunk: _Chunk, path: str) -> str:
    m = re.search(r"""(?m)^[ \t]*_?hand(?:_id)?[ \t]*=[ \t]*['"]?([^'"\s#]+)""", chunk.text)
    return m.group(1) if m else chunk.key or PurePath(path).stem


def _read(chunk: _Chunk, path: str) -> Hand:
    try:
        doc = tomllib.loads(chunk.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as err:
        at = re.search(r"at line (\d+)", str(err))
        last = len(chunk.text.rstrip().split("\n"))  # "at end of document": the last line that has text
        line = chunk.start + (int(at.group(1)) if at else last) - 1
        raise FormatError(f"not valid TOML: {err}", line=line, expected="a PHH hand (TOML)") from None
    if chunk.key is not None:
        values = list(doc.values())
        if len(values) != 1 or not isinstance(values[0], dict):
            raise FormatError("a collection entry must be one table", line=chunk.start, expected="[N] then fields")
        doc = values[0]
    return _build(doc, chunk, path)


@cache
def _spec(rules: str) -> GameSpec:
    return resolve(rules)


def _array(t: dict, key: str, n: int | None, chunk: _Chunk, kind: type | tuple = (int, Decimal)) -> list:
    value = t.get(key)
    ok = isinstance(value, list) and all(isinstance(v, kind) and not isinstance(v, bool) for v in value)
    if not ok or (n is not None and len(value) != n):
        size = "" if n is None else f" of {n}"
        raise FormatError(f"{key} must be an array{size} ({_kind_name(kind)})", line=chunk.line(key),
                          expected=f"{key} = [...]", actual=repr(value)[:80])
    return value


def _kind_name(kind: type | tuple) -> str:
    return "strings" if kind is str else "integers" if kind is int else "numbers"


def _build(t: dict, chunk: _Chunk, path: str) -> Hand:
    """A Hand from one PHH table (native fields first, then the ``_`` fields)."""
    code = t.get("variant")
    variant = VARIANTS.get(code) if isinstance(code, str) else None
    if variant is None:
        if not isinstance(code, str):
            raise FormatError("no variant", line=chunk.line("variant"), expected="variant = 'NT'", actual=repr(code))
        raise UnsupportedGame(f"unsupported PHH variant {code!r}", line=chunk.line("variant"),
                              expected=f"one of {', '.join(VARIANTS)}", actual=code)
    rules = t.get("_rules", variant.rules or SOKO_DEFAULT_RULES)
    try:
        spec = _spec(rules if isinstance(rules, str) else "")
    except RulesError as err:
        raise FormatError(f"_rules: {err.reason}", line=chunk.line("_rules"), actual=repr(rules)) from None
    missing = [k for k in REQUIRED + variant.needs if k not in t]
    if missing:
        raise FormatError(f"variant {code} needs {', '.join(missing)}", line=chunk.start,
                          expected=", ".join(REQUIRED + variant.needs))
    raw_stacks = _array(t, "starting_stacks", None, chunk)
    n = len(raw_stacks)
    texts = _array(t, "actions", None, chunk, str)
    raw_antes = _array(t, "antes", n, chunk)
    raw_blinds = _array(t, "blinds_or_straddles", n, chunk) if "blinds_or_straddles" in t else []
    raw_finish = _array(t, "finishing_stacks", n, chunk) if "finishing_stacks" in t else []
    scalars = {k: t[k] for k in STAKE_FIELDS if k in t}
    cbrs = [m.group(1) for s in texts for m in CBR.finditer(s.partition("#")[0])]
    decimals = max((places(v) for v in (*raw_stacks, *raw_antes, *raw_blinds, *raw_finish, *scalars.values(), *cbrs)),
                   default=0)

    def money(values: list, key: str) -> list[int]:
        return [minor(v, decimals, key, chunk.line(key)) for v in values]

    stacks, antes, blinds, finish = (money(v, k) for v, k in ((raw_stacks, "starting_stacks"), (raw_antes, "antes"),
                                     (raw_blinds, "blinds_or_straddles"), (raw_finish, "finishing_stacks")))
    stake = {k: minor(v, decimals, k, chunk.line(k)) or None for k, v in scalars.items()}
    names = _names(t, n, chunk)
    numbers = _array(t, "seats", n, chunk, int) if "seats" in t else list(range(1, n + 1))
    if len(set(numbers)) != n:
        raise FormatError("seat numbers repeat", line=chunk.line("seats"), actual=repr(numbers))

    order = sorted(range(n), key=numbers.__getitem__)
    table = Table(spec, names, stacks, decimals, stake.get("bring_in"))
    table.post_forced(antes, blinds, order, chunk.line("antes"), chunk.line("blinds_or_straddles"))
    for text, line in zip(texts, chunk.element_lines("actions", len(texts))):
        table.apply(text, line)

    big_blind = blinds[1] if len(blinds) > 1 and blinds[1] else None
    fields: dict[str, Any] = dict(
        site=SITE, hand_id=_hand_id(t, chunk, path), rules=rules,
        stakes=Stakes(
            decimals, _text(t, "currency", chunk), _text(t, "currency_symbol", chunk) or "",
            small_blind=blinds[0] if blinds and blinds[0] else None, big_blind=big_blind,
            ante=max(antes, default=0) or None, bring_in=stake.get("bring_in"), small_bet=stake.get("small_bet"),
            big_bet=stake.get("big_bet"), min_bet=stake.get("min_bet") if stake.get("min_bet") != big_blind else None,
        ),
        table=None if "table" not in t else str(t["table"]), max_seats=_int(t, "seat_count", chunk),
        button=numbers[-1] if any(blinds) and n >= 2 else None, start=_start(t, chunk),
        time_zone=_text(t, "time_zone", chunk) or _text(t, "time_zone_abbreviation", chunk),
        seats=tuple(Seat(numbers[i], names[i], stacks[i]) for i in order),
        deals=tuple(table.deals), actions=tuple(table.actions),
        finishing_stacks=tuple(finish[i] for i in order) if finish else (),
    )
    lines = {"deals": table.deal_lines, "actions": table.action_lines}
    for name in OVERRIDES:
        if "_" + name in t:
            fields[name] = _decode(name, t["_" + name], chunk)
            if name in lines:
                lines[name] = chunk.element_lines("_" + name, len(fields[name]))
    if "_extra_actions" in t:
        fields["actions"], lines["actions"] = _insert(t, chunk, fields["actions"], lines["actions"])
    for name in _array(t, "_none", None, chunk, str) if "_none" in t else ():
        if name not in OVERRIDES:
            raise FormatError(f"_none names {name!r}", line=chunk.line("_none"), expected=", ".join(OVERRIDES))
        fields[name] = None
    return Hand(**fields, source=Source(path, chunk.start), deal_lines=tuple(lines["deals"]),
                action_lines=tuple(lines["actions"]), raw=chunk.text)


def _insert(t: dict, chunk: _Chunk, actions: tuple, lines: list[int]) -> tuple[tuple, list[int]]:
    """Put each ``_extra_actions`` entry (an action and ``at``, its index in the hand) in its place."""
    entries = _array(t, "_extra_actions", None, chunk, dict)
    out, out_lines = list(actions), list(lines)
    for entry, line in sorted(zip(entries, chunk.element_lines("_extra_actions", len(entries))),
                              key=lambda e: e[0].get("at", -1)):
        at = entry.get("at")
        if not isinstance(at, int) or not 0 <= at <= len(out):
            raise FormatError("_extra_actions: 'at' must be an index into the actions", line=line, actual=repr(at))
        try:
            out.insert(at, _record(Action, {k: v for k, v in entry.items() if k != "at"}))
        except (TypeError, ValueError, CardError) as err:
            raise FormatError(f"_extra_actions: {err}", line=line) from None
        out_lines.insert(at, line)
    return tuple(out), out_lines


def _names(t: dict, n: int, chunk: _Chunk) -> list[str]:
    given = _array(t, "players", n, chunk, str) if "players" in t else [""] * n
    names = [name or f"p{i + 1}" for i, name in enumerate(given)]
    if len(set(names)) != n:
        raise FormatError("player names repeat", line=chunk.line("players"), expected="distinct names",
                          actual=repr(given))
    return names


def _text(t: dict, key: str, chunk: _Chunk) -> str | None:
    value = t.get(key)
    if value is not None and not isinstance(value, str):
        raise FormatError(f"{key} must be a string", line=chunk.line(key), actual=repr(value))
    return value


def _int(t: dict, key: str, chunk: _Chunk) -> int | None:
    value = t.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise FormatError(f"{key} must be an integer", line=chunk.line(key), actual=repr(value))
    return value


def _hand_id(t: dict, chunk: _Chunk, path: str) -> str:
    for key in ("_hand_id", "hand"):
        if key in t:
            if not isinstance(t[key], str | int) or isinstance(t[key], bool):
                raise FormatError(f"{key} must be a string or an integer", line=chunk.line(key), actual=repr(t[key]))
            return str(t[key])
    return chunk.key if chunk.key is not None else PurePath(path).stem


def _start(t: dict, chunk: _Chunk) -> datetime | None:
    """``year``, ``month``, ``day`` and ``time`` (midnight when only the date is given)."""
    date = [_int(t, k, chunk) for k in ("year", "month", "day")]
    clock = t.get("time", time())
    if None in date:
        return None
    if not isinstance(clock, time):
        raise FormatError("time must be a TOML local time", line=chunk.line("time"), expected="time = 21:04:11",
                          actual=repr(clock))
    try:
        return datetime.combine(datetime(*date), clock)  # type: ignore[arg-type]
    except ValueError as err:
        raise FormatError(f"no such date: {err}", line=chunk.line("day"), actual=repr(date)) from None


def _decode(name: str, value: Any, chunk: _Chunk) -> Any:
    """A ``_field`` value back into the Hand field ``name``."""
    try:
        cls = _RECORDS.get(name)
        if name in ("seats", "deals", "actions"):
            return tuple(_record(cls, v) for v in value)  # type: ignore[arg-type]
        if cls is not None:
            return _record(cls, value)
        if name in ("site", "hand_id", "table", "time_zone"):
            return str(value)
        if name == "extras":
            return tuple((str(label), int(amount)) for label, amount in value)
        return tuple(value) if isinstance(value, list) else value
    except (TypeError, ValueError, KeyError, CardError, FormatError) as err:
        raise FormatError(f"_{name}: {getattr(err, 'reason', err)}", line=chunk.line("_" + name)) from None


def _record(cls: Any, value: Any) -> Any:
    if not isinstance(value, dict) or not set(value) <= set(cls._fields):
        raise ValueError(f"expected a table with keys from {', '.join(cls._fields)}, got {value!r}")
    kwargs = {f: cls._field_defaults.get(f) for f in cls._fields}
    kwargs.update({k: _DECODE.get(k, _tuple)(v) for k, v in value.items()})
    return cls(**kwargs)


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


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
            derived = _build(tomllib.loads(native, parse_float=Decimal), _Chunk(None, 1, native), "<write>")
            break
        except SokoError as err:
            if not full:
                raise FormatError(f"cannot write hand {hand.hand_id}: {err.reason}", hand_id=hand.hand_id) from None
    extra = {"_" + f: _plain(getattr(hand, f)) for f in OVERRIDES
             if getattr(hand, f) != getattr(derived, f) and getattr(hand, f) is not None}
    nones = [f for f in OVERRIDES if getattr(hand, f) is None and getattr(derived, f) is not None]
    if "_actions" in extra and [a for a in hand.actions if a.kind not in INSERTED] == list(derived.actions):
        extra = {("_extra_actions" if k == "_actions" else k): v for k, v in extra.items()}
        extra["_extra_actions"] = [{"at": i, **_plain(a)} for i, a in enumerate(hand.actions) if a.kind in INSERTED]
    return native + _dump({**extra, **({"_none": nones} if nones else {})})


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


_VERB = {ActionKind.BRING_IN: "pb", ActionKind.FOLD: "f", ActionKind.CHECK: "cc", ActionKind.CALL: "cc",
         ActionKind.BET: "cbr", ActionKind.RAISE: "cbr", ActionKind.COMPLETE: "cbr", ActionKind.SHOW: "sm",
         ActionKind.MUCK: "sm"}
"""What each kind is in PHH; the rest (forced bets are fields; collects...) go to ``_actions``."""


def _native_actions(hand: Hand, index: dict[str, int], amount: Any) -> list[str]:
    """Deals and actions of each street in turn, as PHH strings."""
    out: list[tuple[int, int, str]] = []
    for deal in hand.deals:
        if deal.run == 0 and (deal.player is None or deal.player in index):
            who = "d db" if deal.player is None else f"d dh p{index[deal.player] + 1}"
            out.append((deal.street, 0, f"{who} {card_text(deal.cards)}"))
    for a in hand.actions:
        verb = _VERB.get(a.kind)
        if verb is None or a.run or a.player not in index:
            continue
        text = f"p{index[a.player] + 1} {verb}"
        if verb == "cbr":
            text += f" {amount(a.to if a.to is not None else a.amount)}"
        elif a.kind is ActionKind.SHOW:
            text += f" {card_text(a.cards)}" + (f" # {a.text}" if a.text else "")
        out.append((a.street, 1, text))
    return [text for _, _, text in sorted(out, key=lambda x: x[:2])]


def _plain(value: Any) -> Any:
    """A Hand field as TOML data: records as tables without None or default fields, tuples as arrays."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        defaults = value._field_defaults
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
