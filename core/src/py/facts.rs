//! Python bindings of the `facts` area.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::facts::row::player_hands;
use crate::model::Hand;
use crate::spec::GameSpec;

use super::eval::ensure_ranking;

/// The `player_hands` rows of one hand (all columns but `allin`, `allin_adjusted`, `allin_se`) as
/// a JSON list of objects, from the hand's canonical JSON (`native.hand_json`) and its spec's
/// (`resolve(hand.rules).to_dict()`, with `game`). `played_at` is TIMESTAMP microseconds.
#[pyfunction]
fn hand_facts(py: Python<'_>, hand_json: &str, spec_json: &str) -> PyResult<String> {
    let hand: Hand = serde_json::from_str(hand_json)
        .map_err(|e| PyValueError::new_err(format!("hand JSON: {e}")))?;
    let spec = GameSpec::from_json(spec_json).map_err(PyValueError::new_err)?;
    let ev = ensure_ranking(py, &spec)?;
    let rows = py.detach(|| player_hands(&hand, &spec, Some(&ev)));
    serde_json::to_string(&rows).map_err(|e| PyValueError::new_err(e.to_string()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(hand_facts, m)?)?;
    Ok(())
}
