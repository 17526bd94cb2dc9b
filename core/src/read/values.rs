//! Amounts and card lists as the logs write them (`model/money.py parse_amount`,
//! `model/cards.py parse_cards`), with the same error reasons.

use super::errors::ReadError;
use super::pystr::{self, repr};
use crate::cards::Card;

/// The largest amount a log may give, in minor units.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;
/// Longer texts are not amounts.
const MAX_DIGITS: usize = 40;
const SYMBOL_CHARS: [char; 7] = ['$', '€', '£', '₹', '¥', ' ', '\t'];

/// Currency symbols the logs use, with their ISO codes.
pub const SYMBOLS: [(char, &str); 5] = [
    ('$', "USD"),
    ('€', "EUR"),
    ('£', "GBP"),
    ('₹', "INR"),
    ('¥', "CNY"),
];

/// The ISO code of a currency symbol.
pub fn symbol_code(symbol: char) -> Option<&'static str> {
    SYMBOLS.iter().find(|(s, _)| *s == symbol).map(|(_, c)| *c)
}

/// The first currency symbol in a text.
pub fn first_symbol(text: &str) -> Option<char> {
    text.chars().find(|c| symbol_code(*c).is_some())
}

fn not_an_amount(text: &str) -> ReadError {
    ReadError::malformed(format!("{} is not an amount", repr(text)))
        .expected("a number like 1.25 or $0.50")
        .actual(text)
}

/// The number of digits of `s` besides its commas, if every other byte is an ASCII digit.
fn digit_count(s: &[u8]) -> Option<usize> {
    let mut n = 0;
    for &b in s {
        if b.is_ascii_digit() {
            n += 1;
        } else if b != b',' {
            return None;
        }
    }
    Some(n)
}

/// The digits of `s` without its commas.
fn digits(s: &[u8]) -> impl Iterator<Item = u8> + '_ {
    s.iter().copied().filter(|&b| b != b',')
}

/// `text.trim_matches(SYMBOL_CHARS)`, byte by byte while the ends are ASCII.
fn trim_symbols(text: &str) -> &str {
    let bytes = text.as_bytes();
    let symbol = |b: u8| matches!(b, b'$' | b' ' | b'\t');
    let (mut start, mut end) = (0, bytes.len());
    while start < end && symbol(bytes[start]) {
        start += 1;
    }
    while end > start && symbol(bytes[end - 1]) {
        end -= 1;
    }
    if start < end && (!bytes[start].is_ascii() || !bytes[end - 1].is_ascii()) {
        return text.trim_matches(&SYMBOL_CHARS[..]);
    }
    &text[start..end]
}

/// The common amount in one pass: ASCII digits with at most one `.` and at most `decimals`
/// digits after it, no commas, not too large. None sends the text the long way (which also
/// finds every error).
fn plain_amount(body: &[u8], decimals: u8) -> Option<i64> {
    if body.len() > 18 {
        return None;
    }
    let (mut value, mut whole, mut frac) = (0i64, 0usize, None::<u8>);
    for &b in body {
        match (b, frac.as_mut()) {
            (b'0'..=b'9', None) => whole += 1,
            (b'0'..=b'9', Some(places)) if *places < decimals => *places += 1,
            (b'.', None) => {
                frac = Some(0);
                continue;
            }
            _ => return None,
        }
        value = value * 10 + i64::from(b - b'0');
    }
    let places = match frac {
        None if whole > 0 => 0,
        Some(places) if places > 0 => places,
        _ => return None,
    };
    let value = value.checked_mul(10i64.checked_pow(u32::from(decimals - places))?)?;
    (value <= MAX_AMOUNT).then_some(value)
}

/// `"$1.25"` → 125 at two decimals; `"1,500"` → 1500 at zero decimals (symbols and thousands
/// commas ignored).
pub fn parse_amount(text: &str, decimals: u8) -> Result<i64, ReadError> {
    let body = trim_symbols(text);
    match plain_amount(body.as_bytes(), decimals) {
        Some(value) => Ok(value),
        None => long_amount(text, body, decimals),
    }
}

