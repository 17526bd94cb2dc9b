//! Winning Poker Network hand histories (Winning Poker, America's Cardroom, Black Chip, True Poker,
//! Yachting Poker), in the two formats the client has written, the hand keeping the log's raw text and
//! line numbers:
//! - before 2019 ([`old`]): `Game started at: 2016/8/8 16:26:41`, then `Game ID: 698338917 0.01/0.02
//!   (PRR) Bahamut (Cap) - 5 (Hold'em)` and `Player NAME verb (amount)` lines, often in UTF-16 with a
//!   blank line between lines; the summary gives each player's bets and collects; each line read for
//!   what it says, then told to the builder of the hand ([`super::events`]);
//! - since 2019 ([`new`]): `Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14
//!   UTC`, then the PokerStars body with a few words of its own; told to the builder of the hand
//!   ([`super::events`]) line by line.

use super::errors::ReadError;
use super::{cancelled, no_summary, HandText, Lookups};
use crate::model::Hand;

mod new;
mod old;

/// The site of every hand.
pub const SITE: &str = "Winning";

/// Read one Winning hand (its stripped lines; `raw` gives its text).
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let lines = hand.lines;
    let first = lines.first().copied().unwrap_or("");
    if first
        .trim_start_matches('\u{feff}')
        .starts_with(super::STARTED)
    {
        old::read_hand(hand, lookups)
    } else {
        new::read_hand(hand, lookups)
    }
}

/// What a line said, as far as a hand's completeness goes: each format's `Said` (both formats say
/// a line in the family's own words as it is; the format before 2019 also marks its summary).
trait Told {
    /// The line, when it is said in the family's own words.
    fn same(&self) -> Option<&str>;
    /// Whether it is the summary's marker in the format's own words.
    fn summary(&self) -> bool;
}

/// A cancelled hand, or one without its summary ([`crate::read::check_complete`] on what the lines
/// say: a line that says nothing is not the hand's last).
fn check_complete<S: Told>(
    said: &[(usize, S)],
    lines: &[&str],
    first_line: u64,
    id: &str,
) -> Result<(), ReadError> {
    if let Some((at, _)) = said
        .iter()
        .find(|(_, s)| s.same() == Some("Hand cancelled"))
    {
        return Err(cancelled(first_line + *at as u64, Some(id), lines[*at]));
    }
    let summary = |s: &S| s.summary() || s.same().is_some_and(|l| l.starts_with("*** SUMMARY ***"));
    if !said.iter().any(|(_, s)| summary(s)) {
        let last = said.last().map_or(0, |(at, _)| *at);
        return Err(no_summary(lines, last, first_line, Some(id)));
    }
    Ok(())
}

/// Cards as the family writes them: `10d` → `Td`.
fn card(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_card(&mut out, text);
    out
}

/// A card as the family writes it (`10d` → `Td`), added to `out`.
fn push_card(out: &mut String, text: &str) {
    match text.strip_prefix("10") {
        Some(suit) => {
            out.push('T');
            out.push_str(suit);
        }
        None => out.push_str(text),
    }
}
