//! Python bindings of the pipeline: a file of the PokerStars family to Arrow batches of the store's
//! tables, with no Python object per hand.

use std::path::Path;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::read::with_lookups;
use crate::pipeline::{read_member, Games, Rows};
use crate::read::dialect;
use crate::rows::columns::export;
use crate::rows::hand::QuarantineRow;
use crate::source::{members, TextStream};

/// Every hand of one file (plain, gzip or zip) read as `format` (`pokerstars` or `soko`), as rows:
/// `(stored, quarantined, {table: (schema, array) capsules})` for hands, seats, actions, cards and
/// quarantine. The interpreter is free while the core reads.
#[pyfunction]
#[pyo3(signature = (path, format, import_id, name = None))]
fn read_rows<'py>(
    py: Python<'py>,
    path: &str,
    format: &str,
    import_id: i32,
    name: Option<&str>,
) -> PyResult<(usize, usize, Bound<'py, PyDict>)> {
    let dialect = dialect(format)
        .ok_or_else(|| PyValueError::new_err(format!("the core reads no format {format:?}")))?;
    let mut rows = py.detach(|| {
        let mut rows = Rows::default();
        with_lookups(|lookups| {
            let mut games = Games::default();
            match members(Path::new(path), name) {
                Err(problem) => {
                    add_file_problem(&mut rows, name.unwrap_or(path), &problem.reason, import_id)
                }
                Ok(found) => {
                    for member in found {
                        if let Some(problem) = &member.problem {
                            add_file_problem(&mut rows, &member.name, problem, import_id);
                            continue;
                        }
                        let mut stream = TextStream::new(&member);
                        read_member(
                            &mut stream,
                            dialect,
                            lookups,
                            &mut games,
                            import_id,
                            &mut rows,
                        );
                    }
                }
            }
        });
        rows
    });
    let out = PyDict::new(py);
    out.set_item("hands", export(py, rows.hands.finish())?)?;
    out.set_item("seats", export(py, rows.seats.finish())?)?;
    out.set_item("actions", export(py, rows.actions.finish())?)?;
    out.set_item("cards", export(py, rows.cards.finish())?)?;
    out.set_item("quarantine", export(py, rows.quarantine.finish())?)?;
    Ok((rows.stored, rows.quarantined, out))
}

fn add_file_problem(rows: &mut Rows, path: &str, reason: &str, import_id: i32) {
    rows.add_record(
        &QuarantineRow {
            path,
            line: 0,
            start: None,
            hand_id: None,
            kind: "unreadable",
            reason,
            raw: "",
        },
        import_id,
    );
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_rows, m)?)?;
    Ok(())
}
