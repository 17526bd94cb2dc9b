//! The rules' vocabularies: the words an option of RULES.md takes (its choices, in the order
//! `soko rules` lists them) and the words a resolved game is written in, each with its doc comment.
//! Python's enums (`BettingStructure`, `CardsLayout`, ... of `soko_analytics/_vocab.py`) are
//! written from [`vocabularies`]; the option table ([`super::options::OPTIONS`]) names each one.

use crate::spec::{
    BetSize, BringInCard, FirstToAct, ForcedBet, LastCardMode, LimitRaiseBase, Structure, TieBreak,
};
use crate::vocab::Vocabulary;

crate::vocabulary! {
    /// The deal: cards per player and on the board, street by street (RULES.md §1 "cards").
    pub enum CardsLayout {
        /// 1 down + 4 up, a betting round after the 2nd, 3rd, 4th and 5th card (Sökö, Five Card Stud).
        OneDownFourUp = "one_down_four_up",
        /// 2 down and 1 up, then 3 up, then 1 down; five betting rounds (Seven Card Stud).
        TwoDownFourUpOneDown = "two_down_four_up_one_down",
        /// 2 down, then 3, 1 and 1 board cards; four betting rounds (Texas Hold'em).
        TwoDownFiveBoard = "two_down_five_board",
        /// 4 down, then 3, 1 and 1 board cards (Omaha).
        FourDownFiveBoard = "four_down_five_board",
        /// 5 down, then 3, 1 and 1 board cards (5 Card Omaha).
        FiveDownFiveBoard = "five_down_five_board",
        /// 6 down, then 3, 1 and 1 board cards (6 Card Omaha).
        SixDownFiveBoard = "six_down_five_board",
        /// 5 down, a betting round, one draw of up to 5 cards and a betting round (5 Card Draw, 2-7 Single Draw).
        FiveDownOneDraw = "five_down_one_draw",
        /// 5 down, then three draws of up to 5 cards; four betting rounds (2-7 Triple Draw).
        FiveDownThreeDraws = "five_down_three_draws",
        /// 4 down, then three draws of up to 4 cards; four betting rounds (Badugi).
        FourDownThreeDraws = "four_down_three_draws",
        /// 5 down and the first board card before the first betting round, then 2, 1 and 1 board cards (Courchevel).
        FiveDownFiveBoardOnePreflop = "five_down_five_board_one_preflop",
    }
}

crate::vocabulary! {
    /// The cards a game is played with.
    pub enum Deck {
        /// 52 cards, deuce to ace (RULES.md §2.1).
        Standard = "standard",
        /// 36 cards, six to ace: the deuces to fives are taken out (6+ Hold'em, Short Deck).
        Short = "short",
    }
}

crate::vocabulary! {
    /// The order of hand classes.
    pub enum HandRanking {
        /// Standard poker: straight flush down to high card (RULES.md §3 item 5).
        High = "high",
        /// Sökö: standard classes plus four-flush and four-straight between two pair and one pair
        /// (RULES.md §2 items 11–17).
        Soko = "soko",
        /// The lowest hand wins: aces low, straights and flushes do not count, a pair is worse than no pair
        /// (Razz, the low half of hi/lo games; docs/rules.md, "More games").
        AceToFiveLow = "ace_to_five_low",
        /// The lowest hand wins: the standard ranking upside down, aces high only (A-2-3-4-5 is no straight), so
        /// straights and flushes count against a hand; 7-5-4-3-2 is the best hand (2-7 Single and Triple Draw).
        DeuceToSevenLow = "deuce_to_seven_low",
        /// Four cards: the most cards of different ranks and different suits win, then the lowest of them compared
        /// from the top, aces low (Badugi).
        Badugi = "badugi",
        /// The standard classes for a 36-card deck (sixes to aces): a flush beats a full house, three of a kind
        /// beats a straight, and the ace plays low in A-6-7-8-9, the lowest straight (PokerStars 6+ Hold'em).
        ShortDeck = "short_deck",
        /// `short_deck` with a straight above three of a kind, as five-card odds order them (pokerkit's
        /// short-deck hold'em, the first Short Deck rules).
        ShortDeckStraightOverTrips = "short_deck_straight_over_trips",
    }
}

crate::vocabulary! {
    /// How two high-card hands compare (RULES.md §2 item 16).
    pub enum HighCardRule {
        /// All five cards high to low; equal hands split.
        Kickers = "kickers",
        /// Seed 000: the highest card alone, ties broken by its suit ♠ > ♥ > ♦ > ♣.
        TopCardThenSuit = "top_card_then_suit",
    }
}

crate::vocabulary! {
    /// Who gets the odd chip of a split pot (RULES.md §2.20, §4.6).
    pub enum OddChipRule {
        /// The tied winner nearest the dealer's left; several odd chips one each, in that order.
        LeftOfDealer = "left_of_dealer",
    }
}

crate::vocabulary! {
    /// An amount the spec leaves to the hand's stakes (the log header).
    pub enum StakesRef {
        /// Taken from the stakes of the hand, e.g. the maximum of a spread limit.
        Stakes = "stakes",
    }
}

/// The rules' vocabularies as Python reads them (`_core.VOCABULARIES`), each a `StrEnum`.
pub fn vocabularies() -> Vec<Vocabulary> {
    let structure = Vocabulary {
        name: "BettingStructure",
        ..Structure::vocabulary("StrEnum")
    };
    vec![
        structure,
        BringInCard::vocabulary("StrEnum"),
        TieBreak::vocabulary("StrEnum"),
        FirstToAct::vocabulary("StrEnum"),
        LastCardMode::vocabulary("StrEnum"),
        LimitRaiseBase::vocabulary("StrEnum"),
        OddChipRule::vocabulary("StrEnum"),
        ForcedBet::vocabulary("StrEnum"),
        BetSize::vocabulary("StrEnum"),
        CardsLayout::vocabulary("StrEnum"),
        Deck::vocabulary("StrEnum"),
        StakesRef::vocabulary("StrEnum"),
        HandRanking::vocabulary("StrEnum"),
        HighCardRule::vocabulary("StrEnum"),
    ]
}
