"""The PHH format (poker hand history, https://phh.readthedocs.io) written: one hand as a ``.phh`` file, several
as a ``.phhs`` collection of TOML tables ``[1]``, ``[2]``, ... (as PokerKit writes them).

PHH is read by the compiled core (``core/src/read/phh/``, ``FORMATS['phh'].parse``); this module writes it.
Each hand's rules become a PHH variant code (:data:`VARIANTS`: ``NT`` no-limit and ``FT`` fixed-limit hold'em,
``F7S`` seven card stud, ``PO`` pot-limit Omaha, ``FO/8``, ``F7S/8``, ``FR`` razz, the draw games, ``NS``
short deck) or ``SOKO``, our own code for a game of ours whose rules text goes in the user-defined field
``_rules``.

Writing keeps every field of :class:`~soko_analytics.model.hand.Hand`: the
writer puts down the native PHH fields, reads them back through the core's reader, and for each field
that came back different (a collect, an uncalled bet, a summary pot, a site)
adds a user-defined ``_field`` (PHH lets user fields start with ``_``) holding
the exact value, amounts in minor units; ``_extra_actions`` inserts the
actions PHH has no notation for (collects, uncalled bets) when they are all
that is missing, and ``_none`` lists fields that are None.
So reading what :func:`write` wrote gives the hands back. See ``docs/phh.md``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, time
from typing import Any

from .._core import PHH_VARIANTS
from ..errors import RulesError, SokoError, phrase
from ..model.cards import Card
from ..model.hand import ActionKind, Hand
from ..model.money import decimal_text
from ..rules.profiles import resolve
from .base import FormatError, Quarantined
from .stars import parse_whole


@dataclass(frozen=True)
class Variant:
    """A PHH variant code the core reads: our rules text for it and the fields PHH requires of it."""

    rules: str | None
    """None: the rules come from ``_rules``."""
    needs: tuple[str, ...] = ()


VARIANTS = {code: Variant(rules, needs) for code, rules, needs in PHH_VARIANTS}
"""The variant codes as the core's reader maps them to rules (``read/phh/build.rs``' ``VARIANTS``)."""
SOKO = "SOKO"
CODE_OF_RULES = {v.rules: code for code, v in VARIANTS.items() if v.rules}
STAKE_FIELDS = ("bring_in", "small_bet", "big_bet", "min_bet")
OVERRIDES = ("site", "hand_id", "stakes", "table", "max_seats", "button", "start", "time_zone", "start_utc",
             "tournament", "seats", "deals", "actions", "total_pot", "rake", "pots", "extras", "finishing_stacks")
"""Hand fields a ``_field`` may set, in the order they are written (the core reads them: ``read/phh/overrides.rs``)."""
INSERTED = frozenset({ActionKind.COLLECT, ActionKind.UNCALLED, ActionKind.NO_SHOW, ActionKind.CASH_OUT,
                      ActionKind.INSURANCE})
"""Kinds PHH has no notation for; when they are all that is missing they go to ``_extra_actions``."""
BLIND_KINDS = (ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.STRADDLE)
"""The kind of a post by its index in ``blinds_or_straddles`` (2 and later: straddles)."""


def card_text(cards: tuple[Card | None, ...]) -> str:
    """Cards as PHH writes them: ``Ac2d``, ``??`` for a card dealt face down that the hand does not show."""
    return "".join("??" if c is None else str(c) for c in cards)


_ENCODE: dict[str, Callable[[Any], Any]] = {"cards": card_text, "kind": str, "up": list}


def _read_back(native: str) -> Hand:
    """The hand the core reads from the native PHH text of one hand; its quarantine's error if it reads none."""
    (found,) = parse_whole(native, "<write>", strict=True)  # a bug of ours raises
    if isinstance(found, Quarantined):
        assert found.error is not None
        raise found.error
    return found


class _Num(str):
    """A number already formatted (``12.40``): written as is."""


def write(hands: Iterable[Hand]) -> str:
    """One hand: a .phh file; several: a .phhs collection ``[1]``, ``[2]``, ...; none: empty."""
    texts = [_write_one(h) for h in hands]
    if len(texts) == 1:
        return texts[0]
    return "\n".join(f"[{i}]\n{text}" for i, text in enumerate(texts, 1))


def _unwritable(hand: Hand, err: SokoError) -> FormatError:
    return FormatError(phrase("cannot write hand {hand}: {reason}", hand=hand.hand_id, reason=err.reason),
                       hand_id=hand.hand_id)


def _write_one(hand: Hand) -> str:
    if hand.rules not in CODE_OF_RULES:
        try:
            resolve(hand.rules)
        except RulesError as err:
            raise _unwritable(hand, err) from None
    for full in (True, False):
        native = _dump(_native(hand, full))
        try:
            derived = _read_back(native)
            break
        except FormatError as err:
            if not full:
                raise _unwritable(hand, err) from None
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
