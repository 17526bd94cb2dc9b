//! A Winamax hand told to the builder of the hand ([`crate::read::events`]): its header's facts, its
//! seats, and each body line as the event it says. Where Winamax's words after a name are the
//! PokerStars family's (`calls 2€`, `raises 1€ to 3€`, `shows [..]`, street markers, `Dealt to`), the
//! family's line readers ([`stars`]) read them in place; what Winamax says otherwise (antes, bring-ins,
//! blinds posted out of position, collects that hold the uncalled bet, a total after the rake) is told
//! to the builder here. The betting is followed ([`Rounds`]) for the bet nobody called, which Winamax
//! does not print.

use super::{Head, AMOUNTS, SITE};
use crate::model::{ActionKind, Tournament};
use crate::model::{Hand, Stakes};
use crate::money::decimal_text;
use crate::read::errors::ReadError;
use crate::read::events::speaker;
use crate::read::events::{Act, Builder};
use crate::read::header::{hand_id, seat_number, table_line, Header, TableLine};
use crate::read::patterns as p;
use crate::read::pokerstars::{fixed_limit, rules_of};
use crate::read::rounds::Rounds;
use crate::read::search;
use crate::read::stars;
use crate::read::times::{search_date, start_of};
use crate::read::values::{symbol_code, MAX_AMOUNT};
use crate::read::{self, HandText, Lookups};
use crate::say;
use std::borrow::Cow;

/// Winamax's street markers that are not the family's, and the family's (none: the line says nothing).
const MARKERS: [(&str, &str); 13] = [
    ("THIRD", "*** 3rd STREET ***"),
    ("FOURTH", "*** 4th STREET ***"),
    ("FIFTH", "*** 5th STREET ***"),
    ("SIXTH", "*** 6th STREET ***"),
    ("SEVENTH", "*** RIVER ***"),
    ("7th STREET", "*** RIVER ***"),
    ("FIRST-BET", "*** DEALING HANDS ***"),
    ("FIRST-DRAW", "*** FIRST DRAW ***"),
    ("SECOND-DRAW", "*** SECOND DRAW ***"),
    ("THIRD-DRAW", "*** THIRD DRAW ***"),
    ("SECOND-BET", ""),
    ("THIRD-BET", ""),
    ("FOURTH-BET", ""),
];

/// A deal line without a stud player's hidden cards, which Winamax writes `X` and the family leaves
/// out: `Dealt to P [X X 8h]` → `Dealt to P [8h]`; a line whose new cards are hidden
/// (`[X X 9h Kh Kd Qc] [X]`) says nothing.
fn without_hidden(line: &str) -> Cow<'_, str> {
    if memchr::memchr(b'X', line.as_bytes()).is_none() {
        return Cow::Borrowed(line);
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
        return Cow::Borrowed("");
    }
    let shown: Vec<String> = shown
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|g| format!("[{g}]"))
        .collect();
    Cow::Owned(format!("{}{}", head, shown.join(" ")))
}

