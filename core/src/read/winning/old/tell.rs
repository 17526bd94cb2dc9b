//! What an old Winning hand's lines said, told to the builder in the family's order: the header's
//! facts, the seats in table order (up to the first whose number or name does not read), the body
//! up to the summary, the summary's total.

use super::super::{check_complete, push_card};
use super::head::header;
use super::{Reading, Said};
use crate::model::{ActionKind, Hand};
use crate::read::errors::ReadError;
use crate::read::events::{Act, Builder};
use crate::read::header::seat_number;
use crate::read::patterns as p;
use crate::read::pystr::{digits_len, repr};
use crate::read::{stars, HandText, Lookups};
use crate::say;

/// The hand the lines said (`reading`, of the log's `lines`).
pub(super) fn hand(
    reading: &Reading,
    hand: HandText<'_>,
    lookups: &mut dyn Lookups,
) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        dialect,
        raw,
    } = hand;
    let id = reading.head.id;
    check_complete(&reading.said, lines, first_line, id)?;
    let (header, table_reads) = header(
        reading.head,
        reading.stakes,
        reading.fixed_limit,
        reading.button,
        lookups,
    )
    .map_err(|err| {
        let line = err.line.unwrap_or(first_line);
        err.at(line).hand(Some(id))
    })?;
    let mut st = Builder::start(header, lines, first_line, dialect, lookups)?;
    let said = &reading.said;
    let body = if table_reads {
        seats(&mut st, said)?
    } else {
        0
    };
    if !st.has_seats() {
        let at = said[body.min(said.len() - 1)].0;
        return Err(st.error(
            at,
            say!("no seat lines after the header"),
            "'Seat N: name (stack in chips)'",
        ));
    }
    let seated: Vec<Option<usize>> = reading.names.iter().map(|n| st.who(n)).collect();
    let mut tell = Tell {
        st,
        reading,
        seated,
        cards: String::new(),
    };
    tell.body(body)?;
    Ok(tell.st.build(path, raw()))
}

/// The seats (after the table's line), up to the first whose number or name does not read: the
/// index in `said` of what follows them.
fn seats<'a>(st: &mut Builder<'a, '_>, said: &[(usize, Said<'a>)]) -> Result<usize, ReadError> {
    let mut k = 1;
    while let Some(&(i, Said::Seat(seat, name, stack, out))) = said.get(k) {
        let reads = !seat.is_empty() && digits_len(seat) == seat.len() && !name.is_empty();
        if !reads {
            break;
        }
        let seat = seat_number(seat, "seat number").map_err(|err| st.relocate(err, i))?;
        st.seat(seat, name, stack, out, None);
        k += 1;
    }
    Ok(k)
}

/// The builder, told what the lines said.
struct Tell<'t, 'a, 'l> {
    st: Builder<'a, 'l>,
    reading: &'t Reading<'t, 't>,
    /// Each seat's player in the builder (None: not seated, its seat line did not read).
    seated: Vec<Option<usize>>,
    /// The cards of a deal, a board or a show, in the family's words.
    cards: String,
}

