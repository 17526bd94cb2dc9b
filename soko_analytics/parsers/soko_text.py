"""The Sökö text format (``formats/soko-text.md``): a PokerStars-shaped log of Sökö hands.

Two header lines and a ``Rules:`` line, then the body of the PokerStars family
(read by :mod:`.stars`)::

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
from collections.abc import Iterable, Iterator, Sequence

from ..errors import RulesError
from ..model.hand import Hand, Stakes
from ..model.money import SYMBOLS, MoneyError, format_amount, parse_amount
from ..rules.options import BettingStructure, CardsLayout
from ..rules.profiles import DEFAULT_PROFILE, PROFILES, parse_rules, resolve, rules_text
from ..rules.spec import GameSpec
from .base import FormatError, Quarantined
from .split import TextSource, first_headers
from .stars import HEADER_LINE, Dialect, Header, table_line
from .stars import parse as parse_family
from .times import DATE, parse_start

NAME = "soko"
EXTENSIONS = (".txt", ".soko")
STREAMS = True
"""parse() takes a file's text in pieces."""
SITE = "Sökö"
"""The site of a hand with no club name."""

GAME = re.compile(
    r"^S[öo]k[öo] (?P<structure>Limit|Pot Limit|No Limit|Spread Limit)\s*\((?P<stakes>[^()]*)\)"
    r"\s*(?:-\s*(?P<date>.*?))?\s*$",
    re.IGNORECASE,
)
"""The first header line after ``Hand #<id>:``."""
RULES_PREFIX = "Rules:"
CODE = re.compile(r"^[A-Z]{3}$")
"""A currency code: ``EUR``, ``USD``."""

STRUCTURES: dict[str, BettingStructure] = {
    "Limit": BettingStructure.FIXED_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
    "No Limit": BettingStructure.NO_LIMIT,
    "Spread Limit": BettingStructure.SPREAD,
}
"""The header's structure words and the ``structure`` option each sets."""
STRUCTURE_WORDS = {v: k for k, v in STRUCTURES.items()}


def detect(head: str) -> float:
    """1.0 for a Sökö header among the first headers of a text, 0.9 for another hand header whose hand
    has a ``Rules:`` line, 0.5 for a ``Rules:`` line without a header, else 0."""
    for first, after in first_headers(head):
        m = HEADER_LINE.match(first)
        if m is None:
            continue
        if GAME.match(m.group("rest")) or m.group("site").strip().startswith(SITE):
            return 1.0
        if any(line.startswith(RULES_PREFIX) for line in after[:2]):
            return 0.9
    lone_rules = any(line.strip().lstrip("\ufeff").startswith(RULES_PREFIX) for line in head.splitlines()[:40])
    return 0.5 if lone_rules and not first_headers(head, 1) else 0.0


# -- reading the header -----------------------------------------------------------

def header(lines: list[str], numbers: Sequence[int], path: str) -> Header:
    """The two header lines and the optional ``Rules:`` line of one hand."""
    m = HEADER_LINE.match(lines[0])
    if not m:
        raise FormatError("not a hand header", path=path, line=numbers[0],
                          expected="'Sökö Hand #<id>: Sökö <structure> (<stakes>) - <date> <zone>'", actual=lines[0])
    hand_id = m.group("id")
    try:
        return _header(m.group("site").strip() or SITE, hand_id, m.group("rest"), lines, numbers)
    except FormatError as err:
        err.path, err.hand_id = path, hand_id
        err.line = err.line or numbers[0]
        raise


def _header(site: str, hand_id: str, rest: str, lines: list[str], numbers: Sequence[int]) -> Header:
    g = GAME.match(rest)
    if not g:
        raise FormatError("not a Sökö game header", expected="'Sökö <Limit|Pot Limit|No Limit|Spread Limit> "
                          "(<stakes>) - <YYYY/MM/DD HH:MM:SS> <zone>'", actual=lines[0])
    structure = STRUCTURES[next(k for k in STRUCTURES if k.lower() == g.group("structure").lower())]
    stakes = parse_stakes(g.group("stakes"), structure)
    start = zone = utc = None
    if g.group("date"):
        if not DATE.search(g.group("date")):
            raise FormatError("unreadable start time", expected="'YYYY/MM/DD HH:MM:SS ZONE'", actual=g.group("date"))
        start, zone, utc = parse_start(g.group("date"))
    at = 1
    table = max_seats = button = None
    if at < len(lines) and (t := table_line(lines[at])):
        table, max_seats, button = t
        at += 1
    rules_line = DEFAULT_PROFILE
    if at < len(lines) and lines[at].startswith(RULES_PREFIX):
        rules_line = lines[at][len(RULES_PREFIX):].strip()
        try:
            rules = combine_rules(rules_line, structure)
        except RulesError as err:
            raise FormatError(f"bad Rules: line: {err.reason}", line=numbers[at], expected=err.expected,
                              actual=lines[at]) from None
        at += 1
    else:
        rules = combine_rules(rules_line, structure)
    return Header(site=site, hand_id=hand_id, rules=rules, stakes=stakes, table=table, max_seats=max_seats,
                  button=button, start=start, time_zone=zone, start_utc=utc, body=at)


