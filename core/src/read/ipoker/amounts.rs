//! iPoker's amounts and cards.

use crate::read::errors::ReadError;
use crate::read::values::{plain_amount, Grammar, MAX_AMOUNT};

/// How iPoker writes amounts: a sign or currency code before or after (`$0.88`, `£3`, `RSD8`), a
/// point for decimals or a decimal comma (`€0,50`), commas between groups of three (`€9,999.99`,
/// `1,500`: a comma before three digits is a thousands one), and a minus sign. Which attributes may be
/// negative is each one's to say ([`super::game`]: none of those read).
pub const AMOUNTS: Grammar = Grammar {
    site: "iPoker",
    thousands_comma: true,
    decimal_comma: true,
    suffixes: false,
    negatives: true,
    codes: true,
    example: "an amount such as $1,283.15, €0,50, RSD8 or 2,000",
};

/// An amount in minor units (`decimals` after the point), as iPoker writes it ([`AMOUNTS`]).
pub fn minor_units(text: &str, decimals: u8) -> Result<i64, ReadError> {
    // the common amount, a sign (`€`, `£`, `$`) or none before digits the grammar reads in one pass
    // (`€0,50`, `$1.25`, `1,500`): what the grammar reads of it, without trimming or decoding it
    let bytes = text.as_bytes();
    let sign = match bytes {
        [0xE2, 0x82, 0xAC, ..] => 3, // €
        [0xC2, 0xA3, ..] => 2,       // £
        [b'$', ..] => 1,
        _ => 0,
    };
    let digits = &bytes[sign..];
    if digits.first().is_some_and(u8::is_ascii_digit)
        && digits.last().is_some_and(u8::is_ascii_digit)
    {
        if let Some(value) = plain_amount(digits, decimals, &AMOUNTS) {
            return Ok(value);
        }
    }
    // a sign that is not ASCII before digits (`€0,50`, `£3`): the grammar trims the sign as a
    // character, then reads the digits as it reads them alone, which costs no trimming; an error is
    // the whole text's
    if let Some(digits) = text.strip_prefix(['€', '£']) {
        let ends = [digits.as_bytes().first(), digits.as_bytes().last()];
        if ends.iter().all(|b| b.is_some_and(u8::is_ascii_digit)) {
            if let Ok(value) = AMOUNTS.parse(digits, decimals) {
                return Ok(value);
            }
        }
    }
    AMOUNTS.parse(text, decimals)
}

/// The plainest amount iPoker writes (`$0.10`, `€5`, `12.5`: a sign or none, digits, a point and at
/// most `decimals` digits after it) in minor units: what [`minor_units`] reads of it, in one short
/// pass; None for any other form, which [`minor_units`] reads. Digits with a comma (`1,500`, a
/// tournament's chips; `€0,50`) are what the grammar reads of them in one pass, as [`minor_units`]
/// reads them first.
pub fn plainest(text: &str, decimals: u8) -> Option<i64> {
    let digits = match text.as_bytes() {
        [0xE2, 0x82, 0xAC, rest @ ..] | [0xC2, 0xA3, rest @ ..] | [b'$', rest @ ..] => rest,
        bytes => bytes,
    };
    // at most 15 digits: no overflow below
    if digits.len() > 15 || !digits.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let (mut value, mut places, mut point) = (0i64, 0u8, false);
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                value = value * 10 + i64::from(b - b'0');
                places += u8::from(point);
            }
            b'.' if !point => point = true,
            b',' if digits.last().is_some_and(u8::is_ascii_digit) => {
                return plain_amount(digits, decimals, &AMOUNTS);
            }
            _ => return None,
        }
    }
    if (point && places == 0) || places > decimals {
        return None; // `5.`, or more places than the amount has
    }
    let value = value * 10i64.pow(u32::from(decimals - places));
    (value <= MAX_AMOUNT).then_some(value)
}

/// The family's cards by suit (`c`, `d`, `h`, `s`, as [`SUITS`]) and rank (`2` to `A`, as [`RANKS`]).
const CARDS: [[&str; 13]; 4] = [
    [
        "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac",
    ],
    [
        "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad",
    ],
    [
        "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah",
    ],
    [
        "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As",
    ],
];
const SUITS: &[u8] = b"cdhs";
const RANKS: &[u8] = b"23456789TJQKA";

