"""The core's vocabularies as Python enums, each defined once, in the core (``core/src/vocab.rs``).

Written by ``python -m soko_analytics._vocab_write`` from ``_core.VOCABULARIES``: do not edit by hand
(``tests/core/test_vocab.py`` fails when this file differs from what the core says now).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

__all__ = [
    "ActionKind", "BetSize", "BettingStructure", "BringInCard", "CardsLayout", "Code", "Deck", "FirstToAct",
    "ForcedBet", "HandClass", "HandRanking", "HighCardRule", "LastCardMode", "LimitRaiseBase", "OddChipRule",
    "QuarantineKind", "Severity", "StakesRef", "TieBreak"
]


class ActionKind(StrEnum):
    """What a line of the log did."""

    ANTE = "ante"
    """``posts the ante X``."""
    SMALL_BLIND = "small_blind"
    """``posts small blind X``."""
    BIG_BLIND = "big_blind"
    """``posts big blind X``."""
    SMALL_AND_BIG_BLIND = "small_and_big_blind"
    """``posts small & big blinds X`` (a dead small blind with the big blind)."""
    STRADDLE = "straddle"
    """``posts straddle X``."""
    BRING_IN = "bring_in"
    """``brings in for X``."""
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    """``calls X``: amount is what was added."""
    BET = "bet"
    """``bets X``."""
    RAISE = "raise"
    """``raises X to Y``: amount X is the raise, ``to`` the player's total for the street."""
    COMPLETE = "complete"
    """``completes it to Y``: ``to`` is the total."""
    UNCALLED = "uncalled"
    """``Uncalled bet (X) returned to P``."""
    SHOW = "show"
    """``shows [cards] (description)``."""
    MUCK = "muck"
    """``mucks hand`` (cards, if the summary shows them)."""
    NO_SHOW = "no_show"
    """``doesn't show hand``."""
    COLLECT = "collect"
    """``collected X from pot`` / ``from main pot`` / ``from side pot-N``; ``pot`` says which."""
    CASH_OUT = "cash_out"
    """``cashed out the hand for X``; ``fee`` is the Cash Out Fee."""
    INSURANCE = "insurance"
    """GGPoker's all-in insurance, outside the pot: ``fee`` is the premium paid to the house (``pay premium of
    all-in insurance ($4)``), ``amount`` what it pays out."""
    DRAW = "draw"
    """``discards N cards [cards]`` / ``stands pat``: ``amount`` counts the cards discarded (0: stands pat), a
    number of cards, not chips; ``cards`` are the discards the log shows (all, some or none of them)."""


class BetSize(StrEnum):
    """Which fixed-limit bet a street uses (RULES.md §2.9, §3.3, §4.3)."""

    SMALL = "small"
    """The small bet of the stakes."""
    BIG = "big"
    """The big bet of the stakes."""


class BettingStructure(StrEnum):
    """How big a bet or raise may be (RULES.md §2.8–9, §3.3–4)."""

    SPREAD = "spread"
    """Any bet or raise from the minimum up to ``max_bet_or_raise`` (RULES.md §2.8)."""
    FIXED_LIMIT = "fixed_limit"
    """Every bet and raise is exactly the street's small or big bet (RULES.md §2.9, §3.3, §4.3)."""
    POT_LIMIT = "pot_limit"
    """A raise may be at most the pot after calling (RULES.md §2.9, §3.4)."""
    NO_LIMIT = "no_limit"
    """Any bet or raise up to the whole stack (RULES.md §3.4)."""


class BringInCard(StrEnum):
    """Which up card must open the first betting round (RULES.md §1, §2.5, §4.2)."""

    HIGHEST = "highest"
    """The highest up card brings in (Sökö, casino rules)."""
    LOWEST = "lowest"
    """The lowest up card brings in (Seven and Five Card Stud)."""


class CardsLayout(StrEnum):
    """The deal: cards per player and on the board, street by street (RULES.md §1 "cards")."""

    ONE_DOWN_FOUR_UP = "one_down_four_up"
    """1 down + 4 up, a betting round after the 2nd, 3rd, 4th and 5th card (Sökö, Five Card Stud)."""
    TWO_DOWN_FOUR_UP_ONE_DOWN = "two_down_four_up_one_down"
    """2 down and 1 up, then 3 up, then 1 down; five betting rounds (Seven Card Stud)."""
    TWO_DOWN_FIVE_BOARD = "two_down_five_board"
    """2 down, then 3, 1 and 1 board cards; four betting rounds (Texas Hold'em)."""
    FOUR_DOWN_FIVE_BOARD = "four_down_five_board"
    """4 down, then 3, 1 and 1 board cards (Omaha)."""
    FIVE_DOWN_FIVE_BOARD = "five_down_five_board"
    """5 down, then 3, 1 and 1 board cards (5 Card Omaha)."""
    SIX_DOWN_FIVE_BOARD = "six_down_five_board"
    """6 down, then 3, 1 and 1 board cards (6 Card Omaha)."""
    FIVE_DOWN_ONE_DRAW = "five_down_one_draw"
    """5 down, a betting round, one draw of up to 5 cards and a betting round (5 Card Draw, 2-7 Single Draw)."""
    FIVE_DOWN_THREE_DRAWS = "five_down_three_draws"
    """5 down, then three draws of up to 5 cards; four betting rounds (2-7 Triple Draw)."""
    FOUR_DOWN_THREE_DRAWS = "four_down_three_draws"
    """4 down, then three draws of up to 4 cards; four betting rounds (Badugi)."""
    FIVE_DOWN_FIVE_BOARD_ONE_PREFLOP = "five_down_five_board_one_preflop"
    """5 down and the first board card before the first betting round, then 2, 1 and 1 board cards (Courchevel)."""


