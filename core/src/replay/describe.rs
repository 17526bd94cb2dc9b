//! Hand descriptions as the logs print them (`a pair of Kings`, `a four-flush, Ace high`), for
//! the audit and for `Evaluator.describe` (`_core.describe`). PokerStars: `high card Ace`, `two pair,
//! Eights and Sevens`, `a straight, Five to Nine`, `a full house, Fives full of Aces`, `a Royal
//! Flush`; the Sökö text format: `a four-flush, Ace high`, `a four-straight, Ace high`, `a four-card
//! straight flush, King high`.
//!
//! A description is read from a value's class and its tie-break ranks, which the ranking's
//! five-card table keeps per value (`eval::rankings`, read through [`Evaluator::class_and_ranks`]).

use serde::{Serialize, Serializer};

use crate::eval::{Evaluator, HandClass};
use crate::said::{arg, Arg, IntoArg, Nested, Said, Value};
use crate::say;

const NAME: [&str; 13] = [
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const PLURAL: [&str; 13] = [
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];

/// A word of a description: a rank named alone (`King`), a rank named as a set (`Kings`), or
/// ranks written as characters (`8,7,4,3,A`, the same in every language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    Rank(usize),
    Ranks(usize),
    Chars(String),
}

impl Word {
    /// What the word is, as Python's translation reads it: `rank` (`King`), `ranks` (`Kings`) or
    /// `chars` (`8,7,4,3,A`).
    pub fn kind(&self) -> &'static str {
        match self {
            Word::Rank(_) => "rank",
            Word::Ranks(_) => "ranks",
            Word::Chars(_) => "chars",
        }
    }

    /// The word in English, as the logs print it.
    pub fn english(&self) -> &str {
        match self {
            Word::Rank(rank) => NAME.get(*rank).copied().unwrap_or("?"),
            Word::Ranks(rank) => PLURAL.get(*rank).copied().unwrap_or("?"),
            Word::Chars(text) => text,
        }
    }
}

/// A description as a template and its words: `{0}`, `{1}` in the template stand for the words in
/// order. The templates are the messages a translation gives in other languages
/// ([`TEMPLATES`], `_core.DESCRIPTION_TEMPLATES`); the words' names are [`NAME`] and [`PLURAL`]
/// (`_core.RANK_WORDS`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    pub template: &'static str,
    pub words: Vec<Word>,
}

impl Description {
    /// Each word as `(kind, English)` (`("ranks", "Kings")`), as `_core.describe_words` and a
    /// finding's hand argument give them.
    pub fn word_pairs(&self) -> Vec<(&'static str, String)> {
        self.words
            .iter()
            .map(|w| (w.kind(), w.english().to_string()))
            .collect()
    }

    /// The description in English, as the logs print it.
    pub fn english(&self) -> String {
        fill(self.template, |i| {
            self.words.get(i).map_or("?", Word::english).to_string()
        })
    }
}

impl IntoArg for Description {
    fn into_arg(self, name: &'static str) -> Arg {
        let hand = Value::Hand {
            template: self.template,
            words: self.word_pairs(),
        };
        arg(name, self.english(), hand)
    }
}

impl Serialize for Description {
    /// `[template, [[kind, word], ...]]` (as `_core.describe_words` gives them).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.template, self.word_pairs()).serialize(serializer)
    }
}

/// A hand's description at showdown, share by share of the pot: for each share, the hand's
/// description for it after the share's label, or None where the hand does not qualify. Printed
/// as the shares it qualifies for, joined: `HI: a pair of Kings; LO: 8,7,4,3,A`, or in a game of
/// one share `a pair of Kings`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandDescription {
    pub shares: Vec<Option<ShareDescription>>,
}

/// One share's part of a [`HandDescription`]: how the logs name the share (`HI`, `LO`; None: not
/// named) and the hand's description for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareDescription {
    pub label: Option<String>,
    pub description: Description,
}

impl HandDescription {
    /// The hand's description for one share alone (`8,6,4,2,A`), if it qualifies.
    pub fn share(&self, share: usize) -> Option<&Description> {
        let part = self.shares.get(share)?.as_ref()?;
        Some(&part.description)
    }

    /// The shares the hand qualifies for, in order.
    pub fn parts(&self) -> impl Iterator<Item = &ShareDescription> {
        self.shares.iter().flatten()
    }

    /// Whether the hand qualifies for no share (nothing to print).
    pub fn is_empty(&self) -> bool {
        self.parts().next().is_none()
    }

