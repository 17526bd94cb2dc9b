//! Test fixtures of the replayer: a hold'em spec as Python resolves it, a made-up hand and hand
//! values that need no evaluation tables.

use crate::cards::Card;
use crate::model::{Action, ActionKind, Deal, Hand, Seat, Stakes};
use crate::spec::GameSpec;

use super::describe::{Description, Word};
use super::judge::HandValues;

/// `json.dumps(resolve("holdem").to_dict())`.
const HOLDEM: &str = r#"{"profile": "holdem", "options": {"cards": "two_down_five_board", "max_players": 10, "last_card_mode": "up", "deck_out_community_card": false, "ante": false, "blinds": true, "bring_in_card": null, "bring_in_forced": false, "bring_in_tie_break": null, "later_rounds_first_to_act": "left_of_button", "showing_tie_break": null, "structure": "no_limit", "max_bets_per_round": null, "uncapped_heads_up": true, "max_bet_or_raise": null, "raise_after_pass": true, "open_pair_big_bet": false, "hand_ranking": "high", "high_card_rule": "kickers", "four_straight_ace_low": true, "four_card_straight_flush_class": false, "showing_four_card_hands_count": false, "odd_chip_rule": "left_of_dealer", "chip_unit": 1}, "deal": "2 down + 5 board", "betting_rounds": 4, "streets": [{"name": "HOLE CARDS", "down": 2, "up": 0, "board": 0, "turn_up": 0, "betting": true, "bet_size": null, "open_pair_big_bet": false}, {"name": "FLOP", "down": 0, "up": 0, "board": 3, "turn_up": 0, "betting": true, "bet_size": null, "open_pair_big_bet": false}, {"name": "TURN", "down": 0, "up": 0, "board": 1, "turn_up": 0, "betting": true, "bet_size": null, "open_pair_big_bet": false}, {"name": "RIVER", "down": 0, "up": 0, "board": 1, "turn_up": 0, "betting": true, "bet_size": null, "open_pair_big_bet": false}], "forced_bets": ["small_blind", "big_blind"], "first_to_act": {"first_round": "left_of_big_blind", "first_round_tie_break": null, "later_rounds": "left_of_button", "later_rounds_tie_break": null}, "ranking": "high-kickers"}"#;

/// The hold'em spec under another betting structure (`no_limit`, `pot_limit`...).
pub fn holdem(structure: &str) -> GameSpec {
    let text = HOLDEM.replace("\"no_limit\"", &format!("\"{structure}\""));
    GameSpec::from_json(&text).expect("the hold'em spec")
}

/// Hand values for tests: the sum of the card ranks (no ties between different hands needed).
pub struct RankSum;

impl HandValues for RankSum {
    fn shares(&self) -> usize {
        1
    }

    fn value(&self, _share: usize, own: &[Card], board: &[Card]) -> Result<Option<u32>, String> {
        let n = own.len() + board.len();
        if n < 5 {
            return Err(format!("a hand needs five cards or more, got {n}"));
        }
        Ok(Some(
            own.iter().chain(board).map(|c| u32::from(c.rank())).sum(),
        ))
    }

    fn describe(&self, _share: usize, value: u32) -> Result<Description, String> {
        Ok(Description {
            template: "{0}",
            words: vec![Word::Chars(format!("rank sum {value}"))],
        })
    }

    fn label(&self, _share: usize) -> Option<&str> {
        None
    }
}

fn cards(text: &str) -> Vec<Option<Card>> {
    text.split_whitespace().map(Card::parse).collect()
}

fn act(street: u8, player: &str, kind: ActionKind, amount: i64, to: Option<i64>) -> Action {
    Action {
        street,
        player: player.into(),
        kind,
        amount,
        to,
        all_in: false,
        cards: Vec::new(),
        text: None,
        fee: 0,
        run: 0,
    }
}

/// Three-handed no-limit hold'em, blinds 1/2 (cents): A raises, B calls, C folds; B bets the flop,
/// A calls; both check down; A's rank sum beats B's and A collects the 23 pot less 1 rake.
pub fn hand() -> Hand {
    use ActionKind::*;
    let deal = |street, player: Option<&str>, text| Deal {
        street,
        player: player.map(str::to_string),
        cards: cards(text),
        up: vec![false; cards(text).len()],
        run: 0,
    };
    let seat = |seat, name: &str| Seat {
        seat,
        name: name.into(),
        stack: 100,
        sitting_out: false,
        bounty: None,
    };
    Hand {
        site: "test".into(),
        hand_id: "1".into(),
        rules: "holdem".into(),
        stakes: Stakes {
            decimals: 2,
            small_blind: Some(1),
            big_blind: Some(2),
            ..Stakes::default()
        },
        table: None,
        max_seats: Some(6),
        button: Some(3),
        start: None,
        time_zone: None,
        start_utc: None,
        tournament: None,
        seats: vec![seat(1, "A"), seat(2, "B"), seat(3, "C")],
        deals: vec![
            deal(0, Some("A"), "Ah Kh"),
            deal(0, Some("B"), "2c 3d"),
            deal(0, Some("C"), "?? ??"),
            deal(1, None, "9s 8s 4c"),
            deal(2, None, "Jd"),
            deal(3, None, "5h"),
        ],
        actions: vec![
            act(0, "A", SmallBlind, 1, None),
            act(0, "B", BigBlind, 2, None),
            act(0, "C", Fold, 0, None),
            act(0, "A", Raise, 4, Some(6)),
            act(0, "B", Call, 4, None),
            act(1, "A", Check, 0, None),
            act(1, "B", Bet, 5, None),
            act(1, "A", Call, 5, None),
            act(2, "A", Check, 0, None),
            act(2, "B", Check, 0, None),
            act(3, "A", Check, 0, None),
            act(3, "B", Check, 0, None),
            Action {
                cards: cards("Ah Kh").into_iter().flatten().collect(),
                ..act(4, "A", Show, 0, None)
            },
            Action {
                cards: cards("2c 3d").into_iter().flatten().collect(),
                ..act(4, "B", Show, 0, None)
            },
            act(4, "A", Collect, 21, None),
        ],
        total_pot: Some(22),
        rake: Some(1),
        pots: Vec::new(),
        extras: Vec::new(),
        finishing_stacks: Vec::new(),
        source: None,
        deal_lines: Vec::new(),
        action_lines: (1..=15).collect(),
        raw: String::new(),
        finishes: Vec::new(),
    }
}