/// A card as the family writes it: `H3` → `3h`, `D10` → `Td`, `CA` → `Ac`; None for a hidden card
/// (`X`) or one that is not a card.
pub fn card(text: &str) -> Option<&'static str> {
    let (&suit, rank) = text.as_bytes().split_first()?;
    let suit = SUITS.iter().position(|&s| s == suit.to_ascii_lowercase())?;
    let rank = match rank {
        b"10" => b'T',
        [r] => r.to_ascii_uppercase(),
        _ => return None,
    };
    let rank = RANKS.iter().position(|&r| r == rank)?;
    Some(CARDS[suit][rank])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_each_way_ipoker_writes_them() {
        let ok = |text: &str, decimals: u8| minor_units(text, decimals).ok();
        assert_eq!(ok("$0.88", 2), Some(88));
        assert_eq!(ok("£3", 2), Some(300));
        assert_eq!(ok("RSD8", 2), Some(800));
        assert_eq!(ok("8 kr", 2), Some(800));
        assert_eq!(ok("€0,50", 2), Some(50));
        assert_eq!(ok("€341,49", 2), Some(34_149));
        assert_eq!(ok("£1,500", 2), Some(150_000));
        assert_eq!(ok("€€2", 2), Some(200));
        assert_eq!(ok("€2 ", 2), Some(200));
        assert_eq!(ok("€1.5", 0), None);
        assert_eq!(ok("€0,5", 2), Some(50));
        assert_eq!(ok("€9,999.99", 2), Some(999_999));
        assert_eq!(ok("$2,473.97", 2), Some(247_397));
        assert_eq!(ok("1,234.56", 2), Some(123_456));
        assert_eq!(ok("$1,234,567.89", 2), Some(123_456_789));
        assert_eq!(ok("12,345", 0), Some(12_345));
        assert_eq!(ok("1,500", 2), Some(150_000));
        assert_eq!(ok("-2.38", 2), Some(-238));
        assert_eq!(ok("-$2.38", 2), Some(-238));
        assert_eq!(ok("$-2.38", 2), Some(-238));
        assert_eq!(ok("DP", 2), None);
        assert_eq!(ok("1.5", 0), None);
    }

    /// Every short text of digits, points, commas and signs: the plainest amount's reading, where
    /// it reads one, is the grammar's.
    #[test]
    fn the_plainest_amounts_are_read_as_the_grammar_reads_them() {
        const PIECES: [&str; 7] = ["0", "5", "9", ".", ",", "-", " "];
        let (mut level, mut texts) = (vec![String::new()], Vec::new());
        for _ in 0..5 {
            level = level
                .iter()
                .flat_map(|t| PIECES.map(|p| format!("{t}{p}")))
                .collect();
            texts.extend(level.iter().cloned());
        }
        let mut read = 0;
        for text in &texts {
            for sign in ["", "$", "€", "£", "R"] {
                let text = format!("{sign}{text}");
                for decimals in [0, 2] {
                    if let Some(value) = plainest(&text, decimals) {
                        assert_eq!(minor_units(&text, decimals).ok(), Some(value), "{text:?}");
                        read += 1;
                    }
                }
            }
        }
        assert!(read > 1000, "{read}");
        assert_eq!(plainest("$0.10", 2), Some(10));
        assert_eq!(plainest("€341,49", 2), Some(34_149));
        assert_eq!(plainest("1,500", 0), Some(1_500));
        assert_eq!(plainest("0,500", 2), None);
        assert_eq!(plainest("€1000000000000", 2), None);
        assert_eq!(plainest("9999999999", 2), Some(999_999_999_900));
    }

    #[test]
    fn forms_ipoker_never_prints_are_not_amounts() {
        // a thousands comma's groups are of three, after a first group that is no 0
        for text in [
            "1,23,4",
            "12,34,567",
            "$0,100",
            "1,2345",
            "1.234,56",
            "1,234,56",
            "€,50",
            "1,",
            "--2",
        ] {
            let err = minor_units(text, 2).unwrap_err();
            assert!(
                err.reason.ends_with("is not an amount"),
                "{text}: {}",
                err.reason
            );
        }
    }

    #[test]
    fn cards_in_the_family_s_words() {
        assert_eq!(card("H3"), Some("3h"));
        assert_eq!(card("D10"), Some("Td"));
        assert_eq!(card("sa"), Some("As"));
        assert_eq!(card("ht"), Some("Th"));
        assert_eq!(card("C1"), None);
        assert_eq!(card("X"), None);
        assert_eq!(card("Z9"), None);
    }
}
