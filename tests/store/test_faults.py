"""The store under faults (issue 12): nothing stops a run, nothing is lost, nothing is recorded wrongly.

Failed files are not recorded as imported; formats are the ones detected; quarantine records are
not duplicated and are resolved when their hand is stored; a bug of ours on one hand, a killed
reading process, a full disk, a foreign or newer store, a lock held by another process, a SQLite
file, Ctrl-C: each is one clear message and the run goes on where it can.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb
import pytest

from soko_analytics import api
from soko_analytics.errors import SokoError
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text, write_hands
from soko_analytics.parsers.base import InternalError
from soko_analytics.store import db as store_db
from soko_analytics.store import reading
from soko_analytics.store.db import Store, StoreError

from ..parsers.test_pokerstars_malformed import GOOD

SOKO = str(Path(sys.executable).parent / "soko")


def hands(first: int, count: int) -> str:
    return "\n\n".join(GOOD.format(id=n) for n in range(first, first + count)) + "\n"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def rows(db: Path, sql: str) -> list[tuple]:
    with Store(db, read_only=True) as store:
        return store.query(sql).rows()


# -- what is recorded ----------------------------------------------------------------------


def test_a_file_read_in_the_wrong_format_is_not_recorded_and_the_right_import_stores_it(tmp_path):
    log = write(tmp_path / "a.txt", hands(1, 3))
    db = tmp_path / "s.duckdb"
    wrong = api.import_paths(db, [log], format="phh")
    assert wrong.files[0].error and "not a phh file: it reads as pokerstars" in wrong.files[0].error
    assert rows(db, "SELECT count(*) FROM imports") == [(0,)]
    (listed,) = api.quarantine_records(db)
    assert listed["kind"] == "unreadable" and listed["source_line"] == 0
    right = api.import_paths(db, [log])
    assert right.stored == 3 and right.skipped_files == 0
    assert rows(db, "SELECT format FROM imports") == [("pokerstars",)]
    assert api.quarantine_records(db) == []  # resolved by the import that read the file
    assert [r["resolved_by"] for r in api.quarantine_records(db, resolved=True)] == [2]


def test_an_unknown_format_or_a_missing_path_fails_before_the_store_is_made(tmp_path):
    db = tmp_path / "s.duckdb"
    log = write(tmp_path / "a.txt", hands(1, 1))
    with pytest.raises(SokoError, match="unknown format 'no-such-site'"):
        api.import_paths(db, [log], format="no-such-site")
    with pytest.raises(SokoError, match="no such file or folder"):
        api.import_paths(db, [log, tmp_path / "gone.txt"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(SokoError, match="no hand-history files"):
        api.import_paths(db, [tmp_path / "empty"])
    assert not db.exists()


def test_the_detected_format_is_stored_and_read_back(tmp_path):
    sample = api.SAMPLE_DATA / "holdem-seed7.txt"
    converted = tmp_path / "h.phhs"
    converted.write_text(api.convert([sample], "phh").text, encoding="utf-8")
    db = tmp_path / "s.duckdb"
    summary = api.import_paths(db, [converted])
    assert summary.stored > 100 and summary.files[0].format == "phh"
    assert rows(db, "SELECT DISTINCT format FROM hands") == [("phh",)]
    assert rows(db, "SELECT format FROM imports") == [("phh",)]
    audits = list(api.audit_store(db))
    assert len(audits) == summary.stored and all(not isinstance(a, api.Quarantined) for a in audits)
    exported = tmp_path / "back.txt"
    assert api.export(db, "pokerstars", exported)["written"] == summary.stored


def test_force_reads_an_unchanged_file_again(tmp_path):
    log = write(tmp_path / "a.txt", hands(1, 4))
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [log])
    assert api.import_paths(db, [log]).skipped_files == 1
    again = api.import_paths(db, [log], force=True)
    assert again.skipped_files == 0 and (again.stored, again.duplicate) == (0, 4)


def test_a_quarantined_hand_stored_later_is_resolved(tmp_path):
    complete = GOOD.format(id=5)
    write(tmp_path / "a.txt", complete.split("*** SUMMARY ***")[0])  # the partial copy, first
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [tmp_path / "a.txt"])
    assert [(r["kind"], r["hand_id"]) for r in api.quarantine_records(db)] == [("incomplete", "5")]
    api.import_paths(db, [write(tmp_path / "b.txt", complete)])
    assert api.quarantine_records(db) == []


def test_a_fixed_file_resolves_what_its_earlier_read_quarantined(tmp_path):
    log = write(tmp_path / "a.txt", hands(1, 2) + "\n\n" + GOOD.format(id=3).replace("folds", "juggles"))
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [log])
    assert [r["hand_id"] for r in api.quarantine_records(db)] == ["3"]
    write(log, hands(1, 3))
    assert api.import_paths(db, [log]).stored == 1
    assert api.quarantine_records(db) == []


def test_quarantine_records_are_not_duplicated_by_copies_or_runs(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    badugi = GOOD.format(id=9).replace("Hold'em No Limit", "London Lowball Limit")
    write(folder / "a.txt", badugi)
    write(folder / "b.txt", badugi)  # a copy
    (folder / "link.txt").symlink_to(tmp_path / "nowhere.txt")
    db = tmp_path / "s.duckdb"
    first = api.import_paths(db, [folder])
    assert (first.quarantined, first.duplicate) == (1, 1) and len(first.problems) == 1
    for _ in range(2):
        api.import_paths(db, [folder], force=True)
    kinds = sorted((r["kind"], Path(r["source_file"]).name) for r in api.quarantine_records(db))
    assert kinds == [("unreadable", "link.txt"), ("unsupported", "a.txt")]


def test_a_looping_link_and_an_unreadable_folder_are_reported(tmp_path, monkeypatch):
    folder = tmp_path / "logs"
    (folder / "sub").mkdir(parents=True)
    write(folder / "sub" / "a.txt", hands(1, 1))
    (folder / "sub" / "loop").symlink_to(folder)
    real_walk = os.walk

    def walk(top, onerror=None, followlinks=False):
        onerror(PermissionError(13, "Permission denied", str(Path(top) / "locked")))
        yield from real_walk(top, onerror=onerror, followlinks=followlinks)

    monkeypatch.setattr("soko_analytics.parsers.os.walk", walk)
    found = list(api.read_hands([folder]))
    problems = sorted((Path(q.path).name, q.reason) for q in found if isinstance(q, api.Quarantined))
    assert problems == [("locked", "cannot read the folder: Permission denied"),
                        ("loop", "a symbolic link that loops back to a folder already walked; not followed")]
    assert sum(not isinstance(x, api.Quarantined) for x in found) == 1


def test_a_record_of_a_file_that_cannot_be_read_keeps_its_text_and_size(tmp_path):
    import zipfile

    folder = tmp_path / "logs"
    folder.mkdir()
    wrong = write(tmp_path / "a.txt", hands(1, 2))  # read as phh: not a phh file
    latin = b"Caf\xe9 notes, not a hand\n"  # not UTF-8: latin-1, a character per byte
    (folder / "b.txt").write_bytes(latin)
    big = b"no hand here\n" * 100_000  # 1.3 MB: the record keeps its first MiB
    (folder / "c.txt").write_bytes(big)
    with zipfile.ZipFile(folder / "d.zip", "w") as archive:
        archive.writestr("notes.txt", "just notes\n")
    db = tmp_path / "s.duckdb"
    summary = api.import_paths(db, [folder])
    assert summary.stored == 0 and summary.failed_files == 3
    found = {Path(name).name: (raw, size) for name, raw, size in rows(
        db, "SELECT source_file, raw, size FROM quarantine WHERE kind = 'unreadable'")}
    assert found["b.txt"] == ("Caf\xe9 notes, not a hand\n", len(latin))
    assert found["c.txt"] == (big[:1 << 20].decode("ascii"), len(big))
    assert found["d.zip:notes.txt"] == ("just notes\n", 11)
    api.import_paths(db, [wrong], format="phh")
    (raw, size), = rows(db, f"SELECT raw, size FROM quarantine WHERE source_file = '{wrong}' AND kind = 'unreadable'")
    assert raw == wrong.read_text(encoding="utf-8") and size == wrong.stat().st_size
    assert rows(db, "SELECT count(*) FROM quarantine WHERE raw = ''") == [(0,)]


def test_a_symbolic_link_loop_is_named_a_loop_not_broken(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    write(folder / "a.txt", hands(1, 1))
    (folder / "self.txt").symlink_to(folder / "self.txt")
    (folder / "ping.txt").symlink_to(folder / "pong.txt")
    (folder / "pong.txt").symlink_to(folder / "ping.txt")
    (folder / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    found = list(api.read_hands([folder]))
    problems = sorted((Path(q.path).name, q.reason.split(" (")[0]) for q in found if isinstance(q, api.Quarantined))
    assert problems == [("gone.txt", "a broken symbolic link"), ("ping.txt", "a symbolic link that loops"),
                        ("pong.txt", "a symbolic link that loops"), ("self.txt", "a symbolic link that loops")]
    with pytest.raises(SokoError, match="self.txt: a symbolic link that loops"):
        list(api.read_hands([folder / "self.txt"]))


# -- nothing stops a run ---------------------------------------------------------------------


def test_numbers_out_of_range_quarantine_one_hand_and_the_later_files_are_imported(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    write(folder / "a.txt", hands(1, 1) + "\n\n" + GOOD.format(id=2).replace("($2 in chips)", "($" + "9" * 30 + ")"))
    write(folder / "b.txt", GOOD.format(id=3).replace("Seat 3: Cleo", "Seat 40000: Cleo") + "\n\n"
          + GOOD.format(id=4).replace("6-max", "99999-max"))
    write(folder / "c.txt", hands(5, 2))
    db = tmp_path / "s.duckdb"
    summary = api.import_paths(db, [folder])
    assert (summary.stored, summary.quarantined) == (3, 3)
    assert sorted(rows(db, "SELECT hand_id FROM hands")) == [("1",), ("5",), ("6",)]
    reasons = " ".join(r["reason"] for r in api.quarantine_records(db))
    assert "seat number 40000 is out of range" in reasons and "table size 99999 is out of range" in reasons


@pytest.mark.parametrize("reader", ["core", "python"])
def test_a_bug_of_ours_on_a_hand_quarantines_the_hand_or_raises_under_strict(tmp_path, monkeypatch, reader):
    """The core's file reader, or the pieces Python cuts for the core (a file the file readers set aside): a bug of ours on
    one hand (injected in the core) quarantines that hand and the import goes on; ``--strict`` raises it."""
    monkeypatch.setattr(reading, "FAULT_HAND", "2")
    if reader == "python":
        monkeypatch.setattr(reading, "core_format", lambda path, format="auto": None)
    log = write(tmp_path / "a.txt", hands(1, 3))
    db = tmp_path / "s.duckdb"
    summary = api.import_paths(db, [log])
    assert (summary.stored, summary.quarantined, summary.internal) == (2, 1, 1)
    (record,) = api.quarantine_records(db)
    assert record["kind"] == "internal" and record["hand_id"] == "2" and record["source_line"] == 25
    assert "a fault injected on hand 2" in record["reason"] and "bug in soko_analytics" in record["reason"]
    with Store(db, read_only=True) as store:
        assert store.query("SELECT raw FROM quarantine")["raw"][0] == GOOD.format(id=2).rstrip("\n")
        assert sorted(store.query("SELECT hand_id FROM hands")["hand_id"]) == ["1", "3"]
    with pytest.raises(InternalError, match="a fault injected on hand 2") as raised:
        api.import_paths(tmp_path / "t.duckdb", [log], strict=True)
    assert (raised.value.path, raised.value.line, raised.value.hand_id) == (str(log), 25, "2")


def test_big_files_are_written_in_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(reading, "CHUNK_ROWS", 7)
    seen: list[int] = []
    log = write(tmp_path / "a.txt", hands(1, 30))
    summary = api.import_paths(tmp_path / "s.duckdb", [log], on_chunk=seen.append)
    assert summary.stored == 30 and seen == [7, 7, 7, 7, 2]


def _kill_a_worker(result) -> bool:
    for child in multiprocessing.active_children():
        os.kill(child.pid, signal.SIGKILL)
        return True
    return False


def test_a_killed_reading_process_fails_only_its_file(tmp_path, monkeypatch):
    folder = tmp_path / "logs"
    folder.mkdir()
    # Zips of mixed formats (PokerStars text and PHH): the core's file readers set them aside, and the run reads
    # them in worker processes, not in the core's threads.
    for i in range(8):
        phh = write_hands((h for h in read_text(hands(1000 * i + 500, 30)) if isinstance(h, Hand)), "phh")
        with zipfile.ZipFile(folder / f"f{i}.zip", "w") as archive:
            archive.writestr("a.txt", hands(1000 * i, 30))
            archive.writestr("b.phhs", phh)
    write(folder / "notes.txt", "not a hand history\n")
    db = tmp_path / "s.duckdb"
    killed = []

    def on_chunk(hands) -> None:
        if not killed:
            killed.append(_kill_a_worker(hands))

    monkeypatch.setattr(reading, "CHUNK_ROWS", 20)  # each chunk written as it comes, while the workers read
    monkeypatch.setattr(store_db, "PROCESS_BYTES", 0)  # worker processes however few the bytes
    summary = api.import_paths(db, [folder], jobs=2, on_chunk=on_chunk)
    assert killed == [True]
    failed = [f for f in summary.files if f.error and not f.path.endswith("notes.txt")]
    assert len(failed) <= 1 and all("died" in f.error for f in failed)
    assert summary.stored == 60 * (8 - len(failed))
    again = api.import_paths(db, [folder], jobs=2)
    assert again.stored == 60 * len(failed) and rows(db, "SELECT count(*) FROM hands") == [(480,)]


def test_a_full_disk_is_one_line_naming_the_cause(tmp_path):
    script = tmp_path / "full.py"
    script.write_text(
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (2_000_000, 2_000_000))\n"
        "from soko_analytics.cli import main\n"
        f"sys.argv = ['soko', 'import', {str(api.SAMPLE_DATA)!r}, '--db', {str(tmp_path / 'x.duckdb')!r}, '-j', '1']\n"
        "main()\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "File too large" in done.stderr and "the files before it are committed" in done.stderr


# -- stores that are not ours, or busy ----------------------------------------------------------


def test_a_foreign_duckdb_file_or_a_newer_store_is_a_clear_error(tmp_path):
    other = tmp_path / "other.duckdb"
    con = duckdb.connect(str(other))
    con.execute("CREATE TABLE hands (a INTEGER)")
    con.close()
    with pytest.raises(StoreError, match=r"not a soko_analytics store: it has tables \(hands\)"):
        Store(other)
    newer = tmp_path / "newer.duckdb"
    con = duckdb.connect(str(newer))
    con.execute("CREATE TABLE schema_version (version INTEGER, applied_at TIMESTAMP)")
    con.execute("INSERT INTO schema_version VALUES (99, now())")
    con.close()
    with pytest.raises(StoreError, match="made by a newer soko_analytics"):
        api.player_stats(newer)


def test_a_sqlite_file_is_named_and_no_extension_is_loaded(tmp_path):
    import sqlite3

    path = tmp_path / "x.db"
    sqlite3.connect(path).execute("CREATE TABLE t (a)").connection.commit()
    with pytest.raises(StoreError, match="a SQLite database, not a DuckDB store"):
        api.player_stats(path)
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [write(tmp_path / "a.txt", hands(1, 1))])
    with Store(db, read_only=True) as store:
        settings = dict(store.query("SELECT name, value FROM duckdb_settings() WHERE name LIKE 'auto%_known_extensions'")
                        .rows())
    assert settings == {"autoinstall_known_extensions": "false", "autoload_known_extensions": "false"}


@contextmanager
def held(db: Path, read_only: bool) -> Iterator[None]:
    """The store opened by another process for as long as the block runs."""
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=sys.argv[2] == '1'); "
         "print('held', flush=True); time.sleep(60)", str(db), "1" if read_only else "0"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.kill()
        holder.wait()


def test_reading_commands_open_the_store_read_only_beside_another_reader(tmp_path):
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [write(tmp_path / "a.txt", hands(1, 3))])
    with held(db, read_only=True):
        assert len(api.player_stats(db)) == 3
        assert len(api.quarantine_records(db)) == 0
        assert len(list(api.audit_store(db))) == 3


def test_a_store_held_by_an_import_is_named_not_a_raw_lock_error(tmp_path):
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [write(tmp_path / "a.txt", hands(1, 3))])
    with held(db, read_only=False), pytest.raises(StoreError, match="in use by another program .*most likely a soko"):
        api.player_stats(db)


def test_export_to_text_does_not_overwrite_without_force(tmp_path):
    db = tmp_path / "s.duckdb"
    api.import_paths(db, [write(tmp_path / "a.txt", hands(1, 2))])
    out = write(tmp_path / "out.txt", "precious")
    with pytest.raises(SokoError, match="the file exists; give --force"):
        api.export(db, "pokerstars", out)
    assert out.read_text() == "precious"
    assert api.export(db, "pokerstars", out, force=True)["written"] == 2


@pytest.mark.slow  # 10 s or more
def test_ctrl_c_stops_an_import_at_once_and_says_what_is_committed(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(300):  # 90,000 hands
        write(folder / f"f{i:03d}.txt", hands(10_000 * i, 300))
    proc = subprocess.Popen([SOKO, "import", str(folder), "--db", str(tmp_path / "s.duckdb"), "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 30
    while not (tmp_path / "s.duckdb").exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    time.sleep(1)  # into the import (90,000 hands: a few seconds on two cores), past the store's creation
    assert proc.poll() is None, "the import ended before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C does: to every process of the group
    sent = time.monotonic()
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - sent < 5, err[-600:]
    assert proc.returncode == 130 and "Traceback" not in err, err
    said = re.search(r"interrupted: ([\d,]+) hands? of \d+ files? are committed; run the same command again", err)
    assert said, err
    assert rows(tmp_path / "s.duckdb", "SELECT count(*) FROM hands") == [(int(said.group(1).replace(",", "")),)]


def four_files_one_failing(tmp_path, monkeypatch, name: str, error: BaseException):
    """A folder of four files of 60 hands whose reading raises ``error`` for the file ``name``; the folder."""
    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(4):
        write(folder / f"f{i}.txt", hands(1000 * i, 60))
    real = reading.prepare

    def failing(task, *args, **kwargs):
        if task.path.endswith(name):
            raise error
        return real(task, *args, **kwargs)

    monkeypatch.setattr(reading, "prepare", failing)
    return folder


def test_a_file_a_reader_thread_cannot_read_fails_only_that_file(tmp_path, monkeypatch):
    """Files the core reads are read in threads (reading.thread_chunks): a bug of ours outside the per-hand
    boundary fails the file it met, and the other files are imported."""
    folder = four_files_one_failing(tmp_path, monkeypatch, "f2.txt", RuntimeError("a bug of ours"))
    monkeypatch.setattr(store_db, "Readers", None)  # no worker process: the threads read
    summary = api.import_paths(tmp_path / "s.duckdb", [folder], jobs=2)
    failed = [f for f in summary.files if f.error]
    assert [Path(f.path).name for f in failed] == ["f2.txt"]
    assert "RuntimeError: a bug of ours" in failed[0].error
    assert summary.stored == 3 * 60 and rows(tmp_path / "s.duckdb", "SELECT count(*) FROM hands") == [(180,)]


def test_ctrl_c_met_in_a_reader_thread_interrupts_the_import_quietly(tmp_path, monkeypatch, capsys):
    """A library may raise Ctrl-C's KeyboardInterrupt in a reader thread rather than the main one: the thread
    stops without a traceback, and the import stops as interrupted, saying what is committed."""
    folder = four_files_one_failing(tmp_path, monkeypatch, "f1.txt", KeyboardInterrupt())
    monkeypatch.setattr(store_db, "Readers", None)  # no worker process: the threads read
    with pytest.raises(store_db.Interrupted, match="hands? of .* files? are committed"):
        api.import_paths(tmp_path / "s.duckdb", [folder], jobs=2)
    assert "Traceback" not in capsys.readouterr().err
