//! The session's `<general>` header, which every game of the session needs: the game and its stakes
//! (`<gametype>Holdem NL $0.05/$0.10</gametype>`), the table, the currency, the log's owner
//! (`<nickname>`) and, in a tournament's log, the tournament and its buy-in.

use std::cell::RefCell;
use std::rc::Rc;

use roxmltree::Document;

use super::amounts::minor_units;
use crate::read::errors::{Kind, ReadError};
use crate::read::pystr::repr;
use crate::say;

/// iPoker's game words (the first that the game type starts with) and the family's. A game type with
/// no game word (`PL €0,50/€1`) is named by the number of pocket cards dealt.
const GAMES: [(&str, Family); 7] = [
    ("Six Plus Holdem", Family::ShortDeck),
    ("Holdem", Family::Holdem),
    ("LH", Family::Holdem),
    ("Omaha", Family::Omaha),
    ("5 Card Stud", Family::Stud5),
    ("7 Card Stud", Family::Stud7),
    ("", Family::ByPocket),
];

/// iPoker's words for a game's hi/lo split (`Omaha Hi-Lo PL`, `7 Card Stud HiLow L`).
const HI_LO: [&str; 2] = ["Hi-Lo", "HiLow"];

/// iPoker's structure words and the family's (`SL` is a no-limit game's, in some logs).
const STRUCTURES: [(&str, &str); 5] = [
    ("NL", "No Limit"),
    ("SL", "No Limit"),
    ("PL", "Pot Limit"),
    ("L", "Limit"),
    ("Limit", "Limit"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Holdem,
    ShortDeck,
    Omaha,
    Stud5,
    Stud7,
    /// Hold'em or Omaha as the pocket cards say.
    ByPocket,
}

impl Family {
    pub fn is_stud(self) -> bool {
        matches!(self, Family::Stud5 | Family::Stud7)
    }
}

/// What a session's header says.
#[derive(Debug, Default)]
pub struct Session {
    pub game: Option<Family>,
    pub structure: &'static str,
    /// Whether the pot is split high and low (the game type says `Hi-Lo` or `HiLow`).
    pub hilo: bool,
    /// The two stakes of the game type, in minor units, when it gives them.
    pub stakes: Option<(i64, i64)>,
    pub table: String,
    pub currency: String,
    pub hero: Option<String>,
    /// (tournament id, buy-in as printed) of a tournament's log.
    pub tournament: Option<(String, Option<String>)>,
    /// Whether a player's `win` counts the uncalled bet given back to them: it does, but where the header
    /// says `<uncalled_bet_enabled>true</uncalled_bet_enabled>` or the client is version 20 or later
    /// (`<client_version>21.9.2.9</client_version>`), as fpdb reads these logs.
    pub uncalled_in_win: bool,
}

fn field(doc: &Document<'_>, name: &str) -> Option<String> {
    let general = doc
        .root_element()
        .children()
        .find(|n| n.has_tag_name("general"))?;
    let node = general.children().find(|n| n.has_tag_name(name))?;
    let text = node.text().unwrap_or("").trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// How many session headers [`session_of`] keeps on a thread: a file's games share one, and a file
/// of several sessions (or a run of files) goes back to the few it has seen.
const KEPT_SESSIONS: usize = 64;

thread_local! {
    /// The session headers read last on this thread (their lines joined), the latest first, and what
    /// each says.
    static KEPT: RefCell<Vec<(String, Rc<Session>)>> = const { RefCell::new(Vec::new()) };
}

/// Whether `lines` joined by line breaks are `text`, without joining them.
fn joined_is(lines: &[&str], text: &str) -> bool {
    let length = lines.iter().map(|l| l.len()).sum::<usize>() + lines.len().saturating_sub(1);
    if length != text.len() {
        return false;
    }
    let mut rest = text.as_bytes();
    for (k, line) in lines.iter().enumerate() {
        let (head, tail) = rest.split_at(line.len());
        if head != line.as_bytes() {
            return false;
        }
        rest = if k + 1 < lines.len() {
            &tail[1..]
        } else {
            tail
        };
    }
    true
}

/// [`read_session`] of a game's session lines (from `<session` to the end of its `<general>`), the
/// headers read last on this thread kept (every game of a session carries its header).
pub fn session_of(lines: &[&str]) -> Result<Rc<Session>, ReadError> {
    let known = KEPT.with_borrow_mut(|kept| {
        let at = kept.iter().position(|(seen, _)| joined_is(lines, seen))?;
        kept[..=at].rotate_right(1);
        Some(Rc::clone(&kept[0].1))
    });
    if let Some(session) = known {
        return Ok(session);
    }
    let text = lines.join("\n");
    let session = Rc::new(read_session(&text)?);
    KEPT.with_borrow_mut(|kept| {
        kept.truncate(KEPT_SESSIONS - 1);
        kept.insert(0, (text, Rc::clone(&session)));
    });
    Ok(session)
}

/// Read a session's header (its text from `<session` to the end of its `<general>`).
pub fn read_session(text: &str) -> Result<Session, ReadError> {
    let closed = format!("{text}\n</session>");
    let doc = Document::parse(&closed).map_err(|err| {
        ReadError::malformed(say!(
            "broken XML in the session header: {error}",
            error = err.to_string()
        ))
        .expected("<session sessioncode=\"...\"><general>...</general>")
    })?;
    let game_type = field(&doc, "gametype").ok_or_else(|| {
        ReadError::malformed(say!("a session header without its <gametype>"))
            .expected("<gametype>Holdem NL $0.05/$0.10</gametype>")
    })?;
    let (game, structure, stakes) = game_words(&game_type)?;
    let table = field(&doc, "tablename").unwrap_or_default();
    // the table's currency, where the header gives it: `<currency>` is the account's (a Canadian
    // account's log of a euro table says CAD)
    let currency = field(&doc, "tablecurrency")
        .or_else(|| field(&doc, "currency"))
        .unwrap_or_default();
    let tournament = tournament(&doc, &table, stakes.is_none());
    let decimals = if tournament.is_some() { 0 } else { 2 };
    let stake = |text: &str| {
        minor_units(text, decimals).map_err(|err| {
            let reason = say!(
                "{amount} in the game type {game_type} is not an amount",
                amount = repr(text),
                game_type = format!("{game_type:?}")
            );
            ReadError::malformed(reason)
                .expected(err.expected.unwrap_or_default())
                .actual(game_type.as_str())
        })
    };
    let stakes = match stakes {
        Some((low, high)) => Some((stake(low)?, stake(high)?)),
        None => None,
    };
    let hilo = game_type.split_whitespace().any(|w| HI_LO.contains(&w));
    Ok(Session {
        game,
        structure,
        hilo,
        stakes,
        table,
        currency,
        hero: field(&doc, "nickname"),
        tournament,
        uncalled_in_win: uncalled_in_win(&doc),
    })
}

fn uncalled_in_win(doc: &Document<'_>) -> bool {
    let enabled = field(doc, "uncalled_bet_enabled").is_some_and(|e| e == "true");
    let version = field(doc, "client_version");
    let major = version
        .as_deref()
        .and_then(|v| v.split('.').next()?.parse::<u32>().ok());
    !enabled && major.is_none_or(|m| m < 20)
}

type GameWords<'a> = (Option<Family>, &'static str, Option<(&'a str, &'a str)>);

/// `Holdem NL $0.05/$0.10` → (game, structure, stakes as printed); `LH 20/40 x2 Limit $10.00/$20.00`;
/// `PL €0,50/€1` (no game word); `7 Card Stud L` (a tournament's: no stakes).
fn game_words(text: &str) -> Result<GameWords<'_>, ReadError> {
    let (&(word, family), rest) = GAMES
        .iter()
        .find_map(|g| text.strip_prefix(g.0).map(|rest| (g, rest)))
        .expect("the empty game word fits every game type");
    let words: Vec<&str> = rest.split_whitespace().collect();
    let structure = words
        .iter()
        .rev()
        .find_map(|w| STRUCTURES.iter().find(|(s, _)| s == w))
        .map(|&(_, s)| s);
    let structure = match (structure, word) {
        (Some(s), _) => s,
        (None, "LH") => "Limit",
        _ => {
            return Err(ReadError::new(
                Kind::Unsupported,
                say!("unsupported game type: {text}", text),
            )
            .expected("a game type such as 'Holdem NL $0.05/$0.10' or '7 Card Stud L'"));
        }
    };
    let stakes = words
        .last()
        .and_then(|w| w.split_once('/'))
        .filter(|(low, high)| {
            low.bytes().any(|b| b.is_ascii_digit()) && high.bytes().any(|b| b.is_ascii_digit())
        });
    let game = (family != Family::ByPocket).then_some(family);
    Ok((game, structure, stakes))
}

