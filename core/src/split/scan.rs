//! Finding things in a log's text without a regex engine: hand headers (and where each starts on its
//! line), the end of a hand's summary, and whether text has content.
//!
//! These were once twins of the regular expressions of a Python splitter (gone); they keep its
//! behaviour. Offsets are byte offsets into the `&str`.

use memchr::{memchr, memmem, memrchr};

use super::word::is_word;
use crate::read::{follows_party_header, hand_history_at, GAME_NO, HAND_HISTORY};

/// Site names that start a header glued to other text (`KNOWN_SITES`).
const KNOWN_SITES: [&str; 10] = [
    "PokerStars",
    "Winamax",
    "Full Tilt",
    "Run It Once Poker",
    "PokerMaster",
    "PokerBros",
    "Sökö",
    "Soko",
    "Everest Poker",
    "Cake Poker",
];
/// The longest of [`KNOWN_SITES`] in bytes.
const LONGEST_SITE: usize = 17;
/// What `BLANK` strips: the white space around a log line's content.
const BLANK: [char; 4] = [' ', '\t', '\r', '\u{feff}'];
/// Zoom archive separators between hands: `*********** # 1 **************`.
pub const SEPARATOR: &str = "*********** #";
/// The longest site name standing alone that `SITE_TEXT` (`[\w .'&!-]{0,40}`) accepts, in characters.
const SITE_TEXT_CHARS: usize = 40;

/// Python's `str.isspace()` (also `re`'s `\s`), which `str.strip()` uses.
pub fn is_py_space(c: char) -> bool {
    matches!(c, '\t'..='\r' | '\u{1c}'..=' ' | '\u{85}' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}')
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        )
}

/// Python's `str.strip()`: white space (as Python sees it) off both ends.
pub fn py_strip(s: &str) -> &str {
    s.trim_matches(is_py_space)
}

fn is_blank(c: char) -> bool {
    BLANK.contains(&c)
}

/// A header mark `(?:Hand|Game|HAND|GAME) #[0-9A-Za-z-]+:` (or Bovada's `Hand #123 TBL#`, without the
/// colon: `read::table_mark`) at or after `from`: (start, end).
///
/// Every match has exactly one `#`, so trying each `#` in order gives the matches in the order and
/// without the overlaps of `re.finditer`.
fn next_mark(bytes: &[u8], from: usize) -> Option<(usize, usize)> {
    let mut at = from;
    while let Some(i) = memchr(b'#', &bytes[at..]).map(|i| at + i) {
        at = i + 1;
        if bytes[i..].starts_with(GAME_NO.as_bytes()) {
            let run = bytes[i + GAME_NO.len()..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if run > 0 && !follows_party_header(bytes, i) {
                return Some((i, i + GAME_NO.len() + run));
            }
        }
        if i >= from + 8 && &bytes[i - 8..i] == b"HandId: " {
            // Winamax's `HandId: #N - ` (`read::winamax_at`)
            let run = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-')
                .count();
            if run > 0 && bytes[i + 1 + run..].starts_with(b" - ") {
                return Some((i - 8, i + 1 + run));
            }
        }
        if i < from + 5 || bytes[i - 1] != b' ' {
            continue;
        }
        if !matches!(&bytes[i - 5..i - 1], b"Hand" | b"Game" | b"HAND" | b"GAME") {
            continue;
        }
        let run = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-')
            .count();
        if run > 0 && bytes.get(i + 1 + run) == Some(&b':') {
            return Some((i - 5, i + 2 + run));
        }
        if run > 0
            && &bytes[i - 5..i - 1] == b"Game"
            && bytes[i + 1 + run..].starts_with(b" starts.")
        {
            // partypoker's `Game #N starts.` (`read::game_starts_at`)
            return Some((i - 5, i + 1 + run));
        }
        if run > 0 && crate::read::table_mark(&bytes[i + 1 + run..]) {
            return Some((i - 5, i + 1 + run));
        }
        if run > 0 && crate::read::winning_mark(bytes, i, run) {
            return Some((i - 5, i + 1 + run));
        }
    }
    None
}

/// The next `Game started at: ` that begins a line (after blanks or a BOM), at or after `from`: the
/// header of Winning Poker's logs of before 2019 (`read::STARTED`), which has no `#`: (start, end).
fn next_started(bytes: &[u8], from: usize) -> Option<(usize, usize)> {
    let mark = crate::read::STARTED.as_bytes();
    memmem::find_iter(&bytes[from..], mark)
        .map(|i| from + i)
        .find(|&i| {
            let line_start = memrchr(b'\n', &bytes[..i]).map_or(0, |n| n + 1);
            std::str::from_utf8(&bytes[line_start..i]).is_ok_and(|s| s.chars().all(is_blank))
        })
        .map(|i| (i, i + mark.len()))
}

/// The next `***** Hand History for Game N *****` line at or after `from` that starts a hand (not
/// after the hand's `#Game No : N`): partypoker's, or 888poker's when its log has no `#Game No`
/// line (`***** 888poker Hand History for Game N *****`): (start of the stars, end of the id).
fn next_hand_history(text: &str, from: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let finder = memmem::Finder::new(&HAND_HISTORY[0].as_bytes()[5..19]);
    let mut at = from;
    while let Some(words) = finder.find(&bytes[at..]).map(|i| at + i) {
        at = words + 1;
        let line_start = memrchr(b'\n', &bytes[..words]).map_or(0, |nl| nl + 1);
        // the stars start the line (after blanks)
        let Some(i) = memchr(b'*', &bytes[line_start..words]).map(|k| line_start + k) else {
            continue;
        };
        let before = &text[line_start..i];
        if !before
            .chars()
            .all(|c| matches!(c, '\0' | ' ' | '\t' | '\u{feff}'))
        {
            continue;
        }
        let line_end = memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |nl| i + nl);
        let Some((id, _)) = text.get(i..line_end).and_then(hand_history_at) else {
            continue;
        };
        if follows_party_header(bytes, i) {
            continue;
        }
        let end = id.as_ptr() as usize - text.as_ptr() as usize + id.len();
        return Some((i, end));
    }
    None
}

