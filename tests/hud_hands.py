"""Hands written by hand for the HUD tests (PokerStars format, $0.05/$0.10 USD no-limit hold'em), and what they
hold, worked out by reading them (not by the stats code).

Table T1, three hands (Hero seat 1, Ann seat 2, Bob seat 3), 20:00-20:02 ET:

- 900001, button Hero, SB Ann, BB Bob: Hero raises, Ann folds, Bob calls; flop: Bob checks, Hero bets, Bob
  folds. Hero puts in 0.30 and collects 0.65: +0.35.
- 900002, button Ann, SB Bob, BB Hero: Ann raises, Bob folds, Hero calls; flop: Hero checks, Ann bets, Hero
  calls; turn and river checked; Hero's sevens beat Ann's ace high. Hero puts in 0.70 and collects 1.45: +0.75.
- 900003, button Bob, SB Hero, BB Ann: Bob raises, Hero re-raises (3-bet), Ann and Bob fold. Hero puts in 0.30
  (0.90 less 0.60 returned) and collects 0.70: +0.40.

Table T2, one hand 900004 at 20:05 ET (Hero seat 1, Cid seat 2, Dee seat 4): Hero folds on the button; Cid
collects 0.25 from a pot of 0.20, which the audit finds (``payout``). Hero: 0.

Table T3, one hand 900000 at 19:50 ET (15 minutes before the newest, so not a table "now"): Eve folds on the
button, Hero folds the small blind (-0.05), Bob's big blind is a walk.
"""

from __future__ import annotations

HEAD = "PokerStars Hand #{id}:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/03/14 {time} ET\n"

T3_OLD = HEAD.format(id=900000, time="19:50:00") + """Table 'T3' 6-max Seat #3 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Eve ($10 in chips)
Hero: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [9c 4d]
Eve: folds
Hero: folds
Uncalled bet ($0.05) returned to Bob
Bob collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Hero (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($0.10)
Seat 3: Eve (button) folded before Flop
"""

T1 = [HEAD.format(id=900001, time="20:00:00") + """Table 'T1' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Ann ($10 in chips)
Seat 3: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Ah Kd]
Hero: raises $0.20 to $0.30
Ann: folds
Bob: calls $0.20
*** FLOP *** [2c 7d 9s]
Bob: checks
Hero: bets $0.40
Bob: folds
Uncalled bet ($0.40) returned to Hero
Hero collected $0.65 from pot
*** SUMMARY ***
Total pot $0.65 | Rake $0
Board [2c 7d 9s]
Seat 1: Hero (button) collected ($0.65)
Seat 2: Ann (small blind) folded before Flop
Seat 3: Bob (big blind) folded on the Flop
""", HEAD.format(id=900002, time="20:01:00") + """Table 'T1' 6-max Seat #2 is the button
Seat 1: Hero ($10.35 in chips)
Seat 2: Ann ($9.95 in chips)
Seat 3: Bob ($9.70 in chips)
Bob: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [7c 7d]
Ann: raises $0.20 to $0.30
Bob: folds
Hero: calls $0.20
*** FLOP *** [Kh 8c 3s]
Hero: checks
Ann: bets $0.40
Hero: calls $0.40
*** TURN *** [Kh 8c 3s] [4d]
Hero: checks
Ann: checks
*** RIVER *** [Kh 8c 3s 4d] [Jc]
Hero: checks
Ann: checks
*** SHOW DOWN ***
Hero: shows [7c 7d] (a pair of Sevens)
Ann: shows [Ah 2h] (high card Ace)
Hero collected $1.45 from pot
*** SUMMARY ***
Total pot $1.45 | Rake $0
Board [Kh 8c 3s 4d Jc]
Seat 1: Hero (big blind) showed [7c 7d] and won ($1.45) with a pair of Sevens
Seat 2: Ann (button) showed [Ah 2h] and lost with high card Ace
Seat 3: Bob (small blind) folded before Flop
""", HEAD.format(id=900003, time="20:02:00") + """Table 'T1' 6-max Seat #3 is the button
Seat 1: Hero ($11.10 in chips)
Seat 2: Ann ($9.25 in chips)
Seat 3: Bob ($9.65 in chips)
Hero: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Qc Jc]
Bob: raises $0.20 to $0.30
Hero: raises $0.60 to $0.90
Ann: folds
Bob: folds
Uncalled bet ($0.60) returned to Hero
Hero collected $0.70 from pot
*** SUMMARY ***
Total pot $0.70 | Rake $0
Seat 1: Hero (small blind) collected ($0.70)
Seat 2: Ann (big blind) folded before Flop
Seat 3: Bob (button) folded before Flop
"""]

T2 = HEAD.format(id=900004, time="20:05:00") + """Table 'T2' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Cid ($10 in chips)
Seat 4: Dee ($10 in chips)
Cid: posts small blind $0.05
Dee: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [2c 3d]
Hero: folds
Cid: calls $0.05
Dee: checks
*** FLOP *** [Ah Kh Qh]
Cid: bets $0.20
Dee: folds
Uncalled bet ($0.20) returned to Cid
Cid collected $0.25 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Board [Ah Kh Qh]
Seat 1: Hero (button) folded before Flop
Seat 2: Cid (small blind) collected ($0.25)
Seat 4: Dee (big blind) folded on the Flop
"""


def text(*hands: str) -> str:
    """Hands as a client writes them: each followed by two blank lines."""
    return "".join(hand + "\n\n\n" for hand in hands)
