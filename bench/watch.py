"""``soko watch`` benchmark (issue 36): a writer process appending to growing files, and a large idle folder.

The hands are simulated PokerStars hold'em hands (``soko simulate --profile holdem --format pokerstars``), given
new ids where more are needed (``_common.renumbered``); nothing of the corpus is used.

**Writer.** A writer process (this script with ``--writer``) appends hands to 6 growing files at 20 hands/s in
all (a hand every 0.3 s per file, round robin) for ``--seconds`` (60): each hand in two writes, 10 ms apart
(its lines up to ``*** HOLE CARDS ***``, then the rest and the blank line that ends it), noting the time its
last byte was written. Side by side, one after the other on the same hands:

- ``soko watch DIR --events jsonl`` as a subprocess, with file-system notifications (watchfiles) and with
  ``--poll``, at the default ``--interval`` and ``--settle``: every hand must be stored exactly once (one
  ``stored`` event each and one row each in the store afterwards); the delay is each hand's event's ``at``
  minus the time its last byte was written;
- the baseline, what a user without ``soko watch`` would do: ``soko import DIR`` run again each second (an
  import starts each whole second, or at once when the last ran over); a hand's delay is the end of the first
  import that stored it minus its last byte's time.

CPU: of the watch process from ``/proc/PID/stat`` over the writer's run; of the baseline's imports, their
rusage.

**Idle.** 20,000 files of one hand each in 20 folders (a player's history). Per way (notified, polling, the
baseline): the catch-up from a fresh store (the watch's start to its last event; the baseline's first
import), then the CPU over ``--idle-windows`` windows of 10 s (the median), then ``--new-files`` new files of
one hand written one after the other, each's delay from its write to its ``stored`` event (the baseline: to
the end of the import that stored it); the median.

    python bench/watch.py [--seconds 60] [--runs 1] [--idle-files 20000] [--only writer|idle]

Targets (issue 36): every hand stored exactly once; the delay at most 1 s at the 99th percentile; idle under
2% of one core with 20,000 files, a new file noticed within 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import renumbered  # noqa: E402 (bench/_common.py, beside this file)

from soko_analytics.store.db import Store  # noqa: E402

SOKO = str(Path(sys.executable).parent / "soko")
HAND_ID = re.compile(r"Hand #(\d+):")
TICK = os.sysconf("SC_CLK_TCK")
WAYS = ("notified", "polling", "baseline")


def hand_id(hand: str) -> str:
    match = HAND_ID.search(hand)
    assert match is not None, hand[:80]
    return match.group(1)


def simulated_hands(n: int, folder: Path) -> list[str]:
    """``n`` distinct PokerStars hands: the simulator's, renumbered past its first 1,200."""
    out = folder / "simulated.txt"
    subprocess.run([SOKO, "simulate", "--profile", "holdem", "--hands", str(min(n, 1200)), "--format",
                    "pokerstars", "--seed", "36", "--out", str(out)], check=True, capture_output=True)
    base = [h.strip() for h in out.read_text(encoding="utf-8").split("\n\n") if h.strip()]
    return base + [renumbered(base[i % len(base)], i) for i in range(len(base), n)]


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# -- the writer process ---------------------------------------------------------------------------

def write_hands(folder: Path, hands_file: Path, rate: float, files: int, out: Path) -> None:
    """Append the hands of ``hands_file`` (a JSON list) round robin to ``files`` growing files at ``rate`` hands
    a second, each in two writes; write ``{hand_id: [last byte's time, lateness]}`` to ``out``."""
    hands = json.loads(hands_file.read_text(encoding="utf-8"))
    handles = [(folder / f"table{i}.txt").open("ab") for i in range(files)]
    times: dict[str, list[float]] = {}
    start = time.time()
    for k, hand in enumerate(hands):
        due = start + k / rate
        time.sleep(max(0.0, due - time.time()))
        late = time.time() - due
        data = (hand + "\n\n").encode()
        cut = data.index(b"*** HOLE CARDS ***")
        handle = handles[k % files]
        handle.write(data[:cut])
        handle.flush()
        time.sleep(0.01)
        handle.write(data[cut:])
        handle.flush()
        times[hand_id(hand)] = [time.time(), late]
    for handle in handles:
        handle.close()
    out.write_text(json.dumps(times), encoding="utf-8")


