//! The family's opening lines of a partypoker hand: its header (game, stakes, tournament, start)
//! and table line, and the blinds a tournament's bracket log does not post.

use super::{parenthesized, Translation};
use crate::read::errors::ReadError;
use crate::read::pacific::amounts::{bracketed, minor_units};
use crate::read::party::SITE;
use crate::read::translated::speaker;

/// What a big blind posted with dead money says after `posts big blind` (its sum is both blinds).
const DEAD: &str = "+ dead";

impl Translation<'_> {
    /// The blinds a tournament's bracket log does not post: the two players after the button (the
    /// button itself and the other player heads-up), each posting what it has if short.
    pub(super) fn unposted_blinds(&self, lines: &[&str]) -> Vec<(usize, &'static str, i64)> {
        let posts = lines
            .iter()
            .any(|l| l.contains(" posts small blind") || l.contains(" posts big blind"));
        let (Some((small, big)), Some(button)) = (self.blinds(lines), self.head.button) else {
            return Vec::new();
        };
        if posts || self.head.tournament.is_none() || self.head.stud {
            return Vec::new();
        }
        let button: u64 = button.trim().parse().unwrap_or(0);
        // a player no line of the hand names was not dealt in (moved to the table, waiting for the
        // big blind)
        let named = |k: &usize| {
            let name = &self.names[*k];
            lines
                .get(self.head.body..)
                .unwrap_or_default()
                .iter()
                .any(|l| {
                    speaker(&self.names, l).is_some_and(|(who, _)| who == *k)
                        || l.strip_prefix("Dealt to ")
                            .is_some_and(|r| r.starts_with(name.as_str()))
                })
        };
        let mut order: Vec<usize> = (0..self.names.len()).filter(named).collect();
        let n = order.len();
        if n < 2 {
            return Vec::new();
        }
        order.sort_by_key(|&k| {
            let seat = self.seats[k];
            if seat > button {
                seat - button
            } else {
                seat + 1000 - button
            }
        });
        let (sb, bb) = if n == 2 {
            match order.iter().position(|&k| self.seats[k] == button) {
                Some(p) => (order[p], order[1 - p]),
                None => (order[0], order[1]),
            }
        } else {
            (order[0], order[1])
        };
        vec![(sb, "small blind", small), (bb, "big blind", big)]
    }

    /// The blinds: the header's, else what the log posts (a short small blind posts what it has).
    pub(super) fn blinds(&self, lines: &[&str]) -> Option<(i64, i64)> {
        if let Some((low, high)) = self.head.stakes {
            return Some(if self.head.bets {
                (low / 2, low)
            } else {
                (low, high)
            });
        }
        let posted = |what: &str| -> Vec<i64> {
            // the big blinds posted: the table's, and those of players coming in
            lines
                .iter()
                .filter(|l| l.contains(what) && !l.contains(DEAD))
                .filter_map(|l| {
                    let text = bracketed(l).or_else(|| parenthesized(l))?;
                    minor_units(text, self.head.decimals)
                })
                .collect()
        };
        let big = posted(" posts big blind").into_iter().max()?;
        // a small blind that puts its player all in is short of the blind
        let short = |l: &&&str| {
            speaker(&self.names, l).is_some_and(|(who, _)| {
                let text = bracketed(l).or_else(|| parenthesized(l));
                text.and_then(|t| minor_units(t, self.head.decimals)) == Some(self.stacks[who])
            })
        };
        let small = lines
            .iter()
            .filter(|l| l.contains(" posts small blind"))
            .find(|l| !short(l))
            .and_then(|l| bracketed(l).or_else(|| parenthesized(l)))
            .and_then(|t| minor_units(t, self.head.decimals))
            .filter(|&s| s < big)
            .unwrap_or(big / 2);
        Some((small, big))
    }

    /// The PokerStars header: game, stakes, tournament and start.
    pub(super) fn header(&self, lines: &[&str]) -> Result<String, ReadError> {
        let head = self.head;
        let Some((small, big)) = self.blinds(lines).or(self.head.stakes) else {
            return Err(ReadError::malformed(
                "no stakes: the game line gives none and no blind is posted",
            )
            .at(self.first_line + head.body as u64 - 1)
            .expected("'$0.10/$0.25 USD NL ...', 'Blinds(20/40)' or a blind posted"));
        };
        let (low, high) = match (head.stud, head.structure == "Limit", head.stakes) {
            (true, _, Some(stakes)) => stakes,
            (true, _, None) => (big, 2 * big),
            (false, true, _) => (big, 2 * big),
            (false, false, _) => (small, big),
        };
        let mut stakes = match head.currency {
            Some((symbol, code)) => format!(
                "{symbol}{}/{symbol}{} {code}",
                self.money(low),
                self.money(high)
            ),
            None => format!("{}/{}", self.money(low), self.money(high)),
        };
        // the ante owed is the largest posted (a short stack posts what it has)
        let ante = lines
            .iter()
            .filter(|l| l.contains(" posts ante"))
            .filter_map(|l| {
                let text = bracketed(l).or_else(|| parenthesized(l))?;
                minor_units(text, head.decimals)
            })
            .max();
        if let Some(ante) = ante {
            stakes = match stakes.rsplit_once(' ').filter(|_| head.currency.is_some()) {
                Some((blinds, code)) => format!("{blinds} - Ante {} {code}", self.money(ante)),
                None => format!("{stakes} - Ante {}", self.money(ante)),
            };
        }
        let mut text = format!("{SITE} Hand #{}: ", head.id);
        if let Some((number, buy_in)) = &head.tournament {
            if number.is_empty() {
                return Err(ReadError::malformed(
                    "a tournament hand without its tournament's number",
                )
                .at(self.first_line + head.body as u64 - 2)
                .expected("'Trny: 75582100' or '(MTT Tournament #303344128)'"));
            }
            if buy_in.is_empty() {
                text.push_str(&format!("Tournament #{number}, "));
            } else {
                text.push_str(&format!("Tournament #{number}, {buy_in} "));
            }
        }
        text.push_str(&format!("{} {} ({stakes})", head.game, head.structure));
        if let Some(date) = &head.date {
            text.push_str(&format!(" - {date}"));
        }
        Ok(text)
    }

    pub(super) fn table_line(&self) -> String {
        let head = self.head;
        let max = head
            .max_seats
            .map_or(String::new(), |m| format!(" {m}-max"));
        let button = head
            .button
            .map(str::trim)
            .filter(|b| !b.is_empty() && *b != "0")
            .map_or(String::new(), |b| format!(" Seat #{b} is the button"));
        format!("Table '{}'{max}{button}", head.table.replace('\'', ""))
    }
}