/// Read one Winamax hand (its stripped lines, the first the header `head` was read from).
pub fn read(
    head: &Head<'_>,
    hand: HandText<'_>,
    lookups: &mut dyn Lookups,
) -> Result<Hand, ReadError> {
    let (lines, first_line, dialect) = (hand.lines, hand.first_line, hand.dialect);
    let decimals = scale_of(head, lines);
    let table = lines.get(1).and_then(|l| l.strip_prefix("Table: "));
    let at_header = |err: ReadError| err.at(first_line).hand(Some(head.id));
    let stakes = stakes(head, decimals).map_err(at_header)?;
    let scale = 10i64.pow(u32::from(stakes.decimals.saturating_sub(decimals)));
    let seats = seats(
        lines,
        usize::from(table.is_some()) + 1,
        decimals,
        first_line,
    )
    .map_err(|err| err.hand(Some(head.id)))?;
    check_complete(lines, seats.end, &seats.names, first_line, head.id)?;
    // the table line as the family's grammar reads it: Winamax's `Table: '...'`, or a line 1 that is one
    let found = match table {
        Some(text) => family_table(text),
        None => lines.get(1).map_or(Ok(None), |line| table_line(line)),
    };
    let found = found.map_err(at_header)?;
    let family_start = if found.is_some() { 2 } else { 1 };
    let header = header(head, table, found, stakes, lines, lookups).map_err(at_header)?;
    if family_start != seats.start {
        // the seats are not where the family's grammar looks for them
        let index = family_start.min(lines.len().saturating_sub(1));
        let st = Builder::start(header, lines, first_line, dialect, lookups)?;
        return Err(st.error(
            index,
            say!("no seat lines after the header"),
            "'Seat N: name (stack in chips)'",
        ));
    }
    let mut st = Builder::start(header, lines, first_line, dialect, lookups)?;
    seat_players(&mut st, &seats, decimals, scale, lines.len())?;
    let mut body = Body::new(head, seats.names, decimals, scale);
    for seat in &seats.others {
        // a seat line the family's grammar does not read as one is a line of the body to it
        let said = format!(
            "Seat {}: {} ({} in chips)",
            seat.number,
            seat.name,
            decimal_text(seat.stack, decimals)
        );
        stars::read_line(&mut st, seat.index, &said)?;
    }
    for k in seats.end..lines.len() {
        body.line(&mut st, k, lines).map_err(|e| match e.line {
            Some(_) => e,
            None => e.at(first_line + k as u64),
        })?;
    }
    Ok(st.build(hand.path, (hand.raw)()))
}

/// Tell the builder the seats the family's grammar reads (`Seat N: name (stack)`); none is an error.
fn seat_players<'a>(
    st: &mut Builder<'a, '_>,
    seats: &Seats<'a>,
    decimals: u8,
    scale: i64,
    n_lines: usize,
) -> Result<(), ReadError> {
    for seat in &seats.seats {
        let number =
            seat_number(seat.number, "seat number").map_err(|e| st.relocate(e, seat.index))?;
        let stack = family(st, seat.stack, decimals, scale, seat.index)?;
        st.seat(number, seat.name, stack, false, None);
    }
    if !st.has_seats() {
        return Err(st.error(
            seats.start.min(n_lines.saturating_sub(1)),
            say!("no seat lines after the header"),
            "'Seat N: name (stack in chips)'",
        ));
    }
    Ok(())
}

/// Winamax's own scale: tournament chips are whole, unless a stack has cents (`Seat 3: Player2
/// (7410.50)`); money has cents.
fn scale_of(head: &Head, lines: &[&str]) -> u8 {
    let cents = lines.iter().take_while(|l| !l.starts_with("***")).any(|l| {
        l.starts_with("Seat ")
            && search::rsplit_once(l, " (").is_some_and(|(_, stack)| stack.contains('.'))
    });
    if head.buy_in.is_none() || cents {
        2
    } else {
        0
    }
}

/// The stakes of the header (`1€/2€`, an ante first when there are three: `10/50/100`), at the scale
/// the family reads them: cents where there is money or Winamax's scale has them.
fn stakes(head: &Head, decimals: u8) -> Result<Stakes, ReadError> {
    let parts = head
        .stakes
        .split('/')
        .map(|part| AMOUNTS.parse(part, decimals))
        .collect::<Result<Vec<i64>, ReadError>>()?;
    let (ante, low, high) = match parts[..] {
        [ante, low, high] => (Some(ante), low, high),
        [low, high] => (None, low, high),
        _ => (None, parts[0], parts[0]),
    };
    let symbol = head.stakes.contains('€').then_some('€');
    let family = if symbol.is_some() || decimals == 2 {
        2
    } else {
        0
    };
    let scale = 10i64.pow(u32::from(family - decimals.min(family)));
    let fixed = rules_of(&head.game).is_ok_and(fixed_limit);
    let mut stakes = Stakes {
        decimals: family,
        currency: symbol.and_then(symbol_code).map(str::to_string),
        symbol: symbol.map_or(String::new(), String::from),
        ante: ante.map(|a| a * scale),
        ..Stakes::default()
    };
    let (low, high) = (Some(low * scale), Some(high * scale));
    if fixed {
        (stakes.small_bet, stakes.big_bet) = (low, high);
    } else {
        (stakes.small_blind, stakes.big_blind) = (low, high);
    }
    Ok(stakes)
}

