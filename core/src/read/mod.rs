//! The hand readers: the PokerStars family's (PokerStars, GGPoker and Sökö text) and each other site's,
//! every one telling one builder of the hand what its lines say (`events`; Python's `parsers/stars.py`
//! hands pieces to them; `FileReader` reads whole files).
//!
//! [`read_piece`] takes one piece of a log (a hand's text and the line it starts on, as the
//! splitter cuts it) and gives a [`Hand`] or the [`Quarantine`] record Python gives. A dialect is
//! data ([`Dialect`]: its header parser and street aliases); the game of a hand is its spec,
//! asked of the rules layer through [`Lookups`] once per distinct rules text and cached.
//!
//! Modules: `header` (the shared header grammar), `pokerstars` and `soko` (each dialect's
//! header), `stars` (the body), `patterns` (its line shapes), `times`, `zones` (time-zone
//! offsets), `values` (amounts and cards), `errors`, `pystr` (Python's string semantics, so both
//! sides agree on every character), `search` (substring search for short needles) and `memo`
//! (header texts already read).
//!
//! Speed: a piece's lines are split once and kept on the stack; plain ASCII takes fast paths
//! (white space, digits, amounts, dates) and the Python-semantics tables are consulted only
//! where a character is not ASCII; a table's header text is read once ([`Memo`]); the raw text
//! is copied once. What is left is mostly the allocations the [`Hand`] itself is made of.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use crate::model::Hand;
use crate::said::Term;
use crate::say;
use crate::spec::{GameSpec, Resolver, RulesFault, Specs, Structure};

mod bovada;
mod drift;
mod errors;
mod events;
mod ggpoker;
mod header;
mod ipoker;
mod memo;
mod nfc;
mod pacific;
mod party;
mod patterns;
mod phh;
mod pokerstars;
pub(crate) mod pystr;
mod rounds;
mod search;
pub(crate) mod soko;
mod stars;
mod times;
mod tourney;
mod unicode_tables;
mod values;
mod winamax;
mod winning;
mod zones;

pub use drift::{drift, Drift};
pub use errors::{
    quarantine, Kind, Quarantine, ReadError, KEPT_CHARS, MAX_HAND_CHARS, MAX_HAND_ITEMS,
};
pub use header::{
    follows_party_header, hand_history_at, table_mark, winning_mark, Header, GAME_NO, HAND_HISTORY,
    SESSION_MARK, STARTED,
};
pub use memo::Memo;
pub use nfc::composed;
pub use phh::{
    read_chunk as read_phh_chunk, read_text as read_phh, Chunk as PhhChunk, Cutter as PhhCutter,
    VARIANTS as PHH_VARIANTS,
};
pub use pystr::repr as py_repr;
pub use times::{DateTime, Offsets, ZONES};
pub use tourney::ordinal;
pub use values::{Grammar, SYMBOLS};
pub use zones::utc_offset;

/// Reads the header lines of a hand: its stripped lines, the line number of the first.
pub type HeaderParser =
    for<'a> fn(&[&'a str], u64, &mut dyn Lookups) -> Result<Header<'a>, ReadError>;

/// One hand as every reader takes it: its stripped lines, the log's line number of the first, the
/// log's path, the dialect it is read in, and its raw text (`raw`, made only when it is kept).
#[derive(Clone, Copy)]
pub struct HandText<'t> {
    pub lines: &'t [&'t str],
    pub first_line: u64,
    pub path: &'t str,
    pub dialect: &'static Dialect,
    pub raw: &'t dyn Fn() -> String,
}

/// Reads one hand ([`HandText`]), asking `Lookups` for its spec and time zones.
pub type HandReader = for<'t> fn(HandText<'t>, &mut dyn Lookups) -> Result<Hand, ReadError>;

