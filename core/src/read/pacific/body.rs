//! An 888poker hand told to the builder of the hand ([`crate::read::events`]): its header's facts, its
//! seats, and each line as the event it says. 888 prints what a call, bet or raise adds, with no all-in
//! mark, no uncalled bet, no total and no rake: the betting is followed ([`Rounds`]) to say each move
//! as the family's event (a raise's total, all-in when the last chip goes in), to give the bet nobody
//! called back at the summary, and to sum the pot; the rake is what the pot has over what is collected.

use super::amounts::{bracketed, cards, minor_units};
use super::{Head, SITE};
use std::borrow::Cow;

use crate::cards::Card;
use crate::model::{ActionKind, Hand, Stakes, Tournament};
use crate::money::decimal_text;
use crate::read::errors::ReadError;
use crate::read::events::speaker;
use crate::read::events::{Act, Builder};
use crate::read::header::{hand_id, seat_number, table_line, Header};
use crate::read::pokerstars::{fixed_limit, rules_of};
use crate::read::rounds::{Move, Rounds};
use crate::read::search;
use crate::read::stars;
use crate::read::times::{search_date, start_of};
use crate::read::values::{parse_cards, MAX_AMOUNT};
use crate::read::{self, HandText, Lookups};
use crate::say;

/// 888's street markers and the family's names of their streets.
const MARKERS: [(&str, &str); 4] = [
    ("** Dealing down cards **", "HOLE CARDS"),
    ("** Dealing flop **", "FLOP"),
    ("** Dealing turn **", "TURN"),
    ("** Dealing river **", "RIVER"),
];
const SUMMARY: &str = "** Summary **";
/// The zone of 888's times (`day_month_year` writes it after the time).
const EASTERN: &str = "ET";

/// The verbs an unnamed seat's lines start with (`Seat 2:  ( $895 )`: its lines have no name).
const VERBS: [&str; 8] = [
    "posts ", "folds", "checks", "calls ", "bets ", "raises ", "shows ", "mucks ",
];

/// Read one 888poker hand (its stripped lines; `head` read from its header lines).
pub fn read<'a>(
    head: &Head<'a>,
    hand: HandText<'a>,
    lookups: &mut dyn Lookups,
) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        dialect,
        raw,
    } = hand;
    let decimals = if head.tournament.is_some() { 0 } else { 2 };
    let located = |err: ReadError| {
        let err = err.hand(Some(head.id));
        if err.line.is_some() {
            err
        } else {
            err.at(first_line)
        }
    };
    let amount = |i: usize, text: &str| amount_at(text, decimals, first_line + i as u64);
    let rules = rules_of(&format!("{} {}", head.game, head.structure));
    let (shows, ante) = shows_and_ante(lines, decimals);
    let stakes = stakes(
        head,
        ante,
        decimals,
        rules.as_ref().is_ok_and(|r| fixed_limit(r)),
        &amount,
    )
    .map_err(located)?;
    let button = lines
        .get(head.body)
        .and_then(|l| l.strip_prefix("Seat "))
        .map(|b| b.trim_end_matches(" is the button"));
    let seats_from = head.body + usize::from(button.is_some());
    let seats = seats(lines, seats_from, first_line, &amount).map_err(located)?;
    let names: Vec<&str> = seats.seats.iter().map(|s| s.name.as_ref()).collect();
    let last = last_said(lines.len(), seats.end, &seats, button.is_some(), head.body);
    check_complete(lines, seats.end, &names, first_line, head.id, last)?;
    let table = button
        .map(|button| table_line(&button_table_line(head, button)))
        .transpose()
        .map_err(located)?;
    let (max_seats, button_seat) = match &table {
        Some(Some((_, max, button))) => (*max, *button),
        _ => (None, None),
    };
    let header = header(head, rules, max_seats, button_seat, stakes, lookups).map_err(located)?;
    let mut st = Builder::start(header, lines, first_line, dialect, lookups)?;
    check_seats(&st, head, &seats, matches!(table, Some(None)), lines.len())?;
    tell_seats(&mut st, &seats, decimals)?;
    let stacks = seats.seats.iter().map(|s| s.stack).collect();
    let mut body = Body {
        names,
        decimals,
        first_line,
        rounds: Rounds::new(stacks),
        collected: 0,
        uncalled: None,
        dealing: false,
        shows,
        done: false,
    };
    body.lines(&mut st, lines, seats.end)?;
    Ok(st.build(path, raw()))
}

