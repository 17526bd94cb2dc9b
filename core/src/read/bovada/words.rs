//! The words and amounts of Bovada's forced bets, which the one pass over a hand's lines
//! ([`super::scan`]), its stakes ([`super::stakes`]) and its body ([`super::body`]) all read.

use crate::money::decimal_text;
use crate::read::errors::ReadError;
use crate::read::values::parse_amount;

/// Amounts of a hand: minor units of `decimals` digits.
pub struct Units {
    pub decimals: u8,
}

impl Units {
    pub fn amount(&self, text: &str) -> Result<i64, ReadError> {
        parse_amount(trim(text), self.decimals)
    }

    /// An amount in the log's way: `$1.50`, `1500`.
    pub fn money(&self, value: i64) -> String {
        if self.decimals == 0 {
            return value.to_string();
        }
        let sign = if value < 0 { "-" } else { "" };
        format!("{sign}${}", decimal_text(value.abs(), self.decimals))
    }
}

/// `text.trim()`, which walks both ends by `char`: a text between printable ASCII bytes (most of
/// a log's words and amounts) has nothing to trim.
pub fn trim(text: &str) -> &str {
    let plain = |b: Option<&u8>| b.is_some_and(u8::is_ascii_graphic);
    let bytes = text.as_bytes();
    if plain(bytes.first()) && plain(bytes.last()) {
        text
    } else {
        text.trim()
    }
}

/// The amount of a stud bring-in in the newer logs' words: `Bring_in chip 5`, `Bring in $1`.
pub fn bring_in(verb: &str) -> Option<&str> {
    if !verb.starts_with('B') {
        return None; // the words' first letter, compared before the words
    }
    ["Bring_in chip ", "Bring in "]
        .iter()
        .find_map(|p| verb.strip_prefix(p))
        .map(str::trim)
}

/// The amount of a small blind: `Small blind $1`, `Ante/Small Blind 50`.
pub fn small_blind(verb: &str) -> Option<&str> {
    if !matches!(verb.as_bytes().first(), Some(b'S' | b'A')) {
        return None;
    }
    [
        "Small blind ",
        "Small Blind ",
        "Ante/Small blind ",
        "Ante/Small Blind ",
    ]
    .iter()
    .find_map(|p| verb.strip_prefix(p))
    .map(str::trim)
}

/// The amount of a big blind: `Big blind $2`, `Big blind/Bring in 50`.
pub fn big_blind(verb: &str) -> Option<&str> {
    if !verb.starts_with('B') {
        return None;
    }
    ["Big blind ", "Big Blind ", "Big blind/Bring in "]
        .iter()
        .find_map(|p| verb.strip_prefix(p))
        .map(str::trim)
}

/// The bytes of `word` (eight bytes of a text, the first lowest: `u64::from_le_bytes`) equal to
/// `byte`, each marked by its high bit: the lowest mark is the first such byte (a mark above it may
/// be false).
#[inline]
pub fn bytes_equal(word: u64, byte: u8) -> u64 {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    // a byte of `x` is zero: `x` less one borrows into that byte's high bit
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}
