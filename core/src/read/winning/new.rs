//! Winning's logs since 2019, told to the builder of the hand ([`crate::read::events`]).
//!
//! What these logs write differently from PokerStars:
//! - The header has no colon and names the game `Holdem(No Limit)`: `Hand #784383001 -
//!   Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC`; a tournament's starts `Game Hand #N -
//!   $5,000 GTD Tournament #27099516 - Holdem(No Limit) - Level 10 (3000.00/6000.00)- ...`.
//! - The table line has no `Table '...'`, action lines no colon after the name; blinds are `posts the
//!   small blind`, a player coming in `posts dead $0.07` (both blinds).
//! - Each street repeats the pot (`Main pot $0.17 | Rake $0.00`); a hand run twice numbers its streets
//!   (`*** FLOP 1 ***`) and shows each hand at both showdowns; collects say `from main pot 1`.
//! - Tournament chips carry cents (`3000.00`); the jackpot fee is `JP Fee`.
//!
//! The reader tells the builder the header's facts, its seats, and each line as the event it says. Where Winning's words are the
//! PokerStars family's (street markers, `Dealt to`, `Uncalled bet`, `calls $2`, `raises $1 to $3`),
//! the family's line readers ([`stars`]) read them in place; what Winning says otherwise (the header,
//! the table line, seats without `in chips`, `posts the small blind`, a hand run twice, collects from
//! `main pot 1`, a total after the house's fees, a win the summary alone gives) is told here.
//!
//! Each line is first read for what it says ([`Said`]), the whole hand before any event (a
//! tournament's chips with cents and a capped table are the log's faults, named first); the events
//! then follow the family's order: the table line, the seats, the body up to the summary, its total.

use super::{check_complete, SITE};
use crate::model::{ActionKind, Hand};
use crate::money::decimal_text;
use crate::read::errors::{Kind, ReadError};
use crate::read::events::{located, speaker};
use crate::read::events::{Act, Builder};
use crate::read::header::{hand_id, seat_number};
use crate::read::patterns as p;
use crate::read::pystr::repr;
use crate::read::stars;
use crate::read::values::parse_amount;
use crate::read::{HandText, Lookups};
use std::borrow::Cow;

mod head;
use crate::say;
use head::{head, header, table_of};

