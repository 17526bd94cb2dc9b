//! A Bovada hand's body told to the builder of events ([`crate::read::events`]) line by line: each
//! player's line as the event it says (the betting followed in [`Rounds`] to say a raise's total, where
//! a stud bet completes the bring-in and where a street begins in the logs that print no markers),
//! the log's street markers read by the family's marker reader, and the summary's total and rake.
//!
//! The family's reader stops at the first `*** SUMMARY ***` it reads; the lines after it are still read
//! for their faults (an amount that is none), and the first total after it is the hand's.

use std::borrow::Cow;

use super::scan::Scan;
use super::words::{big_blind, bring_in, small_blind, trim, Units};
use super::{is_plain, normal_label, same_label, SeatLine, ME};
use crate::cards::Card;
use crate::model::{ActionKind as K, Finish};
use crate::read::errors::ReadError;
use crate::read::events::{Act, Builder};
use crate::read::patterns as p;
use crate::read::pystr::{is_space, repr};
use crate::read::rounds::Rounds;
use crate::read::search;
use crate::read::stars;
use crate::read::values::MAX_AMOUNT;

/// The family's names of stud's streets.
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

/// The board streets of a log without street markers: (name, cards it deals).
const BOARD_STREETS: [(&str, usize); 3] = [("FLOP", 3), ("TURN", 1), ("RIVER", 1)];

/// The rake of a summary's total: printed (`Rake ($0.05)`), or what the total has over the collects.
enum Rake<'l> {
    Printed(&'l str),
    Left(i64),
}

/// The body of a hand being read.
pub struct Body<'l> {
    units: Units,
    tournament: bool,
    /// The builder's index of each seat's player, in the seats' order.
    who: Vec<usize>,
    rounds: Rounds,
    /// Past the log's `*** SUMMARY`; past the summary the family's reader stops at; the total read.
    summary: bool,
    done: bool,
    totalled: bool,
    /// What the players collect (`Hand result`): the rake is what the total pot has over it.
    collected: i64,
    /// The cards dealt to each seat, as the log prints them (`9c Th`).
    dealt: Vec<Option<Cow<'l, str>>>,
    /// A log without street markers: the board (from the summary's `Board [...]`) and the index of
    /// that line; how many of its streets are dealt so far.
    unmarked: Option<(Vec<&'l str>, usize)>,
    streets: usize,
    /// In a hand of antes, the seats with no `Ante chip` line (their all-in before the deal is the
    /// ante).
    antes_unposted: Vec<bool>,
    /// The small and big blinds.
    blinds: (i64, i64),
    /// The last action line (a repeat of it is dropped).
    last_action: &'l str,
    /// The seat labelled `Small Blind`.
    small_blind_seat: Option<usize>,
    /// A stud hand: its street (by index in [`STUD_STREETS`]), whether a betting action came since
    /// the last card dealt, and the bring-in.
    stud: bool,
    stud_street: usize,
    bet_since_deal: bool,
    bring_in: i64,
    /// Past `*** HOLE CARDS ***`: an all-in before it is a blind.
    dealing: bool,
    /// A tournament's `Ranking N` of each seat, for its `Prize Cash [$X]` line after it.
    ranked: Vec<Option<u32>>,
    /// The labels read so far, as the lines print them, and their seats ([`seat_of`] once a label).
    labels: Labels<'l>,
    /// Each line's label and verb, as the scan split them.
    said: Vec<Option<(&'l str, &'l str)>>,
}

