"""Bovada, Ignition and Bodog logs (``../shared/corpus/sites/Bovada``): detected as Bovada, every hand header ends
as one stored or quarantined hand, the stored hands audit clean (or are listed with why not), and they go through
PokerStars text and PHH unchanged.

The figures checked are the logs' own: their header lines, their seat labels and ``[ME]`` marks, their summaries'
totals and the blinds they post (a Bovada cash header names no stakes).
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import detect_format, get_format, phh
from soko_analytics.parsers.base import IncompleteHand
from soko_analytics.parsers.source import HEAD_CHARS
from soko_analytics.replay.audit import audit
from tests.flows import money_flow
from tests.parsers.sites import assert_one_record_per_header, read_files, site_files, stored

HERO = "Hero"
"""The name Bovada's log owner (``[ME]``) is stored under in every hand (docs/formats.md)."""

HEADER = re.compile(r"Hand #([0-9]+)(?::| TBL#|  Zone Poker ID#)")
"""A hand header, wherever it starts (a cut-off hand's last line runs into the next header)."""
WRONG_LOGS = {
    "2607979051": "the header's level says blinds of 75/150, the players post 50/100",
    "3581708086": "the summary has no total pot (the file's 'board.fix' hand): the rake the winner paid is unknown",
}
"""Stored hands whose log contradicts itself, and why."""
NOT_MODELLED: dict[str, str] = {}
"""Stored hands the replayer does not follow yet, and why."""
LIVE_COMING_IN_BLIND = {
    "2601409566": "'Posts chip $5', a small blind posted live by a player coming in",
    "2902238171": "'Posts chip $0.02', the same",
}
"""Hands the replayer follows under the site's convention that a coming-in small blind is live (an info finding
says so; the rules make it dead)."""


@pytest.fixture(scope="module")
def files(corpus) -> list[Path]:
    return site_files(corpus, "Bovada", 29)


@pytest.fixture(scope="module")
def results(files) -> dict[Path, list]:
    return read_files(files)


def _by_id(results) -> dict[str, Hand]:
    return {h.hand_id: h for h in stored(results)}


def test_every_file_is_bovada_and_every_header_one_hand(files, results):
    assert_one_record_per_header(files, results, "bovada", HEADER)
    hands = stored(results)
    quarantined = [r for hands in results.values() for r in hands if not isinstance(r, Hand)]
    assert (len(hands), len(quarantined)) == (766, 1)
    [partial] = quarantined
    assert isinstance(partial.error, IncompleteHand) and partial.hand_id == "3260004104"
    assert {h.source.format for h in hands} == {"bovada"}
    assert Counter(h.site for h in hands) == {"Bovada": 501, "Ignition": 262, "Bodog": 3}
    assert Counter(h.rules for h in hands) == {"holdem": 647, "omaha-hilo": 53, "stud7": 40, "omaha": 22,
                                                 "holdem; structure=fixed_limit": 4}


def test_the_stored_hands_audit_clean_and_pay_what_the_logs_say(results):
    failing = {}
    for hand in stored(results):
        result = audit(hand)
        if not result.ok:
            failing[hand.hand_id] = [f.code for f in result.findings if f.severity == "error"]
        flows = money_flow(hand)
        if hand.total_pot is not None:
            assert sum(f.put_in for f in flows.values()) == hand.total_pot, hand.hand_id
    assert set(failing) == set(WRONG_LOGS) | set(NOT_MODELLED), failing
    conventions = {h.hand_id for h in stored(results)
                   if any("counts toward his call" in f.message for f in audit(h).findings)}
    assert conventions == set(LIVE_COMING_IN_BLIND)
    assert failing["2607979051"] == ["forced_bet", "forced_bet"]


def test_seat_labels_are_players_of_one_hand_and_me_is_the_hero(results):
    hands = stored(results)
    seen: dict[str, str] = {}
    for hand in hands:
        me = "[ME]" in hand.raw
        for seat in hand.seats:
            if seat.name == HERO:
                continue
            label, _, hand_id = seat.name.rpartition(" #")
            assert hand_id == hand.hand_id and label, seat.name
            assert seen.setdefault(seat.name, hand.hand_id) == hand.hand_id  # never the same player in two hands
        assert (HERO in {s.name for s in hand.seats}) == me, hand.hand_id


def test_action_lines_point_at_the_logs_own_lines(files, results):
    """Line numbers are the log's, also where a street marker the log does not print is put in."""
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        for hand in (h for h in results[path] if isinstance(h, Hand)):
            for action, number in zip(hand.actions, hand.action_lines, strict=True):
                label = "[ME]" if action.player == HERO else action.player.rpartition(" #")[0]
                assert label in lines[number - 1], (hand.hand_id, number, lines[number - 1])


def test_header_stakes_seats_and_button_as_the_logs_give_them(results):
    by_id = _by_id(results)
    # "Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32": the blinds posted are
    # $0.25 and $0.50; "Dealer : Set dealer [6]"; the time is ET
    cash = by_id["3340409736"]
    assert (cash.stakes.small_blind, cash.stakes.big_blind, cash.stakes.currency) == (25, 50, "USD")
    assert (cash.table, cash.button, cash.start_utc) == ("10916521", 6, datetime(2016, 8, 9, 16, 41, 32))
    # "[MVS] - 2021-04-23 11:09:26 UTC"
    assert by_id["4107052743"].start_utc == datetime(2021, 4, 23, 11, 9, 26)
    # Tournament seats "Seat 1243: UTG+4", "Seat 177: Small Blind"...: numbered in the order listed, and with no
    # seat labelled Dealer the button is an empty seat before the small blind
    dead = by_id["4328136681"]
    assert [s.seat for s in dead.seats] == [1, 3, 4, 5, 6, 7, 8] and dead.button == 2
    assert dead.tournament.tournament_id == "41678164" and dead.tournament.level == "16"
    assert by_id["4300979169"].tournament.tournament_id == "M-20210422003411"
    # A fixed-limit header: "Small Blind : Ante/Small Blind $1", "Big Blind [ME] : Big blind/Bring in $2"
    limit = by_id["2607518885"]
    assert (limit.stakes.small_bet, limit.stakes.big_bet) == (200, 400)


