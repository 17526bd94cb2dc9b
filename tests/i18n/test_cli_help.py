"""``--help`` and ``soko rules``' overview in each language (issue 40).

The options' help is made when the cli is imported, in the language of the command line (``--lang`` anywhere on
it, ``SOKO_LANG``, the locale): a help is read from a ``soko`` process of its own."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from soko_analytics import i18n
from soko_analytics.cli import app
from soko_analytics.cli.helptext import language_asked
from soko_analytics.i18n import catalogues

runner = CliRunner()
SOKO = str(Path(sys.executable).parent / "soko")
ENGLISH_ONLY = re.compile(r"\b(the|and|of|with|instead|Usage|Options|Arguments|Commands|Show|Example|default|"
                          r"required|store|files)\b")
"""Words of the English help that no Finnish or Swedish help has (codes and names aside: ``Texas Hold'em``)."""


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def soko_help(*args: str, **env: str) -> str:
    """``soko ARGS`` (a help) in a process of its own, 100 columns wide, the language only from ``env``."""
    clean = {k: v for k, v in os.environ.items() if k not in ("SOKO_LANG", "LANG", "LC_ALL", "LC_MESSAGES")}
    done = subprocess.run([SOKO, *args], capture_output=True, text=True, timeout=120,
                          env={**clean, "COLUMNS": "100", **env})
    assert done.returncode == 0, done.stderr
    return done.stdout


SAID = {"fi": ("Käyttö: soko", "Näytä tämä ohje ja lopeta."), "sv": ("Användning: soko", "Visa den här hjälpen och "
                                                                                          "avsluta.")}


@pytest.mark.parametrize("args, env, language", [
    (["--help", "--lang", "fi"], {}, "fi"),
    (["--lang=sv", "--help"], {}, "sv"),
    (["--help"], {"SOKO_LANG": "fi"}, "fi"),
    (["--help"], {"LANG": "sv_SE.UTF-8"}, "sv"),
    (["import", "--help", "--lang", "sv"], {}, "sv"),
    (["import", "--help"], {"LANG": "fi_FI.UTF-8"}, "fi"),
    (["report", "dashboard", "--help"], {"SOKO_LANG": "sv"}, "sv"),
    (["report", "dashboard", "--help", "--lang=fi"], {"SOKO_LANG": "sv"}, "fi"),
])
def test_the_help_holds_no_english_word(args, env, language):
    text = soko_help(*args, **env)
    assert ENGLISH_ONLY.findall(text) == []
    assert all(said in text for said in SAID[language])


def test_a_command_and_its_docstring_in_finnish():
    text = soko_help("import", "--help", "--lang", "fi")
    for said in ("Tuo käsihistoriat tietokantaan; jo tuodut muuttumattomat tiedostot ohitetaan.", "─ Argumentit ─",
                 "─ Valitsimet ─", "[oletus: soko.duckdb]", "[pakollinen]", "Esimerkki: soko import ~/hands"):
        assert said in text
    assert "--no-audit" in text and "<auto|pokerstars|ggpoker|bovada|" in text  # names and choices are codes


def test_the_english_help_is_as_it_was():
    root = soko_help("--help")
    assert len(ENGLISH_ONLY.findall(root)) > 20
    for said in ("Usage: soko [OPTIONS] COMMAND [ARGS]...", "Hand-history analysis for Sökö, Texas Hold'em and "
                 "Seven Card Stud.", "─ Options ─", "─ Commands ─", "Show this message and exit.",
                 "Import hand histories into the store; files already imported unchanged are skipped."):
        assert said in root
    command = soko_help("import", "--help", "--lang", "en")
    for said in ("Usage: soko import [OPTIONS] {paths}...", "─ Arguments ─", "[required]", "[default: soko.duckdb]",
                 "Example: soko import ~/hands --db soko.duckdb --hero MyName --hero MyOtherName",
                 "Replay each new hand and store"):
        assert said in command


@pytest.mark.parametrize("argv, asked", [
    (["import", "x", "--lang", "fi"], "fi"), (["--lang=sv", "eval"], "sv"), (["--lang", "sv", "eval", "--lang", "en"],
                                                                            "en"),
    (["eval", "--lang"], None), (["import", "--", "--lang", "fi"], None), ([], None),
])
def test_the_language_the_command_line_asks_for(argv, asked):
    assert language_asked(argv) == asked


def test_every_command_help_is_in_the_catalogue():
    helps = set()

    def walk(command):
        helps.add(command.help)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(typer.main.get_command(app))
    docs = {doc for _, _, doc in catalogues.command_docs()}
    template = {m.id for m in catalogues.template(include_findings=False) if m.id}
    assert len(helps) >= 19 and helps <= docs | template


def test_the_rules_overview_in_finnish():
    result = runner.invoke(app, ["rules", "--lang", "fi"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    for said in ("Profiilit (RULES.md §1)", 'Valinnat (muutos: "PROFIILI; valinta=arvo; ...")', "lähde",
                 "sääntöarkki 000 (suomalaiset kotisäännöt)", "PokerStarsin Razz-lokit", "pelaajia enintään",
                 "oletus", "sallitut", "merkitys", "profiilin määräämä", "kokonaisluku ≥ 2",
                 "4, kun fixed_limit, muuten unlimited", "jako: kortit pelaajaa kohden ja pöydässä"):
        assert said in result.stdout
    for code in ("best_showing", "fixed_limit", "raise_after_pass", "true | false", "§2.4"):
        assert code in result.stdout
    for english in ("Profiles", "set by the profile", "meaning", "the deal", "integer", "Finnish home rules"):
        assert english not in result.stdout


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv"])
def test_the_rules_data_is_the_same_in_every_language(fmt):
    said = {language: runner.invoke(app, ["rules", "--format", fmt, "--lang", language]).stdout
            for language in ("en", "fi", "sv")}
    assert said["fi"] == said["en"] == said["sv"]
    if fmt == "json":
        assert json.loads(said["fi"])["options"][0]["description"] == "the deal: cards per player and on the board"
