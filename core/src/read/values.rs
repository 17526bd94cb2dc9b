//! Amounts and card lists as the logs write them (card lists with the error reasons of
//! `model/cards.py parse_cards`).

use super::errors::ReadError;
use super::pystr::{self, repr};
use crate::cards::Card;
use crate::said::Said;
use crate::say;

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

/// The common amount in one pass: ASCII digits with at most one decimal mark and at most `decimals`
/// digits after it, not too large; the commas the grammar reads where they are plainly its own
/// (thousands commas between groups of three after a first group of one to three that is no `0`; a
/// decimal comma before one or two digits, alone in the number). None sends the text the long way
/// ([`Grammar::canonical`], which also finds every error).
pub fn plain_amount(body: &[u8], decimals: u8, grammar: &Grammar) -> Option<i64> {
    if body.len() > 18 {
        return None;
    }
    // digits since the last comma, commas, the first group's digits
    let (mut value, mut run, mut commas, mut first) = (0i64, 0usize, 0usize, 0usize);
    let mut frac = None::<u8>;
    for &b in body {
        match (b, frac.as_mut()) {
            (b'0'..=b'9', None) => run += 1,
            (b'0'..=b'9', Some(places)) if *places < decimals => *places += 1,
            (b'.', None) if commas == 0 || run == 3 => {
                frac = Some(0);
                continue;
            }
            (b',', None) if run > 0 && (commas == 0 || run == 3) => {
                first = if commas == 0 { run } else { first };
                (commas, run) = (commas + 1, 0);
                continue;
            }
            _ => return None,
        }
        value = value * 10 + i64::from(b - b'0');
    }
    let thousands = grammar.thousands_comma && first <= 3 && body.first() != Some(&b'0');
    let places = match (frac, commas) {
        (None, 0) if run > 0 => 0,
        (Some(places), 0) if places > 0 => places,
        (Some(places), _) if places > 0 && thousands => places,
        (None, _) if run == 3 && thousands => 0,
        (None, 1)
            if grammar.decimal_comma && (1..=2).contains(&run) && run <= usize::from(decimals) =>
        {
            run as u8
        }
        _ => return None,
    };
    let value = value.checked_mul(10i64.checked_pow(u32::from(decimals - places))?)?;
    (value <= MAX_AMOUNT).then_some(value)
}

/// How a site writes its amounts: what [`Grammar::parse`] accepts besides plain `1234.56`. Each
/// site's reader names its own (a datum, not a branch); a form the site never prints is not an
/// amount, so no figure is read in a way the site did not mean (`$0,10` is not $10.00 anywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grammar {
    /// The site, as messages name it.
    pub site: &'static str,
    /// A `,` between groups of exactly three digits (`1,234,567.89`).
    pub thousands_comma: bool,
    /// A `,` before the last one or two digits is the decimal mark (`€0,50`, `12,5`), with no
    /// other separator in the number.
    pub decimal_comma: bool,
    /// `k` (a thousand) or `M` (a million) after the number (`2k`, `6.02k`).
    pub suffixes: bool,
    /// A `-` before the number (or before its sign): a negative amount.
    pub negatives: bool,
    /// Letters of a currency code next to the number (`RSD8`, `8 kr`) are not part of it.
    pub codes: bool,
    /// The forms, as the expected value of an error says them.
    pub example: &'static str,
}

/// The PokerStars family's text, as PokerStars writes it (and every site's reader writes the family's
/// lines): a point for decimals, commas between groups of three, a sign before or after.
pub const FAMILY: Grammar = Grammar {
    site: "PokerStars",
    thousands_comma: true,
    decimal_comma: false,
    suffixes: false,
    negatives: false,
    codes: false,
    example: "a number like 1.25, $0.50 or 1,234.56",
};

/// `"$1.25"` → 125 at two decimals; `"1,500"` → 1500 at zero decimals, as the family writes them
/// ([`FAMILY`]).
pub fn parse_amount(text: &str, decimals: u8) -> Result<i64, ReadError> {
    FAMILY.parse(text, decimals)
}

