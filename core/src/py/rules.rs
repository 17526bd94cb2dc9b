//! What the core asks of Python's rules layer, each question once per process: the spec of a rules
//! text (`native.spec_json`) and the tables of a ranking (`rules.tables.five_card_table`), which
//! become the ranking's evaluator and hand descriptions. Games stay data defined once, in Python.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;

use super::soko_error;
use crate::eval::{self, Evaluator};
use crate::replay::describe::{self, Descriptions};
use crate::replay::Judge;
use crate::spec::GameSpec;

/// A spec resolved from a rules text, or why it could not be.
pub type Resolved = Result<Arc<GameSpec>, String>;

/// Specs by rules text, resolved once each.
static SPECS: Mutex<Option<HashMap<String, Resolved>>> = Mutex::new(None);

/// The spec of a rules text (`native.spec_json`: `resolve(rules).to_dict()` with the game and
/// whether the profile states its odd-chip rule), with its ranking registered; resolved once.
pub fn spec_of(py: Python<'_>, rules: &str) -> Resolved {
    let cached = |f: &mut dyn FnMut(&mut HashMap<String, Resolved>) -> Option<Resolved>| {
        f(SPECS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashMap::new))
    };
    if let Some(found) = cached(&mut |known| known.get(rules).cloned()) {
        return found;
    }
    let resolved = (|| -> PyResult<Resolved> {
        let text = match py
            .import("soko_analytics.native")?
            .getattr("spec_json")?
            .call1((rules,))
        {
            Ok(text) => text.extract::<String>()?,
            Err(err) => return Ok(Err(format!("rules {rules:?}: {err}"))),
        };
        let spec = GameSpec::from_json(&text).map_err(|e| soko_error(e, None, None))?;
        ensure_ranking(py, &spec)?;
        Ok(Ok(Arc::new(spec)))
    })()
    .unwrap_or_else(|e| Err(e.to_string()));
    cached(&mut |known| known.insert(rules.to_string(), resolved.clone()));
    resolved
}

/// The evaluator of a spec's (first) ranking; every share's ranking is registered with its
/// descriptions, built from Python's five-card table the first time (`Ranking.from_name`, then
/// `five_card_table`).
pub fn ensure_ranking(py: Python<'_>, spec: &GameSpec) -> PyResult<Arc<Evaluator>> {
    let mut first = None;
    for share in spec.shares().iter() {
        let evaluator = ensure_named(py, &share.ranking)?;
        first.get_or_insert(evaluator);
    }
    first.ok_or_else(|| soko_error("a spec without a showdown share", None, None))
}

fn ensure_named(py: Python<'_>, name: &str) -> PyResult<Arc<Evaluator>> {
    if let (Some(ev), Some(_)) = (eval::evaluator(name), describe::descriptions(name)) {
        return Ok(ev);
    }
    let ranking = py
        .import("soko_analytics.rules.ranking")?
        .getattr("Ranking")?
        .call_method1("from_name", (name,))?;
    let table = py
        .import("soko_analytics.rules.tables")?
        .getattr("five_card_table")?
        .call1((ranking,))?;
    let np = py.import("numpy")?;
    let bytes = |field: &str, dtype: &str| -> PyResult<Vec<u8>> {
        np.getattr("ascontiguousarray")?
            .call1((table.getattr(field)?, dtype))?
            .call_method0("tobytes")?
            .extract::<Vec<u8>>()
    };
    let classes = bytes("value_class", "u1")?;
    let ranks = bytes("value_ranks", "<i4")?;
    let descriptions =
        Descriptions::from_bytes(&classes, &ranks).map_err(|e| soko_error(e, None, None))?;
    describe::register(name, descriptions);
    if let Some(ev) = eval::evaluator(name) {
        return Ok(ev);
    }
    let five = bytes("values", "<u2")?;
    let built = py.detach(|| Evaluator::from_bytes(name, &five, Some(&classes)));
    Ok(eval::register(
        built.map_err(|e| soko_error(e, None, None))?,
    ))
}

/// What settles a showdown under a spec's ranking (its values and descriptions), registered first.
pub fn judge(py: Python<'_>, spec: &GameSpec) -> Option<Judge> {
    ensure_ranking(py, spec).ok()?;
    Judge::of(spec)
}
