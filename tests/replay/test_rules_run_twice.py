"""Run it twice (RULES.md §5, showdown and hand descriptions): a hand whose players agree, all in, to deal the
rest of the board twice is two showdowns. Each board has its own hands and its own descriptions, and each pot is
split in two equal parts (whole chip units; PokerStars gives the first board the odd cent, as the corpus's
``NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt`` does: €223.17 net paid €111.59 + €111.58), each part won by
that board's hands (hi/lo per board too).

PokerStars writes it ``*** FIRST TURN ***``, ``*** SECOND TURN ***``..., ``*** FIRST SHOW DOWN ***`` and
``*** SECOND SHOW DOWN ***`` (each with its ``shows [..] (description)`` and ``collected .. from pot`` lines),
``Hand was run twice`` and ``FIRST Board [..]`` / ``SECOND Board [..]`` in the summary. The logs below are
written for these tests; every figure is worked by hand beside them.
"""

from __future__ import annotations

from soko_analytics import i18n
from soko_analytics.model.hand import Hand
from soko_analytics.parsers import read_text
from soko_analytics.replay.audit import audit
from soko_analytics.replay.explain import explain, ledger
from soko_analytics.replay.findings import Severity

# No limit hold'em, all in on the flop, turn and river dealt twice.
# Pot: Anna $100 (6 preflop, 94 on the flop), Cleo $100 (the same), Bert's small blind $1: $201. Rake $1.99:
# net $199.01, board 1 $99.51 (the odd cent), board 2 $99.50.
# Board 1 Kd 8s 3c 7h 2d: Anna's 8h 8c three of a kind, Eights; Cleo's Ah Kh a pair of Kings. Anna wins $99.51.
# Board 2 Kd 8s 3c Ac As: Cleo's Ah Ac As Kh Kd a full house, Aces full of Kings; Anna's 8h 8c 8s As Ac a full
# house, Eights full of Aces. Cleo wins $99.50.
HOLDEM = """PokerStars Hand #210000000001:  Hold'em No Limit ($1/$2 USD) - 2020/02/01 10:00:00 ET
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Bert ($100 in chips)
Seat 3: Cleo ($100 in chips)
Bert: posts small blind $1
Cleo: posts big blind $2
*** HOLE CARDS ***
Anna: raises $4 to $6
Bert: folds
Cleo: calls $4
*** FLOP *** [Kd 8s 3c]
Cleo: checks
Anna: bets $8
Cleo: raises $86 to $94 and is all-in
Anna: calls $86 and is all-in
*** FIRST TURN *** [Kd 8s 3c] [7h]
*** FIRST RIVER *** [Kd 8s 3c 7h] [2d]
*** SECOND TURN *** [Kd 8s 3c] [Ac]
*** SECOND RIVER *** [Kd 8s 3c Ac] [As]
*** FIRST SHOW DOWN ***
Cleo: shows [Ah Kh] (a pair of Kings)
Anna: shows [8h 8c] (three of a kind, Eights)
Anna collected $99.51 from pot
*** SECOND SHOW DOWN ***
Cleo: shows [Ah Kh] (a full house, Aces full of Kings)
Anna: shows [8h 8c] (a full house, Eights full of Aces)
Cleo collected $99.50 from pot
*** SUMMARY ***
Total pot $201 | Rake $1.99
Hand was run twice
FIRST Board [Kd 8s 3c 7h 2d]
SECOND Board [Kd 8s 3c Ac As]
Seat 1: Anna (button) showed [8h 8c] and won ($99.51) with three of a kind, Eights, and lost with a full house, Eights full of Aces
Seat 2: Bert (small blind) folded before Flop
Seat 3: Cleo (big blind) showed [Ah Kh] and lost with a pair of Kings, and won ($99.50) with a full house, Aces full of Kings
"""  # noqa: E501 (the log's lines)

