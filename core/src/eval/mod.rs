//! Hand values (`soko_analytics/rules/evaluate.py` is the Python front).
//!
//! A ranking's five-card table (one `u16` value for each of the 2,598,960 five-card hands, by
//! colex index, 1 = the worst hand, with each value's class and described ranks) is built here from
//! the ranking's name (`Ranking.name`, e.g. `high-kickers`) the first time the ranking is asked for
//! ([`rankings`], tens of milliseconds); this module keeps one [`Evaluator`] per ranking name in a
//! process-wide registry. The value of six or more cards is the best value of their five-card
//! subsets, exactly as Python's `Evaluator.value`.
//!
//! Where a table shows that suits matter only through flushes (the standard ranking), six and
//! seven cards are valued through rank-sum and flush-mask tables derived from the five-card table
//! ([`seven`]), as Python does, instead of trying all 6 or 21 subsets. The decision is read from
//! the table's data, never from the ranking's name.

mod classes;
mod colex;
pub mod rankings;
mod seven;

#[cfg(test)]
mod reference;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, LazyLock, Mutex, OnceLock, RwLock};

use crate::cards::Card;

pub use classes::HandClass;
pub use colex::{colex_index, N_FIVE, N_FOUR};
pub use rankings::{FiveCardTable, Ranking};
pub use seven::Ranks;
use seven::SevenTables;

/// Why a hand or a table could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// Fewer cards than a hand of the ranking (five; Badugi four).
    TooFewCards(usize),
    /// A card code outside 0..51 or a card given twice.
    BadHand(Vec<u8>),
    /// A five-card table of the wrong size or with a zero value.
    BadTable(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::TooFewCards(n) => write!(f, "a hand needs more cards, got {n}"),
            EvalError::BadHand(codes) => {
                let text: Vec<String> = codes
                    .iter()
                    .map(|&c| {
                        if c < 52 {
                            Card(c).to_string()
                        } else {
                            c.to_string()
                        }
                    })
                    .collect();
                write!(
                    f,
                    "hand [{}] has a card twice or a code outside 0..51",
                    text.join(" ")
                )
            }
            EvalError::BadTable(why) => write!(f, "bad five-card table: {why}"),
        }
    }
}

impl std::error::Error for EvalError {}

/// Values hands of five or more cards under one ranking (of four or more under a four-card
/// ranking: Badugi).
pub struct Evaluator {
    name: String,
    /// Value of each five-card hand by colex index (of each four-card hand under a four-card
    /// ranking).
    five: Box<[u16]>,
    /// Cards in a hand of the ranking: 5, or 4 when the table holds four-card hands.
    size: usize,
    /// The `HandClass` number of each value (index 0 unused), when the table has it.
    classes: Option<Box<[u8]>>,
    /// The ranks each value's description names (index 0 unused), when the table has them.
    ranks: Option<Box<[u32]>>,
    /// Best-of-six and best-of-seven tables, where the ranking allows them.
    seven: Option<SevenTables>,
}

impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Evaluator")
            .field("name", &self.name)
            .field("seven", &self.seven.is_some())
            .finish()
    }
}

impl Evaluator {
    /// An evaluator from a five-card table (`FiveCardTable.values`; a four-card one, by its
    /// length, for Badugi), optionally with the class of each value (`FiveCardTable.value_class`).
    pub fn new(
        name: &str,
        five: Vec<u16>,
        classes: Option<Vec<u8>>,
    ) -> Result<Evaluator, EvalError> {
        let size = match five.len() {
            N_FIVE => FIVE,
            N_FOUR => 4,
            n => {
                return Err(EvalError::BadTable(format!(
                    "{n} values, expected {N_FIVE} (or {N_FOUR} four-card hands)"
                )))
            }
        };
        if five.contains(&0) {
            return Err(EvalError::BadTable("a hand has value 0".into()));
        }
        if let Some(classes) = &classes {
            let top = five.iter().copied().max().unwrap_or(0) as usize;
            if classes.len() <= top {
                return Err(EvalError::BadTable(format!(
                    "{} classes for {top} values",
                    classes.len()
                )));
            }
            if classes.iter().any(|&c| HandClass::from_number(c).is_none()) {
                return Err(EvalError::BadTable("unknown hand class number".into()));
            }
        }
        let seven = (size == FIVE).then(|| SevenTables::build(&five)).flatten();
        Ok(Evaluator {
            name: name.to_string(),
            size,
            five: five.into_boxed_slice(),
            classes: classes.map(Vec::into_boxed_slice),
            ranks: None,
            seven,
        })
    }

