//! The `player_hands` rows of one hand: who is in,
//! their positions, money, rake share and won-per-100 unit, with the facts of [`super::hand_facts`].

use serde::Serialize;

use crate::eval::Evaluator;
use crate::keys::{hand_key, seat_labels, stakes_label};
use crate::ledger::{money_flow, Flow};
use crate::model::{ActionKind, Hand, Stakes};
use crate::spec::{GameSpec, Structure};
use crate::timestamp::timestamp_us;

use super::allin::{allin_adjusted, seed_of, DEFAULT_METHOD};
use super::equity::Method;
use super::{hand_facts, Facts, GameFacts, Player};

/// The hold'em seat labels (`player_hands.position`) in the order they act from the blinds, each with the group
/// `--by position_group` reports it in (`player_hands.position_group`); Python reads them as `_core.POSITIONS`.
pub const POSITIONS: [(&str, &str); 10] = [
    ("SB", "blinds"),
    ("BB", "blinds"),
    ("UTG", "early"),
    ("UTG+1", "early"),
    ("UTG+2", "middle"),
    ("UTG+3", "middle"),
    ("MP", "middle"),
    ("HJ", "middle"),
    ("CO", "late"),
    ("BTN", "button"),
];

/// The groups of [`POSITIONS`] in table order (`_core.POSITION_GROUPS`).
pub const POSITION_GROUPS: [&str; 5] = ["blinds", "early", "middle", "late", "button"];

/// Hold'em position label → the group `--by position` reports ([`POSITIONS`]).
pub fn position_group(position: &str) -> Option<&'static str> {
    POSITIONS
        .iter()
        .find(|(label, _)| *label == position)
        .map(|(_, group)| *group)
}

/// The amount of the won-per-100 unit (`unit_of`): the big bet (or the spread's largest bet)
/// under fixed and spread limit; otherwise the big blind, else the bring-in, else the ante.
pub fn unit_of(structure: Structure, stakes: &Stakes) -> Option<i64> {
    let given = |amount: Option<i64>| amount.filter(|&a| a != 0);
    match structure {
        Structure::FixedLimit | Structure::Spread => {
            given(stakes.big_bet).or_else(|| given(stakes.max_bet))
        }
        Structure::NoLimit | Structure::PotLimit => given(stakes.big_blind)
            .or_else(|| given(stakes.bring_in))
            .or_else(|| given(stakes.ante)),
    }
}

/// The rake attributed to each player in proportion to what they collected (the largest
/// remainders get the odd units, first in the given order on ties); nobody collected: nobody paid.
pub fn rake_shares(rake: Option<i64>, collected: &[i64]) -> Vec<i64> {
    let total: i128 = collected.iter().map(|&c| i128::from(c)).sum();
    let rake = i128::from(rake.unwrap_or(0));
    if rake == 0 || total <= 0 {
        return vec![0; collected.len()];
    }
    let exact: Vec<i128> = collected.iter().map(|&c| rake * i128::from(c)).collect();
    let mut shares: Vec<i128> = exact.iter().map(|e| e.div_euclid(total)).collect();
    let left = rake - shares.iter().sum::<i128>();
    let mut order: Vec<usize> = (0..collected.len()).collect();
    order.sort_by_key(|&i| -exact[i].rem_euclid(total)); // stable: ties keep the given order
    for &i in order.iter().take(usize::try_from(left).unwrap_or(0)) {
        shares[i] += 1;
    }
    shares
        .into_iter()
        .map(|s| i64::try_from(s).unwrap_or(0))
        .collect()
}

/// When the hand was played, as TIMESTAMP microseconds: the UTC start, else the start as printed.
pub fn played_at(hand: &Hand) -> Option<i64> {
    match (&hand.start_utc, &hand.start) {
        (Some(utc), _) => timestamp_us(utc, true),
        (None, Some(start)) => timestamp_us(start, false),
        (None, None) => None,
    }
}

