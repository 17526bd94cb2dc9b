//! Each line of a Bovada hand as the PokerStars family's line (or lines) that say the same: the
//! header with its stakes, `NAME: action` lines, `Dealt to` lines, collects and the summary's total;
//! and, in the logs that print no street markers, the markers where each betting round ends.

use super::stakes::{self, big_blind, bring_in, small_blind, Units};
use super::{Head, SeatLine, HERO, ME};
use crate::read::errors::ReadError;
use crate::read::rounds::Rounds;
use crate::read::translated::Translated;

/// The family's markers of stud's streets.
const STUD_STREETS: [&str; 5] = [
    "3rd STREET",
    "4th STREET",
    "5th STREET",
    "6th STREET",
    "RIVER",
];

/// Bovada's stud street markers (newer logs print them: `*** 3RD STREET ***`; older ones none, or
/// `*** HOLE CARDS ***` for the third), by index in [`STUD_STREETS`].
const STUD_MARKERS: [(&str, usize); 7] = [
    ("HOLE CARDS", 0),
    ("3RD STREET", 0),
    ("4TH STREET", 1),
    ("5TH STREET", 2),
    ("6TH STREET", 3),
    ("7TH STREET", 4),
    ("RIVER", 4),
];

/// The board streets of a log without street markers: (marker, cards it deals).
const BOARD_STREETS: [(&str, usize); 3] = [("FLOP", 3), ("TURN", 1), ("RIVER", 1)];

/// The family's lines of a hand, each with the index of the log's line it comes from.
pub struct Translation<'h> {
    head: &'h Head<'h>,
    units: Units,
    /// The player names of the seats, in order.
    pub names: Vec<String>,
    rounds: Rounds,
    summary: bool,
    pub button: Option<u64>,
    /// What the players collect (`Hand Result`): the rake is what the total pot has over it.
    collected: i64,
    /// The cards dealt to each player, as the log prints them (`[9c Th]`).
    dealt: Vec<Option<String>>,
    /// A log without street markers: the board (from the summary's `Board [...]`), the index of
    /// that line, and how many of its streets are dealt so far.
    unmarked: Option<(Vec<&'h str>, usize)>,
    streets: usize,
    /// In a hand of antes, the players with no `Ante chip` line (their all-in before the deal is
    /// the ante).
    antes_unposted: Vec<bool>,
    /// The small and big blinds.
    blinds: (i64, i64),
    /// The last action line (a repeat of it is dropped).
    last_action: String,
    /// The seat labelled `Small Blind`.
    small_blind_seat: Option<usize>,
    /// A stud hand: its streets (by index in [`STUD_STREETS`]), whether a betting action came since
    /// the last card dealt, and the bring-in.
    stud: bool,
    stud_street: usize,
    bet_since_deal: bool,
    bring_in: i64,
    /// Past `*** HOLE CARDS ***`: an all-in before it is a blind.
    dealing: bool,
    /// A tournament's `Ranking N` of each seat, so that its `Prize Cash [$X]` line after it can say
    /// the place too.
    ranked: Vec<Option<u32>>,
    pub out: Translated,
}

