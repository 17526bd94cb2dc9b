//! Winning's logs of before 2019, each line as the PokerStars family's line that says the same.
//!
//! What these logs write differently:
//! - The header is `Game started at: 2016/8/8 16:26:41` and `Game ID: 698338917 0.01/0.02 (PRR)
//!   Bahamut (Cap) - 5 (Hold'em)`: no betting structure. A fixed-limit table names its small and big
//!   bets (`2/4`, a big blind of 2), the others their blinds (`0.01/0.02`); hold'em without a limit is
//!   no limit, Omaha pot limit, stud fixed limit.
//! - Tournament hands name no tournament: the client's file name does (`HH20160828 T5795043-G33949698`),
//!   else the table's name (`$5 Regular 9-Max, Table 1`) stands for it.
//! - Action lines are `Player NAME verb (amount)`; calls, bets, raises and all-ins print what they
//!   add. A player whose name the log lost acts as `Player  has big blind (2)`: the one seat named by
//!   no line.
//! - Cards are dealt one line each (`Player NAME received card: [Ad]`, `... received a card.`); stud
//!   names its streets one late (`*** Third street ***` deals the fourth card).
//! - No showdown section: the summary's player lines say who showed what and collected how much,
//!   and `Pot: 8.15. Rake 0.11. JP fee 0.04` gives the pot after the house's fees.

use super::{card, SITE};
use crate::model::Hand;
use crate::read::errors::{Kind, ReadError};
use crate::read::rounds::{Move, Rounds};
use crate::read::translated::{amount_text, located, speaker, Translated};
use crate::read::values::parse_amount;
use crate::read::{Dialect, Lookups};
use head::{head, Head};

mod head;
mod summary;

/// Winning's game names (its own list of games), the family's game, and the structure of a table
/// that names its blinds.
const GAMES: [(&str, &str, &str); 8] = [
    ("Hold'em", "Hold'em", "No Limit"),
    ("Six Plus Hold'em", "6+ Hold'em", "No Limit"),
    ("Omaha", "Omaha", "Pot Limit"),
    ("Omaha HiLow", "Omaha Hi/Lo", "Pot Limit"),
    ("5Card Omaha", "5 Card Omaha", "Pot Limit"),
    ("5Card Omaha H/L", "5 Card Omaha Hi/Lo", "Pot Limit"),
    ("Seven Cards Stud", "7 Card Stud", "Limit"),
    ("Seven Cards Stud HiLow", "7 Card Stud Hi/Lo", "Limit"),
];
/// Board streets, and stud's (named one street late).
const BOARD: [(&str, &str); 3] = [
    ("*** FLOP ***:", "*** FLOP ***"),
    ("*** TURN ***:", "*** TURN ***"),
    ("*** RIVER ***:", "*** RIVER ***"),
];
const STUD: [(&str, &str); 4] = [
    ("*** Third street ***", "*** 4th STREET ***"),
    ("*** Fourth street ***", "*** 5th STREET ***"),
    ("*** Fifth street ***", "*** 6th STREET ***"),
    ("*** Sixth street ***", "*** RIVER ***"),
];
const SUMMARY: &str = "------ Summary ------";
/// What a post of dead money ends with: `Player NAME posts (0.25) as a dead bet`.
const DEAD_BET: &str = " as a dead bet";
/// Lines that change nothing the family records.
const SILENT: [&str; 6] = [
    "mucks cards",
    "is timed out.",
    "sitting out",
    "wait BB",
    "is disconnected and ALL IN.",
    "sits out",
];

/// Read one hand of the old format.
pub fn read_hand(
    lines: &[&str],
    first_line: u64,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
    raw: &dyn Fn() -> String,
) -> Result<Hand, ReadError> {
    let head = head(lines, first_line, path)?;
    let mut old = Translation::new(&head, lines, first_line);
    old.translate(lines)
        .map_err(|err| located(err, first_line, head.id))?;
    let mut hand = old.out.read(first_line, path, dialect, lookups, raw)?;
    hand.table = Some(head.table.clone());
    Ok(hand)
}

/// The family's lines of a hand, each with the index of the log's line it comes from.
struct Translation<'h> {
    head: &'h Head<'h>,
    first_line: u64,
    decimals: u8,
    names: Vec<String>,
    /// The seat no line names, for `Player  verb` lines.
    unnamed: Option<usize>,
    rounds: Rounds,
    big_blind: Option<i64>,
    /// The cards each player has been seen to get, and the deal lines not yet written: (who, card).
    known: Vec<Vec<String>>,
    dealing: Vec<(usize, Option<String>)>,
    /// Stud streets dealt so far (third street's cards open the hand).
    streets: usize,
    out: Translated,
}