impl Tell<'_, '_, '_> {
    /// What the lines said from `said[from]` up to the summary, then the summary's total.
    fn body(&mut self, from: usize) -> Result<(), ReadError> {
        let reading = self.reading;
        let said = &reading.said;
        for (k, (i, s)) in said.iter().enumerate().skip(from) {
            if self.line(*i, s)? {
                let total = said[k + 1..].iter().find(|(_, s)| match s {
                    Said::Total(..) => true,
                    Said::Same(line) => line.starts_with("Total pot "),
                    _ => false,
                });
                match total {
                    Some((_, Said::Total(total, fees))) => {
                        self.st.summary(*total, Some(*fees), Vec::new(), Vec::new());
                    }
                    Some((j, Said::Same(line))) => stars::read_summary(&mut self.st, *j, line)?,
                    _ => {}
                }
                break;
            }
        }
        Ok(())
    }

    /// What line `i` said: whether the summary begins.
    fn line(&mut self, i: usize, said: &Said) -> Result<bool, ReadError> {
        use ActionKind as K;
        match said {
            Said::Same(line) => return stars::read_line(&mut self.st, i, line),
            Said::Summary => return Ok(true),
            Said::FirstStreet => {
                let name = if self.reading.head.stud {
                    "3rd STREET"
                } else {
                    "HOLE CARDS"
                };
                return stars::street_marker(&mut self.st, i, name, 0, None);
            }
            Said::Street(name, cards) => {
                if let Some(text) = cards {
                    self.board_cards(text);
                }
                let cards = cards.map(|_| self.cards.as_str());
                return stars::street_marker(&mut self.st, i, name, 0, cards);
            }
            Said::Showdown => self.st.begin_showdown(0),
            Said::Seat(seat, _, _, out) => {
                // a seat after one that did not read: a line of the body, which says nothing unless
                // it is a player's who is in the hand
                if !out {
                    let reason = say!(
                        "{name} is not seated in this hand",
                        name = repr(&format!("Seat {seat}"))
                    );
                    return Err(self.st.error(i, reason, "an action by a seated player"));
                }
            }
            Said::Dealt(who, from, to) => self.dealt(i, *who, *from, *to)?,
            Said::Move(who, act) => {
                let who = self.player(i, *who)?;
                self.st.act(i, who, act.clone());
            }
            Said::Other(who, rest) => {
                let who = self.player(i, *who)?;
                stars::read_action(&mut self.st, i, who, rest)?;
            }
            Said::Shows(who, mucked, cards) => {
                let who = self.player(i, *who)?;
                self.cards.clear();
                push_cards(&mut self.cards, cards.split_whitespace());
                let cards = self.st.cards(&self.cards, i)?;
                let kind = if *mucked { K::Muck } else { K::Show };
                self.st.act(i, who, Act::cards(kind, cards, None));
            }
            Said::Uncalled(who, amount) => {
                let name = self.reading.names[*who];
                if name.is_empty() {
                    let expected = "'Uncalled bet (X) returned to NAME'";
                    return Err(self
                        .st
                        .error(i, say!("unreadable uncalled-bet line"), expected));
                }
                let who = self.st.seated(i, name)?;
                self.st
                    .act(i, who, Act::amount(K::Uncalled, *amount, false));
            }
            Said::Collect(who, amount) => {
                let who = self.st.seated(i, self.reading.names[*who])?;
                let act = Act {
                    text: Some("pot"),
                    ..Act::amount(K::Collect, *amount, false)
                };
                self.st.act(i, who, act);
            }
            Said::Table | Said::Total(..) => {
                let expected = "an action, a street marker, a deal, a collect or the summary";
                return Err(self.st.error(i, say!("unknown line"), expected));
            }
        }
        Ok(false)
    }

    /// Seat `who`'s player in the builder, or the error of line `i`, a line of its words.
    fn player(&self, i: usize, who: usize) -> Result<usize, ReadError> {
        self.seated[who].ok_or_else(|| {
            let name = repr(self.reading.names[who]);
            let reason = say!("{name} is not seated in this hand", name);
            self.st.error(i, reason, "an action by a seated player")
        })
    }

    /// Cards dealt to seat `who` on line `i`: its `known[..to]`, of which those from `from` are new.
    /// Stud's cards seen before are told with the new on its first street (the family's `Dealt to
    /// NAME [3c 4d] [5h]`), else the new alone.
    fn dealt(&mut self, i: usize, who: usize, from: usize, to: usize) -> Result<(), ReadError> {
        let reading = self.reading;
        let who_seated = self.st.seated(i, reading.names[who])?;
        let known = &reading.known[who][..to];
        let before = reading.head.stud && from > 0;
        self.cards.clear();
        if known.iter().any(|c| c.contains(['[', ']'])) {
            return self.dealt_damaged(i, who_seated, known, from, before);
        }
        self.st.deal_street(i)?;
        let all = before && self.st.street() == 0;
        push_cards(
            &mut self.cards,
            known[if all { 0 } else { from }..].iter().copied(),
        );
        let cards = self.st.cards(&self.cards, i)?;
        self.st.dealt(i, who_seated, &cards)
    }

    /// A deal whose card texts hold a bracket (a damaged log): its cards as the family's reader read
    /// them of the deal line's groups, where a bracket in a card's text ends a group or opens one.
    fn dealt_damaged(
        &mut self,
        i: usize,
        who: usize,
        known: &[&str],
        from: usize,
        before: bool,
    ) -> Result<(), ReadError> {
        let mut text = String::new();
        if before {
            text.push('[');
            push_cards(&mut text, known[..from].iter().copied());
            text.push_str("] ");
        }
        text.push('[');
        push_cards(&mut text, known[from..].iter().copied());
        text.push(']');
        let groups: Vec<&str> = p::all_brackets(&text).collect();
        self.st.deal_street(i)?;
        let cards = if groups.len() > 1 && self.st.street() == 0 {
            self.st.cards(&groups.join(" "), i)?
        } else {
            self.st.cards(groups.last().copied().unwrap_or(""), i)?
        };
        self.st.dealt(i, who, &cards)
    }

    /// A board street's cards (the log's last `[..]` group) in the family's words, up to a bracket
    /// they hold.
    fn board_cards(&mut self, text: &str) {
        self.cards.clear();
        let cards = text.trim().trim_end_matches(']').split_whitespace();
        push_cards(&mut self.cards, cards);
        if let Some(at) = self.cards.find(']') {
            self.cards.truncate(at);
        }
    }
}

/// Cards as the family writes them (`10d` → `Td`), a space between.
fn push_cards<'c>(out: &mut String, cards: impl Iterator<Item = &'c str>) {
    for (k, text) in cards.enumerate() {
        if k > 0 {
            out.push(' ');
        }
        push_card(out, text);
    }
}
