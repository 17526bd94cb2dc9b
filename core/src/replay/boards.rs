//! The showdown, board by board (RULES.md §5, the last two items): each live player's hand valued
//! on every board the hand was dealt (one; two when it is run twice: the cards dealt before the
//! all-in and each run's own cards), and each hand description the log prints checked against the
//! board it was made on.
//!
//! PokerStars runs a hand twice as `*** FIRST TURN ***`, `*** SECOND TURN ***`...,
//! `*** FIRST SHOW DOWN ***` and `*** SECOND SHOW DOWN ***`: a `shows [..] (description)` line under a
//! show down (the action's `run`) describes the hand on that board; one the log does not place
//! (`run` 0) may describe it on any board.

use crate::cards::Card;
use crate::model::ActionKind;
use crate::say;

use super::auditor::{Auditor, Who};
use super::describe::HandDescription;
use super::findings::{Code, Finding};
use super::held::Held;
use super::judge::share_hands;
use super::Fault;

/// How PokerStars and the Sökö format describe hands; other sites' words are not checked.
const DESCRIPTION_FORMS: [&str; 12] = [
    "HI: ",
    "Lo: ",
    "high card ",
    "a pair of ",
    "two pair, ",
    "three of a kind, ",
    "a straight",
    "a flush, ",
    "a full house, ",
    "four of a kind, ",
    "a Royal Flush",
    "a four-",
];

/// The hands at showdown on one board.
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// One list per share of the pot (a player left out of a share's list does not qualify for
    /// it): the values of the live players' hands that the log shows in full.
    pub values: Vec<Vec<(Who, u32)>>,
    /// Each valued hand's description (`HI: a pair of Tens; LO: 8,6,4,2,A`).
    pub described: Vec<(Who, HandDescription)>,
}

impl Board {
    /// The description of a player's hand on this board, if it was valued.
    pub fn description(&self, who: Who) -> Option<&HandDescription> {
        let found = self.described.iter().find(|(p, _)| *p == who);
        found.map(|(_, d)| d)
    }
}

/// The community cards of each board, in the order dealt: the shared cards, then the run's own.
/// One board when the hand was not run twice (or nothing was dealt).
pub fn board_cards(shared: &Held, runs: &[Held]) -> Vec<Held> {
    if runs.is_empty() {
        return vec![shared.clone()];
    }
    runs.iter()
        .map(|own| {
            let mut board = shared.clone();
            board.extend(own.as_slice().iter().copied());
            board
        })
        .collect()
}

/// Value the live players' hands on every board and check the log's descriptions; the first
/// board's hands are the verdict's `showdown`.
pub fn showdown(ctx: &mut Auditor) -> Result<Vec<Board>, Fault> {
    let seats = ctx.table.seats.len();
    let boards = board_cards(&ctx.shared, &ctx.runs);
    if ctx.table.live_count() == 1 {
        // Nobody to beat: the one player left wins every board.
        let only = (0..seats).find(|&i| ctx.table.seats[i].live());
        let values = vec![only.map(|i| (i, 0)).into_iter().collect()];
        let board = Board {
            values,
            ..Board::default()
        };
        return Ok(vec![board; boards.len()]);
    }
    let mut valued = Vec::with_capacity(boards.len());
    for cards in &boards {
        valued.push(value_board(ctx, cards.as_slice())?);
    }
    if let Some(first) = valued.first() {
        ctx.result.showdown = first.described.clone();
    }
    check_descriptions(ctx, &valued);
    Ok(valued)
}

