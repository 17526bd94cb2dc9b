"""``soko watch`` (issue 36): a writer appends hands to growing files while the watch runs; every hand is stored
exactly once, none while half-written, one JSON line each; Ctrl-C ends it with a summary.

The hands are those of sample_data/holdem-seed7.txt (PokerStars format); what is expected (the ids, how many) is
read from that text.
"""

from __future__ import annotations

import json
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.store.db import Store

SOKO = str(Path(sys.executable).parent / "soko")
SAMPLE = Path(__file__).resolve().parents[1] / "sample_data" / "holdem-seed7.txt"
HANDS = SAMPLE.read_text(encoding="utf-8").split("\n\n")
SETTLE = 0.6


def hand_id(hand: str) -> str:
    return re.search(r"Hand #(\d+):", hand).group(1)


def write_slowly(files: list[Path], hands: list[list[str]], pause: float) -> None:
    """Append each file's hands, each in two writes (its first lines, then the rest), round robin."""
    for round_ in range(max(len(h) for h in hands)):
        for path, own in zip(files, hands):
            if round_ < len(own):
                hand = own[round_] + "\n\n"
                cut = hand.index("*** HOLE CARDS ***")
                with path.open("a", encoding="utf-8") as f:
                    f.write(hand[:cut])
                    f.flush()
                    time.sleep(pause / 2)
                    f.write(hand[cut:])
                time.sleep(pause / 2)


def stored_counts(db: Path) -> dict[str, int]:
    with Store(db, read_only=True) as store:
        return dict(store.con.execute("SELECT hand_id, count(*) FROM hands GROUP BY hand_id").fetchall())