/// What a line of the log says, in the order the family reads it.
enum Said<'l> {
    /// A line in the family's own words, read as it is.
    Same(&'l str),
    /// A street of a hand run twice: `*** FLOP 1 *** [..]` (the street's name, the run, the line).
    Run(&'l str, u8, &'l str),
    /// `Seat 1: Player0 ($124.50)[ is sitting out]`: seat, name, stack, what follows, the line.
    Seat(&'l str, &'l str, &'l str, &'l str, &'l str),
    /// `Bern 6-max Seat #1 is the button`: the table's name, its size, the button.
    Table(&'l str, &'l str, Option<&'l str>),
    /// `Total pot $246.00 | Rake $2.76 | JP Fee $0.24`: after `Total pot `.
    Total(&'l str),
    /// `NAME collected $9.00 from main pot 1`, or the summary's `did not show and won $9.00`.
    Collect(usize, &'l str),
    /// `NAME shows [10d Ah]` (the cards' text).
    Shows(usize, &'l str),
    NoShow(usize),
    /// A forced bet in Winning's words: its kind and amount (`$0.05`, `$0.05 and is all-in`).
    Post(usize, ActionKind, &'l str),
    /// Any other line of a seated name: the family's words after it.
    Action(usize, &'l str),
}

/// The forced bets in Winning's words.
const POSTS: [(&str, ActionKind); 7] = [
    ("posts the small blind ", ActionKind::SmallBlind),
    ("posts the big blind ", ActionKind::BigBlind),
    ("posts ante ", ActionKind::Ante),
    // a player coming in posts both blinds
    ("posts dead ", ActionKind::SmallAndBigBlind),
    // stud's bring-in
    ("brings in low ", ActionKind::BringIn),
    ("brings in ", ActionKind::BringIn),
    ("brings-in ", ActionKind::BringIn),
];

/// Read one hand of the format since 2019 (its stripped lines; `raw` gives its text).
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        dialect,
        raw,
    } = hand;
    let first = lines.first().copied().unwrap_or("");
    let id = hand_id(first).unwrap_or("");
    let (head, chips) = head(first).map_err(|err| located(err, first_line, id))?;
    let text: Vec<Cow<str>> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| match chips && i > 0 {
            true => whole_chips(line)
                .map(Cow::Owned)
                .map_err(|err| located(err.at(first_line + i as u64), first_line, id)),
            false => Ok(Cow::Borrowed(*line)),
        })
        .collect::<Result<_, _>>()?;
    let mut names: Vec<&str> = Vec::new();
    let said = says(&text, &mut names).map_err(|mut err| {
        err.line = err.line.map(|i| first_line + i);
        located(err, first_line, id)
    })?;
    check_complete(&said, lines, first_line, id)?;
    let header = header(&head, &said, lookups).map_err(|err| located(err, first_line, id))?;
    let mut st = Builder::start(header, lines, first_line, dialect, lookups)?;
    read_body(&mut st, &said, &names)?;
    Ok(st.build(path, raw()))
}

/// What every line says (each with its index), a capped table's line an error (at its index: the
/// caller places it in the log); `names` the seated.
fn says<'l>(
    text: &'l [Cow<'l, str>],
    names: &mut Vec<&'l str>,
) -> Result<Vec<(usize, Said<'l>)>, ReadError> {
    let mut said = Vec::with_capacity(text.len());
    let mut shown: Vec<usize> = Vec::new();
    let collects = text.iter().any(|l| l.contains(" collected "));
    for (i, line) in text.iter().enumerate().skip(1) {
        let line = line.as_ref();
        if line == "*** SUMMARY ***" && !collects {
            for (k, won) in text.iter().enumerate().skip(i) {
                if let Some((who, amount)) = summary_win(won, names) {
                    said.push((k, Said::Collect(who, amount)));
                }
            }
        }
        if speaker(names, line).is_some_and(|(_, rest)| rest.starts_with("caps ")) {
            let reason =
                say!("a capped no-limit table whose cap the log does not print (`caps $0.55`)");
            let err = ReadError::new(Kind::Unsupported, reason).actual(line);
            return Err(err.at(i as u64));
        }
        if let Some(s) = says_line(line, names, &mut shown) {
            said.push((i, s));
        }
    }
    Ok(said)
}

/// What one line says (None: nothing the family records).
fn says_line<'l>(
    line: &'l str,
    names: &mut Vec<&'l str>,
    shown: &mut Vec<usize>,
) -> Option<Said<'l>> {
    if line.starts_with("Main pot ")
        || line.starts_with("Side pot")
        || line == "*** RUN IT TWICE ***"
        || line.starts_with("Board ")
    {
        return None; // the streets gave the boards
    }
    if let Some(rest) = line.strip_prefix("*** ") {
        for (suffix, run) in [(" 1 ***", 1), (" 2 ***", 2)] {
            if let Some((street, _)) = rest.split_once(suffix) {
                return Some(Said::Run(street, run, line));
            }
        }
        return Some(Said::Same(line));
    }
    if let Some((seat, rest)) = line.strip_prefix("Seat ").and_then(|l| l.split_once(": ")) {
        if !line.contains(" in chips") && speaker(names, rest).is_none() {
            let (name, stack) = rest.rsplit_once(" (")?;
            let (stack, tail) = stack.split_once(')')?;
            names.push(name);
            return Some(Said::Seat(seat, name, stack, tail, line));
        }
        return Some(Said::Same(line));
    }
    if !line.starts_with("Table '") && line.contains(" Seat #") && line.ends_with(" is the button")
    {
        let (place, button) = line.split_once(" Seat #")?;
        return Some(match place.rsplit_once(' ') {
            Some((t, m)) if m.ends_with("-max") => Said::Table(t, m, Some(button)),
            _ => Said::Table(place, "", Some(button)),
        });
    }
    if !line.starts_with("Seat ") && !line.starts_with("Table '") && line.ends_with("-max") {
        // a stud table's line has no button: `Bern 8-max`
        let (table, max) = line.rsplit_once(' ')?;
        return Some(Said::Table(table, max, None));
    }
    if let Some(parts) = line.strip_prefix("Total pot ") {
        return Some(Said::Total(parts));
    }
    if line.starts_with("Dealt to ") || line.starts_with("Uncalled bet ") {
        return Some(Said::Same(line));
    }
    let Some((who, rest)) = speaker(names, line) else {
        return Some(Said::Same(line));
    };
    if let Some((amount, _)) = rest
        .strip_prefix("collected ")
        .and_then(|r| r.split_once(" from "))
    {
        return Some(Said::Collect(who, amount));
    }
    if rest.starts_with("shows ") {
        if shown.contains(&who) {
            return None; // a hand run twice shows each hand at both showdowns
        }
        shown.push(who);
        let cards = rest.split_once('[').and_then(|(_, c)| c.split_once(']'))?.0;
        return Some(Said::Shows(who, cards));
    }
    if rest == "does not show" {
        return Some(Said::NoShow(who));
    }
    for (word, kind) in POSTS {
        if let Some(amount) = rest.strip_prefix(word) {
            return Some(Said::Post(who, kind, amount));
        }
    }
    Some(Said::Action(who, rest))
}

