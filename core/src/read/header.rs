//! What the header lines of a hand say, and the header grammar both dialects share: the
//! `... Hand #<id>: <rest>` line (`stars.HEADER_LINE`), the `Hand #<id>:` mark
//! (`split.HEADER_MARK`) and the `Table '...' 6-max Seat #1 is the button` line.

use super::errors::ReadError;
use super::pystr::{self, is_space};
use super::times::{DateTime, Start};
use crate::model::{Stakes, Tournament};
use crate::said::Said;
use crate::say;

/// What follows the hand id of a Bovada cash header, which has no colon: `Hand #123 TBL#45`, `Hand
/// #123  Zone Poker ID#14`.
pub const TABLE_MARKS: [&str; 2] = [" TBL#", "  Zone Poker ID#"];

/// The header mark of 888poker's and partypoker's logs: `#Game No : 361198949`.
pub const GAME_NO: &str = "#Game No : ";

/// The hand id of a `#Game No : N` mark whose `#` is at byte `hash`, and the text after it.
pub fn game_no_at(line: &str, hash: usize) -> Option<(&str, &str)> {
    let after = line.get(hash..)?.strip_prefix(GAME_NO)?;
    let n = after.bytes().take_while(u8::is_ascii_digit).count();
    (n > 0).then(|| (&after[..n], &after[n..]))
}

/// partypoker's other header lines: `Game #12085686644 starts.` (before its `#Game No : N`) and
/// `***** Hand History for Game 10315752770 *****` (after it, or alone: the only header of some logs).
pub const GAME_STARTS: &str = " starts.";
pub const HAND_HISTORY: [&str; 2] = [
    "***** Hand History for Game ",
    "***** Hand History For Game ",
];

/// The hand id of a `Game #N starts.` mark whose `#` is at byte `hash`, and the text after it.
pub fn game_starts_at(line: &str, hash: usize) -> Option<(&str, &str)> {
    if !line.get(..hash)?.ends_with("Game ") {
        return None;
    }
    let after = &line[hash + 1..];
    let n = after.bytes().take_while(u8::is_ascii_digit).count();
    (n > 0 && after[n..].starts_with(GAME_STARTS)).then(|| (&after[..n], &after[n..]))
}

/// The software 888poker's history lines name before `Hand History` (`Cassava`, `888poker`, `888.ro`,
/// `888poker.ca-on`: a word starting with one of these) and the kinds of game they may add after it.
const PACIFIC_SOFTWARE: [&str; 2] = ["Cassava", "888"];
const PACIFIC_KINDS: [&str; 2] = ["BLAST ", "Snap Poker "];

/// The hand id of a `***** Hand History for Game N *****` line (after any NULs and blanks; four or
/// five stars), also 888poker's, which names its software (`***** 888poker BLAST Hand History for
/// Game N *****`), and the text after it.
pub fn hand_history_at(line: &str) -> Option<(&str, &str)> {
    let line = line.trim_start_matches(['\0', ' ', '\t', '\u{feff}']);
    let stars = line.bytes().take_while(|&b| b == b'*').count();
    let rest = line
        .get(stars..)?
        .strip_prefix(' ')
        .filter(|_| (4..=5).contains(&stars))?;
    let rest = match rest.split_once(' ') {
        Some((software, after)) if PACIFIC_SOFTWARE.iter().any(|w| software.starts_with(w)) => {
            PACIFIC_KINDS
                .iter()
                .find_map(|kind| after.strip_prefix(kind))
                .unwrap_or(after)
        }
        _ => rest,
    };
    let after = HAND_HISTORY
        .iter()
        .find_map(|h| rest.strip_prefix(&h[6..]))?;
    let n = after.bytes().take_while(|&b| is_id_char(b)).count();
    (n > 0 && after[n..].starts_with(" ****")).then(|| (&after[..n], &after[n..]))
}

/// How many lines (not counting blank ones) before a partypoker header line [`follows_party_header`]
/// looks at.
const PARTY_HEADER_LINES: usize = 3;

/// Whether one of the few lines before byte `at` (blank lines and NULs aside) is a partypoker header
/// line (`Game #N starts.`, `#Game No : N`, `***** Hand History ...`, even damaged): then the header
/// line at `at` is the same hand's.
pub fn follows_party_header(text: &[u8], at: usize) -> bool {
    let mut end = at.min(text.len());
    // the text before the mark on its own line is not a line before it
    match memchr::memrchr(b'\n', &text[..end]) {
        Some(nl) => end = nl,
        None => return false,
    }
    let mut seen = 0;
    while seen < PARTY_HEADER_LINES {
        let start = memchr::memrchr(b'\n', &text[..end]).map_or(0, |nl| nl + 1);
        let line = String::from_utf8_lossy(&text[start..end]);
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
        if !line.is_empty() {
            if ["Game No", "Game #", "Hand History"]
                .iter()
                .any(|w| line.contains(w))
            {
                return true;
            }
            seen += 1;
        }
        if start == 0 {
            return false;
        }
        end = start - 1;
    }
    false
}