/// The button line as the family's table line: `Table 'Oslo' 6-max Seat #2 is the button`.
fn button_table_line(head: &Head, button: &str) -> String {
    let max = head
        .max_seats
        .map_or(String::new(), |m| format!(" {m}-max"));
    format!("Table '{}'{max} Seat #{button} is the button", head.table)
}

/// The error of a hand with no seat where the family's grammar looks for them (after the table line
/// it reads: `unread_table` when it reads none); `n` lines.
fn check_seats(
    st: &Builder,
    head: &Head,
    seats: &Seats,
    unread_table: bool,
    n: usize,
) -> Result<(), ReadError> {
    if !unread_table && seats.seats.first().is_some_and(|s| s.family) {
        return Ok(());
    }
    let index = match seats.seats.first() {
        _ if unread_table => head.body,
        Some(seat) => seat.index,
        None => seats.end,
    };
    Err(st.error(
        index.min(n.saturating_sub(1)),
        say!("no seat lines after the header"),
        "'Seat N: name (stack in chips)'",
    ))
}

/// The seats told to the builder: the family's seat lines as seats, and from the first line its
/// grammar does not read as one, each as a line of the body.
fn tell_seats<'a>(
    st: &mut Builder<'a, '_>,
    seats: &Seats<'a>,
    decimals: u8,
) -> Result<(), ReadError> {
    let mut others = false;
    for seat in &seats.seats {
        if seat.family && !others {
            let number =
                seat_number(seat.number, "seat number").map_err(|e| st.relocate(e, seat.index))?;
            let stack = family(st, seat.stack, decimals, seat.index)?;
            st.seat(number, seat.name.clone(), stack, false, None);
        } else {
            // a seat line the family's grammar does not read as one is a line of the body to it
            others = true;
            let said = format!(
                "Seat {}: {} ({} in chips)",
                seat.number,
                seat.name,
                decimal_text(seat.stack, decimals)
            );
            stars::read_line(st, seat.index, &said)?;
        }
    }
    Ok(())
}

/// An amount as 888 writes it (`$ 10`, `0,02$`, `$ 3.243`, `552,72`), at `decimals`; the error names
/// line `line` of the log.
fn amount_at(text: &str, decimals: u8, line: u64) -> Result<i64, ReadError> {
    minor_units(text, decimals).ok_or_else(|| {
        ReadError::malformed(say!(
            "{text} is not an amount",
            text = format!("{:?}", text)
        ))
        .at(line)
        .expected("an amount such as $1,283.15, 0,02$ or 2,000")
        .actual(text)
    })
}

/// An amount as the builder keeps it; what the family would not read (too large) is the error it
/// names.
fn family(st: &Builder, value: i64, decimals: u8, i: usize) -> Result<i64, ReadError> {
    if (0..=MAX_AMOUNT).contains(&value) {
        Ok(value)
    } else {
        st.amount(&decimal_text(value, decimals), i)
    }
}