/// The header's facts: the game's rules, the tournament (its id in the table's name, `'Freeroll
/// 5€(5142226)#005'`), the table line, the start.
fn header<'a>(
    head: &Head<'a>,
    table: Option<&str>,
    found: Option<TableLine>,
    stakes: Stakes,
    lines: &[&'a str],
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    let rules = rules_of(&head.game)?;
    let tournament = head.buy_in.map(|buy_in| {
        let id = table
            .and_then(|t| t.rsplit_once('('))
            .and_then(|(_, r)| r.split(')').next())
            .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
            .unwrap_or(head.id);
        let buy_in = buy_in.replace(' ', "");
        let buy_in = buy_in.trim_matches([' ', '-']);
        Tournament {
            tournament_id: id.to_string(),
            buy_in: (!buy_in.is_empty()).then(|| buy_in.to_string()),
            level: head.level.map(str::to_string),
        }
    });
    let Some(date) = search_date(head.date) else {
        return Err(ReadError::malformed(say!("no date in the header"))
            .expected("a date such as 2016/11/15 08:31:17 UTC after the stakes"));
    };
    let (start, time_zone, start_utc) = start_of(&date, lookups.offsets())?;
    let (table, max_seats, button) = match found {
        Some((table, max_seats, button)) => (Some(table), max_seats, button),
        None => (None, None, None),
    };
    Ok(
        Header::new(SITE, head.id, rules.to_string(), stakes, lines.len().min(2))
            .table(table, max_seats, button)
            .start((start, time_zone, start_utc))
            .tournament(tournament),
    )
}

/// `'Lexington 02' 5-max (play money) Seat #2 is the button` read by the family's table grammar
/// (`Seat 0000005 is the button` is seat 5; seat 0 is none).
fn family_table(text: &str) -> Result<Option<TableLine>, ReadError> {
    let real = without(text, " (real money)");
    let text = without(&real, " (play money)");
    let line = match search::split_once(&text, " Seat ") {
        Some((before, after)) => {
            let number = after
                .trim_start_matches('#')
                .trim_end_matches(" is the button");
            match number.parse::<u32>() {
                Ok(0) | Err(_) => format!("Table {before}"),
                Ok(n) => format!("Table {before} Seat #{n} is the button"),
            }
        }
        None => format!("Table {text}"),
    };
    table_line(&line)
}

/// `text` without any `part` (`str::replace` with nothing, borrowed where there is none).
fn without<'t>(text: &'t str, part: &str) -> Cow<'t, str> {
    if search::contains(text, part) {
        Cow::Owned(text.replace(part, ""))
    } else {
        Cow::Borrowed(text)
    }
}

/// What a collect's line says after the name.
const COLLECTED: &str = " collected ";

/// Where [`COLLECTED`] is in a line (its `t`, in none of `folds`, `calls` and `checks`, looked for).
fn collected_at(line: &str) -> Option<usize> {
    search::find_keyed(line, COLLECTED, 7)
}

/// `text.split(' ')`: the words between single spaces (empty between two), found byte by byte.
struct Words<'t>(Option<&'t str>);

impl<'t> Iterator for Words<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let text = self.0?;
        match text.bytes().position(|b| b == b' ') {
            Some(at) => {
                self.0 = Some(&text[at + 1..]);
                Some(&text[..at])
            }
            None => {
                self.0 = None;
                Some(text)
            }
        }
    }
}

/// A seat line: its index, seat number and name as printed, its stack at Winamax's scale.
struct SeatLine<'a> {
    index: usize,
    number: &'a str,
    name: &'a str,
    stack: i64,
}