/// A member of the family: its name (`Source.format`), its header parser and the street
/// markers it may print besides the spec's street names.
pub struct Dialect {
    pub name: &'static str,
    pub header: HeaderParser,
    /// Street marker aliases: `PRE-FLOP` → `HOLE CARDS`.
    pub aliases: &'static [(&'static str, &'static str)],
    /// `Dealt to NAME` lines name every player, with cards only for the log's owner (GGPoker).
    pub deals_to_all: bool,
    /// Summary extras that are the house's fees out of the pot, as the rake is (GGPoker's
    /// `Jackpot` and `Bingo`): the hand's rake includes them; each stays an extra too.
    pub fees: &'static [&'static str],
    /// How a hand is read: the family's body reader, or a site's own (which tells the builder of
    /// events what its lines say).
    pub read: HandReader,
    /// How the body's amounts are written: the site's own forms where the body is the site's text
    /// (PokerStars, GGPoker, Winamax's amounts kept as printed), else the family's.
    pub amounts: &'static Grammar,
    /// A format whose files are read whole by its own reader, which cuts them into hands itself (PHH:
    /// TOML tables, not hand headers); None: the splitter cuts the pieces that [`Dialect::read`] reads.
    pub whole: Option<WholeReader>,
}

/// Reads every hand of a file's text (the path as the records name it).
pub type WholeReader = fn(&str, &str, &mut dyn Lookups) -> Vec<Result<Hand, Box<Quarantine>>>;

/// PokerStars hand histories (and the PokerStars-format logs of clones).
pub static POKERSTARS: Dialect = Dialect {
    name: "pokerstars",
    header: pokerstars::header,
    aliases: &[("PRE-FLOP", "HOLE CARDS")],
    deals_to_all: false,
    fees: &[],
    read: stars::read_hand,
    amounts: &values::FAMILY,
    whole: None,
};

/// GGPoker hand histories: the PokerStars body, GGPoker's header words, and every player's
/// `Dealt to` line (without cards but the owner's).
pub static GGPOKER: Dialect = Dialect {
    name: "ggpoker",
    header: ggpoker::header,
    aliases: &[],
    deals_to_all: true,
    fees: &["Jackpot", "Bingo"],
    read: stars::read_hand,
    amounts: &ggpoker::AMOUNTS,
    whole: None,
};

/// Bovada, Ignition and Bodog hand histories: seat labels for players, each line told to the builder
/// of events ([`bovada`]).
pub static BOVADA: Dialect = Dialect {
    name: "bovada",
    header: pokerstars::header,
    aliases: &[],
    deals_to_all: false,
    fees: &[],
    read: bovada::read_hand,
    amounts: &values::FAMILY,
    whole: None,
};

/// 888poker hand histories (`#Game No : N`): each line told to the builder of the hand ([`pacific`]).
pub static PACIFIC: Dialect = Dialect {
    name: "888poker",
    header: pokerstars::header,
    aliases: &[],
    deals_to_all: false,
    fees: &[],
    read: pacific::read_hand,
    amounts: &values::FAMILY,
    whole: None,
};

/// partypoker hand histories (`Game #N starts.`, `#Game No : N`, `***** Hand History for Game N
/// *****`): each line told to the builder of events ([`party`]).
pub static PARTY: Dialect = Dialect {
    name: "partypoker",
    header: pokerstars::header,
    aliases: &[],
    deals_to_all: false,
    fees: &[],
    read: party::read_hand,
    amounts: &values::FAMILY,
    whole: None,
};

/// Winamax hand histories: each line told to the builder of the hand ([`winamax`]).
pub static WINAMAX: Dialect = Dialect {
    name: "winamax",
    header: pokerstars::header,
    aliases: &[("PRE-FLOP", "HOLE CARDS")],
    deals_to_all: false,
    fees: &[],
    read: winamax::read_hand,
    amounts: &winamax::AMOUNTS,
    whole: None,
};

