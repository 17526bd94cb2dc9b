//! All-in equity: each player's expected share of the pots over the cards still to come
//! (`facts::allin` uses it for the all-in adjusted rows; Python calls it as `_core.equity`).
//!
//! The model. Player `i` holds known own cards and will be dealt `need[i]` more; the board holds
//! its known cards and will get `board_need` more; dead cards are known to be out of the deck. The
//! unseen deck is everything else, in card-code order. A final hand is the player's own cards plus
//! the full board (5 to 7 cards), valued by the ranking's [`Evaluator`]. Each pot goes to the best
//! hand among its eligible players; equal best hands split it (a pot with one eligible player is
//! his whatever his hand).
//!
//! Exact enumeration. An *outcome* is the board's draw (a combination of the unseen deck) followed
//! by each player's draw in seat order (a combination of what is left), all equally likely. When
//! there are at most `exact_limit` of them, every outcome is visited in a fixed order
//! (combinations in lexicographic order of deck positions, the board outermost), and the payoffs
//! are summed row after row within chunks of [`CHUNK`] outcomes, then chunk after chunk (the
//! order the numpy implementation it replaced summed in: the figures stored before are kept to
//! the bit). The loop allocates
//! nothing: cards live in fixed arrays and the per-player sums in buffers made before it.
//!
//! Monte Carlo. Otherwise `samples` deals are drawn, each a partial Fisher-Yates shuffle of the
//! unseen deck, from [`SplitMix64`] seeded with the caller's seed (the rows': the hand key's low
//! 32 bits). The result is the mean payoff with its standard error (the sample standard
//! deviation over the square root of `samples`, from sums about the first deal's payoffs). Tests hold
//! an estimate to the exact value (a forced full enumeration) within 4 standard errors.

use std::fmt;

use crate::eval::{Evaluator, Ranks};

/// Outcomes summed per chunk: the exact sums follow this order.
pub const CHUNK: u64 = 1 << 15;

/// The default: enumerate when there are at most this many outcomes.
pub const EXACT_LIMIT: u64 = 100_000;

/// Cards in a final hand, at most.
const MAX_HAND: usize = 7;

/// One pot: its amount and the indices of the players eligible to win it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pot {
    pub amount: f64,
    pub eligible: Vec<usize>,
}

/// What is known when the betting is over: the equity question of one hand.
#[derive(Clone, Copy, Debug)]
pub struct Situation<'a> {
    /// Each player's known own cards.
    pub hole: &'a [Vec<u8>],
    /// How many more own cards each player gets (parallel to `hole`).
    pub need: &'a [u8],
    /// The known board cards.
    pub board: &'a [u8],
    /// Board cards still to come.
    pub board_need: u8,
    /// Cards known to be out of the deck (a folded stud player's up cards).
    pub dead: &'a [u8],
    /// The pots, main pot first.
    pub pots: &'a [Pot],
}

/// How the expected amounts are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    /// Enumerate when the outcomes are at most this many.
    pub exact_limit: u64,
    /// Monte Carlo deals otherwise (at least 2).
    pub samples: u32,
    /// The Monte Carlo generator's seed.
    pub seed: u64,
}

/// What each player wins on average once all are all in.
#[derive(Clone, Debug, PartialEq)]
pub struct Equity {
    /// Per player: the expected amount won, the sum over pots of amount times share.
    pub expected: Vec<f64>,
    /// Per player: the standard error of `expected` (0.0 when exact).
    pub se: Vec<f64>,
    /// Every outcome was enumerated (false: a Monte Carlo estimate).
    pub exact: bool,
    /// Outcomes enumerated, or deals drawn.
    pub outcomes: u64,
}

/// Why no equity can be computed (Python gets a `ValueError` with this text for each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EquityError {
    NoPlayers,
    /// `need` does not give one count per player.
    NeedCount,
    /// A code outside 0..51.
    NotACard(u8),
    /// A card given twice.
    CardTwice(u8),
    /// A player would end with this many cards, not 5 to 7.
    HandSize {
        player: usize,
        cards: usize,
    },
    /// More cards to come than the deck holds.
    DeckShort {
        draw: usize,
        left: usize,
    },
    /// A pot names no player, a player twice or one out of range, or the pots total nothing.
    BadPots,
    /// Fewer than 2 Monte Carlo samples.
    FewSamples,
}

