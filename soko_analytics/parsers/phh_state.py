"""The state of one PHH hand while its ``actions`` array is read.

PHH says what each actor did but not what a log would print: ``cc`` does not
say check or call nor how much, ``cbr Y`` does not say bet, raise or complete,
and forced bets are fields, not actions. Our model stores actions as a log
states them, so :class:`Table` tracks, per street, each player's contribution,
the current bet and the stacks, and turns each PHH action into the
:class:`~soko_analytics.model.hand.Action` a log would have printed.

Streets come from the game's spec, never from its name: a deal goes to the
current street if that street deals that kind of card (hole or board) and the
target has not been dealt on it yet; otherwise it opens the next street that
does. So ``d db`` moves hold'em to the flop, turn and river, and the next round
of ``d dh`` moves stud to its next street. Shows and mucks carry the showdown
street (the number of streets), as the other parsers do.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..errors import CardError
from ..model.cards import Card, parse_card
from ..model.hand import Action, ActionKind, Deal
from ..rules.spec import GameSpec, Street
from .base import FormatError

K = ActionKind
AMOUNT = re.compile(r"^[0-9]+(?:\.[0-9]+)?$")
PLAYER = re.compile(r"p([1-9][0-9]?)", re.ASCII)
BLIND_KINDS = (K.SMALL_BLIND, K.BIG_BLIND, K.STRADDLE)
"""The kind of a post by its index in ``blinds_or_straddles`` (2 and later: straddles)."""
MAX_AMOUNT = 10**12
"""Amounts are below this many minor units (ten billion dollars in cents): larger ones are malformed."""
MAX_DECIMALS = 6
"""The most decimal places a PHH amount may be written with."""


def places(value: object) -> int:
    """Decimal places a PHH number is written with: ``12.40`` → 2, ``5`` → 0."""
    if isinstance(value, Decimal) and value.is_finite():
        return max(0, -int(value.as_tuple().exponent))
    if isinstance(value, str) and AMOUNT.match(value):
        return len(value.partition(".")[2])
    return 0


def short(value: object, width: int = 40) -> str:
    """``repr`` of a value cut to ``width`` characters, for messages (ints past Python's digit limit too)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"an integer of {value.bit_length()} bits"
    text = value if isinstance(value, str) else str(value) if isinstance(value, Decimal) else repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def minor(value: object, decimals: int, what: str, line: int | None = None) -> int:
    """A PHH amount (int, Decimal from TOML, or action text) in minor units; exact, never a float.

    A FormatError for anything but a number ≥ 0 with at most ``decimals`` places below
    :data:`MAX_AMOUNT` minor units; no arithmetic is done on a number before it is known to be sane.
    """
    def bad(why: str, expected: str = "a number like 1500 or 2.50") -> FormatError:
        return FormatError(f"{what} {short(value)} is not an amount{why}", line=line, expected=expected,
                           actual=short(value, 80))

    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise FormatError(f"{what} is not a number", line=line, expected="a number", actual=short(value, 80))
    if isinstance(value, str):
        if not AMOUNT.match(value):
            raise bad("")
        number: int | Decimal = Decimal(value)
    else:
        number = value
    if isinstance(number, Decimal) and not number.is_finite():
        raise bad(" (not finite)", "a finite number ≥ 0")
    if number < 0:
        raise bad(" (negative)", "a number ≥ 0")
    if isinstance(number, Decimal):
        if places(number) > decimals:
            raise bad(f" of at most {decimals} decimals", f"at most {decimals} decimals")
        if number.adjusted() >= 13:
            raise bad(f" below {MAX_AMOUNT} minor units", f"less than {MAX_AMOUNT} minor units")
        scaled = int(number.scaleb(decimals))
    else:
        scaled = number * 10**decimals
    if scaled >= MAX_AMOUNT:
        raise bad(f" below {MAX_AMOUNT} minor units", f"less than {MAX_AMOUNT} minor units")
    return scaled


def cards_of(text: object, line: int | None = None) -> tuple[Card | None, ...]:
    """``Ac2d`` → two cards; ``??`` is a card dealt face down that the record does not show."""
    if not isinstance(text, str) or len(text) % 2:
        raise FormatError(f"{short(text)!r} is not a run of two-character cards", line=line,
                          expected="cards like 'Ac2d' or '????'", actual=short(text, 80))
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        try:
            cards.append(None if token == "??" else parse_card(token))
        except CardError:
            raise FormatError(f"{token!r} in {short(text)!r} is not a card", line=line,
                              expected="a rank from 23456789TJQKA and a suit from cdhs, or ??", actual=token) from None
    return tuple(cards)


def card_text(cards: tuple[Card | None, ...]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


class Table:
    """Stacks, bets and streets of one hand; :meth:`apply` reads one action string."""

    def __init__(self, spec: GameSpec, names: list[str], stacks: list[int], decimals: int,
                 bring_in: int | None) -> None:
        self.streets: tuple[Street, ...] = spec.streets
        self.showdown = len(spec.streets)
        self.names, self.stacks, self.decimals, self.bring_in = names, list(stacks), decimals, bring_in
        self.street = 0
        self.bets = [0] * len(names)
        self.current = 0
        self.completed = False
        self.dealt: set[int | None] = set()
        self.seen: set[Card] = set()
        self.hole: dict[int, list[Card | None]] = {}
        self.actions: list[Action] = []
        self.action_lines: list[int] = []
        self.deals: list[Deal] = []
        self.deal_lines: list[int] = []
        self.discards: dict[int, int] = {}
        """Cards each player discarded on the current draw street (what he is dealt there)."""

    # -- forced bets ------------------------------------------------------

    def post_forced(self, antes: list[int], blinds: list[int], order: list[int], ante_line: int,
                    blind_line: int) -> None:
        """Antes (players in ``order``, seat order), then blinds and straddles; heads-up both
        arrays apply reversed (PHH rule). A lone blind is a big blind: the first to act is the next
        player (the WSOP's limit Omaha hands post one blind of a small bet)."""
        seat = (lambda j: 1 - j) if len(self.names) == 2 else (lambda j: j)
        for i in order:
            self._post(i, K.ANTE, antes[seat(i)], ante_line, counts=False)
        lone = sum(1 for blind in blinds if blind) == 1
        for j, blind in enumerate(blinds):
            kind = K.BIG_BLIND if lone and blind else BLIND_KINDS[min(j, 2)]
            self._post(seat(j), kind, blind, blind_line, counts=True)

    def _post(self, i: int, kind: ActionKind, amount: int, line: int, counts: bool) -> None:
        paid = min(amount, self.stacks[i])
        if paid > 0:
            self._pay(i, paid, counts)
            self._add(self.names[i], kind, line, paid, all_in=paid < amount)
        if counts:  # a blind posted short still sets the amount to call (RULES.md: the others call the full blind)
            self.current = max(self.current, amount)

    def _pay(self, i: int, chips: int, counts: bool = True) -> None:
        self.stacks[i] -= chips
        if counts:
            self.bets[i] += chips
            self.current = max(self.current, self.bets[i])

    def _add(self, name: str, kind: ActionKind, line: int, amount: int = 0, to: int | None = None,
             cards: tuple[Card, ...] = (), text: str | None = None, street: int | None = None,
             all_in: bool = False) -> None:
        street = self.street if street is None else street
        self.actions.append(Action(street, name, kind, amount, to, all_in, cards, text))
        self.action_lines.append(line)

    # -- one action string ------------------------------------------------

    def apply(self, text: str, line: int) -> None:
        """Read one entry of ``actions``; a FormatError names the line and the entry."""
        body, _, comment = text.partition("#")
        words = body.split()
        if not words:
            return
        if words[0] == "d":
            self._deal(words, text, line)
            return
        player, verb, *args = words + ([""] if len(words) == 1 else [])
        i = self._player(player, text, line)
        handler = _VERBS.get(verb)
        if handler is None or len(args) > 1 or (not args and verb == "cbr"):
            raise FormatError(f"unknown action {short(text.strip())!r}", line=line,
                              actual=short(text.strip(), 120),
                              expected="d db CARDS, d dh pN CARDS, pN pb, pN f, pN cc, pN cbr AMOUNT, pN sd [CARDS], "
                                       "pN sm [CARDS]")
        handler(self, i, args[0] if args else None, comment.strip() or None, line)

    def _player(self, word: str, text: str, line: int) -> int:
        n = len(self.names)
        m = PLAYER.fullmatch(word)
        if not (m and int(m.group(1)) <= n):
            raise FormatError(f"{short(word)!r} in {short(text.strip())!r} is not a player", line=line,
                              expected=f"p1 to p{n}", actual=short(word, 80))
        return int(m.group(1)) - 1

    def _deal(self, words: list[str], text: str, line: int) -> None:
        if len(words) == 3 and words[1] == "db":
            target, cards = None, cards_of(words[2], line)
        elif len(words) == 4 and words[1] == "dh":
            target, cards = self._player(words[2], text, line), cards_of(words[3], line)
        else:
            raise FormatError(f"unknown dealing action {short(text.strip())!r}", line=line,
                              actual=short(text.strip(), 120), expected="d db CARDS or d dh pN CARDS")
        street = self._street_for(target, text, line)
        layout = self.streets[street] if street < len(self.streets) else None
        if target is None:
            if layout is not None and layout.board and len(cards) != layout.board:
                raise FormatError(f"{len(cards)} board cards dealt on {layout.name}", line=line,
                                  expected=str(layout.board), actual=short(text.strip(), 120))
            up = (True,) * len(cards)
        elif layout is not None and layout.draw:
            if len(cards) != self.discards.get(target, 0):
                raise FormatError(f"{len(cards)} cards dealt to {words[2]} on {layout.name}", line=line,
                                  expected=f"{self.discards.get(target, 0)}, as many as discarded",
                                  actual=short(text.strip(), 120))
            up = (False,) * len(cards)
            self.hole.setdefault(target, []).extend(cards)
        else:
            assert layout is not None
            if len(cards) != layout.per_player:
                raise FormatError(f"{len(cards)} cards dealt to {words[2]} on {layout.name}", line=line,
                                  expected=f"{layout.per_player} ({layout.down} down, {layout.up} up)",
                                  actual=short(text.strip(), 120))
            up = (False,) * layout.down + (True,) * layout.up
            self.hole.setdefault(target, []).extend(cards)
        for card in cards:
            if card in self.seen:
                raise FormatError(f"{card} is dealt twice", line=line, expected="each card dealt once",
                                  actual=short(text.strip(), 120))
            if card is not None:
                self.seen.add(card)
        self.dealt.add(target)
        self.deals.append(Deal(street, None if target is None else self.names[target], cards, up))
        self.deal_lines.append(line)

    def _street_for(self, target: int | None, text: str, line: int) -> int:
        def deals(street: Street) -> bool:
            return bool(street.board if target is None else street.per_player or street.draw)

        s = self.street
        if s < len(self.streets) and deals(self.streets[s]) and target not in self.dealt:
            return s
        for later in range(s + 1, len(self.streets)):
            if deals(self.streets[later]):
                self._next_street(later)
                return later
        if target is None:
            return s  # a community card dealt when the deck runs out (deck_out_community_card)
        raise FormatError(f"{short(text.strip())!r}: no street is left to deal hole cards on", line=line,
                          expected="a deal of one of the game's streets", actual=short(text.strip(), 120))

    def _next_street(self, street: int) -> None:
        self.street, self.bets, self.current, self.dealt, self.discards = street, [0] * len(self.names), 0, set(), {}

    # -- verbs --------------------------------------------------------------

    def _draw(self, i: int, arg: str | None, _comment: str | None, line: int) -> None:
        """``pN sd [CARDS]``: stands pat, or discards the cards (``??`` where unknown), on this draw street, or on
        the next one where he has drawn on this one (PHH marks no street: the first ``sd`` after a round starts
        the next draw)."""
        s = self.street
        here = s < len(self.streets) and self.streets[s].draw and i not in self.discards
        if not here:  # a player's second draw, or the first of a single draw: the next draw street
            if not (s + 1 < len(self.streets) and self.streets[s + 1].draw):
                raise FormatError(f"unknown action 'p{i + 1} sd' here: no draw street is left", line=line,
                                  expected="a draw in a draw game (2-7, Badugi)", actual=f"p{i + 1} sd {arg or ''}")
            self._next_street(s + 1)
        cards = cards_of(arg, line) if arg else ()
        known = tuple(c for c in cards if c is not None)
        held = self.hole.get(i, [])
        for card in cards:  # an unknown discard takes an unknown card
            if card in held:
                held.remove(card)
        self.discards[i] = len(cards)
        self._add(self.names[i], K.DRAW, line, len(cards), cards=known)

    def _fold(self, i: int, _arg: str | None, _comment: str | None, line: int) -> None:
        self._add(self.names[i], K.FOLD, line)

    def _check_call(self, i: int, _arg: str | None, _comment: str | None, line: int) -> None:
        owed = min(self.current - self.bets[i], self.stacks[i])
        if owed <= 0:
            self._add(self.names[i], K.CHECK, line)
            return
        self._pay(i, owed)
        self._add(self.names[i], K.CALL, line, owed, all_in=self.stacks[i] == 0)

    def _bring_in(self, i: int, _arg: str | None, _comment: str | None, line: int) -> None:
        if not self.bring_in:
            raise FormatError("a bring-in (pb) in a hand without a bring_in field", line=line,
                              expected="bring_in = AMOUNT", actual=f"p{i + 1} pb")
        paid = min(self.bring_in, self.stacks[i])
        self._pay(i, paid)
        self._add(self.names[i], K.BRING_IN, line, paid, all_in=self.stacks[i] == 0)

    def _bet(self, i: int, arg: str | None, _comment: str | None, line: int) -> None:
        to = minor(arg, self.decimals, "cbr amount", line)
        added = to - self.bets[i]
        if to <= self.current or added > self.stacks[i]:
            raise FormatError(f"p{i + 1} cbr {arg}: a bet or raise to {arg} is impossible here", line=line,
                              expected="more than the current bet and at most the player's stack",
                              actual=f"current bet {self.current}, stack {self.stacks[i]} (minor units)")
        current = self.current
        self._pay(i, added)
        all_in = self.stacks[i] == 0
        if self.bring_in and self.street == 0 and not self.completed:
            self.completed = True
            self._add(self.names[i], K.COMPLETE, line, 0, to, all_in=all_in)
        elif current == 0:
            self._add(self.names[i], K.BET, line, to, all_in=all_in)
        else:
            self._add(self.names[i], K.RAISE, line, to - current, to, all_in=all_in)

    def _show_muck(self, i: int, arg: str | None, comment: str | None, line: int) -> None:
        if arg is None:
            self._add(self.names[i], K.MUCK, line, street=self.showdown)
            return
        cards = tuple(self.hole.get(i, ())) if arg == "-" else cards_of(arg, line)
        known = tuple(c for c in cards if c is not None)
        if len(set(known)) != len(known):
            raise FormatError(f"a card shown twice in {short(arg)!r}", line=line,
                              expected="each card once", actual=arg)
        self._add(self.names[i], K.SHOW, line, cards=known, text=comment, street=self.showdown)


_VERBS = {"f": Table._fold, "cc": Table._check_call, "pb": Table._bring_in, "cbr": Table._bet, "sd": Table._draw,
          "sm": Table._show_muck}
"""PHH player verbs."""