    /// The evaluator of the ranking named `name` (`Ranking.name`), its table built from the
    /// rules ([`FiveCardTable::build`]); None for a name no ranking has.
    pub fn of_ranking(name: &str) -> Option<Evaluator> {
        let table = FiveCardTable::build(&Ranking::from_name(name)?);
        let mut made = Evaluator::new(name, table.values, Some(table.classes)).ok()?;
        made.ranks = Some(table.ranks.into_boxed_slice());
        Some(made)
    }

    /// The ranking's name (`Ranking.name`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Cards in a hand of the ranking: 5, or Badugi's 4.
    pub fn hand_size(&self) -> usize {
        self.size
    }

    /// Whether six and seven cards go through the rank-sum tables.
    pub fn has_seven_tables(&self) -> bool {
        self.seven.is_some()
    }

    /// The value of the best five of `cards` (Python's `evaluator(ranking).value(cards)`);
    /// 0, never a hand's value, when the cards are fewer than five, repeat or are not cards.
    pub fn value(&self, cards: &[Card]) -> u32 {
        self.try_value(cards).unwrap_or(0)
    }

    /// [`Evaluator::value`], saying what is wrong with a bad hand.
    pub fn try_value(&self, cards: &[Card]) -> Result<u32, EvalError> {
        let mut codes = [0u8; 7];
        if cards.len() < self.size {
            return Err(EvalError::TooFewCards(cards.len()));
        }
        if cards.len() > 7 {
            let codes: Vec<u8> = cards.iter().map(|c| c.0).collect();
            return self.value_of_many(&codes);
        }
        for (slot, card) in codes.iter_mut().zip(cards) {
            *slot = card.0;
        }
        self.value_codes(&codes[..cards.len()])
    }

    /// The value of 5..=7 card codes (the batch call's inner loop); of four or more under a
    /// four-card ranking.
    pub fn value_codes(&self, codes: &[u8]) -> Result<u32, EvalError> {
        let bad = || EvalError::BadHand(codes.to_vec());
        if self.size == 4 {
            return match codes.len() {
                4 => Ok(u32::from(self.five[colex::index4(codes).ok_or_else(bad)?])),
                n if n < 4 => Err(EvalError::TooFewCards(n)),
                _ => self.value_of_many(codes),
            };
        }
        match codes.len() {
            5 => {
                let index = colex::index5(codes).ok_or_else(bad)?;
                Ok(u32::from(self.five[index]))
            }
            6 | 7 => {
                let mut mask = 0u64;
                for &c in codes {
                    if c > 51 || mask >> c & 1 == 1 {
                        return Err(bad());
                    }
                    mask |= 1 << c;
                }
                Ok(match &self.seven {
                    Some(seven) => u32::from(seven.value(codes)),
                    None => self.best_subset(codes),
                })
            }
            n if n < 5 => Err(EvalError::TooFewCards(n)),
            _ => self.value_of_many(codes),
        }
    }

