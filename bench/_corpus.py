"""What the benchmarks share: real corpus hands with new ids, and the naive `re` parser's patterns."""

from __future__ import annotations

import re
from pathlib import Path

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path

HEADER = re.compile(r"^(\ufeff?\s*PokerStars[^#\n]*(?:Hand|Game) #)(\d+)(:)", re.MULTILINE)
NAIVE = [
    ("header", re.compile(r"^PokerStars (?:Hand|Game) #(\d+): (.*) \((.*)\) - (.*)$")),
    ("table", re.compile(r"^Table '(.*)' (\d+)-max(?: Seat #(\d+) is the button)?")),
    ("seat", re.compile(r"^Seat (\d+): (.+) \((\S+) in chips")),
    ("post", re.compile(r"^(.+?): (?:posts (?:small blind|big blind|the ante)|brings in for) (\S+)")),
    ("action", re.compile(r"^(.+?): (folds|checks|calls|bets|raises|completes)(?: it to)?(?: (\S+))?(?: to (\S+))?"
                          r"( and is all-in)?")),
    ("street", re.compile(r"^\*\*\* (.+?) \*\*\*(?: \[(.*)\])?")),
    ("dealt", re.compile(r"^Dealt to (.+?) \[(.+)\]$")),
    ("uncalled", re.compile(r"^Uncalled bet \((\S+)\) returned to (.+)$")),
    ("collect", re.compile(r"^(.+) collected (\S+) from (.+)$")),
    ("show", re.compile(r"^(.+): shows \[(.+)\] \((.+)\)$")),
]
"""A naive line-by-line parser: each line tried against these in turn (the peer the issues name)."""


def corpus_texts(corpus: Path, profiles: tuple[str, ...] = ("holdem", "stud7")) -> list[str]:
    """The raw text of each hand PokerStars itself wrote in the shared corpus, of the given profiles."""
    return [h.raw.strip() for p in sorted((corpus / "pokerstars").rglob("*.txt")) for h in read_path(p, "pokerstars")
            if isinstance(h, Hand) and h.site.startswith("PokerStars") and h.profile in profiles]


def renumbered(text: str, number: int) -> str:
    """A hand's text under a new hand id."""
    return HEADER.sub(rf"\g<1>{10**12 + number}\g<3>", text, count=1)
