//! Checking the values of a PHH hand before they are used: every
//! way a field can be wrong is a malformed-text error naming the field; [`decode`] reads a user-defined
//! `_field` (which our PHH writer adds) back into the hand field it overrides.

use crate::cards::Card;
use crate::model::{Action, ActionKind, Deal, Seat, Stakes, Tournament};
use crate::read::{pystr, ReadError};
use crate::said::{Nested, Said, Term};
use crate::say;

use super::value::{isoformat, Value, NONE};

/// The deepest nesting of arrays and inline tables a field may have.
pub const MAX_DEPTH: usize = 8;
/// The largest seat number, seat count, street or run number; the most players in a hand.
pub const MAX_COUNT: i64 = 99;
/// Amounts are below this many minor units.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;
/// The most decimal places a PHH amount may be written with.
pub const MAX_DECIMALS: u64 = 6;
/// Hand fields that may be None, the only ones `_none` may name.
pub const NULLABLE: [&str; 9] = [
    "table",
    "max_seats",
    "button",
    "start",
    "time_zone",
    "start_utc",
    "tournament",
    "total_pot",
    "rake",
];

/// A value refused: the error, and the index of the outermost array element at fault.
pub struct Fault {
    pub err: Box<ReadError>,
    pub index: Option<usize>,
}

impl From<ReadError> for Fault {
    fn from(err: ReadError) -> Fault {
        Fault {
            err: Box::new(err),
            index: None,
        }
    }
}

pub type Conv<T> = Result<T, Fault>;

/// `_bad(what, expected, value)`: the reason says `{what} must be {expected}` (a message of its
/// own, so that a language says it whole).
pub fn bad(reason: Said, expected: &str, value: Option<&Value>) -> Fault {
    debug_assert!(
        reason.ends_with(&format!(" must be {expected}")),
        "{reason}"
    );
    Fault::from(
        ReadError::malformed(reason)
            .expected(expected)
            .actual(short(value, 80)),
    )
}

/// `short(value, width)` of a value that may be missing (None).
pub fn short(value: Option<&Value>, width: usize) -> String {
    value.map_or_else(|| NONE.to_string(), |v| v.short(width))
}

fn prefix(mut fault: Fault, name: &str) -> Fault {
    fault.err.reason = Box::new(named(name, *fault.err.reason));
    fault
}

/// A field's reason after its name: `seat: a count must be ...`.
pub fn named(key: &str, reason: Said) -> Said {
    say!("{key}: {reason}", key, reason = Nested("read", reason))
}

/// The first field (in order) of a table nesting deeper than [`MAX_DEPTH`].
pub fn too_deep(table: &[(String, Value)]) -> Option<&str> {
    table
        .iter()
        .find(|(_, v)| depth_over(v, 1))
        .map(|(k, _)| k.as_str())
}

fn depth_over(value: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match value {
        Value::Array(items) => items.iter().any(|v| depth_over(v, depth + 1)),
        Value::Table(fields) => fields.iter().any(|(_, v)| depth_over(v, depth + 1)),
        _ => false,
    }
}

fn int_in(value: Option<&Value>, low: i64, high: i64) -> Option<i64> {
    match value {
        Some(Value::Int(i)) if (low..=high).contains(i) => Some(*i),
        _ => None,
    }
}

pub fn amount(value: Option<&Value>) -> Conv<i64> {
    let max = MAX_AMOUNT - 1;
    let expected = format!("an integer 0..{max} (minor units)");
    int_in(value, 0, max).ok_or_else(|| {
        let reason = say!("an amount must be an integer 0..{max} (minor units)", max);
        bad(reason, &expected, value)
    })
}

pub fn count(value: Option<&Value>) -> Conv<u8> {
    let expected = format!("an integer 0..{MAX_COUNT}");
    int_in(value, 0, MAX_COUNT).map(|i| i as u8).ok_or_else(|| {
        let reason = say!("a count must be an integer 0..{max}", max = MAX_COUNT);
        bad(reason, &expected, value)
    })
}

fn decimals(value: Option<&Value>) -> Conv<u8> {
    let expected = format!("an integer 0..{MAX_DECIMALS}");
    int_in(value, 0, MAX_DECIMALS as i64)
        .map(|i| i as u8)
        .ok_or_else(|| {
            let reason = say!("decimals must be an integer 0..{max}", max = MAX_DECIMALS);
            bad(reason, &expected, value)
        })
}

