"""partypoker logs (``../shared/corpus/sites/PartyPoker``): detected as partypoker, every hand header ends as one
stored or quarantined hand (per file), the stored hands audit clean (or are listed with why not), the one ``.hp``
sidecar's figures match in cents, and the hands go through PokerStars text and PHH unchanged.

The figures checked are the logs' own (their game lines, brackets, wins and summaries) and fpdb's ``.hp`` sidecar.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import get_format, phh
from soko_analytics.parsers.base import FormatError
from soko_analytics.replay.audit import audit
from tests.parsers.sites import (
    assert_matches_hp,
    assert_one_record_per_header,
    audit_failures,
    read_files,
    site_files,
    stored,
)

HEADER = re.compile(
    r"^[\x00\ufeff]*(?:Game #|#Game No : |\*{5} Hand History [Ff]or Game )([0-9A-Za-z]+)[^\n]*"
    r"(?:\n[\s\x00]*(?:#Game No : |\*{5} Hand History [Ff]or Game )[0-9A-Za-z]+[^\n]*)*", re.MULTILINE)
"""A hand's header lines: ``Game #N starts.``, ``#Game No : N`` and ``***** Hand History for Game N *****``, any of
them first (the hand's id is the first's)."""
PER_FILE = {
    "LO8-USD-20-40.201201.limit3format.txt": (1, 0),
    "NLDHE-USD-0.01-0.02-201205.double.holdem.txt": (0, 1),
    "NLHE-6max-USD-0.01-0.02-201812.converted.txt": (1, 0),
    "NLHE-6max-USD-0.02-0.04-201209.club.wpt.format.txt": (1, 0),
    "NLHE-6max-USD-0.02-0.04-201303.extra.spaces.txt": (1, 0),
    "NLHE-6max-USD-0.05-0.10-201210.enet.converted.txt": (1, 0),
    "NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt": (1, 0),
    "NLHE-6max-USD-0.10-0.25-201212.unseated.big.blind.txt": (0, 1),
    "NLHE-6max-USD-0.10-0.25-201309.player.joins.and.posts.a.bb.txt": (0, 2),
    "NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt": (0, 2),
    "NLHE-6max-USD-0.25-0.50-201212.Mac.Format.txt": (1, 0),
    "NLHE-EUR-0.05-0.10-201011.Sample.txt": (1, 0),
    "NLHE-USD-0.01-0.02-20100712.emailedHistory.txt": (1, 0),
    "NLHE-USD-0.01-0.02-201008.Sample.txt": (1, 0),
    "NLHE-USD-0.01-0.02-20100807.newPlayerWithZeroStack.txt": (0, 1),
    "NLHE-USD-0.01-0.02-201901.WPN.converted.txt": (1, 0),
    "NLHE-USD-0.02-0.04-20100804.smallBlindIsForcedAllIn.txt": (1, 0),
    "NLHE-USD-0.02-0.04-20100811.unseatedPlayerActions.txt": (0, 1),
    "NLHE-USD-0.05-0.10-201209.period.after.actions.txt": (1, 0),
    "NLHE-USD-6max-0.02-0.04-201205.new.table.format.txt": (1, 0),
    "PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt": (4, 0),
    "PLO-6max-USD-5-10-201202.diff.format.txt": (1, 0),
    "7-Stud-USD-1-2-201104.txt": (1, 0),
    "7-StudHL-USD-10-20.201202.wins.lo.pot.txt": (1, 0),
    "LHE-Freeroll-MTT-201207.txt": (2, 0),
    "NLHE-1-EUR-STT-201211.tourno.missing.txt": (0, 1),
    "NLHE-25-USD-Freeroll-MTT-201205.player.moved.txt": (1, 0),
    "NLHE-4max-STT-USD-1-201607.second.trny.format.txt": (25, 0),
    "NLHE-Freeroll-MTT-201008.Sample.hand.txt": (1, 0),
    "NLHE-MTT-USD-100-9-202104.anon.txt": (0, 1),
    "NLHE-MTT-USD-3.0-0.3-202105.anon.txt": (1, 0),
    "NLHE-MTT-USD-30-3-200508.Old.Format.txt": (1, 0),
    "NLHE-MTT-USD-4.8-0.2-202104.anon.txt": (1, 0),
    "NLHE-MTT-USD-50-5-202104.bad.math.txt": (0, 1),
    "NLHE-MTT-USD-530-201307.no.tz.txt": (1, 1),
    "NLHE-SNG-USD-0.23-0.02-201912.txt": (1, 0),
    "NLHE-USD-MTT-215-201110.level.change.txt": (1, 0),
    "NLHE-USD-MTT-unknownBuyIn-200811.emailedHandHistory.txt": (1, 0),
    "NLHE-USD-STT-10-201104.new.hand.delimiter.txt": (12, 0),
    "NLHE-USD-STT.201203.heads.up.txt": (1, 0),
    "PLO-USD-STT-1.00.201008.Sample.txt": (1, 0),
    "PLO8-10max-USD-20-2-201310.chat.fix.txt": (1, 1),
    "7-Stud-USD-MTT-6.00-201205.txt": (1, 0),
}
"""Each file's (stored, quarantined) records."""
UNSEATED = "has no seat with chips: the log gives no seat or stack"
CUT_OFF = "the log ends before the hand's '***** Hand History for Game N *****' line"
MALFORMED = {
    "11764881345": "unsupported game: Double Hold'em",
    "4552168752": UNSEATED,  # Player4 posts the big blind and folds, seated nowhere
    "13290328324": UNSEATED,  # Player4 joins, posts a big blind, checks, folds
    "13291512580": UNSEATED,  # Player3 joins as the big blind, calls a raise
    "9507514114": UNSEATED,  # Player8 sits with $0 and posts a big blind
    "9521729454": UNSEATED,  # Player7 joins, posts, bets and wins
    "13290331825": CUT_OFF,  # a last `Game #N starts.` with nothing after it
    "13291514710": CUT_OFF,
    "13165157680": CUT_OFF,
    "13387444948": CUT_OFF,
    "12359566781": "more than the 1 the seat line gives",  # every stack is '( 1 )'
    "16194828757579au6ou93d1": "the log's sums disagree",  # bets a chip short of the summary's each
    "1618961225358jrdwo4ad458": "the log's sums disagree",  # the all-in is 10 chips short of the stack
}
"""Quarantined hands and what their reasons say."""
WRONG_LOGS = {"11932613562": "the log lists the first three actions before the flop in reverse seat order"}
NOT_MODELLED: dict[str, str] = {}


