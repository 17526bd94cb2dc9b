"""iPoker XML logs (``../shared/corpus/sites/iPoker``, ``.xml`` and ``.txt`` files): detected as iPoker, every
``<game>`` ends as one stored or quarantined hand (195 of 228 stored; 31 are a partial export without the betting),
the stored hands audit clean or are listed with why not, both ``.hp`` sidecars match in cents, the hands go through
PokerStars text and PHH unchanged, and the store records the session's ``<nickname>`` as each hand's owner.

The figures checked are the logs' own (each player's ``win``) and fpdb's ``.hp`` sidecars.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import get_format, phh
from soko_analytics.parsers.base import FormatError, IncompleteHand
from soko_analytics.parsers.split import split_pieces
from soko_analytics.replay.audit import audit
from soko_analytics.store.db import Store
from tests.parsers.sites import (
    assert_matches_hp,
    assert_one_record_per_header,
    audit_failures,
    quarantined,
    read_files,
    site_files,
    stored,
)

GAME = re.compile(r"<game gamecode=\"([0-9]+)\"")
NICKNAME = re.compile(r"<nickname>([^<]+)</nickname>")
COUNTS = {
    "cash/Flop/5CPLO-EUR-0.50-1.00-202201.no.player.element.txt": (1, 0),
    "cash/Flop/6+Holdem-EUR-0.25-0.50-201702.txt": (1, 0),
    "cash/Flop/LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml": (29, 1),
    "cash/Flop/LHE-5-10-10-20-USD-201103.HEM.archive.txt": (2, 0),
    "cash/Flop/LHE-HU-USD-20-40-201103.flat.format.txt": (1, 0),
    "cash/Flop/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml": (1, 0),
    "cash/Flop/NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt": (3, 0),
    "cash/Flop/NLHE-GBP-0.05-0.10-201307.uncalled.less.than.rake.xml": (1, 0),
    "cash/Flop/NLHE-RSD-1.00-2.00-201210.Serbian.Dinar.txt": (1, 0),
    "cash/Flop/NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt": (1, 0),
    "cash/Flop/NLHE-USD-0.10-0.20.201112.post.both.txt": (1, 0),
    "cash/Flop/PLO-EUR-0.25-0.50-201605.export.bad.actions.txt": (1, 0),
    "cash/Flop/PLO-EUR-2.50-5.00-201901.no.max.seats.txt": (4, 0),
    "cash/Flop/PLO-USD-5-10-201631.partial.format.xml": (0, 31),
    "cash/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml": (1, 0),
    "cash/Stud/7-StudL-USD-0.05-0.10-201009.txt": (2, 0),
    "tour/Flop/NLHE-10max-MTT-10-1-201901.Bovada.converted.txt": (1, 0),
    "tour/Flop/NLHE-3max-USD-SNG-1.00.Twister.txt": (4, 0),
    "tour/Flop/NLHE-GBP-MTT-5-201403.FPPbuyin.txt": (14, 0),
    "tour/Flop/NLHE-USD-MTT-Freeroll-201107.txt": (9, 0),
    "tour/Flop/NLHE-USD-SNG-100-5-201610.new.tourno.format.xml": (1, 0),
    "tour/Stud/7-StudHi-USD-STT-5-201103.txt": (116, 1),
}
"""Each file's (stored, quarantined) games."""
NOT_READ = {
    "2855472319": 'sum="DP" is not an amount',  # an all-in whose amount the export garbled
    "4044980507": "no stakes",  # a stud tournament's bring-in all in, everyone folds: no bet gives the level's stakes
}
"""Quarantined games other than the partial export's, and what their reasons say."""
PARTIAL = "cash/Flop/PLO-USD-5-10-201631.partial.format.xml"
WRONG_LOGS: dict[str, str] = {}
NOT_MODELLED: dict[str, str] = {}
HP_FILES = {"NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml", "5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"}


@pytest.fixture(scope="module")
def root(corpus) -> Path:
    return corpus / "sites" / "iPoker"


@pytest.fixture(scope="module")
def files(corpus) -> list[Path]:
    return site_files(corpus, "iPoker", 22, (".xml", ".txt"))


@pytest.fixture(scope="module")
def results(files) -> dict[Path, list]:
    return read_files(files)