/// [`parse_amount`] the long way: `body` is `text` without its symbols.
fn long_amount(text: &str, body: &str, decimals: u8) -> Result<i64, ReadError> {
    let commas = body.bytes().filter(|&b| b == b',').count();
    if !body.is_ascii() || body.len() - commas > MAX_DIGITS {
        let head = pystr::head(text, 40);
        return Err(
            ReadError::malformed(format!("{} is not an amount", repr(head)))
                .expected("a number like 1.25 or $0.50")
                .actual(head),
        );
    }
    let body = body.as_bytes();
    let (whole, frac, dot) = match memchr::memchr(b'.', body) {
        Some(at) => (&body[..at], &body[at + 1..], true),
        None => (body, &body[..0], false),
    };
    let (whole_n, frac_n) = (digit_count(whole), digit_count(frac));
    let all_digits = |n: Option<usize>| n.is_some_and(|n| n > 0);
    if !(all_digits(whole_n) || (whole_n == Some(0) && dot && all_digits(frac_n))) {
        return Err(not_an_amount(text));
    }
    if dot && !all_digits(frac_n) {
        return Err(not_an_amount(text));
    }
    let places = usize::from(decimals);
    if digits(frac).skip(places).any(|b| b != b'0') {
        return Err(ReadError::malformed(format!(
            "{} has more than {decimals} decimals",
            repr(text)
        ))
        .expected(format!("at most {decimals} decimals"))
        .actual(text));
    }
    let cap = MAX_AMOUNT as u128 + 1;
    let mut value: u128 = 0;
    for b in digits(whole) {
        value = (value * 10 + u128::from(b - b'0')).min(cap);
    }
    let mut frac_digits = digits(frac);
    for _ in 0..places {
        let digit = frac_digits.next().map_or(0, |b| u128::from(b - b'0'));
        value = (value * 10 + digit).min(cap * 100);
    }
    if value > MAX_AMOUNT as u128 {
        return Err(
            ReadError::malformed(format!("{} is too large an amount", repr(text)))
                .expected("at most 1,000,000,000,000 minor units")
                .actual(text),
        );
    }
    Ok(value as i64)
}

/// One card token exactly as `_BY_TEXT` knows it: `As`, `td`, `10d`, `A♠`.
fn card_token(token: &str) -> Option<Card> {
    Card::parse(token)
}

fn card_error(reason: String, expected: Option<&str>, actual: &str) -> ReadError {
    let e = ReadError::malformed(reason).actual(actual);
    match expected {
        Some(x) => e.expected(x),
        None => e,
    }
}

