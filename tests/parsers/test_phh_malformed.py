"""Malformed PHH: every way a hand can be wrong is quarantined at its field's line, never a bug of ours.

(a) hand-written cases, each quarantined with its kind and the line of the
offending field; (b) a seeded mutation fuzz over the real PHH files of the
shared corpus and over hands our own writer wrote: ``parse`` never raises,
never yields an ``internal`` record, and every ``[N]`` header of a mutated
collection ends as exactly one item; (c) hostile nesting and huge integers
are quarantined at once, in the words of the core's TOML reader (``toml_edit``); (d) an oversized hand is
quarantined as ``too_large`` while only its head is kept (the core reads a PHH text whole: the two tests of
streaming are expected to fail until it streams).

Every text is read as the package reads PHH: by the core (``_core.PhhStream``).

A fuzz failure names its seed; rerun one case with
``SOKO_PHH_FUZZ_SEED=<seed> pytest tests/parsers/test_phh_malformed.py -k fuzz``.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from functools import cache
from pathlib import Path

import pytest

from soko_analytics import api
from soko_analytics.model.cards import Card
from soko_analytics.model.hand import Action, ActionKind, Deal, Hand, Seat, Stakes, Tournament
from soko_analytics.parsers import get_format, phh
from soko_analytics.parsers.base import KEPT_CHARS, MAX_HAND_CHARS, Audited, InternalError, Quarantined
from soko_analytics.sim.session import simulate
from soko_analytics.store import reading
from soko_analytics.store.db import Store

from ..conftest import CORPUS

read_phh = get_format("phh").parse
"""PHH as the package reads it: the core's reader (``_core.PhhStream``)."""

K = ActionKind
PHH_CORPUS = CORPUS / "phh"

