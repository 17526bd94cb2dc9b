"""The format-drift report (issue 35): quarantine records counted by format, client version, kind and the shape of the
line not understood, names and amounts masked (``Store.quarantine_groups``, the import's ``drift``).

Every log here is written for these tests in its site's format: two PokerStars hands with a line no PokerStars log
has had (``NAME: uses time bank (N s)``) that differ only in names and amounts, a third with another new line, two
iPoker games (client version 23.1.0.5) with an action type no iPoker log has had, and a file of no known format.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from soko_analytics import _core as core
from soko_analytics.store import drift
from soko_analytics.store.db import LATEST, Store

from ..older_store import make_v12


def stars_hand(hand_id: int, names: tuple[str, str], stacks: tuple[str, str], extra: str) -> str:
    """A heads-up PokerStars cash hand (blinds $0.05/$0.10) in which seat 1 folds to the big blind after ``extra``."""
    a, b = names
    return f"""PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/01/05 10:00:00 ET
Table 'Drift I' 6-max Seat #1 is the button
Seat 1: {a} (${stacks[0]} in chips)
Seat 2: {b} (${stacks[1]} in chips)
{a}: posts small blind $0.05
{b}: posts big blind $0.10
*** HOLE CARDS ***
{extra}
{a}: folds
Uncalled bet ($0.05) returned to {b}
{b} collected $0.10 from pot
{b}: doesn't show hand
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: {a} (button) (small blind) folded before Flop
Seat 2: {b} (big blind) collected ($0.10)


"""


STARS = (stars_hand(900001, ("Pläyer", "Bob"), ("1,234.56", "10"), "Pläyer: uses time bank (30 s)")
         + stars_hand(900002, ("zed 77", "Ann"), ("8.40", "12.25"), "zed 77: uses time bank (5 s)")
         + stars_hand(900003, ("Kim", "Lee"), ("5", "5"), "Kim: activates the boost card [Ah]"))
"""Three hands; the first two have the same new line, the third another."""


def line_of(text: str, log: str) -> int:
    """The 1-based line of ``text`` in ``log``."""
    return log.splitlines().index(text) + 1


def ipoker_game(code: int, names: tuple[str, str], sum_: str) -> str:
    a, b = names
    return f"""  <game gamecode="{code}">
  <general>
   <startdate>2024-01-05 10:00:00</startdate>
   <players>
    <player chips="€5.00" name="{a}" win="€0.00" seat="1" bet="€0.02" dealer="1"/>
    <player chips="€5.00" name="{b}" win="€0.04" seat="2" bet="€0.02" dealer="0"/>
   </players>
  </general>
  <round no="0">
   <action player="{a}" no="1" cards="" sum="€0.01" type="1"/>
   <action player="{b}" no="2" cards="" sum="€0.02" type="2"/>
  </round>
  <round no="1">
   <cards player="{a}" type="Pocket">X X</cards>
   <cards player="{b}" type="Pocket">CA D7</cards>
   <action player="{a}" no="3" cards="" sum="{sum_}" type="42"/>
   <action player="{a}" no="4" cards="" sum="€0.00" type="0"/>
  </round>
 </game>
"""


IPOKER = ("""<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="5550001">
 <general>
  <client_version>23.1.0.5</client_version>
  <mode>real</mode>
  <gametype>Holdem NL €0.01/€0.02</gametype>
  <tablename>Driftwood, 700001</tablename>
  <tablecurrency>EUR</tablecurrency>
  <duration>00:02:00</duration>
  <gamecount>2</gamecount>
  <startdate>2024-01-05 10:00:00</startdate>
  <currency>EUR</currency>
  <nickname>Villain</nickname>
 </general>
""" + ipoker_game(800001, ("Hero one", "Villain"), "€0.10") + ipoker_game(800002, ("Other", "Villain"), "€1,000.50")
          + "</session>\n")

NOT_A_LOG = "Weekly summary of my sessions\nwon 12 lost 3\n"

STARS_SHAPE = ("pokerstars", None, "malformed", "<name>: uses time bank (N s)")
NOT_A_LOG_SHAPE = (None, None, "unreadable", "Weekly summary of my sessions")
"""A file no reader recognises is grouped by its first line (a site's new header shows as itself), masked."""
BOOST_SHAPE = ("pokerstars", None, "malformed", "<name>: activates the boost card [<card>]")
IPOKER_SHAPE = ("ipoker", "23.1.0.5", "unsupported",
                '<action player="<name>" no="N" cards="" sum="<amount>" type="N"/>')


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "stars.txt").write_text(STARS, encoding="utf-8")
    (folder / "ipoker.xml").write_text(IPOKER, encoding="utf-8")
    (folder / "notes.txt").write_text(NOT_A_LOG, encoding="utf-8")
    return folder


def key(group: dict) -> tuple:
    return group["format"], group["client_version"], group["kind"], group["shape"]


