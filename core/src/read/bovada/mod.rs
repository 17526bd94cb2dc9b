//! Bovada, Ignition and Bodog hand histories (one site, three names): the header's facts and the seats
//! read here, each line of the body told to the builder of the hand ([`super::events`]) as the event it
//! says ([`body`]); the hand keeps Bovada's raw text and each action's and deal's line of the log.
//!
//! What Bovada writes differently:
//! - Players are seat labels (`Dealer`, `Small Blind`, `UTG+2`, `Seat+4` in older logs), the log's
//!   owner marked `[ME]`. A label is a different player in every hand, so each is named with its hand
//!   (`UTG+2 #4328077653`) and never merged with another hand's; the owner is [`HERO`].
//! - The cash header has no stakes: they are the blinds posted. A tournament header gives its level's
//!   blinds, and no structure in Ignition's newer logs (`Normal- Level 13`): Hold'em is no limit then,
//!   Omaha pot limit.
//! - Tournament seat numbers are ids (`Seat 1243:`); the seats are then numbered in the order listed,
//!   which is the order `Set dealer [4]` counts in.
//! - Every player's cards are printed (`Card dealt to a spot [9c Th]`); calls give what is added, raises
//!   the total (`Raises 1333 to 1333`), and `All-in N` is a bet, call or raise by what it adds.
//! - Stud logs print no street markers and no stakes (`Level 1 (0/0)`): a street begins at the first
//!   card dealt after a betting action, and the bets are two and four bring-ins (every Bovada stud
//!   level's structure: ante 2, bring-in 5, 10/20; ante 8, bring-in 20, 40/80...); a hand whose
//!   bring-in is not posted brings in for two and a half antes.

use std::borrow::Cow;

use super::errors::{Kind, ReadError};
use super::events::Builder;
use super::header::{header_line, seat_number, Header, MAX_SEAT};
use super::pokerstars::rules_of;
use super::pystr::repr;
use super::times::{search_date, start_of};
use super::{search, HandText, Lookups};
use crate::model::{Hand, Stakes, Tournament};
use crate::read::events::located;
use crate::said::Said;
use crate::say;
use body::{Body, Start};
use scan::{Scan, Wanted};
use words::{bytes_equal, trim, Units};

mod body;
mod scan;
mod stakes;
mod words;

/// The name of the log's owner (`[ME]`) in every hand.
pub const HERO: &str = "Hero";
/// The owner's mark after a seat label.
pub const ME: &str = "[ME]";
/// Seats numbered above this are ids: the seats are then numbered in the order listed.
const LARGEST_SEAT: u64 = 10;

/// Bovada's game words (its own list: `HOLDEM`, `OMAHA`, `OMAHA HiLo`, `OMAHA_HL`, `7CARD`, `7CARD
/// HiLo`, `7CARD_HL`, each also with `ZonePoker` glued on), the PokerStars name they read as and the
/// structure when none is given; the first that fits (a hi/lo word before its high game's).
const GAMES: [(&str, &str, &str); 7] = [
    ("HOLDEM", "Hold'em", "No Limit"),
    ("OMAHA HiLo", "Omaha Hi/Lo", "Pot Limit"),
    ("OMAHA_HL", "Omaha Hi/Lo", "Pot Limit"),
    ("OMAHA", "Omaha", "Pot Limit"),
    ("7CARD HiLo", "7 Card Stud Hi/Lo", "Fixed Limit"),
    ("7CARD_HL", "7 Card Stud Hi/Lo", "Fixed Limit"),
    ("7CARD", "7 Card Stud", "Fixed Limit"),
];
/// The PokerStars game names of [`GAMES`] that are stud.
pub const STUD: &str = "7 Card Stud";

/// What a Bovada header says.
pub struct Head<'a> {
    site: &'a str,
    id: &'a str,
    game: &'static str,
    structure: &'a str,
    table: Option<&'a str>,
    tournament: Option<&'a str>,
    /// The tournament level and its blinds `(300/600)`.
    level: Option<(&'a str, &'a str)>,
    date: String,
}

