//! The hand rankings and their five-card tables, built from the rules' definitions.
//!
//! A [`Ranking`] is read from its name (`Ranking.name` in `rules/ranking.py`: `high-kickers`,
//! `soko-kickers-acelow-4f`, `badugi-kickers`). [`FiveCardTable::build`] values every hand of the
//! ranking's size (all 2,598,960 five-card hands; Badugi's 270,725 four-card hands) by the rules
//! (RULES.md §2 items 11–17 for Sökö, §3 item 5 for standard poker; the lows and the short deck as
//! `HandRanking` documents them) as a class and a tie-break, and numbers the distinct ones densely
//! in the ranking's order: 1 is the worst hand. Each value keeps its class and the ranks its
//! description names. A ranking takes under a tenth of a second, so tables are built when a
//! ranking is first asked for, never stored.

use super::colex::{all_five, N_FIVE, N_FOUR};
use super::HandClass;

use HandClass as C;

/// The order of hand classes (`HandRanking`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    High,
    Soko,
    AceToFiveLow,
    DeuceToSevenLow,
    Badugi,
    ShortDeck,
    ShortDeckStraightOverTrips,
}

const KINDS: [(Kind, &str); 7] = [
    (Kind::High, "high"),
    (Kind::Soko, "soko"),
    (Kind::AceToFiveLow, "ace_to_five_low"),
    (Kind::DeuceToSevenLow, "deuce_to_seven_low"),
    (Kind::Badugi, "badugi"),
    (Kind::ShortDeck, "short_deck"),
    (
        Kind::ShortDeckStraightOverTrips,
        "short_deck_straight_over_trips",
    ),
];

/// A hand ranking with its options (`Ranking`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranking {
    pub kind: Kind,
    /// High cards compare by the top card alone, then its suit (`top_card_then_suit`), instead of
    /// all five cards (`kickers`).
    pub top_card_then_suit: bool,
    /// Sökö: A-2-3-4 is a four-straight (the lowest one).
    pub four_straight_ace_low: bool,
    /// Sökö: a four-card straight flush ranks above four-flush, below two pair.
    pub four_card_straight_flush_class: bool,
}

impl Ranking {
    /// The ranking named `name` (`Ranking.name`), None for a name no ranking has.
    pub fn from_name(name: &str) -> Option<Ranking> {
        let mut parts = name.split('-');
        let kind_name = parts.next()?;
        let kind = KINDS.iter().find(|(_, n)| *n == kind_name)?.0;
        let top_card_then_suit = match parts.next()? {
            "kickers" => false,
            "top_card_then_suit" => true,
            _ => return None,
        };
        let (mut ace_low, mut sf) = (true, false);
        if kind == Kind::Soko {
            ace_low = match parts.next()? {
                "acelow" => true,
                "acehigh" => false,
                _ => return None,
            };
            sf = match parts.next()? {
                "4f" => false,
                "4sf" => true,
                _ => return None,
            };
        }
        let low = matches!(
            kind,
            Kind::AceToFiveLow | Kind::DeuceToSevenLow | Kind::Badugi
        );
        if parts.next().is_some() || (low && top_card_then_suit) {
            return None;
        }
        Some(Ranking {
            kind,
            top_card_then_suit,
            four_straight_ace_low: ace_low,
            four_card_straight_flush_class: sf,
        })
    }

    /// Cards in a hand: 5, Badugi's 4.
    pub fn hand_size(&self) -> usize {
        if self.kind == Kind::Badugi {
            4
        } else {
            5
        }
    }

    fn short_deck(&self) -> bool {
        matches!(
            self.kind,
            Kind::ShortDeck | Kind::ShortDeckStraightOverTrips
        )
    }

