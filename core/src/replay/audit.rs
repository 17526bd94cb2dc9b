//! Replay a hand under its game spec and check every action and every pot split (RULES.md §5);
//! `soko_analytics/replay/audit.py` turns the verdict into Python's `Audit`.
//!
//! [`audit`] drives a [`Table`] through the hand's actions in order. Each action is compared with
//! what the rules allow at that point (turn order, action type, size, cap, reopening, stack), then
//! applied as the log took it, so that one broken rule does not hide the rest. At the end
//! (`settle`) the uncalled bet is returned, the pots are built, the showdown is valued and the
//! log's pot total, rake, collects and hand descriptions are checked. The step-by-step ledger
//! (`Audit.steps`, for `--explain`) is kept when asked for ([`audit_with_ledger`]).
//!
//! The state it drives ([`Auditor`]) and the verdict ([`Audit`]) are `auditor`'s.

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::model::{Action, ActionKind, Hand};
use crate::say;
use crate::spec::GameSpec;

use super::auditor::{Audit, Auditor, PotResult, Step, Who};
use super::checks;
use super::describe::Description;
use super::draw;
use super::findings::{Code, Finding};
use super::held::Held;
use super::judge::HandValues;
use super::pots::Tally;
use super::settle;
use super::table::SmallBlindSeat;
use super::Fault;
use crate::said::Term;

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

impl<T: Serialize> Serialize for Named<'_, &[(Who, T)]> {
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
                value: h.value.as_ref(),
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
    value: Option<&'a Description>,
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
        let message = say!(
            "{player}'s small blind counts toward his call, as the log reads it: a site's \
             convention (the rules make a small blind posted outside the small blind dead money).",
            player
        );
        live.find(Finding::info(message).at(index).player(player));
    }
    Ok(live.result)
}

/// The largest amount the core audits, in minor units: a hundred times the largest a log may
/// give (10^12 minor units), so that no sum of a hand's amounts can overflow.
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

impl<'h> Auditor<'h> {
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
                    let message = say!(
                        "{player} acts but was not dealt in.",
                        player = &action.player
                    );
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
                    say!(
                        "The {street} round ended before {waiting} acted.",
                        street = Term("street", now),
                        waiting
                    ),
                )
                .player(waiting)
                .street(now)
                .expected(say!("{waiting} to act", waiting))
                .actual(say!("the {next} cards", next = Term("street", next))),
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
        assert_eq!(
            out["pots"][0]["value"],
            serde_json::json!([[null, ["{0}", [["chars", "rank sum 50"]]]]])
        );
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
