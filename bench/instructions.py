"""Instructions per hand of the core's parse, per site, beside PokerStars': the noise-free figure.

The clock's ratios in ``bench/parse.py`` vary by 2× between runs on a shared machine; callgrind's count of
instructions does not. For PokerStars and each site the core reads, this builds a file of ``--hands`` hands
(``bench/parse.py``'s files: the corpus's hands repeated), then runs ``_core.parse_count`` on it under
``valgrind --tool=callgrind``, collecting only inside ``parse_count``, once with one parse and once with two;
the difference is one warm parse (its caches and tables built), divided by the hands. Prints each site's
instructions per hand and its ratio to PokerStars': to its hold'em file's, and to a file of PokerStars' own hands
of the same games as the site's, hand for hand (``parse.matched_file``; issue 39's target: every site within 1.5×).

    python bench/instructions.py [--hands 2000] [--sites bovada,ipoker] [--game holdem] [--corpus ../shared/corpus]

Needs valgrind (Debian's ``valgrind``). A few minutes: Python runs about 50× slower under callgrind.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from parse import SITES, build_file, matched_file, site_file
from rich.console import Console
from rich.table import Table

TARGET = 1.5
"""Issue 39: each site's parse within this many times PokerStars' per hand."""
RUN = "import sys; from soko_analytics import _core\nfor _ in range(int(sys.argv[3])): _core.parse_count(sys.argv[1], sys.argv[2])"
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def collected(path: Path, fmt: str, parses: int) -> int:
    """Instructions callgrind counts inside ``parse_count`` over ``parses`` parses of the file."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=*parse_count*",
         sys.executable, "-c", RUN, str(path), fmt, str(parses)],
        capture_output=True, text=True, check=True)
    found = COLLECTED.search(done.stderr)
    if not found:
        raise SystemExit(f"callgrind printed no count for {fmt}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_hand(path: Path, fmt: str, hands: int) -> float:
    """One warm parse's instructions per hand: two parses less one."""
    return (collected(path, fmt, 2) - collected(path, fmt, 1)) / hands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--sites", default=",".join(SITES), help="comma-separated formats (default: every site)")
    parser.add_argument("--game", help="only the sites' hands of this profile (holdem, stud7): each site's own "
                                       "hands of one game beside PokerStars' of the same")
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py needs valgrind (apt-get install valgrind)")
    sites = [s for s in args.sites.split(",") if s]
    unknown = [s for s in sites if s not in SITES]
    if unknown:
        raise SystemExit(f"unknown site(s) {', '.join(unknown)}; choose from {', '.join(SITES)}")
    table = Table(title=f"Instructions per hand of one warm parse ({args.hands:,} hands a file), callgrind")
    for column in ("site", "instructions per hand", "÷ PokerStars hold'em", "÷ PokerStars, same games",
                   f"within {TARGET}× (same games)"):
        table.add_column(column, justify="left" if column == "site" else "right")
    with tempfile.TemporaryDirectory() as tmp:
        stars_file = build_file(args.corpus, args.hands, Path(tmp))
        stars = per_hand(stars_file, "pokerstars", args.hands)
        table.add_row("pokerstars (hold'em)", f"{stars:,.0f}", "1.00×", "", "")
        for fmt in sites:
            out = Path(tmp) / f"{fmt}.txt"
            n = per_hand(site_file(args.corpus, SITES[fmt], args.hands, out, args.game), fmt, args.hands)
            same_file, share = matched_file(args.corpus, SITES[fmt], args.hands, Path(tmp) / f"{fmt}-stars.txt",
                                            args.game)
            same = per_hand(same_file, "pokerstars", args.hands)
            table.add_row(fmt, f"{n:,.0f}", f"{n / stars:.2f}×", f"{n / same:.2f}× ({share:.0%} matched)",
                          "yes" if n / same <= TARGET else "no")
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