GOOD = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
seats = [1, 2, 3]
seat_count = 6
players = ['Anna', 'Bert', 'Cleo']
actions = [
  'd dh p1 AsKs',
  'd dh p2 ????',
  'd dh p3 7h6h',
  'p3 cc',
  'p1 cc',
  'p2 cc',
  'd db 2c3c4c',
]
hand = 7
year = 2026
month = 3
day = 14
time = 21:04:11
"""


def _with(field: str, value: str, text: str = GOOD) -> str:
    """GOOD with the line ``field = ...`` (or the array starting there) replaced; added at the end if absent."""
    pattern = rf"(?ms)^{re.escape(field)} = (\[\n.*?^\]|[^\n]*)$"
    if re.search(pattern, text):
        return re.sub(pattern, lambda _: f"{field} = {value}", text, count=1)
    return text + f"{field} = {value}\n"


def _action(old: str, new: str) -> str:
    assert f"  '{old}',\n" in GOOD
    return GOOD.replace(f"  '{old}',\n", f"  {new},\n", 1)


def _one(text: str, path: str = "bad.phh") -> Quarantined:
    (result,) = read_phh(text, path)
    assert isinstance(result, Quarantined), f"read as a hand: {text}"
    assert result.reason and result.path == path
    return result


def _line(text: str, q: Quarantined) -> str:
    return text.split("\n")[q.line - 1]


def test_the_base_hand_reads() -> None:
    (hand,) = read_phh(GOOD, "good.phh")
    assert isinstance(hand, Hand) and hand.players() == ("Anna", "Bert", "Cleo") and hand.max_seats == 6
    assert hand.start == datetime(2026, 3, 14, 21, 4, 11) and len(hand.board()) == 3


# -- (a) one field wrong: kind, reason and the line of the field ----------------------------------

BAD_FIELDS = [
    # wrong types
    ("starting_stacks", "'100, 100, 100'", "must be an array"),
    ("starting_stacks", "[100, true, 100]", "must be an array"),
    ("starting_stacks", "[100, {a = 1}, 100]", "must be an array"),
    ("starting_stacks", "[100, [100], 100]", "must be an array"),
    ("starting_stacks", "{a = [100, 100, 100]}", "must be an array"),
    ("actions", "'p1 cc'", "must be an array"),
    ("actions", "[1, 2]", "must be an array"),
    ("actions", "[['p1 cc']]", "must be an array"),
    ("min_bet", "true", "not a number"),
    ("min_bet", "'2'", "not a number"),
    ("min_bet", "[2]", "not a number"),
    ("min_bet", "2026-01-01", "not a number"),
    ("seats", "[1, 2.5, 3]", "seats: a count must be"),
    ("seats", "'1 2 3'", "seats: a list must be"),
    ("seat_count", "6.0", "seat_count: a count must be"),
    ("seat_count", "true", "seat_count: a count must be"),
    ("players", "['Anna', 2, 'Cleo']", "must be an array"),
    ("players", "['Anna', 'Anna', 'Cleo']", "player names repeat"),
    ("hand", "true", "hand must be a string or an integer"),
    ("hand", "[7]", "hand must be a string or an integer"),
    ("table", "{name = 'x'}", "table must be a string or an integer"),
    ("currency", "5", "currency: a text must be"),
    ("time_zone", "['UTC']", "time_zone: a text must be"),
    ("_rules", "5", "_rules: a text must be"),
    ("variant", "['NT']", "no variant"),
    ("year", "2026.0", "year must be an integer"),
    ("time", "'21:04'", "time must be a TOML local time"),
    ("time", "2026-03-14T21:04:11", "time must be a TOML local time"),
    # out of range, absurd, negative
    ("antes", "[0, -1, 0]", "negative"),
    ("min_bet", "-2", "negative"),
    ("starting_stacks", "[100, 1e300, 100]", "minor units"),
    ("starting_stacks", "[100, 1000000000000, 100]", "minor units"),
    ("starting_stacks", "[100, 9223372036854775807, 100]", "minor units"),
    ("starting_stacks", "[100, 9223372036854775808, 100]", "number too large to fit"),  # TOML's 64 bits
    ("starting_stacks", "[100, -9223372036854775809, 100]", "number too small to fit"),
    ("starting_stacks", "[100, 0x" + "f" * 4000 + ", 100]", "number too large to fit"),
    ("starting_stacks", "[100, inf, 100]", "not finite"),
    ("starting_stacks", "[100, nan, 100]", "not finite"),
    ("starting_stacks", "[100, 1.0000001, 100]", "decimal places"),
    ("starting_stacks", "[100, 1e-999999, 100]", "decimal places"),
    ("seat_count", "100", "seat_count: a count must be"),
    ("seat_count", "-1", "seat_count: a count must be"),
    ("seats", "[1, 2, 100]", "seats: a count must be"),
    ("seats", "[1, 1, 2]", "distinct seat numbers"),
    ("hand", "9223372036854775808", "number too large to fit"),
    ("year", "99999999999", "year must be an integer 1..9999"),
    ("month", "13", "month must be an integer 1..12"),
    ("day", "0", "day must be an integer 1..31"),
    ("day", "31", "no such date"),  # with month = 3 -> 2026-03-31 is fine; made wrong below
    # mismatched lengths
    ("antes", "[0, 0]", "antes must be an array of 3"),
    ("blinds_or_straddles", "[1, 2, 0, 0]", "blinds_or_straddles must be an array of 3"),
    ("players", "['Anna', 'Bert']", "players must be an array of 3"),
    ("seats", "[1, 2]", "3 distinct seat numbers"),
    ("finishing_stacks", "[100, 100]", "finishing_stacks must be an array of 3"),
    # rules
    ("_rules", "'holdem; max_players=1'", "_rules:"),
    ("_rules", "'no-such-game'", "_rules:"),
]


@pytest.mark.parametrize("field, value, reason", BAD_FIELDS)
def test_a_bad_field_is_malformed_at_its_line(field: str, value: str, reason: str) -> None:
    text = _with(field, value)
    if (field, value) == ("day", "31"):
        text = _with("month", "4", text)
    q = _one(text)
    assert q.kind == "malformed", q.message()
    assert reason in q.reason, q.reason
    assert _line(text, q).startswith(f"{field} ="), (q.line, q.reason)
    assert q.raw == text and (q.hand_id == "7" or field == "hand")


def test_an_unknown_variant_is_unsupported_at_its_line() -> None:
    text = _with("variant", "'XX'")
    q = _one(text)
    assert q.kind == "unsupported" and "'XX'" in q.reason and _line(text, q) == "variant = 'XX'"


def test_more_than_99_players() -> None:
    n = 100
    text = _with("starting_stacks", repr([100] * n), GOOD)
    for field in ("antes", "blinds_or_straddles"):
        text = _with(field, repr([1, 2] + [0] * (n - 2)), text)
    for field in ("seats", "players"):
        text = _with(field, "[]", text).replace(f"{field} = []\n", "")
    q = _one(text)
    assert q.kind == "malformed" and "100 players, more than 99" in q.reason
    assert _line(text, q).startswith("starting_stacks =")


BAD_ACTIONS = [
    ("'p3 juggle'", "unknown action"),
    ("'p3 cbr'", "unknown action"),
    ("'p3 cbr 5 6'", "unknown action"),
    ("'p3 sd'", "unknown action"),
    ("'d dx p3 7h6h'", "unknown dealing action"),
    ("'p4 f'", "is not a player"),
    ("'p0 f'", "is not a player"),
    ("'p03 f'", "is not a player"),
    ("'p\u00b2 f'", "is not a player"),
    ("'p\u0663 f'", "is not a player"),
    ("'p" + "9" * 5000 + " f'", "is not a player"),
    ("'p3 cbr 1e5'", "is not an amount"),
    ("'p3 cbr -5'", "is not an amount"),
    ("'p3 cbr 5.5.5'", "is not an amount"),
    ("'p3 cbr 99999999999999'", "minor units"),
    ("'p3 cbr " + "9" * 5000 + "'", "minor units"),
    ("'p3 cbr 5.0000001'", "decimal places"),
    ("'p3 cbr 1'", "impossible"),
    ("'p3 cbr 1000'", "impossible"),
    ("'p3 pb'", "bring-in"),
    ("'d dh p1 XxYy'", "is not a card"),
    ("'d dh p1 AsK'", "two-character cards"),
    ("'d dh p1 Ah Kh'", "unknown dealing action"),
    ("'p1 sm AsAs'", "shown twice"),
]


@pytest.mark.parametrize("bad, reason", BAD_ACTIONS)
def test_a_bad_action_is_malformed_at_its_line(bad: str, reason: str) -> None:
    text = _action("p3 cc", bad)
    q = _one(text)
    assert q.kind == "malformed" and reason in q.reason, q.message()
    assert _line(text, q) == f"  {bad},", q.line


@pytest.mark.parametrize("bad", ["'d db AsQdJd'", "'d db 2c2c4c'"])
def test_a_card_dealt_twice_is_malformed_at_the_second_deal(bad: str) -> None:
    text = GOOD.replace("  'd db 2c3c4c',\n", f"  {bad},\n")
    q = _one(text)
    assert q.kind == "malformed" and "dealt twice" in q.reason
    assert _line(text, q) == f"  {bad},"


def test_hole_cards_dealt_twice() -> None:
    text = GOOD.replace("'d dh p3 7h6h'", "'d dh p3 7hAs'")
    q = _one(text)
    assert "As is dealt twice" in q.reason and _line(text, q) == "  'd dh p3 7hAs',"


# -- the user-defined _fields of our writer ------------------------------------------------------

BAD_OVERRIDES = [
    ("_site", "5", "_site: a text must be"),
    ("_hand_id", "7", "_hand_id: a text must be"),
    ("_max_seats", "1000", "_max_seats: a count must be"),
    ("_button", "-1", "_button: a count must be"),
    ("_button", "1.5", "_button: a count must be"),
    ("_total_pot", "-5", "_total_pot: an amount must be"),
    ("_rake", "1000000000000", "_rake: an amount must be"),
    ("_rake", "1.5", "_rake: an amount must be"),
    ("_pots", "[1, 'x']", "_pots: an amount must be"),
    ("_pots", "5", "_pots: a list must be"),
    ("_extras", "[['STP']]", "_extras: an extra must be"),
    ("_extras", "[[5, 5]]", "_extras: a text must be"),
    ("_finishing_stacks", "[true]", "_finishing_stacks: an amount must be"),
    ("_start", "2026-03-14", "_start: a time must be"),
    ("_start_utc", "21:04:11", "_start_utc: a time must be"),
    ("_stakes", "{decimals = 9}", "decimals must be"),
    ("_stakes", "{decimals = 2, big_blind = -1}", "big_blind: an amount must be"),
    ("_stakes", "{bogus = 1}", "stakes must be"),
    ("_stakes", "[1]", "stakes must be"),
    ("_tournament", "{buy_in = '$1'}", "with the key 'tournament_id'"),
    ("_tournament", "{tournament_id = 5}", "tournament_id: a text must be"),
    ("_none", "['seats']", "_none names 'seats'"),
    ("_none", "'table'", "_none must be an array"),
]


@pytest.mark.parametrize("field, value, reason", BAD_OVERRIDES)
def test_a_bad_user_field_is_malformed_at_its_line(field: str, value: str, reason: str) -> None:
    text = _with(field, value)
    q = _one(text)
    assert q.kind == "malformed" and reason in q.reason, q.reason
    assert _line(text, q).startswith(f"{field} ="), q.line


BAD_RECORDS = [
    ("_seats", "{seat = 1, name = 'a'}", "with the key 'stack'"),
    ("_seats", "{seat = 1, name = 'a', stack = 5, sitting_out = 'yes'}", "sitting_out: a flag must be"),
    ("_seats", "{seat = 100, name = 'a', stack = 5}", "seat: a count must be"),
    ("_seats", "'a'", "a seat must be"),
    ("_deals", "{street = 0, cards = 'AsKs', up = [true]}", "one flag per card"),
    ("_deals", "{street = 0, cards = 'AsKx', up = [true, true]}", "is not a card"),
    ("_deals", "{street = 0, cards = 5, up = []}", "two-character cards"),
    ("_deals", "{street = 0, cards = '', up = [], run = 1000}", "run: a count must be"),
    ("_actions", "{street = 0, player = 'a', kind = 'juggle'}", "kind: an action kind must be"),
    ("_actions", "{street = 0, player = 'a', kind = 'fold', amount = 1.5}", "amount: an amount must be"),
    ("_actions", "{street = 0, player = 'a', kind = 'show', cards = '????'}", "no ??"),
    ("_actions", "{street = 0, kind = 'fold'}", "with the key 'player'"),
    ("_actions", "{street = 0, player = 'a', kind = 'fold', extra = 1}", "an action must be"),
]


@pytest.mark.parametrize("field, bad, reason", BAD_RECORDS)
def test_a_bad_record_is_malformed_at_its_element_line(field: str, bad: str, reason: str) -> None:
    good = {"_seats": "{seat = 1, name = 'a', stack = 5}", "_deals": "{street = 0, cards = 'AsKs', up = [true, true]}",
            "_actions": "{street = 0, player = 'a', kind = 'fold'}"}[field]
    text = GOOD + f"{field} = [\n  {good},\n  {bad},\n]\n"
    q = _one(text)
    assert q.kind == "malformed" and reason in q.reason, q.reason
    assert _line(text, q) == f"  {bad},", q.line


@pytest.mark.parametrize("bad, reason", [
    ("{at = 'x', street = 4, player = 'Anna', kind = 'collect', amount = 6}", "'at' must be an index"),
    ("{at = true, street = 4, player = 'Anna', kind = 'collect', amount = 6}", "'at' must be an index"),
    ("{at = 99, street = 4, player = 'Anna', kind = 'collect', amount = 6}", "'at' must be an index"),
    ("{at = -1, street = 4, player = 'Anna', kind = 'collect', amount = 6}", "'at' must be an index"),
    ("{at = 2, street = 4, player = 'Anna', kind = 'collect', amount = -6}", "amount: an amount must be"),
    ("{at = 2, street = 4, player = 'Anna', kind = 'collect', cards = 7}", "two-character cards"),
])
def test_a_bad_extra_action_is_malformed_at_its_line(bad: str, reason: str) -> None:
    good = "{at = 1, street = 4, player = 'Anna', kind = 'collect', amount = 6}"
    text = GOOD + f"_extra_actions = [\n  {good},\n  {bad},\n]\n"
    q = _one(text)
    assert q.kind == "malformed" and reason in q.reason, q.reason
    assert _line(text, q) == f"  {bad},", q.line


# -- TOML itself ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("value, reason", [
    ("[" * 10_000, "recursion limit exceeded"),  # past what toml_edit reads: its own words
    ("[1, " * 10_000, "recursion limit exceeded"),
    ("{a = " * 10_000, "recursion limit exceeded"),
    ("[" * 12 + "1" + "]" * 12, "antes: nesting too deep"),  # read, then refused past 8 levels
])
def test_deep_nesting_is_malformed_at_its_field(value: str, reason: str) -> None:
    text = _with("antes", value)
    q = _one(text)
    assert q.kind == "malformed" and reason in q.reason, q.reason
    assert _line(text, q).startswith("antes =")


@pytest.mark.parametrize("line", [
    "x" + ".x" * 300_000 + " = 1",  # tomllib takes time quadratic in the parts of a key: refused before parsing
    "[x" + ".x" * 300_000 + "]",
    "_meta = {a" + ".a" * 20 + " = 1}",
    "_meta.'a'" + " . 'a'" * 8 + " = 1",
])
def test_a_dotted_key_of_many_parts_is_too_deep(line: str) -> None:
    text = GOOD + line + "\n"
    q = _one(text)
    assert q.kind == "malformed" and "nesting too deep" in q.reason and _line(text, q) == line


def test_a_dotted_key_of_a_few_parts_is_only_an_unknown_field() -> None:
    (hand,) = read_phh(GOOD + "_meta.a.b.c = 1\nnote = 'see a.b.c.d.e.f.g.h.i.j.k = 1'\n", "ok.phh")
    assert isinstance(hand, Hand)


def test_deep_nesting_over_several_lines_names_its_field() -> None:
    text = GOOD + "_pots = [\n" + "[\n" * 5000 + "]\n"
    q = _one(text)
    assert q.kind == "malformed" and "recursion limit exceeded" in q.reason, q.reason
    assert q.raw == text and q.hand_id == "7" and GOOD.count("\n") < q.line <= text.count("\n")


@pytest.mark.parametrize("field, value, reason", [
    ("antes", "[" + "9" * 5000 + ", 0, 0]", "number too large to fit"),
    ("hand", "9" * 5000, "number too large to fit"),
    ("_rake", "-" + "9" * 5000, "number too small to fit"),
    ("seat_count", "9" * 5000, "number too large to fit"),
    ("min_bet", "9" * 900 + "e" + "9" * 4000, "invalid floating-point number"),
    ("min_bet", "1e9999999", "invalid floating-point number"),
    ("antes", "[0, " + "9" * 5000 + ".5, 0]", "invalid floating-point number"),
])
def test_a_5000_digit_number_is_malformed_at_its_line(field: str, value: str, reason: str) -> None:
    text = _with(field, value)
    q = _one(text)
    assert q.kind == "malformed" and f"not valid TOML: {reason}" in q.reason, q.reason
    assert _line(text, q).startswith(f"{field} =")


@pytest.mark.parametrize("text, line", [
    ("variant = 'NT'\nvariant = 'NT'\n", 2),
    ("variant = 'NT\n", 1),
    ("year = 2026-02-30\n", 1),
    ("a = 1\n\x00\n", 2),
    ("a = [1,\n", 1),
])
def test_invalid_toml_is_malformed_at_its_line(text: str, line: int) -> None:
    q = _one(text)
    assert q.kind == "malformed" and "not valid TOML" in q.reason and q.line == line


def test_a_collection_entry_must_be_one_table() -> None:
    text = "[1]\nvariant = 'NT'\n[[2]]\nx = 1\n"
    (q,) = read_phh(text, "c.phhs")
    assert isinstance(q, Quarantined) and q.kind == "malformed" and q.line == 1


# -- strictness and the internal boundary -------------------------------------------------------


def test_strict_raises_only_our_bugs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault of the text is a record under ``strict`` too; a bug of ours on one hand (a panic the core is made to
    have on hand 8, ``reading.FAULT_HAND``) is that hand's ``internal`` record with its raw text, the hands around
    it stored, and ``strict`` raises it naming file, line and hand."""
    bad = _action("p3 cc", "'p3 juggle'")
    (q,) = read_phh(bad, "b.phh", strict=True)
    assert isinstance(q, Quarantined) and q.kind == "malformed"

    monkeypatch.setattr(reading, "FAULT_HAND", "8")
    hands = [GOOD.replace("hand = 7", f"hand = {n}") for n in (7, 8, 9)]
    path = tmp_path / "g.phhs"
    path.write_text(_collection(hands))
    summary = api.import_paths(tmp_path / "s.duckdb", [path])
    assert (summary.stored, summary.quarantined, summary.internal) == (2, 1, 1)
    (record,) = api.quarantine_records(tmp_path / "s.duckdb")
    assert record["kind"] == "internal" and record["hand_id"] == "8" and "bug in soko_analytics" in record["reason"]
    second = path.read_text().split("\n").index("[2]") + 1
    assert record["source_line"] == second
    with Store(tmp_path / "s.duckdb", read_only=True) as store:
        assert store.query("SELECT raw FROM quarantine")["raw"][0].strip() == f"[2]\n{hands[1]}".strip()
    with pytest.raises(InternalError, match="a fault injected on hand 8") as raised:
        api.import_paths(tmp_path / "t.duckdb", [path], strict=True)
    assert (raised.value.path, raised.value.line, raised.value.hand_id) == (str(path), second, "8")


