//! Best-of-six and best-of-seven tables derived from a five-card table (`rules/tables.py`,
//! `SevenCardTables`).
//!
//! A hand's value is the larger of its best non-flush value, looked up by its rank-key sum through
//! a perfect hash ([`KeyHash`]), and, when a suit holds five cards or more, its best flush, looked
//! up by that suit's 13-bit rank mask. The tables are small (61,507 seven-rank and 22,994 six-rank
//! slots, 8,192 masks: about 250 KB in all), so a lookup stays in the cache where a table indexed
//! by the sum itself (15 MB) would not. That equals
//! the best five-card subset exactly when the five-card table is suit-blind except for flushes:
//! every non-flush hand's value depends only on its ranks, every flush's only on its rank set, and
//! a flush is worth at least the same ranks off-suit. [`SevenTables::build`] checks those three
//! facts on the table itself and declines otherwise (Sökö's four-flushes, a top card broken by
//! suit), so the caller falls back to trying every subset.

use super::colex::all_five;

/// Per-rank keys whose sums tell apart every multiset of up to seven ranks with at most four of
/// each (Kenneth Shackleton's SKPokerEval constants, as in `rules/tables.py`).
pub const RANK_KEYS: [u32; 13] = [
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
];

/// `RANK_KEYS` of each card code.
static CARD_KEY: [u32; 52] = {
    let mut keys = [0u32; 52];
    let mut c = 0;
    while c < 52 {
        keys[c] = RANK_KEYS[c >> 2];
        c += 1;
    }
    keys
};

/// A perfect hash of the rank-key sums of one size of multiset ("hash and displace", as CHD
/// builds it): a sum's hash picks a bucket and a home slot, and each bucket's displacement moves
/// its sums' slots together to where none collides. A lookup is a multiply, two small loads and
/// no loop; the tables (about 170 KB for seven cards) stay in the cache, where a table indexed by
/// the sum itself would take 15 MB and the dense multiset index a loop over the 13 ranks.
struct KeyHash {
    /// Each bucket's displacement.
    disp: Box<[u32]>,
    /// The values by slot.
    values: Box<[u16]>,
}

/// Keys per bucket, on average.
const PER_BUCKET: usize = 4;

impl KeyHash {
    /// The hash of these distinct keys (at least one), with their values.
    fn build(entries: &[(u32, u16)]) -> KeyHash {
        // Slots for a load of 0.8: a bucket's place is found in a few tries.
        let slots = entries.len() * 5 / 4 + 1;
        let buckets = entries.len().div_ceil(PER_BUCKET);
        let mut members: Vec<Vec<(usize, u16)>> = vec![Vec::new(); buckets];
        for &(key, value) in entries {
            let (bucket, home) = Self::place(key, buckets, slots);
            members[bucket].push((home, value));
        }
        let mut order: Vec<usize> = (0..buckets).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(members[b].len()));
        let mut disp = vec![0u32; buckets];
        let mut taken = vec![false; slots];
        let mut values = vec![0u16; slots];
        let mut at = Vec::new();
        for b in order {
            let fits = |d: usize, at: &mut Vec<usize>| {
                at.clear();
                for &(home, _) in &members[b] {
                    let slot = (home + d) % slots;
                    if taken[slot] || at.contains(&slot) {
                        return false;
                    }
                    at.push(slot);
                }
                true
            };
            let d = (0..slots)
                .find(|&d| fits(d, &mut at))
                .expect("a free slot for every key");
            for (&slot, &(_, value)) in at.iter().zip(&members[b]) {
                taken[slot] = true;
                values[slot] = value;
            }
            disp[b] = d as u32;
        }
        KeyHash {
            disp: disp.into_boxed_slice(),
            values: values.into_boxed_slice(),
        }
    }

    /// A key's bucket and home slot.
    #[inline]
    fn place(key: u32, buckets: usize, slots: usize) -> (usize, usize) {
        let h = u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bucket = ((h >> 32) * buckets as u64) >> 32;
        let home = ((h & 0xFFFF_FFFF) * slots as u64) >> 32;
        (bucket as usize, home as usize)
    }

    /// The value of a key given to [`KeyHash::build`] (another key gives any value).
    #[inline]
    fn get(&self, key: u32) -> u16 {
        let slots = self.values.len();
        let (bucket, home) = Self::place(key, self.disp.len(), slots);
        let mut slot = home + self.disp[bucket] as usize;
        if slot >= slots {
            slot -= slots;
        }
        self.values[slot]
    }
}

