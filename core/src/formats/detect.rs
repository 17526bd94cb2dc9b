//! Which format a text is in, from its start: each format's score (0 to 1) of the first hand headers of
//! a text ([`Head`]), as [`super::FORMATS`] lists them.
//!
//! Each test is one named pattern of a site's first line (written out by hand, no regex engine: `\s`,
//! `\S` and `\d` are Python's, as the readers' own grammar is, see `read::pystr`). The scores: 1 for
//! a site's own header, 0.8 for a PokerStars clone's, 0.9 for a hand with a `Rules:` line (Sökö text
//! under another header), 0.5 for a `Rules:` line with no header at all; PHH's add up from its fields.

use memchr::memmem;

use crate::read::pystr::{self, decimal, is_space};
use crate::read::soko;
use crate::split::first_headers;

/// How many of a text's first hand headers detection looks at.
const HEADERS: usize = 3;
/// How many lines of a text the search for a lone `Rules:` line looks at.
const RULES_LINES: usize = 40;
const RULES: &str = "Rules:";

/// The start of a text as detection sees it: the text, and its first hand headers (each its first line
/// and the three lines after it, stripped), found once for every format's test.
pub struct Head<'a> {
    pub text: &'a str,
    pub headers: Vec<(&'a str, Vec<&'a str>)>,
}

impl<'a> Head<'a> {
    pub fn new(text: &'a str) -> Self {
        Head {
            text,
            headers: first_headers(text, HEADERS),
        }
    }

    /// 1 when one of the first headers' first lines passes `header`, else 0.
    fn any_first(&self, header: impl Fn(&str) -> bool) -> f64 {
        f64::from(u8::from(
            self.headers.iter().any(|(first, _)| header(first)),
        ))
    }
}

/// `line` without a leading `prefix` character repeated (`\x00*`).
fn skip_all(line: &str, prefix: char) -> &str {
    line.trim_start_matches(prefix)
}

/// `\ufeff?`: one BOM off the start, if there is one.
fn skip_bom(line: &str) -> &str {
    line.strip_prefix('\u{feff}').unwrap_or(line)
}

/// The length of a leading run of bytes that pass `ok`.
fn run(line: &str, ok: impl Fn(u8) -> bool) -> usize {
    line.bytes().take_while(|&b| ok(b)).count()
}