/// What the line of the current header looks like before it, found once per line (so that many headers on
/// one long line stay linear in time, where Python's `rfind`s are quadratic).
struct Line {
    start: usize,
    /// The first character that is not [`BLANK`].
    solid: Option<usize>,
    /// The first character that is not U+FEFF.
    after_bom: Option<usize>,
    /// The start of the last known site name seen on the line, and how far the search for them went.
    site: Option<usize>,
    searched: usize,
}

impl Line {
    fn new(start: usize) -> Self {
        Line {
            start,
            solid: None,
            after_bom: None,
            site: None,
            searched: start,
        }
    }

    /// The offset of the header whose `Hand #` is at `mark` from the line start (`_site_offset`): 0 when it
    /// owns its line (blanks or a site name before it), the start of a known site name glued to other
    /// text, else right at its `Hand #`.
    fn site_offset(&mut self, text: &str, mark: usize) -> usize {
        let bytes = text.as_bytes();
        let from = self
            .searched
            .saturating_sub(LONGEST_SITE - 1)
            .max(self.start);
        for at in from..mark {
            if matches!(bytes[at], b'P' | b'F' | b'R' | b'S' | b'E' | b'C' | b'W')
                && KNOWN_SITES
                    .iter()
                    .any(|site| bytes[at..mark].starts_with(site.as_bytes()))
            {
                self.site = Some(self.site.map_or(at, |s| s.max(at)));
            }
        }
        self.searched = mark;
        if let Some(known) = self.site {
            let solid = *self.solid.get_or_insert_with(|| {
                self.start
                    + text[self.start..]
                        .find(|c| !is_blank(c))
                        .unwrap_or(mark - self.start)
            });
            return if solid < known { known - self.start } else { 0 };
        }
        let after_bom = *self.after_bom.get_or_insert_with(|| {
            self.start
                + text[self.start..]
                    .find(|c| c != '\u{feff}' && c != '\0')
                    .unwrap_or(mark - self.start)
        });
        let rest = &text[after_bom.min(mark)..mark];
        let site_text = rest
            .chars()
            .take(SITE_TEXT_CHARS + 1)
            .enumerate()
            .all(|(n, c)| {
                n < SITE_TEXT_CHARS
                    && (is_word(c) || matches!(c, ' ' | '.' | '\'' | '&' | '!' | '-'))
            });
        if site_text {
            0
        } else {
            mark - self.start
        }
    }
}