    /// The classes the ranking knows, lowest first (RULES.md §2 item 11, §3 item 5).
    pub fn class_order(&self) -> Vec<HandClass> {
        let upper = [
            C::TwoPair,
            C::ThreeOfAKind,
            C::Straight,
            C::Flush,
            C::FullHouse,
            C::FourOfAKind,
            C::StraightFlush,
        ];
        match self.kind {
            Kind::AceToFiveLow => vec![
                C::FourOfAKind,
                C::FullHouse,
                C::ThreeOfAKind,
                C::TwoPair,
                C::Pair,
                C::Low,
            ],
            Kind::Badugi => BADUGI_CLASSES.to_vec(),
            Kind::DeuceToSevenLow => {
                let mut order: Vec<HandClass> = upper.iter().rev().copied().collect();
                order.extend([C::Pair, C::Low]);
                order
            }
            Kind::High => [C::HighCard, C::Pair]
                .iter()
                .chain(&upper)
                .copied()
                .collect(),
            Kind::ShortDeck => vec![
                C::HighCard,
                C::Pair,
                C::TwoPair,
                C::Straight,
                C::ThreeOfAKind,
                C::FullHouse,
                C::Flush,
                C::FourOfAKind,
                C::StraightFlush,
            ],
            Kind::ShortDeckStraightOverTrips => vec![
                C::HighCard,
                C::Pair,
                C::TwoPair,
                C::ThreeOfAKind,
                C::Straight,
                C::FullHouse,
                C::Flush,
                C::FourOfAKind,
                C::StraightFlush,
            ],
            Kind::Soko => {
                let mut order = vec![C::HighCard, C::Pair, C::FourStraight, C::FourFlush];
                if self.four_card_straight_flush_class {
                    order.push(C::FourStraightFlush);
                }
                order.extend(upper);
                order
            }
        }
    }
}

/// Badugi's classes by the number of cards that play, 1 to 4.
const BADUGI_CLASSES: [HandClass; 4] = [C::OneCard, C::TwoCard, C::ThreeCard, C::Badugi];

/// A hand's class, its tie-break within the class (larger is better; five 4-bit fields, most
/// significant first) and the ranks its description names (the same packing).
type Key = (HandClass, u32, u32);

/// The value of every hand of one ranking, and each value's class and described ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiveCardTable {
    /// Value of each hand by colex index; 1 is the worst hand.
    pub values: Vec<u16>,
    /// The class of each value (index 0 unused, 0).
    pub classes: Vec<u8>,
    /// The described ranks of each value (index 0 unused, 0): of the first hand, in colex order,
    /// with that value.
    pub ranks: Vec<u32>,
}

impl FiveCardTable {
    /// Value every hand of the ranking's size under the ranking (tens of milliseconds).
    pub fn build(ranking: &Ranking) -> FiveCardTable {
        let order = ranking.class_order();
        // The position of each class in the order (0 for a class the ranking lacks).
        let mut position = [0u32; 17];
        for (i, &class) in order.iter().enumerate() {
            position[class as usize] = i as u32;
        }
        if ranking.kind == Kind::Badugi {
            return dense(&order, &position, all_four().map(badugi_key), N_FOUR);
        }
        let keys = all_five().map(|hand| key(ranking, &position, hand));
        dense(&order, &position, keys, N_FIVE)
    }
}

/// Dense values 1.. from each hand's (class, tie-break), in the order of `order` then the
/// tie-break: a bit per possible (class position, tie-break) marks the keys met, and a hand's value
/// is the number of keys met up to its own.
fn dense(
    order: &[HandClass],
    position: &[u32; 17],
    keys: impl Iterator<Item = Key>,
    n: usize,
) -> FiveCardTable {
    const TIE_BITS: u32 = 20;
    let words = (order.len() << TIE_BITS) / 64;
    let mut seen = vec![0u64; words];
    let mut first: Vec<(u32, u32)> = Vec::new();
    let mut slots: Vec<u32> = Vec::with_capacity(n);
    for (class, tie, described) in keys {
        debug_assert!(tie < 1 << TIE_BITS);
        debug_assert_eq!(order[position[class as usize] as usize], class);
        let slot = position[class as usize] << TIE_BITS | tie;
        let (word, bit) = ((slot / 64) as usize, slot % 64);
        if seen[word] >> bit & 1 == 0 {
            seen[word] |= 1 << bit;
            first.push((slot, described));
        }
        slots.push(slot);
    }
    // Keys met below each word.
    let mut below = Vec::with_capacity(words);
    let mut total = 0u32;
    for w in &seen {
        below.push(total);
        total += w.count_ones();
    }
    let value = |slot: u32| {
        let (word, bit) = ((slot / 64) as usize, slot % 64);
        below[word] + (seen[word] & ((1u64 << bit) - 1)).count_ones() + 1
    };
    let values = slots.iter().map(|&s| value(s) as u16).collect();
    let mut classes = vec![0u8; first.len() + 1];
    let mut ranks = vec![0u32; first.len() + 1];
    for (slot, described) in first {
        let v = value(slot) as usize;
        classes[v] = order[(slot >> TIE_BITS) as usize] as u8;
        ranks[v] = described;
    }
    FiveCardTable {
        values,
        classes,
        ranks,
    }
}

