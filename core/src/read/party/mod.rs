//! partypoker hand histories (PartyGaming's logs, also their Mac client's, the club and WPT skins'
//! and logs converted to partypoker's text by trackers): each line read as the events it says and
//! told to the builder of the hand ([`super::events`], [`body`]), the hand keeping the log's raw text
//! and the line of each action and deal.
//!
//! partypoker writes two kinds of log:
//! - the bracket logs (2005–2016): `Game #N starts.`, `#Game No : N` and `***** Hand History for
//!   Game N *****` (any of them may open a hand, and the ids of one hand may differ), the game line
//!   (`$0.10/$0.25 USD NL Texas Hold'em - Saturday, September 21, 16:06:03 EDT 2013`; a cash game
//!   may give only its buy-in, `$2 USD NL`, and a tournament its level's stakes, `Blinds(20/40)` or
//!   `Stakes-Antes(60/120-10)`, on the game line or after the seats), then `Seat N is the button`;
//!   calls, bets and raises print what they add (`raises [$0.08 USD]`); tournaments often print no
//!   blind posts; `wins` counts the uncalled bet; no total pot or rake;
//! - the summary logs (2008 on, and the newer client): `***** Hand History For Game N *****` only
//!   (its id may have letters), the stakes first (`0.10/0.25 Omaha Hi Game Table (PL)`), `calls
//!   (0.15)`, `raises 0.85 to 0.85`, and a `** Summary **` whose player lines give what each
//!   collected (with the uncalled bet) and the cards shown.
//!
//! Amounts are written `$0.01 USD`, `[ $0,25 USD ]` (the Mac client's decimal comma), `€0.10 EUR`,
//! `2,000` (chips) or `(0.02)`.

use super::errors::{Kind, ReadError};
use super::events::Builder;
use super::header::{hand_history_at, hand_id};
use super::pacific::amounts::minor_units;
use super::search;
use super::times::zone_name;
use super::{HandText, Lookups};
use crate::model::Hand;
use crate::read::events::located;
use crate::said::Said;
use crate::say;
use body::Reading;

mod body;

/// The site of every hand.
pub const SITE: &str = "partypoker";

/// partypoker's game words (its own list: `Texas Hold'em`, `Texas Holdem`, `Omaha Hi`, `Omaha Hi-Lo`,
/// `7 Card Stud`, `7 Card Stud Hi-Lo`, `Short Deck`; `Double Hold'em` is not modelled, see
/// [`UNSUPPORTED`]) and the PokerStars words they read as (the first that fits), and whether stud.
const GAMES: [(&str, &str, bool); 8] = [
    ("7 Card Stud Hi-Lo", "7 Card Stud Hi/Lo", true),
    ("7 Card Stud", "7 Card Stud", true),
    ("Omaha Hi-Lo", "Omaha Hi/Lo", false),
    ("Omaha Hi/Lo", "Omaha Hi/Lo", false),
    ("Omaha", "Omaha", false),
    ("Short Deck", "6+ Hold'em", false),
    ("Hold'em", "Hold'em", false),
    ("Holdem", "Hold'em", false),
];
/// partypoker's games the project does not model, and why.
const UNSUPPORTED: [(&str, &str); 2] = [
    (
        "Double Hold'em",
        "Double Hold'em (three hole cards, one discarded on the flop)",
    ),
    (
        "Double Holdem",
        "Double Hold'em (three hole cards, one discarded on the flop)",
    ),
];
const STRUCTURES: [(&str, &str); 3] = [("NL", "No Limit"), ("PL", "Pot Limit"), ("FL", "Limit")];
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// What the header lines say.
pub struct Head<'a> {
    id: &'a str,
    game: &'static str,
    structure: &'static str,
    stud: bool,
    /// The stakes the header gives (blinds; a fixed-limit game's bets, see `bets`), in minor units.
    stakes: Option<(i64, i64)>,
    /// Whether `stakes` are the small and big bet (fixed limit) rather than the blinds.
    bets: bool,
    /// (symbol, code) of a cash game.
    currency: Option<(&'static str, &'static str)>,
    /// `YYYY/MM/DD HH:MM:SS ZONE`.
    date: Option<String>,
    table: String,
    /// (number, buy-in) of a tournament.
    tournament: Option<(String, String)>,
    max_seats: Option<&'a str>,
    button: Option<&'a str>,
    /// The summary logs (`** Summary **`, `raises X to Y`).
    summary: bool,
    decimals: u8,
    /// The index of the first line after the game and table lines.
    body: usize,
}

