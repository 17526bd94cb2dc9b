//! The PokerStars header: site, hand id, game, stakes, tournament,
//! club, start time and table line. The games it replays are data ([`GAMES`]); any other game is
//! recognised and quarantined as unsupported with its name.

use super::errors::ReadError;
use super::header::{table_line, with_header_line, Header};
use super::pystr::{self, ci_ascii, ci_prefix, decimal, is_space, repr};
use super::times::{search_date, start_of};
use super::values::{first_symbol, parse_amount, symbol_code};
use super::Lookups;
use crate::model::{Stakes, Tournament};
use crate::say;

/// Supported game texts of the header (case-folded) and the rules they replay under.
pub const GAMES: [(&str, &str); 33] = [
    ("hold'em no limit", "holdem"),
    (
        "hold'em pot limit pre-flop, no limit post-flop",
        "holdem; first_round_structure=pot_limit",
    ),
    ("6+ hold'em no limit", "short-deck"),
    ("courchevel pot limit", "courchevel"),
    ("courchevel hi/lo pot limit", "courchevel-hilo"),
    ("hold'em pot limit", "holdem; structure=pot_limit"),
    ("hold'em limit", "holdem; structure=fixed_limit"),
    ("hold'em fixed limit", "holdem; structure=fixed_limit"),
    ("omaha pot limit", "omaha"),
    (
        "omaha pot limit pre-flop, no limit post-flop",
        "omaha; structure=no_limit; first_round_structure=pot_limit",
    ),
    ("omaha no limit", "omaha; structure=no_limit"),
    ("omaha limit", "omaha; structure=fixed_limit"),
    ("omaha hi/lo pot limit", "omaha-hilo"),
    ("omaha hi/lo no limit", "omaha-hilo; structure=no_limit"),
    ("omaha hi/lo limit", "omaha-hilo; structure=fixed_limit"),
    ("5 card omaha pot limit", "omaha5"),
    ("5 card omaha hi/lo pot limit", "omaha5-hilo"),
    ("6 card omaha pot limit", "omaha6"),
    ("7 card stud limit", "stud7"),
    ("7 card stud hi/lo limit", "stud7-hilo"),
    ("razz limit", "razz"),
    ("5 card stud limit", "stud5"),
    ("omaha fixed limit", "omaha; structure=fixed_limit"),
    (
        "omaha hi/lo fixed limit",
        "omaha-hilo; structure=fixed_limit",
    ),
    ("5 card draw limit", "draw5"),
    ("5 card draw pot limit", "draw5; structure=pot_limit"),
    ("5 card draw no limit", "draw5; structure=no_limit"),
    ("single draw 2-7 lowball no limit", "single-draw27"),
    (
        "single draw 2-7 lowball pot limit",
        "single-draw27; structure=pot_limit",
    ),
    (
        "single draw 2-7 lowball limit",
        "single-draw27; structure=fixed_limit",
    ),
    ("triple draw 2-7 lowball limit", "triple-draw27"),
    ("badugi limit", "badugi"),
    ("badugi pot limit", "badugi; structure=pot_limit"),
];
/// Profiles that play fixed limit unless their rules say another structure: their header stakes
/// are the small and big bet rather than the blinds.
const FIXED: [&str; 7] = [
    "stud7",
    "stud7-hilo",
    "stud5",
    "razz",
    "draw5",
    "triple-draw27",
    "badugi",
];

/// Whether a game's header stakes are its small and big bet.
pub fn fixed_limit(rules: &str) -> bool {
    let profile = rules.split(';').next().unwrap_or("").trim();
    rules.contains("structure=fixed_limit")
        || (!rules.contains("structure=") && FIXED.contains(&profile))
}

/// Words that start a game's name (`pokerstars.GAME_START`, case-insensitive).
const GAME_WORDS: [&str; 16] = [
    "Mixed ",
    "8-Game",
    "HORSE",
    "6+ ",
    "Hold'em",
    "Holdem",
    "Omaha",
    "Razz",
    "Badugi",
    "Courchevel",
    "Triple Draw",
    "Single Draw",
    "2-7",
    "London",
    "Five Card",
    "Seven Card",
];