    /// [`Evaluator::value_codes`] of five to seven codes the caller has checked to be distinct and
    /// valid (the equity enumeration's inner loop): no check is repeated; 0 for another count.
    #[inline]
    pub fn value_checked(&self, codes: &[u8]) -> u32 {
        match (codes.len(), &self.seven) {
            (6 | 7, Some(seven)) => u32::from(seven.value(codes)),
            (4..=7, _) => self.value_codes(codes).unwrap_or(0),
            _ => 0,
        }
    }

    /// Whether [`Evaluator::value_of_ranks`] values hands of `cards` cards.
    pub fn values_ranks(&self, cards: usize) -> bool {
        self.seven.is_some() && (6..=7).contains(&cards)
    }

    /// The value of six or seven distinct cards gathered in `ranks`, where
    /// [`Evaluator::values_ranks`] says so (0 otherwise).
    #[inline]
    pub fn value_of_ranks(&self, ranks: &Ranks) -> u32 {
        match &self.seven {
            Some(seven) if (6..=7).contains(&ranks.len()) => u32::from(seven.value_of(ranks)),
            _ => 0,
        }
    }

    /// Best hand of any number of distinct cards, by trying every subset (Python's fallback).
    fn value_of_many(&self, codes: &[u8]) -> Result<u32, EvalError> {
        let mut mask = 0u64;
        for &c in codes {
            if c > 51 || mask >> c & 1 == 1 {
                return Err(EvalError::BadHand(codes.to_vec()));
            }
            mask |= 1 << c;
        }
        Ok(self.best_subset(codes))
    }

    /// The best value among the five-card subsets of distinct, valid codes: colex indexes summed
    /// level by level, so each subset costs one addition and one lookup.
    fn best_subset(&self, codes: &[u8]) -> u32 {
        let mut stack = [0u8; 7];
        let mut heap = Vec::new();
        let sorted: &mut [u8] = if codes.len() <= 7 {
            stack[..codes.len()].copy_from_slice(codes);
            &mut stack[..codes.len()]
        } else {
            heap.extend_from_slice(codes);
            &mut heap
        };
        sorted.sort_unstable();
        let b = |level: usize, i: usize| colex::binom(level, sorted[i]);
        let n = sorted.len();
        let mut best = 0u16;
        if self.size == 4 {
            for a in 0..n {
                for bb in a + 1..n {
                    for c in bb + 1..n {
                        for d in c + 1..n {
                            best = best.max(self.five[b(0, a) + b(1, bb) + b(2, c) + b(3, d)]);
                        }
                    }
                }
            }
            return u32::from(best);
        }
        for a in 0..n {
            let sa = b(0, a);
            for bb in a + 1..n {
                let sb = sa + b(1, bb);
                for c in bb + 1..n {
                    let sc = sb + b(2, c);
                    for d in c + 1..n {
                        let sd = sc + b(3, d);
                        for e in d + 1..n {
                            best = best.max(self.five[sd + b(4, e)]);
                        }
                    }
                }
            }
        }
        u32::from(best)
    }

    /// The best value of exactly `hole` of the `own` codes with `5 - hole` of the `board` codes
    /// (Omaha: 2 and 3; all C(4,2) × C(5,3) = 60 hands of a 4-card Omaha hand); an error for too
    /// few cards, a repeated card or a code above 51.
    pub fn value_split(&self, own: &[u8], board: &[u8], hole: usize) -> Result<u32, EvalError> {
        let all = || own.iter().chain(board).copied().collect::<Vec<u8>>();
        if self.size != FIVE {
            return Err(EvalError::BadTable(format!(
                "{} values hands of {} cards, not own and board cards",
                self.name, self.size
            )));
        }
        let from_board = FIVE.checked_sub(hole);
        match from_board {
            Some(b) if hole <= own.len() && b <= board.len() && own.len() <= 16 => {}
            _ => {
                return Err(EvalError::TooFewCards(
                    own.len().min(hole) + board.len().min(5),
                ))
            }
        }
        let mut mask = 0u64;
        for &c in own.iter().chain(board) {
            if c > 51 || mask >> c & 1 == 1 {
                return Err(EvalError::BadHand(all()));
            }
            mask |= 1 << c;
        }
        Ok(self.value_split_checked(own, board, hole))
    }