/// Read one partypoker hand (its stripped lines; `raw` gives its text).
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        dialect,
        raw,
    } = hand;
    let lines: Vec<&str> = lines.iter().map(|l| unpadded(l)).collect();
    let head = head(&lines, first_line)?;
    let mut party = Reading::new(&head, &lines, first_line);
    let opening = party
        .translate(&lines)
        .map_err(|err| located(err, first_line, head.id))?;
    let header = body::family_header(&head, opening, first_line, lookups)?;
    let mut st = Builder::start(header, &lines, first_line, dialect, lookups)?;
    party.tell(&mut st)?;
    Ok(st.build(path, raw()))
}

/// A line without the NULs the bracket logs of some clients start lines with and the white space of
/// Unicode at its ends.
fn unpadded(line: &str) -> &str {
    let bytes = line.as_bytes();
    match (bytes.first(), bytes.last()) {
        // the caller strips ASCII white space; this is the common line, with nothing to take off
        (Some(first), Some(last)) if first.is_ascii_graphic() && last.is_ascii_graphic() => line,
        _ => line.trim_start_matches('\0').trim(),
    }
}

/// The header lines' parts.
fn head<'a>(lines: &[&'a str], first_line: u64) -> Result<Head<'a>, ReadError> {
    let first = lines.first().copied().unwrap_or("");
    let Some(id) = hand_id(first) else {
        return Err(ReadError::malformed(say!("not a partypoker hand header"))
            .at(first_line)
            .expected("'#Game No : N' or '***** Hand History for Game N *****'")
            .actual(first));
    };
    let g = game_line(lines, first_line, id)?;
    let table_line = lines.get(g.at + 1).copied().unwrap_or("");
    let tournament_game = if g.summary {
        g.text.contains("Tourney")
    } else {
        STRUCTURES.iter().any(|(w, _)| g.text.starts_with(w))
    };
    let decimals = if tournament_game { 0 } else { 2 };
    let (table_part, button) = match search::split_once(table_line, " -- ") {
        Some((table, button)) => (table, button_seat(button)),
        None => (table_line, None),
    };
    let (body, button, max_seats) = table_notes(lines, g.at + 2, button);
    let place = place_of(table_part);
    let mut stakes = None;
    let mut bets = g.structure == "Limit";
    let mut currency = None;
    let mut tournament = None;
    if tournament_game {
        let before_deal: Vec<&str> = lines
            .get(body..)
            .unwrap_or_default()
            .iter()
            .take_while(|l| !l.starts_with("** "))
            .copied()
            .collect();
        match level_stakes(&before_deal, g.text) {
            Some((level, fixed)) => (stakes, bets) = (Some(level), fixed),
            None if g.summary => stakes = leading_stakes(g.text, decimals),
            None => {}
        }
        tournament = Some((
            tournament_number(g.text, &before_deal, place),
            buy_in(g.text, g.summary),
        ));
    } else {
        // the summary logs name the money on the line after the table's
        let money_text = if g.summary {
            lines.get(body).copied().unwrap_or("")
        } else {
            g.text
        };
        currency = currency_of(money_text);
        stakes = leading_stakes(g.text, decimals);
    }
    let table = match search::rsplit_once(place, "Table #") {
        Some((_, number)) if tournament_game => number.trim().to_string(),
        _ => place.to_string(),
    };
    Ok(Head {
        id,
        game: g.game,
        structure: g.structure,
        stud: g.stud,
        stakes,
        bets,
        currency,
        date: g.date,
        table,
        tournament,
        max_seats,
        button,
        summary: g.summary,
        decimals,
        body,
    })
}

/// What the game line says.
struct GameLine<'a> {
    /// Its index among the hand's lines.
    at: usize,
    /// The line without its date.
    text: &'a str,
    date: Option<String>,
    game: &'static str,
    stud: bool,
    structure: &'static str,
    /// The summary logs' game line (`0.10/0.25 Omaha Hi Game Table (PL)`).
    summary: bool,
}

