//! Splitting the text of a PokerStars-family log into hands, in one pass and bounded memory (Python's
//! `parsers/split.py` feeds this splitter block by block; the import's `FileReader` uses it directly).
//!
//! A hand starts at every hand header (`... Hand #123: ...`) wherever it starts: at the start of a line,
//! or glued to the end of a cut-off line, to the previous hand's last summary line, or after `Note: `
//! (see [`header_starts`]). A hand ends at its summary: the first blank line after `*** SUMMARY ***`.
//! Text after that which is not a hand, and text before the first header, come out as pieces of kind
//! [`Kind::Text`], so that they are quarantined rather than dropped or glued to a hand. A piece longer than
//! [`MAX_HAND_CHARS`] comes out cut to its first [`KEPT_CHARS`] with its full size: memory follows the
//! block and the hand, and time is linear in the text.
//!
//! Sizes are in characters (Python's `len`), offsets in bytes. Pieces borrow the text they were cut from
//! when they lie inside one block, and own their text when they span blocks.

mod scan;
mod word;
mod xml;

use std::borrow::Cow;
use std::mem;
use std::ops::Range;

use crate::read::SESSION_MARK;

pub use scan::{hand_end, header_starts, py_strip, SEPARATOR};
pub use xml::GAME_MARK;

/// The largest text one hand may have (1 Mi characters; real hands are a few KB).
pub const MAX_HAND_CHARS: usize = 1 << 20;
/// How much of an oversized piece's text is kept.
pub const KEPT_CHARS: usize = 1 << 16;
/// How many characters after a header [`first_headers`] looks at.
const HEADER_VIEW_CHARS: usize = 2000;

/// What a piece is: one hand's text, or text that is not a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Hand,
    Text,
}

impl Kind {
    /// The name Python's `Piece.kind` uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Hand => "hand",
            Kind::Text => "text",
        }
    }
}

/// One hand's text, or a stretch of text that is not a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece<'a> {
    /// The line its first character is on (1-based).
    pub line: usize,
    /// The text; its first [`KEPT_CHARS`] characters when it is too large.
    pub text: Cow<'a, str>,
    pub kind: Kind,
    /// Its full length in characters.
    pub size: usize,
    /// How many lines it spans.
    pub lines: usize,
}

impl Piece<'_> {
    /// Whether the text was cut (the piece is larger than [`MAX_HAND_CHARS`]).
    pub fn too_large(&self) -> bool {
        self.size > chars(&self.text)
    }

    /// The same piece owning its text.
    pub fn into_owned(self) -> Piece<'static> {
        Piece {
            text: Cow::Owned(self.text.into_owned()),
            ..self
        }
    }

    fn whole(text: Cow<'_, str>, kind: Kind, line: usize) -> Piece<'_> {
        Piece {
            line,
            size: chars(&text),
            lines: newlines(&text) + 1,
            text,
            kind,
        }
    }
}

/// (header line from its start, the next three lines), stripped, of the first `count` hand headers of a
/// text wherever they start: what format detection looks at.
pub fn first_headers(head: &str, count: usize) -> Vec<(&str, Vec<&str>)> {
    header_starts(head)
        .into_iter()
        .take(count)
        .map(|start| {
            let mut lines = first_chars(&head[start..], HEADER_VIEW_CHARS).split('\n');
            let first = py_strip(lines.next().unwrap_or(""));
            (first, lines.take(3).map(py_strip).collect())
        })
        .collect()
}

/// Every hand (and every stretch of text that is not a hand) of a whole text, in order.
pub fn split_pieces(text: &str) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut splitter = Splitter::new();
    let mut emit = |piece| pieces.push(piece);
    splitter.feed(text, &mut emit);
    splitter.finish(&mut emit);
    pieces
}

/// The state of one streaming pass: feed it blocks of whole lines in order, then [`Splitter::finish`].
///
/// The pieces are the same as [`split_pieces`] of the blocks one by one (as Python's `split_pieces` of an
/// iterable of blocks: a piece that grows too large is judged on the blocks seen so far).
#[derive(Debug)]
pub struct Splitter {
    /// The piece's text from earlier blocks; its kept head once it is too large.
    pending: String,
    /// Characters gathered (in `pending` and the current block), at most [`KEPT_CHARS`] once too large.
    kept: usize,
    /// The piece's full size in characters.
    size: usize,
    /// The line the piece starts on, and the line the text has reached.
    start: usize,
    line: usize,
    kind: Kind,
    /// Whether a piece that is too large had something other than white space.
    content: bool,
    overflow: bool,
    /// The header of the iPoker session the text is in: its games' context ([`xml`]), and its
    /// [`Counts`].
    session: Option<String>,
    session_counts: Counts,
}

