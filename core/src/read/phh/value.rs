//! A PHH hand's TOML values as Python's `tomllib` gives them (with `parse_float=Decimal`): integers,
//! exact decimals kept as written, strings, booleans, arrays, tables in the order written, and the
//! date and time forms; with Python's `repr` of each, which the messages quote.

use crate::read::pystr;

/// A TOML float as Python's `Decimal` of its text: sign, coefficient digits, exponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dec {
    pub negative: bool,
    /// The coefficient's digits without leading zeros (`0` for zero); empty for inf and nan.
    pub digits: String,
    pub exponent: i64,
    /// `Infinity` or `NaN` (None: a finite number).
    pub special: Option<&'static str>,
}

impl Dec {
    /// `Decimal(text)` of a TOML float's text (underscores allowed); None where Python's would refuse.
    pub fn parse(text: &str) -> Option<Dec> {
        let plain: String = text.chars().filter(|&c| c != '_').collect();
        let (negative, body) = match plain.as_bytes().first() {
            Some(b'-') => (true, &plain[1..]),
            Some(b'+') => (false, &plain[1..]),
            _ => (false, plain.as_str()),
        };
        let special = match body.to_ascii_lowercase().as_str() {
            "inf" | "infinity" => Some("Infinity"),
            "nan" => Some("NaN"),
            _ => None,
        };
        if special.is_some() {
            return Some(Dec {
                negative,
                digits: String::new(),
                exponent: 0,
                special,
            });
        }
        let (mantissa, exp) = match body.find(['e', 'E']) {
            Some(at) => (&body[..at], body[at + 1..].parse::<i64>().ok()?),
            None => (body, 0),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all = format!("{whole}{fraction}");
        if all.is_empty() || !all.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let trimmed = all.trim_start_matches('0');
        Some(Dec {
            negative,
            digits: if trimmed.is_empty() { "0" } else { trimmed }.to_string(),
            exponent: exp - fraction.len() as i64,
            special: None,
        })
    }

    /// `Decimal.adjusted()`.
    pub fn adjusted(&self) -> i64 {
        self.exponent + self.digits.len() as i64 - 1
    }

    pub fn is_zero(&self) -> bool {
        self.special.is_none() && self.digits == "0"
    }

    /// Decimal places as written: `12.40` → 2.
    pub fn places(&self) -> u64 {
        if self.special.is_some() {
            0
        } else {
            (-self.exponent).max(0) as u64
        }
    }

    /// `str(Decimal)`.
    pub fn text(&self) -> String {
        let sign = if self.negative { "-" } else { "" };
        if let Some(special) = self.special {
            return format!("{sign}{special}");
        }
        let (c, e) = (&self.digits, self.exponent);
        let adjusted = self.adjusted();
        let body = if e <= 0 && adjusted >= -6 {
            let point = c.len() as i64 + e;
            if e == 0 {
                c.clone()
            } else if point > 0 {
                format!("{}.{}", &c[..point as usize], &c[point as usize..])
            } else {
                format!("0.{}{c}", "0".repeat((-point) as usize))
            }
        } else {
            let rest = if c.len() > 1 {
                format!(".{}", &c[1..])
            } else {
                String::new()
            };
            format!("{}{rest}E{adjusted:+}", &c[..1])
        };
        format!("{sign}{body}")
    }
}

/// A TOML date-time, date or time (Python's `datetime`, `date`, `time`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub date: Option<(u16, u8, u8)>,
    /// Hour, minute, second, microsecond.
    pub time: Option<(u8, u8, u8, u32)>,
    /// The UTC offset in minutes; `Some(None)`: `Z` (`timezone.utc`).
    pub offset: Option<Option<i16>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Dec(Dec),
    Str(String),
    Bool(bool),
    Array(Vec<Value>),
    Table(Vec<(String, Value)>),
    Moment(Moment),
}

impl Value {
    /// A field of a table.
    pub fn get<'a>(table: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
        table.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn is_number(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Dec(_))
    }

    /// A date-time (Python's `datetime`: a date with a time).
    pub fn is_datetime(&self) -> bool {
        matches!(
            self,
            Value::Moment(Moment {
                date: Some(_),
                time: Some(_),
                ..
            })
        )
    }

    /// Python's `repr`.
    pub fn repr(&self) -> String {
        match self {
            Value::Int(i) => i.to_string(),
            Value::Dec(d) => format!("Decimal('{}')", d.text()),
            Value::Str(s) => pystr::repr(s),
            Value::Bool(b) => if *b { "True" } else { "False" }.to_string(),
            Value::Array(items) => {
                let inner: Vec<String> = items.iter().map(Value::repr).collect();
                format!("[{}]", inner.join(", "))
            }
            Value::Table(fields) => {
                let inner: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| format!("{}: {}", pystr::repr(k), v.repr()))
                    .collect();
                format!("{{{}}}", inner.join(", "))
            }
            Value::Moment(m) => moment_repr(m),
        }
    }

    /// `short(value)`: a string as it is, a decimal as `str`, anything else as `repr`; cut to `width`.
    pub fn short(&self, width: usize) -> String {
        let text = match self {
            Value::Str(s) => s.clone(),
            Value::Dec(d) => d.text(),
            other => other.repr(),
        };
        cut(&text, width)
    }
}

/// `short(None)`.
pub const NONE: &str = "None";

