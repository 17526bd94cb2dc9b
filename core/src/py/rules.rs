//! What the core asks of Python's rules layer, once per rules text: the spec (`native.spec_json`).
//! Games stay data defined once, in Python; a spec's rankings are the core's own, their tables
//! built from their names the first time ([`eval::evaluator`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;

use super::soko_error;
use crate::eval::{self, Evaluator};
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

/// The evaluator of a spec's (first) ranking; every share's ranking is built now if it was not,
/// an error for a name no ranking has.
pub fn ensure_ranking(py: Python<'_>, spec: &GameSpec) -> PyResult<Arc<Evaluator>> {
    let mut first = None;
    for share in spec.shares().iter() {
        let evaluator = py
            .detach(|| eval::evaluator(&share.ranking))
            .ok_or_else(|| {
                soko_error(
                    format!("no ranking is named {:?}", share.ranking),
                    None,
                    None,
                )
            })?;
        first.get_or_insert(evaluator);
    }
    first.ok_or_else(|| soko_error("a spec without a showdown share", None, None))
}

/// What settles a showdown under a spec's ranking (its values and descriptions), built first.
pub fn judge(py: Python<'_>, spec: &GameSpec) -> Option<Judge> {
    ensure_ranking(py, spec).ok()?;
    Judge::of(spec)
}
