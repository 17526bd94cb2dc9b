//! Hand descriptions as the logs print them (`a pair of Kings`, `a four-flush, Ace high`), for
//! the audit and for `Evaluator.describe` (`_core.describe`). PokerStars: `high card Ace`, `two pair,
//! Eights and Sevens`, `a straight, Five to Nine`, `a full house, Fives full of Aces`, `a Royal
//! Flush`; the Sökö text format: `a four-flush, Ace high`, `a four-straight, Ace high`, `a four-card
//! straight flush, King high`.
//!
//! A description is read from a value's class and its tie-break ranks, which the ranking's
//! five-card table keeps per value (`eval::rankings`, read through [`Evaluator::class_and_ranks`]).

use crate::eval::{Evaluator, HandClass};

const NAME: [&str; 13] = [
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const PLURAL: [&str; 13] = [
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// The description of a value under an evaluator's ranking (`Evaluator.describe`), None for a
/// value the table lacks (or a table without classes and ranks).
pub fn describe_value(evaluator: &Evaluator, value: u32) -> Option<String> {
    let (class, ranks) = evaluator.class_and_ranks(value)?;
    Some(describe(class, ranks))
}

/// Text for a hand of a class whose tie-break (five 4-bit rank fields) is `tie`.
pub fn describe(class: HandClass, tie: u32) -> String {
    let r = |shift: u32| ((tie >> shift) & 15) as usize;
    let name = |rank: usize| NAME.get(rank).copied().unwrap_or("?");
    let plural = |rank: usize| PLURAL.get(rank).copied().unwrap_or("?");
    let top = r(16);
    match class {
        HandClass::HighCard => format!("high card {}", name(top)),
        HandClass::Pair => format!("a pair of {}", plural(top)),
        HandClass::FourStraight => format!("a four-straight, {} high", name(top)),
        HandClass::FourFlush => format!("a four-flush, {} high", name(top)),
        HandClass::FourStraightFlush => {
            format!("a four-card straight flush, {} high", name(top))
        }
        HandClass::TwoPair => format!("two pair, {} and {}", plural(top), plural(r(8))),
        HandClass::ThreeOfAKind => format!("three of a kind, {}", plural(top)),
        HandClass::Straight => {
            format!("a straight, {} to {}", name(low_end(top, r(12))), name(top))
        }
        HandClass::Flush => format!("a flush, {} high", name(top)),
        HandClass::FullHouse => {
            format!("a full house, {} full of {}", plural(top), plural(r(4)))
        }
        HandClass::FourOfAKind => format!("four of a kind, {}", plural(top)),
        HandClass::StraightFlush if top == 12 => "a Royal Flush".to_string(),
        HandClass::StraightFlush => {
            format!(
                "a straight flush, {} to {}",
                name(low_end(top, r(12))),
                name(top)
            )
        }
        HandClass::Low => ranks_text(tie, 5),
        HandClass::Badugi => format!("Badugi: {}", ranks_text(tie, 4)),
        HandClass::ThreeCard => format!("3-card: {}", ranks_text(tie, 3)),
        HandClass::TwoCard => format!("2-card: {}", ranks_text(tie, 2)),
        HandClass::OneCard => format!("1-card: {}", ranks_text(tie, 1)),
    }
}

/// The first `n` of five 4-bit rank fields as characters: `8,7,4,3,A`.
fn ranks_text(tie: u32, n: usize) -> String {
    let chars: Vec<String> = [16, 12, 8, 4, 0][..n.min(5)]
        .iter()
        .map(|&shift| {
            let c = crate::cards::RANKS
                .get(((tie >> shift) & 15) as usize)
                .copied();
            c.map_or('?', char::from).to_string()
        })
        .collect();
    chars.join(",")
}

/// The bottom card of a five-card straight: the ace below a five-high one, or where the second rank
/// field names the ace (a short deck's A-6-7-8-9: the others' second field is empty).
fn low_end(top: usize, second: usize) -> usize {
    if top == 3 || second == 12 {
        12
    } else {
        top.saturating_sub(4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tie(r: [u32; 5]) -> u32 {
        r.iter().fold(0, |acc, &x| acc << 4 | x)
    }

    #[test]
    fn descriptions_read_as_the_logs_print_them() {
        assert_eq!(
            describe(HandClass::Pair, tie([11, 11, 9, 5, 2])),
            "a pair of Kings"
        );
        assert_eq!(
            describe(HandClass::TwoPair, tie([6, 6, 5, 5, 0])),
            "two pair, Eights and Sevens"
        );
        assert_eq!(
            describe(HandClass::Straight, tie([3, 2, 1, 0, 12])),
            "a straight, Ace to Five"
        );
        assert_eq!(
            describe(HandClass::FullHouse, tie([3, 3, 3, 12, 12])),
            "a full house, Fives full of Aces"
        );
        assert_eq!(
            describe(HandClass::StraightFlush, tie([12, 11, 10, 9, 8])),
            "a Royal Flush"
        );
        assert_eq!(
            describe(HandClass::FourFlush, tie([12, 5, 4, 3, 0])),
            "a four-flush, Ace high"
        );
        assert_eq!(describe(HandClass::Low, tie([6, 5, 2, 1, 12])), "8,7,4,3,A");
    }

    #[test]
    fn values_are_described_from_their_rankings_tables() {
        let ev = crate::eval::evaluator("soko-kickers-acelow-4f").expect("a ranking");
        let codes = |t: &str| -> Vec<u8> {
            t.split_whitespace()
                .map(|c| crate::cards::Card::parse(c).unwrap().0)
                .collect()
        };
        let text = |t: &str| describe_value(&ev, ev.value_codes(&codes(t)).unwrap());
        assert_eq!(text("Kh Kd Jc 7s 4h").as_deref(), Some("a pair of Kings"));
        assert_eq!(
            text("7d Ad 5c 5d 6d").as_deref(),
            Some("a four-flush, Ace high")
        );
        assert_eq!(describe_value(&ev, 0), None);
        assert_eq!(describe_value(&ev, 1_000_000), None);
    }
}