def test_every_file_is_ipoker_and_every_game_one_hand(files, results, root):
    assert_one_record_per_header(files, results, "ipoker", GAME)
    counts = {str(p.relative_to(root)): (sum(isinstance(r, Hand) for r in rs), sum(not isinstance(r, Hand) for r in rs))
              for p, rs in results.items()}
    assert counts == COUNTS
    hands = stored(results)
    assert (len(hands), sum(q for _, q in COUNTS.values())) == (195, 33)
    assert {h.site for h in hands} == {"iPoker"} and {h.source.format for h in hands} == {"ipoker"}
    assert Counter(h.rules for h in hands) == {"stud7": 118, "holdem": 37, "holdem; structure=fixed_limit": 32,
                                               "omaha": 5, "omaha5": 1, "short-deck": 1, "stud5": 1}


def test_a_cash_game_s_currency_is_its_table_s(results, root):
    # "<tablecurrency>EUR" with "<currency>CAD" (the account's): a euro table; the file names say each one's
    for path, records in results.items():
        if "cash" in path.parts:
            named = re.search(r"-(USD|EUR|GBP|RSD)-", path.name)
            assert named and {h.stakes.currency for h in records if isinstance(h, Hand)} <= {named[1]}, path


def test_quarantined_games_say_what_is_missing(results, root):
    records = quarantined(results)
    partial = [r for r in records.values() if r.path.endswith(PARTIAL)]
    assert len(partial) == 31
    for record in partial:
        assert isinstance(record.error, IncompleteHand) and "partial game" in record.reason, record.reason
        assert "win attribute" in record.reason and record.line is not None and record.line > 0
    others = {hand_id: r for hand_id, r in records.items() if not r.path.endswith(PARTIAL)}
    assert set(others) == set(NOT_READ)
    for hand_id, record in others.items():
        assert isinstance(record.error, FormatError) and NOT_READ[hand_id] in record.reason, record.reason
        assert record.raw.startswith(f'<game gamecode="{hand_id}"') and "<session" in record.raw


def test_the_stored_hands_audit_clean_or_are_listed_and_their_money_adds_up(results):
    assert audit_failures(stored(results)) == set(WRONG_LOGS) | set(NOT_MODELLED)


def test_the_hp_sidecars_match_in_cents(files, results):
    matched = set()
    for path in files:
        hp = path.with_name(path.name + ".hp")
        if hp.exists():
            assert_matches_hp(results[path][0], ast.literal_eval(hp.read_text()))
            matched.add(path.name)
    assert matched == HP_FILES


def test_the_win_counts_the_uncalled_bet_and_actions_go_by_their_numbers(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "Player6 ... win="$0.08" bet="$0.06"": the $0.04 river bet nobody called is in the win
    spanish = by_id["3013573623"]
    flows = [(a.player, a.kind, a.amount) for a in spanish.actions if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)]
    assert flows == [("Player6", ActionKind.UNCALLED, 4), ("Player6", ActionKind.COLLECT, 4)]
    assert (spanish.total_pot, spanish.rake, spanish.stakes.currency) == (4, 0, "USD")
    # the flop is written player by player ("no=10 ... no=12 ... no=9 ... no=11 ... no=13"): read in numbers' order,
    # "type=23 sum=£3" raises to £3, "type=7 sum=£1.80" is all in for £1.80 more; the £0.30 over it goes back
    gbp = by_id["4989273264"]
    flop = [(a.player, a.kind, a.amount) for a in gbp.actions if a.street == 1 and a.kind is not ActionKind.UNCALLED]
    assert [p for p, _, _ in flop] == ["Werton42", "Ponsaltos", "Werton42", "Ponsaltos", "Werton42"]
    assert [(a.kind, a.amount) for a in gbp.actions if a.kind is ActionKind.UNCALLED] == [(ActionKind.UNCALLED, 30)]
    # "win=£5.95" counts the £0.30 given back: £5.65 collected of £6.05, £0.40 raked (the file's 'uncalled less
    # than rake')
    assert (gbp.total_pot, gbp.rake) == (605, 40)
    # a client of version 21 ("<client_version>21.9.2.9"): "win=€51,18" does not count the €52.77 given back
    new = by_id["3651461297"]
    flows = [(a.player, a.kind, a.amount) for a in new.actions if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)]
    assert flows == [("Player0", ActionKind.UNCALLED, 5277), ("Player0", ActionKind.COLLECT, 5118)]
    assert (new.total_pot, new.rake, new.rules) == (5277, 159, "omaha5")
    # no hand's rake is over 7% of its pot (the auditor holds the rake to be at least 0 only)
    assert all(0 <= h.rake <= h.total_pot * 7 / 100 for h in stored(results))
    # "Player8 type=2 sum=$0.30" at $0.10/$0.20: both blinds posted, the small one dead
    both = by_id["3056022611"]
    assert [(a.kind, a.amount) for a in both.actions if a.player == "Player8"][0] == (ActionKind.SMALL_AND_BIG_BLIND, 30)
    assert audit(both).ok


