//! The body lines of the PokerStars family, matched by hand exactly as the regular expressions
//! of the Python reader they replaced matched them (greedy names take the last place that fits), without a
//! regex engine and without allocating.

use super::pystr::{digits_len, is_space, is_word};
use super::search;

/// Everything after `at` is white space (`\s*$`).
fn blank(s: &str) -> bool {
    s.chars().all(is_space)
}

/// `\S+` at the start of `s`: (the run, the rest); None when `s` starts with white space.
fn non_space(s: &str) -> Option<(&str, &str)> {
    let n = s.find(is_space).unwrap_or(s.len());
    (n > 0).then(|| (&s[..n], &s[n..]))
}

/// Every start of `needle` in `hay`, rightmost first, overlapping ones included (where a greedy
/// `.+` before it may end). `needle` must end with an ASCII character.
fn starts_rev<'a>(hay: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    let mut end = hay.len();
    std::iter::from_fn(move || {
        let at = search::rfind(&hay[..end], needle)?;
        end = at + needle.len() - 1;
        Some(at)
    })
}

/// `SEAT_LINE`: `Seat N: name (stack in chips[, bounty])rest`.
pub struct SeatLine<'a> {
    pub seat: &'a str,
    pub name: &'a str,
    pub stack: &'a str,
    pub bounty: Option<&'a str>,
    pub rest: &'a str,
}

pub fn seat_line(line: &str) -> Option<SeatLine<'_>> {
    let after = line.strip_prefix("Seat ")?;
    let n = digits_len(after);
    let body = after[n..].strip_prefix(": ")?;
    if n == 0 {
        return None;
    }
    for open in starts_rev(body, " (") {
        if open == 0 {
            break;
        }
        let inner = &body[open + 2..];
        let stack_len = inner.find([' ', '(', ')']).unwrap_or(inner.len());
        if stack_len == 0 {
            continue;
        }
        let Some(tail) = inner[stack_len..].strip_prefix(" in chips") else {
            continue;
        };
        let (bounty, rest) = if let Some(rest) = tail.strip_prefix(')') {
            (None, rest)
        } else if let Some(b) = tail.strip_prefix(", ") {
            match b.find(')') {
                Some(close) => (Some(&b[..close]), &b[close + 1..]),
                None => continue,
            }
        } else {
            continue;
        };
        return Some(SeatLine {
            seat: &after[..n],
            name: &body[..open],
            stack: &inner[..stack_len],
            bounty,
            rest,
        });
    }
    None
}

/// `line.split_once(": ")`: (before, after) the first `": "`.
pub fn split_colon(line: &str) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    let mut from = 0;
    while let Some(at) = memchr::memchr(b':', &bytes[from..]) {
        let at = from + at;
        if bytes.get(at + 1) == Some(&b' ') {
            return Some((&line[..at], &line[at + 2..]));
        }
        from = at + 1;
    }
    None
}

/// The text inside the first `[...]` (`BRACKETS.search`).
pub fn first_brackets(s: &str) -> Option<&str> {
    let open = s.find('[')?;
    let close = s[open..].find(']')? + open;
    Some(&s[open + 1..close])
}

/// Every `[...]` group, left to right (`BRACKETS.findall`).
pub fn all_brackets(mut s: &str) -> impl Iterator<Item = &str> {
    std::iter::from_fn(move || {
        let open = memchr::memchr(b'[', s.as_bytes())?;
        let close = memchr::memchr(b']', &s.as_bytes()[open..])? + open;
        let inner = &s[open + 1..close];
        s = &s[close + 1..];
        Some(inner)
    })
}

/// `COLLECT_LINE`: (name, amount, pot).
pub fn collect_line(line: &str) -> Option<(&str, &str, &str)> {
    for at in starts_rev(line, " collected ") {
        if at == 0 {
            break;
        }
        let Some((amount, rest)) = non_space(&line[at + " collected ".len()..]) else {
            continue;
        };
        if let Some(pot) = rest.strip_prefix(' ').and_then(collect_pot) {
            return Some((&line[..at], amount, pot));
        }
    }
    None
}

/// The pot of a collect's `from pot`, `from main pot`, `from side pot-1` (then only white space): `pot`,
/// `main pot`, `side pot-1`.
pub fn collect_pot(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("from ")?;
    let pot_len = if rest.starts_with("pot") {
        3
    } else if rest.starts_with("main pot") {
        8
    } else if let Some(side) = rest.strip_prefix("side pot") {
        // `side pot-1`, or `side pot 1` in some Omaha logs
        match side.strip_prefix(['-', ' ']).map(digits_len) {
            Some(n) if n > 0 => 9 + n,
            _ => 8,
        }
    } else {
        return None;
    };
    blank(&rest[pot_len..]).then(|| &rest[..pot_len])
}

