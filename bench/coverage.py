"""How much of a folder of real logs the readers take and the auditor passes: the figures issue 35 holds against
logs the project has not seen.

    python bench/coverage.py [FOLDER ...]        (default: ../shared/corpus/sites and ../shared/corpus/pokerstars)

Each file's hand headers are counted by this script's own patterns (one per site, below: a site's first line of a
hand, nothing of the readers'), then every file is read and audited through the library. It prints, per site: the
files, the hand headers, the hands read, their share of the headers, the hands quarantined by kind, the files
not read at all, and the hands the auditor gives an error finding. A log no reader should call wrong still can
be: the hands with errors are listed so each can be judged by hand.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from soko_analytics import api
from soko_analytics.parsers import Quarantined

HEADERS: dict[str, re.Pattern[str]] = {
    "PokerStars": re.compile(r"^\ufeff?\s*PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.MULTILINE),
    "other Stars-like": re.compile(r"^\ufeff?(?:Run It Once Poker|PokerBros|PokerMaster|Full Tilt) Hand #",
                                   re.MULTILINE),
    "GGPoker": re.compile(r"^\ufeff?Poker Hand #", re.MULTILINE),
    "Bovada": re.compile(r"^\ufeff?(?:Bovada|Ignition|Bodog)\S* Hand #", re.MULTILINE),
    "888poker": re.compile(r"^\*\*\*\*\* \S+ Hand History for Game", re.MULTILINE),
    "partypoker": re.compile(r"^\*\*\*\*\* Hand History [Ff]or Game", re.MULTILINE),
    "Winamax": re.compile(r"^\ufeff?Winamax Poker - ", re.MULTILINE),
    "Winning": re.compile(r"^\ufeff?(?:Game started at: |Hand #\d+ - )", re.MULTILINE),
    "iPoker": re.compile(r"<game gamecode=", re.MULTILINE),
    "Sökö text": re.compile(r"^Sökö Hand #", re.MULTILINE),
    "PHH": re.compile(r"^variant\s*=", re.MULTILINE),
}
"""A hand's first line on each site, as the site writes it (the count the readers are held to)."""

SUFFIXES = {".txt", ".xml", ".phh", ".phhs", ".log", ".hh"}


def site_of(text: str) -> tuple[str, int]:
    """The site whose hand headers a text has most of, and how many (``("?", 0)`` where none)."""
    counts = {site: len(pattern.findall(text)) for site, pattern in HEADERS.items()}
    site = max(counts, key=lambda s: counts[s])
    return (site, counts[site]) if counts[site] else ("?", 0)


def read_text(path: Path) -> str:
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8", errors="replace")


def measure(folders: list[Path]) -> tuple[Table, list[str]]:
    files = sorted(p for folder in folders for p in (folder.rglob("*") if folder.is_dir() else [folder])
                   if p.is_file() and p.suffix.lower() in SUFFIXES)
    sites: dict[str, Counter[str]] = defaultdict(Counter)
    errors: list[str] = []
    for path in files:
        site, headers = site_of(read_text(path))
        tally = sites[site]
        tally["files"] += 1
        tally["headers"] += headers
        for item in api.audit_hands([path]):
            if isinstance(item, Quarantined):
                tally[item.kind] += 1
                if item.kind == "unreadable":
                    tally["files not read"] += 1
                continue
            tally["read"] += 1
            if not item.ok:
                tally["audit errors"] += 1
                codes = sorted({f.code for f in item.findings if f.severity.name == "ERROR"})
                errors.append(f"{site}  {path}  hand {item.hand.hand_id}: {', '.join(codes)}")
    return table(sites), errors


def table(sites: dict[str, Counter[str]]) -> Table:
    kinds = sorted({k for t in sites.values() for k in t} - {"files", "headers", "read", "audit errors",
                                                               "files not read", "unreadable"})
    out = Table("site", "files", "headers", "read", "read %", *kinds, "files not read", "audit errors")
    total: Counter[str] = Counter()
    for site in sorted(sites):
        tally = sites[site]
        total.update(tally)
        out.add_row(site, *cells(tally, kinds))
    out.add_row("all", *cells(total, kinds), style="bold")
    return out


def cells(tally: Counter[str], kinds: list[str]) -> list[str]:
    share = f"{100 * tally['read'] / tally['headers']:.1f}" if tally["headers"] else "-"
    return [str(tally["files"]), str(tally["headers"]), str(tally["read"]), share,
            *(str(tally[k]) for k in kinds), str(tally["files not read"]), str(tally["audit errors"])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", type=Path,
                        default=[Path("../shared/corpus/sites"), Path("../shared/corpus/pokerstars")])
    args = parser.parse_args()
    missing = [str(f) for f in args.folders if not f.exists()]
    if missing:
        sys.exit(f"coverage: not found: {', '.join(missing)}")
    result, errors = measure(args.folders)
    console = Console(width=160)
    console.print(result)
    console.print(f"{len(errors)} hands with an error finding:")
    for line in errors:
        console.print(line, markup=False, highlight=False)


if __name__ == "__main__":
    main()
