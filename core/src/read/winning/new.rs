//! Winning's logs since 2019, each line as the PokerStars family's line that says the same.
//!
//! What these logs write differently from PokerStars:
//! - The header has no colon and names the game `Holdem(No Limit)`: `Hand #784383001 -
//!   Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC`; a tournament's starts `Game Hand #N -
//!   $5,000 GTD Tournament #27099516 - Holdem(No Limit) - Level 10 (3000.00/6000.00)- ...`.
//! - The table line has no `Table '...'`, action lines no colon after the name; blinds are `posts the
//!   small blind`, a player coming in `posts dead $0.07` (both blinds).
//! - Each street repeats the pot (`Main pot $0.17 | Rake $0.00`); a hand run twice numbers its streets
//!   (`*** FLOP 1 ***`) and shows each hand at both showdowns; collects say `from main pot 1`.
//! - Tournament chips carry cents (`3000.00`); the jackpot fee is `JP Fee`.

use super::{card, SITE};
use crate::model::Hand;
use crate::read::errors::{Kind, ReadError};
use crate::read::translated::{amount_text, located, speaker, Translated};
use crate::read::values::parse_amount;
use crate::read::{Dialect, Lookups};

/// Winning's game words (its own list of games: `Holdem`, `6+ Holdem`, `Omaha`, `Omaha H/L`, `5Card
/// Omaha`, `5Card Omaha H/L`, `7Stud`, `7Stud H/L`) and the family's.
pub(super) const GAMES: [(&str, &str); 8] = [
    ("Holdem", "Hold'em"),
    ("Omaha H/L", "Omaha Hi/Lo"),
    ("Omaha", "Omaha"),
    ("6+ Holdem", "6+ Hold'em"),
    ("5Card Omaha", "5 Card Omaha"),
    ("5Card Omaha H/L", "5 Card Omaha Hi/Lo"),
    ("7Stud", "7 Card Stud"),
    ("7Stud H/L", "7 Card Stud Hi/Lo"),
];
pub(super) const STRUCTURES: [(&str, &str); 3] = [
    ("No Limit", "No Limit"),
    ("Pot Limit", "Pot Limit"),
    ("Fixed Limit", "Limit"),
];
/// The words of forced bets, and the family's.
const POSTS: [(&str, &str); 7] = [
    ("posts the small blind ", "posts small blind "),
    ("posts the big blind ", "posts big blind "),
    ("posts ante ", "posts the ante "),
    ("posts dead ", "posts small & big blinds "),
    // stud's bring-in
    ("brings in low ", "brings in for "),
    ("brings in ", "brings in for "),
    ("brings-in ", "brings in for "),
];
/// Streets of a hand run twice: `*** FLOP 1 ***` → `*** FIRST FLOP ***`.
const RUNS: [(&str, &str); 2] = [(" 1 ***", "FIRST "), (" 2 ***", "SECOND ")];

/// Read one hand of the format since 2019.
pub fn read_hand(
    lines: &[&str],
    first_line: u64,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
    raw: &dyn Fn() -> String,
) -> Result<Hand, ReadError> {
    let first = lines.first().copied().unwrap_or("");
    let id = super::super::header::hand_id(first).unwrap_or("");
    let (header, chips) = header(first).map_err(|err| located(err, first_line, id))?;
    let mut out = Translated::with_capacity(lines.len());
    out.push(0, header);
    let mut names: Vec<String> = Vec::new();
    let mut shown: Vec<usize> = Vec::new();
    // a hand won without a showdown may say so only in the summary (`Seat 2: P did not show and won $9.00`)
    let collects = lines.iter().any(|l| l.contains(" collected "));
    for (i, line) in lines.iter().enumerate().skip(1) {
        let line = if chips {
            whole_chips(line)
                .map_err(|err| located(err.at(first_line + i as u64), first_line, id))?
        } else {
            line.to_string()
        };
        if line == "*** SUMMARY ***" && !collects {
            for (k, won) in lines.iter().enumerate().skip(i) {
                if let Some(said) = summary_win(won, &names, chips) {
                    out.push(k, said);
                }
            }
        }
        if speaker(&names, &line).is_some_and(|(_, rest)| rest.starts_with("caps ")) {
            let reason = "a capped no-limit table whose cap the log does not print (`caps $0.55`)";
            let err = ReadError::new(Kind::Unsupported, reason.to_string()).actual(&line);
            return Err(located(err.at(first_line + i as u64), first_line, id));
        }
        if let Some(said) = body_line(&line, &mut names, &mut shown) {
            out.push(i, said);
        }
    }
    out.read(first_line, path, dialect, lookups, raw)
}