def test_one_new_line_in_two_hands_is_one_group_of_two(tmp_path, logs):
    with Store(tmp_path / "s.duckdb") as store:
        summary = store.import_paths([logs])
        groups = store.quarantine_groups()
    assert summary.drift == groups
    by_key = {key(g): g for g in groups}
    assert set(by_key) == {STARS_SHAPE, BOOST_SHAPE, IPOKER_SHAPE, NOT_A_LOG_SHAPE}
    stars = by_key[STARS_SHAPE]
    assert stars["count"] == 2
    assert (Path(stars["file"]).name, stars["line"], stars["text"]) == (
        "stars.txt", line_of("Pläyer: uses time bank (30 s)", STARS), "Pläyer: uses time bank (30 s)")
    assert by_key[BOOST_SHAPE]["count"] == 1 and by_key[BOOST_SHAPE]["line"] == line_of(
        "Kim: activates the boost card [Ah]", STARS)
    ipoker = by_key[IPOKER_SHAPE]
    assert ipoker["count"] == 2 and ipoker["text"].strip() == (
        '<action player="Hero one" no="3" cards="" sum="€0.10" type="42"/>')
    assert "type 42" in ipoker["reason"]
    assert [g["count"] for g in groups] == sorted((g["count"] for g in groups), reverse=True)


def test_a_second_import_reports_only_its_own_records(tmp_path, logs):
    with Store(tmp_path / "s.duckdb") as store:
        store.import_paths([logs / "stars.txt"])
        again = store.import_paths([logs])
        every = store.quarantine_groups()
    assert {key(g) for g in again.drift} == {IPOKER_SHAPE, NOT_A_LOG_SHAPE}
    assert {key(g): g["count"] for g in every}[STARS_SHAPE] == 2


def test_grouped_by_site_and_by_file(tmp_path, logs):
    with Store(tmp_path / "s.duckdb") as store:
        store.import_paths([logs])
        sites = {(g["format"], g["client_version"], g["kind"]): g["count"] for g in store.quarantine_groups("site")}
        files = {(Path(g["source_file"]).name, g["kind"]): g["count"] for g in store.quarantine_groups("file")}
    assert sites == {("pokerstars", None, "malformed"): 3, ("ipoker", "23.1.0.5", "unsupported"): 2,
                     (None, None, "unreadable"): 1}
    assert files == {("stars.txt", "malformed"): 3, ("ipoker.xml", "unsupported"): 2, ("notes.txt", "unreadable"): 1}


def test_an_older_store_has_its_records_drift_computed_on_upgrade(tmp_path, logs):
    path = tmp_path / "s.duckdb"
    with Store(path) as store:
        store.import_paths([logs])
        before = store.quarantine_groups()
    make_v12(path)
    con = duckdb.connect(str(path))
    assert "shape" not in {c for (c,) in con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE table_name = 'quarantine'").fetchall()}
    con.close()
    with Store(path) as store:
        assert store.version() == LATEST >= 13
        assert store.quarantine_groups() == before


@pytest.mark.parametrize(("line", "names", "shape"), [
    ("Seat 3: Pläyer (1,234.56 in chips)", ["Pläyer"], "Seat N: <name> (<amount> in chips)"),
    ("Seat 3: Pläyer (1500 in chips) is sitting out", ["Pläyer"], "Seat N: <name> (N in chips) is sitting out"),
    ("Player0 posts big blind [$20 USD].", ["Player0"], "<name> posts big blind [<amount>]."),
    ("Seat 2: Player0 ( 15\u00a0788,50 $ )", ["Player0"], "Seat N: <name> ( <amount> )"),
    ("Table 'Alfeld 12' 6-max Seat #6 is the button", [], "Table '<text>' N-max Seat #N is the button"),
    ("Dealt to Al [Ah Td]", ["Al"], "Dealt to <name> [<card> <card>]"),
    ("Al calls Alpha €2", ["Al"], "<name> calls Alpha <amount>"),
    ("Bob said, \"nh \x1b]0;x\x07\"", ["Bob"], "<name> said, \"<text>\""),
])
def test_shapes_masked_by_hand(line, names, shape):
    raw = "\n".join([*(f"Seat {i}: {n} ($1 in chips)" for i, n in enumerate(names, 1)), line])
    _, found = core.quarantine_drift("pokerstars", raw, len(names), "unknown line")
    assert found == shape


def test_the_line_a_record_names():
    raw = "header\nsecond\nthird"
    assert drift.named_line(10, "line 12: unknown line") == 12
    assert drift.offending_line(raw, 10, "line 12: unknown line") == "third"
    assert drift.offending_line(raw, 10, "cut off") == "header"
    assert drift.offending_line("", 0, "cannot read the file") == ""


def test_a_conflict_is_grouped_by_its_header_s_shape(tmp_path):
    (tmp_path / "a.txt").write_text(stars_hand(900009, ("Ann", "Bob"), ("5", "5"), "Dealt to Ann [Ah Kd]"))
    (tmp_path / "b.txt").write_text(stars_hand(900009, ("Cy", "Dee"), ("7", "7"), "Dealt to Cy [2c 2d]"))
    with Store(tmp_path / "s.duckdb") as store:
        assert store.import_paths([tmp_path / "a.txt"]).stored == 1
        summary = store.import_paths([tmp_path / "b.txt"])
    assert [(key(g), g["count"]) for g in summary.drift] == [(
        ("pokerstars", None, "conflict", "PokerStars Hand #N:  Hold'em No Limit (<amount>/<amount>) - N/N/N N:N:N ET"),
        1)]
