//! The header's facts of a game (its game, its stakes, the tournament, the start) and the button's
//! seat: what the session's header and the game's players and forced bets say.
//!
//! A tournament's game type has no stakes: they come from the blinds posted, or from a stud hand's bets.

use std::cell::Cell;

use super::game::{code, Game};
use super::session::{Family, Session};
use super::SITE;
use crate::model::{Stakes, Tournament};
use crate::read::errors::{Kind, ReadError};
use crate::read::events::same;
use crate::read::header::{seat_number, Header};
use crate::read::pokerstars::{fixed_limit, rules_of, unsupported};
use crate::read::pystr;
use crate::read::times::{search_header_end_date, start_of};
use crate::read::values::{first_symbol, symbol_code};
use crate::read::Lookups;
use crate::say;

/// The game's name in the family's words (`Omaha`, `6+ Hold'em`), before its split and structure.
fn game_name(game: &Game, family: Family) -> &'static str {
    match family {
        Family::Holdem => "Hold'em",
        Family::ShortDeck => "6+ Hold'em",
        Family::Stud5 => "5 Card Stud",
        Family::Stud7 => "7 Card Stud",
        Family::Omaha | Family::ByPocket => match pocket_count(game) {
            2 => "Hold'em",
            5 => "5 Card Omaha",
            6 => "6 Card Omaha",
            _ => "Omaha",
        },
    }
}

/// The game in the family's words (`Omaha Hi/Lo Pot Limit`), one space between words.
fn game_words(session: &Session, name: &str) -> String {
    let split = if session.hilo { " Hi/Lo" } else { "" };
    let words = format!("{name}{split} {}", session.structure);
    pystr::words(&words).collect::<Vec<_>>().join(" ")
}

/// The rules of the game named `name` in the session's split and structure, and whether they are a
/// fixed limit's: looked up once for a run of games of one kind (their words are the same).
fn rules(name: &'static str, session: &Session) -> Result<(&'static str, bool), ReadError> {
    type Kind = (&'static str, bool, &'static str);
    thread_local! {
        static LAST: Cell<Option<(Kind, &'static str, bool)>> = const { Cell::new(None) };
    }
    let kind = (name, session.hilo, session.structure);
    if let Some((_, rules, fixed)) = LAST.get().filter(|(seen, ..)| *seen == kind) {
        return Ok((rules, fixed));
    }
    let rules = rules_of(&game_words(session, name))?;
    let fixed = fixed_limit(rules);
    LAST.set(Some((kind, rules, fixed)));
    Ok((rules, fixed))
}

/// The header's facts of a game (its stakes read by [`stakes`], its start by [`date`]): the game's
/// rules, the stakes, the tournament, the table and button, the start; an error placed on the game's
/// first line (`first_line` of the log) and its code.
#[allow(clippy::too_many_arguments)]
pub fn family_header<'a>(
    session: &'a Session,
    game: &'a Game,
    family: Family,
    decimals: u8,
    (low, high): (i64, i64),
    date: Option<&'a str>,
    first_line: u64,
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    let at_header = |err: ReadError| err.at(first_line).hand(Some(game.code));
    let id_char = |b: u8| b.is_ascii_alphanumeric() || b == b'-';
    if game.code.is_empty() || !game.code.bytes().all(id_char) {
        let err = ReadError::malformed(say!("not a hand header"))
            .expected("a game code of letters, digits and '-'");
        return Err(at_header(err));
    }
    let (start, time_zone, start_utc) = match date {
        Some(text) => {
            let found = search_header_end_date(text);
            let Some(m) = found else {
                let err = ReadError::malformed(say!("no stakes in the header"))
                    .expected("'(small/big)' after the game");
                return Err(at_header(err));
            };
            start_of(&m, lookups.offsets()).map_err(at_header)?
        }
        None => (None, None, None),
    };
    let name = game_name(game, family);
    let id_ok = |id: &str| !id.is_empty() && id.bytes().all(id_char);
    if let Some((id, _)) = session.tournament.as_ref().filter(|(id, _)| !id_ok(id)) {
        // the family's grammar reads no tournament of such an id: the words are no game it knows
        let words = game_words(session, name);
        return Err(at_header(unsupported(&format!(
            "Tournament #{id}, {words}"
        ))));
    }
    let (rules, fixed) = rules(name, session).map_err(at_header)?;
    let button = button(game)
        .map(|seat| match seat_number(seat, "button seat") {
            Err(_) if seat.is_empty() || !seat.bytes().all(|b| b.is_ascii_digit()) => {
                Err(ReadError::malformed(say!("no seat lines after the header"))
                    .expected("'Seat N: name (stack in chips)'"))
            }
            read => read,
        })
        .transpose()
        .map_err(at_header)?;
    let tournament = session.tournament.as_ref().map(|(id, buy_in)| Tournament {
        tournament_id: id.clone(),
        buy_in: buy_in
            .as_deref()
            .filter(|b| b.contains(['$', '€', '£']))
            .map(|b| b.trim_matches([' ', '-']))
            .filter(|b| !b.is_empty())
            .map(str::to_string),
        level: None,
    });
    let stakes = family_stakes(session, game, family, decimals, (low, high), fixed);
    Ok(Header::new(SITE, game.code, rules.to_string(), stakes, 2)
        .table(Some(session.table.clone()), None, button)
        .start((start, time_zone, start_utc))
        .tournament(tournament))
}

