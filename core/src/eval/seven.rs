//! Best-of-six and best-of-seven tables derived from a five-card table (`rules/tables.py`,
//! `SevenCardTables`).
//!
//! A hand's value is the larger of its best non-flush value, looked up by the sum of its cards'
//! [`RANK_KEYS`], and its best flush, looked up by the 13-bit rank mask of each suit. That equals
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

/// The lookup tables of one suit-blind ranking.
pub struct SevenTables {
    /// Best non-flush value of a six-rank multiset, by its key sum.
    by_sum6: Box<[u16]>,
    /// Best non-flush value of a seven-rank multiset, by its key sum.
    by_sum7: Box<[u16]>,
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
            by_sum6: best_by_sum(&by_sum5, 6),
            by_sum7: best_by_sum(&by_sum5, 7),
            by_mask: by_mask.into_boxed_slice(),
        })
    }

    /// The value of six or seven distinct, valid codes.
    #[inline]
    pub fn value(&self, codes: &[u8]) -> u16 {
        let mut key = 0u32;
        let mut suits = [0usize; 4];
        for &c in codes {
            key += CARD_KEY[c as usize];
            suits[(c & 3) as usize] |= 1 << (c >> 2);
        }
        let table = if codes.len() == 6 {
            &self.by_sum6
        } else {
            &self.by_sum7
        };
        let mut best = table[key as usize];
        for mask in suits {
            best = best.max(self.by_mask[mask]);
        }
        best
    }
}

/// For every multiset of `n` ranks (at most four of each), the best value of its five-rank
/// sub-multisets, by key sum.
fn best_by_sum(by_sum5: &[u16], n: usize) -> Box<[u16]> {
    let size = (RANK_KEYS[12] * 4 + RANK_KEYS[11] * (n as u32 - 4) + 1) as usize;
    let mut table = vec![0u16; size];
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
        table[total as usize] = best;
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
}