    /// [`Evaluator::value_split`] of codes the caller has checked (distinct, below 52, enough of
    /// them, at most 16 own and board cards). Each side's subsets are gathered once; with the
    /// rank tables a hand is then a join of two [`Ranks`] and a lookup in tables that stay in the
    /// cache, otherwise a merge of two sorted runs and a lookup in the five-card table.
    pub fn value_split_checked(&self, own: &[u8], board: &[u8], hole: usize) -> u32 {
        let (o, b) = (own, board);
        let from_board = FIVE - hole;
        let mut best = 0u16;
        if let Some(seven) = &self.seven {
            // C(6, 2) own and C(5, 3) board subsets fit on the stack; more go to the heap.
            let gather = |from: &[u8], mask: u32| {
                let mut r = Ranks::default();
                for (i, &c) in from.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        r.add(c);
                    }
                }
                r
            };
            let mut shared = [Ranks::default(); 16];
            let mut more = Vec::new();
            let mut n = 0;
            for mask in subsets(b.len(), from_board) {
                let r = gather(b, mask);
                match shared.get_mut(n) {
                    Some(slot) => *slot = r,
                    None => more.push(r),
                }
                n += 1;
            }
            let shared = &shared[..n.min(16)];
            // No suit with `from_board` board cards and `hole` own cards: no flush, keys alone.
            let per_suit = |cards: &[u8]| {
                let mut n = [0usize; 4];
                cards.iter().for_each(|&c| n[usize::from(c & 3)] += 1);
                n
            };
            let (on_board, in_hand) = (per_suit(b), per_suit(o));
            let flush = (0..4).any(|s| on_board[s] >= from_board && in_hand[s] >= hole);
            for mask in subsets(o.len(), hole) {
                let m = gather(o, mask);
                if flush {
                    for s in shared.iter().chain(&more) {
                        best = best.max(seven.value5_of(&m.join(s)));
                    }
                } else {
                    for s in shared.iter().chain(&more) {
                        best = best.max(seven.value5_of_key(m.key() + s.key()));
                    }
                }
            }
            return u32::from(best);
        }
        let mut o = [0u8; 16];
        let mut b = [0u8; 16];
        let (o, b) = (&mut o[..own.len()], &mut b[..board.len()]);
        o.copy_from_slice(own);
        b.copy_from_slice(board);
        o.sort_unstable();
        b.sort_unstable();
        for own_mask in subsets(o.len(), hole) {
            let m = pick(o, own_mask);
            for board_mask in subsets(b.len(), from_board) {
                let s = pick(b, board_mask);
                let five = merge(&m[..hole], &s[..from_board]);
                let index = colex::index_sorted(five[0], five[1], five[2], five[3], five[4]);
                best = best.max(self.five[index]);
            }
        }
        u32::from(best)
    }

    /// Values of many split hands: `own_n` own codes then `board_n` board codes per hand, hand
    /// after hand ([`Evaluator::value_split`] each); the first bad hand's row and error otherwise.
    pub fn values_split(
        &self,
        codes: &[u8],
        own_n: usize,
        board_n: usize,
        hole: usize,
    ) -> Result<Vec<u32>, (usize, EvalError)> {
        let n = own_n + board_n;
        if n == 0 {
            return Err((0, EvalError::TooFewCards(0)));
        }
        codes
            .chunks_exact(n)
            .enumerate()
            .map(|(row, hand)| {
                let (own, board) = hand.split_at(own_n);
                self.value_split(own, board, hole).map_err(|e| (row, e))
            })
            .collect()
    }

    /// The five-card table: the value of each hand by colex index.
    pub fn table(&self) -> &[u16] {
        &self.five
    }

    /// The `HandClass` number of each value (index 0 unused), when the table has it.
    pub fn classes(&self) -> Option<&[u8]> {
        self.classes.as_deref()
    }

    /// The ranks each value's description names (index 0 unused), when the table has them.
    pub fn ranks(&self) -> Option<&[u32]> {
        self.ranks.as_deref()
    }

    /// The class and described ranks of a value, when the table has them (what a description
    /// reads).
    pub fn class_and_ranks(&self, value: u32) -> Option<(HandClass, u32)> {
        let rank = *self.ranks.as_ref()?.get(usize::try_from(value).ok()?)?;
        Some((self.hand_class(value)?, rank))
    }

    /// The class of a value, when the table has the classes (`Evaluator.hand_class`).
    pub fn hand_class(&self, value: u32) -> Option<HandClass> {
        let classes = self.classes.as_ref()?;
        let number = *classes.get(usize::try_from(value).ok()?)?;
        if value == 0 {
            return None;
        }
        HandClass::from_number(number)
    }

    /// Values of `codes.len() / n` hands of `n` cards each, in order; the first bad hand's row
    /// and error otherwise.
    pub fn values(&self, codes: &[u8], n: usize) -> Result<Vec<u32>, (usize, EvalError)> {
        let mut out = Vec::with_capacity(codes.len() / n.max(1));
        self.for_each_value(codes, n, |v| out.push(v))?;
        Ok(out)
    }

    /// [`Evaluator::values`] as little-endian `u32` bytes (the batch call's result).
    pub fn values_le_bytes(&self, codes: &[u8], n: usize) -> Result<Vec<u8>, (usize, EvalError)> {
        let mut out = Vec::with_capacity(4 * (codes.len() / n.max(1)));
        self.for_each_value(codes, n, |v| out.extend_from_slice(&v.to_le_bytes()))?;
        Ok(out)
    }

    fn for_each_value(
        &self,
        codes: &[u8],
        n: usize,
        mut emit: impl FnMut(u32),
    ) -> Result<(), (usize, EvalError)> {
        if n == 0 {
            return Err((0, EvalError::TooFewCards(0)));
        }
        if n == 5 && self.size == FIVE {
            // The common case without the per-hand dispatch of `value_codes`.
            for (row, hand) in codes.chunks_exact(5).enumerate() {
                match colex::index5(hand) {
                    Some(index) => emit(u32::from(self.five[index])),
                    None => return Err((row, EvalError::BadHand(hand.to_vec()))),
                }
            }
            return Ok(());
        }
        for (row, hand) in codes.chunks_exact(n).enumerate() {
            emit(self.value_codes(hand).map_err(|e| (row, e))?);
        }
        Ok(())
    }
}

