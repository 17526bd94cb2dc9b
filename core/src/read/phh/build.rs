//! A hand from one PHH table (Python's `parsers/phh.py` `_build`): the native fields first, turned
//! into the actions a log prints by the [`Table`], then the user-defined `_field`s our writer adds.

use std::sync::Arc;

use crate::model::{Action, Hand, Seat, Source, Stakes};
use crate::read::{pystr, Kind, Lookups, ReadError};
use crate::spec::GameSpec;

use super::chunks::{stem, Chunk};
use super::fields::{
    self, Fault, Override, MAX_AMOUNT, MAX_COUNT, MAX_DECIMALS, NULLABLE, OVERRIDES,
};
use super::state::{is_amount_text, Table};
use super::value::{cut, isoformat, Dec, Moment, Value, NONE};

type Doc = [(String, Value)];

/// A variant code we read: our rules text for it (None: `_rules`) and the fields PHH requires.
const VARIANTS: [(&str, Option<&str>, &[&str]); 12] = [
    ("NT", Some("holdem"), &["blinds_or_straddles", "min_bet"]),
    (
        "FT",
        Some("holdem; structure=fixed_limit"),
        &["blinds_or_straddles", "small_bet", "big_bet"],
    ),
    ("F7S", Some("stud7"), &["bring_in", "small_bet", "big_bet"]),
    ("PO", Some("omaha"), &["blinds_or_straddles", "min_bet"]),
    (
        "FO/8",
        Some("omaha-hilo; structure=fixed_limit"),
        &["blinds_or_straddles", "small_bet", "big_bet"],
    ),
    (
        "F7S/8",
        Some("stud7-hilo"),
        &["bring_in", "small_bet", "big_bet"],
    ),
    ("FR", Some("razz"), &["bring_in", "small_bet", "big_bet"]),
    (
        "N2L1D",
        Some("single-draw27"),
        &["blinds_or_straddles", "min_bet"],
    ),
    (
        "F2L3D",
        Some("triple-draw27"),
        &["blinds_or_straddles", "small_bet", "big_bet"],
    ),
    (
        "FB",
        Some("badugi"),
        &["blinds_or_straddles", "small_bet", "big_bet"],
    ),
    (
        "NS",
        Some("short-deck; hand_ranking=short_deck_straight_over_trips"),
        &["blinds_or_straddles", "min_bet"],
    ),
    ("SOKO", None, &[]),
];
const SOKO_DEFAULT_RULES: &str = "soko-casino";
const REQUIRED: [&str; 3] = ["antes", "starting_stacks", "actions"];
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