/// Offsets where the hand headers of a text start (`header_starts`), in the order of their marks.
pub fn header_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = Vec::new();
    let mut line = Line::new(0);
    let mut last_mark = 0;
    // the next mark of each kind, searched again only once passed (so the text is read once): `#` marks,
    // partypoker's `***** Hand History` lines, Winning's `Game started at: ` lines
    let mut hash = next_mark(bytes, 0);
    let mut history = next_hand_history(text, 0);
    let mut started = next_started(bytes, 0);
    while let Some((mark, end)) = [hash, history, started].into_iter().flatten().min() {
        if let Some(nl) = memrchr(b'\n', &bytes[last_mark..mark]) {
            line = Line::new(last_mark + nl + 1);
        }
        starts.push(line.start + line.site_offset(text, mark));
        last_mark = mark;
        if hash.is_some_and(|(h, _)| h < end) {
            hash = next_mark(bytes, end);
        }
        if history.is_some_and(|(h, _)| h < end) {
            history = next_hand_history(text, end);
        }
        if started.is_some_and(|(s, _)| s < end) {
            started = next_started(bytes, end);
        }
    }
    // iPoker's `<game gamecode="...">` elements start where their `<` is
    if memchr(b'<', bytes).is_some() {
        let games: Vec<usize> = super::xml::game_starts(bytes).collect();
        if !games.is_empty() {
            starts.extend(games);
            starts.sort_unstable();
            starts.dedup();
        }
    }
    starts
}

/// Where the text after a hand's summary starts (`_hand_end`): after the line break before the first blank
/// line that follows `*** SUMMARY ***` at the start of a line (after `[ \t\ufeff]*`).
pub fn hand_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let summary = summary_end(text)?;
    let mut at = summary;
    while let Some(nl) = memchr(b'\n', &bytes[at..]).map(|i| at + i) {
        let rest = &bytes[nl + 1..];
        let blanks = rest
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r'))
            .count();
        if blanks == rest.len() || rest[blanks] == b'\n' {
            return Some(nl + 1);
        }
        at = nl + 1 + blanks;
    }
    None
}

/// The end of the first `(?m)^[ \t\ufeff]*\*\*\* SUMMARY \*\*\*` of a text.
fn summary_end(text: &str) -> Option<usize> {
    const MARK: &str = "*** SUMMARY ***";
    let bytes = text.as_bytes();
    for found in memmem::find_iter(bytes, MARK) {
        let line_start = memrchr(b'\n', &bytes[..found]).map_or(0, |i| i + 1);
        if text[line_start..found]
            .chars()
            .all(|c| matches!(c, ' ' | '\t' | '\u{feff}'))
        {
            return Some(found + MARK.len());
        }
    }
    None
}

/// Whether text has a character that is neither white space nor U+FEFF (`CONTENT.search`).
pub fn has_content(text: &str) -> bool {
    let bytes = text.as_bytes();
    match bytes
        .iter()
        .position(|&b| !matches!(b, b'\t'..=b'\r' | 0x1c..=b' '))
    {
        None => false,
        Some(i) if bytes[i] < 0x80 => true,
        Some(i) => text[i..]
            .chars()
            .any(|c| !is_py_space(c) && c != '\u{feff}'),
    }
}

