//! 888's amounts and cards as the family writes them: `$ 3.243` → 3243, `0,02$` → 0.02, `[ Hc, 8h ]`
//! (Dutch) → `Kc 8h`.

/// Minor units of an amount at `decimals` digits, whatever its symbols, spaces and separators: the
/// last separator is the decimal one unless exactly three digits follow it (`1,283.15`, `552,72`,
/// `$ 3.243`, `298.064 $`).
pub fn minor_units(text: &str, decimals: u8) -> Option<i64> {
    let body: String = text
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
        .collect();
    let last = body.rfind([',', '.']);
    let (whole, fraction) = match last {
        Some(at) if body.len() - at - 1 != 3 => (&body[..at], &body[at + 1..]),
        _ => (body.as_str(), ""),
    };
    let whole: String = whole.chars().filter(char::is_ascii_digit).collect();
    if whole.is_empty() && fraction.is_empty() || fraction.len() > usize::from(decimals) {
        return None;
    }
    let scale = 10i64.checked_pow(u32::from(decimals))?;
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let fraction: i64 = if fraction.is_empty() {
        0
    } else {
        let pad = 10i64.pow((usize::from(decimals) - fraction.len()) as u32);
        fraction.parse::<i64>().ok()? * pad
    };
    whole.checked_mul(scale)?.checked_add(fraction)
}

/// The inside of the first brackets of `text`: `calls [$ 10]` → `$ 10`.
pub fn bracketed(text: &str) -> Option<&str> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    Some(text[open + 1..close].trim())
}

/// Cards as the family writes them: `[ Hc, 8h, 10d ]` → `Kc 8h Td`.
pub fn cards(text: &str) -> String {
    text.split([',', ' '])
        .filter(|c| !c.is_empty())
        .map(|card| {
            let (rank, suit) =
                card.split_at(card.len() - card.chars().last().map_or(0, char::len_utf8));
            let rank = match rank {
                "10" => "T",
                "H" => "K", // Dutch: heer, vrouw, boer
                "V" => "Q",
                "B" => "J",
                other => other,
            };
            format!("{rank}{suit}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_every_way_888_writes_them() {
        assert_eq!(minor_units("$1,283.15", 2), Some(128_315));
        assert_eq!(minor_units("0,02$", 2), Some(2));
        assert_eq!(minor_units("$ 3.243", 2), Some(324_300));
        assert_eq!(minor_units("552,72", 2), Some(55_272));
        assert_eq!(minor_units("298.064 $", 0), Some(298_064));
        assert_eq!(minor_units("$2,000", 0), Some(2000));
        assert_eq!(minor_units("", 2), None);
    }

    #[test]
    fn cards_in_the_familys_words() {
        assert_eq!(cards(" Hc, 8h, Td, 6h "), "Kc 8h Td 6h");
        assert_eq!(cards("5d, 5c, Jd"), "5d 5c Jd");
        assert_eq!(cards("Vs"), "Qs");
    }
}
