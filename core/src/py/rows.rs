//! Python bindings of the rows: the content hashes a store upgrade recomputes.

use super::soko_error;
use pyo3::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(content_hashes, m)?)?;
    Ok(())
}

/// The content hash (`hand-v2`) of each hand's raw text read again as `format` (`pokerstars` or
/// `soko`), or None where the text no longer reads as a hand: how a store rehashes its hands.
#[pyfunction]
fn content_hashes(raws: Vec<String>, format: &str) -> PyResult<Vec<Option<String>>> {
    let dialect = crate::read::dialect(format)
        .ok_or_else(|| soko_error(format!("the core reads no format {format:?}"), None, None))?;
    Ok(super::read::with_lookups(|lookups| {
        raws.iter()
            .map(|raw| {
                crate::read::read_piece(raw, 1, "<stored>", dialect, lookups)
                    .ok()
                    .map(|hand| crate::keys::content_hash(&hand))
            })
            .collect()
    }))
}