struct Seats<'a> {
    /// The index of the first seat line.
    start: usize,
    /// The seat lines in the family's grammar (a number, a name), up to the first that is not.
    seats: Vec<SeatLine<'a>>,
    /// The seat lines after those.
    others: Vec<SeatLine<'a>>,
    /// Every seat line's name (the family's grammar may stop reading seats before Winamax does).
    names: Vec<&'a str>,
    /// The index of the first line after the seats.
    end: usize,
}

/// The seat lines from line `from`: `Seat 1: Player0 (212.27)`, `Seat 3: P (1000, 5€ bounty)`.
fn seats<'a>(
    lines: &[&'a str],
    from: usize,
    decimals: u8,
    first_line: u64,
) -> Result<Seats<'a>, ReadError> {
    let mut seats = Vec::new();
    let mut others = Vec::new();
    let mut names = Vec::new();
    let mut family = true;
    let mut i = from;
    while let Some(seat) = lines.get(i).and_then(|l| l.strip_prefix("Seat ")) {
        let Some((number, rest)) = search::split_once(seat, ": ") else {
            break;
        };
        let Some((name, stack)) = search::rsplit_once(rest, " (") else {
            break;
        };
        let stack = stack.trim_end_matches(')').split(',').next().unwrap_or("");
        let stack = AMOUNTS
            .parse(stack, decimals)
            .map_err(|e| e.at(first_line + i as u64))?;
        // the family's seat grammar: a number of digits, a name
        family &=
            !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) && !name.is_empty();
        let seat = SeatLine {
            index: i,
            number,
            name,
            stack,
        };
        if family {
            seats.push(seat);
        } else {
            others.push(seat);
        }
        names.push(name);
        i += 1;
    }
    Ok(Seats {
        start: from,
        seats,
        others,
        names,
        end: i,
    })
}

/// Cancelled and cut-off hands ([`crate::read::check_complete`] on Winamax's lines): a `Hand
/// cancelled` line before the summary, no `*** SUMMARY ***`.
fn check_complete(
    lines: &[&str],
    body: usize,
    names: &[&str],
    first_line: u64,
    id: &str,
) -> Result<(), ReadError> {
    // the id as the family's header grammar reads it
    let read_id = || hand_id(&format!("{SITE} Hand #{id}: ")).map(str::to_string);
    let before_summary = lines[body.min(lines.len())..]
        .iter()
        .take_while(|l| !l.starts_with("*** SUMMARY"));
    let cancelled = before_summary
        .enumerate()
        .find(|(_, l)| **l == "Hand cancelled" && speaker(names, l).is_none());
    if let Some((k, line)) = cancelled {
        let at = first_line + (body + k) as u64;
        return Err(read::cancelled(at, read_id().as_deref(), line));
    }
    if !lines[body.min(lines.len())..]
        .iter()
        .any(|l| l.starts_with("*** SUMMARY ***"))
    {
        let last = lines.len().saturating_sub(1);
        return Err(read::no_summary(
            lines,
            last,
            first_line,
            read_id().as_deref(),
        ));
    }
    Ok(())
}

/// An amount at Winamax's scale as the builder keeps it (at the family's scale); what the family could
/// not read (below zero, too large) is the error it names.
fn family(
    st: &Builder,
    value: i64,
    decimals: u8,
    scale: i64,
    index: usize,
) -> Result<i64, ReadError> {
    match value.checked_mul(scale) {
        Some(v) if (0..=MAX_AMOUNT).contains(&v) => Ok(v),
        _ => st.amount(&decimal_text(value, decimals), index),
    }
}

/// What reading the body follows besides the builder.
struct Body<'h, 'a> {
    head: &'h Head<'h>,
    names: Vec<&'a str>,
    decimals: u8,
    scale: i64,
    /// Within `*** ANTE/BLINDS ***`: what a player puts in there is a forced bet, whatever the
    /// line's verb.
    forced: bool,
    /// Past Winamax's `*** SUMMARY`: only the total is read.
    summary: bool,
    /// Past the summary's marker, as the family reads it: only the first `Total pot` after it counts.
    done: bool,
    total_read: bool,
    /// The betting, for the bet nobody called and the total before the rake.
    rounds: Rounds,
    /// The uncalled bet given back: (who, what is still to take off what that player collects).
    uncalled: Option<(usize, i64)>,
    settled: bool,
    /// The uncalled bet Winamax's printed total counts.
    in_total: i64,
    /// A player's words without their currency signs.
    buffer: String,
}