def start_writer(folder: Path, hands: list[str], rate: float, files: int, work: Path) -> tuple[subprocess.Popen, Path]:
    hands_file, out = work / "writer-hands.json", work / "writer-times.json"
    hands_file.write_text(json.dumps(hands), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, __file__, "--writer", str(folder), str(hands_file), str(rate),
                             str(files), str(out)])
    return proc, out


# -- soko watch as a subprocess -------------------------------------------------------------------

class Watch:
    """``soko watch FOLDER --events jsonl`` running, its events read into a queue as they come."""

    def __init__(self, folder: Path, db: Path, polling: bool) -> None:
        args = [SOKO, "watch", str(folder), "--db", str(db), "--events", "jsonl"] + (["--poll"] if polling else [])
        self.started = time.time()
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.events: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.events.put(json.loads(line))

    def until(self, wanted, timeout: float) -> list[dict]:
        """The events up to the first for which ``wanted`` holds (all of them if it never does by ``timeout``)."""
        got: list[dict] = []
        deadline = time.time() + timeout
        while (left := deadline - time.time()) > 0:
            try:
                event = self.events.get(timeout=left)
            except queue.Empty:
                break
            got.append(event)
            if wanted(event):
                break
        return got

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        _, err = self.proc.communicate(timeout=120)
        return err.strip()


def stored_counts(db: Path) -> tuple[dict[str, int], int]:
    """Rows per hand id in the store, and its quarantine records (resolved ones too)."""
    with Store(db, read_only=True) as store:
        counts = dict(store.con.execute("SELECT hand_id, count(*) FROM hands GROUP BY hand_id").fetchall())
        quarantined = store.con.execute("SELECT count(*) FROM quarantine").fetchone()[0]
    return counts, quarantined


