//! All-in adjusted winnings of one hand: each
//! live player's equity in the pots once no more betting can happen.
//!
//! The moment is the hand's last betting action. If then at least two players are still in, at
//! most one of them is not all in, cards are still to come and every live player's cards are
//! known (shown at showdown, dealt face up, or the log owner's), each live player's *adjusted*
//! winnings are their expected share of every pot over the cards still to come
//! ([`super::equity`]: exact when there are at most 100,000 outcomes, otherwise a Monte Carlo of
//! [`SAMPLES`] deals seeded with the hand key's low 32 bits), scaled by what the pots paid out
//! after rake, minus what they put in. A cash-out or an insurance premium is not pot money and is not
//! in the figure.
//! Everybody else's adjusted winnings are their net (the caller's default). Run-it-twice hands are
//! left as they are.
//!
//! Exact cases have no error (0.0); a Monte Carlo estimate has its standard error (see
//! [`super::equity`]). A hand whose cards contradict (a card given twice) or whose money does
//! (a negative contribution) gets no adjustment.
//!
//! Side pots come from [`crate::replay::pots::build_pots`].

use crate::cards::Card;
use crate::eval::Evaluator;
use crate::ledger::{money_flow, Flow};
use crate::model::{Action, ActionKind, Hand};
use crate::replay::pots::build_pots;
use crate::spec::GameSpec;

use super::equity::{equity, Equity, Method, Pot, Situation, EXACT_LIMIT};

/// Monte Carlo deals where the outcomes are too many to enumerate .
pub const SAMPLES: u32 = 5_000;

/// How the equities of the rows are computed.
pub const DEFAULT_METHOD: Method = Method {
    exact_limit: EXACT_LIMIT,
    samples: SAMPLES,
    seed: 0,
};

/// One live player's all-in adjusted winnings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adjusted {
    /// The player's index in `hand.seats`.
    pub seat: usize,
    /// Adjusted winnings in minor units.
    pub adjusted: i64,
    /// Their standard error (0.0 when exact).
    pub se: f64,
    /// Whether every outcome was enumerated.
    pub exact: bool,
    /// Outcomes enumerated, or deals drawn.
    pub outcomes: u64,
}

/// The seed of an all-in hand's Monte Carlo: the hand key's low 32 bits.
pub fn seed_of(hand_key: i64) -> u64 {
    (hand_key as u64) & 0xFFFF_FFFF
}

/// The adjusted winnings of the live players of an all-in hand; empty when the hand is not one.
/// `flows` and `in_hand` (dealt in and not sitting out) are parallel to `hand.seats`; `method`
/// gives the exact limit, the samples and the seed ([`DEFAULT_METHOD`] with [`seed_of`] the key).
pub fn allin_adjusted(
    hand: &Hand,
    spec: &GameSpec,
    ev: &Evaluator,
    flows: &[Flow],
    in_hand: &[bool],
    method: &Method,
) -> Vec<Adjusted> {
    compute(hand, spec, ev, flows, in_hand, method).unwrap_or_default()
}

fn compute(
    hand: &Hand,
    spec: &GameSpec,
    ev: &Evaluator,
    flows: &[Flow],
    in_hand: &[bool],
    method: &Method,
) -> Option<Vec<Adjusted>> {
    let (betting, folded, live) = betting_and_live(hand, in_hand)?;
    let moment = betting[betting.len() - 1].street;
    let known = Known::at(spec, moment)?;
    if !all_in_but_one(hand, betting, &live) {
        return None;
    }
    let known = known.cards(hand, moment, &live)?;
    let dead = dead_cards(hand, spec, moment, &folded);
    let (total, equity_pots) = pots_of(hand, flows, &live)?;
    let needs = vec![u8::try_from(known.need).ok()?; live.len()];
    let situation = Situation {
        hole: &known.hole,
        need: &needs,
        board: &known.board,
        board_need: u8::try_from(known.board_need).ok()?,
        dead: &dead,
        pots: &equity_pots,
    };
    let result = equity(ev, &situation, method).ok()?;
    Some(scaled_to_the_pots(&result, flows, &live, total))
}