/// The header mark of Winamax's logs: `HandId: #9260931-103-1479198677 - `.
pub const HAND_ID: &str = "HandId: #";

/// The hand id of a `HandId: #N - ` mark whose `#` is at byte `hash`, and the text after it.
pub fn winamax_at(line: &str, hash: usize) -> Option<(&str, &str)> {
    if !line.get(..hash)?.ends_with(&HAND_ID[..HAND_ID.len() - 1]) {
        return None;
    }
    let after = &line[hash + 1..];
    let n = after.bytes().take_while(|&b| is_id_char(b)).count();
    (n > 0 && after[n..].starts_with(" - ")).then(|| (&after[..n], &after[n..]))
}

/// The start of an iPoker session element (every iPoker log gives its code), whose header is its
/// games' context: the splitter appends it to each game's text, and the reader finds it there.
pub const SESSION_MARK: &str = "<session sessioncode=";

/// The first line of a hand of Winning Poker's logs of before 2019 (`Game started at: 2016/8/8
/// 16:26:41`); the hand id is on the next line.
pub const STARTED: &str = "Game started at: ";

/// Whether the `#` at byte `hash` of `bytes`, followed by an id of `run` bytes, is the mark of Winning
/// Poker's headers since 2019, which have no colon: `Hand #779379637 - Omaha H/L(No Limit) - ...` or
/// `Game Hand #80586589 - Tournament #...`, at the start of a line.
pub fn winning_mark(bytes: &[u8], hash: usize, run: usize) -> bool {
    let Some(before) = hash.checked_sub(5).map(|word| &bytes[..word]) else {
        return false;
    };
    let line_start =
        |b: &[u8]| b.is_empty() || b.ends_with(b"\n") || b.ends_with("\u{feff}".as_bytes());
    &bytes[hash - 5..hash] == b"Hand "
        && bytes[hash + 1 + run..].starts_with(b" - ")
        && (line_start(before) || before.strip_suffix(b"Game ").is_some_and(line_start))
}

/// Whether `after` (the text after a hand id) starts with one of [`TABLE_MARKS`].
pub fn table_mark(after: &[u8]) -> bool {
    TABLE_MARKS.iter().any(|m| after.starts_with(m.as_bytes()))
}

/// The largest seat number (and table size) a log may give.
pub const MAX_SEAT: u64 = 99;

/// What a format's header lines say: the facts a reader gives the builder of the hand (`events::Builder`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    pub site: &'a str,
    pub hand_id: &'a str,
    pub rules: String,
    pub stakes: Stakes,
    pub table: Option<String>,
    pub max_seats: Option<u8>,
    pub button: Option<u8>,
    pub start: Option<DateTime>,
    pub time_zone: Option<&'a str>,
    pub start_utc: Option<DateTime>,
    pub tournament: Option<Tournament>,
    /// Index of the first line after the header lines.
    pub body: usize,
}

impl<'a> Header<'a> {
    /// A hand's header: its site, id, rules and stakes; no table, table size, button, start or
    /// tournament until they are given ([`Self::table`], [`Self::start`], [`Self::tournament`]); its
    /// body from line `body`.
    pub fn new(
        site: &'a str,
        hand_id: &'a str,
        rules: String,
        stakes: Stakes,
        body: usize,
    ) -> Self {
        Header {
            site,
            hand_id,
            rules,
            stakes,
            table: None,
            max_seats: None,
            button: None,
            start: None,
            time_zone: None,
            start_utc: None,
            tournament: None,
            body,
        }
    }

    /// The table's name, its size and the button's seat.
    #[must_use]
    pub fn table(self, table: Option<String>, max_seats: Option<u8>, button: Option<u8>) -> Self {
        Header {
            table,
            max_seats,
            button,
            ..self
        }
    }

    /// The start: the local date-time, its zone and the time in UTC ([`super::times::start_of`]).
    #[must_use]
    pub fn start(self, (start, time_zone, start_utc): Start<'a>) -> Self {
        Header {
            start,
            time_zone,
            start_utc,
            ..self
        }
    }

    /// The tournament the hand is played in.
    #[must_use]
    pub fn tournament(self, tournament: Option<Tournament>) -> Self {
        Header { tournament, ..self }
    }
}