/// Read one Bovada hand (its stripped lines; `raw` gives its text).
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        dialect,
        raw,
    } = hand;
    super::check_complete(lines, first_line)?;
    let head = head(lines, first_line)?;
    let at = |i: usize, err: ReadError| located(err, first_line + i as u64, head.id);
    // Newer logs have a `Table Info: ...` line before the seats
    let info = usize::from(lines.get(1).is_some_and(|l| l.starts_with("Table Info:")));
    let (seats, button) = seats(lines, 1 + info, first_line).map_err(|err| at(0, err))?;
    let units = Units {
        decimals: if head.tournament.is_some() { 0 } else { 2 },
    };
    let stud = head.game.starts_with(STUD);
    let wanted = Wanted {
        units: &units,
        cash_blinds: !stud && head.level.is_none(),
        stud,
        seats: 1 + info,
        body: 1 + info + seats.len(),
    };
    let scan = Scan::of(lines, &wanted);
    let (stakes, blinds) = stakes::stakes(&head, &scan, &units, stud).map_err(|err| at(0, err))?;
    let button = the_button(&seats, button, &scan);
    let header = header(&head, stakes, button, 1 + info, lookups).map_err(|err| at(0, err))?;
    let names = seat_names(&head, &seats); // (it outlives the builder, which borrows each name)
    let mut st = Builder::start(header, lines, first_line, dialect, lookups)?;
    let (who, stacks) = seat_players(&mut st, &names, &seats, 1 + info)?;
    let start = Start {
        seats: &seats,
        who,
        stacks,
        units,
        blinds,
        stud,
        tournament: head.tournament.is_some(),
    };
    let mut body = Body::new(start, lines, scan);
    for (i, line) in lines.iter().enumerate().skip(1 + info + seats.len()) {
        body.line(&mut st, i, line, &seats)
            .map_err(|err| at(i, err))?;
    }
    Ok(st.build(path, raw()))
}

/// The header's facts: the game's rules in the family's words, the stakes, the tournament and its
/// level, the start (`search_date` finds it in the header's date, which must be all there is after
/// the stakes), the table and the button.
fn header<'h>(
    head: &'h Head<'h>,
    stakes: Stakes,
    button: Option<u8>,
    body: usize,
    lookups: &mut dyn Lookups,
) -> Result<Header<'h>, ReadError> {
    let date = search_date(&head.date);
    let (start, time_zone, start_utc) = match &date {
        Some(d) => start_of(d, lookups.offsets())?,
        None => (None, None, None),
    };
    let dated = date.is_some_and(|d| head.date[..d.start].chars().all(|c| " -[".contains(c)));
    if !dated {
        return Err(ReadError::malformed(say!("no stakes in the header"))
            .expected("'(small/big)' after the game")
            .actual(head.date.as_str()));
    }
    let fixed = head.structure == "Fixed Limit";
    let structure = if fixed { "Limit" } else { head.structure };
    let game = format!("{} {structure}", head.game);
    let rules = match head.level {
        // a level without its name is no level: its word is the game's
        Some(("", _)) if head.tournament.is_some() => rules_of(&format!("{game} - Level")),
        _ => rules_of(&game),
    }?;
    let tournament = head.tournament.map(|id| Tournament {
        tournament_id: id.to_string(),
        buy_in: None,
        level: head.level.map(|(level, _)| level.to_string()),
    });
    Ok(
        Header::new(head.site, head.id, rules.to_string(), stakes, body)
            .table(head.table.map(str::to_string), None, button)
            .start((start, time_zone, start_utc))
            .tournament(tournament),
    )
}

/// The seats told to the builder (from line `first`; `names` the seats' [`seat_names`]): the
/// builder's index of each seat's player, and each seat's stack (the family's amount: the hand's
/// units). A stack the family's seat grammar does not read (with a space or a parenthesis) is no
/// seat line.
fn seat_players<'n>(
    st: &mut Builder<'n, '_>,
    names: &'n str,
    seats: &[SeatLine],
    first: usize,
) -> Result<(Vec<usize>, Vec<i64>), ReadError> {
    let mut who = Vec::with_capacity(seats.len());
    let mut stacks = Vec::with_capacity(seats.len());
    for ((k, seat), name) in seats.iter().enumerate().zip(names.split('\n')) {
        let i = first + k;
        if seat.stack.is_empty() || seat.stack.contains([' ', '(', ')']) {
            return Err(match k {
                0 => no_seats(st, i),
                _ => st.error(
                    i,
                    say!(
                        "{name} is not seated in this hand",
                        name = repr(&format!("Seat {}", seat.number))
                    ),
                    "an action by a seated player",
                ),
            });
        }
        let number = match u8::try_from(seat.number) {
            Ok(n) if (1..=MAX_SEAT).contains(&u64::from(n)) => n,
            _ => seat_number(&seat.number.to_string(), "seat number")
                .map_err(|err| st.relocate(err, i))?,
        };
        let stack = st.amount(seat.stack, i)?;
        stacks.push(stack);
        // a name seated twice is one player (the builder keeps the last seat)
        who.push(st.seat(number, name, stack, false, None));
    }
    if seats.is_empty() {
        return Err(no_seats(st, first));
    }
    Ok((who, stacks))
}

