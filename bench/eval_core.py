"""The core's batch evaluator beside Python's: hands per second for 5 and 7 cards, same hands, same run.

Pinned to one core; Python's batch is ``Evaluator.values`` (rules/evaluate.py), the core's is
``_core.evaluate_batch`` (card codes in, little-endian u32 values out). Each row checks that both give
the same values before timing them.

    python bench/eval_core.py            # 2,000,000 hands per size
    python bench/eval_core.py --quick    # 200,000
"""

from __future__ import annotations

import argparse

import numpy as np
from _common import best_rate, pin_one_core, random_hands

from soko_analytics.native import core, ensure_ranking
from soko_analytics.rules.evaluate import evaluator
from soko_analytics.rules.ranking import HIGH, SOKO


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200,000 hands per size instead of 2,000,000")
    n = 200_000 if parser.parse_args().quick else 2_000_000
    pin_one_core()
    print(f"{'ranking':<24}{'cards':>6}{'python hands/s':>18}{'core hands/s':>18}{'ratio':>9}")
    for ranking in (HIGH, SOKO):
        name, ev = ensure_ranking(ranking), evaluator(ranking)
        for k in (5, 7):
            hs = random_hands(n, k, seed=k)
            raw = np.ascontiguousarray(hs).tobytes()
            got = np.frombuffer(core.evaluate_batch(name, raw, k), dtype="<u4")
            if not np.array_equal(got, ev.values(hs)):
                raise SystemExit(f"{name} {k} cards: the core and Python disagree")
            py = best_rate(lambda: ev.values(hs), n)
            rs = best_rate(lambda: core.evaluate_batch(name, raw, k), n)
            print(f"{name:<24}{k:>6}{py:>18,.0f}{rs:>18,.0f}{rs / py:>8.1f}x")


if __name__ == "__main__":
    main()
