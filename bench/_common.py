"""What the benchmarks share: real corpus hands with new ids, the naive `re` parser's patterns, pinning
to one core and the table of rates."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from rich.table import Table

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


def pin_one_core() -> None:
    """Run the rest of the process on one core (where the platform allows it)."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def rate_table(title: str, first: str, rows: list[tuple[str, int, float, float]], ours: float,
               ratio: str = "ours ÷ this", digits: str = ".2f") -> Table:
    """Rows of (name, hands, seconds, megabytes) as hands/s, MB/s and our rate's ratio to each."""
    table = Table(title=title)
    for col in (first, "hands", "seconds", "hands/s", "MB/s", ratio):
        table.add_column(col, justify="left" if col == first else "right")
    for name, hands, seconds, megabytes in rows:
        rate = hands / seconds
        table.add_row(name, f"{hands:,}", f"{seconds:.2f}", f"{rate:,.0f}", f"{megabytes / seconds:.1f}",
                      f"{ours / rate:{digits}}×")
    return table


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` hands of ``k`` distinct card codes each (uint8), drawn with a seeded generator."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def best_rate(run: Callable[[], object], n: int, repeat: int = 3) -> float:
    """Items a second of the fastest of ``repeat`` runs of ``run`` (which handles ``n`` items)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return n / best
