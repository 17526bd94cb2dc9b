//! Each line of a partypoker hand as the events it says ([`Said`]), kept in the log's order and told
//! to the builder of the hand ([`crate::read::events`]) once the whole hand is read (a fault of the
//! log's lines is named before a fault the builder finds); the blinds a tournament log does not post,
//! the uncalled bet, total pot and rake from the betting ([`Rounds`]).

use super::Head;
use crate::model::{ActionKind, Finish};
use crate::money::decimal_text;
use crate::read::errors::{Kind, ReadError};
use crate::read::events::speaker;
use crate::read::events::{Act, Builder};
use crate::read::header::{seat_number, MAX_SEAT};
use crate::read::pacific::amounts::{bracketed, cards, minor_units};
use crate::read::rounds::{Move, Rounds};
use crate::read::search;

mod opening;
mod words;

use crate::said::Said as Message;
use crate::say;
use words::{glued, parenthesized, seat_line, show_and_posts, starts_with_any, trimmed};

pub use opening::{family_header, Opening};

/// partypoker's street markers (after `** Dealing `) and the spec's street names.
const MARKERS: [(&str, &str); 9] = [
    ("down cards", "HOLE CARDS"),
    ("Flop", "FLOP"),
    ("Turn", "TURN"),
    ("River", "RIVER"),
    ("Fourth street", "4th STREET"),
    ("Fifth street", "5th STREET"),
    ("Sixth street", "6th STREET"),
    ("Seventh street", "RIVER"),
    ("", "3rd STREET"),
];
const SUMMARY: &str = "** Summary **";
/// The stud streets that deal a card up, in order.
const STUD_UP: [&str; 4] = ["3rd STREET", "4th STREET", "5th STREET", "6th STREET"];

/// What a line of the log says, with the index of its line.
enum Said<'h> {
    /// A street begins (the spec's name), with its board cards (the family's card text).
    Street {
        i: usize,
        inner: &'static str,
        board: Option<String>,
    },
    /// Cards dealt to a name: the groups of cards said (the last the street's new ones).
    Dealt {
        i: usize,
        name: &'h str,
        groups: Vec<String>,
    },
    /// A player's action (its amounts as the betting counts them).
    Act {
        i: usize,
        who: usize,
        act: Act<'static>,
    },
    /// A player shows or mucks cards (the family's card text).
    Cards {
        i: usize,
        who: usize,
        kind: ActionKind,
        text: String,
    },
    Showdown,
    Finish(Finish),
}

/// What a player's line may say that changes nothing in the hand (the player's name before it); the
/// all-in cash-out's lines (`NAME Cash-out Premium % is 1.0`, `NAME opted for cash-out`) too: what the
/// site pays a player who cashes out is not the pot's money.
const NOTHING: [&str; 19] = [
    "Cash-out Premium",
    "opted for cash-out",
    "did not opt for cash-out",
    "probabilty",
    "probability",
    "has joined the table",
    "has left the table",
    "is sitting out",
    "will be using his time bank",
    "did not respond in time",
    "could not respond in time",
    "- Selects point card",
    "Forward Folds",
    "does not show cards",
    "opens",
    "finished in",
    "is all-In.",
    "has been reconnected",
    "is disconnected",
];
/// Lines that end a hand before it is played out: the hand is incomplete.
const CANCELLED: [&str; 2] = ["Table Closed", "Connection Lost due to some reason"];
/// Lines that are not a player's and change nothing.
const NOT_A_PLAYERS: [&str; 13] = [
    // `There is no Small Blind in this hand as the Big Blind of the previous hand left the table`
    "There is no Small Blind",
    "Congratulations",
    "Your time bank",
    "Game #",
    "#Game No",
    "*****",
    "Trny",
    "Blinds",
    "Stakes",
    ">",
    "Creating ",
    "Main Pot:",
    "Board:",
];
/// The verbs of a player's turn, which a player who is not seated may not take.
const TURNS: [&str; 9] = [
    "posts ",
    "checks",
    "calls",
    "bets",
    "raises",
    "is all-In",
    "completes",
    "bring-ins",
    "double bets",
];