/// The family's header line, and whether the hand's amounts are tournament chips.
fn header(line: &str) -> Result<(String, bool), ReadError> {
    let malformed = |reason: &str| {
        ReadError::malformed(reason.to_string())
            .expected(
                "'Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC'",
            )
            .actual(line)
    };
    let line = line.trim_start_matches('\u{feff}');
    let rest = line.strip_prefix("Game ").unwrap_or(line);
    let rest = rest
        .strip_prefix("Hand #")
        .ok_or_else(|| malformed("not a Winning hand header"))?;
    let mut parts = rest.split(" - ");
    let id = parts.next().unwrap_or("");
    let mut tournament = None;
    let mut game = parts.next().unwrap_or("");
    if let Some((_, number)) = game.rsplit_once("Tournament #") {
        tournament = Some(number);
        game = parts.next().unwrap_or("");
    }
    let (name, structure) = game
        .strip_suffix(')')
        .and_then(|g| g.split_once('('))
        .ok_or_else(|| malformed("no game in the header"))?;
    let family = GAMES.iter().find(|(w, _)| *w == name).map(|g| g.1);
    let structure = STRUCTURES
        .iter()
        .find(|(w, _)| *w == structure)
        .map(|s| s.1);
    let (Some(family), Some(structure)) = (family, structure) else {
        return Err(
            ReadError::new(Kind::Unsupported, format!("unsupported game: {game}"))
                .expected(
                    "Holdem, 6+ Holdem, Omaha (H/L), 5Card Omaha (H/L) or 7Stud (H/L) with No \
                     Limit, Pot Limit or Fixed Limit",
                )
                .actual(line),
        );
    };
    let rest: Vec<&str> = parts.collect();
    let rest = rest.join(" - ");
    Ok(match tournament {
        Some(number) => {
            // `Level 10 (3000.00/6000.00)- 2022/07/11 01:11:44 UTC`
            let (level, date) = rest.split_once(")- ").unwrap_or((&rest, ""));
            let (level, blinds) = level.split_once(" (").unwrap_or((level, ""));
            let blinds = whole_chips(blinds)?;
            let text = format!(
                "{SITE} Hand #{id}: Tournament #{number}, {family} {structure} - {level} ({blinds}) - {date}"
            );
            (text, true)
        }
        None => {
            let (stakes, date) = rest.split_once(" - ").unwrap_or((&rest, ""));
            let text = format!("{SITE} Hand #{id}: {family} {structure} ({stakes} USD) - {date}");
            (text, false)
        }
    })
}

/// A tournament line's chip amounts without their cents: `(3000.00/6000.00)` → `(3000/6000)`; an
/// error for chips with cents that are not zero.
pub(super) fn whole_chips(line: &str) -> Result<String, ReadError> {
    let bytes = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    let mut last = 0;
    for (at, _) in line.match_indices('.') {
        let digit = |k: usize| bytes.get(k).is_some_and(u8::is_ascii_digit);
        if !(at > 0 && digit(at - 1) && digit(at + 1) && digit(at + 2)) || digit(at + 3) {
            continue;
        }
        if &line[at + 1..at + 3] != "00" {
            return Err(ReadError::malformed(format!(
                "tournament chips with cents: {}",
                &line[..at + 3]
            ))
            .expected("whole chips such as 3000.00")
            .actual(line));
        }
        out.push_str(&line[last..at]);
        last = at + 3;
    }
    out.push_str(&line[last..]);
    Ok(out)
}

/// The family's line for one of the body's, None for a line that says nothing it records.
fn body_line(line: &str, names: &mut Vec<String>, shown: &mut Vec<usize>) -> Option<String> {
    if line.starts_with("Main pot ")
        || line.starts_with("Side pot")
        || line == "*** RUN IT TWICE ***"
    {
        return None;
    }
    if line.starts_with("Board ") {
        return None; // the streets gave the boards
    }
    if let Some(rest) = line.strip_prefix("*** ") {
        for (suffix, run) in RUNS {
            if let Some((street, cards)) = rest.split_once(suffix) {
                let street = street.replace("SHOW DOWN", "SHOWDOWN");
                return Some(format!("*** {run}{street} ***{cards}"));
            }
        }
        return Some(line.to_string());
    }
    if let Some((seat, rest)) = line.strip_prefix("Seat ").and_then(|l| l.split_once(": ")) {
        if !line.contains(" in chips") && !names_done(names, rest) {
            // `Seat 1: Player0 ($124.50)` and `... ($9.74) is sitting out`
            let (name, stack) = rest.rsplit_once(" (")?;
            let (stack, tail) = stack.split_once(')')?;
            names.push(name.to_string());
            return Some(format!("Seat {seat}: {name} ({stack} in chips){tail}"));
        }
        return Some(line.to_string());
    }
    if !line.starts_with("Table '") && line.contains(" Seat #") && line.ends_with(" is the button")
    {
        let (place, button) = line.split_once(" Seat #")?;
        let (table, max) = match place.rsplit_once(' ') {
            Some((t, m)) if m.ends_with("-max") => (t, format!(" {m}")),
            _ => (place, String::new()),
        };
        return Some(format!("Table '{table}'{max} Seat #{button}"));
    }
    if !line.starts_with("Seat ") && !line.starts_with("Table '") && line.ends_with("-max") {
        // a stud table's line has no button: `Bern 8-max`
        let (table, max) = line.rsplit_once(' ')?;
        return Some(format!("Table '{table}' {max}"));
    }
    if let Some(parts) = line.strip_prefix("Total pot ") {
        return Some(total_pot(parts));
    }
    if line.starts_with("Dealt to ") || line.starts_with("Uncalled bet ") {
        return Some(line.to_string());
    }
    let Some((who, rest)) = speaker(names, line) else {
        return Some(line.to_string());
    };
    let name = &names[who];
    if let Some((amount, _)) = rest
        .strip_prefix("collected ")
        .and_then(|r| r.split_once(" from "))
    {
        return Some(format!("{name} collected {amount} from pot"));
    }
    if rest.starts_with("shows ") {
        if shown.contains(&who) {
            return None; // a hand run twice shows each hand at both showdowns
        }
        shown.push(who);
        let cards = rest.split_once('[').and_then(|(_, c)| c.split_once(']'))?.0;
        let cards: Vec<String> = cards.split_whitespace().map(card).collect();
        return Some(format!("{name}: shows [{}]", cards.join(" ")));
    }
    if rest == "does not show" {
        return Some(format!("{name}: doesn't show hand"));
    }
    for (word, family) in POSTS {
        if let Some(amount) = rest.strip_prefix(word) {
            return Some(format!("{name}: {family}{amount}"));
        }
    }
    Some(format!("{name}: {rest}"))
}

