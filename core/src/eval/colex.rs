//! The combinatorial (colex) index of a five-card hand, as `rules/tables.py` numbers its table:
//! for sorted codes `c0 < c1 < ... < c4`, the sum of `comb(c_i, i + 1)`.

/// The number of five-card hands, `comb(52, 5)`.
pub const N_FIVE: usize = 2_598_960;

/// The number of four-card hands, `comb(52, 4)` (Badugi's table).
pub const N_FOUR: usize = 270_725;

/// `BINOM[i][c] = comb(c, i + 1)` for `c` in 0..52.
static BINOM: [[u32; 52]; 5] = binom_table();

const fn binom_table() -> [[u32; 52]; 5] {
    let mut table = [[0u32; 52]; 5];
    let mut c = 0;
    while c < 52 {
        // comb(c, k) built up from comb(c, k - 1) = comb(c, k - 1) * (c - k + 1) / k.
        let mut value: u64 = 1;
        let mut k = 1;
        while k <= 5 {
            value = if c + 1 >= k {
                value * (c as u64 + 1 - k as u64) / k as u64
            } else {
                0
            };
            table[k - 1][c] = value as u32;
            k += 1;
        }
        c += 1;
    }
    table
}

/// `comb(card, level + 1)`: one term of a colex index (`level` 0..5, `card` 0..52).
#[inline]
pub fn binom(level: usize, card: u8) -> usize {
    BINOM[level][card as usize] as usize
}

/// The index of five sorted, distinct codes below 52 (the caller checked them).
#[inline]
pub fn index_sorted(a: u8, b: u8, c: u8, d: u8, e: u8) -> usize {
    (BINOM[0][a as usize]
        + BINOM[1][b as usize]
        + BINOM[2][c as usize]
        + BINOM[3][d as usize]
        + BINOM[4][e as usize]) as usize
}

/// An optimal sorting network for five elements: the pairs compared, in order.
pub const NETWORK5: [(usize, usize); 9] = [
    (0, 1),
    (3, 4),
    (2, 4),
    (2, 3),
    (0, 3),
    (0, 2),
    (1, 4),
    (1, 3),
    (1, 2),
];

/// The index of five codes in any order; None if one is above 51 or two are equal.
#[inline]
pub fn index5(codes: &[u8]) -> Option<usize> {
    let mut c = [codes[0], codes[1], codes[2], codes[3], codes[4]];
    for (i, j) in NETWORK5 {
        if c[i] > c[j] {
            c.swap(i, j);
        }
    }
    if c[0] < c[1] && c[1] < c[2] && c[2] < c[3] && c[3] < c[4] && c[4] <= 51 {
        Some(index_sorted(c[0], c[1], c[2], c[3], c[4]))
    } else {
        None
    }
}

/// The index of four codes in any order; None if one is above 51 or two are equal.
#[inline]
pub fn index4(codes: &[u8]) -> Option<usize> {
    let mut c = [codes[0], codes[1], codes[2], codes[3]];
    c.sort_unstable();
    (c[0] < c[1] && c[1] < c[2] && c[2] < c[3] && c[3] <= 51).then(|| {
        (BINOM[0][c[0] as usize]
            + BINOM[1][c[1] as usize]
            + BINOM[2][c[2] as usize]
            + BINOM[3][c[3] as usize]) as usize
    })
}

/// The index of five distinct cards in any order (public form of [`index5`]).
pub fn colex_index(codes: [u8; 5]) -> Option<usize> {
    index5(&codes)
}

/// Every five-card hand as sorted codes, in colex index order: the top card rises slowest.
pub fn all_five() -> impl Iterator<Item = [u8; 5]> {
    (4u8..52).flat_map(|e| {
        (3..e).flat_map(move |d| {
            (2..d).flat_map(move |c| (1..c).flat_map(move |b| (0..b).map(move |a| [a, b, c, d, e])))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_count_every_hand_once_in_order() {
        let mut n = 0;
        for (i, [a, b, c, d, e]) in all_five().enumerate() {
            assert_eq!(index_sorted(a, b, c, d, e), i);
            n += 1;
        }
        assert_eq!(n, N_FIVE);
        assert_eq!(index5(&[51, 50, 49, 48, 47]), Some(N_FIVE - 1));
        assert_eq!(index5(&[4, 3, 2, 1, 0]), Some(0));
        assert_eq!(index4(&[51, 50, 49, 48]), Some(N_FOUR - 1));
        assert_eq!(index4(&[3, 2, 1, 0]), Some(0));
        assert_eq!(index4(&[3, 3, 1, 0]), None);
        assert_eq!(index5(&[1, 1, 2, 3, 4]), None);
        assert_eq!(index5(&[1, 52, 2, 3, 4]), None);
    }
}