fn is_id(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

/// `line` after `[0-9]+`, if it starts with an ASCII digit.
fn after_digits(line: &str) -> Option<&str> {
    let n = run(line, |b| b.is_ascii_digit());
    (n > 0).then(|| &line[n..])
}

/// `line` after `\S*` (Python's white space ends the run).
fn after_solid(line: &str) -> &str {
    line.find(is_space).map_or("", |i| &line[i..])
}

/// `line` after `\d{lo,hi}` (decimal digits of any script, as many as fit up to `hi`, at least `lo`).
fn after_decimals(line: &str, lo: usize, hi: usize) -> Option<&str> {
    let mut rest = line;
    let mut n = 0;
    while n < hi {
        let Some(c) = rest.chars().next().filter(|&c| decimal(c).is_some()) else {
            break;
        };
        rest = &rest[c.len_utf8()..];
        n += 1;
    }
    (n >= lo).then_some(rest)
}

/// `stars.HEADER_LINE`, `^(?P<site>[^#:]*?)\s*(?:Hand|Game|HAND|GAME) #(?P<id>[0-9A-Za-z-]+):\s*(?P<rest>.*)$`:
/// (the site, the rest after the colon). The first `#` or `:` of the line is the mark's `#`.
pub fn family_header(line: &str) -> Option<(&str, &str)> {
    let hash = memchr::memchr2(b'#', b':', line.as_bytes())?;
    if line.as_bytes()[hash] != b'#' {
        return None;
    }
    let before = line[..hash].strip_suffix(' ')?;
    let word = ["Hand", "Game", "HAND", "GAME"]
        .iter()
        .find(|w| before.ends_with(*w))?;
    let after = &line[hash + 1..];
    let n = run(after, is_id);
    let rest = after[n..].strip_prefix(':').filter(|_| n > 0)?;
    let site = before[..before.len() - word.len()].trim_end_matches(is_space);
    Some((site, rest.trim_start_matches(is_space)))
}

/// `ggpoker.HEADER`, `^Poker Hand #[A-Z]{2,3}[0-9]+: `: a letter code before the hand number.
pub(super) fn ggpoker_header(line: &str) -> bool {
    let Some(id) = line.strip_prefix("Poker Hand #") else {
        return false;
    };
    let letters = run(id, |b| b.is_ascii_uppercase());
    (2..=3).contains(&letters) && after_digits(&id[letters..]).is_some_and(|r| r.starts_with(": "))
}

/// `bovada.HEADER`, `^\ufeff?(?:Bovada|Ignition|Bodog)\S* Hand #[0-9]+(?: TBL#|  Zone Poker ID#|: [0-9A-Z]+(?:
/// HiLo)? Tournament #)`.
pub(super) fn bovada_header(line: &str) -> bool {
    let line = skip_bom(line);
    let Some(name) = ["Bovada", "Ignition", "Bodog"]
        .iter()
        .find_map(|site| line.strip_prefix(site))
    else {
        return false;
    };
    let Some(rest) = after_solid(name)
        .strip_prefix(" Hand #")
        .and_then(after_digits)
    else {
        return false;
    };
    if rest.starts_with(" TBL#") || rest.starts_with("  Zone Poker ID#") {
        return true;
    }
    let Some(game) = rest.strip_prefix(": ") else {
        return false;
    };
    let n = run(game, |b| b.is_ascii_digit() || b.is_ascii_uppercase());
    let after = &game[n..];
    let after = after.strip_prefix(" HiLo").unwrap_or(after);
    n > 0 && after.starts_with(" Tournament #")
}

/// `winamax.HEADER`, `^\ufeff?Winamax Poker - .*HandId: #[0-9A-Za-z-]+ - `.
pub(super) fn winamax_header(line: &str) -> bool {
    let Some(rest) = skip_bom(line).strip_prefix("Winamax Poker - ") else {
        return false;
    };
    memmem::find_iter(rest.as_bytes(), "HandId: #").any(|at| {
        let id = &rest[at + "HandId: #".len()..];
        let n = run(id, is_id);
        n > 0 && id[n..].starts_with(" - ")
    })
}

/// `winning.HEADER`, `^\ufeff?(?:Game started at: \d{4}/\d{1,2}/\d{1,2} |(?:Game )?Hand #\d+ - )`.
pub(super) fn winning_header(line: &str) -> bool {
    let line = skip_bom(line);
    if let Some(date) = line.strip_prefix("Game started at: ") {
        let day = after_decimals(date, 4, 4)
            .and_then(|r| r.strip_prefix('/'))
            .and_then(|r| after_decimals(r, 1, 2))
            .and_then(|r| r.strip_prefix('/'))
            .and_then(|r| after_decimals(r, 1, 2));
        if day.is_some_and(|r| r.starts_with(' ')) {
            return true;
        }
    }
    let hand = line.strip_prefix("Game ").unwrap_or(line);
    hand.strip_prefix("Hand #")
        .and_then(|r| after_decimals(r, 1, usize::MAX))
        .is_some_and(|r| r.starts_with(" - "))
}

/// `pacific.HEADER`, `^\ufeff?#Game No : [0-9]+$`.
pub(super) fn pacific_header(line: &str) -> bool {
    skip_bom(line)
        .strip_prefix("#Game No : ")
        .and_then(after_digits)
        .is_some_and(str::is_empty)
}

/// `line` after `\*{lo,hi}` (greedy: at most `hi` stars taken).
fn after_stars(line: &str, lo: usize, hi: usize) -> Option<&str> {
    let n = run(line, |b| b == b'*').min(hi);
    (n >= lo).then(|| &line[n..])
}

/// `pacific.SOFTWARE`, `^\*{4,5} (?:Cassava|888\S*) (?:Snap Poker |BLAST )?Hand History for Game [0-9]+
/// \*{4,5}$`: the line after 888's header, which names its software.
fn pacific_software(line: &str) -> bool {
    let Some(rest) = after_stars(line, 4, 5).and_then(|r| r.strip_prefix(' ')) else {
        return false;
    };
    let rest = if let Some(r) = rest.strip_prefix("Cassava") {
        r
    } else if let Some(r) = rest.strip_prefix("888") {
        after_solid(r)
    } else {
        return false;
    };
    let Some(rest) = rest.strip_prefix(' ') else {
        return false;
    };
    let kinds = ["Snap Poker ", "BLAST "];
    let bare = [rest];
    let kinded = kinds.iter().filter_map(|k| rest.strip_prefix(k));
    kinded.chain(bare).any(|r| {
        r.strip_prefix("Hand History for Game ")
            .and_then(after_digits)
            .and_then(|r| r.strip_prefix(' '))
            .and_then(|r| after_stars(r, 4, 5))
            .is_some_and(str::is_empty)
    })
}

/// `\*{5} Hand History [Ff]or Game [0-9A-Za-z-]+ \*{5}`: partypoker's history line, and the rest after it.
fn party_history(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("***** Hand History ")?;
    let rest = rest
        .strip_prefix("for Game ")
        .or_else(|| rest.strip_prefix("For Game "))?;
    let n = run(rest, is_id);
    rest[n..].strip_prefix(" *****").filter(|_| n > 0)
}

/// `party.HEADER`, `^\x00*\ufeff?\x00*(?:Game #[0-9]+ starts\.|\*{5} Hand History [Ff]or Game [0-9A-Za-z-]+
/// \*{5})`.
pub(super) fn party_header(line: &str) -> bool {
    let line = skip_all(skip_bom(skip_all(line, '\0')), '\0');
    let starts = line
        .strip_prefix("Game #")
        .and_then(after_digits)
        .is_some_and(|r| r.starts_with(" starts."));
    starts || party_history(line).is_some()
}

/// `party.GAME_NO`, `^\x00*\ufeff?\x00*#Game No : [0-9]+$`.
pub(super) fn party_game_no(line: &str) -> bool {
    skip_all(skip_bom(skip_all(line, '\0')), '\0')
        .strip_prefix("#Game No : ")
        .and_then(after_digits)
        .is_some_and(str::is_empty)
}

/// `party.HISTORY`, `^\x00*\*{5} Hand History [Ff]or Game [0-9A-Za-z-]+ \*{5}(?: \([A-Za-z ]+\))?$`: the line
/// after partypoker's `#Game No`, which names no software (a converter may name the site after it).
fn party_history_line(line: &str) -> bool {
    party_history(skip_all(line, '\0')).is_some_and(|rest| {
        rest.is_empty()
            || rest
                .strip_prefix(" (")
                .and_then(|r| r.strip_suffix(')'))
                .is_some_and(|inner| {
                    !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_alphabetic() || b == b' ')
                })
    })
}