/// A hand's lines read as the events they say, each with the index of its line.
pub struct Reading<'h> {
    head: &'h Head<'h>,
    /// The log's line number of the hand's first line.
    first_line: u64,
    names: Vec<&'h str>,
    seats: Vec<u64>,
    stacks: Vec<i64>,
    rounds: Rounds,
    /// What each player collects, in the log's order: (line, who, amount).
    collects: Vec<(usize, usize, i64)>,
    /// Past the betting: the uncalled bet given back, the showdown marked.
    settled: bool,
    /// Whether any player shows or mucks cards (the family's showdown marker goes before them).
    shows: bool,
    /// The uncalled bet given back: (who, amount).
    returned: Option<(usize, i64)>,
    /// The hand's (small, big) blinds ([`Self::blinds`]).
    blinds: (i64, i64),
    /// The blinds a tournament log does not print, posted before the deal.
    unposted: Vec<(usize, ActionKind, i64)>,
    /// Stud: each player's cards so far.
    stud_cards: Vec<Vec<String>>,
    /// Stud: the up cards of the players the log deals none to but who show their seven at the
    /// end, in the order dealt (3rd to 6th street); the log shows no other player's up cards.
    shown_up: Vec<Option<Vec<String>>>,
    /// The lines that post (`NAME posts ...`): the blinds and antes are worked out from them.
    posts: Vec<&'h str>,
    /// Each seat with chips, in the table's order: (index of its line, seat, stack).
    seat_lines: Vec<(usize, u64, i64)>,
    said: Vec<Said<'h>>,
    /// The summary: (index of its line, total pot, rake).
    summary: (usize, i64, i64),
}

