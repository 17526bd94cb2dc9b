"""Lines, games and headers of Bovada, partypoker, 888poker and Winning logs that the corpus here does not hold
(issue 35): small hands written for these tests in each site's format, from the sites' conventions (never copies of
other people's logs). Each is detected as its site's, read as one hand, audits clean, and its money is what the
log's own lines add up to (worked by hand in each test's comments)."""

from __future__ import annotations

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import detect_format, read_text
from soko_analytics.replay.audit import audit
from tests.flows import money_flow


def read_one(text: str, fmt: str) -> Hand:
    """The one hand of ``text``, which is detected as ``fmt``; it audits clean."""
    assert detect_format(text, "hand.txt") == fmt
    [hand] = list(read_text(text, "hand.txt", fmt))
    assert isinstance(hand, Hand), hand
    result = audit(hand)
    assert result.ok, [(f.code, f.message) for f in result.findings]
    return hand


def nets(hand: Hand) -> dict[str, tuple[int, int]]:
    """Each player's (put in, collected), in minor units."""
    return {name: (flow.put_in, flow.collected) for name, flow in money_flow(hand).items()}


def kinds(hand: Hand, player: str) -> list[ActionKind]:
    return [a.kind for a in hand.actions if a.player == player]


BOVADA_STUD = """\
Bovada Hand #3100000001: 7CARD Tournament #2000001 TBL#1, Fixed Limit- Level 1 (0/0) - 2015-03-01 20:00:00
Seat+1: 1,500 in chips
Seat+4 [ME]: 1,500 in chips
Seat+5: 1,500 in chips
Seat+1 : Ante chip 2
Seat+4 [ME] : Ante chip 2
Seat+5 : Ante chip 2
*** 3RD STREET ***
Seat+1 : Card dealt to a spot [9d Td 5c]
Seat+4 [ME] : Card dealt to a spot [2h 2c 3c]
Seat+5 : Card dealt to a spot [Kc 4s Kd]
Seat+4 [ME] : Bring_in chip 5
Seat+5 : Bets 10
Seat+1 : Folds
Seat+4 [ME] : Call 5
*** 4TH STREET ***
Seat+4 [ME] : Card dealt to a spot [7d]
Seat+5 : Card dealt to a spot [Ts]
Seat+5 : Bets 10
Seat+4 [ME] : Folds
Seat+5 : Return uncalled portion of bet 10
Seat+5 : Does not show [Kc 4s Kd Ts] (One pair)
Seat+5 : Hand result 26
Seat+5 : BOUNTY PRIZE [$5]
*** SUMMARY ***
Total Pot(26)
Seat+1: Folded on the 3RD STREET
Seat+4 [ME]: Folded on the 4TH STREET
Seat+5: 26  [Does not show]
"""


def test_bovada_stud_marks_its_third_street_brings_in_with_a_chip_and_skips_its_bounty_prize():
    hand = read_one(BOVADA_STUD, "bovada")
    assert hand.rules.startswith("stud7")
    me, five, one = "Hero", "Seat+5 #3100000001", "Seat+1 #3100000001"
    # antes 3 x 2; the bring-in 5 completed to 10 and called: 6 + 20 = 26, the 4th street bet of 10 given back
    assert hand.total_pot == 26 and (hand.rake or 0) == 0
    assert kinds(hand, me)[:2] == [ActionKind.ANTE, ActionKind.BRING_IN]
    assert ActionKind.COMPLETE in kinds(hand, five)
    assert nets(hand) == {me: (12, 0), five: (12, 26), one: (2, 0)}
    # the bounty is the tournament's money, not the pot's: no action, no collect
    assert len([a for a in hand.actions if a.player == five and a.amount == 5]) == 0


PARTY_DEAD = """\
Game #7100000001 starts.

#Game No : 7100000001
***** Hand History for Game 7100000001 *****
$0.10/$0.25 USD NL Texas Hold'em - Monday, March 02, 20:15:01 EST 2020
Table Lyon (Real Money)
Seat 4 is the button
Total number of players : 4/6
Seat 1: Anna ( $25 USD )
Seat 2: Bert ( $20 USD )
Seat 3: Cleo ( $30 USD )
Seat 4: Dave ( $18 USD )
Anna posts small blind [$0.10 USD].
Bert posts big blind [$0.25 USD].
Cleo posts big blind + dead [$0.35 USD].
** Dealing down cards **
Dealt to Cleo [  Ac Kh ]
Cleo raises [$0.50 USD]
Dave folds
Anna folds
Bert folds
Cleo does not show cards.
Cleo wins $1.20 USD
"""


