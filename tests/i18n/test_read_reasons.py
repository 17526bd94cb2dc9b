"""Why a site's reader could not read a hand, in each language (``soko: ei tarkastettu: FILE:LINE: 'Zed' ei istu
pöydässä tässä kädessä``): the core's reader gives its reason as a message (``say!``, context ``read``), said again
where a person reads it, while the English reason (the store's ``quarantine.reason``, JSON) never changes."""

from __future__ import annotations

import re

import duckdb
import pytest
from typer.testing import CliRunner

from soko_analytics import i18n
from soko_analytics.cli import app
from soko_analytics.errors import Phrase
from soko_analytics.i18n.catalogues import core_templates
from soko_analytics.parsers import Quarantined, get_format, read_text

from ..conftest import require_corpus, soko_example_text
from ..parsers.test_phh_malformed import GOOD as PHH_GOOD
from ..parsers.test_phh_malformed import _with
from ..parsers.test_pokerstars_malformed import GOOD
from ..parsers.test_site_lines import BOVADA_STUD, PARTY_DEAD

runner = CliRunner()


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _damaged() -> list[tuple[str, str, str, str]]:
    """Damaged logs, each as (file name, text, the English reason, its words no other language uses)."""
    stars = GOOD.format(id=1)
    soko = soko_example_text()
    soko_line = next(line for line in soko.split("\n") if line.startswith("Dealt to "))
    return [
        ("stars_seat.txt", stars.replace("Bert: folds", "Zed: folds"), "'Zed' is not seated in this hand",
         "not seated this"),
        ("stars_card.txt", stars.replace("[Ah Kd]", "[Ah Kx]"), "'Kx' in 'Ah Kx' is not a card", "not card"),
        ("stars_cut.txt", stars.split("*** SUMMARY ***")[0],
         "the hand ends before its *** SUMMARY *** (an incomplete or partial hand)", "ends before incomplete partial"),
        ("party.txt", PARTY_DEAD.replace("Dave folds", "Dave juggles"), 'unknown action "juggles"', "unknown action"),
        ("bovada.txt", BOVADA_STUD.replace("*** 4TH STREET ***", "*** 9TH STREET ***"),
         "unknown street marker '9TH STREET'", "unknown street marker"),
        ("soko.txt", soko.replace(soko_line, soko_line.replace("[", "[Zz ", 1)), "is not a card", "not card"),
    ]


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def _audit(path, language: str) -> list[str]:
    result = runner.invoke(app, ["audit", str(path), "--lang", language])
    return [line for line in result.stderr.splitlines() if line.startswith("soko: ")]


@pytest.mark.parametrize("case", range(6))
def test_a_readers_reason_is_said_in_each_language_and_stays_english_in_english(tmp_path, case):
    name, text, english_reason, english_words = _damaged()[case]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    records = [r for r in read_text(text, str(path)) if isinstance(r, Quarantined)]
    assert records, name
    record = records[0]
    assert isinstance(record.reason, Phrase) and record.reason.context == "read", (name, record.reason)
    assert english_reason in record.reason
    english = _audit(path, "en")
    assert english == [f"soko: not audited: {record.message()}"], english
    for language, frame in (("fi", "soko: ei tarkastettu: "), ("sv", "soko: inte granskat: ")):
        said = _audit(path, language)
        assert len(said) == 1 and said[0].startswith(frame), (language, said)
        assert said[0] != english[0]
        reason = re.sub(r"'[^']*'|\"[^\"]*\"", "", said[0].split(f"{path}:")[1])  # the log's own words quoted, left out
        left = _words(reason) & set(english_words.split())
        assert not left, (language, name, said, left)
        i18n.use(language)
        assert str(record.reason) == record.error.reason == str(records[0].reason)  # the English kept as data
        assert english_reason in str(record.reason)
        i18n.use("en")


def test_the_stored_reason_is_english_whatever_the_language(tmp_path):
    path = tmp_path / "stars_seat.txt"
    path.write_text(GOOD.format(id=1) + "\n\n" + GOOD.format(id=2).replace("Bert: folds", "Zed: folds"),
                    encoding="utf-8")
    stored = []
    for language in ("en", "fi", "sv"):
        db = tmp_path / f"{language}.duckdb"
        result = runner.invoke(app, ["import", str(path), "--db", str(db), "--lang", language])
        assert result.exit_code == 0, result.output
        with duckdb.connect(str(db), read_only=True) as con:
            stored.append(con.execute("SELECT reason FROM quarantine").fetchall())
    assert stored[0] == stored[1] == stored[2] and len(stored[0]) == 1, stored
    assert stored[0][0][0].endswith(": 'Zed' is not seated in this hand"), stored


def test_every_template_of_the_readers_is_in_the_catalogue():
    found = [(f, message) for f, _, message, _, context in core_templates() if f.startswith("read/")]
    assert len({m for _, m in found}) > 70
    assert any(f.startswith("read/ipoker/") for f, _ in found) and any(f.startswith("read/phh/") for f, _ in found)
    for language in ("fi", "sv"):
        i18n.use(language)
        for _, message in found:
            said = i18n.pgettext("read", message)
            wordless = not re.search(r"[a-z]", re.sub(r"\{\w+\}", "", message))  # `{key}: {reason}`
            assert said != message or wordless, (language, message)


