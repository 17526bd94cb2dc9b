"""``soko import --hero NAME`` (repeatable): each hand stored takes as its hero the first of the names seated in it,
NULL where none is. Expected heroes come from the log's own seat lines, read here with the test's regex."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from soko_analytics.cli import app
from soko_analytics.store.db import Store

runner = CliRunner()

LOG = "pokerstars/tour/Flop/NLO8-USD-STT-201109.Knockout.sample.txt"


def _seated(text: str) -> dict[str, list[str]]:
    """Hand id → the names of its seat lines, as the log prints them."""
    out: dict[str, list[str]] = {}
    for block in re.split(r"\n\s*\n", text):
        m = re.search(r"PokerStars (?:Hand|Game) #(\d+):", block)
        if m:
            out[m.group(1)] = re.findall(r"^Seat \d+: (.+?) \(\d+ in chips", block.split("*** HOLE CARDS")[0], re.M)
    return out


def _heroes(db) -> dict[str, str | None]:
    with Store(db, read_only=True) as store:
        return dict(store.query("SELECT hand_id, hero FROM hands").rows())


def test_the_first_named_player_seated_is_the_hero(tmp_path, corpus):
    seated = _seated((corpus / LOG).read_text(encoding="utf-8"))
    names = ("Nobody", "Lord Minge", "Hero")
    expected = {hand: next((n for n in names if n in players), None) for hand, players in seated.items()}
    # the names' order counts: Lord Minge sits in the first hands only, Hero in every one
    assert {"Lord Minge", "Hero"} <= set(expected.values())
    db = tmp_path / "s.duckdb"
    args = ["import", str(corpus / LOG), "--db", str(db)] + [a for n in names for a in ("--hero", n)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert _heroes(db) == expected


def test_none_of_the_names_seated_leaves_no_hero(tmp_path, corpus):
    seated = _seated((corpus / LOG).read_text(encoding="utf-8"))
    db = tmp_path / "s.duckdb"
    result = runner.invoke(app, ["import", str(corpus / LOG), "--db", str(db), "--hero", "Lord Minge", "-j", "2"])
    assert result.exit_code == 0, result.output
    got = _heroes(db)
    assert got == {hand: "Lord Minge" if "Lord Minge" in players else None for hand, players in seated.items()}
    assert None in got.values()


def test_without_hero_the_log_owner_stays(tmp_path, corpus):
    db = tmp_path / "s.duckdb"
    runner.invoke(app, ["import", str(corpus / LOG), "--db", str(db)])
    assert set(_heroes(db).values()) == {"Hero"}  # 'Dealt to Hero [..]'


def test_hero_names_the_hands_stored_before(tmp_path, corpus):
    """``--hero`` on a folder imported before: the unchanged file is skipped, yet its hands take the names; a copy
    under another name (its hands already in the store) the same; the line says how many changed."""
    seated = _seated((corpus / LOG).read_text(encoding="utf-8"))
    db = tmp_path / "s.duckdb"
    result = runner.invoke(app, ["import", str(corpus / LOG), "--db", str(db)])
    assert result.exit_code == 0 and set(_heroes(db).values()) == {"Hero"}
    # the same file again, unchanged: skipped, and relabelled
    result = runner.invoke(app, ["import", str(corpus / LOG), "--db", str(db), "--hero", "Lord Minge"])
    assert result.exit_code == 0, result.output
    expected = {hand: "Lord Minge" if "Lord Minge" in players else None for hand, players in seated.items()}
    assert _heroes(db) == expected
    assert "1 unchanged, skipped" in result.output
    assert f"the hero of {len(seated)} hands stored before changed" in result.output
    # a copy of it under another name: read, every hand already stored, relabelled as the names say
    copy = tmp_path / "copy.txt"
    copy.write_bytes((corpus / LOG).read_bytes())
    result = runner.invoke(app, ["import", str(copy), "--db", str(db), "--hero", "Hero"])
    assert result.exit_code == 0, result.output
    assert f"{len(seated)} already in the store" in result.output
    assert set(_heroes(db).values()) == {"Hero"}
    # naming them again changes nothing, and the line says nothing of it
    result = runner.invoke(app, ["import", str(copy), "--db", str(db), "--hero", "Hero"])
    assert result.exit_code == 0 and "hero of" not in result.output, result.output
