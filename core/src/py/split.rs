//! Python bindings of the `split` area: the splitter `parsers.split.split_pieces` runs on, and the
//! formats' registry, detection and the tails of growing files (the import calls the Rust API directly).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::formats::{self, tail, FORMATS};
use crate::split::{Piece, Splitter};

/// A piece as Python's `Piece`: (line, text, kind, size, lines).
type PyPiece = (usize, String, &'static str, usize, usize);

fn row(piece: Piece<'_>) -> PyPiece {
    (
        piece.line,
        piece.text.into_owned(),
        piece.kind.as_str(),
        piece.size,
        piece.lines,
    )
}

/// The splitter fed a text's blocks of whole lines one by one: `feed(block)` and, at the end,
/// `finish()` give the pieces completed so far (Python's `split_pieces` is this).
#[pyclass(name = "Splitter")]
#[derive(Default)]
struct PySplitter(Splitter);

#[pymethods]
impl PySplitter {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    fn feed(&mut self, py: Python<'_>, block: &str) -> Vec<PyPiece> {
        let mut pieces = Vec::new();
        py.detach(|| self.0.feed(block, &mut |p| pieces.push(row(p))));
        pieces
    }

    fn finish(&mut self) -> Vec<PyPiece> {
        let mut pieces = Vec::new();
        self.0.finish(&mut |p| pieces.push(row(p)));
        pieces
    }
}

/// Every format's score (0 to 1) for the start of a text, in the order of `FORMATS`.
#[pyfunction]
fn format_scores(head: &str) -> Vec<f64> {
    formats::scores(head)
}

/// The format of the start of a text (the first of the best scores), or None when none fits.
#[pyfunction]
fn detect_format(head: &str) -> Option<&'static str> {
    formats::detect(head).map(|f| f.name)
}

/// The bytes of `data` (read from the start of a hand of `format`) that hold whole hands
/// (`formats::tail::complete_end`); None for a format read whole, or an unknown one.
#[pyfunction]
fn complete_end(data: &[u8], format: &str) -> Option<usize> {
    let marks = formats::format(format)?.marks.as_ref()?;
    Some(tail::complete_end(data, marks))
}

/// The formats (`formats::FORMATS`), in detection's order: each a dict of `name`, `site`,
/// `extensions`, `core` (read by the core), `whole` (its files read whole by its own reader: PHH) and, for a site that hides its players' names, `anonymous`
/// (the sites' names, the pattern of their seat labels); `tail` (its hands read from the tail of a file
/// still being written) and `ends` (a hand has an end mark of its own).
fn formats_table(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    let rows = FORMATS.iter().map(|f| -> PyResult<_> {
        let row = PyDict::new(py);
        row.set_item("name", f.name)?;
        row.set_item("site", f.site)?;
        row.set_item("extensions", PyTuple::new(py, f.extensions)?)?;
        row.set_item("core", f.dialect.is_some())?;
        row.set_item("whole", f.dialect.is_some_and(|d| d.whole.is_some()))?;
        row.set_item("anonymous", f.anonymous.as_ref().map(|a| (a.sites, a.seat)))?;
        row.set_item("tail", f.marks.is_some())?;
        row.set_item("ends", f.marks.as_ref().is_some_and(|m| m.end.is_some()))?;
        Ok(row)
    });
    PyTuple::new(py, rows.collect::<PyResult<Vec<_>>>()?)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(format_scores, m)?)?;
    m.add_function(wrap_pyfunction!(detect_format, m)?)?;
    m.add_function(wrap_pyfunction!(complete_end, m)?)?;
    m.add("FORMATS", formats_table(m.py())?)?;
    m.add_class::<PySplitter>()?;
    Ok(())
}