/// The betting up to its last action, the players who folded in it and the live seats (dealt in, not folded):
/// None when a run was dealt more than once (no all-in figure) or fewer than two are live.
fn betting_and_live<'a>(
    hand: &'a Hand,
    in_hand: &[bool],
) -> Option<(&'a [Action], Vec<&'a str>, Vec<usize>)> {
    let actions = &hand.actions;
    let last = actions.iter().rposition(|a| a.kind.betting())?;
    if hand.deals.iter().any(|d| d.run != 0) || actions.iter().any(|a| a.run != 0) {
        return None;
    }
    let betting = &actions[..=last];
    let folded: Vec<&str> = betting
        .iter()
        .filter(|a| a.kind == ActionKind::Fold)
        .map(|a| a.player.as_str())
        .collect();
    let live: Vec<usize> = (0..hand.seats.len())
        .filter(|&i| in_hand.get(i) == Some(&true))
        .filter(|&i| !folded.contains(&hand.seats[i].name.as_str()))
        .collect();
    (live.len() >= 2).then_some((betting, folded, live))
}

/// What is dealt by the all-in's moment and what is still to come (counted before the cards are read: cheap).
struct Known {
    own_count: usize,
    down_count: usize,
    board_count: usize,
    need: usize,
    board_need: usize,
    board: Vec<u8>,
    hole: Vec<Vec<u8>>,
}

impl Known {
    /// The counts at the moment; None when nothing is left to come.
    fn at(spec: &GameSpec, moment: u8) -> Option<Known> {
        let dealt_by = &spec.streets[..spec.streets.len().min(usize::from(moment) + 1)];
        let own_count: usize = dealt_by.iter().map(|s| usize::from(s.per_player())).sum();
        let board_count: usize = dealt_by.iter().map(|s| usize::from(s.board)).sum();
        let need = usize::from(spec.cards_per_player()).checked_sub(own_count)?;
        let board_need = usize::from(spec.board_cards()).checked_sub(board_count)?;
        if need == 0 && board_need == 0 {
            return None;
        }
        Some(Known {
            own_count,
            down_count: dealt_by.iter().map(|s| usize::from(s.down)).sum(),
            board_count,
            need,
            board_need,
            board: Vec::new(),
            hole: Vec::new(),
        })
    }

    /// The board and each live player's cards known at the moment; None when the log does not show them all.
    fn cards(mut self, hand: &Hand, moment: u8, live: &[usize]) -> Option<Known> {
        self.board = hand
            .deals
            .iter()
            .filter(|d| d.player.is_none() && d.street <= moment)
            .flat_map(|d| d.cards.iter().flatten().map(|c| c.0))
            .collect();
        if self.board.len() != self.board_count {
            return None;
        }
        self.hole = Vec::with_capacity(live.len());
        for &i in live {
            let cards = known_at(hand, &hand.seats[i].name, moment, self.down_count)?;
            if cards.len() != self.own_count {
                return None;
            }
            self.hole.push(cards);
        }
        Some(self)
    }
}

/// Each live player's expected share scaled to what the pots paid, less what he put in.
fn scaled_to_the_pots(
    result: &Equity,
    flows: &[Flow],
    live: &[usize],
    total: i64,
) -> Vec<Adjusted> {
    let paid: i64 = flows.iter().map(|f| f.collected).sum();
    let scale = if total != 0 {
        paid as f64 / total as f64
    } else {
        0.0
    };
    live.iter()
        .enumerate()
        .map(|(k, &seat)| Adjusted {
            seat,
            // Rounded half to even (as the stored figures always were).
            adjusted: (result.expected[k] * scale).round_ties_even() as i64 - flows[seat].put_in,
            se: result.se[k] * scale,
            exact: result.exact,
            outcomes: result.outcomes,
        })
        .collect()
}

/// The cards known to be out of the deck at the moment: the folded players' up cards, and the cards
/// a short deck has not (its deuces to fives never come).
fn dead_cards(hand: &Hand, spec: &GameSpec, moment: u8, folded: &[&str]) -> Vec<u8> {
    hand.deals
        .iter()
        .filter(|d| d.street <= moment)
        .filter(|d| d.player.as_deref().is_some_and(|p| folded.contains(&p)))
        .flat_map(|d| d.cards.iter().zip(&d.up))
        .filter_map(|(c, &up)| c.filter(|_| up).map(|c| c.0))
        .chain((0..52).filter(|&c| !spec.in_deck(c)))
        .collect()
}

