//! Each line of a Winamax hand as the PokerStars family's line that says the same.

use super::{Head, AMOUNTS, SITE};
use crate::read::errors::ReadError;
use crate::read::rounds::Rounds;
use crate::read::translated::{amount_text, speaker, Translated};

/// The family's lines of a hand.
pub struct Translation<'h> {
    head: &'h Head<'h>,
    first_line: u64,
    names: Vec<String>,
    summary: bool,
    /// Within `*** ANTE/BLINDS ***`: what a player puts in there is a forced bet, whatever the
    /// line's verb.
    forced: bool,
    /// The betting, for the bet nobody called (Winamax prints none: it is in the pot and in what
    /// its player collects) and the total before the rake (Winamax prints the total after it).
    rounds: Rounds,
    decimals: u8,
    /// The uncalled bet given back: (who, what is still to take off what that player collects).
    uncalled: Option<(usize, i64)>,
    settled: bool,
    /// The uncalled bet Winamax's printed total counts.
    in_total: i64,
    pub out: Translated,
}

/// Winamax's street markers that are not the family's, and the family's (none: the line says nothing).
const MARKERS: [(&str, &str); 13] = [
    ("THIRD", "3rd STREET"),
    ("FOURTH", "4th STREET"),
    ("FIFTH", "5th STREET"),
    ("SIXTH", "6th STREET"),
    ("SEVENTH", "RIVER"),
    ("7th STREET", "RIVER"),
    ("FIRST-BET", "DEALING HANDS"),
    ("FIRST-DRAW", "FIRST DRAW"),
    ("SECOND-DRAW", "SECOND DRAW"),
    ("THIRD-DRAW", "THIRD DRAW"),
    ("SECOND-BET", ""),
    ("THIRD-BET", ""),
    ("FOURTH-BET", ""),
];

/// A deal line without a stud player's hidden cards, which Winamax writes `X` and the family leaves
/// out: `Dealt to P [X X 8h]` → `Dealt to P [8h]`; a line whose new cards are hidden
/// (`[X X 9h Kh Kd Qc] [X]`) says nothing.
pub(super) fn without_hidden(line: &str) -> String {
    if !line.contains('X') {
        return line.to_string();
    }
    let (head, groups) = line.split_once('[').unwrap_or((line, ""));
    let shown: Vec<String> = groups
        .split('[')
        .map(|g| {
            let cards = g.trim().trim_end_matches(']').split_whitespace();
            cards.filter(|c| *c != "X").collect::<Vec<_>>().join(" ")
        })
        .collect();
    // the last group is the street's new cards: hidden, the line deals nothing the family shows
    if shown.last().is_none_or(String::is_empty) {
        return String::new();
    }
    let shown: Vec<String> = shown
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|g| format!("[{g}]"))
        .collect();
    format!("{}{}", head, shown.join(" "))
}

impl<'h> Translation<'h> {
    pub fn new(head: &'h Head<'h>, lines: usize, first_line: u64) -> Self {
        Translation {
            head,
            first_line,
            names: Vec::new(),
            summary: false,
            forced: false,
            rounds: Rounds::new(Vec::new()),
            decimals: if head.buy_in.is_some() { 0 } else { 2 },
            uncalled: None,
            settled: false,
            in_total: 0,
            out: Translated::with_capacity(lines),
        }
    }