# Pot limit Omaha, all in preflop, the whole board dealt twice. Preflop (pot limit): Anna raises to $3.50 (the
# $1 call makes the pot $2.50), Cleo to $11 (pot $7.50 after her call), Anna to $33.50 (pot $22.50), Cleo all in
# for $50, Anna calls all in. Pot $0.50 + $50 + $50 = $100.50; rake $2.49: net $98.01, board 1 $49.01, board 2 $49.
# Board 1 2h 9h Jc 3d Tc (two hole cards and three of the board): Anna's Kh Qh with Jc Tc 9h a straight, Nine to
# King; Cleo's Ks Kd with Jc Tc 9h a pair of Kings. Anna wins $49.01.
# Board 2 Kc 8c 5h 4s 2c: Cleo's 7c 6c with Kc 8c 2c a flush, King high (above her straight Four to Eight and her
# three Kings); Anna's As Ad a pair of Aces. Cleo wins $49.
OMAHA = """PokerStars Hand #210000000002:  Omaha Pot Limit ($0.50/$1 USD) - 2020/02/01 10:05:00 ET
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Bert ($50 in chips)
Seat 3: Cleo ($50 in chips)
Bert: posts small blind $0.50
Cleo: posts big blind $1
*** HOLE CARDS ***
Anna: raises $2.50 to $3.50
Bert: folds
Cleo: raises $7.50 to $11
Anna: raises $22.50 to $33.50
Cleo: raises $16.50 to $50 and is all-in
Anna: calls $16.50 and is all-in
*** FIRST FLOP *** [2h 9h Jc]
*** FIRST TURN *** [2h 9h Jc] [3d]
*** FIRST RIVER *** [2h 9h Jc 3d] [Tc]
*** SECOND FLOP *** [Kc 8c 5h]
*** SECOND TURN *** [Kc 8c 5h] [4s]
*** SECOND RIVER *** [Kc 8c 5h 4s] [2c]
*** FIRST SHOW DOWN ***
Cleo: shows [Ks Kd 7c 6c] (a pair of Kings)
Anna: shows [As Ad Kh Qh] (a straight, Nine to King)
Anna collected $49.01 from pot
*** SECOND SHOW DOWN ***
Cleo: shows [Ks Kd 7c 6c] (a flush, King high)
Anna: shows [As Ad Kh Qh] (a pair of Aces)
Cleo collected $49 from pot
*** SUMMARY ***
Total pot $100.50 | Rake $2.49
Hand was run twice
FIRST Board [2h 9h Jc 3d Tc]
SECOND Board [Kc 8c 5h 4s 2c]
Seat 1: Anna (button) showed [As Ad Kh Qh] and won ($49.01) with a straight, Nine to King, and lost with a pair of Aces
Seat 2: Bert (small blind) folded before Flop
Seat 3: Cleo (big blind) showed [Ks Kd 7c 6c] and lost with a pair of Kings, and won ($49) with a flush, King high
"""  # noqa: E501 (the log's lines)

