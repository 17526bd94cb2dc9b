"""Lake benchmark: the same files through ``soko import`` and ``soko lake build`` on 1 and on 2 Dask workers.

Builds N hands (default 200,000) of the corpus's PokerStars hold'em and stud hands repeated with new ids, as files
of 5,000 hands in a temporary folder (each file's hands dated in one month, or with ``--dates original`` on the
corpus's own dates), then times, in the same run, R times each (default 3; medians reported):

- ``soko import`` into a fresh store with every core (``api.import_paths(db, [folder], jobs=os.cpu_count())``), and
  with one job (how this machine's cores scale the import's own work: the lake's ratio of 2 workers to 1 has it as
  its ceiling);
- ``soko lake build`` into a fresh lake on a LocalCluster of 1 worker process, and of 2 (the clusters started once,
  before the runs: their start-up, a second or two, is printed apart);

with the CPU seconds each took (this process's, and the workers', user and system: the machine is shared, and CPU
time is what another process's load changes least);

and prints hands/s, the ratios the targets name (2 workers ≥ 1.7× 1 worker; 2 workers ≥ 0.8× import), the lake's and
the store's bytes per hand, and the workers a billion hands in an hour would take at the measured rate per worker.

    python bench/lake.py [--hands N] [--per-file N] [--runs R] [--dates file|original] [--corpus ../shared/corpus]
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from _common import corpus_texts, renumbered
from dask.distributed import Client
from rich.console import Console
from rich.table import Table

from soko_analytics import api
from soko_analytics.lake import build
from soko_analytics.lake.cluster import local_cluster

BILLION = 1_000_000_000
HOUR = 3600


DATE = re.compile(r"\d{4}/\d{1,2}/\d{1,2}")


def dated(text: str, file: int) -> str:
    """A hand's text with the dates of its first line set to a day of one month per file (a client writes a
    session's hands in a file of their own: one month, mostly one game)."""
    first, _, rest = text.partition("\n")
    day = f"{2020 + file // 12 % 6}/{file % 12 + 1:02d}/15"
    return DATE.sub(day, first) + "\n" + rest


def keep(text: str, file: int) -> str:
    return text


def write_files(folder: Path, texts: list[str], hands: int, per_file: int, same_month: bool = True) -> int:
    """N hands renumbered from ``texts``, ``per_file`` a file (each file's hands in one month, or on their own
    dates); their bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    for start in range(0, hands, per_file):
        file = start // per_file
        body = "\n\n\n".join((dated if same_month else keep)(renumbered(texts[i % len(texts)], i), file)
                              for i in range(start, min(hands, start + per_file)))
        path = folder / f"hands-{start // per_file:05d}.txt"
        path.write_text(body + "\n", encoding="utf-8")
        total += path.stat().st_size
    return total


def cpu_seconds(client: Client | None = None) -> float:
    """CPU seconds (user + system) used so far by this process, and by the workers of ``client``'s cluster."""
    def own() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    return own() + (sum(client.run(own).values()) if client is not None else 0.0)