def test_party_big_blind_plus_dead_is_a_live_big_blind_and_a_dead_small_one():
    hand = read_one(PARTY_DEAD, "partypoker")
    # Cleo posts $0.35 = the big blind $0.25 live and $0.10 dead; raises by $0.50 to $0.75; nobody calls: $0.50
    # comes back; the pot is 0.10 + 0.25 + 0.35 = $0.70, which Cleo wins (the log's $1.20 counts the bet given back)
    assert hand.total_pot == 70 and hand.rake == 0
    assert kinds(hand, "Cleo")[0] == ActionKind.SMALL_AND_BIG_BLIND
    assert nets(hand)["Cleo"] == (35, 70)
    assert nets(hand)["Bert"] == (25, 0) and nets(hand)["Anna"] == (10, 0)


PARTY_ANTE_OF = """\
Game #7100000002 starts.

#Game No : 7100000002
***** Hand History for Game 7100000002 *****
NL Texas Hold'em $1 USD Buy-in Trny:9002 Level:3  Blinds-Antes(20/40 -10) - Monday, March 02, 20:16:01 EST 2020
Table $1 Sit & Go (9002) Table #1 (Real Money)
Seat 3 is the button
Total number of players : 3/6
Seat 1: Anna ( 1,500 )
Seat 2: Bert ( 1,470 )
Seat 3: Cleo ( 1,530 )
Trny: 9002 Level: 3
Blinds-Antes(20/40 -10)
Anna posts ante of [10]
Bert posts ante of [10]
Cleo posts ante of [10]
Anna posts small blind [20].
Bert posts big blind [40].
** Dealing down cards **
Dealt to Cleo [  5c 5h ]
Cleo raises [120]
Anna folds
Bert folds
Cleo does not show cards.
Cleo wins 210 chips
"""


def test_party_posts_ante_of_is_an_ante():
    hand = read_one(PARTY_ANTE_OF, "partypoker")
    # antes 3 x 10, blinds 20 and 40, Cleo's 120 of which 80 come back: 30 + 20 + 40 + 40 = 130
    assert hand.total_pot == 130
    assert [kinds(hand, p)[0] for p in ("Anna", "Bert", "Cleo")] == [ActionKind.ANTE] * 3
    assert nets(hand)["Cleo"] == (50, 130)


PARTY_CASH_OUT = """\
***** Hand History For Game 1790000000001abcdef *****
0.10/0.25 Texas Hold'em Game Table (NL) - Mon Feb 09 12:55:26 EST 2026
Table Table 7000001 (Real Money) -- Seat 1 is the button
Total number of players : 3/6
Seat 1: Tim ($20.00)
Seat 2: Uma ($10.00)
Seat 3: Vic ($30.00)
Uma posts small blind (0.10)
Vic posts big blind (0.25)
** Dealing down cards **
Dealt to Tim [ Ah, Ad ]
Tim raises 0.75 to 0.75
Uma raises 10.00 to 10.00
Uma is all-In.
Vic folds
Tim calls (9.25)
Creating Main Pot with $ 20.25 with Uma, Tim
Uma Cash-out Premium % is 1.0
Uma opted for cash-out
** Dealing Flop ** :  [ 2c, 7d, 9h ]
** Dealing Turn ** :  [ Jd ]
** Dealing River ** :  [ 3s ]
** Summary **
Tim balance $30.25, bet $10.00, collected $20.25, net +$10.25 [ Ah, Ad ] [ a pair of Aces ]
Uma balance $0, bet $10.00, collected $0, net -$10.00 [ Qs, Qh ] [ a pair of Queens ]
Vic balance $29.75, bet $0.25, collected $0, net -$0.25
"""


def test_party_cash_out_lines_are_not_pot_money():
    hand = read_one(PARTY_CASH_OUT, "partypoker")
    # the pot is 10 + 10 + 0.25 = $20.25, all Tim's; what the site pays Uma for cashing out is not the pot's
    assert hand.total_pot == 2025 and hand.rake == 0
    assert nets(hand) == {"Tim": (1000, 2025), "Uma": (1000, 0), "Vic": (25, 0)}


