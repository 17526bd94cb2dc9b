//! What a log says each player put in and took out, read from its own lines: arithmetic over the
//! log's claims, not a replay. Its vocabulary of house money is Python's too (`_core.ADDED_MONEY`,
//! read by `soko_analytics/model/ledger.py`).
//!
//! `raises X to Y` and `completes it to Y` set the player's total for the street; blinds,
//! bring-ins and straddles count toward it; antes and the dead part of `posts small & big
//! blinds` do not; an uncalled bet comes back. A cash-out is kept apart from what the pot paid.

use crate::model::{ActionKind, Hand};

/// Summary extras that the site adds to the pot (splash the pot; GGPoker's cash drop).
pub const ADDED_MONEY: &[&str] = &["STP", "Cash Drop"];

/// Of them, money in the pot before the first bet, which a pot-limit bet counts (GGPoker's cash
/// drop; a splash is added to a pot already played).
pub const IN_POT_FROM_START: &[&str] = &["Cash Drop"];

/// One player's money in one hand, in minor units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flow {
    /// Chips put into the pot, after uncalled bets came back.
    pub put_in: i64,
    /// Chips the log says the player collected from the pot(s).
    pub collected: i64,
    /// What the site paid for cashing out the hand (not from the pot).
    pub cash_out: i64,
}

impl Flow {
    pub fn net(&self) -> i64 {
        self.collected + self.cash_out - self.put_in
    }
}

/// Whether an action puts chips in on its street, or closes it (posts, bets, calls, raises, checks, folds).
pub fn kind_bets(kind: ActionKind) -> bool {
    use ActionKind::*;
    matches!(
        kind,
        SmallBlind
            | BigBlind
            | Straddle
            | BringIn
            | Call
            | Bet
            | Raise
            | Complete
            | SmallAndBigBlind
            | Check
            | Fold
    )
}

fn live_post(kind: ActionKind) -> bool {
    use ActionKind::*;
    matches!(kind, SmallBlind | BigBlind | Straddle | BringIn)
}

/// Money the site added to the pot (STP).
pub fn added_money(hand: &Hand) -> i64 {
    hand.extras
        .iter()
        .filter(|(label, _)| ADDED_MONEY.contains(&label.as_str()))
        .map(|(_, amount)| amount)
        .sum()
}

/// Each seated player's flow, parallel to `hand.seats`. Actions by a name not seated are skipped.
pub fn money_flow(hand: &Hand) -> Vec<Flow> {
    let mut flows = vec![Flow::default(); hand.seats.len()];
    // The street totals, in the order players first put money in on the street (ties keep it).
    let mut street_total: Vec<(usize, i64)> = Vec::with_capacity(hand.seats.len());
    let mut street = 0;
    let mut explicit_uncalled = false;
    let big_blind = hand.stakes.big_blind;
    for a in &hand.actions {
        if a.street != street && kind_bets(a.kind) {
            street = a.street;
            street_total.clear();
        }
        let Some(who) = hand.seats.iter().position(|s| s.name == a.player) else {
            continue;
        };
        let total = |totals: &mut Vec<(usize, i64)>| -> usize {
            match totals.iter().position(|(p, _)| *p == who) {
                Some(i) => i,
                None => {
                    totals.push((who, 0));
                    totals.len() - 1
                }
            }
        };
        let flow = &mut flows[who];
        match a.kind {
            ActionKind::Raise | ActionKind::Complete => {
                let to = a.to.unwrap_or(0);
                let i = total(&mut street_total);
                flow.put_in += to - street_total[i].1;
                street_total[i].1 = to;
            }
            kind if kind == ActionKind::Call || kind == ActionKind::Bet || live_post(kind) => {
                let i = total(&mut street_total);
                street_total[i].1 += a.amount;
                flow.put_in += a.amount;
            }
            ActionKind::SmallAndBigBlind => {
                let live = match big_blind {
                    Some(bb) if bb != 0 => a.amount.min(bb),
                    _ => a.amount,
                };
                let i = total(&mut street_total);
                street_total[i].1 += live;
                flow.put_in += a.amount;
            }
            ActionKind::Ante => flow.put_in += a.amount,
            ActionKind::Uncalled => {
                explicit_uncalled = true;
                flow.put_in -= a.amount;
                let i = total(&mut street_total);
                street_total[i].1 -= a.amount;
            }
            ActionKind::Collect => flow.collected += a.amount,
            ActionKind::CashOut => flow.cash_out += a.amount,
            ActionKind::Insurance => flow.cash_out += a.amount - a.fee,
            _ => {}
        }
    }
    if let (false, false, Some(total_pot)) =
        (explicit_uncalled, street_total.is_empty(), hand.total_pot)
    {
        // Old logs print no "Uncalled bet" line: the excess of the last street's top total over the
        // next one came back when the pot the log states says so.
        let mut ranked = street_total.clone();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.1)); // stable: ties keep their order, as Python's sorted
        let excess = ranked[0].1 - ranked.get(1).map_or(0, |r| r.1);
        let put: i64 = flows.iter().map(|f| f.put_in).sum::<i64>() + added_money(hand);
        let paid: i64 = flows.iter().map(|f| f.collected).sum::<i64>() + hand.rake.unwrap_or(0);
        if excess != 0 && (put - excess == total_pot || put - excess == paid) {
            flows[ranked[0].0].put_in -= excess;
        }
    }
    flows
}