pub fn text(value: Option<&Value>) -> Conv<String> {
    match value {
        Some(Value::Str(s)) => Ok(s.clone()),
        _ => Err(bad(say!("a text must be a string"), "a string", value)),
    }
}

fn flag(value: Option<&Value>) -> Conv<bool> {
    match value {
        Some(Value::Bool(b)) => Ok(*b),
        _ => Err(bad(
            say!("a flag must be true or false"),
            "true or false",
            value,
        )),
    }
}

/// A date-time as PHH writes one, in the reason of a time refused.
const EXAMPLE_TIME: &str = "2026-03-14T21:04:11";

pub fn moment(value: Option<&Value>) -> Conv<String> {
    match value {
        Some(v @ Value::Moment(m)) if v.is_datetime() => Ok(isoformat(m)),
        _ => Err(bad(
            say!(
                "a time must be a TOML date-time like {example}",
                example = EXAMPLE_TIME
            ),
            &format!("a TOML date-time like {EXAMPLE_TIME}"),
            value,
        )),
    }
}

fn kind(value: Option<&Value>) -> Conv<ActionKind> {
    if let Some(Value::Str(s)) = value {
        if let Some(k) = ActionKind::ALL.iter().find(|k| k.as_str() == s) {
            return Ok(*k);
        }
    }
    let names: Vec<&str> = ActionKind::ALL.iter().map(|k| k.as_str()).collect();
    let names = names.join(", ");
    let reason = say!("an action kind must be one of {names}", names = &names);
    Err(bad(reason, &format!("one of {names}"), value))
}

/// `cards_of`: `Ac2d` → two cards; `??` is a card dealt face down that the record does not show.
pub fn cards_of(value: Option<&Value>, line: Option<u64>) -> Result<Vec<Option<Card>>, ReadError> {
    let shown = pystr::repr(&short(value, 40));
    let Some(Value::Str(text)) = value else {
        return Err(not_a_run(&shown, value, line));
    };
    let chars: Vec<char> = text.chars().collect();
    if chars.len() % 2 == 1 {
        return Err(not_a_run(&shown, value, line));
    }
    let mut cards = Vec::with_capacity(chars.len() / 2);
    for pair in chars.chunks(2) {
        let token: String = pair.iter().collect();
        if token == "??" {
            cards.push(None);
            continue;
        }
        match Card::parse(pystr::strip(&token)).filter(|_| strict_card(&token)) {
            Some(card) => cards.push(Some(card)),
            None => {
                let mut err = ReadError::malformed(say!(
                    "{token} in {shown} is not a card",
                    token = pystr::repr(&token),
                    shown = &shown
                ))
                .expected("a rank from 23456789TJQKA and a suit from cdhs, or ??")
                .actual(token);
                err.line = line;
                return Err(err);
            }
        }
    }
    Ok(cards)
}

/// A two-character token Python's `parse_card` reads: after stripping, a rank and a suit of its table.
fn strict_card(token: &str) -> bool {
    let body = pystr::strip(token);
    body.chars().count() == 2
}

fn not_a_run(shown: &str, value: Option<&Value>, line: Option<u64>) -> ReadError {
    let mut err = ReadError::malformed(say!("{shown} is not a run of two-character cards", shown))
        .expected("cards like 'Ac2d' or '????'")
        .actual(short(value, 80));
    err.line = line;
    err
}

fn shown(value: Option<&Value>) -> Conv<Vec<Card>> {
    let cards = cards_of(value, None)?;
    if cards.iter().any(Option::is_none) {
        let reason = say!("an action's cards must be known cards like 'AsKd' (no ??)");
        return Err(bad(reason, "known cards like 'AsKd' (no ??)", value));
    }
    Ok(cards.into_iter().flatten().collect())
}

fn optional<T>(
    value: Option<&Value>,
    convert: impl Fn(Option<&Value>) -> Conv<T>,
) -> Conv<Option<T>> {
    value.map(|v| convert(Some(v))).transpose()
}

/// An array of converted elements; an error says which element.
pub fn array<T>(
    value: Option<&Value>,
    convert: impl Fn(Option<&Value>) -> Conv<T>,
) -> Conv<Vec<T>> {
    let Some(Value::Array(items)) = value else {
        return Err(bad(say!("a list must be an array"), "an array", value));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            convert(Some(v)).map_err(|mut f| {
                f.index = Some(i);
                f
            })
        })
        .collect()
}

