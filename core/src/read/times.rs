//! Start times as hand histories print them (`parsers/times.py`): `2013/01/08 22:28:42 CET
//! [2013/01/08 16:28:42 ET]`, old logs without seconds or zone. The UTC time comes from the ET
//! time where given, else from the local zone; a zone's offset at a local time comes through
//! [`Offsets`] (the core's time-zone database, `zones`, which agrees with Python's `zoneinfo`).

use super::errors::ReadError;
use super::pystr::{self, decimal, is_space};
use crate::said::Term;
use crate::say;

/// A date and time without zone, as `datetime` holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DateTime {
    pub year: i32,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

impl DateTime {
    /// `datetime.isoformat()`: `2013-01-08T22:28:42`.
    pub fn iso(&self) -> String {
        let parts = [self.month, self.day, self.hour, self.minute, self.second];
        if !(0..=9999).contains(&self.year) || parts.iter().any(|&p| p > 99) {
            return format!(
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
                self.year, self.month, self.day, self.hour, self.minute, self.second
            );
        }
        let mut out = String::with_capacity(19);
        let mut push = |value: u32, width: u32, then: char| {
            for k in (0..width).rev() {
                out.push(char::from(b'0' + (value / 10u32.pow(k) % 10) as u8));
            }
            if then != '\0' {
                out.push(then);
            }
        };
        push(self.year as u32, 4, '-');
        push(u32::from(self.month), 2, '-');
        push(u32::from(self.day), 2, 'T');
        push(u32::from(self.hour), 2, ':');
        push(u32::from(self.minute), 2, ':');
        push(u32::from(self.second), 2, '\0');
        out
    }

    /// Seconds since 1970-01-01T00:00:00 of this wall-clock time.
    pub fn epoch(&self) -> i64 {
        let days = days_from_civil(self.year, self.month, self.day);
        days * 86_400
            + i64::from(self.hour) * 3600
            + i64::from(self.minute) * 60
            + i64::from(self.second)
    }

    /// The wall-clock time `seconds` after 1970-01-01T00:00:00.
    pub fn from_epoch(seconds: i64) -> DateTime {
        let days = seconds.div_euclid(86_400);
        let rest = seconds.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        DateTime {
            year,
            month,
            day,
            hour: (rest / 3600) as u8,
            minute: (rest / 60 % 60) as u8,
            second: (rest % 60) as u8,
        }
    }
}

/// Days from 1970-01-01 (H. Hinnant's algorithm).
fn days_from_civil(year: i32, month: u8, day: u8) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(days: i64) -> (i32, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    (year, month, day)
}

/// The IANA zone of each abbreviation the logs use (`times.ZONES`).
pub const ZONES: [(&str, &str); 22] = [
    ("ET", "America/New_York"),
    ("EST", "America/New_York"),
    ("EDT", "America/New_York"),
    ("CT", "America/Chicago"),
    ("MT", "America/Denver"),
    ("PT", "America/Los_Angeles"),
    ("AT", "America/Halifax"),
    ("UTC", "UTC"),
    ("GMT", "UTC"),
    ("WET", "WET"),
    ("CET", "CET"),
    ("CEST", "CET"),
    ("EET", "EET"),
    ("EEST", "EET"),
    ("MSK", "Europe/Moscow"),
    ("IST", "Asia/Kolkata"),
    ("CCT", "Asia/Shanghai"),
    ("JST", "Asia/Tokyo"),
    ("AET", "Australia/Sydney"),
    ("NZT", "Pacific/Auckland"),
    ("BRT", "America/Sao_Paulo"),
    ("ART", "America/Argentina/Buenos_Aires"),
];

/// A zone's UTC offset in seconds at a local wall-clock time (the first of two in a fold, as
/// `datetime.replace(tzinfo=...)` takes it); None where the zone is unknown on this machine.
pub trait Offsets {
    fn utc_offset(&mut self, zone: &'static str, local: &DateTime) -> Option<i64>;
}

/// The local start, its zone abbreviation and the UTC start of a header's date text.
pub type Start<'a> = (Option<DateTime>, Option<&'a str>, Option<DateTime>);