/// A header line's parts: (site before stripping, hand id, the rest).
pub struct HeaderLine<'a> {
    pub site: &'a str,
    pub id: &'a str,
    pub rest: &'a str,
}

const WORDS: [&str; 4] = ["Hand", "Game", "HAND", "GAME"];

fn is_id_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

/// `(?:Hand|Game|HAND|GAME) #[0-9A-Za-z-]+:` with its `#` at byte `hash`: (the id, the text
/// after the colon). Bovada's cash headers have no colon: `Bovada Hand #123 TBL#45 ...` (the text
/// after the id).
fn mark_at(line: &str, hash: usize) -> Option<(&str, &str)> {
    let found = game_no_at(line, hash)
        .or_else(|| winamax_at(line, hash))
        .or_else(|| game_starts_at(line, hash));
    if let Some(found) = found {
        return Some(found);
    }
    let before = line.get(..hash)?;
    if !WORDS.iter().any(|w| {
        before.len() >= 5 && before.ends_with(' ') && before[..before.len() - 1].ends_with(w)
    }) {
        return None;
    }
    let after = &line[hash + 1..];
    let n = after.bytes().take_while(|&b| is_id_char(b)).count();
    if n > 0 && (table_mark(&after.as_bytes()[n..]) || winning_mark(line.as_bytes(), hash, n)) {
        return Some((&after[..n], &after[n..]));
    }
    if n == 0 || after.as_bytes().get(n) != Some(&b':') {
        return None;
    }
    Some((&after[..n], &after[n + 1..]))
}

/// `stars.HEADER_LINE` matched against a (stripped) first line.
pub fn header_line(line: &str) -> Option<HeaderLine<'_>> {
    let first = memchr::memchr2(b'#', b':', line.as_bytes())?;
    if line.as_bytes()[first] != b'#' {
        return None;
    }
    let (id, after) = mark_at(line, first)?;
    let word_start = first - 5;
    Some(HeaderLine {
        site: line[..word_start].trim_end_matches(is_space),
        id,
        rest: after.trim_start_matches(is_space),
    })
}

/// Reads a hand's header with `read` from its first line's parts; an error when the first line is no
/// header (`expected` says what one looks like), and any error of `read` placed on the header line
/// and the hand id.
pub fn with_header_line<'a>(
    lines: &[&'a str],
    first_line: u64,
    expected: &str,
    read: impl FnOnce(HeaderLine<'a>) -> Result<Header<'a>, ReadError>,
) -> Result<Header<'a>, ReadError> {
    let first = lines.first().copied().unwrap_or("");
    let Some(m) = header_line(first) else {
        return Err(ReadError::malformed(say!("not a hand header"))
            .at(first_line)
            .expected(expected)
            .actual(first));
    };
    let id = m.id;
    read(m).map_err(|mut err| {
        err.line = Some(err.line.unwrap_or(first_line));
        err.hand_id = Some(id.to_string());
        err
    })
}

/// The hand id of the first `Hand #<id>:` mark in a line (`stars._hand_id`).
pub fn hand_id(first: &str) -> Option<&str> {
    if let Some((id, _)) = hand_history_at(first) {
        return Some(id);
    }
    memchr::memchr_iter(b'#', first.as_bytes()).find_map(|at| mark_at(first, at).map(|(id, _)| id))
}

/// Why a seat number (`what`: `seat number`, `table size` or `button seat`) is refused.
fn out_of_range(what: &str, text: &str) -> Said {
    match what {
        "table size" => say!("table size {text} is out of range", text),
        "button seat" => say!("button seat {text} is out of range", text),
        _ => say!("seat number {text} is out of range", text),
    }
}

/// A seat number or table size of a log, 1 to [`MAX_SEAT`].
pub fn seat_number(text: &str, what: &str) -> Result<u8, ReadError> {
    let ok = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    let value = if ok { pystr::int_value(text) } else { 0 };
    if !ok || !(1..=MAX_SEAT).contains(&value) {
        return Err(ReadError::malformed(out_of_range(what, text))
            .expected(format!("1 to {MAX_SEAT}"))
            .actual(text));
    }
    Ok(value as u8)
}

/// (table, max seats, button) of a table line.
pub type TableLine = (String, Option<u8>, Option<u8>);

/// `\d+` at the start of `s`: (digits, rest); None without a digit.
fn digits(s: &str) -> Option<(&str, &str)> {
    let n = pystr::digits_len(s);
    (n > 0).then(|| (&s[..n], &s[n..]))
}

