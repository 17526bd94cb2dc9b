"""Report benchmark: the dashboard for stores of 100,000 and 1,000,000 simulated hands.

The stores are built as ``bench/stats.py`` builds them: a simulated seed (2,000 hold'em, 2,000
seven-card stud and 2,000 Sökö casino hands) imported, then its ``player_hands`` replicated in
DuckDB up to N hands with ~1,000 players per million hands and the hero (``Aino``) in ~92% of
them, and ``player_days`` rebuilt; :func:`owners` then replicates the seed's ``hands`` rows (without
their raw text) and the hero's first-round ``cards`` alongside, so that each copy has its owner, table
size and starting hand as an imported hand has. The dashboard reads ``player_hands``, ``player_days``,
``hands``, ``cards`` and (for its audit section) ``findings``, which holds the seed's.

Timed, side by side, per store:

- ours: ``soko report dashboard`` (``api.report_dashboard``): the queries, the data the page filters (the
  hero's hands packed, everyone's stat sums), the hand list and the HTML, written to a file (its size), and the
  replayer page of each hand listed that has its raw text (the seed's hands; the copies have none);
- the peer: the naive way to draw the hero's winnings, one Plotly figure of every hand (no
  thinning; ``Scattergl``, as Plotly advises for large series) written with ``fig.write_html``
  (plotly.js embedded); its size;
- the browser: headless Chromium (``tests/browser.py``, network off) opening each file:
  milliseconds to the first contentful paint and to everything drawn, where Chromium is installed.

Targets (the dashboard issue): the dashboard of a million hands in under 10 s, under 10 MB, and a first
paint in Chromium under 3 s.

    python bench/report.py [--hands 100000 1000000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import plotly.graph_objects as go
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout, for tests/browser.py
from stats import HERO, build_seed, scale  # noqa: E402 (bench/stats.py, beside this file)

from soko_analytics import api  # noqa: E402
from soko_analytics.stats import Filters, cumulative  # noqa: E402
from soko_analytics.store.db import Store  # noqa: E402
from tests.browser import Browser, find_chromium  # noqa: E402 (the checkout's tests/browser.py)

TARGET_SECONDS = 10.0
TARGET_MB = 10.0
TARGET_PAINT_MS = 3000.0


def naive_winnings(db: Path, out: Path) -> int:
    """The hero's cumulative winnings, every hand a point, as Plotly's own HTML; returns its size."""
    with Store(db) as store:
        lines = cumulative(store, Filters(players=(HERO,)), points=10**12)  # every hand
    fig = go.Figure()
    for column in ("net", "showdown", "non_showdown", "allin_adjusted"):
        fig.add_trace(go.Scattergl(x=lines["hand"].to_numpy(), y=(lines[column] / 100).to_numpy(), name=column,
                                   mode="lines"))
    fig.write_html(out, include_plotlyjs=True, full_html=True)
    return out.stat().st_size


def owners(db: Path, hands: int) -> float:
    """Replicate the seed's ``hands`` rows (without their raw text) and its hero's first-round cards as
    ``scale`` replicated ``player_hands``, so that the dashboard finds each hand's owner, table size and
    starting hand; returns the seconds it took."""
    start = time.perf_counter()
    with Store(db) as store:
        con = store.con
        con.execute("CREATE TEMP TABLE seed_keys AS SELECT hand_key, row_number() OVER (ORDER BY hand_key) - 1 AS idx "
                    "FROM hands")
        size = con.execute("SELECT count(*) FROM seed_keys").fetchone()[0]
        span = con.execute("SELECT ceil(epoch(max(coalesce(start_utc, start_local))) - "
                           "epoch(min(coalesce(start_utc, start_local))))::BIGINT + 3600 FROM hands").fetchone()[0]
        columns = [c for (c,) in con.execute("SELECT column_name FROM duckdb_columns() WHERE table_name = 'hands' "
                                             "ORDER BY column_index").fetchall()]
        replaced = {"hand_key": "(r.k * {size} + m.idx + 1)::BIGINT", "hand_id": "printf('%d', r.k * {size} + m.idx + 1)",
                    "raw": "''", "start_local": f"h.start_local + to_seconds(r.k * {span})",
                    "start_utc": f"h.start_utc + to_seconds(r.k * {span})"}
        select = ", ".join(replaced[c].format(size=size) if c in replaced else f"h.{c}" for c in columns)
        copies = -(-hands // size)
        con.execute("BEGIN TRANSACTION")
        con.execute("CREATE TEMP TABLE seed_hands AS SELECT * FROM hands")
        con.execute("DELETE FROM hands")
        con.execute(f"INSERT INTO hands SELECT {select} FROM seed_hands h JOIN seed_keys m USING (hand_key), "
                    f"range(0, {copies}) r(k) WHERE r.k * {size} + m.idx < {hands}")
        store.parts.replace("cards", f"SELECT (r.k * {size} + m.idx + 1)::BIGINT AS hand_key, c.seq, c.street, "
                            f"c.player, c.card, c.up, c.known, c.run FROM cards c JOIN seed_keys m USING (hand_key) "
                            f"JOIN seed_hands h USING (hand_key), range(0, {copies}) r(k) "
                            f"WHERE c.street = 0 AND c.player = h.hero AND r.k * {size} + m.idx < {hands}")
        con.execute("COMMIT")
        store.parts.sweep()
        con.execute("CHECKPOINT")
    return time.perf_counter() - start


OURS_READY = "document.body.dataset.ready === '1'"
"""The dashboard has drawn every chart and its table (its script sets this last)."""
NAIVE_READY = "document.querySelector('.js-plotly-plot .main-svg') !== null"


def browser_times(path: Path, ready: str) -> dict[str, float] | None:
    """Headless Chromium (network off) opening the file: ms to first contentful paint and to ``ready``
    (everything drawn), and the wall time of the whole open; None where Chromium is not installed."""
    if find_chromium() is None:
        return None
    start = time.perf_counter()
    with Browser(timeout=300) as browser:
        page = browser.open(path, width=1280, height=900, ready=ready, timeout=300)
        out = {"paint": page.first_contentful_paint_ms() or float("nan"), "drawn": page.ready_ms or float("nan")}
        page.close()
    out["wall"] = (time.perf_counter() - start) * 1000
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--players-per-million", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3, help="runs of ours (the median is shown)")
    args = parser.parse_args()
    console = Console(width=max(Console().width, 150))  # the table whole when piped
    with tempfile.TemporaryDirectory(prefix="soko-bench-report-") as tmp:
        folder = Path(tmp)
        seed = build_seed(folder, 2000, console)
        table = Table(title="soko report dashboard beside the naive full-resolution chart (2 cores)")
        for col in ("store", "what", "seconds", "÷ ours", "HTML MB", "first paint ms", "drawn ms", "target"):
            table.add_column(col, justify="left" if col in ("store", "what", "target") else "right")
        for hands in args.hands:
            db = folder / f"store-{hands}.duckdb"
            scale(seed, db, hands, max(10, hands * args.players_per_million // 1_000_000))
            owners(db, hands)
            out = folder / f"dashboard-{hands}.html"
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                written = api.report_dashboard(db, Filters(), out)
                times.append(time.perf_counter() - start)
            ours = statistics.median(times)
            ours_browser = browser_times(out, OURS_READY)
            naive = folder / f"naive-{hands}.html"
            start = time.perf_counter()
            naive_size = naive_winnings(db, naive)
            theirs = time.perf_counter() - start
            naive_browser = browser_times(naive, NAIVE_READY)
            mb = written["bytes"] / 1e6
            met = "—"
            if hands >= 1_000_000:
                paint = ours_browser["paint"] if ours_browser else None
                ok = ours < TARGET_SECONDS and mb < TARGET_MB and (paint is None or paint < TARGET_PAINT_MS)
                met = (f"< {TARGET_SECONDS:.0f} s, < {TARGET_MB:.0f} MB, first paint < {TARGET_PAINT_MS / 1000:.0f} s: "
                       f"{'met' if ok else 'NOT met'}")
            fmt = (lambda t, k: "—" if t is None else f"{t[k]:,.0f}")
            table.add_row(f"{hands:,} hands", f"ours: the whole dashboard (median of {args.runs}; "
                          f"{written['replayers']:,} replayer pages beside it)", f"{ours:.2f}", "(ref)", f"{mb:.1f}",
                          fmt(ours_browser, "paint"), fmt(ours_browser, "drawn"), met)
            table.add_row("", "naive: the hero's 4 lines, every hand", f"{theirs:.2f}", f"{theirs / ours:.2f}×",
                          f"{naive_size / 1e6:.1f}", fmt(naive_browser, "paint"), fmt(naive_browser, "drawn"), "")
        console.print(table)
        console.print("first paint ms, drawn ms: headless Chromium (network off, 1280×900) from navigation start to "
                      "the first contentful paint, and to every chart drawn (ours: the page's ready mark; naive: "
                      "its one chart's SVG); — where Chromium is not installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