impl Grammar {
    /// An amount as this site writes it, in minor units at `decimals` places.
    pub fn parse(&self, text: &str, decimals: u8) -> Result<i64, ReadError> {
        let body = trim_symbols(text);
        if let Some(value) = plain_amount(body.as_bytes(), decimals, self) {
            return Ok(value);
        }
        let (negative, body) = match body.strip_prefix('-') {
            Some(rest) if self.negatives => (true, trim_symbols(rest)),
            _ => (false, body),
        };
        let body = if self.codes { without_code(body) } else { body };
        let (body, shift) = match body.as_bytes().last() {
            Some(b'k' | b'K') if self.suffixes => (&body[..body.len() - 1], 3),
            Some(b'M') if self.suffixes => (&body[..body.len() - 1], 6),
            _ => (body, 0),
        };
        let value = match self.canonical(body, shift) {
            Some(number) => long_amount(text, &number, decimals, self.example)?,
            None if body.is_ascii() && body.len() <= MAX_DIGITS => {
                return Err(self.not_an_amount(text))
            }
            // too long or not ASCII: the long way names it (with the text's head)
            None => long_amount(text, body, decimals, self.example)?,
        };
        Ok(if negative { -value } else { value })
    }

    fn not_an_amount(&self, text: &str) -> ReadError {
        ReadError::malformed(say!("{text} is not an amount", text = repr(text)))
            .expected(format!("{} ({}'s forms)", self.example, self.site))
            .actual(text)
    }

    /// `body` as plain `digits[.digits]` when it is in this site's forms (`1,234.5` → `1234.5`; a
    /// suffix's `shift` moves the point: `2.5` by 3 → `2500`), else None.
    fn canonical(&self, body: &str, shift: usize) -> Option<String> {
        let bytes = body.as_bytes();
        if bytes.is_empty()
            || !bytes
                .iter()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b','))
        {
            return None;
        }
        let last_comma = memchr::memrchr(b',', bytes);
        let decimal_comma = self.decimal_comma
            && memchr::memchr(b'.', bytes).is_none()
            && last_comma.is_some_and(|at| matches!(bytes.len() - at - 1, 1 | 2));
        let (whole, frac) = match (decimal_comma, last_comma) {
            (true, Some(at)) => (&body[..at], &body[at + 1..]),
            _ => body.split_once('.').unwrap_or((body, "")),
        };
        // one decimal mark, with digits after it; a decimal comma has digits and no commas before it
        let mixed = decimal_comma && (whole.is_empty() || whole.contains(','));
        if mixed || frac.contains([',', '.']) || (body.len() > whole.len() && frac.is_empty()) {
            return None;
        }
        let whole = self.whole_digits(whole)?;
        if whole.is_empty() && frac.is_empty() {
            return None;
        }
        // a suffix moves the point: `2.5k` is `2500`
        let mut number = whole;
        let frac_bytes = frac.as_bytes();
        for k in 0..shift {
            number.push(frac_bytes.get(k).map_or('0', |&b| char::from(b)));
        }
        let rest = frac.get(shift..).unwrap_or("");
        if rest.is_empty() {
            Some(if number.is_empty() {
                "0".to_string()
            } else {
                number
            })
        } else {
            Some(format!("{number}.{rest}"))
        }
    }

    /// The digits of a whole part, its thousands commas (if the site prints them) in groups of three
    /// after a first group of one to three that does not start with 0: `1,234` → `1234`.
    fn whole_digits(&self, whole: &str) -> Option<String> {
        if !whole.contains(',') {
            return Some(whole.to_string());
        }
        if !self.thousands_comma {
            return None;
        }
        let mut groups = whole.split(',');
        let first = groups.next()?;
        let first_ok = (1..=3).contains(&first.len()) && !first.starts_with('0');
        let mut digits = first.to_string();
        for group in groups {
            if group.len() != 3 {
                return None;
            }
            digits.push_str(group);
        }
        first_ok.then_some(digits)
    }
}

