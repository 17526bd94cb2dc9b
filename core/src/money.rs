//! Money as text: minor units of `decimals` digits after the point, written with their point. The
//! one formatter of the package: the findings' amounts, the stakes labels, the site readers'
//! amounts, and Python's `model/money.format_amount` (`_core.format_amount`) are all this one.

/// `minor` at `decimals` digits as text: `symbol` after the sign (`-$0.05`); `trim` drops a
/// fraction of zeros (`$2`, as PokerStars writes whole amounts); `grouped` puts commas between the
/// whole part's groups of three (`1,658.00`, for reading, never a log's text). Exact at any scale.
pub fn format_amount(minor: i128, decimals: u8, symbol: &str, trim: bool, grouped: bool) -> String {
    let width = usize::from(decimals);
    let digits = format!("{:0>1$}", minor.unsigned_abs(), width + 1);
    let (whole, frac) = digits.split_at(digits.len() - width);
    let whole = if grouped {
        group_thousands(whole)
    } else {
        whole.to_string()
    };
    let sign = if minor < 0 { "-" } else { "" };
    if frac.is_empty() || (trim && frac.bytes().all(|b| b == b'0')) {
        format!("{sign}{symbol}{whole}")
    } else {
        format!("{sign}{symbol}{whole}.{frac}")
    }
}

/// Exact decimal text without symbol or trimming: 930 at two decimals is `9.30`, -5 is `-0.05`,
/// 1500 at zero decimals is `1500`.
pub fn decimal_text(minor: i64, decimals: u8) -> String {
    format_amount(i128::from(minor), decimals, "", false, false)
}

/// Digits with a comma before each group of three from the right: `1234567` → `1,234,567`.
fn group_thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_text_is_exact() {
        assert_eq!(decimal_text(930, 2), "9.30");
        assert_eq!(decimal_text(-5, 2), "-0.05");
        assert_eq!(decimal_text(1500, 0), "1500");
        assert_eq!(decimal_text(0, 2), "0.00");
        assert_eq!(decimal_text(7, 3), "0.007");
        assert_eq!(decimal_text(i64::MIN, 0), "-9223372036854775808");
        assert_eq!(decimal_text(i64::MIN, 2), "-92233720368547758.08");
    }

    #[test]
    fn symbols_trimming_and_groups() {
        assert_eq!(format_amount(125, 2, "$", true, false), "$1.25");
        assert_eq!(format_amount(200, 2, "$", true, false), "$2");
        assert_eq!(format_amount(-5, 2, "€", true, false), "-€0.05");
        assert_eq!(format_amount(165800, 2, "$", false, true), "$1,658.00");
        assert_eq!(format_amount(1234567, 0, "", true, true), "1,234,567");
        assert_eq!(format_amount(123, 0, "", true, true), "123");
        assert_eq!(format_amount(5, 45, "", false, false).len(), 47);
    }
}
