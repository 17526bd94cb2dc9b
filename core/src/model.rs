//! The hand as a log tells it: the Rust twin of `soko_analytics/model/hand.py`, whose `ActionKind`,
//! `FORCED` and `BETTING` are read from here (`_core.VOCABULARIES`, `_core.FORCED_KINDS`,
//! `_core.BETTING_KINDS`).
//!
//! Amounts are integer minor units of the hand's stakes, exactly as the log writes them; the
//! replayer checks the claims. The serde form (field names, `snake_case` kinds, cards as `As`,
//! times as ISO text) is the canonical JSON that `model/canonical.py` writes from a Python
//! `Hand`, so both sides can be compared value for value.

use crate::cards::Card;
use serde::{Deserialize, Serialize};

crate::vocabulary! {
    /// What a line of the log did.
    pub enum ActionKind {
        /// `posts the ante X`.
        Ante = "ante",
        /// `posts small blind X`.
        SmallBlind = "small_blind",
        /// `posts big blind X`.
        BigBlind = "big_blind",
        /// `posts small & big blinds X` (a dead small blind with the big blind).
        SmallAndBigBlind = "small_and_big_blind",
        /// `posts straddle X`.
        Straddle = "straddle",
        /// `brings in for X`.
        BringIn = "bring_in",
        Fold = "fold",
        Check = "check",
        /// `calls X`: amount is what was added.
        Call = "call",
        /// `bets X`.
        Bet = "bet",
        /// `raises X to Y`: amount X is the raise, `to` the player's total for the street.
        Raise = "raise",
        /// `completes it to Y`: `to` is the total.
        Complete = "complete",
        /// `Uncalled bet (X) returned to P`.
        Uncalled = "uncalled",
        /// `shows [cards] (description)`.
        Show = "show",
        /// `mucks hand` (cards, if the summary shows them).
        Muck = "muck",
        /// `doesn't show hand`.
        NoShow = "no_show",
        /// `collected X from pot` / `from main pot` / `from side pot-N`; `pot` says which.
        Collect = "collect",
        /// `cashed out the hand for X`; `fee` is the Cash Out Fee.
        CashOut = "cash_out",
        /// GGPoker's all-in insurance, outside the pot: `fee` is the premium paid to the house (`pay
        /// premium of all-in insurance ($4)`), `amount` what it pays out.
        Insurance = "insurance",
        /// `discards N cards [cards]` / `stands pat`: `amount` counts the cards discarded (0: stands
        /// pat), a number of cards, not chips; `cards` are the discards the log shows (all, some or
        /// none of them).
        Draw = "draw",
    }
}

impl ActionKind {
    /// Forced bets: antes, blinds, straddles and the bring-in.
    pub fn forced(self) -> bool {
        use ActionKind::*;
        matches!(
            self,
            Ante | SmallBlind | BigBlind | SmallAndBigBlind | Straddle | BringIn
        )
    }

    /// Betting decisions: fold, check, call, bet, raise, complete.
    pub fn betting(self) -> bool {
        use ActionKind::*;
        matches!(self, Fold | Check | Call | Bet | Raise | Complete)
    }
}

/// One action line; amounts as the log states them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub street: u8,
    pub player: String,
    pub kind: ActionKind,
    #[serde(default)]
    pub amount: i64,
    #[serde(default)]
    pub to: Option<i64>,
    #[serde(default)]
    pub all_in: bool,
    #[serde(default)]
    pub cards: Vec<Card>,
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub fee: i64,
    #[serde(default)]
    pub run: u8,
}

/// Cards dealt on a street to one player, or to the board when `player` is None.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub street: u8,
    pub player: Option<String>,
    /// None for a card dealt face down that the log does not show.
    pub cards: Vec<Option<Card>>,
    pub up: Vec<bool>,
    #[serde(default)]
    pub run: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub seat: u8,
    pub name: String,
    pub stack: i64,
    #[serde(default)]
    pub sitting_out: bool,
    #[serde(default)]
    pub bounty: Option<String>,
}

/// The limits of the hand, in minor units of `decimals` digits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stakes {
    pub decimals: u8,
    pub currency: Option<String>,
    pub symbol: String,
    pub small_blind: Option<i64>,
    pub big_blind: Option<i64>,
    pub ante: Option<i64>,
    pub bring_in: Option<i64>,
    pub small_bet: Option<i64>,
    pub big_bet: Option<i64>,
    pub cap: Option<i64>,
    pub min_bet: Option<i64>,
    pub max_bet: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub tournament_id: String,
    pub buy_in: Option<String>,
    pub level: Option<String>,
}

/// Where a hand came from: the file, the line its header is on (1-based), the reader's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    pub path: String,
    pub line: u64,
    pub format: Option<String>,
}

/// One hand: who sat where, what was dealt, what everyone did, what the log claims was paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub site: String,
    pub hand_id: String,
    /// The profile with its overrides, as in a Sökö `Rules:` line.
    pub rules: String,
    pub stakes: Stakes,
    pub table: Option<String>,
    pub max_seats: Option<u8>,
    pub button: Option<u8>,
    /// Start time as printed, local to `time_zone`: `YYYY-MM-DDTHH:MM:SS`.
    pub start: Option<String>,
    pub time_zone: Option<String>,
    pub start_utc: Option<String>,
    pub tournament: Option<Tournament>,
    pub seats: Vec<Seat>,
    pub deals: Vec<Deal>,
    pub actions: Vec<Action>,
    pub total_pot: Option<i64>,
    pub rake: Option<i64>,
    pub pots: Vec<i64>,
    /// Other summary amounts as (label, amount): `STP`, `Jackpot`...
    pub extras: Vec<(String, i64)>,
    pub finishing_stacks: Vec<i64>,
    pub source: Option<Source>,
    pub deal_lines: Vec<u64>,
    pub action_lines: Vec<u64>,
    pub raw: String,
    /// The tournament's lines of the hand: players finishing, bounties won (the rows of
    /// `tournament_finishes`). Not compared and not hashed; in the canonical form only when there are
    /// some.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finishes: Vec<Finish>,
}

/// A tournament line of a hand, as the PokerStars family prints it (site readers translate theirs):
/// `X finished the tournament in 3rd place[ and received $12.34.]`, `X wins the tournament and receives
/// $45.00 - congratulations!` (place 1), `X wins the $5 bounty for eliminating Y` (no place).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    pub player: String,
    /// The place the player finished in; None for a bounty's line.
    pub place: Option<u32>,
    /// The prize as printed (`$12.34`); None where the line names none.
    pub prize: Option<String>,
    /// A bounty won as printed (`$5`).
    pub bounty: Option<String>,
}

impl Hand {
    /// The profile name of `rules`, before any override.
    pub fn profile(&self) -> &str {
        self.rules.split(';').next().unwrap_or("").trim()
    }

    pub fn seat_of(&self, name: &str) -> Option<&Seat> {
        self.seats.iter().find(|s| s.name == name)
    }

    /// The community cards (of one run, for run it twice) in the order dealt.
    pub fn board(&self, run: u8) -> Vec<Card> {
        self.deals
            .iter()
            .filter(|d| d.player.is_none() && (d.run == 0 || d.run == run))
            .flat_map(|d| d.cards.iter().flatten().copied())
            .collect()
    }
}