/// The first byte of each of [`GAME_WORDS`], lower case.
const GAME_INITIALS: [u8; 13] = [
    b'm', b'8', b'h', b'6', b'o', b'r', b'b', b'c', b't', b's', b'2', b'l', b'f',
];

/// `GAME_START` matched at the start of `s`.
fn game_start_at(s: &str) -> bool {
    // what no game word nor `\d\+? ?Card` starts with (the words' first letters in any case, the
    // digits; a character not ASCII may be a digit or fold to a letter): most of a text's places
    match s.as_bytes().first() {
        Some(b)
            if b.is_ascii()
                && !b.is_ascii_digit()
                && !GAME_INITIALS.contains(&b.to_ascii_lowercase()) =>
        {
            return false;
        }
        _ => {}
    }
    if GAME_WORDS.iter().any(|w| ci_prefix(s, w).is_some()) {
        return true;
    }
    // \d\+? ?Card
    let mut chars = s.chars();
    if chars.next().and_then(decimal).is_none() {
        return false;
    }
    let mut rest = chars.as_str();
    rest = rest.strip_prefix('+').unwrap_or(rest);
    rest = rest.strip_prefix(' ').unwrap_or(rest);
    ci_prefix(rest, "Card ").is_some()
}

/// `GAME_START.search(s)`: where the first game name starts.
pub(super) fn game_start(s: &str) -> Option<usize> {
    s.char_indices()
        .map(|(i, _)| i)
        .find(|&i| game_start_at(&s[i..]))
}

/// `^(?:Zoom )?Tournament #(\d+),\s*(.*)$` (case-insensitive): (id, rest).
fn tournament_line(body: &str) -> Option<(&str, &str)> {
    let body = ci_prefix(body, "Zoom ").map_or(body, |n| &body[n..]);
    let rest = &body[ci_prefix(body, "Tournament #")?..];
    // digits, or letters too (Bovada's `Tournament #M-20210422003411`)
    let n = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-')
        .count();
    let after = rest[n..].strip_prefix(',')?;
    (n > 0).then(|| (&rest[..n], after.trim_start_matches(is_space)))
}

/// `\(([^()]*)\)\s*$` searched: (where the `(` is, the text inside).
fn stakes_group(body: &str) -> Option<(usize, &str)> {
    let trimmed = body.trim_end_matches(is_space);
    let inner = trimmed.strip_suffix(')')?;
    let open = inner.rfind(['(', ')'])?;
    (inner.as_bytes()[open] == b'(').then(|| (open, &inner[open + 1..]))
}

/// `\s+-\s+((?:Match Round [IVXLC]+, )?Level [^ ]+)\s*$` searched (case-insensitive): (where it
/// starts, the level group).
fn level_group(game: &str) -> Option<(usize, &str)> {
    for (dash, _) in game.match_indices('-') {
        let before = game[..dash].trim_end_matches(is_space);
        let after = game[dash + 1..].trim_start_matches(is_space);
        if before.len() == dash || after.len() == game.len() - dash - 1 {
            continue;
        }
        let with_round = ci_prefix(after, "Match Round ").and_then(|n| {
            let romans = after[n..]
                .char_indices()
                .find(|&(_, c)| !"ivxlc".bytes().any(|r| ci_ascii(c, r)))
                .map_or(after.len() - n, |(i, _)| i);
            (romans > 0)
                .then(|| ci_prefix(&after[n + romans..], ", "))
                .flatten()
                .map(|m| n + romans + m)
        });
        for skip in with_round.into_iter().chain([0]) {
            let Some(n) = ci_prefix(&after[skip..], "Level ") else {
                continue;
            };
            let value = &after[skip + n..];
            let run = value.find(' ').unwrap_or(value.len());
            if run > 0 && value[run..].chars().all(is_space) {
                return Some((before.len(), &after[..skip + n + run]));
            }
        }
    }
    None
}

/// The game, stakes, tournament and club of a header's text before its date (`pokerstars._game`).
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: &'static str,
    pub stakes: Stakes,
    pub tournament: Option<Tournament>,
    pub club: Option<String>,
}

