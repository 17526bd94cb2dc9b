"""Writing the PokerStars family: PokerStars text and Sökö text from :class:`~..model.hand.Hand`.

One writer core serves both formats, as one reader (:mod:`.stars`) reads both:
the seat lines, forced bets, street markers with their ``Dealt to`` lines,
actions, showdown and summary are the same family. What differs is data, a
:class:`WriterDialect`: the header lines, the zone of a second start time, and
how ``Dealt to`` lines show the log owner's cards. Every line is written the
way the reader reads it, so ``parse(write(hand)) == hand``.

Seat lines of the summary are cosmetic (the reader ignores them): one per
player whose fate the actions tell (folded, showed, mucked, collected).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC
from typing import cast
from zoneinfo import ZoneInfo

from ..errors import phrase
from ..model.cards import Card, format_cards
from ..model.hand import Action, ActionKind, Deal, Hand, Stakes
from ..model.money import format_amount
from ..rules.options import BettingStructure
from ..rules.profiles import spec_of
from ..rules.spec import GameSpec
from . import soko_text
from .base import FormatError
from .stars import ALL_IN
from .times import ZONES, format_start, parse_start

K = ActionKind

POKERSTARS_GAMES = {
    "holdem": "Hold'em No Limit",
    "holdem; structure=pot_limit": "Hold'em Pot Limit",
    "holdem; structure=fixed_limit": "Hold'em Limit",
    "omaha": "Omaha Pot Limit",
    "omaha; structure=no_limit": "Omaha No Limit",
    "omaha; structure=fixed_limit": "Omaha Limit",
    "omaha-hilo": "Omaha Hi/Lo Pot Limit",
    "omaha-hilo; structure=no_limit": "Omaha Hi/Lo No Limit",
    "omaha-hilo; structure=fixed_limit": "Omaha Hi/Lo Limit",
    "omaha5": "5 Card Omaha Pot Limit",
    "omaha5-hilo": "5 Card Omaha Hi/Lo Pot Limit",
    "omaha6": "6 Card Omaha Pot Limit",
    "stud7": "7 Card Stud Limit",
    "stud7-hilo": "7 Card Stud Hi/Lo Limit",
    "razz": "Razz Limit",
    "stud5": "5 Card Stud Limit",
    "draw5": "5 Card Draw Limit",
    "draw5; structure=pot_limit": "5 Card Draw Pot Limit",
    "draw5; structure=no_limit": "5 Card Draw No Limit",
    "single-draw27": "Single Draw 2-7 Lowball No Limit",
    "single-draw27; structure=pot_limit": "Single Draw 2-7 Lowball Pot Limit",
    "single-draw27; structure=fixed_limit": "Single Draw 2-7 Lowball Limit",
    "triple-draw27": "Triple Draw 2-7 Lowball Limit",
    "badugi": "Badugi Limit",
    "badugi; structure=pot_limit": "Badugi Pot Limit",
    "short-deck": "6+ Hold'em No Limit",
    "courchevel": "Courchevel Pot Limit",
    "courchevel-hilo": "Courchevel Hi/Lo Pot Limit",
    "holdem; first_round_structure=pot_limit": "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop",
    "omaha; structure=no_limit; first_round_structure=pot_limit": "Omaha Pot Limit Pre-Flop, No Limit Post-Flop",
}
"""The rules a PokerStars hand can have, and the game text of its header."""

HeaderWriter = Callable[[Hand, GameSpec, str], list[str]]
"""The header lines of a hand, from the hand, its spec and its start-time text."""


@dataclass(frozen=True)
class WriterDialect:
    """What one member of the family writes differently."""

    name: str
    header: HeaderWriter
    second_zone: str
    """Zone of the bracketed second start time (``[2013/01/08 16:28:42 ET]``)."""
    always_second_time: bool
    """Write the second time whenever the local zone is another one (PokerStars); otherwise only when the local
    time does not give the hand's UTC start."""
    hole_in_history: bool
    """Later ``Dealt to`` lines of the owner repeat his hole cards in the first brackets (PokerStars stud)."""
    split_first_deal: bool
    """The owner's first ``Dealt to`` line shows his down and up cards in separate brackets (Sökö)."""
    showdown: str = "SHOW DOWN"
    summary: str = "SUMMARY"