/// `Seat 2: P did not show and won $9.00`: P won $9.00.
fn summary_win<'l>(line: &'l str, names: &[&str]) -> Option<(usize, &'l str)> {
    let (_, rest) = line.strip_prefix("Seat ")?.split_once(": ")?;
    let (who, rest) = speaker(names, rest)?;
    let (_, won) = rest.split_once(" won ")?;
    Some((who, won.split(' ').next()?))
}

impl super::Told for Said<'_> {
    fn same(&self) -> Option<&str> {
        match self {
            Said::Same(line) => Some(line),
            _ => None,
        }
    }

    fn summary(&self) -> bool {
        false
    }
}

/// The events of the lines after the header, in the family's order: the table line, the seats, the
/// body up to the summary's marker, then the summary's total.
fn read_body(st: &mut Builder, said: &[(usize, Said)], names: &[&str]) -> Result<(), ReadError> {
    let mut k =
        usize::from(matches!(said.first(), Some((_, s)) if matches!(table_of(s), Ok(Some(_)))));
    while let Some((i, s)) = said.get(k) {
        if !seat(st, *i, s)? {
            break;
        }
        k += 1;
    }
    if !st.has_seats() {
        let index = said
            .get(k.min(said.len().saturating_sub(1)))
            .map_or(0, |s| s.0);
        return Err(st.error(
            index,
            say!("no seat lines after the header"),
            "'Seat N: name (stack in chips)'",
        ));
    }
    while let Some((i, s)) = said.get(k) {
        if body_line(st, *i, s, names)? {
            let total = said[k + 1..].iter().find_map(|(j, s)| match s {
                Said::Total(parts) => Some((*j, *parts)),
                _ => None,
            });
            if let Some((j, parts)) = total {
                summary(st, j, parts)?;
            }
            break;
        }
        k += 1;
    }
    Ok(())
}

