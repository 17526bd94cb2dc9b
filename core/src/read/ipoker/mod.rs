//! iPoker's XML logs (a `<session>` of `<game>` elements): each game read as data ([`game`]) from its
//! lines, straight from a pull scanner of the XML iPoker writes ([`pull`]), or from the list of its
//! elements ([`xml`]: roxmltree's where the scanner does not read them, or the game has a fault), and
//! told to the builder of the hand ([`super::events`], [`body`]), the hand keeping the log's raw
//! text and the line of each action and deal.
//!
//! What iPoker writes differently:
//! - One hand is one `<game gamecode="...">` element; what it is a game of (`<gametype>Holdem NL
//!   $0.05/$0.10</gametype>`), the table, the currency, the log's owner (`<nickname>`) and a
//!   tournament's id and buy-in are in the session's `<general>` header, before the games. The
//!   splitter appends that header to each game's text ([`crate::split`]), so a hand reads on its own.
//! - Players are attributes (`<player seat="3" name="A" chips="$0.88" dealer="1" win="$0" bet="$0"/>`);
//!   `win` counts the uncalled bet in (but where the session's header says
//!   `<uncalled_bet_enabled>true` or names a client of version 20 or later), and no line gives the
//!   uncalled bet, the total or the rake: they come from the betting.
//! - Actions are numbered types (`<action no="5" player="A" type="23" sum="$0.30"/>`: a raise to
//!   $0.30), written player by player: their order is their `no`'s.
//! - Cards are `H3 CJ`, `D10`, hidden `X`; stud streets are `Second Street` to `River`.
//! - Amounts carry a sign or a code (`$`, `£`, `RSD`), and may have a decimal comma (`€0,50`) or
//!   thousands commas (`1,500`).

use super::errors::ReadError;
use super::events::Builder;
use super::{HandText, Lookups};
use crate::model::Hand;
use crate::read::SESSION_MARK;
use crate::say;

mod amounts;
mod body;
#[cfg(test)]
mod dump;
mod game;
mod head;
mod known;
mod pull;
mod session;
mod xml;

/// The site of every hand.
pub const SITE: &str = "iPoker";

/// Read one iPoker game (its stripped lines, its session's header after them; `raw` gives its text).
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        dialect,
        raw,
    } = hand;
    let first = lines.first().copied().unwrap_or("");
    let place = |err: ReadError| {
        // the game's code as its first line gives it, looked for only where there is a fault
        let id = game::game_code(first).unwrap_or("");
        let err = err.hand(Some(id).filter(|i| !i.is_empty()));
        let line = err.line.unwrap_or(0);
        let actual = lines.get(line as usize).copied().unwrap_or(first);
        let err = if err.actual.is_none() {
            err.actual(crate::read::pystr::head(actual, 120))
        } else {
            err
        };
        err.at(first_line + line)
    };
    let split = lines
        .iter()
        .position(|l| l.starts_with(SESSION_MARK))
        .unwrap_or(lines.len());
    let (game_lines, session_lines) = lines.split_at(split);
    if session_lines.is_empty() {
        let err = ReadError::malformed(say!("a <game> with no <session> header before it"))
            .at(0)
            .expected("<session sessioncode=\"...\"><general>...</general> before the games");
        return Err(place(err));
    }
    let session = session::session_of(session_lines).map_err(|e| place(e.at(0)))?;
    let decimals = if session.tournament.is_some() { 0 } else { 2 };
    let mut kept = String::new();
    let elements;
    let game = match game::read_lines(game_lines, decimals) {
        Some(game) => game,
        None => {
            elements = xml::read(game_lines, &mut kept).map_err(place)?;
            game::read_game(&elements, decimals).map_err(place)?
        }
    };
    let family = session.game.unwrap_or_else(|| head::by_pocket(&game));
    let stakes = head::stakes(&session, &game, family).map_err(place)?;
    body::check(&game, family).map_err(place)?;
    let date = game.start.and_then(head::date);
    let header = head::family_header(
        &session,
        &game,
        family,
        decimals,
        stakes,
        date.as_deref(),
        first_line,
        lookups,
    )?;
    let mut st = Builder::start(header, lines, first_line, dialect, lookups)?;
    let mut ipoker = body::Body::new(&session, &game, family, decimals, split.saturating_sub(1));
    ipoker.read(&mut st)?;
    let hand = st.build(path, raw());
    drop(ipoker);
    game::recycle(game);
    Ok(hand)
}