def pokerstars_header(hand: Hand, spec: GameSpec, start: str) -> list[str]:
    """``PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2013/01/08 22:28:42 ET`` and the table line."""
    game = POKERSTARS_GAMES.get(hand.rules)
    if game is None:
        raise FormatError(phrase("PokerStars text has no game for rules {rules!r}", rules=hand.rules),
                          hand_id=hand.hand_id,
                          expected=" or ".join(POKERSTARS_GAMES), actual=hand.rules)
    club, table = _club(hand.table)
    words = [f"{{{club}}}"] if club is not None else []
    if t := hand.tournament:
        words.append(f"Tournament #{t.tournament_id},")
        words += [t.buy_in] if t.buy_in else []
        game += f" - Level {t.level}" if t.level else ""
    fixed = spec.structure is BettingStructure.FIXED_LIMIT
    words.append(f"{game} ({pokerstars_stakes(hand.stakes, fixed, button_blind(hand, spec))})")
    lines = [f"{hand.site} Hand #{hand.hand_id}:  {' '.join(words)}" + (f" - {start}" if start else "")]
    if table is not None:
        line = f"Table '{table}'"
        line += f" {hand.max_seats}-max" if hand.max_seats is not None else ""
        lines.append(line + (f" Seat #{hand.button} is the button" if hand.button is not None else ""))
    return lines


def _club(table: str | None) -> tuple[str | None, str | None]:
    """A Home Game table ``{club} name`` as (club, name)."""
    if table and table.startswith("{") and "}" in table:
        club, _, name = table[1:].partition("}")
        return club, name.strip() or None
    return None, table


def button_blind(hand: Hand, spec: GameSpec) -> bool:
    """Whether the button posts the hand's one blind (PokerStars' 6+ Hold'em; Winning's has two blinds)."""
    return spec.button_blind and hand.stakes.small_blind is None


def pokerstars_stakes(stakes: Stakes, fixed: bool, button_blind: bool = False) -> str:
    """``$0.01/$0.02 USD``, ``10/20``, ``$0.25/$0.50 - $10 Cap - USD``: the blinds, or the bets under fixed limit;
    ``Button Blind $2 - Ante $2 USD`` where the button posts the one blind (6+ Hold'em)."""
    low, high = (stakes.small_bet, stakes.big_bet) if fixed else (stakes.small_blind, stakes.big_blind)
    trim = bool(stakes.symbol or stakes.currency)  # else "0.50" keeps the decimals readable

    def money(value: int | None) -> str:
        return format_amount(value or 0, stakes.decimals, stakes.symbol, trim=trim)

    if button_blind:
        text = f"Button Blind {money(stakes.big_blind)} - Ante {money(stakes.ante)}"
    else:
        text = f"{money(low)}/{money(high)}"
    text += f" - {money(stakes.cap)} Cap -" if stakes.cap is not None else ""
    return text + (f" {stakes.currency}" if stakes.currency else "")


POKERSTARS = WriterDialect("pokerstars", pokerstars_header, second_zone="ET", always_second_time=True,
                           hole_in_history=True, split_first_deal=False)
SOKO = WriterDialect("soko", soko_text.header_lines, second_zone="UTC", always_second_time=False,
                     hole_in_history=False, split_first_deal=True)


def write_pokerstars(hands: Iterable[Hand]) -> str:
    """Hold'em, 7 Card Stud and 5 Card Stud hands as PokerStars text."""
    return write(hands, POKERSTARS)


def write_soko(hands: Iterable[Hand]) -> str:
    """Hands as Sökö text (formats/soko-text.md)."""
    return write(hands, SOKO)


def write(hands: Iterable[Hand], dialect: WriterDialect) -> str:
    """Hands in a dialect of the family, separated by a blank line."""
    texts = ["\n".join(hand_lines(hand, dialect)) + "\n" for hand in hands]
    return "\n".join(texts)


def hand_lines(hand: Hand, dialect: WriterDialect) -> list[str]:
    """The lines of one hand."""
    spec = spec_of(hand.rules)
    writer = _HandWriter(hand, spec, dialect)
    return writer.lines()


