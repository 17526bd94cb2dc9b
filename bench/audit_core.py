"""The core's auditor beside Python's: hands audited per second, same hands, same run.

Pinned to one core. The hands are every hand Python reads from the shared corpus and the sample
data, and simulated hands of every profile, repeated to the sample size. Parsing is left out: the
core reads its hands once (``_core.ReplayBatch``) before the clock starts, Python audits the parsed
``Hand`` objects (``replay.audit.audit(hand, ledger=False)``, as ``soko import`` does). The core is
timed twice: the audit alone (``ReplayBatch.count``) and the audit written out as JSON
(``ReplayBatch.audit``). Before timing, both sides' finding counts are checked to agree.

    python bench/audit_core.py               # 20,000 hands
    python bench/audit_core.py --hands 5000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from _common import pin_one_core

from soko_analytics import _core
from soko_analytics.model.hand import Hand
from soko_analytics.native import hand_json
from soko_analytics.parsers import iter_files, read_path
from soko_analytics.replay.audit import audit
from soko_analytics.rules.profiles import PROFILES
from soko_analytics.sim.session import simulate

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"


def sample(n: int, simulated: int) -> list[Hand]:
    """Corpus and sample-data hands, and ``simulated`` hands of each profile, repeated to ``n``."""
    base = [h for p in iter_files([CORPUS, ROOT / "soko_analytics" / "sample_data"]) if isinstance(p, Path)
            for h in read_path(p) if isinstance(h, Hand)]
    for profile in PROFILES:
        base += list(simulate(profile, simulated, 6, 1))
    return [base[i % len(base)] for i in range(n)]


def best_seconds(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The best wall-clock and CPU seconds of ``repeat`` runs (CPU time is steadier on a busy machine)."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--simulated", type=int, default=1_000, help="simulated hands per profile in the sample")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of the core (the best is kept)")
    args = parser.parse_args()
    pin_one_core()
    hands = sample(args.hands, args.simulated)
    batch = _core.ReplayBatch([hand_json(h) for h in hands])
    audited, core_findings, faults = batch.count()  # also warms the rankings' tables
    py_findings = sum(len(audit(h, ledger=False).findings) for h in hands[:2_000])
    check, check_findings, _ = _core.ReplayBatch([hand_json(h) for h in hands[:2_000]]).count()
    if faults or check_findings != py_findings:
        raise SystemExit(f"the core and Python disagree: {check_findings} findings vs {py_findings}, "
                         f"{faults} faults")
    n = len(hands)
    rows = [("python replay.audit.audit", best_seconds(lambda: [audit(h, ledger=False) for h in hands], 1)),
            ("core audit", best_seconds(batch.count, args.repeat)),
            ("core audit + JSON out", best_seconds(batch.audit, args.repeat))]
    py_wall, py_cpu = rows[0][1]
    print(f"{n:,} hands ({audited:,} audited by the core, {core_findings:,} findings), one core")
    print(f"{'auditor':<30}{'hands/s':>12}{'÷ python':>10}{'hands/s CPU':>14}{'÷ python':>10}")
    for name, (wall, cpu) in rows:
        print(f"{name:<30}{n / wall:>12,.0f}{py_wall / wall:>9.1f}x{n / cpu:>14,.0f}{py_cpu / cpu:>9.1f}x")


if __name__ == "__main__":
    main()