fn extra(value: Option<&Value>) -> Conv<(String, i64)> {
    match value {
        Some(Value::Array(pair)) if pair.len() == 2 => {
            Ok((text(Some(&pair[0]))?, amount(Some(&pair[1]))?))
        }
        _ => Err(bad(
            say!("an extra must be ['label', amount]"),
            "['label', amount]",
            value,
        )),
    }
}

/// A record's table: its fields checked against the record's keys (`record`'s first check).
fn fields_of<'a>(
    value: Option<&'a Value>,
    what: Record,
    keys: &[&str],
) -> Conv<&'a [(String, Value)]> {
    match value {
        Some(Value::Table(fields)) if fields.iter().all(|(k, _)| keys.contains(&k.as_str())) => {
            Ok(fields)
        }
        _ => {
            let keys = keys.join(", ");
            let reason = say!(
                "{what} must be a table with keys from {keys}",
                what,
                keys = &keys
            );
            Err(bad(
                reason,
                &format!("a table with keys from {keys}"),
                value,
            ))
        }
    }
}

/// A record of the hand's `_field`s, named in a reason (`a seat must be ...`).
type Record = Term<&'static str>;
const A_SEAT: Record = Term("phh_record", "a seat");
const A_DEAL: Record = Term("phh_record", "a deal");
const AN_ACTION: Record = Term("phh_record", "an action");
const STAKES: Record = Term("phh_record", "stakes");
const A_TOURNAMENT: Record = Term("phh_record", "a tournament");

/// One field of a record: converted (its error prefixed by its name), or None when missing.
fn field<T>(
    fields: &[(String, Value)],
    name: &str,
    convert: impl Fn(Option<&Value>) -> Conv<T>,
) -> Conv<Option<T>> {
    match Value::get(fields, name) {
        Some(v) => convert(Some(v)).map(Some).map_err(|f| prefix(f, name)),
        None => Ok(None),
    }
}

/// A field a record cannot do without.
fn needed<T>(found: Option<T>, what: Record, name: &str, value: Option<&Value>) -> Conv<T> {
    found.ok_or_else(|| {
        let key = pystr::repr(name);
        let reason = say!(
            "{what} must be a table with the key {key}",
            what,
            key = &key
        );
        bad(reason, &format!("a table with the key {key}"), value)
    })
}

/// A table's field `name` that must be there: converted, or the reason it is missing.
fn required<T>(
    fields: &[(String, Value)],
    what: Record,
    name: &str,
    convert: impl Fn(Option<&Value>) -> Conv<T>,
    value: Option<&Value>,
) -> Conv<T> {
    needed(field(fields, name, convert)?, what, name, value)
}

const SEAT_KEYS: [&str; 5] = ["seat", "name", "stack", "sitting_out", "bounty"];

pub fn seat(value: Option<&Value>) -> Conv<Seat> {
    let f = fields_of(value, A_SEAT, &SEAT_KEYS)?;
    let seat = required(f, A_SEAT, "seat", count, value)?;
    let name = required(f, A_SEAT, "name", text, value)?;
    let stack = required(f, A_SEAT, "stack", amount, value)?;
    Ok(Seat {
        seat,
        name,
        stack,
        sitting_out: field(f, "sitting_out", flag)?.unwrap_or(false),
        bounty: field(f, "bounty", |v| optional(v, text))?.flatten(),
    })
}

const DEAL_KEYS: [&str; 5] = ["street", "player", "cards", "up", "run"];

pub fn deal(value: Option<&Value>) -> Conv<Deal> {
    let f = fields_of(value, A_DEAL, &DEAL_KEYS)?;
    let street = required(f, A_DEAL, "street", count, value)?;
    let player = field(f, "player", |v| optional(v, text))?.flatten();
    let cards = required(
        f,
        A_DEAL,
        "cards",
        |v| cards_of(v, None).map_err(Fault::from),
        value,
    )?;
    let up = required(f, A_DEAL, "up", |v| array(v, flag), value)?;
    let run = field(f, "run", count)?.unwrap_or(0);
    if up.len() != cards.len() {
        let n = cards.len();
        let reason = say!("a deal's up must be one flag per card ({n})", n);
        return Err(bad(reason, &format!("one flag per card ({n})"), value));
    }
    Ok(Deal {
        street,
        player,
        cards,
        up,
        run,
    })
}

const ACTION_KEYS: [&str; 10] = [
    "street", "player", "kind", "amount", "to", "all_in", "cards", "text", "fee", "run",
];

