//! The vocabularies, tables and money text Python reads from the core, each defined once there:
//! `VOCABULARIES` (the enums of `crate::vocab`), the action kinds' `FORCED_KINDS` and
//! `BETTING_KINDS`, the cards' `RANKS` and `SUITS`, the hold'em `POSITIONS` and
//! `POSITION_GROUPS`, the `CURRENCY_SYMBOLS` the logs use, the findings' `STREET_SHOWDOWN`, the
//! store's `TABLES` and `format_amount`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::cards::{RANKS, SUITS};
use crate::facts::row::{POSITIONS, POSITION_GROUPS};
use crate::model::ActionKind;
use crate::read::SYMBOLS;
use crate::replay::findings::STREET_SHOWDOWN;
use crate::rows::columns::duckdb_type;
use crate::rows::tables::schemas;
use crate::vocab::Vocabulary;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let vocabularies = PyDict::new(py);
    for v in all() {
        vocabularies.set_item(v.name, (v.kind, v.doc, PyTuple::new(py, v.members)?))?;
    }
    m.add("VOCABULARIES", vocabularies)?;
    m.add("FORCED_KINDS", kinds(py, ActionKind::forced)?)?;
    m.add("BETTING_KINDS", kinds(py, ActionKind::betting)?)?;
    m.add("RANKS", String::from_utf8_lossy(RANKS))?;
    m.add("SUITS", String::from_utf8_lossy(SUITS))?;
    m.add("POSITIONS", PyTuple::new(py, POSITIONS)?)?;
    let symbols: Vec<(String, &str)> = SYMBOLS.iter().map(|&(s, c)| (s.to_string(), c)).collect();
    m.add("CURRENCY_SYMBOLS", PyTuple::new(py, symbols)?)?;
    m.add("POSITION_GROUPS", PyTuple::new(py, POSITION_GROUPS)?)?;
    m.add("STREET_SHOWDOWN", STREET_SHOWDOWN)?;
    let tables = PyDict::new(py);
    for (name, schema) in schemas() {
        let columns: Vec<(&str, &str)> = schema
            .fields()
            .iter()
            .map(|f| (f.name().as_str(), duckdb_type(f.data_type())))
            .collect();
        tables.set_item(name, PyTuple::new(py, columns)?)?;
    }
    m.add("TABLES", tables)?;
    m.add_function(wrap_pyfunction!(format_amount, m)?)?;
    Ok(())
}

/// The texts of the action kinds `pick` takes, in declaration order.
fn kinds<'py>(py: Python<'py>, pick: fn(ActionKind) -> bool) -> PyResult<Bound<'py, PyTuple>> {
    let texts: Vec<&str> = ActionKind::ALL
        .iter()
        .filter(|k| pick(**k))
        .map(|k| k.as_str())
        .collect();
    PyTuple::new(py, texts)
}

/// `minor` at `decimals` digits as text (`crate::money::format_amount`): `symbol` after the sign,
/// `trim` drops a fraction of zeros, `grouped` puts commas between groups of three.
#[pyfunction]
#[pyo3(signature = (minor, decimals, symbol = "", trim = true, grouped = false))]
fn format_amount(minor: i128, decimals: u8, symbol: &str, trim: bool, grouped: bool) -> String {
    crate::money::format_amount(minor, decimals, symbol, trim, grouped)
}

/// Every vocabulary Python reads from the core: the replay's and the store's, then the rules'
/// (`crate::rules::vocabularies`).
fn all() -> Vec<Vocabulary> {
    use crate::eval::HandClass;
    use crate::model::ActionKind;
    use crate::quarantine::QuarantineKind;
    use crate::replay::findings::{Code, Severity};
    let mut all = vec![
        ActionKind::vocabulary("StrEnum"),
        HandClass::vocabulary("IntEnum"),
        Code::vocabulary("StrEnum"),
        Severity::vocabulary("StrEnum"),
        QuarantineKind::vocabulary("StrEnum"),
    ];
    all.extend(crate::rules::vocabularies());
    all
}
