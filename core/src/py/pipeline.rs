//! Python bindings of the pipeline: a file of the PokerStars family to Arrow batches of the store's
//! tables, with no Python object per hand.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use super::soko_error;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::read::{new_lookups, piece_of, PyPiece};
use crate::formats::dialect;
use crate::model::Hand;
use crate::pipeline::{FileRead, Games, ReadContext, Rows};
use crate::read::Cached;
use crate::read::Dialect;
use crate::rows::columns::export;
use crate::rows::hand::Origin;
use crate::texts::{add_pieces, pieces_of, Placed, Reading};

/// One file (plain, gzip or zip) of the PokerStars family read by the core, a chunk of rows at a
/// time: iterating gives `(stored, quarantined, {table: (schema, array) capsules})` for hands, seats,
/// actions, cards, quarantine, player_hands, pots and findings (empty unless `audit`), each chunk of at most `rows` hands and records.
#[pyclass(unsendable)]
pub struct FileReader {
    read: FileRead<Cached>,
    rows: usize,
    done: bool,
}

#[pymethods]
impl FileReader {
    #[new]
    /// `fault_hand` is for tests of the per-hand boundary: the core panics on that hand as a bug
    /// would, and the hand must come out as an `internal` record while the file goes on.
    #[pyo3(signature = (path, format, import_id = 0, name = None, rows = 5000, audit = true, fault_hand = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        path: &str,
        format: &str,
        import_id: i32,
        name: Option<&str>,
        rows: usize,
        audit: bool,
        fault_hand: Option<String>,
    ) -> PyResult<Self> {
        let dialect = dialect(format).ok_or_else(|| {
            soko_error(
                format!("the core reads no format {format:?}"),
                Some(path),
                None,
            )
        })?;
        let games = Games::new();
        let mut read = FileRead::open(
            Path::new(path),
            name,
            dialect,
            new_lookups(),
            games,
            import_id,
        );
        read.audit = audit;
        read.fault_hand = fault_hand;
        Ok(FileReader {
            read,
            rows: rows.max(1),
            done: false,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Chunk<'py>>> {
        if self.done {
            return Ok(None);
        }
        let mut rows = Rows::default();
        // Other Python threads run while the core reads (an import's reader threads).
        let (read, limit) = (&mut self.read, self.rows);
        self.done = !py.detach(|| read.fill(&mut rows, limit));
        if self.done && rows.count() == 0 {
            return Ok(None);
        }
        Ok(Some(chunk(py, rows)?))
    }
}

/// Many files read by one reader, their rows sharing chunks: a folder of small files makes a chunk of
/// many files, not a chunk a file, and the reader's memory of header texts and games serves them all.
/// `next_file()` (called with the GIL, when the reader needs another file) gives `(path, name, format,
/// import_id)` or None at the end. Iterating gives `(stored, quarantined, tables, files)`, each chunk of
/// at most `rows` hands and records, where `files` lists `(import_id, stored, quarantined, ended, rows)`
/// for each file with rows in the chunk (or ending in it), in order: the hands and quarantine rows carry
/// their file's import id, and `rows` counts the file's rows of each other table (they come file by file).
#[pyclass]
pub struct FilesReader {
    /// Behind a lock so that the reader may be dropped by any thread (a reader thread's frames may be freed
    /// by another's garbage collection); one thread reads it at a time.
    state: Mutex<Files>,
}

/// What a [`FilesReader`] holds.
struct Files {
    read: Option<FileRead<Cached>>,
    /// The import id of the file being read, if one is open.
    open: Option<i32>,
    next_file: Py<PyAny>,
    rows: usize,
    audit: bool,
    fault_hand: Option<String>,
    done: bool,
}

/// A file's share of a chunk: import id, hands stored, records quarantined, whether it ended, its rows of
/// each table that names no file.
type FileShare = (i32, usize, usize, bool, HashMap<&'static str, usize>);

#[pymethods]
impl FilesReader {
    #[new]
    #[pyo3(signature = (next_file, rows = 5000, audit = true, fault_hand = None))]
    fn new(next_file: Py<PyAny>, rows: usize, audit: bool, fault_hand: Option<String>) -> Self {
        FilesReader {
            state: Mutex::new(Files {
                read: None,
                open: None,
                next_file,
                rows: rows.max(1),
                audit,
                fault_hand,
                done: false,
            }),
        }
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<FilesChunk<'py>>> {
        let mut state = self
            .state
            .lock()
            .map_err(|_| soko_error("a reader of files broke on an earlier chunk", None, None))?;
        state.next_chunk(py)
    }
}

/// A file's share before any of its rows.
fn share(import_id: i32) -> FileShare {
    (import_id, 0, 0, false, HashMap::new())
}

impl Files {
    /// The next chunk: files read in turn until it holds `rows` hands and records or none is left.
    fn next_chunk<'py>(&mut self, py: Python<'py>) -> PyResult<Option<FilesChunk<'py>>> {
        let mut rows = Rows::default();
        let mut files: Vec<FileShare> = self.open.map(share).into_iter().collect();
        while !self.done && rows.count() < self.rows {
            if self.open.is_none() && !self.next(py)? {
                self.done = true;
                files.retain(|share| share.3 || share.1 + share.2 > 0);
                break;
            }
            if self.open.is_none() {
                continue;
            }
            let import_id = self.open.unwrap_or_default();
            if files.last().is_none_or(|share| share.0 != import_id) {
                files.push(share(import_id));
            }
            let before = (rows.stored, rows.quarantined, rows.lengths());
            let (Some(read), limit) = (self.read.as_mut(), self.rows) else {
                break;
            };
            let more = py.detach(|| read.fill(&mut rows, limit));
            if let Some(share) = files.last_mut() {
                share.1 += rows.stored - before.0;
                share.2 += rows.quarantined - before.1;
                for (table, now) in rows.lengths() {
                    *share.4.entry(table).or_default() += now - before.2[table];
                }
                if !more {
                    share.3 = true;
                    self.open = None;
                }
            }
        }
        if files.is_empty() && rows.count() == 0 {
            return Ok(None);
        }
        let (stored, quarantined, tables) = chunk(py, rows)?;
        Ok(Some((stored, quarantined, tables, files)))
    }

    /// Open the next file `next_file()` gives; false at the end.
    fn next(&mut self, py: Python<'_>) -> PyResult<bool> {
        let task = self.next_file.bind(py).call0()?;
        if task.is_none() {
            return Ok(false);
        }
        let (path, name, format, import_id): (String, String, String, i32) = task.extract()?;
        let dialect = dialect(&format).ok_or_else(|| {
            soko_error(
                format!("the core reads no format {format:?}"),
                Some(&path),
                None,
            )
        })?;
        match self.read.as_mut() {
            Some(read) => read.reopen(Path::new(&path), Some(&name), dialect, import_id),
            None => {
                let games = Games::new();
                let mut read = FileRead::open(
                    Path::new(&path),
                    Some(&name),
                    dialect,
                    new_lookups(),
                    games,
                    import_id,
                );
                read.audit = self.audit;
                read.fault_hand = self.fault_hand.clone();
                self.read = Some(read);
            }
        }
        self.open = Some(import_id);
        Ok(true)
    }
}

