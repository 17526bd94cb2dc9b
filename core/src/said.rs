//! A message (a finding's, a refused rules text's) as a template and its arguments, beside its
//! English text, so that Python can say it in another language (`soko_analytics/i18n`): `say!("{player} calls {amount}.",
//! player, amount = Amount::new(put, decimals))` gives the English text `format!` would, the
//! template `"{player} calls {amount}."` and each argument with its English text and what a
//! translation needs to say it its own way (a [`Value`]).
//!
//! `say!` also runs `format!` on the same literal with the same named arguments, so the compiler
//! checks that every placeholder has an argument and every argument is used.

use serde::ser::{Serialize, SerializeTuple, Serializer};

use crate::money::decimal_text;

/// A message: its template (English, with named placeholders), its arguments and its English text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub template: &'static str,
    pub args: Vec<Arg>,
    pub text: String,
}

/// One argument of a template: its placeholder's name, its English text (what the message prints)
/// and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    pub name: &'static str,
    pub english: String,
    pub value: Value,
}

/// What an argument is, for a language to render it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Said the same in every language: a player's name, cards (`Kh 9s`), a profile's name.
    Text,
    /// An amount in minor units, printed with `decimals` and no grouping (`symbol` is empty: the
    /// findings print no currency).
    Money {
        minor: i64,
        decimals: u8,
        symbol: String,
    },
    /// A number.
    Number(i64),
    /// A count of things (`3 cards`, `1 card`): the number and the thing's English noun.
    Count { n: i64, noun: &'static str },
    /// A word of the game that a language says its own way (a street, an action, a pot), in a
    /// context (`street`, `action`, `pot`, ...).
    Term { context: &'static str },
    /// A hand's description (`a pair of Kings`): its template and each word as `(kind, English)`
    /// (`replay/describe.rs`).
    Hand {
        template: &'static str,
        words: Vec<(&'static str, String)>,
    },
    /// Another message inside this one (a rules text's reason inside a reader's, a field's reason
    /// after its name): said in the same language from its own template and arguments, by the
    /// catalogue's entries of `context` (`read`, `rules`, `finding`).
    Said {
        context: &'static str,
        said: Box<Said>,
    },
}

impl Value {
    /// The kind's name, as Python reads it.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Text => "text",
            Value::Money { .. } => "money",
            Value::Number(_) => "number",
            Value::Count { .. } => "count",
            Value::Term { .. } => "term",
            Value::Hand { .. } => "hand",
            Value::Said { .. } => "said",
        }
    }
}

impl Said {
    /// A value said alone (an amount, a number, a name, a term): the template `{value}`.
    pub fn value(value: impl IntoArg) -> Said {
        let arg = value.into_arg("value");
        Said {
            template: "{value}",
            text: arg.english.clone(),
            args: vec![arg],
        }
    }

    /// Whether the template's placeholders are exactly the arguments' names (a placeholder
    /// `format!` captured from the scope instead of an argument would not be).
    pub fn consistent(&self) -> bool {
        placeholders(self.template).is_some_and(|names| {
            names.iter().all(|n| self.args.iter().any(|a| a.name == *n))
                && self.args.iter().all(|a| names.contains(&a.name))
        })
    }
}

/// A message reads as its English text (what `format!` would have made).
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::ops::Deref for Said {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl PartialEq<str> for Said {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Box<Said> {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialEq<String> for Box<Said> {
    fn eq(&self, other: &String) -> bool {
        self.text == *other
    }
}

impl From<String> for Said {
    fn from(text: String) -> Said {
        Said::value(text)
    }
}

impl From<&str> for Said {
    fn from(text: &str) -> Said {
        Said::value(text)
    }
}

impl From<Amount> for Said {
    fn from(amount: Amount) -> Said {
        Said::value(amount)
    }
}

/// An amount in minor units with the hand's decimals, as the findings print it (`9.30`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amount {
    pub minor: i64,
    pub decimals: u8,
}

impl Amount {
    pub fn new(minor: i64, decimals: u8) -> Amount {
        Amount { minor, decimals }
    }
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&decimal_text(self.minor, self.decimals))
    }
}

/// A count of cards, printed `1 card`, `3 cards`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cards(pub i64);

/// A word of the game in a context: `Term("street", "FLOP")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term<S>(pub &'static str, pub S);

/// A message inside another, said by the catalogue's entries of its context: `Nested("rules", reason)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nested(pub &'static str, pub Said);

