//! iPoker's XML logs as the splitter sees them: a `<session>` whose `<general>` header is the context of
//! every `<game>` after it. A hand is one `<game gamecode="...">` element, wherever it starts (most start
//! on the line the previous one ends on, `</game><game gamecode="...">`); the session header before the
//! games is not a hand and not quarantined: it is appended to each of its games' text, after the game,
//! so that a hand's text reads again on its own and its lines keep the log's numbers.

use std::borrow::Cow;
use std::sync::LazyLock;

use memchr::memmem::{self, Finder};

use crate::read::SESSION_MARK;

/// The start of a game element: the mark of an iPoker hand.
pub const GAME_MARK: &str = "<game gamecode=\"";
/// The end of a game element.
const GAME_END: &str = "</game>";
/// The XML declaration a log (and each session of a log of several) starts with.
const DECLARATION: &str = "<?xml";

/// The searches made once per game, built once (a search's setup costs as much as a game's search).
static GAME_END_FINDER: LazyLock<Finder<'static>> =
    LazyLock::new(|| Finder::new(GAME_END.as_bytes()));
static SESSION_FINDER: LazyLock<Finder<'static>> =
    LazyLock::new(|| Finder::new(SESSION_MARK.as_bytes()));

/// Where the game elements of a text start.
pub fn game_starts(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memmem::find_iter(bytes, GAME_MARK.as_bytes())
}

/// Whether a hand's text is an iPoker game element.
pub fn is_game(text: &str) -> bool {
    text.trim_start().starts_with(GAME_MARK)
}

/// Where a game's text ends: after its `</game>`; a game cut off (no `</game>`) ends where another
/// session's text starts (`<?xml`, `<session`), or with the text.
pub fn game_end(text: &str) -> usize {
    let bytes = text.as_bytes();
    if let Some(at) = GAME_END_FINDER.find(bytes) {
        return at + GAME_END.len();
    }
    let next = [DECLARATION, SESSION_MARK].map(|mark| memmem::find(bytes, mark.as_bytes()));
    next.into_iter().flatten().min().unwrap_or(text.len())
}

/// The session header in a stretch of text between games (from `<session` to its end, without the
/// white space after it), if one starts there; and the text that is neither it nor XML's framing (the
/// `<?xml ...?>` declaration, `</session>`), which is text that is not a hand.
pub fn session_header(text: &str) -> (Option<&str>, Cow<'_, str>) {
    let (before, session) = match SESSION_FINDER.find(text.as_bytes()) {
        Some(at) => (&text[..at], Some(text[at..].trim_end())),
        None => (text, None),
    };
    if !before.contains('<') {
        return (session, Cow::Borrowed(before)); // no framing to cut (most often white space)
    }
    let mut rest = before.replace("</session>", "");
    while let Some(at) = rest.find(DECLARATION) {
        let end = rest[at..].find("?>").map_or(rest.len(), |e| at + e + 2);
        rest.replace_range(at..end, "");
    }
    (session, Cow::Owned(rest))
}

/// A game's text with its session header after it.
pub fn with_session(game: &str, session: Option<&str>) -> String {
    let game = game.trim_end();
    let mut own = String::with_capacity(game.len() + 1 + session.map_or(0, str::len));
    own.push_str(game);
    if let Some(session) = session {
        own.push('\n');
        own.push_str(session);
    }
    own
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_header_is_cut_from_the_framing() {
        let text = "<?xml version=\"1.0\"?>\n<session sessioncode=\"1\">\n<general/>\n  ";
        let (session, rest) = session_header(text);
        assert_eq!(session, Some("<session sessioncode=\"1\">\n<general/>"));
        assert!(matches!(rest, Cow::Owned(_)));
        assert_eq!(rest.trim(), "");
        let (session, rest) = session_header("\n</session>\njunk\n");
        assert_eq!((session, rest.trim()), (None, "junk"));
    }

    #[test]
    fn a_game_ends_after_its_closing_tag() {
        let game = "<game gamecode=\"1\"><general/></game>\n</session>";
        assert_eq!(
            &game[..game_end(game)],
            "<game gamecode=\"1\"><general/></game>"
        );
        assert!(is_game(game) && !is_game("<session>"));
        let cut = "<game gamecode=\"1\"><round no=\"0\"></round>\n<?xml?><session>";
        assert_eq!(
            &cut[..game_end(cut)],
            "<game gamecode=\"1\"><round no=\"0\"></round>\n"
        );
        assert_eq!(
            with_session("<game/>\n", Some("<session>")),
            "<game/>\n<session>"
        );
    }
}
