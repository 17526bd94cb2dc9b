//! Python bindings of the `replay` area: the audit of one hand or of many, as JSON.
//!
//! A hand the core reads is audited in the same call as its read (`read_audited`; a PHH text's hands
//! as its blocks come, `PhhStream`, which reads without auditing too), so it never comes back as JSON;
//! a hand made in Python (the simulator) comes as its canonical JSON (`native.hand_json`), a spec as
//! `GameSpec.to_dict()` JSON.
//! What the core needs beyond them is asked of the Python rules layer once and kept: the
//! profile's `odd_chip_stated` flag when the spec lacks it. A ranking's five-card table (values
//! and descriptions) is the core's own, built the first time a showdown needs it.
//!
//! The audit JSON holds what the store's `findings` and `pots` rows are made from: `findings`
//! (each `Finding.to_dict()`), `pots` (amount, eligible, winners as {player: share}, value),
//! `payouts`, `collected`, `showdown`, `stacks`, `rake`, `added`, `uncalled`, `convention`, `ok`,
//! and with the ledger `steps` (each `{index, to_call, pot, stack}`). A hand's description (each
//! player's in `showdown`, a pot's `value`) is `[[label, [template, [[kind, word], ...]]], ...]`,
//! one entry per share it qualifies for (`replay::describe::HandDescription`); a hi/lo share's
//! (`halves`' `value`) is `[template, [[kind, word], ...]]`.

use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use super::read::{dialect, outcome_json, piece_of, with_lookups, PyPiece};
use super::rules::{ensure_ranking, spec_of};
use crate::cards::Card;
use crate::model::Hand;
use crate::pipeline::{guarded, read_chunk_guarded, read_guarded, Games};
use crate::read::{self, Lookups};
use crate::replay::judge::judge_hand;
use crate::replay::Judge;
use crate::replay::{self, HandValues};
use crate::spec::GameSpec;

/// The audit of one hand (with its ledger when `ledger`), or the fault that stops it.
fn audited<'h>(
    hand: &'h Hand,
    spec: &'h GameSpec,
    judge: Option<&'h Judge>,
    ledger: bool,
) -> Result<replay::Audit<'h>, String> {
    let values = judge.map(|j| j as &dyn HandValues);
    let result = if ledger {
        replay::audit_with_ledger(hand, spec, values)
    } else {
        replay::audit(hand, spec, values)
    };
    result.map_err(|f| f.0)
}

/// The audit of one hand as JSON, or the fault that stops it.
fn audit_json(
    hand: &Hand,
    spec: &GameSpec,
    judge: Option<&Judge>,
    ledger: bool,
) -> Result<String, String> {
    let result = audited(hand, spec, judge, ledger)?;
    serde_json::to_string(&result).map_err(|e| e.to_string())
}

/// The JSON of an error in a batch: `{"error": "..."}`.
fn error_json(reason: &str) -> String {
    serde_json::json!({ "error": reason }).to_string()
}

/// Audit one hand: `hand_json` as `native.hand_json(hand)` writes it, `spec_json` as
/// `json.dumps(resolve(hand.rules).to_dict())`. Returns the audit as JSON (with `steps`, the
/// ledger, when `ledger`); raises ValueError for JSON that is not a hand or a spec and
/// RuntimeError for a hand the replayer cannot take (a bug of ours).
#[pyfunction]
#[pyo3(signature = (hand_json, spec_json, ledger = false))]
fn audit(py: Python<'_>, hand_json: &str, spec_json: &str, ledger: bool) -> PyResult<String> {
    let hand: Hand = serde_json::from_str(hand_json)
        .map_err(|e| PyValueError::new_err(format!("hand JSON: {e}")))?;
    let mut spec = GameSpec::from_json(spec_json).map_err(PyValueError::new_err)?;
    if spec.odd_chip_stated.is_none() {
        // A spec given as bare `to_dict()` JSON: the profile's flag, as `native.spec_json` adds it.
        spec.odd_chip_stated = spec_of(py, &spec.profile)
            .ok()
            .and_then(|s| s.odd_chip_stated);
    }
    ensure_ranking(py, &spec)?;
    let judge = Judge::of(&spec);
    py.detach(|| audit_json(&hand, &spec, judge.as_ref(), ledger))
        .map_err(|reason| PyRuntimeError::new_err(format!("audit: {reason}")))
}

/// Hands read once and kept in the core, to be audited (and timed) without parsing again.
#[pyclass(module = "soko_analytics._core", frozen)]
struct ReplayBatch {
    /// Each distinct spec with the hand values of its ranking.
    specs: Vec<(Arc<GameSpec>, Option<Judge>)>,
    /// Each hand with the index of its spec, or why it cannot be audited.
    hands: Vec<Result<(Hand, usize), String>>,
}

