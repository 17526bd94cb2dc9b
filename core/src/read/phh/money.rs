//! The money of a PHH hand: its numbers read at the hand's decimal places (the most any amount is
//! written with, in the fields or in the actions' `cbr` amounts) as integer minor units.

use crate::read::{pystr, ReadError};
use crate::said::{IntoArg, Said};
use crate::say;

use super::fields::{MAX_AMOUNT, MAX_DECIMALS};
use super::reader::{bad, Reader};
use super::value::{Dec, Value};

const STAKE_FIELDS: [&str; 4] = ["bring_in", "small_bet", "big_bet", "min_bet"];

/// A number of the TOML.
pub enum Number<'a> {
    Int(i64),
    Dec(&'a Dec),
}

fn number(value: &Value) -> Option<Number<'_>> {
    match value {
        Value::Int(i) => Some(Number::Int(*i)),
        Value::Dec(d) => Some(Number::Dec(d)),
        _ => None,
    }
}

/// Why a number is not an amount of the hand.
#[derive(Clone, Copy, Debug)]
pub enum Refusal {
    Negative,
    NotFinite,
    /// More decimal places than the hand's.
    Places(u64),
    /// [`MAX_AMOUNT`] minor units or more.
    TooLarge,
}

/// `{subject} is not an amount`, and why (a message of its own for each why).
pub fn not_an_amount(subject: impl IntoArg, why: Option<Refusal>) -> Said {
    match why {
        None => say!("{subject} is not an amount", subject),
        Some(Refusal::Negative) => say!("{subject} is not an amount (negative)", subject),
        Some(Refusal::NotFinite) => say!("{subject} is not an amount (not finite)", subject),
        Some(Refusal::Places(decimals)) => say!(
            "{subject} is not an amount of at most {decimals} decimals",
            subject,
            decimals
        ),
        Some(Refusal::TooLarge) => say!(
            "{subject} is not an amount below {limit} minor units",
            subject,
            limit = MAX_AMOUNT
        ),
    }
}

/// A number in minor units at `decimals` places, or why not (and the expected).
pub fn scaled(value: &Number, decimals: u64) -> Result<i64, (Refusal, String)> {
    let below = || {
        (
            Refusal::TooLarge,
            format!("less than {MAX_AMOUNT} minor units"),
        )
    };
    let scaled: i128 = match value {
        Number::Int(i) if *i < 0 => return Err((Refusal::Negative, "a number ≥ 0".into())),
        Number::Int(i) => i128::from(*i) * 10i128.pow(decimals as u32),
        Number::Dec(d) if d.special.is_some() => {
            return Err((Refusal::NotFinite, "a finite number ≥ 0".into()))
        }
        Number::Dec(d) if d.negative && !d.is_zero() => {
            return Err((Refusal::Negative, "a number ≥ 0".into()))
        }
        Number::Dec(d) if d.places() > decimals => {
            return Err((
                Refusal::Places(decimals),
                format!("at most {decimals} decimals"),
            ))
        }
        Number::Dec(d) if d.adjusted() >= 13 => return Err(below()),
        Number::Dec(d) => {
            let shift = d.exponent + decimals as i64;
            let digits: i128 = d.digits.parse().unwrap_or(i128::MAX);
            digits.saturating_mul(10i128.pow(shift.clamp(0, 30) as u32))
        }
    };
    if scaled >= i128::from(MAX_AMOUNT) {
        return Err(below());
    }
    Ok(scaled as i64)
}