impl<'h> Translation<'h> {
    fn new(head: &'h Head<'h>, lines: &[&str], first_line: u64) -> Self {
        Translation {
            head,
            first_line,
            decimals: if head.tournament.is_some() { 0 } else { 2 },
            names: Vec::new(),
            unnamed: None,
            rounds: Rounds::new(Vec::new()),
            big_blind: None,
            known: Vec::new(),
            dealing: Vec::new(),
            streets: 0,
            out: Translated::with_capacity(lines.len() + 8),
        }
    }

    fn push(&mut self, i: usize, line: String) {
        self.out.push(i, line);
    }

    fn amount(&self, i: usize, text: &str) -> Result<i64, ReadError> {
        parse_amount(text.trim(), self.decimals)
            .map_err(|err| err.at(self.first_line + i as u64).actual(text))
    }

    fn money(&self, value: i64) -> String {
        amount_text(value, self.decimals)
    }

    /// The amount in a line's last parentheses: `calls (0.02)` → 2.
    fn paren(&self, i: usize, line: &str) -> Result<i64, ReadError> {
        // `calls (0.03)`, `posts (0.25) as a dead bet`
        let text = line
            .rsplit_once('(')
            .map(|(_, a)| a.split(')').next().unwrap_or(a).trim_end_matches('.'))
            .unwrap_or("");
        self.amount(i, text)
    }

    fn error(&self, i: usize, line: &str, reason: String, expected: &str) -> ReadError {
        ReadError::malformed(reason)
            .at(self.first_line + i as u64)
            .expected(expected)
            .actual(line)
    }

    /// Every line of the hand, in the family's words.
    fn translate(&mut self, lines: &[&str]) -> Result<(), ReadError> {
        let header = self.header(lines)?;
        self.push(0, header);
        let mut i = self.head.body;
        let button = lines[i..].iter().take(3).enumerate().find_map(|(k, l)| {
            let seat = l.strip_prefix("Seat ")?.strip_suffix(" is the button")?;
            Some((i + k, seat))
        });
        let (at, seat) = button.unwrap_or((self.head.body, ""));
        let max = self
            .head
            .max_seats
            .map_or(String::new(), |m| format!(" {m}-max"));
        let play = if self.head.play_money {
            " (Play Money)"
        } else {
            ""
        };
        let button = if seat.is_empty() {
            String::new()
        } else {
            format!(" Seat #{seat} is the button")
        };
        self.push(
            at,
            format!("Table '{}'{max}{play}{button}", self.head.table),
        );
        let mut seats = Vec::new();
        while let Some(line) = lines.get(i) {
            let seat_line = line.strip_prefix("Seat ").and_then(|l| l.split_once(": "));
            if let Some((seat, rest)) = seat_line {
                let (name, stack) = rest.rsplit_once(" (").unwrap_or((rest, ""));
                let stack = self.amount(i, stack.trim_end_matches('.').trim_end_matches(')'))?;
                seats.push((i, seat, stack, name));
            } else if !line.is_empty() && !line.ends_with(" is the button") {
                break;
            }
            i += 1;
        }
        // in table order (a log may list a seat out of it)
        seats.sort_by_key(|s| s.1.parse::<u32>().unwrap_or(u32::MAX));
        self.names = seats.iter().map(|s| s.3.to_string()).collect();
        self.unnamed = self.unnamed_seat(&lines[i..]);
        // a seat dealt no card sits the hand out
        let mut dealt = vec![false; self.names.len()];
        for line in lines[i..].iter().filter(|l| l.contains(" received ")) {
            if let Some((k, _)) = line.strip_prefix("Player ").and_then(|l| self.who(l)) {
                dealt[k] = true;
            }
        }
        for (k, &(at, seat, stack, _)) in seats.iter().enumerate() {
            let out = if dealt[k] || Some(k) == self.unnamed {
                ""
            } else {
                " is sitting out"
            };
            let line = format!(
                "Seat {seat}: {} ({} in chips){out}",
                self.names[k],
                self.money(stack)
            );
            self.push(at, line);
        }
        self.known = vec![Vec::new(); self.names.len()];
        self.rounds = Rounds::new(seats.iter().map(|s| s.2).collect());
        let summary = lines[i..].iter().position(|l| *l == SUMMARY).map(|k| k + i);
        for (k, line) in lines
            .iter()
            .enumerate()
            .take(summary.unwrap_or(lines.len()))
            .skip(i)
        {
            if line.is_empty() {
                continue;
            }
            if !line.contains(" received ") {
                self.deal(k);
            }
            let said = self.line(k, line)?;
            if !said.is_empty() {
                self.push(k, said);
            }
        }
        if let Some(k) = summary {
            self.summary(k, lines)?;
        }
        Ok(())
    }

