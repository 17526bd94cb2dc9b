"""The Sökö text format (formats/soko-text.md): its worked example, header forms, detection, malformed hands.

Expected figures are read by hand off the example's text in the format page,
not computed by the code under test.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from soko_analytics.model.cards import parse_card, parse_cards
from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import Quarantined, format_scores, get_format
from soko_analytics.parsers.stars_writer import write_soko

from ..conftest import soko_example_text

K = ActionKind


def parse_one(text: str, path: str = "example.txt") -> Hand:
    (hand,) = get_format("soko").parse(text, path)
    assert isinstance(hand, Hand), hand.message()
    return hand


def with_header(text: str, first: str | None = None, rules: str | None = None) -> str:
    """The example with another first line and/or Rules: line (None: keep; "" for rules: drop the line)."""
    lines = text.split("\n")
    if first is not None:
        lines[0] = first
    if rules is not None:
        lines[2:3] = [rules] if rules else []
    return "\n".join(lines)


@pytest.fixture(scope="module")
def example() -> str:
    return soko_example_text()


@pytest.fixture(scope="module")
def hand(example) -> Hand:
    return parse_one(example)


# -- the worked example -------------------------------------------------------------

def test_example_header(hand):
    assert (hand.site, hand.hand_id, hand.rules) == ("Sökö", "202603140001", "soko-casino")
    assert (hand.table, hand.max_seats, hand.button) == ("Kallio 3", 8, 7)
    assert hand.start == datetime(2026, 3, 14, 21, 4, 11) and hand.time_zone == "EET"
    assert hand.start_utc == datetime(2026, 3, 14, 19, 4, 11)  # EET is UTC+2 in March (before DST)
    assert hand.tournament is None and hand.source.line == 1


def test_example_stakes(hand):
    s = hand.stakes
    assert (s.small_bet, s.big_bet, s.ante, s.bring_in) == (50, 100, 10, 20)
    assert (s.currency, s.symbol, s.decimals) == ("EUR", "€", 2)
    assert (s.small_blind, s.big_blind, s.min_bet, s.max_bet, s.cap) == (None,) * 5


def test_example_seats_and_stacks(hand):
    assert [(s.seat, s.name, s.stack) for s in hand.seats] == [
        (1, "Aino", 1240), (3, "Ville", 800), (5, "Matti", 300), (7, "Liisa", 1000)]


def test_example_actions(hand):
    # 4 antes; 2nd street 6; 3rd street 4; 4th street 6; 5th street 3; showdown 3 shows + 2 collects
    assert len(hand.actions) == 28
    assert [a.kind for a in hand.actions[:4]] == [K.ANTE] * 4 and {a.amount for a in hand.actions[:4]} == {10}
    assert hand.actions[4] == (0, "Liisa", K.BRING_IN, 20, None, False, (), None, 0, 0)
    assert hand.actions[6][:5] == (0, "Ville", K.COMPLETE, 0, 50)
    (raise_,) = [a for a in hand.actions if a.player == "Matti" and a.kind is K.RAISE]
    assert (raise_.street, raise_.amount, raise_.to, raise_.all_in) == (2, 40, 140, True)
    (fold,) = [a for a in hand.actions if a.kind is K.FOLD]
    assert (fold.player, fold.street) == ("Liisa", 1)
    assert hand.action_lines[4] == 17 and hand.line_of(27) == 54  # the bring-in and the last collect


def test_example_showdown(hand):
    collects = [(a.player, a.amount, a.text) for a in hand.actions if a.kind is K.COLLECT]
    assert collects == [("Aino", 400, "side pot-1"), ("Matti", 930, "main pot")]
    shows = {a.player: (a.cards, a.text) for a in hand.actions if a.kind is K.SHOW}
    assert shows == {
        "Ville": (parse_cards("7d Ad 5c 5d 6d"), "a four-flush, Ace high"),
        "Aino": (parse_cards("Kh 9s 9d 2c 9h"), "three of a kind, Nines"),
        "Matti": (parse_cards("Qd Qc Qs 7h Js"), "three of a kind, Queens"),
    }
    assert {a.street for a in hand.actions if a.kind in (K.SHOW, K.COLLECT)} == {4}
    assert (hand.total_pot, hand.rake, hand.pots, hand.extras) == (1360, 30, (930, 400), ())


def test_example_deals(hand):
    deals = {(d.street, d.player): d for d in hand.deals}
    aino, ville = deals[0, "Aino"], deals[0, "Ville"]
    assert (aino.cards, aino.up) == ((parse_card("Kh"), parse_card("9s")), (False, True))
    assert (ville.cards, ville.up) == ((None, parse_card("Ad")), (False, True))
    assert deals[1, "Liisa"].cards == (parse_card("2h"),) and (2, "Liisa") not in deals
    assert deals[3, "Matti"].cards == (parse_card("Js"),)
    # the reader's canonical order: by street, then seat
    assert [(d.street, d.player) for d in hand.deals][:5] == [
        (0, "Aino"), (0, "Ville"), (0, "Matti"), (0, "Liisa"), (1, "Aino")]
    assert len(hand.deals) == 4 + 4 + 3 + 3


def test_example_is_written_back_exactly(example, hand):
    assert write_soko([hand]) == example
    assert get_format("soko").write([hand]) == example


def test_detection(example):
    assert _score("soko", example) == 1.0
    assert _score("pokerstars", example) == 0.0
    stars_text = "PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2013/01/08 22:28:42 ET\n"
    assert _score("soko", stars_text) == 0.0
    assert _score("soko", with_header(example, first="Kallio Club Hand #9: Sökö Limit (50/100) - 2026/03/14 "
                                        "21:04:11 EET")) == 1.0
    assert _score("soko", "Rules: soko-finnish\n") == 0.5
    assert _score("soko", "") == 0.0 and _score("soko", "\x00\ufeff[[[") == 0.0


# -- header forms -------------------------------------------------------------------

H = "Sökö Hand #202603140001: Sökö {game} - 2026/03/14 21:04:11 EET"


@pytest.mark.parametrize(
    "game, rules_line, rules, stakes",
    [
        ("Limit (€0.50/€1.00 EUR, ante €0.10, bring-in €0.20)", None, "soko-casino",
         {"small_bet": 50, "big_bet": 100, "ante": 10, "bring_in": 20}),
        ("Limit (50/100, ante 10, bring-in 20)", "", "soko-casino",
         {"small_bet": 50, "big_bet": 100, "ante": 10, "bring_in": 20, "decimals": 0, "currency": None}),
        ("Limit (0.50/1.00 EUR, ante 0.10, bring-in 0.20)", None, "soko-casino",
         {"small_bet": 50, "ante": 10, "decimals": 2, "currency": "EUR", "symbol": ""}),
        ("Limit ($0.50/$1, ante $0.10)", "Rules: soko-finnish", "soko-finnish; structure=fixed_limit",
         {"small_bet": 50, "big_bet": 100, "ante": 10, "currency": "USD", "symbol": "$"}),
        ("Pot Limit (ante €0.10, bring-in €0.20)", None,
         "soko-casino; structure=pot_limit; open_pair_big_bet=false",
         {"ante": 10, "bring_in": 20, "small_bet": None, "currency": "EUR"}),
        ("No Limit (ante 10, bring-in 20)", "Rules: soko-casino; raise_after_pass=false",
         "soko-casino; structure=no_limit; raise_after_pass=false; open_pair_big_bet=false",
         {"ante": 10, "bring_in": 20, "decimals": 0}),
        ("Spread Limit (€0.10-€2.00 EUR, ante €0.10)", "Rules: soko-finnish", "soko-finnish",
         {"min_bet": 10, "max_bet": 200, "ante": 10, "small_bet": None}),
        ("Spread Limit (10-200, ante 10)", "Rules: soko-finnish; raise_after_pass=false",
         "soko-finnish; raise_after_pass=false", {"min_bet": 10, "max_bet": 200, "decimals": 0}),
        ("Limit (€0.50/€1.00 EUR, ante €0.10, bring-in €0.20)", "Rules: soko-casino; last_card_mode=pihina",
         "soko-casino; last_card_mode=pihina", {"small_bet": 50}),
    ],
)
def test_header_forms(example, game, rules_line, rules, stakes):
    lines = with_header(example, first=H.format(game=game), rules=rules_line).split("\n")[:3]
    header = header_of(lines if rules_line != "" else lines[:2])
    assert header.rules == rules
    for key, value in stakes.items():
        assert getattr(header.stakes, key) == value, key


def header_of(lines: list[str]) -> Hand:
    """A hand of the header lines alone (one seat, a walk), read: what the reader made of the header."""
    body = ["Seat 1: Aino (100 in chips)", "Seat 2: Ville (100 in chips)", "*** 2nd STREET ***",
            "Aino: folds", "*** SUMMARY ***", "Total pot 0 | Rake 0"]
    (found,) = get_format("soko").parse("\n".join(lines + body), "h.txt")
    if isinstance(found, Quarantined):  # the body's amounts need not suit the header's; the header was read
        raise AssertionError(found.message())
    return found


def test_site_is_the_club_name(example):
    hand = parse_one(with_header(example, first="Kallio Poker Club Hand #77: Sökö Limit (€0.50/€1.00 EUR, "
                                 "ante €0.10, bring-in €0.20) - 2026/03/14 21:04:11 EET"))
    assert (hand.site, hand.hand_id) == ("Kallio Poker Club", "77")


def test_pot_limit_casino_header_writes_the_short_rules_line(example):
    hand = parse_one(with_header(example, first=H.format(game="Pot Limit (ante €0.10, bring-in €0.20)")))
    text = write_soko([hand])
    assert text.split("\n")[:3] == [
        H.format(game="Pot Limit (ante €0.10, bring-in €0.20)"),
        "Table 'Kallio 3' 8-max Seat #7 is the button",
        "Rules: soko-casino",
    ]


# -- malformed hands ----------------------------------------------------------------

@pytest.mark.parametrize(
    "old, new, reason",
    [
        ("Aino: calls €1\n", "Aino: dances €1\n", "unknown action"),
        ("Matti: bets €1\n", "Matti: bets €1x\n", "is not an amount"),
        ("Dealt to Aino [9s] [9d]", "Dealt to Aino [9s] [9x]", "is not a card"),
        ("Liisa: folds", "Pekka: folds", "'Pekka' is not seated"),
        ("Aino collected €4 from side pot-1", "Pekka collected €4 from side pot-1", "'Pekka' is not seated"),
        ("Rules: soko-casino", "Rules: soko-casino; raise_after_pass=maybe", "bad Rules: line"),
        ("Rules: soko-casino", "Rules: soko-casino; no_such_option=1", "bad Rules: line"),
        ("Rules: soko-casino", "Rules: soko-texas", "unknown profile"),
        ("Rules: soko-casino", "Rules: stud7", "Sökö is dealt 1 down + 4 up"),
        ("Rules: soko-casino", "Rules: soko-casino; structure=spread", "structure=spread but the header says Limit"),
        ("Seat 5: Matti (€3 in chips)", "Seat 5: Matti (€3,x in chips)", "is not an amount"),
        ("Total pot €13.60", "Total pot €13.6O", "is not an amount"),
        ("(€0.50/€1.00 EUR,", "(€0.50/€1.0.0 EUR,", "is not an amount"),
        ("Sökö Limit (", "Sökö Razz (", "not a Sökö game header"),
    ],
)
def test_a_malformed_hand_is_quarantined_at_its_line(example, old, new, reason):
    assert old in example
    bad = example.replace(old, new, 1).replace("#202603140001", "#2")
    text = "\n".join([example.replace("#202603140001", "#1"), bad, example.replace("#202603140001", "#3")])
    start = example.count("\n") + 1  # the bad hand's first line, less one
    bad_line = start + next(i for i, line in enumerate(bad.split("\n"), 1) if new.strip("\n") in line)
    results = list(get_format("soko").parse(text, "club.txt"))
    assert [type(r).__name__ for r in results] == ["Hand", "Quarantined", "Hand"]
    q = results[1]
    assert isinstance(q, Quarantined) and q.hand_id == "2" and q.path == "club.txt"
    assert q.line == bad_line, q.message()
    assert reason in q.reason, q.reason
    assert q.message().startswith(f"club.txt:{bad_line}: hand 2: ")
    assert q.raw.split("\n")[0] == bad.split("\n")[0]
    assert [r.hand_id for r in (results[0], results[2])] == ["1", "3"]


def test_a_hand_cut_before_its_summary_is_quarantined_as_incomplete(example):
    cut = example[: example.index("*** SHOW DOWN ***")].replace("#202603140001", "#2")
    text = example.replace("#202603140001", "#1") + "\n" + cut + "\n\n" + example
    results = list(get_format("soko").parse(text, "cut.txt"))
    assert [type(r).__name__ for r in results] == ["Hand", "Quarantined", "Hand"]
    q = results[1]
    last = example.count("\n") + 1 + cut.rstrip("\n").count("\n") + 1
    assert q.incomplete and q.hand_id == "2" and q.line == last
    assert "ends before its *** SUMMARY ***" in q.reason


def test_windows_line_ends_and_a_bom_are_read(example):
    text = "\ufeff" + example.replace("\n", "\r\n")
    assert parse_one(text) == parse_one(example)


def _score(name: str, head: str) -> float:
    return format_scores(head)[name]