/// The total of `raises 1 to 3` (`3`), of a line that is one.
fn forced_raise(rest: &str) -> Option<&str> {
    let rest = rest.strip_prefix("raises ")?;
    let to = search::find(rest, " to ")?;
    Some(without_all_in(&rest[to + 4..]))
}

/// `text` without its ` and is all-in`s.
fn without_all_in(mut text: &str) -> &str {
    while let Some(shorter) = text.strip_suffix(" and is all-in") {
        text = shorter;
    }
    text
}

/// A player's words as the family writes them: without currency signs, a hi/lo pot's halves
/// (`pot(HI)`, `pot(LO)`) one pot; `buffer` holds them where they are not `rest` itself.
fn family_words<'t>(rest: &'t str, buffer: &'t mut String) -> &'t str {
    // `€` is the bytes E2 82 AC; `(HI)`, `(LO)` start with `(`
    if memchr::memchr3(b'$', 0xE2, b'(', rest.as_bytes()).is_none() {
        return rest;
    }
    let signs = rest.contains(['€', '$']);
    if signs {
        buffer.clear();
        without_signs(rest, buffer);
    }
    let text: &str = if signs { buffer } else { rest };
    if search::contains(text, "(HI)") || search::contains(text, "(LO)") {
        *buffer = text.replace("(HI)", "").replace("(LO)", "");
        return buffer;
    }
    if signs {
        buffer
    } else {
        rest
    }
}

/// `text` without its `€` and `$` signs, added to `out` a run of other characters at a time.
fn without_signs(text: &str, out: &mut String) {
    const EURO: &[u8] = "€".as_bytes();
    let bytes = text.as_bytes();
    let mut from = 0;
    for at in memchr::memchr2_iter(b'$', EURO[0], bytes) {
        let sign = match bytes[at] {
            b'$' => 1,
            _ if bytes[at..].starts_with(EURO) => EURO.len(),
            _ => continue,
        };
        out.push_str(&text[from..at]);
        from = at + sign;
    }
    out.push_str(&text[from..]);
}

impl<'h, 'a> Body<'h, 'a> {
    /// Nothing read yet of a body whose seats are `names`.
    fn new(head: &'h Head<'h>, names: Vec<&'a str>, decimals: u8, scale: i64) -> Self {
        let rounds = Rounds::new(vec![i64::MAX; names.len()]);
        Body {
            head,
            names,
            decimals,
            scale,
            forced: false,
            summary: false,
            done: false,
            total_read: false,
            rounds,
            uncalled: None,
            settled: false,
            in_total: 0,
            buffer: String::new(),
        }
    }

    /// An amount as Winamax writes it (`1.50€`, `2k`), at its scale.
    fn amount(&self, text: &str) -> Result<i64, ReadError> {
        AMOUNTS.parse(without_all_in(text), self.decimals)
    }

    fn family(&self, st: &Builder, value: i64, k: usize) -> Result<i64, ReadError> {
        family(st, value, self.decimals, self.scale, k)
    }