/// One match of `times.DATE`, as text slices.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DateMatch<'a> {
    pub start: usize,
    pub day: &'a str,
    pub time: &'a str,
    pub zone: Option<&'a str>,
    pub day2: Option<&'a str>,
    pub time2: Option<&'a str>,
    pub zone2: Option<&'a str>,
}

/// `\d{n}` then the rest.
fn exact_digits(s: &str, n: usize) -> Option<&str> {
    let head = &s.as_bytes()[..n.min(s.len())];
    if head.is_ascii() {
        // Plain ASCII: n ASCII digits or no match.
        return (head.len() == n && head.iter().all(u8::is_ascii_digit)).then(|| &s[n..]);
    }
    let mut chars = s.char_indices();
    for _ in 0..n {
        let (_, c) = chars.next()?;
        decimal(c)?;
    }
    Some(chars.next().map_or("", |(i, _)| &s[i..]))
}

/// `\d{1,2}` (greedy) then the rest.
fn one_or_two_digits(s: &str) -> Option<(&str, &str)> {
    let bytes = s.as_bytes();
    let ascii_digit = |k: usize| bytes.get(k).map(|b| (b.is_ascii(), b.is_ascii_digit()));
    match (ascii_digit(0), ascii_digit(1)) {
        (None, _) | (Some((true, false)), _) => return None,
        (Some((_, true)), Some((_, true))) => return Some((&s[..2], &s[2..])),
        (Some((_, true)), None | Some((true, false))) => return Some((&s[..1], &s[1..])),
        _ => {}
    }
    let two: usize = s
        .chars()
        .take(2)
        .take_while(|c| decimal(*c).is_some())
        .map(char::len_utf8)
        .sum();
    (two > 0).then(|| (&s[..two], &s[two..]))
}

/// `\d{4}/\d{1,2}/\d{1,2}`: (the date, the rest).
fn date_part(s: &str) -> Option<(&str, &str)> {
    let rest = exact_digits(s, 4)?.strip_prefix('/')?;
    let (_, rest) = one_or_two_digits(rest)?;
    let rest = rest.strip_prefix('/')?;
    let (_, rest) = one_or_two_digits(rest)?;
    Some((&s[..s.len() - rest.len()], rest))
}

/// `\d{1,2}:\d{2}(?::\d{2})?`: (the time, the rest).
fn time_part(s: &str) -> Option<(&str, &str)> {
    let (_, rest) = one_or_two_digits(s)?;
    let mut rest = exact_digits(rest.strip_prefix(':')?, 2)?;
    if let Some(sec) = rest.strip_prefix(':').and_then(|r| exact_digits(r, 2)) {
        rest = sec;
    }
    Some((&s[..s.len() - rest.len()], rest))
}

/// `\s+` (at least one white-space character), the rest.
fn spaces1(s: &str) -> Option<&str> {
    let rest = s.trim_start_matches(is_space);
    (rest.len() < s.len()).then_some(rest)
}

/// `[A-Z]{2,5}` greedy: (the letters, the rest), trying shorter runs for `then`.
fn zone_letters<'a>(s: &'a str, then: impl Fn(&'a str) -> bool) -> Option<(&'a str, &'a str)> {
    let n = s.bytes().take(5).take_while(u8::is_ascii_uppercase).count();
    (2..=n)
        .rev()
        .find(|&k| then(&s[k..]))
        .map(|k| (&s[..k], &s[k..]))
}

/// `times.DATE` matched at the start of `s`.
fn date_at(s: &str) -> Option<DateMatch<'_>> {
    let (day, rest) = date_part(s)?;
    let mut rest = spaces1(rest)?;
    if let Some(r) = rest.strip_prefix('-').and_then(spaces1) {
        rest = r;
    }
    let (time, mut rest) = time_part(rest)?;
    let mut m = DateMatch {
        day,
        time,
        ..DateMatch::default()
    };
    if let Some(r) = spaces1(rest) {
        let r = r.strip_prefix('(').unwrap_or(r);
        if let Some((zone, r)) = zone_letters(r, |_| true) {
            m.zone = Some(zone);
            rest = r.strip_prefix(')').unwrap_or(r);
        }
    }
    if let Some(r) = rest.trim_start_matches(is_space).strip_prefix('[') {
        if let Some((day2, r)) = date_part(r) {
            if let Some((time2, r)) = spaces1(r).and_then(time_part) {
                let r = r.trim_start_matches(is_space);
                if r.starts_with(']') {
                    (m.day2, m.time2) = (Some(day2), Some(time2));
                } else if let Some((zone2, _)) = zone_letters(r, |after| after.starts_with(']')) {
                    (m.day2, m.time2, m.zone2) = (Some(day2), Some(time2), Some(zone2));
                }
            }
        }
    }
    Some(m)
}