/// Winning Poker Network hand histories (both formats): told to the builder of events ([`winning`]).
pub static WINNING: Dialect = Dialect {
    name: "winning",
    header: pokerstars::header,
    aliases: &[],
    deals_to_all: false,
    fees: &["JP Fee"],
    read: winning::read_hand,
    amounts: &values::FAMILY,
    whole: None,
};

/// iPoker's XML logs: each `<game>` told to the builder of events ([`ipoker`]).
pub static IPOKER: Dialect = Dialect {
    name: "ipoker",
    header: pokerstars::header,
    aliases: &[],
    deals_to_all: false,
    fees: &[],
    read: ipoker::read_hand,
    amounts: &values::FAMILY,
    whole: None,
};

/// The Sökö text format.
pub static SOKO: Dialect = Dialect {
    name: "soko",
    header: soko::header,
    aliases: &[],
    deals_to_all: false,
    fees: &[],
    read: stars::read_hand,
    amounts: &values::FAMILY,
    whole: None,
};

/// PHH hand histories (TOML): read whole by [`phh`], which cuts a `.phhs` collection into its tables.
pub static PHH: Dialect = Dialect {
    name: "phh",
    header: pokerstars::header,
    aliases: &[],
    deals_to_all: false,
    fees: &[],
    read: phh::read_piece,
    amounts: &values::FAMILY,
    whole: Some(phh::read_text),
};

/// What the reader asks of the rules layer: pure functions of a few distinct header values.
pub trait Lookups {
    /// The spec of a rules text, or why the rules layer gives none.
    fn spec(&mut self, rules: &str) -> Result<Arc<GameSpec>, RulesFault>;
    /// `soko_text.combine_rules`: a `Rules:` text with the header's structure, as the shortest
    /// rules text.
    fn combine_rules(
        &mut self,
        rules_line: &str,
        structure: Structure,
    ) -> Result<String, RulesFault>;
    /// Time-zone offsets.
    fn offsets(&mut self) -> &mut dyn Offsets;
    /// The reader's memory of header texts already read (None: each is read afresh).
    fn memo(&mut self) -> Option<&mut Memo> {
        None
    }
}

/// A rules text's spec as `GameSpec.to_dict()` JSON, as a function.
pub type ResolveFn = dyn Fn(&str) -> Result<String, RulesFault> + Send;
/// `combine_rules` as a function.
pub type Combiner = dyn Fn(&str, Structure) -> Result<String, RulesFault> + Send;
/// A zone's UTC offset (seconds) at a local time, as a function ([`utc_offset`]).
pub type OffsetFn = dyn Fn(&str, &DateTime) -> Option<i64> + Send;

/// UTC offsets by (zone, local date and hour), each asked once: offsets of the zones the logs
/// use change only on the hour.
pub struct OffsetCache {
    known: HashMap<OffsetKey, Option<i64>>,
    /// The last answer (a log's hands come in time order, mostly within the hour).
    last: Option<(OffsetKey, Option<i64>)>,
    ask: Box<OffsetFn>,
}

