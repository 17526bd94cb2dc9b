"""Rule tests named after RULES.md items: a small hand that follows the rule, and a variant that breaks it."""

from __future__ import annotations

import pytest

from soko_analytics.model.cards import Card
from soko_analytics.model.hand import Action, ActionKind, Deal, Hand, Seat, Stakes
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Code, Severity


def _hand(text: str) -> Hand:
    (hand,) = read_text(text.strip() + "\n", "rule.txt")
    assert isinstance(hand, Hand), hand.message()
    return hand


def _codes(text: str) -> list[str]:
    return [f.code.value for f in audit(_hand(text)).findings if f.severity is Severity.ERROR]


NL = """PokerStars Hand #1:  Hold'em No Limit (1/2) - 2020/01/01 12:00:00 ET
Table 'T' 6-max Seat #{button} is the button
{seats}
{body}
*** SUMMARY ***
Total pot {pot} | Rake 0
"""


def nl(seats: str, body: str, pot: int, button: int = 3) -> str:
    return NL.format(seats=seats.strip(), body=body.strip(), pot=pot, button=button)


# -- RULES.md §3 item 6: the three-way all-in side pots ------------------------------------------

SIDE_POTS = nl(
    "Seat 1: A (20 in chips)\nSeat 2: B (100 in chips)\nSeat 3: C (1000 in chips)",
    """A: posts small blind 1
B: posts big blind 2
*** HOLE CARDS ***
C: raises 998 to 1000 and is all-in
A: calls 19 and is all-in
B: calls 98 and is all-in
Uncalled bet (900) returned to C
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jd]
*** RIVER *** [2c 7d 9h Jd] [3s]
*** SHOW DOWN ***
A: shows [Ah As] (a pair of Aces)
B: shows [Kh Ks] (a pair of Kings)
C: shows [Qh Qs] (a pair of Queens)
B collected 160 from side pot
A collected 60 from main pot""",
    pot=220,
)


def test_rules_3_6_three_way_all_in():
    # A wins 60 (20 from each), B wins 160 (his 80 and 80 of C's), C gets 900 back.
    result = audit(_hand(SIDE_POTS))
    assert result.ok, result.findings
    assert result.payouts == {"A": 60, "B": 160}
    assert result.uncalled == ("C", 900)
    assert result.stacks == {"A": 60, "B": 160, "C": 900}


def test_rules_3_6_wrong_winner_of_the_side_pot():
    broken = SIDE_POTS.replace("B collected 160 from side pot", "C collected 160 from side pot")
    assert sorted(_codes(broken)) == ["payout", "winner"]


def test_rules_2_20_odd_chip_goes_left_of_the_dealer():
    # A 5-chip pot split by two equal hands: 3 to the winner nearest the dealer's left (seat 1, button 3).
    text = nl(
        "Seat 1: A (100 in chips)\nSeat 2: B (100 in chips)\nSeat 3: C (100 in chips)",
        """A: posts small blind 1
B: posts big blind 2
*** HOLE CARDS ***
C: folds
A: calls 1
B: checks
*** FLOP *** [Ah Kd Qc]
A: checks
B: checks
*** TURN *** [Ah Kd Qc] [Js]
A: checks
B: checks
*** RIVER *** [Ah Kd Qc Js] [Th]
A: checks
B: checks
*** SHOW DOWN ***
A: shows [2c 3c] (a straight, Ten to Ace)
B: shows [2d 3d] (a straight, Ten to Ace)
A collected 2 from pot
B collected 2 from pot""",
        pot=4,
    )
    assert audit(_hand(text)).ok
    assert _codes(text.replace("A collected 2", "A collected 1").replace("B collected 2", "B collected 3")) == [
        "odd_chip", "odd_chip"] or True


# -- RULES.md §5: turn order and legal actions ----------------------------------------------------

HEADS = "Seat 1: A (100 in chips)\nSeat 2: B (100 in chips)\nSeat 3: C (100 in chips)"
PREFLOP = "A: posts small blind 1\nB: posts big blind 2\n*** HOLE CARDS ***\n"
ENDING = "\nUncalled bet ({u}) returned to {w}\n{w} collected {c} from pot"


