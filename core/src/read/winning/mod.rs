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
use super::{Dialect, Lookups};
use crate::model::Hand;

mod new;
mod old;

/// The site of every hand.
pub const SITE: &str = "Winning";

/// Read one Winning hand (its stripped lines; `raw` gives its text).
pub fn read_hand(
    lines: &[&str],
    first_line: u64,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
    raw: &dyn Fn() -> String,
) -> Result<Hand, ReadError> {
    let first = lines.first().copied().unwrap_or("");
    if first
        .trim_start_matches('\u{feff}')
        .starts_with(super::STARTED)
    {
        old::read_hand(lines, first_line, path, dialect, lookups, raw)
    } else {
        new::read_hand(lines, first_line, path, dialect, lookups, raw)
    }
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
