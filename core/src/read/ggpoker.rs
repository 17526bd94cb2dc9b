//! GGPoker hand histories: the PokerStars family's body under GGPoker's header (`Poker Hand
//! #RC58843003: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48`). Its words for games (`PLO`, `PLO-5`,
//! `Omaha (NL postflop)`) and levels (`Level8(200/400)`) are turned into PokerStars' before the
//! PokerStars header grammar reads them; the games are PokerStars' ([`super::pokerstars::GAMES`]).

use super::errors::ReadError;
use super::header::{with_header_line, Header};
use super::pokerstars::{game as stars_game, read_header, Game};
use super::Lookups;

/// The site of every GGPoker hand (its header says only `Poker Hand`).
pub const SITE: &str = "GGPoker";

/// GGPoker's game names and the PokerStars names they read as (case-sensitive, whole words).
const GAME_NAMES: [(&str, &str); 4] = [
    (
        "Omaha (NL postflop)",
        "Omaha Pot Limit Pre-Flop, No Limit Post-Flop",
    ),
    ("PLO-5", "5 Card Omaha Pot Limit"),
    ("PLO-6", "6 Card Omaha Pot Limit"),
    ("PLO", "Omaha Pot Limit"),
];

/// The header of a GGPoker hand.
pub fn header<'a>(
    lines: &[&'a str],
    first_line: u64,
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    with_header_line(lines, first_line, "'Poker Hand #RC1: ...'", |m| {
        read_header(SITE, m.id, m.rest, lines, lookups, game)
    })
}

/// The game of a GGPoker header's text before its date, in PokerStars' words.
fn game(body: &str) -> Result<Game, ReadError> {
    stars_game(&in_stars_words(body))
}

/// `... PLO-5 ($0.1/$0.25)` → `... 5 Card Omaha Pot Limit ($0.1/$0.25)`; `Hold'em No Limit   -
/// Level14(300/600)` → `Hold'em No Limit - Level 14 (300/600)`.
fn in_stars_words(body: &str) -> String {
    let mut text = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(at) = text.find("- Level") {
        let digits = at + "- Level".len();
        let rest = &text[digits..];
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        if n > 0 {
            let (number, after) = rest.split_at(n);
            let after = after.trim_start();
            text = format!("{}- Level {number} {after}", &text[..at])
                .trim_end()
                .to_string();
        }
    }
    // The game word is the one right before the stakes or the level: `PLO ($2/$5)`, `PLO - Level4`.
    for (gg, stars) in GAME_NAMES {
        let found = text.match_indices(gg).map(|(at, _)| at).find(|&at| {
            let after = &text[at + gg.len()..];
            (at == 0 || text[..at].ends_with(' '))
                && (after.starts_with(" (") || after.starts_with(" - "))
        });
        if let Some(at) = found {
            text = format!("{}{stars}{}", &text[..at], &text[at + gg.len()..]);
            break;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ggpoker_words_read_as_pokerstars_games() {
        assert_eq!(
            in_stars_words("PLO-5 ($0.1/$0.25)"),
            "5 Card Omaha Pot Limit ($0.1/$0.25)"
        );
        assert_eq!(
            in_stars_words("Tournament #1, X $1 Hold'em No Limit   - Level14(300/600)"),
            "Tournament #1, X $1 Hold'em No Limit - Level 14 (300/600)"
        );
        let g = game("Tournament #25942319, Omaholic Bounty $8.40 Omaha (NL postflop) - Level18(1,250/2,500)")
            .unwrap();
        assert_eq!(
            g.rules,
            "omaha; structure=no_limit; first_round_structure=pot_limit"
        );
        assert_eq!(game("PLO ($2/$5)").unwrap().rules, "omaha");
        assert_eq!(game("Omaha Pot Limit ($0.5/$1)").unwrap().rules, "omaha");
        let mtt = "Tournament #5948181, High Rollers PLO Main Event $1K Omaha Pot Limit - Level4 (90/180)";
        assert_eq!(game(mtt).unwrap().rules, "omaha");
    }
}