def start_text(hand: Hand, second_zone: str, always: bool = False) -> str:
    """The header's start time, with a bracketed second time in ``second_zone`` when the local one does not give
    ``start_utc`` (or, with ``always``, whenever the local zone is another one)."""
    if hand.start is None:
        return ""
    text = format_start(hand.start, hand.time_zone)
    if hand.start_utc is None or (parse_start(text)[2] == hand.start_utc
                                  and not (always and hand.time_zone not in (None, second_zone))):
        return text
    for zone in dict.fromkeys((second_zone, "UTC")):
        local = hand.start_utc.replace(tzinfo=UTC).astimezone(ZoneInfo(ZONES[zone])).replace(tzinfo=None)
        candidate = f"{text} [{format_start(local, zone)}]"
        if parse_start(candidate)[2] == hand.start_utc:
            return candidate
    return text


_PRE_DEAL = frozenset({K.ANTE, K.SMALL_BLIND, K.BIG_BLIND, K.SMALL_AND_BIG_BLIND, K.STRADDLE})
"""Forced bets written before the first street marker (the bring-in follows the deal)."""
_VERBS = {
    K.ANTE: "posts the ante {amount}",
    K.SMALL_BLIND: "posts small blind {amount}",
    K.BIG_BLIND: "posts big blind {amount}",
    K.SMALL_AND_BIG_BLIND: "posts small & big blinds {amount}",
    K.STRADDLE: "posts straddle {amount}",
    K.BRING_IN: "brings in for {amount}",
    K.CALL: "calls {amount}",
    K.BET: "bets {amount}",
    K.RAISE: "raises {amount} to {to}",
    K.COMPLETE: "completes it to {to}",
    K.CHECK: "checks",
    K.NO_SHOW: "doesn't show hand",
}
"""``NAME: <verb>`` lines; ``and is all-in`` is appended where the action says so."""
_RUNS = ("", "FIRST ", "SECOND ", "THIRD ")
_EARLY_BOARD = "PRE-FLOP"
"""The marker of board cards dealt on a street that deals hole cards, after its ``Dealt to`` lines (Courchevel:
``*** HOLE CARDS ***``, then ``*** PRE-FLOP *** [2s]``)."""