class Code(StrEnum):
    """Finding codes."""

    OUT_OF_TURN = "out_of_turn"
    """A player acted when it was someone else's turn."""
    ILLEGAL_ACTION = "illegal_action"
    """An action the state does not allow (a check facing a bet, a bet when a bet stands)."""
    BET_SIZE = "bet_size"
    """A bet or raise of the wrong size for the structure (fixed limit, spread, pot limit)."""
    RAISE_CAP = "raise_cap"
    """A raise after the round's cap was reached."""
    MIN_RAISE = "min_raise"
    """A no-limit or pot-limit raise smaller than the minimum, not all-in."""
    NOT_REOPENED = "not_reopened"
    """A raise by a player whom a short all-in did not reopen the betting for (or who passed, under
    raise_after_pass=false)."""
    FORCED_BET = "forced_bet"
    """An ante or blind of the wrong amount, by the wrong player, or missing."""
    BRING_IN = "bring_in"
    """The wrong player brought in, or the bring-in was the wrong amount."""
    STACK_EXCEEDED = "stack_exceeded"
    """A player put in more than he had."""
    DEAL = "deal"
    """The wrong number of cards on a street, or cards to a player who was not in."""
    DUPLICATE_CARD = "duplicate_card"
    """A card seen twice in the hand."""
    POT_TOTAL = "pot_total"
    """The log's total pot differs from what the players put in."""
    RAKE = "rake"
    """Negative rake, rake above the pot, or collected + rake different from the pot."""
    PAYOUT = "payout"
    """A player collected a different amount than the pots he won pay."""
    WINNER = "winner"
    """A pot went to a player whose hand does not win it."""
    ODD_CHIP = "odd_chip"
    """The odd chip of a split went to the wrong winner."""
    HAND_DESCRIPTION = "hand_description"
    """The log's description of a shown hand does not match its evaluation."""
    DRAW = "draw"
    """A draw against the rules: more cards discarded than the street allows, a second draw on a street, a draw
    where the game has none, or a player still in who does not draw."""
    UNVERIFIABLE = "unverifiable"
    """Something the log does not show enough to check (a pot won by a mucked hand)."""


class Deck(StrEnum):
    """The cards a game is played with."""

    STANDARD = "standard"
    """52 cards, deuce to ace (RULES.md §2.1)."""
    SHORT = "short"
    """36 cards, six to ace: the deuces to fives are taken out (6+ Hold'em, Short Deck)."""


class FirstToAct(StrEnum):
    """Who acts first in a betting round."""

    BRING_IN = "bring_in"
    """The player whose up card ``bring_in_card`` picks; posts the bring-in when ``bring_in_forced``."""
    BEST_SHOWING = "best_showing"
    """The best showing hand (up cards only); with one up card, the highest up card."""
    LEFT_OF_BUTTON = "left_of_button"
    """The first active player left of the button."""
    LEFT_OF_BIG_BLIND = "left_of_big_blind"
    """The first active player left of the big blind (preflop)."""


class ForcedBet(StrEnum):
    """The kinds of forced bet (RULES.md §1 "forced bets")."""

    ANTE = "ante"
    """Every player posts it before the deal; only those who ante are dealt in (RULES.md §2.2)."""
    SMALL_BLIND = "small_blind"
    """Posted left of the button (RULES.md §3.1)."""
    BIG_BLIND = "big_blind"
    """Posted left of the small blind, usually 2 × the small blind (RULES.md §3.1)."""
    BRING_IN = "bring_in"
    """Posted by the ``bring_in_card`` player, usually 2 × ante; may instead open with a full bet (RULES.md §2.5,
    §4.2)."""


class HandClass(IntEnum):
    """The classes of five-card hands; the numbers are identities, not order."""

    HIGH_CARD = 0
    PAIR = 1
    FOUR_STRAIGHT = 2
    FOUR_FLUSH = 3
    FOUR_STRAIGHT_FLUSH = 4
    TWO_PAIR = 5
    THREE_OF_A_KIND = 6
    STRAIGHT = 7
    FLUSH = 8
    FULL_HOUSE = 9
    FOUR_OF_A_KIND = 10
    STRAIGHT_FLUSH = 11
    LOW = 12
    """No pair, under a low ranking: described by its five ranks (``8,7,4,3,A``)."""
    BADUGI = 13
    """Four cards of four ranks and four suits (``Badugi: 9,6,5,A``)."""
    THREE_CARD = 14
    """Badugi: the best three cards of different ranks and suits (``3-card: 9,2,A``)."""
    TWO_CARD = 15
    ONE_CARD = 16


