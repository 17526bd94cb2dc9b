//! Showing hands: who acts first from the up cards (RULES.md §2 items 5–6, §4 items 2–3).
//!
//! On the first betting round of a stud game one up card decides: Sökö's highest card, stud's
//! lowest (ties by suit or by position). On later rounds the best *showing* hand of 1–4 up cards
//! acts first: trips > pair > high card with two or three cards; with four, quads > trips > two
//! pair > pair > high card, and under a Sökö ranking with `showing_four_card_hands_count` the
//! four-straight and four-flush (and the optional four-card straight flush) rank between pair and
//! two pair. Keys compare like Python tuples (lexicographically, a prefix before its extensions),
//! so the same player speaks first on both sides.

use crate::cards::Card;
use crate::eval::HandClass;
use crate::replay::held::Held;
use crate::spec::{BringInCard, FirstToAct, GameSpec, TieBreak};

/// Which up cards speak first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The highest single up card (Sökö's first round).
    HighestCard,
    /// The lowest single up card (stud's bring-in).
    LowestCard,
    /// The best showing hand of the up cards (later rounds).
    BestShowing,
}

/// The parts of a hand ranking that decide showing hands (`Ranking` in `rules/ranking.py`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranking {
    /// `hand_ranking=soko`: four-card hands exist.
    pub soko: bool,
    /// A-2-3-4 is a four-straight (the lowest one).
    pub four_straight_ace_low: bool,
    /// A four-card straight flush ranks above the four-flush.
    pub four_card_straight_flush_class: bool,
    /// `hand_ranking=ace_to_five_low` (Razz): aces are low, the lowest showing hand speaks first
    /// and the highest card (King high) brings in.
    pub low: bool,
}

impl Ranking {
    /// The ranking of a game spec.
    pub fn of(spec: &GameSpec) -> Ranking {
        Ranking {
            soko: spec.options.hand_ranking == "soko",
            four_straight_ace_low: spec.options.four_straight_ace_low,
            four_card_straight_flush_class: spec.options.four_card_straight_flush_class,
            low: spec.options.hand_ranking == "ace_to_five_low",
        }
    }

    /// A card's rank as this ranking orders single cards: the ace lowest under a low ranking.
    fn rank(self, card: Card) -> i16 {
        let rank = i16::from(card.rank());
        if self.low {
            (rank + 1) % 13
        } else {
            rank
        }
    }

    /// The rank of a showing class in this ranking's order, lowest 0 (`_order(...).index`).
    fn order_of(self, class: HandClass, four_cards: bool) -> i16 {
        let fours: i16 = match (self.soko && four_cards, self.four_card_straight_flush_class) {
            (false, _) => 0,
            (true, false) => 2,
            (true, true) => 3,
        };
        match class {
            HandClass::HighCard => 0,
            HandClass::Pair => 1,
            HandClass::FourStraight => 2,
            HandClass::FourFlush => 3,
            HandClass::FourStraightFlush => 4,
            HandClass::TwoPair => 2 + fours,
            HandClass::ThreeOfAKind => 3 + fours,
            _ => 4 + fours,
        }
    }
}

/// A comparable key of up cards: larger shows better; equal keys tie. Orders like a Python tuple
/// of small integers (lexicographically, a prefix before its extensions): up to nine parts in
/// -63..=63, packed seven bits each, most significant first, each offset to be at least 1 so that
/// an absent part (0) sorts first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Key {
    packed: u64,
    len: u8,
}

impl Key {
    const PARTS: u8 = 9;

    fn new() -> Key {
        Key::default()
    }

    fn digit(part: i16) -> u64 {
        (part.clamp(-63, 63) + 64) as u64
    }

    fn push(&mut self, part: i16) {
        if self.len < Key::PARTS {
            self.packed |= Key::digit(part) << (7 * u32::from(Key::PARTS - 1 - self.len));
            self.len += 1;
        }
    }

