"""The draw games' audit: the first Badugi hand of ``tour/Draw/LBad-USD-SNG8-201011.txt`` as printed, then changed
one line at a time to break a rule of the draw (docs/rules.md, "Draw games"); each change gives its finding.

The hand: Player3 and Player6 call the big blind, Player5 checks; on the first draw Player3 stands pat, Player5
discards 3c Qc and is dealt 2c Ah, Player6 discards one card; Player3 folds to a bet; two more draws; Player6's
3-card 8,4,3 beats Player5's 3-card 9,2,A for the 100 pot.
"""

from __future__ import annotations

import dataclasses

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import read_path, read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity


@pytest.fixture(scope="module")
def text(corpus) -> str:
    hands = list(read_path(corpus / "pokerstars" / "tour" / "Draw" / "LBad-USD-SNG8-201011.txt", "pokerstars"))
    first = hands[0]
    assert isinstance(first, Hand) and first.hand_id == "52588201462"
    return first.raw


def _audit(text: str):
    [hand] = read_text(text, "pokerstars")
    assert isinstance(hand, Hand), hand
    return hand, audit(hand)


def _errors(result) -> list[tuple[str, str]]:
    return [(f.code.value, f.message) for f in result.findings if f.severity is Severity.ERROR]


def test_the_hand_as_printed_audits_clean_and_reads_its_draws(text):
    hand, result = _audit(text)
    assert result.ok and not result.findings
    draws = [(a.street, a.player, a.amount, " ".join(map(str, a.cards))) for a in hand.actions
             if a.kind is ActionKind.DRAW]
    assert draws[:3] == [(1, "Player3", 0, ""), (1, "Player5", 2, "3c Qc"), (1, "Player6", 1, "")]
    assert len(draws) == 3 + 2 + 2  # Player3 folds after the first draw
    # Player5's hand at showdown: 3h 9d kept, 2c Ah drawn, 3h then 9h swapped out for 9h then 5h.
    assert result.payouts == {"Player6": 100}
    assert {p: d.english for p, d in result.showdown.items()} == {"Player5": "3-card: 9,2,A", "Player6": "3-card: 8,4,3"}


@pytest.mark.parametrize("change, code, message", [
    (("Player6: discards 1 card\nPlayer3: checks", "Player6: discards 5 cards\nPlayer3: checks"), "draw",
     "Player6 discards 5 cards on FIRST DRAW; the game allows at most 4 cards."),
    (("Player6: discards 1 card\nPlayer3: checks", "Player6: discards 1 card\nPlayer6: stands pat\nPlayer3: checks"),
     "draw", "Player6 draws twice on FIRST DRAW."),
    (("Player6: discards 1 card\nPlayer3: checks", "Player3: checks"), "draw",
     "Player6 does not draw on FIRST DRAW."),
    (("Player3: stands pat\nPlayer5: discards 2 cards [3c Qc]", "Player5: discards 2 cards [3c Qc]\nPlayer3: stands pat"),
     "out_of_turn", "Player5 draws out of turn: it is Player3's turn to draw."),
    (("Player5: discards 2 cards [3c Qc]", "Player5: discards 2 cards [3c Kc]"), "draw",
     "Player5 discards Kc, which he was not dealt."),
    (("Dealt to Player5 [3h 9d] [2c Ah]", "Dealt to Player5 [3h 9d] [2c Ah 7s]"), "deal",
     "Player5 is dealt 3 cards on FIRST DRAW; the game deals 2."),
])
def test_a_broken_draw_is_found(text, change, code, message):
    old, new = change
    assert old in text
    _, result = _audit(text.replace(old, new, 1))
    assert (code, message) in _errors(result)


def test_the_shown_hand_must_be_what_the_draws_left(text):
    # Player5 shows the 3h he discarded on the second draw instead of the 5h he drew on the third.
    old = "Player5: shows [5h 2c Ah 9d] (3-card: 9,2,A)"
    assert old in text
    _, result = _audit(text.replace(old, "Player5: shows [3h 2c Ah 9d] (3-card: 9,2,A)"))
    assert ("draw", "Player5 shows 3h, which he discarded.") in _errors(result)


@pytest.mark.parametrize("hand_id, raise_line, full_bet_base", [
    # After a raise to 120 and an all-in raise of 30 to 150 (60/120): a bet above the last full bet is 180.
    ("52476877655", "Player19: raises 30 to 180", 210),
    # After the 300 big blind and an all-in raise to 550 (300/600): 600.
    ("52479754591", "Player0: raises 50 to 600", 850),
])
def test_pokerstars_raises_a_bet_above_the_last_full_bet_after_a_short_all_in(corpus, hand_id, raise_line,
                                                                              full_bet_base):
    """``limit_raise_base=last_full_bet`` (the draw profiles): the raise PokerStars printed is the legal one; under
    RULES.md's ``all_in`` base (an all-in of half a bet or more counts as a raise) the raise is a bet above it."""
    path = corpus / "pokerstars" / "tour" / "Draw" / "LBad-USD-MTT8-201011.txt"
    [hand] = [h for h in read_path(path, "pokerstars") if isinstance(h, Hand) and h.hand_id == hand_id]
    assert raise_line in hand.raw and hand.rules == "badugi"
    assert audit(hand).ok
    other = dataclasses.replace(hand, rules="badugi; limit_raise_base=all_in")
    found = [f for f in audit(other).findings if f.severity is Severity.ERROR]
    assert [f.code.value for f in found] == ["bet_size"] and f"raise here is to {full_bet_base}" in found[0].message