class _HandWriter:
    """Writes one hand: header, seats, the body street by street, the summary."""

    def __init__(self, hand: Hand, spec: GameSpec, dialect: WriterDialect) -> None:
        self.hand, self.spec, self.dialect = hand, spec, dialect
        self.showdown = len(spec.streets)
        self.out: list[str] = []
        self.groups: dict[tuple[int, int], list[Deal]] = {}
        for deal in hand.deals:
            self.groups.setdefault((deal.run, deal.street), []).append(deal)
        self.pending = list(self.groups)
        self.at: tuple[int, int] | None = None
        """(street, run) of the last marker written."""
        self.history: dict[str, list[tuple[Card | None, bool]]] = {}

    def money(self, value: int) -> str:
        return format_amount(value, self.hand.stakes.decimals, self.hand.stakes.symbol)

    def lines(self) -> list[str]:
        hand, out = self.hand, self.out
        d = self.dialect
        out += d.header(hand, self.spec, start_text(hand, d.second_zone, d.always_second_time))
        for s in hand.seats:
            bounty = f", {s.bounty}" if s.bounty else ""
            out.append(f"Seat {s.seat}: {s.name} ({self.money(s.stack)} in chips{bounty})"
                       + (" is sitting out" if s.sitting_out else ""))
        actions = hand.actions
        i = 0
        while i < len(actions) and (actions[i].street, actions[i].run) == (0, 0) and actions[i].kind in _PRE_DEAL:
            out.append(self.action(actions[i]))
            i += 1
        for action in actions[i:]:
            if (action.street, action.run) != self.at:
                self.advance(action.street, action.run)
            out.append(self.action(action))
            if action.kind is K.DRAW:
                out += self.drawn(action)
        if self.at is None:
            self.advance(0, 0)
        for key in list(self.pending):
            self.pending.remove(key)
            self.street(key, target=False)
        out.append(f"*** {self.dialect.summary} ***")
        out += self.summary()
        return out

    # -- streets --------------------------------------------------------------

    def advance(self, street: int, run: int) -> None:
        """Write the markers and deals up to (street, run)."""
        for key in list(self.pending):
            r, s = key
            if s < street or (s, r) == (street, run):
                self.pending.remove(key)
                self.street(key, target=(s, r) == (street, run))
        if self.at != (street, run):
            self.marker(street, run)

    def marker(self, street: int, run: int, name: str | None = None) -> None:
        layout = self.spec.streets[street] if street < self.showdown else None
        name = name or (self.dialect.showdown if layout is None else layout.name)
        line = f"*** {_RUNS[run]}{name} ***"
        if layout is not None and layout.board and (name == _EARLY_BOARD or not layout.per_player):
            before = [c for d in self.hand.deals if d.player is None and d.street < street and d.run in (0, run)
                      for c in d.cards]
            new = [c for d in self.groups.get((run, street), ()) if d.player is None for c in d.cards]
            line += (f" {format_cards(cast(list[Card], before))}" if before else "") + \
                f" {format_cards(cast(list[Card], new))}"
        self.out.append(line)
        self.at = (street, run)

    def street(self, key: tuple[int, int], target: bool) -> None:
        """A street's marker (when it was dealt or is where the next action is) and its deal lines."""
        run, street = key
        # A draw's cards follow the player's draw line (``drawn``).
        players = [] if self.spec.streets[street].draw else self.groups[key]
        deal_lines = [line for d in players if d.player is not None and (line := self.dealt(d))]
        if self.groups[key] or target:
            self.marker(street, run)
        self.out += deal_lines
        layout = self.spec.streets[street]
        if layout.board and layout.per_player and any(d.player is None for d in self.groups[key]):
            self.marker(street, run, _EARLY_BOARD)

    def dealt(self, deal: Deal) -> str | None:
        """``Dealt to NAME [history] [new]``, or ``NAME: turns up [card]``; None when no card is known."""
        name = deal.player or ""
        layout = self.spec.streets[deal.street]
        before = self.history.setdefault(name, [])
        known = [c for c in deal.cards if c is not None]
        self.history[name] = before + list(zip(deal.cards, deal.up, strict=True))
        if layout.turn_up:
            return f"{name}: turns up {format_cards(known)}" if known else None
        if not known:
            return None
        if deal.street == 0 or not before:
            down = [c for c, up in zip(deal.cards, deal.up, strict=True) if c is not None and not up]
            up = [c for c, is_up in zip(deal.cards, deal.up, strict=True) if c is not None and is_up]
            if self.dialect.split_first_deal and down and up:
                return f"Dealt to {name} {format_cards(down)} {format_cards(up)}"
            return f"Dealt to {name} {format_cards(known)}"
        shown = [c for c, up in before if c is not None and (up or self.dialect.hole_in_history)]
        history = f" {format_cards(shown)}" if shown else ""
        return f"Dealt to {name}{history} {format_cards(known)}"

    def drawn(self, draw: Action) -> list[str]:
        """After a draw line: the player's ``Dealt to NAME [kept] [drawn]``, his discards out of his history."""
        held = self.history.get(draw.player, [])
        self.history[draw.player] = [(c, up) for c, up in held if c not in draw.cards]
        deal = next((d for d in self.groups.get((0, draw.street), ()) if d.player == draw.player), None)
        line = self.dealt(deal) if deal is not None else None
        return [line] if line else []

    # -- actions --------------------------------------------------------------

    def action(self, a: Action) -> str:
        kind, name = a.kind, a.player
        if kind is K.BIG_BLIND and button_blind(self.hand, self.spec):
            return f"{name}: posts button blind {self.money(a.amount)}{ALL_IN if a.all_in else ''}"
        if kind in _VERBS:
            text = _VERBS[kind].format(amount=self.money(a.amount), to=self.money(a.to or 0))
            return f"{name}: {text}{ALL_IN if a.all_in else ''}"
        if kind is K.FOLD:
            return f"{name}: folds" + (f" {format_cards(a.cards)}" if a.cards else "")
        if kind is K.SHOW:
            return f"{name}: shows {format_cards(a.cards)}" + (f" ({a.text})" if a.text is not None else "")
        if kind is K.MUCK:
            return f"{name}: mucks hand" + (f" {format_cards(a.cards)}" if a.cards else "")
        if kind is K.UNCALLED:
            return f"Uncalled bet ({self.money(a.amount)}) returned to {name}"
        if kind is K.COLLECT:
            return f"{name} collected {self.money(a.amount)} from {a.text or 'pot'}"
        if kind is K.DRAW:
            if not a.amount:
                return f"{name}: stands pat"
            cards = f" {format_cards(a.cards)}" if a.cards else ""
            return f"{name}: discards {a.amount} card{'s' if a.amount != 1 else ''}{cards}"
        if kind is K.CASH_OUT:
            fee = f" | Cash Out Fee {self.money(a.fee)}" if a.fee else ""
            return f"{name} cashed out the hand for {self.money(a.amount)}{fee}"
        if kind is K.INSURANCE and not a.amount:
            return f"{name}: pay premium of all-in insurance ({self.money(a.fee)})"
        raise FormatError(phrase("cannot write a {kind} action", kind=kind), hand_id=self.hand.hand_id, actual=str(a))

    # -- summary --------------------------------------------------------------

    def summary(self) -> list[str]:
        hand, money = self.hand, self.money
        out = []
        if hand.total_pot is not None:
            line = f"Total pot {money(hand.total_pot)}"
            for n, pot in enumerate(hand.pots):
                line += f" Main pot {money(pot)}." if n == 0 else f" Side pot-{n} {money(pot)}."
            line += f" | Rake {money(hand.rake)}" if hand.rake is not None else ""
            out.append(line + "".join(f" | {label} {money(value)}" for label, value in hand.extras))
        runs = sorted({d.run for d in hand.deals if d.player is None} - {0})
        if runs:
            out.append("Hand was run twice" if len(runs) == 2 else "Hand was run three times")
            out += [f"{_RUNS[r]}Board {format_cards(hand.board(r))}" for r in runs]
        elif any(d.player is None for d in hand.deals):
            out.append(f"Board {format_cards(hand.board())}")
        out += filter(None, (self.seat_summary(s.seat, s.name) for s in hand.seats))
        return out

    def seat_summary(self, seat: int, name: str) -> str | None:
        """``Seat 1: Aino showed [..] and won (€4) with ...``, ``Seat 7: Liisa (button) folded on the 3rd Street``."""
        mine = [a for a in self.hand.actions if a.player == name]
        won = sum(a.amount for a in mine if a.kind is K.COLLECT)
        show = next((a for a in mine if a.kind is K.SHOW), None)
        fold = next((a for a in mine if a.kind is K.FOLD), None)
        muck = next((a for a in mine if a.kind is K.MUCK), None)
        who = f"Seat {seat}: {name}" + (" (button)" if seat == self.hand.button else "")
        if show is not None:
            result = f"and won ({self.money(won)})" if won else "and lost"
            desc = f" with {show.text}" if show.text else ""
            return f"{who} showed {format_cards(show.cards)} {result}{desc}"
        if fold is not None and fold.street < self.showdown:
            streets = self.spec.streets
            if fold.street == 0 and len(streets) > 1 and streets[1].board:
                return f"{who} folded before {_title(streets[1].name)}"
            return f"{who} folded on the {_title(streets[fold.street].name)}"
        if won:
            return f"{who} collected ({self.money(won)})"
        if muck is not None:
            return f"{who} mucked" + (f" {format_cards(muck.cards)}" if muck.cards else "")
        return None


def _title(name: str) -> str:
    """``3rd STREET`` → ``3rd Street``, ``FLOP`` → ``Flop``."""
    return " ".join(word.capitalize() for word in name.split())


__all__ = ["POKERSTARS", "POKERSTARS_GAMES", "SOKO", "WriterDialect", "hand_lines", "pokerstars_header",
           "pokerstars_stakes", "start_text", "write", "write_pokerstars", "write_soko"]