    /// This key with `part` put in front of its parts (the last part drops if all nine are used).
    fn after(self, part: i16) -> Key {
        let first = Key::digit(part) << (7 * u32::from(Key::PARTS - 1));
        Key {
            packed: first | self.packed >> 7,
            len: (self.len + 1).min(Key::PARTS),
        }
    }
}

/// Why up cards cannot be compared (Python raises `EvaluationError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowingError(pub String);

/// The class and ranks of 1–4 up cards.
fn classify(
    cards: &[Card],
    ranking: Ranking,
    four_card_hands: bool,
) -> Result<(HandClass, Key), ShowingError> {
    let distinct = cards
        .iter()
        .enumerate()
        .all(|(i, c)| !cards[..i].contains(c));
    if !(1..=4).contains(&cards.len()) || !distinct {
        return Err(ShowingError(format!(
            "a showing hand is 1 to 4 distinct up cards, got {}",
            cards.len()
        )));
    }
    let mut counts = [0u8; 13];
    for c in cards {
        counts[usize::from(c.rank())] += 1;
    }
    // Ranks by (count, rank), largest first: the grouped ranks of Python's `by_group`.
    let mut by_group = [0u8; 4];
    let n = cards.len();
    for (slot, c) in by_group.iter_mut().zip(cards) {
        *slot = c.rank();
    }
    by_group[..n].sort_by(|a, b| (counts[usize::from(*b)], *b).cmp(&(counts[usize::from(*a)], *a)));
    let mut shape = [0u8; 4];
    let mut groups = 0;
    for &k in counts.iter().filter(|&&k| k > 0) {
        shape[groups] = k;
        groups += 1;
    }
    shape[..groups].sort_unstable_by(|a, b| b.cmp(a));
    let paired = match &shape[..groups] {
        [4] => Some(HandClass::FourOfAKind),
        [3] | [3, 1] => Some(HandClass::ThreeOfAKind),
        [2, 2] => Some(HandClass::TwoPair),
        [2] | [2, 1] | [2, 1, 1] => Some(HandClass::Pair),
        _ => None,
    };
    let mut ranks = Key::new();
    for &r in &by_group[..n] {
        ranks.push(i16::from(r));
    }
    if matches!(
        paired,
        Some(HandClass::FourOfAKind | HandClass::ThreeOfAKind | HandClass::TwoPair)
    ) {
        return Ok((paired.unwrap_or(HandClass::HighCard), ranks));
    }
    if n == 4 && ranking.soko && four_card_hands {
        if let Some(four) = four_card_hand(cards, ranking) {
            return Ok(four);
        }
    }
    Ok((paired.unwrap_or(HandClass::HighCard), ranks))
}

/// A four-straight, four-flush or four-card straight flush of four up cards, if they make one.
fn four_card_hand(cards: &[Card], ranking: Ranking) -> Option<(HandClass, Key)> {
    let suited = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut ranks = [0u8; 4];
    for (slot, c) in ranks.iter_mut().zip(cards) {
        *slot = c.rank();
    }
    let top = run_top(ranks, ranking.four_straight_ace_low);
    let mut key = Key::new();
    match (suited, top) {
        (true, Some(top)) if ranking.four_card_straight_flush_class => {
            key.push(i16::from(top));
            Some((HandClass::FourStraightFlush, key))
        }
        (true, _) => {
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            for r in ranks {
                key.push(i16::from(r));
            }
            Some((HandClass::FourFlush, key))
        }
        (false, Some(top)) => {
            key.push(i16::from(top));
            Some((HandClass::FourStraight, key))
        }
        (false, None) => None,
    }
}

/// Top rank of four distinct consecutive ranks (A-2-3-4 has top 2, the Four, when `ace_low`).
fn run_top(ranks: [u8; 4], ace_low: bool) -> Option<u8> {
    let mut distinct = ranks;
    distinct.sort_unstable();
    if distinct.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    if distinct[3] - distinct[0] == 3 {
        return Some(distinct[3]);
    }
    if ace_low && distinct == [0, 1, 2, 12] {
        return Some(2);
    }
    None
}

