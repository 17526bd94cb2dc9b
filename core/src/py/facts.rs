//! Python bindings of the `facts` area.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

use crate::facts::allin::{self, seed_of, DEFAULT_METHOD};
use crate::facts::equity::{equity as expected_winnings, Method, Pot, Situation};
use crate::facts::row::{in_hand, player_hands};
use crate::keys::hand_key;
use crate::ledger::money_flow;
use crate::model::Hand;
use crate::spec::GameSpec;

use super::eval::lookup;
use super::rules::ensure_ranking;

fn hand_of(hand_json: &str) -> PyResult<Hand> {
    serde_json::from_str(hand_json).map_err(|e| PyValueError::new_err(format!("hand JSON: {e}")))
}

fn read(hand_json: &str, spec_json: &str) -> PyResult<(Hand, GameSpec)> {
    let hand = hand_of(hand_json)?;
    let spec = GameSpec::from_json(spec_json).map_err(PyValueError::new_err)?;
    Ok((hand, spec))
}

/// The `player_hands` rows of one hand (every column, the all-in ones included) as a JSON list of
/// objects, from the hand's canonical JSON (`native.hand_json`) and its spec's
/// (`resolve(hand.rules).to_dict()`, with `game`). `played_at` is TIMESTAMP microseconds.
#[pyfunction]
fn hand_facts(py: Python<'_>, hand_json: &str, spec_json: &str) -> PyResult<String> {
    let (hand, spec) = read(hand_json, spec_json)?;
    let ev = ensure_ranking(py, &spec)?;
    let rows = py.detach(|| player_hands(&hand, &spec, Some(&ev)));
    serde_json::to_string(&rows).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// What each seated player put into the pot, collected from it and was paid for cashing out, by the
/// log's lines (`ledger::money_flow`), in seat order, from the hand's canonical JSON.
#[pyfunction]
#[pyo3(name = "money_flow")]
fn flows(hand_json: &str) -> PyResult<Vec<(i64, i64, i64)>> {
    let flows = money_flow(&hand_of(hand_json)?);
    Ok(flows
        .iter()
        .map(|f| (f.put_in, f.collected, f.cash_out))
        .collect())
}

/// One live player's all-in figure, as `allin_adjusted` returns it.
#[derive(Serialize)]
struct Figure<'a> {
    player: &'a str,
    adjusted: i64,
    se: f64,
    exact: bool,
    outcomes: u64,
}

/// The all-in adjusted winnings of one hand's live players (empty when it is not an all-in hand)
/// as a JSON list of `{player, adjusted, se, exact, outcomes}`, under a chosen exact limit and
/// number of Monte Carlo samples (the rows use 100,000 and 5,000), seeded as the rows are unless
/// `seed` is given. For tests: a forced enumeration (`exact_limit` large) gives the exact value an
/// estimate is held to.
///
/// >>> core.allin_adjusted(hand_json, spec_json, exact_limit=10**9)
#[pyfunction]
#[pyo3(signature = (hand_json, spec_json, exact_limit=DEFAULT_METHOD.exact_limit, samples=DEFAULT_METHOD.samples, seed=None))]
fn allin_adjusted(
    py: Python<'_>,
    hand_json: &str,
    spec_json: &str,
    exact_limit: u64,
    samples: u32,
    seed: Option<u64>,
) -> PyResult<String> {
    let (hand, spec) = read(hand_json, spec_json)?;
    let ev = ensure_ranking(py, &spec)?;
    let method = Method {
        exact_limit,
        samples,
        seed: seed.unwrap_or_else(|| seed_of(hand_key(&hand.site, &hand.hand_id))),
    };
    let figures = py.detach(|| {
        let flows = money_flow(&hand);
        allin::allin_adjusted(&hand, &spec, &ev, &flows, &in_hand(&hand), &method)
    });
    let out: Vec<Figure> = figures
        .iter()
        .map(|a| Figure {
            player: &hand.seats[a.seat].name,
            adjusted: a.adjusted,
            se: a.se,
            exact: a.exact,
            outcomes: a.outcomes,
        })
        .collect();
    serde_json::to_string(&out).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Expected amounts of `equity`: per player, what they win on average and its standard error,
/// whether every outcome was enumerated, and how many outcomes (or deals) there were.
type Expected = (Vec<f64>, Vec<f64>, bool, u64);

/// Each player's expected winnings from the pots over the cards still to come, under a registered
/// ranking (the caller registers it first: `rules.tables.ensure_ranking`); the core checks the rest: `hole[i]`
/// are player i's known cards and `need[i]` how many more they get, `board`/`board_need` the same
/// for community cards, `dead` cards are out of the deck, `pots` are (amount, eligible indices).
/// Enumerated when at most `exact_limit` outcomes, else `samples` Monte Carlo deals from `seed`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (ranking, hole, need, board, board_need, dead, pots, samples, seed, exact_limit))]
fn equity(
    py: Python<'_>,
    ranking: &str,
    hole: Vec<Vec<u8>>,
    need: Vec<u8>,
    board: Vec<u8>,
    board_need: u8,
    dead: Vec<u8>,
    pots: Vec<(f64, Vec<usize>)>,
    samples: u32,
    seed: u64,
    exact_limit: u64,
) -> PyResult<Expected> {
    let ev = lookup(py, ranking)?;
    let pots: Vec<Pot> = pots
        .into_iter()
        .map(|(amount, eligible)| Pot { amount, eligible })
        .collect();
    let situation = Situation {
        hole: &hole,
        need: &need,
        board: &board,
        board_need,
        dead: &dead,
        pots: &pots,
    };
    let method = Method {
        exact_limit,
        samples,
        seed,
    };
    let found = py.detach(|| expected_winnings(&ev, &situation, &method));
    let e = found.map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok((e.expected, e.se, e.exact, e.outcomes))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(hand_facts, m)?)?;
    m.add_function(wrap_pyfunction!(allin_adjusted, m)?)?;
    m.add_function(wrap_pyfunction!(flows, m)?)?;
    Ok(())
}