PACIFIC_JACKPOT = """\
#Game No : 5100000001
***** 888poker Hand History for Game 5100000001 *****
$0.05/$0.10 Blinds No Limit Holdem Jackpot table - *** 03 04 2020 21:15:30
Table Oslo 6 Max (Real Money)
Seat 2 is the button
Total number of players : 3
Seat 1: Anna ( $10 )
Seat 2: Bert ( $12.40 )
Seat 4: Cleo ( $9.05 )
Cleo posts small blind [$0.05]
Anna posts big blind [$0.10]
** Dealing down cards **
Dealt to Bert [ 8s, 8d ]
Bert calls [$0.10]
Cleo folds
Anna checks
** Dealing flop ** [ 2c, 7h, Td ]
Anna checks
Bert checks
** Dealing turn ** [ Qs ]
Anna checks
Bert checks
** Dealing river ** [ 3d ]
Anna checks
Bert checks
** Summary **
Anna shows [ 4h, 5h ]
Bert shows [ 8s, 8d ]
Bert collected [ $0.25 ]
"""


def test_888_jackpot_table_is_holdem():
    hand = read_one(PACIFIC_JACKPOT, "888poker")
    assert hand.rules == "holdem" and hand.table == "Oslo"
    # 0.05 + 0.10 + 0.10, all Bert's
    assert hand.total_pot == 25 and hand.rake == 0
    assert nets(hand)["Bert"] == (10, 25)


PACIFIC_BLAST = """\
#Game No : 5100000002
***** 888poker BLAST Hand History for Game 5100000002 *****
10/20 Blinds No Limit Holdem - *** 03 04 2020 21:20:00
Tournament #160000001 $1 + $0.10 - Table #1 3 Max (Real Money)
Seat 1 is the button
Total number of players : 3
Seat 1: Anna ( 500 )
Seat 2: Bert ( 500 )
Seat 3: Cleo ( 500 )
Bert posts small blind [10]
Cleo posts big blind [20]
** Dealing down cards **
Dealt to Anna [ Ah, Kh ]
Anna raises [60]
Bert folds
Cleo calls [40]
** Dealing flop ** [ Kd, 7c, 2s ]
Cleo checks
Anna bets [80]
Cleo folds
** Summary **
Anna did not show his hand
Anna collected [ 130 ]
"""


def test_888_blast_tournament_logs_are_888():
    hand = read_one(PACIFIC_BLAST, "888poker")
    assert hand.tournament is not None and hand.tournament.tournament_id == "160000001"
    assert hand.max_seats == 3
    # 10 + 60 + 60; Anna's flop bet of 80 comes back
    assert hand.total_pot == 130 and nets(hand)["Anna"] == (60, 130)


WINNING_OLD_CAPS = """\
Game started at: 2016/8/2 10:50:44
Game ID: 900000002 2/4 (PRR) Zurich - 6 (Hold'em)
Seat 2 is the button
Seat 2: Mia (100).
Seat 3: Ned (100).
Seat 4: Ola (100).
Seat 5: Pim (100).
Player Ned has small blind (1)
Player Ola has big blind (2)
Player Pim posts (1) as a dead bet
Player Pim posts (2)
Player Ned received a card.
Player Ned received a card.
Player Ola received card: [5d]
Player Ola received card: [Ac]
Player Pim received a card.
Player Pim received a card.
Player Mia received a card.
Player Mia received a card.
Player Pim raises (2)
Player Mia raises (6)
Player Ned folds
Player Ola caps (6)
Player Pim calls (4)
Player Mia calls (2)
*** FLOP ***: [2c 7d Jh]
Player Ola checks
Player Pim checks
Player Mia checks
*** TURN ***: [2c 7d Jh] [3s]
Player Ola checks
Player Pim checks
Player Mia checks
*** RIVER ***: [2c 7d Jh 3s] [8h]
Player Ola checks
Player Pim checks
Player Mia checks
------ Summary ------
Pot: 26. Rake 0
Board: [2c 7d Jh 3s 8h]
Player Mia does not show cards.Bets: 8. Collects: 0. Loses: 8.
Player Ned does not show cards.Bets: 1. Collects: 0. Loses: 1.
*Player Ola shows: High card A [5d Ac]. Bets: 8. Collects: 26. Wins: 18.
Player Pim does not show cards.Bets: 9. Collects: 0. Loses: 9.
Game ended at: 2016/8/2 10:51:04
"""


def test_winning_caps_is_the_last_raise_and_a_dead_bet_is_dead_money():
    hand = read_one(WINNING_OLD_CAPS, "winning")
    assert hand.rules == "holdem; structure=fixed_limit"
    # the bets are 2, 4, 6 and the cap 8 (Ola's cap adds 6 to his 2); Pim's dead 1 is in the pot, not in his bet:
    # 8 x 3 + Ned's small blind 1 + Pim's dead 1 = 26, as the summary says
    # (dollars: in cents)
    assert hand.total_pot == 2600 and hand.rake == 0
    assert kinds(hand, "Ola")[1] == ActionKind.RAISE
    assert ActionKind.ANTE in kinds(hand, "Pim")
    assert nets(hand)["Pim"] == (900, 0) and nets(hand)["Ola"] == (800, 2600)


