//! The options of RULES.md as data: their names, value vocabularies, defaults and derived
//! defaults, and how an override's text becomes a value (`soko_analytics/rules/options.py`).
//!
//! An option with `DefaultValue::Profile` has no house-independent default: every profile sets it (the
//! rows of the RULES.md §1 table). A `DefaultValue::Derived` follows from other options
//! (`max_bets_per_round` is 4 under `fixed_limit`, unlimited otherwise).

use super::error::RulesError;
use super::vocab::{CardsLayout, Deck, HandRanking, HighCardRule, OddChipRule, StakesRef};
use crate::read::pystr;
use crate::said::{Said, Term};
use crate::say;
use crate::spec::{BringInCard, LastCardMode, LimitRaiseBase, Structure, TieBreak};

/// One option's value: a boolean, an integer (minor units for an amount), a word of the option's
/// vocabulary (`stakes` for an amount taken from the hand's stakes), or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Word(&'static str),
    None,
}

/// What an option's values are.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Bool,
    Int,
    /// An integer of minor units, or `stakes`.
    Amount,
    /// One of these words of a vocabulary (named as Python's enum is, [`super::vocab`]).
    Enum(&'static str, &'static [&'static str]),
}

/// An option's default.
#[derive(Clone, Copy, Debug)]
pub enum DefaultValue {
    /// Every profile sets it.
    Profile,
    Fixed(Value),
    /// Follows from the other options (resolved without it); the text says how, for the docs.
    Derived(fn(&Values) -> Value, &'static str),
}

/// One option of RULES.md.
#[derive(Debug)]
pub struct Opt {
    pub name: &'static str,
    pub kind: Kind,
    pub default: DefaultValue,
    pub description: &'static str,
    pub section: &'static str,
    /// How none is written where the option may be none: `none`, `unlimited` (no cap) or `any`.
    pub null_word: Option<&'static str>,
    pub minimum: Option<i64>,
}

/// The word of an amount taken from the hand's stakes.
pub const STAKES: &str = StakesRef::Stakes.as_str();

const CARDS_LAYOUTS: Kind = Enum("CardsLayout", CardsLayout::TEXTS);
const TIE_BREAKS: Kind = Enum("TieBreak", TieBreak::TEXTS);
const STRUCTURES: Kind = Enum("BettingStructure", Structure::TEXTS);
const HAND_RANKINGS: Kind = Enum("HandRanking", HandRanking::TEXTS);
const LATER_FIRST_TO_ACT: Kind = Enum("FirstToAct", &["best_showing", "left_of_button"]);
const FIRST_ROUND_STRUCTURES: Kind = Enum(
    "BettingStructure",
    &["pot_limit", "no_limit", "fixed_limit"],
);
const SPLIT_RANKINGS: Kind = Enum("HandRanking", &["ace_to_five_low"]);

const fn opt(name: &'static str, kind: Kind, default: DefaultValue) -> Opt {
    Opt {
        name,
        kind,
        default,
        description: "",
        section: "",
        null_word: None,
        minimum: None,
    }
}

impl Opt {
    const fn about(mut self, description: &'static str, section: &'static str) -> Opt {
        self.description = description;
        self.section = section;
        self
    }

    const fn nullable(mut self, word: &'static str) -> Opt {
        self.null_word = Some(word);
        self
    }

    const fn at_least(mut self, minimum: i64) -> Opt {
        self.minimum = Some(minimum);
        self
    }
}

const fn fixed_bool(value: bool) -> DefaultValue {
    DefaultValue::Fixed(Value::Bool(value))
}

const fn fixed_word(word: &'static str) -> DefaultValue {
    DefaultValue::Fixed(Value::Word(word))
}

const NONE: DefaultValue = DefaultValue::Fixed(Value::None);

fn caps(values: &Values) -> Value {
    match values.word("structure") {
        "fixed_limit" => Value::Int(4),
        _ => Value::None,
    }
}

fn spread_max(values: &Values) -> Value {
    match values.word("structure") {
        "spread" => Value::Word(STAKES),
        _ => Value::None,
    }
}

fn shows_four(values: &Values) -> Value {
    Value::Bool(values.word("hand_ranking") == "soko")
}

fn showing_tie(values: &Values) -> Value {
    match values.word("later_rounds_first_to_act") {
        "best_showing" => Value::Word("position"),
        _ => Value::None,
    }
}

use DefaultValue::{Derived, Profile};
use Kind::{Amount, Bool, Enum, Int};

/// Every option, in display order (`OPTIONS` of `rules/options.py`).
pub static OPTIONS: [Opt; 31] = [
    // The deal
    opt("cards", CARDS_LAYOUTS, Profile)
        .about("the deal: cards per player and on the board", "§1"),
    opt("max_players", Int, Profile)
        .about("most players dealt in", "§1")
        .at_least(2),
    opt("last_card_mode", Enum("LastCardMode", LastCardMode::TEXTS), fixed_word("up"))
        .about("how Sökö's last card is dealt", "§2.4"),
    opt("deck", Enum("Deck", Deck::TEXTS), fixed_word("standard")).about(
        "the cards: standard 52, or short 36 (sixes to aces)",
        "§2.1; § Short Deck, Courchevel (docs/rules.md)",
    ),
    opt("deck_out_community_card", Bool, fixed_bool(false)).about(
        "if the deck runs out on the last street, one card is dealt face up for all",
        "§4.5",
    ),
    // Forced bets and who acts first
    opt("ante", Bool, Profile).about("every player antes before the deal", "§1, §2.2"),
    opt("blinds", Bool, Profile).about("small and big blind left of the button", "§1, §3.1"),
    opt("button_blind", Bool, fixed_bool(false)).about(
        "the button posts the only blind, which plays as a big blind (6+ Hold'em)",
        "§ Short Deck, Courchevel (docs/rules.md)",
    ),
    opt("bring_in_card", Enum("BringInCard", BringInCard::TEXTS), Profile)
        .about(
            "which up card opens round 1 (none: no bring-in)",
            "§1, §2.5, §4.2",
        )
        .nullable("none"),
    opt("bring_in_forced", Bool, Profile).about(
        "the bring_in_card player must post the bring-in or bet",
        "§1, §2.5",
    ),
    opt("bring_in_tie_break", TIE_BREAKS, Profile)
        .about("who opens round 1 when up cards tie", "§1, §2.5, §4.2")
        .nullable("none"),
    opt("later_rounds_first_to_act", LATER_FIRST_TO_ACT, Profile)
        .about("who acts first from round 2 on", "§1, §2.6, §3.2, §4.3"),
    opt(
        "showing_tie_break",
        TIE_BREAKS,
        Derived(showing_tie, "position with best_showing, else none"),
    )
    .about("who acts first when showing hands tie", "§2.6")
    .nullable("none"),
    // Betting
    opt("structure", STRUCTURES, Profile)
        .about("betting structure", "§1, §2.8–9, §3.3–4"),
    opt("first_round_structure", FIRST_ROUND_STRUCTURES, NONE)
        .about(
            "the first betting round's structure where it differs (Pot Limit Pre-Flop, No Limit Post-Flop)",
            "§ Short Deck, Courchevel (docs/rules.md)",
        )
        .nullable("none"),
    opt(
        "max_bets_per_round",
        Int,
        Derived(caps, "4 under fixed_limit, else unlimited"),
    )
    .about(
        "cap: a bet and (n - 1) raises per round",
        "§1, §2.9, §3.3, §4.4",
    )
    .nullable("unlimited")
    .at_least(1),
    opt("uncapped_heads_up", Bool, fixed_bool(true)).about(
        "no cap when only two players are in the hand",
        "§2.9",
    ),
    opt(
        "max_bet_or_raise",
        Amount,
        Derived(spread_max, "stakes under spread, else none"),
    )
    .about(
        "largest bet or raise of a spread limit (minor units, or stakes: from the log)",
        "§2.8",
    )
    .nullable("none")
    .at_least(1),
    opt("raise_after_pass", Bool, fixed_bool(true)).about(
        "a player who checked or called may raise later in the round",
        "§2.8",
    ),
    opt("limit_raise_base", Enum("LimitRaiseBase", LimitRaiseBase::TEXTS), fixed_word("all_in")).about(
        "fixed limit: the next raise after a short all-in raise is a bet above the all-in, above the last full \
         bet, or above the full bet the all-in counts as",
        "§2.9; § Draw games (docs/rules.md)",
    ),
    opt("open_pair_big_bet", Bool, fixed_bool(false)).about(
        "an open pair on round 2 of a stud game allows the big bet",
        "§2.9, §4.3",
    ),
    // Hand ranking
    opt("hand_ranking", HAND_RANKINGS, Profile)
        .about("order of hand classes", "§1, §2.11, §3.5"),
    opt("high_card_rule", Enum("HighCardRule", HighCardRule::TEXTS), fixed_word("kickers"))
        .about("how two high-card hands compare", "§2.16"),
    opt("four_straight_ace_low", Bool, fixed_bool(true))
        .about("Sökö: A-2-3-4 is a four-straight", "§2.12"),
    opt("four_card_straight_flush_class", Bool, fixed_bool(false)).about(
        "Sökö: a four-card straight flush ranks above four-flush",
        "§2.13",
    ),
    opt("hole_cards_used", Int, NONE)
        .about(
            "a hand uses exactly this many of the player's own cards, the rest from the board (Omaha: 2)",
            "§ Omaha (docs/rules.md)",
        )
        .nullable("any")
        .at_least(1),
    opt("split_ranking", SPLIT_RANKINGS, NONE)
        .about(
            "hi/lo: each pot is split between the best hand and the best hand of this ranking",
            "§ hi/lo (docs/rules.md)",
        )
        .nullable("none"),
    opt("split_qualifier", Int, NONE)
        .about(
            "hi/lo: a hand wins the low half only with no card above this rank (8: eight or better)",
            "§ hi/lo (docs/rules.md)",
        )
        .nullable("none")
        .at_least(5),
    opt(
        "showing_four_card_hands_count",
        Bool,
        Derived(shows_four, "true under hand_ranking=soko, else false"),
    )
    .about(
        "Sökö: four-flush and four-straight count among 4 up cards",
        "§2.6",
    ),
    // Pots
    opt("odd_chip_rule", Enum("OddChipRule", OddChipRule::TEXTS), fixed_word("left_of_dealer"))
        .about("who gets the odd chip", "§2.20"),
    opt("chip_unit", Int, DefaultValue::Fixed(Value::Int(1)))
        .about("smallest chip in minor units (the odd chip)", "§2.20")
        .at_least(1),
];

/// The position of an option in [`OPTIONS`], if there is one of that name.
pub fn position(name: &str) -> Option<usize> {
    OPTIONS.iter().position(|o| o.name == name)
}

/// The option called `name`; an error listing the names if there is none.
pub fn option(name: &str) -> Result<&'static Opt, RulesError> {
    position(name).map(|i| &OPTIONS[i]).ok_or_else(|| {
        let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
        RulesError::new(say!("unknown option {name}", name = pystr::repr(name)))
            .expected(say!("one of {names}", names = names.join(", ")))
            .actual(name)
    })
}

/// A value for some options (the others unset), in the order of [`OPTIONS`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Values([Option<Value>; 31]);

impl Values {
    /// The value of a set option (a name of [`OPTIONS`]).
    pub fn get(&self, name: &str) -> Option<Value> {
        position(name).and_then(|i| self.0[i])
    }

    /// Set an option by its name (a name of [`OPTIONS`]).
    pub fn set(&mut self, name: &str, value: Value) {
        let i = position(name).unwrap_or_else(|| panic!("no option is named {name}"));
        self.0[i] = Some(value);
    }

    /// The word of an enum option, "" when unset or none.
    pub fn word(&self, name: &str) -> &'static str {
        match self.get(name) {
            Some(Value::Word(w)) => w,
            _ => "",
        }
    }

    /// Each set option with its value, in the order of [`OPTIONS`].
    pub fn iter(&self) -> impl Iterator<Item = (&'static Opt, Value)> + '_ {
        OPTIONS
            .iter()
            .zip(self.0.iter())
            .filter_map(|(o, v)| v.map(|v| (o, v)))
    }

    /// These values with `other`'s set on top.
    pub fn with(&self, other: &Values) -> Values {
        let mut out = self.clone();
        for (slot, value) in out.0.iter_mut().zip(other.0.iter()) {
            if value.is_some() {
                *slot = *value;
            }
        }
        out
    }

    /// Every option: these values, then the defaults; an error if an option a profile must set
    /// has no value (`complete` of `rules/options.py`).
    pub fn complete(&self) -> Result<Values, RulesError> {
        let missing: Vec<&str> = OPTIONS
            .iter()
            .zip(self.0.iter())
            .filter(|(o, v)| v.is_none() && matches!(o.default, Profile))
            .map(|(o, _)| o.name)
            .collect();
        if !missing.is_empty() {
            return Err(RulesError::new(say!(
                "no value for option(s) {options}: a profile must set them",
                options = missing.join(", ")
            )));
        }
        let mut done = self.clone();
        for (slot, o) in done.0.iter_mut().zip(OPTIONS.iter()) {
            if let (None, DefaultValue::Fixed(value)) = (*slot, o.default) {
                *slot = Some(value);
            }
        }
        let known = done.clone();
        for (slot, o) in done.0.iter_mut().zip(OPTIONS.iter()) {
            if let (None, Derived(compute, _)) = (*slot, o.default) {
                *slot = Some(compute(&known));
            }
        }
        Ok(done)
    }
}

impl Opt {
    /// What the values are, as Python's option table says it: `bool`, `int`, `amount` or `enum`.
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            Bool => "bool",
            Int => "int",
            Amount => "amount",
            Enum(..) => "enum",
        }
    }

    /// The Python enum of the option's words (an amount's `stakes` is a `StakesRef`), None for
    /// booleans and integers.
    pub fn vocabulary(&self) -> Option<&'static str> {
        match self.kind {
            Enum(class, _) => Some(class),
            Amount => Some("StakesRef"),
            Bool | Int => None,
        }
    }

    /// Where the default comes from: `profile` (every profile sets it), `derived` (from the
    /// other options) or `fixed`.
    pub fn default_kind(&self) -> &'static str {
        match self.default {
            Profile => "profile",
            Derived(..) => "derived",
            DefaultValue::Fixed(_) => "fixed",
        }
    }

    /// The allowed values as text (empty for integers and amounts).
    pub fn choices(&self) -> Vec<&'static str> {
        let mut out = match self.kind {
            Bool => return vec!["true", "false"],
            Enum(_, members) => members.to_vec(),
            Int | Amount => return Vec::new(),
        };
        out.extend(self.null_word);
        out
    }

    /// The allowed values in words.
    pub fn allowed_text(&self) -> String {
        let choices = self.choices();
        if !choices.is_empty() {
            return choices.join(" | ");
        }
        let low = self
            .minimum
            .map_or_else(|| "any".to_string(), |m| format!("≥ {m}"));
        let extra = self
            .null_word
            .map_or_else(String::new, |w| format!(" | {w}"));
        match self.kind {
            Amount => format!("amount in minor units {low} | stakes{extra}"),
            _ => format!("integer {low}{extra}"),
        }
    }

    /// The values allowed, as a message: said in another language as `soko rules` says them
    /// (context `rule option`).
    fn allowed(&self) -> Said {
        say!(
            "{allowed}",
            allowed = Term("rule option", self.allowed_text())
        )
    }

    /// The default as it reads in the docs and `soko rules`.
    pub fn default_text(&self) -> String {
        match self.default {
            Profile => "set by the profile".to_string(),
            Derived(_, text) => text.to_string(),
            DefaultValue::Fixed(value) => self.format(value),
        }
    }

    /// A value as override text (`true`, `4`, `unlimited`, `suit`).
    pub fn format(&self, value: Value) -> String {
        match value {
            Value::None => self.null_word.unwrap_or("none").to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Int(n) => n.to_string(),
            Value::Word(w) => w.to_string(),
        }
    }

    /// The text of an override (`raise_after_pass=false`) as a value.
    pub fn parse(&self, text: &str) -> Result<Value, RulesError> {
        let word = pystr::strip(text).to_lowercase();
        if self.null_word == Some(word.as_str()) {
            return Ok(Value::None);
        }
        match self.kind {
            Bool => match word.as_str() {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => Err(self.bad(text)),
            },
            Amount if word == STAKES => Ok(Value::Word(STAKES)),
            Int | Amount => {
                let number = python_int(&word).ok_or_else(|| self.bad(text))?;
                self.in_range(number)
            }
            Enum(_, members) => members
                .iter()
                .find(|m| **m == word)
                .map(|m| Value::Word(m))
                .ok_or_else(|| self.bad(&word)),
        }
    }

    fn in_range(&self, number: i64) -> Result<Value, RulesError> {
        match self.minimum {
            Some(minimum) if number < minimum => Err(RulesError::new(say!(
                "{option}={number} is out of range",
                option = self.name,
                number
            ))
            .expected(self.allowed())
            .actual(number.to_string())),
            _ => Ok(Value::Int(number)),
        }
    }

    fn bad(&self, shown: &str) -> RulesError {
        RulesError::new(say!(
            "bad value {value} for option {option}",
            value = pystr::repr(shown),
            option = self.name
        ))
        .expected(self.allowed())
        .actual(shown)
    }
}

/// `int()` of a text: an optional sign, then decimal digits of any script with single underscores
/// between them; None for anything else, and for a number beyond 64 bits (no option takes one).
fn python_int(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let mut value: i64 = 0;
    for c in digits.chars().filter(|&c| c != '_') {
        let digit = i64::from(pystr::decimal(c)?);
        value = value.checked_mul(10)?.checked_add(digit)?;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_text_reads_as_python_int_reads_it() {
        assert_eq!(python_int("12"), Some(12));
        assert_eq!(python_int("+1_000"), Some(1000));
        assert_eq!(python_int("-3"), Some(-3));
        assert_eq!(python_int("٣"), Some(3));
        for bad in [
            "",
            "_1",
            "1_",
            "1__0",
            "1.0",
            "0x10",
            "-",
            "99999999999999999999",
        ] {
            assert_eq!(python_int(bad), None, "{bad}");
        }
    }
}