pub fn game(body: &str) -> Result<Game, ReadError> {
    let mut body = body;
    let mut club = None;
    if let Some(inner) = body.strip_prefix('{') {
        let (c, rest) = inner.split_once('}').unwrap_or((inner, ""));
        club = Some(c.to_string());
        body = rest;
    }
    body = pystr::strip(body);
    let mut tournament = None;
    if let Some((id, tail)) = tournament_line(body) {
        let g = game_start(tail);
        let buy_in = g.map(|g| tail[..g].trim_matches([' ', '-']));
        body = g.map_or(tail, |g| &tail[g..]);
        tournament = Some(Tournament {
            tournament_id: id.to_string(),
            buy_in: buy_in.filter(|b| !b.is_empty()).map(str::to_string),
            level: None,
        });
    }
    let Some((open, mut stakes_text)) = stakes_group(body) else {
        return Err(ReadError::malformed(say!("no stakes in the header"))
            .expected("'(small/big)' after the game")
            .actual(body));
    };
    let mut name = pystr::strip(&body[..open]);
    if let Some((inner, rest)) = stakes_text.split_once(',') {
        if game_start_at(pystr::strip(inner)) {
            (name, stakes_text) = (pystr::strip(inner), pystr::strip(rest));
        }
    }
    if let Some((at, level)) = level_group(name) {
        if let Some(t) = tournament.as_mut() {
            // `Level II`, `Match Round I, Level II`, `LEVEL I` (a log in capitals): the level's name
            let name = level
                .to_ascii_lowercase()
                .rfind("level ")
                .map_or(0, |at| at + 6);
            t.level = Some(level[name..].to_string());
        }
        name = &name[..at];
    }
    if let Some(open) = name.find('(') {
        let inner = &name[open + 1..];
        name = inner
            .split(',')
            .next()
            .unwrap_or(inner)
            .trim_end_matches(')');
    }
    let name = pystr::words(name).collect::<Vec<_>>().join(" ");
    let rules = rules_of(&name)?;
    let fixed = fixed_limit(rules);
    let stakes = stakes(stakes_text, fixed)?;
    Ok(Game {
        rules,
        stakes,
        tournament,
        club,
    })
}

/// The rules of a game in PokerStars' words (`Hold'em No Limit`, in any case): a site that names its
/// games otherwise says them in these words to find their rules ([`GAMES`], the one table of them).
pub fn rules_of(name: &str) -> Result<&'static str, ReadError> {
    match GAMES.iter().find(|(key, _)| pystr::casefold_is(name, key)) {
        Some(&(_, rules)) => Ok(rules),
        None => Err(unsupported(name)),
    }
}

/// A game soko_analytics does not replay.
pub fn unsupported(game: &str) -> ReadError {
    ReadError::unsupported_game(game)
        .expected(
            "Hold'em (6+ too), Omaha (4, 5 or 6 cards, hi/lo), Courchevel (hi/lo), 7 Card Stud \
             (hi/lo), Razz, 5 Card Stud, 5 Card Draw, 2-7 Single or Triple Draw, Badugi or Sökö",
        )
        .actual(game)
}

fn first_word(text: &str) -> Option<&str> {
    pystr::words(text).next()
}

fn stakes_amount(word: &str, decimals: u8, text: &str) -> Result<i64, ReadError> {
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
}