fn no_seats(st: &Builder, i: usize) -> ReadError {
    st.error(
        i,
        say!("no seat lines after the header"),
        "'Seat N: name (stack in chips)'",
    )
}

/// Each seat's player, one a line (a label is of one line: it has no line break), in one string
/// the builder borrows them from (one allocation a hand, not one a seat): the owner is [`HERO`],
/// any other the seat's label with the hand's id.
fn seat_names(head: &Head, seats: &[SeatLine]) -> String {
    let length = |seat: &SeatLine| seat.label.len() + " #\n".len() + head.id.len();
    let mut names = String::with_capacity(seats.iter().map(length).sum());
    for seat in seats {
        if seat.hero {
            names.push_str(HERO);
        } else {
            names.push_str(&seat.label);
            names.push_str(" #");
            names.push_str(head.id);
        }
        names.push('\n');
    }
    names
}

/// The button: the seat labelled `Dealer`, else where `Set dealer [N]` (before the summary) or the
/// seats' numbering puts it, else before the blinds.
fn the_button(seats: &[SeatLine], button: Option<Button>, scan: &Scan) -> Option<u8> {
    // The button is the seat labelled `Dealer` (`Set dealer [N]` counts seats one way or another)
    let dealer = seats.iter().find(|s| s.label == "Dealer").map(|s| s.number);
    let button = || match button {
        Some(Button::AsSet) => scan.set_dealer.filter(|&b| (1..=LARGEST_SEAT).contains(&b)),
        Some(Button::Empty(b)) => Some(b),
        None => None,
    };
    dealer
        .or_else(button)
        .or_else(|| button_before_blinds(seats))
        .and_then(|b| u8::try_from(b).ok())
}

/// A button the log does not place: the empty seat right before the small blind (a dead button),
/// else the seat listed before it.
fn button_before_blinds(seats: &[SeatLine]) -> Option<u64> {
    let blind = |label: &str| seats.iter().position(|s| s.label == label);
    let first = blind("Small Blind").or_else(|| blind("Big Blind"))?;
    let before = seats[first].number.checked_sub(1).filter(|&n| n > 0);
    match before {
        Some(n) if !seats.iter().any(|s| s.number == n) => Some(n),
        _ => Some(seats[(first + seats.len() - 1) % seats.len()].number),
    }
}

/// The header line's parts.
fn head<'a>(lines: &[&'a str], first_line: u64) -> Result<Head<'a>, ReadError> {
    let first = lines.first().copied().unwrap_or("");
    let malformed = |reason: Said| {
        ReadError::malformed(reason)
            .at(first_line)
            .expected("'Bovada Hand #N TBL#T HOLDEM No Limit - 2016-08-09 12:41:32'")
            .actual(first)
    };
    let Some(m) = header_line(first) else {
        return Err(malformed(say!("not a Bovada hand header")));
    };
    let Some((body, date)) = search::rsplit_once(m.rest, " - ") else {
        return Err(malformed(say!("no date in the header")));
    };
    // `2016-08-09 12:41:32` (ET), or with its zone: `2021-04-23 11:09:26 UTC`
    let dashed = date.trim();
    let mut date = String::with_capacity(dashed.len() + " ET".len());
    date.extend(dashed.chars().map(|c| if c == '-' { '/' } else { c }));
    if date.split_whitespace().count() == 2 {
        date.push_str(" ET");
    }
    let words = |word: &str| search::find(body, word).map(|at| &body[at + word.len()..]);
    let number = |rest: &'a str| {
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        (n > 0).then(|| &rest[..n])
    };
    let table = words("TBL#").or_else(|| words("ID#")).and_then(number);
    let tournament = words("Tournament #").and_then(|rest| {
        // `Tournament #41678164`, `Tournament #M-20210422003411`
        let n = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-')
            .count();
        (n > 0).then(|| &rest[..n])
    });
    let level = words("Level ").and_then(|rest| {
        let (level, blinds) = rest.split_once(' ')?;
        let blinds = blinds.trim().strip_prefix('(')?.split(')').next()?;
        Some((level, blinds))
    });
    // (a word of the header equal to the game's is in it: the one search says both)
    let game = GAMES
        .iter()
        .find(|(word, _, _)| search::contains(body, word));
    let Some(&(_, game, default)) = game else {
        return Err(ReadError::new(
            Kind::Unsupported,
            say!("unsupported game of a Bovada header"),
        )
        .at(first_line)
        .expected("HOLDEM, OMAHA, OMAHA HiLo, 7CARD or 7CARD HiLo")
        .actual(first));
    };
    let structure = ["No Limit", "Pot Limit", "Fixed Limit"]
        .into_iter()
        .find(|s| search::contains(body, s))
        .unwrap_or(default);
    // `Bodog.com`, `Bodog.eu` are Bodog; a header cut before its site name is Bovada's
    let site = m.site.trim().split('.').next().unwrap_or("");
    Ok(Head {
        site: if site.is_empty() { "Bovada" } else { site },
        id: m.id,
        game,
        structure,
        table,
        tournament,
        level,
        date,
    })
}