WINNING_STUD = """\
Hand #8100000001 - 7Stud(Fixed Limit) - $1.00/$2.00 - 2021/04/16 19:22:47 UTC
Bern 8-max
Seat 1: Jan ($50.00)
Seat 2: Kai ($50.00)
Seat 3: Lea ($50.00)
Jan posts ante $0.10
Kai posts ante $0.10
Lea posts ante $0.10
*** 3rd STREET ***
Dealt to Jan [Ks Qd 9c]
Dealt to Kai [4h]
Dealt to Lea [5c]
Kai brings in $0.25
Lea folds
Jan raises $0.75 to $1.00
Kai folds
Uncalled bet ($0.75) returned to Jan
*** SUMMARY ***
Total pot $0.80 | Rake $0.00
Seat 1: Jan did not show and won $0.80
Seat 2: Kai folded on the 3rd Street
Seat 3: Lea folded on the 3rd Street
"""


def test_winning_fixed_limit_stud_is_seven_card_stud():
    hand = read_one(WINNING_STUD, "winning")
    assert hand.rules.startswith("stud7")
    # antes 0.30, the bring-in 0.25 and Jan's 0.25 of his 1.00 called by nobody: 0.80
    assert hand.total_pot == 80 and nets(hand)["Jan"] == (35, 80)


PACIFIC_THE_ANTE = """\
#Game No : 5100000003
***** 888poker Hand History for Game 5100000003 *****
10/20 Blinds No Limit Holdem - *** 03 04 2020 21:25:00
Tournament #160000002 $1 + $0.10 - Table #1 4 Max (Real Money)
Seat 1 is the button
Total number of players : 4
Seat 1: Anna ( 500 )
Seat 2: Bert ( 500 )
Seat 3: Cleo ( 500 )
Seat 4: Dora ( 500 )
Anna posts the ante [5]
Bert posts the ante [5]
Cleo posts the ante [5]
Dora posts the ante [5]
Bert posts small blind [10]
Cleo posts big blind [20]
** Dealing down cards **
Dealt to Anna [ Ah, Kh ]
Dora folds
Anna raises [60]
Bert folds
Cleo calls [40]
** Dealing flop ** [ Kd, 7c, 2s ]
Cleo checks
Anna bets [80]
Cleo folds
** Summary **
Anna did not show his hand
Anna collected [ 150 ]
"""


def test_888_posts_the_ante_is_an_ante_at_a_4_max_table():
    hand = read_one(PACIFIC_THE_ANTE, "888poker")
    assert hand.max_seats == 4
    # antes 4 x 5, the small blind 10, Anna's 60 and Cleo's 60; Anna's flop bet of 80 comes back
    assert hand.total_pot == 150 and nets(hand)["Anna"] == (65, 150)
    assert [kinds(hand, p)[0] for p in ("Anna", "Bert", "Cleo", "Dora")] == [ActionKind.ANTE] * 4


PARTY_SHORT_DECK = """\
***** Hand History For Game 1790000000002abcdef *****
1/2 Short Deck Game Table (NL) - Mon Feb 09 12:55:26 EST 2026
Table Table 7000002 (Real Money) -- Seat 1 is the button
Total number of players : 3/6
Seat 1: Tim ($100.00)
Seat 2: Uma ($100.00)
Seat 3: Vic ($100.00)
Tim posts ante (1)
Uma posts ante (1)
Vic posts ante (1)
Tim posts button blind (2)
** Dealing down cards **
Dealt to Tim [ Ah, Ad ]
Uma folds
Vic calls (2)
Tim checks
** Dealing Flop ** :  [ 6c, 7d, 9h ]
Vic checks
Tim bets (4)
Vic folds
** Summary **
Tim balance $104.00, bet $7.00, collected $11.00, net +$4.00
Uma balance $99.00, bet $1.00, collected $0, net -$1.00
Vic balance $97.00, bet $3.00, collected $0, net -$3.00
"""


def test_party_short_deck_is_six_plus_holdem_with_a_button_blind():
    hand = read_one(PARTY_SHORT_DECK, "partypoker")
    assert hand.rules.startswith("short-deck")
    # antes 3 x 1, the button's blind 2 called by Vic: 7; Tim's flop bet of 4 comes back; he collects 7 ... the log's
    # 11 counts the 4 given back
    assert hand.total_pot == 700 and nets(hand)["Tim"] == (300, 700)
    assert kinds(hand, "Tim")[:2] == [ActionKind.ANTE, ActionKind.BIG_BLIND]


