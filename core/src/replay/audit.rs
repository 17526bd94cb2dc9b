//! Replay a hand under its game spec and check every action and every pot split (RULES.md §5);
//! `soko_analytics/replay/audit.py` turns the verdict into Python's `Audit`.
//!
//! [`audit`] drives a [`Table`] through the hand's actions in order. Each action is compared with
//! what the rules allow at that point (turn order, action type, size, cap, reopening, stack), then
//! applied as the log took it, so that one broken rule does not hide the rest. At the end
//! (`settle`) the uncalled bet is returned, the pots are built, the showdown is valued and the
//! log's pot total, rake, collects and hand descriptions are checked. The step-by-step ledger
//! (`Audit.steps`, for `--explain`) stays in Python.
//!
//! Players are small integers ([`Who`]): the seats dealt in first, in seat order (the table's
//! indices), then any other name the log uses, so that no hot loop compares names.

use std::fmt;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::model::{Action, ActionKind, Hand};
use crate::spec::GameSpec;

use super::checks;
use super::draw;
use super::findings::{Code, Finding, Severity, STREET_SHOWDOWN};
use super::held::Held;
use super::pots::{RakeConvention, Tally};
use super::settle::{self, HandValues};
use super::table::{house_raise_base, SmallBlindSeat, Table};
use super::Fault;
use crate::money::decimal_text;

/// A player of one audit: a seat index of the table, or past them another name the log uses.
pub type Who = usize;

use crate::ledger::{ADDED_MONEY, IN_POT_FROM_START};

/// A pot as the replay built and awarded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotResult {
    pub amount: i64,
    pub eligible: Vec<Who>,
    /// What each winner collects from it (after rake), in winners order.
    pub winners: Tally<Who>,
    /// The winning hand's description.
    pub value: Option<String>,
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
    pub value: Option<String>,
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
    pub showdown: Vec<(Who, String)>,
    /// Each shown hand's description share by share (None: it does not qualify for that share).
    pub share_texts: Vec<(Who, Vec<Option<String>>)>,
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
    pub fn description(&self, who: Who) -> Option<&str> {
        let found = self.showdown.iter().find(|(p, _)| *p == who);
        found.map(|(_, d)| d.as_str())
    }
}

/// Amounts by player as a JSON object of names, in order.
struct Named<'a, T>(&'a [&'a str], T);

impl Serialize for Named<'_, &Tally<Who>> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.1.len()))?;
        for (who, v) in self.1.iter() {
            map.serialize_entry(self.0.get(who).unwrap_or(&""), &v)?;
        }
        map.end()
    }
}

impl Serialize for Named<'_, &[(Who, String)]> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.1.len()))?;
        for (who, v) in self.1 {
            map.serialize_entry(self.0.get(*who).unwrap_or(&""), v)?;
        }
        map.end()
    }
}

impl Serialize for Named<'_, &PotResult> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let names = self.0;
        let eligible: Vec<&str> = self.1.eligible.iter().map(|&w| names[w]).collect();
        let mut out = s.serialize_struct("PotResult", 6)?;
        out.serialize_field("amount", &self.1.amount)?;
        out.serialize_field("eligible", &eligible)?;
        out.serialize_field("winners", &Named(names, &self.1.winners))?;
        out.serialize_field("value", &self.1.value)?;
        let halves: Vec<HalfOut> = self
            .1
            .halves
            .iter()
            .map(|h| HalfOut {
                label: h.label.as_deref(),
                winners: h.winners.iter().map(|&w| names[w]).collect(),
                value: h.value.as_deref(),
            })
            .collect();
        out.serialize_field("halves", &halves)?;
        out.serialize_field("board", &self.1.board)?;
        out.end()
    }
}

#[derive(serde::Serialize)]
struct HalfOut<'a> {
    label: Option<&'a str>,
    winners: Vec<&'a str>,
    value: Option<&'a str>,
}

impl Serialize for Audit<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let names = self.names.as_slice();
        let pots: Vec<Named<&PotResult>> = self.pots.iter().map(|p| Named(names, p)).collect();
        let uncalled = (self.uncalled.0.map(|w| self.name(w)), self.uncalled.1);
        let mut out = s.serialize_struct("Audit", 12)?;
        out.serialize_field("ok", &self.ok())?;
        out.serialize_field("findings", &self.findings)?;
        out.serialize_field("pots", &pots)?;
        out.serialize_field("payouts", &Named(names, &self.payouts))?;
        out.serialize_field("collected", &Named(names, &self.collected))?;
        out.serialize_field("showdown", &Named(names, self.showdown.as_slice()))?;
        out.serialize_field("rake", &self.rake)?;
        out.serialize_field("added", &self.added)?;
        out.serialize_field("uncalled", &uncalled)?;
        out.serialize_field("stacks", &Named(names, &self.stacks))?;
        out.serialize_field("convention", &self.convention.map(|c| c.to_string()))?;
        if let Some(steps) = &self.steps {
            out.serialize_field("steps", steps)?;
        }
        out.end()
    }
}

