"""Parse-throughput benchmark: ours beside pokerkit's PokerStars parser and a naive `re` parser.

Builds a file of 100,000 real PokerStars hold'em hands (the corpus's hands
repeated with new ids) in a temporary folder, then in one process, pinned to
one core, times:

- Python's own read + split into hands + split lines (the floor),
- a naive line-by-line ``re`` parser (each line tried against a list of patterns),
- soko_analytics' Python API, from the file to Hand objects (``read_path``: Python's decoding and
  splitting, the core's reader, a ``Hand`` record per hand),
- soko_analytics' compiled core: the parse (``_core.parse_count``: the file read, split and read to
  checked hands as the import reads it, counted in the core, no row made), and the
  whole of an import's work from the file to the Arrow rows of the store's tables (``_core.read_rows``:
  source, split, read, audit, facts, all-in equity, rows; no Python object per hand),
- pokerkit's ``PokerStarsParser`` on a sample (it is far slower),

and prints hands/s, MB/s and each one's ratio to the floor (read + split in Python), plus the
Python API's peak traced memory on 5% and 25% of the hands (it should not grow with the file).

Then, per site the core reads (issue 16), it builds a file of ``--site-hands`` hands from that site's stored corpus
hands (their raw text, repeated, shaped as the site's logs are: an iPoker session's header once before its games, as
a client writes one file a table session, not once a game) and times the core's parse of it beside the PokerStars
file's, with each site's
ratio to PokerStars (every site's lines are told to the core's builder of events, no PokerStars text
between). Each site's file is set beside PokerStars' hold'em file and beside a file of PokerStars' own hands of
the same games, hand for hand (a stud hand costs PokerStars' reader about 1.6× a hold'em hand: a site whose sample
is mostly stud, as iPoker's is, is slower per hand for its games, not only for its reader).

The per-site ratios are medians of ``--site-repeats`` rounds timed by the process's CPU time (see
:func:`site_rates`): on a shared machine the wall clock of one run says little.

    python bench/parse.py [--hands N] [--site-hands N] [--sites ipoker,bovada] [--site-repeats 5] [--sites-only]
                          [--corpus ../shared/corpus]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path
from statistics import median

from _common import NAIVE, corpus_texts, pin_one_core, rate_table, renumbered
from rich.console import Console
from rich.table import Table

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path

TARGET = 250_000
"""Hands/s on one core the compiled core should read (issue 14)."""
SITES = {"ggpoker": "GGPoker", "bovada": "Bovada", "888poker": "PacificPoker", "winamax": "Winamax",
         "winning": "Winning", "partypoker": "PartyPoker", "ipoker": "iPoker"}
"""The site formats the core reads and their corpus folders (``sites/<folder>``)."""
SESSION = "<session"
"""Where an iPoker hand's raw text has its session's header (after the game): written once before its games."""

def build_file(corpus: Path, hands: int, folder: Path) -> Path:
    texts = corpus_texts(corpus, ("holdem",))
    out = folder / "holdem-100k.txt"
    with open(out, "w", encoding="utf-8") as f:
        for i in range(hands):
            f.write(renumbered(texts[i % len(texts)], i))
            f.write("\n\n\n")
    return out


def floor(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    n = 0
    for hand in text.split("\n\n\n"):
        if hand.strip():
            hand.split("\n")
            n += 1
    return n


def naive(path: Path) -> int:
    n = 0
    with open(path, encoding="utf-8") as f:
        hand: list = []
        for line in f:
            line = line.strip()
            if not line:
                continue
            for kind, pattern in NAIVE:
                m = pattern.match(line)
                if m:
                    if kind == "header":
                        n += 1
                        hand = []
                    hand.append((kind, m.groups()))
                    break
    return n


def ours(path: Path) -> int:
    return sum(1 for h in read_path(path, "pokerstars") if isinstance(h, Hand))


def core_parse(path: Path, fmt: str = "pokerstars") -> int:
    from soko_analytics import _core as core

    hands, _ = core.parse_count(str(path), fmt)
    return hands


def core_rows(path: Path) -> int:
    from soko_analytics import _core as core

    stored, _, _ = core.read_rows(str(path), "pokerstars", 1)
    return stored


def pokerkit_sample(path: Path, hands: int) -> int:
    from pokerkit import PokerStarsParser

    text = "\n\n\n".join(path.read_text(encoding="utf-8").split("\n\n\n")[:hands])
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")  # pokerkit warns and prints a traceback for each hand it cannot parse
        return sum(1 for _ in PokerStarsParser()(text, error_status=False))


def site_hands(corpus: Path, folder: str) -> list[tuple[str, str, str]]:
    """Each stored corpus hand of one site, in its logs' order: its session's header (iPoker's, else empty), its
    own raw text and its profile."""
    logs = sorted(p for p in (corpus / "sites" / folder).rglob("*") if p.suffix in (".txt", ".xml"))
    return [(*_session_apart(h.raw.strip()), h.profile) for p in logs for h in read_path(p) if isinstance(h, Hand)]


def site_file(corpus: Path, folder: str, hands: int, out: Path, game: str | None = None) -> Path:
    """A file of ``hands`` hands of one site: its stored corpus hands' raw text (``game``: of that profile only),
    repeated, shaped as the site's logs are: an iPoker session's header written once before its games that follow
    one another, as a log has it (a session of a table is one file of many games), not once a game."""
    texts = [(session, text) for session, text, profile in site_hands(corpus, folder) if game in (None, profile)]
    if not texts:
        raise SystemExit(f"no {game} hand of {folder} in the corpus")
    written = None
    with open(out, "w", encoding="utf-8") as f:
        for i in range(hands):
            session, text = texts[i % len(texts)]
            if session and session != written:
                f.write(f"{session}\n")
                written = session
            f.write(text)
            f.write("\n\n\n")
    return out


def matched_file(corpus: Path, folder: str, hands: int, out: Path, game: str | None = None) -> tuple[Path, float]:
    """PokerStars' own hands of the same games as :func:`site_file`'s, hand for hand: where the site's file has a
    stud hand, a PokerStars stud hand (each profile's PokerStars hands taken in turn). A game PokerStars' corpus has
    no hand of is matched with hold'em; the share of the site's hands matched by game is returned too."""
    profiles = [profile for _, _, profile in site_hands(corpus, folder) if game in (None, profile)]
    stars = {profile: corpus_texts(corpus, (profile,)) for profile in set(profiles)}
    holdem = corpus_texts(corpus, ("holdem",))
    taken: dict[str, int] = {}
    matched = 0
    with open(out, "w", encoding="utf-8") as f:
        for i in range(hands):
            profile = profiles[i % len(profiles)]
            texts = stars[profile] or holdem
            matched += bool(stars[profile])
            k = taken[profile] = taken.get(profile, -1) + 1
            f.write(renumbered(texts[k % len(texts)], i))
            f.write("\n\n\n")
    return out, matched / hands


def _session_apart(raw: str) -> tuple[str, str]:
    """An iPoker game's raw text (the game, then its session's header) as its session's header and the game; other
    sites' hands have no header apart."""
    game, found, session = raw.partition(SESSION)
    return (f"{found}{session}", game.strip()) if found else ("", raw)


def site_rates(corpus: Path, hands: int, holdem: Path, tmp: Path, sites: list[str], repeats: int) -> Table:
    """The core's parse of each site's file beside PokerStars', as hands/s and the ratio to PokerStars: to its
    hold'em file, and to its own hands of the same games as the site's file (:func:`matched_file`).

    Each ratio is the median of ``repeats`` rounds, each round timing PokerStars' file, the site's and the matched
    one back to back, by the process's CPU time (the parse runs on one thread, pinned to one core): on a shared
    machine another process's load stretches the wall clock of one run and not the next, but hardly the CPU time
    this process itself spends."""
    part = tmp / "pokerstars-part.txt"
    with open(holdem, encoding="utf-8") as src, open(part, "w", encoding="utf-8") as dst:
        dst.write("\n\n\n".join(src.read().split("\n\n\n")[:hands]))
    table = Table(title=f"The core's parse per site ({hands:,} hands each), one core, CPU time, medians of {repeats}")
    for column in ("site", "hands/s", "PokerStars hold'em ÷ this", "(lowest–highest)", "PokerStars, same games ÷ this",
                   "hands matched by game"):
        table.add_column(column, justify="left" if column == "site" else "right")
    for fmt in sites:
        folder = SITES[fmt]
        site_path = site_file(corpus, folder, hands, tmp / f"{fmt}.txt")
        same_path, share = matched_file(corpus, folder, hands, tmp / f"{fmt}-pokerstars.txt")
        rounds = [(rate(part, "pokerstars"), rate(site_path, fmt), rate(same_path, "pokerstars"))
                  for _ in range(repeats)]
        holdem_ratios = sorted(stars / site for stars, site, _ in rounds)
        table.add_row(fmt, f"{median(site for _, site, _ in rounds):,.0f}", f"{median(holdem_ratios):.2f}×",
                      f"{holdem_ratios[0]:.2f}–{holdem_ratios[-1]:.2f}",
                      f"{median(same / site for _, site, same in rounds):.2f}×", f"{share:.0%}")
    return table


def rate(path: Path, fmt: str) -> float:
    """Hands per second of the core's parse of a file, by the process's CPU time."""
    start = time.process_time()
    n = core_parse(path, fmt)
    return n / (time.process_time() - start)


def timed(fn, *args) -> tuple[int, float]:
    start = time.perf_counter()
    n = fn(*args)
    return n, time.perf_counter() - start


def peak_memory(path: Path) -> int:
    tracemalloc.start()
    ours(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def whole_file_table(args: argparse.Namespace, path: Path, tmp: Path, console: Console) -> None:
    """The PokerStars file's table (every parser beside the floor), the memory peaks and the core's target."""
    mb = path.stat().st_size / 1e6
    rows = []
    for name, fn, fargs in (
        ("read + split (floor)", floor, (path,)),
        ("naive re, line by line", naive, (path,)),
        ("soko_analytics read_path: Python API, Hand records", ours, (path,)),
        ("soko_analytics core parse_count: file to checked hands (the parse)", core_parse, (path,)),
        ("soko_analytics core read_rows: + audit, facts, all-in equity, Arrow rows", core_rows, (path,)),
    ):
        n, seconds = timed(fn, *fargs)
        rows.append((name, n, seconds, mb))
    n, seconds = timed(pokerkit_sample, path, args.pokerkit_hands)
    rows.append((f"pokerkit PokerStarsParser ({args.pokerkit_hands:,} hands)", n, seconds, mb * n / args.hands))
    floor_rate = rows[0][1] / rows[0][2]
    core_rate = next(n / s for name, n, s, _ in rows if "parse_count" in name)  # the parse
    console.print(rate_table(f"Parsing {args.hands:,} PokerStars hold'em hands ({mb:.0f} MB), one core",
                             "parser", rows, floor_rate, ratio="floor ÷ this"))
    peaks = []
    for count in (args.hands // 20, args.hands // 4):
        part = tmp / f"part-{count}.txt"
        with open(path, encoding="utf-8") as src, open(part, "w", encoding="utf-8") as dst:
            dst.write("\n\n\n".join(src.read().split("\n\n\n")[:count]))
        peaks.append(f"{count:,} hands {peak_memory(part) / 1e6:.1f} MB")
    console.print("peak traced memory while reading (it should not grow with the file): " + ", ".join(peaks))
    verdict = "met" if core_rate >= TARGET else "NOT met"
    console.print(f"core target ≥ {TARGET:,} hands/s on one core: {verdict} ({core_rate:,.0f} hands/s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--pokerkit-hands", type=int, default=1_000)
    parser.add_argument("--site-hands", type=int, default=20_000)
    parser.add_argument("--sites", default=",".join(SITES), help="comma-separated formats of the per-site table")
    parser.add_argument("--site-repeats", type=int, default=5, help="rounds of the per-site table (medians)")
    parser.add_argument("--sites-only", action="store_true", help="only the per-site table")
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    args = parser.parse_args()
    pin_one_core()
    console = Console()
    with tempfile.TemporaryDirectory() as tmp:
        path = build_file(args.corpus, args.hands, Path(tmp))
        if not args.sites_only:
            whole_file_table(args, path, Path(tmp), console)
        console.print(site_rates(args.corpus, min(args.site_hands, args.hands), path, Path(tmp),
                                 args.sites.split(","), args.site_repeats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
