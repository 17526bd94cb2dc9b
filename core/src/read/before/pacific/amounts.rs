//! 888's amounts and cards as the family writes them: `$ 3.243` → 3243, `0,02$` → 0.02, `[ Hc, 8h ]`
//! (Dutch) → `Kc 8h`.

/// Minor units of an amount at `decimals` digits, whatever its symbols, spaces and separators: the
/// last separator is the decimal one unless exactly three digits follow it (`1,283.15`, `552,72`,
/// `$ 3.243`, `298.064 $`).
pub fn minor_units(text: &str, decimals: u8) -> Option<i64> {
    // the amount's digits and separators, in order (every other character dropped)
    let body = || {
        text.bytes()
            .filter(|b| b.is_ascii_digit() || matches!(b, b',' | b'.'))
    };
    let len = body().count();
    let last = body()
        .enumerate()
        .filter(|(_, b)| !b.is_ascii_digit())
        .last()
        .map(|(at, _)| at);
    let point = last.filter(|&at| len - at - 1 != 3);
    let (mut whole, mut whole_digits, mut fraction, mut fraction_digits) = (0i64, 0, 0i64, 0);
    for (at, b) in body().enumerate() {
        if !b.is_ascii_digit() {
            continue;
        }
        let digit = i64::from(b - b'0');
        if point.is_some_and(|point| at > point) {
            fraction_digits += 1;
            if fraction_digits > usize::from(decimals) {
                return None;
            }
            fraction = fraction * 10 + digit;
        } else {
            whole_digits += 1;
            whole = whole.checked_mul(10)?.checked_add(digit)?;
        }
    }
    if whole_digits == 0 && fraction_digits == 0 {
        return None;
    }
    let scale = 10i64.checked_pow(u32::from(decimals))?;
    let pad = 10i64.pow((usize::from(decimals) - fraction_digits) as u32);
    whole.checked_mul(scale)?.checked_add(fraction * pad)
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