/// `UNCALLED_LINE`: (amount, name).
pub fn uncalled_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.strip_prefix("Uncalled bet (")?;
    let close = rest.find(')')?;
    let name = rest[close..].strip_prefix(") returned to ")?;
    (close > 0 && !name.is_empty()).then(|| (&rest[..close], name))
}

/// `CASH_OUT_LINE`: (name, amount, fee).
pub fn cash_out_line(line: &str) -> Option<(&str, &str, Option<&str>)> {
    const WORDS: &str = " cashed out the hand for ";
    for at in starts_rev(line, WORDS) {
        if at == 0 {
            break;
        }
        let Some((amount, rest)) = non_space(&line[at + WORDS.len()..]) else {
            continue;
        };
        if let Some((fee, tail)) = rest.strip_prefix(" | Cash Out Fee ").and_then(non_space) {
            if blank(tail) {
                return Some((&line[..at], amount, Some(fee)));
            }
        }
        if blank(rest) {
            return Some((&line[..at], amount, None));
        }
    }
    None
}

/// `SHOWS_FOR_LINE` (Run It Once): `NAME shows [cards] for description [best five]`:
/// (name, cards, description).
pub fn shows_for_line(line: &str) -> Option<(&str, &str, &str)> {
    for at in starts_rev(line, " shows [") {
        if at == 0 {
            break;
        }
        let inner = &line[at + 8..];
        let Some(close) = inner.find(']') else {
            continue;
        };
        let Some(rest) = inner[close..].strip_prefix("] for ") else {
            continue;
        };
        if rest.is_empty() {
            continue;
        }
        return Some((&line[..at], &inner[..close], description(rest)));
    }
    None
}

/// `(?P<desc>.+?)(?: \[[^\]]*\])?$`: the shortest description that leaves a bracket group.
fn description(rest: &str) -> &str {
    let Some(body) = rest.strip_suffix(']') else {
        return rest;
    };
    let after_prev = body.rfind(']').map_or(0, |p| p + 1);
    let first = rest.char_indices().nth(1).map_or(rest.len(), |(i, _)| i);
    let from = after_prev.max(first);
    if from > body.len() {
        return rest;
    }
    match search::find(&body[from..], " [") {
        Some(p) => &rest[..from + p],
        None => rest,
    }
}

/// `SHOW_LINE` on an action's text: `shows [cards] (description)`: (cards, description).
pub fn show_line(rest: &str) -> Option<(&str, Option<&str>)> {
    let inner = rest.strip_prefix("shows [")?;
    let close = inner.find(']')?;
    let after = &inner[close + 1..];
    if let Some(desc) = after.strip_prefix(" (") {
        let trimmed = desc.trim_end_matches(is_space);
        if let Some(desc) = trimmed.strip_suffix(')') {
            return Some((&inner[..close], Some(desc)));
        }
    }
    blank(after).then_some((&inner[..close], None))
}

/// Phrases after a name that make a line informational (`INFO_LINE`, its first branch).
const INFO_PHRASES: [&str; 18] = [
    " joins the table",
    " leaves the table",
    " is connected",
    " is disconnected",
    " has been disconnected",
    " has timed out",
    " has returned",
    " is sitting out",
    " sits out",
    " will be allowed to play",
    " finished the tournament",
    " wins the tournament",
    " re-buys and receives",
    " takes the add-on",
    " was removed from the table",
    " is capped",
    " wins an entry",
    " is being treated as all-in",
];
/// `NAME: phrase` informational lines (`INFO_LINE`, its third branch).
const COLON_PHRASES: [&str; 5] = [
    ": is sitting out",
    ": sits out",
    ": is disconnected",
    ": has timed out",
    ": has returned",
];

/// `\b` at the end of a match whose last character is a word character: the next one is not.
fn boundary(after: &str) -> bool {
    after.chars().next().is_none_or(|c| !is_word(c))
}

/// ` wins the \S+ bounty\b`, ` wins \S+ for eliminating\b` or ` wins \S+ for splitting the
/// elimination\b` at the start of `s`.
fn wins_phrase(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(" wins ") else {
        return false;
    };
    let check = |r: &str, tail: &str| {
        non_space(r)
            .and_then(|(_, after)| after.strip_prefix(tail))
            .is_some_and(boundary)
    };
    rest.strip_prefix("the ")
        .is_some_and(|r| check(r, " bounty"))
        || check(rest, " for eliminating")
        || check(rest, " for splitting the elimination")
}

/// ` split the \S+ bounty for eliminating\b` at the start of `s`: knockout winners who split a
/// bounty (`Anna, Bert split the $50 bounty for eliminating Cleo`), each one's share not printed.
fn split_bounty_phrase(s: &str) -> bool {
    s.strip_prefix(" split the ")
        .and_then(non_space)
        .and_then(|(_, after)| after.strip_prefix(" bounty for eliminating"))
        .is_some_and(boundary)
}

