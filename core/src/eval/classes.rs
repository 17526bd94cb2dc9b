//! The classes of five-card hands, numbered by their order here: Python's `HandClass` (`rules/tables.py`)
//! is read from this one definition (`_core.VOCABULARIES`).

crate::vocabulary! {
    /// The classes of five-card hands; the numbers are identities, not order.
    pub enum HandClass {
        HighCard = "high_card",
        Pair = "pair",
        FourStraight = "four_straight",
        FourFlush = "four_flush",
        FourStraightFlush = "four_straight_flush",
        TwoPair = "two_pair",
        ThreeOfAKind = "three_of_a_kind",
        Straight = "straight",
        Flush = "flush",
        FullHouse = "full_house",
        FourOfAKind = "four_of_a_kind",
        StraightFlush = "straight_flush",
        /// No pair, under a low ranking: described by its five ranks (`8,7,4,3,A`).
        Low = "low",
        /// Four cards of four ranks and four suits (`Badugi: 9,6,5,A`).
        Badugi = "badugi",
        /// Badugi: the best three cards of different ranks and suits (`3-card: 9,2,A`).
        ThreeCard = "three_card",
        TwoCard = "two_card",
        OneCard = "one_card",
    }
}

impl HandClass {
    /// The class of its number (its position in [`HandClass::ALL`], Python's `HandClass` value).
    pub fn from_number(number: u8) -> Option<HandClass> {
        HandClass::ALL.get(usize::from(number)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip() {
        for (i, class) in HandClass::ALL.iter().enumerate() {
            assert_eq!(HandClass::from_number(i as u8), Some(*class));
            assert_eq!(*class as usize, i);
        }
        assert_eq!(HandClass::from_number(17), None);
        assert_eq!(HandClass::FourFlush.as_str(), "four_flush");
    }
}
