//! Python bindings of the `split` area: the splitter `parsers.split.split_pieces` runs on and the header
//! search of format detection (the import calls the Rust API directly).

use pyo3::prelude::*;

use crate::split::{self, Piece, Splitter};

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

/// The first `count` hand headers of a text, wherever they start: (the header line from its start,
/// the three lines after it), each stripped as Python's `str.strip` strips, within 2,000 characters of
/// the header's start. What format detection looks at (`parsers.split.first_headers`).
#[pyfunction]
#[pyo3(signature = (head, count = 3))]
fn first_headers(head: &str, count: usize) -> Vec<(String, Vec<String>)> {
    split::header_starts(head)
        .into_iter()
        .take(count)
        .map(|start| {
            let rest = &head[start..];
            let window = rest
                .char_indices()
                .nth(2000)
                .map_or(rest, |(at, _)| &rest[..at]);
            let mut lines = window
                .split('\n')
                .map(|line| split::py_strip(line).to_string());
            let first = lines.next().unwrap_or_default();
            (first, lines.take(3).collect())
        })
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(first_headers, m)?)?;
    m.add_class::<PySplitter>()?;
    Ok(())
}