PHH_CASES = [
    # (field, value, the English reason (as the reader gave it before its reasons were messages), its words in
    # Finnish and in Swedish, English words neither may keep)
    ("_seats", "[{seat = 1, name = 'Anna', stack = -5}]",
     "_seats: stack: an amount must be an integer 0..999999999999 (minor units)",
     "_seats: stack: summan on oltava kokonaisluku 0..", "_seats: stack: ett belopp måste vara ett heltal 0..",
     "amount must integer minor units"),
    ("seats", "[1, 2, 100]", "seats: a count must be an integer 0..99", "seats: lukumäärän on oltava kokonaisluku 0..99",
     "seats: ett antal måste vara ett heltal 0..99", "count must integer"),
    ("starting_stacks", "[100, -1, 100]", "starting_stacks -1 is not an amount (negative)",
     "starting_stacks -1 ei ole summa (negatiivinen)", "starting_stacks -1 är inget belopp (negativt)",
     "not amount negative"),
    ("actions", "['d dh p1 AsKsQs']", "3 cards dealt to p1 on HOLE CARDS",
     "taskukortit: pelaajalle p1 jaettu kortteja 3", "3 kort givna till p1 på hålkort", "cards dealt hole"),
    ("_rules", "'holdem; max_players=1'", "_rules: max_players=1 is out of range",
     "_rules: max_players=1 on sallitun välin ulkopuolella", "_rules: max_players=1 ", "out range"),
]


@pytest.mark.parametrize("case", range(len(PHH_CASES)))
def test_a_phh_fields_reason_is_said_in_each_language(case):
    """The PHH reader's reasons are messages (context ``read``), a field's reason inside its name's (``_seats:
    stack: ...``, the rules layer's inside ``_rules: ...``), each said whole in Finnish and Swedish; the English
    as it was."""
    field, value, english, fi, sv, english_words = PHH_CASES[case]
    (record,) = get_format("phh").parse(_with(field, value, PHH_GOOD), "bad.phh")
    assert isinstance(record, Quarantined) and isinstance(record.reason, Phrase) and record.reason.context == "read"
    assert str(record.reason) == english
    for language, words in (("fi", fi), ("sv", sv)):
        i18n.use(language)
        said = i18n.say(record.reason)
        assert said.startswith(words), (language, said)
        assert not _words(said) & set(english_words.split()), (language, said)
        assert str(record.reason) == english


def test_a_refused_rules_field_is_said_whole_whatever_its_text_holds():
    """A PHH ``_rules`` text the rules layer refuses is given with the layer's own reason, whole: one that holds
    `` (got `` or `` (expected `` (which the reader once cut there, then gave in English) is said in Finnish too."""
    for value, english, fi in (
        ("'nosuch (got x)'", "_rules: unknown profile 'nosuch (got x)'", "_rules: tuntematon profiili 'nosuch (got x)'"),
        ("'holdem; max_players=3 (expected 2)'", "_rules: bad value '3 (expected 2)' for option max_players",
         "_rules: virheellinen arvo '3 (expected 2)' asetukselle max_players"),
    ):
        (record,) = get_format("phh").parse(_with("_rules", value, PHH_GOOD), "bad.phh")
        assert isinstance(record, Quarantined) and str(record.reason) == english, record.reason
        i18n.use("fi")
        assert i18n.say(record.reason) == fi
        assert str(record.reason) == english
        i18n.use("en")


def test_a_bad_rules_lines_own_reason_is_said_in_each_language(tmp_path):
    """A Sökö hand's ``bad Rules: line: ...``: the rules layer's reason inside it is said too."""
    soko = soko_example_text()
    line = next(line for line in soko.split("\n") if line.startswith("Rules:"))
    text = soko.replace(line, "Rules: no-such-game")
    (record,) = [r for r in read_text(text, "soko.txt") if isinstance(r, Quarantined)]
    assert str(record.reason) == "bad Rules: line: unknown profile 'no-such-game'"
    for language, words in (("fi", "virheellinen Rules:-rivi: tuntematon profiili 'no-such-game'"),
                            ("sv", "felaktig Rules:-rad: ")):
        i18n.use(language)
        said = i18n.say(record.reason)
        assert said.startswith(words), (language, said)
        assert not _words(said.replace("no-such-game", "")) & {"bad", "line", "unknown", "profile"}, said
    path = tmp_path / "soko.txt"
    path.write_text(text, encoding="utf-8")
    said = _audit(path, "fi")
    assert len(said) == 1 and "tuntematon profiili 'no-such-game'" in said[0], said


def test_ipokers_reason_for_a_partial_export_is_said_in_each_language():
    """iPoker's own reasons (the XML reader's): a real export of the seats and blinds only, every game of it
    quarantined as partial, said in Finnish and Swedish; its English kept."""
    path = require_corpus() / "sites" / "iPoker" / "cash" / "Flop" / "PLO-USD-5-10-201631.partial.format.xml"
    records = [r for r in read_text(path.read_text(encoding="utf-8"), str(path)) if isinstance(r, Quarantined)]
    assert len(records) > 10
    english = "a partial game: its players have no win attribute"
    assert all(english in r.reason and r.reason.context == "read" for r in records)
    for language, words in (("fi", "osittainen peli: sen pelaajilla ei ole win-attribuuttia"),
                            ("sv", "ett ofullständigt spel: dess spelare har inget attribut win")):
        i18n.use(language)
        assert all(words in i18n.say(r.reason) for r in records), i18n.say(records[0].reason)
        assert not _words(i18n.say(records[0].reason)) & {"partial", "players", "attribute", "betting", "without"}
        assert english in str(records[0].reason)
