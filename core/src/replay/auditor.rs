//! The state of one audit ([`Auditor`]): who is who, the table, the cards each player is known to
//! hold, the findings so far; and the verdict it builds ([`Audit`]). `audit` drives it through a
//! hand; `checks`, `draw`, `boards` and `settle` each check a part of the hand on it.
//!
//! Players are small integers ([`Who`]): the seats dealt in first, in seat order (the table's
//! indices), then any other name the log uses, so that no hot loop compares names.

use std::fmt;

use serde::Serialize;

use crate::cards::Card;
use crate::ledger::{ADDED_MONEY, IN_POT_FROM_START};
use crate::model::{ActionKind, Hand};
use crate::spec::GameSpec;

use super::describe::{Description, HandDescription};
use super::findings::{Finding, Severity, STREET_SHOWDOWN};
use super::held::Held;
use super::judge::HandValues;
use super::pots::{RakeConvention, Tally};
use super::table::{house_raise_base, SmallBlindSeat, Table};
use crate::money::decimal_text;
use crate::said::Amount;

/// A player of one audit: a seat index of the table, or past them another name the log uses.
pub type Who = usize;

/// A pot as the replay built and awarded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotResult {
    pub amount: i64,
    pub eligible: Vec<Who>,
    /// What each winner collects from it (after rake), in winners order.
    pub winners: Tally<Who>,
    /// The winning hand's description.
    pub value: Option<HandDescription>,
    /// Hi/lo: each share of the pot (high, then low) with its winners and their hand; empty in a
    /// game of one share. One entry where nobody qualifies for the low: the high hand scoops.
    pub halves: Vec<Half>,
    /// A hand run twice: the board (1, 2) whose part of the pot this is; 0 for a hand of one board.
    pub board: usize,
}

/// One share of a pot split hi/lo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Half {
    /// How the logs name the share (`HI`, `LO`).
    pub label: Option<String>,
    pub winners: Vec<Who>,
    /// The winning hand of this share alone (`8,6,4,2,A`).
    pub value: Option<Description>,
}

/// The rake and odd-chip convention the log's payouts followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// `rake {rake}, odd chip {odd_chip}[, house money to the {house}]`.
    Paid {
        rake: RakeConvention,
        odd_chip: &'static str,
        house: Option<&'static str>,
    },
    /// The winners' shares were raked unevenly.
    UnevenRake,
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Convention::Paid {
                rake,
                odd_chip,
                house,
            } => {
                write!(f, "rake {}, odd chip {odd_chip}", rake.as_str())?;
                match house {
                    Some(place) => write!(f, ", house money to the {place}"),
                    None => Ok(()),
                }
            }
            Convention::UnevenRake => f.write_str("rake taken unevenly from the winners' shares"),
        }
    }
}

/// One line of the ledger: an action of the log and the table after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The action's index in the hand.
    pub index: usize,
    /// What the player had to add to call before acting (betting actions; 0 otherwise), at most
    /// what he had.
    pub to_call: i64,
    /// All chips in the pot after the action.
    pub pot: i64,
    /// The player's chips behind after the action (None: not dealt in).
    pub stack: Option<i64>,
}

/// The verdict on one hand, with the step-by-step ledger when asked for ([`audit_with_ledger`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Audit<'h> {
    /// The name of each [`Who`].
    pub names: Vec<&'h str>,
    pub findings: Vec<Finding>,
    pub pots: Vec<PotResult>,
    /// What each player should collect, by the replay.
    pub payouts: Tally<Who>,
    /// What the log says each player collected.
    pub collected: Tally<Who>,
    /// Each evaluated hand at showdown: player and description.
    pub showdown: Vec<(Who, HandDescription)>,
    pub rake: i64,
    /// Money the house added to the pot (STP).
    pub added: i64,
    pub uncalled: (Option<Who>, i64),
    /// Each player's stack after the hand, as the log's collects leave it.
    pub stacks: Tally<Who>,
    pub convention: Option<Convention>,
    /// The ledger, one step per action of the log (None: not asked for).
    pub steps: Option<Vec<Step>>,
}

impl<'h> Audit<'h> {
    /// No finding is an error.
    pub fn ok(&self) -> bool {
        !self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The name of a player.
    pub fn name(&self, who: Who) -> &'h str {
        self.names.get(who).copied().unwrap_or("")
    }

    /// The description of a player's hand at showdown, if it was valued.
    pub fn description(&self, who: Who) -> Option<&HandDescription> {
        let found = self.showdown.iter().find(|(p, _)| *p == who);
        found.map(|(_, d)| d)
    }
}