impl fmt::Display for EquityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EquityError::NoPlayers => write!(f, "equity needs at least one player"),
            EquityError::NeedCount => write!(f, "need must give one count per player"),
            EquityError::NotACard(c) => write!(f, "{c} is not a card code"),
            EquityError::CardTwice(c) => write!(f, "card {c} is given twice"),
            EquityError::HandSize { player, cards } => {
                write!(
                    f,
                    "player {player} would end with {cards} cards, not 5 to 7"
                )
            }
            EquityError::DeckShort { draw, left } => {
                write!(
                    f,
                    "{draw} cards are still to be dealt but only {left} are left"
                )
            }
            EquityError::BadPots => write!(f, "the pots are not (amount, eligible players)"),
            EquityError::FewSamples => write!(f, "Monte Carlo needs at least 2 samples"),
        }
    }
}

impl std::error::Error for EquityError {}

/// A small seeded generator (Steele, Lea and Flood's SplitMix64): enough for sampling deals.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0) by Lemire's multiply-shift; its bias, under n / 2^64, is nil
    /// for a deck.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// `n` choose `k`, saturating.
fn choose(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut out: u128 = 1;
    for i in 0..k {
        out = out.saturating_mul((n - i) as u128) / (i as u128 + 1);
    }
    out
}

/// How many outcomes the draws have from a deck of `n` cards (saturating).
pub fn outcome_count(n: usize, board_need: u8, need: &[u8]) -> u128 {
    let mut left = n;
    let mut count = choose(left, usize::from(board_need));
    left = left.saturating_sub(usize::from(board_need));
    for &k in need {
        count = count.saturating_mul(choose(left, usize::from(k)));
        left = left.saturating_sub(usize::from(k));
    }
    count
}

/// Each player's expected winnings from the pots over the cards still to come.
pub fn equity(ev: &Evaluator, s: &Situation, method: &Method) -> Result<Equity, EquityError> {
    let table = Table::new(ev, s)?;
    let count = outcome_count(table.deck_len, s.board_need, s.need);
    if count <= u128::from(method.exact_limit) {
        return Ok(table.enumerate(count as u64));
    }
    if method.samples < 2 {
        return Err(EquityError::FewSamples);
    }
    Ok(table.sample(method.samples, method.seed))
}

/// The checked situation in fixed arrays, with the per-outcome buffers.
struct Table<'a> {
    ev: &'a Evaluator,
    pots: &'a [Pot],
    players: usize,
    /// The unseen deck in card-code order.
    deck: [u8; 52],
    deck_len: usize,
    /// Each player's known cards: own, then the board.
    known: Vec<([u8; MAX_HAND], usize)>,
    /// The same gathered for the evaluator's rank tables, when every final hand goes through them
    /// (the board's draw is then gathered once per outcome for all players).
    known_ranks: Option<Vec<Ranks>>,
    /// Where each player's draw starts in the drawn cards (the board's is 0).
    start: Vec<usize>,
    need: &'a [u8],
    board_need: usize,
    /// Cards to come in all.
    draw: usize,
    /// Per-outcome hand values and payoffs.
    values: Vec<u32>,
    payoff: Vec<f64>,
}

/// The known cards (own, board, dead) as a set of bits; an error for a code past 51 or a card given
/// twice.
fn known_set(s: &Situation) -> Result<u64, EquityError> {
    let mut seen = 0u64;
    for &c in s.hole.iter().flatten().chain(s.board).chain(s.dead) {
        if c > 51 {
            return Err(EquityError::NotACard(c));
        }
        if seen >> c & 1 == 1 {
            return Err(EquityError::CardTwice(c));
        }
        seen |= 1 << c;
    }
    Ok(seen)
}

