"""888poker logs (``../shared/corpus/sites/PacificPoker``): detected as 888poker, every hand header ends as one
stored or quarantined hand, the stored hands audit clean (or are listed with why not), the one ``.hp`` sidecar's
figures match in cents, and the hands go through PokerStars text and PHH unchanged.

The figures checked are the logs' own (their headers, brackets and collects) and fpdb's ``.hp`` sidecar.
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

HEADER = re.compile(r"^#Game No : ([0-9]+)", re.MULTILINE)
MALFORMED = {
    "103581731": "not a card",  # the file's cards lost their encoding: '9s Âh 2s'
    "526119469": "not a card",  # 'Kns' on the flop
    "414180466": "not a card",  # French suits, '7p 8t': a 'c' could be clubs or coeur
    "315882986": "2 players have no name",
}
"""Quarantined hands and what their reasons say."""
WRONG_LOGS = {"6551093": "the header's blinds are $0.12/$0.25, the small blind posted is $0.10"}
NOT_MODELLED: dict[str, str] = {}


@pytest.fixture(scope="module")
def files(corpus) -> list[Path]:
    return site_files(corpus, "PacificPoker", 27)


@pytest.fixture(scope="module")
def results(files) -> dict[Path, list]:
    return read_files(files)


def test_every_file_is_888poker_and_every_header_one_hand(files, results):
    assert_one_record_per_header(files, results, "888poker", HEADER)
    hands = stored(results)
    quarantined = {r.hand_id: r for rs in results.values() for r in rs if not isinstance(r, Hand)}
    assert (len(hands), len(quarantined)) == (270, 4)
    assert {k: v.reason for k, v in quarantined.items() if MALFORMED[k] in v.reason} == {
        k: v.reason for k, v in quarantined.items()}
    assert all(isinstance(q.error, FormatError) for q in quarantined.values())
    assert {h.site for h in hands} == {"888poker"} and {h.source.format for h in hands} == {"888poker"}
    assert Counter(h.rules for h in hands) == {
        "holdem": 156, "holdem; structure=fixed_limit": 96, "holdem; structure=pot_limit": 12,
        "omaha; structure=fixed_limit": 3, "omaha": 2, "omaha-hilo": 1}


def test_the_stored_hands_audit_clean_and_their_money_adds_up(results):
    assert audit_failures(stored(results)) == set(WRONG_LOGS) | set(NOT_MODELLED)


def test_the_hp_sidecar_matches_in_cents(files, results):
    [path] = [p for p in files if p.with_name(p.name + ".hp").exists()]
    first = results[path][0]
    assert_matches_hp(first, ast.literal_eval(path.with_name(path.name + ".hp").read_text()))
    # fpdb's .hands sidecar: the start in UTC (888's times are Eastern)
    assert first.start_utc == datetime(2011, 3, 21, 23, 41, 31)


def test_amounts_cards_and_tournaments_as_888_writes_them(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # "$ 10/$ 20 Blinds Pot Limit Omaha", "Seat 1: Player0 ( $ 3.243 )", "( $ 552,72 )", "[ Hc, 8h, Td, 6h ]"
    dutch = by_id["305277727"]
    assert (dutch.stakes.small_blind, dutch.stakes.big_blind, dutch.stakes.currency) == (1000, 2000, "USD")
    assert [s.stack for s in dutch.seats][:4] == [324300, 402600, 369200, 55272]
    assert [str(c) for c in dutch.deals[2].cards] == ["Kc", "8h", "Td", "6h"] and dutch.deals[2].player == "Hero"
    # "Tournament #48749889 $1.80 + $0.20 - Table #19": chips, though printed with '$'
    tournament = by_id["489318468"]
    assert (tournament.tournament.tournament_id, tournament.tournament.buy_in) == ("48749889", "$1.80+$0.20")
    assert (tournament.stakes.decimals, tournament.stakes.currency, tournament.table) == (0, None, "19")


def test_uncalled_bets_and_what_the_winner_collects(results):
    by_id = {h.hand_id: h for h in stored(results)}
    # A walk: "Player6 collected [ $225 ]" counts the small blind's $75 the big blind did not need to call
    walk = by_id["384819765"]
    flows = [(a.player, a.kind, a.amount) for a in walk.actions if a.kind in (ActionKind.UNCALLED, ActionKind.COLLECT)]
    assert flows == [("Player6", ActionKind.UNCALLED, 75), ("Player6", ActionKind.COLLECT, 150)]
    # "Player2 raises [284,48$]", everyone folds, "Player2 collected [ 299,48$ ]"
    shove = by_id["171407432"]
    assert (shove.total_pot, shove.rake) == (2500, 0)
    # "Tigran64 folds" before the big blind is posted: that player sits the hand out
    skipped = by_id["440729020"]
    assert not [a for a in skipped.actions if a.player == "Tigran64"] and audit(skipped).ok
    # "Player0 posts dead blind [$25 + $0]": a dead small blind only
    dead = by_id["385494443"]
    assert [(a.kind, a.amount) for a in dead.actions if a.player == "Player0"][0] == (ActionKind.ANTE, 2500)


def test_pokerstars_text_and_phh_read_back_the_same_hands(results):
    hands = stored(results)
    assert list(get_format("pokerstars").parse(get_format("pokerstars").write(hands))) == hands
    assert list(get_format("phh").parse(phh.write(hands))) == hands


def test_888_text_is_not_written():
    with pytest.raises(FormatError, match="not written"):
        get_format("888poker").write([])
