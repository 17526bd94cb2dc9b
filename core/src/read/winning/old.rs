//! Winning's logs of before 2019, told to the builder of the hand ([`crate::read::events`]).
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
//!
//! The hand is read in two passes. The first reads every line for what it says ([`Said`], each
//! with its line's index), following the betting to name each move as the family would
//! ([`Rounds::moved`]): a fault of the log's own words (an amount that is none, a player without a
//! seat who collects) is named there, before any other. The second ([`tell`]) tells the builder
//! what was said, in the family's order: the header's facts, the seats in table order, the body,
//! the summary's total. Cards dealt one line each are told as one deal per player and street, on
//! the line after the last of them.

use super::SITE;
use crate::model::Hand;
use crate::read::errors::{Kind, ReadError};
use crate::read::events::Act;
use crate::read::events::{located, speaker};
use crate::read::patterns::split_colon;
use crate::read::rounds::{Move, Rounds};
use crate::read::search;
use crate::read::values::parse_amount;
use crate::read::{HandText, Lookups};
use crate::said::Said as Message;
use crate::say;
use head::{head, Head};

mod head;
mod summary;
mod tell;

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
/// Board streets, and stud's (named one street late), with the family's names of them.
const BOARD: [(&str, &str); 3] = [
    ("*** FLOP ***:", "FLOP"),
    ("*** TURN ***:", "TURN"),
    ("*** RIVER ***:", "RIVER"),
];
const STUD: [(&str, &str); 4] = [
    ("*** Third street ***", "4th STREET"),
    ("*** Fourth street ***", "5th STREET"),
    ("*** Fifth street ***", "6th STREET"),
    ("*** Sixth street ***", "RIVER"),
];
const SUMMARY: &str = "------ Summary ------";
/// What a line that deals a card says after the name (`received card: [Ad]`, `received a card.`).
const RECEIVED: &str = " received ";
/// Whether a line deals a card (holds [`RECEIVED`]; its `v`, rare in the log's lines, looked for).
fn received(line: &str) -> bool {
    search::find_keyed(line, RECEIVED, 6).is_some()
}

/// What the big blind's line says after the name, before the amount: `has big blind (2)`.
const BIG_BLIND: &str = " has big blind (";
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

/// What a line of the log says (seats are numbered in table order, as [`Reading::names`] lists them).
enum Said<'l> {
    /// The table's line, where the log says the button (else the line after `Game ID`).
    Table,
    /// `Seat 3: Ned (5.59).`: the seat's number as written, the name, the stack, and whether the
    /// player sits the hand out (is dealt no card).
    Seat(&'l str, &'l str, i64, bool),
    /// The hand's first street, where its first cards are dealt (hold'em's hole cards, stud's third).
    FirstStreet,
    /// A street by the family's name, and a board street's cards (the log's last `[..]` group).
    Street(&'static str, Option<&'l str>),
    /// Cards dealt to a player: `known[who][..to]`, of which those from `from` are new.
    Dealt(usize, usize, usize),
    /// A forced bet or a turn, as the family reads it.
    Move(usize, Act<'static>),
    Uncalled(usize, i64),
    /// A player's line in words of no move this reader knows: the words after the name.
    Other(usize, &'l str),
    /// A line that is no player's and no street's, read as the family reads its own.
    Same(&'l str),
    /// The summary's player lines: the showdown, a hand shown (or mucked face up: `true`), a collect.
    Showdown,
    Shows(usize, bool, &'l str),
    Collect(usize, i64),
    Summary,
    /// `Pot: 8.15. Rake 0.11. JP fee 0.04`: the pot with the house's fees, and the fees.
    Total(i64, i64),
}

impl super::Told for Said<'_> {
    fn same(&self) -> Option<&str> {
        match self {
            Said::Same(line) => Some(line),
            _ => None,
        }
    }

    fn summary(&self) -> bool {
        matches!(self, Said::Summary)
    }
}

/// Read one hand of the old format.
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        ..
    } = hand;
    let head = head(lines, first_line, path)?;
    let mut reading = Reading::new(&head, lines.len(), first_line);
    reading
        .read(lines)
        .map_err(|err| located(err, first_line, head.id))?;
    let mut hand = tell::hand(&reading, hand, lookups)?;
    hand.table = Some(head.table.clone());
    Ok(hand)
}

