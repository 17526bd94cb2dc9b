"""Winning Poker Network logs (``../shared/corpus/sites/Winning``, both of the client's formats): detected as
winning, every hand header ends as one stored or quarantined hand (132 of 138 stored; most files are there twice), the stored hands audit clean
or are listed with why not, and the hands go through PokerStars text and PHH unchanged.

The figures checked are the logs' own: their headers, action lines and summaries (``Pot: 8.15. Rake 0.11. JP fee
0.04``, each player's ``Bets`` and ``Collects``). The corpus has no ``.hp`` sidecar for this site.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import get_format, phh
from soko_analytics.parsers.base import FormatError, UnsupportedGame
from soko_analytics.replay.audit import audit
from tests.flows import money_flow
from tests.parsers.sites import assert_one_record_per_header, audit_failures, read_files, site_files, stored

HEADER = re.compile(r"^\ufeff?(?:Game ID: |(?:Game )?Hand #)([0-9]+)", re.MULTILINE)
"""The hand id of either format: on the line after ``Game started at:``, or in the header."""
NOT_READ = {
    "151588328": "a capped no-limit table whose cap the log does not print",  # 'caps $0.55'
    "741631166": "a disconnected player is all in with chips behind",  # 'Player Player0 allin', no amount
    "727152195": "a board street without its cards",  # '*** FLOP ***:' before the deal, no cards
    "547441485": "a player without a name acts, and no seat is left to be theirs",  # 'Player  ante (20)'
}
"""Quarantined hands (a form not read, or the log's own fault) and what their reasons say."""
UNSUPPORTED = {"151588328", "741631166"}
NOT_MODELLED: dict[str, str] = {}
LIVE_COMING_IN_BLIND = {
    "698322413": "a player coming in posts half the big blind live ('Player barzop posts (5)') and calls the rest",
}
"""Hands the replayer follows under the site's convention that a coming-in small blind is live (an info finding
says so; the rules make it dead)."""


@pytest.fixture(scope="module")
def files(corpus) -> list[Path]:
    return site_files(corpus, "Winning", 38)


@pytest.fixture(scope="module")
def results(files) -> dict[Path, list]:
    return read_files(files)


@pytest.fixture(scope="module")
def by_id(results) -> dict[str, Hand]:
    return {h.hand_id: h for h in stored(results)}


def test_every_file_is_winning_and_every_header_one_hand(files, results):
    assert_one_record_per_header(files, results, "winning", HEADER)
    hands = stored(results)
    quarantined = [r for rs in results.values() for r in rs if not isinstance(r, Hand)]
    # the corpus holds most files twice (under cash/ and cash/Flop/ or cash/Stud/)
    assert (len(hands), len(quarantined)) == (132, 6)
    assert {r.hand_id for r in quarantined} == set(NOT_READ)
    for record in quarantined:
        assert NOT_READ[record.hand_id] in record.reason, record.reason
        expected = UnsupportedGame if record.hand_id in UNSUPPORTED else FormatError
        assert isinstance(record.error, expected), record.error
    assert {h.site for h in hands} == {"Winning"} and {h.source.format for h in hands} == {"winning"}
    assert Counter(h.rules for h in hands) == {
        "holdem": 110, "stud7": 8, "omaha-hilo": 5, "short-deck": 2, "omaha-hilo; structure=fixed_limit": 2,
        "omaha-hilo; structure=no_limit": 2, "omaha": 2, "holdem; structure=fixed_limit": 1}


def test_the_stored_hands_audit_clean_or_are_listed_and_their_money_adds_up(results):
    assert audit_failures(stored(results)) == set(NOT_MODELLED)
    conventions = {h.hand_id for h in stored(results)
                   if any("counts toward his call" in f.message for f in audit(h).findings)}
    assert conventions == set(LIVE_COMING_IN_BLIND)


def test_the_summary_gives_the_collects_total_and_fees(by_id):
    # "Player busmanstc bets (0.06)", "Uncalled bet (0.06) returned to busmanstc", "Pot: 0.09. Rake 0",
    # "*Player busmanstc mucks (does not show cards). Bets: 0.04. Collects: 0.09. Wins: 0.05."
    first = by_id["698338917"]
    assert (first.stakes.currency, first.stakes.small_blind, first.stakes.big_blind) == ("USD", 1, 2)
    assert (first.total_pot, first.rake) == (9, 0)
    flows = money_flow(first)
    assert (flows["busmanstc"].collected, flows["busmanstc"].net) == (9, 5)
    # "Pot: 8.15. Rake 0.11. JP fee 0.04": the pot after the fees; both players bet 4.15
    stud = by_id["693977839"]
    assert (stud.total_pot, stud.rake) == (830, 15)
    assert {name: f.net for name, f in money_flow(stud).items()} == {"ChazDazzle": -415, "Nee": 400}


def test_the_betting_structure_from_the_stakes_and_the_big_blind(by_id):
    # "Game ID: 693968595 2/4 Airavata 2 (Hold'em)", "has big blind (2)": a fixed-limit table names its bets
    limit = by_id["693968595"]
    assert limit.rules == "holdem; structure=fixed_limit"
    assert (limit.stakes.small_bet, limit.stakes.big_bet, limit.stakes.big_blind) == (200, 400, 200)
    # "0.10/0.25 (PRR) Elepaio (Omaha HiLow)" over a big blind of 0.25: the blinds, Omaha pot limit
    omaha = by_id["693977531"]
    assert (omaha.rules, omaha.stakes.small_blind, omaha.stakes.big_blind) == ("omaha-hilo", 10, 25)


def test_stud_streets_one_late_and_the_completion(by_id):
    # "Player Nee bring in (0.40)", "Player ChazDazzle raises (1)": completes the bring-in to the small bet;
    # "*** Third street ***" deals the fourth card
    stud = by_id["693977839"]
    assert (stud.rules, stud.stakes.small_bet, stud.stakes.big_bet) == ("stud7", 100, 200)
    first = [(a.player, a.kind, a.amount, a.to) for a in stud.actions if a.kind is not ActionKind.ANTE][:3]
    assert first == [("Nee", ActionKind.BRING_IN, 40, None), ("ChazDazzle", ActionKind.COMPLETE, 0, 100),
                     ("Nee", ActionKind.CALL, 60, None)]
    dealt = [len(d.cards) for d in stud.deals if d.player == "ChazDazzle"]
    assert dealt == [3, 1, 1, 1]
    assert audit(stud).ok


def test_tournaments_play_money_and_nameless_players(by_id):
    # "HH20160828 T5795043-G33949698": the tournament's id is the file name's; "2500/5000 OSS #27 - ... Table 8"
    tour = by_id["714490456"]
    assert tour.tournament is not None and tour.tournament.tournament_id == "5795043"
    assert (tour.stakes.decimals, tour.stakes.currency, tour.stakes.big_blind) == (0, None, 5000)
    # the same hand in a file renamed: the tournament's name ("OSS #27 - $300,000 GTD Sunday Special") is its id
    renamed = next(iter(get_format("winning").parse(tour.raw, "renamed.txt")))
    assert isinstance(renamed, Hand) and renamed.tournament is not None
    assert renamed.tournament.tournament_id == "OSS-27-300-000-GTD-Sunday-Special"
    # "5/10 PM Hold`em 5/10": play money, in hundredths without a currency
    play = by_id["698319898"]
    assert (play.stakes.decimals, play.stakes.currency, play.tournament) == (2, None, None)
    # "Player  has big blind (2)": the one seat ("Seat 5: Player3 (50.28).", listed last) no line names
    nameless = by_id["665307190"]
    assert [a.player for a in nameless.actions if a.kind is ActionKind.BIG_BLIND] == ["Player3"]
    assert money_flow(nameless)["Player3"].collected == 2037 and audit(nameless).ok


def test_the_format_since_2019(by_id):
    # "Total pot $246.00 | Rake $2.76 | JP Fee $0.24": the total is after the fees; the hand is run twice
    rit = by_id["779379637"]
    assert (rit.total_pot, rit.rake) == (24900, 300)
    assert sorted(a.amount for a in rit.actions if a.kind is ActionKind.COLLECT) == [3075, 9225, 12300]
    # a walk: no collect line, only "Seat 2: Player0 did not show and won $9.00" in the summary
    walk = by_id["779388412"]
    assert money_flow(walk)["Player0"].collected == walk.total_pot == 900
    # "Player8 posts dead $0.07": both blinds, coming in
    dead = by_id["784383001"]
    assert [(a.kind, a.amount) for a in dead.actions if a.player == "Player8"][0] == (
        ActionKind.SMALL_AND_BIG_BLIND, 7)
    # "Level 10 (3000.00/6000.00)": tournament chips with zero cents
    gtd = by_id["1296393662"]
    assert gtd.tournament is not None and gtd.tournament.tournament_id == "27099516"
    assert (gtd.stakes.decimals, gtd.stakes.big_blind) == (0, 6000)


def test_pokerstars_text_and_phh_read_back_the_same_hands(results):
    hands = stored(results)
    assert list(get_format("pokerstars").parse(get_format("pokerstars").write(hands))) == hands
    assert list(get_format("phh").parse(phh.write(hands))) == hands


def test_winning_text_is_not_written():
    with pytest.raises(FormatError, match="not written"):
        get_format("winning").write([])
