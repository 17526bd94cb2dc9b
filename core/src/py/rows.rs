//! Python bindings of the rows: hands (canonical JSON) to Arrow batches of the store's tables.

use super::soko_error;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict};

use crate::model::Hand;
use crate::rows::columns::export;
use crate::rows::hand::{
    add_actions, add_cards, add_hand_row, add_seats, key_and_flows, Cast, Game, Origin,
};
use crate::rows::tables::{Actions, Cards, Hands, Seats};
use crate::spec::GameSpec;

type Capsules = (Py<PyCapsule>, Py<PyCapsule>);

/// The `hands`, `seats`, `actions` and `cards` rows of hands given as canonical JSON, each with the
/// JSON of its spec (`resolve(rules).to_dict()` with `game`), as {table: (schema, array) capsules}.
#[pyfunction]
fn hand_rows<'py>(
    py: Python<'py>,
    hands: Vec<String>,
    specs: Vec<String>,
    fmt: &str,
    import_id: i32,
) -> PyResult<Bound<'py, PyDict>> {
    let (mut h, mut s, mut a, mut c) = (
        Hands::default(),
        Seats::default(),
        Actions::default(),
        Cards::default(),
    );
    let origin = Origin { fmt, import_id };
    for (hand, spec) in hands.iter().zip(&specs) {
        let hand: Hand = serde_json::from_str(hand)
            .map_err(|e| soko_error(format!("hand JSON: {e}"), None, None))?;
        let spec = GameSpec::from_json(spec).map_err(|e| soko_error(e, None, None))?;
        let game = Game::of(&spec);
        let (key, flows) = key_and_flows(&hand);
        let cast = Cast::of(&hand);
        add_hand_row(
            &mut h,
            &hand,
            key,
            &game,
            &origin,
            None,
            cast.players_dealt(),
        );
        add_seats(&mut s, &hand, key, &game, &flows, &cast);
        let final_pot = flows.iter().map(|f| f.put_in).sum();
        add_actions(&mut a, &hand, key, &game, final_pot);
        add_cards(&mut c, &hand, key);
    }
    let out = PyDict::new(py);
    let tables: [(&str, Capsules); 4] = [
        ("hands", export(py, h.finish())?),
        ("seats", export(py, s.finish())?),
        ("actions", export(py, a.finish())?),
        ("cards", export(py, c.finish())?),
    ];
    for (name, capsules) in tables {
        out.set_item(name, capsules)?;
    }
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(hand_rows, m)?)?;
    m.add_function(wrap_pyfunction!(content_hashes, m)?)?;
    Ok(())
}

/// The content hash (`hand-v2`) of each hand's raw text read again as `format` (`pokerstars` or
/// `soko`), or None where the text no longer reads as a hand: how a store rehashes its hands.
#[pyfunction]
fn content_hashes(raws: Vec<String>, format: &str) -> PyResult<Vec<Option<String>>> {
    let dialect = crate::read::dialect(format)
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
