"""Simulation-throughput benchmark: our simulator beside pokerkit playing random legal hands, same run.

Pinned to one core, for no-limit hold'em, fixed-limit hold'em and seven-card stud:

- our engine with random legal choices (``sim.play.play_hand`` with ``random_choice``): the compiled core's
  betting table (``_core.PlayTable``) gives the legal actions and their ranges, Python deals, chooses and
  writes the hand;
- our session simulator with player models (``sim.session.simulate``: stacks carried over, rebuys, the
  button moving, the model players), which ``soko simulate`` runs;
- pokerkit choosing uniformly among its legal actions (``tests/replay/pokerkit_hands.generate``, the
  differential tests' oracle, which also writes each hand as our ``Hand``).

    python bench/simulate.py            # 2,000 hands per game
    python bench/simulate.py --hands 500
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from pathlib import Path

from _common import pin_one_core
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from soko_analytics.model.hand import Stakes  # noqa: E402
from soko_analytics.sim.play import play_hand, random_choice  # noqa: E402
from soko_analytics.sim.session import simulate  # noqa: E402
from tests.replay.pokerkit_hands import generate  # noqa: E402

GAMES = {
    "nlhe": ("holdem", Stakes(decimals=2, small_blind=5, big_blind=10)),
    "flhe": ("holdem; structure=fixed_limit", Stakes(decimals=2, small_blind=5, big_blind=10, small_bet=10,
                                                     big_bet=20)),
    "stud7": ("stud7", Stakes(decimals=2, ante=1, bring_in=3, small_bet=10, big_bet=20)),
}
"""pokerkit's variant name → our rules and stakes."""


def rate(run, n: int) -> float:
    start = time.perf_counter()
    run()
    return n / (time.perf_counter() - start)


def ours(rules: str, stakes: Stakes, n: int) -> None:
    seats = [(f"P{i}", i + 1, 1_000) for i in range(6)]
    button = 1 if rules.startswith("holdem") else None
    for i in range(n):
        play_hand(rules, stakes, seats, button, random.Random(i), random_choice, hand_id=str(i))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000, help="hands per game and engine")
    args = parser.parse_args()
    pin_one_core()
    warnings.simplefilter("ignore")
    n = args.hands
    table = Table(title=f"Simulating {n:,} hands per game, one core")
    for col in ("game", "engine", "hands/s", "÷ pokerkit"):
        table.add_column(col, justify="left" if col in ("game", "engine") else "right")
    for variant, (rules, stakes) in GAMES.items():
        pk = rate(lambda v=variant: generate(v, n, 1), n)
        rows = [("ours, random choices (core table)", rate(lambda r=rules, s=stakes: ours(r, s, n), n)),
                ("ours, sessions with player models", rate(lambda r=rules: list(simulate(r, n, 6, 1)), n)),
                ("pokerkit, random choices", pk)]
        for engine, r in rows:
            table.add_row(variant, engine, f"{r:,.0f}", f"{r / pk:,.1f}×")
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
