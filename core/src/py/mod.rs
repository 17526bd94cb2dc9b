//! The Python module `soko_analytics._core`: one binding file per area of the core.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::ledger;
use crate::model::Hand;
use crate::spec::GameSpec;

mod eval;
mod facts;
mod pipeline;
mod pots;
mod read;
mod replay;
mod rows;
mod rules;
mod source;
mod split;
mod table;
mod vocab;

/// A `soko_analytics.errors.CoreError` (a `SokoError`, the package's one error base) with its reason
/// and, where known, the file and line: how every binding reports what it cannot take.
pub(crate) fn soko_error(
    reason: impl std::fmt::Display,
    path: Option<&str>,
    line: Option<u64>,
) -> PyErr {
    let reason = reason.to_string();
    Python::attach(|py| {
        let made = py
            .import("soko_analytics.errors")
            .and_then(|m| m.getattr("CoreError"))
            .and_then(|class| {
                let kwargs = pyo3::types::PyDict::new(py);
                kwargs.set_item("path", path)?;
                kwargs.set_item("line", line)?;
                class.call((reason.as_str(),), Some(&kwargs))
            });
        match made {
            Ok(error) => PyErr::from_value(error),
            Err(_) => PyValueError::new_err(reason),
        }
    })
}

/// The canonical JSON of a hand read back and written again: proves both sides agree on the form.
#[pyfunction]
fn hand_json_roundtrip(text: &str) -> PyResult<String> {
    let hand: Hand = serde_json::from_str(text)
        .map_err(|e| soko_error(format!("hand JSON: {e}"), None, None))?;
    serde_json::to_string(&hand).map_err(|e| soko_error(e, None, None))
}

/// The street names of a spec given as `GameSpec.to_dict()` JSON: proves the core reads every spec.
#[pyfunction]
fn spec_streets(text: &str) -> PyResult<Vec<String>> {
    let spec = GameSpec::from_json(text).map_err(|e| soko_error(e, None, None))?;
    Ok(spec.streets.into_iter().map(|s| s.name).collect())
}

#[pymodule]
pub fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The ledger's vocabulary, read by Python from here (defined once, in `ledger.rs`).
    m.add(
        "ADDED_MONEY",
        pyo3::types::PyTuple::new(m.py(), ledger::ADDED_MONEY)?,
    )?;
    m.add(
        "IN_POT_FROM_START",
        pyo3::types::PyTuple::new(m.py(), ledger::IN_POT_FROM_START)?,
    )?;
    m.add_function(wrap_pyfunction!(hand_json_roundtrip, m)?)?;
    m.add_function(wrap_pyfunction!(spec_streets, m)?)?;
    source::register(m)?;
    split::register(m)?;
    read::register(m)?;
    replay::register(m)?;
    eval::register(m)?;
    facts::register(m)?;
    rows::register(m)?;
    pipeline::register(m)?;
    table::register(m)?;
    pots::register(m)?;
    vocab::register(m)?;
    rules::register(m)?;
    Ok(())
}