/// The lookup tables of one suit-blind ranking.
pub struct SevenTables {
    /// The non-flush value of a five-rank multiset, by its rank-key sum (split hands: Omaha).
    by_ranks5: KeyHash,
    /// Best non-flush value of a six-rank multiset, by its rank-key sum.
    by_ranks6: KeyHash,
    /// Best non-flush value of a seven-rank multiset, by its rank-key sum.
    by_ranks7: KeyHash,
    /// Best flush among the ranks of one suit (0: fewer than five).
    by_mask: Box<[u16]>,
}

impl SevenTables {
    /// The tables of a five-card table, or None when it is not suit-blind except for flushes.
    pub fn build(five: &[u16]) -> Option<SevenTables> {
        let size5 = (RANK_KEYS[12] * 4 + RANK_KEYS[11] + 1) as usize;
        let mut by_sum5 = vec![0u16; size5];
        let mut by_mask = vec![0u16; 1 << 13];
        for (hand, &value) in all_five().zip(five) {
            let suit = hand[0] & 3;
            let slot = if hand.iter().all(|c| c & 3 == suit) {
                &mut by_mask[hand.iter().fold(0usize, |m, c| m | 1 << (c >> 2))]
            } else {
                &mut by_sum5[hand.iter().map(|&c| CARD_KEY[c as usize]).sum::<u32>() as usize]
            };
            if *slot != 0 && *slot != value {
                return None; // suits matter beyond the flush
            }
            *slot = value;
        }
        for (mask, &flush) in by_mask.iter().enumerate() {
            if mask.count_ones() == 5 {
                let key: u32 = (0..13)
                    .filter(|r| mask >> r & 1 == 1)
                    .map(|r| RANK_KEYS[r])
                    .sum();
                if flush < by_sum5[key as usize] {
                    return None; // a flush worth less than its ranks off-suit
                }
            }
        }
        for bits in 6..=7 {
            for mask in 0usize..1 << 13 {
                if mask.count_ones() == bits {
                    by_mask[mask] = (0..13)
                        .filter(|r| mask >> r & 1 == 1)
                        .map(|r| by_mask[mask & !(1 << r)])
                        .max()
                        .unwrap_or(0);
                }
            }
        }
        let fives: Vec<(u32, u16)> = by_sum5
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(|(key, &v)| (key as u32, v))
            .collect();
        Some(SevenTables {
            by_ranks5: KeyHash::build(&fives),
            by_ranks6: best_by_ranks(&by_sum5, 6),
            by_ranks7: best_by_ranks(&by_sum5, 7),
            by_mask: by_mask.into_boxed_slice(),
        })
    }

    /// The value of six or seven distinct, valid codes.
    #[inline]
    pub fn value(&self, codes: &[u8]) -> u16 {
        let mut ranks = Ranks::default();
        for &c in codes {
            ranks.add(c);
        }
        self.value_of(&ranks)
    }

    /// The value of five distinct cards gathered in `ranks`: a flush by its rank mask, any other
    /// hand by its rank-key sum (two small tables, where the five-card table is 5 MB).
    #[inline]
    pub fn value5_of(&self, ranks: &Ranks) -> u16 {
        if (ranks.per_suit + 0x3333) & 0x8888 == 0 {
            return self.by_ranks5.get(ranks.key);
        }
        let suit = (0..4)
            .find(|s| ranks.per_suit >> (4 * s) & 0xF == 5)
            .unwrap_or(0);
        self.by_mask[(ranks.suits >> (16 * suit) & 0x1FFF) as usize]
    }

    /// The value of five cards that make no flush, by their rank-key sum ([`Ranks::key`]).
    #[inline]
    pub fn value5_of_key(&self, key: u32) -> u16 {
        self.by_ranks5.get(key)
    }

    /// The value of six or seven distinct cards gathered in `ranks`.
    #[inline]
    pub fn value_of(&self, ranks: &Ranks) -> u16 {
        let table = if ranks.len == 6 {
            &self.by_ranks6
        } else {
            &self.by_ranks7
        };
        let mut best = table.get(ranks.key);
        // A suit of five or more (its count plus 3 reaches bit 3): only then a flush is looked up.
        if (ranks.per_suit + 0x3333) & 0x8888 == 0 {
            return best;
        }
        for suit in 0..4 {
            let mask = ranks.suits >> (16 * suit) & 0x1FFF;
            best = best.max(self.by_mask[mask as usize]);
        }
        best
    }
}