/// The blinds (`$1/$2`; fixed limit's are its small and big bet: the big blind and twice it), the
/// ante ([`shows_and_ante`]), the currency of a real-money cash game.
fn stakes(
    head: &Head,
    ante: Option<i64>,
    decimals: u8,
    fixed_rules: bool,
    amount: &dyn Fn(usize, &str) -> Result<i64, ReadError>,
) -> Result<Stakes, ReadError> {
    let (small, big) = head.stakes.split_once('/').unwrap_or(("", head.stakes));
    let (small, big) = (amount(1, small)?, amount(1, big)?);
    let fixed = head.structure == "Limit";
    let (low, high) = if fixed { (big, 2 * big) } else { (small, big) };
    let currency = [('$', "USD"), ('€', "EUR"), ('£', "GBP")]
        .into_iter()
        .find(|(symbol, _)| head.stakes.contains(*symbol))
        .filter(|_| head.real_money && head.tournament.is_none());
    let mut stakes = Stakes {
        decimals,
        currency: currency.map(|(_, code)| code.to_string()),
        symbol: currency.map_or(String::new(), |(symbol, _)| symbol.to_string()),
        ante,
        ..Stakes::default()
    };
    if fixed_rules {
        (stakes.small_bet, stakes.big_bet) = (Some(low), Some(high));
    } else {
        (stakes.small_blind, stakes.big_blind) = (Some(low), Some(high));
    }
    Ok(stakes)
}

/// The header's facts: the game's rules, the tournament, the button and table size (of the `Seat 5
/// is the button` line, read by the family's table grammar), the start (Eastern time).
fn header<'a>(
    head: &Head<'a>,
    rules: Result<&'static str, ReadError>,
    max_seats: Option<u8>,
    button: Option<u8>,
    stakes: Stakes,
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    let rules = rules?;
    let tournament = head
        .tournament
        .map(|(number, buy_in)| tournament(number, buy_in))
        .transpose()?;
    let (start, time_zone, start_utc) = match &head.date {
        Some(text) => match search_date(text) {
            Some(date) => {
                let (start, zone, utc) = start_of(&date, lookups.offsets())?;
                (start, zone.and(Some(EASTERN)), utc)
            }
            None => {
                return Err(ReadError::malformed(say!("no date in the header"))
                    .expected("a date such as 17 02 2011 15:29:25 after the game"))
            }
        },
        None => (None, None, None),
    };
    Ok(
        Header::new(SITE, head.id, rules.to_string(), stakes, head.body)
            .table(Some(head.table.clone()), max_seats, button)
            .start((start, time_zone, start_utc))
            .tournament(tournament),
    )
}

/// A tournament's number and buy-in (`Tournament #160000002 $1 + $0.10 - Table #1`): the number is
/// letters, digits and dashes up to a comma (what follows it is the buy-in's); a buy-in holds no
/// parentheses (the stakes' own).
fn tournament(number: &str, buy_in: &str) -> Result<Tournament, ReadError> {
    let id = number
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-')
        .count();
    let unreadable = || {
        ReadError::malformed(say!("unreadable tournament number or buy-in"))
            .expected("'Tournament #N $1 + $0.10 - Table #1'")
    };
    let (id, rest) = number.split_at(id);
    let after = match rest.strip_prefix(',') {
        _ if rest.is_empty() => None,
        Some(after) => Some(after.trim_start()),
        None => return Err(unreadable()),
    };
    if id.is_empty() || buy_in.contains(['(', ')']) {
        return Err(unreadable());
    }
    let buy_in = buy_in.replace(' ', "");
    let buy_in = match after {
        Some(after) => format!("{after}, {buy_in}"),
        None => buy_in,
    };
    let buy_in = buy_in.trim_matches([' ', '-']);
    Ok(Tournament {
        tournament_id: id.to_string(),
        buy_in: (!buy_in.is_empty()).then(|| buy_in.to_string()),
        level: None,
    })
}

/// A seat line: its index, seat number as printed, name (`Seat N` where it has none), stack at 888's
/// scale, and whether the family's seat grammar reads it (a number of digits).
struct SeatLine<'a> {
    index: usize,
    number: &'a str,
    name: Cow<'a, str>,
    stack: i64,
    family: bool,
}

struct Seats<'a> {
    seats: Vec<SeatLine<'a>>,
    /// The index of the first line after the seats.
    end: usize,
    /// The index of the last seat line.
    last: Option<usize>,
}