/// A player's line `LABEL : VERB` split at its first ` : ` (its first `:` with a space either side:
/// a label is short, so the first `:` is found in a few bytes).
#[inline]
fn label_and_verb(line: &str) -> Option<(&str, &str)> {
    let colon = separator(line.as_bytes())?;
    Some((&line[..colon - 1], &line[colon + 2..]))
}

/// Where the first `:` with a space either side is (neither the first byte nor the last), eight
/// bytes at a time.
#[inline]
fn separator(b: &[u8]) -> Option<usize> {
    let is_separator = |at: usize| b[at] == b':' && b[at - 1] == b' ' && b[at + 1] == b' ';
    // the `:` of eight places from `at` (the bytes `at - 1..at + 9`), the lowest mark first
    let mut at = 1;
    while at + 9 <= b.len() {
        let word: [u8; 8] = b[at..at + 8].try_into().unwrap_or([0; 8]);
        let mut found = bytes_equal(u64::from_le_bytes(word), b':');
        while found != 0 {
            // (a mark above a word's first `:` may be false: each is checked)
            let colon = at + found.trailing_zeros() as usize / 8;
            if is_separator(colon) {
                return Some(colon);
            }
            found &= found - 1;
        }
        at += 8;
    }
    (at..b.len().saturating_sub(1)).find(|&colon| is_separator(colon))
}

/// A seat line's number, label (borrowed from the line when it is already single-spaced and
/// unmarked) and stack.
pub struct SeatLine<'a> {
    number: u64,
    pub label: Cow<'a, str>,
    pub stack: &'a str,
    pub hero: bool,
}

/// `Seat 4: Big Blind [ME] ($50 in chips)` or (older logs) `Seat+4 [ME]: 1,500 in chips`.
fn seat_line(line: &str) -> Option<SeatLine<'_>> {
    let rest = line.strip_prefix("Seat")?.trim_start_matches([' ', '+']);
    let n = rest.bytes().take_while(u8::is_ascii_digit).count();
    let number = rest[..n].parse().ok()?;
    let (before, after) = rest[n..].split_once(':')?;
    let after = trim(after);
    let (label, stack) = match search::rsplit_once(after, " (") {
        Some((label, stack)) => (label, stack.strip_suffix(" in chips)")?),
        // `Seat+4 [ME]: 1,500 in chips`: the label is the seat
        None => ("", after.strip_suffix(" in chips")?),
    };
    let hero = has_me(before) || has_me(label);
    let label = if label.is_empty() {
        Cow::Owned(format!("Seat+{}", &rest[..n]))
    } else if is_plain(label) || is_normal(label) {
        // (a plain label is a normal one, found so in one pass over its bytes)
        Cow::Borrowed(label)
    } else {
        match label.strip_suffix(" [ME]").filter(|l| is_plain(l)) {
            // `Big Blind [ME]`: a plain label and the owner's mark
            Some(plain) => Cow::Borrowed(plain),
            None => Cow::Owned(normal_label(label)),
        }
    };
    Some(SeatLine {
        number,
        label,
        stack: trim(stack),
        hero,
    })
}

/// Whether a short text (a seat's label) has the owner's mark [`ME`], window by window.
fn has_me(text: &str) -> bool {
    text.as_bytes()
        .windows(ME.len())
        .any(|w| w == ME.as_bytes())
}

/// Whether a line's label (`Big Blind  [ME]`) is a seat's (`Big Blind`): the same words but the
/// owner's mark, without making a string.
fn same_label(label: &str, seat: &str) -> bool {
    let words = label.split_whitespace().filter(|w| *w != ME);
    words.eq(seat.split(' '))
}

/// Whether a line's label is its words as a seat's label has them: not empty, one space between
/// its words, no other white space and no owner's mark (no `[`). Such a label is a seat's
/// ([`same_label`]) when the two are equal.
fn is_plain(label: &str) -> bool {
    let b = label.as_bytes();
    if b.is_empty() || b[0] == b' ' || b[b.len() - 1] == b' ' {
        return false;
    }
    // byte by byte: a space after a space, a `[`, ASCII white space other than a space
    let mut space = false;
    for &c in b {
        match c {
            b' ' if space => return false,
            b' ' => space = true,
            b'[' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' => return false,
            _ => space = false,
        }
    }
    label.is_ascii() || label.chars().all(|c| c == ' ' || !c.is_whitespace())
}

