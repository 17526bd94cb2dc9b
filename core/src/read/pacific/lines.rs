//! Each line of an 888poker hand as the PokerStars family's line that says the same; the summary's
//! total, rake and uncalled bet, which 888 does not print, from the betting.

use super::amounts::{bracketed, cards, minor_units};
use super::{Head, SITE};
use crate::read::errors::ReadError;
use crate::read::rounds::{Move, Rounds};
use crate::read::translated::{amount_text, speaker, Translated};

/// 888's street markers and the family's.
const MARKERS: [(&str, &str); 4] = [
    ("** Dealing down cards **", "*** HOLE CARDS ***"),
    ("** Dealing flop **", "*** FLOP ***"),
    ("** Dealing turn **", "*** TURN ***"),
    ("** Dealing river **", "*** RIVER ***"),
];
const SUMMARY: &str = "** Summary **";

/// The family's lines of a hand, each with the index of the log's line it comes from.
pub struct Translation<'h> {
    head: &'h Head<'h>,
    /// The log's line number of the hand's first line.
    first_line: u64,
    decimals: u8,
    names: Vec<String>,
    rounds: Rounds,
    collected: i64,
    /// The bet nobody called, given back before the summary: (who, what is still to take off
    /// what that player collects).
    uncalled: Option<(usize, i64)>,
    /// Past `** Dealing down cards **`.
    dealing: bool,
    pub out: Translated,
}

impl<'h> Translation<'h> {
    pub fn new(head: &'h Head<'h>, lines: &[&str], first_line: u64) -> Self {
        Translation {
            head,
            first_line,
            decimals: if head.tournament.is_some() { 0 } else { 2 },
            names: Vec::new(),
            rounds: Rounds::new(Vec::new()),
            collected: 0,
            uncalled: None,
            dealing: false,
            out: Translated::with_capacity(lines.len() + 3),
        }
    }

    fn push(&mut self, i: usize, line: String) {
        self.out.push(i, line);
    }

    fn amount(&self, i: usize, text: &str) -> Result<i64, ReadError> {
        minor_units(text, self.decimals).ok_or_else(|| {
            ReadError::malformed(format!("{text:?} is not an amount"))
                .at(self.first_line + i as u64)
                .expected("an amount such as $1,283.15, 0,02$ or 2,000")
                .actual(text)
        })
    }

    /// An amount as the family writes it: `1283.15`, `2000`.
    fn money(&self, value: i64) -> String {
        amount_text(value, self.decimals)
    }