/// The seat of each label a hand's lines print (`UTG+2  [ME]`), found once: a hand has a dozen.
struct Labels<'l> {
    known: [(&'l str, Option<usize>); LABELS],
    len: usize,
}

/// How many labels [`Labels`] keeps (more are looked up every time).
const LABELS: usize = 24;

impl<'l> Labels<'l> {
    fn new() -> Self {
        Labels {
            known: [("", None); LABELS],
            len: 0,
        }
    }

    /// The seat of `label`.
    fn seat(&mut self, seats: &[SeatLine], label: &'l str) -> Option<usize> {
        let known = &self.known[..self.len];
        if let Some(&(_, k)) = known.iter().find(|(l, _)| *l == label) {
            return k;
        }
        let k = seat_of(seats, label);
        if self.len < LABELS {
            self.known[self.len] = (label, k);
            self.len += 1;
        }
        k
    }
}

/// What the seats and header give the body.
pub struct Start<'s> {
    pub seats: &'s [SeatLine<'s>],
    pub who: Vec<usize>,
    pub units: Units,
    pub blinds: (i64, i64),
    pub stud: bool,
    pub tournament: bool,
}

impl<'l> Body<'l> {
    pub fn new(start: Start, lines: &[&'l str], scan: Scan<'l>) -> Self {
        let seats = start.seats;
        let stacks = seats
            .iter()
            .map(|s| start.units.amount(s.stack).unwrap_or(0))
            .collect();
        Body {
            units: start.units,
            tournament: start.tournament,
            who: start.who,
            rounds: Rounds::new(stacks),
            summary: false,
            done: false,
            totalled: false,
            collected: 0,
            dealt: vec![None; seats.len()],
            unmarked: scan.unmarked_board(lines),
            streets: 0,
            antes_unposted: scan.antes_unposted(seats),
            blinds: start.blinds,
            last_action: "",
            small_blind_seat: seats.iter().position(|s| s.label == "Small Blind"),
            stud: start.stud,
            stud_street: 0,
            bet_since_deal: false,
            bring_in: 0,
            dealing: false,
            ranked: vec![None; seats.len()],
            labels: Labels::new(),
            said: scan.said,
        }
    }

    fn amount(&self, text: &str) -> Result<i64, ReadError> {
        self.units.amount(text)
    }

    /// An amount the betting gives (a raise's total), as the builder keeps it: one the family would
    /// not read (below zero, too large) is the error it names.
    fn family(&self, st: &Builder, i: usize, value: i64) -> Result<i64, ReadError> {
        if self.done || (0..=MAX_AMOUNT).contains(&value) {
            return Ok(value);
        }
        st.amount(&self.units.money(value), i)
    }

    /// `act` of seat `k` on line `i`, unless the family's reader has stopped (past its summary).
    fn act(&self, st: &mut Builder, i: usize, k: usize, act: Act) {
        if !self.done {
            st.act(i, self.who[k], act);
        }
    }

    /// Line `i` of the body (the seats' lines are read).
    pub fn line(
        &mut self,
        st: &mut Builder,
        i: usize,
        line: &'l str,
        seats: &[SeatLine],
    ) -> Result<(), ReadError> {
        if line.starts_with("***") {
            return self.marker(st, i, line);
        }
        if self.summary {
            return self.summary_line(st, i, line);
        }
        let Some((label, verb)) = self.said.get(i).copied().flatten() else {
            return Ok(()); // `Table enter user`, `Player Info: ...`
        };
        if verb.starts_with("Set dealer") {
            return Ok(()); // the button's seat: read with the seats
        }
        let Some(k) = self.labels.seat(seats, label) else {
            // not seated: the family's reader knows the line or names the player
            if !self.done {
                let said = format!("{}: {verb}", normal_label(label));
                if stars::read_line(st, i, &said)? {
                    self.done = true;
                }
            }
            return Ok(());
        };
        // Some logs print an action again and again (`Dealer : Raises 450 to 450` fifteen times):
        // a player cannot act twice in a row in a round (nor collect a pot twice), so a repeat of the
        // line before says nothing, unless it starts the next street of a log without markers
        let next_street = self.unmarked.is_some() && self.rounds.over();
        if self.last_action == line && !next_street {
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
            self.street(st, i, street, None)?;
        }
        if self.action(st, i, k, trim(verb))? {
            self.last_action = line;
        }
        Ok(())
    }

    /// A street marker line of the log (`*** FLOP *** [..]`, stud's `*** 3RD STREET ***`).
    fn marker(&mut self, st: &mut Builder, i: usize, line: &'l str) -> Result<(), ReadError> {
        self.last_action = "";
        if self.stud {
            if let Some(street) = stud_marker(line) {
                // the betting round moves on to it (a card dealt after it is of that street)
                self.dealing = true;
                if street > self.stud_street {
                    self.stud_street = street;
                    self.rounds.next_street();
                }
                self.bet_since_deal = false;
                return self.street(st, i, STUD_STREETS[self.stud_street], None);
            }
        }
        if line.starts_with("*** SUMMARY") {
            self.deal_board(st)?; // a log without markers: the streets the board says were dealt
            self.summary = true;
        } else if line.starts_with("*** HOLE CARDS") {
            self.dealing = true;
        } else {
            self.rounds.next_street();
        }
        if !self.done && read_marker(st, i, line)? {
            self.done = true;
        }
        Ok(())
    }

    /// A street the log begins without its marker (on line `i`), with its board's new cards.
    fn street(
        &mut self,
        st: &mut Builder,
        i: usize,
        name: &str,
        board: Option<&str>,
    ) -> Result<(), ReadError> {
        if !self.done {
            stars::street_marker(st, i, name, 0, board)?;
        }
        Ok(())
    }

    /// Whether a stud bet on third street completes the bring-in.
    fn completes(&self) -> bool {
        self.stud
            && self.stud_street == 0
            && self.bring_in > 0
            && self.rounds.bet() == self.bring_in
    }

    /// The board streets not dealt yet, in a log without markers.
    fn deal_board(&mut self, st: &mut Builder) -> Result<(), ReadError> {
        let Some((board, at)) = self.unmarked.take() else {
            return Ok(());
        };
        let dealt = loop {
            match self.next_board_street(st, &board, at) {
                Ok(true) => continue,
                other => break other,
            }
        };
        self.unmarked = Some((board, at));
        dealt.map(|_| ())
    }

    /// The next board street, if the board has its cards.
    fn next_board_street(
        &mut self,
        st: &mut Builder,
        board: &[&str],
        at: usize,
    ) -> Result<bool, ReadError> {
        let Some(&(name, new)) = BOARD_STREETS.get(self.streets) else {
            return Ok(false);
        };
        let dealt: usize = BOARD_STREETS[..=self.streets].iter().map(|s| s.1).sum();
        if board.len() < dealt {
            return Ok(false);
        }
        self.streets += 1;
        self.rounds.next_street();
        let cards = board[dealt - new..dealt].join(" ");
        self.street(st, at, name, Some(&cards))?;
        Ok(true)
    }

    /// Before a betting action of a log without markers: the next street when the round before it
    /// is over.
    fn before_betting(&mut self, st: &mut Builder) -> Result<(), ReadError> {
        self.bet_since_deal = true;
        if self.unmarked.is_some() && self.rounds.over() {
            if let Some((board, at)) = self.unmarked.take() {
                let next = self.next_board_street(st, &board, at);
                self.unmarked = Some((board, at));
                next?;
            }
        }
        Ok(())
    }

    /// Seat `k`'s action (line `i`, `verb` trimmed): whether it said anything.
    fn action(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        verb: &'l str,
    ) -> Result<bool, ReadError> {
        let said = without_timeouts(verb);
        let verb: &str = &said;
        let first_word = &verb[..verb
            .bytes()
            .position(|b| b == b' ' || b == b'(')
            .unwrap_or(verb.len())];
        // some logs write `bets`, `raises` (the site's grammar allows either case of their first letter)
        let first_word = match first_word {
            "bets" => "Bets",
            "raises" => "Raises",
            word => word,
        };
        if matches!(
            first_word,
            "Folds" | "Fold" | "Checks" | "Call" | "Calls" | "Bets" | "Raises" | "All-in"
        ) {
            self.before_betting(st)?;
        }
        if matches!(first_word, "Showdown" | "Mucks" | "Does" | "Hand") {
            self.deal_board(st)?;
        }
        if let Some(finish) = self.finish(st, k, first_word, verb) {
            if !self.done {
                st.finish(finish);
            }
            return Ok(true);
        }
        match first_word {
            // a player's coming and going; a tournament's prizes, ranks and knock-out bounties
            // (`BOUNTY PRIZE [$5]`: paid by the tournament, not out of the pot)
            "Table" | "Seat" | "Stand" | "Re-join" | "Sit" | "Sitout" | "Enter" | "Leave"
            | "Rebuyin" | "Addon" | "Prize" | "Draw" | "Ranking" | "BOUNTY" => Ok(false),
            "Card" => self.card(st, i, k, &said),
            "Showdown" | "Mucks" => self.shows(st, i, k, first_word, verb),
            _ => {
                let last = &verb[verb.bytes().rposition(|b| b == b' ').map_or(0, |at| at + 1)..];
                self.betting(st, i, k, first_word, verb, last)
            }
        }
    }

    /// `Card dealt to a spot [9c Th]`: the cards kept for the seat's show (borrowed from the line
    /// but in stud, a card a street) and told to the builder.
    #[allow(clippy::ptr_arg)] // the Cow says whether the cards can be borrowed from the line
    fn card(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        verb: &Cow<'l, str>,
    ) -> Result<bool, ReadError> {
        let from_bracket = |verb: &str| memchr::memchr(b'[', verb.as_bytes()).unwrap_or(verb.len());
        let (cards, inner): (&str, Cow<'l, str>) = match verb {
            Cow::Borrowed(verb) => {
                let verb: &'l str = verb;
                let cards = &verb[from_bracket(verb)..];
                (cards, Cow::Borrowed(without_brackets(cards)))
            }
            Cow::Owned(verb) => {
                let cards = &verb[from_bracket(verb)..];
                (cards, Cow::Owned(without_brackets(cards).to_string()))
            }
        };
        self.dealt[k] = Some(match self.dealt[k].take() {
            Some(before) => Cow::Owned(format!("{before} {inner}")), // stud: a card a street
            None => inner,
        });
        self.rounds.dealt(k);
        if !self.done {
            deal(st, i, self.who[k], cards)?;
        }
        Ok(true)
    }

    /// A line of chips: blinds, antes, bets, the uncalled bet, a collect (`last`: its amount);
    /// whether it said anything.
    fn betting(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        first_word: &str,
        verb: &str,
        last: &str,
    ) -> Result<bool, ReadError> {
        let act = match first_word {
            "Folds" | "Fold" => {
                self.rounds.act(k, 0, true);
                let cards = match verb.find('[').and_then(|at| p::first_brackets(&verb[at..])) {
                    Some(text) if !self.done => st.cards(text, i)?,
                    _ => Vec::new(),
                };
                Act::cards(K::Fold, cards, None)
            }
            "Checks" => {
                self.rounds.act(k, 0, false);
                Act::of(K::Check)
            }
            "Call" | "Calls" => {
                let amount = self.amount(last)?;
                self.rounds.act(k, amount, false);
                Act::amount(K::Call, amount, false)
            }
            "Bets" | "Double" if self.completes() => {
                // stud: a bet over the bring-in on third street completes it
                let to = self.rounds.put_in(k) + self.amount(last)?;
                self.rounds.act(k, to - self.rounds.put_in(k), false);
                let to = self.family(st, i, to)?;
                Act {
                    to: Some(to),
                    ..Act::amount(K::Complete, 0, false)
                }
            }
            "Double" if verb.starts_with("Double rebuys") => return Ok(false), // `Double rebuys 3000`
            "Bets" | "Double" => {
                let amount = self.amount(last)?;
                self.rounds.act(k, amount, false);
                Act::amount(K::Bet, amount, false)
            }
            "Raises" => self.raise(st, i, k, verb, false)?,
            "All-in" if verb.starts_with("All-in(raise)") => self.raise(st, i, k, verb, true)?,
            "All-in" if !self.dealing => self.posted_all_in(k, last)?,
            "All-in" => {
                let amount = self.amount(last)?;
                self.all_in(st, i, k, amount)?
            }
            "Return" => {
                let amount = self.amount(last)?;
                self.rounds.returned(k, amount);
                Act::amount(K::Uncalled, amount, false)
            }
            "Hand" => {
                let amount = self.amount(last)?;
                self.collected += amount;
                let side = verb
                    .as_bytes()
                    .windows(b"side pot".len())
                    .any(|w| w.eq_ignore_ascii_case(b"side pot"));
                Act {
                    text: Some(if side { "side pot" } else { "pot" }),
                    ..Act::amount(K::Collect, amount, false)
                }
            }
            "Does" => Act::of(K::NoShow),
            _ => match self.post(k, verb, last)? {
                Some(act) => act,
                None => {
                    // the family's reader knows the words or names them unknown
                    if !self.done {
                        stars::read_action(st, i, self.who[k], verb)?;
                    }
                    return Ok(true);
                }
            },
        };
        self.act(st, i, k, act);
        Ok(true)
    }

    /// A forced bet (`last`: its amount, if it is last): an ante, a blind, a player's coming in,
    /// stud's bring-in; None for other words.
    fn post(
        &mut self,
        k: usize,
        verb: &str,
        last: &str,
    ) -> Result<Option<Act<'static>>, ReadError> {
        if verb.starts_with("Ante chip ") {
            let amount = self.amount(last)?;
            self.rounds.ante(k, amount);
            return Ok(Some(Act::amount(K::Ante, amount, false)));
        }
        if verb.starts_with("Posts dead chip ") {
            // both blinds (the small one dead) or the small blind alone, as dead money
            let amount = self.amount(last)?;
            let (small, big) = self.blinds;
            if amount == small + big {
                self.rounds.ante(k, small);
                self.rounds.post(k, big);
                return Ok(Some(Act::amount(K::SmallAndBigBlind, amount, false)));
            }
            self.rounds.ante(k, amount);
            return Ok(Some(Act::amount(K::Ante, amount, false)));
        }
        let (kind, amount) = if verb.starts_with("Posts chip ") {
            // a player coming in posts a blind, live (`Posts chip $5` then `Calls $5`)
            let amount = self.amount(last)?;
            let small = amount < self.blinds.1;
            (if small { K::SmallBlind } else { K::BigBlind }, amount)
        } else if let Some(amount) = bring_in(verb).or(big_blind(verb)).filter(|_| self.stud) {
            // stud: `Bring_in chip 5`, `Bring in $1`, `Big blind/Bring in 5`
            self.bring_in = self.amount(amount)?;
            (K::BringIn, self.bring_in)
        } else if let Some(amount) = small_blind(verb) {
            (K::SmallBlind, self.amount(amount)?)
        } else if let Some(amount) = big_blind(verb) {
            (K::BigBlind, self.amount(amount)?)
        } else {
            return Ok(None);
        };
        self.rounds.post(k, amount);
        Ok(Some(Act::amount(kind, amount, false)))
    }