/// Distinct cards as the tables see them: their rank-key sum, a rank mask per suit and how many; cards
/// known in advance are gathered once and joined to each draw ([`Ranks::join`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ranks {
    key: u32,
    /// The rank mask of suit `s` in bits `16 s ..`.
    suits: u64,
    /// How many cards of suit `s` in bits `4 s ..` (at most 7 each).
    per_suit: u16,
    len: usize,
}

impl Ranks {
    /// Adds a valid card code not already in.
    #[inline]
    pub fn add(&mut self, code: u8) {
        self.key += CARD_KEY[code as usize];
        self.suits |= 1 << (16 * (code & 3) + (code >> 2));
        self.per_suit += 1 << (4 * (code & 3));
        self.len += 1;
    }

    /// These cards and `other`'s (distinct from them).
    #[inline]
    pub fn join(&self, other: &Ranks) -> Ranks {
        Ranks {
            key: self.key + other.key,
            suits: self.suits | other.suits,
            per_suit: self.per_suit + other.per_suit,
            len: self.len + other.len,
        }
    }

    /// The rank-key sum: what the value of cards that make no flush depends on.
    #[inline]
    pub fn key(&self) -> u32 {
        self.key
    }

    /// The most cards of one suit.
    #[inline]
    pub fn most_of_a_suit(&self) -> u16 {
        (0..4)
            .map(|s| self.per_suit >> (4 * s) & 0xF)
            .max()
            .unwrap_or(0)
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.len
    }

    /// No card yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// For every multiset of `n` ranks (at most four of each), the best value of its five-rank
/// sub-multisets (looked up by key sum), by its own key sum.
fn best_by_ranks(by_sum5: &[u16], n: usize) -> KeyHash {
    let mut entries = Vec::with_capacity(if n == 6 { 18_395 } else { 49_205 });
    let mut ranks = Vec::with_capacity(n);
    multisets(n, 12, &mut ranks, &mut |ranks| {
        let total: u32 = ranks.iter().map(|&r| RANK_KEYS[r]).sum();
        let mut best = 0u16;
        // Drop n - 5 of the ranks (one or two).
        for i in 0..n {
            if n == 6 {
                best = best.max(by_sum5[(total - RANK_KEYS[ranks[i]]) as usize]);
            } else {
                for j in i + 1..n {
                    let sub = total - RANK_KEYS[ranks[i]] - RANK_KEYS[ranks[j]];
                    best = best.max(by_sum5[sub as usize]);
                }
            }
        }
        entries.push((total, best));
    });
    KeyHash::build(&entries)
}

/// Calls `visit` with every non-increasing list of `left` more ranks at most `top`, after
/// `ranks`, with no rank more than four times.
fn multisets(left: usize, top: usize, ranks: &mut Vec<usize>, visit: &mut impl FnMut(&[usize])) {
    if left == 0 {
        visit(ranks);
        return;
    }
    for r in (0..=top).rev() {
        let same = ranks.iter().filter(|&&x| x == r).count();
        if same < 4 {
            ranks.push(r);
            multisets(left - 1, r, ranks, visit);
            ranks.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_keys_separate_the_multisets() {
        for n in [6usize, 7] {
            let mut seen = std::collections::HashSet::new();
            let mut count = 0;
            multisets(n, 12, &mut Vec::new(), &mut |ranks| {
                count += 1;
                assert!(seen.insert(ranks.iter().map(|&r| RANK_KEYS[r]).sum::<u32>()));
            });
            // Multisets of n ranks from 13 with at most four of each.
            assert_eq!(count, if n == 6 { 18_395 } else { 49_205 });
        }
    }

    #[test]
    fn key_hash_gives_every_key_its_own_value() {
        for n in [6usize, 7] {
            let mut entries = Vec::new();
            multisets(n, 12, &mut Vec::new(), &mut |ranks| {
                let key = ranks.iter().map(|&r| RANK_KEYS[r]).sum::<u32>();
                // A value per multiset, distinct and never 0 (the table's empty slot).
                entries.push((key, entries.len() as u16 + 1));
            });
            let hash = KeyHash::build(&entries);
            for &(key, value) in &entries {
                assert_eq!(hash.get(key), value);
            }
            // The sparse sums (up to 7.8 million) fit a table of 1.25 slots a key.
            assert!(
                hash.values.len() < 2 * entries.len(),
                "{}",
                hash.values.len()
            );
        }
    }
}