impl<'h> Translation<'h> {
    pub fn new(head: &'h Head<'h>, seats: &[SeatLine], lines: &[&'h str]) -> Self {
        let names = seats
            .iter()
            .map(|s| {
                if s.hero {
                    HERO.to_string()
                } else {
                    format!("{} #{}", s.label, head.id)
                }
            })
            .collect();
        let units = Units {
            decimals: if head.tournament.is_some() { 0 } else { 2 },
        };
        let stacks = seats
            .iter()
            .map(|s| units.amount(&s.stack).unwrap_or(0))
            .collect();
        Translation {
            head,
            units,
            names,
            rounds: Rounds::new(stacks),
            summary: false,
            button: None,
            collected: 0,
            dealt: vec![None; seats.len()],
            unmarked: unmarked_board(lines),
            streets: 0,
            dealing: false,
            ranked: vec![None; seats.len()],
            stud: head.game.starts_with(super::STUD),
            stud_street: 0,
            bet_since_deal: false,
            bring_in: 0,
            small_blind_seat: seats.iter().position(|s| s.label == "Small Blind"),
            antes_unposted: antes_unposted(seats, lines),
            last_action: String::new(),
            blinds: (0, 0),
            out: Translated::with_capacity(lines.len() + 3),
        }
    }

    pub fn push(&mut self, i: usize, line: String) {
        self.out.push(i, line);
    }

    fn amount(&self, text: &str) -> Result<i64, ReadError> {
        self.units.amount(text)
    }

    fn money(&self, value: i64) -> String {
        self.units.money(value)
    }

    /// The PokerStars header of the hand ([`stakes::header`]); it keeps the blinds.
    pub fn header(&mut self, lines: &[&str]) -> Result<String, ReadError> {
        let (text, blinds) = stakes::header(self.head, lines, &self.units, self.stud)?;
        self.blinds = blinds;
        Ok(text)
    }

    /// The family's lines for line `i` of the log.
    pub fn line(&mut self, i: usize, line: &str, seats: &[SeatLine]) -> Result<(), ReadError> {
        if line.starts_with("***") {
            self.last_action.clear();
            if self.stud {
                if let Some(street) = stud_marker(line) {
                    self.stud_marker(i, street);
                    return Ok(());
                }
            }
            if line.starts_with("*** SUMMARY") {
                self.deal_board(); // a log without markers: the streets the board says were dealt
                self.summary = true;
            } else if line.starts_with("*** HOLE CARDS") {
                self.dealing = true;
            } else {
                self.rounds.next_street();
            }
            self.push(i, line.to_string());
            return Ok(());
        }
        if self.summary {
            let pot = self.summary_line(line)?;
            self.push(i, pot);
            return Ok(());
        }
        let Some((label, verb)) = line.split_once(" : ") else {
            self.push(i, String::new()); // `Table enter user`, `Player Info: ...`
            return Ok(());
        };
        if verb.starts_with("Set dealer") {
            // `Set dealer [6]`, `Set dealer/Bring in spot [1]`: the button's seat (maybe empty)
            let inner = verb.split('[').nth(1).and_then(|r| r.split(']').next());
            self.button = inner.and_then(|n| n.trim().parse().ok()).or(self.button);
            self.push(i, String::new());
            return Ok(());
        }
        let hero = label.contains(ME);
        let Some(who) = seats
            .iter()
            .position(|s| super::same_label(label, &s.label) && (s.hero || !hero))
        else {
            // not seated: the family's reader says so
            self.push(i, format!("{}: {verb}", super::normal_label(label)));
            return Ok(());
        };
        // Some logs print an action again and again (`Dealer : Raises 450 to 450` fifteen times):
        // a player cannot act twice in a row in a round (nor collect a pot twice), so a repeat of the
        // line before says nothing, unless it starts the next street of a log without markers
        let next_street = self.unmarked.is_some() && self.rounds.over();
        if self.last_action == line && !next_street {
            self.push(i, String::new());
            return Ok(());
        }
        if self.stud && verb.starts_with("Card dealt") && std::mem::take(&mut self.bet_since_deal) {
            // stud: the first card dealt after the betting starts the next street
            self.stud_street += 1;
            self.rounds.next_street();
            let street = STUD_STREETS
                .get(self.stud_street)
                .copied()
                .unwrap_or("RIVER");
            self.push(i, format!("*** {street} ***"));
        }
        let said = self.action(who, verb.trim())?;
        if !said.is_empty() {
            self.last_action.clear();
            self.last_action.push_str(line);
        }
        self.push(i, said);
        Ok(())
    }

    /// A stud street's marker (`*** 3RD STREET ***`, `*** HOLE CARDS ***`): the family's, the
    /// betting round moved on to it (a card dealt after it is of that street).
    fn stud_marker(&mut self, i: usize, street: usize) {
        self.dealing = true;
        if street > self.stud_street {
            self.stud_street = street;
            self.rounds.next_street();
        }
        self.bet_since_deal = false;
        self.push(i, format!("*** {} ***", STUD_STREETS[self.stud_street]));
    }

    /// Whether a stud bet on third street completes the bring-in.
    fn completes(&self) -> bool {
        self.stud
            && self.stud_street == 0
            && self.bring_in > 0
            && self.rounds.bet() == self.bring_in
    }

    /// The markers of the board streets not dealt yet, in a log without markers.
    fn deal_board(&mut self) {
        let Some((board, at)) = self.unmarked.take() else {
            return;
        };
        while self.next_board_street(&board, at) {}
        self.unmarked = Some((board, at));
    }

    /// The next board street's marker, if the board has its cards.
    fn next_board_street(&mut self, board: &[&str], at: usize) -> bool {
        let Some(&(name, _)) = BOARD_STREETS.get(self.streets) else {
            return false;
        };
        let dealt: usize = BOARD_STREETS[..=self.streets].iter().map(|s| s.1).sum();
        if board.len() < dealt {
            return false;
        }
        let before: usize = dealt - BOARD_STREETS[self.streets].1;
        let marker = if before == 0 {
            format!("*** {name} *** [{}]", board[..dealt].join(" "))
        } else {
            format!(
                "*** {name} *** [{}] [{}]",
                board[..before].join(" "),
                board[before..dealt].join(" ")
            )
        };
        self.streets += 1;
        self.rounds.next_street();
        self.push(at, marker);
        true
    }

    /// Before a betting action of a log without markers: the next street's marker when the round
    /// before it is over.
    fn before_betting(&mut self) {
        self.bet_since_deal = true;
        if self.unmarked.is_some() && self.rounds.over() {
            if let Some((board, at)) = self.unmarked.take() {
                self.next_board_street(&board, at);
                self.unmarked = Some((board, at));
            }
        }
    }

    /// The family's line for a player's action.
    fn action(&mut self, who: usize, verb: &str) -> Result<String, ReadError> {
        let name = self.names[who].clone();
        let verb: std::borrow::Cow<str> =
            if verb.contains("timeout") || verb.contains("Disconnected") {
                verb.replace("(timeout)", "")
                    .replace("-timeout", "")
                    .replace("(Blind Disconnected)", "")
                    .into()
            } else {
                verb.into()
            };
        let verb = verb.trim();
        let first_word = verb.split([' ', '(']).next().unwrap_or("");
        // some logs write `bets`, `raises` (the site's grammar allows either case of their first letter)
        let first_word = match first_word {
            "bets" => "Bets",
            "raises" => "Raises",
            word => word,
        };
        let last = verb.rsplit(' ').next().unwrap_or("");
        if matches!(
            first_word,
            "Folds" | "Fold" | "Checks" | "Call" | "Calls" | "Bets" | "Raises" | "All-in"
        ) {
            self.before_betting();
        }
        if matches!(first_word, "Showdown" | "Mucks" | "Does" | "Hand") {
            self.deal_board();
        }
        if let Some(finish) = self.finish(who, &name, first_word, verb) {
            return Ok(finish);
        }
        let said = match first_word {
            // a player's coming and going; a tournament's prizes, ranks and knock-out bounties
            // (`BOUNTY PRIZE [$5]`: paid by the tournament, not out of the pot)
            "Table" | "Seat" | "Stand" | "Re-join" | "Sit" | "Sitout" | "Enter" | "Leave"
            | "Rebuyin" | "Addon" | "Prize" | "Draw" | "Ranking" | "BOUNTY" => {
                return Ok(String::new())
            }
            "Card" => {
                let cards = verb.find('[').map_or("", |at| &verb[at..]);
                let inner = cards.trim_matches(['[', ']']);
                self.dealt[who] = Some(match self.dealt[who].take() {
                    Some(before) => format!("{before} {inner}"), // stud: a card a street
                    None => inner.to_string(),
                });
                self.rounds.dealt(who);
                return Ok(format!("Dealt to {name} {cards}"));
            }
            "Folds" | "Fold" => {
                self.rounds.act(who, 0, true);
                match verb.find('[') {
                    Some(at) => format!("folds {}", &verb[at..]),
                    None => "folds".to_string(),
                }
            }
            "Checks" => {
                self.rounds.act(who, 0, false);
                "checks".to_string()
            }
            "Ante" if verb.starts_with("Ante chip ") => {
                self.rounds.ante(who, self.amount(last)?);
                format!("posts the ante {last}")
            }
            "Posts" if verb.starts_with("Posts dead chip ") => {
                // both blinds (the small one dead) or the small blind alone, as dead money
                let amount = self.amount(last)?;
                let (small, big) = self.blinds;
                if amount == small + big {
                    self.rounds.ante(who, small);
                    self.rounds.post(who, big);
                    format!("posts small & big blinds {last}")
                } else {
                    self.rounds.ante(who, amount);
                    format!("posts the ante {last}")
                }
            }
            "Posts" if verb.starts_with("Posts chip ") => {
                // a player coming in posts a blind, live (`Posts chip $5` then `Calls $5`)
                let amount = self.amount(last)?;
                self.rounds.post(who, amount);
                let blind = if amount < self.blinds.1 {
                    "small"
                } else {
                    "big"
                };
                format!("posts {blind} blind {last}")
            }
            "Call" | "Calls" => {
                self.rounds.act(who, self.amount(last)?, false);
                format!("calls {last}")
            }
            "Bets" | "Double" if self.completes() => {
                // stud: a bet over the bring-in on third street completes it
                let to = self.rounds.put_in(who) + self.amount(last)?;
                self.rounds.act(who, to - self.rounds.put_in(who), false);
                format!("completes it to {}", self.money(to))
            }
            "Bets" | "Double" if !verb.starts_with("Double rebuys") => {
                self.rounds.act(who, self.amount(last)?, false);
                format!("bets {last}")
            }
            "Double" => return Ok(String::new()), // `Double rebuys 3000`
            "Raises" => self.raise(who, verb, "")?,
            "All-in" if verb.starts_with("All-in(raise)") => {
                self.raise(who, verb, " and is all-in")?
            }
            "All-in" if !self.dealing && self.antes_unposted[who] => {
                // the ante posted all in, in a hand of antes where this player posts none
                self.rounds.ante(who, self.amount(last)?);
                format!("posts the ante {last} and is all-in")
            }
            "All-in" if !self.dealing => {
                // a blind posted all in: `Big Blind : All-in 1003`
                self.rounds.post(who, self.amount(last)?);
                let blind = if self.small_blind_seat == Some(who) {
                    "small blind"
                } else {
                    "big blind"
                };
                format!("posts {blind} {last} and is all-in")
            }
            "All-in" => self.all_in(who, self.amount(last)?),
            "Return" => {
                self.rounds.returned(who, self.amount(last)?);
                return Ok(format!("Uncalled bet ({last}) returned to {name}"));
            }
            "Hand" => {
                self.collected += self.amount(last)?;
                let side = verb.to_ascii_lowercase().contains("side pot");
                let pot = if side { "side pot" } else { "pot" };
                return Ok(format!("{name} collected {last} from {pot}"));
            }
            "Does" => "doesn't show hand".to_string(),
            // `Showdown [Td Tc Jh 8c 7c]` prints the best five: the cards shown are the ones dealt
            "Showdown" | "Mucks" => {
                let Some(cards) = self.dealt[who].as_ref().map(|c| format!("[{c}]")) else {
                    return Ok(String::new());
                };
                if first_word == "Mucks" {
                    format!("mucks hand {cards}")
                } else {
                    let desc = verb.rfind(" (").map_or("", |at| &verb[at..]);
                    format!("shows {cards}{desc}")
                }
            }
            _ if self.stud && bring_in(verb).or(big_blind(verb)).is_some() => {
                // stud: `Bring_in chip 5`, `Bring in $1`, `Big blind/Bring in 5`
                let amount = bring_in(verb).or(big_blind(verb)).unwrap_or("");
                self.bring_in = self.amount(amount)?;
                self.rounds.post(who, self.bring_in);
                format!("brings in for {amount}")
            }
            _ => {
                if let Some(amount) = small_blind(verb) {
                    self.rounds.post(who, self.amount(amount)?);
                    format!("posts small blind {amount}")
                } else if let Some(amount) = big_blind(verb) {
                    self.rounds.post(who, self.amount(amount)?);
                    format!("posts big blind {amount}")
                } else {
                    verb.to_string() // the family's reader names it unknown
                }
            }
        };
        Ok(format!("{name}: {said}"))
    }

    /// `Raises X to Y`, `All-in(raise) X to Y`, and in older logs `Raises Y`: the last amount is
    /// the total the player raises to.
    /// A tournament's `Ranking 6` as the family's `NAME finished the tournament in 6th place`, and
    /// its `Prize Cash [$20]` after it as the same with ` and received $20.` (the family's reader keeps
    /// the prize and the place).
    fn finish(&mut self, who: usize, name: &str, first_word: &str, verb: &str) -> Option<String> {
        self.head.tournament.as_ref()?;
        let rest = verb[first_word.len()..].trim();
        match first_word {
            "Ranking" => {
                let place: u32 = rest.parse().ok()?;
                self.ranked[who] = Some(place);
                Some(format!(
                    "{name} finished the tournament in {} place",
                    crate::read::ordinal(place)
                ))
            }
            "Prize" => {
                let place = self.ranked[who]?;
                let prize = rest.strip_prefix("Cash")?.trim();
                let prize = prize.strip_prefix('[')?.strip_suffix(']')?;
                Some(format!(
                    "{name} finished the tournament in {} place and received {prize}.",
                    crate::read::ordinal(place)
                ))
            }
            _ => None,
        }
    }

    fn raise(&mut self, who: usize, verb: &str, flag: &str) -> Result<String, ReadError> {
        let to = self.amount(verb.rsplit(' ').next().unwrap_or(""))?;
        let (bet, before) = (self.rounds.bet(), self.rounds.put_in(who));
        let completes = self.completes();
        self.rounds.act(who, to - before, false);
        if completes {
            return Ok(format!("completes it to {}{flag}", self.money(to)));
        }
        if bet == 0 {
            // `All-in(raise) 22` with nothing bet: a bet
            return Ok(format!("bets {}{flag}", self.money(to - before)));
        }
        Ok(format!(
            "raises {} to {}{flag}",
            self.money(to - bet),
            self.money(to)
        ))
    }

    /// `All-in N` (what it adds): a bet when nothing is bet, a call when it does not pass the bet,
    /// else a raise.
    fn all_in(&mut self, who: usize, amount: i64) -> String {
        let (before, bet) = (self.rounds.put_in(who), self.rounds.bet());
        self.rounds.act(who, amount, false);
        if bet == 0 {
            format!("bets {} and is all-in", self.money(amount))
        } else if before + amount <= bet {
            format!("calls {} and is all-in", self.money(amount))
        } else {
            let to = before + amount;
            format!(
                "raises {} to {} and is all-in",
                self.money(to - bet),
                self.money(to)
            )
        }
    }

    /// The family's summary line for one of Bovada's: `Total Pot($0.75) | Rake ($0.05)` →
    /// `Total pot $0.75 | Rake $0.05`. Most logs print no rake: it is what the total pot has over
    /// what the players collect. The seat lines say nothing the actions do not.
    fn summary_line(&self, line: &str) -> Result<String, ReadError> {
        let Some(rest) = line.strip_prefix("Total Pot(") else {
            let board = line.starts_with("Board ");
            return Ok(if board {
                line.to_string()
            } else {
                String::new()
            });
        };
        let (pot, rest) = rest.split_once(')').unwrap_or((rest, ""));
        let printed = rest
            .split_once("Rake (")
            .and_then(|(_, r)| r.split(')').next());
        let rake = match printed {
            Some(printed) => printed.to_string(),
            None => self.money(self.amount(pot)? - self.collected),
        };
        Ok(format!("Total pot {pot} | Rake {rake}"))
    }
}

/// The board of a log that prints no street markers (and the index of its `Board [...]` line);
/// None when the log has markers.
fn unmarked_board<'a>(lines: &[&'a str]) -> Option<(Vec<&'a str>, usize)> {
    let marked = lines.iter().any(|l| {
        l.starts_with("*** ") && !l.starts_with("*** HOLE CARDS") && !l.starts_with("*** SUMMARY")
    });
    if marked {
        return None;
    }
    let at = lines.iter().position(|l| l.starts_with("Board ["))?;
    let inner = lines[at]["Board [".len()..].split(']').next()?;
    Some((inner.split_whitespace().collect(), at))
}

