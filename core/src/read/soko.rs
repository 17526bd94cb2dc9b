//! The Sökö text header: `Sökö Hand #<id>: Sökö <structure> (<stakes>)
//! - <date> <zone>`, the table line and the `Rules:` line. The header's structure overrides the
//! profile's; the combined rules text is asked of the rules layer once per distinct
//! (`Rules:` text, structure) through [`Lookups::combine_rules`].

use super::errors::{Kind, ReadError};
use super::header::{table_line, with_header_line, Header};
use super::pystr::{self, ci_ascii, ci_prefix, is_space, repr};
use super::times::{search_date, start_of};
use super::values::{first_symbol, parse_amount, symbol_code};
use super::Lookups;
use crate::model::Stakes;
use crate::said::{Nested, Said};
use crate::say;
use crate::spec::{RulesFault, Structure};

/// The site of a hand with no club name.
pub const SITE: &str = "Sökö";
const RULES_PREFIX: &str = "Rules:";
/// The profile of a hand without a `Rules:` line.
pub const DEFAULT_PROFILE: &str = "soko-casino";

/// The header's structure words and the structure each sets.
pub const STRUCTURES: [(&str, Structure); 4] = [
    ("Limit", Structure::FixedLimit),
    ("Pot Limit", Structure::PotLimit),
    ("No Limit", Structure::NoLimit),
    ("Spread Limit", Structure::Spread),
];

/// The header word of a structure.
pub fn structure_word(structure: Structure) -> &'static str {
    STRUCTURES
        .iter()
        .find(|(_, s)| *s == structure)
        .map_or("", |(w, _)| *w)
}

/// Whether a header's rest is a Sökö game line (`Sökö Limit (€1/€2) - 2026/01/01 12:00:00`).
pub(crate) fn is_game_line(rest: &str) -> bool {
    game_line(rest).is_some()
}

/// The parts of `soko_text.GAME` matched against a header's rest: (structure word, stakes, date).
fn game_line(rest: &str) -> Option<(&str, &str, Option<&str>)> {
    let mut chars = rest.char_indices();
    let o = |c: char| c == 'ö' || c == 'Ö' || ci_ascii(c, b'o');
    let ok = chars.next().is_some_and(|(_, c)| ci_ascii(c, b's'))
        && chars.next().is_some_and(|(_, c)| o(c))
        && chars.next().is_some_and(|(_, c)| ci_ascii(c, b'k'))
        && chars.next().is_some_and(|(_, c)| o(c))
        && chars.next().is_some_and(|(_, c)| c == ' ');
    if !ok {
        return None;
    }
    let after = chars.next().map_or("", |(i, _)| &rest[i..]);
    let (word, after) = STRUCTURES
        .iter()
        .find_map(|(w, _)| ci_prefix(after, w).map(|n| (&after[..n], &after[n..])))?;
    let inner = after.trim_start_matches(is_space).strip_prefix('(')?;
    let close = inner.find([')', '('])?;
    if inner.as_bytes()[close] != b')' {
        return None;
    }
    let stakes = &inner[..close];
    let tail = inner[close + 1..].trim_start_matches(is_space);
    if tail.is_empty() {
        return Some((word, stakes, None));
    }
    let date = tail.strip_prefix('-')?;
    Some((word, stakes, Some(pystr::strip(date))))
}

/// The header of a Sökö text hand (`soko_text.header`).
pub fn header<'a>(
    lines: &[&'a str],
    first_line: u64,
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    let expected = "'Sökö Hand #<id>: Sökö <structure> (<stakes>) - <date> <zone>'";
    with_header_line(lines, first_line, expected, |m| {
        let site = match pystr::strip(m.site) {
            "" => SITE,
            s => s,
        };
        read_header(site, m.id, m.rest, lines, first_line, lookups)
    })
}