/// A number in minor units at `decimals` places, or why not (the end of the reason, the expected).
pub fn scaled(value: &Number, decimals: u64) -> Result<i64, (String, String)> {
    let below = || {
        (
            format!(" below {MAX_AMOUNT} minor units"),
            format!("less than {MAX_AMOUNT} minor units"),
        )
    };
    let scaled: i128 = match value {
        Number::Int(i) if *i < 0 => return Err((" (negative)".into(), "a number ≥ 0".into())),
        Number::Int(i) => i128::from(*i) * 10i128.pow(decimals as u32),
        Number::Dec(d) if d.special.is_some() => {
            return Err((" (not finite)".into(), "a finite number ≥ 0".into()))
        }
        Number::Dec(d) if d.negative && !d.is_zero() => {
            return Err((" (negative)".into(), "a number ≥ 0".into()))
        }
        Number::Dec(d) if d.places() > decimals => {
            return Err((
                format!(" of at most {decimals} decimals"),
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

fn bad(reason: String, line: u64) -> ReadError {
    ReadError::malformed(reason).at(line)
}

/// A converter's fault as the error of a field (`_field`): the field's name before its reason, at its line.
fn at_field(fault: Fault, key: &str, line: u64) -> ReadError {
    let mut err = fault.err;
    err.reason = format!("{key}: {}", err.reason);
    err.line = Some(line);
    err
}

struct Reader<'c> {
    t: &'c Doc,
    chunk: &'c Chunk,
}

impl<'c> Reader<'c> {
    fn get(&self, key: &str) -> Option<&'c Value> {
        Value::get(self.t, key)
    }

    fn line(&self, key: &str) -> u64 {
        self.chunk.line(key)
    }

    /// `_array`: an array (of `n`) of numbers, strings or tables.
    fn array(&self, key: &str, n: Option<usize>, kind: &str) -> Result<&'c [Value], ReadError> {
        let value = self.get(key);
        let ok = |v: &Value| match kind {
            "strings" => matches!(v, Value::Str(_)),
            "tables" => matches!(v, Value::Table(_)),
            _ => v.is_number(),
        };
        match value {
            Some(Value::Array(items))
                if items.iter().all(ok) && n.is_none_or(|n| n == items.len()) =>
            {
                Ok(items)
            }
            _ => {
                let size = n.map_or(String::new(), |n| format!(" of {n}"));
                Err(bad(
                    format!("{key} must be an array{size} ({kind})"),
                    self.line(key),
                )
                .expected(format!("{key} = [...]"))
                .actual(fields::short(value, 80)))
            }
        }
    }

    fn text(&self, key: &str) -> Result<Option<String>, ReadError> {
        match self.get(key) {
            None => Ok(None),
            v => fields::text(v)
                .map(Some)
                .map_err(|f| at_field(f, key, self.line(key))),
        }
    }
}

fn variant(
    r: &Reader,
) -> Result<(&'static str, Option<&'static str>, &'static [&'static str]), ReadError> {
    let code = r.get("variant");
    if let Some(Value::Str(code)) = code {
        if let Some(v) = VARIANTS.iter().find(|v| v.0 == code) {
            return Ok(*v);
        }
        let names: Vec<&str> = VARIANTS.iter().map(|v| v.0).collect();
        return Err(ReadError::new(
            Kind::Unsupported,
            format!("unsupported PHH variant {}", pystr::repr(&cut(code, 40))),
        )
        .at(r.line("variant"))
        .expected(format!("one of {}", names.join(", ")))
        .actual(code.clone()));
    }
    Err(bad("no variant".into(), r.line("variant"))
        .expected("variant = 'NT'")
        .actual(fields::short(code, 80)))
}

fn spec_of(
    r: &Reader,
    default: &str,
    lookups: &mut dyn Lookups,
) -> Result<(String, Arc<GameSpec>), ReadError> {
    let rules = match r.get("_rules") {
        Some(_) => r.text("_rules")?.unwrap_or_default(),
        None => default.to_string(),
    };
    match lookups.spec(&rules) {
        Ok(spec) => Ok((rules, spec)),
        Err(e) => {
            let reason = rules_reason(&e);
            Err(bad(format!("_rules: {reason}"), r.line("_rules")).actual(cut(&rules, 80)))
        }
    }
}

/// A `RulesError`'s reason from the lookups' text of it (`RulesError: reason (expected ..., got ...)`).
fn rules_reason(error: &str) -> &str {
    let text = error.strip_prefix("RulesError: ").unwrap_or(error);
    let detail = [" (expected ", " (got "]
        .iter()
        .filter_map(|mark| text.find(mark))
        .min();
    match detail {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => text,
    }
}

/// The decimal places of the hand: the most any amount is written with.
fn decimals(
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
            format!("{}: an amount with {} decimal places", most.1, most.0),
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
type Money<'v> = Vec<(&'static str, Vec<&'v Value>)>;

fn money<'v>(r: &Reader<'v>, n: usize, stacks: &'v [Value]) -> Result<Money<'v>, ReadError> {
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
                return Err(bad(format!("{key} is not a number"), r.line(key))
                    .expected("a number like 1500 or 2.50")
                    .actual(v.short(80)));
            }
            money.push((key, vec![v]));
        }
    }
    Ok(money)
}

fn minor_amounts(
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
                        bad(
                            format!("{key} {} is not an amount{why}", v.short(40)),
                            r.line(key),
                        )
                        .expected(expected)
                        .actual(v.short(80))
                    })
                })
                .collect::<Result<Vec<i64>, ReadError>>()?;
            Ok((*key, amounts))
        })
        .collect()
}

fn names(r: &Reader, n: usize) -> Result<Vec<String>, ReadError> {
    let given: Vec<String> = match r.get("players") {
        Some(_) => r
            .array("players", Some(n), "strings")?
            .iter()
            .map(|v| {
                if let Value::Str(s) = v {
                    s.clone()
                } else {
                    String::new()
                }
            })
            .collect(),
        None => vec![String::new(); n],
    };
    let names: Vec<String> = given
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if s.is_empty() {
                format!("p{}", i + 1)
            } else {
                s.clone()
            }
        })
        .collect();
    let distinct: std::collections::HashSet<&String> = names.iter().collect();
    if distinct.len() != n {
        let list = Value::Array(given.into_iter().map(Value::Str).collect());
        return Err(bad("player names repeat".into(), r.line("players"))
            .expected("distinct names")
            .actual(list.short(80)));
    }
    Ok(names)
}

fn seat_numbers(r: &Reader, n: usize) -> Result<Vec<u8>, ReadError> {
    let numbers: Vec<u8> = match r.get("seats") {
        Some(v) => fields::array(Some(v), fields::count)
            .map_err(|f| at_field(f, "seats", r.line("seats")))?,
        None => (1..=n as u8).collect(),
    };
    let distinct: std::collections::HashSet<&u8> = numbers.iter().collect();
    if numbers.len() != n || distinct.len() != n {
        let list = Value::Array(numbers.iter().map(|&s| Value::Int(i64::from(s))).collect());
        return Err(bad(
            format!("seats must be {n} distinct seat numbers"),
            r.line("seats"),
        )
        .actual(list.short(80)));
    }
    Ok(numbers)
}

