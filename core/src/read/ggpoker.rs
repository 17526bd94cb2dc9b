//! GGPoker hand histories: the PokerStars family's body under GGPoker's header (`Poker Hand
//! #RC58843003: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48`). Its words for games (`PLO`, `PLO-5`,
//! `ShortDeck`, `Omaha (NL postflop)`: [`GAMES`], [`LIMITS`]) and levels (`Level8(200/400)`) are turned into PokerStars' before the
//! PokerStars header grammar reads them; the games are PokerStars' ([`super::pokerstars::GAMES`]).

use super::errors::ReadError;
use super::header::{with_header_line, Header};
use super::pokerstars::{game as stars_game, read_header, Game};
use super::values::Grammar;
use super::Lookups;

/// The site of every GGPoker hand (its header says only `Poker Hand`).
pub const SITE: &str = "GGPoker";

/// How GGPoker writes amounts: a point for decimals, commas between groups of three in tournament
/// chips (`raises 1,000 to 1,500`), the dollar sign before; never a decimal comma or a suffix.
pub const AMOUNTS: Grammar = Grammar {
    site: "GGPoker",
    thousands_comma: true,
    decimal_comma: false,
    suffixes: false,
    negatives: false,
    codes: false,
    example: "a number like 0.25, $1,500.50 or 1,000",
};

/// GGPoker's own game words, PokerStars' game they are, and the betting GGPoker leaves unsaid after
/// them (`PLO ($2/$5)` is pot limit; `ShortDeck ($0.02)` no limit). Hold'em and Omaha are PokerStars'
/// words already.
const GAMES: [(&str, &str, &str); 4] = [
    ("ShortDeck", "6+ Hold'em", "No Limit"),
    ("PLO-5", "5 Card Omaha", "Pot Limit"),
    ("PLO-6", "6 Card Omaha", "Pot Limit"),
    ("PLO", "Omaha", "Pot Limit"),
];

/// GGPoker's betting words after a game and PokerStars' (the longest first).
const LIMITS: [(&str, &str); 5] = [
    ("(NL postflop)", "Pot Limit Pre-Flop, No Limit Post-Flop"),
    ("Fixed Limit", "Limit"),
    ("No Limit", "No Limit"),
    ("Pot Limit", "Pot Limit"),
    ("Limit", "Limit"),
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
    // The game is the words right before the stakes or the level: `PLO ($2/$5)`, `Omaha (NL postflop)
    // - Level4`, `ShortDeck No Limit ($0.02)`.
    let Some(end) = [" (", " - "]
        .iter()
        .filter_map(|mark| game_end(&text, mark))
        .min()
    else {
        return text;
    };
    let (before, after) = text.split_at(end);
    let (before, limit) = match LIMITS.iter().find(|(gg, _)| ends_with_word(before, gg)) {
        Some((gg, stars)) => {
            let game = &before[..before.len() - gg.len()];
            (game.strip_suffix(' ').unwrap_or(game), Some(*stars))
        }
        None => (before, None),
    };
    let (before, hilo) = match before.strip_suffix(" Hi/Lo") {
        Some(game) => (game, " Hi/Lo"),
        None => (before, ""),
    };
    let Some((gg, stars, usual)) = GAMES.iter().find(|(gg, ..)| ends_with_word(before, gg)) else {
        return match limit {
            Some(limit) => format!("{before}{hilo} {limit}{after}"),
            None => text,
        };
    };
    let limit = limit.unwrap_or(usual);
    let start = &before[..before.len() - gg.len()];
    // one stake: the blind the button posts (PokerStars' `(Button Blind $2 - Ante $2)`)
    let after = match after.strip_prefix(" (") {
        Some(stakes) if *gg == "ShortDeck" && !stakes.contains('/') => {
            format!(" (Button Blind {stakes}")
        }
        _ => after.to_string(),
    };
    format!("{start}{stars}{hilo} {limit}{after}")
}

/// Whether `text` ends with `word` after a space (or is it).
fn ends_with_word(text: &str, word: &str) -> bool {
    text.strip_suffix(word)
        .is_some_and(|start| start.is_empty() || start.ends_with(' '))
}

