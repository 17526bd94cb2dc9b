//! One file of the PokerStars family, from its bytes to the rows of the store's tables.
//!
//! The stages are the core's modules in order: `source` (a file, a gzip body or a zip member,
//! decoded in blocks of whole lines), `split` (one piece per hand), `read` (a hand or the record
//! of why not), `rows` (the Arrow columns). Nothing here is a Python object; memory follows the
//! rows gathered, not the file.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::Arc;

use crate::facts::row::{player_hands, PlayerRow};
use crate::ledger::Flow;
use crate::model::Hand;
use crate::quarantine::QuarantineKind;
use crate::read::{self, Dialect, Lookups, Quarantine};
use crate::replay::Judge;
use crate::replay::{self, HandValues};
use crate::rows::audit::add_audit;
use crate::rows::hand::{
    add_actions, add_cards, add_hand_row, add_quarantine, add_seats, key_and_flows, Cast, Game,
    Origin, QuarantineRow,
};
use crate::rows::players::add_player_hands;
use crate::rows::tables::{
    Actions, Cards, Findings, Hands, PlayerHands, Pots, Quarantine as QuarantineTable, Seats,
    TournamentFinishes,
};
use crate::rows::tourney::add_finishes;
use crate::source::{members, Member, TextStream};
use crate::spec::GameSpec;
use crate::split::{self, Piece, Splitter};

/// The rows of the hands read so far, table by table.
#[derive(Default)]
pub struct Rows {
    pub hands: Hands,
    pub seats: Seats,
    pub actions: Actions,
    pub cards: Cards,
    pub quarantine: QuarantineTable,
    pub player_hands: PlayerHands,
    pub pots: Pots,
    pub findings: Findings,
    pub tournament_finishes: TournamentFinishes,
    /// Hands stored and records quarantined.
    pub stored: usize,
    pub quarantined: usize,
}

impl Rows {
    /// Rows added so far: hands stored and records quarantined.
    pub fn count(&self) -> usize {
        self.stored + self.quarantined
    }