/// Whether a label is its own [`normal_label`]: single-spaced words, none of them the owner's mark.
fn is_normal(label: &str) -> bool {
    let mut words = 0;
    let mut single = true;
    for word in label.split(' ') {
        words += 1;
        single &= !word.is_empty() && word != ME && !word.contains(char::is_whitespace);
    }
    single && words > 0
}

/// A label without the owner's mark, its words single-spaced: `Big Blind  [ME]` → `Big Blind`.
fn normal_label(label: &str) -> String {
    label
        .split_whitespace()
        .filter(|w| *w != ME)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where the button is when no seat is labelled `Dealer`.
#[derive(Clone, Copy)]
enum Button {
    /// On the seat `Set dealer [N]` says (the seats keep the log's numbers).
    AsSet,
    /// On this empty seat (the seats are numbered in the order listed).
    Empty(u64),
}

/// The seat lines after the header (from index `first`; the log's line number of index 0 is
/// `first_line`), and where the button is if no seat is labelled `Dealer`.
fn seats<'a>(
    lines: &[&'a str],
    first: usize,
    first_line: u64,
) -> Result<(Vec<SeatLine<'a>>, Option<Button>), ReadError> {
    let mut seats: Vec<SeatLine> = Vec::with_capacity(10);
    for (i, line) in lines.iter().enumerate().skip(first) {
        // `Seat+4 [ME] : Table enter user` is an action of an older log's seat label
        if !line.starts_with("Seat")
            || line.starts_with("Seating Info")
            || separator(line.as_bytes()).is_some()
        {
            break;
        }
        match seat_line(line) {
            Some(seat) => seats.push(seat),
            None => {
                return Err(ReadError::malformed(say!("unreadable seat line"))
                    .at(first_line + i as u64)
                    .expected("'Seat N: LABEL ($X in chips)'")
                    .actual(*line))
            }
        }
    }
    // Tournament seat numbers may be ids (`Seat 1243:`) or out of order (`Seat 6: UTG`, `Seat 5:
    // UTG+1`...); the seats are listed in the table's order. A dead button (no `Dealer`) is an
    // empty seat before the small blind.
    let in_order = seats
        .windows(2)
        .all(|w| w[0].number < w[1].number && w[1].number <= LARGEST_SEAT);
    let mut button = None;
    if !in_order {
        let labelled = |label: &str| seats.iter().position(|s| s.label == label);
        let gap = match labelled("Dealer") {
            Some(_) => None,
            None => labelled("Small Blind").or_else(|| labelled("Big Blind")),
        };
        let mut number = 0;
        for (k, seat) in seats.iter_mut().enumerate() {
            number += 1;
            if gap == Some(k) {
                button = Some(Button::Empty(number));
                number += 1;
            }
            seat.number = number;
        }
    }
    if in_order {
        button = Some(Button::AsSet);
    }
    Ok((seats, button))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_and_its_verb_split_at_the_first_separator() {
        let lines = [
            "",
            ":",
            " : ",
            " :",
            ": ",
            "a : b",
            "a: b : c",
            "a :b : c",
            "UTG+2  [ME] : Folds",
            "x : y : z",
            "ä : ö",
            "Seat+1: UTG Folded",
            "a  :  b",
            "a :",
            " : b",
        ];
        for line in lines {
            // at every place in a word of eight bytes, after other colons
            for pad in ["", "x", "x:", ":x : ", "xxxxxx:", "x:x:x:x:x:x:x"] {
                let line = format!("{pad}{line}");
                let old = line.find(" : ").map(|at| (&line[..at], &line[at + 3..]));
                assert_eq!(label_and_verb(&line), old, "{line:?}");
            }
        }
    }

    #[test]
    fn seat_lines_of_both_formats() {
        let s = seat_line("Seat 4: Big Blind [ME] ($50 in chips)").unwrap();
        assert_eq!(
            (s.number, s.label.as_ref(), s.stack, s.hero),
            (4, "Big Blind", "$50", true)
        );
        let s = seat_line("Seat+4 [ME]: 1,500 in chips").unwrap();
        assert_eq!(
            (s.number, s.label.as_ref(), s.stack, s.hero),
            (4, "Seat+4", "1,500", true)
        );
        let s = seat_line("Seat 1243: UTG+3 (48,213 in chips)").unwrap();
        assert_eq!((s.number, s.label.as_ref(), s.hero), (1243, "UTG+3", false));
    }
}