/// A text's length in characters and its line breaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    chars: usize,
    newlines: usize,
}

impl Counts {
    fn of(text: &str) -> Counts {
        Counts {
            chars: chars(text),
            newlines: newlines(text),
        }
    }
}

impl Default for Splitter {
    fn default() -> Self {
        Self::new()
    }
}

impl Splitter {
    pub fn new() -> Self {
        Splitter {
            pending: String::new(),
            kept: 0,
            size: 0,
            start: 1,
            line: 1,
            kind: Kind::Text,
            content: false,
            overflow: false,
            session: None,
            session_counts: Counts::default(),
        }
    }

    /// Split one block of whole lines; `emit` gets every piece that ends in it.
    pub fn feed<'a>(&mut self, block: &'a str, emit: &mut impl FnMut(Piece<'a>)) {
        let mut cur = None;
        let mut at = 0;
        for start in header_starts(block) {
            if start > at {
                self.add(block, at..start, &mut cur, emit);
            }
            self.close(block, &mut cur, emit);
            self.start = self.line;
            self.kind = Kind::Hand;
            at = start;
        }
        self.add(block, at..block.len(), &mut cur, emit);
        if let Some(range) = cur {
            self.pending.push_str(&block[range]);
        }
    }

    /// The end of the text: emit the last piece.
    pub fn finish<'a>(&mut self, emit: &mut impl FnMut(Piece<'a>)) {
        self.close("", &mut None, emit);
    }

    /// Gather a stretch of the block into the current piece (at most one stretch per piece and block, in
    /// `cur`); a piece that grows too large is emitted or cut.
    fn add<'a>(
        &mut self,
        block: &'a str,
        range: Range<usize>,
        cur: &mut Option<Range<usize>>,
        emit: &mut impl FnMut(Piece<'a>),
    ) {
        let text = &block[range.clone()];
        if text.is_empty() {
            return;
        }
        let count = chars(text);
        self.size += count;
        self.line += newlines(text);
        if self.overflow {
            if self.kept < KEPT_CHARS {
                let head = first_chars(text, KEPT_CHARS - self.kept);
                self.pending.push_str(head);
                self.kept += chars(head);
            }
            self.content = self.content || scan::has_content(text);
            return;
        }
        *cur = Some(range);
        self.kept += count;
        if self.kept > MAX_HAND_CHARS {
            self.overflow(block, cur, emit);
        }
    }

    /// The piece is too large: emit a complete hand at its head, and keep only the start of the rest.
    fn overflow<'a>(
        &mut self,
        block: &'a str,
        cur: &mut Option<Range<usize>>,
        emit: &mut impl FnMut(Piece<'a>),
    ) {
        let mut text = self.take_text(block, cur);
        if self.kind == Kind::Hand {
            if let Some(cut) = hand_end(&text).filter(|&cut| chars(&text[..cut]) <= MAX_HAND_CHARS)
            {
                let (hand, rest) = split_at(text, cut);
                let line = self.start;
                self.start += newlines(&hand);
                emit(Piece::whole(hand, Kind::Hand, line));
                self.kind = Kind::Text;
                self.size = chars(&rest);
                text = rest;
            }
        }
        self.overflow = true;
        self.content = scan::has_content(&text);
        self.pending = first_chars(&text, KEPT_CHARS).to_owned();
        self.kept = chars(&self.pending);
    }

    /// Emit the current piece (a hand, and the text after its summary; or text that is not a hand).
    fn close<'a>(
        &mut self,
        block: &'a str,
        cur: &mut Option<Range<usize>>,
        emit: &mut impl FnMut(Piece<'a>),
    ) {
        let text = self.take_text(block, cur);
        if self.overflow {
            if self.kind == Kind::Hand || self.content {
                let lines = self.line - self.start + 1;
                emit(Piece {
                    line: self.start,
                    text,
                    kind: self.kind,
                    size: self.size,
                    lines,
                });
            }
        } else if self.kind == Kind::Hand && xml::is_game(&text) {
            self.close_game(text, emit);
        } else if self.kind == Kind::Hand {
            match hand_end(&text) {
                None => emit(Piece::whole(text, Kind::Hand, self.start)),
                Some(cut) => {
                    let (hand, rest) = split_at(text, cut);
                    let rest_line = self.start + newlines(&hand);
                    emit(Piece::whole(hand, Kind::Hand, self.start));
                    if scan::content(&rest) {
                        emit(Piece::whole(rest, Kind::Text, rest_line));
                    }
                }
            }
        } else {
            self.close_text(text, self.start, emit);
        }
        self.kept = 0;
        self.size = 0;
        self.overflow = false;
        self.content = false;
    }

    /// An iPoker game: its element with its session's header after it (the header before it, or, where
    /// none is, the one after it), then the text after the element.
    ///
    /// The piece's size and lines are those of the text gathered (counted as it was added) less those
    /// of the text after the element, plus the header's (counted once a session): the element is not
    /// counted again.
    fn close_game<'a>(&mut self, text: Cow<'a, str>, emit: &mut impl FnMut(Piece<'a>)) {
        let whole = Counts {
            chars: self.size,
            newlines: self.line - self.start,
        };
        debug_assert_eq!(whole, Counts::of(&text));
        let end = xml::game_end(&text);
        let (game, rest) = split_at(text, end);
        let after = Counts::of(&rest);
        let rest_line = self.start + whole.newlines - after.newlines;
        // a game with no session before it takes the header after it: a hand's own raw text, read again
        let session = match self.session.as_deref() {
            Some(session) => Some((session, self.session_counts)),
            None => xml::session_header(&rest).0.map(|s| (s, Counts::of(s))),
        };
        let own = xml::with_session(&game, session.map(|(s, _)| s));
        // with_session drops the white space at the element's end (none after `</game>`)
        let dropped = Counts::of(&game[game.trim_end().len()..]);
        let (header_chars, header_newlines) =
            session.map_or((0, 0), |(_, c)| (c.chars + 1, c.newlines + 1));
        let piece = Piece {
            line: self.start,
            size: whole.chars - after.chars - dropped.chars + header_chars,
            lines: whole.newlines - after.newlines - dropped.newlines + header_newlines + 1,
            text: Cow::Owned(own),
            kind: Kind::Hand,
        };
        debug_assert_eq!(
            piece,
            Piece::whole(piece.text.clone(), Kind::Hand, self.start)
        );
        emit(piece);
        self.close_text(rest, rest_line, emit);
    }

    /// Text that is not a hand: an iPoker session's header becomes the context of the games after it;
    /// what else has content is a piece.
    fn close_text<'a>(
        &mut self,
        text: Cow<'a, str>,
        line: usize,
        emit: &mut impl FnMut(Piece<'a>),
    ) {
        if !text.contains(SESSION_MARK) && !text.contains("</session>") {
            if scan::content(&text) {
                emit(Piece::whole(text, Kind::Text, line));
            }
            return;
        }
        let (session, rest) = xml::session_header(&text);
        if let Some(session) = session {
            // the room of the header before, kept
            let kept = self.session.get_or_insert_with(String::new);
            kept.clear();
            kept.push_str(session);
            self.session_counts = Counts::of(session);
        }
        if scan::content(&rest) {
            emit(Piece::whole(
                Cow::Owned(rest.into_owned()),
                Kind::Text,
                line,
            ));
        }
    }

    /// The piece's text gathered so far, borrowed from the block when it lies within it.
    fn take_text<'a>(&mut self, block: &'a str, cur: &mut Option<Range<usize>>) -> Cow<'a, str> {
        match cur.take() {
            Some(range) if self.pending.is_empty() => Cow::Borrowed(&block[range]),
            Some(range) => {
                self.pending.push_str(&block[range]);
                Cow::Owned(mem::take(&mut self.pending))
            }
            None => Cow::Owned(mem::take(&mut self.pending)),
        }
    }
}

