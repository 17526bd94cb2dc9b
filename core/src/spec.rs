//! Game specs as data: the Rust form of `GameSpec.to_dict()` (`soko_analytics/rules/spec.py`).
//!
//! The rules layer ([`crate::rules`]) resolves a rules text (`holdem`, `stud7; structure=fixed_limit`)
//! into this plain-data form once; [`Specs`] keeps each resolved spec by its rules text, and no game
//! is a branch in Rust.

use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::said::Said;

crate::vocabulary! {
    /// How big a bet or raise may be (RULES.md §2.8–9, §3.3–4).
    pub enum Structure {
        /// Any bet or raise from the minimum up to `max_bet_or_raise` (RULES.md §2.8).
        Spread = "spread",
        /// Every bet and raise is exactly the street's small or big bet (RULES.md §2.9, §3.3, §4.3).
        FixedLimit = "fixed_limit",
        /// A raise may be at most the pot after calling (RULES.md §2.9, §3.4).
        PotLimit = "pot_limit",
        /// Any bet or raise up to the whole stack (RULES.md §3.4).
        NoLimit = "no_limit",
    }
}

crate::vocabulary! {
    /// Which up card must open the first betting round (RULES.md §1, §2.5, §4.2).
    pub enum BringInCard {
        /// The highest up card brings in (Sökö, casino rules).
        Highest = "highest",
        /// The lowest up card brings in (Seven and Five Card Stud).
        Lowest = "lowest",
    }
}

crate::vocabulary! {
    /// How a tie between equal up cards or equal showing hands is broken.
    pub enum TieBreak {
        /// By suit in bridge order ♠ > ♥ > ♦ > ♣: the highest suit for a high card, the lowest (♣) for a low card.
        Suit = "suit",
        /// The tied player first from the dealer's left.
        Position = "position",
    }
}

crate::vocabulary! {
    /// Who acts first in a betting round.
    pub enum FirstToAct {
        /// The player whose up card `bring_in_card` picks; posts the bring-in when `bring_in_forced`.
        BringIn = "bring_in",
        /// The best showing hand (up cards only); with one up card, the highest up card.
        BestShowing = "best_showing",
        /// The first active player left of the button.
        LeftOfButton = "left_of_button",
        /// The first active player left of the big blind (preflop).
        LeftOfBigBlind = "left_of_big_blind",
    }
}

crate::vocabulary! {
    /// How Sökö's last card is dealt (RULES.md §2.4).
    pub enum LastCardMode {
        /// Face up, like the others: four betting rounds.
        Up = "up",
        /// Dealt down but turned up before betting continues; replays like `up`.
        Pihina = "pihina",
        /// Stays a second hole card for an extra betting round, then is turned up: five betting rounds.
        PihinaHole = "pihina_hole",
    }
}

crate::vocabulary! {
    /// Fixed limit: what the next raise is a bet above, after an all-in raise short of a full bet.
    pub enum LimitRaiseBase {
        /// The all-in's total: an all-in of half a bet or more counts as a raise (RULES.md §2.9).
        AllIn = "all_in",
        /// The last full bet or raise: a short all-in sets no level (PokerStars' fixed-limit games: after a raise to
        /// 120 and an all-in to 150 at 60/120, the next raise is to 180).
        LastFullBet = "last_full_bet",
        /// The full bet the all-in counts as: an all-in of half a bet or more counts as the whole bet, and the next
        /// raise is a bet above that (iPoker: an all-in bet of 0.13 on a 0.20 round is raised to 0.40, not 0.33).
        FullBet = "full_bet",
    }
}

#[allow(clippy::derivable_impls)] // `vocabulary!` takes no `#[default]`
impl Default for LimitRaiseBase {
    fn default() -> LimitRaiseBase {
        LimitRaiseBase::AllIn
    }
}

crate::vocabulary! {
    /// The kinds of forced bet (RULES.md §1 "forced bets").
    pub enum ForcedBet {
        /// Every player posts it before the deal; only those who ante are dealt in (RULES.md §2.2).
        Ante = "ante",
        /// Posted left of the button (RULES.md §3.1).
        SmallBlind = "small_blind",
        /// Posted left of the small blind, usually 2 × the small blind (RULES.md §3.1).
        BigBlind = "big_blind",
        /// Posted by the `bring_in_card` player, usually 2 × ante; may instead open with a full bet
        /// (RULES.md §2.5, §4.2).
        BringIn = "bring_in",
    }
}

crate::vocabulary! {
    /// Which fixed-limit bet a street uses (RULES.md §2.9, §3.3, §4.3).
    pub enum BetSize {
        /// The small bet of the stakes.
        Small = "small",
        /// The big bet of the stakes.
        Big = "big",
    }
}