/// The seat lines from line `from` (`Total number of players : 3` lines between them say nothing).
fn seats<'a>(
    lines: &[&'a str],
    from: usize,
    first_line: u64,
    amount: &dyn Fn(usize, &str) -> Result<i64, ReadError>,
) -> Result<Seats<'a>, ReadError> {
    let mut seats = Vec::new();
    let mut last = None;
    let mut i = from;
    while let Some(line) = lines.get(i) {
        if line.starts_with("Total number of players") {
            i += 1;
            continue;
        }
        let Some((number, rest)) = line.strip_prefix("Seat ").and_then(|l| l.split_once(": "))
        else {
            break;
        };
        let (name, stack) = match search::rfind(rest, " ( ") {
            Some(at) => (&rest[..at], &rest[at + 3..]),
            None => rest.rsplit_once('(').unwrap_or((rest, "")),
        };
        let name = name.trim();
        let stack = amount(i, stack.trim_end_matches(')'))?;
        let name = if name.is_empty() {
            Cow::Owned(format!("Seat {number}"))
        } else {
            Cow::Borrowed(name)
        };
        let family = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
        seats.push(SeatLine {
            index: i,
            number,
            name,
            stack,
            family,
        });
        last = Some(i);
        i += 1;
    }
    let unnamed = seats.iter().filter(|s| s.name.starts_with("Seat ")).count();
    if unnamed > 1 {
        return Err(ReadError::malformed(say!(
            "{unnamed} players have no name: their lines cannot be told apart",
            unnamed
        ))
        .at(first_line + i as u64 - 1)
        .expected("at most one seat without a name")
        .actual(lines[i - 1]));
    }
    Ok(Seats {
        seats,
        end: i,
        last,
    })
}

/// Whether some player shows or mucks cards (a line with `shows [` or `mucks [`), and the ante: the
/// largest posted (`posts ante [`; a short stack posts what it has). One pass over the brackets of
/// the lines, each word looked for before a bracket that follows a space.
fn shows_and_ante(lines: &[&str], decimals: u8) -> (bool, Option<i64>) {
    let (mut shows, mut ante) = (false, None);
    for line in lines {
        let mut posts_ante = false;
        for at in memchr::memchr_iter(b'[', line.as_bytes()) {
            let before = &line[..at];
            if !before.ends_with(' ') {
                continue;
            }
            shows = shows || before.ends_with(" shows ") || before.ends_with(" mucks ");
            posts_ante = posts_ante || before.ends_with(" posts ante ");
        }
        if posts_ante {
            let posted = bracketed(line).and_then(|text| minor_units(text, decimals));
            ante = ante.max(posted);
        }
    }
    (shows, ante)
}

/// The index of the last line that says anything to the family's reader before its summary lines.
fn last_said(n: usize, end: usize, seats: &Seats, button: bool, body: usize) -> usize {
    if end < n {
        return n - 1;
    }
    match seats.last {
        Some(last) => last,
        None if button => body,
        None => 0,
    }
}

/// Cancelled and cut-off hands ([`crate::read::check_complete`]): a `Hand cancelled` line, no `**
/// Summary **` line.
fn check_complete(
    lines: &[&str],
    body: usize,
    names: &[&str],
    first_line: u64,
    id: &str,
    last: usize,
) -> Result<(), ReadError> {
    let read_id = || hand_id(&format!("{SITE} Hand #{id}: ")).map(str::to_string);
    let cancelled = lines[body.min(lines.len())..]
        .iter()
        .position(|l| *l == "Hand cancelled" && who(names, l).is_none());
    if let Some(k) = cancelled {
        let line = first_line + (body + k) as u64;
        return Err(read::cancelled(line, read_id().as_deref(), lines[body + k]));
    }
    if !lines[body.min(lines.len())..].contains(&SUMMARY) {
        return Err(read::no_summary(
            lines,
            last,
            first_line,
            read_id().as_deref(),
        ));
    }
    Ok(())
}

/// The player a line starts with (the longest name that fits; an unnamed seat's line starts with
/// its verb) and the rest of it.
fn who<'l>(names: &[&str], line: &'l str) -> Option<(usize, &'l str)> {
    speaker(names, line).or_else(|| {
        VERBS.iter().find(|v| line.starts_with(*v))?;
        let unnamed = names.iter().position(|n| n.starts_with("Seat "))?;
        Some((unnamed, line))
    })
}