/// Replay one hand and check it. Never fails for what the log does; a [`Fault`] only for a hand
/// the replay cannot take (a bug of ours, quarantined as `internal`). `values` gives hand values and
/// descriptions at showdown (None: a showdown that needs them is a fault).
pub fn audit<'h>(
    hand: &'h Hand,
    spec: &'h GameSpec,
    values: Option<&'h dyn HandValues>,
) -> Result<Audit<'h>, Fault> {
    replay(hand, spec, values, false)
}

/// [`audit`], with the ledger: each action of the log with what the player had to call, the pot
/// and his stack after it (`soko audit --explain`, the hand report).
pub fn audit_with_ledger<'h>(
    hand: &'h Hand,
    spec: &'h GameSpec,
    values: Option<&'h dyn HandValues>,
) -> Result<Audit<'h>, Fault> {
    replay(hand, spec, values, true)
}

fn replay<'h>(
    hand: &'h Hand,
    spec: &'h GameSpec,
    values: Option<&'h dyn HandValues>,
    ledger: bool,
) -> Result<Audit<'h>, Fault> {
    check_ranges(hand)?;
    let run = |small_blind: Option<SmallBlindSeat>| -> Result<Auditor<'h>, Fault> {
        let mut auditor = Auditor::new(hand, spec, values);
        if ledger {
            auditor.result.steps = Some(Vec::with_capacity(hand.actions.len()));
        }
        auditor.small_blind = small_blind;
        auditor.run()?;
        Ok(auditor)
    };
    let by_the_rules = run(None)?;
    let dead = by_the_rules.dead_small_blinds();
    if by_the_rules.result.ok() || dead.is_empty() {
        return Ok(by_the_rules.result);
    }
    // A site that counts a coming-in small blind toward the poster's call (RULES.md §1: a
    // convention a real log could follow): taken when the log then audits clean.
    let mut live = run(Some(SmallBlindSeat::Every))?;
    if !live.result.ok() {
        return Ok(by_the_rules.result);
    }
    for index in dead {
        let player = &hand.actions[index].player;
        let message = format!(
            "{player}'s small blind counts toward his call, as the log reads it: a site's \
             convention (the rules make a small blind posted outside the small blind dead money)."
        );
        live.find(Finding::info(message).at(index).player(player));
    }
    Ok(live.result)
}

/// The largest amount the core audits, in minor units: a hundred times the largest a log may
/// give (`MAX_AMOUNT` of `model/money.py`), so that no sum of a hand's amounts can overflow.
pub const MAX_AMOUNT: i64 = 100 * 10_i64.pow(12);

/// The most actions, deals or seats of a hand the core audits: the readers' bound, so no hand they
/// give is refused here.
pub const MAX_ITEMS: usize = crate::read::MAX_HAND_ITEMS;

