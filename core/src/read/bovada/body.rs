//! A Bovada hand's body told to the builder of events ([`crate::read::events`]) line by line: each
//! player's line as the event it says (the betting followed in [`Rounds`] to say a raise's total, where
//! a stud bet completes the bring-in and where a street begins in the logs that print no markers),
//! the log's street markers read by the family's marker reader, and the summary's total and rake.
//!
//! The family's reader stops at the first `*** SUMMARY ***` it reads; the lines after it are still read
//! for their faults (an amount that is none), and the first total after it is the hand's. A player's
//! line is read in [`acts`].

use std::borrow::Cow;
use std::cell::Cell;

use super::scan::{Scan, Splits};
use super::words::{trim, Units};
use super::{is_plain, normal_label, same_label, SeatLine, ME};
use crate::read::errors::ReadError;
use crate::read::events::{Act, Builder};
use crate::read::patterns as p;
use crate::read::pystr::{is_space, repr};
use crate::read::rounds::Rounds;
use crate::read::stars;
use crate::read::values::MAX_AMOUNT;
use crate::say;

mod acts;

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
    /// ante); empty in a hand without antes.
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
    /// A tournament's `Ranking N` of each seat, for its `Prize Cash [$X]` line after it (empty
    /// before the first).
    ranked: Vec<Option<u32>>,
    /// The labels read so far, as the lines print them, and their seats ([`seat_of`] once a label).
    labels: Labels<'l>,
    /// Where each line splits into its label and verb, as the scan found.
    splits: Splits,
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
        if let Some(&(_, k)) = known.iter().find(|(l, _)| same(l, label)) {
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

/// `a == b` for labels, which mostly differ in their length or last byte (`UTG+1`, `UTG+2`).
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.last() == b.last() && a == b
}

/// What the seats and header give the body.
pub struct Start<'s> {
    pub seats: &'s [SeatLine<'s>],
    pub who: Vec<usize>,
    /// Each seat's stack, as the builder read it (in the hand's units).
    pub stacks: Vec<i64>,
    pub units: Units,
    pub blinds: (i64, i64),
    pub stud: bool,
    pub tournament: bool,
}

thread_local! {
    /// The betting lists of the hand read last, for the next hand's (its lists are five
    /// allocations a hand: none where the kept lists have the room).
    static KEPT_ROUNDS: Cell<Option<Rounds>> = const { Cell::new(None) };
}

impl Drop for Body<'_> {
    fn drop(&mut self) {
        // (an empty list allocates nothing)
        let rounds = std::mem::replace(&mut self.rounds, Rounds::new(Vec::new()));
        KEPT_ROUNDS.set(Some(rounds));
    }
}

impl<'l> Body<'l> {
    pub fn new(start: Start, lines: &[&'l str], scan: Scan<'l>) -> Self {
        let seats = start.seats;
        let rounds = match KEPT_ROUNDS.take() {
            Some(mut rounds) => {
                rounds.renew(start.stacks);
                rounds
            }
            None => Rounds::new(start.stacks),
        };
        Body {
            units: start.units,
            tournament: start.tournament,
            who: start.who,
            rounds,
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
            ranked: Vec::new(),
            labels: Labels::new(),
            splits: scan.splits,
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
        let Some((label, verb)) = self.splits.said(i, line) else {
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
        if same(self.last_action, line) && !next_street {
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
                say!("unreadable summary part {part}", part = repr(more)),
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
    use crate::read::bovada::words::{big_blind, bring_in};

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
