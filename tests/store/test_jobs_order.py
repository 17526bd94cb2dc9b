"""``soko import --jobs N`` keeps the copy of a hand that ``--jobs 1`` keeps: the first in the files' order.

A hand in two files (a site's folder and a player's folder both hold it) is stored once, from the file read first
with one job; the other copy is "already in the store", or a conflict when its text differs. With several jobs the
files are read in parallel, and a later file may be read before an earlier one: here the first file's reading is
held back (its first read waits), so that the second file's chunk is ready first every time. The oracle is the
import with one job, and the import ids worked by hand (ids are given in the files' order).
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.store import reading
from soko_analytics.store.db import Store

HEADER = re.compile(r"^PokerStars Hand #\d+", re.M)
HELD = 1.0
"""Seconds the first file's reading is held back."""


@pytest.fixture(scope="module")
def hands() -> list[str]:
    """300 simulated hold'em hands as PokerStars text, hand by hand (about 300 KB, more than a batch's least)."""
    text = api.simulate_text("holdem", hands=300, seed=5, format="pokerstars")
    starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
    found = [text[a:b].strip() + "\n" for a, b in zip(starts, starts[1:])]
    assert len(found) == 300
    return found


def hand_id(text: str) -> str:
    match = HEADER.match(text)
    assert match
    return match.group(0).split("#")[1]


def held_back(monkeypatch, name: str, until: threading.Event | None = None) -> list[tuple[str, bool]]:
    """The reading of the file ``name`` held back (:data:`HELD` seconds, or until ``until`` is set); the files read,
    in the order their reading began, each with whether the file ``name`` was held back then."""
    real, began = reading.prepare, []
    held = threading.Event()

    def prepare(task, *args, **kwargs):
        began.append((Path(task.path).name, held.is_set()))
        if Path(task.path).name == name:
            held.set()
            if until is None:
                threading.Event().wait(HELD)
            else:
                assert until.wait(30)
            held.clear()
        return real(task, *args, **kwargs)

    monkeypatch.setattr(reading, "prepare", prepare)
    return began


def stored(db: Path) -> dict[str, list[tuple]]:
    """Where each hand and each quarantine record came from."""
    with Store(db, read_only=True) as store:
        return {
            "hands": store.query("SELECT hand_id, import_id, source_file, source_line, content_hash FROM hands "
                                 "ORDER BY hand_id").rows(),
            "quarantine": store.query("SELECT hand_id, import_id, source_file, source_line, kind FROM quarantine "
                                      "ORDER BY ALL").rows(),
            "imports": store.query("SELECT import_id, path, hands_stored, hands_duplicate, hands_quarantined "
                                   "FROM imports ORDER BY import_id").rows(),
        }


def test_two_jobs_keep_the_copy_in_the_first_file_as_one_job_does(tmp_path, hands, monkeypatch):
    """The first file (all 300 hands) is held back; the second holds a copy of its hand 10 and another text of its
    hand 20 (the table renamed): with one job and with two, hand 10 is stored from the first file and the copy is
    "already in the store", hand 20 from the first file and the other text is a conflict."""
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a-site.txt").write_text("\n\n".join(hands), encoding="utf-8")
    other = re.sub(r"^Table '[^']*'", "Table 'Elsewhere'", hands[20], count=1, flags=re.M)
    assert other != hands[20]
    (folder / "b-player.txt").write_text(hands[10] + "\n\n" + other, encoding="utf-8")
    one, two = tmp_path / "one.duckdb", tmp_path / "two.duckdb"
    api.import_paths(one, [folder], jobs=1)
    began = held_back(monkeypatch, "a-site.txt")
    summary = api.import_paths(two, [folder], jobs=2)
    assert ("b-player.txt", True) in began  # the second file read while the first waits
    assert [(Path(f.path).name, f.stored, f.duplicate, f.quarantined) for f in summary.files] == \
        [("a-site.txt", 300, 0, 0), ("b-player.txt", 0, 1, 1)]
    first, second = stored(one), stored(two)
    assert second == first
    by_id = {row[0]: row for row in second["hands"]}
    assert len(by_id) == 300
    for n in (10, 20):  # import ids in the files' order: a-site.txt is 1, b-player.txt 2
        assert by_id[hand_id(hands[n])][1:3] == (1, str(folder / "a-site.txt"))
    line = hands[10].count("\n") + 3  # after hand 10's lines and the two blank lines between the hands
    assert second["quarantine"] == [(hand_id(hands[20]), 2, str(folder / "b-player.txt"), line, "conflict")]
    assert [row[2:] for row in second["imports"]] == [(300, 0, 0), (0, 1, 1)]


def test_a_file_held_back_holds_back_at_most_a_few_chunks(tmp_path, hands, monkeypatch):
    """Ten files, each a batch of its own: while the first is held back, the other thread reads ahead only as far as
    the chunks held allow (``jobs`` of them, and the one it waits to hand over), not the whole folder; every chunk
    still comes in the files' order."""
    monkeypatch.setattr(reading, "MIN_BATCH_BYTES", 1)
    monkeypatch.setattr(reading, "BATCH_BYTES", 1)
    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(10):
        (folder / f"f{i}.txt").write_text("\n\n".join(hands[i * 5:i * 5 + 5]), encoding="utf-8")
    tasks = [reading.Task(str(folder / f"f{i}.txt"), f"f{i}.txt", 1 + i) for i in range(10)]
    assert len(reading.batches(tasks, 2)) == 10
    release = threading.Event()
    began = held_back(monkeypatch, "f0.txt", release)
    timer = threading.Timer(HELD, release.set)
    timer.start()
    try:
        shares = [share for chunk in reading.thread_chunks(tasks, 2) for share in chunk.files]
    finally:
        timer.cancel()
        release.set()
    read_while_held = [name for name, held in began if held and name != "f0.txt"]
    assert read_while_held[:1] == ["f1.txt"]
    assert len(read_while_held) <= 3  # 2 chunks held, and 1 waiting to be: not the 9 files
    assert [share.import_id for share in shares] == list(range(1, 11))
    assert [share.hands for share in shares] == [5] * 10


def test_the_worker_processes_hand_on_the_chunks_in_the_files_order(tmp_path, hands):
    """Files the core's file readers set aside (archives of mixed formats) go to worker processes, a file a worker: the
    first file (300 hands) takes the first worker much longer than the second and third files
    (5 hands) take the second, yet their chunks come in the files' order."""
    paths = [tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"]
    paths[0].write_text("\n\n".join(hands), encoding="utf-8")
    paths[1].write_text("\n\n".join(hands[:5]), encoding="utf-8")
    paths[2].write_text("\n\n".join(hands[5:10]), encoding="utf-8")
    tasks = [reading.Task(str(path), path.name, 1 + i) for i, path in enumerate(paths)]
    with reading.Readers(2) as readers:
        shares = [(share.import_id, share.hands) for chunk in readers.chunks(
            [(task, reading.prepare(task, detect=False)[0]) for task in tasks]) for share in chunk.files]
    assert shares == [(1, 300), (2, 5), (3, 5)]
