//! The header of a hand of Winning's logs since 2019, read as the family's header grammar reads the
//! PokerStars header it stands for: the game in the family's words, the stakes, a tournament's
//! number and level, the start, and the table line when the first line that says something is one.

use super::{whole_chips, Said, SITE};
use crate::model::{Stakes, Tournament};
use crate::read::errors::ReadError;
use crate::read::header::{seat_number, table_line, Header, TableLine};
use crate::read::pokerstars::{fixed_limit, rules_of, unsupported};
use crate::read::pystr::repr;
use crate::read::times::{search_date, start_of};
use crate::read::values::{first_symbol, parse_amount};
use crate::read::Lookups;
use crate::said::Said as Message;
use crate::say;

/// Winning's game words (its own list of games: `Holdem`, `6+ Holdem`, `Omaha`, `Omaha H/L`, `5Card
/// Omaha`, `5Card Omaha H/L`, `7Stud`, `7Stud H/L`) and the family's.
const GAMES: [(&str, &str); 8] = [
    ("Holdem", "Hold'em"),
    ("Omaha H/L", "Omaha Hi/Lo"),
    ("Omaha", "Omaha"),
    ("6+ Holdem", "6+ Hold'em"),
    ("5Card Omaha", "5 Card Omaha"),
    ("5Card Omaha H/L", "5 Card Omaha Hi/Lo"),
    ("7Stud", "7 Card Stud"),
    ("7Stud H/L", "7 Card Stud Hi/Lo"),
];
const STRUCTURES: [(&str, &str); 3] = [
    ("No Limit", "No Limit"),
    ("Pot Limit", "Pot Limit"),
    ("Fixed Limit", "Limit"),
];

/// The header line's parts.
pub(super) struct Head<'a> {
    pub(super) id: &'a str,
    /// The game in the family's words (`Hold'em No Limit`).
    game: String,
    /// A tournament's number and level (`Level 10`).
    tournament: Option<(&'a str, &'a str)>,
    /// The stakes as printed (`$0.02/$0.05`; a tournament's chips without their cents).
    stakes: String,
    pub(super) date: &'a str,
}

/// The header line's facts, and whether the hand's amounts are tournament chips.
pub(super) fn head<'a>(line: &'a str) -> Result<(Head<'a>, bool), ReadError> {
    let malformed = |reason: Message| {
        ReadError::malformed(reason)
            .expected(
                "'Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC'",
            )
            .actual(line)
    };
    let line = line.trim_start_matches('\u{feff}');
    let rest = line.strip_prefix("Game ").unwrap_or(line);
    let rest = rest
        .strip_prefix("Hand #")
        .ok_or_else(|| malformed(say!("not a Winning hand header")))?;
    let next = |text: &'a str| text.split_once(" - ").unwrap_or((text, ""));
    let (id, rest) = next(rest);
    let mut tournament = None;
    let (mut game, mut rest) = next(rest);
    if let Some((_, number)) = game.rsplit_once("Tournament #") {
        tournament = Some(number);
        (game, rest) = next(rest);
    }
    let (name, structure) = game
        .strip_suffix(')')
        .and_then(|g| g.split_once('('))
        .ok_or_else(|| malformed(say!("no game in the header")))?;
    let family = GAMES.iter().find(|(w, _)| *w == name).map(|g| g.1);
    let structure = STRUCTURES
        .iter()
        .find(|(w, _)| *w == structure)
        .map(|s| s.1);
    let (Some(family), Some(structure)) = (family, structure) else {
        return Err(ReadError::unsupported_game(game)
            .expected(
                "Holdem, 6+ Holdem, Omaha (H/L), 5Card Omaha (H/L) or 7Stud (H/L) with No \
                     Limit, Pot Limit or Fixed Limit",
            )
            .actual(line));
    };
    let game = format!("{family} {structure}");
    Ok(match tournament {
        Some(number) => {
            // `Level 10 (3000.00/6000.00)- 2022/07/11 01:11:44 UTC`
            let (level, date) = rest.split_once(")- ").unwrap_or((rest, ""));
            let (level, blinds) = level.split_once(" (").unwrap_or((level, ""));
            let head = Head {
                id,
                game,
                tournament: Some((number, level)),
                stakes: whole_chips(blinds)?,
                date,
            };
            (head, true)
        }
        None => {
            let (stakes, date) = rest.split_once(" - ").unwrap_or((rest, ""));
            let head = Head {
                id,
                game,
                tournament: None,
                stakes: stakes.to_string(),
                date,
            };
            (head, false)
        }
    })
}