impl<'h> Reading<'h> {
    pub fn new(head: &'h Head<'h>, lines: &[&'h str], first_line: u64) -> Self {
        // one pass over the lines for both: whether any shows cards, and those that post
        let mut shows = false;
        let mut posts = Vec::new();
        for &line in lines {
            let (show, post) = show_and_posts(line);
            shows = shows || shows_cards(line, show, head.summary);
            if post {
                posts.push(line);
            }
        }
        Reading {
            head,
            first_line,
            names: Vec::new(),
            seats: Vec::new(),
            stacks: Vec::new(),
            rounds: Rounds::new(Vec::new()),
            collects: Vec::new(),
            settled: false,
            shows,
            returned: None,
            blinds: (0, 0),
            unposted: Vec::new(),
            stud_cards: Vec::new(),
            shown_up: Vec::new(),
            posts,
            seat_lines: Vec::new(),
            said: Vec::with_capacity(lines.len() + 4),
            summary: (0, 0, 0),
        }
    }

    fn say(&mut self, said: Said<'h>) {
        self.said.push(said);
    }

    fn amount(&self, i: usize, text: &str) -> Result<i64, ReadError> {
        let mut cleaned = trimmed(text);
        while let Some(shorter) = cleaned.strip_suffix(" chips") {
            cleaned = shorter;
        }
        let cleaned = cleaned.trim_end_matches('.');
        minor_units(cleaned, self.head.decimals).ok_or_else(|| {
            ReadError::malformed(say!(
                "{text} is not an amount",
                text = format!("{:?}", text)
            ))
            .at(self.first_line + i as u64)
            .expected("an amount such as $0.08 USD, $0,25 USD, 2,000 or (0.02)")
            .actual(text.to_string())
        })
    }

    /// An amount as the family writes it: `1283.15`, `2000`.
    fn money(&self, value: i64) -> String {
        decimal_text(value, self.head.decimals)
    }

    fn error(&self, i: usize, kind: Kind, reason: Message, line: &str) -> ReadError {
        ReadError::new(kind, reason)
            .at(self.first_line + i as u64)
            .actual(line.to_string())
    }

    /// Every line of the hand, as the events it says; the header's stakes and ante.
    pub fn translate(&mut self, lines: &[&'h str]) -> Result<Opening, ReadError> {
        let mut i = self.head.body;
        let mut seated = Vec::new();
        while let Some(line) = lines.get(i) {
            let Some((seat, rest)) = seat_line(line) else {
                break;
            };
            let (name, stack) = match memchr::memrchr(b'(', rest.as_bytes()) {
                Some(open) => {
                    let stack = &rest[open + 1..];
                    let close = memchr::memchr(b')', stack.as_bytes()).unwrap_or(stack.len());
                    (rest[..open].trim(), &stack[..close])
                }
                None => (rest, ""),
            };
            let stack = self.amount(i, stack)?;
            if stack > 0 {
                seated.push((seat, name, i, stack));
            }
            i += 1;
        }
        // partypoker lists the seats in any order; the family in the table's
        seated.sort_by_key(|s| s.0);
        let stacks: Vec<(usize, i64)> = seated.iter().map(|s| (s.2, s.3)).collect();
        self.stacks = stacks.iter().map(|s| s.1).collect();
        (self.seats, self.names) = seated.into_iter().map(|s| (s.0, s.1)).unzip();
        if self.names.is_empty() {
            let line = lines.get(i).copied().unwrap_or("");
            return Err(ReadError::malformed(say!("no seat lines"))
                .at(self.first_line + i as u64)
                .expected("'Seat 1: name ( $2.75 USD )'")
                .actual(line));
        }
        let blinds = self.blinds();
        let opening = self.opening(blinds)?;
        self.blinds = blinds.unwrap_or_default();
        self.seat_lines = (stacks.iter().zip(&self.seats))
            .map(|(&(at, stack), &seat)| (at, seat, stack))
            .collect();
        self.rounds = Rounds::new(stacks.iter().map(|&(_, s)| s).collect());
        self.stud_cards = vec![Vec::new(); self.names.len()];
        if self.head.stud {
            self.shown_up = self.shown_up_cards(lines);
        }
        self.unposted = self.unposted_blinds(lines, blinds);
        for (k, line) in lines.iter().enumerate().skip(i) {
            for part in glued(line, &self.names) {
                self.line(k, part)?;
            }
        }
        let end = lines.len().saturating_sub(1);
        self.settle(end);
        self.finish(end)?;
        Ok(opening)
    }

    /// What the hand says, told to the builder: the seats, each event in the log's order, the summary.
    pub fn tell(&self, st: &mut Builder<'h, '_>) -> Result<(), ReadError> {
        for (k, &(at, seat, stack)) in self.seat_lines.iter().enumerate() {
            let name = self.names[k];
            if name.is_empty() {
                let reason = match k {
                    0 => say!("no seat lines after the header"),
                    _ => say!("unknown line"),
                };
                return Err(st.error(at, reason, "'Seat N: name (stack in chips)'"));
            }
            // a seat in range is its number; out of range, the error of its text
            let seat = match u8::try_from(seat) {
                Ok(number) if (1..=MAX_SEAT).contains(&seat) => number,
                _ => {
                    seat_number(&seat.to_string(), "seat number").map_err(|e| st.relocate(e, at))?
                }
            };
            let stack = self.family(st, at, stack)?;
            st.seat(seat, name, stack, false, None);
        }
        for said in &self.said {
            self.tell_one(st, said)?;
        }
        let (end, pot, rake) = self.summary;
        let pot = self.family(st, end, pot)?;
        let rake = self.family(st, end, rake)?;
        st.summary(pot, Some(rake), Vec::new(), Vec::new());
        Ok(())
    }

    /// An amount as the family's grammar reads it (it has no negative amounts).
    fn family(&self, st: &Builder, i: usize, value: i64) -> Result<i64, ReadError> {
        match value {
            v if v >= 0 => Ok(v),
            v => st.amount(&self.money(v), i),
        }
    }

    fn tell_one(&self, st: &mut Builder, said: &Said<'h>) -> Result<(), ReadError> {
        match said {
            Said::Street { i, inner, board } => street(st, *i, inner, board.as_deref()),
            Said::Dealt { i, name, groups } => {
                let who = st.seated(*i, name)?;
                st.deal_street(*i)?;
                let cards = match groups.as_slice() {
                    [one] => st.cards(one, *i)?,
                    _ if st.street() == 0 => st.cards(&groups.join(" "), *i)?,
                    [.., last] => st.cards(last, *i)?,
                    [] => Vec::new(),
                };
                st.dealt(*i, who, &cards)
            }
            Said::Act { i, who, act } => {
                let who_b = st.seated(*i, self.names[*who])?;
                let amount = self.family(st, *i, act.amount)?;
                let to = act.to.map(|t| self.family(st, *i, t)).transpose()?;
                let act = Act {
                    amount,
                    to,
                    ..act.clone()
                };
                st.act(*i, who_b, act);
                Ok(())
            }
            Said::Cards { i, who, kind, text } => {
                let who_b = st.seated(*i, self.names[*who])?;
                let cards = st.cards(text, *i)?;
                st.act(*i, who_b, Act::cards(*kind, cards, None));
                Ok(())
            }
            Said::Showdown => {
                st.begin_showdown(0);
                Ok(())
            }
            Said::Finish(finish) => {
                st.finish(finish.clone());
                Ok(())
            }
        }
    }

    /// The uncalled bet given back and the showdown marked, once, when the betting is over.
    fn settle(&mut self, i: usize) {
        if self.settled {
            return;
        }
        self.settled = true;
        if let Some((who, amount)) = self.rounds.uncalled() {
            self.rounds.returned(who, amount);
            self.returned = Some((who, amount));
            let act = Act::amount(ActionKind::Uncalled, amount, false);
            self.say(Said::Act { i, who, act });
        }
        if self.shows {
            self.say(Said::Showdown);
        }
    }

    /// What each player collects (without the uncalled bet, which partypoker counts in it), the
    /// summary, the total pot and the rake.
    fn finish(&mut self, end: usize) -> Result<(), ReadError> {
        let pot = self.rounds.pot();
        let total: i64 = self.collects.iter().map(|c| c.2).sum();
        let mut back = if total > pot { self.returned } else { None };
        let mut collected = 0;
        let back_total = back.map_or(0, |b| b.1);
        if total - back_total > pot {
            let err = ReadError::malformed(say!("the players collect {collected}, more than the {pot} the betting puts in the pot: the log's sums disagree", collected = self.money(total - back_total), pot = self.money(pot)))
            .at(self.first_line + self.collects.last().map_or(end, |c| c.0) as u64)
            .expected(format!("at most {} collected", self.money(pot)));
            return Err(err);
        }
        let collects = std::mem::take(&mut self.collects);
        for (i, who, mut value) in collects {
            if let Some((back_who, amount)) = back.filter(|&(w, a)| w == who && a > 0) {
                let take = amount.min(value);
                value -= take;
                back = Some((back_who, amount - take));
            }
            if value == 0 {
                continue;
            }
            collected += value;
            let act = Act {
                text: Some("pot"),
                ..Act::amount(ActionKind::Collect, value, false)
            };
            self.say(Said::Act { i, who, act });
        }
        self.summary = (end, pot, pot - collected);
        Ok(())
    }

    /// The family's lines for one of partypoker's.
    fn line(&mut self, i: usize, line: &'h str) -> Result<(), ReadError> {
        let line = trimmed(line);
        if line.is_empty() {
            return Ok(());
        }
        if let Some(street) = line.strip_prefix("** Dealing") {
            return self.marker(i, street);
        }
        if line == SUMMARY {
            self.settle(i);
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            return self.dealt(i, rest);
        }
        let Some((who, rest)) = speaker(&self.names, line) else {
            return self.not_a_players(i, line);
        };
        self.player_line(i, line, who, trimmed(rest).trim_end_matches('.'))
    }

    /// Line `i` (`line`), where player `who` says `rest`: a win, a move, a show, or nothing to read.
    fn player_line(
        &mut self,
        i: usize,
        line: &'h str,
        who: usize,
        rest: &'h str,
    ) -> Result<(), ReadError> {
        if let Some(won) = rest.strip_prefix("wins ") {
            self.settle(i);
            let won = match won.trim().strip_prefix("Lo (") {
                Some(lo) => lo.split(')').next().unwrap_or(lo),
                None => search::split_once(won, " from ").map_or(won, |(won, _)| won),
            };
            let value = self.amount(i, won)?;
            self.collects.push((i, who, value));
            return Ok(());
        }
        if rest == "is all-In"
            || starts_with_any(rest, &NOTHING)
            || rest.starts_with("shows") && !rest.contains('[')
        {
            return Ok(()); // `shows8,5,3,2,A  for low.`: the low hand said again
        }
        if self.head.summary && rest.starts_with("balance ") {
            return self.summary_line(i, who, rest);
        }
        let Some(act) = self.move_of(i, line, who, rest)? else {
            return Ok(());
        };
        if self.rounds.left(who) < 0 {
            let (name, stack) = (&self.names[who], self.stacks[who]);
            return Err(self.error(
                i,
                Kind::Malformed,
                say!(
                    "{name} puts in {put}, more than the {stack} the seat line gives",
                    name,
                    put = self.money(stack - self.rounds.left(who)),
                    stack = self.money(stack),
                ),
                line,
            ));
        }
        self.say(Said::Act { i, who, act });
        Ok(())
    }

    /// The move player `who` makes by saying `rest` on line `i` (`line`), followed in the betting; a
    /// show is said at once and gives no move.
    fn move_of(
        &mut self,
        i: usize,
        line: &'h str,
        who: usize,
        rest: &'h str,
    ) -> Result<Option<Act<'static>>, ReadError> {
        let verb_end = rest
            .find(|c: char| matches!(c, '[' | '(' | '$' | '€' | '£') || c.is_ascii_digit())
            .unwrap_or(rest.len());
        let verb = rest[..verb_end].trim();
        let amount = bracketed(rest).or_else(|| parenthesized(rest));
        let act = match (verb, amount) {
            ("folds", _) => self.rounds.moved(who, Move::Folds, 0),
            ("checks", _) => self.rounds.moved(who, Move::Checks, 0),
            ("posts big blind + dead", Some(text)) => {
                // a player coming in posts both blinds in one sum: the big blind live, the rest dead
                let total = self.amount(i, text)?;
                let big = self.blinds.1.min(total);
                let dead = total - big;
                self.rounds.moved_with_dead(who, dead, big)
            }
            (
                "posts small blind" | "posts big blind" | "posts button blind" | "posts ante"
                | "posts ante of" | "bring-ins",
                Some(text),
            ) => {
                let what = match verb {
                    "posts small blind" => Move::SmallBlind,
                    // Short Deck's one blind, posted by the button
                    "posts big blind" | "posts button blind" => Move::BigBlind,
                    "posts ante" | "posts ante of" => Move::Ante,
                    _ => Move::BringIn,
                };
                let value = self.amount(i, text)?;
                self.rounds.moved(who, what, value)
            }
            (
                "calls" | "bets" | "double bets" | "is all-In" | "raises" | "completes",
                Some(text),
            ) => {
                let added = self.amount(i, text)?;
                self.turn(who, verb, added)
            }
            ("raises", None) => {
                // `raises 0.85 to 0.85`: what it adds, then its total
                let to = search::rsplit_once(rest, " to ").map_or("", |(_, to)| to);
                let to = self.amount(i, to)?;
                let added = to - self.rounds.put_in(who);
                self.turn(who, verb, added)
            }
            ("shows" | "doesn't show", Some(text)) => {
                self.settle(i);
                let kind = match verb {
                    "shows" => ActionKind::Show,
                    _ => ActionKind::Muck,
                };
                let text = cards(text);
                self.say(Said::Cards { i, who, kind, text });
                return Ok(None);
            }
            _ => {
                return Err(self.error(
                    i,
                    Kind::Malformed,
                    say!("unknown action {action}", action = format!("{:?}", rest)),
                    line,
                ))
            }
        };
        Ok(Some(act))
    }

    /// A call, bet, raise, completion or all-in of `added` chips.
    fn turn(&mut self, who: usize, verb: &str, added: i64) -> Act<'static> {
        let what = if verb == "completes" {
            Move::Completes
        } else {
            Move::Adds
        };
        self.rounds.moved(who, what, added)
    }

