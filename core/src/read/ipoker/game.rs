//! One `<game>` element as data: its players, its rounds' cards and actions (in the order of their
//! `no`, which is not the order iPoker writes them in), each with the log's line it is on.

use super::amounts::minor_units;
use super::xml::{same_name, Element, Elements};
use crate::read::errors::{Kind, ReadError};
use crate::read::events::same;

/// iPoker's action types (`<action type="N">`), as the corpus and fpdb's reader use them.
pub mod code {
    pub const FOLD: u32 = 0;
    pub const SMALL_BLIND: u32 = 1;
    pub const BIG_BLIND: u32 = 2;
    pub const CALL: u32 = 3;
    pub const CHECK: u32 = 4;
    pub const BET: u32 = 5;
    /// A raise by the amount (old logs).
    pub const RAISE_BY: u32 = 6;
    /// All in: the amount added.
    pub const ALL_IN: u32 = 7;
    /// Sitting out, waiting: no chips, no turn.
    pub const SITS_OUT: [u32; 2] = [8, 9];
    pub const ANTE: u32 = 15;
    pub const BRING_IN: u32 = 16;
    /// A raise to the amount (the street's total).
    pub const RAISE_TO: u32 = 23;
}

/// A seat of the game's `<players>`.
#[derive(Clone, Debug)]
pub struct Player<'e> {
    pub seat: &'e str,
    pub name: &'e str,
    pub chips: i64,
    pub dealer: bool,
    /// What the player won, the uncalled bet given back included (iPoker counts it in).
    pub win: i64,
    pub line: usize,
}

/// A `<cards type="..." player="...">` element: the street's name, whose cards (none: the board), the
/// cards as printed (`H3 CJ`, `X X`, `D10`).
#[derive(Clone, Debug)]
pub struct Dealt<'e> {
    pub round: u32,
    pub street: &'e str,
    pub player: Option<&'e str>,
    /// The index in the game's players of the first of that name (None: no player has it).
    pub seat: Option<usize>,
    cards: &'e str,
    pub line: usize,
}

impl<'e> Dealt<'e> {
    /// The cards as printed, one by one.
    pub fn cards(&self) -> impl Iterator<Item = &'e str> {
        self.cards.split_whitespace()
    }
}

/// An `<action no=".." player=".." type="N" sum="..">`.
#[derive(Clone, Debug)]
pub struct Action<'e> {
    pub round: u32,
    pub no: u32,
    pub player: &'e str,
    /// The index in the game's players of the first of that name (None: no player has it).
    pub seat: Option<usize>,
    pub kind: u32,
    pub sum: i64,
    pub line: usize,
}

/// What a game says.
#[derive(Debug, Default)]
pub struct Game<'e> {
    pub code: &'e str,
    pub start: Option<&'e str>,
    pub players: Vec<Player<'e>>,
    pub dealt: Vec<Dealt<'e>>,
    pub actions: Vec<Action<'e>>,
    /// The rounds that have cards or actions, in order.
    pub rounds: Vec<u32>,
}

/// An element being read, with the game's elements it is one of.
#[derive(Clone, Copy)]
struct Node<'e, 'a> {
    all: &'e Elements<'a>,
    element: &'e Element<'a>,
}

impl<'e> Node<'e, '_> {
    fn name(&self) -> &'e str {
        self.element.name
    }

    fn line(&self) -> usize {
        self.element.line
    }

    fn get(&self, name: &str) -> Option<&'e str> {
        self.all.attribute(self.element, name)
    }

    /// The values of the attributes `names` (None where it has none), read in one pass over its
    /// attributes: an attribute's first value, as [`Elements::attribute`] gives it.
    fn fetch<const N: usize>(&self, names: [&str; N]) -> [Option<&'e str>; N] {
        let mut found = [None; N];
        for (name, value) in self.all.attributes_of(self.element) {
            let bytes = name.as_bytes();
            let wanted = names.iter().position(|w| {
                w.len() == bytes.len()
                    && w.as_bytes().first() == bytes.first()
                    && same_name(w, name)
            });
            if let Some(k) = wanted {
                found[k] = found[k].or(Some(*value));
            }
        }
        found
    }

    /// An attribute a log must give, or the error that says which is missing (placed on its line).
    fn attribute(&self, name: &str) -> Result<&'e str, ReadError> {
        self.required(name, self.get(name))
    }

    /// [`Node::attribute`] of a value fetched.
    fn required(&self, name: &str, value: Option<&'e str>) -> Result<&'e str, ReadError> {
        match value {
            Some(value) => Ok(value),
            None => Err(self.missing(name)),
        }
    }

    /// The error of an attribute missing (apart: the rare case).
    #[cold]
    #[inline(never)]
    fn missing(&self, name: &str) -> ReadError {
        ReadError::malformed(format!(
            "a <{}> element without its {name} attribute",
            self.name()
        ))
        .at(self.line() as u64)
        .expected(format!("<{} {name}=\"...\">", self.name()))
    }

    /// An amount attribute in minor units (`decimals` after the point). None of those read may be
    /// negative: a stack, a bet and what a player collected (`win`) are not.
    fn amount(&self, name: &str, value: Option<&str>, decimals: u8) -> Result<i64, ReadError> {
        let text = self.required(name, value)?;
        let line = self.line() as u64;
        let value = minor_units(text, decimals).map_err(|err| {
            ReadError::malformed(format!("{name}={text:?} is not an amount"))
                .at(line)
                .expected(err.expected.unwrap_or_default())
                .actual(text)
        })?;
        if value < 0 {
            return Err(ReadError::malformed(format!(
                "{name}={text:?} is negative: a <{}>'s {name} is a count of chips",
                self.name()
            ))
            .at(line)
            .expected(format!("{name} of 0 or more"))
            .actual(text));
        }
        Ok(value)
    }

    /// What a player won or bet: a partial export (players and blinds only) gives neither, and is not
    /// a whole hand.
    fn outcome(&self, name: &str, value: Option<&str>, decimals: u8) -> Result<i64, ReadError> {
        if value.is_none() {
            let reason = format!(
                "a partial game: its players have no {name} attribute (an export of the seats and blinds only, \
                 without the betting or who won)"
            );
            return Err(ReadError::new(Kind::Incomplete, reason)
                .at(self.line() as u64)
                .expected(format!("<player ... {name}=\"...\">")));
        }
        self.amount(name, value, decimals)
    }
}