def soko_import(folder: Path, db: Path) -> float:
    """``soko import FOLDER`` once; the time it ended."""
    subprocess.run([SOKO, "import", str(folder), "--db", str(db)], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return time.time()


class EachSecond:
    """``soko import`` of a folder started at each whole second (at once when the last one ran over)."""

    def __init__(self, folder: Path, db: Path) -> None:
        self.folder, self.db = folder, db
        self.next = time.time()
        self.first_seen: dict[str, float] = {}
        self.imports = 0

    def once(self) -> None:
        time.sleep(max(0.0, self.next - time.time()))
        self.next = max(self.next + 1.0, time.time())
        ended = soko_import(self.folder, self.db)
        self.imports += 1
        for hand in stored_counts(self.db)[0]:
            self.first_seen.setdefault(hand, ended)


# -- the writer target ------------------------------------------------------------------------------

def writer_run(way: str, hands: list[str], primer: str, args: argparse.Namespace, work: Path) -> dict:
    folder, db = work / f"{way}-hh", work / f"{way}.duckdb"
    folder.mkdir()
    (folder / "primer.txt").write_text(primer + "\n\n", encoding="utf-8")  # the watch is running once it is stored
    ids = {hand_id(h) for h in hands}
    if way == "baseline":
        loop = EachSecond(folder, db)
        loop.once()
        cpu0, t0 = children_cpu(), time.time()
        writer, out = start_writer(folder, hands, args.rate, args.files, work)
        while writer.poll() is None:
            loop.once()
        deadline = time.time() + 30
        while not ids <= loop.first_seen.keys() and time.time() < deadline:
            loop.once()
        cpu = (children_cpu() - cpu0) / (time.time() - t0)
        times = json.loads(out.read_text(encoding="utf-8"))
        seen = {h: loop.first_seen[h] for h in ids if h in loop.first_seen}
        events: dict[str, int] = {h: 1 for h in seen}
        extra = f"{loop.imports} imports"
    else:
        watch = Watch(folder, db, polling=way == "polling")
        watch.until(lambda e: e["hand_id"] == hand_id(primer), 60)
        cpu0, t0 = cpu_seconds(watch.proc.pid), time.time()
        writer, out = start_writer(folder, hands, args.rate, args.files, work)
        writer.wait()
        got: list[dict] = []
        deadline = time.time() + 30
        while {e["hand_id"] for e in got} < ids and time.time() < deadline:
            got += watch.until(lambda e: False, 1.0)
        got += watch.until(lambda e: False, 2.0)  # nothing more may come
        cpu = (cpu_seconds(watch.proc.pid) - cpu0) / (time.time() - t0)
        extra = watch.stop()
        times = json.loads(out.read_text(encoding="utf-8"))
        seen = {e["hand_id"]: e["at"] for e in got if e["event"] == "stored"}
        events = {}
        for e in got:
            events[e["hand_id"]] = events.get(e["hand_id"], 0) + 1
    counts, quarantined = stored_counts(db)
    delays = [seen[h] - times[h][0] for h in ids if h in seen]
    once = (set(seen) == ids and all(events.get(h) == 1 for h in ids) and all(counts.get(h) == 1 for h in ids)
            and set(counts) == ids | {hand_id(primer)})
    return {"way": way, "hands": len(ids), "stored": len(seen), "once": once, "quarantined": quarantined,
            "p50": percentile(delays, 0.5) if delays else float("nan"),
            "p99": percentile(delays, 0.99) if delays else float("nan"),
            "max": max(delays, default=float("nan")), "cpu": cpu,
            "late": max(t[1] for t in times.values()), "note": extra}


def writer_target(args: argparse.Namespace, console: Console) -> list[dict]:
    n = int(args.rate * args.seconds)
    rows = []
    with tempfile.TemporaryDirectory(prefix="soko-bench-watch-") as tmp:
        work = Path(tmp)
        hands = simulated_hands(n + 1, work)
        primer, hands = hands[-1], hands[:n]
        for run in range(args.runs):
            for way in WAYS:
                run_dir = work / f"run{run}-{way}"
                run_dir.mkdir()
                row = writer_run(way, hands, primer, args, run_dir)
                console.print(f"writer run {run + 1} {way}: {json.dumps(row)}")
                rows.append(row)
    table = Table(title=f"Writer: {n:,} hands to {args.files} growing files at {args.rate:g} hands/s "
                        f"({args.seconds:g} s); median of {args.runs} run(s)")
    for col in ("way", "every hand once", "delay p50 s", "delay p99 s", "max s", "CPU (one core)",
                "p99 ÷ watch's"):
        table.add_column(col, justify="left" if col == "way" else "right")
    med = {way: {k: statistics.median(r[k] for r in rows if r["way"] == way) for k in ("p50", "p99", "max", "cpu")}
           for way in WAYS}
    for way in WAYS:
        once = all(r["once"] for r in rows if r["way"] == way)
        table.add_row(way, "yes" if once else "NO", f"{med[way]['p50']:.3f}", f"{med[way]['p99']:.3f}",
                      f"{med[way]['max']:.3f}", f"{med[way]['cpu']:.1%}",
                      f"{med[way]['p99'] / med['notified']['p99']:.1f}×")
    console.print(table)
    return rows


# -- the idle target ----------------------------------------------------------------------------------

def make_history(root: Path, hands: list[str], folders: int) -> None:
    per = len(hands) // folders
    for i in range(folders):
        folder = root / f"player{i:02d}"
        folder.mkdir(parents=True)
        for j, hand in enumerate(hands[i * per:(i + 1) * per]):
            (folder / f"HH{j:05d}.txt").write_text(hand + "\n\n", encoding="utf-8")


def idle_run(way: str, root: Path, new_hands: list[str], args: argparse.Namespace, work: Path) -> dict:
    db = work / f"idle-{way}.duckdb"
    windows = []
    delays = []
    total = args.idle_files
    if way == "baseline":
        start = time.time()
        loop = EachSecond(root, db)
        loop.once()
        catch_up = time.time() - start
        for _ in range(args.idle_windows):
            cpu0, t0 = children_cpu(), time.time()
            while time.time() - t0 < 10:
                loop.once()
            windows.append((children_cpu() - cpu0) / (time.time() - t0))
        for k, hand in enumerate(new_hands):
            path = root / f"player{k % 20:02d}" / f"new{k}.txt"
            path.write_text(hand + "\n\n", encoding="utf-8")
            written = time.time()
            while hand_id(hand) not in loop.first_seen and time.time() - written < 60:
                loop.once()
            delays.append(loop.first_seen.get(hand_id(hand), float("nan")) - written)
        note = f"{loop.imports} imports"
    else:
        watch = Watch(root, db, polling=way == "polling")
        caught: list[dict] = []
        while len(caught) < total:
            more = watch.until(lambda e: False, 5.0) if len(caught) else watch.until(lambda e: True, 300)
            if not more:
                break
            caught += more
        catch_up = max(e["at"] for e in caught) - watch.started if caught else float("nan")
        time.sleep(2.0)  # the store tidied after the catch-up
        for _ in range(args.idle_windows):
            cpu0, t0 = cpu_seconds(watch.proc.pid), time.time()
            time.sleep(10)
            windows.append((cpu_seconds(watch.proc.pid) - cpu0) / (time.time() - t0))
        for k, hand in enumerate(new_hands):
            path = root / f"player{k % 20:02d}" / f"new-{way}-{k}.txt"
            path.write_text(hand + "\n\n", encoding="utf-8")
            written = time.time()
            got = watch.until(lambda e: e["file"] == str(path), 30)
            delays.append(got[-1]["at"] - written if got and got[-1]["file"] == str(path) else float("nan"))
            time.sleep(0.5)
        note = watch.stop()
        for k in range(len(new_hands)):
            (root / f"player{k % 20:02d}" / f"new-{way}-{k}.txt").unlink()
    counts, _ = stored_counts(db)
    return {"way": way, "caught_up": len(counts) >= total, "catch_up": catch_up, "cpu": statistics.median(windows),
            "cpu_windows": windows, "new_file": statistics.median(delays), "new_files": delays, "note": note}


def idle_target(args: argparse.Namespace, console: Console) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="soko-bench-watch-idle-") as tmp:
        work = Path(tmp)
        hands = simulated_hands(args.idle_files + 3 * args.new_files, work)
        root = work / "history"
        make_history(root, hands[:args.idle_files], 20)
        for i, way in enumerate(WAYS):
            new = hands[args.idle_files + i * args.new_files:args.idle_files + (i + 1) * args.new_files]
            row = idle_run(way, root, new, args, work)
            console.print(f"idle {way}: {json.dumps(row)}")
            rows.append(row)
    table = Table(title=f"Idle: {args.idle_files:,} files of one hand in 20 folders; CPU the median of "
                        f"{args.idle_windows} windows of 10 s, a new file the median of {args.new_files}")
    for col in ("way", "catch-up s", "idle CPU (one core)", "CPU ÷ watch's", "new file stored after s",
                "÷ watch's"):
        table.add_column(col, justify="left" if col == "way" else "right")
    ours = rows[0]
    for row in rows:
        table.add_row(row["way"], f"{row['catch_up']:.2f}", f"{row['cpu']:.2%}", f"{row['cpu'] / ours['cpu']:.0f}×",
                      f"{row['new_file']:.3f}", f"{row['new_file'] / ours['new_file']:.1f}×")
    console.print(table)
    return rows


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--writer":
        folder, hands_file, rate, files, out = sys.argv[2:7]
        write_hands(Path(folder), Path(hands_file), float(rate), int(files), Path(out))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the writer's run (default 60)")
    parser.add_argument("--rate", type=float, default=20.0, help="hands a second in all (default 20)")
    parser.add_argument("--files", type=int, default=6, help="growing files (default 6)")
    parser.add_argument("--runs", type=int, default=1, help="writer runs of each way (the median; default 1)")
    parser.add_argument("--idle-files", type=int, default=20000)
    parser.add_argument("--idle-windows", type=int, default=3, help="windows of 10 s of idle CPU (default 3)")
    parser.add_argument("--new-files", type=int, default=5, help="new files written when idle (default 5)")
    parser.add_argument("--only", choices=("writer", "idle"))
    args = parser.parse_args()
    console = Console()
    if args.only != "idle":
        writer_target(args, console)
    if args.only != "writer":
        idle_target(args, console)
    return 0


if __name__ == "__main__":
    sys.exit(main())
