//! Winning Poker Network hand histories (Winning Poker, America's Cardroom, Black Chip, True Poker,
//! Yachting Poker), in the two formats the client has written, the hand keeping the log's raw text and
//! line numbers:
//! - before 2019 ([`old`]): `Game started at: 2016/8/8 16:26:41`, then `Game ID: 698338917 0.01/0.02
//!   (PRR) Bahamut (Cap) - 5 (Hold'em)` and `Player NAME verb (amount)` lines, often in UTF-16 with a
//!   blank line between lines; the summary gives each player's bets and collects; turned into the
//!   PokerStars family's lines and read by the family's reader ([`super::stars`]);
//! - since 2019 ([`new`]): `Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14
//!   UTC`, then the PokerStars body with a few words of its own; told to the builder of the hand
//!   ([`super::events`]) line by line.

use super::errors::ReadError;
use super::{Dialect, Lookups};
use crate::model::Hand;

mod legacy;
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

/// Read one Winning hand through the PokerStars family's text (the old path of the logs before
/// 2019, until the builder's is proven equal).
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
        legacy::read_hand(lines, first_line, path, dialect, lookups, raw)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::equal::{same_on_corpus, same_on_damaged, same_reads, site_logs, with_reader};
    use crate::read::WINNING;

    /// The hand-written log of the fuzz tests in the format before 2019.
    const OLD: &str = include_str!("../testdata/fuzz/winning-old.txt");

    #[test]
    fn the_builder_reads_every_corpus_hand_as_the_translation_did() {
        let old = with_reader(&WINNING, read_translated);
        let (hands, records) = same_on_corpus(old, &WINNING, "Winning", &[".txt"]);
        assert_eq!((hands, records), (132, 6), "the corpus hands read");
        let (hands, _) = same_reads(old, &WINNING, "winning-old.txt", OLD);
        assert!(hands > 0);
    }

    /// Corpus logs before 2019 (read in place) whose damaged copies are read both ways too: stud, a
    /// tournament's, one with a player whose name the log lost, fixed-limit heads-up.
    const DAMAGED: [&str; 4] = [
        "7-Stud-8max-USD-1.00-2.00-201608",
        "T5795043-G33949698",
        "T1-G0-201601.unknown.player.acts",
        "LHE-2max-USD-2.00-4.00-201608",
    ];

    #[test]
    fn the_builder_reads_damaged_logs_as_the_translation_did() {
        let old = with_reader(&WINNING, read_translated);
        same_on_damaged(old, &WINNING, OLD, 1200);
        let logs = site_logs("Winning", &[".txt"]);
        for name in DAMAGED {
            let (_, text) = logs.iter().find(|(path, _)| path.contains(name)).unwrap();
            same_on_damaged(old, &WINNING, text, 400);
        }
    }
}
