//! One `<game>` element as data: its players, its rounds' cards and actions (in the order of their
//! `no`, which is not the order iPoker writes them in), each with the log's line it is on.

use super::amounts::{minor_units, plainest};
use std::cell::Cell;

use super::pull::{emptied, same_name, Attribute, Next, Pull, Tag};
use super::xml::{Element, Elements};
use crate::read::errors::{Kind, ReadError};
use crate::read::events::same;
use crate::say;

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

/// An element being read: its name, line, attributes and text, slices of the lines (the scanner's)
/// or of the text the long way keeps.
#[derive(Clone, Copy)]
struct Node<'e, 's> {
    name: &'e str,
    line: usize,
    attributes: &'s [Attribute<'e>],
    text: Option<&'e str>,
}

impl<'e> Node<'e, '_> {
    fn name(&self) -> &'e str {
        self.name
    }

    fn line(&self) -> usize {
        self.line
    }

    /// An attribute's first value.
    fn get(&self, name: &str) -> Option<&'e str> {
        self.attributes
            .iter()
            .find(|(n, _)| same_name(n, name))
            .map(|&(_, value)| value)
    }

    /// The values of the attributes `names` (None where it has none), read in one pass over its
    /// attributes: an attribute's first value, as [`Elements::attribute`] gives it.
    fn fetch<const N: usize>(&self, names: [&str; N]) -> [Option<&'e str>; N] {
        // most tags have the names first, in the order asked for (as iPoker writes them): each is
        // then its name's first (the names asked for are not the same), and no other is looked at
        if let Some(head) = self.attributes.get(..N) {
            if head
                .iter()
                .zip(names)
                .all(|(&(name, _), wanted)| same_name(name, wanted))
            {
                return std::array::from_fn(|k| Some(head[k].1));
            }
        }
        let mut found = [None; N];
        for (name, value) in self.attributes {
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
        ReadError::malformed(say!(
            "a <{element}> element without its {name} attribute",
            element = self.name(),
            name
        ))
        .at(self.line() as u64)
        .expected(format!("<{} {name}=\"...\">", self.name()))
    }

    /// An amount attribute in minor units (`decimals` after the point). None of those read may be
    /// negative: a stack, a bet and what a player collected (`win`) are not.
    /// Inlined: the common amount ([`plainest`], never negative) is read where it is asked for, any
    /// other apart.
    #[inline]
    fn amount(&self, name: &str, value: Option<&str>, decimals: u8) -> Result<i64, ReadError> {
        match value.and_then(|text| plainest(text, decimals)) {
            Some(value) => Ok(value),
            None => self.other_amount(name, value, decimals),
        }
    }

    /// [`Node::amount`] of an amount that is not of the plainest form, or is missing.
    #[inline(never)]
    fn other_amount(
        &self,
        name: &str,
        value: Option<&str>,
        decimals: u8,
    ) -> Result<i64, ReadError> {
        let text = self.required(name, value)?;
        let line = self.line() as u64;
        let value = minor_units(text, decimals).map_err(|err| {
            ReadError::malformed(say!(
                "{name}={text} is not an amount",
                name,
                text = format!("{text:?}")
            ))
            .at(line)
            .expected(err.expected.unwrap_or_default())
            .actual(text)
        })?;
        if value < 0 {
            return Err(ReadError::malformed(say!(
                "{name}={text} is negative: a <{element}>'s {name} is a count of chips",
                name,
                text = format!("{text:?}"),
                element = self.name()
            ))
            .at(line)
            .expected(format!("{name} of 0 or more"))
            .actual(text));
        }
        Ok(value)
    }

    /// What a player won or bet: a partial export (players and blinds only) gives neither, and is not
    /// a whole hand.
    #[inline]
    fn outcome(&self, name: &str, value: Option<&str>, decimals: u8) -> Result<i64, ReadError> {
        if value.is_none() {
            return Err(self.partial(name));
        }
        self.amount(name, value, decimals)
    }

    /// The error of a partial export's player (apart: the rare case).
    #[cold]
    #[inline(never)]
    fn partial(&self, name: &str) -> ReadError {
        let reason = say!(
            "a partial game: its players have no {name} attribute (an export of the seats and blinds only, \
             without the betting or who won)",
            name
        );
        ReadError::new(Kind::Incomplete, reason)
            .at(self.line() as u64)
            .expected(format!("<player ... {name}=\"...\">"))
    }
}

/// A game being read, element by element in document order.
struct Reading<'e> {
    game: Game<'e>,
    decimals: u8,
    /// The names of the element's parent (depth 1) and grandparent, and the round it is in.
    outer: &'e str,
    inner: &'e str,
    round: u32,
}

