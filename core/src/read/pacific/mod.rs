//! 888poker hand histories (the Cassava software's logs, also 888.ro and 888poker.ca-on): each line
//! told to the builder of the hand ([`super::events`]) as the event it says ([`body`]).
//!
//! What 888 writes differently:
//! - The header is four lines: `#Game No : 361198949`, `***** Cassava Hand History for Game
//!   361198949 *****`, `$1/$2 Blinds No Limit Holdem - *** 17 02 2011 15:29:25` (day, month, year)
//!   and the table or tournament line; then `Seat 5 is the button`.
//! - Amounts are in brackets and may be written `$ 10`, `0,02$`, `$ 3.243` (a thousands dot) or
//!   `552,72` (a decimal comma); Dutch logs name cards `H`, `V`, `B` (king, queen, jack).
//! - Calls, bets and raises print what they add; no line says a bet was not called, and no total pot
//!   or rake is printed: the uncalled bet is what the last bet has over the next largest, the total
//!   is what the players put in, the rake what it has over what they collect.
//! - Tournament chips are printed with the currency symbol.

use super::errors::ReadError;
use super::header::{game_no_at, hand_history_at};
use super::{HandText, Lookups};
use crate::model::Hand;
use crate::said::Said;
use crate::say;

pub(super) mod amounts;
mod body;

/// The site of every hand (888poker, formerly Pacific Poker; Cassava is its software).
pub const SITE: &str = "888poker";

/// 888's game words (its own list: `Holdem`, `Hold'em`, `Omaha`, `OmahaHL`, `Omaha Hi/Lo`) and
/// structure words, and the PokerStars words they read as.
const GAMES: [(&str, &str); 5] = [
    ("OmahaHL", "Omaha Hi/Lo"),
    ("Omaha Hi/Lo", "Omaha Hi/Lo"),
    ("Omaha", "Omaha"),
    ("Holdem", "Hold'em"),
    ("Hold'em", "Hold'em"),
];
/// What 888 writes after a game's name that is not another game: a "Jackpot table" is the game with
/// a jackpot rake (`No Limit Holdem Jackpot table`).
const TABLE_KINDS: [&str; 1] = [" Jackpot table"];
const STRUCTURES: [(&str, &str); 3] = [
    ("No Limit", "No Limit"),
    ("Pot Limit", "Pot Limit"),
    ("Fix Limit", "Limit"),
];

/// What the header lines say.
pub struct Head<'a> {
    id: &'a str,
    game: &'static str,
    structure: &'static str,
    /// `$1/$2`: the blinds as printed.
    stakes: &'a str,
    /// `YYYY/MM/DD HH:MM:SS ET`, when the log has a date.
    date: Option<String>,
    table: String,
    tournament: Option<(&'a str, &'a str)>,
    max_seats: Option<&'a str>,
    real_money: bool,
    /// The index of the line after the header lines (the button line).
    body: usize,
}

/// Read one 888poker hand (its stripped lines; `raw` gives its text).
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines, first_line, ..
    } = hand;
    let head = head(lines, first_line)?;
    body::read(&head, hand, lookups)
}

/// The header lines' parts.
fn head<'a>(lines: &[&'a str], first_line: u64) -> Result<Head<'a>, ReadError> {
    let first = lines.first().copied().unwrap_or("");
    // `#Game No : N`, or in logs without that line the software's `***** 888poker Hand History for
    // Game N *****`
    let Some((id, _)) = game_no_at(first, 0).or_else(|| hand_history_at(first)) else {
        return Err(ReadError::malformed(say!("not an 888poker hand header"))
            .at(first_line)
            .expected("'#Game No : N' or '***** 888poker Hand History for Game N *****'")
            .actual(first));
    };
    let at = |i: usize, reason: Said, expected: &str| {
        ReadError::malformed(reason)
            .at(first_line + i as u64)
            .hand(Some(id))
            .expected(expected)
            .actual(lines.get(i).copied().unwrap_or(""))
    };
    let game_at = (1..lines.len().min(4))
        .find(|&i| lines[i].contains(" Blinds "))
        .ok_or_else(|| {
            at(
                1,
                say!("no game line"),
                "'$1/$2 Blinds No Limit Holdem - *** ...'",
            )
        })?;
    let game_line = lines[game_at];
    let (stakes, rest) = game_line.split_once(" Blinds ").unwrap_or(("", game_line));
    let (name, date) = rest.split_once(" - ***").unwrap_or((rest, ""));
    let name = TABLE_KINDS
        .iter()
        .find_map(|kind| name.strip_suffix(kind))
        .unwrap_or(name);
    let Some(&(_, game)) = GAMES.iter().find(|(word, _)| name.ends_with(word)) else {
        return Err(ReadError::unsupported_game(name)
            .at(first_line + game_at as u64)
            .hand(Some(id))
            .expected("Holdem, Omaha or OmahaHL (Omaha Hi/Lo)")
            .actual(game_line));
    };
    let Some(&(_, structure)) = STRUCTURES.iter().find(|(word, _)| name.starts_with(word)) else {
        return Err(at(
            game_at,
            say!("no betting structure in the game line"),
            "No Limit, Pot Limit or Fix Limit",
        ));
    };
    let Place {
        table,
        tournament,
        max_seats,
        real_money,
    } = table_place(lines.get(game_at + 1).copied().unwrap_or(""));
    Ok(Head {
        id,
        game,
        structure,
        stakes,
        date: day_month_year(date),
        table,
        tournament,
        max_seats,
        real_money,
        body: game_at + 2,
    })
}

/// What the table line says (the [`Head`]'s fields of the same names).
struct Place<'a> {
    table: String,
    tournament: Option<(&'a str, &'a str)>,
    max_seats: Option<&'a str>,
    real_money: bool,
}

/// The table line's parts: the table's name, the tournament's number and buy-in, the seats (`6 Max`),
/// whether it is played for money (`Table Athens 6 Max (Real Money)`, `Tournament #1 $5 - Table #3`).
fn table_place(line: &str) -> Place<'_> {
    let real_money = line.ends_with("(Real Money)");
    let place = line.rsplit_once(" (").map_or(line, |(place, _)| place);
    let (place, max_seats) = match place.strip_suffix(" Max").and_then(|p| p.rsplit_once(' ')) {
        Some((place, max)) if max.bytes().all(|b| b.is_ascii_digit()) => (place, Some(max)),
        _ => (place, None),
    };
    let (table, tournament) = match place.strip_prefix("Tournament #") {
        Some(rest) => {
            let (number, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            let (buy_in, table) = rest.split_once(" - Table #").unwrap_or((rest, ""));
            (table.to_string(), Some((number, buy_in)))
        }
        None => (
            place.strip_prefix("Table ").unwrap_or(place).to_string(),
            None,
        ),
    };
    Place {
        table,
        tournament,
        max_seats,
        real_money,
    }
}

/// ` 17 02 2011 15:29:25` → `2011/02/17 15:29:25 ET` (888's times are Eastern, as other trackers read
/// them).
fn day_month_year(text: &str) -> Option<String> {
    let mut parts = text.split_whitespace();
    let (day, month, year, time) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    Some(format!("{year}/{month}/{day} {time} ET"))
}