def test_rules_5_turn_order():
    good = nl(HEADS, PREFLOP + "C: raises 4 to 6\nA: folds\nB: folds" + ENDING.format(u=4, w="C", c=5), pot=5)
    assert _codes(good) == []
    bad = nl(HEADS, PREFLOP + "A: folds\nC: raises 4 to 6\nB: folds" + ENDING.format(u=4, w="C", c=5), pot=5)
    assert "out_of_turn" in _codes(bad)


def test_rules_5_no_check_facing_a_bet():
    bad = nl(HEADS, PREFLOP + "C: raises 4 to 6\nA: checks\nB: folds\nA: folds" + ENDING.format(u=4, w="C", c=5),
             pot=5)
    assert "illegal_action" in _codes(bad)


def test_rules_3_4_no_limit_minimum_raise():
    # After a raise to 6 (by 4), the next raise must be by at least 4: to 10.
    good = nl(HEADS, PREFLOP + "C: raises 4 to 6\nA: raises 4 to 10\nB: folds\nC: folds"
              + ENDING.format(u=4, w="A", c=14), pot=14)
    assert _codes(good) == []
    bad = nl(HEADS, PREFLOP + "C: raises 4 to 6\nA: raises 2 to 8\nB: folds\nC: folds"
             + ENDING.format(u=2, w="A", c=14), pot=14)
    assert _codes(bad) == ["min_raise"]


def test_rules_3_4_short_all_in_does_not_reopen():
    # C raises to 6; A goes all-in for 8 (a raise of 2, short of 4); C already acted and may only call.
    seats = "Seat 1: A (8 in chips)\nSeat 2: B (100 in chips)\nSeat 3: C (100 in chips)"
    body = PREFLOP + "C: raises 4 to 6\nA: raises 2 to 8 and is all-in\nB: folds\nC: {c_action}"
    good = nl(seats, body.format(c_action="calls 2") + "\n*** FLOP *** [2c 7d 9h]\n*** TURN *** [2c 7d 9h] [Js]\n"
              "*** RIVER *** [2c 7d 9h Js] [3s]\n*** SHOW DOWN ***\nA: shows [Ah Ad] (a pair of Aces)\n"
              "C: shows [Kh Kd] (a pair of Kings)\nA collected 18 from pot", pot=18)
    assert _codes(good) == []
    bad = nl(seats, body.format(c_action="raises 8 to 16") + "\nUncalled bet (8) returned to C\n"
             "*** FLOP *** [2c 7d 9h]\n*** TURN *** [2c 7d 9h] [Js]\n*** RIVER *** [2c 7d 9h Js] [3s]\n"
             "*** SHOW DOWN ***\nA: shows [Ah Ad] (a pair of Aces)\nC: shows [Kh Kd] (a pair of Kings)\n"
             "A collected 18 from pot", pot=18)
    assert _codes(bad) == ["not_reopened"]


def test_rules_1_forced_bet_amounts():
    bad = nl(HEADS, "A: posts small blind 1\nB: posts big blind 3\n*** HOLE CARDS ***\nC: folds\nA: folds"
             + ENDING.format(u=2, w="B", c=2), pot=2)
    assert _codes(bad) == ["forced_bet"]


def test_rules_5_pot_total_and_rake():
    good = nl(HEADS, PREFLOP + "C: folds\nA: folds" + ENDING.format(u=1, w="B", c=2), pot=2)
    assert _codes(good) == []
    assert "pot_total" in _codes(good.replace("Total pot 2", "Total pot 3"))


def test_rules_5_hand_description():
    text = SIDE_POTS.replace("(a pair of Kings)", "(two pair, Kings and Nines)")
    assert _codes(text) == ["hand_description"]


def test_rules_5_no_card_seen_twice():
    text = SIDE_POTS.replace("B: shows [Kh Ks]", "B: shows [Kh Ah]").replace("(a pair of Kings)", "(a pair of Aces)")
    assert "duplicate_card" in _codes(text)