/// Cards in a poker hand.
const FIVE: usize = 5;

/// The bit masks of the `k`-subsets of `n` items (n ≤ 16), in increasing order.
fn subsets(n: usize, k: usize) -> impl Iterator<Item = u32> {
    (0u32..1 << n.min(16)).filter(move |m| m.count_ones() as usize == k)
}

/// The items of sorted `from` that `mask` picks (at most five), in order.
#[inline]
fn pick(from: &[u8], mask: u32) -> [u8; FIVE] {
    let mut into = [0u8; FIVE];
    let mut n = 0;
    for (i, &c) in from.iter().enumerate() {
        if mask >> i & 1 == 1 && n < FIVE {
            into[n] = c;
            n += 1;
        }
    }
    into
}

/// Two sorted runs of five cards in all, merged in order.
#[inline]
fn merge(a: &[u8], b: &[u8]) -> [u8; FIVE] {
    let mut out = [0u8; FIVE];
    let (mut i, mut j) = (0, 0);
    for slot in &mut out {
        if j >= b.len() || (i < a.len() && a[i] < b[j]) {
            *slot = a[i];
            i += 1;
        } else {
            *slot = b[j];
            j += 1;
        }
    }
    out
}

static REGISTRY: LazyLock<RwLock<HashMap<String, Arc<Evaluator>>>> =
    LazyLock::new(|| RwLock::new(HashMap::new()));