    /// Every line of the hand, in the family's words.
    pub fn translate(&mut self, lines: &[&str]) -> Result<(), ReadError> {
        let header = self.header(lines)?;
        self.push(0, header);
        let mut i = self.head.body;
        if let Some(button) = lines.get(i).and_then(|l| l.strip_prefix("Seat ")) {
            let button = button.trim_end_matches(" is the button");
            let max = self
                .head
                .max_seats
                .map_or(String::new(), |m| format!(" {m}-max"));
            let table = &self.head.table;
            self.push(
                i,
                format!("Table '{table}'{max} Seat #{button} is the button"),
            );
            i += 1;
        }
        let mut stacks = Vec::new();
        while let Some(line) = lines.get(i) {
            if line.starts_with("Total number of players") {
                i += 1;
                continue;
            }
            let Some((seat, rest)) = line.strip_prefix("Seat ").and_then(|l| l.split_once(": "))
            else {
                break;
            };
            let (name, stack) = rest
                .rsplit_once(" ( ")
                .or_else(|| rest.rsplit_once('('))
                .unwrap_or((rest, ""));
            let name = name.trim();
            let stack = self.amount(i, stack.trim_end_matches(')'))?;
            let name = if name.is_empty() {
                format!("Seat {seat}")
            } else {
                name.to_string()
            };
            self.push(
                i,
                format!("Seat {seat}: {name} ({} in chips)", self.money(stack)),
            );
            self.names.push(name);
            stacks.push(stack);
            i += 1;
        }
        let unnamed = self.names.iter().filter(|n| n.starts_with("Seat ")).count();
        if unnamed > 1 {
            let err = ReadError::malformed(format!(
                "{unnamed} players have no name: their lines cannot be told apart"
            ))
            .at(self.first_line + i as u64 - 1)
            .expected("at most one seat without a name")
            .actual(lines[i - 1]);
            return Err(err);
        }
        self.rounds = Rounds::new(stacks);
        let shows = lines
            .iter()
            .any(|l| l.contains(" shows [") || l.contains(" mucks ["));
        let mut summary = None;
        for (k, line) in lines.iter().enumerate().skip(i) {
            if *line == SUMMARY {
                if let Some((who, amount)) = self.rounds.uncalled() {
                    self.rounds.returned(who, amount);
                    // some logs count the uncalled bet in what its player collects, some do not
                    let collects: i64 = lines[k..]
                        .iter()
                        .filter(|l| l.contains(" collected ["))
                        .filter_map(|l| minor_units(bracketed(l)?, self.decimals))
                        .sum();
                    if collects > self.rounds.pot() {
                        self.uncalled = Some((who, amount));
                    }
                    let name = &self.names[who];
                    self.push(
                        k,
                        format!("Uncalled bet ({}) returned to {name}", self.money(amount)),
                    );
                }
                if shows {
                    self.push(k, "*** SHOW DOWN ***".to_string());
                }
                summary = Some(k);
                continue;
            }
            let said = self.line(k, line)?;
            self.push(k, said);
        }
        if let Some(k) = summary {
            let pot = self.rounds.pot();
            let rake = pot - self.collected;
            self.push(k, "*** SUMMARY ***".to_string());
            self.push(
                k,
                format!("Total pot {} | Rake {}", self.money(pot), self.money(rake)),
            );
        }
        Ok(())
    }

    /// The PokerStars header: game, stakes, tournament and start.
    fn header(&self, lines: &[&str]) -> Result<String, ReadError> {
        let head = self.head;
        let (small, big) = head.stakes.split_once('/').unwrap_or(("", head.stakes));
        let (small, big) = (self.amount(1, small)?, self.amount(1, big)?);
        let fixed = head.structure == "Limit";
        let (low, high) = if fixed { (big, 2 * big) } else { (small, big) };
        let currency = [('$', "USD"), ('€', "EUR"), ('£', "GBP")]
            .into_iter()
            .find(|(symbol, _)| head.stakes.contains(*symbol))
            .filter(|_| head.real_money && head.tournament.is_none());
        let mut stakes = match currency {
            Some((symbol, code)) => {
                format!(
                    "{symbol}{}/{symbol}{} {code}",
                    self.money(low),
                    self.money(high)
                )
            }
            None => format!("{}/{}", self.money(low), self.money(high)),
        };
        // the ante owed is the largest posted (a short stack posts what it has)
        let ante = lines
            .iter()
            .filter(|l| l.contains(" posts ante ["))
            .filter_map(|l| minor_units(bracketed(l)?, self.decimals))
            .max();
        if let Some(ante) = ante {
            stakes = match stakes.rsplit_once(' ').filter(|_| currency.is_some()) {
                Some((blinds, code)) => format!("{blinds} - Ante {} {code}", self.money(ante)),
                None => format!("{stakes} - Ante {}", self.money(ante)),
            };
        }
        let mut text = format!("{SITE} Hand #{}: ", head.id);
        if let Some((number, buy_in)) = head.tournament {
            text.push_str(&format!(
                "Tournament #{number}, {} ",
                buy_in.replace(' ', "")
            ));
        }
        text.push_str(&format!("{} {} ({stakes})", head.game, head.structure));
        if let Some(date) = &head.date {
            text.push_str(&format!(" - {date}"));
        }
        Ok(text)
    }