    /// `All-in N` before the deal: the ante, in a hand of antes where this player posts none; else a
    /// blind (`Big Blind : All-in 1003`).
    fn posted_all_in(&mut self, k: usize, last: &str) -> Result<Act<'static>, ReadError> {
        let amount = self.amount(last)?;
        if self.antes_unposted[k] {
            self.rounds.ante(k, amount);
            return Ok(Act::amount(K::Ante, amount, true));
        }
        self.rounds.post(k, amount);
        let blind = if self.small_blind_seat == Some(k) {
            K::SmallBlind
        } else {
            K::BigBlind
        };
        Ok(Act::amount(blind, amount, true))
    }

    /// `Showdown [Td Tc Jh 8c 7c] (desc)` prints the best five, `Mucks [..]` what it likes: the cards
    /// shown or mucked are the ones dealt. Whether it said anything (nothing without cards dealt).
    fn shows(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        first_word: &str,
        verb: &str,
    ) -> Result<bool, ReadError> {
        let Some(dealt) = self.dealt[k].as_deref() else {
            return Ok(false);
        };
        if self.done {
            return Ok(true);
        }
        let (cards, past) = dealt.split_once(']').unwrap_or((dealt, ""));
        let cards: Vec<Card> = st.cards(cards, i)?;
        if first_word == "Mucks" {
            st.act(i, self.who[k], Act::cards(K::Muck, cards, None));
            return Ok(true);
        }
        // `(One pair)` after the cards is the description, else nothing may follow them
        let desc = verb.rfind(" (").map_or("", |at| &verb[at..]);
        let text = desc
            .strip_prefix(" (")
            .and_then(|d| d.trim_end_matches(is_space).strip_suffix(')'));
        if !past.is_empty() || (text.is_none() && !desc.is_empty()) {
            return Err(st.error(i, "unreadable show line", "'shows [cards] (description)'"));
        }
        st.act(i, self.who[k], Act::cards(K::Show, cards, text));
        Ok(true)
    }

    /// `Raises X to Y`, `All-in(raise) X to Y`, and in older logs `Raises Y`: the last amount is
    /// the total the player raises to.
    fn raise(
        &mut self,
        st: &Builder,
        i: usize,
        k: usize,
        verb: &str,
        all_in: bool,
    ) -> Result<Act<'static>, ReadError> {
        let to = self.amount(verb.rsplit(' ').next().unwrap_or(""))?;
        let (bet, before) = (self.rounds.bet(), self.rounds.put_in(k));
        let completes = self.completes();
        self.rounds.act(k, to - before, false);
        if completes {
            let to = self.family(st, i, to)?;
            return Ok(Act {
                to: Some(to),
                ..Act::amount(K::Complete, 0, all_in)
            });
        }
        if bet == 0 {
            // `All-in(raise) 22` with nothing bet: a bet
            let amount = self.family(st, i, to - before)?;
            return Ok(Act::amount(K::Bet, amount, all_in));
        }
        let (to, by) = (self.family(st, i, to)?, self.family(st, i, to - bet)?);
        Ok(Act {
            to: Some(to),
            ..Act::amount(K::Raise, by, all_in)
        })
    }

    /// `All-in N` (what it adds): a bet when nothing is bet, a call when it does not pass the bet,
    /// else a raise.
    fn all_in(
        &mut self,
        st: &Builder,
        i: usize,
        k: usize,
        amount: i64,
    ) -> Result<Act<'static>, ReadError> {
        let (before, bet) = (self.rounds.put_in(k), self.rounds.bet());
        self.rounds.act(k, amount, false);
        if bet == 0 {
            return Ok(Act::amount(K::Bet, amount, true));
        }
        if before + amount <= bet {
            return Ok(Act::amount(K::Call, amount, true));
        }
        let to = self.family(st, i, before + amount)?;
        let by = self.family(st, i, to - bet)?;
        Ok(Act {
            to: Some(to),
            ..Act::amount(K::Raise, by, true)
        })
    }

    /// A tournament's `Ranking 6` (the place) and its `Prize Cash [$20]` after it (the place and the
    /// prize): the seat's finish.
    fn finish(&mut self, st: &Builder, k: usize, first_word: &str, verb: &str) -> Option<Finish> {
        if !self.tournament {
            return None;
        }
        let rest = verb[first_word.len()..].trim();
        let (place, prize) = match first_word {
            "Ranking" => {
                let place: u32 = rest.parse().ok()?;
                self.ranked[k] = Some(place);
                (place, None)
            }
            "Prize" => {
                let place = self.ranked[k]?;
                let prize = rest.strip_prefix("Cash")?.trim();
                let prize = prize.strip_prefix('[')?.strip_suffix(']')?;
                (place, Some(prize))
            }
            _ => return None,
        };
        // as the family reads `... place and received $20.`
        let prize = prize
            .map(|p| p.trim_start().trim_end_matches('.').trim())
            .filter(|p| !p.is_empty());
        Some(Finish {
            player: st.name(self.who[k]).to_string(),
            place: Some(place),
            prize: prize.map(str::to_string),
            bounty: None,
        })
    }

    /// A summary line: the first `Total Pot($0.75) | Rake ($0.05)` after the summary marker is the
    /// hand's total (most logs print no rake: it is what the total has over what the players collect);
    /// the others say nothing the actions do not.
    fn summary_line(&mut self, st: &mut Builder, i: usize, line: &str) -> Result<(), ReadError> {
        let Some(rest) = line.strip_prefix("Total Pot(") else {
            return Ok(());
        };
        let (pot, rest) = rest.split_once(')').unwrap_or((rest, ""));
        let printed = rest
            .split_once("Rake (")
            .and_then(|(_, r)| r.split(')').next());
        let rake = match printed {
            Some(printed) => Rake::Printed(printed),
            None => Rake::Left(self.amount(pot)? - self.collected),
        };
        if self.done && !self.totalled {
            self.totalled = true;
            self.total(st, i, pot, rake)?;
        }
        Ok(())
    }

    /// The hand's total pot and rake (line `i`), as the family reads its `Total pot X | Rake Y`.
    fn total(&self, st: &mut Builder, i: usize, pot: &str, rake: Rake) -> Result<(), ReadError> {
        let pot = pot.trim_end_matches(is_space);
        let (main, more) = pot.split_once(' ').unwrap_or((pot, ""));
        let total = st.amount(main, i)?;
        if !more.is_empty() {
            return Err(st.error(
                i,
                format!("unreadable summary part {}", repr(more)),
                "'Total Pot($X) | Rake ($Y)'",
            ));
        }
        let rake = match rake {
            Rake::Printed(text) => {
                let text = text.trim_matches(is_space).trim_end_matches('.');
                st.amount(text.rsplit(' ').next().unwrap_or(text), i)?
            }
            Rake::Left(value) => {
                if !(0..=MAX_AMOUNT).contains(&value) {
                    st.amount(&self.units.money(value), i)?;
                }
                value
            }
        };
        st.summary(total, Some(rake), Vec::new(), Vec::new());
        Ok(())
    }
}

