"""Sessions of simulated play: a table of named players with styles, stacks kept from hand to hand.

:func:`simulate` seats players of different styles, rotates the button, keeps
each stack across hands (a busted player rebuys), varies who sits in, and
writes each hand as a log would (site, table, stakes, times), so that it can be
written in a real format and read back to the same hand. Seeded runs repeat
exactly.

A cash table rebuys a player whose stack is under a big blind (or big bet)
before the hand. A tournament table (``tournament=True``: chips, an ante,
short starting stacks) rebuys only a player who could post no more than the
ante, so that short stacks post what they have: a big blind all-in for less
than the big blind after the ante, whose full amount the others still call.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from ..errors import SokoError, phrase
from ..model.hand import ActionKind, Hand, Stakes, Tournament
from ..parsers.times import format_start, parse_start
from ..rules.profiles import resolve
from .play import play
from .players import STYLES, chooser

NAMES = ("Aino", "Ville", "Matti", "Liisa", "Eero", "Sanna", "Jukka", "Helmi", "Kalle", "Tuuli")


@dataclass(frozen=True)
class Table:
    """What a simulated table plays: site, stakes, buy-in (in big bets or big blinds) and time zone."""

    site: str
    stakes: Stakes
    buy_in: int
    zone: str


def _eur(**amounts) -> Stakes:
    return Stakes(decimals=2, currency="EUR", symbol="€", **amounts)


def _usd(**amounts) -> Stakes:
    return Stakes(decimals=2, currency="USD", symbol="$", **amounts)


TABLES = {
    "soko-casino": Table("Sökö", _eur(small_bet=50, big_bet=100, ante=10, bring_in=20), 1000, "EET"),
    "soko-finnish": Table("Sökö", _eur(min_bet=10, max_bet=200, ante=10), 1000, "EET"),
    "holdem": Table("PokerStars", _usd(small_blind=5, big_blind=10), 1000, "ET"),
    "holdem; structure=fixed_limit": Table("PokerStars", _usd(small_blind=5, big_blind=10, small_bet=10,
                                                               big_bet=20), 400, "ET"),
    "stud7": Table("PokerStars", _usd(small_bet=10, big_bet=20, ante=2, bring_in=5), 400, "ET"),
    "stud7-hilo": Table("PokerStars", _usd(small_bet=10, big_bet=20, ante=2, bring_in=5), 400, "ET"),
    "razz": Table("PokerStars", _usd(small_bet=10, big_bet=20, ante=2, bring_in=5), 400, "ET"),
    "stud5": Table("PokerStars", _usd(small_bet=10, big_bet=20, ante=2, bring_in=5), 400, "ET"),
    **{omaha: Table("PokerStars", _usd(small_blind=5, big_blind=10), 1000, "ET")
       for omaha in ("omaha", "omaha-hilo", "omaha5", "omaha5-hilo", "omaha6")},
    **{f"{omaha}; structure=fixed_limit": Table("PokerStars", _usd(small_blind=5, big_blind=10, small_bet=10,
                                                                    big_bet=20), 400, "ET")
       for omaha in ("omaha", "omaha-hilo")},
    **{draw: Table("PokerStars", _usd(small_blind=5, big_blind=10, small_bet=10, big_bet=20), 400, "ET")
       for draw in ("draw5", "triple-draw27", "badugi")},
    "single-draw27": Table("PokerStars", _usd(small_blind=5, big_blind=10), 1000, "ET"),
    "short-deck": Table("PokerStars", _usd(big_blind=10, ante=10), 1000, "ET"),
    **{omaha: Table("PokerStars", _usd(small_blind=5, big_blind=10), 1000, "ET")
       for omaha in ("courchevel", "courchevel-hilo")},
}
"""The default table of each profile (a profile with overrides uses its base profile's)."""

TOURNAMENT_TABLES = {
    "holdem": Table("PokerStars", Stakes(small_blind=50, big_blind=100, ante=10), 150, "ET"),
}
"""Tournament tables: chips, blinds with an ante, 15 big blinds to start (buy-in in tenths of the unit). No-limit
hold'em only: a fixed-limit PokerStars header states the bets, not the blinds, so a short small blind would not
read back the same."""

TOURNAMENT = Tournament("2026031401", "$10+$1", "I")


def table_for(rules: str, tournament: bool = False) -> Table:
    if tournament:
        if rules not in TOURNAMENT_TABLES:
            raise SokoError(phrase("no tournament table for {rules!r}", rules=rules),
                            expected=" or ".join(TOURNAMENT_TABLES),
                            actual=rules)
        return TOURNAMENT_TABLES[rules]
    if rules in TABLES:
        return TABLES[rules]
    return TABLES[rules.split(";")[0].strip()]


def simulate(rules: str, hands: int, players: int = 6, seed: int = 1,
             start: datetime = datetime(2026, 3, 14, 20, 0, 0), table_name: str | None = None,
             styles: tuple[str, ...] = tuple(STYLES), tournament: bool = False) -> Iterator[Hand]:
    """Play ``hands`` hands at one table of ``players`` (2..max) named players of rotating styles.

    ``tournament``: a rebuy tournament's table (see the module text); hold'em only.
    """
    spec = resolve(rules)
    table = table_for(rules, tournament)
    rng = random.Random(seed)
    players = max(2, min(players, spec.max_players, len(NAMES)))
    names = list(NAMES[:players])
    models = {name: STYLES[styles[i % len(styles)]] for i, name in enumerate(names)}
    choosers = {name: chooser(model) for name, model in models.items()}
    unit = table.stakes.big_bet or table.stakes.big_blind or table.stakes.max_bet or 100
    buy_in = table.buy_in * unit // 10
    rebuy_under = (table.stakes.ante or 0) + 1 if tournament else unit
    """A stack under this rebuys before the hand."""
    stacks = {name: buy_in for name in names}
    button_index = 0
    when = start
    name_of_table = table_name or f"{spec.profile.title()} {seed}"
    has_button = spec.later_rounds_first_to_act.value != "best_showing" or spec.profile.startswith("soko")

    def choose(legal, spec, r, cards):
        return choosers[legal.player](legal, spec, r, cards)

    for number in range(hands):
        for name in names:  # rebuy when busted (or too short for the forced bets)
            if stacks[name] < rebuy_under:
                stacks[name] = buy_in
        sitting = [n for n in names if rng.random() > 0.08] or names[:2]
        if len(sitting) < 2:
            sitting = names[:2]
        seats = [(n, names.index(n) + 1, stacks[n]) for n in sitting]
        button_index = (button_index + 1) % len(sitting)
        button = seats[button_index][1] if has_button else None
        local, zone, utc = parse_start(format_start(when, table.zone))
        extra = {"tournament": TOURNAMENT} if tournament else {}
        hand, after = play(rules, table.stakes, seats, button, rng, choose, hand_id=f"{seed}{number:06d}",
                           site=table.site, table=name_of_table, start=local, time_zone=zone, start_utc=utc, **extra)
        hand = _as_seen_by(hand, names[0])
        if table.site == "PokerStars" and not any(a.kind is ActionKind.BRING_IN for a in hand.actions):
            # A PokerStars header states no bring-in; the log shows it only when it is posted.
            hand = replace(hand, stakes=hand.stakes._replace(bring_in=None))
        stacks.update(after)
        when += timedelta(seconds=rng.randint(25, 140))
        yield hand


def _as_seen_by(hand: Hand, owner: str) -> Hand:
    """The hand as its log's owner sees it: other players' down cards and discards unknown until they show them."""
    deals = tuple(d if d.player in (None, owner) else d._replace(
        cards=tuple(None if not up else c for c, up in zip(d.cards, d.up))) for d in hand.deals)
    actions = tuple(a._replace(cards=()) if a.kind is ActionKind.DRAW and a.player != owner else a
                    for a in hand.actions)
    return replace(hand, deals=deals, actions=actions)