    /// The rows so far of each table that names no file (the hands' and quarantine's `import_id` does):
    /// what tells which file a row of a chunk of many files came from.
    pub fn lengths(&self) -> HashMap<&'static str, usize> {
        HashMap::from([
            ("seats", self.seats.len()),
            ("actions", self.actions.len()),
            ("cards", self.cards.len()),
            ("player_hands", self.player_hands.len()),
            ("pots", self.pots.len()),
            ("findings", self.findings.len()),
            ("tournament_finishes", self.tournament_finishes.len()),
        ])
    }

    /// The rows of one hand, audited first when `audit` (as `read_chunks` does): a hand the replay
    /// cannot take (a bug of ours) becomes an `internal` record instead, with no rows.
    pub fn add_hand(
        &mut self,
        hand: &Hand,
        rules: &GameRules,
        origin: &Origin<'_>,
        audit: bool,
        line: u64,
        fault: Option<&str>,
    ) {
        // Everything that can fail (or, a bug of ours, panic) is worked out before a row is added.
        let worked = guarded(|| prepare(hand, rules, audit, fault)).and_then(|r| r);
        let prepared = match worked {
            Ok(prepared) => prepared,
            Err(fault) => {
                let reason = format!("internal error: {fault}; this is a bug in soko_analytics");
                let path = hand.source.as_ref().map_or("<hand>", |s| s.path.as_str());
                let record = QuarantineRow {
                    path,
                    line,
                    start: None,
                    hand_id: Some(&hand.hand_id),
                    kind: QuarantineKind::Internal.as_str(),
                    reason: &reason,
                    raw: &hand.raw,
                    format: Some(origin.fmt),
                };
                self.add_record(&record, origin.import_id);
                return;
            }
        };
        let Prepared {
            audit,
            players,
            key,
            flows,
            cast,
        } = prepared;
        let game = &rules.game;
        let audit_ok = audit.as_ref().map(|a| a.ok());
        add_hand_row(&mut self.hands, hand, key, game, origin, audit_ok, &cast);
        add_seats(&mut self.seats, hand, key, game, &flows, &cast);
        let final_pot = flows.iter().map(|f| f.put_in).sum();
        add_actions(&mut self.actions, hand, key, game, final_pot);
        add_cards(&mut self.cards, hand, key);
        add_finishes(&mut self.tournament_finishes, hand, key);
        add_player_hands(&mut self.player_hands, &players);
        if let Some(result) = &audit {
            add_audit(&mut self.pots, &mut self.findings, key, result);
        }
        self.stored += 1;
    }

    /// The rows of a hand read, under the rules its rules text names (resolved once per text):
    /// [`Rows::add_hand`], or an `internal` record when the rules cannot be had.
    pub fn add_read(&mut self, hand: &Hand, at: &mut ReadContext<'_>, origin: &Origin<'_>) {
        match at.games.get(&hand.rules, at.lookups) {
            Ok(game) => self.add_hand(hand, &game, origin, at.audit, at.line, at.fault),
            Err(reason) => self.add_record(
                &QuarantineRow {
                    path: at.path,
                    line: at.line,
                    start: None,
                    hand_id: Some(&hand.hand_id),
                    kind: QuarantineKind::Internal.as_str(),
                    reason: &reason,
                    raw: &hand.raw,
                    format: Some(origin.fmt),
                },
                origin.import_id,
            ),
        }
    }

    /// The row of a record that could not be stored, of text read as `format`.
    pub fn add_quarantine(&mut self, q: &Quarantine, format: &str, import_id: i32) {
        self.add_record(
            &QuarantineRow {
                path: &q.path,
                line: q.line,
                start: q.start,
                hand_id: q.hand_id.as_deref(),
                kind: QuarantineKind::from(q.kind).as_str(),
                reason: &q.reason,
                raw: &q.raw,
                format: Some(format),
            },
            import_id,
        );
    }

    pub fn add_record(&mut self, row: &QuarantineRow<'_>, import_id: i32) {
        add_quarantine(&mut self.quarantine, row, import_id);
        self.quarantined += 1;
    }
}

/// What a hand's rows are made from, worked out before any is added.
struct Prepared<'h> {
    audit: Option<replay::Audit<'h>>,
    players: Vec<PlayerRow>,
    key: i64,
    flows: Vec<Flow>,
    cast: Cast,
}

fn prepare<'h>(
    hand: &'h Hand,
    rules: &'h GameRules,
    audit: bool,
    fault: Option<&str>,
) -> Result<Prepared<'h>, String> {
    if fault == Some(hand.hand_id.as_str()) {
        panic!(
            "a fault injected on hand {} (FileRead::fault_hand)",
            hand.hand_id
        );
    }
    let audit = if audit {
        let values = rules.judge.as_ref().map(|j| j as &dyn HandValues);
        Some(replay::audit(hand, &rules.spec, values).map_err(|fault| fault.to_string())?)
    } else {
        None
    };
    let evaluator = rules
        .judge
        .as_ref()
        .filter(|j| j.single() && !rules.spec.has_draws())
        .map(Judge::evaluator);
    let players = player_hands(hand, &rules.spec, evaluator);
    let (key, flows) = key_and_flows(hand);
    Ok(Prepared {
        audit,
        players,
        key,
        flows,
        cast: Cast::of(hand),
    })
}

/// `work()`, or what it panicked with: a bug of ours on one hand must not stop the file.
pub fn guarded<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|payload| {
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        format!("panic: {text}")
    })
}

/// Where a hand was read and how its rows are made ([`Rows::add_read`]).
pub struct ReadContext<'a> {
    pub games: &'a mut Games,
    pub lookups: &'a mut dyn Lookups,
    /// The file (or member) and line the hand's records name.
    pub path: &'a str,
    pub line: u64,
    pub audit: bool,
    /// For tests of the per-hand boundary (see [`FileRead::fault_hand`]).
    pub fault: Option<&'a str>,
}

