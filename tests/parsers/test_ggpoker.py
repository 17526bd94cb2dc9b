"""GGPoker logs (``../shared/corpus/sites/GGPoker``): detected as GGPoker, every hand header ends as one stored or
quarantined hand, every stored hand audits clean, and the hands go through PokerStars text and PHH unchanged.

The figures checked are the logs' own: their header lines, their summaries' totals, rake, jackpot fee and
cash drop, their straddle lines (GGPoker's ``straddle $X`` brings the player's street total to X), the all-in
insurance premium paid.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import get_format, phh
from soko_analytics.replay.audit import audit
from tests.flows import added_money, money_flow
from tests.parsers.sites import assert_one_record_per_header, read_files, site_files, stored

HEADER = re.compile(r"^Poker Hand #([A-Z]+[0-9]+):", re.MULTILINE)


@pytest.fixture(scope="module")
def files(corpus) -> list[Path]:
    return site_files(corpus, "GGPoker", 10)


@pytest.fixture(scope="module")
def results(files) -> dict[Path, list]:
    return read_files(files)


def test_every_file_is_ggpoker_and_every_header_one_hand(files, results):
    assert_one_record_per_header(files, results, "ggpoker", HEADER)
    hands = stored(results)
    quarantined = [r for hands in results.values() for r in hands if not isinstance(r, Hand)]
    assert (len(hands), len(quarantined)) == (116, 0)
    assert {h.site for h in hands} == {"GGPoker"} and {h.source.format for h in hands} == {"ggpoker"}
    # the headers: 110 "Omaha Pot Limit" or "PLO" (one with insurance), 4 "PLO-5", 1 "Hold'em No Limit", 1 "Omaha
    # (NL postflop)"
    games = Counter(h.rules for h in hands)
    assert games == {"omaha": 110, "omaha5": 4, "holdem": 1,
                     "omaha; structure=no_limit; first_round_structure=pot_limit": 1}


def test_every_stored_hand_audits_clean_and_pays_what_the_log_says(results):
    for hand in stored(results):
        result = audit(hand)
        assert result.ok, (hand.hand_id, [f.message for f in result.findings])
        flows = money_flow(hand)
        house = added_money(hand)
        assert sum(f.put_in for f in flows.values()) + house == hand.total_pot, hand.hand_id
        assert sum(f.collected for f in flows.values()) + (hand.rake or 0) == hand.total_pot, hand.hand_id


def test_cash_drop_jackpot_and_straddles_as_the_logs_print_them(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "Cash Drop to Pot : total $0.2" ... "Total pot $2.81 | Rake $0.06 | Jackpot $0.02 | Bingo $0"
    drop = by_id["RC58843003"]
    assert drop.extras == (("Cash Drop", 20), ("Jackpot", 2), ("Bingo", 0))
    assert (drop.total_pot, drop.rake) == (281, 8)  # the jackpot fee is taken from the pot as the rake is
    # "ce67ea41: posts big blind $50", "ce67ea41: straddle $100": $50 more, $100 in all
    straddle = by_id["OM1171256"]
    posts = [(a.kind, a.amount) for a in straddle.actions if a.player == "ce67ea41" and a.street == 0]
    assert posts[:3] == [(ActionKind.ANTE, 1000), (ActionKind.BIG_BLIND, 5000), (ActionKind.STRADDLE, 5000)]
    assert money_flow(straddle)["ce67ea41"].put_in == 11000
    # "posts missed blind $2" is dead money, as an ante is
    missed = by_id["OM232657303"]
    assert (ActionKind.ANTE, 200) in [(a.kind, a.amount) for a in missed.actions if a.player == "3b7dff87"]
    assert len({d.run for d in missed.deals if d.player is None}) == 2  # run twice


def test_all_in_insurance_is_paid_outside_the_pot(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "23aca38f: bets $3 and is all-in" (17 in all), "23aca38f: get an all-in insurance (premium ($0/$4/$0) ...",
    # "23aca38f: pay premium of all-in insurance ($4)", "23aca38f collected $37.5 from pot", "Total pot $37.5"
    insured = by_id["OM181427480"]
    [paid] = [a for a in insured.actions if a.kind is ActionKind.INSURANCE]
    assert (paid.player, paid.fee, paid.amount) == ("23aca38f", 400, 0)
    flow = money_flow(insured)["23aca38f"]
    assert (flow.put_in, flow.collected, flow.net) == (1700, 3750, 3750 - 1700 - 400)
    result = audit(insured)
    assert result.ok and result.stacks["23aca38f"] == 1700 - 1700 + 3750 - 400


def test_pokerstars_text_and_phh_read_back_the_same_stored(results):
    hands = stored(results)
    assert list(get_format("pokerstars").parse(get_format("pokerstars").write(hands))) == hands
    assert list(get_format("phh").parse(phh.write(hands))) == hands