/// The hand's pots built from what each seat put in: their total, and each pot the live players
/// contest with its eligible players as indices of `live`.
fn pots_of(hand: &Hand, flows: &[Flow], live: &[usize]) -> Option<(i64, Vec<Pot>)> {
    let contributions: Vec<(usize, i64)> = (0..hand.seats.len())
        .map(|i| (i, flows.get(i).map_or(0, |f| f.put_in)))
        .filter(|&(_, put)| put != 0)
        .collect();
    let out: Vec<usize> = contributions
        .iter()
        .map(|&(i, _)| i)
        .filter(|i| !live.contains(i))
        .collect();
    let order: Vec<usize> = contributions.iter().map(|&(i, _)| i).collect();
    let pots = build_pots(&contributions, &out, &order).ok()?;
    let index = |seat: usize| live.iter().position(|&l| l == seat);
    let equity_pots = pots
        .iter()
        .filter(|p| !p.eligible.is_empty())
        .map(|p| Pot {
            amount: p.amount as f64,
            eligible: p.eligible.iter().filter_map(|&e| index(e)).collect(),
        })
        .collect();
    Some((pots.iter().map(|p| p.amount).sum(), equity_pots))
}

/// Whether at most one live player is not all in when the betting ends: all in by the log's word,
/// or by having put in (as the ledger reads the actions so far) at least their stack.
fn all_in_but_one(hand: &Hand, betting: &[crate::model::Action], live: &[usize]) -> bool {
    let flagged = |name: &str| betting.iter().any(|a| a.all_in && a.player == name);
    let free: Vec<usize> = live
        .iter()
        .copied()
        .filter(|&i| !flagged(&hand.seats[i].name))
        .collect();
    if free.len() <= 1 {
        return true;
    }
    // Only now the money so far: the hand cut at its last betting action.
    let so_far = money_flow(&Hand {
        site: String::new(),
        hand_id: String::new(),
        rules: String::new(),
        stakes: hand.stakes.clone(),
        table: None,
        max_seats: None,
        button: None,
        start: None,
        time_zone: None,
        start_utc: None,
        tournament: None,
        seats: hand.seats.clone(),
        deals: Vec::new(),
        actions: betting.to_vec(),
        total_pot: hand.total_pot,
        rake: hand.rake,
        pots: Vec::new(),
        extras: hand.extras.clone(),
        finishing_stacks: Vec::new(),
        source: None,
        deal_lines: Vec::new(),
        action_lines: Vec::new(),
        raw: String::new(),
        finishes: Vec::new(),
    });
    let by_stack = |i: usize| {
        let put = so_far[i].put_in;
        put != 0 && put >= hand.seats[i].stack
    };
    free.iter().filter(|&&i| !by_stack(i)).count() <= 1
}

