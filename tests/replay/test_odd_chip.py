"""RULES.md §2 item 20: the odd chip of a split goes to the tied winner nearest the dealer's left.

Under the Sökö profiles the rule is stated (seed 001: "Udda marker går till spelaren närmast given"),
so an odd chip paid to another winner is an error. A site log whose convention is undocumented
(PokerStars hold'em and stud, RULES.md §1, last paragraph) gets a warning. Which one is data
(the profile's ``odd_chip_stated``, handed to the core in the spec by ``native.spec_json``), not a branch
on the profile's name.
"""

from __future__ import annotations

import json

from soko_analytics.model.hand import Hand
from soko_analytics.native import spec_json
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.findings import Severity
from soko_analytics.rules.profiles import PROFILES

# Three antes of €0.05 and Aino's €0.20 bring-in called by Ville (As and Ac tie for the highest up card;
# spades outrank clubs, so Aino brings in): €0.55. Aino and Ville show A K 8 6 3 and split it: €0.27
# each and one odd cent. The button is seat 5, so Aino (seat 1) is nearest the dealer's left: €0.28.
SOKO = """Sökö Hand #202603140201: Sökö Limit (€0.50/€1.00 EUR, ante €0.05, bring-in €0.20) - 2026/03/14 21:04:11 EET
Table 'Kallio 3' 8-max Seat #5 is the button
Rules: soko-casino
Seat 1: Aino (€10 in chips)
Seat 3: Ville (€10 in chips)
Seat 5: Matti (€10 in chips)
Aino: posts the ante €0.05
Ville: posts the ante €0.05
Matti: posts the ante €0.05
*** 2nd STREET ***
Dealt to Aino [Kh] [As]
Dealt to Ville [Ac]
Dealt to Matti [3d]
Aino: brings in for €0.20
Ville: calls €0.20
Matti: folds
*** 3rd STREET ***
Dealt to Aino [As] [8c]
Dealt to Ville [Ac] [8h]
Aino: checks
Ville: checks
*** 4th STREET ***
Dealt to Aino [As 8c] [6d]
Dealt to Ville [Ac 8h] [6s]
Aino: checks
Ville: checks
*** 5th STREET ***
Dealt to Aino [As 8c 6d] [3h]
Dealt to Ville [Ac 8h 6s] [3c]
Aino: checks
Ville: checks
*** SHOW DOWN ***
Aino: shows [Kh As 8c 6d 3h] (high card, Ace)
Ville: shows [Kd Ac 8h 6s 3c] (high card, Ace)
Aino collected €0.28 from pot
Ville collected €0.27 from pot
*** SUMMARY ***
Total pot €0.55 | Rake €0
"""

# Hold'em, button seat 3: Aino (seat 1) posts the $0.05 small blind, Ville the $0.10 big blind, Matti
# calls $0.10 and Aino folds: $0.25. Ville and Matti play the board's straight: $0.12 each and one odd
# cent, which goes to Ville (seat 2, nearer the dealer's left than Matti, the button).
HOLDEM = """PokerStars Hand #900000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/03/14 20:00:00 ET
Table 'Odd' 6-max Seat #3 is the button
Seat 1: Aino ($10 in chips)
Seat 2: Ville ($10 in chips)
Seat 3: Matti ($10 in chips)
Aino: posts small blind $0.05
Ville: posts big blind $0.10
*** HOLE CARDS ***
Matti: calls $0.10
Aino: folds
Ville: checks
*** FLOP *** [5c 6d 7h]
Ville: checks
Matti: checks
*** TURN *** [5c 6d 7h] [8s]
Ville: checks
Matti: checks
*** RIVER *** [5c 6d 7h 8s] [9c]
Ville: checks
Matti: checks
*** SHOW DOWN ***
Ville: shows [2c 2d] (a straight, Five to Nine)
Matti: shows [3c 3d] (a straight, Five to Nine)
Ville collected $0.13 from pot
Matti collected $0.12 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
Board [5c 6d 7h 8s 9c]
"""


def _findings(text: str) -> list[tuple[str, Severity, str | None]]:
    (hand,) = read_text(text, "odd.txt")
    assert isinstance(hand, Hand), hand.message()
    return [(f.code.value, f.severity, f.player) for f in audit(hand).findings]


def _swap(text: str, a: str, b: str) -> str:
    return text.replace(a, "\0").replace(b, a).replace("\0", b)


def test_the_odd_chip_to_the_winner_nearest_the_dealers_left_is_clean():
    assert _findings(SOKO) == []
    assert _findings(HOLDEM) == []


def test_soko_an_odd_chip_to_the_other_winner_is_an_error():
    text = _swap(SOKO, "Aino collected €0.28", "Aino collected €0.27")
    text = _swap(text, "Ville collected €0.27", "Ville collected €0.28")
    assert _findings(text) == [("odd_chip", Severity.ERROR, None)]


def test_a_site_log_of_undocumented_convention_keeps_the_warning():
    text = _swap(HOLDEM, "Ville collected $0.13", "Ville collected $0.12")
    text = _swap(text, "Matti collected $0.12", "Matti collected $0.13")
    assert _findings(text) == [("odd_chip", Severity.WARNING, None)]


def test_which_is_which_is_data_for_every_profile():
    assert {name for name in PROFILES if PROFILES[name].odd_chip_stated} == {"soko-finnish", "soko-casino"}
    stated = {name for name in PROFILES if json.loads(spec_json(name))["odd_chip_stated"]}
    assert stated == {"soko-finnish", "soko-casino"}
    assert json.loads(spec_json("soko-casino; open_pair_big_bet=false"))["odd_chip_stated"]  # keeps its profile's