/// (zone, local date and hour).
type OffsetKey = (&'static str, i32, u8, u8, u8);

impl Offsets for OffsetCache {
    fn utc_offset(&mut self, zone: &'static str, local: &DateTime) -> Option<i64> {
        let key = (zone, local.year, local.month, local.day, local.hour);
        if let Some((last, offset)) = self.last {
            if last == key {
                return offset;
            }
        }
        let offset = match self.known.get(&key) {
            Some(found) => *found,
            None => {
                let offset = (self.ask)(zone, local);
                self.known.insert(key, offset);
                offset
            }
        };
        self.last = Some((key, offset));
        offset
    }
}

/// [`Lookups`] answered by functions (the Python rules layer, or test doubles), each answer
/// cached for the life of the value.
pub struct Cached {
    specs: Specs,
    /// The last spec asked for (a log's hands are mostly of one game).
    last_spec: Option<(String, Arc<GameSpec>)>,
    resolve: Box<ResolveFn>,
    combined: HashMap<String, [Option<Result<String, RulesFault>>; 4]>,
    combine: Box<Combiner>,
    offsets: OffsetCache,
    memo: Memo,
}

impl Cached {
    pub fn new(resolve: Box<ResolveFn>, combine: Box<Combiner>, offset: Box<OffsetFn>) -> Cached {
        Cached {
            specs: Specs::default(),
            last_spec: None,
            resolve,
            combined: HashMap::new(),
            combine,
            offsets: OffsetCache {
                known: HashMap::new(),
                last: None,
                ask: offset,
            },
            memo: Memo::default(),
        }
    }
}

fn structure_slot(structure: Structure) -> usize {
    match structure {
        Structure::Spread => 0,
        Structure::FixedLimit => 1,
        Structure::PotLimit => 2,
        Structure::NoLimit => 3,
    }
}

impl Lookups for Cached {
    fn spec(&mut self, rules: &str) -> Result<Arc<GameSpec>, RulesFault> {
        if let Some((last, spec)) = &self.last_spec {
            if last == rules {
                return Ok(Arc::clone(spec));
            }
        }
        let resolve: &Resolver = &*self.resolve;
        let spec = self.specs.get(rules, resolve)?;
        self.last_spec = Some((rules.to_string(), Arc::clone(&spec)));
        Ok(spec)
    }

    fn combine_rules(
        &mut self,
        rules_line: &str,
        structure: Structure,
    ) -> Result<String, RulesFault> {
        let slot = structure_slot(structure);
        if let Some(found) = self.combined.get(rules_line).and_then(|s| s[slot].as_ref()) {
            return found.clone();
        }
        let answer = (self.combine)(rules_line, structure);
        self.combined.entry(rules_line.to_string()).or_default()[slot] = Some(answer.clone());
        answer
    }

    fn offsets(&mut self) -> &mut dyn Offsets {
        &mut self.offsets
    }

    fn memo(&mut self) -> Option<&mut Memo> {
        Some(&mut self.memo)
    }
}

/// A hand's lines without their padding ([`pystr::strip_line`]), trailing blank and separator lines dropped (`stars.hand_lines`).
pub fn hand_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let kept = split_lines(text, &mut [], &mut lines).len();
    lines.truncate(kept);
    lines
}

/// How many lines [`read_piece`] keeps on the stack; longer hands spill into a vector.
const STACK_LINES: usize = 96;

/// [`hand_lines`] into `stack` while they fit, else into `heap`: the lines kept.
fn split_lines<'t, 's>(
    text: &'t str,
    stack: &'s mut [&'t str],
    heap: &'s mut Vec<&'t str>,
) -> &'s mut [&'t str] {
    let mut count = 0;
    let mut push = |line: &'t str| {
        if count < stack.len() {
            stack[count] = line;
        } else {
            if count == stack.len() {
                heap.extend_from_slice(stack);
            }
            heap.push(line);
        }
        count += 1;
    };
    let mut from = 0;
    for at in memchr::memchr_iter(b'\n', text.as_bytes()) {
        push(pystr::strip_line(&text[from..at]));
        from = at + 1;
    }
    push(pystr::strip_line(&text[from..]));
    let lines = if count <= stack.len() {
        &mut stack[..count]
    } else {
        &mut heap[..]
    };
    let kept = lines
        .iter()
        .rposition(|l| !(l.is_empty() || l.starts_with("*********** #")))
        .map_or(0, |last| last + 1);
    let lines = &mut lines[..kept];
    if let Some(first) = lines.first_mut() {
        *first = first.trim_start_matches('\u{feff}');
    }
    lines
}