/// The cards not in `seen`, in order, and how many they are.
fn unseen_deck(seen: u64) -> ([u8; 52], usize) {
    let mut deck = [0u8; 52];
    let mut deck_len = 0;
    for c in (0..52u8).filter(|&c| seen >> c & 1 == 0) {
        deck[deck_len] = c;
        deck_len += 1;
    }
    (deck, deck_len)
}

impl<'a> Table<'a> {
    fn new(ev: &'a Evaluator, s: &Situation<'a>) -> Result<Table<'a>, EquityError> {
        let players = s.hole.len();
        if players == 0 {
            return Err(EquityError::NoPlayers);
        }
        if s.need.len() != players {
            return Err(EquityError::NeedCount);
        }
        let seen = known_set(s)?;
        let board_need = usize::from(s.board_need);
        let final_board = s.board.len() + board_need;
        let mut known = Vec::with_capacity(players);
        for (i, (own, &k)) in s.hole.iter().zip(s.need).enumerate() {
            let cards = own.len() + usize::from(k) + final_board;
            if !(5..=MAX_HAND).contains(&cards) {
                return Err(EquityError::HandSize { player: i, cards });
            }
            let mut hand = [0u8; MAX_HAND];
            for (slot, &c) in hand.iter_mut().zip(own.iter().chain(s.board)) {
                *slot = c;
            }
            known.push((hand, own.len() + s.board.len()));
        }
        let known_ranks = known
            .iter()
            .zip(s.need)
            .all(|(&(_, len), &k)| ev.values_ranks(len + usize::from(k) + board_need))
            .then(|| {
                known
                    .iter()
                    .map(|(hand, len)| {
                        let mut ranks = Ranks::default();
                        hand[..*len].iter().for_each(|&c| ranks.add(c));
                        ranks
                    })
                    .collect()
            });
        let (deck, deck_len) = unseen_deck(seen);
        let mut start = Vec::with_capacity(players);
        let mut draw = board_need;
        for &k in s.need {
            start.push(draw);
            draw += usize::from(k);
        }
        if draw > deck_len {
            return Err(EquityError::DeckShort {
                draw,
                left: deck_len,
            });
        }
        check_pots(s.pots, players)?;
        Ok(Table {
            ev,
            pots: s.pots,
            players,
            deck,
            deck_len,
            known,
            known_ranks,
            start,
            need: s.need,
            board_need,
            draw,
            values: vec![0; players],
            payoff: vec![0.0; players],
        })
    }

    /// The payoffs of one outcome (`drawn`: the board's cards, then each player's) into `payoff`.
    fn score(&mut self, drawn: &[u8]) {
        if let Some(known) = &self.known_ranks {
            let mut board = Ranks::default();
            drawn[..self.board_need].iter().for_each(|&c| board.add(c));
            for (i, known) in known.iter().enumerate() {
                let mut hand = known.join(&board);
                let start = self.start[i];
                let own = &drawn[start..start + usize::from(self.need[i])];
                own.iter().for_each(|&c| hand.add(c));
                self.values[i] = self.ev.value_of_ranks(&hand);
            }
        } else {
            self.value_hands(drawn);
        }
        self.share_pots();
    }

    /// Each player's hand value, card by card.
    fn value_hands(&mut self, drawn: &[u8]) {
        for i in 0..self.players {
            let (mut hand, mut len) = self.known[i];
            let own = &drawn[self.start[i]..self.start[i] + usize::from(self.need[i])];
            for &c in own.iter().chain(&drawn[..self.board_need]) {
                hand[len] = c;
                len += 1;
            }
            self.values[i] = self.ev.value_checked(&hand[..len]);
        }
    }

    /// The payoffs of the values in `values`.
    fn share_pots(&mut self) {
        self.payoff.iter_mut().for_each(|p| *p = 0.0);
        for pot in self.pots {
            if let [only] = pot.eligible[..] {
                self.payoff[only] += pot.amount;
                continue;
            }
            let (mut best, mut ways) = (0, 0u32);
            for &e in &pot.eligible {
                let value = self.values[e];
                if value > best || ways == 0 {
                    (best, ways) = (value, 1);
                } else if value == best {
                    ways += 1;
                }
            }
            // A pot won alone (most outcomes) needs no division.
            let share = match ways {
                1 => pot.amount,
                _ => pot.amount / f64::from(ways),
            };
            for &e in &pot.eligible {
                if self.values[e] == best {
                    self.payoff[e] += share;
                }
            }
        }
    }

    /// Every outcome, summed chunk by chunk.
    fn enumerate(mut self, count: u64) -> Equity {
        let players = self.players;
        let mut total = vec![0.0; players];
        let mut chunk = vec![0.0; players];
        let mut in_chunk = 0u64;
        // The draws in order: (first slot, cards) for the board, then each player.
        let mut levels: Vec<(usize, usize)> = Vec::with_capacity(players + 1);
        levels.push((0, self.board_need));
        levels.extend((0..players).map(|i| (self.start[i], usize::from(self.need[i]))));
        levels.retain(|&(_, k)| k > 0);
        let mut walk = Walk {
            deck: self.deck,
            n: self.deck_len,
            levels: &levels,
            drawn: [0u8; 52],
            used: 0,
        };
        let draw = self.draw;
        walk.level(0, &mut |drawn| {
            self.score(&drawn[..draw]);
            for (c, p) in chunk.iter_mut().zip(&self.payoff) {
                *c += p;
            }
            in_chunk += 1;
            if in_chunk == CHUNK {
                add_chunk(&mut total, &mut chunk);
                in_chunk = 0;
            }
        });
        if in_chunk > 0 {
            add_chunk(&mut total, &mut chunk);
        }
        let n = count as f64;
        Equity {
            expected: total.iter().map(|t| t / n).collect(),
            se: vec![0.0; players],
            exact: true,
            outcomes: count,
        }
    }

    /// `samples` random deals: the mean payoff and its standard error. The sums are taken about
    /// the first deal's payoffs (a shift that keeps the variance free of cancellation).
    fn sample(mut self, samples: u32, seed: u64) -> Equity {
        let players = self.players;
        let mut rng = SplitMix64::new(seed);
        let mut shift = vec![0.0; players];
        let mut sum = vec![0.0; players];
        let mut squares = vec![0.0; players];
        let mut deck = self.deck;
        let n = self.deck_len;
        for done in 0..samples {
            // A partial Fisher-Yates shuffle: from any order of the deck, a uniform draw.
            for j in 0..self.draw {
                let r = j + rng.below(n - j);
                deck.swap(j, r);
            }
            self.score(&deck[..self.draw]);
            if done == 0 {
                shift.copy_from_slice(&self.payoff);
            }
            for ((x, (s, q)), c) in self
                .payoff
                .iter()
                .zip(sum.iter_mut().zip(squares.iter_mut()))
                .zip(&shift)
            {
                let d = x - c;
                *s += d;
                *q += d * d;
            }
        }
        let m = f64::from(samples);
        let expected = shift.iter().zip(&sum).map(|(c, s)| c + s / m).collect();
        let se = sum
            .iter()
            .zip(&squares)
            .map(|(s, q)| ((q - s * s / m).max(0.0) / (m - 1.0) / m).sqrt())
            .collect();
        Equity {
            expected,
            se,
            exact: false,
            outcomes: u64::from(samples),
        }
    }
}