/// One `player_hands` row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRow {
    pub hand_key: i64,
    pub seat: u8,
    pub player: String,
    pub game: String,
    pub profile: String,
    pub structure: &'static str,
    pub stakes: String,
    pub currency: Option<String>,
    pub decimals: u8,
    pub tournament: bool,
    pub played_at: Option<i64>,
    pub position: Option<String>,
    pub position_group: Option<&'static str>,
    pub unit: Option<i64>,
    pub net: i64,
    pub put_in: i64,
    pub collected: i64,
    pub rake: i64,
    /// Whether the player's adjusted winnings are an all-in equity ([`super::allin`]).
    pub allin: bool,
    /// All-in adjusted winnings: the equity figure, else the net.
    pub allin_adjusted: i64,
    /// The standard error of `allin_adjusted` (0.0 when exact or not all in).
    pub allin_se: f64,
    #[serde(flatten)]
    pub facts: Facts,
}

/// Who was dealt in (per seat), and the seats of the first small and big blind posted.
struct Cast {
    dealt: Vec<bool>,
    small_blind: Option<u8>,
    big_blind: Option<u8>,
}

/// The seat number of a name (the last seat of that name, as a dict built over the seats).
fn seat_of(hand: &Hand, name: &str) -> Option<u8> {
    hand.seats
        .iter()
        .rev()
        .find(|s| s.name == name)
        .map(|s| s.seat)
}

impl Cast {
    /// Per seat: dealt in and not sitting out, or back in time to play (a seat the log lists as
    /// sitting out whose player "has returned" and calls was dealt in; one folded for him was not).
    fn in_hand(&self, hand: &Hand) -> Vec<bool> {
        use ActionKind as K;
        (0..hand.seats.len())
            .map(|i| {
                let seat = &hand.seats[i];
                let plays = || {
                    hand.actions.iter().any(|a| {
                        matches!(a.kind, K::Call | K::Bet | K::Raise | K::Complete | K::Draw)
                            && a.player == seat.name
                    })
                };
                self.dealt[i] && (!seat.sitting_out || plays())
            })
            .collect()
    }

    /// As `Batch.add_hand` reads it: a deal of round 0, or a forced or betting action of round 0.
    fn of(hand: &Hand) -> Cast {
        let mut names: Vec<&str> = Vec::with_capacity(hand.seats.len());
        for d in &hand.deals {
            if let (Some(p), 0) = (d.player.as_deref(), d.street) {
                names.push(p);
            }
        }
        let (mut small_blind, mut big_blind) = (None, None);
        for a in hand.actions.iter().filter(|a| a.street == 0) {
            if a.kind.forced() || a.kind.betting() {
                names.push(&a.player);
                match a.kind {
                    ActionKind::SmallBlind if small_blind.is_none() => {
                        small_blind = Some(&a.player)
                    }
                    ActionKind::BigBlind if big_blind.is_none() => big_blind = Some(&a.player),
                    _ => {}
                }
            }
        }
        Cast {
            dealt: hand
                .seats
                .iter()
                .map(|s| names.contains(&s.name.as_str()))
                .collect(),
            small_blind: small_blind.and_then(|n| seat_of(hand, n)),
            big_blind: big_blind.and_then(|n| seat_of(hand, n)),
        }
    }
}

/// Per seat: dealt in and not sitting out (the players of the all-in figures).
pub fn in_hand(hand: &Hand) -> Vec<bool> {
    Cast::of(hand).in_hand(hand)
}

/// The position label of each seat (parallel to `hand.seats`), where the game reads them from a
/// button and the log names one.
fn seat_positions(hand: &Hand, game: &GameFacts, cast: &Cast) -> Vec<Option<String>> {
    match (game.button, hand.button) {
        (true, Some(button)) => {
            seat_labels(hand, button, &cast.dealt, cast.big_blind, cast.small_blind)
        }
        _ => vec![None; hand.seats.len()],
    }
}