/// The class of 1–4 up cards (`showing_class`).
pub fn showing_class(
    cards: &[Card],
    ranking: Ranking,
    four_card_hands: bool,
) -> Result<HandClass, ShowingError> {
    classify(cards, ranking, four_card_hands).map(|(class, _)| class)
}

/// A comparable key of 1–4 up cards: larger shows better; equal keys tie (`showing_value`).
/// Under a low ranking the lowest hand shows best: fewer paired cards, then the lower ranks from
/// the top (aces low).
pub fn showing_value(
    cards: &[Card],
    ranking: Ranking,
    four_card_hands: bool,
) -> Result<Key, ShowingError> {
    if ranking.low {
        return low_showing_value(cards, ranking);
    }
    let (class, ranks) = classify(cards, ranking, four_card_hands)?;
    Ok(ranks.after(ranking.order_of(class, four_card_hands)))
}

/// [`showing_value`] under a low ranking: the class by paired cards alone (no pair best), then
/// the ranks, grouped ranks first and each from the top, lower better.
fn low_showing_value(cards: &[Card], ranking: Ranking) -> Result<Key, ShowingError> {
    let (class, _) = classify(
        cards,
        Ranking {
            soko: false,
            ..ranking
        },
        false,
    )?;
    let mut counts = [0u8; 13];
    let mut ranks = [0i16; 4];
    for (slot, &c) in ranks.iter_mut().zip(cards) {
        *slot = ranking.rank(c);
        counts[ranking.rank(c) as usize] += 1;
    }
    let n = cards.len().min(4);
    let count = |r: i16| counts[r as usize];
    ranks[..n].sort_unstable_by_key(|&r| std::cmp::Reverse((count(r), r)));
    let order = match class {
        HandClass::FourOfAKind => 0,
        HandClass::ThreeOfAKind => 1,
        HandClass::TwoPair => 2,
        HandClass::Pair => 3,
        _ => 4,
    };
    let mut key = Key::new();
    key.push(order);
    for &r in &ranks[..n] {
        key.push(-r);
    }
    Ok(key)
}

/// How the first speaker of a betting round is picked: which card or hand, ties broken how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    pub pick: Pick,
    pub tie_break: TieBreak,
    pub ranking: Ranking,
    /// Four-card hands count in showing hands (`showing_four_card_hands_count`).
    pub four_card_hands: bool,
}

impl Opening {
    /// The opening of betting round `round_index` (0 = the first) of a stud game: round 1 by the
    /// bring-in card (or the highest up card when there is none), later rounds by
    /// `later_rounds_first_to_act`, each with its tie-break.
    pub fn of(spec: &GameSpec, round_index: usize) -> Result<Opening, ShowingError> {
        let acting = &spec.first_to_act;
        let (first, tie_break) = if round_index == 0 {
            (acting.first_round, acting.first_round_tie_break)
        } else {
            (acting.later_rounds, acting.later_rounds_tie_break)
        };
        let tie_break = tie_break.ok_or_else(|| {
            ShowingError(format!(
                "{} names no tie-break for who speaks first on round {}",
                spec.profile,
                round_index + 1
            ))
        })?;
        let pick = match first {
            FirstToAct::BringIn if spec.options.bring_in_card == Some(BringInCard::Highest) => {
                Pick::HighestCard
            }
            FirstToAct::BringIn => Pick::LowestCard,
            FirstToAct::BestShowing => Pick::BestShowing,
            _ => {
                return Err(ShowingError(format!(
                    "round {} of {} opens by position, not by up cards",
                    round_index + 1,
                    spec.profile
                )))
            }
        };
        Ok(Opening {
            pick,
            tie_break,
            ranking: Ranking::of(spec),
            four_card_hands: spec.options.showing_four_card_hands_count,
        })
    }