pub fn action(value: Option<&Value>) -> Conv<Action> {
    let f = fields_of(value, AN_ACTION, &ACTION_KEYS)?;
    let street = required(f, AN_ACTION, "street", count, value)?;
    let player = required(f, AN_ACTION, "player", text, value)?;
    let kind = required(f, AN_ACTION, "kind", kind, value)?;
    Ok(Action {
        street,
        player,
        kind,
        amount: field(f, "amount", amount)?.unwrap_or(0),
        to: field(f, "to", |v| optional(v, amount))?.flatten(),
        all_in: field(f, "all_in", flag)?.unwrap_or(false),
        cards: field(f, "cards", shown)?.unwrap_or_default(),
        text: field(f, "text", |v| optional(v, text))?.flatten(),
        fee: field(f, "fee", amount)?.unwrap_or(0),
        run: field(f, "run", count)?.unwrap_or(0),
    })
}

const STAKES_KEYS: [&str; 12] = [
    "decimals",
    "currency",
    "symbol",
    "small_blind",
    "big_blind",
    "ante",
    "bring_in",
    "small_bet",
    "big_bet",
    "cap",
    "min_bet",
    "max_bet",
];

fn stakes(value: Option<&Value>) -> Conv<Stakes> {
    let f = fields_of(value, STAKES, &STAKES_KEYS)?;
    let money = |name: &str| field(f, name, |v| optional(v, amount)).map(Option::flatten);
    Ok(Stakes {
        decimals: field(f, "decimals", decimals)?.unwrap_or(0),
        currency: field(f, "currency", |v| optional(v, text))?.flatten(),
        symbol: field(f, "symbol", text)?.unwrap_or_default(),
        small_blind: money("small_blind")?,
        big_blind: money("big_blind")?,
        ante: money("ante")?,
        bring_in: money("bring_in")?,
        small_bet: money("small_bet")?,
        big_bet: money("big_bet")?,
        cap: money("cap")?,
        min_bet: money("min_bet")?,
        max_bet: money("max_bet")?,
    })
}

fn tournament(value: Option<&Value>) -> Conv<Tournament> {
    let keys = ["tournament_id", "buy_in", "level"];
    let f = fields_of(value, A_TOURNAMENT, &keys)?;
    let id = field(f, "tournament_id", text)?;
    Ok(Tournament {
        tournament_id: needed(id, A_TOURNAMENT, "tournament_id", value)?,
        buy_in: field(f, "buy_in", |v| optional(v, text))?.flatten(),
        level: field(f, "level", |v| optional(v, text))?.flatten(),
    })
}

/// Hand fields a `_field` may set, in the order they are written.
pub const OVERRIDES: [&str; 18] = [
    "site",
    "hand_id",
    "stakes",
    "table",
    "max_seats",
    "button",
    "start",
    "time_zone",
    "start_utc",
    "tournament",
    "seats",
    "deals",
    "actions",
    "total_pot",
    "rake",
    "pots",
    "extras",
    "finishing_stacks",
];

/// A `_field`'s value, read as the hand field it overrides.
pub enum Override {
    Text(String),
    Count(u8),
    Amount(i64),
    Stakes(Stakes),
    Tournament(Tournament),
    Seats(Vec<Seat>),
    Deals(Vec<Deal>),
    Actions(Vec<Action>),
    Amounts(Vec<i64>),
    Extras(Vec<(String, i64)>),
}

/// The `_name` field's value as the hand field `name` (its error prefixed `_name: `; the caller places it).
pub fn decode(name: &str, value: &Value) -> Conv<Override> {
    let v = Some(value);
    let read = match name {
        "site" | "hand_id" | "table" | "time_zone" => text(v).map(Override::Text),
        "start" | "start_utc" => moment(v).map(Override::Text),
        "max_seats" | "button" => count(v).map(Override::Count),
        "total_pot" | "rake" => amount(v).map(Override::Amount),
        "stakes" => stakes(v).map(Override::Stakes),
        "tournament" => tournament(v).map(Override::Tournament),
        "seats" => array(v, seat).map(Override::Seats),
        "deals" => array(v, deal).map(Override::Deals),
        "actions" => array(v, action).map(Override::Actions),
        "pots" | "finishing_stacks" => array(v, amount).map(Override::Amounts),
        _ => array(v, extra).map(Override::Extras),
    };
    read.map_err(|f| prefix(f, &format!("_{name}")))
}