/// `total += chunk`, then the chunk starts again from zero.
fn add_chunk(total: &mut [f64], chunk: &mut [f64]) {
    for (t, c) in total.iter_mut().zip(chunk.iter_mut()) {
        *t += *c;
        *c = 0.0;
    }
}

/// Pots as the equity accepts them: finite amounts >= 0, distinct eligible players in range,
/// a total above zero.
fn check_pots(pots: &[Pot], players: usize) -> Result<(), EquityError> {
    let mut total = 0.0;
    for pot in pots {
        if !pot.amount.is_finite() || pot.amount < 0.0 || pot.eligible.is_empty() {
            return Err(EquityError::BadPots);
        }
        for (j, &e) in pot.eligible.iter().enumerate() {
            if e >= players || pot.eligible[..j].contains(&e) {
                return Err(EquityError::BadPots);
            }
        }
        total += pot.amount;
    }
    if total > 0.0 {
        Ok(())
    } else {
        Err(EquityError::BadPots)
    }
}

/// Visits every outcome in order: for each draw in turn, the combinations (in
/// lexicographic order of deck positions) of the positions still free.
struct Walk<'l> {
    deck: [u8; 52],
    n: usize,
    /// (first slot in `drawn`, cards) of each draw.
    levels: &'l [(usize, usize)],
    drawn: [u8; 52],
    /// Deck positions taken by the draws so far.
    used: u64,
}

