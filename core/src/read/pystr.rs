//! Python's string semantics where the reader depends on them: white space (`str.strip`,
//! `str.split`, `\s`), `\d` and `int()` of any decimal digit, `\b`, `str.isalpha`/`isupper`,
//! case-insensitive matching as `re.IGNORECASE` does it, `casefold`, and `repr` (error reasons
//! quote log text with it). The tables come from the Python the package runs on
//! (`unicode_tables.rs`), so odd characters in a log read the same on both sides.

use super::unicode_tables as t;

fn in_ranges(table: &[(u32, u32)], c: char) -> bool {
    let c = c as u32;
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// `str.isspace()` of one character (also what `\s` matches).
pub fn is_space(c: char) -> bool {
    if c.is_ascii() {
        matches!(c, '\t'..='\r' | '\x1c'..='\x1f' | ' ')
    } else {
        t::SPACE.contains(&c)
    }
}

/// An ASCII byte that `str.isspace()` takes for white space.
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | 0x1c..=0x1f | b' ')
}

/// A log line without its padding: the ASCII white space at its ends (spaces, tabs, a carriage return).
/// Not [`strip`]: a line separator of Unicode (U+2028, U+2029, U+0085) or another space of Unicode at a
/// line's end is the end of a player's name, not padding, and only `\n`, `\r\n` and `\r` end lines.
pub fn strip_line(s: &str) -> &str {
    // byte by byte: the bytes trimmed are ASCII, which no other character's UTF-8 contains
    let bytes = s.as_bytes();
    let (mut start, mut end) = (0, bytes.len());
    while start < end && is_ascii_space(bytes[start]) {
        start += 1;
    }
    while end > start && is_ascii_space(bytes[end - 1]) {
        end -= 1;
    }
    &s[start..end]
}

/// `str.strip()`.
pub fn strip(s: &str) -> &str {
    let bytes = s.as_bytes();
    let plain = |b: u8| b.is_ascii() && !is_ascii_space(b);
    match (bytes.first(), bytes.last()) {
        (Some(&first), Some(&last)) if plain(first) && plain(last) => return s,
        (None, _) | (_, None) => return s,
        _ => {}
    }
    // ASCII white space byte by byte; the whole table only where an end is not ASCII.
    let (mut start, mut end) = (0, bytes.len());
    while start < end && is_ascii_space(bytes[start]) {
        start += 1;
    }
    while end > start && is_ascii_space(bytes[end - 1]) {
        end -= 1;
    }
    if start < end && (!bytes[start].is_ascii() || !bytes[end - 1].is_ascii()) {
        return s.trim_matches(is_space);
    }
    &s[start..end]
}

/// `str.split()` without arguments: the words between runs of white space.
pub fn words(s: &str) -> impl DoubleEndedIterator<Item = &str> {
    s.split(is_space).filter(|w| !w.is_empty())
}

/// The value of a decimal digit of any script (`\d` of `re`, what `int()` accepts).
pub fn decimal(c: char) -> Option<u32> {
    if c.is_ascii_digit() {
        return Some(c as u32 - '0' as u32);
    }
    if c.is_ascii() {
        return None;
    }
    let code = c as u32;
    t::DECIMAL
        .iter()
        .find(|&&(lo, hi)| lo <= code && code <= hi)
        .map(|&(lo, _)| (code - lo) % 10)
}

/// The leading run of decimal digits of `s` (`\d+`, greedy): its length in bytes.
pub fn digits_len(s: &str) -> usize {
    s.char_indices()
        .find(|&(_, c)| decimal(c).is_none())
        .map_or(s.len(), |(i, _)| i)
}

/// `int()` of a run of decimal digits (saturating: callers range-check it).
pub fn int_value(s: &str) -> u64 {
    s.chars().filter_map(decimal).fold(0u64, |v, d| {
        v.saturating_mul(10).saturating_add(u64::from(d))
    })
}

/// A word character of `re` (what `\b` looks at).
pub fn is_word(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        in_ranges(&t::WORD, c)
    }
}

/// `str.isalpha()`.
pub fn is_alpha(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| {
            if c.is_ascii() {
                c.is_ascii_alphabetic()
            } else {
                in_ranges(&t::ALPHA, c)
            }
        })
}

/// `str.isupper()`: no lowercase or titlecase character, and at least one uppercase one.
pub fn is_upper(s: &str) -> bool {
    let mut cased = false;
    for c in s.chars() {
        if in_ranges(&t::LOWER, c) || in_ranges(&t::TITLE, c) {
            return false;
        }
        cased |= in_ranges(&t::UPPER, c);
    }
    cased
}

/// Whether `c` matches the ASCII letter `lower` (given in lower case) under `re.IGNORECASE`:
/// by simple lowercase mapping, or by the equivalences `re` adds (`ı`, `İ` for `i`; `ſ` for `s`).
pub fn ci_ascii(c: char, lower: u8) -> bool {
    if c.is_ascii() {
        return c.to_ascii_lowercase() as u32 == u32::from(lower);
    }
    matches!(
        (c, lower),
        ('\u{212A}', b'k') | ('\u{130}' | '\u{131}', b'i') | ('\u{17F}', b's')
    )
}