    /// The PokerStars header: game, stakes, tournament and start.
    fn header(&self, lines: &[&str]) -> Result<String, ReadError> {
        let head = self.head;
        let at = head.body - 1;
        let (low, high) = head.stakes.split_once('/').unwrap_or(("", head.stakes));
        let (low, high) = (self.amount(at, low)?, self.amount(at, high)?);
        // a fixed-limit table names its bets: its big blind is the first of them
        let big_blind = lines
            .iter()
            .find_map(|l| {
                l.strip_prefix("Player ")?
                    .split_once(" has big blind (")
                    .map(|p| p.1)
            })
            .and_then(|a| parse_amount(a.trim_end_matches(')'), self.decimals).ok());
        let structure = if big_blind == Some(low) && !head.stud {
            "Limit"
        } else {
            head.structure
        };
        let stakes = match (&head.tournament, head.play_money) {
            (None, false) => format!("${}/${} USD", self.money(low), self.money(high)),
            _ => format!("{}/{}", self.money(low), self.money(high)),
        };
        let mut text = format!("{SITE} Hand #{}: ", head.id);
        if let Some(number) = &head.tournament {
            text.push_str(&format!("Tournament #{number}, "));
        }
        text.push_str(&format!("{} {structure} ({stakes})", head.game));
        if let Some(date) = &head.date {
            text.push_str(&format!(" - {date}"));
        }
        Ok(text)
    }

    /// The seat no `Player NAME` line names, when a line's player has no name (`Player  folds`).
    fn unnamed_seat(&self, lines: &[&str]) -> Option<usize> {
        if !lines.iter().any(|l| l.starts_with("Player  ")) {
            return None;
        }
        let mut named = vec![false; self.names.len()];
        for line in lines.iter().filter_map(|l| l.strip_prefix("Player ")) {
            if let Some((k, _)) = speaker(&self.names, line) {
                named[k] = true;
            }
        }
        let mut silent = (0..named.len()).filter(|&k| !named[k]);
        silent.next().filter(|_| silent.next().is_none())
    }