/// Read a game's elements ([`xml::read`] of its lines).
pub fn read_game<'e>(elements: &'e Elements<'_>, decimals: u8) -> Result<Game<'e>, ReadError> {
    let node = |element| Node {
        all: elements,
        element,
    };
    let mut list = elements.list.iter().map(node);
    let root = list.next().filter(|r| r.name() == "game").ok_or_else(|| {
        ReadError::malformed("not a <game> element")
            .at(0)
            .expected("<game gamecode=\"...\">")
    })?;
    let [seats, deals, actions] = counts(elements);
    let mut game = Game {
        code: root.attribute("gamecode")?,
        players: Vec::with_capacity(seats),
        dealt: Vec::with_capacity(deals),
        actions: Vec::with_capacity(actions),
        ..Game::default()
    };
    // the names of the element's parent (depth 1) and grandparent, and the round it is in
    let (mut outer, mut inner, mut round) = ("", "", 0);
    for node in list {
        match (node.element.depth, outer, inner, node.name()) {
            (1, _, _, name) => {
                outer = name;
                if name == "round" {
                    round = round_no(node)?;
                }
            }
            (2, _, _, name) => {
                inner = name;
                match (outer, name) {
                    ("general", "startdate") => game.start = node.element.text,
                    ("round", "cards") => game.dealt.push(dealt(node, round)?),
                    ("round", "action") => game.actions.push(action(node, round, decimals)?),
                    _ => {}
                }
            }
            (3, "general", "players", "player") => {
                if let Some(player) = player(node, decimals)? {
                    game.players.push(player);
                }
            }
            _ => {}
        }
    }
    // iPoker writes a round's actions player by player: their order is their numbers'
    if !game.actions.is_sorted_by_key(|a| (a.round, a.no)) {
        game.actions.sort_by_key(|a| (a.round, a.no));
    }
    // a round's deals in the order they are written, the rounds in order
    if !game.dealt.is_sorted_by_key(|d| d.round) {
        game.dealt.sort_by_key(|d| d.round);
    }
    game.rounds = rounds_of(&game);
    seat_players(&mut game);
    Ok(game)
}

/// Each deal's and action's player found once among the game's players (by name; the first of it).
fn seat_players(game: &mut Game<'_>) {
    let players = &game.players;
    let seat_of = |name: &str| players.iter().position(|p| same(p.name, name));
    for d in &mut game.dealt {
        d.seat = seat_of(d.player.unwrap_or(""));
    }
    for a in &mut game.actions {
        a.seat = seat_of(a.player);
    }
}

/// How many `<player>`, `<cards>` and `<action>` elements a game has at most: the room its lists need.
fn counts(elements: &Elements<'_>) -> [usize; 3] {
    let mut counts = [0; 3];
    for element in &elements.list {
        let k = match (element.depth, element.name.len()) {
            (3, 6) => 0,
            (2, 5) => 1,
            (2, 6) => 2,
            _ => continue,
        };
        counts[k] += 1;
    }
    counts
}

/// The rounds that have cards or actions, in order.
fn rounds_of(game: &Game) -> Vec<u32> {
    let mut rounds: Vec<u32> = game.actions.iter().map(|a| a.round).collect();
    rounds.extend(game.dealt.iter().map(|d| d.round));
    rounds.sort_unstable();
    rounds.dedup();
    rounds
}

