//! The rules layer: the options of RULES.md and their vocabularies, the profiles as data, the
//! rules-text grammar (`profile; option=value; ...`), and resolving a text into a game spec with
//! the combinations RULES.md rules out refused. The reader's lookups resolve here (no call into Python).
//! Python's rules layer (`soko_analytics/rules/profiles.py`) reads the profiles, the grammar and the
//! resolved specs from here (`py/rules.rs`).

mod error;
mod game;
mod layouts;
pub mod options;
mod profiles;
mod text;
mod vocab;

pub use error::RulesError;
pub use game::Game;
pub use profiles::{profile_named, profiles, Profile, DEFAULT_PROFILE};
pub use text::{combine_rules, parse_rules, resolve, rules_text, spec_json, structure_words};
pub use vocab::vocabularies;
