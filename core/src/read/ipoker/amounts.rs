//! iPoker's amounts and cards.

/// An amount in minor units (`decimals` after the point): `$0.88`, `£3`, `RSD8`, `€0,50` (a decimal
/// comma), `€9,999.99` and `12,345` (thousands commas), `$2,473.97`; whatever currency sign or code
/// stands around the number is dropped. None when there is no number or more decimals than `decimals`.
pub fn minor_units(text: &str, decimals: u8) -> Option<i64> {
    let number = text.trim_matches(|c: char| !c.is_ascii_digit());
    let negative = text.trim_start().starts_with('-');
    if number.is_empty()
        || !number
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return None;
    }
    // the last separator is the decimal one when both are used, or when a lone comma has not three
    // digits after it
    let point = match (number.rfind('.'), number.rfind(',')) {
        (Some(dot), Some(comma)) => Some(dot.max(comma)),
        (Some(dot), None) => Some(dot),
        (None, Some(comma))
            if number.matches(',').count() == 1 && number.len() - comma - 1 != 3 =>
        {
            Some(comma)
        }
        _ => None,
    };
    let (whole, fraction) = match point {
        Some(at) => (&number[..at], &number[at + 1..]),
        None => (number, ""),
    };
    if fraction.len() > usize::from(decimals) || fraction.contains([',', '.']) {
        return None;
    }
    let whole: String = whole.chars().filter(char::is_ascii_digit).collect();
    let mut value: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    for k in 0..decimals {
        let digit = fraction
            .as_bytes()
            .get(usize::from(k))
            .map_or(0, |b| i64::from(b - b'0'));
        value = value.checked_mul(10)?.checked_add(digit)?;
    }
    Some(if negative { -value } else { value })
}

/// A card as the family writes it: `H3` → `3h`, `D10` → `Td`, `CA` → `Ac`; None for a hidden card
/// (`X`) or one that is not a card.
pub fn card(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let suit = chars.next()?.to_ascii_lowercase();
    let rank = chars.as_str();
    if !matches!(suit, 'c' | 'd' | 'h' | 's') {
        return None;
    }
    let rank = match rank.to_ascii_uppercase().as_str() {
        "10" | "T" => 'T',
        r if r.len() == 1 && "23456789JQKA".contains(r) => r.chars().next()?,
        _ => return None,
    };
    Some(format!("{rank}{suit}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_each_way_ipoker_writes_them() {
        assert_eq!(minor_units("$0.88", 2), Some(88));
        assert_eq!(minor_units("£3", 2), Some(300));
        assert_eq!(minor_units("RSD8", 2), Some(800));
        assert_eq!(minor_units("€0,50", 2), Some(50));
        assert_eq!(minor_units("€9,999.99", 2), Some(999_999));
        assert_eq!(minor_units("$2,473.97", 2), Some(247_397));
        assert_eq!(minor_units("12,345", 0), Some(12_345));
        assert_eq!(minor_units("1,500", 2), Some(150_000));
        assert_eq!(minor_units("DP", 2), None);
        assert_eq!(minor_units("1.5", 0), None);
    }

    #[test]
    fn cards_in_the_family_s_words() {
        assert_eq!(card("H3").as_deref(), Some("3h"));
        assert_eq!(card("D10").as_deref(), Some("Td"));
        assert_eq!(card("sa").as_deref(), Some("As"));
        assert_eq!(card("X"), None);
        assert_eq!(card("Z9"), None);
    }
}
