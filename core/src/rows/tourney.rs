//! A tournament hand's money rows: its buy-in's parts on the `hands` row, and one
//! `tournament_finishes` row per player the hand's tournament lines name (schema 12).

use crate::model::Hand;
use crate::prizes::{at_decimals, buy_in, money, BuyIn, Money};

use super::tables::{Hands, TournamentFinishes};

/// The buy-in of a tournament hand, parsed from its header's text (None: a cash hand, no text, or a
/// text that is not money).
pub fn hand_buy_in(hand: &Hand) -> Option<BuyIn> {
    buy_in(hand.tournament.as_ref()?.buy_in.as_deref()?)
}

/// The `buy_in_*` columns of the `hands` row.
pub fn add_buy_in(t: &mut Hands, parsed: Option<&BuyIn>) {
    t.buy_in_amount.append_option(parsed.map(|b| b.buy_in));
    t.buy_in_bounty.append_option(parsed.map(|b| b.bounty));
    t.buy_in_fee.append_option(parsed.map(|b| b.fee));
    t.buy_in_currency
        .append_option(parsed.and_then(|b| b.currency.as_deref()));
    t.buy_in_decimals
        .append_option(parsed.map(|b| b.decimals as i8));
}

/// The prize a finish line names.
enum Prize {
    /// Finished with no prize named: 0.
    Nothing,
    /// A prize as read (None: not money we read).
    Named(Option<Money>),
}

/// What a hand's lines say of one player.
struct Said<'h> {
    player: &'h str,
    place: Option<u32>,
    prize: Option<Prize>,
    bounties: Vec<Option<Money>>,
}

/// What the hand's finish lines say of each player, merged in order (see [`add_finishes`]).
fn said_of(hand: &Hand) -> Vec<Said<'_>> {
    let mut said: Vec<Said> = Vec::new();
    for f in &hand.finishes {
        let k = match said.iter().position(|s| s.player == f.player) {
            Some(k) => k,
            None => {
                said.push(Said {
                    player: &f.player,
                    place: None,
                    prize: None,
                    bounties: Vec::new(),
                });
                said.len() - 1
            }
        };
        let s = &mut said[k];
        if f.place.is_some() {
            s.place = f.place;
            match &f.prize {
                Some(text) => s.prize = Some(Prize::Named(money(text))),
                None if s.prize.is_none() => s.prize = Some(Prize::Nothing),
                None => {}
            }
        }
        if let Some(b) = &f.bounty {
            s.bounties.push(money(b));
        }
    }
    said
}

/// The `tournament_finishes` rows of a hand: a row per player with a finish or a bounty, their
/// lines merged in order (the last place and prize said win, a place said again without a prize keeps
/// the prize said before, as Bovada's `Ranking` after its `Prize`; bounties add up). The row's unit is
/// the buy-in's where it names a currency and the amounts are in it, else the first amount's; an amount
/// in another unit (or unreadable) is NULL. A finish that names no prize is a prize of 0.
pub fn add_finishes(t: &mut TournamentFinishes, hand: &Hand, key: i64) {
    let Some(tour) = hand.tournament.as_ref() else {
        return;
    };
    if hand.finishes.is_empty() {
        return;
    }
    let said = said_of(hand);
    let parsed = hand_buy_in(hand);
    let buy_in_unit = parsed
        .as_ref()
        .filter(|b| b.currency.is_some())
        .map(|b| (b.currency.clone(), b.decimals));
    for s in &said {
        let named = || {
            let prize = match &s.prize {
                Some(Prize::Named(Some(m))) => Some(m),
                _ => None,
            };
            prize.or_else(|| s.bounties.iter().flatten().next())
        };
        let fits =
            |m: &Money, unit: &(Option<String>, u8)| m.currency == unit.0 && m.decimals <= unit.1;
        let unit = match (&buy_in_unit, named()) {
            (Some(unit), Some(m)) if !fits(m, unit) => (m.currency.clone(), m.decimals),
            (Some(unit), _) => unit.clone(),
            (None, Some(m)) => (m.currency.clone(), m.decimals),
            (None, None) => (None, 0),
        };
        let in_unit = |m: &Money| {
            (m.currency == unit.0)
                .then(|| at_decimals(m, unit.1))
                .flatten()
        };
        let prize = match &s.prize {
            None => None, // no finish line: a bounty's row
            Some(Prize::Nothing) => Some(0),
            Some(Prize::Named(m)) => m.as_ref().and_then(in_unit),
        };
        let bounty = if s.bounties.is_empty() {
            None
        } else {
            s.bounties
                .iter()
                .map(|b| b.as_ref().and_then(in_unit))
                .sum::<Option<i64>>()
        };
        t.hand_key.append_value(key);
        t.site.append_value(&hand.site);
        t.tournament_id.append_value(&tour.tournament_id);
        t.player.append_value(s.player);
        t.place
            .append_option(s.place.and_then(|p| i32::try_from(p).ok()));
        t.prize.append_option(prize);
        t.bounty_won.append_option(bounty);
        t.currency.append_option(unit.0.as_deref());
        t.decimals.append_value(unit.1 as i8);
    }
}