    /// The key of one candidate's up cards: the largest speaks first.
    pub fn key(&self, cards: &[Card]) -> Result<Key, ShowingError> {
        let mut suits = [0i16; 4];
        let (mut key, n) = if self.pick == Pick::BestShowing {
            let key = showing_value(cards, self.ranking, self.four_card_hands)?;
            let n = cards.len().min(4);
            for (slot, c) in suits.iter_mut().zip(cards) {
                *slot = i16::from(c.0);
            }
            suits[..n].sort_unstable_by(|a, b| b.cmp(a));
            (key, n)
        } else {
            let card = cards
                .last()
                .ok_or_else(|| ShowingError("a candidate shows no up card".into()))?;
            let sign: i16 = if self.pick == Pick::HighestCard {
                1
            } else {
                -1
            };
            let mut key = Key::new();
            key.push(sign * self.ranking.rank(*card));
            suits[0] = sign * i16::from(card.suit());
            (key, 1)
        };
        if self.tie_break == TieBreak::Suit {
            for &s in &suits[..n] {
                key.push(s);
            }
        }
        Ok(key)
    }

    /// Index of the candidate who speaks first: the largest key, the first of equal ones.
    pub fn first<'c>(
        &self,
        up_cards: impl IntoIterator<Item = &'c [Card]>,
    ) -> Result<usize, ShowingError> {
        let mut best: Option<(Key, usize)> = None;
        for (i, cards) in up_cards.into_iter().enumerate() {
            let key = self.key(cards)?;
            if best.is_none_or(|(top, _)| key > top) {
                best = Some((key, i));
            }
        }
        best.map(|(_, i)| i)
            .ok_or_else(|| ShowingError("nobody to act".into()))
    }
}

/// Index of the player who speaks first (`first_to_act`).
///
/// `up_cards` lists each candidate's up cards in seat order from the dealer's left. For the
/// single-card picks only the newest up card of each counts. Ties go by `tie_break`: by suit, or
/// by position (the first candidate).
pub fn first_to_act<C: AsRef<[Card]>>(
    up_cards: &[C],
    pick: Pick,
    tie_break: TieBreak,
    ranking: Ranking,
    four_card_hands: bool,
) -> Result<usize, ShowingError> {
    let opening = Opening {
        pick,
        tie_break,
        ranking,
        four_card_hands,
    };
    opening.first(up_cards.iter().map(AsRef::as_ref))
}

/// Who speaks first on betting round `round_index` (0 = the first) of a stud game (`opener`).
pub fn opener<C: AsRef<[Card]>>(
    spec: &GameSpec,
    round_index: usize,
    up_cards: &[C],
) -> Result<usize, ShowingError> {
    Opening::of(spec, round_index)?.first(up_cards.iter().map(AsRef::as_ref))
}

