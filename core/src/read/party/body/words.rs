//! The forms of partypoker's lines that are not one event: its seat lines, amounts in parentheses,
//! and the lines its Mac client glues together.

use crate::read::search;

/// `Seat 9: name ( $3.57 USD )`, `seat1: name ( $664.25 USD )`: (seat, the rest).
pub(super) fn seat_line(line: &str) -> Option<(u64, &str)> {
    let rest = line
        .strip_prefix("Seat")
        .or_else(|| line.strip_prefix("seat"))?
        .trim_start();
    let colon = memchr::memchr(b':', rest.as_bytes())?;
    let (seat, rest) = (&rest[..colon], &rest[colon + 1..]);
    let seat = seat.trim().parse().ok()?;
    // a converted log's player statistics: `( $2.75 USD ) - VPIP: 21, ...`
    let rest = match memchr::memrchr(b')', rest.as_bytes()) {
        Some(close) => &rest[..=close],
        None => rest,
    };
    memchr::memchr(b'(', rest.as_bytes()).map(|_| (seat, rest.trim()))
}

/// The inside of the first parentheses of `text`: `calls (0.02)` → `0.02`.
pub(super) fn parenthesized(text: &str) -> Option<&str> {
    let open = text.find('(')?;
    let close = text[open..].find(')')? + open;
    Some(text[open + 1..close].trim())
}

/// The verbs a player's line glued after another's starts with (after the player's name).
const GLUED_VERBS: [&str; 4] = [" wins ", " posts ", " does not show", " shows "];
/// What the line a player's line is glued after ends with (or [`SITTING_OUT`]).
const GLUED_AFTER: [char; 3] = ['.', ']', ')'];
const SITTING_OUT: &str = " is sitting out";
/// The index of the `g` of [`SITTING_OUT`], a byte rarer in lines than its last `t`.
const SITTING_KEY: usize = 10;

/// Whether `after` holds one of [`GLUED_VERBS`]: one pass over its `w`s and `p`s (each verb has one,
/// [`verb_key`]), not a search for each verb.
fn has_glued_verb(after: &str) -> bool {
    let h = after.as_bytes();
    memchr::memchr2_iter(b'w', b'p', h).any(|at| {
        GLUED_VERBS.iter().any(|verb| {
            let k = verb_key(verb);
            let verb = verb.as_bytes();
            verb[k] == h[at] && at >= k && h[at - k..].starts_with(verb)
        })
    })
}

/// The index of a glued verb's first `w` or `p`.
const fn verb_key(verb: &str) -> usize {
    let bytes = verb.as_bytes();
    let mut k = 0;
    while bytes[k] != b'w' && bytes[k] != b'p' {
        k += 1;
    }
    k
}

/// Whether `line` holds `show` and whether it holds ` posts `: one pass over its `w`s and `p`s.
pub(super) fn show_and_posts(line: &str) -> (bool, bool) {
    let h = line.as_bytes();
    let (mut show, mut posts) = (false, false);
    for at in memchr::memchr2_iter(b'w', b'p', h) {
        match h[at] {
            b'w' => show |= at >= 3 && &h[at - 3..=at] == b"show",
            _ => posts |= at >= 1 && h[at - 1..].starts_with(b" posts "),
        }
        if show && posts {
            break;
        }
    }
    (show, posts)
}

/// Whether `text` starts with one of `words`: their first bytes compared before any whole word (most
/// lines start with none of them).
pub(super) fn starts_with_any(text: &str, words: &[&str]) -> bool {
    let Some(&first) = text.as_bytes().first() else {
        return words.iter().any(|w| w.is_empty());
    };
    words
        .iter()
        .any(|w| w.as_bytes().first().is_none_or(|&b| b == first) && text.starts_with(w))
}

/// `text.trim()`, with nothing to do for a text that starts and ends with a printable ASCII character
/// (nearly every line and amount).
pub(super) fn trimmed(text: &str) -> &str {
    match (text.as_bytes().first(), text.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii_graphic() && last.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

/// The Mac client glues some lines together: `Player3 is sitting outPlayer4 posts big blind`,
/// `... Queens.Player4 wins $27,36 USD ...`. The parts, each starting with its player.
pub(super) fn glued<'l, S: AsRef<str>>(
    line: &'l str,
    names: &[S],
) -> impl Iterator<Item = &'l str> {
    let cuts = if may_be_glued(line) {
        cuts(line, names)
    } else {
        Vec::new()
    };
    (0..=cuts.len()).map(move |k| {
        let start = if k == 0 { 0 } else { cuts[k - 1] };
        let end = cuts.get(k).copied().unwrap_or(line.len());
        &line[start..end]
    })
}

