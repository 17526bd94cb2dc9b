"""``soko import`` into the DuckDB store: counts, incremental re-import, money, bad input, interrupted imports."""

from __future__ import annotations

import gzip
import os
import signal
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.store.db import Store
from tests.flows import added_money

from ..parsers.test_pokerstars_corpus import KNOWN_BAD_SUMS


@pytest.fixture(scope="module")
def corpus_store(tmp_path_factory, corpus):
    path = tmp_path_factory.mktemp("store") / "corpus.duckdb"
    with Store(path) as store:
        first = store.import_paths([corpus / "pokerstars"], jobs=2)
        second = store.import_paths([corpus / "pokerstars"], jobs=2)
    return path, first, second


def test_corpus_import_stores_every_supported_hand(corpus_store, corpus):
    path, first, _ = corpus_store
    expected_hands = expected_quarantine = 0
    read: Counter = Counter()
    for file in sorted((corpus / "pokerstars").rglob("*.txt")):
        for item in read_path(file, "pokerstars"):
            if isinstance(item, Hand):
                expected_hands += 1
                read[(item.site, item.hand_id)] += 1
            else:
                expected_quarantine += 1
    copies = sum(n - 1 for n in read.values())
    assert copies == 2  # two hands are in two files each: stored once, then already in the store
    assert _copies(corpus / "pokerstars") == []  # no quarantined text is in two files
    assert first.stored == expected_hands - copies == 1066 and first.duplicate == copies
    assert first.quarantined == expected_quarantine == 7
    with Store(path, read_only=True) as store:
        assert len(store.hands()) == 1066
        assert store.query("SELECT count(*) AS n FROM quarantine")["n"][0] == 7
        kinds = dict(store.query("SELECT kind, count(*) AS n FROM quarantine GROUP BY kind").iter_rows())
        assert kinds == {"incomplete": 6, "malformed": 1}
        assert store.query("SELECT count(*) AS n FROM quarantine WHERE raw = ''")["n"][0] == 0


def _copies(folder: Path) -> list[set[tuple[str, int]]]:
    """The places (file, line) of each quarantined hand text found more than once (none in the corpus now that
    the two hands copied into a second file are of games we read)."""
    places: dict[str, set[tuple[str, int]]] = {}
    for file in sorted(folder.rglob("*.txt")):
        for item in read_path(file):
            if not isinstance(item, Hand):
                places.setdefault(item.raw, set()).add((item.path, item.line))
    return [found for found in places.values() if len(found) > 1]


def test_reimport_stores_nothing_new_and_is_quick(corpus_store):
    _, first, second = corpus_store
    assert second.stored == 0 and second.quarantined == 0
    assert second.skipped_files == len(second.files) == len(first.files)
    assert second.seconds < first.seconds / 3


def test_money_in_the_store_equals_the_logs(corpus_store, corpus):
    path, _, _ = corpus_store
    logs = {}
    for file in sorted((corpus / "pokerstars").rglob("*.txt")):
        for h in read_path(file, "pokerstars"):
            if isinstance(h, Hand):
                logs[h.hand_id] = (h.total_pot, h.rake, added_money(h))
    with Store(path, read_only=True) as store:
        rows = store.query("""
            SELECT h.hand_id, h.total_pot, h.rake, sum(s.put_in) AS put_in, sum(s.collected) AS collected,
                   sum(s.cash_out) AS cash_out
            FROM hands h JOIN seats s USING (hand_key) GROUP BY ALL""")
    assert len(rows) == len(logs)
    for hand_id, total, rake, put_in, collected, cash_out in rows.iter_rows():
        assert (total, rake) == logs[hand_id][:2]
        if hand_id in KNOWN_BAD_SUMS:  # logs whose own sums are wrong (see the formats tests)
            continue
        kept = total - rake if cash_out and not collected else 0  # "pot not awarded as player cashed out"
        assert collected + rake + kept == total and put_in + logs[hand_id][2] == total