/// The game line (the line after `***** Hand History for Game N *****`) of hand `id`.
fn game_line<'a>(lines: &[&'a str], first_line: u64, id: &str) -> Result<GameLine<'a>, ReadError> {
    let at = history_line(lines, first_line, id)? + 1;
    let line = lines.get(at).copied().unwrap_or("");
    let error = |kind: Kind, reason: Said, expected: &str| {
        ReadError::new(kind, reason)
            .at(first_line + at as u64)
            .hand(Some(id))
            .expected(expected)
            .actual(line)
    };
    let unsupported = |why: &str| {
        error(
            Kind::Unsupported,
            say!("unsupported game: {game}", game = why),
            "Hold'em, Omaha (hi/lo) or 7 Card Stud (hi/lo)",
        )
    };
    if let Some((_, why)) = UNSUPPORTED.iter().find(|(w, _)| search::contains(line, w)) {
        return Err(unsupported(why));
    }
    let summary = search::contains(line, " Game Table (");
    let (text, date) = if summary {
        let (text, date) = search::rsplit_once(line, " - ").unwrap_or((line, ""));
        (text.trim(), words_date(date))
    } else {
        match WEEKDAYS.iter().find_map(|d| search::find(line, d)) {
            Some(day) => (
                line[..day].trim_end_matches([' ', '-']),
                words_date(&line[day..]),
            ),
            None => (line, None),
        }
    };
    let Some(&(_, game, stud)) = GAMES
        .iter()
        .find(|(word, _, _)| search::contains(text, word))
    else {
        return Err(unsupported(text));
    };
    let structure = STRUCTURES
        .iter()
        .find(|(word, _)| {
            text.split_whitespace()
                .any(|w| w == *word || w.trim_matches(['(', ')']) == *word)
        })
        .map(|&(_, s)| s)
        .or(stud.then_some("Limit"))
        .ok_or_else(|| {
            error(
                Kind::Malformed,
                say!("no betting structure in the game line"),
                "NL, PL or FL",
            )
        })?;
    Ok(GameLine {
        at,
        text,
        date,
        game,
        stud,
        structure,
        summary,
    })
}

/// The index of the `***** Hand History for Game N *****` line among the first eight; a hand cut off
/// before it is incomplete.
fn history_line(lines: &[&str], first_line: u64, id: &str) -> Result<usize, ReadError> {
    if let Some(history) = (0..lines.len().min(8)).find(|&i| hand_history_at(lines[i]).is_some()) {
        return Ok(history);
    }
    let last = lines.len().saturating_sub(1);
    Err(ReadError::new(
        Kind::Incomplete,
        say!("the log ends before the hand's '***** Hand History for Game N *****' line (a cut-off hand)"),
    )
    .at(first_line + last as u64)
    .hand(Some(id))
    .expected("***** Hand History for Game N *****")
    .actual(lines.get(last).copied().unwrap_or("")))
}

/// The button's seat of `Seat N is the button`.
fn button_seat(text: &str) -> Option<&str> {
    text.strip_prefix("Seat ")
        .map(|b| b.trim_end_matches(" is the button"))
}

/// The lines from `from` that say the button's seat (`Seat N is the button`) or the table's size
/// (`Total number of players : 2/6`): the index of the first line after them, the button (theirs,
/// else `button`) and the size.
fn table_notes<'a>(
    lines: &[&'a str],
    from: usize,
    button: Option<&'a str>,
) -> (usize, Option<&'a str>, Option<&'a str>) {
    let mut body = from;
    let mut button = button;
    let mut max_seats = None;
    while let Some(line) = lines.get(body) {
        if let Some(b) = line
            .strip_prefix("Seat ")
            .and_then(|l| l.strip_suffix(" is the button"))
        {
            button = Some(b);
        } else if let Some(total) = line.strip_prefix("Total number of players") {
            max_seats = total
                .split_once('/')
                .map(|(_, m)| m.trim())
                .filter(|m| !m.is_empty() && m.bytes().all(|b| b.is_ascii_digit()));
        } else {
            break;
        }
        body += 1;
    }
    (body, button, max_seats)
}