/// What `say!` turns each argument into.
pub trait IntoArg {
    fn into_arg(self, name: &'static str) -> Arg;
}

/// An argument of its name, English text and kind.
pub fn arg(name: &'static str, english: String, value: Value) -> Arg {
    Arg {
        name,
        english,
        value,
    }
}

impl IntoArg for &str {
    fn into_arg(self, name: &'static str) -> Arg {
        arg(name, self.to_string(), Value::Text)
    }
}

impl IntoArg for &&str {
    fn into_arg(self, name: &'static str) -> Arg {
        arg(name, self.to_string(), Value::Text)
    }
}

impl IntoArg for String {
    fn into_arg(self, name: &'static str) -> Arg {
        arg(name, self, Value::Text)
    }
}

impl IntoArg for &String {
    fn into_arg(self, name: &'static str) -> Arg {
        arg(name, self.clone(), Value::Text)
    }
}

impl IntoArg for &std::borrow::Cow<'_, str> {
    fn into_arg(self, name: &'static str) -> Arg {
        arg(name, self.to_string(), Value::Text)
    }
}

impl IntoArg for std::borrow::Cow<'_, str> {
    fn into_arg(self, name: &'static str) -> Arg {
        arg(name, self.into_owned(), Value::Text)
    }
}

impl IntoArg for Amount {
    fn into_arg(self, name: &'static str) -> Arg {
        let money = Value::Money {
            minor: self.minor,
            decimals: self.decimals,
            symbol: String::new(),
        };
        arg(name, decimal_text(self.minor, self.decimals), money)
    }
}

impl std::fmt::Display for Cards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 == 1 {
            f.write_str("1 card")
        } else {
            write!(f, "{} cards", self.0)
        }
    }
}

impl IntoArg for Cards {
    fn into_arg(self, name: &'static str) -> Arg {
        let count = Value::Count {
            n: self.0,
            noun: "card",
        };
        arg(name, self.to_string(), count)
    }
}

impl<S: ToString> IntoArg for Term<S> {
    fn into_arg(self, name: &'static str) -> Arg {
        arg(name, self.1.to_string(), Value::Term { context: self.0 })
    }
}

impl IntoArg for Nested {
    fn into_arg(self, name: &'static str) -> Arg {
        let Nested(context, said) = self;
        let english = said.text.clone();
        let said = Value::Said {
            context,
            said: Box::new(said),
        };
        arg(name, english, said)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn into_arg(self, name: &'static str) -> Arg {
                #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)]
                let n = self as i64;
                arg(name, self.to_string(), Value::Number(n))
            }
        }
    )*};
}

number_arg!(i64, u64, usize, u8, u16, u32, i32);

/// A message as its template, arguments and English text; see the module's documentation.
/// `say!("{a} and {b}.", a, b = expr)`: an argument named alone is the variable of that name.
#[macro_export]
macro_rules! say {
    ($template:literal $(,)?) => {
        $crate::said::Said {
            template: $template,
            args: Vec::new(),
            text: ::std::fmt::format(format_args!($template)),
        }
    };
    ($template:literal $(, $name:ident $(= $value:expr)?)+ $(,)?) => {
        match ($($crate::said::IntoArg::into_arg(
            $crate::say!(@value $name $(= $value)?),
            stringify!($name),
        ),)+) {
            ($($name,)+) => {
                let text = format!($template $(, $name = $name.english)+);
                $crate::said::Said {
                    template: $template,
                    args: vec![$($name),+],
                    text,
                }
            }
        }
    };
    (@value $name:ident) => { $name };
    (@value $name:ident = $value:expr) => { $value };
}

impl Serialize for Arg {
    /// `[name, kind, english, data]`: data is `[minor, decimals, symbol]` for money, the number for
    /// a number, `[n, noun]` for a count, the context for a term, `[template, [[kind, word], ...]]`
    /// for a hand, `[context, template, [arg, ...]]` for a message inside, else null.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut t = serializer.serialize_tuple(4)?;
        t.serialize_element(self.name)?;
        t.serialize_element(self.value.kind())?;
        t.serialize_element(&self.english)?;
        match &self.value {
            Value::Text => t.serialize_element(&())?,
            Value::Money {
                minor,
                decimals,
                symbol,
            } => t.serialize_element(&(minor, decimals, symbol))?,
            Value::Number(n) => t.serialize_element(n)?,
            Value::Count { n, noun } => t.serialize_element(&(n, noun))?,
            Value::Term { context } => t.serialize_element(context)?,
            Value::Hand { template, words } => t.serialize_element(&(template, words))?,
            Value::Said { context, said } => {
                t.serialize_element(&(context, said.template, &said.args))?;
            }
        }
        t.end()
    }
}