    /// Line `k` of the body.
    fn line(&mut self, st: &mut Builder, k: usize, lines: &[&str]) -> Result<(), ReadError> {
        let line = lines[k];
        // (settled once, settling again does nothing: no line after need be searched)
        let settles = !self.settled
            && (line.starts_with("*** SHOW DOWN")
                || line.starts_with("*** SUMMARY")
                || collected_at(line).is_some());
        if settles {
            self.settle(st, k, lines)?;
        }
        if line.starts_with("***") {
            return self.marker(st, k, line);
        }
        if self.summary {
            return self.summary_line(st, k, line);
        }
        if self.done {
            // past the family's summary marker: a `Total pot` line as printed is the summary's
            if !self.total_read
                && line.starts_with("Total pot ")
                && speaker(&self.names, line).is_none()
            {
                self.total_read = true;
                stars::read_summary(st, k, line)?;
            }
            return Ok(());
        }
        if line.starts_with("Dealt to ") {
            let shown = without_hidden(line);
            if !shown.is_empty() {
                stars::read_line(st, k, &shown)?;
            }
            return Ok(());
        }
        let Some((who, rest)) = speaker(&self.names, line) else {
            stars::read_line(st, k, line)?; // the family's reader knows it or names it
            return Ok(());
        };
        self.player_line(st, k, who, rest)
    }

    /// A street marker (Winamax's names of stud's streets and a draw game's rounds: `*** THIRD ***`,
    /// `*** 7th STREET ***`, `*** FIRST-BET ***`, `*** FIRST-DRAW ***`; the betting after a draw is the
    /// draw's street).
    fn marker(&mut self, st: &mut Builder, k: usize, line: &str) -> Result<(), ReadError> {
        self.forced = line.starts_with("*** ANTE/BLINDS");
        if line.starts_with("*** SUMMARY") {
            self.summary = true;
        }
        if self.forced {
            return Ok(());
        }
        let inner = line.trim_matches(['*', ' ']);
        let family = match MARKERS.iter().find(|(name, _)| *name == inner) {
            Some(&(_, family)) => {
                let street = !family.is_empty()
                    && family != "*** 3rd STREET ***"
                    && family != "*** DEALING HANDS ***";
                if street {
                    self.rounds.next_street();
                }
                family
            }
            None => {
                if !line.starts_with("*** PRE-FLOP") && !line.starts_with("*** SHOW DOWN") {
                    self.rounds.next_street();
                }
                line
            }
        };
        if !family.is_empty() && !self.done && stars::read_line(st, k, family)? {
            self.done = true;
        }
        Ok(())
    }

    /// A line that starts with a seated name (Winamax writes no colon after it).
    fn player_line(
        &mut self,
        st: &mut Builder,
        k: usize,
        who: usize,
        rest: &str,
    ) -> Result<(), ReadError> {
        let name = self.names[who];
        // the family's words: no currency signs, and a hi/lo pot's halves (`collected 114€ from
        // pot(HI)`) one pot
        let mut buffer = std::mem::take(&mut self.buffer);
        let rest = family_words(rest, &mut buffer);
        let read = self.player_words(st, k, who, name, rest);
        self.buffer = buffer;
        read
    }

    fn player_words(
        &mut self,
        st: &mut Builder,
        k: usize,
        who: usize,
        name: &str,
        rest: &str,
    ) -> Result<(), ReadError> {
        if let Some(amount) = rest.strip_prefix("collected ") {
            return self.collect(st, k, who, amount);
        }
        if let Some(to) = self.forced.then(|| forced_raise(rest)).flatten() {
            // `raises 1 to 3` among the blinds (a player coming in posting both blinds): a post
            return self.post_both(st, k, who, to);
        }
        self.track(who, rest);
        let who = st.seated(k, name)?;
        if let Some(posted) = rest.strip_suffix(" out of position") {
            return self.out_of_position(st, k, who, posted);
        }
        if rest.starts_with("stands pat") || rest.starts_with("discards ") {
            // a draw with its cards hidden (`stands pat [X X X X X]`) still draws
            let rest = if rest.contains('X') || name.contains('X') {
                let shown = without_hidden(rest);
                if shown.is_empty() {
                    rest.split(" [").next().unwrap_or(rest).to_string()
                } else {
                    shown.into_owned()
                }
            } else {
                rest.to_string()
            };
            return stars::read_action(st, k, who, &rest);
        }
        let bring_in = rest.strip_prefix("bring-in ").or_else(|| {
            rest.strip_prefix("brings in ")
                .filter(|a| !a.starts_with("for "))
        });
        if let Some(amount) = bring_in {
            return self.post(st, k, who, ActionKind::BringIn, amount);
        }
        if rest == "denies big blind" {
            return Ok(());
        }
        if let Some(amount) = rest.strip_prefix("posts ante ") {
            return self.post(st, k, who, ActionKind::Ante, amount);
        }
        stars::read_action(st, k, who, rest)
    }