# -- streaming and oversized hands ------------------------------------------------------------------


def _collection(texts: list[str]) -> str:
    return "".join(f"[{i}]\n{text}\n" for i, text in enumerate(texts, 1))


def _summary(results: list[Hand | Quarantined]) -> list[tuple]:
    return [(r, r.source, r.raw) if isinstance(r, Hand) else (r.kind, r.line, r.hand_id, r.reason, r.raw)
            for r in results]


def test_blocks_read_as_the_whole_text() -> None:
    text = _collection([GOOD, _action("p3 cc", "'p3 juggle'"), GOOD.replace("hand = 7", "hand = 9")])
    whole = _summary(list(read_phh(text, "w.phhs")))
    assert [w[0] if isinstance(w[0], str) else "hand" for w in whole] == ["hand", "malformed", "hand"]
    lines = text.splitlines(keepends=True)
    for size in (1, 3, 17):
        blocks = ["".join(lines[i : i + size]) for i in range(0, len(lines), size)]
        assert _summary(list(read_phh(iter(blocks), "w.phhs"))) == whole
    ragged = [text[i : i + 7] for i in range(0, len(text), 7)]  # blocks that cut lines, and a BOM
    assert _summary(list(read_phh(iter(["\ufeff" + ragged[0], *ragged[1:]]), "w.phhs"))) == whole


