//! How much of a file a client is still writing holds whole hands (`soko watch`): each format's marks of
//! a hand's start and end ([`Marks`], in [`super::FORMATS`]) and [`complete_end`].

use std::borrow::Cow;

use memchr::{memchr, memmem, memrchr};

use crate::read::pystr::is_space;

/// The end of the first hand's end mark in bytes read from a hand's start, if it has arrived.
pub type EndMark = fn(&[u8]) -> Option<usize>;

/// What starts and ends a hand of a format read from the tail of a file.
pub struct Marks {
    /// A line that starts a hand.
    pub header: fn(&str) -> bool,
    /// A line that may come between two header lines of one hand (partypoker's `#Game No : N`).
    pub opening: Option<fn(&str) -> bool>,
    /// None where a hand has no end mark of its own (the next header ends it).
    pub end: Option<EndMark>,
}

/// A line of bytes as text, invalid UTF-8 replaced, without the `\r` of a CRLF end.
fn line(data: &[u8], start: usize, end: usize) -> Cow<'_, str> {
    match String::from_utf8_lossy(&data[start..end]) {
        Cow::Borrowed(s) => Cow::Borrowed(s.trim_end_matches('\r')),
        Cow::Owned(s) => Cow::Owned(s.trim_end_matches('\r').to_string()),
    }
}

/// The bytes of `data` (read from the start of a hand) before the last whole line that starts a hand:
/// the hands before it are complete; with an end mark, past the last hand's end mark when it has
/// arrived. A hand opened by several header lines (with blank lines and opening lines between them)
/// starts at the first. 0 when no hand is complete.
pub fn complete_end(data: &[u8], marks: &Marks) -> usize {
    let mut last = 0;
    let mut end = memrchr(b'\n', data);
    while let Some(e) = end.filter(|&e| e > 0) {
        let start = memrchr(b'\n', &data[..e]).map_or(0, |i| i + 1);
        if start > 0 && (marks.header)(&line(data, start, e)) {
            last = start;
            break;
        }
        end = start.checked_sub(1);
    }
    let mut at = last;
    while at > 0 {
        let before = memrchr(b'\n', &data[..at - 1]).map_or(0, |i| i + 1);
        let text = line(data, before, at - 1);
        if (marks.header)(&text) {
            last = before;
        } else if !text.trim_matches(is_space).is_empty()
            && !marks.opening.is_some_and(|opening| opening(&text))
        {
            break;
        }
        at = before;
    }
    match marks.end.and_then(|end| end(&data[last..])) {
        Some(ended) => last + ended,
        None => last,
    }
}

/// The character at the start of `bytes`, if they start with one in UTF-8.
fn first_char(bytes: &[u8]) -> Option<char> {
    let n = bytes.len().min(4);
    (1..=n).find_map(|k| std::str::from_utf8(&bytes[..k]).ok()?.chars().next())
}

/// Whether `bytes` (a line, without its `\n`) is blank: only white space (a byte that is no character
/// is not).
fn blank(mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        match first_char(bytes) {
            Some(c) if is_space(c) => bytes = &bytes[c.len_utf8()..],
            _ => return false,
        }
    }
    true
}

/// After `mark` at the start of a line (after `[ \t\ufeff]*`), the rest of its line and the lines up to
/// the first blank one: the end after that blank line's `\n`
/// (`^[ \t\ufeff]*MARK[^\n]*\n(?:[^\S\n]*\S[^\n]*\n)*?[^\S\n]*\n`).
fn ended_after(data: &[u8], mark: &str) -> Option<usize> {
    let found = memmem::find_iter(data, mark).find(|&at| {
        let line_start = memrchr(b'\n', &data[..at]).map_or(0, |i| i + 1);
        lead_blank(&data[line_start..at])
    })?;
    let mut at = found + memchr(b'\n', &data[found..])? + 1;
    loop {
        let nl = at + memchr(b'\n', &data[at..])?;
        if blank(&data[at..nl]) {
            return Some(nl + 1);
        }
        at = nl + 1;
    }
}

/// `[ \t\ufeff]*` taking the whole of `bytes`.
fn lead_blank(mut bytes: &[u8]) -> bool {
    loop {
        if let Some(rest) = bytes
            .strip_prefix(b" ")
            .or_else(|| bytes.strip_prefix(b"\t"))
        {
            bytes = rest;
        } else if let Some(rest) = bytes.strip_prefix("\u{feff}".as_bytes()) {
            bytes = rest;
        } else {
            return bytes.is_empty();
        }
    }
}

/// The PokerStars family's end: the first blank line after `*** SUMMARY ***`.
pub fn summary_ended(data: &[u8]) -> Option<usize> {
    ended_after(data, "*** SUMMARY ***")
}

/// 888poker's end: the first blank line after `** Summary **`.
pub fn pacific_ended(data: &[u8]) -> Option<usize> {
    ended_after(data, "** Summary **")
}

/// Winning's end: the family's (since 2019), or its `Game ended at: ...` line (before 2019), whichever
/// comes first.
pub fn winning_ended(data: &[u8]) -> Option<usize> {
    const MARK: &str = "Game ended at: ";
    let game_ended = memmem::find_iter(data, MARK).find_map(|at| {
        let line_start = memrchr(b'\n', &data[..at]).map_or(0, |i| i + 1);
        let lead = &data[line_start..at];
        (lead.is_empty() || lead == "\u{feff}".as_bytes())
            .then(|| memchr(b'\n', &data[at..]).map(|nl| (line_start, at + nl + 1)))
            .flatten()
    });
    let summary = summary_start(data).and_then(|start| summary_ended(data).map(|end| (start, end)));
    match (summary, game_ended) {
        (Some((s, end)), Some((g, _))) if s < g => Some(end),
        (_, Some((_, end))) => Some(end),
        (summary, None) => summary.map(|(_, end)| end),
    }
}

/// Where the line of the first `*** SUMMARY ***` mark that [`summary_ended`] takes starts.
fn summary_start(data: &[u8]) -> Option<usize> {
    memmem::find_iter(data, "*** SUMMARY ***").find_map(|at| {
        let line_start = memrchr(b'\n', &data[..at]).map_or(0, |i| i + 1);
        lead_blank(&data[line_start..at]).then_some(line_start)
    })
}
