//! Winning Poker Network hand histories (Winning Poker, America's Cardroom, Black Chip, True Poker,
//! Yachting Poker), in the two formats the client has written, each turned into the PokerStars
//! family's lines and read by the family's reader ([`super::stars`]), the hand keeping the log's raw
//! text and line numbers:
//! - before 2019 ([`old`]): `Game started at: 2016/8/8 16:26:41`, then `Game ID: 698338917 0.01/0.02
//!   (PRR) Bahamut (Cap) - 5 (Hold'em)` and `Player NAME verb (amount)` lines, often in UTF-16 with a
//!   blank line between lines; the summary gives each player's bets and collects;
//! - since 2019 ([`new`]): `Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14
//!   UTC`, then the PokerStars body with a few words of its own.

use super::errors::ReadError;
use super::{Dialect, Lookups};
use crate::model::Hand;

mod body;
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
        body::read_hand(lines, first_line, path, dialect, lookups, raw)
    }
}

/// Read one Winning hand through the PokerStars family's text (the old path, until proven equal).
#[cfg_attr(not(test), allow(dead_code))]
pub fn read_translated(
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
    match text.strip_prefix("10") {
        Some(suit) => format!("T{suit}"),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::equal::{same_on_corpus, same_on_damaged, same_reads, with_reader};
    use crate::read::WINNING;

    /// The hand-written logs of the fuzz tests in the format since 2019.
    const NEW: [(&str, &str); 2] = [
        (
            "winning-new.txt",
            include_str!("../testdata/fuzz/winning-new.txt"),
        ),
        (
            "winning-caps.txt",
            include_str!("../testdata/fuzz/winning-caps.txt"),
        ),
    ];

    #[test]
    fn the_builder_reads_every_corpus_hand_as_the_translation_did() {
        let old = with_reader(&WINNING, read_translated);
        let (hands, records) = same_on_corpus(old, &WINNING, "Winning", &[".txt"]);
        assert_eq!((hands, records), (132, 6), "the corpus hands read");
        for (label, log) in NEW {
            let (hands, _) = same_reads(old, &WINNING, label, log);
            assert!(hands > 0, "{label}");
        }
    }

    #[test]
    fn the_builder_reads_damaged_logs_as_the_translation_did() {
        let old = with_reader(&WINNING, read_translated);
        for (_, log) in NEW {
            same_on_damaged(old, &WINNING, log, 1200);
        }
    }
}
