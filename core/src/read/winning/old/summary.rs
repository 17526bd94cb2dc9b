//! The summary of an old Winning hand: who showed what and collected how much, and the pot after the
//! house's fees, as the showdown, collects and total they say.

use super::{Reading, Said};
use crate::read::errors::ReadError;
use crate::read::search;
use crate::say;

/// What a summary player line says before what the player bet, and what they collected.
const BETS: &str = "Bets: ";
const COLLECTS: &str = "Collects: ";

/// What a summary line says of a player: the cards shown (or mucked face up) and what was collected.
struct Outcome<'l> {
    who: usize,
    shown: Option<(bool, &'l str)>,
    collects: i64,
}

impl<'l> Reading<'_, 'l> {
    /// The summary (its line `at`): the showdown and collects its player lines give, then the total
    /// and the rake.
    pub(super) fn summary(&mut self, at: usize, lines: &[&'l str]) -> Result<(), ReadError> {
        self.deal(at);
        let mut pot = None;
        let mut outcomes = Vec::new();
        for (k, line) in lines.iter().enumerate().skip(at + 1) {
            if let Some(rest) = line.strip_prefix("Pot: ") {
                pot = Some((k, self.fees(k, rest)?));
            } else if search::contains(line, BETS) {
                if let Some(outcome) = self.outcome(k, line)? {
                    outcomes.push((k, outcome));
                }
            }
        }
        if outcomes.iter().any(|(_, o)| o.shown.is_some()) {
            self.say(at, Said::Showdown);
        }
        for (k, o) in &outcomes {
            if let Some((mucked, cards)) = o.shown {
                self.say(*k, Said::Shows(o.who, mucked, cards));
            }
        }
        for (k, o) in &outcomes {
            if o.collects > 0 {
                self.say(*k, Said::Collect(o.who, o.collects));
            }
        }
        self.say(at, Said::Summary);
        if let Some((k, (net, fees))) = pot {
            self.say(k, Said::Total(net + fees, fees));
        }
        Ok(())
    }

    /// `0.09. Rake 0` / `8.15. Rake 0.11. JP fee 0.04` / `150`: (the pot after fees, the fees).
    fn fees(&self, k: usize, text: &str) -> Result<(i64, i64), ReadError> {
        let mut parts = text.split(". ");
        let net = self.amount(k, parts.next().unwrap_or("").trim_end_matches('.'))?;
        let mut fees = 0;
        for part in parts {
            let value = part.rsplit(' ').next().unwrap_or("").trim_end_matches('.');
            fees += self.amount(k, value)?;
        }
        Ok((net, fees))
    }

    /// A summary player line: `*Player NAME shows: One pair of 9s [Ks 9h]. Bets: 0.04. Collects: 0.09.
    /// Wins: 0.05.`; None for a player not seated who collects nothing.
    fn outcome(&self, k: usize, line: &'l str) -> Result<Option<Outcome<'l>>, ReadError> {
        let body = line
            .trim_start_matches('*')
            .strip_prefix("Player ")
            .unwrap_or(line);
        let collects = match search::find(line, COLLECTS) {
            Some(at) => {
                let after = &line[at + COLLECTS.len()..];
                let text = after.split(' ').next().unwrap_or("").trim_end_matches('.');
                self.amount(k, text)?
            }
            None => 0,
        };
        let Some((who, rest)) = self.who(body) else {
            if collects == 0 {
                return Ok(None);
            }
            let reason = say!("a player who is not seated collects");
            return Err(self.error(k, line, reason, "a seated player's name"));
        };
        let before = search::find(rest, BETS).map_or(rest, |at| &rest[..at]);
        let cards = before
            .split_once('[')
            .and_then(|(_, c)| c.split_once(']'))
            .map(|(c, _)| c);
        let shown = cards.map(|c| (before.starts_with("mucks"), c));
        Ok(Some(Outcome {
            who,
            shown,
            collects,
        }))
    }
}
