//! One pass over a Bovada hand's lines for what the header and the seats need from its body before
//! the body is read: the blinds posted (a cash header names no stakes), stud's largest ante and first
//! bring-in, the labels that post an ante, whether the log prints street markers and where its
//! `Board [...]` line is, and the seat `Set dealer [N]` names.

use super::words::{big_blind, bring_in, small_blind, Units};
use super::{is_plain, label_and_verb, same_label, SeatLine};
use crate::read::errors::ReadError;
use crate::read::events::same;
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
    /// Where each line splits into its label and verb, found once for the pass and the body.
    pub splits: Splits,
}

/// How many lines' splits [`Splits`] keeps (the others are split again when asked).
const SPLITS: usize = 96;

/// Where each of a hand's first lines splits into its label and verb ([`label_and_verb`]): its
/// separator's `:`, 0 for a line without one, [`u8::MAX`] when not kept.
#[derive(Clone, Copy)]
pub struct Splits {
    colons: [u8; SPLITS],
}

impl Splits {
    /// Line `i`'s label and verb.
    #[inline]
    pub fn said<'l>(&self, i: usize, line: &'l str) -> Option<(&'l str, &'l str)> {
        match self.colons.get(i).copied() {
            Some(0) => None,
            Some(colon) if colon < u8::MAX => {
                let colon = usize::from(colon);
                Some((&line[..colon - 1], &line[colon + 2..]))
            }
            _ => label_and_verb(line),
        }
    }

    /// Line `i`'s label and verb, kept for [`Splits::said`].
    fn split<'l>(&mut self, i: usize, line: &'l str) -> Option<(&'l str, &'l str)> {
        let said = label_and_verb(line);
        if let Some(slot) = self.colons.get_mut(i) {
            *slot = match said {
                Some((label, _)) => u8::try_from(label.len() + 1).unwrap_or(u8::MAX),
                None => 0,
            };
        }
        said
    }
}

/// What the pass reads: blinds for a cash hand, antes and bring-ins for stud.
pub struct Wanted<'u> {
    pub units: &'u Units,
    pub cash_blinds: bool,
    pub stud: bool,
    /// The index of the first seat line and of the body's first line (a seat line has no ` : `).
    pub seats: usize,
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
            splits: Splits {
                colons: [u8::MAX; SPLITS],
            },
        };
        let mut summary = false;
        for (i, &line) in lines.iter().enumerate() {
            // (the first byte before the words)
            match line.as_bytes().first() {
                Some(b'*') if line.starts_with("*** ") => {
                    let last = line.starts_with("*** SUMMARY");
                    scan.marked |= !last && !line.starts_with("*** HOLE CARDS");
                    summary |= last && i >= wanted.body;
                }
                Some(b'B') if scan.board.is_none() && line.starts_with("Board [") => {
                    scan.board = Some(i);
                }
                _ => {}
            }
            if (wanted.seats..wanted.body).contains(&i) {
                continue; // a seat line: no label and verb
            }
            let Some((label, verb)) = scan.splits.split(i, line) else {
                continue;
            };
            scan.said(wanted, i, summary, (line, label, verb));
        }
        scan
    }

    /// A player's line `i` (its label and verb), before the summary or past it.
    fn said(&mut self, wanted: &Wanted, i: usize, summary: bool, said: (&str, &'a str, &str)) {
        let (line, label, verb) = said;
        if wanted.cash_blinds {
            self.blind(wanted.units, verb);
        }
        if wanted.stud {
            self.stud(wanted.units, verb);
        }
        match verb.as_bytes().first() {
            Some(b'A') if verb.starts_with("Ante chip ") => {
                if self.antes.is_empty() {
                    self.antes.reserve(10); // a label a seat: one allocation, not three
                }
                self.antes.push(label);
            }
            Some(b'S') if i >= wanted.body && !summary && verb.starts_with("Set dealer") => {
                self.dealer(line, verb);
            }
            _ => {}
        }
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

    /// In a hand of antes, whether each seat posts none (its label has no `Ante chip` line); empty
    /// in a hand without antes. A label of single-spaced words without the owner's mark is its
    /// seat's when the two are equal.
    pub fn antes_unposted(&self, seats: &[SeatLine]) -> Vec<bool> {
        if self.antes.is_empty() {
            return Vec::new(); // (no seat posts one: none is asked for)
        }
        // each ante's label crosses off the seats it names (a seat already crossed off is not
        // compared again; labels mostly differ in their length or last byte: `same` says so first)
        let mut unposted = vec![true; seats.len()];
        for label in &self.antes {
            let plain = is_plain(label);
            for (seat, unposted) in seats.iter().zip(&mut unposted) {
                if *unposted
                    && if plain {
                        same(label, &seat.label)
                    } else {
                        same_label(label, &seat.label)
                    }
                {
                    *unposted = false;
                }
            }
        }
        unposted
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
