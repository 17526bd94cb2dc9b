"""The PokerStars family of text logs: the shared reader of PokerStars and Sökö text.

PokerStars hand histories and the Sökö text format (``formats/soko-text.md``)
share their body: seat lines, ``Name: action`` lines, ``*** STREET ***``
markers, ``Dealt to`` lines, collects and a summary. They differ in the
header, which each format module parses into a :class:`Header`; everything
after it is read here, once, for both.

The reader is forgiving where real logs vary (leading and trailing white
space, CRLF, a BOM, informational lines such as chat or players joining) and
strict where a hand could be misread: an unknown action, an amount that is not
a number, a card that is not a card, a player who is not seated, a hand with
no summary. Such a hand becomes a :class:`Quarantined` record naming the line;
the rest of the file is still read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any, cast

from ..errors import CardError, SokoError
from ..model.cards import Card, parse_cards
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
from ..model.money import MoneyError, parse_amount
from ..rules.profiles import resolve
from ..rules.spec import GameSpec
from .base import (
    MAX_HAND_CHARS,
    FormatError,
    IncompleteHand,
    Quarantined,
    TooLarge,
    UnsupportedGame,
    guarded,
    quarantine,
)
from .split import HEADER_MARK, SEPARATOR, Piece, TextSource, split_pieces

HEADER_LINE = re.compile(r"^(?P<site>[^#:]*?)\s*(?:Hand|Game|HAND|GAME) #(?P<id>[0-9A-Za-z-]+):\s*(?P<rest>.*)$")
TABLE_LINE = re.compile(
    r"^Table (?:ID )?'(?P<table>.*)'(?: (?P<max>\d+)-[Mm]ax)?(?: \((?P<note>[^)]*)\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?\s*$"
)
SEAT_LINE = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^ ()]+) in chips(?:, (?P<bounty>[^)]*))?\)(?P<rest>.*)$")
BRACKETS = re.compile(r"\[([^\]]*)\]")
COLLECT_LINE = re.compile(r"^(?P<name>.+) collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?:-\d+)?)\s*$")
UNCALLED_LINE = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
CASH_OUT_LINE = re.compile(
    r"^(?P<name>.+) cashed out the hand for (?P<amount>\S+)(?: \| Cash Out Fee (?P<fee>\S+))?\s*$")
INFO_LINE = re.compile(
    r"^(?:.+ (?:joins the table|leaves the table|is connected|is disconnected|has been disconnected|has timed out"
    r"|has returned|is sitting out|sits out|will be allowed to play|finished the tournament|wins the tournament"
    r"|re-buys and receives|takes the add-on|was removed from the table|is capped|wins the \S+ bounty"
    r"|wins \S+ for eliminating|wins an entry|is being treated as all-in)\b.*"
    r"|.+ said, \".*\"?|.+: (?:is sitting out|sits out|is disconnected|has timed out|has returned)\s*"
    r"|.+: Table deposit \S+|Pair on board - a double bet is allowed|STP added: \S+)$"
)
ALL_IN = " and is all-in"
CAPPED = " and has reached the "
SHOWS_FOR_LINE = re.compile(r"^(?P<name>.+) shows \[(?P<cards>[^\]]*)\] for (?P<desc>.+?)(?: \[[^\]]*\])?$")
"""Run It Once Poker's show line: ``NAME shows [Ad Qd] for Pair [Ad Kd Qs Qd 5c]``."""
SHOW_LINE = re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?\s*$")


MAX_SEAT = 99
"""The largest seat number (and table size) a log may give."""


def seat_number(text: str, what: str = "seat number") -> int:
    """A seat number or table size of a log, 1..:data:`MAX_SEAT`; a FormatError otherwise."""
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_SEAT:
        raise FormatError(f"{what} {text} is out of range", expected=f"1 to {MAX_SEAT}", actual=text)
    return int(text)


def table_line(line: str) -> tuple[str, int | None, int | None] | None:
    """(table, max seats, button seat) of a ``Table '...' 6-max Seat #1 is the button`` line; None if it is not one."""
    t = TABLE_LINE.match(line)
    if t is None:
        return None
    max_seats = seat_number(t.group("max"), "table size") if t.group("max") else None
    button = seat_number(t.group("button"), "button seat") if t.group("button") else None
    return t.group("table"), max_seats, button