/// The game's rules, stakes and tournament, as the family's header grammar reads them.
pub(super) fn game(head: &Head) -> Result<(&'static str, Stakes, Option<Tournament>), ReadError> {
    let no_stakes = || {
        ReadError::malformed(say!("no stakes in the header"))
            .expected("'(small/big)' after the game")
    };
    if head.stakes.contains(['(', ')']) {
        return Err(no_stakes());
    }
    let tournament = match &head.tournament {
        Some((number, level)) => {
            let id_ok = !number.is_empty()
                && number
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-');
            let name = level
                .strip_prefix("Level ")
                .filter(|l| !l.is_empty() && !l.contains(' '));
            let (Some(name), true) = (name, id_ok) else {
                return Err(unsupported(&format!("{} - {level}", head.game)));
            };
            Some(Tournament {
                tournament_id: number.to_string(),
                buy_in: None,
                level: Some(name.to_string()),
            })
        }
        None => None,
    };
    let rules = rules_of(&head.game)?;
    let stakes = stakes(&head.stakes, fixed_limit(rules), tournament.is_none())?;
    Ok((rules, stakes, tournament))
}

/// `$0.02/$0.05` (in dollars: `usd`) or a tournament's `3000/6000`, as the family's stakes grammar
/// reads them: the first word, two amounts.
fn stakes(text: &str, fixed: bool, usd: bool) -> Result<Stakes, ReadError> {
    let symbol = first_symbol(text);
    let first = text.split_whitespace().next().unwrap_or("");
    let blinds: Vec<&str> = first.split('/').collect();
    let decimals = if usd || symbol.is_some() || blinds.iter().any(|b| b.contains('.')) {
        2
    } else {
        0
    };
    let [low, high] = blinds[..] else {
        let shown = if usd {
            format!("{text} USD")
        } else {
            text.to_string()
        };
        return Err(ReadError::malformed(say!(
            "unreadable stakes {stakes}",
            stakes = repr(&shown)
        ))
        .expected("'small/big' or 'Button Blind B - Ante A'"));
    };
    let amount = |word: &str| {
        parse_amount(word, decimals).map_err(|_| {
            ReadError::malformed(say!(
                "{text} in the stakes is not an amount",
                text = repr(word)
            ))
        })
    };
    let (low, high) = (Some(amount(low)?), Some(amount(high)?));
    let currency = if usd {
        Some("USD")
    } else {
        symbol.and_then(crate::read::values::symbol_code)
    };
    let mut stakes = Stakes {
        decimals,
        currency: currency.map(str::to_string),
        symbol: symbol.map_or(String::new(), String::from),
        ..Stakes::default()
    };
    if fixed {
        (stakes.small_bet, stakes.big_bet) = (low, high);
    } else {
        (stakes.small_blind, stakes.big_blind) = (low, high);
    }
    Ok(stakes)
}

/// The header's facts: the header line's, the start, and the table line's when the first line that
/// says something is one.
pub(super) fn header<'a>(
    head: &Head<'a>,
    said: &[(usize, Said)],
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    let date = search_date(head.date).filter(|d| {
        head.date[..d.start]
            .trim_matches([' ', '-', '['])
            .is_empty()
    });
    let Some(date) = date else {
        return Err(ReadError::malformed(say!("no stakes in the header"))
            .expected("'(small/big)' after the game"));
    };
    let (start, time_zone, start_utc) = start_of(&date, lookups.offsets())?;
    let (rules, stakes, tournament) = game(head)?;
    let (table, max_seats, button) = match said.first().map(|(_, s)| table_of(s)) {
        Some(found) => found?.map_or((None, None, None), |t| (Some(t.0), t.1, t.2)),
        None => (None, None, None),
    };
    Ok(Header::new(SITE, head.id, rules.to_string(), stakes, 0)
        .table(table, max_seats, button)
        .start((start, time_zone, start_utc))
        .tournament(tournament))
}

/// The table line a line says, if it says one.
pub(super) fn table_of(said: &Said) -> Result<Option<TableLine>, ReadError> {
    match said {
        Said::Same(line) => table_line(line),
        Said::Table(table, max, button) => {
            let max = match max
                .strip_suffix("-max")
                .or_else(|| max.strip_suffix("-Max"))
            {
                Some(m) if !m.is_empty() && m.bytes().all(|b| b.is_ascii_digit()) => Some(m),
                Some(_) => return Ok(None),
                None if max.is_empty() => None,
                None => return Ok(None),
            };
            let button = match button {
                Some(b) => {
                    let b = b.strip_suffix(" is the button").unwrap_or(b);
                    if b.is_empty() || !b.bytes().all(|c| c.is_ascii_digit()) {
                        return Ok(None);
                    }
                    Some(b)
                }
                None => None,
            };
            let max = max.map(|m| seat_number(m, "table size")).transpose()?;
            let button = button.map(|b| seat_number(b, "button seat")).transpose()?;
            Ok(Some((table.to_string(), max, button)))
        }
        _ => Ok(None),
    }
}