/// Whether text has something other than blank lines and Zoom separators (`_content`).
pub fn content(text: &str) -> bool {
    has_content(text)
        && text.split('\n').any(|line| {
            let line = line.trim_matches(is_blank);
            !line.is_empty() && !line.starts_with(SEPARATOR)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_need_a_run_and_a_colon() {
        let text = "Hand # 5: Hand#7: Game #: GAME #x-1 HAND #Ab-9: x";
        assert_eq!(next_mark(text.as_bytes(), 0), Some((36, 47)));
    }

    #[test]
    fn a_header_starts_at_its_line_or_its_glued_site() {
        let text = "PokerStars Hand #1: a\nPlayer25: PokerStars Hand #2: b\nNote: Game #3: c\n\u{feff}My Site Hand #4: d";
        let starts = header_starts(text);
        assert_eq!(starts[0], 0);
        assert_eq!(&text[starts[1]..starts[1] + 10], "PokerStars");
        assert_eq!(&text[starts[2]..starts[2] + 4], "Game");
        assert!(text[starts[3]..].starts_with("\u{feff}My Site"));
    }

    #[test]
    fn a_site_earlier_on_the_line_counts_for_a_later_header() {
        // Python's rfind over the whole prefix: both headers start at the line start.
        assert_eq!(
            header_starts("PokerStars Hand #1: x Hand #2: y"),
            vec![0, 0]
        );
        assert_eq!(header_starts("junk: Hand #1: x"), vec![6]);
        // Bovada's cash headers have no colon; a table mark must follow the id
        let bovada =
            "Bovada Hand #1 TBL#2 HOLDEM\nIgnition Hand #3  Zone Poker ID#4 x\nHand #5 TBLx";
        assert_eq!(header_starts(bovada), vec![0, 28]);
    }

    #[test]
    fn winning_headers_start_at_their_lines() {
        // before 2019: no `#`, the start time opens the hand; since 2019: `Hand #N - ` without a colon
        let old = "Game started at: 2016/8/8 1:2:3\n\nGame ID: 1 x\nGame started at: 2016/8/8\nsay Game started at: no";
        assert_eq!(header_starts(old), vec![0, 46]);
        let new =
            "Hand #7 - Holdem(No Limit)\nGame Hand #8 - T\nx Hand #9 - no\nOSS #27 - $300,000 GTD";
        assert_eq!(header_starts(new), vec![0, 27]);
        let mixed = "PokerStars Hand #1: a\nGame started at: b\nHand #2: c";
        assert_eq!(header_starts(mixed), vec![0, 22, 41]);
    }

    #[test]
    fn a_partypoker_hand_is_one_hand_however_many_headers_open_it() {
        let body = "a folds\nb folds\nc folds\nx wins\n";
        let text = format!(
            "Game #1 starts.\n\n#Game No : 1\n***** Hand History for Game 1 *****\n{body}\
             \0Game #2 starts.\n\0\n\0#Game No : 2\n\n\n***** Hand History for Game 9 *****\n{body}\
             \n\n***** Hand History For Game 3abc *****\n{body}#Game No : 4\n\
             ***** Cassava Hand History for Game 4 *****\n"
        );
        let starts = header_starts(&text);
        let heads = [
            "Game #1 ",
            "\0Game #2 ",
            "***** Hand History For Game 3abc",
            "#Game No : 4",
        ];
        assert_eq!(starts.len(), heads.len());
        for (start, head) in starts.iter().zip(heads) {
            assert!(text[*start..].starts_with(head), "{head}");
        }
    }

    #[test]
    fn an_888_log_without_game_numbers_starts_its_hands_at_the_software_line() {
        let body =
            "10/20 Blinds No Limit Holdem - *** 03 04 2020 21:20:00\na folds\n** Summary **\n";
        let text = format!(
            "***** 888poker Hand History for Game 1 *****\n{body}\n\
             ***** 888poker BLAST Hand History for Game 2 *****\n{body}\n\
             #Game No : 3\n***** 888poker Hand History for Game 3 *****\n{body}"
        );
        let starts = header_starts(&text);
        let heads = [
            "***** 888poker Hand History for Game 1",
            "***** 888poker BLAST Hand History for Game 2",
            "#Game No : 3",
        ];
        assert_eq!(starts.len(), heads.len(), "{starts:?}");
        for (start, head) in starts.iter().zip(heads) {
            assert!(text[*start..].starts_with(head), "{head}");
        }
    }

    #[test]
    fn a_hand_ends_at_the_first_blank_line_after_its_summary() {
        let text = "Hand #1:\n\n*** SUMMARY ***\nTotal\n \t\r\nafter";
        assert_eq!(&text[hand_end(text).unwrap()..], " \t\r\nafter");
        assert_eq!(hand_end("x *** SUMMARY ***\n\n"), None);
        assert_eq!(hand_end(" \u{feff}*** SUMMARY ***\nend"), None);
        assert_eq!(hand_end("*** SUMMARY ***\nend\n"), Some(20));
    }

    #[test]
    fn content_ignores_blanks_and_separators() {
        assert!(!has_content(" \u{feff}\u{85}\u{1f}\n"));
        assert!(has_content("\u{feff}é"));
        assert!(!content("\n*********** # 1 *****\n  \n"));
        assert!(content("\u{b}\n*********** # 1"));
    }

    #[test]
    fn python_white_space() {
        assert_eq!(py_strip("\u{1c}\u{3000} a b\u{85}"), "a b");
        assert!(!is_py_space('\u{feff}') && !is_py_space('\u{200b}'));
    }
}