/// What reading the body follows besides the builder.
struct Body<'a> {
    names: Vec<&'a str>,
    decimals: u8,
    first_line: u64,
    rounds: Rounds,
    collected: i64,
    /// The bet nobody called, given back before the summary: (who, what is still to take off
    /// what that player collects).
    uncalled: Option<(usize, i64)>,
    /// Past `** Dealing down cards **`.
    dealing: bool,
    /// Some player shows or mucks cards: the summary is a showdown.
    shows: bool,
    /// The family's summary marker has been read.
    done: bool,
}

impl Body<'_> {
    fn amount(&self, i: usize, text: &str) -> Result<i64, ReadError> {
        amount_at(text, self.decimals, self.first_line + i as u64)
    }

    fn family(&self, st: &Builder, value: i64, i: usize) -> Result<i64, ReadError> {
        family(st, value, self.decimals, i)
    }

    /// 888's cards (`[ Hc, 8h, 10d ]`, Dutch `H`, `V`, `B`) as the family reads them.
    fn cards(&self, st: &Builder, text: &str, i: usize) -> Result<Vec<Card>, ReadError> {
        parse_cards(&cards(text)).map_err(|err| st.relocate(err, i))
    }

    /// The lines from `from` on, the summary's total told after its last line.
    fn lines(&mut self, st: &mut Builder, lines: &[&str], from: usize) -> Result<(), ReadError> {
        let mut summary = None;
        for k in from..lines.len() {
            if lines[k] == SUMMARY {
                self.summary(st, k, lines)?;
                summary = Some(k);
                continue;
            }
            self.line(st, k, lines[k])?;
        }
        if let Some(k) = summary {
            self.total(st, k)?;
        }
        Ok(())
    }

    /// `** Summary **`: the bet nobody called given back, the showdown if anyone shows.
    fn summary(&mut self, st: &mut Builder, k: usize, lines: &[&str]) -> Result<(), ReadError> {
        if let Some((who, amount)) = self.rounds.uncalled() {
            self.rounds.returned(who, amount);
            // some logs count the uncalled bet in what its player collects, some do not
            let collects: i64 = lines[k..]
                .iter()
                .filter(|l| search::contains(l, " collected ["))
                .filter_map(|l| minor_units(bracketed(l)?, self.decimals))
                .sum();
            if collects > self.rounds.pot() {
                self.uncalled = Some((who, amount));
            }
            let player = st.seated(k, self.names[who])?;
            let back = self.family(st, amount, k)?;
            st.act(k, player, Act::amount(ActionKind::Uncalled, back, false));
        }
        if self.shows {
            st.begin_showdown(0);
        }
        Ok(())
    }

    /// The summary's total (what the players put in) and rake (what it has over what they collect).
    fn total(&mut self, st: &mut Builder, k: usize) -> Result<(), ReadError> {
        let pot = self.rounds.pot();
        let rake = pot - self.collected;
        let (pot, rake) = (self.family(st, pot, k)?, self.family(st, rake, k)?);
        st.summary(pot, Some(rake), Vec::new(), Vec::new());
        self.done = true;
        Ok(())
    }

    /// Line `k` of the body.
    fn line(&mut self, st: &mut Builder, k: usize, line: &str) -> Result<(), ReadError> {
        // every marker starts `** Dealing `: one compare for the lines that are none
        let marker = line
            .starts_with("** Dealing ")
            .then(|| MARKERS.iter().find(|(m, _)| line.starts_with(m)));
        if let Some(&(_, street)) = marker.flatten() {
            self.dealing = true;
            if street != "HOLE CARDS" {
                self.rounds.next_street();
            }
            let board = bracketed(line).map(cards);
            stars::street_marker(st, k, street, 0, board.as_deref())?;
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            let name = rest.split(" [").next().unwrap_or(rest).trim();
            let dealt = bracketed(rest).map(cards).unwrap_or_default();
            let name = if name.is_empty() {
                who(&self.names, "").map_or("", |(k, _)| self.names[k])
            } else {
                name
            };
            return stars::read_dealt(st, k, &format!("{name} [{dealt}]"));
        }
        if line.starts_with("(Hi: ") || line.starts_with("(Lo: ") {
            return Ok(());
        }
        let Some((who, rest)) = who(&self.names, line) else {
            stars::read_line(st, k, line)?; // the family's reader names it unknown
            return Ok(());
        };
        self.player_line(st, k, who, rest)
    }

    /// A line of a seated player (by name, or an unnamed seat's by its verb).
    fn player_line(
        &mut self,
        st: &mut Builder,
        k: usize,
        who: usize,
        rest: &str,
    ) -> Result<(), ReadError> {
        let amount = bracketed(rest);
        let verb = search::find(rest, " [")
            .map_or(rest, |at| &rest[..at])
            .trim();
        let what = match verb {
            "folds" => Some(Move::Folds),
            "checks" => Some(Move::Checks),
            "posts small blind" => Some(Move::SmallBlind),
            "posts big blind" => Some(Move::BigBlind),
            "posts ante" | "posts the ante" => Some(Move::Ante),
            "calls" => Some(Move::Calls),
            "bets" => Some(Move::Bets),
            "raises" => Some(Move::Adds),
            _ => None,
        };
        if let Some(what) = what {
            // a fold before the deal: the player sits this hand out (skips the big blind)
            if what == Move::Folds && !self.dealing {
                return Ok(());
            }
            let player = st.seated(k, self.names[who])?;
            let value = match (what, amount) {
                (Move::Folds | Move::Checks, _) => 0,
                (_, Some(text)) => self.amount(k, text)?,
                (_, None) => return stars::read_action(st, k, player, rest),
            };
            // 888 prints no all-in mark: a player with no chips left is all-in
            let act = self.rounds.moved(who, what, value);
            return self.act(st, k, player, act);
        }
        let player = st.seated(k, self.names[who])?;
        let act = match (verb, amount) {
            ("posts dead blind", Some(text)) => {
                // `[0.50 + 1]`: the small blind dead, the big blind live
                let (small, big) = text.split_once('+').unwrap_or(("0", text));
                let (small, big) = (self.amount(k, small)?, self.amount(k, big)?);
                self.rounds.moved_with_dead(who, small, big)
            }
            ("shows", Some(text)) => Act::cards(ActionKind::Show, self.cards(st, text, k)?, None),
            ("mucks", Some(text)) => Act::cards(ActionKind::Muck, self.cards(st, text, k)?, None),
            ("did not show his hand", _) => Act::of(ActionKind::NoShow),
            ("collected", Some(text)) => {
                // the uncalled bet, where the log counts it in what its player collects
                let mut value = self.amount(k, text)?;
                if let Some((back, amount)) = self.uncalled.filter(|&(back, _)| back == who) {
                    value -= amount;
                    self.uncalled = Some((back, 0));
                }
                self.collected += value;
                let amount = self.family(st, value, k)?;
                let act = Act {
                    text: Some("pot"),
                    ..Act::amount(ActionKind::Collect, amount, false)
                };
                st.act(k, player, act);
                return Ok(());
            }
            _ => {
                // the family's reader reads it or names it unknown
                if verb.starts_with("posts") && self.rounds.all_in(who) {
                    return stars::read_action(st, k, player, &format!("{rest} and is all-in"));
                }
                return stars::read_action(st, k, player, rest);
            }
        };
        self.act(st, k, player, act)
    }

    /// A move's event, its amounts as the family would have read them.
    fn act(&self, st: &mut Builder, k: usize, player: usize, act: Act) -> Result<(), ReadError> {
        if let Some(to) = act.to {
            self.family(st, to, k)?;
        }
        self.family(st, act.amount, k)?;
        st.act(k, player, act);
        Ok(())
    }
}