/// Ranks ordered by group size then rank, both descending, packed in 4-bit fields, most
/// significant first; and the size of the largest group.
fn by_groups(r: &[u32; 5]) -> (u32, u32) {
    // Each rank's count in a 4-bit field of its own.
    let counts: u64 = r.iter().map(|&x| 1u64 << (4 * x)).sum();
    let keyed = |x: u32| (counts >> (4 * x) & 15) as u32 * 16 + x;
    let mut keyed = [
        keyed(r[0]),
        keyed(r[1]),
        keyed(r[2]),
        keyed(r[3]),
        keyed(r[4]),
    ];
    // A sorting network for five (the one `colex::index5` uses), largest first.
    for (i, j) in super::colex::NETWORK5 {
        if keyed[i] < keyed[j] {
            keyed.swap(i, j);
        }
    }
    let packed = keyed.iter().fold(0, |acc, k| acc << 4 | (k & 15));
    (packed, keyed[0] >> 4)
}

/// The number of distinct ranks.
fn distinct(r: &[u32; 5]) -> u32 {
    let mask = r.iter().fold(0u32, |m, &x| m | 1 << x);
    mask.count_ones()
}

/// The class by the paired cards alone (no straights or flushes).
fn pairing_class(top_group: u32, distinct: u32, unpaired: HandClass) -> HandClass {
    match (top_group, distinct) {
        (2, 4) => C::Pair,
        (2, 3) => C::TwoPair,
        (3, 3) => C::ThreeOfAKind,
        (3, 2) => C::FullHouse,
        (4, _) => C::FourOfAKind,
        _ => unpaired,
    }
}

/// The key of a sorted five-card hand under any ranking but Badugi's.
fn key(ranking: &Ranking, position: &[u32; 17], hand: [u8; 5]) -> Key {
    // Written out: `[u8; 5]::map` is not always inlined, and this is the hot loop.
    let [a, b, c, d, e] = hand;
    let (a, b, c, d, e) = (a as u32, b as u32, c as u32, d as u32, e as u32);
    let r = [a >> 2, b >> 2, c >> 2, d >> 2, e >> 2];
    let s = [a & 3, b & 3, c & 3, d & 3, e & 3];
    if ranking.kind == Kind::AceToFiveLow {
        return low_key(&r);
    }
    let deuce_to_seven = ranking.kind == Kind::DeuceToSevenLow;
    let (grouped, top_group) = by_groups(&r);
    let distinct = distinct(&r);
    let mask = r.iter().fold(0u32, |m, &x| m | 1 << x);
    // The ace plays low below the deck's lowest four ranks: A-2-3-4-5, A-6-7-8-9 in a short
    // deck; deuce-to-seven: high only.
    let short = ranking.short_deck();
    let wheel =
        mask == (if short {
            0b1_0000_1111_0000
        } else {
            0b1_0000_0000_1111
        }) && !deuce_to_seven;
    let straight = distinct == 5 && (r[4] - r[0] == 4 || wheel);
    let straight_top = if wheel { 3 } else { r[4] };
    let flush = s.iter().all(|&x| x == s[0]);

    let mut class = C::HighCard;
    let mut tie = grouped;
    if ranking.top_card_then_suit {
        tie = r[4] << 16 | s[4] << 12; // the top card: rank, then suit
    }
    if ranking.kind == Kind::Soko {
        (class, tie) =
            soko_four_card_class(ranking, &r, &s, mask, distinct).unwrap_or((class, tie));
    }
    let paired = pairing_class(top_group, distinct, C::HighCard);
    // A paired class replaces a four-card hand only when it ranks higher.
    if paired != C::HighCard && position[paired as usize] > position[class as usize] {
        (class, tie) = (paired, grouped);
    }
    if straight {
        class = if flush { C::StraightFlush } else { C::Straight };
        tie = straight_top << 16;
    } else if flush {
        (class, tie) = (C::Flush, grouped);
    }
    if deuce_to_seven {
        // The standard ranking upside down: a smaller tie-break is better; no pair is a low.
        if class == C::HighCard {
            class = C::Low;
        }
        return (class, 0xFFFFF - tie, tie);
    }
    if short && straight && wheel {
        // Described by its top card, the nine, and the ace below it (a straight, Ace to Nine).
        return (class, tie, 7 << 16 | 12 << 12);
    }
    (class, tie, tie)
}

