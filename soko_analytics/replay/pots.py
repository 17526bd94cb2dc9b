"""Pots: uncalled bets, main and side pots, awards, odd chips and rake.

Pure functions on integer minor units (RULES.md §2 items 10, 18-20; §3 item 6;
§4 item 6). Like pokerkit's ``ChipsPushing``, awarding returns one record per
pot so that every split can be audited against what a log says was collected.

The usual sequence: :func:`returned_uncalled` (give back the uncalled bet),
:func:`build_pots` on what is left, :func:`award` with the hand values,
:func:`rake_pots` for the net amounts, then :func:`payouts`.

The rules are computed by the compiled core (``core/src/replay/pots.rs``, the
one implementation, which the auditor uses too); this module gives each
distinct player the next index, calls the core with the indices and names the
players of what it returns. A player may be any hashable value.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ParamSpec, TypeVar

from .. import _core, i18n
from ..errors import SokoError, phrase


class PotError(SokoError, ValueError):
    """Inputs that no pot can be built or split from (negative chips, rake above the pot...)."""


@dataclass(frozen=True)
class Pot:
    """One pot: the main pot or a side pot (RULES.md §2 item 19)."""

    amount: int
    eligible: tuple[str, ...]
    """Players still in who may win it, in seat order."""
    contributors: tuple[str, ...] = ()
    """Everyone who put chips into it, folded players included, in seat order."""
    level: int = 0
    """The contribution level that caps it: a live player who put in this much is eligible."""


@dataclass(frozen=True)
class Award:
    """Who won one pot and what each winner takes of its (gross) amount."""

    pot: Pot
    index: int
    """0 for the main pot, N for side pot-N."""
    winners: tuple[str, ...]
    """Empty when undetermined (no eligible player's hand is known)."""
    shares: Mapping[str, int]
    value: int | None
    """The winning hand value of the first share won (None when undetermined or uncontested with no value)."""
    parts: tuple[tuple[str, ...], ...] = ()
    """The winners of each share the pot is split into (hi/lo: high, then low), leaving out a share nobody
    qualifies for; one entry in a game of one share, none when undetermined."""


class RakeConvention(StrEnum):
    """How the rake of a hand is spread over its pots (RULES.md §1: the auditor accepts each)."""

    MAIN_POT_FIRST = "main_pot_first"
    """All from the main pot; what it cannot cover comes from side pot-1, then pot-2...
    The Sökö text format's rule ("rake is taken from the main pot")."""
    PROPORTIONAL = "proportional"
    """Each pot pays ``rake * amount // total`` (rounded down); the remainder is then taken
    main pot first, overflowing to the next pots as in ``MAIN_POT_FIRST``."""
    LAST_POT_FIRST = "last_pot_first"
    """From the last side pot backwards to the main pot."""

    @property
    def words(self) -> str:
        """The convention in plain words, for a page a person reads (in the language spoken)."""
        return {
            RakeConvention.MAIN_POT_FIRST: i18n._("the rake comes out of the main pot first"),
            RakeConvention.PROPORTIONAL: i18n._("the rake is taken from each pot in proportion to its size"),
            RakeConvention.LAST_POT_FIRST: i18n._("the rake comes out of the last side pot first"),
        }[self]


class _Players:
    """Players as the core's indices: each distinct player gets the next index, ``names`` maps back."""

    __slots__ = ("index", "names")

    def __init__(self) -> None:
        self.index: dict[Hashable, int] = {}
        self.names: list[Any] = []

    def __call__(self, player: Hashable) -> int:
        i = self.index.get(player)
        if i is None:
            i = self.index[player] = len(self.names)
            self.names.append(player)
        return i

    def all(self, players: Iterable[Hashable]) -> list[int]:
        return [self(p) for p in players]

    def named(self, indices: Iterable[int]) -> tuple[Any, ...]:
        names = self.names
        return tuple(names[i] for i in indices)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _core_call(players: _Players, compute: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """``compute(*args, **kwargs)`` in the core, its ``_core.PotError`` re-raised as :class:`PotError` (typed as
    ``compute`` is: the stub checks each call)."""
    try:
        return compute(*args, **kwargs)
    except _core.PotError as e:
        reason, expected, actual, who = e.args
        named = ", ".join(str(p) for p in players.named(who))
        found = f"{named} {actual}" if named and actual else named or actual
        raise PotError(reason, expected=expected, actual=found) from None
    except OverflowError as e:  # the core computes in 64-bit integers
        raise PotError(phrase("an amount or hand value outside the 64-bit range"), actual=str(e)) from None


def returned_uncalled(contributions: Mapping[str, int]) -> tuple[str | None, int]:
    """The uncalled bet (RULES.md §2 item 10): ``(player, amount)`` or ``(None, 0)``.

    The player whose total contribution exceeds everyone else's (folded players
    included, since they called part of it) gets the excess over the second
    highest back. A lone contributor gets all of it back. Ties return nothing.
    """
    players = _Players()
    back = _core_call(players, _core.returned_uncalled, [(players(p), c) for p, c in contributions.items()])
    return (None, 0) if back is None else (players.names[back[0]], back[1])


def build_pots(contributions: Mapping[str, int], folded: Collection[str],
               order: Sequence[str]) -> list[Pot]:
    """Main pot first, then side pots (RULES.md §2 item 19, §3 item 6).

    Pots are layered from each player's total contribution, antes included: the
    layer between two contribution levels holds what every player put in between
    them, and the players still in who reached the upper level are eligible, so
    an all-in player wins from each opponent at most what he put in himself.
    Folded players' chips go into the layers they reached; adjacent layers with
    the same eligible players are merged and empty layers dropped.

    Uncalled chips must already be returned (:func:`returned_uncalled`). Choice:
    chips a folded player put in above the highest live contribution (dead money,
    only possible then with dead blinds or a second folder) go into the top pot,
    whose ``level`` stays the highest live contribution. Players missing from
    ``order`` are placed after it, in ``contributions`` order. Raises
    :class:`PotError` for a negative contribution or chips in the pot with
    nobody still in.
    """
    players = _Players()
    contrib = [(players(p), c) for p, c in contributions.items()]
    built = _core_call(players, _core.build_pots, contrib, players.all(folded), players.all(order))
    return [Pot(amount, players.named(eligible), players.named(contributors), level)
            for amount, eligible, contributors, level in built]


def split(amount: int, winners: Sequence[str], odd_chip_order: Sequence[str],
          chip_unit: int = 1) -> dict[str, int]:
    """Equal shares in whole chip units (RULES.md §2 item 20, §4 item 6).

    The leftover units (the odd chips) go one each to the winners in
    ``odd_chip_order`` order (nearest the dealer's left first); winners not in
    it come after, in ``winners`` order. Amounts are whole minor units; if
    ``chip_unit`` does not divide ``amount``, the remainder smaller than a unit
    goes to the first winner in that order. Returns shares in ``winners`` order.
    Raises :class:`PotError` for a negative amount, a chip unit below 1, or
    winners that are none or not distinct.
    """
    players = _Players()
    shares = _core_call(players, _core.split, amount, players.all(winners), players.all(odd_chip_order),
                        chip_unit)
    names = players.names
    return {names[p]: share for p, share in shares}


def award(pots: Sequence[Pot], values: Mapping[str, int] | Sequence[Mapping[str, int]],
          odd_chip_order: Sequence[str], chip_unit: int = 1) -> list[Award]:
    """Award each pot separately (RULES.md §2 items 18-20).

    A pot goes to its eligible players with the highest value (higher is
    better); players absent from ``values`` (folded, or hand unknown) cannot
    win. A pot with one eligible player is his whatever his value. A pot whose
    eligible players all lack a value is undetermined: ``winners=()``, no shares.
    Shares split the gross amount; :func:`payouts` splits the net one.

    A hi/lo game gives ``values`` as one mapping per share of the pot (high, then
    the low hands that qualify): each share is awarded so, a share nobody eligible
    qualifies for goes to the others, and the odd chip of the halves to the first.
    """
    players = _Players()
    core_pots = [(pot.amount, players.all(pot.eligible)) for pot in pots]
    per_share = [values] if isinstance(values, Mapping) else list(values)
    core_values = [[(players(p), v) for p, v in share.items()] for share in per_share]
    awarded = _core_call(players, _core.award, core_pots, core_values, players.all(odd_chip_order), chip_unit)
    names = players.names
    return [Award(pot, index, players.named(winners), MappingProxyType({names[p]: s for p, s in shares}), value,
                  tuple(players.named(part) for part in parts))
            for pot, (index, winners, shares, value, parts) in zip(pots, awarded)]


def rake_pots(pots: Sequence[Pot], rake: int, convention: RakeConvention) -> list[int]:
    """The net amount of each pot after ``rake`` is taken under ``convention``.

    Raises :class:`PotError` for a negative rake or one above the total pot
    (RULES.md §5: "rake >= 0 and plausible"), else :class:`ValueError` for a
    convention that is not a :class:`RakeConvention` value.
    """
    amounts = [p.amount for p in pots]
    try:
        convention = RakeConvention(convention)
    except ValueError:
        # A bad rake is reported before a bad convention.
        _core_call(_Players(), _core.rake_pots, amounts, rake, RakeConvention.MAIN_POT_FIRST.value)
        raise
    return _core_call(_Players(), _core.rake_pots, amounts, rake, convention.value)


def payouts(awards: Sequence[Award], net_amounts: Sequence[int], odd_chip_order: Sequence[str],
            chip_unit: int = 1) -> dict[str, int]:
    """What each player collects: each pot's net amount split among its winners.

    The split is recomputed on the net amount (so odd chips follow the net pot).
    Undetermined pots pay nobody. Returned uncalled bets are not included.
    Raises :class:`PotError` unless there is one net amount per award.
    """
    players = _Players()
    parts = [[players.all(part) for part in (a.parts or ((a.winners,) if a.winners else ()))] for a in awards]
    paid = _core_call(players, _core.payouts, parts, list(net_amounts), players.all(odd_chip_order), chip_unit)
    names = players.names
    return {names[p]: amount for p, amount in paid}


def plain_convention(text: str) -> str:
    """The core's convention (``rake main_pot_first, odd chip left of the dealer``) in plain words."""
    words = []
    for part in text.split(", "):
        if part.startswith("rake ") and part[5:] in set(RakeConvention):
            words.append(RakeConvention(part[5:]).words)
        elif part.startswith("odd chip "):
            words.append(i18n._("an odd chip goes to {whom}").format(whom=_odd_chip(part[9:])))
        elif part.startswith("house money to the "):
            words.append(i18n._("the house's money goes to the {pot}").format(pot=i18n.pgettext("pot", part[19:])))
        else:
            words.append(part)
    return "; ".join(words)


def _odd_chip(order: str) -> str:
    """Who gets an odd chip (the core's ``odd_chip_orders``), in words."""
    words = {"left of the dealer": i18n._("the first winner left of the dealer"),
             "seat order": i18n._("the first winner in seat order"),
             "highest card by suit": i18n._("the winner with the highest card by suit")}
    return words.get(order, order)