/// A seat line of the seats: whether it was one.
fn seat(st: &mut Builder, i: usize, said: &Said) -> Result<bool, ReadError> {
    let (number, name, stack, tail) = match said {
        Said::Same(line) if line.starts_with("Seat ") => match p::seat_line(line) {
            Some(m) => (m.seat, m.name, m.stack, m.rest),
            None => return Ok(false),
        },
        Said::Seat(number, name, stack, tail, _) => {
            let digits = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
            let clean = !stack.is_empty() && !stack.contains([' ', '(']);
            if !digits || !clean || name.is_empty() {
                return Ok(false);
            }
            (*number, *name, *stack, *tail)
        }
        _ => return Ok(false),
    };
    let number = seat_number(number, "seat number").map_err(|err| st.relocate(err, i))?;
    let stack = st.amount(stack, i)?;
    st.seat(
        number,
        name.to_string(),
        stack,
        tail.contains("sitting out"),
        None,
    );
    Ok(true)
}

/// A line of the body: whether it begins the summary.
fn body_line(st: &mut Builder, i: usize, said: &Said, names: &[&str]) -> Result<bool, ReadError> {
    use ActionKind as K;
    let player = |st: &Builder, who: usize| {
        let name = names[who];
        st.who(name).ok_or_else(|| {
            st.error(
                i,
                say!("{name} is not seated in this hand", name = repr(name)),
                "an action by a seated player",
            )
        })
    };
    match said {
        Said::Same(line) => return stars::read_line(st, i, line),
        Said::Run(street, run, line) => {
            let street = street.split(" [").next().unwrap_or(street);
            let inner = street.trim_matches([' ', '*']);
            let inner = if inner == "SHOW DOWN" {
                "SHOWDOWN"
            } else {
                inner
            };
            return stars::street_marker(st, i, inner, *run, p::all_brackets(line).last());
        }
        Said::Seat(number, _, _, _, line) => {
            // a seat line after the seats: the family's reader skips it only as a line it knows
            if !p::info_line(line) {
                return Err(st.error(
                    i,
                    say!(
                        "{name} is not seated in this hand",
                        name = repr(&format!("Seat {number}"))
                    ),
                    "an action by a seated player",
                ));
            }
        }
        Said::Table(..) | Said::Total(_) => {
            return Err(st.error(
                i,
                say!("unknown line"),
                "an action, a street marker, a deal, a collect or the summary",
            ));
        }
        Said::Collect(who, amount) => {
            let name = names[*who];
            let who = st.seated(i, name)?;
            let amount = st.amount(amount, i)?;
            let act = Act {
                text: Some("pot"),
                ..Act::amount(K::Collect, amount, false)
            };
            st.act(i, who, act);
        }
        Said::Shows(who, cards) => {
            let who = player(st, *who)?;
            let cards: Vec<String> = cards.split_whitespace().map(super::card).collect();
            let cards = st.cards(&cards.join(" "), i)?;
            st.act(i, who, Act::cards(K::Show, cards, None));
        }
        Said::NoShow(who) => {
            let who = player(st, *who)?;
            st.act(i, who, Act::of(K::NoShow));
        }
        Said::Post(who, kind, amount) => {
            let who = player(st, *who)?;
            let (amount, all_in) = stars::amount_and_flags(st, i, amount)?;
            st.act(i, who, Act::amount(*kind, amount, all_in));
        }
        Said::Action(who, rest) => {
            let who = player(st, *who)?;
            stars::read_action(st, i, who, rest)?;
        }
    }
    Ok(false)
}

/// `$246.00 | Rake $2.76 | JP Fee $0.24`: Winning's total is what the winners share, the family's
/// what the players put in (the fees too).
fn summary(st: &mut Builder, i: usize, parts: &str) -> Result<(), ReadError> {
    let mut pieces = parts.split(" | ");
    let net = pieces.next().unwrap_or("");
    let fees: Vec<&str> = pieces.collect();
    let decimals = if net.contains('.') { 2 } else { 0 };
    let value = |text: &str| parse_amount(text.rsplit(' ').next().unwrap_or(""), decimals).ok();
    let total = value(net).and_then(|net| {
        fees.iter()
            .try_fold(net, |sum, fee| Some(sum + value(fee)?))
    });
    let Some(total) = total else {
        // the family's reader names the amount (the fees are not read)
        let (main, more) = net
            .split_once(' ')
            .map_or((net, None), |(m, r)| (m, Some(r)));
        let total = st.amount(main, i)?;
        return stars::summary_parts(st, i, total, more);
    };
    let total = if decimals == st.header().stakes.decimals {
        total
    } else {
        st.amount(&decimal_text(total, decimals), i)?
    };
    stars::summary_parts(st, i, total, fees)
}