/// One street: the cards dealt, then (usually) a betting round.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Street {
    /// As the logs print it: `3rd STREET`, `FLOP`.
    pub name: String,
    pub down: u8,
    pub up: u8,
    pub board: u8,
    pub turn_up: u8,
    pub betting: bool,
    /// Fixed limit only.
    pub bet_size: Option<BetSize>,
    /// An open pair showing allows the big bet on this street.
    pub open_pair_big_bet: bool,
    /// A draw street: each player still in discards up to this many cards (or stands pat) and is
    /// dealt as many, in turn, before the betting; 0 on other streets.
    #[serde(default)]
    pub draw: u8,
    /// The structure of this street's betting round, where the spec sets one per street (a pot-limit
    /// first round before no-limit ones); None: `Options::structure`.
    #[serde(default)]
    pub structure: Option<Structure>,
}

impl Street {
    /// Cards dealt to each player on this street.
    pub fn per_player(&self) -> u8 {
        self.down + self.up
    }
}

/// Every rule option (RULES.md), by the names `soko rules` prints.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Options {
    pub cards: String,
    pub max_players: u8,
    pub last_card_mode: LastCardMode,
    pub deck_out_community_card: bool,
    pub ante: bool,
    pub blinds: bool,
    pub bring_in_card: Option<BringInCard>,
    pub bring_in_forced: bool,
    pub bring_in_tie_break: Option<TieBreak>,
    pub later_rounds_first_to_act: FirstToAct,
    pub showing_tie_break: Option<TieBreak>,
    pub structure: Structure,
    pub max_bets_per_round: Option<u32>,
    pub uncapped_heads_up: bool,
    /// `"stakes"` (the stakes' largest bet) or a number of minor units, or None.
    pub max_bet_or_raise: Option<serde_json::Value>,
    pub raise_after_pass: bool,
    /// Fixed limit: the next raise after a short all-in raise is a bet above the all-in
    /// (`all_in`, RULES.md), above the last full bet (`last_full_bet`, PokerStars) or above the full
    /// bet the all-in counts as (`full_bet`, iPoker).
    #[serde(default)]
    pub limit_raise_base: LimitRaiseBase,
    pub open_pair_big_bet: bool,
    pub hand_ranking: String,
    pub high_card_rule: String,
    pub four_straight_ace_low: bool,
    pub four_card_straight_flush_class: bool,
    pub showing_four_card_hands_count: bool,
    pub odd_chip_rule: String,
    pub chip_unit: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Acting {
    pub first_round: FirstToAct,
    pub first_round_tie_break: Option<TieBreak>,
    pub later_rounds: FirstToAct,
    pub later_rounds_tie_break: Option<TieBreak>,
}

/// One share of every pot at showdown (`Share.to_dict()` of `rules/spec.py`): hi/lo games split
/// each pot into a high and a low share, most games have one.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Share {
    /// The ranking's name (`high-kickers`, `ace_to_five_low-kickers`).
    pub ranking: String,
    /// A hand must use exactly this many of the player's own cards (Omaha: 2) and the rest from
    /// the board; None: any five of own and board cards.
    #[serde(default)]
    pub hole_cards: Option<u8>,
    /// The worst hand that qualifies for the share (card codes), None: every hand does.
    #[serde(default)]
    pub qualifier: Option<Vec<u8>>,
    /// How the logs name the share in a hand's description (`HI`, `LO`), None: not named.
    #[serde(default)]
    pub label: Option<String>,
}

/// A resolved game: profile, options and what follows from them.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct GameSpec {
    pub profile: String,
    pub options: Options,
    pub betting_rounds: u8,
    pub streets: Vec<Street>,
    pub forced_bets: Vec<ForcedBet>,
    pub first_to_act: Acting,
    /// The ranking's name (`high-kickers`, `soko-top_card_then_suit-acelow-4f`): the first share's.
    pub ranking: String,
    /// The shares each pot is split into at showdown; empty in a spec written without them: then
    /// one share of `ranking`, any five cards ([`GameSpec::shares`]).
    #[serde(default)]
    pub showdown: Vec<Share>,
    /// The game whatever the house rules (`hands.game`: both Sökö profiles are `soko`); the
    /// resolver adds it (`GAMES` in `rules/profiles.py`), None where a spec comes without it.
    #[serde(default)]
    pub game: Option<String>,
    /// Whether the rules the profile's logs follow state who gets the odd chip (then one paid
    /// elsewhere is an error, not a warning): `Profile.odd_chip_stated` of `rules/profiles.py`,
    /// which the resolver adds; None where a spec comes without it (then an odd chip paid
    /// elsewhere is a warning).
    #[serde(default)]
    pub odd_chip_stated: Option<bool>,
    /// The lowest card code in the deck: 0 for 52 cards, 16 (6c) for the short deck's 36.
    #[serde(default)]
    pub deck_lowest_card: u8,
}