/// The `player_hands` rows of a hand: one per seat in the hand ([`Cast::in_hand`]), in seat order.
/// `ev` is the spec's ranking (None: no showdown classes and no all-in equities).
pub fn player_hands(hand: &Hand, spec: &GameSpec, ev: Option<&Evaluator>) -> Vec<PlayerRow> {
    let game = GameFacts::of(spec);
    let flows: Vec<Flow> = money_flow(hand);
    let cast = Cast::of(hand);
    let labels = seat_positions(hand, &game, &cast);
    let in_hand = cast.in_hand(hand);
    let seats: Vec<usize> = (0..hand.seats.len()).filter(|&i| in_hand[i]).collect();
    let players: Vec<Player> = seats
        .iter()
        .map(|&i| Player {
            name: &hand.seats[i].name,
            seat: i,
            position: labels[i].as_deref(),
        })
        .collect();
    let facts = hand_facts(hand, &game, &players, &flows, ev);
    let collected: Vec<i64> = seats.iter().map(|&i| flows[i].collected).collect();
    let rake = rake_shares(hand.rake, &collected);
    let key = hand_key(&hand.site, &hand.hand_id);
    let stakes = stakes_label(&hand.stakes);
    let structure = spec.options.structure;
    let unit = unit_of(structure, &hand.stakes);
    let played = played_at(hand);
    let game_name = spec.game.clone().unwrap_or_else(|| spec.profile.clone());
    let method = Method {
        seed: seed_of(key),
        ..DEFAULT_METHOD
    };
    let adjusted = ev.map_or_else(Vec::new, |ev| {
        allin_adjusted(hand, spec, ev, &flows, &in_hand, &method)
    });
    seats
        .iter()
        .zip(facts)
        .zip(rake)
        .map(|((&i, facts), rake)| {
            let s = &hand.seats[i];
            let f = flows[i];
            let allin = adjusted.iter().find(|a| a.seat == i);
            PlayerRow {
                hand_key: key,
                seat: s.seat,
                player: s.name.clone(),
                game: game_name.clone(),
                profile: spec.profile.clone(),
                structure: structure.as_str(),
                stakes: stakes.clone(),
                currency: hand.stakes.currency.clone(),
                decimals: hand.stakes.decimals,
                tournament: hand.tournament.is_some(),
                played_at: played,
                position_group: labels[i].as_deref().and_then(position_group),
                position: labels[i].clone(),
                unit,
                net: f.net(),
                put_in: f.put_in,
                collected: f.collected,
                rake,
                allin: allin.is_some(),
                allin_adjusted: allin.map_or(f.net(), |a| a.adjusted),
                allin_se: allin.map_or(0.0, |a| a.se),
                facts,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rake_goes_by_what_was_collected_odd_units_to_the_largest_remainders() {
        assert_eq!(rake_shares(Some(10), &[50, 50]), vec![5, 5]);
        assert_eq!(rake_shares(Some(3), &[10, 10]), vec![2, 1]);
        assert_eq!(rake_shares(Some(5), &[1, 2]), vec![2, 3]);
        assert_eq!(rake_shares(Some(5), &[0, 0]), vec![0, 0]);
        assert_eq!(rake_shares(None, &[3, 0]), vec![0, 0]);
    }

    #[test]
    fn units_follow_the_structure() {
        let stakes = Stakes {
            big_blind: Some(2),
            big_bet: Some(8),
            ante: Some(1),
            ..Stakes::default()
        };
        assert_eq!(unit_of(Structure::FixedLimit, &stakes), Some(8));
        assert_eq!(unit_of(Structure::NoLimit, &stakes), Some(2));
        let antes = Stakes {
            ante: Some(1),
            big_blind: Some(0),
            ..Stakes::default()
        };
        assert_eq!(unit_of(Structure::PotLimit, &antes), Some(1));
        assert_eq!(unit_of(Structure::Spread, &antes), None);
    }

    #[test]
    fn position_groups() {
        assert_eq!(position_group("HJ"), Some("middle"));
        assert_eq!(position_group("UTG+1"), Some("early"));
        assert_eq!(position_group(""), None);
    }
}
