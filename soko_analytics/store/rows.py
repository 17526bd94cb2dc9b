"""Hands as rows of the store's tables (schemas/001_initial.sql), gathered column by column.

:class:`Batch` turns many :class:`~soko_analytics.model.hand.Hand` records (and
their audits) into one column list per table column, then into Polars frames
whose columns and dtypes are exactly those of the DDL, ready for DuckDB's
``INSERT INTO t SELECT * FROM frame``. Nothing here touches DuckDB.

Money is copied as the hand holds it: integer minor units of ``hands.decimals``
digits. Derived figures follow :func:`~soko_analytics.model.ledger.money_flow`:
``raises X to Y`` and ``completes it to Y`` set the player's street total,
blinds, bring-ins and straddles count toward it, antes (and the dead part of
``posts small & big blinds``) do not, an uncalled bet comes back, and what a
player collects or is paid for cashing out is not money put in.
Positions and keys come from :mod:`.keys`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from itertools import chain, repeat
from typing import TYPE_CHECKING, cast

import polars as pl
from polars.datatypes import DataType, DataTypeClass

from ..errors import SokoError
from ..model.cards import DECK
from ..model.hand import BETTING, FORCED, ActionKind, Hand
from ..model.ledger import Flow, added_money, money_flow
from ..replay.findings import STREET_SHOWDOWN
from ..rules.options import FirstToAct
from ..rules.profiles import GAMES, resolve
from ..rules.spec import GameSpec
from .allin import allin_adjusted
from .facts import COLUMNS as FACT_COLUMNS
from .facts import (
    POSITION_GROUPS,
    GameFacts,
    hand_facts,
    played_at,
    rake_shares,
    unit_of,
)
from .keys import content_hash, hand_key, stakes_label, text_hash
from .keys import positions as seat_positions

if TYPE_CHECKING:
    from ..parsers.base import Quarantined
    from ..replay.audit import Audit

__all__ = [
    "BATCH_TABLES",
    "GAMES",
    "QUARANTINE_KINDS",
    "SCHEMAS",
    "ArrowStream",
    "Batch",
]

# -- the tables ----------------------------------------------------------------------------

_I64, _I32, _I16, _I8 = pl.Int64, pl.Int32, pl.Int16, pl.Int8
_STR, _BOOL, _TS = pl.String, pl.Boolean, pl.Datetime("us")
_STRS, _I64S = pl.List(pl.String), pl.List(pl.Int64)

DTYPES = {"BIGINT": _I64, "INTEGER": _I32, "SMALLINT": _I16, "TINYINT": _I8, "VARCHAR": _STR,
          "BOOLEAN": _BOOL, "TIMESTAMP": _TS, "DOUBLE": pl.Float64, "VARCHAR[]": _STRS, "BIGINT[]": _I64S}
"""DuckDB column type → the Polars dtype that DuckDB reads back as that type."""

SCHEMAS: dict[str, dict[str, DataType | DataTypeClass]] = {
    "hands": {
        "hand_key": _I64, "site": _STR, "hand_id": _STR, "game": _STR, "profile": _STR, "rules": _STR,
        "structure": _STR, "currency": _STR, "decimals": _I8, "stakes": _STR,
        "small_blind": _I64, "big_blind": _I64, "ante": _I64, "bring_in": _I64, "small_bet": _I64,
        "big_bet": _I64, "cap": _I64, "min_bet": _I64, "max_bet": _I64,
        "table_name": _STR, "max_seats": _I16, "button": _I16, "start_local": _TS, "time_zone": _STR,
        "start_utc": _TS, "tournament_id": _STR, "buy_in": _STR, "level": _STR, "players_dealt": _I16,
        "total_pot": _I64, "rake": _I64, "format": _STR, "source_file": _STR, "source_line": _I32,
        "raw": _STR, "content_hash": _STR, "import_id": _I32, "audited": _BOOL, "audit_ok": _BOOL,
        "added_money": _I64,
    },
    "seats": {
        "hand_key": _I64, "seat": _I16, "player": _STR, "position": _STR, "starting_stack": _I64,
        "sitting_out": _BOOL, "dealt_in": _BOOL, "hole_cards": _STR, "shown_cards": _STR,
        "put_in": _I64, "collected": _I64, "cash_out": _I64, "net": _I64, "is_hero": _BOOL,
    },
    "actions": {
        "hand_key": _I64, "seq": _I32, "street": _I16, "street_name": _STR, "player": _STR, "kind": _STR,
        "amount": _I64, "to_amount": _I64, "all_in": _BOOL, "cards": _STR, "text": _STR, "run": _I16,
        "pot_before": _I64, "to_call": _I64, "source_line": _I32,
    },
    "cards": {
        "hand_key": _I64, "seq": _I32, "street": _I16, "player": _STR, "card": _STR, "up": _BOOL,
        "known": _BOOL, "run": _I16,
    },
    "pots": {
        "hand_key": _I64, "pot_index": _I16, "amount": _I64, "eligible": _STRS, "winners": _STRS,
        "shares": _I64S,
    },
    "findings": {
        "hand_key": _I64, "seq": _I32, "code": _STR, "severity": _STR, "street": _STR,
        "action_index": _I32, "player": _STR, "expected": _STR, "actual": _STR, "message": _STR,
        "source_line": _I32,
    },
    "quarantine": {
        "import_id": _I32, "source_file": _STR, "source_line": _I32, "hand_id": _STR, "kind": _STR,
        "reason": _STR, "raw": _STR, "content_hash": _STR, "resolved_by": _I32,
    },
    "player_hands": {
        "hand_key": _I64, "seat": _I16, "player": _STR, "game": _STR, "profile": _STR, "structure": _STR,
        "stakes": _STR, "currency": _STR, "decimals": _I8, "tournament": _BOOL, "played_at": _TS,
        "position": _STR, "position_group": _STR, "unit": _I64, "net": _I64, "put_in": _I64,
        "collected": _I64, "rake": _I64, "allin": _BOOL, "allin_adjusted": _I64, "allin_se": pl.Float64,
        **{c: (_STR if c in ("situation", "showdown_class")
               else _I16 if c.startswith(("post_", "street_", "best_")) else _BOOL)
           for c in FACT_COLUMNS},
    },
    "imports": {
        "import_id": _I32, "run_id": _I32, "path": _STR, "size": _I64, "mtime": _TS, "content_hash": _STR,
        "format": _STR, "hands_stored": _I32, "hands_duplicate": _I32, "hands_quarantined": _I32,
        "started_at": _TS, "duration_ms": _I32,
    },
}
"""Every table of schemas/*.sql but ``schema_version``: its columns in DDL order, with Polars dtypes."""

BATCH_TABLES = ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "quarantine")
"""The tables a :class:`Batch` fills (``imports`` is one row per file, written by the store)."""

QUARANTINE_KINDS = ("unsupported", "incomplete", "malformed", "conflict", "unreadable", "too_large", "internal")
"""``quarantine.kind``: a game we do not replay; a hand the log does not finish; text that breaks its
format (or text that is not a hand); a hand whose id is stored with different content; a file that cannot be
read; a hand or a compressed member over its size limit; a bug of ours met on this hand."""

# -- per-game facts, resolved once per rules text ------------------------------------------


@dataclass(frozen=True, slots=True)
class _Game:
    game: str
    profile: str
    structure: str
    street_names: tuple[str, ...]
    button: bool
    """Whether positions are read from a button (later rounds start left of it)."""
    facts: GameFacts
    spec: GameSpec


@lru_cache(maxsize=256)
def _game(rules: str) -> _Game:
    spec = resolve(rules)
    button = spec.later_rounds_first_to_act is FirstToAct.LEFT_OF_BUTTON
    return _Game(GAMES.get(spec.profile, spec.profile), spec.profile, str(spec.structure),
                 tuple(s.name for s in spec.streets), button,
                 GameFacts(button, spec.later_rounds_first_to_act is FirstToAct.BEST_SHOWING, spec.ranking,
                           spec.cards_per_player + spec.board_cards), spec)


_CARD_TEXT: tuple[str, ...] = tuple(str(c) for c in DECK)
_KIND_TEXT = {k: str(k) for k in ActionKind}
_K = ActionKind
_LIVE_POSTS = frozenset({_K.SMALL_BLIND, _K.BIG_BLIND, _K.STRADDLE, _K.BRING_IN})
_ADDS = frozenset({_K.CALL, _K.BET}) | _LIVE_POSTS
_TO = frozenset({_K.RAISE, _K.COMPLETE})
_STREET_MONEY = frozenset(BETTING) | _LIVE_POSTS | {_K.SMALL_AND_BIG_BLIND}
_IN_HAND = frozenset(FORCED) | frozenset(BETTING)
_SHOWN = frozenset({_K.SHOW, _K.MUCK})


def _cards_text(cards: Sequence[int] | None) -> str | None:
    return " ".join([_CARD_TEXT[c] for c in cards]) if cards else None


def _naive(moment: datetime | None, utc: bool = False) -> datetime | None:
    """A TIMESTAMP value: naive; an aware datetime becomes UTC (``utc``) or drops its zone."""
    if moment is None or moment.tzinfo is None:
        return moment
    if utc:
        moment = moment.astimezone(UTC)
    return moment.replace(tzinfo=None)


def _pot_and_to_call(hand: Hand, final_pot: int) -> tuple[list[int], list[int]]:
    """Per action: all chips in before it, and what the player had to add to call (betting actions only).

    After the last action that bets, the pot is ``final_pot`` (the players' put-in by the ledger):
    a log without an ``Uncalled bet`` line has its excess come back there, as the ledger reads it.
    """
    pot_before: list[int] = []
    to_call: list[int] = []
    pot = 0
    street = 0
    totals: dict[str, int] = {}
    big_blind = hand.stakes.big_blind
    for a in hand.actions:
        kind = a.kind
        if a.street != street and kind in _STREET_MONEY:
            street, totals = a.street, {}
        pot_before.append(pot)
        player = a.player
        if kind in BETTING:
            to_call.append(max(totals.values()) - totals.get(player, 0) if totals else 0)
        else:
            to_call.append(0)
        if kind in _ADDS:
            totals[player] = totals.get(player, 0) + a.amount
            pot += a.amount
        elif kind in _TO:
            to = a.to or 0
            pot += to - totals.get(player, 0)
            totals[player] = to
        elif kind is _K.ANTE:
            pot += a.amount
        elif kind is _K.SMALL_AND_BIG_BLIND:
            totals[player] = totals.get(player, 0) + (min(a.amount, big_blind) if big_blind else a.amount)
            pot += a.amount
        elif kind is _K.UNCALLED:
            totals[player] = totals.get(player, 0) - a.amount
            pot -= a.amount
    if pot != final_pot:
        actions = hand.actions
        last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i].kind in _STREET_MONEY), -1)
        pot_before[last + 1:] = repeat(final_pot, len(actions) - last - 1)
    return pot_before, to_call


_SEP = "\x1f"
"""Joins list items into one text on the way to a List column (player names never hold it)."""


def _frame(columns: dict[str, list], schema: dict[str, DataType | DataTypeClass]) -> pl.DataFrame:
    """A frame of column lists; List columns go through one joined text per row and a vectorized split
    (twenty times faster than Polars reading Python lists one by one)."""
    lists = [name for name, dtype in schema.items() if isinstance(dtype, pl.List)]
    if not lists or not columns[lists[0]]:
        return pl.DataFrame(columns, schema=schema)
    plain = {name: columns[name] for name in schema if name not in lists}
    texts, exprs = {}, []
    for name in lists:
        inner = cast(pl.List, schema[name]).inner
        values = columns[name]
        if inner == pl.String:
            if any(_SEP in item for row in values for item in row):
                plain[name] = values
                continue
            texts[name] = [_SEP.join(row) if row else None for row in values]
            split = pl.col(name).str.split(_SEP)
        else:
            texts[name] = [_SEP.join(map(str, row)) if row else None for row in values]
            split = pl.col(name).str.split(_SEP).list.eval(pl.element().cast(inner))
        exprs.append(pl.when(pl.col(name).is_null()).then(pl.lit([], schema[name])).otherwise(split).alias(name))
    frame = pl.DataFrame({**plain, **texts},
                         schema={n: (pl.String if n in texts else schema[n]) for n in [*plain, *texts]})
    return frame.with_columns(exprs).select(list(schema))


class ArrowStream:
    """A frame seen only through the Arrow PyCapsule interface (``__arrow_c_stream__``).

    DuckDB reads a Polars frame it is handed directly through ``pyarrow``; wrapped in this, it scans
    the frame's Arrow stream itself, so ``INSERT INTO t SELECT * FROM source`` works without
    ``pyarrow`` installed (``source = ArrowStream(frame)``). Each scan opens a new stream.
    """

    __slots__ = ("frame",)

    def __init__(self, frame: pl.DataFrame) -> None:
        self.frame = frame

    def __arrow_c_stream__(self, requested_schema: object = None) -> object:
        return self.frame.__arrow_c_stream__(requested_schema)


# -- the batch -----------------------------------------------------------------------------


class Batch:
    """Rows of many hands, one list per column of each table; :meth:`to_frames` makes the frames.

    >>> batch = Batch()
    >>> for hand in hands:
    ...     batch.add_hand(hand, "pokerstars", import_id=1, audit=None)
    >>> frames = batch.to_frames()   # {"hands": DataFrame, "seats": ..., ...}
    """

    def __init__(self) -> None:
        self.columns: dict[str, dict[str, list]] = {t: {c: [] for c in SCHEMAS[t]} for t in BATCH_TABLES
                                                    if t != "player_hands"}
        self._hand_columns = list(self.columns["hands"].values())
        """The hands columns in DDL order (``_add_hand_row`` fills them positionally)."""
        self._player_rows: list[tuple] = []
        """``player_hands`` rows as tuples (60 columns: one tuple per row is cheaper than 60 appends)."""
        self._hands = 0

    def __len__(self) -> int:
        """The number of hands added."""
        return self._hands

    def rows(self) -> int:
        """Hands and quarantine records added."""
        return self._hands + len(self.columns["quarantine"]["raw"])

    def mark(self) -> tuple:
        """Where the batch stands, for :meth:`rollback` (a hand whose rows fail half-way leaves none)."""
        return ([len(values) for cols in self.columns.values() for values in cols.values()],
                len(self._player_rows), self._hands)

    def rollback(self, mark: tuple) -> None:
        lengths, players, hands = mark
        for values, n in zip((v for cols in self.columns.values() for v in cols.values()), lengths):
            del values[n:]
        del self._player_rows[players:]
        self._hands = hands

    def add_hand(self, hand: Hand, fmt: str, import_id: int, audit: Audit | None = None) -> int:
        """Add the rows of one hand (and of its audit, when given); returns its ``hand_key``."""
        key = hand_key(hand.site, hand.hand_id)
        game = _game(hand.rules)
        actions = hand.actions
        deals = hand.deals

        # who is in the hand, who is known to hold what
        dealt: set[str] = set()
        down: dict[str, list[int]] = {}
        hero: str | None = None
        for d in deals:
            player = d.player
            if player is None:
                continue
            if d.street == 0:
                dealt.add(player)
            for c, up in zip(d.cards, d.up):
                if c is not None and not up:
                    down.setdefault(player, []).append(c)
                    if hero is None:
                        hero = player
        shown: dict[str, list[int]] = {}
        small_blind: str | None = None
        big_blind: str | None = None
        for a in actions:
            if a.street == 0 and a.kind in _IN_HAND:
                dealt.add(a.player)
                if a.kind is _K.SMALL_BLIND and small_blind is None:
                    small_blind = a.player
                elif a.kind is _K.BIG_BLIND and big_blind is None:
                    big_blind = a.player
            elif a.cards and a.kind in _SHOWN:
                have = shown.setdefault(a.player, [])
                have.extend(c for c in a.cards if c not in have)

        flows = money_flow(hand)
        self._add_hand_row(hand, key, game, fmt, import_id, audit, len(dealt))
        positions = self._add_seats(hand, key, game, flows, dealt, down, shown, hero, small_blind, big_blind)
        self._add_player_hands(hand, key, game, flows, dealt, positions)
        if actions:
            self._add_actions(hand, key, game, sum(f.put_in for f in flows.values()))
        if deals:
            self._add_cards(hand, key)
        if audit is not None:
            self._add_audit(key, audit)
        self._hands += 1
        return key

    def _add_hand_row(self, hand: Hand, key: int, game: _Game, fmt: str, import_id: int,
                      audit: Audit | None, players_dealt: int) -> None:
        st = hand.stakes
        t = hand.tournament
        src = hand.source
        values = (
            key, hand.site, hand.hand_id, game.game, game.profile, hand.rules, game.structure,
            st.currency, st.decimals, stakes_label(st), st.small_blind, st.big_blind, st.ante, st.bring_in,
            st.small_bet, st.big_bet, st.cap, st.min_bet, st.max_bet, hand.table, hand.max_seats, hand.button,
            _naive(hand.start), hand.time_zone, _naive(hand.start_utc, utc=True),
            t.tournament_id if t else None, t.buy_in if t else None, t.level if t else None, players_dealt,
            hand.total_pot, hand.rake, fmt, src.path if src else "", src.line if src else 0, hand.raw,
            content_hash(hand), import_id, audit is not None, audit.ok if audit is not None else None,
            added_money(hand),
        )
        for column, value in zip(self._hand_columns, values, strict=True):
            column.append(value)

    def _add_seats(self, hand: Hand, key: int, game: _Game, flows: dict[str, Flow], dealt: set[str],
                   down: dict[str, list[int]], shown: dict[str, list[int]], hero: str | None,
                   small_blind: str | None, big_blind: str | None) -> dict[int, str]:
        """The seats' rows; returns the positions (seat → label)."""
        c = self.columns["seats"]
        seats = hand.seats
        n = len(seats)
        positions: dict[int, str] = {}
        if game.button and hand.button is not None:
            seat_of = {s.name: s.seat for s in seats}
            positions = seat_positions(hand.button, sorted(s.seat for s in seats if s.name in dealt),
                                       seat_of.get(big_blind or ""), small_blind_seat=seat_of.get(small_blind or ""))
        put_in, collected, cash_out, net = [], [], [], []
        for s in seats:
            f = flows[s.name]
            put_in.append(f.put_in)
            collected.append(f.collected)
            cash_out.append(f.cash_out)
            net.append(f.collected + f.cash_out - f.put_in)
        c["hand_key"].extend(repeat(key, n))
        c["seat"].extend([s.seat for s in seats])
        c["player"].extend([s.name for s in seats])
        c["position"].extend([positions.get(s.seat) for s in seats])
        c["starting_stack"].extend([s.stack for s in seats])
        c["sitting_out"].extend([s.sitting_out for s in seats])
        c["dealt_in"].extend([s.name in dealt for s in seats])
        c["hole_cards"].extend([_cards_text(down.get(s.name)) for s in seats])
        c["shown_cards"].extend([_cards_text(shown.get(s.name)) for s in seats])
        c["put_in"].extend(put_in)
        c["collected"].extend(collected)
        c["cash_out"].extend(cash_out)
        c["net"].extend(net)
        c["is_hero"].extend([s.name == hero for s in seats])
        return positions

    def _add_player_hands(self, hand: Hand, key: int, game: _Game, flows: dict[str, Flow], dealt: set[str],
                          positions: dict[int, str]) -> None:
        out = self._player_rows
        seats = [s for s in hand.seats if s.name in dealt and not s.sitting_out]
        by_name = {s.name: positions.get(s.seat) for s in seats}
        facts = hand_facts(hand, game.facts, by_name, {s.name for s in seats}, flows)
        rake = rake_shares(hand.rake, {s.name: flows[s.name].collected for s in seats})
        st = hand.stakes
        shared = (game.game, game.profile, game.structure, stakes_label(st), st.currency, st.decimals,
                  hand.tournament is not None, _naive(played_at(hand), utc=hand.start_utc is not None),
                  )
        unit = unit_of(game.structure, st)
        adjusted = allin_adjusted(hand, game.spec, flows, set(by_name), key & 0xFFFFFFFF)
        for s in seats:
            f = flows[s.name]
            net = f.collected + f.cash_out - f.put_in
            position = by_name[s.name]
            ev, se = adjusted.get(s.name, (net, 0.0))
            out.append((key, s.seat, s.name, *shared, position, POSITION_GROUPS.get(position or ""), unit, net,
                        f.put_in, f.collected, rake[s.name], s.name in adjusted, ev, se, *facts[s.name].values()))

    def _add_actions(self, hand: Hand, key: int, game: _Game, final_pot: int) -> None:
        c = self.columns["actions"]
        actions = hand.actions
        n = len(actions)
        streets, players, kinds, amounts, tos, all_ins, cards, texts, _fees, runs = zip(*actions, strict=True)
        names = game.street_names
        last = len(names)
        pot_before, to_call = _pot_and_to_call(hand, final_pot)
        lines = hand.action_lines
        c["hand_key"].extend(repeat(key, n))
        c["seq"].extend(range(n))
        c["street"].extend(streets)
        c["street_name"].extend([names[s] if s < last else STREET_SHOWDOWN for s in streets])
        c["player"].extend(players)
        c["kind"].extend([_KIND_TEXT[k] for k in kinds])
        c["amount"].extend(amounts)
        c["to_amount"].extend(tos)
        c["all_in"].extend(all_ins)
        c["cards"].extend([_cards_text(x) for x in cards])
        c["text"].extend(texts)
        c["run"].extend(runs)
        c["pot_before"].extend(pot_before)
        c["to_call"].extend(to_call)
        c["source_line"].extend([x or None for x in lines] if len(lines) == n else repeat(None, n))

    def _add_cards(self, hand: Hand, key: int) -> None:
        c = self.columns["cards"]
        streets, players, cards, ups, runs = zip(*hand.deals, strict=True)
        counts = [len(x) for x in cards]
        flat = list(chain.from_iterable(cards))
        n = len(flat)
        c["hand_key"].extend(repeat(key, n))
        c["seq"].extend(range(n))
        c["street"].extend(chain.from_iterable(map(repeat, streets, counts)))
        c["player"].extend(chain.from_iterable(map(repeat, players, counts)))
        c["card"].extend([None if x is None else _CARD_TEXT[x] for x in flat])
        c["up"].extend(chain.from_iterable(ups))
        c["known"].extend([x is not None for x in flat])
        c["run"].extend(chain.from_iterable(map(repeat, runs, counts)))

    def _add_audit(self, key: int, audit: Audit) -> None:
        c = self.columns["pots"]
        for i, p in enumerate(audit.pots):
            c["hand_key"].append(key)
            c["pot_index"].append(i)
            c["amount"].append(p.amount)
            c["eligible"].append(list(p.eligible))
            c["winners"].append(list(p.winners))
            c["shares"].append(list(p.winners.values()))
        c = self.columns["findings"]
        for i, f in enumerate(audit.findings):
            for name, value in (
                ("hand_key", key), ("seq", i), ("code", str(f.code)), ("severity", str(f.severity)),
                ("street", f.street), ("action_index", f.action_index), ("player", f.player),
                ("expected", f.expected), ("actual", f.actual), ("message", f.message), ("source_line", f.line),
            ):
                c[name].append(value)

    def add_quarantine(self, q: Quarantined, import_id: int, kind: str | None = None) -> None:
        """Add a hand that could not be stored; ``kind`` (default: the record's own) is one of
        :data:`QUARANTINE_KINDS`."""
        kind = kind or q.kind
        if kind not in QUARANTINE_KINDS:
            raise SokoError(f"unknown quarantine kind {kind!r}", path=q.path, line=q.line, hand_id=q.hand_id,
                            expected=" | ".join(QUARANTINE_KINDS), actual=kind)
        c = self.columns["quarantine"]
        for name, value in (
            ("import_id", import_id), ("source_file", q.path), ("source_line", q.first_line), ("hand_id", q.hand_id),
            ("kind", kind), ("reason", q.reason if q.start is None else f"line {q.line}: {q.reason}"),
            ("raw", q.raw), ("content_hash", text_hash(q.raw)),
            ("resolved_by", None),
        ):
            c[name].append(value)

    def to_frames(self) -> dict[str, pl.DataFrame]:
        """One frame per table of :data:`BATCH_TABLES`, columns and dtypes as the DDL has them."""
        frames = {t: _frame(cols, SCHEMAS[t]) for t, cols in self.columns.items() if t != "player_hands"}
        frames["player_hands"] = pl.DataFrame(self._player_rows, schema=SCHEMAS["player_hands"], orient="row")
        return {t: frames[t] for t in BATCH_TABLES}

    def quarantine_frame(self) -> pl.DataFrame:
        """The ``quarantine`` frame alone (the hands' rows of the Python readers come from the core)."""
        return _frame(self.columns["quarantine"], SCHEMAS["quarantine"])

    def clear(self) -> None:
        """Drop every row (to reuse the batch for the next chunk)."""
        for cols in self.columns.values():
            for values in cols.values():
                values.clear()
        self._player_rows.clear()
        self._hands = 0
