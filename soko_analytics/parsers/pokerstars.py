"""PokerStars hand histories: Hold'em (no limit, pot limit, fixed limit, capped), 7 and 5 Card Stud.

Cash games and tournaments, ``Game #`` and ``Hand #`` headers, Zoom and Home
Game headers, and the PokerStars-format logs of clones (PokerBros, PokerMaster,
converted Full Tilt). Games outside the mission (Omaha, Razz, Draw, Courchevel,
6+ Hold'em, Stud Hi/Lo, mixed rotations of them) are recognised and quarantined
as unsupported with the game's name. The body is read by :mod:`.stars`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..model.hand import Hand, Stakes, Tournament
from ..model.money import SYMBOLS, MoneyError, parse_amount
from .base import FormatError, Quarantined
from .split import TextSource, first_headers
from .stars import HEADER_LINE, Dialect, Header, table_line, unsupported
from .stars import parse as parse_family
from .times import DATE, parse_start

NAME = "pokerstars"
EXTENSIONS = (".txt",)
STREAMS = True
"""parse() takes the lines of a file one by one."""

TOURNAMENT = re.compile(r"^(?:Zoom )?Tournament #(?P<id>\d+),\s*(?P<rest>.*)$", re.IGNORECASE)
GAME_START = re.compile(
    r"(?:Mixed |8-Game|HORSE|\d\+? ?Card |6\+ |Hold'em|Holdem|Omaha|Razz|Badugi|Courchevel|Triple Draw|"
    r"Single Draw|2-7|London|Five Card|Seven Card)",
    re.IGNORECASE,
)
STAKES = re.compile(r"\(([^()]*)\)\s*$")
LEVEL = re.compile(r"\s+-\s+(?P<level>(?:Match Round [IVXLC]+, )?Level [^ ]+)\s*$", re.IGNORECASE)

GAMES = {
    "hold'em no limit": "holdem",
    "hold'em pot limit": "holdem; structure=pot_limit",
    "hold'em limit": "holdem; structure=fixed_limit",
    "hold'em fixed limit": "holdem; structure=fixed_limit",
    "7 card stud limit": "stud7",
    "5 card stud limit": "stud5",
}
"""Supported game texts of the header (lower case) and the rules they replay under."""
FIXED = ("structure=fixed_limit", "stud")


def detect(head: str) -> float:
    """1.0 for a PokerStars header among the first headers of a text (0.8 for a clone's), else 0.

    A hand whose header is followed by a ``Rules:`` line is Sökö text (:mod:`.soko_text`), not this.
    """
    for first, after in first_headers(head):
        m = HEADER_LINE.match(first)
        if m and not m.group("site").strip().startswith(("Sökö", "Soko")) \
                and not any(line.startswith("Rules:") for line in after[:2]):
            return 1.0 if "PokerStars" in m.group("site") else 0.8
    return 0.0


def header(lines: list[str], numbers: Sequence[int], path: str) -> Header:
    first = lines[0]
    m = HEADER_LINE.match(first)
    if not m:
        raise FormatError("not a hand header", path=path, line=numbers[0], expected="'PokerStars Hand #N: ...'",
                          actual=first)
    site, hand_id, rest = m.group("site").strip() or "PokerStars", m.group("id"), m.group("rest")
    try:
        return _header(site, hand_id, rest, lines, path)
    except FormatError as err:
        err.path, err.line, err.hand_id = path, err.line or numbers[0], hand_id
        raise


def _header(site: str, hand_id: str, rest: str, lines: list[str], path: str) -> Header:
    date = DATE.search(rest)
    start, zone, utc = parse_start(rest[date.start() :]) if date else (None, None, None)
    game = _game(rest[: date.start()].rstrip(" -[") if date else rest, path)
    table, max_seats, button = None, None, None
    body_at = 1
    if len(lines) > 1 and (t := table_line(lines[1])):
        (table, max_seats, button), body_at = t, 2
    if game.club:
        table = f"{{{game.club}}} {table}" if table else f"{{{game.club}}}"
    return Header(
        site=site, hand_id=hand_id, rules=game.rules, stakes=game.stakes, table=table, max_seats=max_seats,
        button=button, start=start, time_zone=zone, start_utc=utc, tournament=game.tournament, body=body_at,
    )


@dataclass(frozen=True)
class _Game:
    rules: str
    stakes: Stakes
    tournament: Tournament | None
    club: str | None


@lru_cache(maxsize=4096)
def _game(body: str, path: str | None = None) -> _Game:
    """The game, stakes, tournament and club of a header's text before its date (cached: sessions repeat it)."""
    club = None
    if body.startswith("{"):
        club, _, body = body[1:].partition("}")
    body = body.strip()
    tournament: Tournament | None = None
    if m := TOURNAMENT.match(body):
        tail = m.group("rest")
        g = GAME_START.search(tail)
        buy_in = tail[: g.start()].strip(" -") if g else None
        body = tail[g.start() :] if g else tail
        tournament = Tournament(m.group("id"), buy_in or None, None)
    sm = STAKES.search(body)
    if not sm:
        raise FormatError("no stakes in the header", expected="'(small/big)' after the game", actual=body)
    stakes_text = sm.group(1)
    game = body[: sm.start()].strip()
    inner, comma, rest = stakes_text.partition(",")
    if comma and GAME_START.match(inner.strip()):  # a mixed game: "8-Game (7 Card Stud Hi/Lo Limit, $400/$800)"
        game, stakes_text = inner.strip(), rest.strip()
    if lm := LEVEL.search(game):
        if tournament:
            tournament = tournament._replace(level=lm.group("level").split("Level ")[-1])
        game = game[: lm.start()]
    if "(" in game:  # a mixed rotation: "Mixed Hold'em (Hold'em Limit, 10/20) - Level I"
        game = game[game.index("(") + 1 :].split(",")[0].rstrip(")")
    game = " ".join(game.split())
    rules = GAMES.get(game.casefold())
    if rules is None:
        raise unsupported(game, path)
    stakes = _stakes(stakes_text, fixed=any(f in rules for f in FIXED))
    return _Game(rules, stakes, tournament, club)


def _stakes(text: str, fixed: bool) -> Stakes:
    """``$0.01/$0.02 USD``, ``100/200``, ``$0.25/$0.50 - $10 Cap -  USD``, ``€1/€2 EUR``."""
    parts = [p.strip() for p in text.split(" - ")]
    main = parts[0].split()
    currency = next((w for w in reversed(text.split()) if len(w) == 3 and w.isalpha() and w.isupper()), None)
    symbol = next((ch for ch in text if ch in SYMBOLS), "")
    if currency is None and symbol:
        currency = SYMBOLS[symbol]
    blinds = main[0].split("/") if main else []
    decimals = 2 if (symbol or currency or any("." in b for b in blinds)) else 0
    if len(blinds) != 2:
        raise FormatError(f"unreadable stakes {text!r}", expected="'small/big'", actual=text)
    low, high = (_amount(b, decimals, text) for b in blinds)
    cap = None
    for part in parts[1:]:
        if part.endswith("Cap"):
            cap = _amount(part[: -len("Cap")].strip(), decimals, text)
    if fixed:
        return Stakes(small_bet=low, big_bet=high, decimals=decimals, currency=currency, symbol=symbol, cap=cap)
    return Stakes(small_blind=low, big_blind=high, decimals=decimals, currency=currency, symbol=symbol, cap=cap)


def _amount(word: str, decimals: int, stakes: str) -> int:
    try:
        return parse_amount(word, decimals)
    except MoneyError as err:
        raise FormatError(f"{word!r} in the stakes is not an amount", expected=err.expected, actual=stakes) from None


DIALECT = Dialect(NAME, header, aliases={"PRE-FLOP": "HOLE CARDS"})


def parse(text: TextSource, path: str = "<text>", strict: bool = False) -> Iterator[Hand | Quarantined]:
    """Every hand of a PokerStars-format text (or of its blocks), read or quarantined."""
    return parse_family(text, path, DIALECT, strict)


def write(hands: Iterable[Hand]) -> str:
    from .stars_writer import write_pokerstars

    return write_pokerstars(hands)