impl Walk<'_> {
    fn level(&mut self, level: usize, visit: &mut impl FnMut(&[u8; 52])) {
        match self.levels.get(level) {
            None => visit(&self.drawn),
            Some(&(slot, k)) => self.pick(level, slot, k, 0, visit),
        }
    }

    /// Choose `left` more positions from `from` on, into `drawn[slot..]`.
    fn pick(
        &mut self,
        level: usize,
        slot: usize,
        left: usize,
        from: usize,
        visit: &mut impl FnMut(&[u8; 52]),
    ) {
        if left == 0 {
            self.level(level + 1, visit);
            return;
        }
        for pos in from..self.n {
            let bit = 1u64 << pos;
            if self.used & bit != 0 {
                continue;
            }
            // Free positions from `pos` on must cover the `left` cards.
            let above = !self.used & !(bit - 1) & ((1u64 << self.n) - 1);
            if (above.count_ones() as usize) < left {
                return;
            }
            self.used |= bit;
            self.drawn[slot] = self.deck[pos];
            self.pick(level, slot + 1, left - 1, pos + 1, visit);
            self.used &= !bit;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::eval::{colex_index, N_FIVE};
    use std::sync::OnceLock;

    /// A toy suit-blind ranking for tests: a hand is worth the sum of its ranks, flushes 100 more.
    pub(crate) fn toy_evaluator() -> &'static Evaluator {
        static EV: OnceLock<Evaluator> = OnceLock::new();
        EV.get_or_init(|| {
            let mut table = vec![0u16; N_FIVE];
            let mut h = [0u8; 5];
            for a in 0..52u8 {
                h[0] = a;
                for b in a + 1..52 {
                    h[1] = b;
                    for c in b + 1..52 {
                        h[2] = c;
                        for d in c + 1..52 {
                            h[3] = d;
                            for e in d + 1..52 {
                                h[4] = e;
                                let ranks: u16 = h.iter().map(|&x| u16::from(x >> 2)).sum();
                                let flush = h.iter().all(|&x| x & 3 == a & 3);
                                table[colex_index(h).expect("distinct cards")] =
                                    1 + ranks + if flush { 100 } else { 0 };
                            }
                        }
                    }
                }
            }
            Evaluator::new("test-toy", table, None).expect("a valid table")
        })
    }

    fn cards(codes: &[u8]) -> Vec<u8> {
        codes.to_vec()
    }

    fn heads_up_pot() -> Vec<Pot> {
        vec![Pot {
            amount: 1.0,
            eligible: vec![0, 1],
        }]
    }

    const EXACT: Method = Method {
        exact_limit: EXACT_LIMIT,
        samples: 5_000,
        seed: 7,
    };

    /// The same question by brute force over ordered draws (player 0 then 1, then the board).
    fn brute(
        ev: &Evaluator,
        hole: &[Vec<u8>],
        need: usize,
        board: &[u8],
        board_need: usize,
    ) -> f64 {
        let mut seen: Vec<u8> = hole.iter().flatten().chain(board).copied().collect();
        seen.sort_unstable();
        let deck: Vec<u8> = (0..52).filter(|c| !seen.contains(c)).collect();
        let draw = 2 * need + board_need;
        let (mut won, mut outcomes) = (0.0, 0.0);
        let mut idx = vec![0usize; draw];
        fn rec(d: usize, idx: &mut Vec<usize>, n: usize, f: &mut impl FnMut(&[usize])) {
            if d == idx.len() {
                f(idx);
                return;
            }
            for p in 0..n {
                if !idx[..d].contains(&p) {
                    idx[d] = p;
                    rec(d + 1, idx, n, f);
                }
            }
        }
        rec(0, &mut idx, deck.len(), &mut |idx| {
            let pick = |r: std::ops::Range<usize>| idx[r].iter().map(|&p| deck[p]);
            let b: Vec<u8> = board.iter().copied().chain(pick(2 * need..draw)).collect();
            let h0: Vec<u8> = hole[0]
                .iter()
                .copied()
                .chain(pick(0..need))
                .chain(b.clone())
                .collect();
            let h1: Vec<u8> = hole[1]
                .iter()
                .copied()
                .chain(pick(need..2 * need))
                .chain(b)
                .collect();
            let (v0, v1) = (ev.value_codes(&h0).unwrap(), ev.value_codes(&h1).unwrap());
            won += if v0 > v1 {
                1.0
            } else if v0 == v1 {
                0.5
            } else {
                0.0
            };
            outcomes += 1.0;
        });
        won / outcomes
    }

    #[test]
    fn enumeration_equals_brute_force() {
        let ev = toy_evaluator();
        // hold'em on the turn: 44 rivers
        let hole = vec![cards(&[48, 49]), cards(&[40, 41])];
        let board = cards(&[0, 5, 10, 15]);
        let s = Situation {
            hole: &hole,
            need: &[0, 0],
            board: &board,
            board_need: 1,
            dead: &[],
            pots: &heads_up_pot(),
        };
        let e = equity(ev, &s, &EXACT).unwrap();
        assert!(e.exact && e.outcomes == 44);
        assert!((e.expected[0] - brute(ev, &hole, 0, &board, 1)).abs() < 1e-12);
        assert!((e.expected[0] + e.expected[1] - 1.0).abs() < 1e-12);
        // stud on sixth street: each player draws one card
        let hole = vec![
            cards(&[0, 4, 8, 12, 16, 20]),
            cards(&[51, 47, 43, 39, 35, 1]),
        ];
        let s = Situation {
            hole: &hole,
            need: &[1, 1],
            board: &[],
            board_need: 0,
            dead: &[2],
            pots: &heads_up_pot(),
        };
        let e = equity(ev, &s, &EXACT).unwrap();
        assert_eq!(e.outcomes, 39 * 38);
        let expected = {
            let mut dead_known = hole.clone();
            dead_known[0].push(2); // a dead card is out of the deck like a known one
            let seen: Vec<u8> = dead_known.iter().flatten().copied().collect();
            let deck: Vec<u8> = (0..52).filter(|c| !seen.contains(c)).collect();
            let (mut won, mut n) = (0.0, 0.0);
            for &a in &deck {
                for &b in deck.iter().filter(|&&b| b != a) {
                    let h0: Vec<u8> = hole[0].iter().copied().chain([a]).collect();
                    let h1: Vec<u8> = hole[1].iter().copied().chain([b]).collect();
                    let (v0, v1) = (ev.value_codes(&h0).unwrap(), ev.value_codes(&h1).unwrap());
                    won += if v0 > v1 {
                        1.0
                    } else if v0 == v1 {
                        0.5
                    } else {
                        0.0
                    };
                    n += 1.0;
                }
            }
            won / n
        };
        assert!((e.expected[0] - expected).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_is_within_four_standard_errors_and_repeatable() {
        let ev = toy_evaluator();
        // Ac Ad against Jh Qh (a heart flush draw on 2h 3h 6d) and 7c 8d
        let hole = vec![cards(&[48, 49]), cards(&[38, 42]), cards(&[20, 25])];
        let board = cards(&[2, 6, 17]);
        let pots = vec![Pot {
            amount: 1.0,
            eligible: vec![0, 1, 2],
        }];
        let s = Situation {
            hole: &hole,
            need: &[0, 0, 0],
            board: &board,
            board_need: 2,
            dead: &[],
            pots: &pots,
        };
        let sampling = Method {
            exact_limit: 0,
            ..EXACT
        };
        let sampled = equity(ev, &s, &sampling).unwrap();
        assert!(!sampled.exact && sampled.outcomes == 5_000);
        let exact = equity(ev, &s, &EXACT).unwrap();
        assert!(exact.exact && exact.outcomes == 903 && exact.se == [0.0; 3]);
        for i in 0..3 {
            let error = (sampled.expected[i] - exact.expected[i]).abs();
            assert!(error <= 4.0 * sampled.se[i], "{i}: {sampled:?} {exact:?}");
        }
        assert_eq!(equity(ev, &s, &sampling).unwrap(), sampled);
        let other = Method {
            seed: 8,
            ..sampling
        };
        assert_ne!(equity(ev, &s, &other).unwrap(), sampled);
    }

    #[test]
    fn side_pots_go_to_their_eligible_players() {
        let ev = toy_evaluator();
        // the river is the last card: player 0 holds the best hand whatever comes
        let hole = vec![cards(&[51, 50]), cards(&[0, 1]), cards(&[4, 5])];
        let board = cards(&[47, 46, 43, 42]);
        let pots = vec![
            Pot {
                amount: 30.0,
                eligible: vec![0, 1, 2],
            },
            Pot {
                amount: 20.0,
                eligible: vec![1, 2],
            },
            Pot {
                amount: 5.0,
                eligible: vec![2],
            },
        ];
        let s = Situation {
            hole: &hole,
            need: &[0, 0, 0],
            board: &board,
            board_need: 1,
            dead: &[],
            pots: &pots,
        };
        let e = equity(ev, &s, &EXACT).unwrap();
        assert_eq!(e.expected[0], 30.0);
        assert_eq!(e.expected[1] + e.expected[2], 25.0);
        assert!(e.expected[2] >= 5.0);
    }

    #[test]
    fn impossible_input_is_an_error_not_a_panic() {
        let ev = toy_evaluator();
        let twice = vec![cards(&[1, 2]), cards(&[2, 3])];
        let pots = heads_up_pot();
        let mut s = Situation {
            hole: &twice,
            need: &[0, 0],
            board: &[],
            board_need: 5,
            dead: &[],
            pots: &pots,
        };
        assert_eq!(equity(ev, &s, &EXACT), Err(EquityError::CardTwice(2)));
        let ok = vec![cards(&[1, 2]), cards(&[3, 4])];
        s.hole = &ok;
        s.board_need = 2;
        assert!(matches!(
            equity(ev, &s, &EXACT),
            Err(EquityError::HandSize { player: 0, .. })
        ));
        s.board_need = 5;
        s.need = &[0];
        assert_eq!(equity(ev, &s, &EXACT), Err(EquityError::NeedCount));
        s.need = &[0, 0];
        let bad = [Pot {
            amount: 1.0,
            eligible: vec![0, 2],
        }];
        s.pots = &bad;
        assert_eq!(equity(ev, &s, &EXACT), Err(EquityError::BadPots));
        let many = vec![cards(&[0, 1, 2, 3, 4, 5, 6]); 1];
        let s = Situation {
            hole: &many,
            need: &[0],
            board: &[],
            board_need: 0,
            dead: &[60],
            pots: &pots[..0],
        };
        assert_eq!(equity(ev, &s, &EXACT), Err(EquityError::NotACard(60)));
    }

    #[test]
    fn outcome_counts() {
        assert_eq!(outcome_count(48, 5, &[0, 0]), 1_712_304);
        assert_eq!(outcome_count(42, 0, &[2, 2]), 861 * 780);
        assert_eq!(outcome_count(3, 5, &[]), 0);
        assert_eq!(choose(60, 30), 118_264_581_564_861_424);
    }
}