/// The up cards that speak: the last one on the first street, the last four later; a card a
/// broken log shows twice counts once (the table's `showing`).
pub fn speaking(up: &[Card], street: usize) -> Held {
    let from = if street == 0 {
        up.len().saturating_sub(1)
    } else {
        up.len().saturating_sub(4)
    };
    let mut out = Held::new();
    for &c in &up[from..] {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOKO: Ranking = Ranking {
        soko: true,
        four_straight_ace_low: true,
        four_card_straight_flush_class: false,
        low: false,
    };
    const HIGH: Ranking = Ranking {
        soko: false,
        four_straight_ace_low: true,
        four_card_straight_flush_class: false,
        low: false,
    };
    /// Razz: ace-to-five low.
    const LOW: Ranking = Ranking { low: true, ..HIGH };

    #[test]
    fn razz_brings_in_the_king_and_the_lowest_hand_speaks() {
        let first = |hands: &[&str], pick: Pick| {
            let up: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
            first_to_act(&up, pick, TieBreak::Suit, LOW, false).unwrap()
        };
        // The highest card brings in, the ace counting low; a tie goes to the higher suit.
        assert_eq!(first(&["As", "Kd", "Qs"], Pick::HighestCard), 1);
        assert_eq!(first(&["Kc", "Ks", "Kd"], Pick::HighestCard), 1);
        // The lowest showing hand speaks: no pair before a pair, then the top card, aces low.
        assert_eq!(first(&["7c 7d", "Kc Qd"], Pick::BestShowing), 1);
        assert_eq!(first(&["5d 2c", "As 3h"], Pick::BestShowing), 1);
        assert_eq!(first(&["6d 4c 2h", "6s 5c Ah"], Pick::BestShowing), 0);
        assert_eq!(first(&["Kd Kc 2h 3h", "9s 9c 8h 8d"], Pick::BestShowing), 0);
    }

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|t| Card::parse(t).expect("a card"))
            .collect()
    }

    fn value(text: &str, ranking: Ranking) -> Key {
        showing_value(&cards(text), ranking, true).expect("a showing hand")
    }

    #[test]
    fn classes_of_up_cards() {
        let class = |t: &str, r| showing_class(&cards(t), r, true).unwrap();
        assert_eq!(class("As", SOKO), HandClass::HighCard);
        assert_eq!(class("As Ad 2c", SOKO), HandClass::Pair);
        assert_eq!(class("5s 6d 7c 8h", SOKO), HandClass::FourStraight);
        assert_eq!(class("5s 6d 7c 8h", HIGH), HandClass::HighCard);
        assert_eq!(class("2s 9s Js Ks", SOKO), HandClass::FourFlush);
        assert_eq!(class("As 2d 3c 4h", SOKO), HandClass::FourStraight);
        assert_eq!(class("9s 9d 4c 4h", SOKO), HandClass::TwoPair);
        assert_eq!(class("9s 9d 9c 4h", SOKO), HandClass::ThreeOfAKind);
        assert!(showing_class(&cards("As As"), SOKO, true).is_err());
        assert!(showing_class(&[], SOKO, true).is_err());
    }

    #[test]
    fn four_card_hands_rank_between_pair_and_two_pair() {
        assert!(value("5s 6d 7c 8h", SOKO) > value("As Ad Kc Qh", SOKO));
        assert!(value("5s 6d 7c 8h", SOKO) < value("2s 9s Js Ks", SOKO));
        assert!(value("2s 9s Js Ks", SOKO) < value("2s 2d 3c 3h", SOKO));
        // A-2-3-4 is the lowest four-straight.
        assert!(value("As 2d 3c 4h", SOKO) < value("2s 3d 4c 5h", SOKO));
        // Tuple order: a longer key with an equal prefix is larger.
        assert!(value("As Kd", HIGH) > value("As", HIGH));
    }

    #[test]
    fn first_to_act_by_card_and_by_showing_hand() {
        let ups = [cards("7c"), cards("7s"), cards("2h")];
        let high = |tie| first_to_act(&ups, Pick::HighestCard, tie, SOKO, true).unwrap();
        let low = |tie| first_to_act(&ups, Pick::LowestCard, tie, HIGH, true).unwrap();
        assert_eq!(high(TieBreak::Suit), 1);
        assert_eq!(high(TieBreak::Position), 0);
        assert_eq!(low(TieBreak::Suit), 2);
        let ups = [cards("Kc Kd"), cards("As Ah")];
        let best = first_to_act(&ups, Pick::BestShowing, TieBreak::Position, HIGH, true);
        assert_eq!(best, Ok(1));
        assert!(
            first_to_act::<Vec<Card>>(&[], Pick::BestShowing, TieBreak::Suit, HIGH, true).is_err()
        );
    }

    #[test]
    fn speaking_cards_are_the_newest_distinct_ones() {
        let up = cards("2c 3d 4h 5s 6c");
        assert_eq!(speaking(&up, 0).as_slice(), cards("6c"));
        assert_eq!(speaking(&up, 2).as_slice(), cards("3d 4h 5s 6c"));
        assert_eq!(speaking(&cards("2c 2c"), 1).as_slice(), cards("2c"));
        assert!(speaking(&[], 1).is_empty());
    }

    // -- ported from tests/rules/test_showing.py (hand-worked from RULES.md and the worked
    // example of formats/soko-text.md, button seat 7: from the dealer's left the order is
    // Aino (1), Ville (3), Matti (5), Liisa (7)) ------------------------------------------------

    /// A Sökö ranking where A-2-3-4 is not a four-straight (`four_straight_ace_low = false`).
    const SOKO_NO_ACE_LOW: Ranking = Ranking {
        four_straight_ace_low: false,
        ..SOKO
    };

    /// Each candidate's up cards, one string per candidate.
    fn ups(hands: &[&str]) -> Vec<Vec<Card>> {
        hands.iter().map(|h| cards(h)).collect()
    }

    /// `first_to_act` with four-card hands counting (the Python default).
    fn first(hands: &[&str], pick: Pick, tie_break: TieBreak, ranking: Ranking) -> usize {
        first_to_act(&ups(hands), pick, tie_break, ranking, true).expect("someone acts")
    }

    /// `showing_class` with four-card hands counting (the Python default).
    fn class(text: &str, ranking: Ranking) -> HandClass {
        showing_class(&cards(text), ranking, true).expect("a showing hand")
    }

    #[test]
    fn soko_casino_highest_upcard_brings_in_hearts_over_diamonds() {
        // RULES.md §2 item 5 (soko-casino): ties by suit ♠ > ♥ > ♦ > ♣.
        let example = ["Kh", "Ad", "Qc", "Ah"];
        let acts = first(&example, Pick::HighestCard, TieBreak::Suit, SOKO);
        assert_eq!(acts, 3); // Liisa's Ah
    }

    #[test]
    fn soko_finnish_highest_upcard_ties_go_by_position() {
        // RULES.md §2 item 5 (soko-finnish): ties go to the first from the dealer's left.
        let example = ["Kh", "Ad", "Qc", "Ah"];
        let acts = first(&example, Pick::HighestCard, TieBreak::Position, SOKO);
        assert_eq!(acts, 1); // Ville, first from the dealer's left
    }

    #[test]
    fn open_pair_acts_first_on_the_second_round() {
        // RULES.md §2 item 6: the best showing hand acts first; a pair beats high cards.
        let third_street = ["9s 9d", "Ad 5c", "Qc Qs"]; // Aino, Ville, Matti
        let acts = first(&third_street, Pick::BestShowing, TieBreak::Position, SOKO);
        assert_eq!(acts, 2);
    }

    #[test]
    fn showing_trips_act_first_on_the_last_round() {
        // RULES.md §2 item 6: with 4 up cards trips beat a pair.
        let last = ["9s 9d 2c 9h", "Ad 5c 5d 6d", "Qc Qs 7h Js"];
        let acts = first(&last, Pick::BestShowing, TieBreak::Position, SOKO);
        assert_eq!(acts, 0);
    }

    #[test]
    fn stud_lowest_upcard_brings_in_clubs_lowest() {
        // RULES.md §4 item 2: the lowest upcard brings in; ties by suit, clubs lowest.
        let low = |hands: &[&str]| first(hands, Pick::LowestCard, TieBreak::Suit, HIGH);
        // Deuces of hearts and clubs: clubs is the lowest suit.
        assert_eq!(low(&["3c", "2h", "2c", "Ks"]), 2);
        // Then diamonds, hearts, spades.
        assert_eq!(low(&["2s", "2h", "2d"]), 2);
        assert_eq!(low(&["2s", "2h"]), 1);
    }

    #[test]
    fn equal_showing_hands_go_to_the_first_from_the_dealers_left() {
        // RULES.md §2 item 6 and §4 item 3: equal showing hands, the first from the dealer's left.
        let best = |hands: &[&str]| first(hands, Pick::BestShowing, TieBreak::Position, HIGH);
        assert_eq!(best(&["7c 2d", "Kh Kd", "Ks Kc"]), 1);
        assert_eq!(best(&["Ks Kc", "Kh Kd", "7c 2d"]), 0);
    }

    #[test]
    fn showing_classes_in_soko_and_stud() {
        // RULES.md §2 item 6 (Sökö four-card showing hands, A-2-3-4 by §2 item 12) and §4 item 3
        // (stud: straights and flushes of fewer than five cards count for nothing).
        use HandClass::*;
        let rows = [
            ("As", HighCard, HighCard),
            ("As Ah", Pair, Pair),
            ("7s 7h 7d", ThreeOfAKind, ThreeOfAKind),
            ("7s 7h 7d 7c", FourOfAKind, FourOfAKind),
            ("7s 7h 2d 2c", TwoPair, TwoPair),
            ("Ah Kh 7h 2h", FourFlush, HighCard),
            ("5c 6d 7h 8s", FourStraight, HighCard),
            ("Ac 2d 3h 4s", FourStraight, HighCard),
            ("Qc Kd Ac 2s", HighCard, HighCard),
            ("5h 6h 7h 8h", FourFlush, HighCard),
            ("5h 6h 7h", HighCard, HighCard),
            ("5h 5d 6h 7h", Pair, Pair),
        ];
        for (text, soko_class, stud_class) in rows {
            assert_eq!(class(text, SOKO), soko_class, "{text} under Sökö");
            assert_eq!(class(text, HIGH), stud_class, "{text} under stud");
        }
    }

    #[test]
    fn showing_four_card_order_in_soko() {
        // RULES.md §2 item 6: quads > trips > two pair > four-flush > four-straight > pair > high
        // card.
        let order = [
            "Ah Kd 9c 4s",
            "Ah Ad 9c 4s",
            "5c 6d 7h 8s",
            "Ah Kh 7h 2h",
            "2s 2h 9d 9c",
            "7s 7h 7d 2c",
            "7s 7h 7d 7c",
        ];
        let values: Vec<Key> = order.iter().map(|t| value(t, SOKO)).collect();
        for (i, pair) in values.windows(2).enumerate() {
            assert!(
                pair[0] < pair[1],
                "{} should show below {}",
                order[i],
                order[i + 1]
            );
        }
    }

    #[test]
    fn four_card_hands_do_not_count_when_the_option_is_off() {
        // RULES.md §2 item 6: four-card showing hands only with showing_four_card_hands_count.
        let off = |text: &str| showing_value(&cards(text), SOKO, false).expect("a showing hand");
        let class_off = showing_class(&cards("Ah Kh 7h 2h"), SOKO, false);
        assert_eq!(class_off, Ok(HandClass::HighCard));
        // And then a pair beats them.
        assert!(off("2c 2d 5h 9s") > off("Ah Kh 7h 2h"));
    }

    #[test]
    fn four_straight_ace_low_option_in_showing_hands() {
        // RULES.md §2 item 6 with §2 item 12: `four_straight_ace_low = false`, A-2-3-4 is nothing.
        assert_eq!(class("Ac 2d 3h 4s", SOKO_NO_ACE_LOW), HandClass::HighCard);
    }

    #[test]
    fn showing_kickers() {
        // RULES.md §2 item 6 and §4 item 3: equal classes, then kickers.
        assert!(value("Kh Kd 9c", HIGH) > value("Kc Ks 8c", HIGH));
        assert!(value("As 7d", HIGH) > value("Kc Qs", HIGH));
    }

    #[test]
    fn bad_showing_hands() {
        // RULES.md §2 item 6: a showing hand is 1–4 up cards; someone must be there to act.
        assert!(showing_value(&cards("As Kd Qh Js Tc"), HIGH, true).is_err());
        let nobody: [Vec<Card>; 0] = [];
        assert!(first_to_act(&nobody, Pick::BestShowing, TieBreak::Position, HIGH, true).is_err());
    }
}
