//! Python bindings of the `read` area: one piece (or a batch) of a PokerStars-family log read
//! by the core, as the canonical JSON of the hand or of its quarantine record.
//!
//! The reader's lookups are answered by the core itself ([`new_lookups`]: the rules layer of
//! `crate::rules` and the zone database), each distinct question once, cached for the life of
//! the process; the import path calls no Python.

use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

use std::borrow::Cow;

use crate::model::Hand;
use crate::pipeline::{guarded, read_split_piece};
use crate::read::{self, Cached, Quarantine};
use crate::rules;
use crate::spec::RulesFault;
use crate::split::{Kind, Piece};

/// The lookups of the process; taken out while a call uses them (a concurrent call makes its
/// own rather than wait while holding the interpreter).
static LOOKUPS: Mutex<Option<Cached>> = Mutex::new(None);

/// The reader's lookups, answered by the core itself: specs and `Rules:` lines by the rules
/// layer ([`crate::rules`]), time zones by the zone database ([`read::utc_offset`]).
pub(crate) fn new_lookups() -> Cached {
    Cached::new(
        Box::new(|rules| rules::spec_json(rules).map_err(RulesFault::from)),
        Box::new(|line, structure| rules::combine_rules(line, structure).map_err(RulesFault::from)),
        Box::new(read::utc_offset),
    )
}

/// Run `f` with the process's lookups.
pub(crate) fn with_lookups<T>(f: impl FnOnce(&mut Cached) -> T) -> T {
    let taken = LOOKUPS.lock().ok().and_then(|mut slot| slot.take());
    let mut lookups = taken.unwrap_or_else(new_lookups);
    let out = f(&mut lookups);
    if let Ok(mut slot) = LOOKUPS.lock() {
        *slot = Some(lookups);
    }
    out
}

#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum Outcome {
    Hand(Box<Hand>),
    Quarantine(Box<Quarantine>),
}

pub(super) fn outcome_json(result: Result<Hand, Box<Quarantine>>) -> PyResult<String> {
    let outcome = match result {
        Ok(hand) => Outcome::Hand(Box::new(hand)),
        Err(q) => Outcome::Quarantine(q),
    };
    serde_json::to_string(&outcome).map_err(|e| PyValueError::new_err(e.to_string()))
}

pub(super) fn dialect(format: &str) -> PyResult<&'static read::Dialect> {
    crate::formats::dialect(format).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown format {format:?} for the core reader (pokerstars or soko)"
        ))
    })
}

/// The pieces `(text, first line, kind, size, lines)` that Python's splitter cut from one file,
/// read by the core as the import reads them: one JSON text each, `{"hand": ...}` (the canonical form)
/// or `{"quarantine": ...}`. A bug of
/// ours on one piece (a panic) is that piece's `internal` record; `fault_hand` injects one on the
/// hand of that id, for the tests of that boundary.
/// A piece as Python's splitter gives it: (text, first line, kind, size, lines).
pub(super) type PyPiece = (String, usize, String, usize, usize);

/// The core's piece of a Python piece.
pub(super) fn piece_of((text, line, kind, size, lines): PyPiece) -> Piece<'static> {
    let kind = if kind == "hand" {
        Kind::Hand
    } else {
        Kind::Text
    };
    Piece {
        line,
        text: Cow::Owned(text),
        kind,
        size,
        lines,
    }
}

#[pyfunction]
#[pyo3(signature = (pieces, path, format, fault_hand = None))]
fn read_pieces(
    pieces: Vec<PyPiece>,
    path: &str,
    format: &str,
    fault_hand: Option<&str>,
) -> PyResult<Vec<String>> {
    let dialect = dialect(format)?;
    with_lookups(|lookups| {
        pieces
            .into_iter()
            .map(|row| {
                let piece = piece_of(row);
                let read = guarded(|| {
                    let read = read_split_piece(&piece, path, dialect, lookups);
                    if let (Ok(hand), Some(fault)) = (&read, fault_hand) {
                        if hand.hand_id == fault {
                            panic!("a fault injected on hand {fault} (read_pieces' fault_hand)");
                        }
                    }
                    read
                });
                outcome_json(read.unwrap_or_else(|fault| {
                    Err(Box::new(read::internal(
                        &piece.text,
                        piece.line as u64,
                        path,
                        &fault,
                    )))
                }))
            })
            .collect()
    })
}

/// Hand pieces read by the core without building any Python value: (hands, quarantined).
/// What the speed of the reader itself is measured with.
#[pyfunction]
fn read_count(pieces: Vec<(String, u64)>, path: &str, format: &str) -> PyResult<(u64, u64)> {
    let dialect = dialect(format)?;
    Ok(with_lookups(|lookups| {
        let mut counts = (0, 0);
        for (text, line) in &pieces {
            match read::read_piece(text, *line, path, dialect, lookups) {
                Ok(_) => counts.0 += 1,
                Err(_) => counts.1 += 1,
            }
        }
        counts
    }))
}

/// The drift fields of a quarantine record (`read::drift`), for the records Python makes and
/// those of an older store: `(client_version, shape)` of a record of `format` with text `raw`
/// whose reason names the line `offset` lines after its first.
#[pyfunction]
#[pyo3(signature = (format, raw, offset, reason))]
fn quarantine_drift(
    format: Option<&str>,
    raw: &str,
    offset: usize,
    reason: &str,
) -> (Option<String>, String) {
    let drift = read::drift(format, raw, offset, reason);
    (drift.client_version, drift.shape)
}

/// The UTC offset in seconds of an IANA `zone` at each wall-clock time `(year, month, day, hour,
/// minute, second)`, as the reader takes it (`read::utc_offset`); None where the zone or the date
/// is unknown. What the core's time zones are held equal to `zoneinfo` with.
#[pyfunction]
fn utc_offsets(zone: &str, locals: Vec<(i32, u8, u8, u8, u8, u8)>) -> Vec<Option<i64>> {
    locals
        .into_iter()
        .map(|(year, month, day, hour, minute, second)| {
            let local = read::DateTime {
                year,
                month,
                day,
                hour,
                minute,
                second,
            };
            read::utc_offset(zone, &local)
        })
        .collect()
}

/// `read::PHH_VARIANTS` as a tuple of `(code, rules, needs)`, `needs` a tuple too.
fn phh_variants(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyTuple>> {
    let rows = read::PHH_VARIANTS
        .iter()
        .map(|&(code, rules, needs)| Ok((code, rules, pyo3::types::PyTuple::new(py, needs)?)))
        .collect::<PyResult<Vec<_>>>()?;
    pyo3::types::PyTuple::new(py, rows)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(quarantine_drift, m)?)?;
    m.add_function(wrap_pyfunction!(utc_offsets, m)?)?;
    m.add("ZONES", pyo3::types::PyTuple::new(m.py(), read::ZONES)?)?;
    m.add_function(wrap_pyfunction!(read_pieces, m)?)?;
    m.add("PHH_VARIANTS", phh_variants(m.py())?)?;
    m.add_function(wrap_pyfunction!(read_count, m)?)?;
    Ok(())
}