    /// `** Dealing Flop ** [ As, 6h, Qc ]`, `** Dealing Turn ** :  [ 2c ]`, `** Dealing **` (stud).
    fn marker(&mut self, i: usize, street: &str) -> Result<(), ReadError> {
        let name = street.split("**").next().unwrap_or("").trim();
        let Some(&(_, marker)) = MARKERS.iter().find(|(m, _)| *m == name) else {
            let line = format!("** Dealing{street}");
            return Err(self.error(
                i,
                Kind::Malformed,
                say!(
                    "unknown street marker {marker}",
                    marker = format!("{:?}", name)
                ),
                &line,
            ));
        };
        if marker == "HOLE CARDS" || marker == "3rd STREET" {
            for (who, kind, amount) in std::mem::take(&mut self.unposted) {
                let amount = amount.min(self.rounds.left(who));
                self.rounds.post(who, amount);
                let act = Act::amount(kind, amount, self.rounds.all_in(who));
                self.say(Said::Act { i, who, act });
            }
        } else {
            self.rounds.next_street();
        }
        let board = bracketed(street).map(cards);
        self.say(Said::Street {
            i,
            inner: marker,
            board,
        });
        let up = STUD_UP.iter().position(|s| *s == marker);
        for who in (0..self.shown_up.len()).filter(|_| up.is_some()) {
            let Some(shown) = &self.shown_up[who] else {
                continue;
            };
            let k = up.unwrap_or(0);
            let groups = match k {
                0 => vec![shown[0].clone()],
                _ => vec![shown[..k].join(" "), shown[k].clone()],
            };
            let name = self.names[who];
            self.said.push(Said::Dealt { i, name, groups });
        }
        Ok(())
    }

