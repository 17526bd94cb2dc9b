//! Best-of-six and best-of-seven tables derived from a five-card table (`rules/tables.py`,
//! `SevenCardTables`).
//!
//! A hand's value is the larger of its best non-flush value, looked up by the dense index of its
//! rank multiset ([`MultisetIndex`]), and its best flush, looked up by the 13-bit rank mask of each
//! suit. The tables are small (49,205 seven-rank and 18,395 six-rank values, 8,192 masks: 150 KB
//! in all), so a lookup stays in the cache where a table by rank-key sum (15 MB) would not. That equals
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

/// Ranks in a deck.
const RANKS: usize = 13;

/// Cards of a rank in a deck.
const SUITS: usize = 4;

/// The dense index of a multiset of up to seven ranks (at most four of each) among those of its
/// size: its rank in the lexicographic order of rank counts, highest rank first.
///
/// `step[r][m][c]` is how many multisets of size `m` precede, at rank `r`, those with `c` cards
/// of that rank: the sum, over counts `j < c`, of the multisets of `m - j` cards from the ranks
/// below `r`. The index is the sum of one step per rank.
struct MultisetIndex {
    step: [[[u32; SUITS + 1]; 8]; RANKS],
}

impl MultisetIndex {
    const fn new() -> MultisetIndex {
        // below[r][m]: multisets of m cards from ranks 0..r, at most four of each.
        let mut below = [[0u32; 8]; RANKS + 1];
        below[0][0] = 1;
        let mut r = 1;
        while r <= RANKS {
            let mut m = 0;
            while m < 8 {
                let mut j = 0;
                while j <= SUITS && j <= m {
                    below[r][m] += below[r - 1][m - j];
                    j += 1;
                }
                m += 1;
            }
            r += 1;
        }
        let mut step = [[[0u32; SUITS + 1]; 8]; RANKS];
        let mut r = 0;
        while r < RANKS {
            let mut m = 0;
            while m < 8 {
                let mut c = 1;
                while c <= SUITS {
                    let j = c - 1;
                    let before = if j <= m { below[r][m - j] } else { 0 };
                    step[r][m][c] = step[r][m][c - 1] + before;
                    c += 1;
                }
                m += 1;
            }
            r += 1;
        }
        MultisetIndex { step }
    }

    /// The index of the multiset whose count of rank `r` is the `r`-th nibble of `counts`, of
    /// `size` ranks in all.
    #[inline]
    fn of(&self, counts: u64, size: usize) -> usize {
        let mut left = size;
        let mut index = 0u32;
        for r in (0..RANKS).rev() {
            let c = (counts >> (4 * r) & 0xF) as usize;
            index += self.step[r][left][c];
            left -= c;
        }
        index as usize
    }

    /// [`MultisetIndex::of`] a list of ranks.
    fn of_ranks(&self, ranks: &[usize]) -> usize {
        self.of(ranks.iter().map(|&r| 1u64 << (4 * r)).sum(), ranks.len())
    }
}

static INDEX: MultisetIndex = MultisetIndex::new();

/// The rank-count nibble of each card code.
static CARD_COUNT: [u64; 52] = {
    let mut counts = [0u64; 52];
    let mut c = 0;
    while c < 52 {
        counts[c] = 1 << (4 * (c >> 2));
        c += 1;
    }
    counts
};

/// The lookup tables of one suit-blind ranking.
pub struct SevenTables {
    /// Best non-flush value of a six-rank multiset, by its [`MultisetIndex`].
    by_ranks6: Box<[u16]>,
    /// Best non-flush value of a seven-rank multiset, by its [`MultisetIndex`].
    by_ranks7: Box<[u16]>,
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
        Some(SevenTables {
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

    /// The value of six or seven distinct cards gathered in `ranks`.
    #[inline]
    pub fn value_of(&self, ranks: &Ranks) -> u16 {
        let table = if ranks.len == 6 {
            &self.by_ranks6
        } else {
            &self.by_ranks7
        };
        let mut best = table[INDEX.of(ranks.counts, ranks.len)];
        for mask in ranks.suits {
            best = best.max(self.by_mask[mask as usize]);
        }
        best
    }
}

/// Distinct cards as the tables see them: rank counts, a rank mask per suit and how many; cards
/// known in advance are gathered once and joined to each draw ([`Ranks::join`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ranks {
    counts: u64,
    suits: [u16; 4],
    len: usize,
}

impl Ranks {
    /// Adds a valid card code not already in.
    #[inline]
    pub fn add(&mut self, code: u8) {
        self.counts += CARD_COUNT[code as usize];
        self.suits[(code & 3) as usize] |= 1 << (code >> 2);
        self.len += 1;
    }

    /// These cards and `other`'s (distinct from them).
    #[inline]
    pub fn join(&self, other: &Ranks) -> Ranks {
        let mut suits = self.suits;
        for (s, o) in suits.iter_mut().zip(other.suits) {
            *s |= o;
        }
        Ranks {
            counts: self.counts + other.counts,
            suits,
            len: self.len + other.len,
        }
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
/// sub-multisets (looked up by key sum), by [`MultisetIndex`].
fn best_by_ranks(by_sum5: &[u16], n: usize) -> Box<[u16]> {
    let mut table = vec![0u16; if n == 6 { 18_395 } else { 49_205 }];
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
        table[INDEX.of_ranks(ranks)] = best;
    });
    table.into_boxed_slice()
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
    fn multiset_index_is_dense_and_one_to_one() {
        for n in [5usize, 6, 7] {
            let mut seen = Vec::new();
            multisets(n, 12, &mut Vec::new(), &mut |ranks| {
                seen.push(INDEX.of_ranks(ranks))
            });
            let count = seen.len();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), count);
            assert_eq!(seen.last(), Some(&(count - 1)));
        }
    }
}