impl ReplayBatch {
    /// Each hand's audit (with its ledger when `ledger`), or why there is none.
    fn each<T>(&self, ledger: bool, then: impl Fn(Result<replay::Audit, String>) -> T) -> Vec<T> {
        self.hands
            .iter()
            .map(|item| {
                then(item.as_ref().map_err(String::clone).and_then(|(hand, s)| {
                    let (spec, judge) = &self.specs[*s];
                    audited(hand, spec, judge.as_ref(), ledger)
                }))
            })
            .collect()
    }
}

#[pymethods]
impl ReplayBatch {
    /// Read `hands_json` (each as `native.hand_json` writes it); each hand's spec is resolved
    /// from its rules text by Python, once per distinct text.
    #[new]
    fn new(py: Python<'_>, hands_json: Vec<String>) -> ReplayBatch {
        let mut specs: Vec<(Arc<GameSpec>, Option<Judge>)> = Vec::new();
        let hands = hands_json
            .iter()
            .map(|text| {
                let hand: Hand =
                    serde_json::from_str(text).map_err(|e| format!("hand JSON: {e}"))?;
                let spec = spec_of(py, &hand.rules)?;
                let index = match specs.iter().position(|(s, _)| Arc::ptr_eq(s, &spec)) {
                    Some(index) => index,
                    None => {
                        let judge = Judge::of(&spec);
                        specs.push((spec, judge));
                        specs.len() - 1
                    }
                };
                Ok((hand, index))
            })
            .collect();
        ReplayBatch { specs, hands }
    }

    fn __len__(&self) -> usize {
        self.hands.len()
    }

    /// The audit of each hand as JSON (with its ledger when `ledger`), or `{"error": reason}`
    /// where it cannot be audited.
    #[pyo3(signature = (ledger = false))]
    fn audit(&self, py: Python<'_>, ledger: bool) -> Vec<String> {
        py.detach(|| {
            self.each(ledger, |audited| {
                audited
                    .and_then(|a| serde_json::to_string(&a).map_err(|e| e.to_string()))
                    .unwrap_or_else(|e| error_json(&e))
            })
        })
    }

    /// Audit every hand without writing JSON: (hands audited, findings, faults). For timing.
    fn count(&self, py: Python<'_>) -> (usize, usize, usize) {
        py.detach(|| {
            let counts = self.each(false, |audited| audited.map(|a| a.findings.len()));
            let audited = counts.iter().filter(|c| c.is_ok()).count();
            let findings = counts.iter().flatten().sum();
            (audited, findings, counts.len() - audited)
        })
    }
}

/// Audit many hands: `audit_hands(hands_json, ledger)` is `ReplayBatch(hands_json).audit(ledger)`.
#[pyfunction]
#[pyo3(signature = (hands_json, ledger = false))]
fn audit_hands(py: Python<'_>, hands_json: Vec<String>, ledger: bool) -> Vec<String> {
    ReplayBatch::new(py, hands_json).audit(py, ledger)
}

/// The pieces `(text, first line, kind, size, lines)` Python's splitter cut from one file, each
/// read by the core as `read_pieces` reads it and, when it is a hand, audited in the same call:
/// `(outcome, verdict)`, where `outcome` is `read_pieces`' JSON text (`{"hand": ...}` or
/// `{"quarantine": ...}`) and `verdict` the hand's audit as `audit_hands` gives it (with the
/// ledger when `ledger`; `{"error": reason}` for a hand the replayer cannot take), None for a
/// record. No hand crosses back into the core. A bug of ours in an audit (a panic) is that hand's
/// `{"error": ...}`; `fault_hand` injects one in the audit of the hand of that id, for the tests
/// of that boundary.
#[pyfunction]
#[pyo3(signature = (pieces, path, format, ledger = false, fault_hand = None))]
fn read_audited(
    pieces: Vec<PyPiece>,
    path: &str,
    format: &str,
    ledger: bool,
    fault_hand: Option<&str>,
) -> PyResult<Vec<(String, Option<String>)>> {
    let dialect = dialect(format)?;
    let mut games = Games::new();
    with_lookups(|lookups| {
        pieces
            .into_iter()
            .map(|row| {
                let piece = piece_of(row);
                let read = read_guarded(&piece, path, dialect, lookups);
                let verdict = read.as_ref().ok().map(|hand| {
                    verdict_json(hand, &mut games, lookups, ledger, fault_hand)
                        .unwrap_or_else(|reason| error_json(&reason))
                });
                Ok((outcome_json(read)?, verdict))
            })
            .collect()
    })
}