/// The state of one audit: the table, the cards each player is known to hold, the findings.
pub struct Auditor<'h> {
    pub hand: &'h Hand,
    pub spec: &'h GameSpec,
    pub values: Option<&'h dyn HandValues>,
    pub table: Table<'h>,
    pub result: Audit<'h>,
    /// The player of each action.
    pub actors: Vec<Who>,
    /// The player of each deal (None: the board).
    pub(super) deal_to: Vec<Option<Who>>,
    /// Per player: dealt in without a seat (Python fails on his cards).
    pub(super) ghosts: Vec<Who>,
    /// Cards each seat is known to hold (dealt, then shown), by seat index.
    pub known: Vec<Held>,
    /// The community cards dealt before the hand was run twice (all of them when it was not).
    pub shared: Held,
    /// Run it twice: each run's own community cards (`runs[0]` the first run's); empty otherwise.
    pub runs: Vec<Held>,
    /// Streets whose cards are on the table, as bits.
    pub(super) dealt_streets: u64,
    /// Whose small blind is live, when not read from the posts by the rules
    /// (`checks::small_blind_seat`).
    pub(super) small_blind: Option<SmallBlindSeat>,
    /// Indices of the log's `Uncalled bet` lines.
    pub log_uncalled: Vec<usize>,
    /// Who has drawn on the draw street being played.
    pub draws: Draws,
    /// The uncalled part of an earlier round's last bet, seen when the next round began (a draw after
    /// an all-in) and given back at the settling: the player's seat and the chips.
    pub returned: Option<(usize, i64)>,
}

/// Names with a cheap fingerprint each (first six bytes, last byte, length), so that a lookup
/// rarely compares whole strings (and never a name of up to seven bytes).
struct Names<'h> {
    names: Vec<(u64, &'h str)>,
}

fn fingerprint(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut print = [0u8; 8];
    let n = bytes.len().min(6);
    print[..n].copy_from_slice(&bytes[..n]);
    print[6] = bytes.last().copied().unwrap_or(0);
    print[7] = bytes.len() as u8;
    u64::from_le_bytes(print)
}

impl<'h> Names<'h> {
    fn new(names: impl IntoIterator<Item = &'h str>) -> Names<'h> {
        let names = names.into_iter().map(|n| (fingerprint(n), n)).collect();
        Names { names }
    }

    /// The last position of `name`.
    fn rposition(&self, name: &str) -> Option<usize> {
        let print = fingerprint(name);
        let exact = name.len() <= 7;
        self.names
            .iter()
            .rposition(|&(p, n)| p == print && n.len() == name.len() && (exact || n == name))
    }

    fn len(&self) -> usize {
        self.names.len()
    }
}

/// Who the log's names are: the table's seats, then the other names by first use.
struct Roster<'h> {
    seats: Names<'h>,
    others: Vec<&'h str>,
}

impl<'h> Roster<'h> {
    fn who(&mut self, name: &'h str) -> Who {
        if let Some(i) = self.seats.rposition(name) {
            return i;
        }
        let n = self.seats.len();
        match self.others.iter().position(|s| *s == name) {
            Some(i) => n + i,
            None => {
                self.others.push(name);
                n + self.others.len() - 1
            }
        }
    }
}

/// Players in the hand (dealt cards on the first street, or acting on it), by seat of `hand.seats`, and the names
/// that do so with no seat, in the order they first appear.
fn dealt_in(hand: &Hand) -> (Vec<bool>, Vec<&str>) {
    let hand_seats = Names::new(hand.seats.iter().map(|s| s.name.as_str()));
    let mut dealt = vec![false; hand.seats.len()];
    let mut unseated: Vec<&str> = Vec::new();
    let first_street = hand
        .deals
        .iter()
        .filter(|d| d.street == 0)
        .filter_map(|d| d.player.as_deref());
    let first_acts = hand
        .actions
        .iter()
        .filter(|a| a.street == 0 && (a.kind.forced() || a.kind.betting()))
        .map(|a| a.player.as_str());
    for name in first_street.chain(first_acts) {
        match hand_seats.rposition(name) {
            Some(i) => dealt[i] = true,
            None if !unseated.contains(&name) => unseated.push(name),
            None => {}
        }
    }
    (dealt, unseated)
}

/// The table as the hand starts: its seats dealt in, the house's raise base, who sits out, the money in the pot
/// from the start.
fn opening_table<'h>(
    hand: &'h Hand,
    spec: &'h GameSpec,
    seats: impl Iterator<Item = (&'h str, u8, i64)>,
) -> Table<'h> {
    let mut table = Table::new(spec, &hand.stakes, seats, hand.button);
    table.raise_base = house_raise_base(&hand.site, spec);
    for seat in table.seats.iter_mut() {
        seat.folded = antes_and_sits_out(hand, seat.name);
    }
    table.house = extras_sum(hand, IN_POT_FROM_START);
    table
}

/// The sum of the hand's extras whose label is one of `labels`.
fn extras_sum(hand: &Hand, labels: &[&str]) -> i64 {
    hand.extras
        .iter()
        .filter(|(label, _)| labels.contains(&label.as_str()))
        .map(|&(_, amount)| amount)
        .sum()
}

