//! A hand a site's reader has turned into the PokerStars family's lines ([`super::bovada`],
//! [`super::pacific`]): read with the family's reader, its line numbers those of the site's log.

use super::errors::ReadError;
use super::{stars, Dialect, Lookups};
use crate::model::Hand;

/// The family's lines of a hand, each with the index of the log's line it says the same as (a
/// site's line may give none, one or several).
#[allow(dead_code)] // no reader translates since Winning's logs before 2019 (the lead deletes it)
#[derive(Default)]
pub struct Translated {
    lines: Vec<String>,
    origin: Vec<usize>,
}

#[allow(dead_code)] // see `Translated`
impl Translated {
    pub fn with_capacity(n: usize) -> Self {
        Translated {
            lines: Vec::with_capacity(n),
            origin: Vec::with_capacity(n),
        }
    }

    /// A family line saying what line `i` of the log says.
    pub fn push(&mut self, i: usize, line: String) {
        self.lines.push(line);
        self.origin.push(i);
    }

    /// The hand, read by the family's reader; its error and its actions' and deals' lines are
    /// the log's (the hand's first line is line `first_line` of the log).
    pub fn read(
        &self,
        first_line: u64,
        path: &str,
        dialect: &'static Dialect,
        lookups: &mut dyn Lookups,
        raw: &dyn Fn() -> String,
    ) -> Result<Hand, ReadError> {
        let refs: Vec<&str> = self.lines.iter().map(String::as_str).collect();
        let origin = |line: u64| match line.checked_sub(first_line) {
            Some(j) => first_line + self.origin.get(j as usize).map_or(j, |&i| i as u64),
            None => line,
        };
        let read = stars::read_hand(&refs, first_line, path, dialect, lookups, raw);
        let mut hand = read.map_err(|mut err| {
            err.line = err.line.map(origin);
            err
        })?;
        let lines = hand
            .action_lines
            .iter_mut()
            .chain(hand.deal_lines.iter_mut());
        for line in lines.filter(|l| **l != 0) {
            *line = origin(*line);
        }
        Ok(hand)
    }
}

/// An error of a hand (`id`) placed on `line` of the log, unless it has a place already.
pub fn located(err: ReadError, line: u64, id: &str) -> ReadError {
    let err = err.hand(Some(id));
    if err.line.is_some() {
        err
    } else {
        err.at(line)
    }
}

/// The seat whose name a site's line starts with, then a space (the longest that fits: one name may
/// begin another's), and the rest of the line: `dies irae 9 folds` → (that seat, `folds`).
pub fn speaker<'l, S: AsRef<str>>(names: &[S], line: &'l str) -> Option<(usize, &'l str)> {
    (0..names.len())
        .filter(|&k| {
            let name = names[k].as_ref();
            line.as_bytes().get(name.len()) == Some(&b' ') && line.starts_with(name)
        })
        .max_by_key(|&k| names[k].as_ref().len())
        .map(|k| (k, &line[names[k].as_ref().len() + 1..]))
}

/// Minor units as the family writes a plain amount: `1283.15` at two decimals, `2000` at none (the
/// package's one money formatter, `money::decimal_text`).
pub use crate::money::decimal_text as amount_text;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_name_a_line_starts_with_speaks() {
        let names = [
            "dies".to_string(),
            "dies irae 9".to_string(),
            "x".to_string(),
        ];
        assert_eq!(speaker(&names, "dies irae 9 folds"), Some((1, "folds")));
        assert_eq!(speaker(&names, "dies calls 2"), Some((0, "calls 2")));
        assert_eq!(speaker(&names, "xfolds"), None);
    }

    #[test]
    fn amounts_as_the_family_writes_them() {
        assert_eq!(amount_text(128_315, 2), "1283.15");
        assert_eq!(amount_text(-250, 2), "-2.50");
        assert_eq!(amount_text(2000, 0), "2000");
    }
}