/// Where each glued part after the first starts, in order.
fn cuts<S: AsRef<str>>(line: &str, names: &[S]) -> Vec<usize> {
    let mut cuts = Vec::new();
    for name in names.iter().map(AsRef::as_ref) {
        for (at, _) in line.match_indices(name) {
            // what a glued line ends with: a full stop, a bracket, `is sitting out` (not the start of
            // a longer name: `xPlayer4 wins` is xPlayer4's)
            let before = &line[..at];
            let ended = before.ends_with(GLUED_AFTER) || before.ends_with(SITTING_OUT);
            let after = &line[at + name.len()..];
            let verb = GLUED_VERBS.iter().any(|v| after.starts_with(v));
            if verb && ended {
                cuts.push(at);
            }
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

/// Whether `line` may hold a glued line: one of the verbs after the end of a line (a full stop, a
/// bracket or `is sitting out`). Most lines have none, and [`cuts`] need not look for each name in
/// them.
fn may_be_glued(line: &str) -> bool {
    // a verb after the end of a line is a verb in the line: most lines (folds, calls, bets) hold none
    if !has_glued_verb(line) {
        return false;
    }
    let first_end = memchr::memchr3(b'.', b']', b')', line.as_bytes()).map(|at| at + 1);
    let before = &line[..first_end.unwrap_or(line.len())];
    let sitting_out =
        search::find_keyed(before, SITTING_OUT, SITTING_KEY).map(|at| at + SITTING_OUT.len());
    sitting_out.or(first_end).is_some_and(|from| {
        let after = &line[from..];
        has_glued_verb(after)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glued_lines_come_apart() {
        let names = ["Player3".to_string(), "Player4".to_string()];
        assert_eq!(
            glued(
                "Player3 is sitting outPlayer4 posts big blind [$0,25 USD].",
                &names
            )
            .collect::<Vec<_>>(),
            vec![
                "Player3 is sitting out",
                "Player4 posts big blind [$0,25 USD]."
            ]
        );
        assert_eq!(
            glued("Player3 folds", &names).collect::<Vec<_>>(),
            vec!["Player3 folds"]
        );
        // a verb after no end of a line: nothing glued, no name looked for
        assert!(!may_be_glued("Player4 posts big blind [$0,25 USD]."));
        assert!(may_be_glued("x.Player4 wins $1 USD"));
        assert!(may_be_glued(
            "Player3 is sitting outPlayer4 posts big blind"
        ));
        let names = ["Player4".to_string(), "xPlayer4".to_string()];
        assert_eq!(
            glued("xPlayer4 wins $1 USD", &names).collect::<Vec<_>>(),
            vec!["xPlayer4 wins $1 USD"]
        );
        assert_eq!(
            glued("x.Player4 wins $1 USD.xPlayer4 wins $2 USD", &names).collect::<Vec<_>>(),
            vec!["x.", "Player4 wins $1 USD.", "xPlayer4 wins $2 USD"]
        );
    }

    #[test]
    fn one_pass_finds_what_a_search_for_each_word_finds() {
        let lines = [
            "",
            "p",
            "w",
            " posts ",
            "x posts",
            "Player4 posts big blind [$0,25 USD].",
            "a shows [ Ah ]",
            "show",
            "sho w posts  wins  does not show",
            "Player1 does not show cards.",
            "ww pp  wins x",
            "x shows y",
            "Player2 wins $1 USD",
        ];
        for line in lines {
            let each = GLUED_VERBS.iter().any(|v| line.contains(v));
            assert_eq!(has_glued_verb(line), each, "{line:?}");
            assert_eq!(
                show_and_posts(line),
                (line.contains("show"), line.contains(" posts ")),
                "{line:?}"
            );
        }
        for text in ["", " a", "a ", "a", "\u{a0}a\u{a0}", "é", "a\tb"] {
            assert_eq!(trimmed(text), text.trim(), "{text:?}");
        }
    }

    #[test]
    fn every_line_with_a_glued_part_is_looked_at() {
        // random lines of names, verbs and ends of lines: wherever `cuts` finds a part,
        // `may_be_glued` has let it look
        let pieces = [
            "Player4",
            "xPlayer4",
            "Pl",
            " wins ",
            " posts ",
            " does not show",
            " shows ",
            ".",
            "]",
            ")",
            " is sitting out",
            "x",
            " ",
            "€",
            "[$1 USD]",
        ];
        let names = ["Player4", "xPlayer4", "Pl", ""];
        let mut state = 0x91ed_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let (mut glued_lines, mut looked_at) = (0, 0);
        for _ in 0..100_000 {
            let line: String = (0..1 + next(8))
                .map(|_| pieces[next(pieces.len())])
                .collect();
            let glued = !cuts(&line, &names).is_empty();
            looked_at += usize::from(may_be_glued(&line));
            glued_lines += usize::from(glued);
            assert!(!glued || may_be_glued(&line), "{line:?}");
        }
        assert!(glued_lines > 1000, "{glued_lines} glued lines");
        assert!(looked_at < 100_000, "every line looked at");
    }

    #[test]
    fn seat_lines_in_every_client() {
        assert_eq!(
            seat_line("seat1: Player0 ( $664.25 USD )"),
            Some((1, "Player0 ( $664.25 USD )"))
        );
        assert_eq!(
            seat_line("Seat 1: P ( $2.75 USD ) - VPIP: 21, PFR: 14"),
            Some((1, "P ( $2.75 USD )"))
        );
        assert_eq!(seat_line("Seat 1 is the button"), None);
    }
}