/// A number without the letters of a currency code before or after it: `RSD8` → `8`, `8 kr` → `8`.
fn without_code(body: &str) -> &str {
    trim_symbols(body.trim_matches(|c: char| c.is_ascii_alphabetic()))
}

/// The long way: `body` is `text` without its symbols, plain digits with at most one `.`.
fn long_amount(text: &str, body: &str, decimals: u8, example: &str) -> Result<i64, ReadError> {
    let not_an_amount = |text: &str| {
        ReadError::malformed(say!("{text} is not an amount", text = repr(text)))
            .expected(example.to_string())
            .actual(text)
    };
    if !body.is_ascii() || body.len() > MAX_DIGITS {
        return Err(not_an_amount(pystr::head(text, 40)));
    }
    let body = body.as_bytes();
    let (whole, frac, dot) = match memchr::memchr(b'.', body) {
        Some(at) => (&body[..at], &body[at + 1..], true),
        None => (body, &body[..0], false),
    };
    let all_digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    if !(all_digits(whole) || (whole.is_empty() && dot && all_digits(frac))) {
        return Err(not_an_amount(text));
    }
    if dot && !all_digits(frac) {
        return Err(not_an_amount(text));
    }
    let places = usize::from(decimals);
    if frac.iter().skip(places).any(|&b| b != b'0') {
        return Err(ReadError::malformed(say!(
            "{text} has more than {decimals} decimals",
            text = repr(text),
            decimals
        ))
        .expected(format!("at most {decimals} decimals"))
        .actual(text));
    }
    let cap = MAX_AMOUNT as u128 + 1;
    let mut value: u128 = 0;
    for &b in whole {
        value = (value * 10 + u128::from(b - b'0')).min(cap);
    }
    let mut frac_digits = frac.iter();
    for _ in 0..places {
        let digit = frac_digits.next().map_or(0, |&b| u128::from(b - b'0'));
        value = (value * 10 + digit).min(cap * 100);
    }
    if value > MAX_AMOUNT as u128 {
        return Err(
            ReadError::malformed(say!("{text} is too large an amount", text = repr(text)))
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

fn card_error(reason: Said, expected: Option<&str>, actual: &str) -> ReadError {
    let e = ReadError::malformed(reason).actual(actual);
    match expected {
        Some(x) => e.expected(x),
        None => e,
    }
}

/// The cards of a list written the usual way, `Kh 9s` (two letters or digits a card, one space
/// between them, each card once), read byte by byte; None for any other text, which
/// [`parse_cards`] reads the long way (and names its faults).
fn plain_cards(text: &str) -> Option<Vec<Card>> {
    let mut cards = Vec::with_capacity(text.len().div_ceil(3));
    each_plain_card(text, |card| cards.push(card))?;
    Some(cards)
}

/// The most cards [`Dealt`] holds: a deal line's (stud's seven, or a draw game's five).
const DEALT: usize = 8;

/// A deal's few cards read onto the stack (a deal line's cards are read a few a hand on every line
/// of the deal: no allocation for them).
pub struct Dealt {
    cards: [Card; DEALT],
    len: usize,
}

impl Dealt {
    /// The cards of a plain list as [`parse_cards`] reads it (`Kh 9s`) when there are at most
    /// eight; None for any other text (read it with [`parse_cards`]).
    pub fn plain(text: &str) -> Option<Dealt> {
        if text.len() > DEALT * 3 - 1 {
            return None;
        }
        let mut dealt = Dealt {
            cards: [Card(0); DEALT],
            len: 0,
        };
        each_plain_card(text, |card| {
            dealt.cards[dealt.len] = card;
            dealt.len += 1;
        })?;
        Some(dealt)
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len]
    }
}

/// Each card of a plain list (see [`plain_cards`]) given to `push` in order; None (after some
/// were given) for any other text.
#[inline]
fn each_plain_card(text: &str, mut push: impl FnMut(Card)) -> Option<()> {
    let b = text.as_bytes();
    if b.len() % 3 != 2 {
        return None;
    }
    let mut seen = 0u64;
    for pair in b.chunks(3) {
        let (rank, suit) = (pair[0], pair[1]);
        if !rank.is_ascii_alphanumeric() || !suit.is_ascii_alphanumeric() {
            return None;
        }
        if pair.len() == 3 && pair[2] != b' ' {
            return None;
        }
        let card = Card::from_ascii(rank, suit)?;
        let bit = 1u64 << card.0;
        if seen & bit != 0 {
            return None;
        }
        seen |= bit;
        push(card);
    }
    Some(())
}

/// A list of cards: `[Kh 9s]`, `Kh 9s`, `Kh9s` or `Kh,9s`; each card once.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ReadError> {
    if let Some(cards) = plain_cards(text) {
        return Ok(cards);
    }
    let mut body = pystr::strip(text);
    if body.starts_with('[') != body.ends_with(']') {
        return Err(card_error(
            say!("unbalanced brackets in {text}", text = repr(text)),
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
                say!(
                    "{token} in {text} is not a card",
                    token = repr(token),
                    text = repr(text)
                ),
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
                    say!(
                        "{run} in {text} is not a run of two-letter cards",
                        run = repr(run),
                        text = repr(text)
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
    once_each(cards, text)
}

/// `cards` (read from `text`), or the error of the first card that appears twice.
fn once_each(cards: Vec<Card>, text: &str) -> Result<Vec<Card>, ReadError> {
    let mut seen = 0u64;
    for card in &cards {
        let bit = 1u64 << card.0;
        if seen & bit != 0 {
            return Err(card_error(
                say!(
                    "{card} appears twice in {text}",
                    card = card.to_string(),
                    text = repr(text),
                ),
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
    fn a_deal_s_plain_cards_read_onto_the_stack() {
        // by hand: ace 12, king 11, nine 7; clubs 0, diamonds 1, hearts 2, spades 3
        let dealt = Dealt::plain("Ah Kd 9s").expect("plain cards");
        let got: Vec<(u8, u8)> = dealt.cards().iter().map(|c| (c.rank(), c.suit())).collect();
        assert_eq!(got, [(12, 2), (11, 1), (7, 3)]);
        assert_eq!(
            Dealt::plain("2c 3c 4c 5c 6c 7c 8c 9c").map(|d| d.cards().len()),
            Some(8)
        );
        // not plain: left to parse_cards, which names the fault
        for text in [
            "2c 3c 4c 5c 6c 7c 8c 9c Tc",
            "Ah Ah",
            "[Ah Kd]",
            "Ah  Kd",
            "Ah,Kd",
            "",
            "Zz",
        ] {
            assert!(Dealt::plain(text).is_none(), "{text:?}");
        }
    }

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
    fn cards_read_the_same_in_every_writing() {
        // rank * 4 + suit: K is rank 11, 9 rank 7; hearts 2, spades 3, clubs 0
        let (kh, nine_s, ten_c) = (Card(46), Card(31), Card(32));
        for text in ["Kh 9s", "[Kh 9s]", "Kh,9s", "Kh9s", " Kh  9s ", "kh 9S"] {
            assert_eq!(parse_cards(text), Ok(vec![kh, nine_s]), "{text}");
        }
        assert_eq!(parse_cards("Tc"), Ok(vec![ten_c]));
        assert_eq!(parse_cards("10c"), Ok(vec![ten_c]));
        assert_eq!(
            parse_cards("Kh Kh").unwrap_err().reason,
            "Kh appears twice in 'Kh Kh'"
        );
        assert!(parse_cards("Kh 1s").is_err());
        assert!(parse_cards("Kh 9x").is_err());
    }

    #[test]
    fn pokerstars_thousands_commas_are_in_groups_of_three() {
        assert_eq!(parse_amount("$1,234,567.89", 2), Ok(123_456_789));
        assert_eq!(parse_amount("1,000", 0), Ok(1000));
        assert_eq!(parse_amount("$12,500", 2), Ok(1_250_000));
        // the forms: each was read as another figure (100x, 1/1000x, 10,000x)
        for text in [
            "$0,10",
            "$10.000,00",
            "$10,00,0",
            "1,2345",
            "0,100",
            ",100",
            "1,000,00",
            "1,",
        ] {
            let err = parse_amount(text, 2).unwrap_err();
            assert_eq!(err.reason, format!("{} is not an amount", repr(text)));
            assert_eq!(err.actual.as_deref(), Some(text));
        }
        // PokerStars prints no suffix and no sign
        assert!(parse_amount("2k", 0).is_err());
        assert!(parse_amount("-2", 0).is_err());
    }

    #[test]
    fn a_site_s_grammar_reads_its_own_forms_only() {
        let site = Grammar {
            site: "Test",
            thousands_comma: false,
            decimal_comma: false,
            suffixes: true,
            negatives: true,
            codes: false,
            example: "1.5k",
        };
        assert_eq!(site.parse("2k", 0), Ok(2000));
        assert_eq!(site.parse("6.02k", 0), Ok(6020));
        assert_eq!(site.parse("1.5M", 2), Ok(150_000_000));
        assert_eq!(site.parse(".5k€", 0), Ok(500));
        assert_eq!(site.parse("-2.38€", 2), Ok(-238));
        assert_eq!(site.parse("-€2.38", 2), Ok(-238));
        assert_eq!(
            site.parse("2.0005k", 0).unwrap_err().reason,
            "'2.0005k' has more than 0 decimals"
        );
        // no thousands commas here
        assert!(site.parse("1,000", 0).is_err());
        assert!(site.parse("k", 0).is_err());
        let err = site.parse("1,5", 2).unwrap_err();
        assert_eq!(err.expected.as_deref(), Some("1.5k (Test's forms)"));
    }

    /// Amounts in and out of each grammar's forms, for the fast path and the long way to agree on.
    const AMOUNT_TEXTS: &[&str] = &[
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
        "0,50",
        "0,5",
        "€0,50",
        "12,5",
        ",5",
        "0,",
        "0,505",
        "1,2,3",
        "1,5.5",
        "1.5,5",
        "0,00",
        "1,234",
        "99999999999999,99",
        "1,234",
        "12,345,678",
        "123,456.78",
        "1234,567",
        "0,123",
        "1,23",
        "1,2345",
        "1,234,5",
        "1,234,",
        "1,,234",
        "1,234.",
        "1,23.45",
        "1,234.5,6",
        "$1,234.56",
        "999,999,999,999,999",
    ];

    #[test]
    fn the_fast_path_agrees_with_the_long_way() {
        let grammars = [
            FAMILY,
            Grammar {
                thousands_comma: false,
                ..FAMILY
            },
            Grammar {
                decimal_comma: true,
                ..FAMILY
            },
            Grammar {
                decimal_comma: true,
                thousands_comma: false,
                ..FAMILY
            },
        ];
        // the fast path takes the site's commas
        assert_eq!(plain_amount(b"1,234", 0, &FAMILY), Some(1234));
        assert_eq!(plain_amount(b"0,50", 2, &grammars[2]), Some(50));
        for &text in AMOUNT_TEXTS {
            for decimals in [0, 2] {
                let body = trim_symbols(text);
                for grammar in grammars {
                    let Some(fast) = plain_amount(body.as_bytes(), decimals, &grammar) else {
                        continue;
                    };
                    let long = grammar
                        .canonical(body, 0)
                        .map(|number| long_amount(text, &number, decimals, FAMILY.example));
                    assert_eq!(Some(Ok(fast)), long, "{text} {decimals} {grammar:?}");
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
