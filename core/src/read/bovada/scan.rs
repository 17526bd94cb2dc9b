//! One pass over a Bovada hand's lines for what the header and the seats need from its body before
//! the body is read: the blinds posted (a cash header names no stakes), stud's largest ante and first
//! bring-in, the labels that post an ante, whether the log prints street markers and where its
//! `Board [...]` line is, and the seat `Set dealer [N]` names.

use super::words::{big_blind, bring_in, small_blind, Units};
use super::{is_plain, label_and_verb, same_label, SeatLine};
use crate::read::errors::ReadError;
use crate::read::search;

/// What one pass over a hand's lines finds.
pub struct Scan<'a> {
    /// The first small and big blinds posted (read for a cash hand only), or the first of their
    /// amounts that is none.
    pub blinds: Result<(Option<i64>, Option<i64>), ReadError>,
    /// Stud: the largest ante posted (`Ante chip 2`) and the first bring-in's amount (`Bring_in
    /// chip 5`, `Big blind/Bring in 5`; None when it is not an amount).
    pub ante: Option<i64>,
    pub bring_in: Option<Option<i64>>,
    /// The labels of the lines that post an ante.
    pub antes: Vec<&'a str>,
    /// A street marker other than the hole cards' and the summary's.
    pub marked: bool,
    /// The index of the first `Board [...]` line.
    pub board: Option<usize>,
    /// The last readable `Set dealer [N]` from the body (index `body`) to its summary.
    pub set_dealer: Option<u64>,
    /// Each line's label and verb ([`label_and_verb`]), split once for the pass and the body.
    pub said: Vec<Option<(&'a str, &'a str)>>,
}

/// What the pass reads: blinds for a cash hand, antes and bring-ins for stud.
pub struct Wanted<'u> {
    pub units: &'u Units,
    pub cash_blinds: bool,
    pub stud: bool,
    /// The index of the body's first line.
    pub body: usize,
}

impl<'a> Scan<'a> {
    /// The one pass over `lines`.
    pub fn of(lines: &[&'a str], wanted: &Wanted) -> Self {
        let mut scan = Scan {
            blinds: Ok((None, None)),
            ante: None,
            bring_in: None,
            antes: Vec::new(),
            marked: false,
            board: None,
            set_dealer: None,
            said: Vec::with_capacity(lines.len()),
        };
        let mut summary = false;
        for (i, &line) in lines.iter().enumerate() {
            if line.starts_with("*** ") {
                scan.marked |=
                    !line.starts_with("*** HOLE CARDS") && !line.starts_with("*** SUMMARY");
            } else if scan.board.is_none() && line.starts_with("Board [") {
                scan.board = Some(i);
            }
            if i >= wanted.body && line.starts_with("*** SUMMARY") {
                summary = true;
            }
            let said = label_and_verb(line);
            scan.said.push(said);
            let Some((label, verb)) = said else {
                continue;
            };
            if verb.starts_with("Ante chip ") {
                if scan.antes.is_empty() {
                    scan.antes.reserve(10); // a label a seat: one allocation, not three
                }
                scan.antes.push(label);
            }
            if wanted.cash_blinds {
                scan.blind(wanted.units, verb);
            }
            if wanted.stud {
                scan.stud(wanted.units, verb);
            }
            if i >= wanted.body && !summary && verb.starts_with("Set dealer") {
                scan.dealer(line, verb);
            }
        }
        scan
    }

    /// A cash hand's blind (the first of each kind; the first amount that is none is the error).
    fn blind(&mut self, units: &Units, verb: &str) {
        let Ok((small, big)) = &mut self.blinds else {
            return;
        };
        let (slot, amount) = if let Some(amount) = small_blind(verb) {
            (small, amount)
        } else if let Some(amount) = big_blind(verb) {
            (big, amount)
        } else {
            return;
        };
        match units.amount(amount) {
            Ok(value) => {
                slot.get_or_insert(value);
            }
            Err(err) => self.blinds = Err(err),
        }
    }

    /// Stud's antes (the largest) and bring-in (the first, the `(timeout)` mark left out).
    fn stud(&mut self, units: &Units, verb: &str) {
        if let Some(amount) = verb.strip_prefix("Ante chip ") {
            if let Ok(value) = units.amount(amount) {
                self.ante = Some(self.ante.map_or(value, |a| a.max(value)));
            }
        }
        if self.bring_in.is_some() {
            return;
        }
        let read = |verb: &str| {
            bring_in(verb)
                .or(big_blind(verb))
                .map(|a| units.amount(a).ok())
        };
        self.bring_in = if search::contains(verb, "(timeout)") {
            read(&verb.replace("(timeout)", ""))
        } else {
            read(verb)
        };
    }

    /// `Set dealer [6]` (`Set dealer/Bring in spot [1]`): its seat, when it reads as one.
    fn dealer(&mut self, line: &str, verb: &str) {
        if line.starts_with("***") {
            return;
        }
        let inner = verb.split('[').nth(1).and_then(|r| r.split(']').next());
        self.set_dealer = inner
            .and_then(|n| n.trim().parse().ok())
            .or(self.set_dealer);
    }

    /// In a hand of antes, whether each seat posts none (its label has no `Ante chip` line). A
    /// label of single-spaced words without the owner's mark is its seat's when the two are equal.
    pub fn antes_unposted(&self, seats: &[SeatLine]) -> Vec<bool> {
        if self.antes.is_empty() {
            return vec![false; seats.len()];
        }
        let plain: Vec<bool> = self.antes.iter().map(|l| is_plain(l)).collect();
        let posted = |seat: &str| {
            let mut antes = self.antes.iter().zip(&plain);
            antes.any(|(l, &plain)| {
                if plain {
                    *l == seat
                } else {
                    same_label(l, seat)
                }
            })
        };
        seats.iter().map(|s| !posted(&s.label)).collect()
    }

    /// The board of a log that prints no street markers (and the index of its `Board [...]` line);
    /// None when the log has markers.
    pub fn unmarked_board(&self, lines: &[&'a str]) -> Option<(Vec<&'a str>, usize)> {
        if self.marked {
            return None;
        }
        let at = self.board?;
        let inner = lines[at]["Board [".len()..].split(']').next()?;
        Some((inner.split_whitespace().collect(), at))
    }
}
