//! Tournament money as the logs print it, in integer minor units: a header's buy-in (`$0.91+$0.09
//! USD`, `$2.00+$0.50+$0.20 USD` = prize pool + bounty + fee, `₹136.50+₹13.50 INR`, `250 SC`, `50FPP`,
//! `870+130`, `Freeroll`) and a prize or bounty (`$12.34`, `₹1520 .35`, `$3 USD`).
//!
//! Money in a currency has two decimals; points and play chips none (more where the text has a
//! fraction). The units a text may name are data ([`UNITS`]); a text that fits none is `None`.

use crate::read::SYMBOLS;

/// Units named by a code after the amount (`250 SC`, `50FPP`, `$3 USD`): (code, stored code,
/// decimals). The ISO codes of [`SYMBOLS`] are money (two decimals).
const UNITS: [(&str, &str, u8); 3] = [("FPP", "FPP", 0), ("SC", "SC", 0), ("T$", "T$", 2)];
/// The code of a play-money buy-in, which PokerStars prints as bare numbers (`870+130`).
pub const PLAY: &str = "PLAY";
/// A bare amount's decimals (play chips).
const PLAY_DECIMALS: u8 = 0;
/// The decimals of money in a currency.
const MONEY_DECIMALS: u8 = 2;
/// The words of a free buy-in, as the sites print them (compared in lower case).
const FREE: [&str; 4] = ["freeroll", "free", "gratuit", "бесплатно"];
/// Larger amounts are not believed.
const MAX_MINOR: i64 = 1_000_000_000_000;

/// An amount of money: minor units of `decimals` digits, in `currency` (None: unknown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Money {
    pub amount: i64,
    pub currency: Option<String>,
    pub decimals: u8,
}

/// A buy-in's parts, in minor units of `decimals` digits of `currency`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuyIn {
    /// The part that goes to the prize pool.
    pub buy_in: i64,
    /// The bounty part (the middle one of three), else 0.
    pub bounty: i64,
    /// The house's fee (the last of two or three), else 0.
    pub fee: i64,
    pub currency: Option<String>,
    pub decimals: u8,
}

/// The digits of an amount with its separators (`,`, spaces) dropped: (whole units, fraction digits).
/// A comma before one or two last digits, with no point, is a decimal comma (`0,90€`).
fn number(text: &str) -> Option<(u64, String)> {
    let decimal_comma = !text.contains('.')
        && text.rsplit_once(',').is_some_and(|(_, f)| {
            (1..=2).contains(&f.len()) && f.bytes().all(|b| b.is_ascii_digit())
        });
    let text: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .filter_map(|c| match c {
            ',' if decimal_comma => Some('.'),
            ',' => None,
            c => Some(c),
        })
        .collect();
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !(ok(whole) && ok(frac)) || (whole.is_empty() && frac.is_empty()) || whole.len() > 15 {
        return None;
    }
    let whole = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    Some((whole, frac.trim_end_matches('0').to_string()))
}

/// An amount as printed with its symbol or code: `$12.34`, `₹1520 .35`, `$3 USD`, `250 SC`,
/// `50FPP`, `1,500` (play chips: no currency).
pub fn money(text: &str) -> Option<Money> {
    let mut text = text.trim();
    let mut code: Option<(&str, u8)> = None;
    // a code after the amount, spaced or not: `USD`, `SC`, `FPP`
    let tail = text.trim_end_matches(|c: char| c.is_ascii_uppercase() || c == '$');
    let word = &text[tail.len()..];
    // a code starts with a letter: `40$` is a symbol after the amount
    let (tail, word) = match word.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (tail, word),
        _ => (text, ""),
    };
    if !word.is_empty() {
        if let Some((_, iso)) = SYMBOLS.iter().find(|(_, iso)| *iso == word) {
            code = Some((iso, MONEY_DECIMALS));
        } else if let Some((_, stored, d)) = UNITS.iter().find(|(c, _, _)| *c == word) {
            code = Some((stored, *d));
        } else {
            return None;
        }
        text = tail.trim_end();
    }
    let symbol_of = |c: char| SYMBOLS.iter().find(|(s, _)| *s == c).map(|(_, iso)| *iso);
    // the symbol before the amount (`$5`), or after it (`5€`, `40$`)
    let first = text.chars().next();
    let last = text.chars().next_back();
    let symbol = match (first.and_then(symbol_of), last.and_then(symbol_of)) {
        (Some(iso), _) => first.map(|c| (c.len_utf8(), iso)),
        (None, Some(iso)) => {
            let c = last?;
            text = &text[..text.len() - c.len_utf8()];
            Some((0, iso))
        }
        (None, None) => None,
    };
    let (currency, decimals) = match (symbol, code) {
        (Some((n, iso)), Some((named, _))) if iso != named => {
            // `$3 USD` agrees; `$5 EUR` does not
            let _ = n;
            return None;
        }
        (Some((n, iso)), _) => {
            text = &text[n..];
            (Some(iso), MONEY_DECIMALS)
        }
        (None, Some((named, d))) => (Some(named), d),
        (None, None) => (None, PLAY_DECIMALS),
    };
    let (whole, frac) = number(text)?;
    let decimals = decimals.max(frac.len() as u8);
    if decimals > 4 {
        return None;
    }
    let scale = 10i64.pow(u32::from(decimals));
    let frac_minor = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<width$}", width = usize::from(decimals))
            .parse::<i64>()
            .ok()?
    };
    let amount = i64::try_from(whole)
        .ok()?
        .checked_mul(scale)?
        .checked_add(frac_minor)?;
    (amount <= MAX_MINOR).then(|| Money {
        amount,
        currency: currency.map(str::to_string),
        decimals,
    })
}