/// A verb without the site's timeout and disconnection marks (`Folds(timeout)`), trimmed; borrowed
/// when it has none.
fn without_timeouts(verb: &str) -> Cow<'_, str> {
    // each mark starts with `(` or `-`: a verb with neither has none (one pass over a short verb)
    let marked = verb.bytes().any(|b| b == b'(' || b == b'-');
    if marked && (search::contains(verb, "timeout") || search::contains(verb, "Disconnected")) {
        let owned = verb
            .replace("(timeout)", "")
            .replace("-timeout", "")
            .replace("(Blind Disconnected)", "");
        Cow::Owned(owned.trim().to_string())
    } else {
        Cow::Borrowed(trim(verb))
    }
}

/// `text.trim_matches(['[', ']'])`, byte by byte.
fn without_brackets(text: &str) -> &str {
    let bracket = |b: &u8| *b == b'[' || *b == b']';
    let b = text.as_bytes();
    let start = b.iter().position(|c| !bracket(c)).unwrap_or(b.len());
    let end = b
        .iter()
        .rposition(|c| !bracket(c))
        .map_or(start, |at| at + 1);
    &text[start..end]
}

/// `Card dealt to a spot [9c Th]` (its text from the `[`, `cards`) to player `who` on line `i`, as
/// the family reads a deal: the last bracket group, or on the first street all of them.
fn deal(st: &mut Builder, i: usize, who: usize, cards: &str) -> Result<(), ReadError> {
    if !cards.starts_with('[') {
        return Err(st.error(i, "a deal line without cards", "'Dealt to NAME [cards]'"));
    }
    // one bracket group (`[9c Th]`, as Bovada prints its deals): its cards, as the family reads them
    let one = cards[1..]
        .strip_suffix(']')
        .filter(|inner| memchr::memchr2(b'[', b']', inner.as_bytes()).is_none());
    match one {
        Some(inner) => {
            st.deal_street(i)?; // a deal after the showdown is named before its cards are read
            let new = st.cards(inner, i)?;
            st.dealt(i, who, new)
        }
        None => stars::dealt_brackets(st, i, who, cards),
    }
}

