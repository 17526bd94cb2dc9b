"""``--lang`` on every command, and ``soko eval`` in each language (golden outputs read by eye against the seeds'
terms: tests/golden/eval.<lang>.table)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from soko_analytics import i18n
from soko_analytics.cli import app

runner = CliRunner()
GOLDEN = Path(__file__).parents[1] / "golden"
HANDS = ["Ah Ad Kc Ks 2d", "Qs Qd 9c 5h 2d", "As Ks Qs Js Ts", "7h 8h 9d Tc Jc", "2h 2d 2c 9s 9d", "Kh 9h 6h 4h 3h",
         "Ac Kd 9h 7s 3c", "5s 5h 5c 5d Kc", "Th Tc Ts Ks 2c", "6d 7d 8d 9d Td"]
"""A hand of every class of hold'em's ranking (the royal flush wins)."""


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def commands(group, prefix=()):
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from commands(command, (*prefix, name))
        else:
            yield (*prefix, name), command


def test_every_command_takes_lang():
    found = dict(commands(typer.main.get_command(app)))
    assert len(found) >= 16
    lacking = [" ".join(name) for name, command in found.items()
               if not any("--lang" in p.opts for p in command.params)]
    assert lacking == []


@pytest.mark.parametrize("language", ["en", "fi", "sv"])
def test_eval_in_each_language(language):
    result = runner.invoke(app, ["eval", *HANDS, "--lang", language])
    assert result.exit_code == 0, result.output
    golden = GOLDEN / f"eval.{language}.table"
    if os.environ.get("SOKO_GOLDEN") == "update":
        golden.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == golden.read_text(encoding="utf-8")


def test_the_locale_and_soko_lang_choose_the_language_and_the_flag_wins():
    finnish = runner.invoke(app, ["eval", HANDS[0]], env={"SOKO_LANG": None, "LC_ALL": None, "LC_MESSAGES": None,
                                                          "LANG": "fi_FI.UTF-8"})
    assert "kaksi paria, ässät ja kuninkaat" in finnish.stdout
    swedish = runner.invoke(app, ["eval", HANDS[0]], env={"SOKO_LANG": "sv"})
    assert "två par, ess och kungar" in swedish.stdout
    flag = runner.invoke(app, ["--lang", "sv", "eval", HANDS[0], "--lang", "en"], env={"SOKO_LANG": "fi"})
    assert "two pair, Aces and Kings" in flag.stdout


def test_an_unknown_language_is_a_usage_error_not_a_traceback():
    result = runner.invoke(app, ["eval", HANDS[0]], env={"SOKO_LANG": "de"})
    assert result.exit_code == 2
    assert "SOKO_LANG 'de' is not a language soko speaks" in result.stderr
    assert runner.invoke(app, ["eval", HANDS[0], "--lang", "de"]).exit_code == 2


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_data_does_not_change_with_the_language(fmt):
    english, finnish = (runner.invoke(app, ["eval", *HANDS, "--format", fmt, "--lang", lang]).stdout
                        for lang in ("en", "fi"))
    if fmt == "csv":
        assert english.splitlines()[0] == finnish.splitlines()[0]  # the column names
        return
    en, fi = json.loads(english), json.loads(finnish)
    for a, b in zip(en["hands"], fi["hands"], strict=True):
        assert a.keys() == b.keys()
        assert {k: v for k, v in a.items() if k != "description"} == {k: v for k, v in b.items() if k != "description"}
    assert fi["hands"][0]["description"] == "kaksi paria, ässät ja kuninkaat"


DISPUTED = Path(__file__).parents[2] / "sample_data" / "disputed"


@pytest.mark.parametrize("language, lines", [
    ("fi", ["  paikka  1  Aino                      12,40\u00a0€", "tekee pakkolyönnin 0,20\u00a0€", "sanoo sökö", "luopuu",
            "nokittaa 0,40\u00a0€, yhteensä 1,40\u00a0€ ja on all-in", "saa 4,00\u00a0€ (sivupotti 1)",
            "Ratkaisu: loki rikkoo soko-casino-sääntöjä: 2 virhettä (payout, winner); ensimmäinen: ",
            "^ virhe: winner: Ville saa 4,00\u00a0€, mutta ei voita yhtään pottia."]),
    ("sv", ["  plats  1  Aino                      12,40\u00a0€", "gör bring-in 0,20\u00a0€", "passar", "lägger sig",
            "höjer 0,40\u00a0€ till 1,40\u00a0€ och är all-in", "tar 4,00\u00a0€ från sidopott 1",
            "Utslag: loggen bryter mot reglerna för soko-casino: 2 fel (payout, winner); det första: ",
            "^ fel: winner: Ville tar 4,00\u00a0€ men vinner ingen pott."]),
])
def test_the_ledger_speaks_the_language(language, lines):
    """The disputed side pot (sample_data/disputed/wrong-side-pot-split.txt): Aino sits with €12.40, Liisa brings in
    for €0.20, Matti checks the 4th street and raises €0.40 to €1.40 all-in, Liisa folds, Ville collects the €4.00
    side pot; two errors (payout, winner). Codes stay as they are."""
    result = runner.invoke(app, ["audit", str(DISPUTED / "wrong-side-pot-split.txt"), "--explain", "202603140103",
                                 "--lang", language])
    assert result.exit_code == 1, result.output
    for line in lines:
        assert line in result.stdout, line
    assert "Seats at the start" not in result.stdout and "posts the ante" not in result.stdout
    assert "collects" not in result.stdout and "wins no pot" not in result.stdout


@pytest.mark.parametrize("language, words", [
    ("fi", ["Pöytä alussa", "tekee pakkolyönnin 0,20\u00a0€", "Potit ja niiden voittajat", "Ratkaisu: loki rikkoo",
            '<html lang="fi">']),
    ("sv", ["Bordet vid start", "gör bring-in 0,20\u00a0€", "Pottarna och deras vinnare", "Utslag: loggen bryter mot",
            '<html lang="sv">']),
])
def test_the_hand_report_speaks_the_language(language, words, tmp_path):
    out = tmp_path / "hand.html"
    result = runner.invoke(app, ["report", "hand", "202603140103", str(DISPUTED / "wrong-side-pot-split.txt"),
                                 "--out", str(out), "--lang", language])
    assert result.exit_code == 1, result.output  # the hand breaks the rules
    page = out.read_text(encoding="utf-8")
    for word in words:
        assert word in page, word
    for english in ("The table at the start", "Pots and their winners", "posts the ante", "Verdict:"):
        assert english not in page, english


def test_every_finding_of_the_sample_hands_is_said_in_each_language():
    """Each finding of the sample data's hands (its disputed pots and the 22 games' sessions, a few of them with
    findings), said in Finnish and Swedish from its template: every placeholder filled, no English left."""
    from soko_analytics.model.hand import Hand
    from soko_analytics.parsers import read_path
    from soko_analytics.replay.audit import audit

    findings = [f for path in sorted((Path(__file__).parents[2] / "sample_data").rglob("*.txt"))
                if path.name != "README.md" for h in read_path(path) if isinstance(h, Hand)
                for f in audit(h).findings]
    assert len({f.template for f in findings}) >= 3
    for language in ("fi", "sv"):
        i18n.use(language)
        for f in findings:
            said = f.text("€")
            assert said != f.message and "{" not in said, (language, f.message, said)
            for english, told, how in ((f.expected, f.expected_text("€"), f.expected_said),
                                       (f.actual, f.actual_text("€"), f.actual_said)):
                assert (english is None) == (told is None) and "{" not in (told or ""), (english, told)
                worded = how is not None and (how[0] != "{value}" or how[1][0].kind == "money")
                assert not worded or told != english, (language, english, told)
    i18n.use("en")
    assert all(f.text("€") == f.message and f.expected_text("€") == f.expected and f.actual_text("€") == f.actual
               for f in findings)
    assert any(f.expected_said and f.expected_said[0] != "{value}" for f in findings)


@pytest.mark.parametrize("language", ["en", "fi", "sv"])
def test_explain_in_each_language(language):
    """``soko audit --explain`` of the disputed side pot, golden in each language (tests/golden/explain.<lang>.txt,
    read by eye: the seeds' words, money as the language writes it, the findings said from their templates; the
    source path written as {disputed})."""
    result = runner.invoke(app, ["audit", str(DISPUTED / "wrong-side-pot-split.txt"), "--explain", "202603140103",
                                 "--lang", language])
    assert result.exit_code == 1, result.output
    got = result.stdout.replace(str(DISPUTED), "{disputed}")
    golden = GOLDEN / f"explain.{language}.txt"
    if os.environ.get("SOKO_GOLDEN") == "update":
        golden.write_text(got, encoding="utf-8")
    assert got == golden.read_text(encoding="utf-8")


def _words(text: str) -> set[str]:
    import re

    text = re.sub(r"\S*[/_.]\S*|\b[2-9TJQKA][cdhs]\b", " ", text)  # paths, files, codes, cards
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


def test_the_demo_speaks_the_language(tmp_path, monkeypatch):
    """``soko demo --lang fi``: its steps, the import's line, the hero's table, where things are, the audit and the
    disputed hands' findings in Finnish; the words the English run shares with it are names (players, games, the
    units' abbreviation, the trackers' stats) and the commands it quotes."""
    monkeypatch.chdir(tmp_path)
    english = runner.invoke(app, ["demo", "--out", "en"])
    finnish = runner.invoke(app, ["demo", "--out", "fi", "--lang", "fi"])
    assert english.exit_code == finnish.exit_code == 0, finnish.output
    assert "tuonti: 25 tiedostoa" in finnish.output and "kättä tallennettu" in finnish.output
    assert "Tarkastus:" in finnish.output and "Ville saa 4,00\u00a0€, mutta ei voita yhtään pottia." in finnish.output
    names = {"aino", "ville", "liisa", "soko", "holdem", "bb", "vpip", "pfr", "af", "wtsd", "sd", "eur", "usd", "db",
             "stats", "audit", "explain", "ah", "unverifiable", "payout", "winner", "all", "in", "demo", "reports"}
    left = (_words(english.output) & _words(finnish.output)) - names
    assert left == set(), sorted(left)


def test_the_stats_table_speaks_the_language(tmp_path):
    """``soko stats --format table``: its titles, headers, stat labels, units and numbers in Finnish; CSV, the
    data, the same in every language."""
    import soko_analytics
    from soko_analytics.store.db import Store
    from tests.reports.conftest import SAMPLES

    db = tmp_path / "s.duckdb"
    with Store(db) as store:
        store.import_paths([Path(soko_analytics.__file__).parent / "sample_data" / name for name in SAMPLES[:3]])
    table = ["stats", "--db", str(db), "--format", "table"]
    english, finnish = (runner.invoke(app, [*table, "--lang", lang]).stdout for lang in ("en", "fi"))
    assert "player stats" in english and "pelaajien tilastot" in finnish and "Nettovoitto" in finnish
    assert "isot panokset" in finnish and "big bets" in english
    names = {"aino", "eero", "matti", "sanna", "liisa", "ville", "usd", "eur", "holdem", "stud", "bb", "vpip", "pfr",
             "af", "wtsd", "sd", "bet"}
    left = (_words(english) & _words(finnish)) - names
    assert left == set(), sorted(left)
    csv = ["stats", "--db", str(db), "--format", "csv"]
    assert runner.invoke(app, [*csv, "--lang", "fi"]).stdout == runner.invoke(app, [*csv, "--lang", "en"]).stdout


def test_import_and_its_errors_speak_the_language(tmp_path):
    """``soko import``'s summary line and an error's frame in Finnish and Swedish (the counts as the language
    writes numbers); the error's reason and the path stay as they are."""
    import soko_analytics

    sample = Path(soko_analytics.__file__).parent / "sample_data" / "holdem-seed7.txt"
    finnish = runner.invoke(app, ["import", str(sample), "--db", str(tmp_path / "fi.duckdb"), "--lang", "fi"])
    swedish = runner.invoke(app, ["import", str(sample), "--db", str(tmp_path / "sv.duckdb"), "--lang", "sv"])
    english = runner.invoke(app, ["import", str(sample), "--db", str(tmp_path / "en.duckdb")])
    assert finnish.exit_code == swedish.exit_code == english.exit_code == 0
    assert english.stdout.startswith("1 file (0 unchanged, skipped): ") and " hands stored, 0 already" in english.stdout
    assert finnish.stdout.startswith("1 tiedosto (0 muuttumatonta ohitettu): ") and "kättä tallennettu" in finnish.stdout
    assert swedish.stdout.startswith("1 fil (0 oförändrade, överhoppade): ") and "händer sparade" in swedish.stdout
    missing = runner.invoke(app, ["import", str(tmp_path / "nothing.txt"), "--db", str(tmp_path / "x.duckdb"),
                                  "--lang", "fi"])
    assert missing.exit_code == 2 and missing.output.startswith("soko: virhe: ")


def test_the_rules_tables_speak_the_language_and_their_json_does_not():
    finnish = runner.invoke(app, ["rules", "soko-finnish", "--lang", "fi"]).stdout
    assert finnish.startswith("Säännöt: soko-finnish") and "Kierrokset" in finnish and "pelaajia enintään" in finnish
    assert "2. kortti" in finnish  # the street's name in the Finnish sheet's words
    json_of = [runner.invoke(app, ["rules", "soko-finnish", "--json", "--lang", lang]).stdout for lang in ("en", "fi")]
    assert json_of[0] == json_of[1] and '"max players"' in json_of[0]