/// A PHH text read by the core as its blocks come: `PhhStream(path)`, then `feed(block)` for each block and
/// `finish()` at the end, each giving every hand completed as `(outcome, verdict)`: the outcome's JSON text
/// `{"hand": ...}` or `{"quarantine": ...}` (as [`read_pieces`] gives it) and, with `audit`, the hand's audit JSON
/// (as `read_audited` gives it; None without). The first hand comes before the last block and a text of any size
/// is read in bounded memory. A panic on one hand is that hand's `internal` record.
#[pyclass(module = "soko_analytics._core")]
pub struct PhhStream {
    cutter: Option<read::PhhCutter>,
    path: String,
    /// The games' rules and judges met so far, and whether the audit keeps its ledger, when auditing.
    audit: Option<(Games, bool)>,
}

impl PhhStream {
    fn read(&mut self, chunks: Vec<read::PhhChunk>) -> PyResult<Vec<(String, Option<String>)>> {
        let path = self.path.as_str();
        let audit = &mut self.audit;
        with_lookups(|lookups| {
            chunks
                .iter()
                .map(|chunk| {
                    let read = read_chunk_guarded(chunk, path, lookups);
                    let verdict = match (&read, audit.as_mut()) {
                        (Ok(hand), Some((games, ledger))) => Some(
                            verdict_json(hand, games, lookups, *ledger, None)
                                .unwrap_or_else(|reason| error_json(&reason)),
                        ),
                        _ => None,
                    };
                    Ok((outcome_json(read)?, verdict))
                })
                .collect()
        })
    }
}

#[pymethods]
impl PhhStream {
    #[new]
    #[pyo3(signature = (path, audit = false, ledger = false))]
    fn new(path: &str, audit: bool, ledger: bool) -> PhhStream {
        PhhStream {
            cutter: Some(read::PhhCutter::new()),
            path: path.to_string(),
            audit: audit.then(|| (Games::new(), ledger)),
        }
    }

    /// The hands the block completes.
    fn feed(&mut self, py: Python<'_>, block: &str) -> PyResult<Vec<(String, Option<String>)>> {
        let cutter = self
            .cutter
            .as_mut()
            .ok_or_else(|| PyValueError::new_err("the PHH stream is finished"))?;
        let chunks = py.detach(|| {
            cutter.feed(block);
            cutter.take()
        });
        self.read(chunks)
    }

    /// The hands left when the text ends.
    fn finish(&mut self) -> PyResult<Vec<(String, Option<String>)>> {
        let cutter = self
            .cutter
            .take()
            .ok_or_else(|| PyValueError::new_err("the PHH stream is finished"))?;
        self.read(cutter.finish())
    }
}

/// The audit JSON of a hand the core read, under the rules its rules text names (resolved once
/// per text, as the import resolves them), or why there is none.
fn verdict_json(
    hand: &Hand,
    games: &mut Games,
    lookups: &mut dyn Lookups,
    ledger: bool,
    fault: Option<&str>,
) -> Result<String, String> {
    let game = games.get(&hand.rules, lookups)?;
    guarded(|| {
        if fault == Some(hand.hand_id.as_str()) {
            panic!(
                "a fault injected on hand {} (read_audited's fault_hand)",
                hand.hand_id
            );
        }
        audit_json(hand, &game.spec, game.judge.as_ref(), ledger)
    })?
}

/// A hand at showdown under the rules text `rules`: its value for each share of the pot (None
/// where it does not qualify) and its description as the logs print it, from the player's `own`
/// card codes and the `board`'s.
#[pyfunction]
fn share_values(
    py: Python<'_>,
    rules: &str,
    own: Vec<u8>,
    board: Vec<u8>,
) -> PyResult<(Vec<Option<u32>>, String)> {
    let spec = spec_of(py, rules).map_err(PyValueError::new_err)?;
    let judge = Judge::of(&spec)
        .ok_or_else(|| PyRuntimeError::new_err(format!("no hand values for {rules:?}")))?;
    let cards = |codes: Vec<u8>| -> PyResult<Vec<Card>> {
        codes
            .into_iter()
            .map(|c| {
                (c < 52)
                    .then_some(Card(c))
                    .ok_or_else(|| PyValueError::new_err(format!("card code {c}")))
            })
            .collect()
    };
    judge_hand(&judge, &cards(own)?, &cards(board)?).map_err(PyValueError::new_err)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(share_values, m)?)?;
    m.add_function(wrap_pyfunction!(audit, m)?)?;
    m.add_function(wrap_pyfunction!(audit_hands, m)?)?;
    m.add_function(wrap_pyfunction!(read_audited, m)?)?;
    m.add_class::<PhhStream>()?;
    m.add_class::<ReplayBatch>()?;
    Ok(())
}