    /// The description in English, as the logs print it.
    pub fn english(&self) -> String {
        let parts: Vec<String> = self
            .parts()
            .map(|p| match &p.label {
                Some(label) => format!("{label}: {}", p.description.english()),
                None => p.description.english(),
            })
            .collect();
        parts.join("; ")
    }
}

impl HandDescription {
    /// The description as a message (`said.rs`), said in a language as [`HandDescription::english`]
    /// is in English: each share's part after its label (`{label}: {hand}`), the parts joined by `; `
    /// (each a message inside the next).
    pub fn said(&self) -> Said {
        let mut parts: Vec<Said> = self
            .parts()
            .map(|p| match &p.label {
                Some(label) => say!("{label}: {hand}", label, hand = p.description.clone()),
                None => Said::value(p.description.clone()),
            })
            .collect();
        let last = parts.pop().unwrap_or_else(|| Said::value(""));
        parts.into_iter().rev().fold(last, |rest, part| {
            say!(
                "{part}; {rest}",
                part = Nested("finding", part),
                rest = Nested("finding", rest)
            )
        })
    }
}

/// A description as a message's argument: a share unnamed alone is its [`Description`] (a hand),
/// else [`HandDescription::said`] inside the message.
impl IntoArg for &HandDescription {
    fn into_arg(self, name: &'static str) -> Arg {
        match self.shares.iter().flatten().collect::<Vec<_>>()[..] {
            [ShareDescription {
                label: None,
                description,
            }] => description.clone().into_arg(name),
            _ => Nested("finding", self.said()).into_arg(name),
        }
    }
}

impl Serialize for HandDescription {
    /// The shares the hand qualifies for, each `[label, description]` (label null: not named).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.parts().map(|p| (&p.label, &p.description)))
    }
}