/// The player's own cards dealt by round `moment`: down cards (from the deals, or in the order
/// shown when the deals hide any), then up cards; None where a card is unknown.
fn known_at(hand: &Hand, player: &str, moment: u8, down_count: usize) -> Option<Vec<u8>> {
    let mut up: Vec<Option<Card>> = Vec::new();
    let mut down: Vec<Option<Card>> = Vec::new();
    for d in &hand.deals {
        if d.player.as_deref() == Some(player) && d.street <= moment {
            for (&c, &is_up) in d.cards.iter().zip(&d.up) {
                if is_up { &mut up } else { &mut down }.push(c);
            }
        }
    }
    let up: Vec<Card> = up.into_iter().collect::<Option<_>>()?;
    let mut down: Vec<Card> = match down.iter().copied().collect::<Option<Vec<Card>>>() {
        Some(cards) if cards.len() >= down_count => cards,
        _ => {
            let mut shown: Vec<Card> = Vec::new();
            for a in &hand.actions {
                if a.player == player && matches!(a.kind, ActionKind::Show | ActionKind::Muck) {
                    for &c in &a.cards {
                        if !shown.contains(&c) {
                            shown.push(c);
                        }
                    }
                }
            }
            shown.retain(|c| !up.contains(c));
            if shown.len() < down_count {
                return None;
            }
            shown
        }
    };
    down.truncate(down_count);
    Some(down.iter().chain(&up).map(|c| c.0).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::equity::tests::toy_evaluator;
    use crate::model::{Action, Deal, Seat, Stakes};

    fn seat(seat: u8, name: &str, stack: i64) -> Seat {
        Seat {
            seat,
            name: name.into(),
            stack,
            sitting_out: false,
            bounty: None,
        }
    }

    fn act(street: u8, player: &str, kind: ActionKind, amount: i64, all_in: bool) -> Action {
        Action {
            street,
            player: player.into(),
            kind,
            amount,
            to: None,
            all_in,
            cards: Vec::new(),
            text: None,
            fee: 0,
            run: 0,
        }
    }

    fn deal(street: u8, player: Option<&str>, cards: &[&str]) -> Deal {
        Deal {
            street,
            player: player.map(str::to_string),
            cards: cards.iter().map(|c| Card::parse(c)).collect(),
            up: vec![false; cards.len()],
            run: 0,
        }
    }

    fn holdem() -> GameSpec {
        let text = r#"{"profile": "holdem", "options": {"cards": "standard", "max_players": 10,
          "last_card_mode": "up", "deck_out_community_card": false, "ante": false, "blinds": true,
          "bring_in_card": null, "bring_in_forced": false, "bring_in_tie_break": null,
          "later_rounds_first_to_act": "left_of_button", "showing_tie_break": null,
          "structure": "no_limit", "max_bets_per_round": null, "uncapped_heads_up": false,
          "max_bet_or_raise": null, "raise_after_pass": true, "open_pair_big_bet": false,
          "hand_ranking": "high", "high_card_rule": "kickers", "four_straight_ace_low": false,
          "four_card_straight_flush_class": false, "showing_four_card_hands_count": false,
          "odd_chip_rule": "left_of_button", "chip_unit": 1},
          "betting_rounds": 4, "forced_bets": ["small_blind", "big_blind"],
          "first_to_act": {"first_round": "left_of_big_blind", "first_round_tie_break": null,
            "later_rounds": "left_of_button", "later_rounds_tie_break": null},
          "ranking": "test-toy", "streets": [
          {"name": "PREFLOP", "down": 2, "up": 0, "board": 0, "turn_up": 0, "betting": true,
           "bet_size": null, "open_pair_big_bet": false},
          {"name": "FLOP", "down": 0, "up": 0, "board": 3, "turn_up": 0, "betting": true,
           "bet_size": null, "open_pair_big_bet": false},
          {"name": "TURN", "down": 0, "up": 0, "board": 1, "turn_up": 0, "betting": true,
           "bet_size": null, "open_pair_big_bet": false},
          {"name": "RIVER", "down": 0, "up": 0, "board": 1, "turn_up": 0, "betting": true,
           "bet_size": null, "open_pair_big_bet": false}]}"#;
        GameSpec::from_json(text).expect("a spec")
    }

    /// Ann and Bob all in on the turn for 100 each; Bob shows, Ann's cards are hers.
    fn turn_all_in() -> Hand {
        use ActionKind::*;
        let mut show = act(4, "Bob", Show, 0, false);
        show.cards = vec![Card::parse("Qs").unwrap(), Card::parse("Qd").unwrap()];
        Hand {
            site: "test".into(),
            hand_id: "1".into(),
            rules: "holdem".into(),
            stakes: Stakes::default(),
            table: None,
            max_seats: None,
            button: Some(1),
            start: None,
            time_zone: None,
            start_utc: None,
            tournament: None,
            seats: vec![
                seat(1, "Ann", 100),
                seat(2, "Bob", 100),
                seat(3, "Cid", 100),
            ],
            deals: vec![
                deal(0, Some("Ann"), &["Ah", "Kh"]),
                deal(0, Some("Bob"), &["", ""]),
                deal(0, Some("Cid"), &["", ""]),
                deal(1, None, &["Qh", "7h", "2c"]),
                deal(2, None, &["3s"]),
                deal(3, None, &["9d"]),
            ],
            actions: vec![
                act(0, "Ann", SmallBlind, 1, false),
                act(0, "Bob", BigBlind, 2, false),
                act(0, "Cid", Fold, 0, false),
                act(0, "Ann", Call, 1, false),
                act(0, "Bob", Check, 0, false),
                act(2, "Bob", Bet, 98, true),
                act(2, "Ann", Call, 98, true),
                show,
                act(4, "Bob", Collect, 199, false),
            ],
            total_pot: Some(200),
            rake: Some(1),
            pots: Vec::new(),
            extras: Vec::new(),
            finishing_stacks: Vec::new(),
            source: None,
            deal_lines: Vec::new(),
            action_lines: Vec::new(),
            raw: String::new(),
            finishes: Vec::new(),
        }
    }

    #[test]
    fn a_turn_all_in_is_the_equity_over_the_rivers() {
        let ev = toy_evaluator();
        let hand = turn_all_in();
        let flows = money_flow(&hand);
        let got = allin_adjusted(&hand, &holdem(), ev, &flows, &[true; 3], &DEFAULT_METHOD);
        assert_eq!(got.len(), 2);
        assert!(got
            .iter()
            .all(|a| a.exact && a.outcomes == 44 && a.se == 0.0));
        // Ann's share of the 44 rivers, valued here one by one
        let code = |t: &str| Card::parse(t).unwrap().0;
        let ann_cards = ["Ah", "Kh", "Qh", "7h", "2c", "3s"].map(code);
        let bob_cards = ["Qs", "Qd", "Qh", "7h", "2c", "3s"].map(code);
        let mut won = 0.0;
        for river in (0..52).filter(|c| !ann_cards.contains(c) && !bob_cards.contains(c)) {
            let a = ev
                .value_codes(&[&ann_cards[..], &[river]].concat())
                .unwrap();
            let b = ev
                .value_codes(&[&bob_cards[..], &[river]].concat())
                .unwrap();
            won += if a > b {
                1.0
            } else if a == b {
                0.5
            } else {
                0.0
            };
        }
        let ann = (200.0 * won / 44.0 * (199.0 / 200.0_f64)).round_ties_even() as i64 - 100;
        assert_eq!((got[0].seat, got[0].adjusted), (0, ann));
        let sum = got[0].adjusted + got[1].adjusted;
        assert!(
            (sum - (199 - 200)).abs() <= 1,
            "the figures add up to the pot paid"
        );
    }

    #[test]
    fn unknown_cards_or_no_cards_to_come_mean_no_adjustment() {
        let ev = toy_evaluator();
        let mut hand = turn_all_in();
        hand.actions.retain(|a| a.kind != ActionKind::Show);
        let flows = money_flow(&hand);
        let in_hand = [true; 3];
        let none = allin_adjusted(&hand, &holdem(), ev, &flows, &in_hand, &DEFAULT_METHOD);
        assert!(none.is_empty());
        let mut river = turn_all_in();
        for a in river.actions.iter_mut().filter(|a| a.street == 2) {
            a.street = 3;
        }
        let flows = money_flow(&river);
        let none = allin_adjusted(&river, &holdem(), ev, &flows, &in_hand, &DEFAULT_METHOD);
        assert!(none.is_empty());
    }

    #[test]
    fn two_players_not_all_in_mean_no_adjustment() {
        let ev = toy_evaluator();
        let mut hand = turn_all_in();
        hand.seats[0].stack = 1_000;
        hand.seats[1].stack = 1_000;
        for a in &mut hand.actions {
            a.all_in = false;
        }
        let flows = money_flow(&hand);
        let none = allin_adjusted(&hand, &holdem(), ev, &flows, &[true; 3], &DEFAULT_METHOD);
        assert!(none.is_empty());
        // all in by the stack alone
        hand.seats[0].stack = 100;
        let flows = money_flow(&hand);
        let got = allin_adjusted(&hand, &holdem(), ev, &flows, &[true; 3], &DEFAULT_METHOD);
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn the_seed_is_the_low_32_bits_of_the_key() {
        assert_eq!(seed_of(-1), 0xFFFF_FFFF);
        assert_eq!(seed_of(0x1_2345_6789), 0x2345_6789);
    }
}