/// The names of a template's placeholders, in order (`{{` and `}}` are literal braces).
pub fn placeholders(template: &str) -> Option<Vec<&str>> {
    let mut names = Vec::new();
    let mut rest = template;
    loop {
        let Some(at) = rest.find(['{', '}']) else {
            return Some(names);
        };
        let (brace, after) = (&rest[at..=at], &rest[at + 1..]);
        if after.starts_with(brace) {
            rest = &after[1..];
        } else if brace == "}" {
            return None;
        } else {
            let close = after.find('}')?;
            let name = &after[..close];
            let word = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if name.is_empty() || !word || name.starts_with(|c: char| c.is_ascii_digit()) {
                return None;
            }
            names.push(name);
            rest = &after[close + 1..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_said_alone_is_its_template_of_one_placeholder() {
        let amount = Said::from(Amount::new(240, 2));
        assert_eq!((amount.template, amount.text.as_str()), ("{value}", "2.40"));
        assert!(amount.consistent());
        assert_eq!(amount.args[0].value.kind(), "money");
        let name = Said::from("Aino");
        assert_eq!(
            (name.text.as_str(), name.args[0].value.kind()),
            ("Aino", "text")
        );
    }

    #[test]
    fn say_gives_the_template_the_args_and_the_english_text() {
        let player = "Aino";
        let said = crate::say!(
            "{player} calls {amount} with {cards}.",
            player,
            amount = Amount::new(930, 2),
            cards = Cards(1),
        );
        assert_eq!(said.text, "Aino calls 9.30 with 1 card.");
        assert_eq!(said.template, "{player} calls {amount} with {cards}.");
        let names: Vec<_> = said.args.iter().map(|a| a.name).collect();
        assert_eq!(names, ["player", "amount", "cards"]);
        let json = serde_json::to_value(&said.args).unwrap();
        assert_eq!(
            json[1],
            serde_json::json!(["amount", "money", "9.30", [930, 2, ""]])
        );
        assert_eq!(
            json[2],
            serde_json::json!(["cards", "count", "1 card", [1, "card"]])
        );
        assert_eq!(crate::say!("No {{brace}}.").text, "No {brace}.");
    }

    #[test]
    fn a_message_inside_another_keeps_its_english_and_its_own_template() {
        let inner = crate::say!("no ante {amount}", amount = Amount::new(5, 0));
        let said = crate::say!(
            "bad line: {reason}",
            reason = Nested("rules", inner.clone())
        );
        assert_eq!(said.text, "bad line: no ante 5");
        assert_eq!(said.args[0].value.kind(), "said");
        let json = serde_json::to_value(&said.args).unwrap();
        assert_eq!(
            json[0],
            serde_json::json!([
                "reason",
                "said",
                "no ante 5",
                [
                    "rules",
                    "no ante {amount}",
                    [["amount", "money", "5", [5, 0, ""]]]
                ]
            ])
        );
        assert!(said.consistent() && inner.consistent());
    }

    #[test]
    fn placeholders_are_read_and_bad_templates_refused() {
        assert_eq!(placeholders("{a} and {b_2}"), Some(vec!["a", "b_2"]));
        assert_eq!(placeholders("{{a}} {b}"), Some(vec!["b"]));
        assert_eq!(placeholders("{a"), None);
        assert_eq!(placeholders("a}"), None);
        assert_eq!(placeholders("{}"), None);
        assert_eq!(placeholders("{0}"), None);
    }

    /// Every `say!` literal of the core's sources is a well-formed template whose placeholders
    /// are named.
    #[test]
    fn every_template_in_the_sources_is_well_formed() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut found = 0;
        for path in rust_files(&root) {
            let text = std::fs::read_to_string(&path).unwrap();
            for literal in say_literals(&text) {
                assert!(
                    placeholders(&literal).is_some(),
                    "{}: {literal:?}",
                    path.display()
                );
                found += 1;
            }
        }
        assert!(found > 60, "only {found} templates found");
    }

    fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.extend(rust_files(&path));
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
        out
    }

    /// The first literal of each `say!(` call, its continuations (`\` and a newline with the
    /// next line's indent) resolved; other escapes are kept (the templates have only `\"`).
    fn say_literals(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (at, _) in text.match_indices(concat!("say", "!(")) {
            let rest = text[at + 5..].trim_start();
            let Some(body) = rest.strip_prefix('"') else {
                continue;
            };
            let mut literal = String::new();
            let mut chars = body.chars();
            while let Some(c) = chars.next() {
                match c {
                    '"' => break,
                    '\\' => match chars.next() {
                        Some('\n') => chars = chars.as_str().trim_start().chars(),
                        Some(other) => literal.push(other),
                        None => break,
                    },
                    _ => literal.push(c),
                }
            }
            out.push(literal);
        }
        out
    }
}