/// Where the game's words end: the first `mark` (` (` of the stakes, ` - ` of the level) whose text
/// before it ends with a betting or game word.
fn game_end(text: &str, mark: &str) -> Option<usize> {
    text.match_indices(mark).map(|(at, _)| at).find(|&at| {
        if LIMITS.iter().any(|(gg, _)| text[at + 1..].starts_with(gg)) {
            return false; // `PLO (NL postflop)`: the betting words are the game's
        }
        let before = &text[..at];
        let before = before.strip_suffix(" Hi/Lo").unwrap_or(before);
        LIMITS.iter().any(|(gg, _)| ends_with_word(before, gg))
            || GAMES.iter().any(|(gg, ..)| ends_with_word(before, gg))
    })
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

    #[test]
    fn short_deck_is_six_plus_hold_em_its_one_stake_the_button_blind() {
        assert_eq!(
            in_stars_words("ShortDeck No Limit ($0.02)"),
            "6+ Hold'em No Limit (Button Blind $0.02)"
        );
        let g = game("ShortDeck No Limit ($0.02)").unwrap();
        let s = &g.stakes;
        assert_eq!(
            (g.rules, s.small_blind, s.big_blind, s.currency.as_deref()),
            ("short-deck", None, Some(2), Some("USD"))
        );
        assert_eq!(game("ShortDeck ($1)").unwrap().stakes.big_blind, Some(100));
    }

    #[test]
    fn every_piece_of_a_header_reads_or_is_refused_without_a_panic() {
        let headers = [
            "Tournament #9, PLO Pot Limit Party $5 PLO-5 Hi/Lo (NL postflop) - Level2(20/40)",
            "ShortDeck No Limit ($0.02)",
            "Omaha Hi/Lo Fixed Limit ($1/$2)",
        ];
        for text in headers {
            let cuts: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            for &i in &cuts {
                for &j in cuts.iter().filter(|&&j| j >= i) {
                    let _ = game(&text[i..j]);
                }
            }
        }
    }

    #[test]
    fn a_game_word_with_or_without_its_betting_words() {
        let rules = |text: &str| game(text).map(|g| g.rules);
        assert_eq!(rules("PLO-5 Pot Limit ($1/$2)"), Ok("omaha5"));
        assert_eq!(rules("PLO-6 ($1/$2)"), Ok("omaha6"));
        assert_eq!(rules("PLO Hi/Lo ($1/$2)"), Ok("omaha-hilo"));
        assert_eq!(rules("PLO-5 Hi/Lo Pot Limit ($1/$2)"), Ok("omaha5-hilo"));
        assert_eq!(rules("Omaha Hi/Lo Pot Limit ($1/$2)"), Ok("omaha-hilo"));
        assert_eq!(
            rules("Hold'em Limit ($1/$2)"),
            Ok("holdem; structure=fixed_limit")
        );
        assert_eq!(
            rules("Hold'em Fixed Limit ($1/$2)"),
            Ok("holdem; structure=fixed_limit")
        );
        let t = "Tournament #9, PLO Pot Limit Party $5 PLO (NL postflop) - Level2(20/40)";
        let plnl = "omaha; structure=no_limit; first_round_structure=pot_limit";
        assert_eq!(rules(t), Ok(plnl));
        // no game before the betting words: PokerStars' grammar names what it got
        assert!(rules("No Limit ($1/$2)").is_err());
        assert!(rules("Hi/Lo Pot Limit ($1/$2)").is_err());
        // a tournament's name before the game is the name's
        let t = "Tournament #9, Bounty Hunters (PKO) $10 Hold'em No Limit - Level1(10/20)";
        assert_eq!(rules(t), Ok("holdem"));
    }

    #[test]
    fn gg_amounts_are_in_groups_of_three() {
        let g = game("Tournament #1, X Hold'em No Limit - Level10 (1,000/2,000)").unwrap();
        assert_eq!(g.stakes.big_blind, Some(2000));
        assert_eq!(AMOUNTS.parse("$1,500.50", 2), Ok(150_050));
        assert!(AMOUNTS.parse("$0,10", 2).is_err());
        assert!(AMOUNTS.parse("1,00,0", 0).is_err());
    }
}
