//! What settles a showdown under a game spec: one share of every pot, or a high and a low share
//! (hi/lo), each with its ranking's evaluator and descriptions, how many of a player's own cards
//! a hand must use (Omaha: exactly two) and the worst hand that qualifies (eight or better).
//!
//! All of it is the spec's data ([`crate::spec::Share`]); the evaluators (which keep each value's
//! class and described ranks) are found by ranking name, built the first time ([`eval::evaluator`]).

use std::sync::Arc;

use crate::cards::Card;
use crate::eval::{self, Evaluator};
use crate::spec::GameSpec;

use super::describe::{description_of_value, Description, HandDescription, ShareDescription};

/// Hand values at showdown: each share's evaluator and descriptions ([`Judge`]).
pub trait HandValues {
    /// How many shares each pot is split into (hi/lo: 2, high then low; most games 1).
    fn shares(&self) -> usize;
    /// The value for share `share` of the hand a player makes of his `own` cards and the `board`
    /// (larger is better; equal values split); None where it does not qualify for the share.
    fn value(&self, share: usize, own: &[Card], board: &[Card]) -> Result<Option<u32>, String>;
    /// The description of a share's value (`a pair of Kings`, `8,7,4,3,A` as the logs print it).
    fn describe(&self, share: usize, value: u32) -> Result<Description, String>;
    /// How the logs name a share in a hand's description (`HI`, `LO`); None: not named.
    fn label(&self, share: usize) -> Option<&str>;
}

/// One share of a pot and how a hand is valued for it.
#[derive(Clone, Debug)]
struct ShareJudge {
    evaluator: Arc<Evaluator>,
    hole_cards: Option<u8>,
    /// The value of the worst hand that qualifies.
    qualifier: Option<u32>,
    label: Option<String>,
}

/// The evaluators of a spec's shares: hand values and their descriptions at showdown.
#[derive(Clone, Debug)]
pub struct Judge {
    shares: Vec<ShareJudge>,
}

impl Judge {
    /// The judge of a spec, when each of its shares' rankings is known.
    pub fn of(spec: &GameSpec) -> Option<Judge> {
        let shares = spec
            .shares()
            .iter()
            .map(|share| {
                let evaluator = eval::evaluator(&share.ranking)?;
                let qualifier = match &share.qualifier {
                    Some(codes) => Some(evaluator.value_codes(codes).ok()?),
                    None => None,
                };
                Some(ShareJudge {
                    evaluator,
                    hole_cards: share.hole_cards,
                    qualifier,
                    label: share.label.clone(),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        (!shares.is_empty()).then_some(Judge { shares })
    }

    /// The evaluator of the first (high) share.
    pub fn evaluator(&self) -> &Evaluator {
        &self.shares[0].evaluator
    }

    /// Whether the best five of a player's own cards and the board win the whole pot: one share,
    /// any five cards (then the all-in equity and the showdown class apply as they are).
    pub fn single(&self) -> bool {
        self.shares.len() == 1 && self.shares[0].hole_cards.is_none()
    }
}

/// A hand's value for each share (None where it does not qualify) and its description as the logs
/// print it: one share's alone (`a pair of Kings`), or each share's after its label (`HI: a pair of
/// Kings; LO: 8,7,4,3,A`).
pub fn judge_hand(
    values: &dyn HandValues,
    own: &[Card],
    board: &[Card],
) -> Result<(Vec<Option<u32>>, String), String> {
    let (found, described) = share_hands(values, own, board)?;
    Ok((found, described.english()))
}

/// Each share's value of a hand (None: the hand does not qualify), and its description.
pub type ShareHands = (Vec<Option<u32>>, HandDescription);

/// [`ShareHands`] of a hand made of `own` cards and the `board`.
pub fn share_hands(
    values: &dyn HandValues,
    own: &[Card],
    board: &[Card],
) -> Result<ShareHands, String> {
    let mut found = Vec::with_capacity(values.shares());
    let mut shares = Vec::with_capacity(values.shares());
    for share in 0..values.shares() {
        let value = values.value(share, own, board)?;
        found.push(value);
        let description = value.map(|v| values.describe(share, v)).transpose()?;
        let label = values.label(share).map(str::to_string);
        shares.push(description.map(|description| ShareDescription { label, description }));
    }
    Ok((found, HandDescription { shares }))
}

impl HandValues for Judge {
    fn shares(&self) -> usize {
        self.shares.len()
    }

    fn value(&self, share: usize, own: &[Card], board: &[Card]) -> Result<Option<u32>, String> {
        let s = &self.shares[share];
        let value = match s.hole_cards {
            Some(hole) => {
                let codes = |cards: &[Card]| cards.iter().map(|c| c.0).collect::<Vec<u8>>();
                let hole = usize::from(hole);
                let value = s.evaluator.value_split(&codes(own), &codes(board), hole);
                value.map_err(|e| format!("a hand of exactly {hole} own cards: {e}"))?
            }
            None => {
                let mut cards = own.to_vec();
                cards.extend_from_slice(board);
                s.evaluator.try_value(&cards).map_err(|e| e.to_string())?
            }
        };
        Ok(Some(value).filter(|&v| s.qualifier.is_none_or(|q| v >= q)))
    }

    fn describe(&self, share: usize, value: u32) -> Result<Description, String> {
        description_of_value(&self.shares[share].evaluator, value)
            .ok_or_else(|| format!("no description of the value {value}"))
    }

    fn label(&self, share: usize) -> Option<&str> {
        self.shares[share].label.as_deref()
    }
}
