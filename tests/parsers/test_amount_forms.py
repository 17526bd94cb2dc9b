"""Each site's amounts read as the site writes them, or not at all: a comma form a site never prints is a
``malformed`` hand naming the text and its line, never another figure (issue 35: ``$0,10`` was stored as $10.00).
Each site's own names of the games the project replays are read as those games (GGPoker's Short Deck, Winamax's
``Omaha8``, ``Omaha5`` and ``Lowball27``, iPoker's ``Hi-Lo``).

Every case is a small hand written here in the site's format; the expected figures are worked by hand from the
hand's own lines (its stacks, bets and summary).
"""

from __future__ import annotations

import pytest

from soko_analytics.model.hand import ActionKind, Hand
from soko_analytics.parsers import Quarantined, format_scores, get_format
from soko_analytics.replay.audit import audit
from tests.flows import money_flow

pokerstars, ggpoker, winamax, ipoker = (get_format(n) for n in ("pokerstars", "ggpoker", "winamax", "ipoker"))

STARS = """PokerStars Hand #300000000001:  Hold'em No Limit ({sb}/{bb} USD) - 2020/03/01 20:00:00 ET
Table 'Comma' 6-max Seat #1 is the button
Seat 1: Anna ({anna} in chips)
Seat 2: Bert ({bert} in chips)
Seat 3: Cleo ({cleo} in chips)
Bert: posts small blind {sb}
Cleo: posts big blind {bb}
*** HOLE CARDS ***
Anna: raises {by} to {to}
Bert: folds
Cleo: folds
Uncalled bet ({by}) returned to Anna
Anna collected {won} from pot
Anna: doesn't show hand
*** SUMMARY ***
Total pot {won} | Rake $0
Seat 1: Anna (button) collected ({won})
Seat 2: Bert (small blind) folded before Flop
Seat 3: Cleo (big blind) folded before Flop
"""
SMALL = {"sb": "$0.05", "bb": "$0.10", "anna": "$10", "bert": "$10", "cleo": "$10", "by": "$0.20",
         "to": "$0.30", "won": "$0.25"}


def read_one(module, text: str, path: str = "t.txt") -> Hand | Quarantined:
    (record,) = list(module.parse(text, path))
    return record


def line_of(text: str, content: str) -> int:
    """The number of the first line of ``text`` that has ``content``."""
    return next(n for n, line in enumerate(text.split("\n"), 1) if content in line)


def assert_not_an_amount(record, text: str, amount: str, line_text: str) -> None:
    assert isinstance(record, Quarantined), f"{amount!r} was read as a figure"
    assert record.error is not None and record.error.kind == "malformed"
    assert record.reason == f"{amount!r} is not an amount"
    assert record.line == line_of(text, line_text)
    assert record.raw == text.rstrip("\n")


@pytest.mark.parametrize("amount", ["$0,10", "$10.000,00", "$10,00,0", "$1,0000", "$0,100"])
@pytest.mark.parametrize("field, line_text", [("anna", "Seat 1: Anna"), ("won", "Anna collected")])
def test_pokerstars_comma_forms_it_never_prints_are_malformed(amount, field, line_text):
    text = STARS.format(**{**SMALL, field: amount})
    assert_not_an_amount(read_one(pokerstars, text), text, amount, line_text)


def test_pokerstars_thousands_commas_read_as_written():
    text = STARS.format(sb="$500", bb="$1,000", anna="$125,000.50", bert="$40,000", cleo="$1,234,567.89",
                        by="$2,000", to="$3,000", won="$2,500")
    hand = read_one(pokerstars, text)
    assert isinstance(hand, Hand)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50_000, 100_000)
    assert [s.stack for s in hand.seats] == [12_500_050, 4_000_000, 123_456_789]
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.to) == (200_000, 300_000)
    assert (hand.total_pot, hand.rake) == (250_000, 0)
    assert audit(hand).ok


GG_SHORT_DECK = """Poker Hand #SD1000001: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40
Table 'ShortDeck 7' 6-max Seat #1 is the button
Seat 1: Hero ($2 in chips)
Seat 2: 1a2b3c4d ($1.50 in chips)
Seat 3: 5e6f7a8b ($3 in chips)
Hero: posts the ante $0.01
1a2b3c4d: posts the ante $0.01
5e6f7a8b: posts the ante $0.01
Hero: posts button blind $0.02
*** HOLE CARDS ***
Dealt to Hero [Ah Kh]
Dealt to 1a2b3c4d
Dealt to 5e6f7a8b
1a2b3c4d: calls $0.02
5e6f7a8b: folds
Hero: checks
*** FLOP *** [6c 9d Jh]
1a2b3c4d: checks
Hero: bets $0.04
1a2b3c4d: folds
Uncalled bet ($0.04) returned to Hero
*** SHOWDOWN ***
Hero collected $0.07 from pot
*** SUMMARY ***
Total pot $0.07 | Rake $0
Board [6c 9d Jh]
Seat 1: Hero (button) won ($0.07)
Seat 2: 1a2b3c4d folded on the Flop
Seat 3: 5e6f7a8b folded before Flop (didn't bet)
"""