    /// The player a `Player ...` line speaks of, and the rest of it.
    fn who<'l>(&self, rest: &'l str) -> Option<(usize, &'l str)> {
        match rest.strip_prefix(' ') {
            Some(verb) => self.unnamed.map(|k| (k, verb)),
            None => speaker(&self.names, rest),
        }
    }

    /// The deal lines of the cards dealt since the last action: a street's marker first.
    fn deal(&mut self, i: usize) {
        if self.dealing.is_empty() {
            return;
        }
        let dealt = std::mem::take(&mut self.dealing);
        if self.streets == 0 {
            let marker = if self.head.stud {
                "*** 3rd STREET ***"
            } else {
                "*** HOLE CARDS ***"
            };
            self.push(i, marker.to_string());
            self.streets = 1;
        }
        let mut order: Vec<usize> = Vec::new();
        for &(who, _) in &dealt {
            if !order.contains(&who) {
                order.push(who);
            }
        }
        for who in order {
            let new: Vec<String> = dealt
                .iter()
                .filter(|(k, c)| *k == who && c.is_some())
                .filter_map(|(_, c)| c.clone())
                .collect();
            if new.is_empty() {
                continue;
            }
            let name = &self.names[who];
            let line = match (self.head.stud, self.known[who].is_empty()) {
                (true, false) => format!(
                    "Dealt to {name} [{}] [{}]",
                    self.known[who].join(" "),
                    new.join(" ")
                ),
                _ => format!("Dealt to {name} [{}]", new.join(" ")),
            };
            self.known[who].extend(new);
            self.push(i, line);
        }
    }

    /// The family's line for one of the log's (empty for a line that says nothing it records).
    fn line(&mut self, i: usize, line: &str) -> Result<String, ReadError> {
        if let Some(&(_, marker)) = BOARD.iter().find(|(m, _)| line.starts_with(m)) {
            self.rounds.next_street();
            let (_, cards) = line.split_once(':').unwrap_or((line, ""));
            return Ok(format!("{marker}{}", board(cards)));
        }
        if let Some(&(_, marker)) = STUD.iter().find(|(m, _)| line.starts_with(m)) {
            self.rounds.next_street();
            self.streets += 1;
            return Ok(marker.to_string());
        }
        if let Some(rest) = line.strip_prefix("Uncalled bet (") {
            let (amount, name) = rest
                .split_once(") returned to ")
                .or_else(|| Some((rest.strip_suffix(") returned to")?, "")))
                .unwrap_or((rest, ""));
            let value = self.amount(i, amount)?;
            let who = match name.trim() {
                "" => self.unnamed,
                name => self.names.iter().position(|n| n == name),
            };
            let Some(who) = who else {
                let reason = "an uncalled bet returned to no seated player".to_string();
                return Err(self.error(i, line, reason, "'Uncalled bet (0.06) returned to NAME'"));
            };
            self.rounds.returned(who, value);
            let name = &self.names[who];
            return Ok(format!(
                "Uncalled bet ({}) returned to {name}",
                self.money(value)
            ));
        }
        if line.starts_with("Game ended at: ") {
            return Ok(String::new());
        }
        if line.starts_with("Player  ") && self.unnamed.is_none() {
            let reason =
                "a player without a name acts, and no seat is left to be theirs".to_string();
            return Err(self.error(i, line, reason, "'Player NAME ...'"));
        }
        let Some((who, rest)) = line.strip_prefix("Player ").and_then(|l| self.who(l)) else {
            return Ok(line.to_string()); // the family's reader names it unknown
        };
        self.action(i, line, who, rest)
    }

    /// A player's line: a deal, a forced bet or a turn.
    fn action(
        &mut self,
        i: usize,
        line: &str,
        who: usize,
        rest: &str,
    ) -> Result<String, ReadError> {
        if rest == "received a card." {
            self.rounds.dealt(who);
            self.dealing.push((who, None));
            return Ok(String::new());
        }
        if let Some(text) = rest.strip_prefix("received card: [") {
            self.rounds.dealt(who);
            self.dealing
                .push((who, Some(card(text.trim_end_matches(']').trim()))));
            return Ok(String::new());
        }
        if SILENT.contains(&rest) {
            return Ok(String::new());
        }
        let verb = rest.split(" (").next().unwrap_or(rest);
        if verb == "allin" && rest == "allin" {
            let reason =
                "a disconnected player is all in with chips behind (the site's disconnect \
                          protection), which the replayer does not model";
            return Err(ReadError::new(Kind::Unsupported, reason.to_string())
                .at(self.first_line + i as u64)
                .actual(line));
        }
        let name = self.names[who].clone();
        let what = match verb {
            "has small blind" => Move::SmallBlind,
            "has big blind" => Move::BigBlind,
            "straddle" => Move::Straddle,
            "ante" | "posts ante" => Move::Ante,
            "bring in" => Move::BringIn,
            "folds" => Move::Folds,
            "checks" => Move::Checks,
            "calls" => Move::Calls,
            // `posts (0.25) as a dead bet`: a missed blind paid into the pot, not the street's bet
            "posts" if rest.ends_with(DEAD_BET) => Move::Ante,
            // a player coming in posts the big blind, or less, live (and calls the rest)
            "posts" => Move::Adds,
            // `caps (2)`: the last raise a fixed-limit round allows, by what it adds
            "bets" | "raises" | "allin" | "caps" | "cap" => Move::Adds,
            _ => return Ok(format!("{name}: {rest}")), // the family's reader names it unknown
        };
        let value = match what {
            Move::Folds | Move::Checks => 0,
            _ => self.paren(i, rest)?,
        };
        let said = match (what, verb) {
            (Move::BigBlind, _) => {
                self.big_blind.get_or_insert(value);
                self.rounds.say(who, what, value, self.decimals)
            }
            (Move::Adds, "posts") => {
                let blind = if Some(value) == self.big_blind {
                    Move::BigBlind
                } else {
                    Move::SmallBlind
                };
                self.rounds.say(who, blind, value, self.decimals)
            }
            // stud's first raise over the bring-in completes the bet
            (Move::Adds, _)
                if self.head.stud
                    && self.streets == 1
                    && self.rounds_bring_in(self.rounds.bet()) =>
            {
                let to = self.rounds.put_in(who) + value;
                let what = if to > self.rounds.bet() {
                    Move::Completes
                } else {
                    Move::Adds
                };
                self.rounds.say(who, what, value, self.decimals)
            }
            _ => self.rounds.say(who, what, value, self.decimals),
        };
        Ok(format!("{name}: {said}"))
    }

    /// Whether the bet of stud's third street is still the bring-in (below the small bet).
    fn rounds_bring_in(&self, bet: i64) -> bool {
        let low = self.head.stakes.split('/').next().unwrap_or("");
        parse_amount(low, self.decimals).is_ok_and(|small| bet < small)
    }
}

/// `: [Ks 2d 7c]` / `: [Ks 2d 7c] [7h]` → ` [Ks 2d 7c]` / ` [Ks 2d 7c] [7h]`.
fn board(text: &str) -> String {
    text.split('[')
        .skip(1)
        .map(|g| {
            let cards: Vec<String> = g
                .trim()
                .trim_end_matches(']')
                .split_whitespace()
                .map(card)
                .collect();
            format!(" [{}]", cards.join(" "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_keep_their_groups() {
        assert_eq!(board(": [Ks 2d 10c] [7h]"), " [Ks 2d Tc] [7h]");
    }
}
