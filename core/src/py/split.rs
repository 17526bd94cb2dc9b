//! Python bindings of the `split` area: the splitter `parsers.split.split_pieces` runs on (the import
//! calls the Rust API directly), and whole-file reads for the parity tests.

use std::path::Path;

use pyo3::prelude::*;

use crate::source::{self, TextStream};
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

/// Every hand and every stretch of text that is not a hand of a whole text (`split_pieces`).
#[pyfunction]
fn split_pieces(py: Python<'_>, text: &str) -> Vec<PyPiece> {
    py.detach(|| split::split_pieces(text).into_iter().map(row).collect())
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

/// Bytes to text: UTF-8 with a BOM dropped, cp1252 for the lines that are not UTF-8 (`decode`).
#[pyfunction]
fn decode(data: &[u8]) -> String {
    source::decode(data)
}

/// What reading a file gives: per member (name, problem as `kind: reason` or None, its pieces), read as
/// the import reads it (`members`, `TextStream.head`, the blocks through the splitter). A file that cannot
/// be opened, or is a broken archive, is one entry with its problem and no pieces. (Named apart from the
/// `read` area's `read_pieces`, which parses pieces.)
#[pyfunction]
#[pyo3(signature = (path, name=None))]
fn read_file_pieces(
    py: Python<'_>,
    path: &str,
    name: Option<&str>,
) -> Vec<(String, Option<String>, Vec<PyPiece>)> {
    py.detach(|| {
        let path = Path::new(path);
        let found = match source::members(path, name) {
            Ok(found) => found,
            Err(problem) => {
                let label = name.map_or_else(|| path.display().to_string(), str::to_owned);
                return vec![(label, Some(problem.describe()), Vec::new())];
            }
        };
        found
            .into_iter()
            .map(|member| {
                if let Some(problem) = &member.problem {
                    return (
                        member.name.clone(),
                        Some(format!("unreadable: {problem}")),
                        Vec::new(),
                    );
                }
                let mut stream = TextStream::new(&member);
                let head = stream.head();
                let mut pieces = Vec::new();
                if stream.error.is_none() || !head.is_empty() {
                    let mut splitter = Splitter::new();
                    while let Some(block) = stream.next_block() {
                        splitter.feed(&block, &mut |p| pieces.push(row(p)));
                    }
                    splitter.finish(&mut |p| pieces.push(row(p)));
                }
                (
                    member.name.clone(),
                    stream.error.as_ref().map(|p| p.describe()),
                    pieces,
                )
            })
            .collect()
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(split_pieces, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(first_headers, m)?)?;
    m.add_function(wrap_pyfunction!(read_file_pieces, m)?)?;
    m.add_class::<PySplitter>()?;
    Ok(())
}
