//! Winamax hand histories (French and English logs), read as Bovada's and 888's are: each line turned
//! into the PokerStars family's and read by the family's reader, the hand keeping Winamax's raw text
//! and line numbers ([`super::translated`]).
//!
//! Winamax's body is nearly PokerStars', but:
//! - the header is `Winamax Poker - CashGame - HandId: #9260931-103-1479198677 - Omaha pot limit
//!   (1€/2€) - 2016/11/15 08:31:17 UTC` (a tournament's gives its name, buy-in and level; its id is
//!   in the table name, `'Freeroll 5€(5142226)#005'`), with an ante first when there are three stakes
//!   (`(10/50/100)`);
//! - action lines have no colon after the name (`Player2 posts small blind 1€`), amounts carry the
//!   euro sign, and a total may be in thousands (`Total pot 2k | No rake`);
//! - a player coming in posts `small blind 3€ out of position` (both blinds, the small one dead)
//!   then `big blind 0€ out of position`;
//! - stud and draw streets have names of their own (`*** THIRD ***`, `*** 7th STREET ***`, `***
//!   FIRST-BET ***`, `*** FIRST-DRAW ***`), others' hidden cards are `X`, and a hi/lo pot's halves are
//!   collected `from pot(HI)` and `from pot(LO)`;
//! - the uncalled bet is not printed: Winamax's total is after the rake and counts it, and its
//!   player's collect includes it.

use super::errors::{Kind, ReadError};
use super::{Dialect, Lookups};
use crate::model::Hand;
use lines::Translation;

mod lines;

/// The site of every hand.
pub const SITE: &str = "Winamax";

/// Winamax's game words and the PokerStars words they read as (the first that fits).
const GAMES: [(&str, &str); 13] = [
    ("Holdem no limit", "Hold'em No Limit"),
    ("Holdem pot limit", "Hold'em Pot Limit"),
    ("Holdem fixed limit", "Hold'em Limit"),
    (
        "5 Card Omaha Hi/Lo pot limit",
        "5 Card Omaha Hi/Lo Pot Limit",
    ),
    ("5 Card Omaha pot limit", "5 Card Omaha Pot Limit"),
    ("Omaha Hi/Lo pot limit", "Omaha Hi/Lo Pot Limit"),
    ("Omaha pot limit", "Omaha Pot Limit"),
    ("Omaha no limit", "Omaha No Limit"),
    ("7-Card Stud Hi/Lo fixed limit", "7 Card Stud Hi/Lo Limit"),
    ("7-Card Stud fixed limit", "7 Card Stud Limit"),
    ("7stud fixed limit", "7 Card Stud Limit"),
    ("Razz fixed limit", "Razz Limit"),
    (
        "2-7 Triple Draw fixed limit",
        "Triple Draw 2-7 Lowball Limit",
    ),
];

/// What the header line says.
pub struct Head<'a> {
    id: &'a str,
    game: &'static str,
    /// The stakes as printed, without their parentheses: `1€/2€`, `10/50/100`.
    stakes: &'a str,
    date: &'a str,
    /// `buyIn: 0,90€ + 0,10€` of a tournament.
    buy_in: Option<&'a str>,
    level: Option<&'a str>,
}

/// Read one Winamax hand (its stripped lines; `raw` gives its text).
pub fn read_hand(
    lines: &[&str],
    first_line: u64,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
    raw: &dyn Fn() -> String,
) -> Result<Hand, ReadError> {
    let first = lines.first().copied().unwrap_or("");
    let head = head(first).map_err(|err| {
        let id = super::header::hand_id(first);
        err.at(first_line).hand(id).actual(first)
    })?;
    let mut winamax = Translation::new(&head, lines.len(), first_line);
    winamax
        .translate(lines)
        .map_err(|err| err.hand(Some(head.id)))?;
    winamax.out.read(first_line, path, dialect, lookups, raw)
}

/// The header line's parts.
fn head(line: &str) -> Result<Head<'_>, ReadError> {
    let malformed = |reason: &str| {
        ReadError::malformed(reason.to_string()).expected(
            "'Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2016/11/15 08:31:17 UTC'",
        )
    };
    let (before, after) = line
        .split_once("HandId: #")
        .ok_or_else(|| malformed("not a Winamax hand header"))?;
    let (id, rest) = after
        .split_once(" - ")
        .ok_or_else(|| malformed("no game after the hand id"))?;
    let (game_text, date) = rest
        .rsplit_once(" - ")
        .ok_or_else(|| malformed("no date in the header"))?;
    let (name, stakes) = game_text
        .rsplit_once(" (")
        .ok_or_else(|| malformed("no stakes in the header"))?;
    let Some(&(_, game)) = GAMES.iter().find(|(word, _)| name.trim() == *word) else {
        return Err(ReadError::new(
            Kind::Unsupported,
            format!("unsupported game: {}", name.trim()),
        )
        .expected("a Winamax Holdem, Omaha, Stud, Razz or 2-7 Triple Draw hand"));
    };
    let buy_in = before
        .split_once("buyIn: ")
        .map(|(_, b)| b.split(" level: ").next().unwrap_or(b).trim());
    let level = before
        .split_once(" level: ")
        .map(|(_, l)| l.trim_end_matches([' ', '-']).trim());
    Ok(Head {
        id,
        game,
        stakes: stakes.trim_end_matches(')'),
        date: date.trim(),
        buy_in,
        level,
    })
}