/// The table's name and notes of the table line (`Table Oslo (Real Money)` → `Oslo`).
fn place_of(table_part: &str) -> &str {
    let place = table_part
        .trim()
        .strip_prefix("Table")
        .unwrap_or(table_part)
        .trim();
    [
        "(Real Money)",
        "( Real Money )",
        "(Play Money)",
        "( Play Money )",
    ]
    .iter()
    .find_map(|m| place.strip_suffix(m))
    .unwrap_or(place)
    .trim()
}

/// The (symbol, code) of a cash game's money, from its symbol or code in `text`.
fn currency_of(text: &str) -> Option<(&'static str, &'static str)> {
    [("$", "USD"), ("€", "EUR"), ("£", "GBP")]
        .into_iter()
        .find(|(s, c)| search::contains(text, s) || search::contains(text, c))
}

/// A tournament level's stakes (`Blinds(20/40)`, `Blinds-Antes(1,250/2,500 -250)`, `Stakes(200/400)`:
/// a fixed limit's bets), from the last such line before the deal (the level in play), else the
/// game line's; and whether they are bets.
fn level_stakes(before_deal: &[&str], text: &str) -> Option<((i64, i64), bool)> {
    let level = before_deal
        .iter()
        .rfind(|l| l.starts_with("Blinds") || l.starts_with("Stakes"))
        .copied()
        .or_else(|| {
            ["Blinds", "Stakes"]
                .iter()
                .find_map(|w| search::find(text, w).map(|k| &text[k..]))
        })?;
    let inside = level.split_once('(')?.1.split_once(')')?.0;
    let (low, high) = inside.split_once('/')?;
    // `2,500 -250`, `120-10`: the ante after the dash (it is posted)
    let high = high.split('-').next().unwrap_or(high);
    let stakes = minor_units(low, 0).zip(minor_units(high, 0))?;
    Some((stakes, level.starts_with("Stakes")))
}

/// A tournament's number: `Trny:71207318` (on the game line or before the deal), `(MTT Tournament
/// #303344128)`, else the table's `(2685087)`; empty when the log gives none.
fn tournament_number(text: &str, before_deal: &[&str], place: &str) -> String {
    let digits = |t: &str| {
        t.trim_start()
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap_or("")
            .to_string()
    };
    let trny = |t: &str| search::split_once(t, "Trny:").map(|(_, r)| digits(r));
    trny(text)
        .or_else(|| before_deal.iter().find_map(|l| trny(l)))
        .or_else(|| search::split_once(text, "Tournament #").map(|(_, r)| digits(r)))
        .or_else(|| {
            let (_, r) = place.split_once('(')?;
            let (n, _) = r.split_once(')')?;
            n.bytes().all(|b| b.is_ascii_digit()).then(|| n.to_string())
        })
        .unwrap_or_default()
}

/// A tournament's buy-in: `(Buyin $3.0 + $0.3)` → `$3.0+$0.3`; `$30 Buy-in  + $3 Entry Fee` →
/// `$30+$3`; `€1 EUR Buy-in` → `€1 EUR`.
fn buy_in(text: &str, summary: bool) -> String {
    if summary {
        return search::split_once(text, "(Buyin ")
            .and_then(|(_, r)| r.split_once(')'))
            .map_or(String::new(), |(b, _)| b.replace(' ', ""));
    }
    let after = GAMES
        .iter()
        .find_map(|(w, _, _)| search::find(text, w).map(|k| &text[k + w.len()..]))
        .unwrap_or("");
    let end = ["Trny", "Blinds", "Stakes"]
        .iter()
        .filter_map(|w| search::find(after, w))
        .min()
        .unwrap_or(after.len());
    let text = after[..end].replace("Buy-in", "").replace("Entry Fee", "");
    let mut buy_in = String::new();
    for word in text.split_whitespace() {
        // a currency code keeps its space: `$6 USD`
        if !buy_in.is_empty() && word.bytes().all(|b| b.is_ascii_uppercase()) {
            buy_in.push(' ');
        }
        buy_in.push_str(word);
    }
    buy_in
}