@pytest.fixture(scope="module")
def files(corpus) -> list[Path]:
    return site_files(corpus, "PartyPoker", 43)


@pytest.fixture(scope="module")
def results(files) -> dict[Path, list]:
    return read_files(files)


def test_every_file_is_partypoker_and_every_header_one_hand(files, results):
    assert_one_record_per_header(files, results, "partypoker", HEADER)
    assert {p.name: (sum(isinstance(r, Hand) for r in rs), sum(not isinstance(r, Hand) for r in rs))
            for p, rs in results.items()} == PER_FILE
    hands = stored(results)
    quarantined = {r.hand_id: r for rs in results.values() for r in rs if not isinstance(r, Hand)}
    assert (len(hands), len(quarantined)) == (73, 13)
    assert {k: v.reason for k, v in quarantined.items() if MALFORMED[k] in v.reason} == {
        k: v.reason for k, v in quarantined.items()}
    assert all(isinstance(q.error, FormatError) and q.line for q in quarantined.values())
    assert {h.site for h in hands} == {"partypoker"} and {h.source.format for h in hands} == {"partypoker"}
    assert Counter(h.rules for h in hands) == {
        "holdem": 60, "omaha": 6, "stud7": 2, "holdem; structure=fixed_limit": 2,
        "omaha-hilo; structure=fixed_limit": 1, "stud7-hilo": 1, "omaha-hilo": 1}


def test_the_stored_hands_audit_clean_and_their_money_adds_up(results):
    assert audit_failures(stored(results)) == set(WRONG_LOGS) | set(NOT_MODELLED)


def test_the_hp_sidecar_matches_in_cents(files, results):
    [path] = [p for p in files if p.with_name(p.name + ".hp").exists()]
    first = results[path][0]
    assert_matches_hp(first, ast.literal_eval(path.with_name(path.name + ".hp").read_text()))
    # "Monday, August 30, 16:08:09 EDT 2010"
    assert first.start_utc == datetime(2010, 8, 30, 20, 8, 9)


