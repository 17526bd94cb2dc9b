"""Audit-throughput benchmark: our replayer beside pokerkit replaying the same hands.

In one process, pinned to one core, on the real PokerStars hold'em and stud
hands of the shared corpus (repeated to the sample size):

- Python's read of the text and split into hands and lines (the floor),
- soko_analytics' ``replay.audit.audits`` of parsed hands (the core's audit through the Python API,
  a hand's canonical JSON in and ``Audit`` records out: what ``soko audit FILE`` does),
- ``read_path``'s parse (the core's reader, ``Hand`` records) + that audit, from PokerStars text,
- the compiled core's audit of the same hands (read into the core once, ``_core.ReplayBatch``),
- the compiled core from the PokerStars file: read, audit, facts, all-in equity and the Arrow rows
  of every table (``_core.read_rows``, what ``soko import`` does per file),
- pokerkit replaying the same hands from PHH text (``HandHistory.loads`` + every state),
- pokerkit parsing the PokerStars text and replaying it (``HandHistory.from_pokerstars``-style parser),

and prints hands/s and each one's ratio to the floor. ``python bench/audit.py [--hands N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
import warnings
from pathlib import Path

from _common import pin_one_core
from rich.console import Console
from rich.table import Table

from soko_analytics import _core
from soko_analytics.model.hand import Hand
from soko_analytics.native import hand_json
from soko_analytics.parsers import get_format, phh, read_path
from soko_analytics.replay.audit import audits

TARGET = 100_000
"""Parse + audit, hands/s on one core, the compiled core should reach (issue 14)."""


def corpus_hands(corpus: Path) -> list[Hand]:
    return [h for p in sorted((corpus / "pokerstars").rglob("*.txt")) for h in read_path(p, "pokerstars")
            if isinstance(h, Hand) and h.site.startswith("PokerStars")]


def rate(fn, n: int) -> float:
    start = time.perf_counter()
    fn()
    return n / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--pokerkit-hands", type=int, default=500)
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    args = parser.parse_args()
    pin_one_core()
    base = corpus_hands(args.corpus)
    hands = [base[i % len(base)] for i in range(args.hands)]
    text = get_format("pokerstars").write(hands)
    rows = []

    def floor() -> None:
        for piece in text.split("\n\n\n"):
            piece.split("\n")

    rows.append(("read + split into hands and lines (the floor)", len(hands), rate(floor, len(hands))))
    batch = _core.ReplayBatch([hand_json(h) for h in hands])
    rows.append(("core audit (hands read into the core once)", len(hands), rate(batch.count, len(hands))))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_text(text, encoding="utf-8")
        rows.append(("core parse + audit + facts + rows (file → Arrow)", len(hands),
                     rate(lambda: _core.read_rows(str(path), "pokerstars", 1), len(hands))))
    rows.append(("Python API audit (parsed hands, Audit records)", len(hands),
                 rate(lambda: audits(hands), len(hands))))
    rows.append(("read_path + API audit (PokerStars text)", len(hands),
                 rate(lambda: audits([h for h in get_format("pokerstars").parse(text) if isinstance(h, Hand)]), len(hands))))
    from pokerkit import HandHistory, PokerStarsParser

    sample = [h for h in hands if h.rules in ("holdem", "holdem; structure=fixed_limit", "stud7")]
    sample = sample[: args.pokerkit_hands]
    phh_texts = [phh.write([h]) for h in sample]

    failed = []

    def pokerkit_replay():
        warnings.simplefilter("ignore")  # pokerkit warns about folds it finds needless
        for t in phh_texts:
            try:
                for _state in HandHistory.loads(t):
                    pass
            except (ValueError, KeyError):
                failed.append(t)  # pokerkit cannot replay some real hands (sitting-out seats, dead blinds)

    rows.append((f"pokerkit replay from PHH ({len(sample):,} hands)", len(sample), rate(pokerkit_replay, len(sample))))
    if failed:
        rows[-1] = (rows[-1][0] + f", {len(failed)} it could not replay", *rows[-1][1:])
    stars_sample = get_format("pokerstars").write(sample[:200])

    def pokerkit_stars():
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore")
            for hh in PokerStarsParser()(stars_sample, error_status=False):
                with contextlib.suppress(ValueError, KeyError):
                    for _state in hh:
                        pass

    rows.append(("pokerkit parse + replay PokerStars (200 hands)", 200, rate(pokerkit_stars, 200)))
    floor_rate = rows[0][2]
    table = Table(title=f"Auditing {len(hands):,} real PokerStars hands, one core")
    for col in ("replayer", "hands", "hands/s", "floor ÷ this"):
        table.add_column(col, justify="left" if col == "replayer" else "right")
    for name, n, r in rows:
        table.add_row(name, f"{n:,}", f"{r:,.0f}", f"{floor_rate / r:,.2f}×")
    console = Console()
    console.print(table)
    ours = rows[2][2]
    console.print(f"core target ≥ {TARGET:,} hands/s parse + audit on one core: "
                  f"{'met' if ours >= TARGET else 'NOT met'} ({ours:,.0f} hands/s with facts and rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
