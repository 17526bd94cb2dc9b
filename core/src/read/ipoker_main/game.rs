//! One `<game>` element as data: its players, its rounds' cards and actions (in the order of their
//! `no`, which is not the order iPoker writes them in), each with the log's line it is on.

use roxmltree::{Document, Node};

use super::amounts::minor_units;
use crate::read::errors::{Kind, ReadError};

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
pub struct Player {
    pub seat: String,
    pub name: String,
    pub chips: i64,
    pub dealer: bool,
    /// What the player won, the uncalled bet given back included (iPoker counts it in).
    pub win: i64,
    pub line: usize,
}

/// A `<cards type="..." player="...">` element: the street's name, whose cards (none: the board), the
/// cards as printed (`H3 CJ`, `X X`, `D10`).
#[derive(Clone, Debug)]
pub struct Dealt {
    pub round: u32,
    pub street: String,
    pub player: Option<String>,
    pub cards: Vec<String>,
    pub line: usize,
}

/// An `<action no=".." player=".." type="N" sum="..">`.
#[derive(Clone, Debug)]
pub struct Action {
    pub round: u32,
    pub no: u32,
    pub player: String,
    pub kind: u32,
    pub sum: i64,
    pub line: usize,
}

/// What a game says.
#[derive(Debug, Default)]
pub struct Game {
    pub code: String,
    pub start: Option<String>,
    pub players: Vec<Player>,
    pub dealt: Vec<Dealt>,
    pub actions: Vec<Action>,
}

/// Where each line of a text starts, to place nodes on their lines (roxmltree's own text position
/// counts from the start of the text each time it is asked).
struct LineStarts(Vec<usize>);

impl LineStarts {
    fn of(text: &str) -> Self {
        let breaks = memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1);
        LineStarts(std::iter::once(0).chain(breaks).collect())
    }

    /// The index (from 0) of the line a node starts on.
    fn line(&self, node: Node<'_, '_>) -> usize {
        self.0.partition_point(|&start| start <= node.range().start) - 1
    }
}

/// An attribute a log must give, or the error that says which is missing (placed on the node's line).
fn attribute<'a>(node: Node<'a, '_>, name: &str, line: usize) -> Result<&'a str, ReadError> {
    node.attribute(name).ok_or_else(|| {
        ReadError::malformed(format!(
            "a <{}> element without its {name} attribute",
            node.tag_name().name()
        ))
        .at(line as u64)
        .expected(format!("<{} {name}=\"...\">", node.tag_name().name()))
    })
}

/// An amount attribute in minor units (`decimals` after the point). None of those read may be
/// negative: a stack, a bet and what a player collected (`win`) are not.
fn amount(node: Node<'_, '_>, name: &str, line: usize, decimals: u8) -> Result<i64, ReadError> {
    let text = attribute(node, name, line)?;
    let value = minor_units(text, decimals).map_err(|err| {
        ReadError::malformed(format!("{name}={text:?} is not an amount"))
            .at(line as u64)
            .expected(err.expected.unwrap_or_default())
            .actual(text)
    })?;
    if value < 0 {
        return Err(ReadError::malformed(format!(
            "{name}={text:?} is negative: a <{}>'s {name} is a count of chips",
            node.tag_name().name()
        ))
        .at(line as u64)
        .expected(format!("{name} of 0 or more"))
        .actual(text));
    }
    Ok(value)
}

/// What a player won or bet: a partial export (players and blinds only) gives neither, and is not a
/// whole hand.
fn outcome(node: Node<'_, '_>, name: &str, line: usize, decimals: u8) -> Result<i64, ReadError> {
    if node.attribute(name).is_none() {
        let reason = format!(
            "a partial game: its players have no {name} attribute (an export of the seats and blinds only, \
             without the betting or who won)"
        );
        return Err(ReadError::new(Kind::Incomplete, reason)
            .at(line as u64)
            .expected(format!("<player ... {name}=\"...\">")));
    }
    amount(node, name, line, decimals)
}

/// Read a game element's text (its lines joined by `\n`; line indexes count from its first line).
pub fn read_game(text: &str, decimals: u8) -> Result<Game, ReadError> {
    // a log cut off after a game's last round (the file ends there) still has the whole game
    let closed;
    let text = if text.contains("</game>") || !text.trim_end().ends_with("</round>") {
        text
    } else {
        closed = format!("{text}\n</game>");
        closed.as_str()
    };
    let doc = Document::parse(text).map_err(|err| {
        let row = err.pos().row.max(1) as usize - 1;
        ReadError::malformed(format!("broken XML: {err}"))
            .at(row as u64)
            .expected("a well-formed <game> element")
    })?;
    let starts = LineStarts::of(text);
    let root = doc.root_element();
    if root.tag_name().name() != "game" {
        return Err(ReadError::malformed("not a <game> element")
            .at(0)
            .expected("<game gamecode=\"...\">"));
    }
    let mut game = Game {
        code: attribute(root, "gamecode", 0)?.to_string(),
        ..Game::default()
    };
    for node in root.children().filter(Node::is_element) {
        let line = starts.line(node);
        match node.tag_name().name() {
            "general" => read_general(&starts, node, &mut game, decimals)?,
            "round" => {
                let no = attribute(node, "no", line)?;
                let round = no.parse::<u32>().map_err(|_| {
                    ReadError::malformed(format!("round no={no:?} is not a number"))
                        .at(line as u64)
                        .expected("<round no=\"N\">")
                })?;
                read_round(&starts, node, round, &mut game, decimals)?;
            }
            _ => {}
        }
    }
    // iPoker writes a round's actions player by player: their order is their numbers'
    game.actions.sort_by_key(|a| (a.round, a.no));
    Ok(game)
}