/// `$0.10/$0.25 USD NL ...`, `0.01/0.02 Texas Hold'em Game Table`: the two stakes a game line starts
/// with (a cash game's `$2 USD NL` gives its buy-in only).
fn leading_stakes(text: &str, decimals: u8) -> Option<(i64, i64)> {
    let first = text.split_whitespace().next()?;
    let (low, high) = first.split_once('/')?;
    minor_units(low, decimals).zip(minor_units(high, decimals))
}

/// `Monday, August 30, 16:08:09 EDT 2010`, `Sunday,December 9, 14:34:49 ICT 2012`, `Mon Jul 12
/// 13:38:32 EDT 2010`, `Sunday, July 28, 21:01:39  2013` → `2010/08/30 16:08:09 EDT` (the zone only
/// when the reader knows it).
fn words_date(text: &str) -> Option<String> {
    // the first five words after the weekday: what the date is read from
    let mut words = [""; 5];
    let mut n = 0;
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()).skip(1) {
        words[n] = word;
        n += 1;
        if n == words.len() {
            break;
        }
    }
    let [month, day, time, ..] = words;
    if n < 4 {
        return None;
    }
    let month = MONTHS.iter().position(|m| month.starts_with(m))? + 1;
    let day: u32 = day.parse().ok()?;
    let (zone, year) = match n {
        5 => (Some(words[3]), words[4]),
        _ => (None, words[3]),
    };
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) || time.len() != 8 {
        return None;
    }
    // Moscow's summer time is MSK in the reader's zone names
    let zone = zone
        .map(|z| if z == "MSKS" { "MSK" } else { z })
        .filter(|z| zone_name(z).is_some());
    let mut date = String::with_capacity(32);
    date.push_str(year);
    for (sep, number) in [('/', month as u32), ('/', day)] {
        date.push(sep);
        if number < 10 {
            date.push('0');
        }
        date.push_str(itoa::Buffer::new().format(number));
    }
    date.push(' ');
    date.push_str(time);
    if let Some(zone) = zone {
        date.push(' ');
        date.push_str(zone);
    }
    Some(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_every_way_partypoker_writes_them() {
        assert_eq!(
            words_date("Monday, August 30, 16:08:09 EDT 2010").as_deref(),
            Some("2010/08/30 16:08:09 EDT")
        );
        assert_eq!(
            words_date("Sunday,December 9, 14:34:49 ICT 2012").as_deref(),
            Some("2012/12/09 14:34:49")
        );
        assert_eq!(
            words_date("Mon Jul 12 13:38:32 EDT 2010").as_deref(),
            Some("2010/07/12 13:38:32 EDT")
        );
        assert_eq!(
            words_date("Sunday, July 28, 21:01:39  2013").as_deref(),
            Some("2013/07/28 21:01:39")
        );
    }

    #[test]
    fn buy_ins_as_the_family_writes_them() {
        assert_eq!(
            buy_in("NL Texas Hold'em $30 Buy-in  + $3 Entry Fee  Trny:1", false),
            "$30+$3"
        );
        assert_eq!(
            buy_in("NL Texas Hold'em $ 530 USD Buy-in Trny:3", false),
            "$530 USD"
        );
        assert_eq!(
            buy_in("x Holdem Game Table (NL) (Buyin $3.0 + $0.3)", true),
            "$3.0+$0.3"
        );
    }

    #[test]
    fn stakes_a_game_line_starts_with() {
        assert_eq!(
            leading_stakes("$0.10/$0.25 USD NL Texas Hold'em", 2),
            Some((10, 25))
        );
        assert_eq!(leading_stakes("$2 USD NL Texas Hold'em", 2), None);
        assert_eq!(
            leading_stakes("70000/140000 Tourney Texas Holdem", 0),
            Some((70000, 140_000))
        );
    }

    #[test]
    fn a_tournament_header_cut_short_is_an_error_not_a_panic() {
        // the log ends on the game line: no table line, no seats
        let lines = [
            "#Game No : 1",
            "***** Hand History for Game 1 *****",
            "NL Texas Hold'em $1 USD Buy-in Trny:5 Level:1  Blinds(10/20) - Sunday, July 24, 19:32:00 CEST 2016",
        ];
        for end in 1..=lines.len() {
            let lines = &lines[..end];
            let read =
                head(lines, 1).and_then(|head| Reading::new(&head, lines, 1).translate(lines));
            assert!(read.is_err(), "{end} lines");
        }
    }
}