/// What the lines of a hand say, each with its index.
struct Reading<'h, 'l> {
    head: &'h Head<'l>,
    first_line: u64,
    decimals: u8,
    /// The stakes of the `Game ID` line (`0.01/0.02`), and whether the table plays fixed limit.
    stakes: (i64, i64),
    fixed_limit: bool,
    /// Stud's small bet (the stakes' first amount as written), which a completion reaches.
    small_bet: Option<i64>,
    /// The seat the button line names (as written).
    button: Option<&'l str>,
    /// The seats' names in table order.
    names: Vec<&'l str>,
    /// The seat no line names, for `Player  verb` lines.
    unnamed: Option<usize>,
    rounds: Rounds,
    big_blind: Option<i64>,
    /// The cards each player has been seen to get, and the deals not yet told: (who, card).
    known: Vec<Vec<&'l str>>,
    dealing: Vec<(usize, Option<&'l str>)>,
    /// Stud streets dealt so far (third street's cards open the hand).
    streets: usize,
    said: Vec<(usize, Said<'l>)>,
    /// From the line after the seats (index `body`) to the summary, each `Player ...` line's player
    /// and the rest of it, and whether it deals a card: found once for the pass over the deals and
    /// the body.
    body: usize,
    players: Vec<Player<'l>>,
}

/// A `Player ...` line's player and the rest of it ([`Reading::who`]), and whether it deals a card
/// ([`received`]); a line of no player (not `Player ...`) has neither.
#[derive(Clone, Copy, Default)]
struct Player<'l> {
    who: Option<(usize, &'l str)>,
    received: bool,
}

impl<'h, 'l> Reading<'h, 'l> {
    fn new(head: &'h Head<'l>, lines: usize, first_line: u64) -> Self {
        Reading {
            head,
            first_line,
            decimals: if head.tournament.is_some() { 0 } else { 2 },
            stakes: (0, 0),
            fixed_limit: false,
            small_bet: None,
            button: None,
            names: Vec::new(),
            unnamed: None,
            rounds: Rounds::new(Vec::new()),
            big_blind: None,
            known: Vec::new(),
            dealing: Vec::new(),
            streets: 0,
            said: Vec::with_capacity(lines + 8),
            body: 0,
            players: Vec::new(),
        }
    }

    fn say(&mut self, i: usize, said: Said<'l>) {
        self.said.push((i, said));
    }

    fn amount(&self, i: usize, text: &str) -> Result<i64, ReadError> {
        parse_amount(text.trim(), self.decimals)
            .map_err(|err| err.at(self.first_line + i as u64).actual(text))
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

    fn error(&self, i: usize, line: &str, reason: Message, expected: &str) -> ReadError {
        ReadError::malformed(reason)
            .at(self.first_line + i as u64)
            .expected(expected)
            .actual(line)
    }

    /// What every line of the hand says.
    fn read(&mut self, lines: &[&'l str]) -> Result<(), ReadError> {
        self.read_stakes(lines)?;
        let body = self.head.body;
        let button = lines[body..].iter().take(3).enumerate().find_map(|(k, l)| {
            let seat = l.strip_prefix("Seat ")?.strip_suffix(" is the button")?;
            Some((body + k, seat))
        });
        let (at, seat) = button.unwrap_or((body, ""));
        self.button = Some(seat).filter(|s| !s.is_empty());
        self.say(at, Said::Table);
        let i = self.read_seats(lines)?;
        // the players are found up to the summary, or to the end
        let end = i + self.players.len();
        let summary = (end < lines.len()).then_some(end);
        for (k, line) in lines
            .iter()
            .enumerate()
            .take(summary.unwrap_or(lines.len()))
            .skip(i)
        {
            if line.is_empty() {
                continue;
            }
            // (a deal is told on the first line after it that deals nothing: none is pending mostly)
            if !self.dealing.is_empty() && !self.received(k, line) {
                self.deal(k);
            }
            self.line(k, line)?;
        }
        if let Some(k) = summary {
            self.summary(k, lines)?;
        }
        Ok(())
    }

    /// The stakes of the `Game ID` line, and the structure: a fixed-limit table names its bets, its
    /// big blind the first of them.
    fn read_stakes(&mut self, lines: &[&str]) -> Result<(), ReadError> {
        let head = self.head;
        let at = head.body - 1;
        let (low, high) = head.stakes.split_once('/').unwrap_or(("", head.stakes));
        let (low, high) = (self.amount(at, low)?, self.amount(at, high)?);
        let big_blind = lines
            .iter()
            .find_map(|l| {
                let rest = l.strip_prefix("Player ")?;
                search::find(rest, BIG_BLIND).map(|at| &rest[at + BIG_BLIND.len()..])
            })
            .and_then(|a| parse_amount(a.trim_end_matches(')'), self.decimals).ok());
        self.stakes = (low, high);
        let first = head.stakes.split('/').next().unwrap_or("");
        self.small_bet = parse_amount(first, self.decimals).ok();
        self.fixed_limit = big_blind == Some(low) && !head.stud;
        Ok(())
    }

    /// The seat lines (empty lines and the button's among them), in table order: the index of the
    /// line after them.
    fn read_seats(&mut self, lines: &[&'l str]) -> Result<usize, ReadError> {
        let mut i = self.head.body;
        let mut seats = Vec::new();
        while let Some(line) = lines.get(i) {
            if let Some((seat, rest)) = line.strip_prefix("Seat ").and_then(split_colon) {
                let (name, stack) = match search::rfind(rest, " (") {
                    Some(at) => (&rest[..at], &rest[at + 2..]),
                    None => (rest, ""),
                };
                let stack = self.amount(i, stack.trim_end_matches('.').trim_end_matches(')'))?;
                seats.push((i, seat, stack, name));
            } else if !line.is_empty() && !line.ends_with(" is the button") {
                break;
            }
            i += 1;
        }
        // in table order (a log may list a seat out of it)
        seats.sort_by_key(|s| s.1.parse::<u32>().unwrap_or(u32::MAX));
        self.names = seats.iter().map(|s| s.3).collect();
        self.unnamed = self.unnamed_seat(&lines[i..]);
        // the body's players up to the summary (whose lines are read apart)
        let end = lines[i..].iter().position(|l| *l == SUMMARY);
        let end = end.map_or(lines.len(), |k| k + i);
        self.body = i;
        self.players = lines[i..end].iter().map(|l| self.player(l)).collect();
        // a seat dealt no card sits the hand out
        let mut dealt = vec![false; self.names.len()];
        let past = lines[end..]
            .iter()
            .filter(|l| l.starts_with("Player ") && received(l))
            .map(|l| self.who(&l["Player ".len()..]));
        let body = self.players.iter().filter(|p| p.received).map(|p| p.who);
        for (k, _) in body.chain(past).flatten() {
            dealt[k] = true;
        }
        for (k, &(at, seat, stack, name)) in seats.iter().enumerate() {
            let out = !dealt[k] && Some(k) != self.unnamed;
            self.say(at, Said::Seat(seat, name, stack, out));
        }
        self.known = vec![Vec::new(); self.names.len()];
        self.rounds = Rounds::new(seats.iter().map(|s| s.2).collect());
        Ok(i)
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

    /// A line's [`Player`].
    fn player(&self, line: &'l str) -> Player<'l> {
        let Some(rest) = line.strip_prefix("Player ") else {
            return Player::default();
        };
        let who = self.who(rest);
        // the words after a player follow a space: `received ` there is ` received ` in the line
        let dealt = who.is_some_and(|(_, words)| words.starts_with("received "));
        Player {
            who,
            received: dealt || received(line),
        }
    }

    /// Whether line `i` (after the seats) deals a card.
    fn received(&self, i: usize, line: &str) -> bool {
        match self.players.get(i.wrapping_sub(self.body)) {
            Some(player) if line.starts_with("Player ") => player.received,
            _ => received(line),
        }
    }

    /// The player a `Player ...` line speaks of, and the rest of it.
    fn who<'r>(&self, rest: &'r str) -> Option<(usize, &'r str)> {
        match rest.strip_prefix(' ') {
            Some(verb) => self.unnamed.map(|k| (k, verb)),
            None => speaker(&self.names, rest),
        }
    }

    /// The cards dealt since the last action, told on line `i`: the first street's marker first.
    fn deal(&mut self, i: usize) {
        if self.dealing.is_empty() {
            return;
        }
        let dealt = std::mem::take(&mut self.dealing);
        if self.streets == 0 {
            self.say(i, Said::FirstStreet);
            self.streets = 1;
        }
        let mut order: Vec<usize> = Vec::new();
        for &(who, _) in &dealt {
            if !order.contains(&who) {
                order.push(who);
            }
        }
        for who in order {
            let from = self.known[who].len();
            let new = dealt.iter().filter(|(k, _)| *k == who);
            self.known[who].extend(new.filter_map(|(_, card)| *card));
            let to = self.known[who].len();
            if to > from {
                self.say(i, Said::Dealt(who, from, to));
            }
        }
    }

    /// What one of the log's lines says (nothing, for a line that says nothing the hand records).
    fn line(&mut self, i: usize, line: &'l str) -> Result<(), ReadError> {
        if line.starts_with("*** ") {
            return self.marker(i, line);
        }
        self.words(i, line)
    }

    /// A street's marker (`*** FLOP ***: [..]`, stud's `*** Third street ***`); any other line
    /// beginning `*** ` as the family reads it.
    fn marker(&mut self, i: usize, line: &'l str) -> Result<(), ReadError> {
        if let Some(&(marker, name)) = BOARD.iter().find(|(m, _)| line.starts_with(m)) {
            self.rounds.next_street();
            let cards = line[marker.len()..].split('[').skip(1).last();
            self.say(i, Said::Street(name, cards));
            return Ok(());
        }
        if let Some(&(_, name)) = STUD.iter().find(|(m, _)| line.starts_with(m)) {
            self.rounds.next_street();
            self.streets += 1;
            self.say(i, Said::Street(name, None));
            return Ok(());
        }
        self.words(i, line)
    }

    /// A line that is no street's marker: an uncalled bet, a player's line, or one the family's
    /// reader reads.
    fn words(&mut self, i: usize, line: &'l str) -> Result<(), ReadError> {
        if let Some(rest) = line.strip_prefix("Uncalled bet (") {
            return self.uncalled(i, line, rest);
        }
        if line.starts_with("Game ended at: ") {
            return Ok(());
        }
        if line.starts_with("Player  ") && self.unnamed.is_none() {
            let reason = say!("a player without a name acts, and no seat is left to be theirs");
            return Err(self.error(i, line, reason, "'Player NAME ...'"));
        }
        let who = match self.players.get(i.wrapping_sub(self.body)) {
            Some(player) => player.who,
            None => line.strip_prefix("Player ").and_then(|l| self.who(l)),
        };
        match who {
            Some((who, rest)) => self.action(i, line, who, rest),
            None => {
                self.say(i, Said::Same(line)); // the family's reader names it unknown
                Ok(())
            }
        }
    }

    /// `Uncalled bet (0.10) returned to Ola` (or to the player without a name).
    fn uncalled(&mut self, i: usize, line: &str, rest: &str) -> Result<(), ReadError> {
        let (amount, name) = rest
            .split_once(") returned to ")
            .or_else(|| Some((rest.strip_suffix(") returned to")?, "")))
            .unwrap_or((rest, ""));
        let value = self.amount(i, amount)?;
        let who = match name.trim() {
            "" => self.unnamed,
            name => self.names.iter().position(|n| *n == name),
        };
        let Some(who) = who else {
            let reason = say!("an uncalled bet returned to no seated player");
            return Err(self.error(i, line, reason, "'Uncalled bet (0.06) returned to NAME'"));
        };
        self.rounds.returned(who, value);
        self.say(i, Said::Uncalled(who, value));
        Ok(())
    }

    /// A player's line: a deal, a forced bet or a turn.
    fn action(&mut self, i: usize, line: &str, who: usize, rest: &'l str) -> Result<(), ReadError> {
        if rest == "received a card." {
            self.rounds.dealt(who);
            self.dealing.push((who, None));
            return Ok(());
        }
        if let Some(text) = rest.strip_prefix("received card: [") {
            self.rounds.dealt(who);
            self.dealing
                .push((who, Some(text.trim_end_matches(']').trim())));
            return Ok(());
        }
        if SILENT.contains(&rest) {
            return Ok(());
        }
        let verb = search::find(rest, " (").map_or(rest, |at| &rest[..at]);
        if verb == "allin" && rest == "allin" {
            let reason = say!(
                "a disconnected player is all in with chips behind (the site's disconnect \
                 protection), which the replayer does not model"
            );
            return Err(ReadError::new(Kind::Unsupported, reason)
                .at(self.first_line + i as u64)
                .actual(line));
        }
        let Some(what) = moves(verb, rest) else {
            self.say(i, Said::Other(who, rest)); // the family's reader names it unknown
            return Ok(());
        };
        let value = match what {
            Move::Folds | Move::Checks => 0,
            _ => self.paren(i, rest)?,
        };
        let act = self.moved(who, what, verb, value);
        self.say(i, Said::Move(who, act));
        Ok(())
    }

    /// `who`'s move of `value` chips (the log's `verb`), tracked in the betting.
    fn moved(&mut self, who: usize, what: Move, verb: &str, value: i64) -> Act<'static> {
        match (what, verb) {
            (Move::BigBlind, _) => {
                self.big_blind.get_or_insert(value);
                self.rounds.moved(who, what, value)
            }
            (Move::Adds, "posts") => {
                let blind = if Some(value) == self.big_blind {
                    Move::BigBlind
                } else {
                    Move::SmallBlind
                };
                self.rounds.moved(who, blind, value)
            }
            // stud's first raise over the bring-in completes the bet
            (Move::Adds, _)
                if self.head.stud
                    && self.streets == 1
                    && self
                        .small_bet
                        .is_some_and(|small| self.rounds.bet() < small) =>
            {
                let to = self.rounds.put_in(who) + value;
                let what = if to > self.rounds.bet() {
                    Move::Completes
                } else {
                    Move::Adds
                };
                self.rounds.moved(who, what, value)
            }
            _ => self.rounds.moved(who, what, value),
        }
    }
}

/// The move of a player's line (`verb` its first words, `rest` all of them); None for words that
/// are no move.
fn moves(verb: &str, rest: &str) -> Option<Move> {
    Some(match verb {
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
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::model::ActionKind as K;
    use crate::pipeline::read_split_piece;
    use crate::read::tests::lookups;
    use crate::read::WINNING;
    use crate::split::split_pieces;

    /// `testdata/fuzz/winning-old.txt`'s hand, as worked by hand from its lines.
    #[test]
    fn a_hand_is_what_its_lines_say_on_their_lines() {
        let log = include_str!("../testdata/fuzz/winning-old.txt");
        let piece = &split_pieces(log)[0];
        let hand = read_split_piece(piece, "f.txt", &WINNING, &mut lookups()).unwrap();
        let seats: Vec<(u8, &str, i64, bool)> = hand
            .seats
            .iter()
            .map(|s| (s.seat, s.name.as_str(), s.stack, s.sitting_out))
            .collect();
        assert_eq!(
            seats,
            [
                (2, "Mia", 505, false),
                (3, "Ned", 559, false),
                (4, "Ola", 200, false)
            ]
        );
        assert_eq!(
            (hand.table.as_deref(), hand.button, hand.stakes.big_blind),
            (Some("Zurich - 6"), Some(2), Some(5))
        );
        let actions: Vec<(&str, K, i64, u64)> = hand
            .actions
            .iter()
            .zip(&hand.action_lines)
            .map(|(a, line)| (a.player.as_str(), a.kind, a.amount, *line))
            .collect();
        assert_eq!(
            actions,
            [
                ("Ned", K::SmallBlind, 2, 7),
                ("Ola", K::BigBlind, 5, 8),
                ("Mia", K::Fold, 0, 15),
                ("Ned", K::Call, 3, 16),
                ("Ola", K::Check, 0, 17),
                ("Ned", K::Check, 0, 19),
                ("Ola", K::Bet, 10, 20),
                ("Ned", K::Fold, 0, 21),
                ("Ola", K::Uncalled, 10, 22),
                ("Ola", K::Collect, 10, 28),
            ]
        );
        // the cards dealt one line each are one deal, on the line after the last of them
        let ola = hand
            .deals
            .iter()
            .position(|d| d.player.as_deref() == Some("Ola"));
        let ola = ola.unwrap();
        let cards: Vec<String> = hand.deals[ola]
            .cards
            .iter()
            .flatten()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            (cards, hand.deal_lines[ola]),
            (vec!["5d".to_string(), "Ac".to_string()], 15)
        );
        let board = hand.deals.iter().position(|d| d.player.is_none()).unwrap();
        let cards: Vec<String> = hand.deals[board]
            .cards
            .iter()
            .flatten()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            (cards.join(" "), hand.deal_lines[board]),
            ("2c 7d Jh".to_string(), 18)
        );
        assert_eq!((hand.total_pot, hand.rake), (Some(10), Some(0)));
    }
}