type FilesChunk<'py> = (usize, usize, Bound<'py, PyDict>, Vec<FileShare>);

type Chunk<'py> = (usize, usize, Bound<'py, PyDict>);

fn chunk(py: Python<'_>, mut rows: Rows) -> PyResult<Chunk<'_>> {
    let out = PyDict::new(py);
    out.set_item("hands", export(py, rows.hands.finish())?)?;
    out.set_item("seats", export(py, rows.seats.finish())?)?;
    out.set_item("actions", export(py, rows.actions.finish())?)?;
    out.set_item("cards", export(py, rows.cards.finish())?)?;
    out.set_item("quarantine", export(py, rows.quarantine.finish())?)?;
    out.set_item("player_hands", export(py, rows.player_hands.finish())?)?;
    out.set_item("pots", export(py, rows.pots.finish())?)?;
    out.set_item("findings", export(py, rows.findings.finish())?)?;
    out.set_item(
        "tournament_finishes",
        export(py, rows.tournament_finishes.finish())?,
    )?;
    Ok((rows.stored, rows.quarantined, out))
}

/// Every hand of one file at once (see [`FileReader`]): `(stored, quarantined, tables)`.
#[pyfunction]
#[pyo3(signature = (path, format, import_id, name = None, audit = true))]
fn read_rows<'py>(
    py: Python<'py>,
    path: &str,
    format: &str,
    import_id: i32,
    name: Option<&str>,
    audit: bool,
) -> PyResult<Chunk<'py>> {
    let mut reader = FileReader::new(path, format, import_id, name, usize::MAX, audit, None)?;
    let mut rows = Rows::default();
    reader.read.fill(&mut rows, usize::MAX);
    chunk(py, rows)
}

/// Hands Python has read (PHH, or any file under `--strict`), as canonical JSON, to the Arrow
/// tables of the store as [`FileReader`] gives them: audited when `audit`, with their facts, each
/// hand's format its source's (else `format`). A hand the core cannot take is an `internal`
/// quarantine record. `fault_hand`: as [`FileReader`]'s.
#[pyfunction]
#[pyo3(signature = (hands, format, import_id = 0, audit = true, fault_hand = None))]
fn hand_batch<'py>(
    py: Python<'py>,
    hands: Vec<String>,
    format: &str,
    import_id: i32,
    audit: bool,
    fault_hand: Option<String>,
) -> PyResult<Chunk<'py>> {
    let hands: Vec<Hand> = hands
        .iter()
        .map(|text| serde_json::from_str(text))
        .collect::<Result<_, _>>()
        .map_err(|e| soko_error(format!("hand JSON: {e}"), None, None))?;
    let rows = py.detach(|| {
        let mut games = Games::new();
        let mut lookups = new_lookups();
        let mut rows = Rows::default();
        for hand in &hands {
            let source = hand.source.as_ref();
            let fmt = source.and_then(|s| s.format.as_deref()).unwrap_or(format);
            let origin = Origin { fmt, import_id };
            let mut at = ReadContext {
                games: &mut games,
                lookups: &mut lookups,
                path: source.map_or("<hand>", |s| s.path.as_str()),
                line: source.map_or(0, |s| s.line),
                audit,
                fault: fault_hand.as_deref(),
            };
            rows.add_read(hand, &mut at, &origin);
        }
        rows
    });
    chunk(py, rows)
}