    /// A forced bet of `kind` whose amount is `text` (`1.50 and is all-in`).
    fn post(
        &self,
        st: &mut Builder,
        k: usize,
        who: usize,
        kind: ActionKind,
        text: &str,
    ) -> Result<(), ReadError> {
        let (amount, all_in) = stars::amount_and_flags(st, k, text)?;
        st.act(k, who, Act::amount(kind, amount, all_in));
        Ok(())
    }

    /// `collected 114 from pot`: what a player takes, less the uncalled bet Winamax counts in it.
    fn collect(
        &mut self,
        st: &mut Builder,
        k: usize,
        who: usize,
        text: &str,
    ) -> Result<(), ReadError> {
        let (amount, pot) = text.split_once(' ').unwrap_or((text, ""));
        let mut value = self.amount(amount)?;
        if let Some((back, owed)) = self.uncalled.filter(|&(back, _)| back == who) {
            value -= owed;
            self.uncalled = Some((back, 0));
        }
        let Some(pot) = p::collect_pot(pot) else {
            return Err(st.error(
                k,
                say!("unknown line"),
                "an action, a street marker, a deal, a collect or the summary",
            ));
        };
        let who = st.seated(k, self.names[who])?;
        let amount = self.family(st, value, k)?;
        let act = Act {
            text: Some(pot),
            ..Act::amount(ActionKind::Collect, amount, false)
        };
        st.act(k, who, act);
        Ok(())
    }

    /// What an action puts in (`calls 2`, `bets 2`, `raises 2 to 4`, `posts big blind 2`); an amount
    /// that is not one counts nothing here: the family's reader reads the same words and names it.
    fn track(&mut self, who: usize, rest: &str) {
        let mut words = Words(Some(rest));
        let value = |text: Option<&str>| self.amount(text.unwrap_or("")).unwrap_or(0);
        match (words.next(), words.next(), words.next(), words.next()) {
            (Some("posts"), Some("ante"), Some(amount), _) => {
                let amount = value(Some(amount));
                self.rounds.ante(who, amount)
            }
            (Some("posts"), Some("small" | "big"), Some("blind"), amount @ Some(_)) => {
                let amount = value(amount);
                self.rounds.post(who, amount)
            }
            (Some("calls" | "bets"), amount @ Some(_), _, _) => {
                let amount = value(amount);
                self.rounds.act(who, amount, false)
            }
            (Some("raises"), Some(_), Some("to"), to @ Some(_)) => {
                let added = value(to) - self.rounds.put_in(who);
                self.rounds.act(who, added, false);
            }
            (Some("brings"), Some("in"), amount @ Some(_), _)
            | (Some("completes"), Some("to"), amount @ Some(_), _) => {
                let added = value(amount) - self.rounds.put_in(who);
                self.rounds.post(who, added.max(0));
            }
            _ => {}
        }
    }

    /// Before the first collect, the showdown or the summary: the bet nobody called, given back.
    fn settle(&mut self, st: &mut Builder, k: usize, lines: &[&str]) -> Result<(), ReadError> {
        if std::mem::replace(&mut self.settled, true) {
            return Ok(());
        }
        let Some((who, amount)) = self.rounds.uncalled() else {
            return Ok(());
        };
        self.rounds.returned(who, amount);
        if !self.done {
            let player = st.seated(k, self.names[who])?;
            let back = self.family(st, amount, k)?;
            st.act(k, player, Act::amount(ActionKind::Uncalled, back, false));
        }
        // Winamax's total is after the rake and counts the uncalled bet: what is collected
        let collects: i64 = lines[k..]
            .iter()
            .filter_map(|l| collected_at(l).map(|at| &l[at + COLLECTED.len()..]))
            // a collect that is not an amount is named when its line is read
            .map(|rest| {
                self.amount(rest.split(' ').next().unwrap_or(""))
                    .unwrap_or(0)
            })
            .sum();
        if collects > self.rounds.pot() {
            self.uncalled = Some((who, amount));
            self.in_total = amount;
        }
        Ok(())
    }

