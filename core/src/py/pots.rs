//! Python bindings of `replay::pots`: pots, odd chips, awards, rake and payouts for
//! `soko_analytics.replay.pots`, which maps player names to the indices used here (a player is any
//! `usize`; the front gives each distinct name the next one) and back.
//!
//! A `PotError` of the core is raised as `_core.PotError` with the arguments `(reason, expected,
//! actual, players)`: the front re-raises it as its `PotError` (a `SokoError`), what was found
//! being the named `players` joined by ", " and then `actual` (as `PotError::found` shows it).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::replay::pots::{self, Award, Pot, PotError as CorePotError, RakeConvention};

type Player = usize;

create_exception!(
    _core,
    PotError,
    PyValueError,
    "Pots that cannot be built or split: args (reason, expected, actual, player indices)."
);

fn raised(e: CorePotError<Player>) -> PyErr {
    PotError::new_err((e.reason, e.expected, e.actual, e.players))
}

/// One pot as the front builds its `Pot`: (amount, eligible, contributors, level).
type PotRow = (i64, Vec<Player>, Vec<Player>, i64);

/// One award as the front builds its `Award`: (index, winners, shares in winners order, value).
type AwardRow = (
    usize,
    Vec<Player>,
    Vec<(Player, i64)>,
    Option<i64>,
    Vec<Vec<Player>>,
);

/// The uncalled bet of `contributions` (player, amount; folded players included): the top
/// contributor and the excess over the second highest, or None.
#[pyfunction]
fn returned_uncalled(contributions: Vec<(Player, i64)>) -> Option<(Player, i64)> {
    pots::returned_uncalled(&contributions)
}

/// Main pot first, then side pots, from `contributions` (player, amount; distinct players) with
/// the `folded` players out, in seat `order` (players missing from it after it, as given).
#[pyfunction]
fn build_pots(
    contributions: Vec<(Player, i64)>,
    folded: Vec<Player>,
    order: Vec<Player>,
) -> PyResult<Vec<PotRow>> {
    let built = pots::build_pots(&contributions, &folded, &order).map_err(raised)?;
    Ok(built
        .into_iter()
        .map(|p| (p.amount, p.eligible, p.contributors, p.level))
        .collect())
}

/// Equal shares of `amount` among `winners` in whole `chip_unit`s, the odd chips by
/// `odd_chip_order`: (player, share) in winners order.
#[pyfunction]
fn split(
    amount: i64,
    winners: Vec<Player>,
    odd_chip_order: Vec<Player>,
    chip_unit: i64,
) -> PyResult<Vec<(Player, i64)>> {
    pots::split(amount, &winners, &odd_chip_order, chip_unit).map_err(raised)
}

/// Each pot, given as (amount, eligible), awarded on the hand `values`: one list per share of the
/// pot (player, value; higher is better, absent players cannot win it), its shares split with
/// `odd_chip_order`.
#[pyfunction]
fn award(
    pots: Vec<(i64, Vec<Player>)>,
    values: Vec<Vec<(Player, i64)>>,
    odd_chip_order: Vec<Player>,
    chip_unit: i64,
) -> PyResult<Vec<AwardRow>> {
    let pots: Vec<Pot<Player>> = pots
        .into_iter()
        .map(|(amount, eligible)| Pot {
            amount,
            eligible,
            contributors: Vec::new(),
            level: 0,
        })
        .collect();
    let awards = pots::award(&pots, &values, &odd_chip_order, chip_unit).map_err(raised)?;
    Ok(awards
        .into_iter()
        .map(|a| (a.index, a.winners, a.shares, a.value, a.parts))
        .collect())
}

/// The net amount of each pot (given by its amount) after `rake` is taken under the convention
/// named `convention` (`RakeConvention.value`).
#[pyfunction]
fn rake_pots(amounts: Vec<i64>, rake: i64, convention: &str) -> PyResult<Vec<i64>> {
    let convention = RakeConvention::from_name(convention)
        .ok_or_else(|| PyValueError::new_err(format!("{convention:?} is not a rake convention")))?;
    let pots: Vec<Pot<Player>> = amounts
        .into_iter()
        .map(|amount| Pot {
            amount,
            eligible: Vec::new(),
            contributors: Vec::new(),
            level: 0,
        })
        .collect();
    pots::rake_pots(&pots, rake, convention).map_err(raised)
}

/// What each player collects, (player, amount) in the order first paid: each pot's net amount
/// split into its parts, each among its winners (`parts`: the winners of each part, one list per
/// award; empty for an undetermined pot).
#[pyfunction]
fn payouts(
    parts: Vec<Vec<Vec<Player>>>,
    net_amounts: Vec<i64>,
    odd_chip_order: Vec<Player>,
    chip_unit: i64,
) -> PyResult<Vec<(Player, i64)>> {
    let awards: Vec<Award<Player, i64>> = parts
        .into_iter()
        .enumerate()
        .map(|(index, parts)| Award {
            index,
            winners: parts.concat(),
            parts,
            shares: Vec::new(),
            value: None,
        })
        .collect();
    let paid = pots::payouts(&awards, &net_amounts, &odd_chip_order, chip_unit).map_err(raised)?;
    Ok(paid.iter().collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PotError", m.py().get_type::<PotError>())?;
    m.add_function(wrap_pyfunction!(returned_uncalled, m)?)?;
    m.add_function(wrap_pyfunction!(build_pots, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(award, m)?)?;
    m.add_function(wrap_pyfunction!(rake_pots, m)?)?;
    m.add_function(wrap_pyfunction!(payouts, m)?)?;
    Ok(())
}