/// Stored hands' raw texts read again, to the Arrow tables of the store as [`FileReader`] gives them:
/// each `(raw, format, path, line)` cut as its file was (`texts::pieces_of`), each piece read as
/// `format` (a format the core reads) under `path`, its lines counted from `line`, audited when
/// `audit`, with its facts. How `soko repair` and a store's upgrades make rows again from the raw
/// text, with no hand crossing into Python and back. `fault_hand`: as [`FileReader`]'s.
#[pyfunction]
#[pyo3(signature = (texts, import_id = 0, audit = true, fault_hand = None))]
fn text_rows<'py>(
    py: Python<'py>,
    texts: Vec<(String, String, String, usize)>,
    import_id: i32,
    audit: bool,
    fault_hand: Option<String>,
) -> PyResult<Chunk<'py>> {
    let dialects = texts
        .iter()
        .map(|(_, format, path, _)| core_dialect(format, path))
        .collect::<PyResult<Vec<_>>>()?;
    let rows = py.detach(|| {
        let placed = texts
            .iter()
            .zip(dialects)
            .flat_map(|((raw, _, path, line), dialect)| {
                pieces_of(raw, *line, dialect)
                    .into_iter()
                    .map(move |piece| Placed {
                        piece,
                        dialect,
                        path: path.as_str(),
                    })
            });
        rows_of(placed, import_id, audit, fault_hand.as_deref())
    });
    chunk(py, rows)
}

/// The pieces `(text, first line, kind, size, lines)` that Python's splitter cut from a member of
/// `format` named `path` (of a file the core's file readers set aside: a zip of members of several
/// formats), to the Arrow tables of the store as [`FileReader`] gives them. `fault_hand`: as
/// [`FileReader`]'s.
#[pyfunction]
#[pyo3(signature = (pieces, path, format, import_id = 0, audit = true, fault_hand = None))]
fn piece_rows<'py>(
    py: Python<'py>,
    pieces: Vec<PyPiece>,
    path: &str,
    format: &str,
    import_id: i32,
    audit: bool,
    fault_hand: Option<String>,
) -> PyResult<Chunk<'py>> {
    let dialect = core_dialect(format, path)?;
    let rows = py.detach(|| {
        let placed = pieces.into_iter().map(|piece| Placed {
            piece: piece_of(piece),
            dialect,
            path,
        });
        rows_of(placed, import_id, audit, fault_hand.as_deref())
    });
    chunk(py, rows)
}

/// The dialect of a format the core reads; an error naming `path` for another.
fn core_dialect(format: &str, path: &str) -> PyResult<&'static Dialect> {
    dialect(format).ok_or_else(|| {
        soko_error(
            format!("the core reads no format {format:?}"),
            Some(path),
            None,
        )
    })
}

/// The rows of pieces, read with a reader's lookups and games of their own.
fn rows_of<'p>(
    placed: impl IntoIterator<Item = Placed<'p>>,
    import_id: i32,
    audit: bool,
    fault: Option<&str>,
) -> Rows {
    let mut games = Games::new();
    let mut lookups = new_lookups();
    let mut rows = Rows::default();
    let mut reading = Reading {
        games: &mut games,
        lookups: &mut lookups,
        import_id,
        audit,
        fault,
    };
    add_pieces(placed, &mut reading, &mut rows);
    rows
}

/// The parse alone, for `bench/parse.py`: one file read as [`FileReader`] reads it (source, split,
/// the reader's checks), its hands and records counted and no row made: `(hands, records)`.
#[pyfunction]
fn parse_count(py: Python<'_>, path: &str, format: &str) -> PyResult<(usize, usize)> {
    let mut reader = FileReader::new(path, format, 0, None, usize::MAX, false, None)?;
    reader.read.make_rows = false;
    let mut rows = Rows::default();
    let read = &mut reader.read;
    py.detach(|| read.fill(&mut rows, usize::MAX));
    Ok((rows.stored, rows.quarantined))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_count, m)?)?;
    m.add_function(wrap_pyfunction!(hand_batch, m)?)?;
    m.add_function(wrap_pyfunction!(text_rows, m)?)?;
    m.add_function(wrap_pyfunction!(piece_rows, m)?)?;
    m.add_function(wrap_pyfunction!(read_rows, m)?)?;
    m.add_class::<FileReader>()?;
    m.add_class::<FilesReader>()?;
    Ok(())
}