/// Ace-to-five low: aces count one, straights and flushes nothing; fewer pairs is better, then
/// the lower cards compared from the top.
fn low_key(r: &[u32; 5]) -> Key {
    let ace_low = r.map(|x| (x + 1) % 13);
    let (grouped, top_group) = by_groups(&ace_low);
    let class = pairing_class(top_group, distinct(&ace_low), C::Low);
    // Back to the cards' ranks, the ace 12, field by field.
    let described = (0..5).fold(0, |acc, i| {
        let field = grouped >> (16 - 4 * i) & 15;
        (acc << 4) | ((field + 12) % 13)
    });
    (class, 0xFFFFF - grouped, described)
}

/// Sökö's four-straight and four-flush (RULES.md §2 items 12–15), where the hand makes one.
fn soko_four_card_class(
    ranking: &Ranking,
    r: &[u32; 5],
    s: &[u32; 5],
    mask: u32,
    distinct: u32,
) -> Option<(HandClass, u32)> {
    let ace_low = ranking.four_straight_ace_low;
    let mut found = None;
    // Four-straight: four consecutive ranks; the fifth card may pair one of them.
    if let Some(top) = run_top(mask, ace_low).filter(|_| distinct >= 4) {
        let run_sum = if top == 2 { 12 + 1 + 2 } else { 4 * top - 6 };
        let fifth = r.iter().sum::<u32>() - run_sum;
        found = Some((C::FourStraight, top << 16 | fifth << 12));
    }
    // Four-flush: exactly four cards of one suit; the suited ranks high to low, then the fifth.
    let mut counts = [0u32; 4];
    s.iter().for_each(|&x| counts[x as usize] += 1);
    if let Some(suit) = counts.iter().position(|&n| n == 4) {
        // The ranks come sorted: the suited ones from the top, the other one alone.
        let (mut packed, mut off, mut suited_mask) = (0, 0, 0);
        for i in (0..5).rev() {
            if s[i] == suit as u32 {
                packed = packed << 4 | r[i];
                suited_mask |= 1 << r[i];
            } else {
                off = r[i];
            }
        }
        found = Some((C::FourFlush, packed << 4 | off));
        if ranking.four_card_straight_flush_class {
            // The four suited cards make a run: ranked by the run's top, then the fifth card.
            if let Some(top) = run_top(suited_mask, ace_low) {
                found = Some((C::FourStraightFlush, top << 16 | off << 12));
            }
        }
    }
    found
}

/// The rank of the top card of the highest run of four ranks in a rank mask. The ace plays high,
/// and low too when `ace_low`; a run never wraps (Q-K-A-2).
fn run_top(mask: u32, ace_low: bool) -> Option<u32> {
    let mut ext = mask << 1; // bit b is rank b - 1; bit 0 is the ace played low
    if ace_low {
        ext |= mask >> 12 & 1;
    }
    // Bit b is set where ranks b - 1 to b + 2 all are: the run's top card is rank b + 2.
    let runs = ext & ext >> 1 & ext >> 2 & ext >> 3;
    (runs != 0).then(|| 31 - runs.leading_zeros() + 2)
}