class HandRanking(StrEnum):
    """The order of hand classes."""

    HIGH = "high"
    """Standard poker: straight flush down to high card (RULES.md §3 item 5)."""
    SOKO = "soko"
    """Sökö: standard classes plus four-flush and four-straight between two pair and one pair (RULES.md §2 items
    11–17)."""
    ACE_TO_FIVE_LOW = "ace_to_five_low"
    """The lowest hand wins: aces low, straights and flushes do not count, a pair is worse than no pair (Razz, the
    low half of hi/lo games; docs/rules.md, "More games")."""
    DEUCE_TO_SEVEN_LOW = "deuce_to_seven_low"
    """The lowest hand wins: the standard ranking upside down, aces high only (A-2-3-4-5 is no straight), so
    straights and flushes count against a hand; 7-5-4-3-2 is the best hand (2-7 Single and Triple Draw)."""
    BADUGI = "badugi"
    """Four cards: the most cards of different ranks and different suits win, then the lowest of them compared from
    the top, aces low (Badugi)."""
    SHORT_DECK = "short_deck"
    """The standard classes for a 36-card deck (sixes to aces): a flush beats a full house, three of a kind beats a
    straight, and the ace plays low in A-6-7-8-9, the lowest straight (PokerStars 6+ Hold'em)."""
    SHORT_DECK_STRAIGHT_OVER_TRIPS = "short_deck_straight_over_trips"
    """``short_deck`` with a straight above three of a kind, as five-card odds order them (pokerkit's short-deck
    hold'em, the first Short Deck rules)."""


class HighCardRule(StrEnum):
    """How two high-card hands compare (RULES.md §2 item 16)."""

    KICKERS = "kickers"
    """All five cards high to low; equal hands split."""
    TOP_CARD_THEN_SUIT = "top_card_then_suit"
    """Seed 000: the highest card alone, ties broken by its suit ♠ > ♥ > ♦ > ♣."""


class LastCardMode(StrEnum):
    """How Sökö's last card is dealt (RULES.md §2.4)."""

    UP = "up"
    """Face up, like the others: four betting rounds."""
    PIHINA = "pihina"
    """Dealt down but turned up before betting continues; replays like ``up``."""
    PIHINA_HOLE = "pihina_hole"
    """Stays a second hole card for an extra betting round, then is turned up: five betting rounds."""


class LimitRaiseBase(StrEnum):
    """Fixed limit: what the next raise is a bet above, after an all-in raise short of a full bet."""

    ALL_IN = "all_in"
    """The all-in's total: an all-in of half a bet or more counts as a raise (RULES.md §2.9)."""
    LAST_FULL_BET = "last_full_bet"
    """The last full bet or raise: a short all-in sets no level (PokerStars' fixed-limit games: after a raise to
    120 and an all-in to 150 at 60/120, the next raise is to 180)."""
    FULL_BET = "full_bet"
    """The full bet the all-in counts as: an all-in of half a bet or more counts as the whole bet, and the next
    raise is a bet above that (iPoker: an all-in bet of 0.13 on a 0.20 round is raised to 0.40, not 0.33)."""


class OddChipRule(StrEnum):
    """Who gets the odd chip of a split pot (RULES.md §2.20, §4.6)."""

    LEFT_OF_DEALER = "left_of_dealer"
    """The tied winner nearest the dealer's left; several odd chips one each, in that order."""


class QuarantineKind(StrEnum):
    """Why a hand or a file was not stored (``quarantine.kind``)."""

    UNSUPPORTED = "unsupported"
    """A game we do not replay."""
    INCOMPLETE = "incomplete"
    """A hand the log does not finish."""
    MALFORMED = "malformed"
    """Text that breaks its format (or text that is not a hand)."""
    CONFLICT = "conflict"
    """A hand whose id is stored with different content."""
    UNREADABLE = "unreadable"
    """A file that cannot be read."""
    TOO_LARGE = "too_large"
    """A hand or a compressed member over its size limit."""
    INTERNAL = "internal"
    """A bug of ours met on this hand."""
    DAMAGED = "damaged"
    """A stored hand whose rows were in a damaged Parquet part and whose text no longer reads (``soko repair``)."""


class Severity(StrEnum):
    """How serious a finding is."""

    ERROR = "error"
    """The log breaks a rule or its own arithmetic."""
    WARNING = "warning"
    """Unusual but possibly legal (a site convention we cannot confirm)."""
    INFO = "info"
    """Worth knowing: what could not be checked, which convention the hand followed."""


class StakesRef(StrEnum):
    """An amount the spec leaves to the hand's stakes (the log header)."""

    STAKES = "stakes"
    """Taken from the stakes of the hand, e.g. the maximum of a spread limit."""


class TieBreak(StrEnum):
    """How a tie between equal up cards or equal showing hands is broken."""

    SUIT = "suit"
    """By suit in bridge order ♠ > ♥ > ♦ > ♣: the highest suit for a high card, the lowest (♣) for a low card."""
    POSITION = "position"
    """The tied player first from the dealer's left."""