def test_a_different_hand_under_a_stored_id_is_a_conflict(tmp_path, soko_example):
    db = tmp_path / "s.duckdb"
    (tmp_path / "a.txt").write_text(soko_example, encoding="utf-8")
    (tmp_path / "b.txt").write_text(soko_example.replace("Aino: calls €0.40", "Aino: calls €0.4"),
                                    encoding="utf-8")  # the same hand written differently: a duplicate
    (tmp_path / "c.txt").write_text(soko_example.replace("Kh 9s", "Kd 9s").replace("[Kh 9s 9d 2c 9h]",
                                    "[Kd 9s 9d 2c 9h]"), encoding="utf-8")
    with Store(db) as store:
        summary = store.import_paths([tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"])
        assert [(f.stored, f.duplicate, f.quarantined) for f in summary.files] == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
        (row,) = store.query("SELECT kind, source_file FROM quarantine").iter_rows()
        assert row == ("conflict", str(tmp_path / "c.txt"))


def test_bad_input_is_recorded_and_the_rest_goes_on(tmp_path, soko_example):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 40)
    (folder / "truncated.txt").write_text(soko_example.split("*** SHOW DOWN ***")[0], encoding="utf-8")
    (folder / "unknown.txt").write_text("Foo Poker Hand #12: Texas Darts (1/2)\nsomething\n", encoding="utf-8")
    with zipfile.ZipFile(folder / "evil.zip", "w") as z:
        z.writestr("../../evil.txt", soko_example)
        z.writestr("good.txt", soko_example.replace("202603140001", "202603140002"))
    (folder / "gz.txt.gz").write_bytes(gzip.compress(soko_example.replace("202603140001", "3").encode()))
    (folder / "vanished.txt").symlink_to(tmp_path / "gone.txt")
    unreadable = folder / "locked.txt"
    unreadable.write_text(soko_example, encoding="utf-8")
    unreadable.chmod(0)
    db = tmp_path / "s.duckdb"
    try:
        with Store(db) as store:
            summary = store.import_paths([folder])
            stored = set(store.query("SELECT hand_id FROM hands")["hand_id"])
            q = store.query("SELECT source_file, kind, reason FROM quarantine ORDER BY source_file")
    finally:
        unreadable.chmod(0o644)
    assert {"202603140002", "3"} <= stored
    reasons = {Path(f.split(":")[0]).name + (":" + f.split(":")[1] if ":" in f else ""): (k, r)
               for f, k, r in q.iter_rows()}
    assert reasons["evil.zip:../../evil.txt"][1].startswith("a zip member whose name leaves the archive")
    assert reasons["empty.txt"][0] == "unreadable" and reasons["binary.txt"][0] == "unreadable"
    assert reasons["truncated.txt"][0] == "incomplete"
    assert reasons["unknown.txt"][0] in ("unreadable", "malformed", "incomplete", "unsupported")
    assert reasons["vanished.txt"] == ("unreadable", reasons["vanished.txt"][1])
    assert "broken symbolic link" in reasons["vanished.txt"][1]
    if os.geteuid() != 0:  # root reads a file whatever its mode
        assert reasons["locked.txt"][0] == "unreadable"
    assert summary.stored >= 2


def _hand_files(folder: Path, soko_example: str, count: int) -> None:
    for i in range(count):
        text = "\n\n".join(soko_example.replace("202603140001", f"{i:04d}{j:04d}") for j in range(40))
        (folder / f"session{i:03d}.txt").write_text(text, encoding="utf-8")


def _rows(db: Path) -> dict[str, list]:
    with Store(db, read_only=True) as store:
        return {t: sorted(store.query(f"SELECT * {'EXCLUDE (import_id)' if t == 'hands' else ''} FROM {t}").rows())
                for t in ("hands", "seats", "actions", "findings")} | {
            "quarantine": store.query("SELECT count(*) FROM quarantine").rows()}


@pytest.mark.slow  # 10 s or more
def test_a_killed_import_resumes_to_the_same_store(tmp_path, soko_example):
    folder = tmp_path / "logs"
    folder.mkdir()
    _hand_files(folder, soko_example, 30)
    clean = tmp_path / "clean.duckdb"
    with Store(clean) as store:
        store.import_paths([folder])
    killed = tmp_path / "killed.duckdb"
    # chunks of 100 hands: a folder's files share chunks, and a file may end in the chunk after its first
    script = ("import sys; from soko_analytics.store import reading; from soko_analytics.store.db import Store; "
              "reading.CHUNK_ROWS = 100; "
              "Store(sys.argv[1]).import_paths([sys.argv[2]], progress=lambda r: print(r.path, flush=True))")
    proc = subprocess.Popen([sys.executable, "-c", script, str(killed), str(folder)], stdout=subprocess.PIPE, text=True)
    for _ in range(5):  # five files committed, the sixth on its way: kill -9
        proc.stdout.readline()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with Store(killed) as store:  # consistent: every stored hand has its seats, every file recorded is whole
        partial = store.query("SELECT count(*) AS n FROM hands")["n"][0]
        orphans = store.query("SELECT count(*) AS n FROM seats WHERE hand_key NOT IN (SELECT hand_key FROM hands)")
        assert orphans["n"][0] == 0
        recorded = store.query("SELECT path, hands_stored FROM imports")
        assert len(recorded) >= 5 and all(n == 40 for n in recorded["hands_stored"])
        per_file = store.query("SELECT source_file, count(*) AS n FROM hands GROUP BY 1")
        assert set(recorded["path"]) <= set(per_file.filter(per_file["n"] == 40)["source_file"])
        store.import_paths([folder])
    assert 0 < partial < 30 * 40, partial  # killed part-way
    assert _rows(killed) == _rows(clean)



def test_a_chunk_that_cannot_be_written_fails_its_file_only(tmp_path, soko_example, monkeypatch):
    """A bug of ours writing one file's rows rolls back that chunk only: the other files are stored, and
    the failing file is reported, quarantined as internal and not recorded as imported."""
    folder = tmp_path / "logs"
    folder.mkdir()
    _hand_files(folder, soko_example, 3)
    insert = Store._insert

    def failing(self, table, frame, rollup=True, **kwargs):
        keys = [k for (k,) in self.con.execute("SELECT hand_key FROM hands WHERE source_file LIKE '%session001.txt'")
                .fetchall()]
        if table == "seats" and frame["hand_key"].is_in(keys).any():
            raise RuntimeError("a bug of ours")
        insert(self, table, frame, rollup, **kwargs)

    monkeypatch.setattr(Store, "_insert", failing)
    with Store(tmp_path / "s.duckdb") as store:
        summary = store.import_paths([folder])
        per_file = dict(store.query("SELECT source_file, count(*) FROM hands GROUP BY 1").rows())
        records = store.query("SELECT source_file, kind, reason FROM quarantine").rows()
        imported = [Path(p).name for (p,) in store.query("SELECT path FROM imports").rows()]
    assert summary.stored == 80 and summary.duplicate == 0
    assert sorted(Path(f).name for f in per_file) == ["session000.txt", "session002.txt"] == sorted(imported)
    failed = [f for f in summary.files if f.error]
    assert [Path(f.path).name for f in failed] == ["session001.txt"]
    assert "could not be written" in failed[0].error and "a bug of ours" in failed[0].error
    assert [(Path(f).name, kind) for f, kind, _ in records] == [("session001.txt", "internal")]