impl<'h> Auditor<'h> {
    pub fn new(
        hand: &'h Hand,
        spec: &'h GameSpec,
        values: Option<&'h dyn HandValues>,
    ) -> Auditor<'h> {
        let (dealt, unseated) = dealt_in(hand);
        let seats = hand
            .seats
            .iter()
            .zip(&dealt)
            .filter(|(_, &d)| d)
            .map(|(s, _)| (s.name.as_str(), s.seat, s.stack));
        let table = opening_table(hand, spec, seats);
        let mut roster = Roster {
            seats: Names::new(table.seats.iter().map(|s| s.name)),
            others: Vec::new(),
        };
        let actors = hand.actions.iter().map(|a| roster.who(&a.player)).collect();
        let deal_to = hand
            .deals
            .iter()
            .map(|d| d.player.as_deref().map(|p| roster.who(p)))
            .collect();
        let ghosts = unseated.iter().map(|name| roster.who(name)).collect();
        let mut names: Vec<&'h str> = roster.seats.names.iter().map(|&(_, n)| n).collect();
        names.extend(roster.others);
        let added = extras_sum(hand, ADDED_MONEY);
        Auditor {
            hand,
            spec,
            values,
            known: vec![Held::new(); table.seats.len()],
            table,
            result: Audit {
                names,
                added,
                ..Audit::default()
            },
            actors,
            deal_to,
            ghosts,
            shared: Held::new(),
            runs: Vec::new(),
            dealt_streets: 0,
            small_blind: None,
            log_uncalled: Vec::new(),
            draws: Draws::default(),
            returned: None,
        }
    }

    /// The seat index of a player, if he has one at the table.
    pub fn seat(&self, who: Who) -> Option<usize> {
        (who < self.table.seats.len()).then_some(who)
    }

    /// The actions posting a small blind that the table took as dead money.
    pub(super) fn dead_small_blinds(&self) -> Vec<usize> {
        let SmallBlindSeat::Known(live) = self.table.small_blind else {
            return Vec::new();
        };
        let posts = self.hand.actions.iter().zip(&self.actors).enumerate();
        posts
            .filter(|(_, (a, _))| a.street == 0 && a.kind == ActionKind::SmallBlind)
            .filter(|&(_, (_, &who))| self.seat(who).is_some_and(|s| Some(s) != live))
            .map(|(index, _)| index)
            .collect()
    }

    /// Record a finding; one about an action gets that action's street and source line.
    pub fn find(&mut self, mut finding: Finding) {
        if let Some(index) = finding.action_index {
            if finding.street.is_none() {
                let street = self.hand.actions.get(index).map_or(0, |a| a.street);
                finding.street = Some(self.street_name(usize::from(street)).to_string());
            }
            finding.line = self
                .hand
                .action_lines
                .get(index)
                .copied()
                .filter(|&l| l != 0);
        }
        self.result.findings.push(finding);
    }

    /// Money as the findings print it: exact decimals, no symbol.
    pub fn money(&self, amount: i64) -> String {
        decimal_text(amount, self.hand.stakes.decimals)
    }

    /// An amount of the hand, as a finding's argument (`said.rs`).
    pub fn amount(&self, amount: i64) -> Amount {
        Amount::new(amount, self.hand.stakes.decimals)
    }

    /// [`Auditor::amount`] as a function that borrows nothing (for use while the auditor is
    /// borrowed mutably).
    pub fn amounts(&self) -> impl Fn(i64) -> Amount + use<> {
        let decimals = self.hand.stakes.decimals;
        move |amount| Amount::new(amount, decimals)
    }

    /// A street's name as the logs print it, or `showdown` past the last street.
    pub fn street_name(&self, street: usize) -> &'h str {
        self.spec
            .streets
            .get(street)
            .map_or(STREET_SHOWDOWN, |s| s.name.as_str())
    }
}

/// Who has drawn on the street being played, by seat index, and what each player threw away.
#[derive(Clone, Debug, Default)]
pub struct Draws {
    pub(super) street: usize,
    pub(super) drawn: Vec<bool>,
    pub(super) thrown: Vec<Vec<Card>>,
}

impl Draws {
    /// Forget the draws of an earlier street.
    pub(super) fn on(&mut self, street: usize, seats: usize) {
        if self.street != street || self.drawn.len() != seats {
            self.street = street;
            self.drawn = vec![false; seats];
        }
    }
}

/// A player the log seats as sitting out who only posts an ante: the ante is dead money in the
/// pot, and the player is dealt no cards and has no turn (iPoker's `type="9"` after an ante).
fn antes_and_sits_out(hand: &Hand, name: &str) -> bool {
    let sitting_out = hand.seats.iter().any(|s| s.sitting_out && s.name == name);
    // (the reader may fill in unseen cards for a player it takes as in the hand)
    let dealt = hand
        .deals
        .iter()
        .filter(|d| d.player.as_deref() == Some(name))
        .any(|d| d.cards.iter().any(Option::is_some));
    let mut acts = hand.actions.iter().filter(|a| a.player == name).peekable();
    sitting_out && !dealt && acts.peek().is_some() && acts.all(|a| a.kind == ActionKind::Ante)
}