    /// Every line of the hand, in the family's words.
    pub fn translate(&mut self, lines: &[&str]) -> Result<(), ReadError> {
        // tournament chips are whole, unless a stack has cents (`Seat 3: Player2 (7410.50)`)
        let cents = lines.iter().take_while(|l| !l.starts_with("***")).any(|l| {
            l.starts_with("Seat ")
                && l.rsplit_once(" (")
                    .is_some_and(|(_, stack)| stack.contains('.'))
        });
        if cents {
            self.decimals = 2;
        }
        let table = lines.get(1).and_then(|l| l.strip_prefix("Table: "));
        let header = self
            .header(table.unwrap_or(""))
            .map_err(|e| e.at(self.first_line))?;
        self.out.push(0, header);
        let mut i = 1;
        if let Some(table) = table {
            let table = table
                .replace(" (real money)", "")
                .replace(" (play money)", "");
            // `Seat #2 is the button`, `Seat 0000005 is the button`; seat 0 is none
            let table = match table.split_once(" Seat ") {
                Some((before, after)) => {
                    let number = after
                        .trim_start_matches('#')
                        .trim_end_matches(" is the button");
                    match number.parse::<u32>() {
                        Ok(0) | Err(_) => before.to_string(),
                        Ok(n) => format!("{before} Seat #{n} is the button"),
                    }
                }
                None => table,
            };
            self.out.push(1, format!("Table {table}"));
            i = 2;
        }
        while let Some(seat) = lines.get(i).and_then(|l| l.strip_prefix("Seat ")) {
            let Some((number, rest)) = seat.split_once(": ") else {
                break;
            };
            let Some((name, stack)) = rest.rsplit_once(" (") else {
                break;
            };
            let stack = stack.trim_end_matches(')').split(',').next().unwrap_or("");
            let stack = self
                .plain(stack)
                .map_err(|e| e.at(self.first_line + i as u64))?;
            self.out
                .push(i, format!("Seat {number}: {name} ({stack} in chips)"));
            self.names.push(name.to_string());
            i += 1;
        }
        self.rounds = Rounds::new(vec![i64::MAX; self.names.len()]);
        for (k, line) in lines.iter().enumerate().skip(i) {
            let said = self.line(k, line, lines).map_err(|e| match e.line {
                Some(_) => e,
                None => e.at(self.first_line + k as u64),
            })?;
            self.out.push(k, said);
        }
        Ok(())
    }

    /// The PokerStars header: game, stakes (an ante first when there are three), tournament, start.
    fn header(&self, table: &str) -> Result<String, ReadError> {
        let head = self.head;
        let parts = head
            .stakes
            .split('/')
            .map(|part| self.plain(part))
            .collect::<Result<Vec<String>, ReadError>>()?;
        let euro = head.stakes.contains('€');
        let money = |amount: &String| {
            if euro {
                format!("€{amount}")
            } else {
                amount.clone()
            }
        };
        let (ante, low, high) = match &parts[..] {
            [ante, low, high] => (Some(ante), low, high),
            [low, high] => (None, low, high),
            _ => (None, &parts[0], &parts[0]),
        };
        let mut stakes = format!("{}/{}", money(low), money(high));
        if let Some(ante) = ante {
            stakes.push_str(&format!(" - Ante {}", money(ante)));
        }
        let mut text = format!("{SITE} Hand #{}: ", head.id);
        if let Some(buy_in) = head.buy_in {
            // the tournament's id is in its table's name: 'Freeroll 5€(5142226)#005'
            let id = table
                .rsplit_once('(')
                .and_then(|(_, r)| r.split(')').next())
                .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
                .unwrap_or(head.id);
            text.push_str(&format!("Tournament #{id}, {} ", buy_in.replace(' ', "")));
        }
        text.push_str(&head.game);
        if let Some(level) = head.level {
            text.push_str(&format!(" - Level {level}"));
        }
        text.push_str(&format!(" ({stakes}) - {}", head.date));
        Ok(text)
    }