/// The evaluator of a ranking's name (`Ranking.name`): the registered one, else built from the
/// rules and registered the first time ([`Evaluator::of_ranking`]); None for a name no ranking
/// has.
pub fn evaluator(name: &str) -> Option<Arc<Evaluator>> {
    {
        let registry = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = registry.get(name) {
            return Some(Arc::clone(found));
        }
    }
    // One build per ranking: threads asking for one new ranking wait for a single build of it,
    // while another ranking builds beside it (the import's reader threads read different games).
    static BUILDS: LazyLock<Mutex<HashMap<String, Arc<OnceLock<()>>>>> =
        LazyLock::new(Default::default);
    Ranking::from_name(name)?;
    let build = {
        let mut builds = BUILDS.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(builds.entry(name.to_string()).or_default())
    };
    build.get_or_init(|| {
        if let Some(made) = Evaluator::of_ranking(name) {
            register(made);
        }
    });
    REGISTRY
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(name)
        .cloned()
}

/// Keep `evaluator` under its name, replacing any earlier one; returns the shared handle.
pub fn register(evaluator: Evaluator) -> Arc<Evaluator> {
    let shared = Arc::new(evaluator);
    let mut registry = REGISTRY.write().unwrap_or_else(|e| e.into_inner());
    registry.insert(shared.name.clone(), Arc::clone(&shared));
    shared
}