/// A street marker line as the family's line reader reads it (`stars::read_line`): the markers
/// Bovada prints (`*** FLOP *** [9d 7h 5h]`) told to the builder directly. Whether it begins the
/// summary.
fn read_marker(st: &mut Builder, i: usize, line: &str) -> Result<bool, ReadError> {
    match plain_marker(line) {
        Some((name, after)) => stars::street_marker(st, i, name, 0, p::all_brackets(after).last()),
        None => stars::read_line(st, i, line),
    }
}

/// The names of the markers [`read_marker`] reads directly.
const PLAIN_MARKERS: [&str; 5] = ["HOLE CARDS", "FLOP", "TURN", "RIVER", "SUMMARY"];

/// `*** NAME ***` and what follows it (nothing, or its bracket groups ` [9d 7h 5h] [8s]`) for a name
/// of [`PLAIN_MARKERS`], in a line without a `:` (which the family's reader would try as a player's
/// line first): the name the family's marker reader finds in it, and the rest, whose bracket groups
/// are the line's.
fn plain_marker(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("*** ")?;
    let (name, after) = PLAIN_MARKERS.iter().find_map(|name| {
        let after = rest.strip_prefix(name)?.strip_prefix(" ***")?;
        Some((*name, after))
    })?;
    let plain = after.is_empty() || after.starts_with(" [");
    (plain && memchr::memchr(b':', line.as_bytes()).is_none()).then_some((name, after))
}

