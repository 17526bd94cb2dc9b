//! One file of the PokerStars family, from its bytes to the rows of the store's tables.
//!
//! The stages are the core's modules in order: `source` (a file, a gzip body or a zip member,
//! decoded in blocks of whole lines), `split` (one piece per hand), `read` (a hand or the record
//! of why not), `rows` (the Arrow columns). Nothing here is a Python object; memory follows the
//! rows gathered, not the file.

use crate::model::Hand;
use std::collections::HashMap;
use std::sync::Arc;

use crate::read::{self, Dialect, Lookups, Quarantine};
use crate::rows::hand::{
    add_actions, add_cards, add_hand_row, add_quarantine, add_seats, key_and_flows, Cast, Game,
    Origin, QuarantineRow,
};
use crate::rows::tables::{Actions, Cards, Hands, Quarantine as QuarantineTable, Seats};
use crate::source::{ProblemKind, TextStream};
use crate::split::{self, Piece, Splitter};

/// The rows of the hands read so far, table by table.
#[derive(Default)]
pub struct Rows {
    pub hands: Hands,
    pub seats: Seats,
    pub actions: Actions,
    pub cards: Cards,
    pub quarantine: QuarantineTable,
    /// Hands stored and records quarantined.
    pub stored: usize,
    pub quarantined: usize,
}

fn kind_name(kind: read::Kind) -> &'static str {
    match kind {
        read::Kind::Malformed => "malformed",
        read::Kind::Unsupported => "unsupported",
        read::Kind::Incomplete => "incomplete",
        read::Kind::TooLarge => "too_large",
        read::Kind::Internal => "internal",
    }
}

impl Rows {
    /// The rows of one hand.
    pub fn add_hand(&mut self, hand: &Hand, game: &Game, origin: &Origin<'_>) {
        let (key, flows) = key_and_flows(hand);
        let cast = Cast::of(hand);
        add_hand_row(
            &mut self.hands,
            hand,
            key,
            game,
            origin,
            None,
            cast.players_dealt(),
        );
        add_seats(&mut self.seats, hand, key, game, &flows, &cast);
        let final_pot = flows.iter().map(|f| f.put_in).sum();
        add_actions(&mut self.actions, hand, key, game, final_pot);
        add_cards(&mut self.cards, hand, key);
        self.stored += 1;
    }

    /// The row of a record that could not be stored.
    pub fn add_quarantine(&mut self, q: &Quarantine, import_id: i32) {
        self.add_record(
            &QuarantineRow {
                path: &q.path,
                line: q.line,
                start: q.start,
                hand_id: q.hand_id.as_deref(),
                kind: kind_name(q.kind),
                reason: &q.reason,
                raw: &q.raw,
            },
            import_id,
        );
    }

    pub fn add_record(&mut self, row: &QuarantineRow<'_>, import_id: i32) {
        add_quarantine(&mut self.quarantine, row, import_id);
        self.quarantined += 1;
    }
}

/// The rows' facts of each game, by rules text, resolved once through the reader's lookups.
#[derive(Default)]
pub struct Games(HashMap<String, Arc<Game>>);

impl Games {
    pub fn get(&mut self, rules: &str, lookups: &mut dyn Lookups) -> Result<Arc<Game>, String> {
        if let Some(game) = self.0.get(rules) {
            return Ok(game.clone());
        }
        let spec = lookups.spec(rules)?;
        let game = Arc::new(Game::of(&spec));
        self.0.insert(rules.to_string(), game.clone());
        Ok(game)
    }
}

/// A piece as the splitter cut it: a hand, or the record of why not (too large, not a hand).
pub fn read_split_piece(
    piece: &Piece<'_>,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
) -> Result<Hand, Box<Quarantine>> {
    let line = piece.line as u64;
    let is_hand = piece.kind == split::Kind::Hand;
    if piece.too_large() {
        let q = read::too_large(
            &piece.text,
            line,
            path,
            is_hand,
            piece.size as u64,
            piece.lines as u64,
        );
        return Err(Box::new(q));
    }
    if !is_hand {
        return Err(Box::new(read::not_a_hand(&piece.text, line, path)));
    }
    read::read_piece(&piece.text, line, path, dialect, lookups)
}

/// Every hand of one member into `rows`: read, or quarantined with its reason and raw text.
pub fn read_member(
    stream: &mut TextStream,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
    games: &mut Games,
    import_id: i32,
    rows: &mut Rows,
) {
    let name = stream.member().name.clone();
    let origin = Origin {
        fmt: dialect.name,
        import_id,
    };
    let mut splitter = Splitter::new();
    let mut take =
        |piece: Piece<'_>, rows: &mut Rows, lookups: &mut dyn Lookups| match read_split_piece(
            &piece, &name, dialect, lookups,
        ) {
            Ok(hand) => match games.get(&hand.rules, lookups) {
                Ok(game) => rows.add_hand(&hand, &game, &origin),
                Err(reason) => rows.add_record(
                    &QuarantineRow {
                        path: &name,
                        line: piece.line as u64,
                        start: None,
                        hand_id: Some(&hand.hand_id),
                        kind: "internal",
                        reason: &reason,
                        raw: &hand.raw,
                    },
                    import_id,
                ),
            },
            Err(q) => rows.add_quarantine(&q, import_id),
        };
    while let Some(block) = stream.next_block() {
        splitter.feed(&block, &mut |p: Piece<'_>| take(p, rows, lookups));
    }
    splitter.finish(&mut |p: Piece<'_>| take(p, rows, lookups));
    if let Some(problem) = stream.error.take() {
        let kind = match problem.kind {
            ProblemKind::Unreadable => "unreadable",
            ProblemKind::TooLarge => "too_large",
        };
        rows.add_record(
            &QuarantineRow {
                path: &name,
                line: 0,
                start: None,
                hand_id: None,
                kind,
                reason: &problem.reason,
                raw: "",
            },
            import_id,
        );
    }
}