/// The stakes as the family's header gives them: the currency (the session's code, or its sign's),
/// the ante (the largest posted, but in stud), the blinds or the small and big bet.
fn family_stakes(
    session: &Session,
    game: &Game,
    family: Family,
    decimals: u8,
    (low, high): (i64, i64),
    fixed: bool,
) -> Stakes {
    let cash = session.tournament.is_none();
    let symbol = match session.currency.as_str() {
        _ if !cash => None,
        "USD" => Some('$'),
        "EUR" => Some('€'),
        "GBP" => Some('£'),
        _ => None,
    };
    let code = Some(session.currency.as_str()).filter(|c| cash && c.len() == 3);
    let symbol = symbol.or_else(|| code.and_then(first_symbol));
    let currency = code
        .filter(|c| pystr::len(c) == 3 && pystr::is_alpha(c) && pystr::is_upper(c))
        .or_else(|| symbol.and_then(symbol_code));
    let ante = game
        .actions
        .iter()
        .filter(|a| a.kind == code::ANTE)
        .map(|a| a.sum)
        .max()
        .filter(|_| !family.is_stud());
    let mut stakes = Stakes {
        decimals,
        currency: currency.map(str::to_string),
        symbol: symbol.map_or(String::new(), String::from),
        ante,
        ..Stakes::default()
    };
    if fixed {
        (stakes.small_bet, stakes.big_bet) = (Some(low), Some(high));
    } else {
        (stakes.small_blind, stakes.big_blind) = (Some(low), Some(high));
    }
    stakes
}

/// (small, big): the blinds of a game with blinds, the small and big bet of a limit game.
pub fn stakes(session: &Session, game: &Game, family: Family) -> Result<(i64, i64), ReadError> {
    let posted = |kind: u32| {
        game.actions
            .iter()
            .filter(|a| a.kind == kind && a.round == 0 && a.sum > 0)
            .map(|a| a.sum)
            .min()
    };
    let limit = session.structure == "Limit";
    if family.is_stud() {
        if let Some(stakes) = session.stakes {
            return Ok(stakes);
        }
        // a tournament's game type has no stakes: a completion or a bet on the first two streets is
        // the small bet (the least: an open pair on the second allows the big one), a bet on a later
        // street the big bet; with no bet at all, four bring-ins (the bring-in is a quarter to a third
        // of the small bet)
        let bets = |streets: &[&str]| {
            let on = |r: u32| {
                game.dealt
                    .iter()
                    .any(|d| d.round == r && streets.contains(&d.street))
            };
            let found = game
                .actions
                .iter()
                .filter(|a| a.kind == code::BET && on(a.round));
            found.map(|a| a.sum).min()
        };
        let (first, big_streets): (&[&str], &[&str]) = match family {
            Family::Stud5 => (
                &["Second Street", "Third Street"],
                &["Fourth Street", "River"],
            ),
            _ => (
                &["Third Street", "Fourth Street"],
                &["Fifth Street", "Sixth Street", "River"],
            ),
        };
        let small = bets(first)
            .or_else(|| bets(big_streets).map(|big| big / 2))
            .or_else(|| posted_bring_in(game).map(|b| 4 * b));
        return match small {
            Some(small) => Ok((small, 2 * small)),
            None => Err(ReadError::malformed(say!(
                "no stakes: the game type has none, and nobody bets or brings in"
            ))
            .at(0)
            .expected("a stud game type with its stakes ('7 Card Stud L $0.05/$0.10')")),
        };
    }
    let big = posted(code::BIG_BLIND);
    if limit {
        if let Some(big) = big {
            return Ok((big, 2 * big));
        }
    } else if session.tournament.is_none() {
        if let Some(stakes) = session.stakes {
            return Ok(stakes);
        }
    }
    match (posted(code::SMALL_BLIND), big) {
        (_, Some(big)) if limit => Ok((big, 2 * big)),
        (Some(small), Some(big)) => Ok((small, big)),
        (None, Some(big)) => Ok((big / 2, big)),
        _ => match session.stakes {
            Some(stakes) => Ok(stakes),
            None => Err(ReadError::new(
                Kind::Incomplete,
                say!("no stakes: the game type has none and no big blind is posted"),
            )
            .at(0)
            .expected("a big blind (<action type=\"2\">)")),
        },
    }
}

