"""The Sökö text format (``formats/soko-text.md``): a PokerStars-shaped log of Sökö hands.

Two header lines and a ``Rules:`` line, then the body of the PokerStars family
(read by the compiled core: :mod:`.stars`)::

    Sökö Hand #202603140001: Sökö Limit (€0.50/€1.00 EUR, ante €0.10, bring-in €0.20) - 2026/03/14 21:04:11 EET
    Table 'Kallio 3' 8-max Seat #7 is the button
    Rules: soko-casino

The header's structure overrides the profile's (RULES.md §1: the log's header
wins), so a ``Pot Limit`` hand under ``Rules: soko-casino`` replays under
``soko-casino; structure=pot_limit; open_pair_big_bet=false`` (an open pair
allowing the big bet is a fixed-limit rule). ``Hand.rules`` is always the
shortest text for the resulting spec (:func:`~..rules.profiles.rules_text`).
"""

from __future__ import annotations

import re

from .. import _core
from ..errors import RulesError, phrase
from ..model.hand import Hand, Stakes
from ..model.money import SYMBOLS, format_amount
from ..rules.options import BettingStructure, CardsLayout
from ..rules.spec import GameSpec
from .base import FormatError

SITE = "Sökö"
"""The site of a hand with no club name."""
GAME = re.compile(
    r"^S[öo]k[öo] (?P<structure>Limit|Pot Limit|No Limit|Spread Limit)\s*\((?P<stakes>[^()]*)\)"
    r"\s*(?:-\s*(?P<date>.*?))?\s*$",
    re.IGNORECASE,
)
"""The first header line after ``Hand #<id>:``."""
RULES_PREFIX = "Rules:"
STRUCTURE_WORDS: dict[BettingStructure, str] = {
    BettingStructure.FIXED_LIMIT: "Limit",
    BettingStructure.POT_LIMIT: "Pot Limit",
    BettingStructure.NO_LIMIT: "No Limit",
    BettingStructure.SPREAD: "Spread Limit",
}
"""The header's word for each ``structure``."""


def combine_rules(rules_line: str, structure: BettingStructure) -> str:
    """The rules of a hand: its ``Rules:`` text with the header's structure, as the shortest rules text
    (the core's ``combine_rules``).

    A ``structure=`` in the Rules line that contradicts the header is an error.
    Outside fixed limit a profile's ``open_pair_big_bet=true`` is switched off
    (it is a fixed-limit rule) unless the Rules line sets it.
    """
    return _core.combine_rules(rules_line, structure.value)


# -- writing the header -----------------------------------------------------------

def header_lines(hand: Hand, spec: GameSpec, start: str) -> list[str]:
    """The header lines of ``hand`` (the inverse of :func:`header`); ``start`` is the date text."""
    if spec.cards is not CardsLayout.ONE_DOWN_FOUR_UP:
        raise FormatError(phrase("Sökö text has no game for rules {rules!r}", rules=hand.rules), hand_id=hand.hand_id,
                          expected=phrase("a 1 down + 4 up profile (soko-finnish, soko-casino)"), actual=hand.rules)
    structure = spec.structure
    date = f" - {start}" if start else ""
    lines = [f"{hand.site} Hand #{hand.hand_id}: {SITE} {STRUCTURE_WORDS[structure]} "
             f"({format_stakes(hand.stakes, structure)}){date}"]
    if hand.table is not None:
        table = f"Table '{hand.table}'"
        table += f" {hand.max_seats}-max" if hand.max_seats is not None else ""
        table += f" Seat #{hand.button} is the button" if hand.button is not None else ""
        lines.append(table)
    lines.append(f"{RULES_PREFIX} {_shortest_rules_line(hand.rules, structure)}")
    return lines


def _shortest_rules_line(rules: str, structure: BettingStructure) -> str:
    """``rules`` without the options the header's structure implies, when reading it back gives ``rules``."""
    items = [i.strip() for i in rules.split(";")]
    implied = {f"structure={structure}", "open_pair_big_bet=false"}
    short = "; ".join(i for i in items if i not in implied)
    try:
        if combine_rules(short, structure) == rules:
            return short
    except RulesError:
        pass
    return rules


def format_stakes(stakes: Stakes, structure: BettingStructure) -> str:
    """The inside of the header's brackets (the inverse of :func:`parse_stakes`)."""
    def money(value: int) -> str:
        return format_amount(value, stakes.decimals, stakes.symbol, trim=False)

    code = f" {stakes.currency}" if stakes.currency else ""
    parts = []
    if structure is BettingStructure.FIXED_LIMIT:
        parts.append(f"{money(stakes.small_bet or 0)}/{money(stakes.big_bet or 0)}{code}")
    elif structure is BettingStructure.SPREAD:
        parts.append(f"{money(stakes.min_bet or 0)}-{money(stakes.max_bet or 0)}{code}")
    elif code and SYMBOLS.get(stakes.symbol) != stakes.currency:
        parts.append(code.strip())  # Pot/No Limit: a code the symbol does not imply
    if stakes.ante is not None:
        parts.append(f"ante {money(stakes.ante)}")
    if stakes.bring_in is not None:
        parts.append(f"bring-in {money(stakes.bring_in)}")
    return ", ".join(parts)


__all__ = ["combine_rules", "format_stakes", "header_lines"]