/// The names of the registered rankings, sorted.
pub fn registered() -> Vec<String> {
    let registry = REGISTRY.read().unwrap_or_else(|e| e.into_inner());
    let mut names: Vec<String> = registry.keys().cloned().collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|t| Card::parse(t).unwrap())
            .collect()
    }

    #[test]
    fn bad_hands_are_errors_not_panics() {
        let ev = reference::high_evaluator();
        assert_eq!(ev.value(&cards("As Kd")), 0);
        assert_eq!(ev.value(&cards("As As Kd 7h 2c")), 0);
        assert_eq!(ev.value(&cards("As As Kd 7h 2c 3c 4c")), 0);
        assert_eq!(ev.value(&[Card(60), Card(1), Card(2), Card(3), Card(4)]), 0);
        assert!(matches!(
            ev.try_value(&cards("As Ks Kd 7h")),
            Err(EvalError::TooFewCards(4))
        ));
        assert!(ev.values(&[1, 2, 3, 4, 4], 5).is_err());
        assert!(Evaluator::new("x", vec![1, 2], None).is_err());
    }

    #[test]
    fn better_hands_have_larger_values() {
        let ev = reference::high_evaluator();
        let v = |t: &str| ev.value(&cards(t));
        assert!(v("As Ks Qs Js Ts") > v("9s 9h 9d 9c 2s"));
        assert!(v("5s 4h 3d 2c As") < v("6s 5h 4d 3c 2s"));
        assert_eq!(v("As Kd 7h 3c 2s"), v("Ac Kh 7d 3s 2h"));
        assert!(v("2c 2d 3h 3s 4c 4d 5h") > v("Ac Kd 9h 7s 5c 3d 2h"));
        assert_eq!(ev.hand_class(v("2c 2d 3h 3s 4c")), Some(HandClass::TwoPair));
        assert_eq!(ev.hand_class(0), None);
    }

    #[test]
    fn six_and_seven_cards_equal_the_best_subset() {
        let ev = reference::high_evaluator();
        assert!(ev.has_seven_tables());
        let mut rng = reference::Lcg(7);
        for n in [6usize, 7, 8] {
            for _ in 0..5_000 {
                let hand = rng.hand(n);
                let expected = ev.best_subset(&hand);
                assert_eq!(ev.value_codes(&hand), Ok(expected), "{hand:?}");
            }
        }
    }

    #[test]
    fn omaha_uses_exactly_two_own_cards() {
        let ev = reference::high_evaluator();
        let codes = |t: &str| cards(t).iter().map(|c| c.0).collect::<Vec<u8>>();
        let v = |t: &str| ev.value(&cards(t));
        // Four spades in hand do not make a royal flush with the board's ten: Q J + T 9 8.
        let value = ev.value_split(&codes("As Ks Qs Js"), &codes("Ts 9s 8s 2c 3d"), 2);
        assert_eq!(value, Ok(v("Qs Js Ts 9s 8s")));
        // Four of a kind on the board counts as trips at most: two own cards must play.
        let value = ev.value_split(&codes("2h 7c 8d 9c"), &codes("Ks Kh Kd Kc 3d"), 2);
        assert_eq!(value, Ok(v("Ks Kh Kd 9c 8d")));
        // Every split hand of random deals equals the best of its 60 (or 100, 150) hands tried one
        // by one: through the rank tables (high), and through the five-card table (a ranking
        // whose suits matter beyond flushes).
        let mut rng = reference::Lcg(11);
        let suited = reference::top_card_then_suit_evaluator();
        for (ev, deals) in [(ev, 2_000), (&suited, 300)] {
            for own_n in [4usize, 5, 6] {
                for _ in 0..deals {
                    let hand = rng.hand(own_n + 5);
                    let (own, board) = hand.split_at(own_n);
                    let pick = |from: &[u8], m: u32| -> Vec<u8> {
                        (0..from.len())
                            .filter(|i| m >> i & 1 == 1)
                            .map(|i| from[i])
                            .collect()
                    };
                    let mut best = 0;
                    for a in subsets(own_n, 2) {
                        for b in subsets(5, 3) {
                            let five = [pick(own, a), pick(board, b)].concat();
                            best = best.max(ev.value_codes(&five).unwrap());
                        }
                    }
                    assert_eq!(ev.value_split(own, board, 2), Ok(best), "{hand:?}");
                }
            }
        }
        assert!(ev.value_split(&codes("As Ks"), &codes("2c 3d"), 2).is_err());
        assert!(ev
            .value_split(&codes("As As Qs Js"), &codes("Ts 9s 8s 2c 3d"), 2)
            .is_err());
    }

    #[test]
    fn suit_dependent_tables_are_valued_by_subsets() {
        let ev = reference::top_card_then_suit_evaluator();
        assert!(!ev.has_seven_tables());
        let v = |t: &str| ev.value(&cards(t));
        assert!(v("As 9d 7h 3c 2s") > v("Ah Kd 7h 3c 2s"));
        assert_eq!(
            v("As 9d 7h 3c 2s 4d 8c"),
            v("As 9d 7h 4d 8c").max(v("As 3c 2s 4d 8c"))
        );
    }

    #[test]
    fn a_ranking_is_built_once_however_many_ask() {
        let asking: Vec<_> = (0..3)
            .map(|_| std::thread::spawn(|| evaluator("deuce_to_seven_low-kickers")))
            .collect();
        let found: Vec<Arc<Evaluator>> = asking
            .into_iter()
            .map(|t| t.join().unwrap().expect("a ranking"))
            .collect();
        assert!(found.iter().all(|ev| Arc::ptr_eq(ev, &found[0])));
        assert_eq!(found[0].name(), "deuce_to_seven_low-kickers");
        assert!(evaluator("deuce_to_seven_low").is_none());
    }

    #[test]
    fn registry_keeps_evaluators_by_name() {
        register(reference::top_card_then_suit_evaluator());
        let ev = evaluator("test-top-card").expect("registered");
        assert_eq!(ev.name(), "test-top-card");
        assert!(registered().contains(&"test-top-card".to_string()));
        assert!(evaluator("no-such-ranking").is_none());
    }
}