/// The button's seat: the dealer's; where no player is the dealer (some tournament logs), the seat
/// before the small blind's among those dealt in (the small blind's own, heads-up).
pub fn button<'e>(game: &Game<'e>) -> Option<&'e str> {
    let players = &game.players;
    if let Some(p) = players.iter().find(|p| p.dealer) {
        return Some(p.seat);
    }
    let small = game.actions.iter().find(|a| a.kind == code::SMALL_BLIND)?;
    let dealt: Vec<usize> = (0..players.len())
        .filter(|&k| is_dealt(game, players[k].name))
        .collect();
    let at = dealt
        .iter()
        .position(|&k| players[k].name == small.player)?;
    let button = match dealt.len() {
        2 => dealt[at],
        n => dealt[(at + n - 1) % n],
    };
    Some(players[button].seat)
}

/// Whether cards are dealt to a player (one who is not dealt sits the game out).
pub fn is_dealt(game: &Game, name: &str) -> bool {
    game.dealt
        .iter()
        .any(|d| d.player.is_some_and(|p| same(p, name)))
}

/// The big blind: the smallest posted (a player coming in posts both blinds as one).
pub fn big_blind(game: &Game) -> Option<i64> {
    let posted = game
        .actions
        .iter()
        .filter(|a| a.kind == code::BIG_BLIND && a.round == 0);
    posted.map(|a| a.sum).filter(|&s| s > 0).min()
}

/// The bring-in posted, if any.
fn posted_bring_in(game: &Game) -> Option<i64> {
    game.actions
        .iter()
        .find(|a| a.kind == code::BRING_IN)
        .map(|a| a.sum)
}

/// The most pocket cards dealt to a player.
fn pocket_count(game: &Game) -> usize {
    game.dealt
        .iter()
        .filter(|d| d.street == "Pocket")
        .map(|d| d.cards().count())
        .max()
        .unwrap_or(2)
}

/// A game type without a game word: Hold'em or Omaha as the pocket cards say.
pub fn by_pocket(game: &Game) -> Family {
    match pocket_count(game) {
        2 => Family::Holdem,
        _ => Family::Omaha,
    }
}

/// `2011-11-04 18:46:19`, `2011/11/04 18:46:19` or `07-Apr-2014 00:57:23` as
/// `2011/11/04 18:46:19 UTC` (fpdb reads iPoker's times as UTC).
pub fn date(text: &str) -> Option<String> {
    const MONTHS: [(&str, &str); 12] = [
        ("Jan", "01"),
        ("Feb", "02"),
        ("Mar", "03"),
        ("Apr", "04"),
        ("May", "05"),
        ("Jun", "06"),
        ("Jul", "07"),
        ("Aug", "08"),
        ("Sep", "09"),
        ("Oct", "10"),
        ("Nov", "11"),
        ("Dec", "12"),
    ];
    let (day, time) = text.split_once(' ')?;
    let mut parts = day.split(['-', '/']);
    let (first, second, third) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (year, month, day) = match (first, second, third) {
        (y, m, d) if y.len() == 4 => (y, m, d),
        (d, m, y) if y.len() == 4 => {
            let month = MONTHS.iter().find(|(name, _)| *name == m);
            (y, month.map_or(m, |&(_, number)| number), d)
        }
        _ => return None,
    };
    // `year/month/day time UTC`, built by hand (a `format!` of it costs several times as much)
    let time = time.trim();
    let mut text = String::with_capacity(year.len() + month.len() + day.len() + time.len() + 7);
    for part in [year, "/", month, "/", day, " ", time, " UTC"] {
        text.push_str(part);
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_each_form() {
        assert_eq!(
            date("2011-11-04 18:46:19").as_deref(),
            Some("2011/11/04 18:46:19 UTC")
        );
        assert_eq!(
            date("07-Apr-2014 00:57:23").as_deref(),
            Some("2014/04/07 00:57:23 UTC")
        );
        assert_eq!(date("nonsense"), None);
    }
}
