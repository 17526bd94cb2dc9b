"""HUD benchmark: the refresh of ``soko watch --hud`` after a new hand, on a store of 1,000,000 hands.

The store is built as ``bench/report.py`` builds its stores (``bench/stats.py``'s simulated seed of 2,000
hold'em, 2,000 seven-card stud and 2,000 Sökö casino hands, its ``player_hands`` replicated to N hands with ~1,000
players per million and the hero ``Aino`` in ~92% of them, ``player_days`` rebuilt, and ``report.owners``'s
``hands`` rows). Then a table now: a 9-handed hold'em session simulated with the hero, its times moved after
everything in the store and its eight opponents renamed to eight of the store's regulars (each with thousands of
hands), imported as the watch imports, all but its last :data:`NEW` hands first.

Timed, side by side (medians of ``--runs`` runs after one warm-up):

- ours: the HUD refresh, :func:`soko_analytics.stats.hud.hud` (the hero's tables now, the nine players' figures
  from the stat catalogue, the hero's result and findings since the watch began) and its text at 80 columns
  (``cli.hud.render_text``); and each part alone;
- the baseline: ``player_stats`` of the whole store (every player), which a HUD reading the whole store would
  pay;
- end to end, for each of the last :data:`NEW` hands: the watch importing it (``Watcher.take`` of the file it was
  appended to) and then the refresh.

Target (issue 36): a HUD refresh after a new hand within 300 ms on a store of 1,000,000 hands.

    python bench/hud.py [--hands 1000000] [--runs 7]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import owners  # noqa: E402 (bench/report.py, beside this file)
from stats import HERO, build_seed, scale  # noqa: E402 (bench/stats.py)

from soko_analytics.api import simulate_text  # noqa: E402
from soko_analytics.cli.hud import render_text  # noqa: E402
from soko_analytics.stats import Filters, player_stats  # noqa: E402
from soko_analytics.stats.hud import hud  # noqa: E402
from soko_analytics.store.db import Store  # noqa: E402
from soko_analytics.store.watch import Watcher  # noqa: E402

TARGET_MS = 300.0
NEW = 5
"""Hands of the session left to arrive one by one, each imported and followed by a refresh."""
SESSION = 40
"""Hands of the simulated 9-handed session."""


def medians(fn: Callable[[], object], runs: int) -> tuple[float, object]:
    """One warm-up, then the median milliseconds of ``runs`` runs, and the last result."""
    result = fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def session_hands(store: Store) -> list[str]:
    """The 9-handed session's hands (see the module text): after the store's last hand, with regulars."""
    text = simulate_text("holdem", SESSION, 9, 31)
    names = sorted(set(re.findall(r"^Seat \d+: (\S+) \(", text, re.M)) - {HERO})
    regulars = store.con.execute(
        "SELECT player FROM player_days WHERE player <> ? GROUP BY player ORDER BY sum(hands) DESC LIMIT ?",
        [HERO, len(names)]).fetchall()
    for name, (regular,) in zip(names, regulars, strict=True):
        text = re.sub(rf"\b{re.escape(name)}\b", regular, text)
    last = store.con.execute("SELECT max(coalesce(start_utc, start_local)) FROM hands").fetchone()[0]
    text = re.sub(r"\d{4}/\d\d/\d\d (\d\d:\d\d:\d\d) ET", lambda m: f"{last.year + 1}/03/14 {m.group(1)} ET", text)
    return [h.strip() + "\n\n\n" for h in text.split("\n\n") if h.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--players-per-million", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    console = Console()
    with tempfile.TemporaryDirectory(prefix="soko-bench-hud-") as tmp:
        folder = Path(tmp)
        seed = build_seed(folder, 2000, console)
        db = folder / "store.duckdb"
        start = time.perf_counter()
        scale(seed, db, args.hands, max(10, args.hands * args.players_per_million // 1_000_000))
        owners(db, args.hands)
        console.print(f"store of {args.hands:,} hands built in {time.perf_counter() - start:.0f} s")
        log = folder / "logs" / "table.txt"
        log.parent.mkdir()
        with Store(db) as store:
            hands = session_hands(store)
            since = store._next_import_id()
            watcher = Watcher(store, settle=0.0)
            log.write_text("".join(hands[:-NEW]), encoding="utf-8")
            watcher.take(log)
            rows = store.con.execute("SELECT count(*), count(DISTINCT player) FROM player_hands").fetchone()
            console.print(f"{rows[0]:,} player-hand rows, {rows[1]:,} players")

            def refresh() -> str:
                return render_text(hud(store, since), 80)

            ours, screen = medians(refresh, args.runs)
            model, view = medians(lambda: hud(store, since), args.runs)
            render, _ = medians(lambda: render_text(view, 80), args.runs)  # type: ignore[arg-type]
            whole, _ = medians(lambda: player_stats(store, Filters()), max(3, args.runs // 2))
            ends = []
            for hand in hands[-NEW:]:
                with log.open("a", encoding="utf-8") as f:
                    f.write(hand)
                start = time.perf_counter()
                watcher.take(log)
                took = time.perf_counter() - start
                start = time.perf_counter()
                refresh()
                ends.append((took * 1000, (time.perf_counter() - start) * 1000))
            watcher.close()
        console.print(screen, markup=False, highlight=False)
        table = Table(title=f"the HUD refresh on a store of {args.hands:,} hands (medians of {args.runs} runs, 2 cores)")
        for col in ("what", "ms", "× ours", "target"):
            table.add_column(col, justify="left" if col in ("what", "target") else "right")
        def met(ms: float) -> str:
            return f"< {TARGET_MS:.0f} ms: {'met' if ms < TARGET_MS else 'NOT met'}"

        refreshes = [r for _, r in ends]
        after = statistics.median(refreshes)
        table.add_row("ours: refresh (model + text at 80 columns), 9 players", f"{ours:.1f}", "1.00", met(ours))
        table.add_row("  of it: the model (stats/hud.py)", f"{model:.1f}", f"{model / ours:.2f}", "")
        table.add_row("  of it: the text (cli/hud.py)", f"{render:.1f}", f"{render / ours:.2f}", "")
        table.add_row("baseline: player_stats of the whole store", f"{whole:.1f}", f"{whole / ours:.2f}", "")
        table.add_row(f"a new hand: the watch's import, median of {NEW}", f"{statistics.median(t for t, _ in ends):.1f}",
                      "", "")
        table.add_row(f"a new hand: then the refresh, median of {NEW} (max {max(refreshes):.1f})", f"{after:.1f}",
                      f"{after / ours:.2f}", met(after))
        console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