/// `template` with each `{i}` replaced by `word(i)`.
pub fn fill(template: &str, word: impl Fn(usize) -> String) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after
            .find('}')
            .and_then(|close| Some((close, after[..close].parse().ok()?)))
        {
            Some((close, index)) => {
                out.push_str(&word(index));
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every description's template, for the translations (each has its words as [`description`]
/// gives them).
pub const TEMPLATES: [&str; 18] = [
    "high card {0}",
    "a pair of {0}",
    "a four-straight, {0} high",
    "a four-flush, {0} high",
    "a four-card straight flush, {0} high",
    "two pair, {0} and {1}",
    "three of a kind, {0}",
    "a straight, {0} to {1}",
    "a flush, {0} high",
    "a full house, {0} full of {1}",
    "four of a kind, {0}",
    "a Royal Flush",
    "a straight flush, {0} to {1}",
    "{0}",
    "Badugi: {0}",
    "3-card: {0}",
    "2-card: {0}",
    "1-card: {0}",
];

/// The names of the ranks, Deuce to Ace, alone and as sets (`King`, `Kings`).
pub fn rank_words() -> impl Iterator<Item = (&'static str, &'static str)> {
    NAME.into_iter().zip(PLURAL)
}

/// The description of a value under an evaluator's ranking (`Evaluator.describe`), None for a
/// value the table lacks (or a table without classes and ranks).
pub fn describe_value(evaluator: &Evaluator, value: u32) -> Option<String> {
    description_of_value(evaluator, value).map(|d| d.english())
}

/// [`describe_value`]'s template and words.
pub fn description_of_value(evaluator: &Evaluator, value: u32) -> Option<Description> {
    let (class, ranks) = evaluator.class_and_ranks(value)?;
    Some(description(class, ranks))
}

/// Text for a hand of a class whose tie-break (five 4-bit rank fields) is `tie`.
pub fn describe(class: HandClass, tie: u32) -> String {
    description(class, tie).english()
}

/// The template and words of a hand of a class whose tie-break (five 4-bit rank fields) is `tie`.
pub fn description(class: HandClass, tie: u32) -> Description {
    use Word::{Rank, Ranks};
    let r = |shift: u32| ((tie >> shift) & 15) as usize;
    let top = r(16);
    let (template, words) = match class {
        HandClass::HighCard => (TEMPLATES[0], vec![Rank(top)]),
        HandClass::Pair => (TEMPLATES[1], vec![Ranks(top)]),
        HandClass::FourStraight => (TEMPLATES[2], vec![Rank(top)]),
        HandClass::FourFlush => (TEMPLATES[3], vec![Rank(top)]),
        HandClass::FourStraightFlush => (TEMPLATES[4], vec![Rank(top)]),
        HandClass::TwoPair => (TEMPLATES[5], vec![Ranks(top), Ranks(r(8))]),
        HandClass::ThreeOfAKind => (TEMPLATES[6], vec![Ranks(top)]),
        HandClass::Straight => (TEMPLATES[7], vec![Rank(low_end(top, r(12))), Rank(top)]),
        HandClass::Flush => (TEMPLATES[8], vec![Rank(top)]),
        HandClass::FullHouse => (TEMPLATES[9], vec![Ranks(top), Ranks(r(4))]),
        HandClass::FourOfAKind => (TEMPLATES[10], vec![Ranks(top)]),
        HandClass::StraightFlush if top == 12 => (TEMPLATES[11], vec![]),
        HandClass::StraightFlush => (TEMPLATES[12], vec![Rank(low_end(top, r(12))), Rank(top)]),
        HandClass::Low => (TEMPLATES[13], vec![Word::Chars(ranks_text(tie, 5))]),
        HandClass::Badugi => (TEMPLATES[14], vec![Word::Chars(ranks_text(tie, 4))]),
        HandClass::ThreeCard => (TEMPLATES[15], vec![Word::Chars(ranks_text(tie, 3))]),
        HandClass::TwoCard => (TEMPLATES[16], vec![Word::Chars(ranks_text(tie, 2))]),
        HandClass::OneCard => (TEMPLATES[17], vec![Word::Chars(ranks_text(tie, 1))]),
    };
    Description { template, words }
}

/// The first `n` of five 4-bit rank fields as characters: `8,7,4,3,A`.
fn ranks_text(tie: u32, n: usize) -> String {
    let chars: Vec<String> = [16, 12, 8, 4, 0][..n.min(5)]
        .iter()
        .map(|&shift| {
            let c = crate::cards::RANKS
                .get(((tie >> shift) & 15) as usize)
                .copied();
            c.map_or('?', char::from).to_string()
        })
        .collect();
    chars.join(",")
}

/// The bottom card of a five-card straight: the ace below a five-high one, or where the second rank
/// field names the ace (a short deck's A-6-7-8-9: the others' second field is empty).
fn low_end(top: usize, second: usize) -> usize {
    if top == 3 || second == 12 {
        12
    } else {
        top.saturating_sub(4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tie(r: [u32; 5]) -> u32 {
        r.iter().fold(0, |acc, &x| acc << 4 | x)
    }

    #[test]
    fn descriptions_read_as_the_logs_print_them() {
        assert_eq!(
            describe(HandClass::Pair, tie([11, 11, 9, 5, 2])),
            "a pair of Kings"
        );
        assert_eq!(
            describe(HandClass::TwoPair, tie([6, 6, 5, 5, 0])),
            "two pair, Eights and Sevens"
        );
        assert_eq!(
            describe(HandClass::Straight, tie([3, 2, 1, 0, 12])),
            "a straight, Ace to Five"
        );
        assert_eq!(
            describe(HandClass::FullHouse, tie([3, 3, 3, 12, 12])),
            "a full house, Fives full of Aces"
        );
        assert_eq!(
            describe(HandClass::StraightFlush, tie([12, 11, 10, 9, 8])),
            "a Royal Flush"
        );
        assert_eq!(
            describe(HandClass::FourFlush, tie([12, 5, 4, 3, 0])),
            "a four-flush, Ace high"
        );
        assert_eq!(describe(HandClass::Low, tie([6, 5, 2, 1, 12])), "8,7,4,3,A");
    }

    #[test]
    fn a_description_is_its_template_filled_with_its_words() {
        let two_pair = description(HandClass::TwoPair, tie([6, 6, 5, 5, 0]));
        assert_eq!(two_pair.template, "two pair, {0} and {1}");
        assert_eq!(two_pair.words, vec![Word::Ranks(6), Word::Ranks(5)]);
        assert_eq!(
            fill("{1} over {0}, {x}", |i| i.to_string()),
            "1 over 0, {x}"
        );
        assert!(TEMPLATES.contains(&description(HandClass::Low, 0).template));
    }

    #[test]
    fn values_are_described_from_their_rankings_tables() {
        let ev = crate::eval::evaluator("soko-kickers-acelow-4f").expect("a ranking");
        let codes = |t: &str| -> Vec<u8> {
            t.split_whitespace()
                .map(|c| crate::cards::Card::parse(c).unwrap().0)
                .collect()
        };
        let text = |t: &str| describe_value(&ev, ev.value_codes(&codes(t)).unwrap());
        assert_eq!(text("Kh Kd Jc 7s 4h").as_deref(), Some("a pair of Kings"));
        assert_eq!(
            text("7d Ad 5c 5d 6d").as_deref(),
            Some("a four-flush, Ace high")
        );
        assert_eq!(describe_value(&ev, 0), None);
        assert_eq!(describe_value(&ev, 1_000_000), None);
    }
}