/// A list of cards: `[Kh 9s]`, `Kh 9s`, `Kh9s` or `Kh,9s`; each card once.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ReadError> {
    let mut body = pystr::strip(text);
    if body.starts_with('[') != body.ends_with(']') {
        return Err(card_error(
            format!("unbalanced brackets in {}", repr(text)),
            Some("'[Kh 9s]' or 'Kh 9s'"),
            text,
        ));
    }
    if body.starts_with('[') {
        body = if body.len() >= 2 {
            &body[1..body.len() - 1]
        } else {
            ""
        };
    }
    let mut cards = Vec::with_capacity(8);
    let mut tokens = body
        .split(|c: char| c == ',' || pystr::is_space(c))
        .filter(|w| !w.is_empty());
    let first = tokens.next();
    let second = tokens.next();
    let add = |token: &str, cards: &mut Vec<Card>| -> Result<(), ReadError> {
        let card = card_token(token).ok_or_else(|| {
            card_error(
                format!("{} in {} is not a card", repr(token), repr(text)),
                Some("cards like 'As', 'Td', '9c'"),
                token,
            )
        })?;
        cards.push(card);
        Ok(())
    };
    match (first, second) {
        (Some(run), None) if pystr::len(run) > 3 => {
            let chars: Vec<(usize, char)> = run.char_indices().collect();
            if chars.len() % 2 == 1 {
                return Err(card_error(
                    format!(
                        "{} in {} is not a run of two-letter cards",
                        repr(run),
                        repr(text)
                    ),
                    None,
                    run,
                ));
            }
            for pair in chars.chunks(2) {
                let end = pair[1].0 + pair[1].1.len_utf8();
                add(&run[pair[0].0..end], &mut cards)?;
            }
        }
        _ => {
            for token in first.into_iter().chain(second).chain(tokens) {
                add(token, &mut cards)?;
            }
        }
    }
    let mut seen = 0u64;
    for card in &cards {
        let bit = 1u64 << card.0;
        if seen & bit != 0 {
            return Err(card_error(
                format!("{card} appears twice in {}", repr(text)),
                Some("each card once"),
                text,
            ));
        }
        seen |= bit;
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_parse_as_the_python_reader_does() {
        assert_eq!(parse_amount("$1.25", 2), Ok(125));
        assert_eq!(parse_amount("1,500", 0), Ok(1500));
        assert_eq!(parse_amount(".5", 2), Ok(50));
        assert_eq!(
            parse_amount("2.", 2).unwrap_err().reason,
            "'2.' is not an amount"
        );
        assert_eq!(parse_amount("1.250", 2), Ok(125));
        assert_eq!(
            parse_amount("1.255", 2).unwrap_err().reason,
            "'1.255' has more than 2 decimals"
        );
        assert_eq!(
            parse_amount("1.5", 0).unwrap_err().reason,
            "'1.5' has more than 0 decimals"
        );
        assert_eq!(
            parse_amount("99999999999999999999", 0).unwrap_err().reason,
            "'99999999999999999999' is too large an amount"
        );
        assert!(parse_amount(&"9".repeat(5000), 2)
            .unwrap_err()
            .reason
            .ends_with("' is not an amount"));
        assert!(parse_amount("$0.0²", 2).is_err());
        assert!(parse_amount("", 2).is_err());
    }

    #[test]
    fn the_fast_path_agrees_with_the_long_way() {
        let texts = [
            "5",
            "05",
            ".5",
            "5.",
            ".",
            "",
            "1.25",
            "1.2",
            "1.250",
            "1.255",
            "1,000",
            "1,000.5",
            "999999999999999999",
            "1000000000000",
            "1000000000001",
            "10000000000",
            "+5",
            "-5",
            "5 ",
            "$ 5",
            "5€",
            "1.5.5",
            "0.00",
        ];
        for text in texts {
            for decimals in [0, 2] {
                let body = trim_symbols(text);
                if let Some(fast) = plain_amount(body.as_bytes(), decimals) {
                    assert_eq!(
                        Ok(fast),
                        long_amount(text, body, decimals),
                        "{text} {decimals}"
                    );
                }
                assert_eq!(body, text.trim_matches(&SYMBOL_CHARS[..]));
            }
        }
        assert_eq!(trim_symbols("€ $5$ ₹"), "5");
    }

    #[test]
    fn card_lists_parse_as_the_python_reader_does() {
        let text = |cards: Vec<Card>| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(text(parse_cards("[Kh 9s]").unwrap()), ["Kh", "9s"]);
        assert_eq!(text(parse_cards("Kh9sTd").unwrap()), ["Kh", "9s", "Td"]);
        assert_eq!(text(parse_cards("10d,as").unwrap()), ["Td", "As"]);
        assert_eq!(
            parse_cards("[Kh 9s").unwrap_err().reason,
            "unbalanced brackets in '[Kh 9s'"
        );
        assert_eq!(
            parse_cards("Kh Kh").unwrap_err().reason,
            "Kh appears twice in 'Kh Kh'"
        );
        assert_eq!(
            parse_cards("Kh9").unwrap_err().reason,
            "'Kh9' in 'Kh9' is not a card"
        );
        assert_eq!(
            parse_cards("Kh9sT").unwrap_err().reason,
            "'Kh9sT' in 'Kh9sT' is not a run of two-letter cards"
        );
        assert_eq!(parse_cards("[]").unwrap(), vec![]);
    }
}
