//! The rules layer's bindings: a rules text's spec (resolved by the core's rules layer,
//! [`crate::rules`], once per text), `resolve_spec` and `combine_rules` for Python, and a spec's
//! rankings, their tables built from their names the first time ([`eval::evaluator`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::soko_error;
use crate::eval::{self, Evaluator};
use crate::rules;
use crate::rules::options::{self, Value};
use crate::said::Said;
use crate::spec::{GameSpec, RulesFault, Structure};

/// A spec resolved from a rules text, or why it could not be.
pub type Resolved = Result<Arc<GameSpec>, String>;

/// Specs by rules text, resolved once each.
static SPECS: Mutex<Option<HashMap<String, Resolved>>> = Mutex::new(None);

/// The spec of a rules text (`rules::spec_json`: the game and whether the profile states its
/// odd-chip rule included), with its ranking registered; resolved once.
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
        let text = match rules::spec_json(rules) {
            Ok(text) => text,
            Err(err) => return Ok(Err(format!("rules {rules:?}: {}", RulesFault::from(err)))),
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

/// A `soko_analytics.errors.RulesError` with the core's reason, expected, actual and the options a
/// refused combination names (`extra["options"]`).
fn rules_error(py: Python<'_>, error: &rules::RulesError) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let kwargs = PyDict::new(py);
        let expected = error.expected.as_ref().map(|e| phrase(py, e)).transpose()?;
        kwargs.set_item("expected", expected)?;
        kwargs.set_item("actual", error.actual.as_deref())?;
        let extra = PyDict::new(py);
        if let Some(options) = &error.options {
            let named = PyDict::new(py);
            for (name, value) in options {
                named.set_item(name, value)?;
            }
            extra.set_item("options", named)?;
        }
        kwargs.set_item("extra", extra)?;
        let class = py.import("soko_analytics.errors")?.getattr("RulesError")?;
        Ok(PyErr::from_value(
            class.call((phrase(py, &error.reason)?,), Some(&kwargs))?,
        ))
    })();
    made.unwrap_or_else(|e| e)
}

/// A message of the rules layer as Python's `errors.core_phrase`: its English text, which Python
/// says again in the language spoken from its template and arguments (context `rules`).
fn phrase<'py>(py: Python<'py>, said: &Said) -> PyResult<Bound<'py, PyAny>> {
    let args = serde_json::to_string(&said.args).map_err(|e| soko_error(e, None, None))?;
    py.import("soko_analytics.errors")?
        .getattr("core_phrase")?
        .call1((said.text.as_str(), said.template, args, "rules"))
}

fn structure_of(word: &str) -> PyResult<Structure> {
    [
        Structure::Spread,
        Structure::FixedLimit,
        Structure::PotLimit,
        Structure::NoLimit,
    ]
    .into_iter()
    .find(|s| s.as_str() == word)
    .ok_or_else(|| {
        soko_error(
            format!("unknown structure {word:?} (spread, fixed_limit, pot_limit or no_limit)"),
            None,
            None,
        )
    })
}

/// The game spec of a rules text (`profile; option=value; ...`) as JSON: the form the core reads,
/// with `game` and `odd_chip_stated`. Raises `RulesError` for an unknown profile or option, a bad
/// value or an impossible combination.
#[pyfunction]
fn resolve_spec(py: Python<'_>, text: &str) -> PyResult<String> {
    rules::spec_json(text).map_err(|e| rules_error(py, &e))
}

/// A Sökö hand's rules: its `Rules:` text with the header's `structure` (an option value), as the
/// shortest rules text. Raises `RulesError`.
#[pyfunction]
#[pyo3(name = "combine_rules")]
fn combine_rules_py(py: Python<'_>, rules_line: &str, structure: &str) -> PyResult<String> {
    rules::combine_rules(rules_line, structure_of(structure)?).map_err(|e| rules_error(py, &e))
}

/// The overrides of a rules text as override text (`option=value` pairs: the value as
/// `soko rules` writes it), in the order of the options, each value parsed and checked.
fn override_texts(values: &options::Values) -> Vec<(&'static str, String)> {
    values.iter().map(|(o, v)| (o.name, o.format(v))).collect()
}