def _tables(consumed: list[int]) -> Iterator[str]:
    """A collection's tables ``[1]`` to ``[999]`` (GOOD, numbered), one a block, each block's number noted as taken."""
    for i in range(1, 1000):
        consumed.append(i)
        yield f"[{i}]\n" + GOOD.replace("hand = 7", f"hand = {i}") + "\n"


def test_hands_come_as_the_blocks_arrive() -> None:
    consumed: list[int] = []
    first = next(iter(read_phh(_tables(consumed), "s.phhs")))
    assert isinstance(first, Hand) and first.hand_id == "1" and len(consumed) <= 2


def test_audited_hands_come_as_the_blocks_arrive() -> None:
    """``soko audit FILE.phhs`` reads as the import does: each hand audited as soon as the block that ends it."""
    consumed: list[int] = []
    first = next(iter(get_format("phh").audited(_tables(consumed), "s.phhs")))
    assert isinstance(first, Audited) and first.hand.hand_id == "1" and len(consumed) <= 2
    (alone,) = get_format("phh").audited(GOOD.replace("hand = 7", "hand = 1"), "one.phh")
    assert isinstance(alone, Audited) and json.loads(first.verdict) == json.loads(alone.verdict)


def test_an_oversized_hand_is_too_large_and_the_others_are_read() -> None:
    filler = ("# " + "x" * 98 + "\n") * (MAX_HAND_CHARS // 100 + 10)
    text = _collection([GOOD, GOOD.replace("hand = 7", "hand = 8") + filler, GOOD.replace("hand = 7", "hand = 9")])
    results = list(read_phh(text, "big.phhs"))
    assert [type(r) for r in results] == [Hand, Quarantined, Hand]
    q = results[1]
    assert q.kind == "too_large" and q.hand_id == "8" and q.line == text.split("\n").index("[2]") + 1
    assert len(q.raw) == KEPT_CHARS and text[text.index("[2]") :].startswith(q.raw)
    size = len(f"[2]\n{GOOD}{filler}\n")
    assert f"a hand of {size} characters" in q.reason and str(MAX_HAND_CHARS) in q.reason
    assert results[2].source.line == text.split("\n").index("[3]") + 1


def test_an_oversized_file_is_read_in_bounded_memory() -> None:
    """200 MB of one hand without a header (a .phh file) or of one table: one too_large record, little memory."""
    line = "# " + "y" * 9_997 + "\n"
    block = line * 100  # 1 MB

    def blocks(head: str):
        yield head
        for _ in range(200):
            yield block
        yield GOOD  # a .phhs goes on with more text: one item for the table above

    for head, items in (("variant = 'NT'\n", 1), ("[1]\n", 1), ("[1]\n" + GOOD + "[2]\n", 2)):
        tracemalloc.start()
        try:
            results = list(read_phh(blocks(head), "huge.phhs"))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert len(results) == items and results[-1].kind == "too_large"
        assert peak < 12 * MAX_HAND_CHARS, f"peak {peak} bytes"


IMPORT_PEAK = """import resource, sys
from soko_analytics import api
summary = api.import_paths(sys.argv[1], [sys.argv[2]])
print(summary.stored, summary.quarantined, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def test_an_oversized_file_is_imported_in_bounded_memory(tmp_path: Path) -> None:
    """The import reads a .phhs as its blocks come (the core's cutter), not whole: importing 200 MB of one table
    between two hands takes little more memory than importing the two hands alone."""
    line = "# " + "y" * 9_997 + "\n"
    small, big = tmp_path / "small.phhs", tmp_path / "big.phhs"
    other = _with("hand", "8")
    small.write_text(f"[1]\n{GOOD}[3]\n{other}", encoding="utf-8")
    with big.open("w", encoding="utf-8") as out:
        out.write(f"[1]\n{GOOD}[2]\n")
        for _ in range(200):
            out.write(line * 100)  # 1 MB
        out.write(f"[3]\n{other}")

    def peak_kb(path: Path) -> tuple[int, int, int]:
        done = subprocess.run([sys.executable, "-c", IMPORT_PEAK, str(tmp_path / f"{path.stem}.duckdb"), str(path)],
                              capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        stored, quarantined, peak = map(int, done.stdout.split())
        return stored, quarantined, peak

    small_stored, small_quarantined, small_peak = peak_kb(small)
    stored, quarantined, peak = peak_kb(big)
    assert (small_stored, small_quarantined, stored, quarantined) == (2, 0, 2, 1)  # the table of 200 MB is one too_large record
    assert peak - small_peak < 64 << 10, f"{peak - small_peak} KB more than for the two hands alone"


def test_a_line_longer_than_a_block_is_one_line() -> None:
    long = "x" * (3 * 65_536 + 5)  # longer than any block a reader might cut a text into
    text = GOOD.replace("players = ['Anna', 'Bert', 'Cleo']", f"players = ['Anna', 'Bert', '{long}']")
    (hand,) = read_phh(iter([text[i : i + 1000] for i in range(0, len(text), 1000)]), "l.phh")
    assert isinstance(hand, Hand) and hand.players()[2] == long and hand.raw == text


# -- (b) the mutation fuzz ----------------------------------------------------------------------------------

HEADER = re.compile(r"""^[ \t]*\[[ \t]*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\][ \t]*(?:#.*)?\r?$""")
"""A table header line ``[N]`` (as PHH collections write them), by the test's own reading of the text."""
NUMBER = re.compile(r"(?<![\w.])-?[0-9]+(?:\.[0-9]+)?(?![\w.])")
VALUE = re.compile(r"(?m)^([ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*=[ \t]*)(.*)$")
HOSTILE_NUMBERS = ["9" * 5000, "-1", "-0.5", "0.5", "1e300", "1e-300", "inf", "nan", "-inf", "'12'", "true",
                   "1000000000000", "9223372036854775808", "0x" + "f" * 40, "100", "99", "0", "1.0000001",
                   "2026-01-01", "12:00:00", "[1]", "{a = 1}"]
HOSTILE_VALUES = ["{}", "{a = 1}", "true", "false", "[]", "[[]]", "''", "'x'", "1", "-1", "1.5", "[true, 1]",
                  "['p1 cc']", "[{at = 0}]", "2026-02-30", "1979-05-27T07:32:00Z", "07:32:00", "[" * 5000,
                  "[" * 20 + "]" * 20, "9" * 5000, "['" + "x" * 200 + "']", "[" + ", ".join(["0"] * 120) + "]"]
HOSTILE_TOKENS = ["p0", "p99", "p100", "p\u00b2", "p" + "9" * 400, "??", "AsAs", "Zz", "cbr", "sm", "pb", "sd",
                  "d", "db", "dh", "#", "-", "1e9", "99999999999999", "0.0000001", "A", ""]
ALPHABET = "[]{}=,'\"#\n\\0123456789.-+_ eEpfcdbhs?AKQJT\x00\x7f\u00e9"


def _mutate(text: str, rng: random.Random, others: list[str]) -> str:
    """One to three seeded mutations of a text: lines, bytes, numbers, values, action tokens."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        lines = text.split("\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        op = rng.randrange(12)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[j])
        elif op == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and text:
            at = rng.randrange(len(text))
            return text[:at] + rng.choice(ALPHABET) + text[at + rng.choice((0, 1, 1, 2)) :]
        elif op == 4:
            return text[: rng.randrange(len(text) + 1)]
        elif op in (5, 6):
            numbers = list(NUMBER.finditer(text))
            if numbers:
                m = rng.choice(numbers)
                text = text[: m.start()] + rng.choice(HOSTILE_NUMBERS) + text[m.end() :]
                continue
        elif op in (7, 8):
            values = [k for k, ln in enumerate(lines) if VALUE.match(ln)]
            if values:
                k, depth = rng.choice(values), rng.choice((1, 2, 9, 400))
                nest = (lambda v: "[" * depth + v + "]" * depth) if op == 8 else (lambda _: rng.choice(HOSTILE_VALUES))
                lines[k] = VALUE.sub(lambda m: m.group(1) + nest(m.group(2)), lines[k])
        elif op == 9:
            actions = [k for k, ln in enumerate(lines) if ln.startswith("  '")]
            if actions:
                k = rng.choice(actions)
                words = lines[k].strip(" ',").split(" ")
                words[rng.randrange(len(words))] = rng.choice(HOSTILE_TOKENS)
                lines[k] = "  '" + " ".join(words) + "',"
        elif op == 10:
            lines.insert(i, rng.choice((f"[{rng.randrange(100)}]", "[x] # a table", "[1.sub]", "[[1]]", "  [2]")))
        else:
            donor = rng.choice(others).split("\n")
            lines.insert(i, rng.choice(donor))
        text = "\n".join(lines)
    return text


def _headers(text: str) -> tuple[list[int], bool]:
    """Lines of the ``[N]`` headers of a text, and whether text before the first one is a hand."""
    lines = text.removeprefix("\ufeff").split("\n")
    heads = [k + 1 for k, ln in enumerate(lines) if HEADER.match(ln)]
    before = lines[: heads[0] - 1] if heads else lines
    leading = any(ln.strip() and not ln.strip().startswith("#") for ln in before)
    return heads, leading


def _check(text: str, path: str, seed: int) -> list[Hand | Quarantined]:
    """parse never raises, yields no internal record, and every header ends as exactly one item."""
    try:
        results = list(read_phh(text, path))
    except Exception as err:  # noqa: BLE001 - the report names the seed
        raise AssertionError(f"seed {seed}: parse raised {type(err).__name__}: {err}") from err
    heads, leading = _headers(text)
    starts = ([1] if leading else []) + heads
    assert len(results) == len(starts), f"seed {seed}: {len(starts)} hands, {len(results)} items"
    lines = text.removeprefix("\ufeff").split("\n")
    for k, (result, start) in enumerate(zip(results, starts)):
        end = starts[k + 1] - 1 if k + 1 < len(starts) else len(lines)
        if isinstance(result, Hand):
            assert (result.source.path, result.source.line) == (path, start), f"seed {seed}"
            continue
        assert isinstance(result, Quarantined), f"seed {seed}: {result!r}"
        assert result.kind != "internal", f"seed {seed}: {result.message()}"
        assert result.reason and result.path == path, f"seed {seed}"
        assert start <= result.line <= end, f"seed {seed}: line {result.line} not in {start}..{end}"
        if start in heads:
            assert result.raw.split("\n", 1)[0] == lines[start - 1], f"seed {seed}"
    return results


def _written_hands() -> list[Hand]:
    c = Card.parse
    odd = Hand(
        site="Club", hand_id="T-7", rules="holdem", stakes=Stakes(2, "USD", "$", small_blind=5, big_blind=10, cap=500),
        button=3, start=datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=2))),
        time_zone="Europe/Helsinki", start_utc=datetime(2026, 1, 2, 1, 4, 5),
        tournament=Tournament("99", "$1+$0.10", "IV"),
        seats=(Seat(1, "a", 1000), Seat(2, "b", 1000, True), Seat(3, "c", 1000, False, "$2 bounty")),
        deals=(Deal(0, "a", (c("As"), c("Kd")), (False, False)), Deal(0, "c", (None, None), (False, False)),
               Deal(1, None, (c("2c"), c("3c"), c("4c")), (True,) * 3), Deal(2, None, (c("5d"),), (True,), 1),
               Deal(2, None, (c("6d"),), (True,), 2)),
        actions=(Action(0, "c", K.SMALL_BLIND, 5), Action(0, "a", K.BIG_BLIND, 10),
                 Action(0, "c", K.RAISE, 990, 1000, True), Action(0, "a", K.CALL, 990, None, True),
                 Action(4, "a", K.SHOW, cards=(c("As"), c("Kd")), text="high"), Action(4, "a", K.CASH_OUT, 900, fee=9),
                 Action(4, "a", K.COLLECT, 1000, text="main pot", run=1),
                 Action(4, "c", K.COLLECT, 990, text="main pot", run=2)),
        total_pot=2000, rake=10, pots=(2000,), extras=(("STP", 5),), finishing_stacks=(1000, 1000, 990),
    )
    dead = Hand(site="Club", hand_id="8", rules="holdem", stakes=Stakes(0, small_blind=5, big_blind=10), button=None,
                seats=(Seat(1, "a", 100), Seat(2, "b", 100)),
                actions=(Action(0, "a", K.SMALL_AND_BIG_BLIND, 15), Action(0, "b", K.BIG_BLIND, 10),
                         Action(0, "b", K.FOLD)))
    hands = [odd, dead]
    for rules, seed in (("holdem", 11), ("stud7", 12), ("soko-casino", 13), ("holdem; structure=fixed_limit", 14)):
        hands += list(simulate(rules, 50, 6, seed))
    return hands


def _corpus_dir() -> Path:
    """The PHH files of the shared corpus; a skip saying so when absent (a failure with SOKO_REQUIRE_CORPUS=1)."""
    if not PHH_CORPUS.is_dir():
        if os.environ.get("SOKO_REQUIRE_CORPUS") == "1":
            pytest.fail(f"SOKO_REQUIRE_CORPUS=1 but the shared PHH corpus is not at {PHH_CORPUS}")
        pytest.skip(f"the shared PHH corpus is not at {PHH_CORPUS} (it is beside the checkout in CI)")
    return PHH_CORPUS


@cache
def _sources(corpus: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The single-hand texts (.phh) and the collections (.phhs) the fuzz mutates: the corpus files read
    in place (in collections of five), or hands our writer wrote (alone and four to a collection)."""
    if corpus:
        files = sorted(_corpus_dir().rglob("*.phh"))
        texts = [f.read_text(encoding="utf-8") for f in files]
        collections = [_collection(texts[k : k + 5]) for k in range(0, len(texts), 5)]
        collections += [f.read_text(encoding="utf-8") for f in sorted(_corpus_dir().rglob("*.phhs"))]
        read = [t for t in texts if re.search(r"(?m)^variant = '(NT|FT|F7S)'", t)]
        return tuple(texts + 2 * read), tuple(collections)  # mostly variants we read: all their fields are checked
    hands = _written_hands()
    return tuple(phh.write([h]) for h in hands), tuple(phh.write(hands[k : k + 4]) for k in range(0, len(hands), 4))


@pytest.mark.parametrize("corpus", [False, True], ids=["written", "corpus"])
def test_the_fuzz_sources_read_cleanly(corpus: bool) -> None:
    singles, collections = _sources(corpus)
    assert len(singles) >= 80 and len(collections) >= 16
    for k, text in enumerate(singles + collections):
        for result in _check(text, "src.phhs", -k):
            assert isinstance(result, Hand) or result.kind == "unsupported", result.message()
    if not corpus:
        for hand in _written_hands():
            assert list(read_phh(phh.write([hand]), "w.phh")) == [hand]


FUZZ_CASES = 2000
"""Mutated texts per source kind (written hands, corpus) in the default run."""
SEED = int(os.environ.get("SOKO_PHH_FUZZ_SEED", "20260314"))


def _fuzz(corpus: bool, first: int, cases: int) -> dict[str, int]:
    singles, collections = _sources(corpus)
    donors = list(singles[:5])
    kinds: dict[str, int] = {}
    for seed in range(first, first + cases):
        rng = random.Random(seed)
        collection = rng.random() < 0.4
        text = _mutate(rng.choice(collections if collection else singles), rng, donors)
        for result in _check(text, "fuzz.phhs" if collection else "fuzz.phh", seed):
            kind = "hand" if isinstance(result, Hand) else result.kind
            kinds[kind] = kinds.get(kind, 0) + 1
            if isinstance(result, Hand):  # what we accept, our writer writes back
                assert list(read_phh(phh.write([result]), "back.phh")) == [result], f"seed {seed}"
    return kinds


@pytest.mark.parametrize("corpus", [False, True], ids=["written", "corpus"])
def test_fuzz_mutations_never_raise_nor_hide_bugs(corpus: bool) -> None:
    one = "SOKO_PHH_FUZZ_SEED" in os.environ
    kinds = _fuzz(corpus, SEED, 1 if one else FUZZ_CASES)
    if not one:
        assert kinds.get("malformed", 0) > FUZZ_CASES // 4 and kinds.get("hand", 0) > FUZZ_CASES // 10, kinds


@pytest.mark.slow
@pytest.mark.parametrize("corpus", [False, True], ids=["written", "corpus"])
def test_fuzz_more_mutations(corpus: bool) -> None:
    _fuzz(corpus, SEED + 1_000_000, FUZZ_CASES)  # 4,000 of each kind in all (8,000 a kind cost a minute of CI)
