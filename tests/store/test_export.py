"""``soko export``: the store as partitioned Parquet (read back by DuckDB and Polars) and as text."""

from __future__ import annotations

import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

from soko_analytics.cli import app
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path
from soko_analytics.store.db import HAND_TABLES, TABLES, Store, StoreError
from soko_analytics.store.export import export_parquet, export_text

runner = CliRunner()


@pytest.fixture(scope="module")
def store_path(tmp_path_factory, corpus):
    path = tmp_path_factory.mktemp("export") / "corpus.duckdb"
    with Store(path) as store:
        store.import_paths([corpus / "pokerstars"], jobs=2)
    return path


@pytest.fixture(scope="module")
def lake(store_path, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lake") / "out"
    with Store(store_path, read_only=True) as store:
        written = export_parquet(store, folder)
        counts = {name: store.query(f"SELECT count(*) AS n FROM {name}")["n"][0] for name in TABLES}
    return folder, written, counts


def _glob(folder, name: str) -> str:
    return str(folder / name / "**" / "*.parquet") if name in HAND_TABLES else str(folder / f"{name}.parquet")


def test_parquet_rows_per_table_equal_the_store(lake):
    _, written, counts = lake
    assert written == counts
    # 1,062 hands are read and 2 of them are copies of others in another file, stored once; 13 are quarantined
    assert counts["hands"] == 1066 and counts["quarantine"] == 7 and counts["pots"] > 0 and counts["findings"] > 0


def test_duckdb_reads_the_parquet_back(lake):
    folder, _, counts = lake
    con = duckdb.connect()
    for name in TABLES:
        n = con.execute(f"SELECT count(*) FROM read_parquet('{_glob(folder, name)}', hive_partitioning=true)")
        assert n.fetchone()[0] == counts[name], name
    games = con.execute(f"SELECT DISTINCT game FROM read_parquet('{_glob(folder, 'seats')}', hive_partitioning=true)")
    assert {g for (g,) in games.fetchall()} == {"holdem", "stud7", "stud7-hilo", "omaha", "omaha-hilo", "omaha5",
                                                "omaha5-hilo", "omaha6", "razz", "draw5", "single-draw27",
                                                "triple-draw27", "badugi", "short-deck", "courchevel",
                                                "courchevel-hilo"}


def test_polars_reads_the_parquet_back(lake):
    folder, _, counts = lake
    for name in HAND_TABLES:
        frame = pl.scan_parquet(folder / name, hive_partitioning=True).collect()
        assert len(frame) == counts[name], name
        assert {"game", "month"} <= set(frame.columns)
    assert len(pl.read_parquet(folder / "quarantine.parquet")) == counts["quarantine"]
    assert len(pl.read_parquet(folder / "imports.parquet")) == counts["imports"]


def test_hand_tables_are_partitioned_by_game_and_month(lake):
    folder, _, _ = lake
    for name in ("hands", "seats", "actions", "cards", "pots"):  # the findings are all of hold'em hands
        assert (folder / name / "game=holdem").is_dir() and (folder / name / "game=stud7").is_dir(), name
    assert (folder / "hands" / "game=stud7" / "month=2009-11").is_dir()
    months = [p.name for p in (folder / "hands" / "game=holdem").iterdir()]
    assert all(m.startswith("month=") and (m == "month=unknown" or len(m) == len("month=2010-04")) for m in months)


def test_a_hands_rows_are_in_its_hands_partition(lake):
    folder, _, _ = lake
    hands = pl.scan_parquet(folder / "hands", hive_partitioning=True).select("hand_key", "game", "month")
    actions = pl.scan_parquet(folder / "actions", hive_partitioning=True).select("hand_key", "game", "month")
    joined = actions.join(hands, on="hand_key", suffix="_hand").collect()
    assert len(joined) > 0
    assert (joined["game"] == joined["game_hand"]).all() and (joined["month"] == joined["month_hand"]).all()


def test_money_per_game_is_the_same_in_parquet_and_in_the_store(lake, store_path):
    folder, _, _ = lake
    with Store(store_path, read_only=True) as store:
        stored = store.query("SELECT h.game, sum(s.net) AS net, sum(s.put_in) AS put_in FROM seats s "
                             "JOIN hands h USING (hand_key) GROUP BY h.game ORDER BY h.game")
    seats = pl.scan_parquet(folder / "seats", hive_partitioning=True)
    exported = (seats.group_by("game").agg(pl.col("net").sum(), pl.col("put_in").sum()).sort("game").collect())
    assert stored.rows() == exported.rows()
    assert exported.schema["net"] == pl.Int64  # minor units stay integers
    con = duckdb.connect()
    via_duckdb = con.execute(f"SELECT game, sum(net), sum(put_in) FROM read_parquet('{_glob(folder, 'seats')}', "
                             "hive_partitioning=true) GROUP BY game ORDER BY game").fetchall()
    assert via_duckdb == stored.rows()


def test_an_empty_hand_table_keeps_its_schema(tmp_path, corpus):
    db = tmp_path / "s.duckdb"
    with Store(db) as store:
        file = next(f for f in sorted((corpus / "pokerstars").rglob("*.txt"))
                    if any(isinstance(h, Hand) for h in read_path(f, "pokerstars")))
        store.import_paths([file], with_audit=False)
        written = export_parquet(store, tmp_path / "out")
    assert written["pots"] == written["findings"] == 0 and written["hands"] > 0
    frame = pl.scan_parquet(tmp_path / "out" / "pots", hive_partitioning=True).collect()
    assert len(frame) == 0 and {"hand_key", "winners", "game", "month"} <= set(frame.columns)


def test_parquet_export_does_not_overwrite(lake, store_path):
    folder, _, _ = lake
    with Store(store_path, read_only=True) as store, pytest.raises(StoreError, match="already exists"):
        export_parquet(store, folder)


def test_pokerstars_text_reimports_as_the_same_hands(store_path, tmp_path):
    out = tmp_path / "hands.txt"
    written, skipped = export_text(store_path, out, "pokerstars")
    assert (written, skipped) == (1066, 0)
    with Store(tmp_path / "again.duckdb") as again:
        summary = again.import_paths([out])
        assert summary.stored == 1066 and summary.quarantined == 0
        back = set(again.query("SELECT content_hash FROM hands")["content_hash"])
    with Store(store_path, read_only=True) as store:
        assert back == set(store.query("SELECT content_hash FROM hands")["content_hash"])


def test_phh_text_holds_every_written_hand(store_path, tmp_path):
    out = tmp_path / "hands.phhs"
    written, skipped = export_text(store_path, out, "phh")
    assert written + skipped == 1066 and written > 0
    assert sum(isinstance(h, Hand) for h in read_path(out, "phh")) == written


def test_hands_a_format_cannot_express_are_skipped(store_path, tmp_path):
    written, skipped = export_text(store_path, tmp_path / "hands.soko", "soko")  # hold'em and stud are not Sökö
    assert written + skipped == 1066


def test_cli_export_parquet_prints_rows_per_table(store_path, tmp_path):
    result = runner.invoke(app, ["export", "--db", str(store_path), "--to", "parquet", str(tmp_path / "lake")])
    assert result.exit_code == 0, result.output
    assert "hands: 1,066 rows" in result.stdout and "quarantine: 7 rows" in result.stdout
    assert (tmp_path / "lake" / "hands" / "game=holdem").is_dir()


def test_cli_export_text_prints_written_and_skipped(store_path, tmp_path):
    out = tmp_path / "hands.txt"
    result = runner.invoke(app, ["export", "--db", str(store_path), "--to", "pokerstars", str(out)])
    assert result.exit_code == 0, result.output
    assert "1,066 hands written" in result.stdout and "0 skipped" in result.stdout
    assert out.read_text(encoding="utf-8").startswith("PokerStars")


def test_cli_export_of_a_missing_store_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["export", "--db", str(tmp_path / "none.duckdb"), "--to", "parquet",
                                 str(tmp_path / "lake")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "no store here" in result.stderr
    assert "Traceback" not in result.output and not (tmp_path / "lake").exists()


def test_cli_export_to_an_unknown_format_is_a_usage_error(store_path, tmp_path):
    result = runner.invoke(app, ["export", "--db", str(store_path), "--to", "xml", str(tmp_path / "x")])
    assert result.exit_code == 2 and "'xml' is not one of" in result.stderr


def test_cli_export_to_an_unwritable_place_is_one_line(store_path, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    for to, out in (("pokerstars", blocker / "hands.txt"), ("parquet", blocker / "lake")):
        result = runner.invoke(app, ["export", "--db", str(store_path), "--to", to, str(out)])
        assert result.exit_code == 2, (to, result.output)
        assert result.stderr.startswith("soko: error:") and "Traceback" not in result.output