/// What may follow the table name's closing quote:
/// `(?: (\d+)-[Mm]ax)?(?: \([^)]*\))?(?: Seat #(\d+) is the button)?\s*$`.
fn table_tail(mut s: &str) -> Option<(Option<&str>, Option<&str>)> {
    let mut max = None;
    if let Some((d, rest)) = s.strip_prefix(' ').and_then(digits) {
        if let Some(rest) = rest
            .strip_prefix("-max")
            .or_else(|| rest.strip_prefix("-Max"))
        {
            max = Some(d);
            s = rest;
        }
    }
    if let Some(rest) = s.strip_prefix(" (") {
        if let Some(close) = rest.find(')') {
            s = &rest[close + 1..];
        }
    }
    let mut button = None;
    if let Some((d, rest)) = s.strip_prefix(" Seat #").and_then(digits) {
        if let Some(rest) = rest.strip_prefix(" is the button") {
            button = Some(d);
            s = rest;
        }
    }
    s.chars().all(is_space).then_some((max, button))
}

/// (table, max seats, button seat) of a `Table '...' 6-max Seat #1 is the button` line; None if
/// the line is not one (`stars.table_line`).
pub fn table_line(line: &str) -> Result<Option<TableLine>, ReadError> {
    let Some(inner) = line
        .strip_prefix("Table ID '")
        .or_else(|| line.strip_prefix("Table '"))
    else {
        return Ok(None);
    };
    for (close, _) in inner.rmatch_indices('\'') {
        if let Some((max, button)) = table_tail(&inner[close + 1..]) {
            let max = max.map(|m| seat_number(m, "table size")).transpose()?;
            let button = button.map(|b| seat_number(b, "button seat")).transpose()?;
            return Ok(Some((inner[..close].to_string(), max, button)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partypokers_header_lines_and_their_ids() {
        assert_eq!(
            game_starts_at("Game #9582251255 starts.", 5),
            Some(("9582251255", " starts."))
        );
        assert_eq!(game_starts_at("Game #95 begins.", 5), None);
        assert_eq!(
            hand_history_at("\0***** Hand History For Game 1620144103176i4oztmbj2r *****")
                .map(|h| h.0),
            Some("1620144103176i4oztmbj2r")
        );
        // 888's (after its `#Game No : N`, which the splitter sees first; or alone)
        assert_eq!(
            hand_history_at("***** Cassava Hand History for Game 1 *****"),
            Some(("1", " *****"))
        );
        assert_eq!(hand_id("\0Game #12085686644 starts."), Some("12085686644"));
        // 888poker's history lines name the software, and maybe the kind of game, first
        for line in [
            "***** 888poker Hand History for Game 5 *****",
            "***** 888poker BLAST Hand History for Game 5 *****",
            "**** 888poker.ca-on Snap Poker Hand History for Game 5 ****",
            "***** Cassava Hand History for Game 5 *****",
        ] {
            assert_eq!(hand_id(line), Some("5"), "{line}");
        }
        assert_eq!(hand_id("***** Pacific Hand History for Game 5 *****"), None);
        assert_eq!(hand_id("** Hand History for Game 5 **"), None);
        let text = b"Game #1 starts.\n\0\n#Game No : 1\n";
        assert!(follows_party_header(text, text.len() - 13));
        assert!(!follows_party_header(b"#Game No : 1", 0));
    }

    #[test]
    fn header_lines_split_as_the_regex_does() {
        let h = header_line("PokerStars Hand #27738502010: Tournament #160417133, $0.91+$0.09")
            .unwrap();
        assert_eq!(
            (h.site, h.id, h.rest),
            (
                "PokerStars",
                "27738502010",
                "Tournament #160417133, $0.91+$0.09"
            )
        );
        assert!(header_line("Note: PokerStars Hand #1: x").is_none());
        assert!(header_line("PokerStars Hand #1 x").is_none());
        assert_eq!(header_line("Game #A-1:x").unwrap().site, "");
        assert_eq!(
            hand_id("Note: Player: PokerStars Game #77-a: y"),
            Some("77-a")
        );
        assert_eq!(hand_id("Hand#7:"), None);
    }

    #[test]
    fn table_lines_take_the_last_quote_that_fits() {
        let t = table_line("Table 'Kallio 3' 8-max Seat #7 is the button").unwrap();
        assert_eq!(t, Some(("Kallio 3".into(), Some(8), Some(7))));
        let t = table_line("Table 'it's' (Play Money) Seat #1 is the button  ").unwrap();
        assert_eq!(t, Some(("it's".into(), None, Some(1))));
        assert_eq!(table_line("Table 'x' junk").unwrap(), None);
        assert_eq!(table_line("Tables").unwrap(), None);
        let err = table_line("Table 'x' 99999-max").unwrap_err();
        assert_eq!(err.reason, "table size 99999 is out of range");
    }
}