/// `amount` of `from` decimals at `to` decimals (`to >= from`).
fn rescale(amount: i64, from: u8, to: u8) -> i64 {
    amount * 10i64.pow(u32::from(to - from))
}

/// A header's buy-in: one part (all to the prize pool), two (pool + fee) or three (pool + bounty +
/// fee), in one currency; `Freeroll` is free; anything else is `None`. Bare numbers are play money
/// ([`PLAY`]).
pub fn buy_in(text: &str) -> Option<BuyIn> {
    let text = text.trim();
    if FREE.contains(&text.to_lowercase().as_str()) {
        return Some(BuyIn {
            buy_in: 0,
            bounty: 0,
            fee: 0,
            currency: None,
            decimals: 0,
        });
    }
    let pieces: Vec<&str> = text.split('+').collect();
    if pieces.len() > 3 {
        return None;
    }
    // a code after the last part names the whole buy-in's unit: `$0.91+$0.09 USD`
    let last = money(pieces[pieces.len() - 1])?;
    let mut parts = Vec::with_capacity(3);
    for piece in &pieces[..pieces.len() - 1] {
        let mut m = money(piece)?;
        if m.currency.is_none() && last.currency.is_some() {
            // `50+5FPP`: the code names both
            m = money(&format!("{}{}", piece.trim(), last.currency.as_deref()?))?;
        }
        parts.push(m);
    }
    parts.push(last);
    let currency = parts[0].currency.clone();
    if parts.iter().any(|m| m.currency != currency) {
        return None;
    }
    let decimals = parts.iter().map(|m| m.decimals).max()?;
    let at = |i: usize| rescale(parts[i].amount, parts[i].decimals, decimals);
    let (buy_in, bounty, fee) = match parts.len() {
        1 => (at(0), 0, 0),
        2 => (at(0), 0, at(1)),
        _ => (at(0), at(1), at(2)),
    };
    Some(BuyIn {
        buy_in,
        bounty,
        fee,
        currency: Some(currency.unwrap_or_else(|| PLAY.to_string())),
        decimals,
    })
}

/// `money` at `decimals` digits, if it has no more than that.
pub fn at_decimals(m: &Money, decimals: u8) -> Option<i64> {
    (m.decimals <= decimals).then(|| rescale(m.amount, m.decimals, decimals))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(buy_in: i64, bounty: i64, fee: i64, currency: &str, decimals: u8) -> Option<BuyIn> {
        Some(BuyIn {
            buy_in,
            bounty,
            fee,
            currency: Some(currency.to_string()),
            decimals,
        })
    }

    #[test]
    fn buy_ins_as_the_headers_print_them() {
        assert_eq!(buy_in("$0.91+$0.09 USD"), b(91, 0, 9, "USD", 2));
        assert_eq!(buy_in("$2.00+$0.50+$0.20 USD"), b(200, 50, 20, "USD", 2));
        assert_eq!(buy_in("₹136.50+₹13.50 INR"), b(13650, 0, 1350, "INR", 2));
        assert_eq!(buy_in("€4.69+€0.31"), b(469, 0, 31, "EUR", 2));
        assert_eq!(buy_in("$5000+$200 USD"), b(500000, 0, 20000, "USD", 2));
        assert_eq!(buy_in("$5.00+$0.50"), b(500, 0, 50, "USD", 2));
        assert_eq!(buy_in("250 SC"), b(250, 0, 0, "SC", 0));
        assert_eq!(buy_in("50FPP"), b(50, 0, 0, "FPP", 0));
        assert_eq!(buy_in("870+130"), b(870, 0, 130, "PLAY", 0));
        assert_eq!(
            buy_in("Freeroll"),
            Some(BuyIn {
                buy_in: 0,
                bounty: 0,
                fee: 0,
                currency: None,
                decimals: 0
            })
        );
        assert_eq!(buy_in("0,90€+0,10€"), b(90, 0, 10, "EUR", 2));
        assert_eq!(buy_in("18€+2€"), b(1800, 0, 200, "EUR", 2));
        assert_eq!(buy_in("40$+4$"), b(4000, 0, 400, "USD", 2));
        assert_eq!(buy_in("$1 USD"), b(100, 0, 0, "USD", 2));
        assert_eq!(buy_in("10+1"), b(10, 0, 1, "PLAY", 0));
        assert_eq!(buy_in("Gratuit").map(|b| b.buy_in), Some(0));
        assert_eq!(buy_in("Бесплатно").map(|b| b.buy_in), Some(0));
        assert_eq!(buy_in("Ticket"), None);
        assert_eq!(buy_in("High Rollers PLO Main Event $1K"), None);
        assert_eq!(buy_in("$5+€1"), None);
        assert_eq!(buy_in(""), None);
    }

    #[test]
    fn prizes_as_the_finish_lines_print_them() {
        let usd = |amount| {
            Some(Money {
                amount,
                currency: Some("USD".into()),
                decimals: 2,
            })
        };
        assert_eq!(money("$12.34"), usd(1234));
        assert_eq!(money("$3 USD"), usd(300));
        assert_eq!(money("$1,050"), usd(105000));
        assert_eq!(money("₹1520 .35").map(|m| m.amount), Some(152035));
        assert_eq!(money("$0.5").map(|m| m.amount), Some(50));
        assert_eq!(money("$5 EUR"), None);
        assert_eq!(money("a lot"), None);
    }
}