    /// The family's line for one of Winamax's.
    fn line(&mut self, i: usize, line: &str, lines: &[&str]) -> Result<String, ReadError> {
        let collects = line.contains(" collected ");
        if line.starts_with("*** SHOW DOWN") || line.starts_with("*** SUMMARY") || collects {
            self.settle(i, lines);
        }
        if line.starts_with("***") {
            self.forced = line.starts_with("*** ANTE/BLINDS");
            if line.starts_with("*** SUMMARY") {
                self.summary = true;
            }
            if line.starts_with("*** ANTE/BLINDS") {
                return Ok(String::new());
            }
            // Winamax's names of stud's streets and a draw game's rounds (`*** THIRD ***`, `*** 7th
            // STREET ***`, `*** FIRST-BET ***`, `*** FIRST-DRAW ***`); the betting after a draw is the
            // draw's street
            let inner = line.trim_matches(['*', ' ']);
            if let Some(&(_, family)) = MARKERS.iter().find(|(name, _)| *name == inner) {
                if !family.is_empty() && family != "3rd STREET" && family != "DEALING HANDS" {
                    self.rounds.next_street();
                }
                return Ok(if family.is_empty() {
                    String::new()
                } else {
                    format!("*** {family} ***")
                });
            }
            let street = !line.starts_with("*** PRE-FLOP") && !line.starts_with("*** SHOW DOWN");
            if street {
                self.rounds.next_street();
            }
            return Ok(line.replace("][", "] ["));
        }
        if self.summary {
            return self.summary_line(i, line);
        }
        if line.starts_with("Dealt to ") {
            return Ok(without_hidden(line));
        }
        let Some((who, rest)) = speaker(&self.names, line) else {
            return Ok(line.to_string()); // the family's reader knows it or names it
        };
        let name = self.names[who].clone();
        let rest = rest.replace(['€', '$'], "");
        // a hi/lo pot's halves: `collected 114€ from pot(HI)`
        let rest = rest.replace("(HI)", "").replace("(LO)", "");
        if let Some(amount) = rest.strip_prefix("collected ") {
            // the uncalled bet, where it is in what its player collects
            let (amount, pot) = amount.split_once(' ').unwrap_or((amount, ""));
            let mut value = self.amount(amount)?;
            if let Some((back, owed)) = self.uncalled.filter(|&(back, _)| back == who) {
                value -= owed;
                self.uncalled = Some((back, 0));
            }
            return Ok(format!("{name} collected {} {pot}", self.money(value)));
        }
        if let Some(to) = self.forced.then(|| forced_raise(&rest)).flatten() {
            // `raises 1 to 3` among the blinds (a player coming in posting both blinds): a post
            return self.post_both(who, &name, to);
        }
        self.track(who, &rest);
        if let Some(amount) = rest.strip_suffix(" out of position") {
            return Ok(self.out_of_position(&name, amount));
        }
        if rest.starts_with("stands pat") || rest.starts_with("discards ") {
            // a draw with its cards hidden (`stands pat [X X X X X]`) still draws
            let line = format!("{name}: {rest}");
            let shown = without_hidden(&line);
            let unseen = line.split(" [").next().unwrap_or(&line).to_string();
            return Ok(if shown.is_empty() { unseen } else { shown });
        }
        if let Some(amount) = rest.strip_prefix("bring-in ") {
            return Ok(format!("{name}: brings in for {amount}"));
        }
        if rest == "denies big blind" {
            return Ok(String::new());
        }
        if let Some(amount) = rest
            .strip_prefix("brings in ")
            .filter(|a| !a.starts_with("for "))
        {
            return Ok(format!("{name}: brings in for {amount}"));
        }
        if let Some(amount) = rest.strip_prefix("posts ante ") {
            return Ok(format!("{name}: posts the ante {amount}"));
        }
        Ok(format!("{name}: {rest}"))
    }
}

/// The total of `raises 1 to 3` (`3`), of a line that is one.
fn forced_raise(rest: &str) -> Option<&str> {
    let (_, to) = rest.strip_prefix("raises ")?.split_once(" to ")?;
    Some(to.trim_end_matches(" and is all-in"))
}

