//! The vocabularies Python shares with the core, each defined once, here in the core.
//!
//! [`vocabulary!`] declares an enum whose every member has its text (what the store and the canonical
//! JSON write: `out_of_turn`, `small_blind`) and its doc comment. It makes the Rust enum (serde reads
//! and writes the text), `ALL` in declaration order, `as_str` and `doc`. The enums are handed to
//! Python as [`Vocabulary`] tables (`_core.VOCABULARIES`), from which
//! `soko_analytics/_vocab_write.py` writes the Python enums (`soko_analytics/_vocab.py`, checked in;
//! `tests/core/test_vocab.py` fails when it differs from what the core says now).

/// One vocabulary as Python reads it: its members' texts and doc comments, in order.
pub struct Vocabulary {
    /// The Python class's name (`Code`, `ActionKind`).
    pub name: &'static str,
    /// `StrEnum` (the value is the text) or `IntEnum` (the value is the position, the text its name).
    pub kind: &'static str,
    /// The class's doc comment.
    pub doc: &'static str,
    /// (text, doc comment) of each member.
    pub members: Vec<(&'static str, &'static str)>,
}

/// An enum of a vocabulary: `vocabulary!(/// doc \n pub enum Name { /// doc \n Member = "text", ... })`.
/// Doc comments are the only attributes it takes; the members' texts are their Python values.
#[macro_export]
macro_rules! vocabulary {
    (
        $(#[doc = $enum_doc:literal])*
        pub enum $name:ident {
            $( $(#[doc = $doc:literal])* $member:ident = $text:literal, )*
        }
    ) => {
        $(#[doc = $enum_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $( $(#[doc = $doc])* #[serde(rename = $text)] $member, )*
        }

        #[allow(dead_code)] // a vocabulary read by Python only uses none of them in Rust
        impl $name {
            /// Every member, in declaration order (an `IntEnum`'s numbers).
            pub const ALL: &'static [$name] = &[$($name::$member),*];

            /// Every member's text, in declaration order.
            pub const TEXTS: &'static [&'static str] = &[$($text),*];

            /// The member's text, as the store and the canonical form write it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$member => $text,)*
                }
            }

            /// The vocabulary as Python reads it (`kind`: `StrEnum` or `IntEnum`).
            pub fn vocabulary(kind: &'static str) -> $crate::vocab::Vocabulary {
                $crate::vocab::Vocabulary {
                    name: stringify!($name),
                    kind,
                    doc: concat!($($enum_doc, "\n",)* ""),
                    members: vec![$(($text, concat!($($doc, "\n",)* ""))),*],
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::replay::findings::Code;

    #[test]
    fn serde_writes_the_members_text() {
        for code in Code::ALL {
            let json = serde_json::to_string(code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<Code>(&json).unwrap(), *code);
        }
    }

    #[test]
    fn docs_are_the_doc_comments() {
        let v = Code::vocabulary("StrEnum");
        assert_eq!(v.name, "Code");
        assert_eq!(v.members[0].0, "out_of_turn");
        assert_eq!(
            v.members[0].1.trim(),
            "A player acted when it was someone else's turn."
        );
        assert_eq!(v.members.len(), Code::ALL.len());
    }
}
