"""Winamax logs (``../shared/corpus/sites/Winamax``): detected as Winamax, every hand header ends as one stored or
quarantined hand (75 of 78 stored), the stored hands audit clean or are listed with why not, three of the five
``.hp`` sidecars match in cents, and the hands go through PokerStars text and PHH unchanged.

The figures checked are the logs' own (their headers and summaries) and fpdb's ``.hp`` sidecars.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import get_format, phh
from soko_analytics.parsers.base import FormatError
from soko_analytics.replay.audit import audit
from tests.parsers.sites import assert_matches_hp, assert_one_record_per_header, read_files, site_files, stored

HEADER = re.compile(r"HandId: #([0-9A-Za-z-]+) - ")
NOT_READ = {
    "9250793-1578-1479092164": "is not an amount",  # the file's 'negative bet': a bet of -6.10€
    "15917912-457-1618228092": "no seat lines",  # seat lines without their colon
    "6307872438747255-64-1288123510": "more than 0 decimals",  # a raise with cents in whole tournament chips
}
"""Quarantined hands (games and forms not read yet, or a log's own fault) and what their reasons say."""
WRONG_LOGS = {"6468352-1737-1408024646": "the file's 'bad pot': the total pot is more than the players put in"}
NOT_MODELLED = {
    "22085692498641245-10-1299346856": "a tournament side pot whose collects add up to more than was put in",
    "6307872438747255-71-1288124090": "the same (the file's 'side pot')",
}
HP_MATCHING = {
    "NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt",
    "NLHE-FR-EUR-0.02-0.05-201010.Invalid.side.pot.Player8.txt",
    "NLHE-FR-EUR-0.02-0.05-201010.Real.side.pot.with.bad.collected.Biggest.stack.wins.txt",
}
"""The sidecars whose figures match; of the other two, fpdb keeps a tournament's chips in hundredths, and counts a
side pot's returned chips out of Hero's winnings and half the rake."""


@pytest.fixture(scope="module")
def files(corpus) -> list[Path]:
    return site_files(corpus, "Winamax", 31)


@pytest.fixture(scope="module")
def results(files) -> dict[Path, list]:
    return read_files(files)


def test_every_file_is_winamax_and_every_header_one_hand(files, results):
    assert_one_record_per_header(files, results, "winamax", HEADER)
    hands = stored(results)
    quarantined = {r.hand_id: r for rs in results.values() for r in rs if not isinstance(r, Hand)}
    assert (len(hands), len(quarantined)) == (75, 3)
    assert set(quarantined) == set(NOT_READ)
    for hand_id, record in quarantined.items():
        assert isinstance(record.error, FormatError) and NOT_READ[hand_id] in record.reason, record.reason
    assert {h.site for h in hands} == {"Winamax"} and {h.source.format for h in hands} == {"winamax"}
    assert Counter(h.rules for h in hands) == {"holdem": 62, "omaha": 6, "stud7": 2, "stud7-hilo": 1, "razz": 1,
                                               "triple-draw27": 1, "omaha5-hilo": 1,
                                               "holdem; structure=fixed_limit": 1}


def test_the_stored_hands_audit_clean_or_are_listed(results):
    failing = {h.hand_id for h in stored(results) if not audit(h).ok}
    assert failing == set(WRONG_LOGS) | set(NOT_MODELLED)


def test_the_hp_sidecars_match_in_cents(files, results):
    matched = set()
    for path in files:
        hp = path.with_name(path.name + ".hp")
        if hp.exists() and path.name in HP_MATCHING:
            assert_matches_hp(results[path][0], ast.literal_eval(hp.read_text()))
            matched.add(path.name)
    assert matched == HP_MATCHING


def test_the_uncalled_bet_and_the_total_after_the_rake(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "Player0 bets 0.10€", "Hero folds", "Player0 collected 0.19€ from pot", "Total pot 0.19€ | Rake 0.01€":
    # Winamax's total is after the rake and counts the bet nobody called
    hand = by_id["2769259-665-1335035306"]
    flows = [(a.kind, a.amount) for a in hand.actions if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)]
    assert flows == [(ActionKind.UNCALLED, 10), (ActionKind.COLLECT, 9)]
    assert (hand.total_pot, hand.rake, hand.stakes.currency) == (10, 1, "EUR")
    # "Player4 posts small blind 3€ out of position" (1€ + 2€): both blinds, the small one dead
    both = by_id["9260931-103-1479198677"]
    assert [(a.kind, a.amount) for a in both.actions if a.player == "Player4"][0] == (
        ActionKind.SMALL_AND_BIG_BLIND, 300)


def test_stud_and_draw_streets_and_hidden_cards(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "*** 7th STREET ***", "Dealt to Player0 [X X 9h Kh Kd Qc] [X]": the river, its card hidden
    stud = by_id["9250793-470-1478990787"]
    dealt = [d.cards for d in stud.deals if d.player == "Player0"]
    assert [len(cards) for cards in dealt] == [3, 1, 1, 1, 1] and dealt[-1] == (None,)
    assert audit(stud).ok
    # "*** FIRST-BET ***", "*** FIRST-DRAW ***", "Player0 stands pat [X X X X X]", "*** SECOND-BET ***"
    draw = by_id["9250793-388-1478989461"]
    pats = [(a.street, a.amount) for a in draw.actions if a.kind is ActionKind.DRAW and a.player == "Player0"]
    assert pats == [(1, 0), (2, 0), (3, 0)]
    assert audit(draw).ok
    # "Player0 bets 50€", "Hero folds", "Player0 collected 114€ from pot(HI)", "... from pot(LO)": the halves,
    # and the 50€ nobody called is given back out of what Player0 collects
    hilo = by_id["9250793-554-1478991850"]
    money = [(a.kind, a.amount) for a in hilo.actions if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)]
    assert money == [(ActionKind.UNCALLED, 5000), (ActionKind.COLLECT, 6400), (ActionKind.COLLECT, 11400)]


def test_pokerstars_text_and_phh_read_back_the_same_hands(results):
    hands = stored(results)
    assert list(get_format("pokerstars").parse(get_format("pokerstars").write(hands))) == hands
    assert list(get_format("phh").parse(phh.write(hands))) == hands


def test_winamax_text_is_not_written():
    with pytest.raises(FormatError, match="not written"):
        get_format("winamax").write([])
