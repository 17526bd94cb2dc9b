//! The two header lines of an old Winning hand: the start time, the game id, stakes, table and game;
//! and the header's facts the builder is told.

use super::{GAMES, SITE};
use crate::model::{Stakes, Tournament};
use crate::read::errors::ReadError;
use crate::read::header::{seat_number, Header};
use crate::read::pokerstars::{fixed_limit, rules_of, unsupported};
use crate::read::pystr::digits_len;
use crate::read::times::{search_date, start_of};
use crate::read::{Lookups, STARTED};
use crate::said::Said;
use crate::say;

/// What the two header lines say.
pub(super) struct Head<'a> {
    pub(super) id: &'a str,
    pub(super) game: &'static str,
    pub(super) stud: bool,
    pub(super) structure: &'static str,
    /// `0.01/0.02` as printed: blinds, or a fixed-limit table's bets.
    pub(super) stakes: &'a str,
    pub(super) table: String,
    pub(super) max_seats: Option<&'a str>,
    pub(super) date: Option<String>,
    pub(super) tournament: Option<String>,
    pub(super) play_money: bool,
    /// The index of the line after `Game ID`.
    pub(super) body: usize,
}

/// `HH20160828 T5795043-G33949698...`: the tournament id of a tournament log's file name.
fn file_tournament(path: &str) -> Option<&str> {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name.match_indices('T').find_map(|(at, _)| {
        let after = &name[at + 1..];
        let n = after.bytes().take_while(u8::is_ascii_digit).count();
        let glued = at > 0 && name.as_bytes()[at - 1].is_ascii_alphanumeric();
        (n > 0 && !glued && after[n..].starts_with("-G")).then(|| &after[..n])
    })
}

/// The two header lines' parts.
pub(super) fn head<'a>(
    lines: &[&'a str],
    first_line: u64,
    path: &str,
) -> Result<Head<'a>, ReadError> {
    let started = lines[0].trim_start_matches('\u{feff}');
    let date = started.strip_prefix(STARTED).and_then(padded_date);
    let Some(at) = (1..lines.len().min(4)).find(|&i| lines[i].starts_with("Game ID: ")) else {
        return Err(
            ReadError::malformed(say!("no 'Game ID' line after the start time"))
                .at(first_line)
                .expected("'Game ID: 698338917 0.01/0.02 Bahamut (Hold'em)'")
                .actual(lines.get(1).copied().unwrap_or("")),
        );
    };
    let line = &lines[at]["Game ID: ".len()..];
    let malformed = |reason: Said| {
        ReadError::malformed(reason)
            .at(first_line + at as u64)
            .expected("'Game ID: 698338917 0.01/0.02 Bahamut (Hold'em)'")
            .actual(lines[at])
    };
    let (id, rest) = line.split_once(' ').unwrap_or((line, ""));
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed(say!("the game id is not a number")));
    }
    let (stakes, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    // `... (Hold'em)` or `... (Hold'em) 8-max`
    let (rest, max_seats) = match rest.rsplit_once(") ") {
        Some((before, max)) if max.ends_with("-max") => (before, max.strip_suffix("-max")),
        _ => (rest.strip_suffix(')').unwrap_or(rest), None),
    };
    let (table, name) = rest.rsplit_once('(').unwrap_or(("", rest));
    let Some(&(_, game, structure)) = GAMES.iter().find(|(word, _, _)| *word == name) else {
        return Err(ReadError::unsupported_game(name)
            .at(first_line + at as u64)
            .hand(Some(id))
            .expected("Hold'em, Six Plus Hold'em, Omaha, Omaha HiLow or Seven Cards Stud")
            .actual(lines[at]));
    };
    let table = table.replace("(PRR) ", "").trim().to_string();
    let tournament = file_tournament(path)
        .map(str::to_string)
        .or_else(|| Some(name_id(table.rsplit_once(", Table ")?.0)));
    Ok(Head {
        id,
        game,
        stud: game.contains("Stud"),
        structure,
        stakes,
        play_money: table.starts_with("PM "),
        table,
        max_seats,
        date,
        tournament,
        body: at + 1,
    })
}