/// What the rows of a hand need of its game: the rows' facts, the spec, what values its showdowns.
pub struct GameRules {
    pub game: Game,
    pub spec: Arc<GameSpec>,
    pub judge: Option<Judge>,
}

/// Each game's [`GameRules`], by rules text, resolved once through the reader's lookups.
#[derive(Default)]
pub struct Games {
    known: HashMap<String, Arc<GameRules>>,
}

impl Games {
    pub fn new() -> Games {
        Games::default()
    }

    pub fn get(
        &mut self,
        rules: &str,
        lookups: &mut dyn Lookups,
    ) -> Result<Arc<GameRules>, String> {
        if let Some(game) = self.known.get(rules) {
            return Ok(game.clone());
        }
        let spec = lookups.spec(rules).map_err(|fault| fault.to_string())?;
        let game = Arc::new(GameRules {
            game: Game::of(&spec),
            judge: Judge::of(&spec),
            spec,
        });
        self.known.insert(rules.to_string(), game.clone());
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

/// [`read_split_piece`], with a bug of ours on the piece (a panic) made its `internal` record: one
/// piece never stops the file.
pub fn read_guarded(
    piece: &Piece<'_>,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
) -> Result<Hand, Box<Quarantine>> {
    guarded(|| read_split_piece(piece, path, dialect, lookups)).unwrap_or_else(|fault| {
        let line = piece.line as u64;
        Err(Box::new(read::internal(&piece.text, line, path, &fault)))
    })
}

/// What is left of the current member after the last block: its pieces, then why it stopped early
/// (if it did), then its end.
enum Pending {
    Piece(Piece<'static>),
    /// A hand's text its format's own cutter cut ([`Dialect::whole`]), read when the rows are asked for, as a piece is.
    Chunk(read::PhhChunk),
    Problem(&'static str, String),
    End,
}

/// One file read a budget of rows at a time: its members in order, each decoded in blocks and split
/// into pieces as the rows are asked for, so memory follows the budget (and one block), not the file.
pub struct FileRead<L: Lookups> {
    members: VecDeque<Member>,
    /// Why the file could not be opened at all (reported once, by the first `fill`).
    problem: Option<(String, String)>,
    /// The member being read, and its name.
    current: Option<(TextStream, Splitter)>,
    name: String,
    /// Split off the current member and not read yet (a block holds hundreds of hands).
    pending: VecDeque<Pending>,
    /// The cutter of the current member into hands, for a format its own reader cuts ([`Dialect::whole`]):
    /// fed block by block like the splitter, so memory follows the block and the hand, not the file.
    cutter: Option<read::PhhCutter>,
    dialect: &'static Dialect,
    lookups: L,
    games: Games,
    import_id: i32,
    /// Whether each hand is audited (its `pots` and `findings` rows, `hands.audit_ok`).
    pub audit: bool,
    /// For tests of the per-hand boundary: the id of a hand on which the core panics as a bug would.
    pub fault_hand: Option<String>,
    /// Whether the hands read become rows (false: they are read and counted only, the parse alone).
    pub make_rows: bool,
}

impl<L: Lookups> FileRead<L> {
    /// `name` is what the records call the file (default: its path).
    pub fn open(
        path: &Path,
        name: Option<&str>,
        dialect: &'static Dialect,
        lookups: L,
        games: Games,
        import_id: i32,
    ) -> Self {
        let mut read = FileRead {
            members: VecDeque::new(),
            problem: None,
            current: None,
            name: String::new(),
            pending: VecDeque::new(),
            cutter: None,
            dialect,
            lookups,
            games,
            import_id,
            audit: true,
            make_rows: true,
            fault_hand: None,
        };
        read.reopen(path, name, dialect, import_id);
        read
    }

    /// Go on to another file, keeping what the reader has learnt (header texts, games): a folder of
    /// many small files pays for them once, not once a file. What is left of the file before is
    /// dropped.
    pub fn reopen(
        &mut self,
        path: &Path,
        name: Option<&str>,
        dialect: &'static Dialect,
        import_id: i32,
    ) {
        let (members, problem) = match members(path, name) {
            Ok(found) => (found.into(), None),
            Err(problem) => {
                let label = name.map_or_else(|| path.display().to_string(), str::to_owned);
                (VecDeque::new(), Some((label, problem.reason)))
            }
        };
        self.members = members;
        self.problem = problem;
        self.current = None;
        self.name.clear();
        self.pending.clear();
        self.cutter = None;
        self.dialect = dialect;
        self.import_id = import_id;
    }

    /// The reader of this file's pieces, with what the file reader has learnt.
    fn piece_reader(&mut self) -> PieceReader<'_> {
        PieceReader {
            name: &self.name,
            dialect: self.dialect,
            lookups: &mut self.lookups,
            games: &mut self.games,
            import_id: self.import_id,
            audit: self.audit,
            fault: self.fault_hand.as_deref(),
            make_rows: self.make_rows,
        }
    }

    /// Add rows until `rows` holds `budget` or the file ends; false once nothing is left to read.
    pub fn fill(&mut self, rows: &mut Rows, budget: usize) -> bool {
        if let Some((path, reason)) = self.problem.take() {
            rows.add_record(
                &file_problem(&path, QuarantineKind::Unreadable.as_str(), &reason),
                self.import_id,
            );
        }
        while rows.count() < budget {
            match self.pending.pop_front() {
                Some(Pending::Piece(piece)) => self.piece_reader().take(piece, rows),
                Some(Pending::Chunk(chunk)) => {
                    let read = read_chunk_guarded(&chunk, &self.name, &mut self.lookups);
                    let line = start_line(&read, chunk.start);
                    self.piece_reader().add(read, line, rows);
                }
                Some(Pending::Problem(kind, reason)) => {
                    rows.add_record(&file_problem(&self.name, kind, &reason), self.import_id)
                }
                Some(Pending::End) => self.current = None,
                None => {
                    if !self.advance(rows) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Split the next block of the current member (opening the next member when none is open);
    /// false when no member is left.
    fn advance(&mut self, rows: &mut Rows) -> bool {
        let Some((stream, splitter)) = &mut self.current else {
            let Some(member) = self.members.pop_front() else {
                return false;
            };
            self.name = member.name.clone();
            match &member.problem {
                Some(problem) => rows.add_record(
                    &file_problem(&member.name, member.problem_kind.as_str(), problem),
                    self.import_id,
                ),
                None => {
                    self.current = Some((TextStream::new(&member), Splitter::new()));
                    self.cutter = self.dialect.whole.map(|_| read::PhhCutter::new());
                }
            }
            return true;
        };
        let pending = &mut self.pending;
        let mut keep = |p: Piece<'_>| pending.push_back(Pending::Piece(p.into_owned()));
        let block = stream.next_block();
        let ended = block.is_none();
        let chunks = match (block, &mut self.cutter) {
            (Some(block), Some(cutter)) => {
                cutter.feed(&block);
                cutter.take()
            }
            (Some(block), None) => {
                splitter.feed(&block, &mut keep);
                Vec::new()
            }
            (None, cutter) => {
                splitter.finish(&mut keep);
                cutter
                    .take()
                    .map(read::PhhCutter::finish)
                    .unwrap_or_default()
            }
        };
        self.pending.extend(chunks.into_iter().map(Pending::Chunk));
        if ended {
            if let Some(problem) = stream.error.take() {
                self.pending
                    .push_back(Pending::Problem(problem.kind.as_str(), problem.reason));
            }
            self.pending.push_back(Pending::End);
        }
        true
    }
}

/// One hand a format's own cutter cut ([`read::PhhCutter`]), read; a bug of ours (a panic) is its
/// `internal` record.
pub fn read_chunk_guarded(
    chunk: &read::PhhChunk,
    name: &str,
    lookups: &mut dyn Lookups,
) -> Result<Hand, Box<Quarantine>> {
    guarded(|| read::read_phh_chunk(chunk, name, lookups)).unwrap_or_else(|fault| {
        Err(Box::new(read::internal(
            &chunk.text,
            chunk.start,
            name,
            &fault,
        )))
    })
}

/// Every hand (or record) of a text read whole by its format's own reader, the text starting on line
/// `first` of its file, each with the line it starts on; a bug of ours (a panic) is the text's
/// `internal` record.
fn whole_outcomes(
    reader: read::WholeReader,
    text: &str,
    first: u64,
    name: &str,
    lookups: &mut dyn Lookups,
) -> Vec<(Result<Hand, Box<Quarantine>>, u64)> {
    let shift = first.saturating_sub(1);
    let outcomes = guarded(|| reader(text, name, lookups))
        .unwrap_or_else(|fault| vec![Err(Box::new(read::internal(text, 1, name, &fault)))]);
    outcomes
        .into_iter()
        .map(|mut outcome| {
            match &mut outcome {
                Ok(hand) => {
                    if let Some(source) = hand.source.as_mut() {
                        source.line += shift;
                    }
                }
                Err(q) => {
                    q.line += shift;
                    q.start = q.start.map(|start| start + shift);
                }
            }
            let line = start_line(&outcome, first);
            (outcome, line)
        })
        .collect()
}

/// The line a hand read (or its record) starts on: its source's, else `first`.
fn start_line(read: &Result<Hand, Box<Quarantine>>, first: u64) -> u64 {
    match read {
        Ok(hand) => hand.source.as_ref().map_or(first, |s| s.line),
        Err(q) => q.start.unwrap_or(q.line),
    }
}

/// The record of a file or member that could not be read (line 0, no hand).
fn file_problem<'a>(path: &'a str, kind: &'a str, reason: &'a str) -> QuarantineRow<'a> {
    QuarantineRow {
        path,
        line: 0,
        start: None,
        hand_id: None,
        kind,
        reason,
        raw: "",
        format: None,
    }
}

/// What turns a member's pieces into rows (and the pieces of texts read again).
pub struct PieceReader<'a> {
    /// The file (or member) the piece's hand and records name.
    pub name: &'a str,
    pub dialect: &'static Dialect,
    pub lookups: &'a mut dyn Lookups,
    pub games: &'a mut Games,
    pub import_id: i32,
    pub audit: bool,
    pub fault: Option<&'a str>,
    pub make_rows: bool,
}

impl PieceReader<'_> {
    /// The piece's hand's rows, or its record.
    /// A format read whole ([`Dialect::whole`]) takes the piece as a whole text: its every hand's rows.
    pub fn take(&mut self, piece: Piece<'_>, rows: &mut Rows) {
        if let Some(reader) = self.dialect.whole {
            let line = piece.line as u64;
            for (read, line) in whole_outcomes(reader, &piece.text, line, self.name, self.lookups) {
                self.add(read, line, rows);
            }
            return;
        }
        let read = read_guarded(&piece, self.name, self.dialect, self.lookups);
        self.add(read, piece.line as u64, rows);
    }

    /// The rows of a hand read (or its record), the hand starting on `line`.
    fn add(&mut self, read: Result<Hand, Box<Quarantine>>, line: u64, rows: &mut Rows) {
        let origin = Origin {
            fmt: self.dialect.name,
            import_id: self.import_id,
        };
        match read {
            Ok(_) if !self.make_rows => rows.stored += 1,
            Err(_) if !self.make_rows => rows.quarantined += 1,
            Ok(hand) => rows.add_read(
                &hand,
                &mut ReadContext {
                    games: self.games,
                    lookups: self.lookups,
                    path: self.name,
                    line,
                    audit: self.audit,
                    fault: self.fault,
                },
                &origin,
            ),
            Err(q) => rows.add_quarantine(&q, self.dialect.name, self.import_id),
        }
    }
}
