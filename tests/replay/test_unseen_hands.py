"""What the auditor cannot see it does not judge (issue 35: no error finding on a consistent hand): a showdown whose
winner collects without the log showing the winning hand (partypoker prints the loser's cards, `doesn't show [5c,
4h]`, and the winner's description only) gets an ``unverifiable`` info finding, not a payout error; a winner the
log shows is still checked against every hand shown."""

from __future__ import annotations

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity

# Blinds 1/2. Ann raises to 6, Ben calls; both check to the river. Ben shows a pair of Fives; Ann collects the pot
# of 12 without her cards in the log.
SHOWDOWN = """PokerStars Hand #990000000101:  Hold'em No Limit (1/2) - 2026/12/06 10:00:00 ET
Table 'Unseen' 2-max Seat #1 is the button
Seat 1: Ann (200 in chips)
Seat 2: Ben (200 in chips)
Ann: posts small blind 1
Ben: posts big blind 2
*** HOLE CARDS ***
Ann: raises 4 to 6
Ben: calls 4
*** FLOP *** [2c 7d 9h]
Ben: checks
Ann: checks
*** TURN *** [2c 7d 9h] [Jc]
Ben: checks
Ann: checks
*** RIVER *** [2c 7d 9h Jc] [Ts]
Ben: checks
Ann: checks
*** SHOW DOWN ***
Ben: shows [5c 5h] (a pair of Fives)
{ann}
{winner} collected 12 from pot
*** SUMMARY ***
Total pot 12 | Rake 0
Board [2c 7d 9h Jc Ts]
"""


def _audit(text: str):
    (hand,) = read_text(text, "unseen.txt")
    assert isinstance(hand, Hand), hand.message()
    return audit(hand)


def _codes(result, severity: Severity) -> list[str]:
    return [f.code.value for f in result.findings if f.severity is severity]


def test_a_winner_whose_hand_the_log_does_not_show_is_not_judged():
    result = _audit(SHOWDOWN.format(ann="", winner="Ann").replace("\n\n", "\n"))
    assert _codes(result, Severity.ERROR) == []
    assert "unverifiable" in _codes(result, Severity.INFO)


def test_a_shown_winner_is_still_checked_against_the_hands_shown():
    # Ann shows a pair of Fours: Ben's Fives win, and the log paying Ann is wrong.
    result = _audit(SHOWDOWN.format(ann="Ann: shows [4c 4h] (a pair of Fours)", winner="Ann"))
    assert "winner" in _codes(result, Severity.ERROR) or "payout" in _codes(result, Severity.ERROR)