def folder_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--per-file", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dates", choices=("file", "original"), default="file",
                        help="file: each file's hands in one month (as a client writes a session); original: the "
                             "corpus hands' own dates, some 30 months in every file (the worst case for the "
                             "partitions: some 30 parts a table a task)")
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    args = parser.parse_args()
    console = Console()
    work = Path(tempfile.mkdtemp(prefix="soko-bench-lake-"))
    try:
        texts = corpus_texts(args.corpus)
        size = write_files(work / "in", texts, args.hands, args.per_file, args.dates == "file")
        console.print(f"{args.hands:,} hands in {math.ceil(args.hands / args.per_file)} files, {size / 1e6:.1f} MB; "
                      f"{os.cpu_count()} cores; medians of {args.runs} runs; load average before: "
                      f"{os.getloadavg()[0]:.1f} (the machine is shared: other processes' load falls on every run)")
        clusters = {}
        stack = contextlib.ExitStack()
        for workers in (1, 2):
            started = time.perf_counter()
            cluster = stack.enter_context(local_cluster(workers))  # the build's own: workers of one thread
            clusters[workers] = stack.enter_context(Client(cluster))
            console.print(f"a LocalCluster of {workers} workers started in {time.perf_counter() - started:.1f} s")
        cores = os.cpu_count() or 1
        imports = {"soko import, 1 job": 1, "soko import": cores}
        seconds: dict[str, list[float]] = {**{name: [] for name in imports}, "lake, 1 worker": [], "lake, 2 workers": []}
        cpus: dict[str, list[float]] = {name: [] for name in seconds}
        stored: dict[str, int] = {}
        sizes: dict[str, int] = {}
        for run in range(args.runs):  # interleaved, so that the machine's noise falls on each alike
            for name, jobs in imports.items():
                db = work / f"store-{run}" / "store.duckdb"
                db.parent.mkdir()
                started, cpu = time.perf_counter(), cpu_seconds()
                summary = api.import_paths(db, [work / "in"], jobs=jobs)
                seconds[name].append(time.perf_counter() - started)
                cpus[name].append(cpu_seconds() - cpu)
                stored[name] = summary.stored
                sizes[name] = folder_bytes(db.parent)
                shutil.rmtree(db.parent)
            for workers in (1, 2):
                name = f"lake, {workers} worker" + ("s" if workers > 1 else "")
                out = work / f"lake-{workers}-{run}"
                client = clusters[workers]
                started, cpu = time.perf_counter(), cpu_seconds(client)
                built = build([work / "in"], out, client=client)
                seconds[name].append(time.perf_counter() - started)
                cpus[name].append(cpu_seconds(client) - cpu)
                stored[name] = built.stored
                sizes[name] = folder_bytes(out)
                shutil.rmtree(out)
        stack.close()
        rates = {name: args.hands / statistics.median(times) for name, times in seconds.items()}
        table = Table(title=f"soko import and soko lake build, {args.hands:,} hands")
        for column in ("", "hands stored", "median s", "runs (s)", "hands/s", "CPU s", "hands/CPU s", "bytes/hand"):
            table.add_column(column, justify="left" if not column else "right")
        for name, times in seconds.items():
            table.add_row(name, f"{stored[name]:,}", f"{statistics.median(times):.2f}",
                          " ".join(f"{t:.2f}" for t in times), f"{rates[name]:,.0f}",
                          f"{statistics.median(cpus[name]):.1f}", f"{args.hands / statistics.median(cpus[name]):,.0f}",
                          f"{sizes[name] / max(1, stored[name]):.0f}")
        console.print(table)
        console.print(f"load average after: {os.getloadavg()[0]:.1f}")
        two, one, imported = rates["lake, 2 workers"], rates["lake, 1 worker"], rates["soko import"]
        best = {name: args.hands / min(times) for name, times in seconds.items()}
        console.print(f"2 workers ÷ 1 worker: {two / one:.2f}× (target ≥ 1.7×; {best['lake, 2 workers'] / best['lake, 1 worker']:.2f}× "
                      f"by the best runs); 2 workers ÷ soko import: {two / imported:.2f}× (target ≥ 0.8×)")
        console.print(f"the same machine's two cores on the import's own work: soko import with {cores} jobs ÷ 1 job: "
                      f"{imported / rates['soko import, 1 job']:.2f}× ({best['soko import'] / best['soko import, 1 job']:.2f}× by the "
                      "best runs)")
        per_worker = two / 2
        per_cpu = args.hands / statistics.median(cpus["lake, 2 workers"])
        console.print(f"CPU: the lake on 2 workers takes {per_cpu:,.0f} hands per CPU second (driver and workers), soko "
                      f"import {args.hands / statistics.median(cpus['soko import']):,.0f}: a worker with a core of "
                      f"its own would build {per_cpu:,.0f} hands/s, a billion in an hour on "
                      f"{math.ceil(BILLION / HOUR / per_cpu)} such workers")
        needed = BILLION / HOUR
        lake_bytes = sizes["lake, 2 workers"] / max(1, stored["lake, 2 workers"])
        console.print(f"per worker: {per_worker:,.0f} hands/s (2 workers' rate ÷ 2); a billion hands in an hour is "
                      f"{needed:,.0f} hands/s: {math.ceil(needed / per_worker)} such workers; the lake of a billion "
                      f"hands: {lake_bytes * BILLION / 1e12:.2f} TB ({lake_bytes:.0f} bytes a hand)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
