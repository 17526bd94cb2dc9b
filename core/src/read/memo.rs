//! The reader's memory of what it has already read: the hands of one table share their header
//! text but for the hand id and the time, so the game, stakes and tournament of a header text
//! are read once and looked up after (a pure function of the text, errors included).
//!
//! Lookups are by a small, fast hash (FxHash: the texts are a few dozen bytes and not chosen
//! by an adversary who could gain from collisions; the map is bounded all the same).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::errors::ReadError;
use super::pokerstars::Game;

/// The most header texts remembered; past it the memory starts again.
const MAX_ENTRIES: usize = 4096;

/// FxHash (rustc's): a multiply and rotate per word, for short keys.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A hash map keyed by short texts.
pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// What the reader remembers between hands.
#[derive(Default)]
pub struct Memo {
    /// `pokerstars::game` by the header text before the date.
    games: FxMap<Box<str>, Result<Game, ReadError>>,
}

impl Memo {
    /// The game of a PokerStars header text, read by `read` the first time.
    pub fn game(
        &mut self,
        text: &str,
        read: impl FnOnce(&str) -> Result<Game, ReadError>,
    ) -> Result<Game, ReadError> {
        if let Some(found) = self.games.get(text) {
            return found.clone();
        }
        let game = read(text);
        if self.games.len() >= MAX_ENTRIES {
            self.games.clear();
        }
        self.games.insert(text.into(), game.clone());
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    fn hash(s: &str) -> u64 {
        let mut h = FxHasher::default();
        s.hash(&mut h);
        h.finish()
    }

    #[test]
    fn texts_that_differ_hash_apart_and_the_memory_stays_bounded() {
        assert_ne!(
            hash("Hold'em No Limit ($1/$2)"),
            hash("Hold'em No Limit ($1/$3)")
        );
        assert_ne!(hash("a"), hash("a\0"));
        let mut memo = Memo::default();
        let unsupported = |t: &str| Err(super::super::pokerstars::unsupported(t));
        for k in 0..MAX_ENTRIES + 10 {
            let _ = memo.game(&format!("game {k}"), unsupported);
        }
        assert!(memo.games.len() <= MAX_ENTRIES);
        let e = memo.game("game 3", unsupported).unwrap_err();
        assert_eq!(e.reason, "unsupported game: game 3");
    }
}
