"""Extra and dead blinds (RULES.md §3 item 1, §5 forced bets and dead money): the small blind is live only in the
small blind's seat, the first player posting one right of the big blind (the button heads-up); a small blind any
other player posts (coming back after missing the blinds) is dead money: it goes to the pot and counts toward
nothing, whatever line of the log it is on. Some sites count it toward the poster's call (Bovada's `Posts chip`,
live, in the logs converted from it to this format): a log whose calls all count it so is read under that
convention, said in an info finding; a call that fits neither is an error. A big blind a new player posts out of position is live: it counts
toward his call. The turn order stays the big blind's: preflop speaks first the player left of it.

The logs are written for these tests (PokerStars cash, $0.25/$0.50); every figure is worked by hand beside them.
"""

from __future__ import annotations

from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity

HEAD = """PokerStars Hand #200000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2020/01/10 12:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
{seat2}Seat 3: Cleo ($50 in chips)
Seat 4: Dave ($50 in chips)
Seat 5: Emil ($50 in chips)
"""

# Dave (left of the big blind) opens to $1.50, Emil calls, the blinds fold; Dave's flop bet is uncalled.
PLAY = """*** HOLE CARDS ***
Dave: raises $1 to $1.50
Emil: calls {emil_calls}
Anna: folds
{bert_folds}Cleo: folds
*** FLOP *** [2c 7d 9h]
Dave: bets $2
Emil: folds
Uncalled bet ($2) returned to Dave
Dave collected {pot} from pot
Dave: doesn't show hand
*** SUMMARY ***
Total pot {pot} | Rake $0
Board [2c 7d 9h]
"""


def _log(posts: str, emil_calls: str, pot: str, bert: bool = True) -> str:
    seat2 = "Seat 2: Bert ($50 in chips)\n" if bert else ""
    head = HEAD.format(seat2=seat2)
    play = PLAY.format(emil_calls=emil_calls, pot=pot, bert_folds="Bert: folds\n" if bert else "")
    return head + posts + play


def _errors(text: str) -> list[tuple[str, str | None]]:
    (hand,) = read_text(text, "blinds.txt")
    assert isinstance(hand, Hand), hand.message()
    return [(f.code.value, f.message) for f in audit(hand).findings if f.severity is Severity.ERROR]


def test_dead_small_blind_posted_after_the_big_blind_counts_toward_nothing():
    # Emil's $0.25 is dead: he calls the whole $1.50. Pot: Bert 0.25 + Cleo 0.50 + Dave 1.50 + Emil 0.25 + 1.50 = $4.
    posts = "Bert: posts small blind $0.25\nCleo: posts big blind $0.50\nEmil: posts small blind $0.25\n"
    assert _errors(_log(posts, "$1.50", "$4")) == []


def test_dead_small_blind_posted_before_the_big_blind_counts_toward_nothing():
    # The same posts, Emil's line before Cleo's: Emil is not right of the big blind, so his small blind is dead
    # all the same, and Bert's (right of Cleo's big blind) is the live one. Same $4 pot.
    posts = "Bert: posts small blind $0.25\nEmil: posts small blind $0.25\nCleo: posts big blind $0.50\n"
    assert _errors(_log(posts, "$1.50", "$4")) == []


def test_the_only_small_blind_is_dead_when_its_poster_is_not_right_of_the_big_blind():
    # Seat 2 is empty: Cleo's big blind is left of the button and nobody is in the small blind. Emil's small blind,
    # the only one, is dead: he calls $1.50. Pot: Cleo 0.50 + Dave 1.50 + Emil 0.25 + 1.50 = $3.75.
    posts = "Emil: posts small blind $0.25\nCleo: posts big blind $0.50\n"
    assert _errors(_log(posts, "$1.50", "$3.75", bert=False)) == []
    # A call of $1 is neither the $1.50 due nor the $1.25 of a live blind.
    assert "bet_size" in {code for code, _ in _errors(_log(posts, "$1", "$3.25", bert=False))}


def test_small_and_big_blinds_posted_together_are_dead_and_live():
    # Emil posts both ($0.75): the $0.25 small blind is dead, the $0.50 big blind live, so he calls $1 more.
    # Pot: Bert 0.25 + Cleo 0.50 + Dave 1.50 + Emil 0.75 + 1 = $4.
    posts = "Bert: posts small blind $0.25\nCleo: posts big blind $0.50\nEmil: posts small & big blinds $0.75\n"
    assert _errors(_log(posts, "$1", "$4")) == []


def test_a_big_blind_posted_out_of_position_is_live_and_leaves_the_turn_order():
    # Emil, new, posts a big blind in seat 5: live, so he calls $1 more; Dave, left of Cleo's big blind, still
    # speaks first. Pot: Bert 0.25 + Cleo 0.50 + Dave 1.50 + Emil 0.50 + 1 = $3.75.
    posts = "Bert: posts small blind $0.25\nCleo: posts big blind $0.50\nEmil: posts big blind $0.50\n"
    assert _errors(_log(posts, "$1", "$3.75")) == []
    # His live blind counted twice over (a call of the whole $1.50) is a bet_size error.
    assert "bet_size" in {code for code, _ in _errors(_log(posts, "$1.50", "$4.25"))}


def test_a_log_that_counts_an_extra_small_blind_live_follows_that_convention():
    # Emil's $0.25 counted toward his call: he calls $1.25 to make $1.50. Pot: Bert 0.25 + Cleo 0.50 + Dave 1.50 +
    # Emil 0.25 + 1.25 = $3.75.
    posts = "Bert: posts small blind $0.25\nCleo: posts big blind $0.50\nEmil: posts small blind $0.25\n"
    text = _log(posts, "$1.25", "$3.75")
    assert _errors(text) == []
    (hand,) = read_text(text, "blinds.txt")
    infos = [f.message for f in audit(hand).findings if f.severity is Severity.INFO]
    assert infos == ["Emil's small blind counts toward his call, as the log reads it: a site's convention "
                     "(the rules make a small blind posted outside the small blind dead money)."]
    # A call of $1 fits neither convention.
    assert "bet_size" in {code for code, _ in _errors(_log(posts, "$1", "$3.50"))}