def combine_rules(rules_line: str, structure: BettingStructure) -> str:
    """The rules of a hand: its ``Rules:`` text with the header's structure, as the shortest rules text.

    A ``structure=`` in the Rules line that contradicts the header is an error.
    Outside fixed limit a profile's ``open_pair_big_bet=true`` is switched off
    (it is a fixed-limit rule) unless the Rules line sets it.
    """
    name, overrides = parse_rules(rules_line)
    stated = overrides.get("structure")
    if stated is not None and stated is not structure:
        raise RulesError(f"Rules: says structure={stated} but the header says {STRUCTURE_WORDS[structure]}",
                         expected=f"structure={structure} or no structure option", actual=f"structure={stated}")
    overrides["structure"] = structure
    if structure is not BettingStructure.FIXED_LIMIT and "open_pair_big_bet" not in overrides \
            and PROFILES[name].values.get("open_pair_big_bet"):
        overrides["open_pair_big_bet"] = False
    spec = resolve(name, **overrides)
    if spec.cards is not CardsLayout.ONE_DOWN_FOUR_UP:
        raise RulesError(f"profile {name} deals {spec.deal_text}; Sökö is dealt 1 down + 4 up",
                         expected="soko-finnish or soko-casino", actual=name)
    return rules_text(spec)


def parse_stakes(text: str, structure: BettingStructure) -> Stakes:
    """``€0.50/€1.00 EUR, ante €0.10, bring-in €0.20`` (Limit), ``ante 10, bring-in 20`` (Pot/No Limit),
    ``€0.10-€2 EUR, ante €0.10`` (Spread Limit)."""
    symbol = next((ch for ch in text if ch in SYMBOLS), "")
    codes = {w for w in text.replace(",", " ").split() if CODE.match(w)}
    if len(codes) > 1:
        raise FormatError("more than one currency in the stakes", expected="one currency code",
                          actual=", ".join(sorted(codes)))
    currency = codes.pop() if codes else SYMBOLS.get(symbol)
    decimals = 2 if (symbol or currency or "." in text) else 0
    values: dict[str, int] = {}

    def amount(word: str) -> int:
        try:
            return parse_amount(word, decimals)
        except MoneyError as err:
            raise FormatError(f"{word!r} in the stakes is not an amount", expected=err.expected, actual=text) from None

    def put(key: str, value: int) -> None:
        if key in values:
            raise FormatError(f"the stakes give {key.replace('_', '-')} twice", actual=text)
        values[key] = value

    parts = [p.strip() for p in text.split(", ")] if text.strip() else []
    for k, part in enumerate(parts):
        words = [w for w in part.split() if not CODE.match(w)]
        if not words:  # a lone currency code
            continue
        if len(words) == 2 and words[0] == "ante":
            put("ante", amount(words[1]))
        elif len(words) == 2 and words[0] == "bring-in":
            put("bring_in", amount(words[1]))
        elif k == 0 and len(words) == 1 and structure is BettingStructure.FIXED_LIMIT and words[0].count("/") == 1:
            low, high = words[0].split("/")
            put("small_bet", amount(low))
            put("big_bet", amount(high))
        elif k == 0 and len(words) == 1 and structure is BettingStructure.SPREAD and words[0].count("-") == 1:
            low, high = words[0].split("-")
            put("min_bet", amount(low))
            put("max_bet", amount(high))
        else:
            raise FormatError(f"unreadable stakes part {part!r}", expected=_STAKES_FORMS[structure], actual=text)
    need = {BettingStructure.FIXED_LIMIT: "small_bet", BettingStructure.SPREAD: "min_bet"}.get(structure)
    if need and need not in values:
        raise FormatError(f"{STRUCTURE_WORDS[structure]} stakes without their limits",
                          expected=_STAKES_FORMS[structure], actual=text)
    return Stakes(decimals=decimals, currency=currency, symbol=symbol, **values)


_STAKES_FORMS = {
    BettingStructure.FIXED_LIMIT: "'small/big[ currency][, ante A][, bring-in B]'",
    BettingStructure.POT_LIMIT: "'ante A, bring-in B'",
    BettingStructure.NO_LIMIT: "'ante A, bring-in B'",
    BettingStructure.SPREAD: "'min-max[ currency], ante A'",
}


# -- writing the header -----------------------------------------------------------

def header_lines(hand: Hand, spec: GameSpec, start: str) -> list[str]:
    """The header lines of ``hand`` (the inverse of :func:`header`); ``start`` is the date text."""
    if spec.cards is not CardsLayout.ONE_DOWN_FOUR_UP:
        raise FormatError(f"Sökö text has no game for rules {hand.rules!r}", hand_id=hand.hand_id,
                          expected="a 1 down + 4 up profile (soko-finnish, soko-casino)", actual=hand.rules)
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


DIALECT = Dialect(NAME, header)


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a Sökö text (or of its blocks), read or quarantined."""
    return parse_family(text, path, DIALECT, strict)


def write(hands: Iterable[Hand]) -> str:
    """Hands as Sökö text."""
    from .stars_writer import write_soko

    return write_soko(hands)


__all__ = ["DIALECT", "EXTENSIONS", "NAME", "combine_rules", "detect", "format_stakes",
           "header", "header_lines", "parse", "parse_stakes", "write"]