def test_stud_streets_hidden_cards_and_tournament_stakes(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "Third Street" "X X H6" for another player: the up card only; "H8 D7 C2" for the owner: all three
    stud = by_id["2418629537"]
    third = {d.player: tuple(None if c is None else str(c) for c in d.cards) for d in stud.deals if d.street == 0}
    assert (third["WurmX"], third["Hero"]) == ((None, None, "6h"), ("8h", "7d", "2c"))
    assert stud.rules == "stud7" and audit(stud).ok
    # a stud tournament's game type has no stakes: the 4th street's bet of 100 is the small bet
    level = by_id["4044887919"]
    assert (level.stakes.small_bet, level.stakes.big_bet, level.stakes.decimals) == (100, 200, 0)
    assert level.tournament is not None and level.tournament.tournament_id == "699476041"


def test_pokerstars_text_and_phh_read_back_the_same_hands(results):
    hands = stored(results)
    assert list(get_format("pokerstars").parse(get_format("pokerstars").write(hands))) == hands
    assert list(get_format("phh").parse(phh.write(hands))) == hands


def test_a_hand_s_raw_text_reads_again_on_its_own(results):
    # the raw text is the <game> with its session's header after it: the store's rehash reads it so
    for hand in stored(results):
        [again] = get_format("ipoker").parse(hand.raw, "raw.xml")
        assert isinstance(again, Hand) and get_format("pokerstars").write([again]) == get_format("pokerstars").write([hand]), hand.hand_id


def test_the_store_records_the_nickname_as_each_hand_s_owner(tmp_path, root, files):
    with Store(tmp_path / "s.duckdb") as store:
        store.import_paths([root])
        rows = store.query("SELECT hand_id, hero, format FROM hands").rows()
        quarantine = store.query("SELECT count(*) FROM quarantine").rows()[0][0]
    assert (len(rows), quarantine) == (195, 33) and {fmt for _, _, fmt in rows} == {"ipoker"}
    owners = Counter(hero for _, hero, _ in rows)
    assert (owners["Hero"], owners["Player11"]) == (54, 89)  # Player11: the stud tournament's <nickname>
    nicknames = {m for path in files for m in NICKNAME.findall(path.read_text(errors="replace"))}
    # none where the log shows not the owner's cards: sitting out, or a stud hand the owner folds ("X X S7")
    assert set(owners) - {None} <= nicknames and owners[None] == 34


@pytest.mark.parametrize("name", ["tour/Stud/7-StudHi-USD-STT-5-201103.txt",
                                  "cash/Flop/LHE-5-10-10-20-USD-201103.HEM.archive.txt",
                                  "cash/Flop/NLHE-USD-0.10-0.20.201112.post.both.txt"])
def test_the_games_are_the_same_pieces_fed_in_blocks(root, name):
    # a log of several sessions, one of 117 games, one cut off before its </game>: blocks of 1, 3 and 17 lines
    text = (root / name).read_text(errors="replace")
    whole = list(split_pieces(text))
    lines = text.splitlines(keepends=True)
    for n in (1, 3, 17):
        assert list(split_pieces("".join(lines[i:i + n]) for i in range(0, len(lines), n))) == whole, n


def test_broken_xml_and_missing_attributes_are_placed_records(root):
    text = (root / "cash" / "Flop" / "NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml").read_text()
    def line(marker: str) -> int:
        return text[:text.index(marker)].count("\n") + 1

    broken = text.replace('<round no="2">', '<round no="2"', 1)
    [record] = get_format("ipoker").parse(broken, "broken.xml", strict=True)
    assert not isinstance(record, Hand) and "broken XML" in record.reason
    # the parser finds the tag unclosed at the next line's start
    assert record.line == line('<round no="2">') + 1 and record.hand_id == "3013573623"
    missing = text.replace(' player="Player6" type="3"', ' type="3"', 1)
    [record] = get_format("ipoker").parse(missing, "missing.xml", strict=True)
    assert not isinstance(record, Hand) and "without its player attribute" in record.reason
    assert record.line == line(' player="Player6" type="3"') and record.hand_id == "3013573623"


def test_ipoker_text_is_not_written():
    with pytest.raises(FormatError, match="not written"):
        get_format("ipoker").write([])