    /// The up cards of each player the log deals no card to who shows seven at the end (partypoker
    /// lists a stud hand's cards in the order dealt: two down, four up, one down).
    fn shown_up_cards(&self, lines: &[&str]) -> Vec<Option<Vec<String>>> {
        let dealt = |name: &str| {
            lines.iter().any(|l| {
                l.strip_prefix("Dealt to ")
                    .is_some_and(|r| r.starts_with(name))
            })
        };
        (0..self.names.len())
            .map(|who| {
                let name = self.names[who];
                if dealt(name) {
                    return None;
                }
                lines.iter().find_map(|l| {
                    let rest = l.strip_prefix(name)?;
                    let shown = ["shows [", "doesn't show ["]
                        .iter()
                        .any(|v| rest.trim_start().starts_with(v));
                    let seven: Vec<String> = cards(bracketed(rest)?)
                        .split(' ')
                        .map(str::to_string)
                        .collect();
                    (rest.starts_with(' ') && shown && seven.len() == 7)
                        .then(|| seven[2..6].to_vec())
                })
            })
            .collect()
    }

    /// `Dealt to Hero [  Js Th ]`; in stud each street's new card alone, given with those before.
    fn dealt(&mut self, i: usize, rest: &'h str) -> Result<(), ReadError> {
        let name = rest.split(" [").next().unwrap_or(rest).trim();
        let dealt = bracketed(rest).map(cards).unwrap_or_default();
        if self.head.stud {
            if let Some(who) = self.names.iter().position(|n| *n == name) {
                let before = self.stud_cards[who].join(" ");
                self.stud_cards[who].extend(dealt.split(' ').map(str::to_string));
                let groups = if before.is_empty() {
                    vec![dealt]
                } else {
                    vec![before, dealt]
                };
                self.say(Said::Dealt { i, name, groups });
                return Ok(());
            }
        }
        let groups = vec![dealt];
        self.say(Said::Dealt { i, name, groups });
        Ok(())
    }