/// Every four-card hand as sorted codes, in colex index order (Badugi's table).
fn all_four() -> impl Iterator<Item = [u8; 4]> {
    (3u8..52).flat_map(|d| {
        (2..d).flat_map(move |c| (1..c).flat_map(move |b| (0..b).map(move |a| [a, b, c, d])))
    })
}

/// Badugi: the largest set of cards of different ranks and different suits plays; between sets
/// of one size the lower wins, compared from the highest card, aces low. Described by the playing
/// cards' ranks from the highest, aces last.
fn badugi_key(hand: [u8; 4]) -> Key {
    let low = hand.map(|c| (u32::from(c >> 2) + 1) % 13 + 1); // ace 1, deuce 2 ... king 13
    let s = hand.map(|c| u32::from(c & 3));
    let (mut best, mut described) = (0u32, 0u32);
    for picked in 1u32..16 {
        let cards = (0..4).filter(|i| picked >> i & 1 == 1);
        let size = picked.count_ones();
        let rank_bits = cards.clone().fold(0u32, |m, i| m | 1 << low[i]);
        let suit_bits = cards.fold(0u32, |m, i| m | 1 << s[i]);
        if rank_bits.count_ones() != size || suit_bits.count_ones() != size {
            continue;
        }
        // The picked ranks are distinct: their bits, read from the top, order them.
        let ordered = (1..14u32).rev().filter(|x| rank_bits >> x & 1 == 1);
        let packed = ordered.clone().fold(0, |acc, x| acc << 4 | x) << (4 * (4 - size));
        let key = size << 20 | (0xFFFFF - packed);
        if key > best {
            best = key;
            // Back to the cards' ranks: the ace 12.
            let shown = ordered.fold(0, |acc, x| (acc << 4) | ((x + 11) % 13));
            described = shown << (4 * (5 - size));
        }
    }
    let class = BADUGI_CLASSES[(best >> 20) as usize - 1];
    (class, best & 0xFFFFF, described)
}

/// The colex index of four sorted codes (used by the tests).
#[cfg(test)]
fn index4(hand: [u8; 4]) -> usize {
    (0..4).map(|i| super::colex::binom(i, hand[i])).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 17] = [
        "high-kickers",
        "high-top_card_then_suit",
        "soko-kickers-acelow-4f",
        "soko-kickers-acelow-4sf",
        "soko-kickers-acehigh-4f",
        "soko-kickers-acehigh-4sf",
        "soko-top_card_then_suit-acelow-4f",
        "soko-top_card_then_suit-acelow-4sf",
        "soko-top_card_then_suit-acehigh-4f",
        "soko-top_card_then_suit-acehigh-4sf",
        "ace_to_five_low-kickers",
        "deuce_to_seven_low-kickers",
        "badugi-kickers",
        "short_deck-kickers",
        "short_deck-top_card_then_suit",
        "short_deck_straight_over_trips-kickers",
        "short_deck_straight_over_trips-top_card_then_suit",
    ];

    #[test]
    fn names_are_read_as_python_writes_them() {
        for name in NAMES {
            assert!(Ranking::from_name(name).is_some(), "{name}");
        }
        for bad in [
            "",
            "high",
            "soko-kickers",
            "soko-kickers-acelow",
            "high-kickers-acelow-4f",
            "badugi-top_card_then_suit",
            "high-kickers-",
            "razz-kickers",
        ] {
            assert!(Ranking::from_name(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn four_card_hands_come_in_colex_order() {
        let mut n = 0;
        for (i, hand) in all_four().enumerate() {
            assert_eq!(index4(hand), i);
            n += 1;
        }
        assert_eq!(n, N_FOUR);
    }

    #[test]
    fn the_standard_table_is_the_reference_ranking() {
        // The reference ranking (reference.rs) is written independently from the textbook.
        let ranking = Ranking::from_name("high-kickers").unwrap();
        let table = FiveCardTable::build(&ranking);
        let reference = super::super::reference::high_evaluator();
        assert_eq!(table.values.len(), N_FIVE);
        assert_eq!(*reference.five, *table.values);
        assert_eq!(table.classes.len(), 7_462 + 1);
    }
}