    /// A forced post of `amount` that is not a blind of the player's seat: both blinds, the small one
    /// dead, when it is their sum; else dead money, like an ante.
    fn post_both(
        &mut self,
        st: &mut Builder,
        k: usize,
        who: usize,
        amount: &str,
    ) -> Result<(), ReadError> {
        let value = self.amount(amount)?;
        let kind = match self.blinds() {
            Some((small, big)) if value == small + big => {
                self.rounds.ante(who, small);
                self.rounds.post(who, big);
                ActionKind::SmallAndBigBlind
            }
            _ => {
                self.rounds.ante(who, value);
                ActionKind::Ante
            }
        };
        let player = st.seated(k, self.names[who])?;
        self.post(st, k, player, kind, amount)
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
    fn out_of_position(
        &self,
        st: &mut Builder,
        k: usize,
        who: usize,
        posted: &str,
    ) -> Result<(), ReadError> {
        let blinds = self.blinds().map(|(small, big)| small + big);
        let value = |text: &str| self.amount(text).ok();
        if let Some(amount) = posted.strip_prefix("posts small blind ") {
            let kind = if blinds.is_some() && value(amount) == blinds {
                ActionKind::SmallAndBigBlind
            } else {
                ActionKind::Ante
            };
            return self.post(st, k, who, kind, amount);
        }
        match posted.strip_prefix("posts big blind ") {
            Some(amount) if value(amount) == Some(0) => Ok(()),
            _ => stars::read_action(st, k, who, posted),
        }
    }

    /// `Total pot 15.48€ | Rake 0.52€`, `Total pot 2k | No rake`: Winamax's total is after the rake and
    /// counts an uncalled bet, the family's is neither. The other summary lines say nothing the
    /// actions do not.
    fn summary_line(&mut self, st: &mut Builder, k: usize, line: &str) -> Result<(), ReadError> {
        let Some(rest) = line.strip_prefix("Total pot ") else {
            return Ok(());
        };
        let mut parts = rest.split(" | ");
        let printed = self.amount(parts.next().unwrap_or(""))?;
        let rake = match parts.next().map(str::trim) {
            None | Some("No rake") => 0,
            Some(part) => match part.strip_prefix("Rake ") {
                Some(rake) => self.amount(rake)?,
                None => {
                    return Err(ReadError::malformed(say!("unreadable summary part"))
                        .expected("'Total pot X | Rake Y'")
                        .actual(line))
                }
            },
        };
        let pot = printed + rake - self.in_total;
        if !self.done {
            // the family's reader is still in the body (an odd summary marker): it reads the line
            let said = format!(
                "Total pot {} | Rake {}",
                decimal_text(pot, self.decimals),
                decimal_text(rake, self.decimals)
            );
            if stars::read_line(st, k, &said)? {
                self.done = true;
            }
        } else if !self.total_read {
            self.total_read = true;
            let (pot, rake) = (self.family(st, pot, k)?, self.family(st, rake, k)?);
            st.summary(pot, Some(rake), Vec::new(), Vec::new());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_left_out_as_a_filter_of_characters_leaves_them() {
        for text in ["", "€", "$", "1.50€", "a $2 – 3€ b€$c", "–€–", "x€"] {
            let mut out = String::new();
            without_signs(text, &mut out);
            let filtered: String = text.chars().filter(|c| !matches!(c, '€' | '$')).collect();
            assert_eq!(out, filtered, "{text:?}");
        }
        let words: Vec<&str> = Words(Some(" a  b c ")).collect();
        assert_eq!(words, " a  b c ".split(' ').collect::<Vec<_>>());
    }
}