fn read_general(
    starts: &LineStarts,
    general: Node<'_, '_>,
    game: &mut Game,
    decimals: u8,
) -> Result<(), ReadError> {
    for node in general.children().filter(Node::is_element) {
        match node.tag_name().name() {
            "startdate" => game.start = node.text().map(|t| t.trim().to_string()),
            "players" => {
                for p in node.children().filter(|n| n.has_tag_name("player")) {
                    let line = starts.line(p);
                    let name = attribute(p, "name", line)?;
                    if name.is_empty() {
                        continue; // an empty seat
                    }
                    game.players.push(Player {
                        seat: attribute(p, "seat", line)?.to_string(),
                        name: name.to_string(),
                        chips: amount(p, "chips", line, decimals)?,
                        dealer: attribute(p, "dealer", line)? == "1",
                        win: outcome(p, "win", line, decimals)?,
                        line,
                    });
                    // what the player put in: a figure the betting gives (its value is not read), but a
                    // partial export has no `bet` either
                    if p.attribute("bet").is_none() {
                        outcome(p, "bet", line, decimals)?;
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn read_round(
    starts: &LineStarts,
    round_node: Node<'_, '_>,
    round: u32,
    game: &mut Game,
    decimals: u8,
) -> Result<(), ReadError> {
    for node in round_node.children().filter(Node::is_element) {
        let line = starts.line(node);
        match node.tag_name().name() {
            "cards" => {
                let player = node.attribute("player").filter(|p| !p.is_empty());
                game.dealt.push(Dealt {
                    round,
                    street: attribute(node, "type", line)?.to_string(),
                    player: player.map(str::to_string),
                    cards: node
                        .text()
                        .unwrap_or("")
                        .split_whitespace()
                        .map(str::to_string)
                        .collect(),
                    line,
                });
            }
            "action" => {
                let no = attribute(node, "no", line)?;
                let kind = attribute(node, "type", line)?;
                let number = |text: &str, what: &str| {
                    text.parse::<u32>().map_err(|_| {
                        ReadError::malformed(format!("action {what} {text:?} is not a number"))
                            .at(line as u64)
                            .expected(format!("<action {what}=\"N\">"))
                    })
                };
                game.actions.push(Action {
                    round,
                    no: number(no, "no")?,
                    player: attribute(node, "player", line)?.to_string(),
                    kind: number(kind, "type")?,
                    sum: amount(node, "sum", line, decimals)?,
                    line,
                });
            }
            _ => {}
        }
    }
    Ok(())
}

/// The hand id of a game's first line, before it is read (`<game gamecode="N">`).
pub fn game_code(first: &str) -> Option<&str> {
    let rest = first.split_once("gamecode=\"")?.1;
    rest.split_once('"').map(|(code, _)| code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_come_in_their_numbers_order() {
        let text = "<game gamecode=\"7\">\n<general><startdate>2011-11-04 18:46:19</startdate><players>\n\
            <player seat=\"3\" name=\"A\" chips=\"$1\" dealer=\"1\" win=\"$0\" bet=\"$0.02\"/>\n\
            <player seat=\"4\" name=\"\" chips=\"$0\" dealer=\"0\" win=\"$0\" bet=\"$0\"/>\n\
            </players></general>\n<round no=\"0\">\n\
            <action no=\"2\" player=\"A\" type=\"2\" sum=\"$0.02\"/><action no=\"1\" player=\"B\" type=\"1\" sum=\"$0.01\"/>\n\
            </round>\n<round no=\"1\"><cards type=\"Pocket\" player=\"A\">H3 CJ</cards></round>\n</game>";
        let game = read_game(text, 2).unwrap();
        assert_eq!(game.code, "7");
        assert_eq!(game.players.len(), 1);
        assert_eq!(game.players[0].line, 2);
        let order: Vec<(u32, usize)> = game.actions.iter().map(|a| (a.no, a.line)).collect();
        assert_eq!(order, vec![(1, 6), (2, 6)]);
        assert_eq!(game.dealt[0].cards, vec!["H3", "CJ"]);
    }

    #[test]
    fn broken_xml_and_missing_attributes_are_placed() {
        let err = read_game("<game gamecode=\"1\">\n<round no=\"0\">\n</game>", 2).unwrap_err();
        assert!(err.reason.starts_with("broken XML"), "{}", err.reason);
        assert_eq!(err.line, Some(2));
        let err = read_game("<game gamecode=\"1\">\n<round no=\"0\">\n<action no=\"1\" type=\"0\" sum=\"$0\"/></round></game>", 2)
            .unwrap_err();
        assert!(err.reason.contains("player attribute"), "{}", err.reason);
        assert_eq!(err.line, Some(2));
        assert_eq!(game_code("<game gamecode=\"42\">"), Some("42"));
    }
}
