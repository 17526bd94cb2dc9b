//! Python bindings of the `eval` area: rankings by name (their tables built by the core the first
//! time), then values one by one or in batches.

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::Arc;

use crate::cards::Card;
use crate::eval::{self, Evaluator};
use crate::replay::describe::{
    describe_value, description_of_value, rank_words, TEMPLATES as DESCRIPTION_TEMPLATES,
};

/// The evaluator of a ranking name (built the first time), or a KeyError.
pub(super) fn lookup(py: Python<'_>, name: &str) -> PyResult<Arc<Evaluator>> {
    py.detach(|| eval::evaluator(name))
        .ok_or_else(|| PyKeyError::new_err(format!("no ranking is named {name:?}")))
}

/// The five-card table of the ranking named `name` (`Ranking.name`), built by the core the first
/// time (`eval::rankings`): the bytes of its values (little-endian uint16 by colex index), of each
/// value's class (uint8) and of its described ranks (little-endian int32), index 0 unused.
#[pyfunction]
fn ranking_table<'py>(
    py: Python<'py>,
    name: &str,
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    let ev = lookup(py, name)?;
    let values: Vec<u8> = ev.table().iter().flat_map(|v| v.to_le_bytes()).collect();
    let ranks: Vec<u8> = ev
        .ranks()
        .unwrap_or_default()
        .iter()
        .flat_map(|r| r.to_le_bytes())
        .collect();
    let classes = ev.classes().unwrap_or_default();
    Ok((
        PyBytes::new(py, &values),
        PyBytes::new(py, classes),
        PyBytes::new(py, &ranks),
    ))
}

/// The description of a value as the logs print it (`a pair of Kings`, `a four-flush, Ace
/// high`), from the class and ranks the ranking's table keeps per value.
#[pyfunction]
fn describe(py: Python<'_>, name: &str, value: u32) -> PyResult<String> {
    describe_value(lookup(py, name)?.as_ref(), value)
        .ok_or_else(|| PyValueError::new_err(format!("{value} is not a value of ranking {name:?}")))
}

/// The description of a value as a template and its words, for a translation: the template
/// (`two pair, {0} and {1}`, one of `DESCRIPTION_TEMPLATES`) and each word as `("rank", "King")`,
/// `("ranks", "Kings")` (the English names of `RANK_WORDS`) or `("chars", "8,7,4,3,A")` (the same
/// in every language).
#[pyfunction]
fn describe_words(
    py: Python<'_>,
    name: &str,
    value: u32,
) -> PyResult<(&'static str, Vec<(&'static str, String)>)> {
    let d = description_of_value(lookup(py, name)?.as_ref(), value).ok_or_else(|| {
        PyValueError::new_err(format!("{value} is not a value of ranking {name:?}"))
    })?;
    Ok((d.template, d.word_pairs()))
}

/// Whether a ranking is named `name` (`Ranking.name`); its table is built now if it was not.
#[pyfunction]
fn has_ranking(py: Python<'_>, name: &str) -> bool {
    py.detach(|| eval::evaluator(name)).is_some()
}

/// The value of the best five of 5 or more card codes (0..51) under a registered ranking.
#[pyfunction]
fn evaluate(py: Python<'_>, name: &str, cards: Vec<u8>) -> PyResult<u32> {
    let ev = lookup(py, name)?;
    let cards: Vec<Card> = cards.into_iter().map(Card).collect();
    ev.try_value(&cards)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The class name of a value (`four_flush`, `full_house`), if the classes were registered.
#[pyfunction]
fn hand_class(py: Python<'_>, name: &str, value: u32) -> PyResult<Option<&'static str>> {
    Ok(lookup(py, name)?.hand_class(value).map(|c| c.as_str()))
}

/// Values of many hands: `cards` holds `n` card codes (u8) per hand, hand after hand; the result
/// holds one little-endian u32 value per hand.
#[pyfunction]
fn evaluate_batch<'py>(
    py: Python<'py>,
    name: &str,
    cards: &[u8],
    n: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let ev = lookup(py, name)?;
    let size = ev.hand_size();
    if n < size || !cards.len().is_multiple_of(n) {
        return Err(PyValueError::new_err(format!(
            "a batch holds hands of {size} cards or more: {} bytes do not make hands of {n}",
            cards.len()
        )));
    }
    let out = py.detach(|| ev.values_le_bytes(cards, n));
    match out {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err((row, e)) => Err(PyValueError::new_err(format!("row {row}: {e}"))),
    }
}

/// Values of many split hands (Omaha): `cards` holds `own_n` own card codes then `board_n` board
/// codes per hand; each value uses exactly `hole` own cards. One little-endian u32 per hand.
#[pyfunction]
fn evaluate_split_batch<'py>(
    py: Python<'py>,
    name: &str,
    cards: &[u8],
    own_n: usize,
    board_n: usize,
    hole: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let ev = lookup(py, name)?;
    let n = own_n + board_n;
    if n == 0 || !cards.len().is_multiple_of(n) {
        return Err(PyValueError::new_err(format!(
            "{} bytes do not make hands of {own_n} own and {board_n} board cards",
            cards.len()
        )));
    }
    let out = py.detach(|| ev.values_split(cards, own_n, board_n, hole));
    match out {
        Ok(values) => Ok(PyBytes::new(
            py,
            &values
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<u8>>(),
        )),
        Err((row, e)) => Err(PyValueError::new_err(format!("row {row}: {e}"))),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate_split_batch, m)?)?;
    m.add_function(wrap_pyfunction!(ranking_table, m)?)?;
    m.add_function(wrap_pyfunction!(has_ranking, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(hand_class, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(describe_words, m)?)?;
    m.add("DESCRIPTION_TEMPLATES", DESCRIPTION_TEMPLATES.to_vec())?;
    m.add("RANK_WORDS", rank_words().collect::<Vec<_>>())?;
    m.add_function(wrap_pyfunction!(evaluate_batch, m)?)?;
    Ok(())
}
