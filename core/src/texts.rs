//! Texts read again to the store's rows, by the reader an import uses ([`PieceReader`]): a stored
//! hand's raw text (a store's upgrade and `soko repair` make its rows again), or the pieces that
//! Python's splitter cut from a member of a file the core's file readers set aside (a zip of
//! members of several formats). No hand is handed to Python and back (issue 39).

use crate::pipeline::{Games, PieceReader, Rows};
use crate::read::{Dialect, Lookups};
use crate::source::lone_crs_ended;
use crate::split::{Kind, Piece, Splitter};
use std::borrow::Cow;

/// A piece to read: its format's dialect, the file its records name.
pub struct Placed<'a> {
    pub piece: Piece<'a>,
    pub dialect: &'static Dialect,
    pub path: &'a str,
}

/// The pieces of a stored hand's raw text as its file's were cut: its lone carriage returns made
/// line ends, then cut by the splitter (a format read whole, [`Dialect::whole`]: the text is one
/// piece, which its reader cuts), each piece's line counted from `line` (the text's first line in
/// its file).
pub fn pieces_of(text: &str, line: usize, dialect: &Dialect) -> Vec<Piece<'static>> {
    let text = lone_crs_ended(text);
    if dialect.whole.is_some() {
        return vec![Piece {
            line: line.max(1),
            size: text.chars().count(),
            lines: text.lines().count(),
            kind: Kind::Hand,
            text: Cow::Owned(text.into_owned()),
        }];
    }
    let mut splitter = Splitter::new();
    let mut pieces = Vec::new();
    let mut keep = |piece: Piece<'_>| {
        let mut piece = piece.into_owned();
        piece.line += line.saturating_sub(1);
        pieces.push(piece);
    };
    splitter.feed(&text, &mut keep);
    splitter.finish(&mut keep);
    pieces
}

/// How the pieces' hands become rows (as [`crate::pipeline::FileRead`] makes them).
pub struct Reading<'a> {
    pub games: &'a mut Games,
    pub lookups: &'a mut dyn Lookups,
    pub import_id: i32,
    pub audit: bool,
    /// For tests of the per-hand boundary (see [`crate::pipeline::FileRead::fault_hand`]).
    pub fault: Option<&'a str>,
}

/// Each piece's hand's rows, or its record, added to `rows` in order.
pub fn add_pieces<'p>(
    pieces: impl IntoIterator<Item = Placed<'p>>,
    reading: &mut Reading<'_>,
    rows: &mut Rows,
) {
    for Placed {
        piece,
        dialect,
        path,
    } in pieces
    {
        PieceReader {
            name: path,
            dialect,
            lookups: reading.lookups,
            games: reading.games,
            import_id: reading.import_id,
            audit: reading.audit,
            fault: reading.fault,
            make_rows: true,
        }
        .take(piece, rows);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HAND: &str =
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 0:00:00 ET\r\
                        Table 'T' 6-max Seat #1 is the button\r";

    #[test]
    fn a_stored_text_is_cut_with_its_lone_carriage_returns_made_line_ends_from_its_line() {
        let pieces = pieces_of(HAND, 40, &crate::read::POKERSTARS);
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].line, 40);
        assert!(!pieces[0].text.contains('\r'));
    }

    #[test]
    fn a_text_of_a_format_read_whole_is_one_piece_from_its_line() {
        let text = "[1]\nvariant = 'NT'\n[2]\nvariant = 'NT'\n";
        let pieces = pieces_of(text, 7, &crate::read::PHH);
        assert_eq!(pieces.len(), 1);
        assert_eq!(
            (pieces[0].line, pieces[0].lines, pieces[0].text.as_ref()),
            (7, 4, text)
        );
    }

    #[test]
    fn crlf_stays() {
        let text = HAND.replace('\r', "\r\n");
        assert_eq!(pieces_of(&text, 1, &crate::read::POKERSTARS)[0].text, text);
    }
}
