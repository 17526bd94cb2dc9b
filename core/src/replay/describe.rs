//! Hand descriptions as the logs print them (`a pair of Kings`, `a four-flush, Ace high`), for
//! the audit and for `Evaluator.describe` (`_core.describe`). PokerStars: `high card Ace`, `two pair,
//! Eights and Sevens`, `a straight, Five to Nine`, `a full house, Fives full of Aces`, `a Royal
//! Flush`; the Sökö text format: `a four-flush, Ace high`, `a four-straight, Ace high`, `a four-card
//! straight flush, King high`.
//!
//! A description is read from a value's class and its tie-break ranks, which Python's five-card
//! table keeps per value (`FiveCardTable.value_class`, `value_ranks`). The evaluator (`eval`)
//! gives values only, so the replayer keeps these two columns per ranking name here, handed over
//! from Python once like the evaluator's table.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, RwLock};

use crate::eval::HandClass;

const NAME: [&str; 13] = [
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const PLURAL: [&str; 13] = [
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// The class and tie-break ranks of every value of one ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Descriptions {
    classes: Box<[u8]>,
    ranks: Box<[u32]>,
}

impl Descriptions {
    /// From `value_class` (one byte per value) and `value_ranks` (little-endian int32 per value).
    pub fn from_bytes(classes: &[u8], ranks: &[u8]) -> Result<Descriptions, String> {
        if ranks.len() != 4 * classes.len() {
            return Err(format!(
                "{} classes but {} bytes of ranks",
                classes.len(),
                ranks.len()
            ));
        }
        if let Some(bad) = classes
            .iter()
            .skip(1)
            .find(|&&c| HandClass::from_number(c).is_none())
        {
            return Err(format!("unknown hand class number {bad}"));
        }
        let ranks = ranks
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(Descriptions {
            classes: classes.into(),
            ranks,
        })
    }

    /// The description of a value (`Evaluator.describe`), None for a value the table lacks.
    pub fn describe(&self, value: u32) -> Option<String> {
        let i = usize::try_from(value).ok().filter(|&i| i > 0)?;
        let class = HandClass::from_number(*self.classes.get(i)?)?;
        Some(describe(class, *self.ranks.get(i)?))
    }
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

static REGISTRY: LazyLock<RwLock<HashMap<String, Arc<Descriptions>>>> =
    LazyLock::new(|| RwLock::new(HashMap::new()));

/// The descriptions registered under a ranking's name (`Ranking.name`).
pub fn descriptions(name: &str) -> Option<Arc<Descriptions>> {
    let registry = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    registry.get(name).cloned()
}

/// Keep the descriptions of a ranking under its name, replacing any earlier ones.
pub fn register(name: &str, descriptions: Descriptions) -> Arc<Descriptions> {
    let shared = Arc::new(descriptions);
    let mut registry = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    registry.insert(name.to_string(), Arc::clone(&shared));
    shared
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
    fn tables_come_from_bytes() {
        let classes = [0u8, 1, 5];
        let ranks: Vec<u8> = [0u32, tie([11, 11, 9, 5, 2]), tie([6, 6, 5, 5, 0])]
            .iter()
            .flat_map(|r| r.to_le_bytes())
            .collect();
        let d = Descriptions::from_bytes(&classes, &ranks).unwrap();
        assert_eq!(d.describe(1).as_deref(), Some("a pair of Kings"));
        assert_eq!(d.describe(0), None);
        assert_eq!(d.describe(9), None);
        assert!(Descriptions::from_bytes(&classes, &ranks[..4]).is_err());
        assert!(Descriptions::from_bytes(&[0, 99], &[0; 8]).is_err());
    }
}
