//! A hand a site's reader has turned into the PokerStars family's lines ([`super::bovada`],
//! [`super::pacific`]): read with the family's reader, its line numbers those of the site's log.

use super::errors::ReadError;
use super::{stars, Dialect, Lookups};
use crate::model::Hand;

/// The family's lines of a hand, each with the index of the log's line it says the same as (a
/// site's line may give none, one or several).
#[derive(Default)]
pub struct Translated {
    lines: Vec<String>,
    origin: Vec<usize>,
}

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
