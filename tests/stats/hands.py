"""Small hands whose per-player facts are worked out by hand in the tests (PokerStars text)."""

HOLDEM_3BET = """\
PokerStars Hand #9000000001:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 20:00:00 ET
Table 'Test I' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cid ($100 in chips)
Seat 4: Dan ($100 in chips)
Seat 5: Eve ($100 in chips)
Seat 6: Fay ($100 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
Dan: folds
Eve: calls $1
Fay: raises $3 to $4
Ann: raises $8 to $12
Bob: folds
Cid: folds
Eve: folds
Fay: folds
Uncalled bet ($8) returned to Ann
Ann collected $10.50 from pot
*** SUMMARY ***
Total pot $10.50 | Rake $0
Seat 1: Ann (button) collected ($10.50)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) folded before Flop
Seat 4: Dan folded before Flop (didn't bet)
Seat 5: Eve folded before Flop
Seat 6: Fay folded before Flop
"""

HOLDEM_STEAL_SHOWDOWN = """\
PokerStars Hand #9000000002:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 20:01:00 ET
Table 'Test I' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cid ($100 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: folds
Cid: calls $2
*** FLOP *** [2c 7d Jh]
Cid: checks
Ann: bets $4
Cid: calls $4
*** TURN *** [2c 7d Jh] [Qs]
Cid: checks
Ann: bets $10
Cid: calls $10
*** RIVER *** [2c 7d Jh Qs] [3h]
Cid: bets $20
Ann: calls $20
*** SHOW DOWN ***
Cid: shows [Qd Qc] (three of a kind, Queens)
Ann: shows [Ah Ad] (a pair of Aces)
Cid collected $73 from pot
*** SUMMARY ***
Total pot $74.50 | Rake $1.50
Board [2c 7d Jh Qs 3h]
Seat 1: Ann (button) showed [Ah Ad] and lost with a pair of Aces
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) showed [Qd Qc] and won ($73) with three of a kind, Queens
"""

HOLDEM_WALK = """\
PokerStars Hand #9000000003:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 20:02:00 ET
Table 'Test I' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cid ($100 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
Ann: folds
Bob: folds
Uncalled bet ($0.50) returned to Cid
Cid collected $1 from pot
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) collected ($1)
"""

STUD_STEAL = """\
PokerStars Hand #9000000004:  7 Card Stud Limit ($0.04/$0.08 USD) - 2026/03/01 20:03:00 ET
Table 'Test II' 8-max
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Seat 3: Cid ($2 in chips)
Seat 4: Dan ($2 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
Cid: posts the ante $0.01
Dan: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Kd]
Dealt to Bob [2c]
Dealt to Cid [9s]
Dealt to Dan [Ah]
Bob: brings in for $0.02
Cid: folds
Dan: completes it to $0.04
Ann: folds
Bob: calls $0.02
*** 4th STREET ***
Dealt to Bob [2c] [3c]
Dealt to Dan [Ah] [Kh]
Dan: bets $0.04
Bob: calls $0.04
*** 5th STREET ***
Dealt to Bob [2c 3c] [3d]
Dealt to Dan [Ah Kh] [5s]
Bob: checks
Dan: bets $0.08
Bob: folds
Uncalled bet ($0.08) returned to Dan
Dan collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann folded on the 3rd Street
Seat 2: Bob folded on the 5th Street
Seat 3: Cid folded on the 3rd Street (didn't bet)
Seat 4: Dan collected ($0.20)
"""

HOLDEM_TURN_ALLIN = """\
PokerStars Hand #9000000005:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 20:04:00 ET
Table 'Test III' 2-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: calls $2
*** FLOP *** [Qh 7h 2c]
Bob: checks
Ann: bets $4
Bob: calls $4
*** TURN *** [Qh 7h 2c] [3s]
Bob: bets $93 and is all-in
Ann: calls $93 and is all-in
*** RIVER *** [Qh 7h 2c 3s] [5d]
*** SHOW DOWN ***
Bob: shows [Qs Qd] (three of a kind, Queens)
Ann: shows [Ah Kh] (high card Ace)
Bob collected $199 from pot
*** SUMMARY ***
Total pot $200 | Rake $1
Board [Qh 7h 2c 3s 5d]
Seat 1: Ann (button) (small blind) showed [Ah Kh] and lost with high card Ace
Seat 2: Bob (big blind) showed [Qs Qd] and won ($199) with three of a kind, Queens
"""

