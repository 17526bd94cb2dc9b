"""Hand descriptions against what PokerStars printed in the real logs.

For every ``<name>: shows [cards] (description)`` line of a Hold'em (board
from the hand's ``Board [...]`` line), 7 Card Stud or 5 Card Stud hand in the
shared corpus, our description of the best hand must equal the site's, up to
the kicker suffix PokerStars sometimes adds (`` - Ace kicker``).
"""

import re
from pathlib import Path

from soko_analytics.model.cards import parse_cards
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HIGH

SHOWS = re.compile(r"^(?P<who>.+?): shows \[(?P<cards>[^\]]+)\] \((?P<desc>[^)]+)\)\s*$")
BOARD = re.compile(r"^Board \[(?P<cards>[^\]]+)\]")
HEADER = re.compile(r"^[^:]*(Hand|Game) #\d+")
GAMES = re.compile(r"Hold'em|7 Card Stud (?!Hi/Lo)|5 Card Stud")


def _hands(path: Path):
    text = path.read_bytes().decode("utf-8", errors="replace").replace("\r\n", "\n")
    hand: list[str] = []
    for line in text.split("\n"):
        line = line.strip().lstrip("\ufeff")
        if HEADER.search(line) and hand:
            yield hand
            hand = []
        if line:
            hand.append(line)
    if hand:
        yield hand


def _shown_hands(corpus: Path):
    for path in sorted((corpus / "pokerstars").rglob("*.txt")):
        for hand in _hands(path):
            header = hand[0]
            if not header.startswith("PokerStars") or not GAMES.search(header) or "6+" in header or "Short" in header:
                continue
            if any("FIRST" in line or "SECOND" in line for line in hand):
                continue  # run it twice: two boards
            board = [BOARD.match(line) for line in hand]
            board = [m.group("cards") for m in board if m]
            for line in hand:
                m = SHOWS.match(line)
                if m:
                    cards = m.group("cards") + (" " + board[-1] if "Hold'em" in header and board else "")
                    yield path.name, cards, m.group("desc")


def test_descriptions_match_pokerstars(corpus):
    ev = evaluator(HIGH)
    checked, wrong = 0, []
    for name, cards, desc in _shown_hands(corpus):
        hand = parse_cards(cards)
        if len(hand) < 5:
            continue
        ours = ev.describe(ev.value(hand))
        theirs = desc.split(" - ")[0]
        checked += 1
        if ours != theirs:
            wrong.append((name, cards, theirs, ours))
    assert checked >= 500, f"only {checked} shown hands found in the corpus"
    assert wrong == []