    /// A summary log's `NAME balance $13.12, bet $0.57, collected $1.09, net +$0.52[ 9s, 4d, 8s, Jc ]
    /// [ three of a kind ... ]`: the cards shown and what was collected.
    fn summary_line(&mut self, i: usize, who: usize, rest: &str) -> Result<(), ReadError> {
        if let Some(shown) = bracketed(rest) {
            let text = cards(shown);
            let kind = ActionKind::Show;
            self.say(Said::Cards { i, who, kind, text });
        }
        if let Some((_, collected)) = rest.split_once("collected ") {
            let text = collected.split(',').next().unwrap_or(collected);
            let value = self.amount(i, text)?;
            self.collects.push((i, who, value));
        }
        Ok(())
    }

    /// A tournament's `Player NAME finished in 4.`, `NAME finished in 3 place.`, `Player NAME finished in
    /// 2 138.` (a space between thousands), `Player NAME finished in 1 place and received $3 USD`: the
    /// player's place and prize.
    fn tournament_finish(&self, line: &str) -> Option<Finish> {
        self.head.tournament.as_ref()?;
        let (name, rest) = line.split_once(" finished in ")?;
        let name = match name.strip_prefix("Player ") {
            Some(short) if !short.is_empty() && !self.names.contains(&name) => short,
            _ => name,
        };
        let (place, prize) = match rest.split_once(" and received ") {
            Some((place, prize)) => (place, Some(prize.trim().trim_end_matches('.'))),
            None => (rest, None),
        };
        let place = place.trim().trim_end_matches('.');
        let place = place.strip_suffix(" place").unwrap_or(place);
        let digits: String = place.chars().filter(|c| *c != ' ').collect();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let place = digits.parse().ok()?;
        let prize = prize
            .map(|p| p.trim().trim_end_matches('.').trim())
            .filter(|p| !p.is_empty());
        Some(Finish {
            player: name.to_string(),
            place: Some(place),
            prize: prize.map(str::to_string),
            bounty: None,
        })
    }