HOLDEM_SIDE_POT_ALLIN = """\
PokerStars Hand #9000000006:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 20:05:00 ET
Table 'Test III' 6-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cid ($100 in chips)
Bob: posts small blind $0.50
Cid: posts big blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Bob: calls $2.50
Cid: calls $2
*** FLOP *** [2c 7d 9h]
Bob: checks
Cid: checks
Ann: checks
*** TURN *** [2c 7d 9h] [Ks]
Bob: bets $97 and is all-in
Cid: calls $97 and is all-in
Ann: calls $17 and is all-in
*** RIVER *** [2c 7d 9h Ks] [3s]
*** SHOW DOWN ***
Bob: shows [Kc Kd] (three of a kind, Kings)
Cid: shows [Qh Jh] (high card King)
Bob collected $160 from side pot
Ann: shows [Ah Ad] (a pair of Aces)
Bob collected $60 from main pot
*** SUMMARY ***
Total pot $220 Main pot $60. Side pot $160. | Rake $0
Board [2c 7d 9h Ks 3s]
Seat 1: Ann (button) showed [Ah Ad] and lost with a pair of Aces
Seat 2: Bob (small blind) showed [Kc Kd] and won ($220) with three of a kind, Kings
Seat 3: Cid (big blind) showed [Qh Jh] and lost with high card King
"""

STUD_SIXTH_STREET_ALLIN = """\
PokerStars Hand #9000000007:  7 Card Stud Limit ($0.04/$0.08 USD) - 2026/03/01 20:06:00 ET
Table 'Test IV' 8-max
Seat 1: Ann ($0.25 in chips)
Seat 2: Bob ($2 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Ah Ad Ac]
Dealt to Bob [2s]
Bob: brings in for $0.02
Ann: completes it to $0.04
Bob: calls $0.02
*** 4th STREET ***
Dealt to Ann [Ah Ad Ac] [7s]
Dealt to Bob [2s] [Jh]
Ann: bets $0.04
Bob: calls $0.04
*** 5th STREET ***
Dealt to Ann [Ah Ad Ac 7s] [8d]
Dealt to Bob [2s Jh] [Th]
Ann: bets $0.08
Bob: calls $0.08
*** 6th STREET ***
Dealt to Ann [Ah Ad Ac 7s 8d] [9c]
Dealt to Bob [2s Jh Th] [3c]
Ann: bets $0.08 and is all-in
Bob: calls $0.08
*** RIVER ***
Dealt to Ann [Ah Ad Ac 7s 8d 9c] [2h]
*** SHOW DOWN ***
Ann: shows [Ah Ad Ac 7s 8d 9c 2h] (three of a kind, Aces)
Bob: shows [Kh Qh 2s Jh Th 3c 4d] (high card King)
Ann collected $0.50 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: Ann showed [Ah Ad Ac 7s 8d 9c 2h] and won ($0.50) with three of a kind, Aces
Seat 2: Bob showed [Kh Qh 2s Jh Th 3c 4d] and lost with high card King
"""

HOLDEM_HEADS_UP_BUTTON_BIG_BLIND = """\
PokerStars Hand #9000000008:  Hold'em No Limit ($0.50/$1.00 USD) - 2026/03/01 20:07:00 ET
Table 'Test V' 2-max Seat #1 is the button
Seat 1: Hero ($100 in chips)
Seat 2: Villain ($100 in chips)
Villain: posts small blind $0.50
Hero: posts big blind $1
*** HOLE CARDS ***
Dealt to Hero [7c 2d]
Villain: raises $2 to $3
Hero: folds
Uncalled bet ($2) returned to Villain
Villain collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
Seat 1: Hero (button) (big blind) folded before Flop
Seat 2: Villain (small blind) collected ($2)
"""

SOKO_SPREAD = """\
Sökö Hand #9000000010: Sökö Spread Limit (€0.10-€2.00 EUR, ante €0.10) - 2026/03/14 20:00:00 EET
Table 'Test VI' 10-max Seat #2 is the button
Rules: soko-finnish
Seat 1: Aino (€20 in chips)
Seat 2: Ville (€20 in chips)
Aino: posts the ante €0.10
Ville: posts the ante €0.10
*** 2nd STREET ***
Dealt to Aino [Kd] [Ah]
Dealt to Ville [7c]
Aino: bets €2
Ville: folds
Uncalled bet (€2) returned to Aino
Aino collected €0.20 from pot
*** SUMMARY ***
Total pot €0.20 | Rake €0
Seat 1: Aino collected (€0.20)
Seat 2: Ville (button) folded on the 2nd Street
"""

HOLDEM_FIXED_LIMIT = """\
PokerStars Hand #9000000009:  Hold'em Limit ($0.50/$1 USD) - 2026/03/01 20:08:00 ET
Table 'Test VII' 6-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Bob ($20 in chips)
Seat 3: Cid ($20 in chips)
Bob: posts small blind $0.25
Cid: posts big blind $0.50
*** HOLE CARDS ***
Ann: raises $0.50 to $1
Bob: folds
Cid: folds
Uncalled bet ($0.50) returned to Ann
Ann collected $1.25 from pot
*** SUMMARY ***
Total pot $1.25 | Rake $0
Seat 1: Ann (button) collected ($1.25)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) folded before Flop
"""