/// The index in [`STUD_STREETS`] of a stud street marker line (any case: `*** 3RD STREET ***`).
fn stud_marker(line: &str) -> Option<usize> {
    let name = line.trim_matches(['*', ' ']);
    STUD_MARKERS
        .iter()
        .find(|(marker, _)| marker.eq_ignore_ascii_case(name))
        .map(|&(_, street)| street)
}

/// In a hand of antes, whether each seat posts none (its label has no `Ante chip` line).
fn antes_unposted(seats: &[SeatLine], lines: &[&str]) -> Vec<bool> {
    let posting: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once(" : "))
        .filter(|(_, verb)| verb.starts_with("Ante chip "))
        .map(|(label, _)| label)
        .collect();
    seats
        .iter()
        .map(|s| !posting.is_empty() && !posting.iter().any(|l| super::same_label(l, &s.label)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stud_markers_in_any_case_and_the_older_hole_cards() {
        assert_eq!(stud_marker("*** 3RD STREET ***"), Some(0));
        assert_eq!(stud_marker("*** HOLE CARDS ***"), Some(0));
        assert_eq!(stud_marker("*** 5th Street ***"), Some(2));
        assert_eq!(stud_marker("*** 7TH STREET ***"), Some(4));
        assert_eq!(stud_marker("*** FLOP *** [2c 3d 4h]"), None);
        assert_eq!(stud_marker("*** SUMMARY ***"), None);
    }

    #[test]
    fn bring_ins_in_every_wording() {
        assert_eq!(bring_in("Bring_in chip 5"), Some("5"));
        assert_eq!(bring_in("Bring in $0.25"), Some("$0.25"));
        assert_eq!(bring_in("Big blind/Bring in 5"), None); // a big blind's words: [`big_blind`]
        assert_eq!(big_blind("Big blind/Bring in 5"), Some("5"));
    }
}