# Courchevel hi/lo (five hole cards, two of them and three of the board; the first flop card dealt before the
# first round), all in on the flop, turn and river dealt twice. Preflop Anna raises to $0.85 (pot limit: $0.60
# after the $0.25 call), Cleo calls; flop: Anna bets the pot $1.80, Cleo raises to $7.20 (pot $5.40 after her
# call), Anna all in for $19.15, Cleo calls all in. Pot $0.10 + $20 + $20 = $40.10; rake $1.09: net $39.01,
# board 1 $19.51, board 2 $19.50.
# Board 1 8s 2c 9h Js 4s: high, Anna's Qd Td with Js 9h 8s a straight, Eight to Queen, over Cleo's 2d with 2c a pair
# of Deuces; low, Cleo's Ac 5h with 8s 4s 2c 8,5,4,2,A (Anna holds one low card: no low). Board 1's $19.51 splits
# high $9.76 (the odd cent to the high half) to Anna, low $9.75 to Cleo.
# Board 2 8s 2c 9h 6d 3h: high, Cleo's 7s 5h with 9h 8s 6d a straight, Five to Nine, over Anna's high card Ace;
# low, Cleo's Ac 5h with 6d 3h 2c 6,5,3,2,A. Cleo scoops board 2's $19.50.
COURCHEVEL_HI_LO = """PokerStars Hand #210000000003:  Courchevel Hi/Lo Pot Limit ($0.10/$0.25 USD) - 2020/02/01 10:10:00 ET
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Anna ($20 in chips)
Seat 2: Bert ($20 in chips)
Seat 3: Cleo ($20 in chips)
Bert: posts small blind $0.10
Cleo: posts big blind $0.25
*** HOLE CARDS ***
*** PRE-FLOP *** [8s]
Anna: raises $0.60 to $0.85
Bert: folds
Cleo: calls $0.60
*** FLOP *** [8s] [2c 9h]
Cleo: checks
Anna: bets $1.80
Cleo: raises $5.40 to $7.20
Anna: raises $11.95 to $19.15 and is all-in
Cleo: calls $11.95 and is all-in
*** FIRST TURN *** [8s 2c 9h] [Js]
*** FIRST RIVER *** [8s 2c 9h Js] [4s]
*** SECOND TURN *** [8s 2c 9h] [6d]
*** SECOND RIVER *** [8s 2c 9h 6d] [3h]
*** FIRST SHOW DOWN ***
Anna: shows [Ah Kd Qd Td Jc] (HI: a straight, Eight to Queen)
Cleo: shows [Ac 2d 5h 7s Kc] (HI: a pair of Deuces; LO: 8,5,4,2,A)
Anna collected $9.76 from pot
Cleo collected $9.75 from pot
*** SECOND SHOW DOWN ***
Anna: shows [Ah Kd Qd Td Jc] (HI: high card Ace)
Cleo: shows [Ac 2d 5h 7s Kc] (HI: a straight, Five to Nine; LO: 6,5,3,2,A)
Cleo collected $19.50 from pot
*** SUMMARY ***
Total pot $40.10 | Rake $1.09
Hand was run twice
FIRST Board [8s 2c 9h Js 4s]
SECOND Board [8s 2c 9h 6d 3h]
Seat 1: Anna (button) showed [Ah Kd Qd Td Jc] and won ($9.76) with HI: a straight, Eight to Queen, and lost with HI: high card Ace
Seat 2: Bert (small blind) folded before Flop
Seat 3: Cleo (big blind) showed [Ac 2d 5h 7s Kc] and won ($9.75) with HI: a pair of Deuces; LO: 8,5,4,2,A, and won ($19.50) with HI: a straight, Five to Nine; LO: 6,5,3,2,A
"""  # noqa: E501 (the log's lines)


def _hand(text: str) -> Hand:
    (hand,) = read_text(text, "run_twice.txt")
    assert isinstance(hand, Hand), hand.message()
    return hand


def _errors(text: str) -> set[str]:
    return {f.code.value for f in audit(_hand(text)).findings if f.severity is Severity.ERROR}


def test_run_twice_each_board_has_its_own_hands_and_half_the_pot():
    result = audit(_hand(HOLDEM))
    assert result.findings == []
    assert result.payouts == {"Anna": 9951, "Cleo": 9950}
    assert [(p.board, p.amount, p.winners, p.value and p.value.english) for p in result.pots] == [
        (1, 9951, {"Anna": 9951}, "three of a kind, Eights"),
        (2, 9950, {"Cleo": 9950}, "a full house, Aces full of Kings"),
    ]


def test_run_twice_a_description_is_checked_against_its_own_board():
    # Anna's second-board hand described as her first-board one.
    text = HOLDEM.replace("Anna: shows [8h 8c] (a full house, Eights full of Aces)",
                          "Anna: shows [8h 8c] (three of a kind, Eights)")
    found = [f for f in audit(_hand(text)).findings if f.severity is Severity.ERROR]
    assert [(f.code.value, f.player, f.expected, f.actual) for f in found] == [
        ("hand_description", "Anna", "a full house, Eights full of Aces", "three of a kind, Eights")]


def test_run_twice_a_description_without_its_board_may_fit_either():
    # A `shows` line before the show downs (run 0) describing the second board's hand is not an error.
    text = HOLDEM.replace("*** FIRST SHOW DOWN ***\n",
                          "Cleo: shows [Ah Kh] (a full house, Aces full of Kings)\n*** FIRST SHOW DOWN ***\n")
    assert _errors(text) == set()
    wrong = text.replace("Cleo: shows [Ah Kh] (a full house, Aces full of Kings)\n*** FIRST",
                         "Cleo: shows [Ah Kh] (two pair, Aces and Kings)\n*** FIRST")
    assert _errors(wrong) == {"hand_description"}