impl GameSpec {
    /// A spec from the JSON text of `GameSpec.to_dict()`.
    pub fn from_json(text: &str) -> Result<GameSpec, String> {
        serde_json::from_str(text).map_err(|e| format!("game spec: {e}"))
    }

    /// Board cards dealt in all.
    pub fn board_cards(&self) -> u8 {
        self.streets.iter().map(|s| s.board).sum()
    }

    /// Cards dealt to each player in all.
    pub fn cards_per_player(&self) -> u8 {
        self.streets.iter().map(Street::per_player).sum()
    }

    /// The betting structure of a street's round.
    pub fn structure_on(&self, street: usize) -> Structure {
        self.streets
            .get(street)
            .and_then(|s| s.structure)
            .unwrap_or(self.options.structure)
    }

    /// Whether a card code is in the game's deck (a short deck has no deuces to fives).
    pub fn in_deck(&self, code: u8) -> bool {
        (self.deck_lowest_card..52).contains(&code)
    }

    /// Whether a player's cards change in a draw (then his cards at showdown are not all he was
    /// dealt).
    pub fn has_draws(&self) -> bool {
        self.streets.iter().any(|s| s.draw > 0)
    }

    /// The shares of a pot at showdown: `showdown`, or one share of `ranking` where it is empty.
    pub fn shares(&self) -> std::borrow::Cow<'_, [Share]> {
        if self.showdown.is_empty() {
            std::borrow::Cow::Owned(vec![Share {
                ranking: self.ranking.clone(),
                hole_cards: None,
                qualifier: None,
                label: None,
            }])
        } else {
            std::borrow::Cow::Borrowed(&self.showdown)
        }
    }
}

/// Why the rules layer gave no spec or rules text: a `RulesError` (its reason a message of context
/// `rules`, what it expected and got), or a bug of its own (the reason Python's `InternalError` gives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesFault {
    Rules {
        reason: Box<Said>,
        expected: Option<String>,
        actual: Option<String>,
    },
    Internal(String),
}

/// The fault in English: `RulesError: reason (expected …, got …)`, or the bug's text as it is.
impl fmt::Display for RulesFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesFault::Rules {
                reason,
                expected,
                actual,
            } => {
                f.write_str("RulesError: ")?;
                write_refusal(f, &reason.text, expected.as_deref(), actual.as_deref())
            }
            RulesFault::Internal(text) => f.write_str(text),
        }
    }
}

/// A refusal's reason with what was expected and what was got, as the rules layer writes its errors:
/// `reason (expected …, got …)`.
pub fn write_refusal(
    f: &mut fmt::Formatter<'_>,
    reason: &str,
    expected: Option<&str>,
    actual: Option<&str>,
) -> fmt::Result {
    f.write_str(reason)?;
    match (expected, actual) {
        (Some(expected), Some(actual)) => write!(f, " (expected {expected}, got {actual})"),
        (Some(expected), None) => write!(f, " (expected {expected})"),
        (None, Some(actual)) => write!(f, " (got {actual})"),
        (None, None) => Ok(()),
    }
}

/// How a rules text becomes a spec: Python's `resolve(rules).to_dict()` as JSON, or why not.
pub type Resolver = dyn Fn(&str) -> Result<String, RulesFault>;

/// Specs by rules text, each resolved once.
#[derive(Default)]
pub struct Specs {
    known: HashMap<String, Result<Arc<GameSpec>, RulesFault>>,
}

impl Specs {
    /// The spec of a rules text, resolving it with `resolve` the first time it is asked for (JSON
    /// that is no spec is a bug: [`RulesFault::Internal`]).
    pub fn get(&mut self, rules: &str, resolve: &Resolver) -> Result<Arc<GameSpec>, RulesFault> {
        if let Some(found) = self.known.get(rules) {
            return found.clone();
        }
        let spec = resolve(rules).and_then(|text| {
            GameSpec::from_json(&text)
                .map(Arc::new)
                .map_err(RulesFault::Internal)
        });
        self.known.insert(rules.to_string(), spec.clone());
        spec
    }

    /// Hand over a spec already resolved.
    pub fn insert(&mut self, rules: &str, spec: GameSpec) {
        self.known.insert(rules.to_string(), Ok(Arc::new(spec)));
    }
}