/// A text cut to `width` characters (`...` ending it when cut).
pub fn cut(text: &str, width: usize) -> String {
    if pystr::len(text) <= width {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(width - 3).collect::<String>())
    }
}

fn clock_parts(t: (u8, u8, u8, u32)) -> Vec<String> {
    let (h, m, s, us) = t;
    let mut parts = vec![h.to_string(), m.to_string()];
    if s != 0 || us != 0 {
        parts.push(s.to_string());
    }
    if us != 0 {
        parts.push(us.to_string());
    }
    parts
}

fn moment_repr(m: &Moment) -> String {
    match (m.date, m.time) {
        (Some((y, mo, d)), None) => format!("datetime.date({y}, {mo}, {d})"),
        (None, Some(t)) => format!("datetime.time({})", clock_parts(t).join(", ")),
        (Some((y, mo, d)), Some(t)) => {
            let mut parts = vec![y.to_string(), mo.to_string(), d.to_string()];
            parts.extend(clock_parts(t));
            if let Some(offset) = m.offset {
                parts.push(format!("tzinfo={}", zone_repr(offset)));
            }
            format!("datetime.datetime({})", parts.join(", "))
        }
        (None, None) => NONE.to_string(),
    }
}

fn zone_repr(offset: Option<i16>) -> String {
    let Some(minutes) = offset else {
        return "datetime.timezone.utc".to_string();
    };
    let seconds = i64::from(minutes) * 60;
    let delta = if seconds == 0 {
        "datetime.timedelta(0)".to_string()
    } else if seconds > 0 {
        format!("datetime.timedelta(seconds={seconds})")
    } else {
        format!("datetime.timedelta(days=-1, seconds={})", 86_400 + seconds)
    };
    format!("datetime.timezone({delta})")
}

/// `isoformat()` of a date-time (a date alone is midnight's).
pub fn isoformat(m: &Moment) -> String {
    let (y, mo, d) = m.date.unwrap_or((1, 1, 1));
    let (h, mi, s, us) = m.time.unwrap_or((0, 0, 0, 0));
    let mut out = format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}");
    if us != 0 {
        out.push_str(&format!(".{us:06}"));
    }
    if let Some(offset) = m.offset {
        let minutes = offset.unwrap_or(0);
        let sign = if minutes < 0 { '-' } else { '+' };
        let abs = minutes.unsigned_abs();
        out.push_str(&format!("{sign}{:02}:{:02}", abs / 60, abs % 60));
    }
    out
}

/// A TOML document (or the error `toml_edit` met: its message and byte offset).
pub fn load(text: &str) -> Result<Vec<(String, Value)>, (String, usize)> {
    let doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let at = e.span().map_or(text.len(), |s| s.start);
        (e.message().trim().to_string(), at)
    })?;
    Ok(table_of(doc.as_table()))
}

fn table_of(table: &toml_edit::Table) -> Vec<(String, Value)> {
    table
        .iter()
        .filter_map(|(k, item)| item_of(item).map(|v| (k.to_string(), v)))
        .collect()
}

fn item_of(item: &toml_edit::Item) -> Option<Value> {
    match item {
        toml_edit::Item::None => None,
        toml_edit::Item::Value(v) => Some(value_of(v)),
        toml_edit::Item::Table(t) => Some(Value::Table(table_of(t))),
        toml_edit::Item::ArrayOfTables(a) => Some(Value::Array(
            a.iter().map(|t| Value::Table(table_of(t))).collect(),
        )),
    }
}

fn value_of(value: &toml_edit::Value) -> Value {
    use toml_edit::Value as V;
    match value {
        V::String(s) => Value::Str(s.value().clone()),
        V::Integer(i) => Value::Int(*i.value()),
        V::Float(f) => {
            let raw = f
                .as_repr()
                .and_then(|r| r.as_raw().as_str())
                .map(str::to_string);
            let text = raw.unwrap_or_else(|| f.value().to_string());
            Value::Dec(Dec::parse(&text).unwrap_or(Dec {
                negative: false,
                digits: String::new(),
                exponent: 0,
                special: Some("NaN"),
            }))
        }
        V::Boolean(b) => Value::Bool(*b.value()),
        V::Datetime(d) => Value::Moment(moment_of(d.value())),
        V::Array(a) => Value::Array(a.iter().map(value_of).collect()),
        V::InlineTable(t) => Value::Table(
            t.iter()
                .map(|(k, v)| (k.to_string(), value_of(v)))
                .collect(),
        ),
    }
}

fn moment_of(d: &toml_edit::Datetime) -> Moment {
    Moment {
        date: d.date.map(|x| (x.year, x.month, x.day)),
        time: d
            .time
            .map(|t| (t.hour, t.minute, t.second, t.nanosecond / 1000)),
        offset: d.offset.map(|o| match o {
            toml_edit::Offset::Z => None,
            toml_edit::Offset::Custom { minutes } => Some(minutes),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_print_as_python_prints_them() {
        let cases = [
            ("1.50", "1.50"),
            ("0.00", "0.00"),
            ("1e5", "1E+5"),
            ("1_000.5", "1000.5"),
            ("0.0000001", "1E-7"),
            ("-0.0", "-0.0"),
            ("-inf", "-Infinity"),
            ("12.345e2", "1234.5"),
        ];
        for (text, shown) in cases {
            assert_eq!(Dec::parse(text).unwrap().text(), shown, "{text}");
        }
    }
}
