"""Hand-evaluation benchmark: ours beside phevaluator, treys and pokerkit (high, Sökö, the lows, Badugi, Omaha).

Runs in one process, pinned to one core, on the same seeded random hands, and
prints hands per second and each peer's ratio to our batch evaluator. The
targets of the foundation issue are checked at the end (exit 1 if one misses).

    python bench/eval.py            # the default sizes (about a minute)
    python bench/eval.py --quick    # smaller samples, for a smoke run

Needs the bench extra: ``pip install -e .[bench]``.
"""

from __future__ import annotations

import argparse
import sys

from _common import best_rate, pin_one_core, random_hands
from rich.console import Console
from rich.table import Table

from soko_analytics.model.cards import Card
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import ACE_TO_FIVE_LOW, BADUGI, DEUCE_TO_SEVEN_LOW, HIGH, SOKO

TARGETS = {  # (row label, hands/s) from the issue, one core
    ("batch", "soko 5"): 5_000_000,
    ("batch", "high 5"): 5_000_000,
    ("batch", "high 7"): 3_000_000,
    ("scalar", "high 5"): 300_000,
    ("scalar", "soko 5"): 300_000,
    ("batch", "a-5 low 5"): 5_000_000,  # issue 15: 5-card rankings
    ("batch", "2-7 low 5"): 5_000_000,
    ("batch", "badugi 4"): 5_000_000,
    ("batch", "omaha 4+5"): 2_000_000,  # issue 15: Omaha's 60 combinations
}


def peers(sizes: dict[str, int]) -> list[tuple[str, str, str, float]]:
    rows: list[tuple[str, str, str, float]] = []
    h5, h7 = random_hands(sizes["batch"], 5, 5), random_hands(sizes["batch"], 7, 7)
    high, soko = evaluator(HIGH), evaluator(SOKO)

    for name, ev, hs in (("soko 5", soko, h5), ("high 5", high, h5), ("high 7", high, h7), ("soko 7", soko, h7[: sizes["batch"] // 10])):
        rows.append(("soko_analytics", "batch", name, best_rate(lambda: ev.values(hs), len(hs))))
    low = evaluator(ACE_TO_FIVE_LOW)
    rows.append(("soko_analytics", "batch", "a-5 low 5", best_rate(lambda: low.values(h5), len(h5))))
    deuce, badugi = evaluator(DEUCE_TO_SEVEN_LOW), evaluator(BADUGI)
    h4 = h5[:, :4].copy()
    rows.append(("soko_analytics", "batch", "2-7 low 5", best_rate(lambda: deuce.values(h5), len(h5))))
    rows.append(("soko_analytics", "batch", "badugi 4", best_rate(lambda: badugi.values(h4), len(h4))))
    h9 = random_hands(sizes["omaha"], 9, 9)
    own, board = h9[:, :4], h9[:, 4:]
    rows.append(("soko_analytics", "batch", "omaha 4+5", best_rate(lambda: high.split_values(own, board, 2), len(h9))))
    for name, ev, hs in (("soko 5", soko, h5), ("high 5", high, h5), ("high 7", high, h7)):
        sample = hs[: sizes["scalar"]].tolist()
        value = ev.value
        rows.append(("soko_analytics", "scalar", name, best_rate(lambda: [value(h) for h in sample], len(sample))))

    from phevaluator import evaluate_cards

    for name, hs in (("high 5", h5), ("high 7", h7)):
        sample = hs[: sizes["scalar"]].tolist()
        rows.append(("phevaluator", "scalar", name, best_rate(lambda: [evaluate_cards(*h) for h in sample], len(sample))))

    from treys import Card as TCard
    from treys import Evaluator as TEvaluator

    treys = TEvaluator()
    for name, hs in (("high 5", h5), ("high 7", h7)):
        sample = [[TCard.new(str(Card(c))) for c in h] for h in hs[: sizes["treys"]].tolist()]
        rows.append(("treys", "scalar", name, best_rate(lambda: [treys.evaluate(h[:2], h[2:]) for h in sample], len(sample))))

    from pokerkit import BadugiHand, OmahaHoldemHand, StandardHighHand, StandardLowHand

    sample = [("".join(str(Card(c)) for c in h[:4]), "".join(str(Card(c)) for c in h[4:]))
              for h in h9[: sizes["pokerkit7"]].tolist()]
    rows.append(("pokerkit", "scalar", "omaha 4+5",
                 best_rate(lambda: [OmahaHoldemHand.from_game(o, b) for o, b in sample], len(sample), 1)))

    for name, hs, n, kind in (("high 5", h5, sizes["pokerkit5"], StandardHighHand),
                              ("high 7", h7, sizes["pokerkit7"], StandardHighHand),
                              ("2-7 low 5", h5, sizes["pokerkit5"], StandardLowHand),
                              ("badugi 4", h4, sizes["pokerkit5"], BadugiHand)):
        sample = ["".join(str(Card(c)) for c in h) for h in hs[:n].tolist()]
        rows.append(("pokerkit", "scalar", name, best_rate(lambda: [kind.from_game(h) for h in sample], len(sample), 1)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    args = parser.parse_args()
    pin_one_core()
    scale = 10 if args.quick else 1
    sizes = {"batch": 2_000_000 // scale, "scalar": 200_000 // scale, "treys": 100_000 // scale,
             "pokerkit5": 20_000 // scale, "pokerkit7": 3_000 // scale, "omaha": 500_000 // scale}
    for ranking in (HIGH, SOKO, ACE_TO_FIVE_LOW, DEUCE_TO_SEVEN_LOW, BADUGI):
        evaluator(ranking)  # load tables outside the timings
    rows = peers(sizes)
    ours = {(mode, game): r for who, mode, game, r in rows if who == "soko_analytics"}
    table = Table(title="Hand evaluation, one core, same seeded hands (hands/second)")
    for col in ("evaluator", "call", "hands", "hands/s", "ours batch ÷ this", "target"):
        table.add_column(col, justify="right" if col not in ("evaluator", "call", "hands") else "left")
    missed = []
    for who, mode, game, r in rows:
        target = TARGETS.get((mode, game)) if who == "soko_analytics" else None
        if target and r < target:
            missed.append(f"{mode} {game}: {r:,.0f} < {target:,}")
        ratio = ours.get(("batch", game), 0) / r
        table.add_row(who, mode, game, f"{r:,.0f}", f"{ratio:,.1f}×", f"≥ {target:,}" if target else "")
    console = Console()
    console.print(table)
    scalar_ratio = ours[("scalar", "high 5")] / next(r for w, m, g, r in rows if w == "phevaluator" and g == "high 5")
    console.print(f"our scalar 5-card ÷ phevaluator scalar 5-card: {scalar_ratio:.2f}×")
    if missed:
        console.print("[red]targets missed:[/] " + "; ".join(missed))
        return 1
    console.print("all targets met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