/// A tournament line's chip amounts without their cents: `(3000.00/6000.00)` → `(3000/6000)`; an
/// error for chips with cents that are not zero.
fn whole_chips(line: &str) -> Result<String, ReadError> {
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut last = 0;
    for (at, _) in line.match_indices('.') {
        let digit = |k: usize| bytes.get(k).is_some_and(u8::is_ascii_digit);
        if !(at > 0 && digit(at - 1) && digit(at + 1) && digit(at + 2)) || digit(at + 3) {
            continue;
        }
        if &line[at + 1..at + 3] != "00" {
            return Err(ReadError::malformed(say!(
                "tournament chips with cents: {text}",
                text = &line[..at + 3]
            ))
            .expected("whole chips such as 3000.00")
            .actual(line));
        }
        out.push_str(&line[last..at]);
        last = at + 3;
    }
    out.push_str(&line[last..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::head::game;
    use super::*;

    #[test]
    fn a_win_the_summary_alone_gives() {
        let names = ["Player0"];
        let line = "Seat 2: Player0 did not show and won $9.50";
        assert_eq!(summary_win(line, &names), Some((0, "$9.50")));
        assert_eq!(
            summary_win("Seat 2: Player0 (big blind) folded", &names),
            None
        );
    }

    #[test]
    fn tournament_chips_lose_their_zero_cents() {
        assert_eq!(
            whole_chips("Seat 1: P (323265.00)").unwrap(),
            "Seat 1: P (323265)"
        );
        assert_eq!(
            whole_chips("raises 12000.00 to 12000.00").unwrap(),
            "raises 12000 to 12000"
        );
        assert!(whole_chips("calls 10.50").is_err());
        assert_eq!(whole_chips("v1.2.3").unwrap(), "v1.2.3");
    }

    #[test]
    fn headers_read_as_the_family_reads_its_own() {
        let (h, chips) =
            head("Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC")
                .unwrap();
        let (rules, stakes, tournament) = game(&h).unwrap();
        assert_eq!(
            (h.id, rules, h.date),
            ("784383001", "holdem", "2021/04/20 18:42:26 UTC")
        );
        assert_eq!((stakes.small_blind, stakes.big_blind), (Some(2), Some(5)));
        assert_eq!(
            (stakes.currency.as_deref(), stakes.symbol.as_str()),
            (Some("USD"), "$")
        );
        assert!(!chips && tournament.is_none());
        let (h, chips) = head(
            "Game Hand #1 - $5,000 GTD Tournament #27 - Holdem(No Limit) - Level 10 (3000.00/6000.00)- 2022/07/11 01:11:44 UTC",
        )
        .unwrap();
        let (_, stakes, tournament) = game(&h).unwrap();
        let t = tournament.unwrap();
        assert_eq!(
            (t.tournament_id.as_str(), t.level.as_deref()),
            ("27", Some("10"))
        );
        assert_eq!((stakes.decimals, stakes.big_blind), (0, Some(6000)));
        assert!(chips);
        let (h, _) =
            head("Hand #1 - Omaha H/L(Fixed Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC")
                .unwrap();
        let (rules, stakes, _) = game(&h).unwrap();
        assert_eq!(
            (rules, stakes.small_bet, stakes.big_bet),
            ("omaha-hilo; structure=fixed_limit", Some(300), Some(600))
        );
        let err = head("Hand #1 - Badugi(No Limit) - $1/$2 - 2021/04/16 19:14:14 UTC")
            .err()
            .unwrap();
        assert_eq!(err.reason, "unsupported game: Badugi(No Limit)");
    }
}