fn read_header<'a>(
    site: &'a str,
    hand_id: &'a str,
    rest: &'a str,
    lines: &[&'a str],
    first_line: u64,
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    let Some((word, stakes_text, date)) = game_line(rest) else {
        return Err(ReadError::malformed(say!("not a Sökö game header"))
            .expected(
                "'Sökö <Limit|Pot Limit|No Limit|Spread Limit> (<stakes>) - <YYYY/MM/DD HH:MM:SS> <zone>'",
            )
            .actual(lines.first().copied().unwrap_or("")));
    };
    let lower = word.to_lowercase();
    let Some(&(_, structure)) = STRUCTURES.iter().find(|(w, _)| w.to_lowercase() == lower) else {
        // Python's `next(...)` finds no structure word (a letter `re` folds but `lower()` does
        // not) and raises StopIteration: a bug of the Python reader, kept for parity.
        return Err(ReadError::new(
            Kind::Internal,
            say!(
                "internal error: StopIteration:  (structure word); this is a bug in soko_analytics"
            ),
        ));
    };
    let stakes = parse_stakes(stakes_text, structure)?;
    let (mut start, mut zone, mut utc) = (None, None, None);
    if let Some(date) = date.filter(|d| !d.is_empty()) {
        let Some(found) = search_date(date) else {
            return Err(ReadError::malformed(say!("unreadable start time"))
                .expected("'YYYY/MM/DD HH:MM:SS ZONE'")
                .actual(date));
        };
        (start, zone, utc) = start_of(&found, lookups.offsets())?;
    }
    let mut at = 1;
    let (mut table, mut max_seats, mut button) = (None, None, None);
    if at < lines.len() {
        if let Some(t) = table_line(lines[at])? {
            (table, max_seats, button) = (Some(t.0), t.1, t.2);
            at += 1;
        }
    }
    let rules = match lines.get(at).and_then(|l| l.strip_prefix(RULES_PREFIX)) {
        Some(text) => {
            let line = first_line + at as u64;
            let rules = lookups
                .combine_rules(pystr::strip(text), structure)
                .map_err(|fault| match fault {
                    RulesFault::Rules {
                        reason, expected, ..
                    } => {
                        let reason = Nested("rules", *reason);
                        let e = ReadError::malformed(say!("bad Rules: line: {reason}", reason))
                            .at(line)
                            .actual(lines[at]);
                        match expected {
                            Some(x) => e.expected(x),
                            None => e,
                        }
                    }
                    RulesFault::Internal(reason) => {
                        ReadError::new(Kind::Internal, Said::from(reason))
                    }
                })?;
            at += 1;
            rules
        }
        None => lookups
            .combine_rules(DEFAULT_PROFILE, structure)
            .map_err(|fault| match fault {
                RulesFault::Rules { reason, .. } => ReadError::new(Kind::Internal, reason.text),
                RulesFault::Internal(reason) => ReadError::new(Kind::Internal, Said::from(reason)),
            })?,
    };
    Ok(Header::new(site, hand_id, rules, stakes, at)
        .table(table, max_seats, button)
        .start((start, zone, utc)))
}

/// `^[A-Z]{3}$`: a currency code.
fn is_code(word: &str) -> bool {
    word.len() == 3 && word.bytes().all(|b| b.is_ascii_uppercase())
}

fn stakes_forms(structure: Structure) -> &'static str {
    match structure {
        Structure::FixedLimit => "'small/big[ currency][, ante A][, bring-in B]'",
        Structure::PotLimit | Structure::NoLimit => "'ante A, bring-in B'",
        Structure::Spread => "'min-max[ currency], ante A'",
    }
}

/// `€0.50/€1.00 EUR, ante €0.10, bring-in €0.20` (Limit), `ante 10, bring-in 20` (Pot/No
/// Limit), `€0.10-€2 EUR, ante €0.10` (Spread Limit): `soko_text.parse_stakes`.
pub fn parse_stakes(text: &str, structure: Structure) -> Result<Stakes, ReadError> {
    let symbol = first_symbol(text);
    let currency = stakes_currency(text, symbol)?;
    let decimals = if symbol.is_some() || currency.is_some() || text.contains('.') {
        2
    } else {
        0
    };
    let mut stakes = Stakes {
        decimals,
        currency: currency.map(str::to_string),
        symbol: symbol.map_or(String::new(), String::from),
        ..Stakes::default()
    };
    let amount = |word: &str| {
        parse_amount(word, decimals).map_err(|err| {
            let e = ReadError::malformed(say!(
                "{text} in the stakes is not an amount",
                text = repr(word)
            ))
            .actual(text);
            match err.expected {
                Some(x) => e.expected(x),
                None => e,
            }
        })
    };
    let put = |slot: &mut Option<i64>, key: &str, value: i64| {
        if slot.is_some() {
            return Err(
                ReadError::malformed(say!("the stakes give {key} twice", key)).actual(text),
            );
        }
        *slot = Some(value);
        Ok(())
    };
    let parts: Vec<&str> = if pystr::strip(text).is_empty() {
        Vec::new()
    } else {
        text.split(", ").map(pystr::strip).collect()
    };
    for (k, part) in parts.iter().enumerate() {
        let words: Vec<&str> = pystr::words(part).filter(|w| !is_code(w)).collect();
        match words.as_slice() {
            [] => continue,
            ["ante", value] => put(&mut stakes.ante, "ante", amount(value)?)?,
            ["bring-in", value] => put(&mut stakes.bring_in, "bring-in", amount(value)?)?,
            [limits]
                if k == 0
                    && structure == Structure::FixedLimit
                    && limits.matches('/').count() == 1 =>
            {
                let (low, high) = limits.split_once('/').unwrap_or_default();
                put(&mut stakes.small_bet, "small-bet", amount(low)?)?;
                put(&mut stakes.big_bet, "big-bet", amount(high)?)?;
            }
            [limits]
                if k == 0 && structure == Structure::Spread && limits.matches('-').count() == 1 =>
            {
                let (low, high) = limits.split_once('-').unwrap_or_default();
                put(&mut stakes.min_bet, "min-bet", amount(low)?)?;
                put(&mut stakes.max_bet, "max-bet", amount(high)?)?;
            }
            _ => {
                return Err(ReadError::malformed(say!(
                    "unreadable stakes part {part}",
                    part = repr(part)
                ))
                .expected(stakes_forms(structure))
                .actual(text))
            }
        }
    }
    check_limits_given(&stakes, structure, text)?;
    Ok(stakes)
}