def test_ggpoker_short_deck_is_six_plus_hold_em():
    hand = read_one(ggpoker, GG_SHORT_DECK)
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert hand.rules == "short-deck"
    # one stake, `($0.02)`: the blind the button posts
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (None, 2)
    # three antes of 1, the button blind of 2 and the call of 2
    assert (hand.total_pot, hand.rake) == (7, 0)
    assert money_flow(hand)["Hero"].net == 7 - 3
    assert audit(hand).ok


def test_ggpoker_comma_forms_it_never_prints_are_malformed():
    text = GG_SHORT_DECK.replace("Seat 2: 1a2b3c4d ($1.50", "Seat 2: 1a2b3c4d ($1,50")
    assert_not_an_amount(read_one(ggpoker, text), text, "$1,50", "Seat 2: 1a2b3c4d")


WINAMAX_HILO = """Winamax Poker - CashGame - HandId: #5000001-17-1500000000 - {game} pot limit (0.05€/0.10€) - 2017/07/14 18:40:00 UTC
Table: 'Lyon 03' 6-max (real money) Seat #1 is the button
Seat 1: Alice (10€)
Seat 2: Bruno (10€)
Seat 3: Chloe (10€)
*** ANTE/BLINDS ***
Bruno posts small blind 0.05€
Chloe posts big blind 0.10€
*** PRE-FLOP ***
Alice calls 0.10€
Bruno calls 0.05€
Chloe checks
*** FLOP *** [Kh 4c 2c]
Bruno checks
Chloe checks
Alice checks
*** TURN *** [Kh 4c 2c][9d]
Bruno checks
Chloe checks
Alice checks
*** RIVER *** [Kh 4c 2c 9d][7s]
Bruno checks
Chloe checks
Alice checks
*** SHOW DOWN ***
Alice shows [Ac 3d Qs Qh] (One pair : Queens)
Bruno shows [Kd Kc 8h 8s] (Three of a kind : Kings)
Chloe shows [Jd Js Td 6h] (One pair : Jacks)
Bruno collected {half}€ from pot(HI)
Alice collected 0.14€ from pot(LO)
*** SUMMARY ***
Total pot {total}€ | Rake 0.02€
Board: [Kh 4c 2c 9d 7s]
Seat 1: Alice (button) showed [Ac 3d Qs Qh] and won 0.14€ with One pair : Queens
Seat 2: Bruno (small blind) showed [Kd Kc 8h 8s] and won 0.14€ with Three of a kind : Kings
Seat 3: Chloe (big blind) showed [Jd Js Td 6h] and lost with One pair : Jacks
"""


@pytest.mark.parametrize("game", ["Omaha8", "Omaha Hi/Lo"])
def test_winamax_omaha_hi_lo_under_each_of_its_names(game):
    text = WINAMAX_HILO.format(game=game, half="0.14", total="0.28")
    assert _score("winamax", text) == 1.0
    hand = read_one(winamax, text)
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert hand.rules == "omaha-hilo"
    # 0.30 put in; Winamax's total (0.28) is after its rake (0.02); the high and the low half 0.14 each
    assert (hand.total_pot, hand.rake) == (30, 2)
    flows = money_flow(hand)
    assert (flows["Bruno"].collected, flows["Alice"].collected, flows["Chloe"].collected) == (14, 14, 0)
    assert audit(hand).ok


@pytest.mark.parametrize("amount", ["0,14", "0,1,4", "-0.14"])
def test_winamax_forms_it_never_prints_are_malformed(amount):
    text = WINAMAX_HILO.format(game="Omaha8", half=amount, total="0.28")
    assert_not_an_amount(read_one(winamax, text), text, amount, "Bruno collected")


WINAMAX_TOURNAMENT = """Winamax Poker - Tournament "Expresso" buyIn: 0.93€ + 0.07€ level: 6 - HandId: #700000001-12-1500000003 - Holdem no limit (500/1000) - 2017/07/14 19:00:00 UTC
Table: 'Expresso(123456789)#0' 3-max (real money) Seat #1 is the button
Seat 1: Alice (20000)
Seat 2: Bruno (15000)
Seat 3: Chloe (12675)
*** ANTE/BLINDS ***
Bruno posts small blind 500
Chloe posts big blind 1000
*** PRE-FLOP ***
Alice raises 1675 to 2675
Bruno folds
Chloe calls 1675
*** FLOP *** [Kh 4c 2c]
Chloe checks
Alice checks
*** TURN *** [Kh 4c 2c][9d]
Chloe checks
Alice checks
*** RIVER *** [Kh 4c 2c 9d][7s]
Chloe checks
Alice checks
*** SHOW DOWN ***
Alice shows [Ac Ad] (One pair : Aces)
Chloe shows [Qs Qh] (One pair : Queens)
Alice collected 5850 from pot
*** SUMMARY ***
Total pot {total} | No rake
Board: [Kh 4c 2c 9d 7s]
Seat 1: Alice (button) showed [Ac Ad] and won 5850 with One pair : Aces
Seat 3: Chloe (big blind) showed [Qs Qh] and lost with One pair : Queens
"""