/// A text cut in two at a byte offset, borrowing where it can.
fn split_at(text: Cow<'_, str>, at: usize) -> (Cow<'_, str>, Cow<'_, str>) {
    match text {
        Cow::Borrowed(text) => (Cow::Borrowed(&text[..at]), Cow::Borrowed(&text[at..])),
        Cow::Owned(mut text) => {
            let rest = text[at..].to_owned();
            text.truncate(at);
            (Cow::Owned(text), Cow::Owned(rest))
        }
    }
}

/// The length of a text in characters (Python's `len`).
pub fn chars(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// The first `count` characters of a text.
pub fn first_chars(text: &str, count: usize) -> &str {
    if count >= text.len() {
        return text;
    }
    match text.char_indices().nth(count) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

fn newlines(text: &str) -> usize {
    memchr::memchr_iter(b'\n', text.as_bytes()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipoker_game_is_a_hand_with_its_session_s_header_after_it() {
        let log = "<?xml version=\"1.0\"?>\n<session sessioncode=\"1\">\n<general><nickname>H</nickname></general>\n\
            <game gamecode=\"2\">\n<round no=\"0\"/>\n</game><game gamecode=\"3\">\n</game>\n</session>\n";
        let pieces = split_pieces(log);
        let session = "<session sessioncode=\"1\">\n<general><nickname>H</nickname></general>";
        let found: Vec<(usize, Kind, &str)> =
            pieces.iter().map(|p| (p.line, p.kind, &*p.text)).collect();
        let first = format!("<game gamecode=\"2\">\n<round no=\"0\"/>\n</game>\n{session}");
        let second = format!("<game gamecode=\"3\">\n</game>\n{session}");
        assert_eq!(
            found,
            vec![
                (4, Kind::Hand, first.as_str()),
                (6, Kind::Hand, second.as_str())
            ]
        );
        // a hand's raw text, read again on its own, is the same piece
        let again = split_pieces(&first);
        assert_eq!((again.len(), &*again[0].text), (1, first.as_str()));
    }

    fn summary(pieces: &[Piece]) -> Vec<(usize, Kind, usize, usize)> {
        pieces
            .iter()
            .map(|p| (p.line, p.kind, p.size, p.lines))
            .collect()
    }

    const HAND: &str = "PokerStars Hand #1: Hold'em\nSeat 1: a\n*** SUMMARY ***\nTotal pot 3\n\n";

    #[test]
    fn hands_and_the_text_around_them() {
        let text = format!("junk\n{HAND}{HAND}after\n");
        let pieces = split_pieces(&text);
        let kinds: Vec<_> = pieces.iter().map(|p| (p.line, p.kind)).collect();
        assert_eq!(
            kinds,
            [
                (1, Kind::Text),
                (2, Kind::Hand),
                (7, Kind::Hand),
                (11, Kind::Text)
            ]
        );
        assert_eq!(pieces[1].text, &HAND[..HAND.len() - 1]);
        assert_eq!(pieces[3].text, "\nafter\n");
        assert!(matches!(pieces[1].text, Cow::Borrowed(_)));
    }

    #[test]
    fn blocks_give_the_pieces_of_the_whole_text() {
        let text = format!("{HAND}Note: {HAND}x\n{HAND}");
        let whole: Vec<_> = split_pieces(&text)
            .into_iter()
            .map(Piece::into_owned)
            .collect();
        let mut pieces = Vec::new();
        let mut splitter = Splitter::new();
        for block in text.split_inclusive('\n') {
            splitter.feed(block, &mut |p: Piece| pieces.push(p.into_owned()));
        }
        splitter.finish(&mut |p: Piece| pieces.push(p.into_owned()));
        assert_eq!(pieces, whole);
    }

    #[test]
    fn a_repeated_start_gives_an_empty_hand() {
        let pieces = split_pieces("PokerStars Hand #1: x Hand #2: y");
        assert_eq!(
            summary(&pieces),
            [(1, Kind::Hand, 0, 1), (1, Kind::Hand, 32, 1)]
        );
    }

    #[test]
    fn a_huge_piece_is_cut_with_its_size() {
        let junk = "é\n".repeat(MAX_HAND_CHARS);
        let text = format!("{HAND}{junk}");
        let pieces = split_pieces(&text);
        assert_eq!(summary(&pieces)[0], (1, Kind::Hand, HAND.len() - 1, 5));
        let rest = &pieces[1];
        assert_eq!(
            (rest.kind, rest.size, chars(&rest.text)),
            (Kind::Text, 2 * MAX_HAND_CHARS + 1, KEPT_CHARS)
        );
        assert!(rest.too_large());
    }

    #[test]
    fn blank_text_and_separators_are_not_pieces() {
        assert!(split_pieces(" \n\u{feff}\n*********** # 2 ****\n").is_empty());
        assert_eq!(split_pieces("x").len(), 1);
    }

    #[test]
    fn first_headers_strip_their_lines() {
        let found = first_headers("a\n PokerStars Hand #1: x \n\tb\u{85}\nc\nd\ne\n", 3);
        assert_eq!(found, [("PokerStars Hand #1: x", vec!["b", "c", "d"])]);
    }
}
