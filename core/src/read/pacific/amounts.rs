//! 888's amounts and cards as the family writes them: `$ 3.243` → 3243, `0,02$` → 0.02, `[ Hc, 8h ]`
//! (Dutch) → `Kc 8h`.

/// Minor units of an amount at `decimals` digits, whatever its symbols, spaces and separators: the
/// last separator is the decimal one unless exactly three digits follow it (`1,283.15`, `552,72`,
/// `$ 3.243`, `298.064 $`).
pub fn minor_units(text: &str, decimals: u8) -> Option<i64> {
    let bytes = text.as_bytes();
    let point =
        memchr::memrchr2(b',', b'.', bytes).filter(|&at| digits(&bytes[at + 1..]).count() != 3);
    let (whole, fraction) = match point {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (bytes, &bytes[..0]),
    };
    let places = digits(fraction).count();
    if places > usize::from(decimals) || places == 0 && digits(whole).next().is_none() {
        return None;
    }
    // every digit, then as many zeros as the fraction is short of the scale
    let value = digits(whole)
        .chain(digits(fraction))
        .try_fold(0i64, |value, digit| {
            value.checked_mul(10)?.checked_add(digit)
        })?;
    let scale = 10i64.checked_pow(u32::from(decimals))?;
    value.checked_mul(scale / 10i64.pow(places as u32))
}

/// The digits of a part of an amount's text, every other character dropped.
fn digits(part: &[u8]) -> impl Iterator<Item = i64> + '_ {
    part.iter()
        .filter(|b| b.is_ascii_digit())
        .map(|b| i64::from(b - b'0'))
}

/// The inside of the first brackets of `text`: `calls [$ 10]` → `$ 10`.
pub fn bracketed(text: &str) -> Option<&str> {
    let open = memchr::memchr(b'[', text.as_bytes())?;
    let close = memchr::memchr(b']', &text.as_bytes()[open..])? + open;
    Some(text[open + 1..close].trim())
}

/// Cards as the family writes them: `[ Hc, 8h, 10d ]` → `Kc 8h Td`.
pub fn cards(text: &str) -> String {
    let mut said = String::with_capacity(text.len());
    for card in text.split([',', ' ']).filter(|c| !c.is_empty()) {
        let (rank, suit) =
            card.split_at(card.len() - card.chars().last().map_or(0, char::len_utf8));
        let rank = match rank {
            "10" => "T",
            "H" => "K", // Dutch: heer, vrouw, boer
            "V" => "Q",
            "B" => "J",
            other => other,
        };
        if !said.is_empty() {
            said.push(' ');
        }
        said.push_str(rank);
        said.push_str(suit);
    }
    said
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
        assert_eq!(
            minor_units("1.234", 2),
            Some(123_400),
            "three digits after: thousands"
        );
        assert_eq!(
            minor_units("1.2345", 2),
            None,
            "more decimals than the scale"
        );
        assert_eq!(minor_units("10.", 2), Some(1000));
        assert_eq!(minor_units("99999999999999999999", 2), None, "too large");
        assert_eq!(minor_units("$", 2), None);
    }

    /// The parser `minor_units` replaced (it built a string of the digits and separators first).
    fn allocating(text: &str, decimals: u8) -> Option<i64> {
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

    #[test]
    fn amounts_read_as_the_allocating_parser_read_them() {
        let alphabet: Vec<char> = "0123456789,.,.$€ x9".chars().collect();
        let mut state = 0x5eed_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..200_000 {
            let len = next(24);
            let text: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
            for decimals in [0, 2] {
                assert_eq!(
                    minor_units(&text, decimals),
                    allocating(&text, decimals),
                    "{text:?} at {decimals}"
                );
            }
        }
    }

    #[test]
    fn cards_in_the_familys_words() {
        assert_eq!(cards(" Hc, 8h, Td, 6h "), "Kc 8h Td 6h");
        assert_eq!(cards("5d, 5c, Jd"), "5d 5c Jd");
        assert_eq!(cards("Vs"), "Qs");
    }
}
