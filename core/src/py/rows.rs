//! Python bindings of the rows: the content hashes, the tournament finishes and the buy-ins a store
//! upgrade recomputes.

use super::soko_error;
use crate::prizes::buy_in;
use crate::rows::columns::export;
use crate::rows::tables::TournamentFinishes;
use crate::rows::tourney::add_finishes;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(content_hashes, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_finishes, m)?)?;
    m.add_function(wrap_pyfunction!(buy_ins, m)?)?;
    Ok(())
}

/// The `tournament_finishes` rows of stored hands' raw texts read again as `format` (a text that
/// no longer reads gives none), as the (schema, array) PyCapsules of one Arrow batch: how a store
/// upgraded to schema 12 fills the table.
#[pyfunction]
fn tournament_finishes(
    py: Python<'_>,
    raws: Vec<String>,
    format: &str,
) -> PyResult<(Py<PyCapsule>, Py<PyCapsule>)> {
    let dialect = crate::formats::dialect(format)
        .ok_or_else(|| soko_error(format!("the core reads no format {format:?}"), None, None))?;
    let mut table = TournamentFinishes::default();
    super::read::with_lookups(|lookups| {
        for raw in &raws {
            let pieces = crate::read::read_piece(raw, 1, "<stored>", dialect, lookups);
            if let Ok(hand) = pieces {
                let key = crate::keys::hand_key(&hand.site, &hand.hand_id);
                add_finishes(&mut table, &hand, key);
            }
        }
    });
    export(py, table.finish())
}

/// Each buy-in text's parts (`hands.buy_in_*`): (buy-in, bounty, fee, currency, decimals), or None
/// where the text is not money.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn buy_ins(texts: Vec<Option<String>>) -> Vec<Option<(i64, i64, i64, Option<String>, u8)>> {
    texts
        .iter()
        .map(|t| {
            let b = buy_in(t.as_deref()?)?;
            Some((b.buy_in, b.bounty, b.fee, b.currency, b.decimals))
        })
        .collect()
}

/// The content hash (`hand-v2`) of each hand's raw text read again as `format` (`pokerstars` or
/// `soko`), or None where the text no longer reads as a hand: how a store rehashes its hands.
#[pyfunction]
fn content_hashes(raws: Vec<String>, format: &str) -> PyResult<Vec<Option<String>>> {
    let dialect = crate::formats::dialect(format)
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
