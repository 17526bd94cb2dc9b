//! Python bindings of the pipeline: a file of the PokerStars family to Arrow batches of the store's
//! tables, with no Python object per hand.

use std::path::Path;

use super::soko_error;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::read::new_lookups;
use super::rules::judge;
use crate::model::Hand;
use crate::pipeline::{FileRead, Games, ReadContext, Rows};
use crate::read::{dialect, Cached};
use crate::rows::columns::export;
use crate::rows::hand::Origin;
use crate::spec::GameSpec;

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
        let games = Games::new(Box::new(|spec: &GameSpec| {
            Python::attach(|py| judge(py, spec))
        }));
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
        let mut games = Games::new(Box::new(|spec: &GameSpec| {
            Python::attach(|py| judge(py, spec))
        }));
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
    m.add_function(wrap_pyfunction!(read_rows, m)?)?;
    m.add_class::<FileReader>()?;
    Ok(())
}
