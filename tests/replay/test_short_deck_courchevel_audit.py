"""The audit of 6+ Hold'em (Short Deck), Courchevel and pot-limit-preflop hold'em, on real PokerStars hands and on
changes worked by hand from the rules (docs/rules.md, "Short Deck", "Courchevel", "More games")."""

from __future__ import annotations

import dataclasses

import pytest

from soko_analytics import api
from soko_analytics.model.cards import parse_cards
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_path, read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.explain import explain
from soko_analytics.replay.findings import Severity
from soko_analytics.reports.hand import hand_report


def _first(corpus, *parts: str) -> Hand:
    hand = next(iter(read_path(corpus.joinpath("pokerstars", *parts), "pokerstars")))
    assert isinstance(hand, Hand), hand
    return hand


def _read(text: str) -> Hand:
    [hand] = read_text(text, "pokerstars")
    assert isinstance(hand, Hand), hand
    return hand


def _errors(result) -> set[str]:
    return {f.code.value for f in result.findings if f.severity is Severity.ERROR}


def _showdown(result) -> dict[str, str]:
    return {player: d.english for player, d in result.showdown.items()}


def _edit(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert text.count(old) >= 1, old
        text = text.replace(old, new)
    return text


# -- 6+ Hold'em -------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def six_plus(corpus) -> Hand:
    """Player1's two pair wins a side pot from Player2 and the main pot from Player3 too; the button, Player2,
    posts the one blind, everyone antes."""
    return _first(corpus, "cash", "Flop", "6+Holdem-6max-USD-0.50-0.50-201907.no.break.space.txt")


def test_a_6_plus_hand_as_printed_audits_clean(six_plus):
    assert six_plus.rules == "short-deck"
    assert (six_plus.stakes.big_blind, six_plus.stakes.ante, six_plus.stakes.small_blind) == (50, 50, None)
    result = audit(six_plus)
    assert result.ok and _errors(result) == set()
    assert result.payouts == {"Player1": 6525}
    assert result.showdown["Player1"].english == "two pair, Kings and Sixes"


# The board and hands changed so that Player1's three Kings meet Player2's straight, Six to Ten (cards still once).
TRIPS_AGAINST_STRAIGHT = (
    ("[Th 8c 6d 6c] [Kd]", "[Th 9h 6d Kh] [Ks]"), ("[Th 8c 6d] [6c]", "[Th 9h 6d] [Kh]"), ("[Th 8c 6d]", "[Th 9h 6d]"),
    ("Board [Th 8c 6d 6c Kd]", "Board [Th 9h 6d Kh Ks]"),
    ("[9s Kc] (two pair, Kings and Sixes)", "[Qs Kc] (three of a kind, Kings)"),
    ("[8d 7d] (two pair, Eights and Sixes)", "[8d 7d] (a straight, Six to Ten)"),
    ("[Jc Ah] (a pair of Sixes)", "[Jc Ah] (a pair of Kings)"),
    ("showed [9s Kc] and won ($65.25) with two pair, Kings and Sixes", "showed [Qs Kc] and won ($65.25) with "
     "three of a kind, Kings"),
)


def test_three_of_a_kind_beats_a_straight_on_pokerstars_not_under_pokerkits_ranking(six_plus):
    hand = _read(_edit(six_plus.raw, *TRIPS_AGAINST_STRAIGHT))
    stars = audit(hand)
    assert stars.ok, [f.message for f in stars.findings]
    assert _showdown(stars) == {"Player1": "three of a kind, Kings", "Player2": "a straight, Six to Ten",
                                "Player3": "a pair of Kings"}
    assert stars.payouts == {"Player1": 6525}
    straight_first = audit(dataclasses.replace(hand, rules="short-deck; hand_ranking=short_deck_straight_over_trips"))
    assert {"winner", "payout"} <= _errors(straight_first)
    assert straight_first.payouts == {"Player2": 6525}


def test_a_card_below_the_six_is_not_in_the_short_deck(six_plus):
    hand = _read(_edit(six_plus.raw, ("Dealt to Hero [7c 9c]", "Dealt to Hero [7c 2c]")))
    result = audit(hand)
    assert [f.message for f in result.findings if f.code.value == "deal"] == [
        "2c is not in the deck, which runs from 6 to A."]


def test_the_button_blind_is_the_big_blind_and_the_player_left_of_the_button_speaks_first(six_plus):
    posts = [(a.player, a.kind.value) for a in six_plus.actions if a.kind.value == "big_blind"]
    assert posts == [("Player2", "big_blind")] and six_plus.button == 4
    moved = _edit(six_plus.raw, ("Player3: raises $1 to $1.50\nYa1yMami leaves the table\nHero: folds\n",
                                 "Hero: folds\nPlayer3: raises $1 to $1.50\n"))
    assert "out_of_turn" in _errors(audit(_read(moved)))


# -- Courchevel ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def courchevel(corpus) -> Hand:
    """Player1's straight, Deuce to Six (6c 5h with the board's 2s 3h 4h), beats Hero's Jacks; the 2s is dealt
    before the first betting round and printed again in the flop's brackets."""
    return _first(corpus, "cash", "Flop", "PL-Courchevel-6max-USD-3.00-6.00-201303.txt")


def test_courchevel_deals_a_board_card_before_the_first_round(courchevel, corpus):
    assert courchevel.rules == "courchevel"
    board = [(d.street, " ".join(map(str, d.cards))) for d in courchevel.deals if d.player is None]
    assert board == [(0, "2s"), (1, "3h 4h"), (2, "5c"), (3, "Qs")]
    result = audit(courchevel)
    assert result.ok and result.payouts == {"Player1": 1487}
    assert _showdown(result) == {"Hero": "a pair of Jacks", "Player1": "a straight, Deuce to Six"}
    # The hi/lo hand prints only the two new flop cards: `*** FLOP *** [8s] [2c 9h]`.
    hilo = _first(corpus, "tour", "Flop", "PL-Courcheval-HL-6max-USD-7.50-201705.fixed.flop.txt")
    assert [" ".join(map(str, d.cards)) for d in hilo.deals if d.player is None][:2] == ["8s", "2c 9h"]
    assert audit(hilo).ok and audit(hilo).payouts == {"Player0": 149, "Player2": 149}


def test_both_flop_forms_read_the_same_board(courchevel):
    short = _read(_edit(courchevel.raw, ("*** FLOP *** [2s 3h 4h]", "*** FLOP *** [2s] [3h 4h]")))
    assert short.deals == courchevel.deals


def test_a_courchevel_hand_uses_exactly_two_hole_cards(courchevel):
    # Hero's Jacks with the board's 2s 3h 4h 5c: any five would make a straight, Deuce to Six (5s 2s 3h 4h 5c is
    # not one); with two of his own cards Hero has only a pair, and the log that pays him is wrong.
    wrong = _edit(courchevel.raw, ("Player1 collected $14.87 from pot", "Hero collected $14.87 from pot"))
    assert {"winner", "payout"} <= _errors(audit(_read(wrong)))


def test_a_courchevel_hand_without_its_first_board_card_is_flagged(courchevel):
    result = audit(_read(_edit(courchevel.raw, ("*** PRE-FLOP *** [2s]\n", ""),
                               ("*** FLOP *** [2s 3h 4h]", "*** FLOP *** [3h 4h]"))))
    assert not result.ok


# -- Hold'em Pot Limit Pre-Flop, No Limit Post-Flop --------------------------------------------------------------

PLNL = """PokerStars Hand #86183965999: Tournament #2012090038, $200+$15 USD Hold'em Pot Limit Pre-Flop, \
No Limit Post-Flop - Level I (10/20) - 2012/09/14 17:05:13 ET
Table '2012090038 14' 9-max Seat #1 is the button
Seat 1: Hero (5000 in chips)
Seat 2: Anna (5000 in chips)
Seat 3: Bert (5000 in chips)
Anna: posts small blind 10
Bert: posts big blind 20
*** HOLE CARDS ***
Dealt to Hero [Ah Ad]
Hero: raises 50 to 70
Anna: folds
Bert: calls 50
*** FLOP *** [2c 7d Js]
Bert: checks
Hero: bets 1000
Bert: folds
Uncalled bet (1000) returned to Hero
Hero collected 150 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot 150 | Rake 0
Board [2c 7d Js]
Seat 1: Hero (button) collected (150)
Seat 2: Anna (small blind) folded before Flop
Seat 3: Bert (big blind) folded on the Flop
"""


def test_pot_limit_before_the_flop_and_no_limit_after():
    hand = _read(PLNL)
    assert hand.rules == "holdem; first_round_structure=pot_limit"
    assert audit(hand).ok  # the raise to 70 is the pot (20 + 10 + 20 + 20); the flop bet of 1,000 is 6.7 pots
    over = _read(_edit(PLNL, ("raises 50 to 70", "raises 60 to 80"), ("calls 50", "calls 60"),
                       ("collected 150", "collected 170"), ("Total pot 150", "Total pot 170"),
                       ("collected (150)", "collected (170)")))
    assert "bet_size" in _errors(audit(over))
    assert audit(dataclasses.replace(over, rules="holdem")).ok  # no limit throughout: the same raise is fine
    assert "bet_size" in _errors(audit(dataclasses.replace(hand, rules="holdem; structure=pot_limit")))


def test_the_corpus_hand_reads_as_pot_limit_preflop(corpus):
    hand = _first(corpus, "tour", "Flop", "PLNL-USD-STT-200-201209.txt")
    assert hand.rules == "holdem; first_round_structure=pot_limit" and audit(hand).ok
    assert parse_cards("Jh 7c") == next(d.cards for d in hand.deals if d.player == "Hero")


# -- both halves of a hi/lo pot ------------------------------------------------------------------------------------


def test_a_hi_lo_pot_names_the_winner_and_hand_of_each_half(corpus):
    # The log: "Player2 ... won (149) with HI: two pair, Nines and Sixes; LO: 8,7,6,3,2" and "Player0 ... won
    # (149) with HI: a pair of Tens; LO: 8,6,4,2,A": Player2's high, Player0's lower low.
    hilo = _first(corpus, "tour", "Flop", "PL-Courcheval-HL-6max-USD-7.50-201705.fixed.flop.txt")
    [pot] = audit(hilo).pots
    assert [h.text() for h in pot.halves] == ["HI: Player2 with two pair, Nines and Sixes",
                                              "LO: Player0 with 8,6,4,2,A"]
    assert pot.winners == {"Player2": 149, "Player0": 149}
    html = hand_report(audit(hilo))
    assert "<td>HI: Player2 with two pair, Nines and Sixes; LO: Player0 with 8,6,4,2,A</td>" in html
    assert api.audit_record(audit(hilo))["pots"][0]["halves"] == [
        {"label": "HI", "winners": ["Player2"], "hand": "two pair, Nines and Sixes"},
        {"label": "LO", "winners": ["Player0"], "hand": "8,6,4,2,A"}]


def test_a_hi_lo_pot_without_a_low_goes_whole_to_the_high_hand(corpus):
    # Board Ks 9s 6c Qc Ad: no one makes an eight-or-better low; the log pays Hero's pair of Eights $0.12.
    hands = read_path(corpus / "pokerstars" / "cash" / "Flop" / "PLO8-6max-USD-0.01-0.02-200911.txt", "pokerstars")
    hand = next(h for h in hands if isinstance(h, Hand) and h.hand_id == "35875356253")
    result = audit(hand)
    [pot] = result.pots
    assert [h.text() for h in pot.halves] == ["HI: Hero with a pair of Eights"] and pot.winners == {"Hero": 12}
    assert "HI: Hero with a pair of Eights (no low qualifies: the whole pot)" in explain(result)
