"""The log's owner per hand (``hands.hero``, schema 11), ``soko stats --hero`` and ``--site``, and the dashboard's.

The expected owner is read off each log's own text, not the reader's: the one player a PokerStars-family log
deals cards to face up (``Dealt to X [Ah Kd]``), Bovada's ``[ME]`` (stored as ``Hero``), the one player an old
Winning log deals more than one card face up before anyone acts (``Player X received card: [Ad]``), none where a
log deals every player's cards (the sample's PHH) or none at all."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from soko_analytics.cli import app
from soko_analytics.store.db import Store

DEALT = re.compile(r"^[ \t]*Dealt to (.+?) \[ ?[^\]\sX]", re.MULTILINE)
"""A deal line with a card shown (Dutch logs name a king ``H``; Winamax hides others' cards as ``X``)."""
WINNING_DEALT = re.compile(r"^Player (.+?) received card: \[", re.MULTILINE)
WINNING_ACTS = re.compile(r"^Player .+ (?:folds|checks|calls|bets|raises|allin|bring in)\b", re.MULTILINE)
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory, corpus) -> str:
    path = tmp_path_factory.mktemp("hero") / "s.duckdb"
    logs = [corpus / "sites" / "Bovada", corpus / "sites" / "PacificPoker", corpus / "sites" / "Winning",
            *sorted((corpus / "pokerstars").rglob("*.txt"))[:40], *sorted((corpus / "phh").rglob("*.phh"))[:3]]
    with Store(path) as store:
        store.import_paths(logs)
    return str(path)


def _expected(site: str, raw: str) -> str | None:
    if site in ("Bovada", "Ignition", "Bodog"):
        return "Hero" if "[ME]" in raw else None
    if site == "Winning" and raw.lstrip("\ufeff").startswith("Game started at: "):
        deal = WINNING_DEALT.findall(WINNING_ACTS.split(raw)[0])  # stud deals up cards face up to all
        owners = {name for name in deal if deal.count(name) > 1}
        return owners.pop() if len(owners) == 1 else None
    owners = set(DEALT.findall(raw.split("*** SUMMARY ***")[0].split("** Summary **")[0]))
    return owners.pop() if len(owners) == 1 else None


def test_each_hand_records_the_owner_its_log_names(db):
    with Store(db, read_only=True) as store:
        rows = store.query("SELECT site, format, raw, hero FROM hands").rows()
    assert len(rows) > 1000
    wrong = [(site, hero, raw[:120]) for site, fmt, raw, hero in rows if fmt != "phh" and hero != _expected(site, raw)]
    assert not wrong, wrong[:3]
    sites = {site for site, _, _, hero in rows if hero is not None}
    assert {"Bovada", "Ignition", "888poker", "Winning", "PokerStars"} <= sites
    assert {hero for _, fmt, _, hero in rows if fmt == "phh"} == {None}  # PHH deals every player's cards


def test_stats_hero_counts_the_owners_hands_only(db):
    with Store(db, read_only=True) as store:  # the owner's hands where the owner was dealt in (not sitting out)
        owned = dict(store.query("SELECT h.hero, count(*) FROM hands AS h JOIN seats AS s ON s.hand_key = h.hand_key "
                                 "AND s.player = h.hero WHERE s.dealt_in GROUP BY h.hero").rows())
    result = runner.invoke(app, ["stats", "--db", db, "--hero", "--format", "json"])
    assert result.exit_code == 0, result.output
    counted: dict[str, int] = {}
    for row in json.loads(result.stdout):
        counted[row["player"]] = counted.get(row["player"], 0) + row["hands"]
    assert counted == owned
    # by month (which player_days could answer) the hero's rows are the same hands
    result = runner.invoke(app, ["stats", "--db", db, "--hero", "--by", "month", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert sum(r["hands"] for r in json.loads(result.stdout) if r.get("by_key", r.get("month")) is not None) \
        == sum(owned.values())


def test_stats_site_counts_that_sites_hands_only(db):
    with Store(db, read_only=True) as store:
        dealt = store.query("SELECT count(*) FROM hands AS h JOIN seats AS s ON s.hand_key = h.hand_key "
                            "WHERE s.dealt_in AND h.site = '888poker'").rows()[0][0]
    for by in ([], ["--by", "month"]):
        result = runner.invoke(app, ["stats", "--db", db, "--site", "888poker", *by, "--format", "json"])
        assert result.exit_code == 0, result.output
        assert sum(r["hands"] for r in json.loads(result.stdout)) == dealt > 0


def test_the_dashboard_of_a_sites_owners(db, tmp_path):
    with Store(db, read_only=True) as store:
        heroes = {r[0] for r in store.query("SELECT DISTINCT hero FROM hands WHERE site = 'Winning' AND hero "
                                            "IS NOT NULL").rows()}
        others = store.query("SELECT s.player, count(*) AS n FROM seats AS s JOIN hands AS h USING (hand_key) "
                             "WHERE h.site = 'Winning' AND s.player NOT IN (SELECT hero FROM hands WHERE hero IS "
                             "NOT NULL) GROUP BY ALL ORDER BY n DESC LIMIT 1").rows()
    out = tmp_path / "dash.html"
    result = runner.invoke(app, ["report", "dashboard", "--db", db, "--site", "Winning", "--hero", "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="soko-data">(.*?)</script>', page, re.S)[1])
    # the hero charts are the owners' hands, and the page says whose they are
    assert data["focus"]["how"] == "hero" and set(data["focus"]["names"]) == heroes, data["focus"]
    assert all(hero in page.split("Hero: <b>")[1].split("</b>")[0] for hero in heroes)
    # the players table marks the owners as heroes and the site's busiest player who never owned a log as an opponent
    marked = dict(zip(data["table"]["players"], data["table"]["hero"]))
    assert {p for p, is_hero in marked.items() if is_hero} == heroes
    assert others and marked[others[0][0]] is False, others
