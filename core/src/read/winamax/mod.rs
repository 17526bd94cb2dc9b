//! Winamax hand histories (French and English logs): each line told to the builder of the hand
//! ([`super::events`]) as the event it says ([`body`]), the family's line readers reading the words
//! Winamax shares with PokerStars in place.
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

use super::errors::ReadError;
use super::search;
use super::values::Grammar;
use super::{HandText, Lookups};
use crate::model::Hand;
use crate::said::Said;
use crate::say;

mod body;

/// The site of every hand.
pub const SITE: &str = "Winamax";

/// How Winamax writes amounts: a point for decimals, the euro sign after (`0.50€`), a total in
/// thousands (`2k`, `6.02k`); no thousands separators, no decimal comma (a buy-in's `0,90€` is text
/// the header keeps as it is), no negatives (a `raises -6.10€` is the log's fault).
pub const AMOUNTS: Grammar = Grammar {
    site: "Winamax",
    thousands_comma: false,
    decimal_comma: false,
    suffixes: true,
    negatives: false,
    codes: false,
    example: "a number like 0.50€, 1250 or 2.5k",
};

/// Winamax's names of its games (each of its words for one) and the PokerStars game they are.
const GAMES: [(&str, &str); 14] = [
    ("Holdem", "Hold'em"),
    ("Omaha", "Omaha"),
    ("Omaha Hi/Lo", "Omaha Hi/Lo"),
    ("Omaha8", "Omaha Hi/Lo"),
    ("5 Card Omaha", "5 Card Omaha"),
    ("Omaha5", "5 Card Omaha"),
    ("5 Card Omaha Hi/Lo", "5 Card Omaha Hi/Lo"),
    ("Omaha5 Hi/Lo", "5 Card Omaha Hi/Lo"),
    ("7-Card Stud", "7 Card Stud"),
    ("7stud", "7 Card Stud"),
    ("7-Card Stud Hi/Lo", "7 Card Stud Hi/Lo"),
    ("7stud8", "7 Card Stud Hi/Lo"),
    ("Razz", "Razz"),
    ("2-7 Triple Draw", "Triple Draw 2-7 Lowball"),
];
/// More of Winamax's names of 2-7 Triple Draw.
const TRIPLE_DRAW: [&str; 2] = ["Lowball27", "2-7 Lowball Triple Draw"];

/// Winamax's betting structures and PokerStars' words for them.
const LIMITS: [(&str, &str); 3] = [
    ("no limit", "No Limit"),
    ("pot limit", "Pot Limit"),
    ("fixed limit", "Limit"),
];

/// A Winamax game name (`Omaha5 pot limit`) in PokerStars' words (`5 Card Omaha Pot Limit`), which
/// the PokerStars header grammar reads (and names if no game it replays).
fn stars_game(name: &str) -> Option<String> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let (game, limit) = LIMITS.iter().find_map(|(winamax, stars)| {
        let game = name.strip_suffix(winamax)?.strip_suffix(' ')?;
        Some((game, *stars))
    })?;
    let stars = match GAMES
        .iter()
        .find(|(winamax, _)| winamax.eq_ignore_ascii_case(game))
    {
        Some((_, stars)) => *stars,
        None if TRIPLE_DRAW.iter().any(|w| w.eq_ignore_ascii_case(game)) => GAMES[13].1,
        None => return None,
    };
    Some(format!("{stars} {limit}"))
}

/// What the header line says.
pub struct Head<'a> {
    id: &'a str,
    /// The game in PokerStars' words.
    game: String,
    /// The stakes as printed, without their parentheses: `1€/2€`, `10/50/100`.
    stakes: &'a str,
    date: &'a str,
    /// `buyIn: 0,90€ + 0,10€` of a tournament.
    buy_in: Option<&'a str>,
    level: Option<&'a str>,
}

/// Read one Winamax hand (its stripped lines; `raw` gives its text).
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines, first_line, ..
    } = hand;
    let first = lines.first().copied().unwrap_or("");
    let head = head(first).map_err(|err| {
        let id = super::header::hand_id(first);
        err.at(first_line).hand(id).actual(first)
    })?;
    body::read(&head, hand, lookups)
}

/// The header line's parts.
fn head(line: &str) -> Result<Head<'_>, ReadError> {
    let malformed = |reason: Said| {
        ReadError::malformed(reason).expected(
            "'Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2016/11/15 08:31:17 UTC'",
        )
    };
    let (before, after) = search::split_once(line, "HandId: #")
        .ok_or_else(|| malformed(say!("not a Winamax hand header")))?;
    let (id, rest) = search::split_once(after, " - ")
        .ok_or_else(|| malformed(say!("no game after the hand id")))?;
    let (game_text, date) =
        search::rsplit_once(rest, " - ").ok_or_else(|| malformed(say!("no date in the header")))?;
    let (name, stakes) = search::rsplit_once(game_text, " (")
        .ok_or_else(|| malformed(say!("no stakes in the header")))?;
    let Some(game) = stars_game(name) else {
        return Err(ReadError::unsupported_game(name.trim()).expected(
            "a Winamax Holdem, Omaha (5 cards, hi/lo), 7-Card Stud (hi/lo), Razz or 2-7 Triple \
             Draw hand",
        ));
    };
    let buy_in = search::split_once(before, "buyIn: ").map(|(_, b)| {
        search::split_once(b, " level: ")
            .map_or(b, |(b, _)| b)
            .trim()
    });
    let level =
        search::split_once(before, " level: ").map(|(_, l)| l.trim_end_matches([' ', '-']).trim());
    Ok(Head {
        id,
        game,
        stakes: stakes.trim_end_matches(')'),
        date: date.trim(),
        buy_in,
        level,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_of_winamax_s_game_names_reads_as_a_pokerstars_game() {
        let stars = |name: &str| stars_game(name);
        assert_eq!(
            stars("Holdem no limit").as_deref(),
            Some("Hold'em No Limit")
        );
        assert_eq!(
            stars("Omaha8 pot limit").as_deref(),
            Some("Omaha Hi/Lo Pot Limit")
        );
        assert_eq!(
            stars("Omaha Hi/Lo pot limit").as_deref(),
            Some("Omaha Hi/Lo Pot Limit")
        );
        assert_eq!(
            stars("Omaha5 pot limit").as_deref(),
            Some("5 Card Omaha Pot Limit")
        );
        assert_eq!(
            stars("5 Card Omaha pot limit").as_deref(),
            Some("5 Card Omaha Pot Limit")
        );
        assert_eq!(
            stars("Omaha5 Hi/Lo pot limit").as_deref(),
            Some("5 Card Omaha Hi/Lo Pot Limit")
        );
        assert_eq!(
            stars("7stud8 fixed limit").as_deref(),
            Some("7 Card Stud Hi/Lo Limit")
        );
        let triple = Some("Triple Draw 2-7 Lowball Limit");
        assert_eq!(stars("Lowball27 fixed limit").as_deref(), triple);
        assert_eq!(stars("2-7 Triple Draw fixed limit").as_deref(), triple);
        assert_eq!(
            stars("2-7 Lowball Triple Draw fixed limit").as_deref(),
            triple
        );
        assert_eq!(stars("Badugi fixed limit"), None);
        assert_eq!(stars("Omaha"), None);
    }
}