/// The first line of `after` that is not blank once `strip` is taken off its ends ("" if none).
fn next_solid<'a>(after: &[&'a str], strip: impl Fn(char) -> bool + Copy) -> &'a str {
    after
        .iter()
        .map(|line| line.trim_matches(strip))
        .find(|line| !line.is_empty())
        .unwrap_or("")
}

/// Whether one of the two lines after a header is a `Rules:` line (Sökö text).
fn has_rules(after: &[&str]) -> bool {
    after.iter().take(2).any(|line| line.starts_with(RULES))
}

/// PokerStars: 1 for its header among the first headers, 0.8 for a clone's; not Sökö text's, GGPoker's or
/// Bovada's.
pub fn pokerstars(head: &Head) -> f64 {
    for (first, after) in &head.headers {
        let Some((site, _)) = family_header(first) else {
            continue;
        };
        let site = pystr::strip(site);
        if !site.starts_with("Sökö")
            && !site.starts_with("Soko")
            && !ggpoker_header(first)
            && !bovada_header(first)
            && !has_rules(after)
        {
            return if site.contains("PokerStars") {
                1.0
            } else {
                0.8
            };
        }
    }
    0.0
}

pub fn ggpoker(head: &Head) -> f64 {
    head.any_first(ggpoker_header)
}