/// The date the family's header grammar finds where a header ends: the leftmost, with nothing but
/// spaces, dashes and brackets before it.
pub fn search_header_end_date(text: &str) -> Option<DateMatch<'_>> {
    search_date(text).filter(|m| {
        text[..m.start]
            .chars()
            .all(|c| matches!(c, ' ' | '-' | '['))
    })
}

/// `DATE.search(text)`: the leftmost match.
pub fn search_date(text: &str) -> Option<DateMatch<'_>> {
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let worth_trying = if b.is_ascii_digit() {
            // In plain ASCII a date starts with four digits and a slash.
            match bytes.get(i..i + 5) {
                Some(h) if h.is_ascii() => h[..4].iter().all(u8::is_ascii_digit) && h[4] == b'/',
                _ => true,
            }
        } else {
            // A digit of another script: a character starting at a lead byte.
            b >= 0xc0 && text[i..].chars().next().and_then(decimal).is_some()
        };
        if worth_trying {
            if let Some(mut m) = date_at(&text[i..]) {
                m.start = i;
                return Some(m);
            }
        }
    }
    None
}

/// The first three fields of `s` between `sep` bytes (`""` for a missing one); the date and
/// time texts matched have at most three.
fn three(s: &str, sep: u8) -> [&str; 3] {
    let mut out = [""; 3];
    let mut rest = s;
    for slot in &mut out {
        let Some(at) = rest.bytes().position(|b| b == sep) else {
            *slot = rest;
            break;
        };
        *slot = &rest[..at];
        rest = &rest[at + 1..];
    }
    out
}

/// `times._local`: a date and a time of the log as a checked [`DateTime`].
fn local(day: &str, time: &str) -> Result<DateTime, ReadError> {
    let [year_text, month, date] = three(day, b'/');
    let (year, month, date) = (
        pystr::int_value(year_text),
        pystr::int_value(month),
        pystr::int_value(date),
    );
    let [hour, minute, second] = three(time, b':').map(pystr::int_value);
    if !(1970..=2200).contains(&year) {
        return Err(ReadError::malformed(say!(
            "the year {year} is out of range",
            year = year_text
        ))
        .expected("1970 to 2200")
        .actual(format!("{day} {time}")));
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let problem = if !(1..=12).contains(&month) {
        Some(Term("read", "month must be in 1..12"))
    } else if date < 1 || date > month_days[month as usize - 1] {
        Some(Term("read", "day is out of range for month"))
    } else if hour > 23 {
        Some(Term("read", "hour must be in 0..23"))
    } else if minute > 59 {
        Some(Term("read", "minute must be in 0..59"))
    } else if second > 59 {
        Some(Term("read", "second must be in 0..59"))
    } else {
        None
    };
    if let Some(problem) = problem {
        return Err(ReadError::malformed(say!(
            "no such date or time: {day} {time} ({problem})",
            day,
            time,
            problem,
        ))
        .expected("a real date and time")
        .actual(format!("{day} {time}")));
    }
    Ok(DateTime {
        year: year as i32,
        month: month as u8,
        day: date as u8,
        hour: hour as u8,
        minute: minute as u8,
        second: second as u8,
    })
}

/// The IANA name of a zone abbreviation.
pub fn zone_name(abbreviation: &str) -> Option<&'static str> {
    ZONES
        .iter()
        .find(|(a, _)| *a == abbreviation)
        .map(|(_, n)| *n)
}