def test_winamax_totals_in_thousands_read_exactly():
    # 500 + 2,675 + 2,675 chips: Winamax prints the total as 5.85k
    hand = read_one(winamax, WINAMAX_TOURNAMENT.format(total="5.85k"))
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert (hand.stakes.decimals, hand.total_pot, hand.rake) == (0, 5850, 0)
    assert audit(hand).ok


@pytest.mark.parametrize("total", ["5,85k", "5.85K€k", "5.8505k"])
def test_winamax_totals_of_other_forms_are_malformed(total):
    record = read_one(winamax, WINAMAX_TOURNAMENT.format(total=total))
    assert isinstance(record, Quarantined) and record.error is not None and record.error.kind == "malformed"
    assert record.line == line_of(WINAMAX_TOURNAMENT, "Total pot")


WINAMAX_GAME = """Winamax Poker - CashGame - HandId: #6000001-3-1500000001 - {game} ({stakes}) - 2017/07/14 18:40:00 UTC
Table: 'Nice 02' 6-max (real money) Seat #1 is the button
Seat 1: Alice (10€)
Seat 2: Bruno (10€)
*** ANTE/BLINDS ***
Alice posts small blind 0.05€
Bruno posts big blind 0.10€
Dealt to Alice [{cards}]
*** PRE-FLOP ***
Alice folds
Bruno collected 0.15€ from pot
*** SUMMARY ***
Total pot 0.15€ | No rake
Seat 2: Bruno (big blind) won 0.15€
"""


@pytest.mark.parametrize("game, cards, rules", [
    ("Omaha5 pot limit", "Ah Kd Qc Js 9h", "omaha5"),
    ("5 Card Omaha pot limit", "Ah Kd Qc Js 9h", "omaha5"),
    ("Omaha5 Hi/Lo pot limit", "Ah Kd Qc Js 9h", "omaha5-hilo"),
])
def test_winamax_five_card_omaha_names(game, cards, rules):
    text = WINAMAX_GAME.format(game=game, stakes="0.05€/0.10€", cards=cards)
    hand = read_one(winamax, text)
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert hand.rules == rules
    # Winamax's collect and total count the big blind's 0.05 nobody called: 0.10 was in the pot
    assert (hand.total_pot, hand.rake) == (10, 0)


WINAMAX_TRIPLE_DRAW = """Winamax Poker - CashGame - HandId: #6000002-9-1500000002 - {game} fixed limit (0.10€/0.20€) - 2017/07/14 18:41:00 UTC
Table: 'Nice 03' 6-max (real money) Seat #1 is the button
Seat 1: Alice (10€)
Seat 2: Bruno (10€)
*** ANTE/BLINDS ***
Alice posts small blind 0.05€
Bruno posts big blind 0.10€
*** FIRST-BET ***
Dealt to Alice [7h 5d 4c 3s 2h]
Alice folds
Bruno collected 0.15€ from pot
*** SUMMARY ***
Total pot 0.15€ | No rake
Seat 2: Bruno (big blind) won 0.15€
"""


@pytest.mark.parametrize("game", ["Lowball27", "2-7 Triple Draw"])
def test_winamax_fixed_limit_2_7_triple_draw_names(game):
    hand = read_one(winamax, WINAMAX_TRIPLE_DRAW.format(game=game))
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert hand.rules == "triple-draw27"
    # the header's stakes are the small and the big bet
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (10, 20)
    # Winamax's collect and total count the big blind's 0.05 nobody called: 0.10 was in the pot
    assert (hand.total_pot, hand.rake) == (10, 0)