/// The live players' hands that the log shows in full, valued on one board.
fn value_board(ctx: &Auditor, board: &[Card]) -> Result<Board, Fault> {
    let seats = ctx.table.seats.len();
    let needed = usize::from(ctx.spec.cards_per_player() + ctx.spec.board_cards());
    let shares = ctx.values.map_or(1, |j| j.shares());
    let mut out = Board {
        values: vec![Vec::with_capacity(seats); shares],
        ..Board::default()
    };
    for i in (0..seats).filter(|&i| ctx.table.seats[i].live()) {
        let mut cards = Held::new();
        let mut own = 0;
        for (from_board, &c) in ctx.known[i]
            .as_slice()
            .iter()
            .map(|c| (false, c))
            .chain(board.iter().map(|c| (true, c)))
        {
            if !cards.contains(&c) {
                cards.push(c);
                own += usize::from(!from_board);
            }
        }
        let cards = cards.as_slice();
        if cards.len() < needed {
            continue;
        }
        let judge = ctx
            .values
            .ok_or_else(|| Fault(format!("no evaluator for the ranking {}", ctx.spec.ranking)))?;
        let (own, board) = cards[..needed].split_at(own.min(needed));
        let (found, description) = share_hands(judge, own, board).map_err(Fault)?;
        for (list, value) in out.values.iter_mut().zip(found) {
            list.extend(value.map(|v| (i, v)));
        }
        out.described.push((i, description));
    }
    Ok(out)
}

/// Each `shows` line's description against the hand on its board (any board where the log does
/// not say which); the kickers a description adds are not compared.
fn check_descriptions(ctx: &mut Auditor, boards: &[Board]) {
    let hand = ctx.hand;
    for (index, action) in hand.actions.iter().enumerate() {
        if action.kind != ActionKind::Show {
            continue;
        }
        let Some(text) = action.text.as_deref() else {
            continue;
        };
        if !DESCRIPTION_FORMS.iter().any(|f| text.starts_with(f)) {
            continue;
        }
        let who = ctx.actors[index];
        let run = usize::from(action.run);
        let described: Vec<&HandDescription> = match boards.get(run.wrapping_sub(1)) {
            Some(board) if run >= 1 => board.description(who).into_iter().collect(),
            _ => boards.iter().filter_map(|b| b.description(who)).collect(),
        };
        let on: Vec<String> = described.iter().map(|d| d.english()).collect();
        let Some(&ours) = described.first() else {
            continue;
        };
        // `HI: three of a kind, Jacks - Ace+Queen kicker; LO: 8,5,3,2,A`: each share's part
        // without its kickers
        let parts: Vec<&str> = text
            .split("; ")
            .map(|part| py_strip(part.split(" - ").next().unwrap_or("")))
            .collect();
        let said = parts.join("; ");
        let said = said.as_str();
        if on
            .iter()
            .any(|o| said == *o || casefold(said) == casefold(o))
        {
            continue;
        }
        let player = &action.player;
        let message = if boards.len() > 1 && run >= 1 {
            say!(
                "The log describes {player}'s hand on board {board} as {said}, but it is {ours} \
                 by the rules.",
                player,
                board = run,
                said,
                ours
            )
        } else {
            say!(
                "The log describes {player}'s hand as {said}, but it is {ours} by the rules.",
                player,
                said,
                ours
            )
        };
        ctx.find(
            Finding::new(Code::HandDescription, message)
                .at(index)
                .player(&action.player)
                .expected(ours.said())
                .actual(said.to_string()),
        );
    }
}

/// Python's `str.strip()`: Unicode whitespace and the ASCII separators 0x1C..0x1F.
fn py_strip(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || ('\x1c'..='\x1f').contains(&c))
}

/// Python's `str.casefold()` for comparing with an ASCII description: lower case, with the
/// characters whose folding differs from their lower case (ß, ſ, ligatures) spelled out.
fn casefold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            'ß' | 'ẞ' => out.push_str("ss"),
            'ſ' => out.push('s'),
            'ﬀ' => out.push_str("ff"),
            'ﬁ' => out.push_str("fi"),
            'ﬂ' => out.push_str("fl"),
            'ﬃ' => out.push_str("ffi"),
            'ﬄ' => out.push_str("ffl"),
            'ﬅ' | 'ﬆ' => out.push_str("st"),
            _ => out.extend(c.to_lowercase()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strip_and_casefold_follow_python() {
        assert_eq!(py_strip("\x1c a pair of Kings \u{3000}"), "a pair of Kings");
        assert_eq!(casefold("A Pair of KINGS"), "a pair of kings");
        assert_eq!(casefold("Straße"), "strasse");
    }
}
