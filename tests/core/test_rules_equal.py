"""The core's rules layer (``core/src/rules/``) held equal to the Python one it replaces, JSON for JSON and
error for error, while both exist (issue 39: "prove a rewrite equal to what it replaces ... before deleting the
old path").

``_core.resolve_spec(text)`` against ``native.spec_json(text)``, ``_core.combine_rules(line, structure)``
against ``parsers.soko_text.combine_rules``: over every profile × every option × every value (allowed, out of
range, malformed), unknown options and malformed texts, pairs of the options whose defaults follow from others,
random combinations of three overrides, and every rules text the corpus, the sample data and the tests use. An
error is the same when its class, reason, expected, actual and extra (the options it names) are.
"""

from __future__ import annotations

import json
import random
import re
from itertools import product
from pathlib import Path

import pytest

from soko_analytics import _core
from soko_analytics.errors import RulesError
from soko_analytics.native import spec_json
from soko_analytics.parsers.soko_text import combine_rules
from soko_analytics.rules.options import OPTIONS, BettingStructure
from soko_analytics.rules.profiles import PROFILES

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = ("-1", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "14", "36", "100")
ODD_TEXTS = ("", "maybe", " TRUE ", "False", "1.5", "+3", "1_0", "1__0", "٣", "x'y", 'x"y', "x\\y", "none ",
             "Unlimited", "stakes", "STAKES", "any", "9223372036854775807")


def values_of(name: str) -> list[str]:
    """Every allowed value of an option, the numbers around its limits, and texts it must refuse."""
    option = OPTIONS[name]
    return [*option.choices, *NUMBERS, *ODD_TEXTS, "fixed_limit", "suit", "soko"]


def outcome(call, *args) -> tuple[str, object]:
    """What a call gives: ("ok", the JSON's data or the text) or ("error", every field of the RulesError)."""
    try:
        text = call(*args)
    except RulesError as err:
        return "error", (type(err).__name__, err.reason, err.expected, err.actual, err.extra)
    try:
        return "ok", json.loads(text)
    except json.JSONDecodeError:
        return "ok", text


def assert_same_spec(text: str) -> None:
    core, python = outcome(_core.resolve_spec, text), outcome(spec_json.__wrapped__, text)
    assert core == python, text


def test_a_number_beyond_64_bits_is_a_bad_value_in_the_core():
    """The one difference: Python's ``int`` has no limit, so ``max_players=10**20`` reached the deck check (and
    ``chip_unit=10**20`` a spec the core could not read); the core refuses such a value where it is given."""
    with pytest.raises(RulesError) as caught:
        _core.resolve_spec("holdem; chip_unit=99999999999999999999")
    assert caught.value.reason == "bad value '99999999999999999999' for option chip_unit"
    assert caught.value.expected == "integer ≥ 1"


def override_texts() -> list[str]:
    return [f"{profile}; {name}={value}" for profile in PROFILES for name in OPTIONS for value in values_of(name)]


def test_every_profile_every_option_every_value_resolves_as_python_resolves_it():
    texts = override_texts()
    assert len(texts) > 15_000
    oks = 0
    for text in texts:
        assert_same_spec(text)
        oks += outcome(spec_json.__wrapped__, text)[0] == "ok"
    assert 1_000 < oks < len(texts)  # both answers and refusals are compared


MALFORMED = (
    "", " ", ";", "soko", "Soko-Casino", "  HOLDEM  ", "holdem;", "holdem;;", "holdem; ", "holdem; =3",
    "holdem; ante", "holdem; ante=", "holdem; ante=true; ante=true", "holdem; ante=true; ante=false",
    "holdem; Ante=true", "holdem; nope=1", "holdem; ante==true", "holdem ; ante = true ; blinds = true",
    "holdem; structure=fixed_limit=3", "holdem\tante=true", "'quoted'", "x'y\"z", "holdem; \u00e4=1",
    "soko-casino; structure=spread; open_pair_big_bet=false", "soko-finnish; max_bet_or_raise=200",
    "soko-finnish; max_bet_or_raise=none", "holdem; max_bet_or_raise=stakes",
)


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_texts_and_unknown_names_are_refused_as_python_refuses_them(text):
    assert_same_spec(text)


DERIVED_PAIRS = (
    ("structure", "max_bets_per_round"),
    ("structure", "max_bet_or_raise"),
    ("later_rounds_first_to_act", "showing_tie_break"),
    ("hand_ranking", "showing_four_card_hands_count"),
    ("split_ranking", "split_qualifier"),
    ("cards", "max_players"),
    ("deck", "hand_ranking"),
    ("structure", "open_pair_big_bet"),
    ("bring_in_card", "bring_in_forced"),
    ("last_card_mode", "cards"),
)


@pytest.mark.parametrize(("first", "second"), DERIVED_PAIRS)
def test_options_whose_defaults_follow_from_others_resolve_together_as_in_python(first, second):
    small = ("none", "unlimited", "any", "stakes", "1", "2", "4", "8", "10", "14", "true", "false")
    for profile in PROFILES:
        for a, b in product(OPTIONS[first].choices or small, OPTIONS[second].choices or small):
            assert_same_spec(f"{profile}; {first}={a}; {second}={b}")


def test_random_combinations_of_three_overrides_resolve_as_in_python():
    rng = random.Random(39)
    names = list(OPTIONS)
    for _ in range(4_000):
        profile = rng.choice(list(PROFILES))
        chosen = rng.sample(names, 3)
        parts = [f"{n}={rng.choice(OPTIONS[n].choices or NUMBERS)}" for n in chosen]
        assert_same_spec("; ".join([profile, *parts]))


def used_rules_texts() -> set[str]:
    """The rules texts of the readers' spec table (every text the site corpus reads to), the ``Rules:`` lines of
    the logs, and the literal texts the tests and the package resolve."""
    texts = set(json.loads((ROOT / "core/src/read/testdata/specs.json").read_text()))
    roots = [ROOT / "tests", ROOT / "sample_data", ROOT / "soko_analytics", ROOT.parent / "shared/corpus"]
    called = re.compile(r"(?:resolve|spec_of|spec_json|combine_rules|parse_rules|rules=)\(?\"([^\"\n]+)\"")
    for root in roots:
        for path in root.rglob("*"):
            if not path.is_file() or path.suffix in {".gz", ".zip", ".bz2", ".xz", ".pyc"}:
                continue
            text = path.read_text(errors="replace")
            texts.update(m.strip() for m in re.findall(r"^Rules:(.*)$", text, re.MULTILINE))
            if path.suffix == ".py":
                texts.update(called.findall(text))
    return texts


def test_every_rules_text_the_corpus_and_tests_use_resolves_as_in_python():
    texts = used_rules_texts()
    assert {"soko-finnish; raise_after_pass=false", "soko-casino; last_card_mode=pihina_hole"} <= texts
    for text in sorted(texts):
        assert_same_spec(text)


def combine_lines() -> list[str]:
    lines = [*used_rules_texts(), *MALFORMED]
    for profile in ("soko-casino", "soko-finnish", "holdem", "stud5", "razz"):
        lines += [f"{profile}; {name}={value}" for name in OPTIONS for value in OPTIONS[name].choices or NUMBERS[:6]]
    return lines


def test_combine_rules_gives_and_refuses_what_python_does_for_every_structure():
    lines = combine_lines()
    oks = 0
    for line, structure in product(lines, BettingStructure):
        core = outcome(_core.combine_rules, line, structure.value)
        python = outcome(combine_rules, line, structure)
        assert core == python, (line, structure)
        oks += core[0] == "ok"
    assert 500 < oks < len(lines) * 4