def test_party_double_holdem_spelled_without_its_apostrophe_is_not_read_as_holdem():
    text = PARTY_DEAD.replace("NL Texas Hold'em", "NL Double Holdem")
    [record] = list(read_text(text, "hand.txt", "partypoker"))
    assert not isinstance(record, Hand)
    assert "Double Hold'em" in record.reason


def test_bovada_bets_and_raises_in_lower_case():
    text = BOVADA_HOLDEM.replace("Dealer : Raises $0.75", "Dealer : raises $0.75").replace(
        "Dealer : Bets $1", "Dealer : bets $1")
    hand = read_one(text, "bovada")
    dealer = "Dealer #1000001"
    assert [a.kind for a in hand.actions if a.player == dealer] == [
        ActionKind.RAISE, ActionKind.BET, ActionKind.CHECK, ActionKind.FOLD]
    # 0.10 + 0.75 + 0.75, 1 + 1, the river bet of 2 given back: 3.60, all the big blind's
    assert hand.total_pot == 360 and nets(hand)["Hero"] == (175, 360)


BOVADA_HOLDEM = """\
Bovada Hand #1000001 TBL#2001 HOLDEM No Limit - 2020-01-02 10:00:00
Seat 1: Dealer ($20 in chips)
Seat 3: Small Blind ($15.50 in chips)
Seat 5: Big Blind [ME] ($30 in chips)
Dealer : Set dealer [1]
Small Blind : Small Blind $0.10
Big Blind  [ME] : Big blind $0.25
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ah 7c]
Small Blind : Card dealt to a spot [2d 2s]
Big Blind  [ME] : Card dealt to a spot [Kc Qd]
Dealer : Raises $0.75 to $0.75
Small Blind : Folds
Big Blind  [ME] : Call $0.50
*** FLOP *** [Ks 9h 3c]
Big Blind  [ME] : Checks
Dealer : Bets $1
Big Blind  [ME] : Call $1
*** TURN *** [Ks 9h 3c] [4d]
Big Blind  [ME] : Checks
Dealer : Checks
*** RIVER *** [Ks 9h 3c 4d] [Jh]
Big Blind  [ME] : Bets $2
Dealer : Folds
Big Blind  [ME] : Return uncalled portion of bet $2
Big Blind  [ME] : Does not show [Kc Qd] (One pair)
Big Blind  [ME] : Hand result $3.60
*** SUMMARY ***
Total Pot($3.60)
Board [Ks 9h 3c 4d Jh]
Seat+1: Dealer Folded on the RIVER
Seat+3: Small Blind Folded before the FLOP
Seat+5: Big Blind $3.60 [Does not show]
"""


def test_party_says_why_there_is_no_small_blind():
    text = PARTY_DEAD.replace(
        "Anna posts small blind [$0.10 USD].\n",
        "There is no Small Blind in this hand as the Big Blind of the previous hand left the table\n",
    ).replace("Cleo wins $1.20 USD", "Cleo wins $1.10 USD")
    hand = read_one(text, "partypoker")
    # 0.25 + Cleo's 0.35 (0.10 of it dead) + her raise of 0.50, which comes back: 0.60
    assert hand.total_pot == 60 and nets(hand)["Cleo"] == (35, 60)
    assert "Anna" not in nets(hand) or nets(hand)["Anna"] == (0, 0)


def test_party_a_closed_table_leaves_the_hand_incomplete():
    text = PARTY_DEAD.replace("Dave folds\n", "Table Closed\n")
    [record] = list(read_text(text, "hand.txt", "partypoker"))
    assert not isinstance(record, Hand)
    assert record.kind == "incomplete" and record.line == 19


def test_888_header_with_a_blank_line_after_its_game_number():
    text = PACIFIC_BLAST.replace("#Game No : 5100000002\n", "#Game No : 5100000002\n\n")
    hand = read_one(text, "888poker")
    assert hand.hand_id == "5100000002" and hand.total_pot == 130


def test_888_logs_without_game_numbers_open_each_hand_with_the_software_line():
    blast = PACIFIC_BLAST.split("\n", 1)[1]
    ante = PACIFIC_THE_ANTE.split("\n", 1)[1]
    text = blast + "\n\n" + ante
    assert detect_format(text, "hand.txt") == "888poker"
    hands = list(read_text(text, "hand.txt", "888poker"))
    assert [h.hand_id for h in hands] == ["5100000002", "5100000003"]
    assert all(isinstance(h, Hand) for h in hands)
    assert [h.total_pot for h in hands] == [130, 150]