/// Whole lines that say nothing the replay needs: a hi/lo hand's `No low hand qualified`, and a
/// log converter's `Table leave user`, a draw game's `The deck is reshuffled`.
const INFO_LINES: [&str; 4] = [
    "Pair on board - a double bet is allowed",
    "No low hand qualified",
    "Table leave user",
    "The deck is reshuffled",
];

/// `INFO_LINE`: chat, players joining or leaving, and the like, which the reader skips.
pub fn info_line(line: &str) -> bool {
    if INFO_LINES.contains(&line.trim_end_matches(is_space)) {
        return true;
    }
    if let Some(rest) = line.strip_prefix("STP added: ") {
        if !rest.is_empty() && !rest.contains(is_space) {
            return true;
        }
    }
    for (at, _) in line.match_indices(' ').filter(|&(at, _)| at > 0) {
        let s = &line[at..];
        if INFO_PHRASES
            .iter()
            .any(|p| s.strip_prefix(p).is_some_and(boundary))
            || s.starts_with(" said, \"")
            || wins_phrase(s)
            || split_bounty_phrase(s)
        {
            return true;
        }
    }
    let trimmed = line.trim_end_matches(is_space);
    for phrase in COLON_PHRASES {
        if trimmed.len() > phrase.len() && trimmed.ends_with(phrase) {
            return true;
        }
    }
    for (at, word) in line.match_indices(": Table deposit ") {
        let rest = &line[at + word.len()..];
        if at > 0 && !rest.is_empty() && !rest.contains(is_space) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_lines_take_the_last_stack_that_fits() {
        let s = seat_line("Seat 1: Bob (x) ($1.50 in chips, $2 bounty) is sitting out").unwrap();
        assert_eq!(
            (s.seat, s.name, s.stack, s.bounty, s.rest),
            (
                "1",
                "Bob (x)",
                "$1.50",
                Some("$2 bounty"),
                " is sitting out"
            )
        );
        assert!(seat_line("Seat 1: (5 in chips)").is_none());
        assert!(seat_line("Seat : A (5 in chips)").is_none());
    }

    #[test]
    fn summary_and_showdown_lines_match_as_the_regexes_do() {
        assert_eq!(
            collect_line("A collected 5 from side pot-2 "),
            Some(("A", "5", "side pot-2"))
        );
        assert_eq!(collect_line("A collected 5 from side pot-x"), None);
        assert_eq!(
            collect_line("Hero collected €20.98 from side pot 1"),
            Some(("Hero", "€20.98", "side pot 1"))
        );
        assert_eq!(
            uncalled_line("Uncalled bet ($2) returned to B"),
            Some(("$2", "B"))
        );
        assert_eq!(
            cash_out_line("C cashed out the hand for $5 | Cash Out Fee $0.10"),
            Some(("C", "$5", Some("$0.10")))
        );
        assert_eq!(
            shows_for_line("D shows [Ad Qd] for Pair [Ad Kd Qs Qd 5c]"),
            Some(("D", "Ad Qd", "Pair"))
        );
        assert_eq!(
            shows_for_line("D shows [Ad] for a [b] [c]"),
            Some(("D", "Ad", "a [b]"))
        );
        assert_eq!(
            shows_for_line("D shows [Ad] for  [c]"),
            Some(("D", "Ad", " [c]"))
        );
        assert_eq!(
            show_line("shows [Ah Kd] (a pair (of Kings))"),
            Some(("Ah Kd", Some("a pair (of Kings)")))
        );
        assert_eq!(show_line("shows [Ah Kd]"), Some(("Ah Kd", None)));
        assert_eq!(show_line("shows [Ah Kd] x"), None);
        assert_eq!(first_brackets("a [b] [c]"), Some("b"));
        for line in ["a: b", "a:b: c", "a:", ":", ": ", "Bob: bets 5: x", "ä: ö"] {
            assert_eq!(split_colon(line), line.split_once(": "), "{line:?}");
        }
        assert_eq!(
            all_brackets("[a] x [b [c] [d").collect::<Vec<_>>(),
            ["a", "b [c"]
        );
    }

    #[test]
    fn informational_lines_are_recognised() {
        assert!(info_line("Anna joins the table at seat #3"));
        assert!(info_line("Anna said, \"hi"));
        assert!(info_line("Anna: is sitting out"));
        assert!(info_line("No low hand qualified"));
        assert!(info_line(
            "Hero wins $4.60 for splitting the elimination of Frimble11 and their own bounty increases by $4.59 to $22.04"
        ));
        assert!(info_line("Anna wins the $5 bounty for x"));
        assert!(info_line("STP added: $1"));
        assert!(info_line(
            "JKuzja, vecenta split the $50 bounty for eliminating ODYSSES"
        ));
        assert!(!info_line("Anna split the pot"));
        assert!(!info_line("Anna is cappedx"));
        assert!(!info_line(" is capped"));
        assert!(!info_line("Anna: bets 5"));
    }
}
