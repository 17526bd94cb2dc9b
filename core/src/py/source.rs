//! Python bindings of the `source` area: what a path holds and its members read as text blocks
//! and bytes decoded to text (`parsers.source` is their front, for the files `read_path` reads; the
//! import calls the Rust API).

use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};

use pyo3::prelude::*;

use crate::source::{self, Member, Problem, TextStream, BLOCK};

/// A problem as Python's quarantine kinds call it: `(kind, reason)`.
fn problem(p: &Problem) -> (&'static str, String) {
    (p.kind.as_str(), p.reason.clone())
}

/// One file to read: a plain file, a gzip body or a zip member.
#[pyclass(name = "Member", frozen)]
struct PyMember(Member);

#[pymethods]
impl PyMember {
    /// The path, or `path:member` for a member of a zip (`path:inner.zip:member` inside a nested one).
    #[getter]
    fn name(&self) -> &str {
        &self.0.name
    }

    /// Why it must not be read (a zip member whose name leaves the archive).
    #[getter]
    fn problem(&self) -> Option<&str> {
        self.0.problem.as_deref()
    }

    /// The quarantine kind of `problem`: `unreadable`, or `too_large` for a nested archive past its bound.
    #[getter]
    fn problem_kind(&self) -> &'static str {
        self.0.problem_kind.as_str()
    }

    /// Its compressed size, for the inflation bound (None for a plain file).
    #[getter]
    fn compressed(&self) -> Option<u64> {
        self.0.compressed
    }
}

type Members = (Vec<PyMember>, Option<(&'static str, String)>);

/// What a path holds: `(members, None)`, or `([], (kind, reason))` when it cannot be opened or is a
/// broken archive. `name` is what the records call the file (default: its path).
#[pyfunction]
#[pyo3(signature = (path, name = None))]
fn members(py: Python<'_>, path: &str, name: Option<&str>) -> Members {
    match py.detach(|| source::members(Path::new(path), name)) {
        Ok(found) => (found.into_iter().map(PyMember).collect(), None),
        Err(p) => (Vec::new(), Some(problem(&p))),
    }
}

/// One member read as text blocks of whole lines: `head()`, then iteration; `error` says why reading
/// stopped before the end, if it did.
///
/// Sendable: a stream made in one thread may be dropped in another (Python's collector runs where it
/// runs); the mutex makes it `Sync` and is never contended (the methods that read take `&mut self`).
#[pyclass(name = "TextStream")]
struct PyTextStream(Mutex<TextStream>);

#[pymethods]
impl PyTextStream {
    #[new]
    #[pyo3(signature = (member, block = BLOCK))]
    fn new(member: &PyMember, block: usize) -> Self {
        PyTextStream(Mutex::new(TextStream::with_block(&member.0, block)))
    }

    /// The first characters, for format detection (the stream still starts at the top).
    fn head(&mut self, py: Python<'_>) -> String {
        let stream = self.stream();
        py.detach(|| stream.head())
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<String> {
        let stream = self.stream();
        py.detach(|| stream.next_block())
    }

    #[getter]
    fn error(&self) -> Option<(&'static str, String)> {
        self.locked().error.as_ref().map(problem)
    }

    #[getter]
    fn bytes_read(&self) -> u64 {
        self.locked().bytes_read
    }
}

impl PyTextStream {
    fn stream(&mut self) -> &mut TextStream {
        self.0.get_mut().unwrap_or_else(PoisonError::into_inner)
    }

    fn locked(&self) -> MutexGuard<'_, TextStream> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Bytes to text: UTF-8 with a BOM dropped, cp1252 for the lines that are not UTF-8 (`decode`).
#[pyfunction]
fn decode(data: &[u8]) -> String {
    source::decode(data)
}

/// A plain file's first characters from its first bytes, decoded as a member's head is (UTF-8, UTF-16 by its
/// BOM or NUL bytes, cp1252 line by line): what format detection looks at.
#[pyfunction]
fn head(data: &[u8]) -> String {
    source::head_text(&data[..data.len().min(source::HEAD_BYTES)]).1
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(head, m)?)?;
    m.add_function(wrap_pyfunction!(members, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_class::<PyMember>()?;
    m.add_class::<PyTextStream>()?;
    Ok(())
}
