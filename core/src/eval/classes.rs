//! The classes of five-card hands, numbered as `HandClass` in `rules/tables.py`.

/// A hand's class; the numbers are Python's identities, not the order of the classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandClass {
    HighCard = 0,
    Pair = 1,
    FourStraight = 2,
    FourFlush = 3,
    FourStraightFlush = 4,
    TwoPair = 5,
    ThreeOfAKind = 6,
    Straight = 7,
    Flush = 8,
    FullHouse = 9,
    FourOfAKind = 10,
    StraightFlush = 11,
    /// No pair under a low ranking.
    Low = 12,
    /// Badugi: four cards of four ranks and four suits, then the best three, two or one.
    Badugi = 13,
    ThreeCard = 14,
    TwoCard = 15,
    OneCard = 16,
}

const ALL: [HandClass; 17] = [
    HandClass::HighCard,
    HandClass::Pair,
    HandClass::FourStraight,
    HandClass::FourFlush,
    HandClass::FourStraightFlush,
    HandClass::TwoPair,
    HandClass::ThreeOfAKind,
    HandClass::Straight,
    HandClass::Flush,
    HandClass::FullHouse,
    HandClass::FourOfAKind,
    HandClass::StraightFlush,
    HandClass::Low,
    HandClass::Badugi,
    HandClass::ThreeCard,
    HandClass::TwoCard,
    HandClass::OneCard,
];

impl HandClass {
    /// The class of Python's number.
    pub fn from_number(number: u8) -> Option<HandClass> {
        ALL.get(usize::from(number)).copied()
    }

    /// The name as the store writes it (`HandClass.name.lower()`): `four_flush`, `full_house`.
    pub fn name(self) -> &'static str {
        match self {
            HandClass::HighCard => "high_card",
            HandClass::Pair => "pair",
            HandClass::FourStraight => "four_straight",
            HandClass::FourFlush => "four_flush",
            HandClass::FourStraightFlush => "four_straight_flush",
            HandClass::TwoPair => "two_pair",
            HandClass::ThreeOfAKind => "three_of_a_kind",
            HandClass::Straight => "straight",
            HandClass::Flush => "flush",
            HandClass::FullHouse => "full_house",
            HandClass::FourOfAKind => "four_of_a_kind",
            HandClass::StraightFlush => "straight_flush",
            HandClass::Low => "low",
            HandClass::Badugi => "badugi",
            HandClass::ThreeCard => "three_card",
            HandClass::TwoCard => "two_card",
            HandClass::OneCard => "one_card",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip() {
        for (i, class) in ALL.iter().enumerate() {
            assert_eq!(HandClass::from_number(i as u8), Some(*class));
            assert_eq!(*class as usize, i);
        }
        assert_eq!(HandClass::from_number(17), None);
        assert_eq!(HandClass::FourFlush.name(), "four_flush");
    }
}
