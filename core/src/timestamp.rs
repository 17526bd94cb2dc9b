//! ISO date-times of the canonical hand form to TIMESTAMP microseconds (no time zone), for the
//! store's rows (`rows`) and the per-player facts (`facts`).

/// Days from 1970-01-01 to a civil date (proleptic Gregorian; Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn number(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `YYYY-MM-DDTHH:MM:SS[.ffffff][±HH:MM]` as microseconds since the epoch. `utc`: an offset is
/// subtracted (the moment in UTC); otherwise it is dropped (the wall-clock time as printed).
pub fn timestamp_us(text: &str, utc: bool) -> Option<i64> {
    let (date, rest) = text.split_once('T')?;
    let mut parts = date.splitn(3, '-');
    let (y, m, d) = (
        number(parts.next()?)?,
        number(parts.next()?)?,
        number(parts.next()?)?,
    );
    let (clock, offset) = match rest.find(['+', '-']) {
        Some(i) => (&rest[..i], Some(&rest[i..])),
        None => (rest.strip_suffix('Z').unwrap_or(rest), None),
    };
    let (hms, frac) = clock.split_once('.').unwrap_or((clock, ""));
    let mut t = hms.splitn(3, ':');
    let (h, mi, s) = (
        number(t.next()?)?,
        number(t.next()?)?,
        number(t.next().unwrap_or("0"))?,
    );
    let micros = if frac.is_empty() {
        0
    } else {
        let digits: String = frac.chars().chain("000000".chars()).take(6).collect();
        number(&digits)?
    };
    let mut seconds = days_from_civil(y, m, d) * 86_400 + h * 3_600 + mi * 60 + s;
    if let (true, Some(offset)) = (utc, offset) {
        let sign = if offset.starts_with('-') { -1 } else { 1 };
        let mut o = offset[1..].split(':');
        let oh = number(o.next()?)?;
        let om = number(o.next().unwrap_or("0"))?;
        let os = number(o.next().unwrap_or("0"))?;
        seconds -= sign * (oh * 3_600 + om * 60 + os);
    }
    Some(seconds * 1_000_000 + micros)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_moments() {
        assert_eq!(timestamp_us("1970-01-01T00:00:00", false), Some(0));
        assert_eq!(
            timestamp_us("2026-03-14T20:00:00", false),
            Some(1_773_518_400_000_000)
        );
        assert_eq!(
            timestamp_us("2026-03-14T22:00:00+02:00", true),
            Some(1_773_518_400_000_000)
        );
        assert_eq!(
            timestamp_us("2026-03-14T22:00:00+02:00", false),
            Some(1_773_525_600_000_000)
        );
        assert_eq!(timestamp_us("garbage", false), None);
    }
}