@dataclass
class Header:
    """What a format's header lines say; the rest of the hand is read by :func:`read_hand`."""

    site: str
    hand_id: str
    rules: str
    stakes: Stakes
    table: str | None = None
    max_seats: int | None = None
    button: int | None = None
    start: datetime | None = None
    time_zone: str | None = None
    start_utc: datetime | None = None
    tournament: Tournament | None = None
    body: int = 1
    """Index of the first line after the header lines."""


HeaderParser = Callable[[list[str], Sequence[int], str], Header]
"""Reads the header lines of a hand: its stripped lines, their line numbers, the path."""


@dataclass(frozen=True)
class Dialect:
    """A member of the family: its header parser and the street markers it may print."""

    name: str
    header: HeaderParser
    aliases: dict[str, str] = field(default_factory=dict)
    """Street marker aliases: ``PRE-FLOP`` → ``HOLE CARDS``."""


# -- reading a file's hands ---------------------------------------------------------

def hand_lines(text: str) -> list[str]:
    """A hand's lines, stripped, trailing blank and separator lines dropped (blank ones inside kept as "")."""
    lines = [line.strip() for line in text.split("\n")]
    while lines and (not lines[-1] or lines[-1].startswith(SEPARATOR)):
        lines.pop()
    if lines:
        lines[0] = lines[0].lstrip("\ufeff")
    return lines


def _raw_text(text: str, count: int) -> str:
    """The first ``count`` lines of a hand's text, without carriage returns."""
    end = -1
    for _ in range(count):
        end = text.find("\n", end + 1)
        if end < 0:
            end = len(text)
            break
    return text[:end].replace("\r", "")