/// (id, buy-in) of a tournament's log: `<tournamentcode>`, or the `(#16727068)` or last number of its
/// name or table; a session with no stakes in its game type is a tournament's too.
fn tournament(
    doc: &Document<'_>,
    table: &str,
    no_stakes: bool,
) -> Option<(String, Option<String>)> {
    let name = field(doc, "tournamentname");
    let code = field(doc, "tournamentcode");
    if code.is_none() && name.is_none() && !no_stakes {
        return None;
    }
    let from_text = |text: &str| {
        if let Some((_, after)) = text.rsplit_once("(#") {
            let id: String = after.chars().take_while(char::is_ascii_digit).collect();
            return (!id.is_empty()).then_some(id);
        }
        let last = text.rsplit([',', ' ']).find(|w| !w.is_empty())?;
        last.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| last.to_string())
    };
    let id = code
        .or_else(|| name.as_deref().and_then(from_text))
        .or_else(|| from_text(table))
        .unwrap_or_else(|| "0".to_string());
    let buy_in = field(doc, "buyin").map(|b| b.replace(' ', ""));
    Some((id, buy_in))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_types_in_each_form() {
        let (g, s, k) = game_words("Holdem NL $0.05/$0.10").unwrap();
        assert_eq!(
            (g, s, k),
            (Some(Family::Holdem), "No Limit", Some(("$0.05", "$0.10")))
        );
        let (g, s, k) = game_words("LH 20/40 x2 Limit $10.00/$20.00").unwrap();
        assert_eq!(
            (g, s, k),
            (Some(Family::Holdem), "Limit", Some(("$10.00", "$20.00")))
        );
        let (g, s, k) = game_words("PL €0,50/€1").unwrap();
        assert_eq!((g, s, k), (None, "Pot Limit", Some(("€0,50", "€1"))));
        let (g, s, k) = game_words("7 Card Stud L").unwrap();
        assert_eq!((g, s, k), (Some(Family::Stud7), "Limit", None));
        assert_eq!(
            game_words("Six Plus Holdem NL ").unwrap().0,
            Some(Family::ShortDeck)
        );
        assert!(game_words("Badugi").is_err());
    }

    #[test]
    fn lines_are_compared_with_a_kept_header_unjoined() {
        assert!(joined_is(&["<a>", "", "b"], "<a>\n\nb"));
        assert!(joined_is(&[""], ""));
        assert!(joined_is(&[], ""));
        assert!(!joined_is(&["<a>", "b"], "<a>b\n"));
        assert!(!joined_is(&["<a>", "b"], "<a>\nc"));
        assert!(!joined_is(&["<a>b"], "<a>\nb"));
        let header = |table: &str| {
            format!("<session sessioncode=\"1\"><general><gametype>Holdem NL $1/$2</gametype>\n<tablename>{table}</tablename></general>")
        };
        let (one, two) = (header("One"), header("Two"));
        let lines = |text: &str| text.split('\n').map(str::to_string).collect::<Vec<_>>();
        let read = |text: &str| {
            let owned = lines(text);
            let lines: Vec<&str> = owned.iter().map(String::as_str).collect();
            session_of(&lines).unwrap()
        };
        let first = read(&one);
        assert_eq!(read(&two).table, "Two");
        assert!(
            Rc::ptr_eq(&first, &read(&one)),
            "a header seen before is kept"
        );
        assert_eq!(first.table, "One");
    }

    #[test]
    fn a_tournament_s_session() {
        let text = "<session sessioncode=\"1\"><general><gametype>Holdem NL</gametype>\
            <tablename>Hyper Turbo (500 Chips) (#16727068)</tablename><currency>USD</currency>\
            <nickname>Hero</nickname><buyin>$100+$5</buyin></general>";
        let s = read_session(text).unwrap();
        assert_eq!(
            s.tournament,
            Some(("16727068".to_string(), Some("$100+$5".to_string())))
        );
        assert_eq!(
            (s.hero.as_deref(), s.currency.as_str()),
            (Some("Hero"), "USD")
        );
    }
}