impl<'e> Reading<'e> {
    /// The game of a root element (a `<game gamecode="...">`), its lists sized for `[seats, deals,
    /// actions]`.
    fn start(
        root: Option<Node<'e, '_>>,
        decimals: u8,
        room: [usize; 3],
    ) -> Result<Self, ReadError> {
        let root = root.filter(|r| r.name() == "game").ok_or_else(|| {
            ReadError::malformed(say!("not a <game> element"))
                .at(0)
                .expected("<game gamecode=\"...\">")
        })?;
        let [seats, deals, actions] = room;
        let (mut players, mut dealt, mut acts, rounds) = ROOM.take();
        players.reserve(seats);
        dealt.reserve(deals);
        acts.reserve(actions);
        let game = Game {
            code: root.attribute("gamecode")?,
            start: None,
            players: emptied(players),
            dealt: emptied(dealt),
            actions: emptied(acts),
            rounds,
        };
        Ok(Reading {
            game,
            decimals,
            outer: "",
            inner: "",
            round: 0,
        })
    }

    /// An element below the root, `depth` deep.
    fn element(&mut self, depth: usize, node: Node<'e, '_>) -> Result<(), ReadError> {
        let game = &mut self.game;
        match (depth, self.outer, self.inner, node.name()) {
            (1, _, _, name) => {
                self.outer = name;
                if name == "round" {
                    self.round = round_no(node)?;
                }
            }
            (2, outer, _, name) => {
                self.inner = name;
                match (outer, name) {
                    ("general", "startdate") => game.start = node.text,
                    ("round", "cards") => game.dealt.push(dealt(node, self.round)?),
                    ("round", "action") => {
                        game.actions.push(action(node, self.round, self.decimals)?);
                    }
                    _ => {}
                }
            }
            (3, "general", "players", "player") => {
                if let Some(player) = player(node, self.decimals)? {
                    game.players.push(player);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// An action of a round read whole by the scanner ([`Next::Action`]): the values of its `no`,
    /// `player`, `type` and `sum`, on line `line`; as [`Reading::element`] reads its tag.
    fn action(
        &mut self,
        [no, player, kind, sum]: [&'e str; 4],
        line: usize,
    ) -> Result<(), ReadError> {
        self.inner = "action";
        let node = Node {
            name: "action",
            line,
            attributes: &[],
            text: None,
        };
        let values = [Some(no), Some(kind), Some(player), Some(sum)];
        let action = action_of(node, values, self.round, self.decimals)?;
        self.game.actions.push(action);
        Ok(())
    }

    /// The game read: its actions and deals in order, its rounds, each one's player found.
    fn done(self) -> Game<'e> {
        let mut game = self.game;
        // iPoker writes a round's actions player by player: their order is their numbers'
        if !game.actions.is_sorted_by_key(|a| (a.round, a.no)) {
            game.actions.sort_by_key(|a| (a.round, a.no));
        }
        // a round's deals in the order they are written, the rounds in order
        if !game.dealt.is_sorted_by_key(|d| d.round) {
            game.dealt.sort_by_key(|d| d.round);
        }
        let mut rounds = std::mem::take(&mut game.rounds);
        rounds_of(&game, &mut rounds);
        game.rounds = rounds;
        seat_players(&mut game);
        game
    }
}

/// The lists of the game read last, emptied, for the next game's: their allocation costs more than
/// reading a few of a game's elements.
type Room = (
    Vec<Player<'static>>,
    Vec<Dealt<'static>>,
    Vec<Action<'static>>,
    Vec<u32>,
);

/// The largest lists kept for the next game.
const KEPT_ROOM: usize = 1 << 10;

thread_local! {
    static ROOM: Cell<Room> = const { Cell::new((Vec::new(), Vec::new(), Vec::new(), Vec::new())) };
}

/// The room of a game's lists, once it has been read, kept for the next game's.
pub fn recycle(game: Game<'_>) {
    let Game {
        players,
        dealt,
        actions,
        mut rounds,
        ..
    } = game;
    if players
        .capacity()
        .max(dealt.capacity())
        .max(actions.capacity())
        <= KEPT_ROOM
    {
        rounds.clear();
        ROOM.set((emptied(players), emptied(dealt), emptied(actions), rounds));
    }
}

/// Read a game's elements ([`xml::read`] of its lines).
pub fn read_game<'e>(elements: &'e Elements<'_>, decimals: u8) -> Result<Game<'e>, ReadError> {
    let node = |element: &'e Element<'_>| {
        let node = Node {
            name: element.name,
            line: element.line,
            attributes: elements.attributes_of(element),
            text: element.text,
        };
        (element.depth, node)
    };
    let mut list = elements.list.iter().map(node);
    let mut reading = Reading::start(list.next().map(|(_, n)| n), decimals, counts(elements))?;
    for (depth, node) in list {
        reading.element(depth, node)?;
    }
    Ok(reading.done())
}

/// A game read straight from its lines by the scanner ([`Pull`]), with no list of its elements; None
/// where the scanner does not read them, or where the game has a fault ([`read_game`] of
/// [`xml::read`] reads it, and words the fault).
#[inline(never)]
pub fn read_lines<'a>(lines: &[&'a str], decimals: u8) -> Option<Game<'a>> {
    fn node<'a, 's>(tag: Tag<'a>, attributes: &'s [Attribute<'a>]) -> Node<'a, 's> {
        Node {
            name: tag.name,
            line: tag.line,
            attributes,
            text: tag.text,
        }
    }
    let mut pull = Pull::new(lines);
    let root = pull.next().ok()??;
    let room = [0, 0, 0];
    let mut reading = Reading::start(Some(node(root, pull.attributes())), decimals, room).ok()?;
    while let Some(next) = pull.next_of_game().ok()? {
        match next {
            Next::Tag(tag) => reading.element(tag.depth, node(tag, pull.attributes())),
            Next::Action(values, line) => reading.action(values, line),
        }
        .ok()?;
    }
    pull.whole().then(|| reading.done())
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
fn rounds_of(game: &Game, rounds: &mut Vec<u32>) {
    rounds.clear();
    // most games' rounds are a few small numbers: a bit for each under 64, the others listed
    let mut small = 0u64;
    let all = game.actions.iter().map(|a| a.round);
    for round in all.chain(game.dealt.iter().map(|d| d.round)) {
        match round {
            0..64 => small |= 1u64 << round,
            _ => rounds.push(round),
        }
    }
    let large = rounds.len();
    while small != 0 {
        rounds.push(small.trailing_zeros()); // the lowest round left
        small &= small - 1;
    }
    if large > 0 {
        rounds.sort_unstable();
        rounds.dedup();
    }
}

/// A `<player>` of the `<players>`; None for an empty seat.
fn player<'e>(p: Node<'e, '_>, decimals: u8) -> Result<Option<Player<'e>>, ReadError> {
    // in the order iPoker writes them
    let [seat, name, chips, dealer, win, bet] =
        p.fetch(["seat", "name", "chips", "dealer", "win", "bet"]);
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
        cards: node.text.unwrap_or(""),
        line: node.line(),
    })
}

/// A round's number (`<round no="N">`).
fn round_no(node: Node<'_, '_>) -> Result<u32, ReadError> {
    let no = node.attribute("no")?;
    no.parse::<u32>().map_err(|_| {
        ReadError::malformed(say!(
            "round no={no} is not a number",
            no = format!("{no:?}")
        ))
        .at(node.line() as u64)
        .expected("<round no=\"N\">")
    })
}

fn action<'e>(node: Node<'e, '_>, round: u32, decimals: u8) -> Result<Action<'e>, ReadError> {
    // in the order iPoker writes them
    let [no, player, kind, sum] = node.fetch(["no", "player", "type", "sum"]);
    action_of(node, [no, kind, player, sum], round, decimals)
}

/// An action of the values of its `no`, `type`, `player` and `sum` (None: the attribute is missing).
fn action_of<'e>(
    node: Node<'e, '_>,
    [no, kind, player, sum]: [Option<&'e str>; 4],
    round: u32,
    decimals: u8,
) -> Result<Action<'e>, ReadError> {
    let no = node.required("no", no)?;
    let kind = node.required("type", kind)?;
    let number =
        |text: &str, what: &str| number(text).ok_or_else(|| not_a_number(node.line(), text, what));
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

/// A number as `str::parse::<u32>` reads it: most are a few digits, read in one short loop (inlined:
/// each action has two).
#[inline]
fn number(text: &str) -> Option<u32> {
    let bytes = text.as_bytes();
    if (1..=9).contains(&bytes.len()) && bytes.iter().all(u8::is_ascii_digit) {
        // nine digits at most: no overflow
        return Some(bytes.iter().fold(0, |n, &b| n * 10 + u32::from(b - b'0')));
    }
    text.parse().ok()
}

/// The error of an action's number that is not one (apart: the rare case).
#[cold]
#[inline(never)]
fn not_a_number(line: usize, text: &str, what: &str) -> ReadError {
    ReadError::malformed(say!(
        "action {what} {text} is not a number",
        what,
        text = format!("{text:?}")
    ))
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
    fn numbers_read_as_parse_reads_them() {
        for text in [
            "0",
            "7",
            "23",
            "000",
            "999999999",
            "4294967295",
            "4294967296",
            "+5",
            "-1",
            "",
            " 1",
            "1a",
            "١",
        ] {
            assert_eq!(number(text), text.parse::<u32>().ok(), "{text:?}");
        }
    }

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
