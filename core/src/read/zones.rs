//! A time zone's UTC offset at a local wall-clock time, from the IANA database compiled into the
//! core (`chrono-tz`, pinned in `Cargo.toml`: tzdata 2025b): no call into Python.
//!
//! A local time that a zone's clocks skip or pass twice is read as Python reads
//! `datetime(..., tzinfo=ZoneInfo(zone))` with `fold=0`: with the offset in force before the
//! change (summer time for the hour passed twice in autumn, winter time for the hour skipped in
//! spring). `tests/core/test_zones.py` holds this equal to `zoneinfo`.

use chrono::{Datelike, LocalResult, NaiveDate, NaiveDateTime, Offset, TimeDelta, TimeZone};
use chrono_tz::Tz;

use super::times::DateTime;

/// How far back (in hours) a skipped local time is walked to find the offset before the skip:
/// a zone's clocks skip at most a day (Pacific/Apia, 2011).
const LONGEST_SKIP_HOURS: i64 = 25;

/// The UTC offset in seconds of `zone` (an IANA name) at the wall-clock time `local`; None for a
/// zone the database does not know or a date that does not exist.
pub fn utc_offset(zone: &str, local: &DateTime) -> Option<i64> {
    let tz: Tz = zone.parse().ok()?;
    let at = within_tables(naive(local)?)?;
    if let Some(offset) = offset_before_change(&tz, at) {
        return Some(offset);
    }
    // A skipped time: the offset of the last wall-clock time before the skip.
    (1..=LONGEST_SKIP_HOURS)
        .find_map(|hours| offset_before_change(&tz, at - TimeDelta::hours(hours)))
}

/// The offset of a wall-clock time that exists: the earlier (larger) one where it is passed
/// twice; None where it is skipped.
fn offset_before_change(tz: &Tz, at: NaiveDateTime) -> Option<i64> {
    let seconds = |o: &<Tz as TimeZone>::Offset| i64::from(o.fix().local_minus_utc());
    match tz.offset_from_local_datetime(&at) {
        LocalResult::Single(o) => Some(seconds(&o)),
        LocalResult::Ambiguous(a, b) => Some(seconds(&a).max(seconds(&b))),
        LocalResult::None => None,
    }
}

/// The last year of the database's tables of changes (`chrono-tz` writes them out to 2099; after
/// that a zone keeps its offset of December 2099).
const LAST_TABLED_YEAR: i32 = 2099;

/// A time after [`LAST_TABLED_YEAR`] moved to the latest tabled year with the same calendar (a leap
/// year or not, starting on the same weekday), so that the zone's last rule (the last Sunday of
/// March, ...) goes on as `zoneinfo` takes it on (the database's rule string).
fn within_tables(at: NaiveDateTime) -> Option<NaiveDateTime> {
    if at.year() <= LAST_TABLED_YEAR {
        return Some(at);
    }
    let calendar = |year: i32| {
        let first = NaiveDate::from_ymd_opt(year, 1, 1)?;
        Some((first.leap_year(), first.weekday()))
    };
    let same = calendar(at.year())?;
    let year = (LAST_TABLED_YEAR - 27..=LAST_TABLED_YEAR)
        .rev()
        .find(|&year| calendar(year) == Some(same))?;
    at.with_year(year)
}

fn naive(local: &DateTime) -> Option<NaiveDateTime> {
    NaiveDate::from_ymd_opt(local.year, local.month.into(), local.day.into())?.and_hms_opt(
        local.hour.into(),
        local.minute.into(),
        local.second.into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(year: i32, month: u8, day: u8, hour: u8, minute: u8) -> DateTime {
        DateTime {
            year,
            month,
            day,
            hour,
            minute,
            second: 0,
        }
    }

    // Expected values: the EU and US rules for 2013 (last Sunday of March / October at 01:00 UTC;
    // second Sunday of March / first of November at 02:00 local), worked by hand.
    #[test]
    fn winter_and_summer_offsets() {
        assert_eq!(utc_offset("CET", &at(2013, 1, 8, 22, 28)), Some(3600));
        assert_eq!(utc_offset("CET", &at(2013, 7, 8, 22, 28)), Some(7200));
        assert_eq!(
            utc_offset("America/New_York", &at(2013, 1, 8, 16, 28)),
            Some(-18000)
        );
        assert_eq!(
            utc_offset("Asia/Kolkata", &at(2013, 1, 8, 16, 28)),
            Some(19800)
        );
    }

    #[test]
    fn a_skipped_hour_takes_the_offset_before_the_skip() {
        // 2013-03-31 02:30 does not exist in CET (02:00 → 03:00): winter time, +1 h.
        assert_eq!(utc_offset("CET", &at(2013, 3, 31, 2, 30)), Some(3600));
        assert_eq!(utc_offset("CET", &at(2013, 3, 31, 3, 0)), Some(7200));
        // 2013-03-10 02:30 does not exist in New York: EST, -5 h.
        assert_eq!(
            utc_offset("America/New_York", &at(2013, 3, 10, 2, 30)),
            Some(-18000)
        );
    }

    #[test]
    fn an_hour_passed_twice_takes_the_first_offset() {
        // 2013-10-27 02:30 happens twice in CET: the first, in summer time (+2 h).
        assert_eq!(utc_offset("CET", &at(2013, 10, 27, 2, 30)), Some(7200));
        assert_eq!(utc_offset("CET", &at(2013, 10, 27, 3, 0)), Some(3600));
        // 2013-11-03 01:30 happens twice in New York: EDT, -4 h.
        assert_eq!(
            utc_offset("America/New_York", &at(2013, 11, 3, 1, 30)),
            Some(-14400)
        );
    }

    #[test]
    fn an_unknown_zone_or_date_has_no_offset() {
        assert_eq!(utc_offset("Mars/Olympus", &at(2013, 1, 8, 0, 0)), None);
        assert_eq!(utc_offset("CET", &at(2013, 2, 30, 0, 0)), None);
    }
}