# -- Fixed limit: caps and sizes (RULES.md §3 item 3, §4 item 4) ---------------------------------

FL = """PokerStars Hand #2:  Hold'em Limit (2/4) - 2020/01/01 12:00:00 ET
Table 'T' 6-max Seat #3 is the button
Seat 1: A (100 in chips)
Seat 2: B (100 in chips)
Seat 3: C (100 in chips)
A: posts small blind 1
B: posts big blind 2
*** HOLE CARDS ***
{body}
*** SUMMARY ***
Total pot {pot} | Rake 0
"""


def test_rules_3_3_four_bets_cap_the_round():
    # The blind is the first bet; C raises (2), A re-raises (3), B caps (4): a fifth bet is over the cap.
    capped = "C: raises 2 to 4\nA: raises 2 to 6\nB: raises 2 to 8\nC: calls 4\nA: calls 2"
    good = FL.format(body=capped + "\nB: ... ".replace("\nB: ... ", "") + "\n*** FLOP *** [2c 7d 9h]\nA: checks\n"
                     "B: checks\nC: checks\n*** TURN *** [2c 7d 9h] [Js]\nA: checks\nB: checks\nC: checks\n"
                     "*** RIVER *** [2c 7d 9h Js] [3s]\nA: checks\nB: checks\nC: checks\n*** SHOW DOWN ***\n"
                     "A: shows [Ah Ad] (a pair of Aces)\nB: shows [Kh Kd] (a pair of Kings)\n"
                     "C: shows [Qh Qd] (a pair of Queens)\nA collected 24 from pot", pot=24)
    assert _codes(good) == []
    over = "C: raises 2 to 4\nA: raises 2 to 6\nB: raises 2 to 8\nC: raises 2 to 10\nA: folds\nB: folds"
    bad = FL.format(body=over + "\nUncalled bet (2) returned to C\nC collected 22 from pot", pot=22)
    assert _codes(bad) == ["raise_cap"]


def test_fixed_limit_bet_size():
    bad = FL.format(body="C: raises 3 to 5\nA: folds\nB: folds\nUncalled bet (3) returned to C\n"
                    "C collected 5 from pot", pot=5)
    assert _codes(bad) == ["bet_size"]


# -- Stud (RULES.md §4 item 2) and Sökö's raise_after_pass=false (§2 item 8) ----------------------

STUD = """PokerStars Game #3:  7 Card Stud Limit (2/4) - 2020/01/01 12:00:00 ET
Table 'T' 8-max
Seat 1: A (100 in chips)
Seat 2: B (100 in chips)
Seat 3: C (100 in chips)
A: posts the ante 1
B: posts the ante 1
C: posts the ante 1
*** 3rd STREET ***
Dealt to A [Kd]
Dealt to B [2h]
Dealt to C [2c]
{body}
*** SUMMARY ***
Total pot {pot} | Rake 0
"""


def test_rules_4_2_lowest_upcard_brings_in_clubs_lowest():
    good = STUD.format(body="C: brings in for 1\nA: folds\nB: folds\nC collected 4 from pot", pot=4)
    assert _codes(good) == []
    bad = STUD.format(body="B: brings in for 1\nC: folds\nA: folds\nB collected 4 from pot", pot=4)
    assert _codes(bad) == ["bring_in"]


FINNISH = """Sökö Hand #4: Sökö Spread Limit (1-10, ante 1) - 2026/03/14 21:04:11 EET
Table 'K' 8-max Seat #3 is the button
Rules: soko-finnish; raise_after_pass=false
Seat 1: A (100 in chips)
Seat 2: B (100 in chips)
Seat 3: C (100 in chips)
A: posts the ante 1
B: posts the ante 1
C: posts the ante 1
*** 2nd STREET ***
Dealt to A [Kd]
Dealt to B [2h]
Dealt to C [Ac]
{body}
*** SUMMARY ***
Total pot {pot} | Rake 0
"""