/// `$0.01/$0.02 USD`, `100/200`, `$0.25/$0.50 - $10 Cap -  USD`, `€1/€2 EUR`, `Button Blind $2 -
/// Ante $2  USD` (6+ Hold'em: one blind, posted by the button, is the big blind).
fn stakes(text: &str, fixed: bool) -> Result<Stakes, ReadError> {
    let mut parts = text.split(" - ").map(pystr::strip);
    let main = parts.next().unwrap_or("");
    let currency = pystr::words(text)
        .rev()
        .find(|w| pystr::len(w) == 3 && pystr::is_alpha(w) && pystr::is_upper(w));
    let symbol = first_symbol(text);
    let currency = currency.or_else(|| symbol.and_then(symbol_code));
    let button = ci_prefix(main, "Button Blind");
    let blinds: Vec<&str> = match button {
        Some(n) => first_word(&main[n..]).into_iter().collect(),
        None => first_word(main).map_or(Vec::new(), |w| w.split('/').collect()),
    };
    let decimals =
        if symbol.is_some() || currency.is_some() || blinds.iter().any(|b| b.contains('.')) {
            2
        } else {
            0
        };
    if blinds.len() != 2 - usize::from(button.is_some()) {
        return Err(
            ReadError::malformed(say!("unreadable stakes {stakes}", stakes = repr(text)))
                .expected("'small/big' or 'Button Blind B - Ante A'")
                .actual(text),
        );
    }
    let amounts = blinds
        .iter()
        .map(|b| stakes_amount(b, decimals, text))
        .collect::<Result<Vec<_>, _>>()?;
    let mut cap = None;
    let mut ante = None;
    for part in parts {
        if let Some(value) = part.strip_suffix("Cap") {
            cap = Some(stakes_amount(pystr::strip(value), decimals, text)?);
        } else if let Some(word) = ci_prefix(part, "Ante").and_then(|n| first_word(&part[n..])) {
            ante = Some(stakes_amount(word, decimals, text)?);
        }
    }
    let mut stakes = Stakes {
        decimals,
        currency: currency.map(str::to_string),
        symbol: symbol.map_or(String::new(), String::from),
        cap,
        ante,
        ..Stakes::default()
    };
    match amounts[..] {
        [big] => stakes.big_blind = Some(big),
        [low, high] if fixed => (stakes.small_bet, stakes.big_bet) = (Some(low), Some(high)),
        [low, high] => (stakes.small_blind, stakes.big_blind) = (Some(low), Some(high)),
        _ => {}
    }
    Ok(stakes)
}

/// The header of a PokerStars hand (`pokerstars.header`).
pub fn header<'a>(
    lines: &[&'a str],
    first_line: u64,
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    with_header_line(lines, first_line, "'PokerStars Hand #N: ...'", |m| {
        let site = match pystr::strip(m.site) {
            "" => "PokerStars",
            s => s,
        };
        read_header(site, m.id, m.rest, lines, lookups, game)
    })
}

