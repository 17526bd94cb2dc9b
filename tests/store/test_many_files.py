"""A player's folder as a poker client writes it (issue 34): a file per table session, thousands of small files.

The files share chunks, transactions and Parquet parts; what is stored must not depend on how the hands are
cut into files: a folder of small files gives the rows the same hands give in one file, hand counts are the
logs' own headers, and a copy of a file is "already in the store". Files whose name does not say they are hand
histories are read when their first bytes do, and named as skipped when not.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import polars as pl
import pytest

from soko_analytics import api
from soko_analytics.errors import SokoError
from soko_analytics.store.db import Store
from soko_analytics.store.parts import PART_TABLES

SOKO = str(Path(sys.executable).parent / "soko")
HEADER = re.compile(r"^PokerStars Hand #\d+", re.M)
NOT_COMPARED = {"import_id", "source_file", "source_line", "resolved_by"}
"""Where a row came from (which file, which line of it), not what it says."""


@pytest.fixture(scope="module")
def logs() -> list[str]:
    """Simulated sessions of hold'em and stud as PokerStars text, hand by hand."""
    hands: list[str] = []
    for profile, count, seed in (("holdem", 400, 3), ("stud7", 150, 4)):
        text = api.simulate_text(profile, hands=count, seed=seed, format="pokerstars")
        starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
        hands.extend(text[a:b].strip() + "\n" for a, b in zip(starts, starts[1:]))
    assert len(hands) == 550
    return hands


def _folder(tmp_path: Path, hands: list[str]) -> tuple[Path, list[int]]:
    """The hands as files of 1 to 7 hands each, and a copy of the fifth file; the hands in each file."""
    folder = tmp_path / "session-logs"
    folder.mkdir()
    sizes, at = [], 0
    while at < len(hands):
        size = 1 + len(sizes) % 7
        (folder / f"table-{len(sizes):04d}.txt").write_text("\n\n".join(hands[at:at + size]), encoding="utf-8")
        sizes.append(len(hands[at:at + size]))
        at += size
    (folder / "zz-copy-of-table-0004.txt").write_text((folder / "table-0004.txt").read_text("utf-8"), "utf-8")
    return folder, sizes


def _rows(db: Path, table: str) -> pl.DataFrame:
    with Store(db, read_only=True) as store:
        frame = store.query(f"SELECT * FROM {table}")
    kept = [c for c in frame.columns if c not in NOT_COMPARED]
    return frame.select(kept).sort(kept, nulls_last=True)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_folder_of_small_files_stores_the_rows_the_same_hands_in_one_file_do(tmp_path, logs, jobs):
    folder, sizes = _folder(tmp_path, logs)
    one = tmp_path / "one.txt"
    one.write_text("\n\n".join(logs + logs[sum(sizes[:4]):sum(sizes[:5])]), encoding="utf-8")
    many_db, one_db = tmp_path / "many.duckdb", tmp_path / "one.duckdb"
    many = api.import_paths(many_db, [folder], jobs=jobs)
    single = api.import_paths(one_db, [one], jobs=jobs)

    # The logs' own headers: every hand stored once; the copy's hands already in the store.
    headers = sum(len(HEADER.findall(p.read_text("utf-8"))) for p in folder.iterdir())
    assert (many.stored, many.duplicate, many.quarantined) == (550, sizes[4], 0)
    assert many.stored + many.duplicate == headers == len(HEADER.findall(one.read_text("utf-8")))
    assert (single.stored, single.duplicate) == (many.stored, many.duplicate)
    by_name = {Path(f.path).name: f for f in many.files}
    twins = (by_name["table-0004.txt"], by_name["zz-copy-of-table-0004.txt"])  # which is read first: the threads'
    assert [by_name[f"table-{i:04d}.txt"].stored for i in range(len(sizes)) if i != 4] == sizes[:4] + sizes[5:]
    assert sorted((f.stored, f.duplicate) for f in twins) == [(0, sizes[4]), (sizes[4], 0)]

    for table in ("hands", "seats", "actions", "cards", "pots", "findings", "player_hands", "tournament_finishes"):
        assert _rows(many_db, table).equals(_rows(one_db, table)), table
    with Store(many_db, read_only=True) as a, Store(one_db, read_only=True) as b:
        sums = "SELECT player, game, stakes, day, sum(hands) AS hands, sum(net) AS net FROM player_days " \
               "GROUP BY ALL ORDER BY ALL"
        assert a.query(sums).equals(b.query(sums))
        # every file recorded, each with its own hands; parts a few per table, not one a file
        recorded = a.query("SELECT path, hands_stored, hands_duplicate FROM imports ORDER BY path")
        assert len(recorded) == len(sizes) + 1 and recorded["hands_stored"].sum() == 550
        parts = a.query("SELECT table_name, count(*) AS n FROM parts GROUP BY 1")
        assert set(parts["table_name"]) == set(PART_TABLES) and parts["n"].max() <= 3


