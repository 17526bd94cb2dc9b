"""``soko lake build`` on a Dask LocalCluster of two worker processes, against ``soko import`` of the same files.

The store imported from the same files is the oracle for the tables, the quarantine and ``soko stats``; the
duplicate and the conflict are made from simulated hands whose ids and texts the test sets itself.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.lake import build
from soko_analytics.store.db import TABLES, Store
from soko_analytics.store.lake import MANIFEST

SITES = ("Bovada", "GGPoker", "PacificPoker", "PartyPoker", "Winamax", "Winning", "iPoker")
"""Corpus folders read in place: some 1,700 hands of seven sites' formats, with hands in two files and quarantined
hands among them, and a text quarantined twice (which the store counts as a hand already in the store)."""


def hands_of(text: str) -> list[str]:
    """The hands of a simulated PokerStars text (they are separated by a blank line)."""
    return [h.strip() + "\n" for h in text.strip().split("\n\n") if h.strip()]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory, corpus):
    """The corpus folders and a simulated file, as paths."""
    folder = tmp_path_factory.mktemp("sim")
    (folder / "soko.txt").write_text(api.simulate_text("soko-casino", hands=150, seed=5), encoding="utf-8")
    return [corpus / "sites" / site for site in SITES] + [folder / "soko.txt"]


@pytest.fixture(scope="module")
def built(tmp_path_factory, client, inputs):
    """The lake (in small tasks: many per worker) and the store of the same files."""
    out = tmp_path_factory.mktemp("lake") / "lake"
    summary = build(inputs, out, client=client, size=150_000)
    db = tmp_path_factory.mktemp("store") / "store.duckdb"
    imported = api.import_paths(db, inputs)
    return out, db, summary, imported


def _sorted(store: Store, table: str) -> pl.DataFrame:
    frame = store.table(table)
    return frame.sort(frame.columns, nulls_last=True)


def test_the_lake_holds_the_stores_tables_gives_its_stats_and_a_rerun_adds_nothing(built, inputs, client):
    out, db, summary, imported = built
    assert summary.tasks > 2  # the files were split into several tasks
    assert (summary.stored, summary.duplicate, summary.quarantined) == \
        (imported.stored, imported.duplicate, imported.quarantined)
    assert summary.quarantined > 0 and summary.duplicate > 0
    with Store(db, read_only=True) as store, Store(out, read_only=True) as lake:
        for table in TABLES:
            if table == "imports":
                continue
            assert len(lake.table(table)) == len(store.table(table)), table
        for table in ("hands", "seats", "player_hands", "findings", "pots", "tournament_finishes"):
            assert _sorted(lake, table).equals(_sorted(store, table)), table
        net = "SELECT player, sum(net) AS net, count(*) AS n FROM seats GROUP BY player ORDER BY player"
        assert lake.query(net).equals(store.query(net))
        quarantine = "SELECT * FROM quarantine ORDER BY source_file, source_line, kind"
        assert lake.query(quarantine).equals(store.query(quarantine))
        files = "SELECT import_id, path, size, content_hash, format, hands_stored FROM imports ORDER BY import_id"
        assert lake.query(files).equals(store.query(files))
    # (one test with the next two: pytest-xdist would build the module's lake and store once per process)
    _stats_and_audit_are_the_stores(out, db)
    _a_rerun_adds_nothing(out, inputs, client)


def _stats_and_audit_are_the_stores(out, db):
    runner = CliRunner()
    for command in (["stats", "--format", "json"], ["stats", "--by", "position", "--format", "json"],
                    ["audit", "--format", "json"], ["quarantine", "--by", "reason"]):
        of_store = runner.invoke(app, [*command, "--db", str(db)])
        of_lake = runner.invoke(app, [*command, "--db", str(out)])
        assert of_store.exit_code == of_lake.exit_code, command
        assert of_lake.stdout == of_store.stdout, command
        if command[0] == "stats":
            assert len(json.loads(of_lake.stdout)) > 50  # rows of players, not an empty result twice


def _a_rerun_adds_nothing(out, inputs, client):
    manifest = (out / MANIFEST).read_text(encoding="utf-8")
    again = build(inputs, out, client=client, size=150_000)
    assert again.stored == again.duplicate == again.quarantined == 0
    assert again.skipped_files == len(again.files) > 40
    after = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert after["parts"] == json.loads(manifest)["parts"] and after["files"] == json.loads(manifest)["files"]


def test_a_duplicate_in_two_tasks_is_stored_once_and_a_conflict_quarantined(tmp_path, client):
    three = hands_of(api.simulate_text("holdem", hands=3, seed=3))
    other = hands_of(api.simulate_text("holdem", hands=1, seed=4))[0]
    assert "#3000001:" in three[1] and "#4000000:" in other
    clash = other.replace("#4000000:", "#3000001:")  # the id of a hand of the first file, another hand
    (tmp_path / "a.txt").write_text("\n".join(three), encoding="utf-8")
    (tmp_path / "b.txt").write_text(three[1] + "\n" + other, encoding="utf-8")  # a copy of a.txt's second hand
    (tmp_path / "c.txt").write_text(clash, encoding="utf-8")
    out = tmp_path / "lake"
    summary = build([tmp_path / name for name in ("a.txt", "b.txt", "c.txt")], out, client=client, size=1)
    assert summary.tasks == 3  # a file a task
    by_file = {Path(f.path).name: (f.stored, f.duplicate, f.quarantined) for f in summary.files}
    assert by_file == {"a.txt": (3, 0, 0), "b.txt": (1, 1, 0), "c.txt": (0, 0, 1)}
    with Store(out, read_only=True) as lake:
        assert sorted(lake.hands()["hand_id"].to_list()) == ["3000000", "3000001", "3000002", "4000000"]
        assert len(lake.query("SELECT DISTINCT hand_key FROM seats")) == 4
        record = lake.quarantine().row(0, named=True)
        assert len(lake.quarantine()) == 1
        assert (record["kind"], record["hand_id"], Path(record["source_file"]).name) == ("conflict", "3000001", "c.txt")
        assert record["raw"].strip() == clash.strip()
        assert record["reason"] == "a different hand 3000001 of PokerStars is already stored"  # the site as its log names it


def test_a_worker_killed_during_a_task_then_a_rerun_gives_the_same_lake(tmp_path, client, corpus):
    folder = corpus / "sites" / "Bovada"
    clean = build([folder], tmp_path / "clean", client=client, size=100_000)
    out = tmp_path / "lake"
    done: list = []
    runner = threading.Thread(target=lambda: done.append(build([folder], out, client=client, size=100_000)))
    runner.start()
    staging = out / "_staging"
    deadline = time.monotonic() + 60
    while not staging.is_dir() and time.monotonic() < deadline and runner.is_alive():
        time.sleep(0.01)
    killed = runner.is_alive()
    if killed:  # a worker process killed while the tasks run: Dask gives its task to another
        victim = next(iter(client.run(os.getpid).values()))
        os.kill(victim, signal.SIGKILL)
    runner.join(120)
    client.wait_for_workers(2, timeout=60)
    assert killed, "the build ended before a worker could be killed"
    again = build([folder], out, client=client, size=100_000)
    assert (again.stored, done[0].stored) == (0, clean.stored)  # the killed worker's task ran again elsewhere
    with Store(tmp_path / "clean", read_only=True) as a, Store(out, read_only=True) as b:
        for table in TABLES:
            assert len(a.table(table)) == len(b.table(table)), table
        assert _sorted(a, "hands").drop("import_id").equals(_sorted(b, "hands").drop("import_id"))
    assert not list(out.glob("**/.*.tmp")) and not staging.exists()


def test_soko_lake_build_joins_a_scheduler_and_prints_one_line(tmp_path, client):
    hands = hands_of(api.simulate_text("holdem", hands=3, seed=3))
    (tmp_path / "h.txt").write_text("\n".join(hands), encoding="utf-8")
    out = tmp_path / "lake"
    result = CliRunner().invoke(app, ["lake", "build", str(tmp_path / "h.txt"), "--out", str(out),
                                      "--scheduler", client.scheduler.address, "--hero", "Sanna"])
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    assert line.startswith("1 file (0 unchanged, skipped): 3 hands stored, 0 duplicates, 0 quarantined; "
                           "1 task on 2 workers; "), line
    assert line.endswith(" hands/s")
    seated = {h.split(":")[0].split("#")[1]: ": Sanna (" in h for h in hands}  # hand id: is Sanna at the table
    assert set(seated.values()) == {True, False}  # the simulated hands have her in some, not all
    with Store(out, read_only=True) as lake:
        heroes = dict(lake.query("SELECT hand_id, hero FROM hands").iter_rows())
    assert heroes == {hand_id: "Sanna" if there else None for hand_id, there in seated.items()}
    both = CliRunner().invoke(app, ["lake", "build", str(tmp_path / "h.txt"), "--out", str(out), "--workers", "1",
                                    "--scheduler", client.scheduler.address])
    assert both.exit_code == 2 and "not both" in both.output
    on_a_store = CliRunner().invoke(app, ["import", str(tmp_path / "h.txt"), "--db", str(out)])
    assert on_a_store.exit_code == 2 and "soko lake build" in on_a_store.output


def test_a_first_build_killed_before_its_manifest_is_built_again(tmp_path, client):
    (tmp_path / "h.txt").write_text(api.simulate_text("holdem", hands=4, seed=6), encoding="utf-8")
    out = tmp_path / "lake"
    for leftover in ("hands/site=x/game=y/month=z/part-0.parquet", "_staging/t/seats/part.parquet"):
        (out / leftover).parent.mkdir(parents=True)
        (out / leftover).write_bytes(b"PAR1 cut short")  # what a killed driver's workers left, listed nowhere
    summary = build([tmp_path / "h.txt"], out, client=client)
    assert summary.stored == 4
    assert not (out / "hands/site=x").exists() or not list((out / "hands/site=x").rglob("*.parquet"))
    assert not (out / "_staging").exists()
    with Store(out, read_only=True) as lake:
        assert len(lake.hands()) == 4
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine", encoding="utf-8")
    refused = CliRunner().invoke(app, ["lake", "build", str(tmp_path / "h.txt"), "--out", str(tmp_path / "other"),
                                       "--scheduler", client.scheduler.address])
    assert refused.exit_code == 2 and "not a lake" in refused.output
    assert (tmp_path / "other" / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_later_build_killed_midway_leaves_nothing_the_next_build_keeps(tmp_path, client):
    (tmp_path / "a.txt").write_text(api.simulate_text("holdem", hands=3, seed=8), encoding="utf-8")
    out = tmp_path / "lake"
    build([tmp_path / "a.txt"], out, client=client)
    assert not (out / "_staging").exists()  # a whole build leaves no mark
    orphan = out / "hands/site=x/game=y/month=z/part-1.parquet"  # a killed build's final part, listed nowhere
    orphan.parent.mkdir(parents=True)
    orphan.write_bytes(b"PAR1 cut short")
    (out / "_staging" / "t").mkdir(parents=True)  # its mark: begun, never finished
    (tmp_path / "b.txt").write_text(api.simulate_text("holdem", hands=2, seed=9), encoding="utf-8")
    summary = build([tmp_path / "a.txt", tmp_path / "b.txt"], out, client=client)
    assert (summary.stored, summary.skipped_files) == (2, 1)
    assert not orphan.exists() and not (out / "_staging").exists()
    listed = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["parts"]
    on_disk = [str(part.relative_to(out)) for part in out.rglob("*.parquet")]
    assert sorted(on_disk) == sorted(part for parts in listed.values() for part in parts)


def test_a_file_read_again_without_its_bad_hand_resolves_the_record_as_the_store_does(tmp_path, client):
    good, other = hands_of(api.simulate_text("holdem", hands=2, seed=7))
    cut = other[:other.index("*** FLOP ***")] if "*** FLOP ***" in other else other[:other.index("*** SUMMARY ***")]
    path = tmp_path / "a.txt"
    path.write_text(good + "\n" + cut, encoding="utf-8")  # the second hand cut short: quarantined
    out, db = tmp_path / "lake", tmp_path / "store.duckdb"
    first = build([path], out, client=client)
    api.import_paths(db, [path])
    assert (first.stored, first.quarantined) == (1, 1)
    path.write_text(good, encoding="utf-8")  # the same file, the cut hand taken out
    second = build([path], out, client=client)
    api.import_paths(db, [path])
    assert (second.stored, second.duplicate, second.quarantined) == (0, 1, 0)
    rows = "SELECT import_id, hand_id, resolved_by FROM quarantine ORDER BY import_id"
    with Store(out, read_only=True) as lake, Store(db, read_only=True) as store:
        assert lake.query(rows).rows() == [(1, "7000001", 2)]  # read by file 1, no longer there when file 2 read it
        assert store.query(rows).rows() == [(1, "7000001", 2)]
    listed = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["parts"]["quarantine"]
    on_disk = [str(part.relative_to(out)) for part in (out / "quarantine").rglob("*.parquet")]
    assert len(listed) == 1 and sorted(on_disk) == listed  # the first build's part, rewritten, is deleted