def test_logs_without_street_markers_get_their_streets_where_each_round_ends(results):
    # Bovada's 2012 logs: "Small Blind : Calls $5", "Big Blind : Checks", then six checks, the board only in the
    # summary: "Board [Td Ah Ad Th 4d]"
    hand = _by_id(results)["2601407546"]
    checks = [(a.street, a.player.split(" #")[0]) for a in hand.actions if a.kind is ActionKind.CHECK]
    assert checks == [(0, "Big Blind"), (1, "Small Blind"), (1, "Big Blind"), (2, "Small Blind"),
                      (2, "Big Blind"), (3, "Small Blind"), (3, "Big Blind")]
    assert [str(c) for c in hand.board(0)] == ["Td", "Ah", "Ad", "Th", "4d"]
    # the old raise gives its total: "Big Blind : Raises $22" (to $22), "Dealer [ME] : All-in(raise) $124"
    multiway = _by_id(results)["2605762685"]
    raises = [(a.player.split(" #")[0], a.to, a.all_in) for a in multiway.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Big Blind", 2200, False), ("UTG", 7600, False), ("Hero", 12400, True),
                      ("Big Blind", 40000, True)]
    assert audit(multiway).ok


def test_stud_gets_its_streets_and_the_stakes_of_its_bring_in(results):
    # "Level 1 (0/0)", "Seat+1 : Ante chip 2", "Seat+1 : Big blind/Bring in(timeout) 5", a card to each player after
    # the betting, "Seat+8 : Double bets 20" on fourth street (an open pair), "Bets 20" on fifth: every Bovada stud
    # level's bets are two and four bring-ins
    hand = _by_id(results)["2633116884"]
    assert (hand.stakes.ante, hand.stakes.bring_in, hand.stakes.small_bet, hand.stakes.big_bet) == (2, 5, 10, 20)
    bets = [(a.street, a.amount) for a in hand.actions if a.kind is ActionKind.BET]
    assert bets == [(1, 20), (2, 20), (3, 20), (4, 20)]
    assert [len(d.cards) for d in hand.deals if d.player == "Seat+8 #2633116884"] == [3, 1, 1, 1, 1]
    assert audit(hand).ok
    # "Seat+1 : All-in(raise) 22" with nothing bet on the street is a bet
    short = _by_id(results)["2633123306"]
    assert [(a.kind, a.amount, a.all_in) for a in short.actions if a.street == 2][1] == (ActionKind.BET, 22, True)


def test_repeated_lines_forced_all_ins_and_dead_blinds(results):
    by_id = _by_id(results)
    # "Dealer : Raises 450 to 450" printed fifteen times is one raise
    repeated = by_id["3152357958"]
    assert [a.to for a in repeated.actions if a.kind is ActionKind.RAISE] == [450]
    # "Big Blind [ME] : All-in 166" among the antes of a hand where that player posts no "Ante chip": the ante
    ante = by_id["2690849153"]
    assert (ante.actions[0].player, ante.actions[0].kind, ante.actions[0].amount) == ("Hero", ActionKind.ANTE, 166)
    # "Big Blind : All-in 1003" after the antes is the big blind, short
    short = by_id["4328141172"]
    assert [(a.kind, a.amount) for a in short.actions if a.player == "Big Blind #4328141172"][:2] == [
        (ActionKind.ANTE, 120), (ActionKind.BIG_BLIND, 1003)]
    # "UTG+3 : Posts dead chip $30" in a $10/$20 game: both blinds, the small one dead, so a check may follow
    dead = by_id["2599656336"]
    posted = [(a.kind, a.amount) for a in dead.actions if a.player == "UTG+3 #2599656336"][:2]
    assert posted == [(ActionKind.SMALL_AND_BIG_BLIND, 3000), (ActionKind.CHECK, 0)]
    assert audit(dead).ok


def test_the_rake_is_what_the_pot_has_over_what_is_collected(results):
    by_id = _by_id(results)
    # "Total Pot($20) | Rake ($1)" is read as printed
    assert (by_id["2601407546"].total_pot, by_id["2601407546"].rake) == (2000, 100)
    # "Total Pot($452.90)" and "Big Blind : Hand result $448.90": a rake of $4
    assert (by_id["4107052743"].total_pot, by_id["4107052743"].rake) == (45290, 400)


def test_pokerstars_text_and_phh_read_back_the_samestored(results):
    hands = stored(results)
    text = get_format("pokerstars").write(hands)
    assert detect_format(text[:HEAD_CHARS]) == "pokerstars"  # a converted Bovada hand is not read as Bovada's
    assert list(get_format("pokerstars").parse(text)) == hands
    assert list(get_format("phh").parse(phh.write(hands))) == hands


def test_bovada_text_is_not_written():
    with pytest.raises(Exception, match="not written"):
        get_format("bovada").write([])