impl Translation<'_> {
    /// An amount as Winamax writes it (`1.50€`, `2k`), in minor units; the error names the text.
    fn amount(&self, text: &str) -> Result<i64, ReadError> {
        let text = text.trim_end_matches(" and is all-in");
        AMOUNTS.parse(text, self.decimals)
    }

    /// An amount as the family writes it: `1.50€` → `1.50`, `2k` → `2000`, `10` → `10.00` in a game
    /// in cents.
    fn plain(&self, text: &str) -> Result<String, ReadError> {
        Ok(self.money(self.amount(text)?))
    }

    fn money(&self, value: i64) -> String {
        amount_text(value, self.decimals)
    }

    /// What an action puts in (`calls 2`, `bets 2`, `raises 2 to 4`, `posts big blind 2`); an amount
    /// that is not one counts nothing here: the family's reader reads the same line and names it.
    fn track(&mut self, who: usize, rest: &str) {
        let words: Vec<&str> = rest.split(' ').collect();
        let value = |text: &str| self.amount(text).unwrap_or(0);
        match words[..] {
            ["posts", "ante", amount, ..] => {
                let amount = value(amount);
                self.rounds.ante(who, amount)
            }
            ["posts", "small" | "big", "blind", amount, ..] => {
                let amount = value(amount);
                self.rounds.post(who, amount)
            }
            ["calls" | "bets", amount, ..] => {
                let amount = value(amount);
                self.rounds.act(who, amount, false)
            }
            ["raises", _, "to", to, ..] => {
                let added = value(to) - self.rounds.put_in(who);
                self.rounds.act(who, added, false);
            }
            ["brings", "in", amount, ..] | ["completes", "to", amount, ..] => {
                let added = value(amount) - self.rounds.put_in(who);
                self.rounds.post(who, added.max(0));
            }
            _ => {}
        }
    }

    /// Before the first collect, the showdown or the summary: the bet nobody called, given back.
    fn settle(&mut self, i: usize, lines: &[&str]) {
        if std::mem::replace(&mut self.settled, true) {
            return;
        }
        let Some((who, amount)) = self.rounds.uncalled() else {
            return;
        };
        self.rounds.returned(who, amount);
        let name = self.names[who].clone();
        let line = format!("Uncalled bet ({}) returned to {name}", self.money(amount));
        self.out.push(i, line);
        // Winamax's total is after the rake and counts the uncalled bet: what is collected
        let collects: i64 = lines[i..]
            .iter()
            .filter_map(|l| l.split_once(" collected "))
            // a collect that is not an amount is named when its line is read
            .map(|(_, rest)| {
                self.amount(rest.split(' ').next().unwrap_or(""))
                    .unwrap_or(0)
            })
            .sum();
        if collects > self.rounds.pot() {
            self.uncalled = Some((who, amount));
            self.in_total = amount;
        }
    }

    /// A forced post of `amount` that is not a blind of the player's seat: both blinds, the small one
    /// dead, when it is their sum; else dead money, like an ante.
    fn post_both(&mut self, who: usize, name: &str, amount: &str) -> Result<String, ReadError> {
        let value = self.amount(amount)?;
        match self.blinds() {
            Some((small, big)) if value == small + big => {
                self.rounds.ante(who, small);
                self.rounds.post(who, big);
                Ok(format!("{name}: posts small & big blinds {amount}"))
            }
            _ => {
                self.rounds.ante(who, value);
                Ok(format!("{name}: posts the ante {amount}"))
            }
        }
    }

    /// The header's small and big blinds, where it gives both.
    fn blinds(&self) -> Option<(i64, i64)> {
        let parts: Vec<&str> = self.head.stakes.split('/').collect();
        match &parts[..] {
            [.., small, big] => self.amount(small).ok().zip(self.amount(big).ok()),
            _ => None,
        }
    }

    /// `posts small blind 3 out of position` (both blinds, the small one dead, when it is their sum;
    /// else the small blind, dead), `posts big blind 0 out of position` (nothing more).
    fn out_of_position(&self, name: &str, posted: &str) -> String {
        let blinds = self.blinds().map(|(small, big)| small + big);
        let value = |text: &str| self.amount(text).ok();
        if let Some(amount) = posted.strip_prefix("posts small blind ") {
            if blinds.is_some() && value(amount) == blinds {
                return format!("{name}: posts small & big blinds {amount}");
            }
            return format!("{name}: posts the ante {amount}");
        }
        match posted.strip_prefix("posts big blind ") {
            Some(amount) if value(amount) == Some(0) => String::new(),
            _ => format!("{name}: {posted}"),
        }
    }

    /// `Total pot 15.48€ | Rake 0.52€`, `Total pot 2k | No rake` in the family's words; the other
    /// summary lines say nothing the actions do not.
    fn summary_line(&self, i: usize, line: &str) -> Result<String, ReadError> {
        let Some(rest) = line.strip_prefix("Total pot ") else {
            return Ok(String::new());
        };
        // Winamax's total is after the rake and counts an uncalled bet: the family's is neither
        let mut parts = rest.split(" | ");
        let printed = self.amount(parts.next().unwrap_or(""))?;
        let rake = match parts.next().map(str::trim) {
            None | Some("No rake") => 0,
            Some(part) => match part.strip_prefix("Rake ") {
                Some(rake) => self.amount(rake)?,
                None => {
                    return Err(ReadError::malformed("unreadable summary part")
                        .at(self.first_line + i as u64)
                        .expected("'Total pot X | Rake Y'")
                        .actual(line))
                }
            },
        };
        let pot = printed + rake - self.in_total;
        let said = format!("Total pot {} | Rake {}", self.money(pot), self.money(rake));
        Ok(said)
    }
}