    /// A line no seated player speaks: nothing, a chat line, or a turn of a player the log does not
    /// seat (who joined during the hand, or sat with no chips).
    fn not_a_players(&mut self, i: usize, line: &str) -> Result<(), ReadError> {
        if starts_with_any(line, &NOT_A_PLAYERS) {
            return Ok(());
        }
        if starts_with_any(line, &CANCELLED) {
            let reason =
                say!("the hand was not played out (the table closed or the connection was lost)");
            return Err(self.error(i, Kind::Incomplete, reason, line));
        }
        if let Some(finish) = self.tournament_finish(line) {
            self.say(Said::Finish(finish));
            return Ok(());
        }
        let (first, rest) = line.split_once(' ').unwrap_or((line, ""));
        if first.ends_with(':') || line.contains(" finished in ") || starts_with_any(rest, &NOTHING)
        {
            return Ok(()); // chat, or a player's coming and going
        }
        if rest.starts_with("folds") {
            return Ok(()); // a player not dealt in
        }
        if starts_with_any(rest, &TURNS) {
            return Err(self.error(
                i,
                Kind::Unsupported,
                say!("{first} plays but has no seat with chips: the log gives no seat or stack for a \
                     player who joins during the hand (or sits with none)", first),
                line,
            ));
        }
        Err(self.error(i, Kind::Malformed, say!("unknown line"), line))
    }
}

/// Whether `line` shows or mucks cards (`NAME shows [ ... ]`, `NAME doesn't show [ ... ]`, a summary
/// log's `NAME balance ... [ ... ]`); `show`: whether it holds `show`, as both verbs do (few lines).
fn shows_cards(line: &str, show: bool, summary: bool) -> bool {
    let verb =
        show && (search::contains(line, " shows [") || search::contains(line, "doesn't show"));
    verb || summary && search::contains(line, " balance ") && line.contains('[')
}

/// A street begins on line `i` (the spec's street named `inner`), with its board cards.
fn street(st: &mut Builder, i: usize, inner: &str, board: Option<&str>) -> Result<(), ReadError> {
    st.begin_named_street(i, inner, board, "'*** FLOP *** [a b c]'")
}
