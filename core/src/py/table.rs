//! Python bindings of the betting table (`replay::table`): the simulator deals and plays through the
//! table the auditor replays with, so the two cannot disagree about the rules. Players are named;
//! the legal actions come back as plain tuples (`sim/play.py` `Legal`).

use std::sync::Arc;

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use self_cell::self_cell;

use super::rules::spec_of;
use super::soko_error;
use crate::cards::Card;
use crate::model::{ActionKind, Stakes};
use crate::replay::table::Table;
use crate::spec::GameSpec;

/// What a table borrows: the spec, the stakes and the players' names.
struct Owner {
    spec: Arc<GameSpec>,
    stakes: Stakes,
    seats: Vec<(String, u8, i64)>,
}

type Borrowing<'a> = Table<'a>;

self_cell!(
    struct Cell {
        owner: Owner,
        #[covariant]
        dependent: Borrowing,
    }
);

/// The legal actions of the player to act: (player, to call, can check, bet (low, high), raise to
/// (low, high), complete to, fixed-limit sizes).
type LegalTuple = (
    String,
    i64,
    bool,
    Option<(i64, i64)>,
    Option<(i64, i64)>,
    Option<i64>,
    Vec<i64>,
);

/// One hand's betting table: `PlayTable(rules, stakes_json, seats, button)` with `seats` the
/// (name, seat number, stack) of each player dealt in, in seat order, and `stakes_json` the hand's
/// `Stakes._asdict()` as JSON.
#[pyclass(module = "soko_analytics._core", unsendable)]
pub struct PlayTable {
    cell: Cell,
}

fn kind_of(kind: &str) -> PyResult<ActionKind> {
    serde_json::from_value(serde_json::Value::String(kind.to_string()))
        .map_err(|_| PyValueError::new_err(format!("no action kind {kind:?}")))
}

impl PlayTable {
    fn table(&self) -> &Table<'_> {
        self.cell.borrow_dependent()
    }

    fn index(&self, player: &str) -> PyResult<usize> {
        self.table()
            .index_of(player)
            .ok_or_else(|| PyKeyError::new_err(player.to_string()))
    }

    fn names_of(&self, seats: impl IntoIterator<Item = usize>) -> Vec<String> {
        let table = self.table();
        seats
            .into_iter()
            .map(|i| table.seats[i].name.to_string())
            .collect()
    }
}

#[pymethods]
impl PlayTable {
    #[new]
    fn new(
        py: Python<'_>,
        rules: &str,
        stakes_json: &str,
        seats: Vec<(String, u8, i64)>,
        button: Option<u8>,
    ) -> PyResult<PlayTable> {
        let spec = spec_of(py, rules).map_err(|e| soko_error(e, None, None))?;
        let stakes: Stakes = serde_json::from_str(stakes_json)
            .map_err(|e| PyValueError::new_err(format!("stakes JSON: {e}")))?;
        let owner = Owner {
            spec,
            stakes,
            seats,
        };
        let cell = Cell::new(owner, |o| {
            let seats = o.seats.iter().map(|(n, s, st)| (n.as_str(), *s, *st));
            Table::new(&o.spec, &o.stakes, seats, button)
        });
        Ok(PlayTable { cell })
    }

    /// The players, in seat order.
    fn names(&self) -> Vec<String> {
        self.names_of(0..self.table().seats.len())
    }

    /// The players from the dealer's left (seat order when there is no button).
    fn dealer_left_order(&self) -> Vec<String> {
        self.names_of(self.table().from_dealer_left().to_vec())
    }

    /// The players still in the hand, in seat order.
    fn live(&self) -> Vec<String> {
        let seats = &self.table().seats;
        self.names_of((0..seats.len()).filter(|&i| seats[i].live()))
    }

    /// The players who folded, in seat order.
    fn folded(&self) -> Vec<String> {
        let seats = &self.table().seats;
        self.names_of((0..seats.len()).filter(|&i| seats[i].folded))
    }

    /// What each player has put in over the hand, in seat order.
    fn totals(&self) -> Vec<(String, i64)> {
        let seats = &self.table().seats;
        seats
            .iter()
            .map(|s| (s.name.to_string(), s.total))
            .collect()
    }

    fn stack(&self, player: &str) -> PyResult<i64> {
        Ok(self.table().seats[self.index(player)?].stack)
    }

    #[getter]
    fn street(&self) -> usize {
        self.table().street
    }

    #[getter]
    fn current(&self) -> i64 {
        self.table().current
    }

    #[getter]
    fn opened(&self) -> bool {
        self.table().opened
    }

    /// Cards dealt face up to a player (they decide who speaks first in stud games).
    fn deal_up(&mut self, player: &str, cards: Vec<u8>) -> PyResult<()> {
        let i = self.index(player)?;
        self.cell.with_dependent_mut(|_, table| {
            for c in cards {
                table.seats[i].up.push(Card(c));
            }
        });
        Ok(())
    }

    /// A new street: bets reset.
    fn start_street(&mut self, street: usize) {
        self.cell
            .with_dependent_mut(|_, table| table.start_street(street));
    }

    /// Choose who speaks first (the spec's opener, or the seat index `first`).
    #[pyo3(signature = (first = None))]
    fn open_round(&mut self, first: Option<usize>) -> PyResult<()> {
        self.cell
            .with_dependent_mut(|_, table| table.open_round(first))
            .map_err(|f| soko_error(f, None, None))
    }

    /// The seat index that speaks first on `street`.
    fn opener(&self, street: usize) -> PyResult<usize> {
        self.table()
            .opener(street)
            .map_err(|f| soko_error(f, None, None))
    }

    /// The legal actions of the player to act, or None when the round is over.
    fn legal(&self) -> PyResult<Option<LegalTuple>> {
        let table = self.table();
        let legal = table.legal().map_err(|f| soko_error(f, None, None))?;
        Ok(legal.map(|l| {
            (
                table.seats[l.player].name.to_string(),
                l.to_call,
                l.can_check,
                l.bet,
                l.raise_to,
                l.complete_to,
                l.sizes.as_slice().to_vec(),
            )
        }))
    }

    /// A forced bet (`ante`, `small_blind`, `big_blind`, `bring_in`...) of `amount`.
    fn post(&mut self, player: &str, kind: &str, amount: i64) -> PyResult<()> {
        let (i, kind) = (self.index(player)?, kind_of(kind)?);
        self.cell
            .with_dependent_mut(|_, table| table.post(i, kind, amount));
        Ok(())
    }

    /// A voluntary action: `amount` added (calls, bets), `to` the street total (raises).
    #[pyo3(signature = (player, kind, amount = 0, to = None))]
    fn apply(&mut self, player: &str, kind: &str, amount: i64, to: Option<i64>) -> PyResult<()> {
        let (i, kind) = (self.index(player)?, kind_of(kind)?);
        self.cell
            .with_dependent_mut(|_, table| table.apply(i, kind, amount, to));
        Ok(())
    }

    /// The uncalled part of the last bet, back to its bettor: (player, amount), or None.
    fn return_uncalled(&mut self) -> Option<(String, i64)> {
        let back = self
            .cell
            .with_dependent_mut(|_, table| table.return_uncalled());
        back.map(|(i, amount)| (self.table().seats[i].name.to_string(), amount))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PlayTable>()?;
    Ok(())
}