def test_run_twice_the_whole_pot_to_one_board_is_a_payout_error():
    # Anna paid the first board's $99.51 and Cleo the whole rest: $199.01 collected, but Cleo wins only $99.50.
    text = HOLDEM.replace("Anna collected $99.51 from pot", "Anna collected $0.01 from pot")
    text = text.replace("Cleo collected $99.50 from pot", "Cleo collected $199 from pot")
    assert "payout" in _errors(text)


def test_run_twice_each_boards_collects_are_checked_board_by_board():
    # The same totals, but each player's collect under the other board's show down.
    text = HOLDEM.replace("Anna collected $99.51 from pot", "@").replace(
        "Cleo collected $99.50 from pot", "Anna collected $99.51 from pot").replace("@", "Cleo collected $99.50 from pot")
    found = [(f.code.value, f.player, f.expected, f.actual)
             for f in audit(_hand(text)).findings if f.severity is Severity.ERROR]
    assert found == [("payout", "Anna", "99.51", "0.00"), ("payout", "Cleo", "0.00", "99.50"),
                     ("payout", "Anna", "0.00", "99.51"), ("payout", "Cleo", "99.50", "0.00")]


def test_run_twice_pot_limit_omaha_two_boards_from_the_flop():
    result = audit(_hand(OMAHA))
    assert result.findings == []
    assert result.payouts == {"Anna": 4901, "Cleo": 4900}
    assert {p: d.english for p, d in result.showdown.items()} == {"Cleo": "a pair of Kings",
                                                                   "Anna": "a straight, Nine to King"}  # board 1


def test_run_twice_pot_limit_omaha_wrong_second_board_description():
    text = OMAHA.replace("Cleo: shows [Ks Kd 7c 6c] (a flush, King high)",
                         "Cleo: shows [Ks Kd 7c 6c] (a straight, Four to Eight)")
    assert _errors(text) == {"hand_description"}


def test_run_twice_hi_lo_each_board_split_high_and_low():
    result = audit(_hand(COURCHEVEL_HI_LO))
    assert result.findings == []
    assert result.payouts == {"Anna": 976, "Cleo": 975 + 1950}
    first, second = result.pots
    assert (first.board, first.amount, first.winners) == (1, 1951, {"Anna": 976, "Cleo": 975})
    assert [(h.label, h.winners, h.value and h.value.english) for h in first.halves] == [
        ("HI", ("Anna",), "a straight, Eight to Queen"), ("LO", ("Cleo",), "8,5,4,2,A")]
    assert (second.board, second.amount, second.winners) == (2, 1950, {"Cleo": 1950})


def test_run_twice_hi_lo_a_low_half_paid_on_the_wrong_board():
    # Cleo's first-board low half ($9.75) left out and paid on the second board instead: totals agree, boards not.
    text = COURCHEVEL_HI_LO.replace("Cleo collected $9.75 from pot\n", "").replace(
        "Cleo collected $19.50 from pot", "Cleo collected $29.25 from pot")
    assert _errors(text) == {"payout"}