/// `"profile; option=value; ..."` split into the profile's name and its overrides, each value
/// checked and written back as override text. Raises `RulesError`.
#[pyfunction]
#[pyo3(name = "parse_rules")]
fn parse_rules_py(
    py: Python<'_>,
    text: &str,
) -> PyResult<(&'static str, Vec<(&'static str, String)>)> {
    let (profile, overrides) = rules::parse_rules(text).map_err(|e| rules_error(py, &e))?;
    Ok((profile.name, override_texts(&overrides)))
}

/// Every profile of RULES.md §1 in the order `soko rules` lists them, as JSON: `name`, `source`,
/// `game` (`hands.game`), `odd_chip_stated` and `values` (the profile's own option values as
/// override text).
#[pyfunction]
fn rule_profiles() -> String {
    let all: Vec<serde_json::Value> = rules::profiles()
        .iter()
        .map(|p| {
            let values: serde_json::Map<String, serde_json::Value> = override_texts(&p.values)
                .into_iter()
                .map(|(name, text)| (name.to_string(), text.into()))
                .collect();
            serde_json::json!({
                "name": p.name,
                "source": p.source,
                "game": p.game,
                "odd_chip_stated": p.odd_chip_stated,
                "values": values,
            })
        })
        .collect();
    serde_json::Value::from(all).to_string()
}

/// An option value as Python holds it: a bool, an int, a word (str) or None.
fn plain(py: Python<'_>, value: Value) -> PyResult<Bound<'_, PyAny>> {
    Ok(match value {
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Int(n) => n.into_pyobject(py)?.into_any(),
        Value::Word(w) => w.into_pyobject(py)?.into_any(),
        Value::None => py.None().into_bound(py),
    })
}

/// The text of one option's override (`raise_after_pass=false` gives `false`) as a value: a bool,
/// an int, a word of the option's vocabulary, or None. Raises `RulesError` for an unknown option or
/// a bad value.
#[pyfunction]
fn parse_option<'py>(py: Python<'py>, name: &str, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let value = options::option(name)
        .and_then(|o| o.parse(text))
        .map_err(|e| rules_error(py, &e))?;
    plain(py, value)
}

/// The shortest rules text of the game a rules text resolves to: its profile and the options that
/// differ (`rules::rules_text`). Raises `RulesError`.
#[pyfunction]
#[pyo3(name = "rules_text")]
fn rules_text_py(py: Python<'_>, text: &str) -> PyResult<String> {
    rules::resolve(text)
        .and_then(|game| rules::rules_text(&game))
        .map_err(|e| rules_error(py, &e))
}

/// One row of `RULE_OPTIONS`: name, kind, where the default comes from, the default and the
/// allowed values in words, the choices, the word of none, the vocabulary, meaning and section.
type OptionRow<'py> = (
    &'static str,
    &'static str,
    &'static str,
    String,
    String,
    Bound<'py, PyTuple>,
    Option<&'static str>,
    Option<&'static str>,
    &'static str,
    &'static str,
);

fn option_row<'py>(py: Python<'py>, o: &options::Opt) -> PyResult<OptionRow<'py>> {
    Ok((
        o.name,
        o.kind_name(),
        o.default_kind(),
        o.default_text(),
        o.allowed_text(),
        PyTuple::new(py, o.choices())?,
        o.null_word,
        o.vocabulary(),
        o.description,
        o.section,
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("DEFAULT_PROFILE", rules::DEFAULT_PROFILE)?;
    let rows = options::OPTIONS
        .iter()
        .map(|o| option_row(m.py(), o))
        .collect::<PyResult<Vec<_>>>()?;
    m.add("RULE_OPTIONS", PyTuple::new(m.py(), rows)?)?;
    m.add_function(wrap_pyfunction!(parse_option, m)?)?;
    m.add_function(wrap_pyfunction!(rules_text_py, m)?)?;
    m.add_function(wrap_pyfunction!(parse_rules_py, m)?)?;
    m.add_function(wrap_pyfunction!(rule_profiles, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_spec, m)?)?;
    m.add_function(wrap_pyfunction!(combine_rules_py, m)?)?;
    Ok(())
}