/// The decimal places of the hand: the most any amount is written with.
pub fn decimals(
    money: &[(&str, Vec<&Value>)],
    texts: &[&str],
    text_lines: &[u64],
    r: &Reader,
) -> Result<u64, ReadError> {
    let mut most: (u64, &str, Option<u64>) = (0, "", None);
    let mut see = |places: u64, key: &'static str, line: Option<u64>| {
        if places > most.0 {
            most = (places, key, line);
        }
    };
    for (key, values) in money {
        let key: &'static str = leak_key(key);
        for v in values {
            see(
                if let Value::Dec(d) = v { d.places() } else { 0 },
                key,
                None,
            );
        }
    }
    for (entry, line) in texts.iter().zip(text_lines) {
        let body = entry.split('#').next().unwrap_or("");
        for amount in cbr_amounts(body) {
            let places = if is_amount_text(amount) {
                amount.split_once('.').map_or(0, |(_, f)| f.len() as u64)
            } else {
                0
            };
            see(places, "actions", Some(*line));
        }
    }
    if most.0 > MAX_DECIMALS {
        let line = most.2.unwrap_or_else(|| r.line(most.1));
        return Err(bad(
            say!(
                "{key}: an amount with {n} decimal places",
                key = most.1,
                n = most.0
            ),
            line,
        )
        .expected(format!("at most {MAX_DECIMALS} decimal places")));
    }
    Ok(most.0)
}

fn leak_key(key: &str) -> &'static str {
    [
        "antes",
        "blinds_or_straddles",
        "finishing_stacks",
        "starting_stacks",
        "bring_in",
        "small_bet",
        "big_bet",
        "min_bet",
    ]
    .into_iter()
    .find(|k| *k == key)
    .unwrap_or("")
}

/// `\bcbr\s+(\S+)`: the amounts of the `cbr` verbs of an action's text.
fn cbr_amounts(body: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = body[from..].find("cbr").map(|i| i + from) {
        let before = body[..at].chars().next_back();
        let word = before.is_some_and(|c| c.is_alphanumeric() || c == '_');
        let rest = &body[at + 3..];
        let gap = rest.len() - rest.trim_start_matches(pystr::is_space).len();
        let after = &rest[gap..];
        let amount = &after[..after.find(pystr::is_space).unwrap_or(after.len())];
        if !word && gap > 0 && !amount.is_empty() {
            out.push(amount);
            from = body.len() - after.len() + amount.len();
        } else {
            from = at + 3;
        }
    }
    out
}

/// The amounts of the money fields, in minor units, in the order Python's reader reads them.
pub type Money<'v> = Vec<(&'static str, Vec<&'v Value>)>;

pub fn money<'v>(r: &Reader<'v>, n: usize, stacks: &'v [Value]) -> Result<Money<'v>, ReadError> {
    let mut money: Money = Vec::new();
    for key in ["antes", "blinds_or_straddles", "finishing_stacks"] {
        if r.get(key).is_some() {
            money.push((key, r.array(key, Some(n), "numbers")?.iter().collect()));
        }
    }
    money.push(("starting_stacks", stacks.iter().collect()));
    for key in STAKE_FIELDS {
        if let Some(v) = r.get(key) {
            if !v.is_number() {
                return Err(bad(say!("{key} is not a number", key), r.line(key))
                    .expected("a number like 1500 or 2.50")
                    .actual(v.short(80)));
            }
            money.push((key, vec![v]));
        }
    }
    Ok(money)
}

pub fn minor_amounts(
    money: &Money,
    decimals: u64,
    r: &Reader,
) -> Result<Vec<(&'static str, Vec<i64>)>, ReadError> {
    money
        .iter()
        .map(|(key, values)| {
            let amounts = values
                .iter()
                .map(|v| {
                    scaled(&number(v).expect("checked"), decimals).map_err(|(why, expected)| {
                        let subject = format!("{key} {}", v.short(40));
                        bad(not_an_amount(subject, Some(why)), r.line(key))
                            .expected(expected)
                            .actual(v.short(80))
                    })
                })
                .collect::<Result<Vec<i64>, ReadError>>()?;
            Ok((*key, amounts))
        })
        .collect()
}

/// `^[0-9]+(?:\.[0-9]+)?$` (Python's `$` also before a final newline).
pub fn is_amount_text(text: &str) -> bool {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (text, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && fraction.is_none_or(digits)
}
