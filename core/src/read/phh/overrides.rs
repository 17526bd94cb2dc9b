//! The user-defined `_field`s our PHH writer adds (Python's `parsers/phh.py` `_overrides`): each
//! replaces the hand field PHH's own fields do not give back; `_extra_actions` are put in their
//! places, and `_none` empties the fields it names.

use crate::model::{Action, Hand};
use crate::read::{pystr, ReadError};
use crate::say;

use super::fields::{self, Override, NULLABLE, OVERRIDES};
use super::reader::{bad, Reader};
use super::value::{cut, Value};

pub fn overrides(r: &Reader, mut hand: Hand) -> Result<Hand, ReadError> {
    for name in OVERRIDES {
        let key = format!("_{name}");
        let Some(value) = r.get(&key) else { continue };
        let decoded = fields::decode(name, value).map_err(|f| {
            let mut err = *f.err;
            if err.line.is_none() {
                err.line = Some(match f.index {
                    None => r.line(&key),
                    Some(i) => {
                        let count = if let Value::Array(a) = value {
                            a.len()
                        } else {
                            0
                        };
                        r.chunk.element_lines(&key, count)[i]
                    }
                });
            }
            err
        })?;
        set(&mut hand, name, decoded);
        if name == "deals" {
            hand.deal_lines = r.chunk.element_lines(&key, hand.deals.len());
        } else if name == "actions" {
            hand.action_lines = r.chunk.element_lines(&key, hand.actions.len());
        }
    }
    if r.get("_extra_actions").is_some() {
        insert(r, &mut hand)?;
    }
    if r.get("_none").is_some() {
        for name in r.array("_none", None, "strings")? {
            let Value::Str(name) = name else { continue };
            if !NULLABLE.contains(&name.as_str()) {
                return Err(bad(
                    say!("_none names {name}", name = pystr::repr(&cut(name, 40))),
                    r.line("_none"),
                )
                .expected(NULLABLE.join(", ")));
            }
            unset(&mut hand, name);
        }
    }
    Ok(hand)
}

fn set(hand: &mut Hand, name: &str, value: Override) {
    match (name, value) {
        ("site", Override::Text(s)) => hand.site = s,
        ("hand_id", Override::Text(s)) => hand.hand_id = s,
        ("table", Override::Text(s)) => hand.table = Some(s),
        ("time_zone", Override::Text(s)) => hand.time_zone = Some(s),
        ("start", Override::Text(s)) => hand.start = Some(s),
        ("start_utc", Override::Text(s)) => hand.start_utc = Some(s),
        ("max_seats", Override::Count(c)) => hand.max_seats = Some(c),
        ("button", Override::Count(c)) => hand.button = Some(c),
        ("total_pot", Override::Amount(a)) => hand.total_pot = Some(a),
        ("rake", Override::Amount(a)) => hand.rake = Some(a),
        (_, Override::Stakes(s)) => hand.stakes = s,
        (_, Override::Tournament(t)) => hand.tournament = Some(t),
        (_, Override::Seats(s)) => hand.seats = s,
        (_, Override::Deals(d)) => hand.deals = d,
        (_, Override::Actions(a)) => hand.actions = a,
        ("pots", Override::Amounts(a)) => hand.pots = a,
        (_, Override::Amounts(a)) => hand.finishing_stacks = a,
        (_, Override::Extras(e)) => hand.extras = e,
        _ => {}
    }
}

fn unset(hand: &mut Hand, name: &str) {
    match name {
        "table" => hand.table = None,
        "max_seats" => hand.max_seats = None,
        "button" => hand.button = None,
        "start" => hand.start = None,
        "time_zone" => hand.time_zone = None,
        "start_utc" => hand.start_utc = None,
        "tournament" => hand.tournament = None,
        "total_pot" => hand.total_pot = None,
        _ => hand.rake = None,
    }
}

/// Put each `_extra_actions` entry (an action and `at`, its index in the hand) in its place.
fn insert(r: &Reader, hand: &mut Hand) -> Result<(), ReadError> {
    let entries = r.array("_extra_actions", None, "tables")?;
    let lines = r.chunk.element_lines("_extra_actions", entries.len());
    let mut placed: Vec<(i64, Action, u64)> = Vec::new();
    let at_bad = |line: u64, actual: String| {
        bad(
            say!("_extra_actions: 'at' must be an index into the actions"),
            line,
        )
        .actual(actual)
    };
    for (entry, &line) in entries.iter().zip(&lines) {
        let Value::Table(fields) = entry else {
            continue;
        };
        let at = match Value::get(fields, "at") {
            Some(Value::Int(i)) => *i,
            other => return Err(at_bad(line, fields::short(other, 80))),
        };
        let rest = Value::Table(fields.iter().filter(|(k, _)| k != "at").cloned().collect());
        let action = fields::action(Some(&rest)).map_err(|f| {
            let mut err = *f.err;
            err.reason = Box::new(fields::named("_extra_actions", *err.reason));
            err.line = Some(line);
            err
        })?;
        placed.push((at, action, line));
    }
    placed.sort_by_key(|p| p.0);
    for (at, action, line) in placed {
        if !(0..=hand.actions.len() as i64).contains(&at) {
            return Err(at_bad(line, at.to_string()));
        }
        hand.actions.insert(at as usize, action);
        hand.action_lines.insert(at as usize, line);
    }
    Ok(())
}