/// The first `lines.len()` lines of a hand's text (its [`hand_lines`]), without carriage
/// returns (`stars._raw_text`).
fn raw_text(text: &str, lines: &[&str]) -> String {
    let cut = match lines.last() {
        Some(last) => {
            // Each line is a slice of `text`; its raw line ends at the next newline.
            let end = last.as_ptr() as usize - text.as_ptr() as usize + last.len();
            let rest = text.get(end..).unwrap_or("");
            &text[..memchr::memchr(b'\n', rest.as_bytes()).map_or(text.len(), |at| end + at)]
        }
        // Python's text[:-1]: the last character dropped.
        None => text.char_indices().last().map_or("", |(i, _)| &text[..i]),
    };
    if memchr::memchr(b'\r', cut.as_bytes()).is_some() {
        cut.replace('\r', "")
    } else {
        cut.to_string()
    }
}

/// The hand id a piece is known by before it is read: the mark in its first line.
fn piece_hand_id(text: &str) -> Option<&str> {
    let line_end = memchr::memchr(b'\n', text.as_bytes()).unwrap_or(text.len());
    // Python looks in the first 4096 characters only; a line of at most 4096 bytes is within them.
    let first = if line_end <= 4096 {
        &text[..line_end]
    } else {
        let head = pystr::head(text, 4096);
        head.split('\n').next().unwrap_or("")
    };
    header::hand_id(pystr::strip(first).trim_start_matches('\u{feff}'))
}

/// Cancelled and cut-off hands are quarantined as such, whatever their game.
pub fn check_complete(lines: &[&str], first_line: u64) -> Result<(), ReadError> {
    let hand_id = lines.first().and_then(|l| header::hand_id(l));
    if let Some(at) = lines.iter().position(|l| *l == "Hand cancelled") {
        return Err(cancelled(first_line + at as u64, hand_id, lines[at]));
    }
    if !lines.iter().any(|l| l.starts_with("*** SUMMARY ***")) {
        let last = lines.len().saturating_sub(1);
        return Err(no_summary(lines, last, first_line, hand_id));
    }
    Ok(())
}

/// A hand the site voided: its `Hand cancelled` line (`text`, on `line` of the log).
pub fn cancelled(line: u64, hand_id: Option<&str>, text: &str) -> ReadError {
    ReadError::new(
        Kind::Incomplete,
        say!("hand cancelled: the site voided it, no chips changed hands"),
    )
    .at(line)
    .hand(hand_id)
    .actual(text)
}

/// A hand cut off before its summary, placed on its last line (`last`, an index in `lines`).
pub fn no_summary(
    lines: &[&str],
    last: usize,
    first_line: u64,
    hand_id: Option<&str>,
) -> ReadError {
    ReadError::new(
        Kind::Incomplete,
        say!("the hand ends before its *** SUMMARY *** (an incomplete or partial hand)"),
    )
    .at(first_line + last as u64)
    .hand(hand_id)
    .expected("*** SUMMARY ***")
    .actual(lines.get(last).copied().unwrap_or(""))
}

/// Read one hand piece of a log: the [`Hand`], or the [`Quarantine`] record of why not (boxed:
/// it is the rare case). The piece is read in NFC ([`composed`]); its raw text is kept as the log wrote it.
pub fn read_piece(
    text: &str,
    first_line: u64,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
) -> Result<Hand, Box<Quarantine>> {
    let normal = composed(text);
    let (mut stack, mut heap) = ([""; STACK_LINES], Vec::new());
    let lines: &[&str] = split_lines(&normal, &mut stack, &mut heap);
    // NFC keeps every line break, so the written text has as many lines as the read one.
    let raw = || match &normal {
        Cow::Borrowed(_) => raw_text(text, lines),
        Cow::Owned(_) => raw_text(text, &hand_lines(text)),
    };
    let hand = HandText {
        lines,
        first_line,
        path,
        dialect,
        raw: &raw,
    };
    let read = (dialect.read)(hand, lookups).and_then(|hand| check_items(hand, first_line));
    read.map_err(|err| {
        let id = err.hand_id.clone();
        Box::new(quarantine(
            err,
            raw(),
            path,
            first_line,
            id.as_deref().or_else(|| piece_hand_id(text)),
        ))
    })
}

