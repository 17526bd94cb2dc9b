//! A short list of cards kept inline: what a player holds or shows, or the board, during a replay.
//!
//! A hand deals at most seven cards to a player and five to the board, so eight fit inline and
//! the replay allocates nothing for them; a broken log that deals more spills to the heap.

use crate::cards::Card;

const INLINE: usize = 8;

/// Cards in the order they were added; eight inline, more on the heap.
#[derive(Clone, Debug)]
pub struct Held {
    len: usize,
    inline: [Card; INLINE],
    /// All the cards, once there are more than fit inline.
    spill: Vec<Card>,
}

impl Default for Held {
    fn default() -> Held {
        Held {
            len: 0,
            inline: [Card(0); INLINE],
            spill: Vec::new(),
        }
    }
}

impl Held {
    pub fn new() -> Held {
        Held::default()
    }

    pub fn push(&mut self, card: Card) {
        if !self.spill.is_empty() {
            self.spill.push(card);
        } else if self.len < INLINE {
            self.inline[self.len] = card;
            self.len += 1;
        } else {
            self.spill.reserve(2 * INLINE);
            self.spill.extend_from_slice(&self.inline);
            self.spill.push(card);
        }
    }

    /// Take a card out, keeping the others in order; whether it was there.
    pub fn remove(&mut self, card: &Card) -> bool {
        let Some(at) = self.as_slice().iter().position(|c| c == card) else {
            return false;
        };
        if self.spill.is_empty() {
            self.inline.copy_within(at + 1..self.len, at);
            self.len -= 1;
        } else {
            self.spill.remove(at);
        }
        true
    }

    pub fn as_slice(&self) -> &[Card] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    pub fn contains(&self, card: &Card) -> bool {
        self.as_slice().contains(card)
    }

    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    pub fn last(&self) -> Option<&Card> {
        self.as_slice().last()
    }
}

impl PartialEq for Held {
    fn eq(&self, other: &Held) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Held {}

impl AsRef<[Card]> for Held {
    fn as_ref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl Extend<Card> for Held {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, cards: I) {
        for card in cards {
            self.push(card);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_stay_in_order_inline_and_spilled() {
        let mut held = Held::new();
        assert!(held.is_empty() && held.last().is_none());
        held.extend((0..20).map(Card));
        let codes: Vec<u8> = held.as_slice().iter().map(|c| c.0).collect();
        assert_eq!(codes, (0..20).collect::<Vec<u8>>());
        assert!(held.contains(&Card(19)) && !held.contains(&Card(20)));
        assert_eq!(held.last(), Some(&Card(19)));
        assert!(held.remove(&Card(3)) && !held.remove(&Card(3)));
        assert_eq!(held.as_slice().len(), 19);
        let mut small = Held::new();
        small.extend([Card(5), Card(6), Card(7)]);
        assert!(small.remove(&Card(5)));
        assert_eq!(small.as_slice(), &[Card(6), Card(7)]);
    }
}
