"""Pots: uncalled bets, main and side pots, awards, odd chips and rake.

Pure functions on integer minor units (RULES.md §2 items 10, 18-20; §3 item 6;
§4 item 6). Like pokerkit's ``ChipsPushing``, awarding returns one record per
pot so that every split can be audited against what a log says was collected.

The usual sequence: :func:`returned_uncalled` (give back the uncalled bet),
:func:`build_pots` on what is left, :func:`award` with the hand values,
:func:`rake_pots` for the net amounts, then :func:`payouts`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from soko_analytics.errors import SokoError


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
    """The winning hand value (None when undetermined or uncontested with no value)."""


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


def _seat_rank(order: Sequence[str], players: Sequence[str]):
    """Sort key: position in ``order``; players not in it go after, in ``players`` order."""
    rank = {p: i for i, p in enumerate(dict.fromkeys(order))}
    rank.update({p: len(rank) + i for i, p in enumerate(players) if p not in rank})
    return rank.__getitem__


def returned_uncalled(contributions: Mapping[str, int]) -> tuple[str | None, int]:
    """The uncalled bet (RULES.md §2 item 10): ``(player, amount)`` or ``(None, 0)``.

    The player whose total contribution exceeds everyone else's (folded players
    included, since they called part of it) gets the excess over the second
    highest back. A lone contributor gets all of it back. Ties return nothing.
    """
    ranked = sorted(contributions.items(), key=lambda item: item[1], reverse=True)
    if not ranked:
        return None, 0
    top, high = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    return (top, high - second) if high > second else (None, 0)


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
    ``order`` are placed after it. Raises :class:`PotError` for a negative
    contribution or chips in the pot with nobody still in.
    """
    for player, chips in contributions.items():
        if chips < 0:
            raise PotError("negative contribution", actual=f"{player} {chips}")
    seated = sorted(contributions, key=_seat_rank(order, list(contributions)))
    out = set(folded)
    live = [p for p in seated if p not in out]
    total = sum(contributions.values())
    if not live:
        if total:
            raise PotError("chips in the pot but no player still in", actual=str(total))
        return []
    top_live = max(contributions[p] for p in live)
    cuts = sorted({c for c in contributions.values() if c <= top_live} | {top_live})
    pots: list[Pot] = []
    prev = 0
    for level in cuts:
        amount = sum(min(c, level) - min(c, prev) for c in contributions.values())
        if level == top_live:
            amount += sum(c - top_live for c in contributions.values() if c > top_live)
        eligible = tuple(p for p in live if contributions[p] >= level)
        contributors = tuple(p for p in seated if contributions[p] > prev)
        if amount and pots and pots[-1].eligible == eligible:
            last = pots[-1]  # contributors of a higher layer are a subset of the lower's
            pots[-1] = Pot(last.amount + amount, eligible, last.contributors, level)
        elif amount:
            pots.append(Pot(amount, eligible, contributors, level))
        prev = level
    return pots


def split(amount: int, winners: Sequence[str], odd_chip_order: Sequence[str],
          chip_unit: int = 1) -> dict[str, int]:
    """Equal shares in whole chip units (RULES.md §2 item 20, §4 item 6).

    The leftover units (the odd chips) go one each to the winners in
    ``odd_chip_order`` order (nearest the dealer's left first); winners not in
    it come after, in ``winners`` order. Amounts are whole minor units; if
    ``chip_unit`` does not divide ``amount``, the remainder smaller than a unit
    goes to the first winner in that order. Returns shares in ``winners`` order.
    """
    if amount < 0 or chip_unit <= 0:
        raise PotError("cannot split", actual=f"amount {amount}, chip_unit {chip_unit}")
    if not winners or len(set(winners)) != len(winners):
        raise PotError("winners must be non-empty and distinct", actual=repr(tuple(winners)))
    units, crumbs = divmod(amount, chip_unit)
    each, odd = divmod(units, len(winners))
    ranked = sorted(winners, key=_seat_rank(odd_chip_order, winners))
    shares = {p: each * chip_unit for p in winners}
    for player in ranked[:odd]:
        shares[player] += chip_unit
    shares[ranked[0]] += crumbs
    return shares


def award(pots: Sequence[Pot], values: Mapping[str, int], odd_chip_order: Sequence[str],
          chip_unit: int = 1) -> list[Award]:
    """Award each pot separately (RULES.md §2 items 18-20).

    A pot goes to its eligible players with the highest value (higher is
    better); players absent from ``values`` (folded, or hand unknown) cannot
    win. A pot with one eligible player is his whatever his value. A pot whose
    eligible players all lack a value is undetermined: ``winners=()``, no shares.
    Shares split the gross amount; :func:`payouts` splits the net one.
    """
    awards = []
    for index, pot in enumerate(pots):
        known = [p for p in pot.eligible if p in values]
        if len(pot.eligible) == 1:
            winners = pot.eligible
            value = values.get(winners[0])
        elif not known:
            awards.append(Award(pot, index, (), MappingProxyType({}), None))
            continue
        else:
            value = max(values[p] for p in known)
            winners = tuple(p for p in known if values[p] == value)  # type: ignore[assignment]
        shares = split(pot.amount, winners, odd_chip_order, chip_unit)
        awards.append(Award(pot, index, winners, MappingProxyType(shares), value))
    return awards


def _take(left: list[int], need: int, indices: Sequence[int]) -> None:
    for i in indices:
        taken = min(left[i], need)
        left[i] -= taken
        need -= taken


def rake_pots(pots: Sequence[Pot], rake: int, convention: RakeConvention) -> list[int]:
    """The net amount of each pot after ``rake`` is taken under ``convention``.

    Raises :class:`PotError` for a negative rake or one above the total pot
    (RULES.md §5: "rake >= 0 and plausible").
    """
    total = sum(p.amount for p in pots)
    if rake < 0 or rake > total:
        raise PotError("rake outside 0..total pot", expected=f"0..{total}", actual=str(rake))
    convention = RakeConvention(convention)
    left = [p.amount for p in pots]
    forward = range(len(pots))
    if convention is RakeConvention.LAST_POT_FIRST:
        _take(left, rake, forward[::-1])
    elif convention is RakeConvention.PROPORTIONAL:
        parts = [rake * p.amount // total for p in pots] if total else []
        left = [a - part for a, part in zip(left, parts)]
        _take(left, rake - sum(parts), forward)
    else:
        _take(left, rake, forward)
    return left


def payouts(awards: Sequence[Award], net_amounts: Sequence[int], odd_chip_order: Sequence[str],
            chip_unit: int = 1) -> dict[str, int]:
    """What each player collects: each pot's net amount split among its winners.

    The split is recomputed on the net amount (so odd chips follow the net pot).
    Undetermined pots pay nobody. Returned uncalled bets are not included.
    """
    if len(awards) != len(net_amounts):
        raise PotError("one net amount per award", expected=str(len(awards)),
                       actual=str(len(net_amounts)))
    paid: dict[str, int] = {}
    for a, net in zip(awards, net_amounts):
        if a.winners:
            for player, share in split(net, a.winners, odd_chip_order, chip_unit).items():
                paid[player] = paid.get(player, 0) + share
    return paid