/// Refuse a hand whose amounts or sizes no log has (the readers never make one): the arithmetic
/// of the replay then cannot overflow.
fn check_ranges(hand: &Hand) -> Result<(), Fault> {
    let too_many = [hand.actions.len(), hand.deals.len(), hand.seats.len()]
        .iter()
        .any(|&n| n > MAX_ITEMS);
    if too_many {
        return Err(Fault(format!(
            "more than {MAX_ITEMS} actions, deals or seats"
        )));
    }
    let st = &hand.stakes;
    let stakes = [
        st.small_blind,
        st.big_blind,
        st.ante,
        st.bring_in,
        st.small_bet,
        st.big_bet,
        st.cap,
        st.min_bet,
        st.max_bet,
        hand.total_pot,
        hand.rake,
    ];
    let amounts = stakes
        .into_iter()
        .flatten()
        .chain(hand.seats.iter().map(|s| s.stack))
        .chain(
            hand.actions
                .iter()
                .flat_map(|a| [a.amount, a.to.unwrap_or(0), a.fee]),
        )
        .chain(hand.extras.iter().map(|e| e.1))
        .chain(hand.finishing_stacks.iter().copied())
        .chain(hand.pots.iter().copied());
    for amount in amounts {
        if !(-MAX_AMOUNT..=MAX_AMOUNT).contains(&amount) {
            return Err(Fault(format!(
                "the amount {amount} is beyond {MAX_AMOUNT} minor units"
            )));
        }
    }
    Ok(())
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
    deal_to: Vec<Option<Who>>,
    /// Per player: dealt in without a seat (Python fails on his cards).
    ghosts: Vec<Who>,
    /// Cards each seat is known to hold (dealt, then shown), by seat index.
    pub known: Vec<Held>,
    /// The community cards dealt before the hand was run twice (all of them when it was not).
    pub shared: Held,
    /// Run it twice: each run's own community cards (`runs[0]` the first run's); empty otherwise.
    pub runs: Vec<Held>,
    /// Streets whose cards are on the table, as bits.
    dealt_streets: u64,
    /// Whose small blind is live, when not read from the posts by the rules
    /// ([`checks::small_blind_seat`]).
    small_blind: Option<SmallBlindSeat>,
    /// Indices of the log's `Uncalled bet` lines.
    pub log_uncalled: Vec<usize>,
    /// Who has drawn on the draw street being played.
    pub draws: draw::Draws,
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

impl<'h> Auditor<'h> {
    pub fn new(
        hand: &'h Hand,
        spec: &'h GameSpec,
        values: Option<&'h dyn HandValues>,
    ) -> Auditor<'h> {
        // Players in the hand: dealt cards on the first street, or acting on it.
        let hand_seats = Names::new(hand.seats.iter().map(|s| s.name.as_str()));
        let mut dealt = vec![false; hand.seats.len()];
        let mut unseated: Vec<&'h str> = Vec::new();
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
        let seats = hand
            .seats
            .iter()
            .zip(&dealt)
            .filter(|(_, &d)| d)
            .map(|(s, _)| (s.name.as_str(), s.seat, s.stack));
        let mut table = Table::new(spec, &hand.stakes, seats, hand.button);
        table.raise_base = house_raise_base(&hand.site, spec);
        for seat in table.seats.iter_mut() {
            seat.folded = antes_and_sits_out(hand, seat.name);
        }
        table.house = hand
            .extras
            .iter()
            .filter(|(label, _)| IN_POT_FROM_START.contains(&label.as_str()))
            .map(|&(_, amount)| amount)
            .sum();
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
        let added = hand
            .extras
            .iter()
            .filter(|(label, _)| ADDED_MONEY.contains(&label.as_str()))
            .map(|&(_, amount)| amount)
            .sum();
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
            draws: draw::Draws::default(),
            returned: None,
        }
    }

    /// The seat index of a player, if he has one at the table.
    pub fn seat(&self, who: Who) -> Option<usize> {
        (who < self.table.seats.len()).then_some(who)
    }

    /// The actions posting a small blind that the table took as dead money.
    fn dead_small_blinds(&self) -> Vec<usize> {
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

    /// A street's name as the logs print it, or `showdown` past the last street.
    pub fn street_name(&self, street: usize) -> &'h str {
        self.spec
            .streets
            .get(street)
            .map_or(STREET_SHOWDOWN, |s| s.name.as_str())
    }

    // -- the run ---------------------------------------------------------------------------

    fn run(&mut self) -> Result<(), Fault> {
        checks::check_deals(self);
        self.table.small_blind = self
            .small_blind
            .unwrap_or_else(|| checks::small_blind_seat(self));
        self.table.start_street(0);
        self.deal_up_to(0)?;
        let hand = self.hand;
        for (index, action) in hand.actions.iter().enumerate() {
            let to_call = self.to_call(index);
            let Some(seat) = self.seat(self.actors[index]) else {
                use ActionKind as K;
                let aside = [
                    K::Collect,
                    K::CashOut,
                    K::Insurance,
                    K::Show,
                    K::Muck,
                    K::NoShow,
                    K::Uncalled,
                ];
                if !aside.contains(&action.kind) {
                    let message = format!("{} acts but was not dealt in.", action.player);
                    self.find(
                        Finding::new(Code::Deal, message)
                            .at(index)
                            .player(&action.player),
                    );
                }
                self.record(index, action, to_call);
                continue;
            };
            let draws = action.kind == ActionKind::Draw;
            if action.kind.betting() || action.kind.forced() || draws {
                let street = usize::from(action.street);
                if street != self.table.street && street < self.spec.streets.len() {
                    self.next_street(street)?;
                }
                if action.kind.forced() {
                    checks::check_post(self, index, action, seat)?;
                } else if draws {
                    draw::check_draw(self, index, action, seat);
                } else {
                    checks::check_action(self, index, action, seat)?;
                }
            }
            self.record(index, action, to_call);
        }
        draw::check_all_drew(self, self.table.street);
        self.deal_up_to(self.spec.streets.len().saturating_sub(1))?;
        settle::settle(self)
    }

    /// Put the cards of every street up to `street` on the table (each street once).
    fn deal_up_to(&mut self, street: usize) -> Result<(), Fault> {
        let hand = self.hand;
        for s in 0..=street.min(63) {
            if self.dealt_streets & (1 << s) != 0 {
                continue;
            }
            self.dealt_streets |= 1 << s;
            for (d, deal) in hand.deals.iter().enumerate() {
                if usize::from(deal.street) != s {
                    continue;
                }
                let known = deal.cards.iter().flatten().copied();
                let Some(who) = self.deal_to[d] else {
                    match usize::from(deal.run).checked_sub(1) {
                        None => self.shared.extend(known),
                        Some(run) => {
                            if self.runs.len() <= run {
                                self.runs.resize_with(run + 1, Held::new);
                            }
                            self.runs[run].extend(known);
                        }
                    }
                    continue;
                };
                let Some(i) = self.seat(who) else {
                    if self.ghosts.contains(&who) {
                        let name = self.result.name(who);
                        return Err(Fault(format!("{name} is dealt in but has no seat")));
                    }
                    continue;
                };
                self.known[i].extend(known);
                let up = deal.cards.iter().zip(&deal.up);
                let up = up.filter_map(|(c, &u)| if u { *c } else { None });
                self.table.seats[i].up.extend(up);
            }
        }
        Ok(())
    }

    fn next_street(&mut self, street: usize) -> Result<(), Fault> {
        draw::check_all_drew(self, self.table.street);
        let table = &self.table;
        if let (false, true, Some(turn)) = (table.round_over(), table.opened, table.turn) {
            let waiting = table.seats[turn].name;
            let now = self.street_name(table.street);
            let next = self.street_name(street);
            self.find(
                Finding::new(
                    Code::OutOfTurn,
                    format!("The {now} round ended before {waiting} acted."),
                )
                .player(waiting)
                .street(now)
                .expected(format!("{waiting} to act"))
                .actual(format!("the {next} cards")),
            );
        }
        if let Some(back) = self.table.uncalled() {
            self.returned = Some(back); // given back at the settling: the ledger moves no uncalled chips
        }
        self.table.start_street(street);
        self.deal_up_to(street)
    }

    /// The showdown and payout records of the log.
    /// What the player of an action has to add to call before it, at most what he has behind, if
    /// the ledger is kept.
    fn to_call(&self, index: usize) -> i64 {
        match (&self.result.steps, self.seat(self.actors[index])) {
            (Some(_), Some(seat)) => {
                let s = &self.table.seats[seat];
                (self.table.call_level(seat) - s.street_bet).clamp(0, s.stack.max(0))
            }
            _ => 0,
        }
    }

    /// The log's collects, uncalled bets and shown cards; the ledger's step.
    fn record(&mut self, index: usize, action: &'h Action, to_call: i64) {
        let who = self.actors[index];
        if self.result.steps.is_some() {
            let seat = self.seat(who).map(|i| &self.table.seats[i]);
            let due = if action.kind.betting() { to_call } else { 0 };
            let step = Step {
                index,
                to_call: if seat.is_some() { due } else { 0 },
                pot: self.table.pot,
                stack: seat.map(|s| s.stack),
            };
            self.result.steps.get_or_insert_with(Vec::new).push(step);
        }
        match action.kind {
            ActionKind::Collect => self.result.collected.add(who, action.amount),
            ActionKind::Uncalled => self.log_uncalled.push(index),
            ActionKind::Show | ActionKind::Muck => {
                if let Some(i) = self.seat(who) {
                    draw::check_shown(self, index, action, i);
                    let known = &mut self.known[i];
                    for &c in &action.cards {
                        if !known.contains(&c) {
                            known.push(c);
                        }
                    }
                }
            }
            _ => {}
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::fixtures::{self, RankSum};

    fn json(result: &Audit) -> serde_json::Value {
        serde_json::to_value(result).expect("JSON")
    }

    #[test]
    fn a_clean_hand_pays_the_winner_and_finds_nothing() {
        let (hand, spec) = (fixtures::hand(), fixtures::holdem("no_limit"));
        let result = audit(&hand, &spec, Some(&RankSum)).expect("an audit");
        assert!(result.findings.is_empty(), "{:?}", result.findings);
        let out = json(&result);
        assert_eq!(out["ok"], true);
        assert_eq!(out["payouts"], serde_json::json!({"A": 21}));
        assert_eq!(
            out["stacks"],
            serde_json::json!({"A": 110, "B": 89, "C": 100})
        );
        assert_eq!(out["pots"][0]["eligible"], serde_json::json!(["A", "B"]));
        assert_eq!(out["pots"][0]["value"], "rank sum 50");
        assert_eq!(
            out["convention"],
            "rake main_pot_first, odd chip left of the dealer"
        );
        assert_eq!(out["uncalled"], serde_json::json!([null, 0]));
    }

    #[test]
    fn broken_actions_are_found_with_their_street_and_line() {
        let (mut hand, spec) = (fixtures::hand(), fixtures::holdem("no_limit"));
        hand.actions[4].amount = 3; // B calls 3 of the 4 to call
        hand.actions.swap(8, 9); // B checks the turn before A
        let result = audit(&hand, &spec, Some(&RankSum)).expect("an audit");
        let found: Vec<(Code, Option<&str>, Option<u64>)> = result
            .findings
            .iter()
            .map(|f| (f.code, f.street.as_deref(), f.line))
            .collect();
        assert_eq!(found[0], (Code::BetSize, Some("HOLE CARDS"), Some(5)));
        assert!(found.contains(&(Code::OutOfTurn, Some("TURN"), Some(9))));
        assert!(!result.ok());
    }

    #[test]
    fn a_payout_finding_stands_at_the_players_collect_line() {
        let (mut hand, spec) = (fixtures::hand(), fixtures::holdem("no_limit"));
        hand.actions[14].player = "B".into(); // the 15th line: B collects the pot A won
        let result = audit(&hand, &spec, Some(&RankSum)).expect("an audit");
        let at = |code: Code, player: &str| {
            let mut found = result.findings.iter();
            let f = found.find(|f| f.code == code && f.player.as_deref() == Some(player));
            f.map(|f| (f.action_index, f.line))
        };
        // B's finding at his collect line; A collects nothing, so his has no line
        assert_eq!(at(Code::Winner, "B"), Some((Some(14), Some(15))));
        assert_eq!(at(Code::Payout, "A"), Some((None, None)));
    }

    #[test]
    fn a_showdown_without_hand_values_is_a_fault_and_a_ghost_too() {
        let (mut hand, spec) = (fixtures::hand(), fixtures::holdem("no_limit"));
        assert!(audit(&hand, &spec, None).is_err());
        hand.deals[2].player = Some("Z".into()); // dealt in, but no seat
        assert!(audit(&hand, &spec, Some(&RankSum)).is_err());
        hand = fixtures::hand();
        hand.actions[3].to = Some(i64::MAX);
        assert!(audit(&hand, &spec, Some(&RankSum)).is_err());
    }

    /// A small deterministic generator for the fuzz test.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n.max(1)
        }
    }

    #[test]
    fn broken_hands_come_back_as_verdicts_or_faults_never_panics() {
        let specs = [fixtures::holdem("no_limit"), fixtures::holdem("pot_limit")];
        let mut rng = Lcg(7);
        let kinds = [
            ActionKind::Fold,
            ActionKind::Check,
            ActionKind::Call,
            ActionKind::Bet,
            ActionKind::Raise,
            ActionKind::Complete,
            ActionKind::BringIn,
            ActionKind::SmallAndBigBlind,
            ActionKind::Collect,
            ActionKind::Uncalled,
        ];
        for round in 0..3_000 {
            let mut hand = fixtures::hand();
            for _ in 0..1 + rng.below(4) {
                let n = hand.actions.len();
                let i = rng.below(n);
                match rng.below(8) {
                    0 if n > 1 => {
                        hand.actions.remove(i);
                    }
                    1 => {
                        let j = rng.below(n);
                        hand.actions.swap(i, j);
                    }
                    2 => hand.actions[i].amount = rng.below(40) as i64 - 5,
                    3 => hand.actions[i].to = Some(rng.below(60) as i64 - 5),
                    4 => hand.actions[i].kind = kinds[rng.below(kinds.len())],
                    5 => hand.actions[i].street = rng.below(7) as u8,
                    6 => hand.seats[rng.below(3)].stack = rng.below(12) as i64 - 1,
                    _ => {
                        let d = rng.below(hand.deals.len());
                        hand.deals[d].street = rng.below(6) as u8;
                        hand.deals[d].run = rng.below(3) as u8;
                    }
                }
            }
            let spec = &specs[round % 2];
            if let Ok(result) = audit(&hand, spec, Some(&RankSum)) {
                serde_json::to_string(&result).expect("JSON");
            }
        }
    }
}