IPOKER = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="77">
  <general>
    <mode>real</mode>
    <gametype>{gametype}</gametype>
    <tablename>Comma, 1001</tablename>
    <tablecurrency>USD</tablecurrency>
    <duration>N/A</duration>
    <gamecount>N/A</gamecount>
    <startdate>2015-03-01 20:00:00</startdate>
    <currency>USD</currency>
    <nickname>Hero</nickname>
    <bets>$1,015</bets>
    <wins>-$7.50</wins>
  </general>
  <game gamecode="9000000001">
    <general>
      <startdate>2015-03-01 20:00:00</startdate>
      <players>
        <player seat="1" name="Hero" chips="{chips}" dealer="1" win="{win}" bet="{hero_bet}" rebuy="0" addon="0" />
        <player seat="2" name="Villain" chips="{villain}" dealer="0" win="$0" bet="{bet}" rebuy="0" addon="0" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Hero" type="1" sum="{small}" cards="[cards]" />
      <action no="2" player="Villain" type="2" sum="{big}" cards="[cards]" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Hero">SA HA</cards>
      <cards type="Pocket" player="Villain">X X</cards>
      <action no="3" player="Hero" type="23" sum="{raise_to}" cards="" />
      <action no="4" player="Villain" type="0" sum="$0" cards="" />
    </round>
  </game>
</session>
"""
IPOKER_VALUES = {"gametype": "Holdem NL $5/$10", "chips": "$1,234.56", "win": "$1,025", "hero_bet": "$1,015",
                 "bet": "$10", "villain": "$2,000", "small": "$5", "big": "$10", "raise_to": "$1,015"}


def test_ipoker_thousands_commas_in_chips_win_and_sum():
    hand = read_one(ipoker, IPOKER.format(**IPOKER_VALUES), "s.xml")
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert [s.stack for s in hand.seats] == [123_456, 200_000]
    # Hero raises to $1,015 over the $10 blind: $1,005 comes back; `win` ($1,025) counts it in, so $20 is collected
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert raise_.to == 101_500
    assert (hand.total_pot, hand.rake) == (2_000, 0)
    assert money_flow(hand)["Hero"].collected == 2_000
    # the session's own totals (`<wins>-$7.50</wins>`) are not read: nothing there is a hand's figure
    assert audit(hand).ok


def test_ipoker_stakes_with_thousands_commas():
    # blinds $1,000 and $2,000; Hero raises to $5,000 and Villain folds: $3,000 back, $4,000 won
    values = {**IPOKER_VALUES, "gametype": "Holdem NL $1,000/$2,000", "chips": "$250,000", "villain": "$300,000",
              "small": "$1,000", "big": "$2,000", "raise_to": "$5,000", "hero_bet": "$5,000", "bet": "$2,000",
              "win": "$7,000"}
    hand = read_one(ipoker, IPOKER.format(**values), "s.xml")
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (100_000, 200_000)
    assert (hand.total_pot, hand.rake) == (400_000, 0)


def test_ipoker_stakes_of_other_forms_are_malformed():
    text = IPOKER.format(**{**IPOKER_VALUES, "gametype": "Holdem NL $1,00/$2,00,0"})
    record = read_one(ipoker, text, "s.xml")
    assert isinstance(record, Quarantined) and record.error is not None and record.error.kind == "malformed"
    assert "is not an amount" in record.reason


@pytest.mark.parametrize("field, value, reason", [
    ("chips", "$1,23,4", "chips=\"$1,23,4\" is not an amount"),
    ("chips", "$0,100", "chips=\"$0,100\" is not an amount"),
    ("win", "$1,02,5", "win=\"$1,02,5\" is not an amount"),
    ("raise_to", "$1,0,15", "sum=\"$1,0,15\" is not an amount"),
    ("chips", "-$2.38", "chips=\"-$2.38\" is negative"),
    ("win", "-$2.38", "win=\"-$2.38\" is negative"),
])
def test_ipoker_forms_it_never_prints_and_negative_counts_are_malformed(field, value, reason):
    text = IPOKER.format(**{**IPOKER_VALUES, field: value})
    record = read_one(ipoker, text, "s.xml")
    assert isinstance(record, Quarantined), f"{value!r} was read as a figure"
    assert record.error is not None and record.error.kind == "malformed"
    assert record.reason.startswith(reason)
    assert record.line == line_of(text, value)


def test_ipoker_bet_is_a_figure_the_betting_gives():
    # `bet` (what a player put in) is not read: the actions say it; a value of another form does not matter
    hand = read_one(ipoker, IPOKER.format(**{**IPOKER_VALUES, "bet": "-$10"}), "s.xml")
    assert isinstance(hand, Hand) and money_flow(hand)["Villain"].put_in == 1_000


def test_ipoker_hi_lo_game_types_are_split_games():
    values = {**IPOKER_VALUES, "gametype": "Omaha Hi-Lo PL $5/$10"}
    text = IPOKER.format(**values).replace(">SA HA<", ">SA HA D2 C3<")
    hand = read_one(ipoker, text, "s.xml")
    assert isinstance(hand, Hand), getattr(hand, "reason", None)
    assert hand.rules == "omaha-hilo"


def _score(name: str, head: str) -> float:
    return format_scores(head)[name]