/// The seat whose label a line's is (`Big Blind  [ME]` is the owner's `Big Blind`): a label with one
/// space between its words and no mark is compared whole.
fn seat_of(seats: &[SeatLine], label: &str) -> Option<usize> {
    if is_plain(label) {
        return seats.iter().position(|s| s.label == label);
    }
    let hero = label.contains(ME);
    seats
        .iter()
        .position(|s| (s.hero || !hero) && same_label(label, &s.label))
}

/// The index in [`STUD_STREETS`] of a stud street marker line (any case: `*** 3RD STREET ***`).
fn stud_marker(line: &str) -> Option<usize> {
    let name = line.trim_matches(['*', ' ']);
    STUD_MARKERS
        .iter()
        .find(|(marker, _)| marker.eq_ignore_ascii_case(name))
        .map(|&(_, street)| street)
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
    fn brackets_trimmed_as_the_standard_library_trims_them() {
        for text in ["", "[", "][", "[9c Th]", "[[9c]]x]", "]ä[", "[ ]", "9c"] {
            assert_eq!(
                without_brackets(text),
                text.trim_matches(['[', ']']),
                "{text:?}"
            );
        }
    }

    #[test]
    fn bring_ins_in_every_wording() {
        assert_eq!(bring_in("Bring_in chip 5"), Some("5"));
        assert_eq!(bring_in("Bring in $0.25"), Some("$0.25"));
        assert_eq!(bring_in("Big blind/Bring in 5"), None); // a big blind's words: [`big_blind`]
        assert_eq!(big_blind("Big blind/Bring in 5"), Some("5"));
    }
}