/// The header from its parts; `game` reads the game, stakes and tournament before the date (each
/// site names its games in its own words).
pub fn read_header<'a>(
    site: &'a str,
    hand_id: &'a str,
    rest: &'a str,
    lines: &[&'a str],
    lookups: &mut dyn Lookups,
    game: fn(&str) -> Result<Game, ReadError>,
) -> Result<Header<'a>, ReadError> {
    let date = search_date(rest);
    let (start, zone, utc) = match &date {
        Some(d) => start_of(d, lookups.offsets())?,
        None => (None, None, None),
    };
    let before = match &date {
        Some(d) => rest[..d.start].trim_end_matches([' ', '-', '[']),
        None => rest,
    };
    let game = match lookups.memo() {
        Some(memo) => memo.game(before, game)?,
        None => game(before)?,
    };
    let (mut table, mut max_seats, mut button, mut body) = (None, None, None, 1);
    if lines.len() > 1 {
        if let Some(t) = table_line(lines[1])? {
            (table, max_seats, button) = (Some(t.0), t.1, t.2);
            body = 2;
        }
    }
    if let Some(club) = game.club.filter(|c| !c.is_empty()) {
        table = Some(match table {
            Some(t) if !t.is_empty() => format!("{{{club}}} {t}"),
            _ => format!("{{{club}}}"),
        });
    }
    Ok(
        Header::new(site, hand_id, game.rules.to_string(), game.stakes, body)
            .table(table, max_seats, button)
            .start((start, zone, utc))
            .tournament(game.tournament),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::errors::Kind;

    #[test]
    fn every_game_word_starts_with_one_of_the_initials() {
        for word in GAME_WORDS {
            let first = word.as_bytes()[0].to_ascii_lowercase();
            assert!(GAME_INITIALS.contains(&first), "{word}");
        }
        assert_eq!(game_start("$30+$3 hold'em"), Some(7));
        assert_eq!(game_start("x 7 card stud"), Some(2));
        assert_eq!(game_start("$30+$3"), None);
    }

    #[test]
    fn games_and_stakes_read_as_in_python() {
        let g = game("Hold'em No Limit ($0.01/$0.02 USD)").unwrap();
        assert_eq!(g.rules, "holdem");
        assert_eq!(
            (g.stakes.small_blind, g.stakes.big_blind),
            (Some(1), Some(2))
        );
        assert_eq!(g.stakes.currency.as_deref(), Some("USD"));
        let g = game("Tournament #160417133, $0.91+$0.09 USD Hold'em No Limit - Level I (10/20)")
            .unwrap();
        let t = g.tournament.unwrap();
        assert_eq!(
            (t.buy_in.as_deref(), t.level.as_deref()),
            (Some("$0.91+$0.09 USD"), Some("I"))
        );
        assert_eq!(g.stakes.decimals, 0);
        let g = game("{Club} 7 Card Stud Limit (10/20)").unwrap();
        assert_eq!(
            (g.rules, g.club.as_deref(), g.stakes.big_bet),
            ("stud7", Some("Club"), Some(20))
        );
        let g = game("Hold'em No Limit ($0.25/$0.50 - $10 Cap - USD)").unwrap();
        assert_eq!(g.stakes.cap, Some(1000));
        let g = game("8-Game (Hold'em Limit, $400/$800)").unwrap();
        assert_eq!(g.rules, "holdem; structure=fixed_limit");
        let g = game("Omaha Hi/Lo No Limit ($0.01/$0.02)").unwrap();
        assert_eq!(
            (g.rules, g.stakes.big_blind),
            ("omaha-hilo; structure=no_limit", Some(2))
        );
        let g = game("HORSE (Razz Limit, $0.04/$0.08)").unwrap();
        assert_eq!((g.rules, g.stakes.big_bet), ("razz", Some(8)));
        let g = game("Badugi Limit ($0.01/$0.02)").unwrap();
        assert_eq!((g.rules, g.stakes.big_bet), ("badugi", Some(2)));
        let g = game("Single Draw 2-7 Lowball No Limit ($0.25/$0.50 USD)").unwrap();
        assert_eq!((g.rules, g.stakes.big_blind), ("single-draw27", Some(50)));
        let g = game("Single Draw 2-7 Lowball Limit ($0.25/$0.50 USD)").unwrap();
        let fixed = "single-draw27; structure=fixed_limit";
        assert_eq!((g.rules, g.stakes.big_bet), (fixed, Some(50)));
        let e = game("London Lowball Limit ($0.01/$0.02)").err().unwrap();
        assert_eq!(
            (e.kind, e.reason.text.as_str()),
            (Kind::Unsupported, "unsupported game: London Lowball Limit")
        );
        let g = game("Courchevel Hi/Lo Pot Limit ($0.01/$0.02)").unwrap();
        assert_eq!((g.rules, g.stakes.big_blind), ("courchevel-hilo", Some(2)));
        let g =
            game("6+ Hold'em No Limit (Button Blind\u{a0}$0.50 - Ante\u{a0}$0.25  USD)").unwrap();
        let s = &g.stakes;
        assert_eq!(
            (g.rules, s.small_blind, s.big_blind, s.ante),
            ("short-deck", None, Some(50), Some(25))
        );
        let g = game("Hold'em Pot Limit Pre-Flop, No Limit Post-Flop - Level I (10/20)").unwrap();
        let plnl = "holdem; first_round_structure=pot_limit";
        assert_eq!((g.rules, g.stakes.big_blind), (plnl, Some(20)));
        let e = game("Hold'em No Limit").err().unwrap();
        assert_eq!(e.reason, "no stakes in the header");
        let e = game("Hold'em No Limit ($0.0a/$0.10 USD)").err().unwrap();
        assert_eq!(e.reason, "'$0.0a' in the stakes is not an amount");
    }
}