/// `$246.00 | Rake $2.76 | JP Fee $0.24`: Winning's total is what the winners share, the family's
/// what the players put in (the fees too).
fn total_pot(parts: &str) -> String {
    let mut parts = parts.split(" | ");
    let net = parts.next().unwrap_or("");
    let fees: Vec<&str> = parts.collect();
    let decimals = if net.contains('.') { 2 } else { 0 };
    let value = |text: &str| parse_amount(text.rsplit(' ').next().unwrap_or(""), decimals).ok();
    let total = value(net).and_then(|net| {
        fees.iter()
            .try_fold(net, |sum, fee| Some(sum + value(fee)?))
    });
    match total {
        Some(total) => {
            let symbol = if net.starts_with('$') { "$" } else { "" };
            let mut line = format!("Total pot {symbol}{}", amount_text(total, decimals));
            for fee in fees {
                line.push_str(&format!(" | {fee}"));
            }
            line
        }
        _ => format!("Total pot {net}"), // the family's reader names the amount
    }
}

/// `Seat 2: P did not show and won $9.00` → `P collected $9.00 from pot`.
fn summary_win(line: &str, names: &[String], chips: bool) -> Option<String> {
    let (_, rest) = line.strip_prefix("Seat ")?.split_once(": ")?;
    let (who, rest) = speaker(names, rest)?;
    let (_, won) = rest.split_once(" won ")?;
    let amount = won.split(' ').next()?;
    let amount = if chips {
        whole_chips(amount).ok()?
    } else {
        amount.to_string()
    };
    Some(format!("{} collected {amount} from pot", names[who]))
}

/// Whether the seat lines are over (the summary's `Seat N: NAME ...` lines come after the deal).
fn names_done(names: &[String], rest: &str) -> bool {
    speaker(names, rest).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_the_summary_alone_gives() {
        let names = ["Player0".to_string()];
        let line = "Seat 2: Player0 did not show and won $9.50";
        assert_eq!(
            summary_win(line, &names, false).as_deref(),
            Some("Player0 collected $9.50 from pot")
        );
        assert_eq!(
            summary_win("Seat 2: Player0 (big blind) folded", &names, false),
            None
        );
    }

    #[test]
    fn tournament_chips_lose_their_zero_cents() {
        assert_eq!(
            whole_chips("Seat 1: P (323265.00)").unwrap(),
            "Seat 1: P (323265)"
        );
        assert_eq!(
            whole_chips("raises 12000.00 to 12000.00").unwrap(),
            "raises 12000 to 12000"
        );
        assert!(whole_chips("calls 10.50").is_err());
        assert_eq!(whole_chips("v1.2.3").unwrap(), "v1.2.3");
    }

    #[test]
    fn headers_in_the_family_words() {
        let (h, chips) =
            header("Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26 UTC")
                .unwrap();
        assert_eq!(
            h,
            "Winning Hand #784383001: Hold'em No Limit ($0.02/$0.05 USD) - 2021/04/20 18:42:26 UTC"
        );
        assert!(!chips);
        let (h, chips) = header(
            "Game Hand #1 - $5,000 GTD Tournament #27 - Holdem(No Limit) - Level 10 (3000.00/6000.00)- 2022/07/11 01:11:44 UTC",
        )
        .unwrap();
        assert_eq!(
            h,
            "Winning Hand #1: Tournament #27, Hold'em No Limit - Level 10 (3000/6000) - 2022/07/11 01:11:44 UTC"
        );
        assert!(chips);
    }
}