def test_amounts_and_stakes_as_partypoker_writes_them(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # the Mac client: "$25 USD NL" (the buy-in), "seat 1: Player1 ( $26,02 USD )", "is all-In  [ $20,90 USD ]"
    mac = by_id["4567631488"]
    assert (mac.stakes.small_blind, mac.stakes.big_blind, mac.stakes.currency) == (10, 25, "USD")
    assert [s.stack for s in mac.seats] == [2602, 3004, 2715, 3589, 2618, 2500]
    assert [(a.kind, a.to) for a in mac.actions if a.player == "Player3" and a.all_in] == [(ActionKind.RAISE, 2615)]
    # "€10 EUR NL Texas Hold'em", "Seat 6: Player6 ( €16.49 EUR )"
    euro = by_id["9864152000"]
    assert (euro.stakes.big_blind, euro.stakes.currency, euro.seat_of("Player6").stack) == (10, "EUR", 1649)
    # a small blind forced all in for $0.01 of $0.02: the stakes are the table's
    short = by_id["9498788316"]
    assert (short.stakes.small_blind, short.stakes.big_blind) == (2, 4)
    # "$1,000 USD PL  Omaha Hi-Saturday,February 18": no dash before the date
    omaha = by_id["4687559040"]
    assert (omaha.rules, omaha.stakes.big_blind, omaha.start.year) == ("omaha", 1000, 2012)


def test_tournaments_and_the_blinds_they_do_not_post(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "NL Texas Hold'em  Trny: 53861565 Level: 1  Blinds(20/40)", no blind posted: the two after the button post
    freeroll = by_id["9507926263"]
    assert freeroll.tournament.tournament_id == "53861565" and freeroll.stakes.decimals == 0
    posts = [(a.player, a.kind, a.amount) for a in freeroll.actions if a.kind in (ActionKind.SMALL_BLIND,
                                                                                   ActionKind.BIG_BLIND)]
    assert posts == [("Player2", ActionKind.SMALL_BLIND, 20), ("Player1", ActionKind.BIG_BLIND, 40)]
    # heads-up the button posts the small blind; "Blinds-Antes(400/800 -25)" posts its antes
    heads_up = by_id["11492045316"]
    assert [a.player for a in heads_up.actions if a.kind == ActionKind.SMALL_BLIND] == ["Player0"]
    assert heads_up.total_pot == 5010
    # the level changed: "Level: 3  Blinds(50/100)" on the game line, "Blinds(100/200)" after the seats
    level = by_id["8503894896"]
    assert level.stakes.big_blind == 200
    # a player moved to the table is not dealt in: the blinds are the next two
    moved = by_id["11749829747"]
    assert [a.player for a in moved.actions if a.kind == ActionKind.SMALL_BLIND] == ["Player5"]
    # the summary logs: "(MTT Tournament #303466038) (Buyin $3.0 + $0.3)"
    summary = by_id["1620144103176i4oztmbj2r"]
    assert (summary.tournament.tournament_id, summary.tournament.buy_in) == ("302466038", "$3.0+$0.3")


def test_uncalled_bets_and_what_the_winner_collects(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "Player1 wins $239 USD" counts the $40 turn bet nobody called
    limit = by_id["11354414824"]
    flows = [(a.player, a.kind, a.amount) for a in limit.actions if a.kind in (ActionKind.UNCALLED,
                                                                                 ActionKind.COLLECT)]
    assert flows == [("Player1", ActionKind.UNCALLED, 4000), ("Player1", ActionKind.COLLECT, 19900)]
    assert limit.rake == 100
    # the summary logs: "raises 0.06 to 0.08", "collected $0.31" with the $0.13 bet nobody called
    emailed = by_id["9423586142"]
    assert [(a.amount, a.to) for a in emailed.actions if a.kind == ActionKind.RAISE] == [(6, 8)]
    assert (emailed.total_pot, emailed.rake) == (18, 0)
    # the newer summary log's "Rake: $0.05"
    plo = by_id["1784559729098bywbird3xlj"]
    assert (plo.total_pot, plo.rake) == (114, 5)
    # a converted log's "wins" without a pot is the bet nobody called: "Player3 wins $1.74 USD" of a $3.66 bet
    # called all in for $1.92, then "Hero wins $5.27 USD from main pot"
    converted = [h for h in stored(results) if h.hand_id == "1111111111"]
    assert [(h.total_pot, h.rake) for h in converted] == [(590, 21), (554, 27)]
    assert [(a.player, a.amount) for a in converted[1].actions if a.kind == ActionKind.UNCALLED] == [("Player3", 174)]


def test_stud_up_cards_from_the_seven_shown(results):
    # the log deals only its owner's cards; a player who shows seven shows them in the order dealt
    stud = {h.hand_id: h for h in stored(results)}["11792805420"]
    up = [(d.street, [str(c) for c, u in zip(d.cards, d.up) if u]) for d in stud.deals if d.player == "Player4"]
    assert up[0] == (0, ["2h"]) and stud.tournament.buy_in == "$6 USD"
    assert audit(stud).ok


def test_pokerstars_text_and_phh_read_back_the_same_hands(results):
    hands = stored(results)
    assert list(get_format("pokerstars").parse(get_format("pokerstars").write(hands))) == hands
    assert list(get_format("phh").parse(phh.write(hands))) == hands


def test_partypoker_text_is_not_written():
    with pytest.raises(FormatError, match="not written"):
        get_format("partypoker").write([])