fn hand_id(r: &Reader, path: &str) -> Result<String, ReadError> {
    for key in ["_hand_id", "hand"] {
        match r.get(key) {
            None => {}
            Some(Value::Str(s)) => return Ok(s.clone()),
            Some(Value::Int(i)) => return Ok(i.to_string()),
            Some(v) => {
                return Err(
                    bad(format!("{key} must be a string or an integer"), r.line(key))
                        .actual(v.short(80)),
                )
            }
        }
    }
    Ok(r.chunk.key.clone().unwrap_or_else(|| stem(path)))
}

fn table_name(r: &Reader) -> Result<Option<String>, ReadError> {
    match r.get("table") {
        None => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s.clone())),
        Some(Value::Int(i)) => Ok(Some(i.to_string())),
        Some(v) => Err(bad(
            "table must be a string or an integer".into(),
            r.line("table"),
        )
        .actual(v.short(80))),
    }
}

/// `year`, `month`, `day` and `time` (midnight when only the date is given).
fn start(r: &Reader) -> Result<Option<String>, ReadError> {
    let mut date = Vec::new();
    for (key, low, high) in [("year", 1, 9999), ("month", 1, 12), ("day", 1, 31)] {
        match r.get(key) {
            None => date.push(None),
            Some(Value::Int(i)) if (low..=high).contains(i) => date.push(Some(*i)),
            Some(v) => {
                return Err(bad(
                    format!("{key} must be an integer {low}..{high}"),
                    r.line(key),
                )
                .actual(v.short(80)))
            }
        }
    }
    let [Some(y), Some(m), Some(d)] = date[..] else {
        return Ok(None);
    };
    let clock = match r.get("time") {
        None => (0, 0, 0, 0),
        Some(Value::Moment(Moment {
            date: None,
            time: Some(t),
            offset: None,
        })) => *t,
        Some(v) => {
            return Err(bad("time must be a TOML local time".into(), r.line("time"))
                .expected("time = 21:04:11")
                .actual(v.short(80)))
        }
    };
    if chrono::NaiveDate::from_ymd_opt(y as i32, m as u32, d as u32).is_none() {
        return Err(bad(
            "no such date: day is out of range for month".into(),
            r.line("day"),
        )
        .actual(format!("[{y}, {m}, {d}]")));
    }
    let moment = Moment {
        date: Some((y as u16, m as u8, d as u8)),
        time: Some(clock),
        offset: None,
    };
    Ok(Some(isoformat(&moment)))
}

/// Read one PHH table into a hand.
pub fn build(
    t: &Doc,
    chunk: &Chunk,
    path: &str,
    lookups: &mut dyn Lookups,
) -> Result<Hand, ReadError> {
    let r = Reader { t, chunk };
    let (code, rules, needs) = variant(&r)?;
    let (rules, spec) = spec_of(&r, rules.unwrap_or(SOKO_DEFAULT_RULES), lookups)?;
    let wanted: Vec<&str> = REQUIRED.iter().chain(needs).copied().collect();
    let missing: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|k| r.get(k).is_none())
        .collect();
    if !missing.is_empty() {
        return Err(bad(
            format!("variant {code} needs {}", missing.join(", ")),
            chunk.start,
        )
        .expected(wanted.join(", ")));
    }
    let raw_stacks = r.array("starting_stacks", None, "numbers")?;
    let n = raw_stacks.len();
    if n > MAX_COUNT as usize {
        return Err(bad(
            format!("{n} players, more than {MAX_COUNT}"),
            r.line("starting_stacks"),
        )
        .expected(format!("at most {MAX_COUNT} players")));
    }
    let texts: Vec<&str> = r
        .array("actions", None, "strings")?
        .iter()
        .map(|v| {
            if let Value::Str(s) = v {
                s.as_str()
            } else {
                ""
            }
        })
        .collect();
    let text_lines = chunk.element_lines("actions", texts.len());
    let money = money(&r, n, raw_stacks)?;
    let decimals = decimals(&money, &texts, &text_lines, &r)?;
    let amounts = minor_amounts(&money, decimals, &r)?;
    let of = |key: &str| {
        amounts
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    };
    let stacks = of("starting_stacks").unwrap_or_default();
    let antes = of("antes").unwrap_or_default();
    let blinds = of("blinds_or_straddles").unwrap_or_default();
    let finish = of("finishing_stacks").unwrap_or_default();
    let stake = |key: &str| of(key).and_then(|v| v.first().copied()).filter(|&x| x != 0);
    let names = names(&r, n)?;
    let numbers = seat_numbers(&r, n)?;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| numbers[i]);

    let mut table = Table::new(
        &spec.streets,
        names.clone(),
        stacks.clone(),
        decimals,
        stake("bring_in"),
    );
    table.post_forced(
        &antes,
        &blinds,
        &order,
        (r.line("antes"), r.line("blinds_or_straddles")),
    );
    for (entry, line) in texts.iter().zip(&text_lines) {
        table.apply(entry, *line)?;
    }
    let parts = Parts {
        code,
        rules,
        decimals,
        names,
        numbers,
        order,
        stacks,
        antes,
        blinds,
        finish,
    };
    let hand = native_hand(&r, path, parts, &stake, table)?;
    overrides(&r, hand)
}

