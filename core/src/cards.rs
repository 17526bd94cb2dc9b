//! Playing cards: a card is a `u8` from 0 to 51, `rank * 4 + suit`, ranks 0..12 for 2..A and
//! suits 0..3 for clubs, diamonds, hearts, spades (bridge order), as in `model/cards.py`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The rank letters, deuce first.
pub const RANKS: &[u8; 13] = b"23456789TJQKA";
/// The suit letters in bridge order.
pub const SUITS: &[u8; 4] = b"cdhs";

/// One card, 0..51.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u8);

impl Card {
    /// The card of a rank (0..12) and a suit (0..3).
    pub fn new(rank: u8, suit: u8) -> Card {
        debug_assert!(rank < 13 && suit < 4);
        Card(rank * 4 + suit)
    }

    /// 0 for a deuce up to 12 for an ace.
    pub fn rank(self) -> u8 {
        self.0 >> 2
    }

    /// 0 clubs, 1 diamonds, 2 hearts, 3 spades.
    pub fn suit(self) -> u8 {
        self.0 & 3
    }

    /// One card of two ASCII letters or digits (`As`, `9c`): [`Card::parse`] of their text.
    pub fn from_ascii(rank: u8, suit: u8) -> Option<Card> {
        Some(Card::new(
            rank_of(char::from(rank))?,
            suit_of(char::from(suit))?,
        ))
    }

    /// One card as a log writes it: `As`, `Td`, `10d`, `9c`, or with a suit symbol (`A♠`).
    pub fn parse(text: &str) -> Option<Card> {
        let text = text.trim();
        let mut chars = text.chars();
        let first = chars.next()?;
        let (rank, rest) = if let Some(rest) = text.strip_prefix("10") {
            (8, rest)
        } else {
            (rank_of(first)?, chars.as_str())
        };
        let mut rest = rest.chars();
        let suit = suit_of(rest.next()?)?;
        if rest.next().is_some() {
            return None;
        }
        Some(Card::new(rank, suit))
    }
}

fn rank_of(ch: char) -> Option<u8> {
    let upper = ch.to_ascii_uppercase();
    RANKS
        .iter()
        .position(|&r| r as char == upper)
        .map(|i| i as u8)
}

fn suit_of(ch: char) -> Option<u8> {
    match ch {
        'c' | 'C' | '♣' => Some(0),
        'd' | 'D' | '♦' => Some(1),
        'h' | 'H' | '♥' => Some(2),
        's' | 'S' | '♠' => Some(3),
        _ => None,
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            RANKS[self.rank() as usize] as char,
            SUITS[self.suit() as usize] as char
        )
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        Card::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?} is not a card")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_prints_and_parses_back() {
        for code in 0..52u8 {
            let card = Card(code);
            assert_eq!(Card::parse(&card.to_string()), Some(card));
        }
        assert_eq!(Card::parse("10d"), Card::parse("Td"));
        assert_eq!(Card::parse("A♠"), Some(Card(51)));
        assert_eq!(Card::parse("2c"), Some(Card(0)));
        assert_eq!(Card::parse("1c"), None);
        assert_eq!(Card::parse("Asx"), None);
    }
}
