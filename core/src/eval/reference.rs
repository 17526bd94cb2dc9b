//! Test-only reference rankings built in Rust from the cards, independently of Python's tables:
//! the standard ranking's classes and tie-breaks by the textbook definitions, its five-card
//! table, and a variant whose high cards compare by the top card and its suit.

use std::sync::OnceLock;

use super::colex::{all_five, N_FIVE};
use super::{Evaluator, HandClass};

/// A small deterministic generator of test hands.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// `n` distinct card codes.
    pub fn hand(&mut self, n: usize) -> Vec<u8> {
        let mut hand = Vec::with_capacity(n);
        while hand.len() < n {
            let c = (self.next() % 52) as u8;
            if !hand.contains(&c) {
                hand.push(c);
            }
        }
        hand
    }
}

/// The standard class and tie-break (ranks by group size then rank, 4 bits each) of five cards.
pub fn classify(hand: [u8; 5]) -> (HandClass, u32) {
    let mut counts = [0u8; 13];
    for c in hand {
        counts[(c >> 2) as usize] += 1;
    }
    let flush = hand.iter().all(|c| c & 3 == hand[0] & 3);
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let mut tie = 0u32;
    for &(n, r) in &groups {
        for _ in 0..n {
            tie = tie << 4 | u32::from(r);
        }
    }
    let straight_top = if groups.len() == 5 {
        let (high, low) = (groups[0].1, groups[4].1);
        if high - low == 4 {
            Some(high)
        } else if high == 12 && groups[1].1 == 3 {
            Some(3) // the wheel, five high
        } else {
            None
        }
    } else {
        None
    };
    let class = match (groups[0].0, groups.len(), flush, straight_top) {
        (_, _, true, Some(_)) => HandClass::StraightFlush,
        (4, _, _, _) => HandClass::FourOfAKind,
        (3, 2, _, _) => HandClass::FullHouse,
        (_, _, true, None) => HandClass::Flush,
        (_, _, false, Some(_)) => HandClass::Straight,
        (3, _, _, _) => HandClass::ThreeOfAKind,
        (2, 3, _, _) => HandClass::TwoPair,
        (2, _, _, _) => HandClass::Pair,
        _ => HandClass::HighCard,
    };
    if let Some(top) = straight_top {
        tie = u32::from(top) << 16;
    }
    (class, tie)
}

/// The standard classes, lowest first.
pub const HIGH_ORDER: [HandClass; 9] = [
    HandClass::HighCard,
    HandClass::Pair,
    HandClass::TwoPair,
    HandClass::ThreeOfAKind,
    HandClass::Straight,
    HandClass::Flush,
    HandClass::FullHouse,
    HandClass::FourOfAKind,
    HandClass::StraightFlush,
];

/// A five-card table from keys that order hands: dense values, 1 for the worst, and the class of
/// each value.
fn table(name: &str, key: impl Fn([u8; 5]) -> (HandClass, u64)) -> Evaluator {
    let keys: Vec<(HandClass, u64)> = all_five().map(key).collect();
    assert_eq!(keys.len(), N_FIVE);
    let mut distinct: Vec<u64> = keys.iter().map(|k| k.1).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let mut classes = vec![0u8; distinct.len() + 1];
    let values = keys
        .iter()
        .map(|&(class, k)| {
            let value = distinct.binary_search(&k).expect("present") + 1;
            classes[value] = class as u8;
            value as u16
        })
        .collect();
    Evaluator::new(name, values, Some(classes)).expect("a valid table")
}

fn order_key(class: HandClass) -> u64 {
    HIGH_ORDER
        .iter()
        .position(|&c| c == class)
        .expect("a standard class") as u64
}

/// The standard ranking built in Rust (shared by the tests of this crate).
pub fn high_evaluator() -> &'static Evaluator {
    static EV: OnceLock<Evaluator> = OnceLock::new();
    EV.get_or_init(|| {
        table("test-high", |hand| {
            let (class, tie) = classify(hand);
            (class, order_key(class) << 32 | u64::from(tie))
        })
    })
}

/// The standard ranking with high cards compared by the top card, then its suit.
pub fn top_card_then_suit_evaluator() -> Evaluator {
    table("test-top-card", |hand| {
        let (class, mut tie) = classify(hand);
        if class == HandClass::HighCard {
            let top = hand.iter().max().copied().unwrap_or(0);
            tie = u32::from(top >> 2) << 16 | u32::from(top & 3) << 12;
        }
        (class, order_key(class) << 32 | u64::from(tie))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_class_counts_of_the_standard_ranking() {
        let mut counts = [0u32; 12];
        for hand in all_five() {
            counts[classify(hand).0 as usize] += 1;
        }
        let expected = [
            (HandClass::StraightFlush, 40),
            (HandClass::FourOfAKind, 624),
            (HandClass::FullHouse, 3_744),
            (HandClass::Flush, 5_108),
            (HandClass::Straight, 10_200),
            (HandClass::ThreeOfAKind, 54_912),
            (HandClass::TwoPair, 123_552),
            (HandClass::Pair, 1_098_240),
            (HandClass::HighCard, 1_302_540),
        ];
        for (class, n) in expected {
            assert_eq!(counts[class as usize], n, "{class:?}");
        }
        assert_eq!(counts.iter().sum::<u32>() as usize, N_FIVE);
        // The evaluator built on these classes tells apart the 7,462 standard hand values.
        let ev = high_evaluator();
        let top = (0..N_FIVE).map(|i| ev.five[i]).max();
        assert_eq!(top, Some(7_462));
        let royal = ev.value_codes(&[51, 47, 43, 39, 35]).unwrap();
        assert_eq!(royal, 7_462);
        assert_eq!(ev.hand_class(royal), Some(HandClass::StraightFlush));
    }
}