@pytest.mark.parametrize("polling", [True, False], ids=["polling", "notified"])
def test_a_writer_appending_to_growing_files_every_hand_stored_once(tmp_path: Path, polling: bool) -> None:
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    files = [folder / f"table{i}.txt" for i in range(3)]
    share = [HANDS[i * 8:(i + 1) * 8] for i in range(3)]
    events: list[dict] = []
    half_seen: list[str] = []

    def on_event(event: dict) -> None:
        events.append(event)
        raw = Path(event["file"]).read_text(encoding="utf-8")  # the hand's whole text is in the file now
        hand = next(h for h in HANDS if hand_id(h) == event["hand_id"])
        if hand + "\n\n" not in raw:
            half_seen.append(event["hand_id"])

    stop = threading.Event()
    result: list = []
    watcher = threading.Thread(target=lambda: result.append(api.watch(
        tmp_path / "w.duckdb", [folder], interval=0.1, settle=SETTLE, on_event=on_event, stop=stop,
        polling=polling)))
    watcher.start()
    write_slowly(files, share, pause=0.05)
    deadline = time.monotonic() + 30
    while len(events) < 24 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(SETTLE * 2)  # nothing more may come
    stop.set()
    watcher.join(30)
    expected = sorted(hand_id(h) for own in share for h in own)
    assert sorted(e["hand_id"] for e in events) == expected
    assert {e["event"] for e in events} == {"stored"} and not half_seen
    counts = stored_counts(tmp_path / "w.duckdb")
    assert sorted(counts) == expected and set(counts.values()) == {1}
    assert result[0].stored == 24 and result[0].quarantined == 0
    assert result[0].mode == ("polling" if polling else "notified")  # notified: watchfiles really used


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_soko_watch_prints_a_json_line_per_hand_and_a_summary_at_ctrl_c(tmp_path: Path, stop: int) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    log = folder / "table.txt"
    log.write_text("".join(h + "\n\n" for h in HANDS[:2]), encoding="utf-8")  # there before the watch: caught up
    proc = subprocess.Popen([SOKO, "watch", str(folder), "--db", str(tmp_path / "w.duckdb"), "--events", "jsonl",
                             "--interval", "0.1", "--settle", "0.5", "--poll"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [json.loads(proc.stdout.readline()) for _ in range(2)]
        with log.open("a", encoding="utf-8") as f:
            f.write("PokerStars Hand #6999999:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/03/14 19:59:00 ET\n"
                    "Table 'Holdem 7' 10-max Seat #2 is the button\nAino: bets the farm\n\n")
            f.write(HANDS[2] + "\n\n")
        lines += [json.loads(proc.stdout.readline()) for _ in range(2)]
    finally:
        proc.send_signal(stop)
        out, err = proc.communicate(timeout=60)
    assert [(e["event"], e["hand_id"]) for e in lines] == [
        ("stored", "7000000"), ("stored", "7000001"), ("quarantined", "6999999"), ("stored", "7000002")]
    assert all(e["file"] == str(log) and isinstance(e["at"], float) for e in lines)
    assert lines[0]["site"] == "PokerStars"
    assert out == ""
    assert proc.returncode == 0, err
    assert "(polling): 3 hands stored, 1 quarantined, from 1 file" in err and "Traceback" not in err


def test_a_reader_that_stops_reading_ends_the_watch_with_its_summary(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    log = folder / "table.txt"
    log.write_text("".join(h + "\n\n" for h in HANDS[:3]), encoding="utf-8")
    db = tmp_path / "w.duckdb"
    pipeline = subprocess.Popen(f"{SOKO} watch {folder} --db {db} --events jsonl --interval 0.1 --poll | head -1",
                                shell=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = pipeline.stdout.readline()
    time.sleep(0.5)  # head has exited; the watch learns it at its next line (as tail -f would), if not already
    with log.open("a", encoding="utf-8") as f:
        f.write(HANDS[3] + "\n\n")
    out, err = pipeline.communicate(timeout=30)  # the watch ended by itself: no Ctrl-C was sent
    assert json.loads(first)["hand_id"] == hand_id(HANDS[0]) and out == ""
    # it ends at the first line it cannot write: the 2nd or 3rd of the first take if head was gone by then,
    # else the 4th hand's
    told = re.search(r"\): (\d) hands stored", err)
    assert told is not None and "Traceback" not in err, err
    assert stored_counts(db) == {hand_id(h): 1 for h in HANDS[:int(told.group(1))]}
    assert int(told.group(1)) in (3, 4)


def event_lines(proc: subprocess.Popen) -> queue.Queue:
    """The JSON events a watch prints, as a reader thread puts them (None at its end): read with a timeout, so that
    a watch that prints nothing more fails the test instead of hanging it."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in proc.stdout:
            lines.put(json.loads(line))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    return lines


def test_a_watch_killed_during_a_burst_and_restarted_stores_every_hand_once(tmp_path: Path) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    files = [folder / "a.txt", folder / "b.txt"]
    share = [HANDS[0:20], HANDS[20:40]]
    files[0].write_text(share[0][0] + "\n\n", encoding="utf-8")
    db = tmp_path / "w.duckdb"
    args = [SOKO, "watch", str(folder), "--db", str(db), "--events", "jsonl", "--interval", "0.05",
            "--settle", "0.5", "--poll"]
    first = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert event_lines(first).get(timeout=60)["event"] == "stored"  # the watch is up: now the burst
    writer = threading.Thread(target=write_slowly, args=(files, [share[0][1:], share[1]], 0.05))
    writer.start()
    time.sleep(0.3)
    assert writer.is_alive()  # the kill lands during the burst
    first.kill()  # SIGKILL, wherever it is
    first.wait(timeout=30)
    writer.join(60)
    second = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        expected = sorted(hand_id(h) for own in share for h in own)
        last = hand_id(share[1][-1])  # the writer's last hand, written after the kill: the restart takes it
        events = event_lines(second)
        while (event := events.get(timeout=60)) is not None and event["hand_id"] != last:
            pass
        time.sleep(1.0)
    finally:
        second.send_signal(signal.SIGINT)
        second.wait(timeout=60)
    counts = stored_counts(db)
    assert sorted(counts) == expected and set(counts.values()) == {1}