def test_a_file_named_otherwise_is_read_when_its_first_bytes_are_a_hand_history(tmp_path, logs):
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "HH20261205 Table Ramses.Sample").write_text("\n\n".join(logs[:6]), encoding="utf-8")
    (folder / "session.txt").write_text("\n\n".join(logs[6:10]), encoding="utf-8")
    (folder / "session.hp").write_text("hands: 4\nwinnings: 1.20\n", encoding="utf-8")  # a tracker's sidecar
    summary = api.import_paths(tmp_path / "s.duckdb", [folder])
    assert summary.stored == 10 and len(summary.files) == 2
    assert [(Path(p).name, "not a hand history" in why) for p, why in summary.passed] == [("session.hp", True)]

    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "HH20261205 Table Ramses.Sample").write_text("\n\n".join(logs[:6]), encoding="utf-8")
    assert api.import_paths(tmp_path / "t.duckdb", [alone]).stored == 6

    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "session.hp").write_text("hands: 4\n", encoding="utf-8")
    with pytest.raises(SokoError, match=r"no hand-history files in .*session\.hp"):
        api.import_paths(tmp_path / "u.duckdb", [notes])


def test_the_import_names_the_files_it_skipped_and_why(tmp_path, logs):
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "session.txt").write_text("\n\n".join(logs[:3]), encoding="utf-8")
    for name in ("a.hp", "b.json", "notes.md"):
        (folder / name).write_text("not poker\n", encoding="utf-8")
    done = subprocess.run([SOKO, "import", str(folder), "--db", str(tmp_path / "s.duckdb")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "3 files skipped, not hand histories by name or by their first bytes: a.hp, b.json, notes.md" \
        in done.stderr
    assert "3 hands stored" in done.stdout


def test_a_zip_of_thousands_of_members_is_read_member_by_member(tmp_path, logs):
    """A client's export: one archive of many small members (some empty, one name twice: Python's zipfile
    reads the last entry of a name, and so must we)."""
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(3_000):
            z.writestr(f"sessions/table-{i:04d}.txt", "\n\n".join(logs[i * 2:i * 2 + 2]) if i < 60 else "")
        with pytest.warns(UserWarning, match="Duplicate name"):
            z.writestr("sessions/table-0000.txt", "\n\n".join(logs[200:205]))
    with zipfile.ZipFile(archive) as z:
        expected = sum(len(HEADER.findall(z.read(name).decode("utf-8"))) for name in set(z.namelist()))
    summary = api.import_paths(tmp_path / "s.duckdb", [archive])
    assert expected == 59 * 2 + 5
    assert (summary.stored, summary.quarantined, summary.files[0].format) == (expected, 0, "pokerstars")


def test_files_not_read_for_one_reason_are_named_a_few_at_a_time(tmp_path, logs):
    """A wrong --format fails every file alike: five named, the rest counted; an archive's members that share a
    reason give it once, with their count."""
    folder = tmp_path / "logs"
    folder.mkdir()
    for i in range(8):
        (folder / f"table-{i}.txt").write_text(logs[i], encoding="utf-8")
    with zipfile.ZipFile(folder / "export.zip", "w") as z:
        for i in range(30):
            z.writestr(f"m{i}.txt", logs[10 + i])
    done = subprocess.run([SOKO, "import", str(folder), "--db", str(tmp_path / "s.duckdb"), "--format", "phh"],
                          capture_output=True, text=True, timeout=120)
    lines = done.stderr.splitlines()
    wrong = "not a phh file: it reads as pokerstars"
    named = [line for line in lines if line.startswith("soko: not read: ") and wrong in line]
    assert len(named) == 6, done.stderr  # five of the eight files, and the archive
    assert "soko: not read: 3 more files, for the same reason" in lines
    (archive,) = [line for line in named if "export.zip" in line]
    assert archive.endswith("(30 members)") and archive.count(wrong) == 1