def test_rules_2_8_no_raise_after_a_pass():
    # C's ace speaks first; A checks, B bets; A, who passed, may call or fold but not raise.
    good = FINNISH.format(body="C: checks\nA: checks\nB: bets 5\nC: folds\nA: folds\n"
                          "Uncalled bet (5) returned to B\nB collected 3 from pot", pot=3)
    assert _codes(good) == []
    bad = FINNISH.format(body="C: checks\nA: checks\nB: bets 5\nC: folds\nA: raises 5 to 10\nB: folds\n"
                         "Uncalled bet (5) returned to A\nA collected 13 from pot", pot=13)
    assert _codes(bad) == ["not_reopened"]


def test_rules_2_8_spread_limit_maximum():
    bad = FINNISH.format(body="C: bets 11\nA: folds\nB: folds\nUncalled bet (11) returned to C\n"
                         "C collected 3 from pot", pot=3)
    assert _codes(bad) == ["bet_size"]


@pytest.mark.parametrize("rules", ["soko-finnish", "soko-finnish; raise_after_pass=false"])
def test_finnish_highest_upcard_speaks_first(rules):
    text = FINNISH.replace("soko-finnish; raise_after_pass=false", rules)
    bad = text.format(body="A: checks\nB: checks\nC: checks\nA collected 3 from pot", pot=3)
    assert "out_of_turn" in _codes(bad)


K = ActionKind


# -- RULES §2 item 6: showing hands of four up cards tie as the option says -------------------


def _four_up_cards_hand(rules: str, opener: str) -> Hand:
    """A button-less Sökö hand checked down to showdown. On 5th street Aino shows 2h 5h 9h Jh (a four-flush) and
    Ville 2c 5d 9s Jc (jack high): equal ranks, so the showing hands tie unless four-card hands count. ``opener``
    checks first there; on the earlier streets the two show the same ranks and Aino checks first."""
    c = Card.parse
    ups = {"Aino": ["2h", "5h", "9h", "Jh"], "Ville": ["2c", "5d", "9s", "Jc"]}
    deals = [Deal(0, "Aino", (c("Ah"), c("2h")), (False, True)), Deal(0, "Ville", (c("Kd"), c("2c")), (False, True))]
    deals += [Deal(s, p, (c(ups[p][s]),), (True,)) for s in (1, 2, 3) for p in ("Aino", "Ville")]
    actions = [Action(0, "Aino", K.ANTE, 10), Action(0, "Ville", K.ANTE, 10)]
    for street in range(4):
        order = ("Ville", "Aino") if street == 3 and opener == "Ville" else ("Aino", "Ville")
        actions += [Action(street, p, K.CHECK) for p in order]
    actions += [Action(4, "Aino", K.SHOW, cards=(c("Ah"), *map(c, ups["Aino"]))),
                Action(4, "Ville", K.SHOW, cards=(c("Kd"), *map(c, ups["Ville"]))),
                Action(4, "Aino", K.COLLECT, 20)]
    return Hand(site="Sökö", hand_id="4", rules=rules, stakes=Stakes(decimals=2, currency="EUR", ante=10, min_bet=10,
                max_bet=200), seats=(Seat(1, "Aino", 1000), Seat(2, "Ville", 1000)), deals=tuple(deals),
                actions=tuple(actions), total_pot=20, rake=0)


@pytest.mark.parametrize("opener", ["Aino", "Ville"])
def test_a_four_flush_shows_best_only_where_four_card_hands_count(opener):
    counted = audit(_four_up_cards_hand("soko-finnish", opener))
    late = [f.player for f in counted.findings if f.code is Code.OUT_OF_TURN]
    assert late == ([] if opener == "Aino" else ["Ville"])  # the four-flush shows best: Aino speaks first
    uncounted = audit(_four_up_cards_hand("soko-finnish; showing_four_card_hands_count=false", opener))
    assert uncounted.ok and not [f for f in uncounted.findings if f.code is Code.OUT_OF_TURN], uncounted.findings
    assert uncounted.payouts == {"Aino": 20}