pub fn bovada(head: &Head) -> f64 {
    head.any_first(bovada_header)
}

pub fn winamax(head: &Head) -> f64 {
    head.any_first(winamax_header)
}

pub fn winning(head: &Head) -> f64 {
    head.any_first(winning_header)
}

/// 888poker: its header with its software line next (the next line that is not blank), or the software
/// line alone (logs without `#Game No : N`).
pub fn pacific(head: &Head) -> f64 {
    let found = head.headers.iter().any(|(first, after)| {
        let following = next_solid(after, is_space);
        pacific_header(first) && pacific_software(following)
            || pacific_software(first.trim_matches(is_space))
    });
    f64::from(u8::from(found))
}

/// partypoker: its header, or its `#Game No` with a history line naming no software next.
pub fn party(head: &Head) -> f64 {
    let found = head.headers.iter().any(|(first, after)| {
        party_header(first)
            || party_game_no(first)
                && party_history_line(next_solid(after, |c| c == '\0' || c == ' '))
    });
    f64::from(u8::from(found))
}

/// iPoker: a `<session sessioncode="...">` and a `<game gamecode="...">` in the start of the text.
pub fn ipoker(head: &Head) -> f64 {
    let quoted = |mark: &str| {
        memmem::find(head.text.as_bytes(), mark.as_bytes())
            .is_some_and(|at| head.text[at + mark.len()..].contains('"'))
    };
    f64::from(u8::from(
        quoted("<session sessioncode=\"") && quoted("<game gamecode=\""),
    ))
}

/// Sökö text: 1 for its header, 0.9 for another hand header followed by a `Rules:` line, 0.5 for a
/// `Rules:` line among the first lines of a text with no header at all.
pub fn soko(head: &Head) -> f64 {
    for (first, after) in &head.headers {
        let Some((site, rest)) = family_header(first) else {
            continue;
        };
        if soko::is_game_line(rest) || pystr::strip(site).starts_with(soko::SITE) {
            return 1.0;
        }
        if has_rules(after) {
            return 0.9;
        }
    }
    let lone_rules = log_lines(head.text).take(RULES_LINES).any(|line| {
        pystr::strip(line)
            .trim_start_matches('\u{feff}')
            .starts_with(RULES)
    });
    if lone_rules && head.headers.is_empty() {
        0.5
    } else {
        0.0
    }
}

/// The lines of a log's text, ended by `\r\n`, `\r` or `\n` (`base.log_lines`).
fn log_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.find(['\r', '\n']) {
            Some(i) => {
                let skip = if text[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&text[i + skip..]);
                Some(&text[..i])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

/// PHH: 0.5 for a `variant = '` line, 0.3 for an `actions = [` line, 0.2 for a `starting_stacks =` line.
pub fn phh(head: &Head) -> f64 {
    let field = |name: &str, opener: Option<&[char]>| {
        head.text.split('\n').any(|line| {
            let Some(rest) = line.trim_start_matches([' ', '\t']).strip_prefix(name) else {
                return false;
            };
            let Some(value) = rest.trim_start_matches([' ', '\t']).strip_prefix('=') else {
                return false;
            };
            let value = value.trim_start_matches([' ', '\t']);
            opener.is_none_or(|open| value.starts_with(open))
        })
    };
    let mut score = 0.0;
    if field("variant", Some(&['\'', '"'])) {
        score += 0.5;
    }
    if field("actions", Some(&['['])) {
        score += 0.3;
    }
    if field("starting_stacks", None) {
        score += 0.2;
    }
    score
}