/// The stakes' currency: the one code they name, else the symbol's; an error for two codes.
fn stakes_currency(text: &str, symbol: Option<char>) -> Result<Option<&str>, ReadError> {
    let mut codes: Vec<&str> = pystr::words(text)
        .flat_map(|w| w.split(','))
        .filter(|w| is_code(w))
        .collect();
    codes.sort_unstable();
    codes.dedup();
    if codes.len() > 1 {
        return Err(
            ReadError::malformed(say!("more than one currency in the stakes"))
                .expected("one currency code")
                .actual(codes.join(", ")),
        );
    }
    Ok(codes
        .first()
        .copied()
        .or_else(|| symbol.and_then(symbol_code)))
}

/// Limit and Spread Limit stakes give their limits.
fn check_limits_given(stakes: &Stakes, structure: Structure, text: &str) -> Result<(), ReadError> {
    let missing = match structure {
        Structure::FixedLimit => stakes.small_bet.is_none(),
        Structure::Spread => stakes.min_bet.is_none(),
        _ => false,
    };
    if missing {
        return Err(ReadError::malformed(say!(
            "{text} stakes without their limits",
            text = structure_word(structure)
        ))
        .expected(stakes_forms(structure))
        .actual(text));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_lines_split_as_the_regex_does() {
        let g = game_line("Sökö Limit (€0.50/€1.00 EUR, ante €0.10) - 2026/03/14 21:04:11 EET");
        assert_eq!(
            g,
            Some((
                "Limit",
                "€0.50/€1.00 EUR, ante €0.10",
                Some("2026/03/14 21:04:11 EET")
            ))
        );
        assert_eq!(
            game_line("SOKO pot limit (ante 1)  "),
            Some(("pot limit", "ante 1", None))
        );
        assert_eq!(game_line("Sökö Limit (a) junk"), None);
        assert_eq!(game_line("Sökö Omaha (a)"), None);
    }

    #[test]
    fn stakes_read_as_in_python() {
        let s = parse_stakes(
            "€0.50/€1.00 EUR, ante €0.10, bring-in €0.20",
            Structure::FixedLimit,
        )
        .unwrap();
        assert_eq!(
            (s.small_bet, s.big_bet, s.ante, s.bring_in),
            (Some(50), Some(100), Some(10), Some(20))
        );
        assert_eq!(s.currency.as_deref(), Some("EUR"));
        let s = parse_stakes("ante 10, bring-in 20", Structure::NoLimit).unwrap();
        assert_eq!((s.decimals, s.ante), (0, Some(10)));
        let s = parse_stakes("€0.10-€2 EUR, ante €0.10", Structure::Spread).unwrap();
        assert_eq!((s.min_bet, s.max_bet), (Some(10), Some(200)));
        let e = parse_stakes("ante 1, ante 2", Structure::NoLimit).unwrap_err();
        assert_eq!(e.reason, "the stakes give ante twice");
        let e = parse_stakes("ante 1", Structure::FixedLimit).unwrap_err();
        assert_eq!(e.reason, "Limit stakes without their limits");
        let e = parse_stakes("1 EUR, 2 USD", Structure::NoLimit).unwrap_err();
        assert_eq!(e.actual.as_deref(), Some("EUR, USD"));
    }
}