fn to_utc(local: &DateTime, zone: &str, offsets: &mut dyn Offsets) -> Option<DateTime> {
    let name = zone_name(zone)?;
    let offset = offsets.utc_offset(name, local)?;
    Some(DateTime::from_epoch(local.epoch() - offset))
}

/// `times.parse_start`: (local start, zone abbreviation, UTC start) of a header's date part.
#[cfg(test)]
pub fn parse_start<'a>(text: &'a str, offsets: &mut dyn Offsets) -> Result<Start<'a>, ReadError> {
    match search_date(text) {
        Some(m) => start_of(&m, offsets),
        None => Ok((None, None, None)),
    }
}

/// (local start, zone abbreviation, UTC start) of a date found by [`search_date`].
pub fn start_of<'a>(m: &DateMatch<'a>, offsets: &mut dyn Offsets) -> Result<Start<'a>, ReadError> {
    let start = local(m.day, m.time)?;
    let utc = match (m.day2, m.time2) {
        (Some(day2), Some(time2)) => {
            let et = local(day2, time2)?;
            to_utc(&et, m.zone2.unwrap_or("ET"), offsets)
        }
        _ => m.zone.and_then(|zone| to_utc(&start, zone, offsets)),
    };
    Ok((Some(start), m.zone, utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fixed offsets, enough for tests: ET is -5 h, CET +1 h.
    struct Fixed;

    impl Offsets for Fixed {
        fn utc_offset(&mut self, zone: &'static str, _local: &DateTime) -> Option<i64> {
            match zone {
                "America/New_York" => Some(-5 * 3600),
                "CET" => Some(3600),
                _ => None,
            }
        }
    }

    #[test]
    fn a_pokerstars_date_with_its_et_time_gives_utc_from_et() {
        let (start, zone, utc) = parse_start(
            "2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]",
            &mut Fixed,
        )
        .unwrap();
        assert_eq!(start.unwrap().iso(), "2013-01-08T22:28:42");
        assert_eq!(zone, Some("CET"));
        assert_eq!(utc.unwrap().iso(), "2013-01-08T21:28:42");
    }

    #[test]
    fn dates_match_as_the_regex_does() {
        let m = search_date("x 12013/1/8 - 9:05 (ET)").unwrap();
        assert_eq!(
            (m.start, m.day, m.time, m.zone),
            (3, "2013/1/8", "9:05", Some("ET"))
        );
        let m = search_date("2013/01/08 22:28:42 ABCDEFG").unwrap();
        assert_eq!(m.zone, Some("ABCDE"));
        let m = search_date("2013/01/08 22:2 [2013/01/08 16:28:42]").unwrap();
        assert_eq!((m.day, m.time, m.zone), ("2013/01/08", "16:28:42", None));
        assert!(search_date("2013/01/08").is_none());
        let m = search_date("(1/2) \u{662}\u{660}13/01/08 22:28:42 CET").unwrap();
        assert_eq!((m.start, m.time, m.zone), (6, "22:28:42", Some("CET")));
        let m = search_date("$0.01/$0.02 - 2013/1/8 9:05").unwrap();
        assert_eq!((m.day, m.time), ("2013/1/8", "9:05"));
        let (_, _, utc) = parse_start("2026/03/14 21:04:11 EET", &mut Fixed).unwrap();
        assert_eq!(utc, None);
    }

    #[test]
    fn impossible_dates_are_errors_with_pythons_words() {
        let err = parse_start("2013/13/08 22:28:42 CET", &mut Fixed).unwrap_err();
        assert_eq!(
            err.reason,
            "no such date or time: 2013/13/08 22:28:42 (month must be in 1..12)"
        );
        let err = parse_start("1969/12/08 22:28:42", &mut Fixed).unwrap_err();
        assert_eq!(err.reason, "the year 1969 is out of range");
        assert!(parse_start("2013/02/29 1:00", &mut Fixed).is_err());
        assert!(parse_start("2012/02/29 1:00", &mut Fixed).is_ok());
        let t = DateTime::from_epoch(DateTime::from_epoch(0).epoch() + 86_400 * 365 * 100);
        assert_eq!(DateTime::from_epoch(t.epoch()), t);
    }
}
