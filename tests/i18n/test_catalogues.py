"""The message catalogues: every message in every language, the files up to date, the terms in the seeds' spelling.

The hand names' expected spellings are read from the rules sheets themselves (``../shared/seeds``: the Finnish
Sökö, hold'em and stud sheets, the Swedish casino sheet), not from the catalogues.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from soko_analytics import i18n
from soko_analytics._vocab import HandClass
from soko_analytics.i18n import catalogues
from tests.conftest import SHARED

SEEDS = SHARED / "seeds"
FINNISH_SEEDS = ("000_", "002_", "004_")
"""The Finnish sheets: Sökö (the Finnish Wikipedia's article), Texas Hold'em, Seven Card Stud."""
SWEDISH_SEEDS = ("001_",)
"""The Swedish casino sheet, "SÖKÖ (Canadian Stud)"."""

NOT_IN_THE_SEEDS = {
    "fi": {"low", "badugi", "three_card", "two_card", "one_card"},
    "sv": {"four_straight_flush", "low", "badugi", "three_card", "two_card", "one_card"},
}
"""Hand classes no seed names (the games of other rules): the words players use, listed in docs/i18n.md."""


PROPER_NAMES = {"badugi"}
"""A game's name, the same in every language."""


def seed_text(prefixes: tuple[str, ...]) -> str:
    if not SEEDS.is_dir():
        pytest.skip(f"the rules sheets are not at {SEEDS} (they are beside the checkout in CI)")
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(SEEDS.iterdir()) if p.name.startswith(prefixes))


def test_every_message_has_every_language_and_the_files_are_up_to_date():
    assert catalogues.problems() == []


def test_a_message_without_a_translation_is_found():
    catalog = Catalog(locale="fi")
    catalog.add("two pair", "kaksi paria")
    catalog.add("a pair", "")
    catalog.add(("{n} hand", "{n} hands"), ("{n} käsi", ""))
    assert catalogues.missing(catalog) == ["a pair", "('{n} hand', '{n} hands')"]


@pytest.mark.parametrize("language, seeds", [("fi", FINNISH_SEEDS), ("sv", SWEDISH_SEEDS)])
def test_hand_names_are_spelt_as_the_seeds_spell_them(language, seeds):
    text = seed_text(seeds).lower()
    i18n.use(language)
    try:
        named = {c.name.lower(): i18n.hand_class(c.name.lower()) for c in HandClass}
    finally:
        i18n.use("en")
    for code, name in named.items():
        assert name != code or code in PROPER_NAMES, f"{language} has no name for {code}"
        if code in NOT_IN_THE_SEEDS[language]:
            continue
        assert re.search(rf"(?<!\w){re.escape(name.lower())}(?!\w)", text), \
            f"{language}: {code} is {name!r}, which the seeds do not spell so"


def test_the_seed_terms_the_issue_names_are_the_catalogues():
    """The issue's list of the sheets' hand names, each found in the catalogue of its language."""
    finnish = ["hai", "pari", "kaksi paria", "kolmoset", "suora", "väri", "täyskäsi", "neloset", "värisuora",
               "neljän suora", "neljän väri"]
    swedish = ["högsta kort", "ett par", "två par", "4-stege", "4-färg", "tretal", "stege", "färg", "kåk", "fyrtal",
               "straight flush"]
    for language, terms in (("fi", finnish), ("sv", swedish)):
        i18n.use(language)
        try:
            names = {i18n.hand_class(c.name.lower()) for c in HandClass}
        finally:
            i18n.use("en")
        assert set(terms) <= names, set(terms) - names


def test_the_catalogue_files_are_where_gettext_finds_them():
    for language in ("fi", "sv"):
        assert (i18n.LOCALE_DIR / language / "LC_MESSAGES" / "soko.mo").is_file()
    assert Path(catalogues.TEMPLATE).is_file()


FINNISH_ACTIONS = {
    ("action", "checks"): "sanoo sökö",  # seed 000: "hän sanoo sökö"
    ("action", "bets {amount}"): "lyö",  # "lyö panoksen"
    ("action", "calls {amount}"): "maksaa",  # "maksaa lyönnin"
    ("action", "raises {amount} to {to}"): "nokittaa",  # "korottaa vielä lisää eli nokittaa"
    ("action", "folds"): "luopuu",  # "luopuu pelistä"
    ("action", "brings in for {amount}"): "pakkolyön",  # "pakkolyönti"; the ledger: "tekee pakkolyönnin"
    ("pot", "pot"): "potti",
    ("pot", "side pot-{n}"): "sivupotti",  # seed 004: "sivupottiin"
    ("street", "FLOP"): "floppi",  # seed 002
}
SWEDISH_ACTIONS = {
    ("action", "brings in for {amount}"): "bring-in",
    ("action", "posts the ante {amount}"): "ante",
    ("street", "DEALING HANDS"): "giv",
    ("street", "showdown"): "kortvisning",
    ("street", "HOLE CARDS"): "hålkort",  # "hålkortet"
}


@pytest.mark.parametrize("language, seeds, words", [("fi", FINNISH_SEEDS, FINNISH_ACTIONS),
                                                     ("sv", SWEDISH_SEEDS, SWEDISH_ACTIONS)])
def test_the_betting_words_are_the_seeds(language, seeds, words):
    """The words the ledger says an action with are the rules sheets' own: each is in the translation and in the
    sheet (as a word or a word's start: the sheets inflect them)."""
    text = seed_text(seeds).lower()
    i18n.use(language)
    try:
        for (context, message), word in words.items():
            said = i18n.pgettext(context, message)
            assert word in said.lower(), (message, said)
            assert re.search(rf"(?<!\w){re.escape(word)}", text), f"{language}: {word!r} is not in the seeds"
    finally:
        i18n.use("en")


def test_every_message_the_code_marks_is_in_the_template():
    """A message marked where Babel's extractor cannot see it (inside an f-string, through an alias of ``_``) would
    never be translated: every literal ``i18n._("...")`` and ``pgettext("context", "...")`` of the package's sources
    is in ``soko.pot``."""
    package = Path(catalogues.PACKAGE)
    marked = set()
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        marked |= {(None, m) for m in re.findall(r'(?<![\w.])(?:i18n\.)?_\("((?:[^"\\]|\\.)*)"\)', text)}
        marked |= set(re.findall(r'pgettext\("([^"]+)", "((?:[^"\\]|\\.)*)"\)', text))
    template = catalogues.template()
    known = {(m.context, m.id) for m in template if m.id}
    assert marked - known == set()
    assert len(marked) > 100