/// A hand of at most [`MAX_HAND_ITEMS`] actions, deals and seats; a larger one is `too_large`.
pub fn check_items(hand: Hand, first_line: u64) -> Result<Hand, ReadError> {
    let counts = [
        (hand.actions.len(), Term("read", "actions")),
        (hand.deals.len(), Term("read", "deals")),
        (hand.seats.len(), Term("read", "seats")),
    ];
    match counts.into_iter().find(|&(n, _)| n > MAX_HAND_ITEMS) {
        None => Ok(hand),
        Some((n, what)) => Err(ReadError::new(
            Kind::TooLarge,
            say!(
                "a hand of {n} {what}, more than the {limit} one hand may have",
                n = pystr::thousands(n as u64),
                what,
                limit = pystr::thousands(MAX_HAND_ITEMS as u64)
            ),
        )
        .at(first_line)
        .hand(Some(&hand.hand_id))
        .expected(format!(
            "at most {} {}",
            pystr::thousands(MAX_HAND_ITEMS as u64),
            what.1
        ))
        .actual(format!("{} {}", pystr::thousands(n as u64), what.1))),
    }
}

/// The `internal` record of a piece whose reading (or rows) met a bug of ours: `fault` says what.
pub fn internal(text: &str, first_line: u64, path: &str, fault: &str) -> Quarantine {
    let reason = say!(
        "internal error: {fault}; this is a bug in soko_analytics",
        fault
    );
    let lines = hand_lines(text);
    let raw = raw_text(text, &lines);
    let error = ReadError::new(Kind::Internal, reason);
    quarantine(error, raw, path, first_line, piece_hand_id(text))
}

/// The quarantine record of a piece that is not a hand (text before the first hand or after
/// a summary).
pub fn not_a_hand(text: &str, first_line: u64, path: &str) -> Quarantine {
    let lines = hand_lines(text);
    let raw = raw_text(text, &lines);
    let place = if first_line == 1 {
        Term("read", "before the first hand")
    } else {
        Term("read", "after a hand's summary")
    };
    let actual = pystr::head(
        lines.iter().find(|l| !l.is_empty()).copied().unwrap_or(""),
        80,
    );
    let error = ReadError::malformed(say!(
        "text {place} that is not a hand (no hand header)",
        place
    ))
    .expected("a hand header such as 'PokerStars Hand #N: ...'")
    .actual(actual);
    quarantine(error, raw, path, first_line, None)
}

/// The quarantine record of a piece over [`MAX_HAND_CHARS`]: `text` is its kept start, `size`
/// its full length in characters over `lines` lines.
pub fn too_large(
    text: &str,
    first_line: u64,
    path: &str,
    is_hand: bool,
    size: u64,
    lines: u64,
) -> Quarantine {
    let (size, lines) = (pystr::thousands(size), pystr::thousands(lines));
    let limit = pystr::thousands(MAX_HAND_CHARS);
    let kept = pystr::thousands(pystr::len(text) as u64);
    let reason = if is_hand {
        say!(
            "a hand of {size} characters over {lines} lines, more than the {limit} one hand may \
             have; its first {kept} are kept",
            size,
            lines,
            limit,
            kept,
        )
    } else {
        say!(
            "text that is not a hand of {size} characters over {lines} lines, more than the \
             {limit} one hand may have; its first {kept} are kept",
            size,
            lines,
            limit,
            kept,
        )
    };
    let hand_id = if is_hand { piece_hand_id(text) } else { None };
    quarantine(
        ReadError::new(Kind::TooLarge, reason),
        text.replace('\r', ""),
        path,
        first_line,
        hand_id,
    )
}

#[cfg(test)]
mod equal;
#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