struct Parts {
    #[allow(dead_code)]
    code: &'static str,
    rules: String,
    decimals: u64,
    names: Vec<String>,
    numbers: Vec<u8>,
    order: Vec<usize>,
    stacks: Vec<i64>,
    antes: Vec<i64>,
    blinds: Vec<i64>,
    finish: Vec<i64>,
}

fn native_hand(
    r: &Reader,
    path: &str,
    p: Parts,
    stake: &dyn Fn(&str) -> Option<i64>,
    table: Table,
) -> Result<Hand, ReadError> {
    let posted: Vec<i64> = p.blinds.iter().copied().filter(|&b| b != 0).collect();
    let lone = (posted.len() == 1).then(|| posted[0]);
    let big_blind = match p.blinds.get(1) {
        Some(&b) if b != 0 => Some(b),
        _ => lone,
    };
    let hand_id = hand_id(r, path)?;
    let currency = r.text("currency")?;
    let symbol = r.text("currency_symbol")?.unwrap_or_default();
    let stakes = Stakes {
        decimals: p.decimals as u8,
        currency,
        symbol,
        small_blind: p
            .blinds
            .first()
            .copied()
            .filter(|&b| b != 0 && lone.is_none()),
        big_blind,
        ante: p.antes.iter().copied().max().filter(|&a| a != 0),
        bring_in: stake("bring_in"),
        small_bet: stake("small_bet"),
        big_bet: stake("big_bet"),
        cap: None,
        min_bet: stake("min_bet").filter(|&m| Some(m) != big_blind),
        max_bet: None,
    };
    let table_name = table_name(r)?;
    let max_seats = match r.get("seat_count") {
        Some(v) => Some(
            fields::count(Some(v)).map_err(|f| at_field(f, "seat_count", r.line("seat_count")))?,
        ),
        None => None,
    };
    let n = p.names.len();
    let button = (p.blinds.iter().any(|&b| b != 0) && n >= 2).then(|| p.numbers[n - 1]);
    let start = start(r)?;
    let mut time_zone = r.text("time_zone")?;
    if time_zone.as_deref().is_none_or(str::is_empty) {
        time_zone = r.text("time_zone_abbreviation")?;
    }
    let seats = p
        .order
        .iter()
        .map(|&i| Seat {
            seat: p.numbers[i],
            name: p.names[i].clone(),
            stack: p.stacks[i],
            sitting_out: false,
            bounty: None,
        })
        .collect();
    let finishing_stacks = if p.finish.is_empty() {
        Vec::new()
    } else {
        p.order.iter().map(|&i| p.finish[i]).collect()
    };
    Ok(Hand {
        site: "PHH".into(),
        hand_id,
        rules: p.rules,
        stakes,
        table: table_name,
        max_seats,
        button,
        start,
        time_zone,
        start_utc: None,
        tournament: None,
        seats,
        deals: table.deals,
        actions: table.actions,
        total_pot: None,
        rake: None,
        pots: Vec::new(),
        extras: Vec::new(),
        finishing_stacks,
        source: Some(Source {
            path: path.into(),
            line: r.chunk.start,
            format: Some("phh".into()),
        }),
        deal_lines: table.deal_lines,
        action_lines: table.action_lines,
        raw: r.chunk.text.clone(),
        finishes: Vec::new(),
    })
}

fn overrides(r: &Reader, mut hand: Hand) -> Result<Hand, ReadError> {
    for name in OVERRIDES {
        let key = format!("_{name}");
        let Some(value) = r.get(&key) else { continue };
        let decoded = fields::decode(name, value).map_err(|f| {
            let mut err = f.err;
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
                    format!("_none names {}", pystr::repr(&cut(name, 40))),
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
            "_extra_actions: 'at' must be an index into the actions".into(),
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
            let mut err = f.err;
            err.reason = format!("_extra_actions: {}", err.reason);
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

#[allow(dead_code)]
const _NONE: &str = NONE;