    /// The player a line starts with (the longest name that fits; an unnamed seat's line starts
    /// with its verb) and the rest of it.
    fn who<'l>(&self, line: &'l str) -> Option<(usize, &'l str)> {
        let named = speaker(&self.names, line);
        named.or_else(|| {
            // `Seat 2:  ( $895 )`: the unnamed player's lines start with the verb
            let verbs = [
                "posts ", "folds", "checks", "calls ", "bets ", "raises ", "shows ", "mucks ",
            ];
            verbs.iter().find(|v| line.starts_with(*v))?;
            let unnamed = self.names.iter().position(|n| n.starts_with("Seat "))?;
            Some((unnamed, line))
        })
    }

    /// The family's line for one of 888's.
    fn line(&mut self, i: usize, line: &str) -> Result<String, ReadError> {
        if let Some(&(_, marker)) = MARKERS.iter().find(|(m, _)| line.starts_with(m)) {
            self.dealing = true;
            if marker != "*** HOLE CARDS ***" {
                self.rounds.next_street();
            }
            return Ok(match bracketed(line) {
                Some(board) => format!("{marker} [{}]", cards(board)),
                None => marker.to_string(),
            });
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            let name = rest.split(" [").next().unwrap_or(rest).trim();
            let dealt = bracketed(rest).map(cards).unwrap_or_default();
            let name = if name.is_empty() {
                self.who("").map_or("", |(k, _)| &self.names[k])
            } else {
                name
            };
            return Ok(format!("Dealt to {name} [{dealt}]"));
        }
        if line.starts_with("(Hi: ") || line.starts_with("(Lo: ") {
            return Ok(String::new());
        }
        let Some((who, rest)) = self.who(line) else {
            return Ok(line.to_string()); // the family's reader names it unknown
        };
        let name = self.names[who].clone();
        let amount = bracketed(rest);
        let verb = rest.split(" [").next().unwrap_or(rest).trim();
        let what = match verb {
            "folds" => Some(Move::Folds),
            "checks" => Some(Move::Checks),
            "posts small blind" => Some(Move::SmallBlind),
            "posts big blind" => Some(Move::BigBlind),
            "posts ante" | "posts the ante" => Some(Move::Ante),
            "calls" => Some(Move::Calls),
            "bets" => Some(Move::Bets),
            "raises" => Some(Move::Adds),
            _ => None,
        };
        if let Some(what) = what {
            // a fold before the deal: the player sits this hand out (skips the big blind)
            if what == Move::Folds && !self.dealing {
                return Ok(String::new());
            }
            let value = match (what, amount) {
                (Move::Folds | Move::Checks, _) => 0,
                (_, Some(text)) => self.amount(i, text)?,
                (_, None) => return Ok(format!("{name}: {rest}")), // the family's reader names it
            };
            // 888 prints no all-in mark: the family's words say it of a player with no chips left
            return Ok(format!(
                "{name}: {}",
                self.rounds.say(who, what, value, self.decimals)
            ));
        }
        let said = match (verb, amount) {
            ("posts dead blind", Some(text)) => {
                // `[0.50 + 1]`: the small blind dead, the big blind live
                let (small, big) = text.split_once('+').unwrap_or(("0", text));
                let (small, big) = (self.amount(i, small)?, self.amount(i, big)?);
                self.rounds.post_with_dead(who, small, big, self.decimals)
            }
            ("shows", Some(text)) => format!("shows [{}]", cards(text)),
            ("mucks", Some(text)) => format!("mucks hand [{}]", cards(text)),
            ("did not show his hand", _) => "doesn't show hand".to_string(),
            ("collected", Some(text)) => {
                // the uncalled bet, where the log counts it in what its player collects
                let mut value = self.amount(i, text)?;
                if let Some((back, amount)) = self.uncalled.filter(|&(back, _)| back == who) {
                    value -= amount;
                    self.uncalled = Some((back, 0));
                }
                self.collected += value;
                return Ok(format!("{name} collected {} from pot", self.money(value)));
            }
            _ => rest.to_string(), // the family's reader names it unknown
        };
        let all_in = if verb.starts_with("posts") && self.rounds.all_in(who) {
            " and is all-in"
        } else {
            ""
        };
        Ok(format!("{name}: {said}{all_in}"))
    }
}
