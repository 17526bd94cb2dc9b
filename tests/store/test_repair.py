"""Schema 14 and ``soko repair`` (issue 35): a Parquet part cut short, overwritten or with bytes changed is found
when the store is opened and named in one line with the way to repair it (exit 2, never "internal error"); the
repair rebuilds its rows from the stored hands' raw text (the rows the import wrote, to the last value), or
quarantines as ``damaged``, with its raw text, a hand whose text no longer reads; imports work again after it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.errors import StoreError
from soko_analytics.store.db import Store
from soko_analytics.store.parts import PART_TABLES

from ..older_store import make_v13
from ..parsers.test_pokerstars_malformed import GOOD

runner = CliRunner()


def _store(tmp_path: Path, count: int = 4) -> tuple[Path, Path]:
    log = tmp_path / "logs" / "a.txt"
    log.parent.mkdir()
    log.write_text("\n\n".join(GOOD.format(id=n) for n in range(1, count + 1)) + "\n", encoding="utf-8")
    db = tmp_path / "s.duckdb"
    assert api.import_paths(db, [log]).stored == count
    return db, log


def _part(db: Path, table: str) -> Path:
    with Store(db, read_only=True) as store:
        (file,) = store.query("SELECT file FROM parts WHERE table_name = ?", [table])["file"]
    return db.parent / file


def _rows(db: Path) -> dict[str, list[str]]:
    with Store(db, read_only=True) as store:
        return {t: sorted(map(repr, store.query(f"SELECT * FROM {t}").rows())) for t in ("hands", *PART_TABLES)}


def _flip(path: Path, at: int = 200) -> None:
    data = bytearray(path.read_bytes())
    data[at] ^= 0xFF
    path.write_bytes(bytes(data))


def test_a_part_cut_short_is_one_line_naming_it_and_soko_repair_and_blocks_nothing_after_the_repair(tmp_path):
    db, _ = _store(tmp_path)
    seats = _part(db, "seats")
    size = seats.stat().st_size
    with open(seats, "r+b") as f:
        f.truncate(size // 2)
    for command in (["stats", "--db", str(db)], ["quarantine", "--db", str(db)], ["audit", "--db", str(db)],
                    ["export", str(tmp_path / "lake"), "--to", "parquet", "--db", str(db)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr.count("\n") == 1 and "internal error" not in result.stderr
        assert f"{seats}: a Parquet part of the store's seats table is damaged: {size // 2:,} bytes, {size:,} " \
               "when written" in result.stderr and f"soko repair --db {db}" in result.stderr
    more = tmp_path / "b.txt"
    more.write_text(GOOD.format(id=9), encoding="utf-8")
    blocked = runner.invoke(app, ["import", str(more), "--db", str(db)])
    assert blocked.exit_code == 2 and "soko repair" in blocked.stderr
    repaired = runner.invoke(app, ["repair", "--db", str(db)])
    assert repaired.exit_code == 0, repaired.output
    assert "seats: " in repaired.stdout and "the rows of 4 hands rebuilt from their raw text" in repaired.stdout
    assert not seats.exists()  # the damaged file is gone once its rows are rebuilt
    after = runner.invoke(app, ["import", str(more), "--db", str(db)])
    assert after.exit_code == 0 and "1 hand stored" in after.stdout
    assert runner.invoke(app, ["repair", "--db", str(db), "--check"]).stdout.endswith("every part is whole\n")


def test_bytes_changed_in_a_part_are_found_by_its_checksum(tmp_path):
    db, _ = _store(tmp_path)
    player_hands = _part(db, "player_hands")
    _flip(player_hands)  # same size, still a Parquet file by its ends: only the checksum tells
    result = runner.invoke(app, ["stats", "--db", str(db)])
    assert result.exit_code == 2 and "player_hands table is damaged: its bytes are not the ones written" \
        in result.stderr


def test_bytes_changed_behind_an_unchanged_time_are_found_by_repair_check(tmp_path):
    db, _ = _store(tmp_path)
    pots = _part(db, "pots")
    stat = pots.stat()
    _flip(pots)
    os.utime(pots, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # rot on the disk: the open's cheap checks pass
    with Store(db, read_only=True):
        pass
    check = runner.invoke(app, ["repair", "--db", str(db), "--check"])
    assert check.exit_code == 1 and f"{pots.relative_to(db.parent)}: pots: its bytes are not the ones written" \
        in check.stdout and "1 of 5 parts damaged or missing" in check.stdout
    assert runner.invoke(app, ["repair", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["repair", "--db", str(db), "--check"]).exit_code == 0


def test_a_part_that_duckdb_cannot_read_behind_an_unchanged_time_is_named_not_an_internal_error(tmp_path):
    db, _ = _store(tmp_path)
    player_hands = _part(db, "player_hands")
    stat = player_hands.stat()
    data = bytearray(player_hands.read_bytes())
    footer = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
    for i in range(footer + 10, footer + 60):  # the footer's column metadata: DuckDB cannot read the file's schema
        data[i] ^= 0x5A
    player_hands.write_bytes(bytes(data))
    os.utime(player_hands, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    for command in (["stats", "--db", str(db), "--by", "position"], ["report", "dashboard", "--db", str(db), "--out",
                    str(tmp_path / "d.html")], ["export", str(tmp_path / "lake"), "--to", "parquet", "--db", str(db)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.output)
        assert f"{player_hands}: a Parquet part of the store's player_hands table is damaged" in result.stderr
        assert "soko repair" in result.stderr and "internal error" not in result.stderr


def test_the_repair_rebuilds_every_table_as_the_import_wrote_it(tmp_path):
    db, _ = _store(tmp_path, count=6)
    before = _rows(db)
    for part in [_part(db, table) for table in PART_TABLES]:
        with open(part, "r+b") as f:
            f.truncate(100)
    report = api.repair(db)
    assert report.repaired and sorted(d.table for d in report.damaged) == sorted(PART_TABLES)
    assert report.hands == 6 and report.dropped == []
    assert _rows(db) == before  # every row, the actions' file lines too


def test_a_missing_parts_folder_is_rebuilt(tmp_path):
    db, _ = _store(tmp_path)
    before = _rows(db)
    shutil.rmtree(tmp_path / "soko_parts")
    with pytest.raises(StoreError, match="Parquet parts of the store are missing.*soko repair"):
        Store(db, read_only=True)
    assert api.repair(db).repaired
    assert _rows(db) == before


def test_a_hand_whose_text_no_longer_reads_is_quarantined_as_damaged_with_its_raw_text(tmp_path):
    db, log = _store(tmp_path)
    with Store(db) as store:  # as a reader that changed since would see it: hand 3's text no longer reads
        store.con.execute("UPDATE hands SET raw = replace(raw, 'Cleo: calls', 'Cleo: juggles') WHERE hand_id = '3'")
    changed = GOOD.format(id=3).strip().replace("Cleo: calls", "Cleo: juggles")
    with open(_part(db, "actions"), "r+b") as f:
        f.truncate(100)
    report = api.repair(db)
    assert report.hands == 3 and [(Path(p).name, h) for p, h, _ in report.dropped] == [("a.txt", "3")]
    with Store(db, read_only=True) as store:
        assert store.query("SELECT hand_id FROM hands ORDER BY hand_id")["hand_id"].to_list() == ["1", "2", "4"]
        for table in PART_TABLES:  # none of its rows is left anywhere
            assert store.query(f"SELECT count(*) AS n FROM {table} WHERE hand_key NOT IN "
                               "(SELECT hand_key FROM hands)")["n"][0] == 0
        assert store.query("SELECT sum(hands)::INT AS n FROM player_days")["n"][0] == 3 * 3  # three seats a hand
        (record,) = store.query("SELECT * FROM quarantine").to_dicts()
    assert record["kind"] == "damaged" and record["hand_id"] == "3" and record["raw"] == changed
    assert "unknown action" in record["reason"] and f"soko import --force {log}" in record["reason"]
    again = api.import_paths(db, [log], force=True)
    assert again.stored == 1 and api.quarantine_records(db) == []  # stored again: the record is resolved


def test_a_store_of_schema_13_has_its_parts_measured_by_the_upgrade(tmp_path):
    db, _ = _store(tmp_path)
    make_v13(db)
    with Store(db) as store:
        measured = store.query("SELECT file, bytes, checksum FROM parts").rows()
    assert len(measured) == 5 and all(size == (db.parent / file).stat().st_size and len(checksum) == 32
                                      for file, size, checksum in measured)
    _flip(_part(db, "cards"))
    with pytest.raises(StoreError, match="cards table is damaged"):
        Store(db, read_only=True)