def parse(source: TextSource, path: str, dialect: Dialect, strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a text (or of its blocks), read or quarantined; see :func:`.base.guarded` for ``strict``."""
    for piece in split_pieces(source):
        yield _read_piece(piece, path, dialect, strict)


def _read_piece(piece: Piece, path: str, dialect: Dialect, strict: bool) -> Hand | Quarantined:
    hand_id = _hand_id(piece.text[:4096].split("\n", 1)[0].strip().lstrip("\ufeff")) if piece.kind == "hand" else None
    if piece.too_large:
        what = "a hand" if piece.kind == "hand" else "text that is not a hand"
        error: FormatError = TooLarge(f"{what} of {piece.size:,} characters over {piece.lines:,} lines, more than the "
                         f"{MAX_HAND_CHARS:,} one hand may have; its first {len(piece.text):,} are kept")
        return quarantine(error, piece.text.replace("\r", ""), path, piece.line, hand_id)
    lines = hand_lines(piece.text)
    raw = _raw_text(piece.text, len(lines))
    if piece.kind == "text":
        where = "before the first hand" if piece.line == 1 else "after a hand's summary"
        error = FormatError(f"text {where} that is not a hand (no hand header)",
                            expected="a hand header such as 'PokerStars Hand #N: ...'",
                            actual=next((ln for ln in lines if ln), "")[:80])
        return quarantine(error, raw, path, piece.line, None)
    numbers = range(piece.line, piece.line + len(lines))

    def read() -> Hand:
        _check_complete(lines, numbers, path)
        return read_hand(lines, numbers, path, dialect, raw)

    return guarded(read, raw, path, piece.line, hand_id, strict)


def _check_complete(lines: list[str], numbers: Sequence[int], path: str) -> None:
    """Cancelled and cut-off hands are quarantined as such, whatever their game."""
    hand_id = _hand_id(lines[0])
    if "Hand cancelled" in lines:
        at = lines.index("Hand cancelled")
        raise IncompleteHand("hand cancelled: the site voided it, no chips changed hands", path=path,
                             line=numbers[at], hand_id=hand_id, actual=lines[at])
    if not any(line.startswith("*** SUMMARY ***") for line in lines):
        raise IncompleteHand("the hand ends before its *** SUMMARY *** (an incomplete or partial hand)",
                             path=path, line=numbers[-1], hand_id=hand_id, expected="*** SUMMARY ***",
                             actual=lines[-1])


def _hand_id(first: str) -> str | None:
    m = HEADER_MARK.search(first)
    return m.group(0).split("#", 1)[1][:-1] if m else None


# -- one hand ---------------------------------------------------------------------

@cache
def spec_of(rules: str) -> GameSpec:
    return resolve(rules)


@dataclass
class _State:
    """What reading one hand's body accumulates."""

    header: Header
    spec: GameSpec
    path: str
    numbers: Sequence[int]
    lines: list[str]
    markers: dict[str, int]
    showdown: int
    format: str
    seats: list[Seat] = field(default_factory=list)
    names: dict[str, int] = field(default_factory=dict)
    deals: dict[tuple, tuple[Deal, int]] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    action_lines: list[int] = field(default_factory=list)
    street: int = 0
    run: int = 0
    summary: bool = False
    total_pot: int | None = None
    rake: int | None = None
    pots: tuple[int, ...] = ()
    extras: tuple[tuple[str, int], ...] = ()
    folded: dict[str, int] = field(default_factory=dict)
    reached: set[int] = field(default_factory=lambda: {0})

    def error(self, index: int, reason: str, expected: str | None = None) -> FormatError:
        return FormatError(
            reason,
            path=self.path,
            line=self.numbers[min(index, len(self.numbers) - 1)],
            hand_id=self.header.hand_id,
            expected=expected,
            actual=self.lines[index] if 0 <= index < len(self.lines) else None,
        )

    def amount(self, text: str, index: int) -> int:
        key = (text, self.header.stakes.decimals)
        value = _AMOUNTS.get(key)
        if value is None:
            try:
                value = parse_amount(text, self.header.stakes.decimals)
            except MoneyError as err:
                raise self.error(index, err.reason, err.expected) from None
            if len(_AMOUNTS) < 100_000:
                _AMOUNTS[key] = value
        return value

    def cards(self, text: str, index: int) -> tuple[Card, ...]:
        value = _CARDS.get(text)
        if value is None:
            try:
                value = parse_cards(text)
            except CardError as err:
                raise self.error(index, err.reason, err.expected) from None
            if len(_CARDS) < 100_000:
                _CARDS[text] = value
        return value


_AMOUNTS: dict[tuple[str, int], int] = {}
"""Amount texts already parsed: logs repeat the same few amounts."""
_CARDS: dict[str, tuple[Card, ...]] = {}


def read_hand(lines: list[str], numbers: Sequence[int], path: str, dialect: Dialect, raw: str | None = None) -> Hand:
    """Read one hand: its stripped lines ("" for a blank one), their line numbers and its raw text."""
    header = dialect.header(lines, numbers, path)
    spec = spec_of(header.rules)
    streets = spec.streets
    markers = {s.name: i for i, s in enumerate(streets)}
    for alias, name in dialect.aliases.items():
        if name in markers:
            markers[alias] = markers[name]
    markers["RIVER"] = len(streets) - 1 if "RIVER" not in markers else markers["RIVER"]
    st = _State(header, spec, path, numbers, lines, markers, showdown=len(streets), format=dialect.name)
    i = header.body
    n = len(lines)
    while i < n and lines[i].startswith("Seat "):
        m = SEAT_LINE.match(lines[i])
        if not m:
            break
        name = m.group("name")
        st.names[name] = len(st.seats)
        st.seats.append(Seat(
            _seat(st, i, m.group("seat")), name, st.amount(m.group("stack"), i),
            "sitting out" in m.group("rest"), m.group("bounty"),
        ))
        i += 1
    if not st.seats:
        raise st.error(min(i, n - 1), "no seat lines after the header", expected="'Seat N: name (stack in chips)'")
    for i in range(i, n):  # noqa: B020 - the body starts where the seat lines end
        _read_line(st, i)
        if st.summary:
            for j in range(i + 1, n):
                if lines[j].startswith("Total pot "):
                    _read_summary(st, j, lines[j])
                    break
            break
    return _finish(st, raw)


def _seat(st: _State, i: int, text: str) -> int:
    try:
        return seat_number(text)
    except FormatError as err:
        raise st.error(i, err.reason, err.expected) from None


def _read_line(st: _State, i: int) -> None:
    line = st.lines[i]
    if not line or line.startswith("*********** #"):
        return
    name, sep, rest = line.partition(": ")
    if sep and name in st.names:
        _read_action(st, i, name, rest)
        return
    if sep and ": " in rest:  # a name with ": " in it
        for candidate in st.names:
            if line.startswith(candidate + ": "):
                _read_action(st, i, candidate, line[len(candidate) + 2 :])
                return
    if line.startswith("***"):
        _read_marker(st, i, line)
    elif line.startswith("Dealt to "):
        _read_dealt(st, i, line)
    elif line.startswith("Uncalled bet ("):
        m = UNCALLED_LINE.match(line)
        if not m:
            raise st.error(i, "unreadable uncalled-bet line", "'Uncalled bet (X) returned to NAME'")
        _add(st, i, _seated(st, i, m.group("name")), ActionKind.UNCALLED, st.amount(m.group("amount"), i))
    elif " collected " in line and (m := COLLECT_LINE.match(line)):
        _add(st, i, _seated(st, i, m.group("name")), ActionKind.COLLECT, st.amount(m.group("amount"), i),
             text=m.group("pot"))
    elif " cashed out the hand for " in line and (m := CASH_OUT_LINE.match(line)):
        fee = st.amount(m.group("fee"), i) if m.group("fee") else 0
        _add(st, i, _seated(st, i, m.group("name")), ActionKind.CASH_OUT, st.amount(m.group("amount"), i), fee=fee)
    elif " shows [" in line and (m := SHOWS_FOR_LINE.match(line)):
        _add(st, i, _seated(st, i, m.group("name")), ActionKind.SHOW, cards=st.cards(m.group("cards"), i),
             text=m.group("desc"))
    elif INFO_LINE.match(line):
        return
    elif sep:
        raise st.error(i, f"{name!r} is not seated in this hand", expected="an action by a seated player")
    else:
        raise st.error(i, "unknown line", expected="an action, a street marker, a deal, a collect or the summary")


def _seated(st: _State, i: int, name: str) -> str:
    if name not in st.names:
        raise st.error(i, f"{name!r} is not seated in this hand", expected="a seated player")
    return name


_new_tuple = tuple.__new__


def _add(st: _State, i: int, player: str, kind: ActionKind, amount: int = 0, to: int | None = None,
         all_in: bool = False, cards: tuple = (), text: str | None = None, fee: int = 0) -> None:
    st.actions.append(_new_tuple(Action, (st.street, player, kind, amount, to, all_in, cards, text, fee, st.run)))
    st.action_lines.append(i)


def _amount_and_flags(st: _State, i: int, text: str) -> tuple[int, bool]:
    all_in = text.endswith(ALL_IN)
    if all_in:
        text = text[: -len(ALL_IN)]
    cap = text.find(CAPPED)
    if cap >= 0:
        text = text[:cap]
    return st.amount(text, i), all_in


def _read_action(st: _State, i: int, name: str, rest: str) -> None:
    verb, _, args = rest.partition(" ")
    K = ActionKind
    if verb == "folds":
        cards = st.cards(m.group(1), i) if (m := BRACKETS.search(args)) else ()
        _add(st, i, name, K.FOLD, cards=cards)
        st.folded.setdefault(name, st.street)
    elif verb == "checks":
        _add(st, i, name, K.CHECK)
    elif verb == "calls":
        amount, all_in = _amount_and_flags(st, i, args)
        _add(st, i, name, K.CALL, amount, all_in=all_in)
    elif verb == "bets":
        amount, all_in = _amount_and_flags(st, i, args)
        _add(st, i, name, K.BET, amount, all_in=all_in)
    elif verb == "raises":
        by, sep, to = args.partition(" to ")
        if not sep:
            raise st.error(i, "a raise without 'to'", "'raises X to Y'")
        to_amount, all_in = _amount_and_flags(st, i, to)
        _add(st, i, name, K.RAISE, st.amount(by, i), to_amount, all_in)
    elif verb == "completes" and args.startswith("it to "):
        to_amount, all_in = _amount_and_flags(st, i, args[6:])
        _add(st, i, name, K.COMPLETE, 0, to_amount, all_in)
    elif verb == "brings" and args.startswith("in for "):
        amount, all_in = _amount_and_flags(st, i, args[7:])
        _add(st, i, name, K.BRING_IN, amount, all_in=all_in)
    elif verb == "posts":
        _read_post(st, i, name, args)
    elif verb == "shows":
        m = SHOW_LINE.match(rest)
        if not m:
            raise st.error(i, "unreadable show line", "'shows [cards] (description)'")
        _add(st, i, name, K.SHOW, cards=st.cards(m.group("cards"), i), text=m.group("desc"))
    elif rest.startswith("mucks hand"):
        cards = st.cards(m.group(1), i) if (m := BRACKETS.search(rest)) else ()
        _add(st, i, name, K.MUCK, cards=cards)
    elif rest.startswith("turns up ["):
        card = st.cards(rest[len("turns up ") :], i)
        st.deals[(0, st.street, 0, st.names[name])] = (Deal(st.street, name, card, (True,) * len(card)), i)
    elif rest.startswith("doesn't show hand"):
        _add(st, i, name, K.NO_SHOW)
    elif INFO_LINE.match(f"{name}: {rest}"):
        return
    else:
        raise st.error(i, f"unknown action {rest!r}", "folds, checks, calls, bets, raises, completes, brings in, "
                       "posts, shows, mucks")


_POSTS = {
    "the ante ": ActionKind.ANTE,
    "small blind ": ActionKind.SMALL_BLIND,
    "big blind ": ActionKind.BIG_BLIND,
    "small & big blinds ": ActionKind.SMALL_AND_BIG_BLIND,
    "straddle ": ActionKind.STRADDLE,
}


def _read_post(st: _State, i: int, name: str, args: str) -> None:
    for prefix, kind in _POSTS.items():
        if args.startswith(prefix):
            amount, all_in = _amount_and_flags(st, i, args[len(prefix) :])
            _add(st, i, name, kind, amount, all_in=all_in)
            return
    raise st.error(i, f"unknown forced bet 'posts {args}'", "posts the ante / small blind / big blind")


def _read_marker(st: _State, i: int, line: str) -> None:
    inner = line.strip("* ").split(" [", 1)[0].strip(" *")
    run = 0
    for prefix, number in (("FIRST ", 1), ("SECOND ", 2), ("THIRD ", 3)):
        if inner.startswith(prefix):
            inner, run = inner[len(prefix) :], number
    if inner == "SUMMARY":
        st.summary = True
        return
    if inner in ("SHOW DOWN", "SHOWDOWN"):
        st.street, st.run = st.showdown, run
        return
    street = st.markers.get(inner)
    if street is None:
        raise st.error(i, f"unknown street marker {inner!r}", ", ".join(sorted(st.markers)))
    st.street, st.run = street, run
    st.reached.add(street)
    board = st.spec.streets[street].board
    if board:
        groups = BRACKETS.findall(line)
        if not groups:
            raise st.error(i, "a board street without its cards", "'*** FLOP *** [a b c]'")
        cards = st.cards(groups[-1], i)
        if len(cards) != board:
            raise st.error(i, f"{len(cards)} board cards dealt on {inner}", f"{board}")
        st.deals[(run, street, 1, 0)] = (Deal(street, None, cards, (True,) * board, run), i)


def _read_dealt(st: _State, i: int, line: str) -> None:
    body = line[len("Dealt to ") :]
    at = body.find(" [")
    if at < 0:
        raise st.error(i, "a deal line without cards", "'Dealt to NAME [cards]'")
    name = _seated(st, i, body[:at])
    groups = BRACKETS.findall(body[at:])
    if not groups:
        raise st.error(i, "a deal line without its cards in brackets", "'Dealt to NAME [cards]'")
    street = st.street
    if street >= len(st.spec.streets):
        raise st.error(i, "a deal line after the showdown", "deals before *** SHOW DOWN ***")
    layout = st.spec.streets[street]
    if street == 0 or len(groups) == 1:
        new = st.cards(" ".join(groups), i)
    else:
        new = st.cards(groups[-1], i)
    down, up = layout.down, layout.up
    if layout.turn_up:
        return  # the turned card was dealt down a street earlier
    if len(new) == down + up:
        cards: tuple = new
    elif len(new) == up and up:
        cards = (None,) * down + new
    else:
        raise st.error(i, f"{len(new)} cards dealt to {name} on {layout.name}", f"{down + up} (or {up} up)")
    st.deals[(0, street, 0, st.names[name])] = (Deal(street, name, cards, (False,) * down + (True,) * up), i)


def _read_summary(st: _State, i: int, line: str) -> None:
    if line.startswith("Total pot "):
        parts = [p.strip() for p in line.split("|")]
        head = parts[0][len("Total pot ") :]
        main = head.split(" ", 1)
        st.total_pot = st.amount(main[0], i)
        pots = []
        rest_parts = ([main[1]] if len(main) > 1 else []) + parts[1:]
        extras = []
        for part in rest_parts:
            for piece in filter(None, (p.strip() for p in part.split(". "))):
                piece = piece.rstrip(".")
                label, _, value = piece.rpartition(" ")
                if label in ("Main pot",) or label.startswith("Side pot"):
                    pots.append(st.amount(value, i))
                elif label == "Rake":
                    st.rake = st.amount(value, i)
                elif label:
                    extras.append((label, st.amount(value, i)))
                else:
                    raise st.error(i, f"unreadable summary part {piece!r}", "'Total pot X | Rake Y'")
        st.pots, st.extras = tuple(pots), tuple(extras)


def _finish(st: _State, raw: str | None) -> Hand:
    """Fill in unseen cards, order the deals canonically, build the Hand."""
    dealt_in = _dealt_in(st)
    spec = st.spec
    for street, layout in enumerate(spec.streets):
        if layout.board or layout.turn_up or not (layout.down or layout.up) or street > max(st.reached):
            continue
        for name in dealt_in:
            if st.folded.get(name, street + 1) < street:
                continue
            key = (0, street, 0, st.names[name])
            if key not in st.deals and not layout.up:
                st.deals[key] = (Deal(street, name, (None,) * layout.down, (False,) * layout.down), -1)
    ordered = sorted(st.deals.items())
    h = st.header
    at = st.numbers
    return Hand(
        site=h.site, hand_id=h.hand_id, rules=h.rules, stakes=_stakes_with_posts(h.stakes, st.actions),
        table=h.table, max_seats=h.max_seats, button=h.button, start=h.start, time_zone=h.time_zone,
        start_utc=h.start_utc, tournament=h.tournament, seats=tuple(st.seats),
        deals=tuple(d for _, (d, _) in ordered), actions=tuple(st.actions),
        total_pot=st.total_pot, rake=st.rake, pots=st.pots, extras=st.extras,
        source=Source(st.path, at[0], st.format),
        deal_lines=tuple(at[j] if j >= 0 else 0 for _, (_, j) in ordered),
        action_lines=tuple(at[j] for j in st.action_lines),
        raw=raw if raw is not None else "\n".join(st.lines),
    )


def _dealt_in(st: _State) -> list[str]:
    """Players dealt into the hand: those who post, act or are dealt cards, in seat order."""
    active = {a.player for a in st.actions if a.kind not in (ActionKind.COLLECT, ActionKind.CASH_OUT)}
    active |= {d.player for d, _ in st.deals.values() if d.player}
    return [s.name for s in st.seats if s.name in active]


_POSTED = {ActionKind.ANTE: "ante", ActionKind.BRING_IN: "bring_in",
           ActionKind.SMALL_BLIND: "small_blind", ActionKind.BIG_BLIND: "big_blind"}


def _stakes_with_posts(stakes: Stakes, actions: list[Action]) -> Stakes:
    """Stakes with the forced bets the posts show, where the header does not say them."""
    found: dict[str, int] = {}
    for a in actions:
        name = _POSTED.get(a.kind)
        if name and not a.all_in and getattr(stakes, name) is None and name not in found:
            found[name] = a.amount
        if a.street > 0:
            break
    return stakes._replace(**cast(dict[str, Any], found)) if found else stakes


def unsupported(game: str, path: str | None = None) -> UnsupportedGame:
    return UnsupportedGame(f"unsupported game: {game}", path=path, expected="Hold'em, 7 Card Stud, 5 Card Stud or Sökö",
                           actual=game)


__all__ = ["Dialect", "Header", "hand_lines", "parse", "read_hand", "unsupported", "SokoError"]