# Three all in preflop, the board dealt twice: Anna (button) all in for $50, Bert raises all in to $100, Cleo calls
# all in. Main pot 3 x $50 = $150, side pot (Bert and Cleo) 2 x $50 = $100; no rake. Each pot halves: main $75 a
# board, side $50 a board.
# Board 1 2c 7s 9d 3h 4s: Anna's aces win the main $75; Bert's kings beat Cleo's queens for the side $50.
# Board 2 Qs 8c 5d Tc Js: Cleo's three Queens win both: $75 + $50. In all Anna $75, Bert $50, Cleo $125.
SIDE_POTS = """PokerStars Hand #210000000004:  Hold'em No Limit ($1/$2 USD) - 2020/02/01 10:15:00 ET
Table 'Beta' 6-max Seat #1 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Bert ($100 in chips)
Seat 3: Cleo ($100 in chips)
Bert: posts small blind $1
Cleo: posts big blind $2
*** HOLE CARDS ***
Anna: raises $48 to $50 and is all-in
Bert: raises $50 to $100 and is all-in
Cleo: calls $98 and is all-in
*** FIRST FLOP *** [2c 7s 9d]
*** FIRST TURN *** [2c 7s 9d] [3h]
*** FIRST RIVER *** [2c 7s 9d 3h] [4s]
*** SECOND FLOP *** [Qs 8c 5d]
*** SECOND TURN *** [Qs 8c 5d] [Tc]
*** SECOND RIVER *** [Qs 8c 5d Tc] [Js]
*** FIRST SHOW DOWN ***
Bert: shows [Kh Kd] (a pair of Kings)
Cleo: shows [Qh Qd] (a pair of Queens)
Anna: shows [Ah Ad] (a pair of Aces)
Bert collected $50 from side pot
Anna collected $75 from main pot
*** SECOND SHOW DOWN ***
Bert: shows [Kh Kd] (a pair of Kings)
Cleo: shows [Qh Qd] (three of a kind, Queens)
Anna: shows [Ah Ad] (a pair of Aces)
Cleo collected $50 from side pot
Cleo collected $75 from main pot
*** SUMMARY ***
Total pot $250 Main pot $150. Side pot $100. | Rake $0
Hand was run twice
FIRST Board [2c 7s 9d 3h 4s]
SECOND Board [Qs 8c 5d Tc Js]
Seat 1: Anna (button) showed [Ah Ad] and won ($75) with a pair of Aces, and lost with a pair of Aces
Seat 2: Bert (small blind) showed [Kh Kd] and won ($50) with a pair of Kings, and lost with a pair of Kings
Seat 3: Cleo (big blind) showed [Qh Qd] and lost with a pair of Queens, and won ($125) with three of a kind, Queens
"""


def test_run_twice_each_pot_halves_and_each_half_goes_to_its_boards_winner():
    result = audit(_hand(SIDE_POTS))
    assert result.findings == []
    assert result.payouts == {"Anna": 7500, "Bert": 5000, "Cleo": 12500}
    assert [(p.board, p.amount, p.winners) for p in result.pots] == [
        (1, 7500, {"Anna": 7500}), (1, 5000, {"Bert": 5000}), (2, 7500, {"Cleo": 7500}), (2, 5000, {"Cleo": 5000})]


def test_run_twice_the_ledger_names_each_pot_with_its_board():
    result = audit(_hand(SIDE_POTS))
    assert [(p["name"], p["amount"], p["winners"]) for p in ledger(result)["pots"]] == [
        ("main pot (board 1)", "$75.00", {"Anna": "$75.00"}), ("side pot-1 (board 1)", "$50.00", {"Bert": "$50.00"}),
        ("main pot (board 2)", "$75.00", {"Cleo": "$75.00"}), ("side pot-1 (board 2)", "$50.00", {"Cleo": "$50.00"})]
    # Each player ends with what the boards paid him: Anna $75, Bert $50, Cleo $125.
    assert ledger(result)["final_stacks"] == {"Anna": "$75.00", "Bert": "$50.00", "Cleo": "$125.00"}
    assert "board 2" in explain(result)


def test_run_twice_hi_lo_a_wrong_description_is_said_in_each_language():
    """The finding's description by the rules (each share after its label) is said in the language spoken, as
    its expected value is; the log's own words stay as the log wrote them, the English as it was."""
    text = COURCHEVEL_HI_LO.replace("(HI: a pair of Deuces; LO: 8,5,4,2,A)", "(HI: a pair of Eights; LO: 8,5,4,2,A)")
    (found,) = [f for f in audit(_hand(text)).findings if f.code.value == "hand_description"]
    assert found.message == ("The log describes Cleo's hand on board 1 as HI: a pair of Eights; LO: 8,5,4,2,A, but it "
                             "is HI: a pair of Deuces; LO: 8,5,4,2,A by the rules.")
    assert found.expected == "HI: a pair of Deuces; LO: 8,5,4,2,A"
    try:
        for language in ("fi", "sv"):
            i18n.use(language)
            ours = f"HI: {i18n.describe('a pair of {0}', [('ranks', 'Deuces')])}; LO: 8,5,4,2,A"
            assert "Deuces" not in ours
            assert ours in found.text() and found.expected_text() == ours, (language, found.text())
            assert "HI: a pair of Eights; LO: 8,5,4,2,A" in found.text()
    finally:
        i18n.use("en")