/// The header's facts (the `Game ID` line's `stakes`, the table's `limit` structure, the seat the
/// button line names), and whether the table's size and button read as numbers (the hand has no
/// table line else, and so no seats). The date must be one, the game the family's.
pub(super) fn header<'h>(
    head: &'h Head<'_>,
    (low, high): (i64, i64),
    limit: bool,
    button: Option<&'h str>,
    lookups: &mut dyn Lookups,
) -> Result<(Header<'h>, bool), ReadError> {
    let (start, time_zone, start_utc) = match &head.date {
        Some(text) => {
            let date = search_date(text)
                .filter(|d| text[..d.start].trim_matches([' ', '-', '[']).is_empty());
            let Some(date) = date else {
                return Err(ReadError::malformed(say!("no stakes in the header"))
                    .expected("'(small/big)' after the game"));
            };
            start_of(&date, lookups.offsets())?
        }
        None => (None, None, None),
    };
    let tournament = match &head.tournament {
        Some(number) if number.is_empty() => {
            let structure = if limit { "Limit" } else { head.structure };
            return Err(unsupported(&format!(
                "Tournament #, {} {structure}",
                head.game
            )));
        }
        Some(number) => Some(Tournament {
            tournament_id: number.clone(),
            buy_in: None,
            level: None,
        }),
        None => None,
    };
    let structure = if limit { "Limit" } else { head.structure };
    let rules = rules_of(&format!("{} {structure}", head.game))?;
    let mut stakes = Stakes {
        decimals: if tournament.is_some() { 0 } else { 2 },
        ..Stakes::default()
    };
    if tournament.is_none() && !head.play_money {
        stakes.currency = Some("USD".to_string());
        stakes.symbol = "$".to_string();
    }
    if fixed_limit(rules) {
        (stakes.small_bet, stakes.big_bet) = (Some(low), Some(high));
    } else {
        (stakes.small_blind, stakes.big_blind) = (Some(low), Some(high));
    }
    let number = |text: &str| !text.is_empty() && digits_len(text) == text.len();
    let table_reads = head.max_seats.is_none_or(number) && button.is_none_or(number);
    let (mut max_seats, mut button_seat) = (None, None);
    if table_reads {
        max_seats = head
            .max_seats
            .map(|m| seat_number(m, "table size"))
            .transpose()?;
        button_seat = button.map(|b| seat_number(b, "button seat")).transpose()?;
    }
    let header = Header::new(SITE, head.id, rules.to_string(), stakes, 0)
        .table(Some(head.table.clone()), max_seats, button_seat)
        .start((start, time_zone, start_utc))
        .tournament(tournament);
    Ok((header, table_reads))
}

/// A tournament's name as an id, where the file name gives none: its letters and digits, each run
/// joined by `-` (`$5 Regular 9-Max` → `5-Regular-9-Max`).
fn name_id(name: &str) -> String {
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// `2016/8/8 16:0:42` → `2016/08/08 16:00:42`.
fn padded_date(text: &str) -> Option<String> {
    let (day, time) = text.trim().split_once(' ')?;
    let mut out = String::with_capacity(text.len() + 6);
    pad(&mut out, day, '/');
    out.push(' ');
    pad(&mut out, time, ':');
    Some(out)
}

/// Each of `part`'s fields between `sep`s at least two characters wide, zeros before (`8` → `08`).
fn pad(out: &mut String, part: &str, sep: char) {
    for (k, field) in part.split(sep).enumerate() {
        if k > 0 {
            out.push(sep);
        }
        for _ in field.chars().count()..2 {
            out.push('0');
        }
        out.push_str(field);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournament_file_names_its_tournament() {
        assert_eq!(
            file_tournament("x/NLHE-9max-USD- HH20160828 T5795043-G33949698-201608.txt"),
            Some("5795043")
        );
        assert_eq!(file_tournament("HH20160913 G31116857.txt"), None);
        assert_eq!(
            file_tournament("NLHE-NA-0-0 HH00000000 T1-G0-201601.txt"),
            Some("1")
        );
    }

    #[test]
    fn a_tournament_without_a_file_name_is_known_by_its_name() {
        assert_eq!(name_id("OSS #27 - $300,000 GTD"), "OSS-27-300-000-GTD");
    }

    #[test]
    fn dates_are_padded() {
        assert_eq!(
            padded_date("2016/8/8 16:0:42").as_deref(),
            Some("2016/08/08 16:00:42")
        );
    }
}
