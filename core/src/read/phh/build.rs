//! A hand from one PHH table (Python's `parsers/phh.py` `_build`): the native fields first, turned
//! into the actions a log prints by the [`Table`], then the user-defined `_field`s our writer adds.

use std::sync::Arc;

use crate::model::{Hand, Seat, Source, Stakes};
use crate::read::{pystr, Kind, Lookups, ReadError};
use crate::said::{Nested, Said};
use crate::say;
use crate::spec::{GameSpec, RulesFault};

use super::chunks::{stem, Chunk};
use super::fields::{self, MAX_COUNT};
use super::money::{decimals, minor_amounts, money};
use super::overrides::overrides;
use super::reader::{at_field, bad, Doc, Reader};
use super::state::Table;
use super::value::{cut, isoformat, Moment, Value};

/// A variant code we read: our rules text for it (None: `_rules`) and the fields PHH requires (the
/// writer, Python's `parsers/phh.py`, reads this table as `_core.PHH_VARIANTS`).
pub const VARIANTS: [(&str, Option<&str>, &[&str]); 12] = [
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
            say!(
                "unsupported PHH variant {variant}",
                variant = pystr::repr(&cut(code, 40))
            ),
        )
        .at(r.line("variant"))
        .expected(format!("one of {}", names.join(", ")))
        .actual(code.clone()));
    }
    Err(bad(say!("no variant"), r.line("variant"))
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
    let fault = match lookups.spec(&rules) {
        Ok(spec) => return Ok((rules, spec)),
        Err(fault) => fault,
    };
    let reason = match fault {
        // The rules layer's own message, said in the language spoken.
        RulesFault::Rules { reason, .. } => say!(
            "{key}: {reason}",
            key = "_rules",
            reason = Nested("rules", *reason)
        ),
        RulesFault::Internal(reason) => say!("{key}: {reason}", key = "_rules", reason),
    };
    Err(bad(reason, r.line("_rules")).actual(cut(&rules, 80)))
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
        return Err(bad(say!("player names repeat"), r.line("players"))
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
            say!("seats must be {n} distinct seat numbers", n),
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
            Some(v) => return Err(bad(not_an_id(key), r.line(key)).actual(v.short(80))),
        }
    }
    Ok(r.chunk.key.clone().unwrap_or_else(|| stem(path)))
}

/// `{key} must be a string or an integer`.
fn not_an_id(key: &str) -> Said {
    say!("{key} must be a string or an integer", key)
}

fn table_name(r: &Reader) -> Result<Option<String>, ReadError> {
    match r.get("table") {
        None => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s.clone())),
        Some(Value::Int(i)) => Ok(Some(i.to_string())),
        Some(v) => Err(bad(not_an_id("table"), r.line("table")).actual(v.short(80))),
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
                    say!(
                        "{key} must be an integer {low}..{high}",
                        key,
                        low = low.to_string(),
                        high = high.to_string()
                    ),
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
            return Err(bad(say!("time must be a TOML local time"), r.line("time"))
                .expected("time = 21:04:11")
                .actual(v.short(80)))
        }
    };
    if chrono::NaiveDate::from_ymd_opt(y as i32, m as u32, d as u32).is_none() {
        return Err(bad(
            say!("no such date: day is out of range for month"),
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

/// Every field the variant requires is there (`variant NT needs min_bet`).
fn required(r: &Reader, code: &str, needs: &[&str]) -> Result<(), ReadError> {
    let wanted: Vec<&str> = REQUIRED.iter().chain(needs).copied().collect();
    let missing: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|k| r.get(k).is_none())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(bad(
        say!(
            "variant {code} needs {fields}",
            code,
            fields = missing.join(", ")
        ),
        r.chunk.start,
    )
    .expected(wanted.join(", ")))
}

/// The texts of the `actions` array.
fn action_texts<'c>(r: &Reader<'c>) -> Result<Vec<&'c str>, ReadError> {
    Ok(r.array("actions", None, "strings")?
        .iter()
        .map(|v| {
            if let Value::Str(s) = v {
                s.as_str()
            } else {
                ""
            }
        })
        .collect())
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
    required(&r, code, needs)?;
    let raw_stacks = r.array("starting_stacks", None, "numbers")?;
    let n = raw_stacks.len();
    if n > MAX_COUNT as usize {
        return Err(bad(
            say!("{n} players, more than {max}", n, max = MAX_COUNT),
            r.line("starting_stacks"),
        )
        .expected(format!("at most {MAX_COUNT} players")));
    }
    let texts = action_texts(&r)?;
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

/// The native fields of a hand, read and checked, seats in their order in the PHH arrays.
struct Parts {
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
    let hand_id = hand_id(r, path)?;
    let stakes = stakes(r, &p, stake)?;
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
    let (seats, finishing_stacks) = seats(&p);
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

/// The stakes: the blinds (a lone blind is the big blind), the ante, the limits.
fn stakes(r: &Reader, p: &Parts, stake: &dyn Fn(&str) -> Option<i64>) -> Result<Stakes, ReadError> {
    let posted: Vec<i64> = p.blinds.iter().copied().filter(|&b| b != 0).collect();
    let lone = (posted.len() == 1).then(|| posted[0]);
    let big_blind = match p.blinds.get(1) {
        Some(&b) if b != 0 => Some(b),
        _ => lone,
    };
    Ok(Stakes {
        decimals: p.decimals as u8,
        currency: r.text("currency")?,
        symbol: r.text("currency_symbol")?.unwrap_or_default(),
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
    })
}

/// The seats in seat order, and their finishing stacks (empty when the hand gives none).
fn seats(p: &Parts) -> (Vec<Seat>, Vec<i64>) {
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
    (seats, finishing_stacks)
}
