"""An error's own words in each language (``soko: virhe: tässä ei ole tietokantaa``), while the English a tool or
the store keeps never changes: a reason is English text that also carries its template and arguments
(:class:`soko_analytics.errors.Phrase`), said again where a person reads it (``i18n.say``)."""

from __future__ import annotations

import re

import duckdb
import pytest
from typer.testing import CliRunner

from soko_analytics import i18n
from soko_analytics.cli import app
from soko_analytics.errors import SokoError, phrase, phrases

runner = CliRunner()


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _errors(tmp_path):
    """Commands that fail at the user's input, each with the English words of its reason that no other language
    uses (checked absent from the Finnish and Swedish errors)."""
    (tmp_path / "notes.txt").write_text("nothing of poker here\n", encoding="utf-8")
    (tmp_path / "table.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    return [
        (["stats", "--db", str(tmp_path / "none.duckdb")], "no store here", ["store", "here", "makes", "names"]),
        (["import", str(tmp_path / "gone.txt"), "--db", str(tmp_path / "x.duckdb")], "no such file or folder",
         ["such", "file", "folder"]),
        (["eval", "Ah Kh"], "a hand needs 5 cards or more, got 2 (expected 5 to 7 cards, got 2)",
         ["needs", "cards", "more", "expected", "got"]),
        (["eval", "Ah Ah Kd Qd Jd"], "Ah appears twice in 'Ah Ah Kd Qd Jd' (expected each card once",
         ["appears", "twice", "each", "card", "once"]),
        (["eval", "Ah Zz Kd Qd Jd"], "'Zz' in 'Ah Zz Kd Qd Jd' is not a card", ["not", "card", "like"]),
        (["stats", "--db", str(tmp_path / "table.csv")], "not a store: the file is of another kind",
         ["store", "the", "file", "kind", "another"]),
        (["rules", "nosuch"], "unknown profile 'nosuch' (expected one of soko-finnish",
         ["unknown", "profile", "expected", "one", "got"]),
        (["rules", "holdem; blinds=false; ante=false"], "no forced bet: ante=false, blinds=false, and no bring-in",
         ["bet", "and", "set", "one", "them"]),
        (["rules", "holdem; max_players=1"], "max_players=1 is out of range (expected integer ≥ 2, got 1)",
         ["out", "range", "integer", "expected"]),
        (["simulate", "--profile", "stud7", "--players", "9"], "9 players cannot sit at a stud7 table (expected 2 to 8",
         ["players", "cannot", "sit", "table", "expected"]),
    ]


def _words(text):
    return set(re.findall(r"[a-z]+", text.lower()))


def test_an_errors_reason_is_said_in_each_language_and_stays_english_in_english(tmp_path):
    for args, english_reason, english_words in _errors(tmp_path):
        english = runner.invoke(app, [*args, "--lang", "en"])
        assert english.exit_code == 2, (args, english.output)
        assert english.stderr.startswith("soko: error: ") and english_reason in english.stderr, english.stderr
        for language, frame in (("fi", "soko: virhe: "), ("sv", "soko: fel: ")):
            said = runner.invoke(app, [*args, "--lang", language])
            assert said.exit_code == 2 and said.stderr.startswith(frame), (args, said.stderr)
            left = _words(said.stderr) & set(english_words)
            assert not left, (language, args, said.stderr, left)


def test_a_file_not_read_is_said_in_the_language_but_stored_in_english(tmp_path):
    """The quarantine keeps the reason in English whatever the language spoken (the store is data)."""
    notes = tmp_path / "notes.txt"
    notes.write_text("nothing of poker here\n", encoding="utf-8")
    db = tmp_path / "fi.duckdb"
    result = runner.invoke(app, ["import", str(notes), "--db", str(db), "--lang", "fi"])
    assert "tuettua käsihistoriamuotoa ei tunnistettu" in result.stderr, result.stderr
    assert "recognised" not in result.stderr
    with duckdb.connect(str(db), read_only=True) as con:
        reasons = [r for (r,) in con.execute("SELECT reason FROM quarantine").fetchall()]
    assert reasons and all("no supported hand-history format recognised" in r for r in reasons), reasons


def test_a_phrase_is_english_text_said_again_in_the_language_spoken():
    made = phrase("no hand {hand} in the store", hand="H1")
    assert made == "no hand H1 in the store" and isinstance(made, str)
    i18n.use("fi")
    assert i18n.say(made) == "tietokannassa ei ole kättä H1"
    assert str(made) == "no hand H1 in the store"
    nested = phrase("{reason}; the files before it are committed", reason=phrase("no store here"))
    assert i18n.say(nested) == "tässä ei ole tietokantaa; sitä edeltävät tiedostot on tallennettu"


def test_a_counted_phrase_takes_the_languages_plural():
    one, many = (phrases(" ({n} other file: {names})", " ({n} other files: {names})", n, names="a")
                 for n in (1, 3))
    assert (one, many) == (" (1 other file: a)", " (3 other files: a)")
    i18n.use("fi")
    assert (i18n.say(one), i18n.say(many)) == (" (1 muu tiedosto: a)", " (3 muuta tiedostoa: a)")


def test_an_error_is_english_as_text_and_said_with_its_frame():
    err = SokoError(phrase("no hand {hand} in the store", hand="H1"), path="x.duckdb", hand_id="H1",
                    expected=phrase("1 or more"), actual="0")
    english = "x.duckdb: hand H1: no hand H1 in the store (expected 1 or more, got 0)"
    assert str(err) == i18n.say_error(err) == english
    i18n.use("sv")
    assert str(err) == english
    assert i18n.say_error(err) == "x.duckdb: hand H1: ingen hand H1 i databasen (väntat 1 eller fler, fick 0)"