/// A `<player>` of the `<players>`; None for an empty seat.
fn player<'e>(p: Node<'e, '_>, decimals: u8) -> Result<Option<Player<'e>>, ReadError> {
    let [name, seat, chips, dealer, win, bet] =
        p.fetch(["name", "seat", "chips", "dealer", "win", "bet"]);
    let name = p.required("name", name)?;
    if name.is_empty() {
        return Ok(None); // an empty seat
    }
    let player = Player {
        seat: p.required("seat", seat)?,
        name,
        chips: p.amount("chips", chips, decimals)?,
        dealer: p.required("dealer", dealer)? == "1",
        win: p.outcome("win", win, decimals)?,
        line: p.line(),
    };
    // what the player put in: a figure the betting gives (its value is not read), but a partial
    // export has no `bet` either
    if bet.is_none() {
        p.outcome("bet", bet, decimals)?;
    }
    Ok(Some(player))
}

fn dealt<'e>(node: Node<'e, '_>, round: u32) -> Result<Dealt<'e>, ReadError> {
    let [street, player] = node.fetch(["type", "player"]);
    Ok(Dealt {
        round,
        street: node.required("type", street)?,
        player: player.filter(|p| !p.is_empty()),
        seat: None,
        cards: node.element.text.unwrap_or(""),
        line: node.line(),
    })
}

/// A round's number (`<round no="N">`).
fn round_no(node: Node<'_, '_>) -> Result<u32, ReadError> {
    let no = node.attribute("no")?;
    no.parse::<u32>().map_err(|_| {
        ReadError::malformed(format!("round no={no:?} is not a number"))
            .at(node.line() as u64)
            .expected("<round no=\"N\">")
    })
}

fn action<'e>(node: Node<'e, '_>, round: u32, decimals: u8) -> Result<Action<'e>, ReadError> {
    let [no, kind, player, sum] = node.fetch(["no", "type", "player", "sum"]);
    let no = node.required("no", no)?;
    let kind = node.required("type", kind)?;
    let number = |text: &str, what: &str| {
        text.parse::<u32>()
            .map_err(|_| not_a_number(node.line(), text, what))
    };
    Ok(Action {
        round,
        no: number(no, "no")?,
        player: node.required("player", player)?,
        seat: None,
        kind: number(kind, "type")?,
        sum: node.amount("sum", sum, decimals)?,
        line: node.line(),
    })
}

/// The error of an action's number that is not one (apart: the rare case).
#[cold]
#[inline(never)]
fn not_a_number(line: usize, text: &str, what: &str) -> ReadError {
    ReadError::malformed(format!("action {what} {text:?} is not a number"))
        .at(line as u64)
        .expected(format!("<action {what}=\"N\">"))
}

/// The hand id of a game's first line, before it is read (`<game gamecode="N">`).
pub fn game_code(first: &str) -> Option<&str> {
    let rest = first.split_once("gamecode=\"")?.1;
    rest.split_once('"').map(|(code, _)| code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::ipoker::xml;

    #[test]
    fn actions_come_in_their_numbers_order() {
        let text = "<game gamecode=\"7\">\n<general><startdate>2011-11-04 18:46:19</startdate><players>\n\
            <player seat=\"3\" name=\"A\" chips=\"$1\" dealer=\"1\" win=\"$0\" bet=\"$0.02\"/>\n\
            <player seat=\"4\" name=\"\" chips=\"$0\" dealer=\"0\" win=\"$0\" bet=\"$0\"/>\n\
            </players></general>\n<round no=\"0\">\n\
            <action no=\"2\" player=\"A\" type=\"2\" sum=\"$0.02\"/><action no=\"1\" player=\"B\" type=\"1\" sum=\"$0.01\"/>\n\
            </round>\n<round no=\"1\"><cards type=\"Pocket\" player=\"A\">H3 CJ</cards></round>\n</game>";
        let lines: Vec<&str> = text.split('\n').collect();
        let mut kept = String::new();
        let elements = xml::read(&lines, &mut kept).unwrap();
        let game = read_game(&elements, 2).unwrap();
        assert_eq!(game.code, "7");
        assert_eq!(game.players.len(), 1);
        assert_eq!(game.players[0].line, 2);
        let order: Vec<(u32, usize)> = game.actions.iter().map(|a| (a.no, a.line)).collect();
        assert_eq!(order, vec![(1, 6), (2, 6)]);
        assert_eq!(game.dealt[0].cards().collect::<Vec<_>>(), ["H3", "CJ"]);
    }

    #[test]
    fn broken_xml_and_missing_attributes_are_placed() {
        let read = |text: &str| {
            let lines: Vec<&str> = text.split('\n').collect();
            let mut kept = String::new();
            let elements = xml::read(&lines, &mut kept)?;
            read_game(&elements, 2).map(|g| g.code.to_string())
        };
        let err = read("<game gamecode=\"1\">\n<round no=\"0\">\n</game>").unwrap_err();
        assert!(err.reason.starts_with("broken XML"), "{}", err.reason);
        assert_eq!(err.line, Some(2));
        let err = read("<game gamecode=\"1\">\n<round no=\"0\">\n<action no=\"1\" type=\"0\" sum=\"$0\"/></round></game>")
            .unwrap_err();
        assert!(err.reason.contains("player attribute"), "{}", err.reason);
        assert_eq!(err.line, Some(2));
        assert_eq!(game_code("<game gamecode=\"42\">"), Some("42"));
    }
}
