//! The summary of an old Winning hand: who showed what and collected how much, and the pot after the
//! house's fees, as the family's showdown, collects and total.

use super::super::card;
use super::Translation;
use crate::read::errors::ReadError;

/// What a summary line says of a player: the cards shown (or mucked face up) and what was collected.
struct Outcome {
    who: usize,
    shown: Option<(bool, String)>,
    collects: i64,
}

impl Translation<'_> {
    /// The summary: the showdown and collects its player lines give, then the total and the rake.
    pub(super) fn summary(&mut self, at: usize, lines: &[&str]) -> Result<(), ReadError> {
        self.deal(at);
        let mut pot = None;
        let mut outcomes = Vec::new();
        for (k, line) in lines.iter().enumerate().skip(at + 1) {
            if let Some(rest) = line.strip_prefix("Pot: ") {
                pot = Some((k, self.fees(k, rest)?));
            } else if line.contains("Bets: ") {
                if let Some(outcome) = self.outcome(k, line)? {
                    outcomes.push((k, outcome));
                }
            }
        }
        if outcomes.iter().any(|(_, o)| o.shown.is_some()) {
            self.push(at, "*** SHOW DOWN ***".to_string());
        }
        for (k, o) in &outcomes {
            if let Some((mucked, cards)) = &o.shown {
                let verb = if *mucked { "mucks hand" } else { "shows" };
                self.push(*k, format!("{}: {verb} [{cards}]", self.names[o.who]));
            }
        }
        for (k, o) in &outcomes {
            if o.collects > 0 {
                let line = format!(
                    "{} collected {} from pot",
                    self.names[o.who],
                    self.money(o.collects)
                );
                self.push(*k, line);
            }
        }
        self.push(at, "*** SUMMARY ***".to_string());
        if let Some((k, (net, fees))) = pot {
            let line = format!(
                "Total pot {} | Rake {}",
                self.money(net + fees),
                self.money(fees)
            );
            self.push(k, line);
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
    fn outcome(&self, k: usize, line: &str) -> Result<Option<Outcome>, ReadError> {
        let body = line
            .trim_start_matches('*')
            .strip_prefix("Player ")
            .unwrap_or(line);
        let collects = match line.split_once("Collects: ") {
            Some((_, after)) => {
                let text = after.split(' ').next().unwrap_or("").trim_end_matches('.');
                self.amount(k, text)?
            }
            None => 0,
        };
        let Some((who, rest)) = self.who(body) else {
            if collects == 0 {
                return Ok(None);
            }
            let reason = "a player who is not seated collects".to_string();
            return Err(self.error(k, line, reason, "a seated player's name"));
        };
        let before = rest.split("Bets: ").next().unwrap_or(rest);
        let cards = before
            .split_once('[')
            .and_then(|(_, c)| c.split_once(']'))
            .map(|(c, _)| c.split_whitespace().map(card).collect::<Vec<_>>().join(" "));
        let shown = cards.map(|c| (before.starts_with("mucks"), c));
        Ok(Some(Outcome {
            who,
            shown,
            collects,
        }))
    }
}