/// `s` starts with `word` (ASCII) under `re.IGNORECASE`: the length of the match in bytes.
pub fn ci_prefix(s: &str, word: &str) -> Option<usize> {
    let mut chars = s.char_indices();
    for &b in word.as_bytes() {
        let (_, c) = chars.next()?;
        let ok = if b.is_ascii_alphabetic() {
            ci_ascii(c, b.to_ascii_lowercase())
        } else {
            c as u32 == u32::from(b)
        };
        if !ok {
            return None;
        }
    }
    Some(chars.next().map_or(s.len(), |(i, _)| i))
}

/// `s.casefold() == key` for an ASCII, lower-case `key`.
pub fn casefold_is(s: &str, key: &str) -> bool {
    let mut rest = key.as_bytes();
    for c in s.chars() {
        if c.is_ascii() {
            match rest.split_first() {
                Some((&b, tail)) if b == c.to_ascii_lowercase() as u8 => rest = tail,
                _ => return false,
            }
        } else {
            let Some(&(_, folded)) = t::FOLD_TO_ASCII.iter().find(|(f, _)| *f == c) else {
                return false;
            };
            match rest.strip_prefix(folded.as_bytes()) {
                Some(tail) => rest = tail,
                None => return false,
            }
        }
    }
    rest.is_empty()
}

/// Whether `repr` prints `c` as itself.
fn printable(c: char) -> bool {
    if c.is_ascii() {
        (' '..='~').contains(&c)
    } else {
        !in_ranges(&t::NOT_PRINTABLE, c)
    }
}

/// Python's `repr()` of a string: `'text'`, or `"it's"`, with escapes for what is not printable.
pub fn repr(s: &str) -> String {
    use std::fmt::Write;
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if printable(c) => out.push(c),
            c if (c as u32) <= 0xff => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if (c as u32) <= 0xffff => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\U{:08x}", c as u32);
            }
        }
    }
    out.push(quote);
    out
}

/// The first `n` characters of `s` (`s[:n]`).
pub fn head(s: &str, n: usize) -> &str {
    s.char_indices().nth(n).map_or(s, |(i, _)| &s[..i])
}

/// Length in characters (`len(s)`).
pub fn len(s: &str) -> usize {
    s.chars().count()
}

/// An integer with thousands commas (`f"{n:,}"`).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strip_line_trims_what_the_char_wise_trim_did() {
        // the old form, character by character: the new one must cut every line at the same bytes
        let old = |s: &str| -> String {
            s.trim_matches(|c: char| c.is_ascii() && is_ascii_space(c as u8))
                .to_string()
        };
        let pieces = [
            "", " ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "a", "ä", "\u{a0}", "\u{2028}",
            "\u{85}", "\u{3000}", "\u{feff}", "x y", "€",
        ];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let line = format!("{a}{b}{c}{a}");
                    assert_eq!(strip_line(&line), old(&line), "{line:?}");
                }
            }
        }
        for k in 0..=0x3000u32 {
            let Some(ch) = char::from_u32(k) else {
                continue;
            };
            let line = format!("{ch} x {ch}");
            assert_eq!(strip_line(&line), old(&line), "{k:#x}");
        }
    }

    #[test]
    fn repr_quotes_and_escapes_as_python_does() {
        assert_eq!(repr("abc"), "'abc'");
        assert_eq!(repr("it's"), "\"it's\"");
        assert_eq!(repr("a'b\""), "'a\\'b\"'");
        assert_eq!(
            repr("a\u{202e}b\u{85}\u{a0}\u{1f4a3}\t"),
            "'a\\u202eb\\x85\\xa0\u{1f4a3}\\t'"
        );
        assert_eq!(repr("\x1b[2J\\"), "'\\x1b[2J\\\\'");
    }

    #[test]
    fn white_space_and_digits_follow_python() {
        assert_eq!(strip("\x1c a \u{3000}"), "a");
        for s in [
            "", " ", "a", " a\r", "\u{a0}a ", "a \u{85}", "\u{3000}", "ä", " ä b\t",
        ] {
            assert_eq!(strip(s), s.trim_matches(is_space), "{s:?}");
        }
        assert_eq!(words(" a\tb  c ").collect::<Vec<_>>(), ["a", "b", "c"]);
        assert_eq!(decimal('\u{663}'), Some(3));
        assert_eq!(int_value("\u{662}\u{660}13"), 2013);
        assert_eq!(digits_len("12a"), 2);
    }

    #[test]
    fn cases_fold_as_python_does() {
        assert!(casefold_is("Hold'em No Limit", "hold'em no limit"));
        assert!(casefold_is("\u{17F}tud", "stud"));
        assert!(!casefold_is("Omaha", "hold'em no limit"));
        assert!(is_upper("USD") && !is_upper("UsD") && is_alpha("ÄÖÜ") && !is_alpha("US1"));
        assert_eq!(ci_prefix("tOURNAMENT #1", "Tournament #"), Some(12));
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(head("äbc", 2), "äb");
    }
}
