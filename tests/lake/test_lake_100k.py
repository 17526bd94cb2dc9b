"""The issue's CI test: ``soko lake build`` on a LocalCluster of two workers over the corpus and 100,000 simulated
hands gives the tables and the stats of ``soko import`` of the same files into a store (the oracle).

Simulating 100,000 hands takes about a minute, so 10,000 are simulated (2,500 each of four games, by the
project's simulator) and each is written ten times, under a new hand id and in another month each time: 100,000
distinct hands (their ids and dates differ, so their keys and content hashes differ), in 40 files spread over
four games and ten months, which is what the lake's tasks and partitions see. Written once per test process,
read by the lake's build and by the store's import alike.
"""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from soko_analytics import api
from soko_analytics.cli import app
from soko_analytics.lake import build
from soko_analytics.store.db import TABLES, Store

GAMES = ("holdem", "stud7", "omaha", "razz")
SIMULATED = 2_500
"""Hands simulated of each game."""
COPIES = 10
"""Times each simulated hand is written, under a new id and month: GAMES × SIMULATED × COPIES = 100,000 hands."""
SITES = ("Bovada", "GGPoker", "PacificPoker", "PartyPoker", "Winamax", "Winning", "iPoker")
HEADER = re.compile(r"^(PokerStars Hand #)(\d+)(: .* - )2026/03/", re.MULTILINE)
"""A simulated hand's first line: its id, and the year and month of its date (the simulator starts on 2026/03/14)."""


def copy_of(text: str, copy: int) -> str:
    """A simulated file's text with every hand's id given a prefix ``copy + 1`` and its date moved to month
    ``copy + 1`` of 2025."""
    return HEADER.sub(lambda m: f"{m[1]}{copy + 1}{int(m[2]):09d}{m[3]}2025/{copy + 1:02d}/", text)


@pytest.fixture(scope="session")
def hundred_thousand(tmp_path_factory):
    """The folder of the 100,000 hands (see the module text) and the count of hand headers written."""
    folder = tmp_path_factory.mktemp("sim100k")
    headers = 0
    for seed, game in enumerate(GAMES, start=11):
        text = api.simulate_text(game, hands=SIMULATED, seed=seed)
        assert len(HEADER.findall(text)) == SIMULATED  # every hand's header is renamed below
        for copy in range(COPIES):
            written = copy_of(text, copy)
            headers += len(re.findall(r"^PokerStars Hand #\d+: ", written, re.MULTILINE))
            (folder / f"{game}-{copy}.txt").write_text(written, encoding="utf-8")
    return folder, headers


DAY = ("player", "currency", "decimals", "game", "profile", "structure", "stakes", "day")
"""What names a row of ``player_days`` (the rest are sums)."""


def _sums_by_day(columns: list[str]) -> str:
    sums = ", ".join(f"round(sum({name}), 6) AS {name}" for name in columns if name not in DAY)
    return f"SELECT {', '.join(DAY)}, {sums} FROM player_days GROUP BY ALL ORDER BY ALL"


def _sorted(store: Store, table: str):
    frame = store.table(table)
    return frame.sort(frame.columns, nulls_last=True)


@pytest.mark.slow  # about a minute on two cores: 10,000 hands simulated, 100,000 built into a lake and a store
def test_100000_simulated_hands_and_the_corpus_on_two_workers_give_the_stores_tables_and_stats(
        tmp_path, client, corpus, hundred_thousand):
    folder, headers = hundred_thousand
    assert headers == len(GAMES) * SIMULATED * COPIES == 100_000
    inputs = [corpus / "sites" / site for site in SITES] + [folder]
    out, db = tmp_path / "lake", tmp_path / "store.duckdb"
    summary = build(inputs, out, client=client)
    # the store keeps the copy of a hand in two files (the corpus has some) first in the files' order, with any jobs
    imported = api.import_paths(db, inputs, jobs=2)
    assert summary.workers == 2 and summary.tasks >= 4  # the default split: several tasks a worker
    assert (summary.stored, summary.duplicate, summary.quarantined) == \
        (imported.stored, imported.duplicate, imported.quarantined)
    with Store(db, read_only=True) as store, Store(out, read_only=True) as lake:
        simulated = "SELECT count(*) FROM hands WHERE site = 'PokerStars'"
        assert lake.query(simulated).item() == store.query(simulated).item() == 100_000  # every copy stored
        months = "SELECT count(DISTINCT strftime(start_local, '%Y-%m')) FROM hands WHERE site = 'PokerStars'"
        assert lake.query(months).item() == COPIES
        for table in TABLES:
            if table not in ("imports", "player_days"):
                assert len(lake.table(table)) == len(store.table(table)), table
        # player_days: the store adds a chunk's sums as rows of their own (a player's day read in two chunks is two
        # rows), the lake's view sums player_hands at once: the same sums per player and day, not the same rows
        by_day = _sums_by_day(store.table("player_days").columns)
        assert lake.query(by_day).equals(store.query(by_day))
        for table in ("hands", "seats", "player_hands", "findings", "pots"):
            assert _sorted(lake, table).equals(_sorted(store, table)), table
        net = "SELECT player, sum(net) AS net, count(*) AS n FROM seats GROUP BY player ORDER BY player"
        assert lake.query(net).equals(store.query(net))
    runner = CliRunner()
    command = ["stats", "--format", "json"]  # (soko audit over 100,000 hands is a minute or two: tests/lake/test_lake.py
    # compares it on the corpus)
    of_store = runner.invoke(app, [*command, "--db", str(db)])
    of_lake = runner.invoke(app, [*command, "--db", str(out)])
    assert of_lake.exit_code == of_store.exit_code == 0
    assert of_lake.stdout == of_store.stdout
    assert len(json.loads(of_lake.stdout)) > 6  # the simulated players and the corpus's
