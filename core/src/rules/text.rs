//! Rules texts: the grammar `profile; option=value; ...` (the `Rules:` line of the Sökö text
//! format), resolving one into a game, the shortest text of a game, and a Sökö log's rules
//! combined with its header's structure (`rules/profiles.py`, `parsers/soko_text.py`).

use serde_json::Value as Json;

use super::error::RulesError;
use super::game::Game;
use super::options::{option, DefaultValue, Value, Values, OPTIONS};
use super::profiles::{profile_named, Profile};
use crate::read::pystr;
use crate::say;
use crate::spec::Structure;

/// `"profile; option=value; ..."` split into the profile and the overrides, each value parsed.
pub fn parse_rules(text: &str) -> Result<(&'static Profile, Values), RulesError> {
    let mut items = text.split(';');
    let profile = profile_named(items.next().unwrap_or(""))?;
    let mut overrides = Values::default();
    for item in items.map(pystr::strip).filter(|i| !i.is_empty()) {
        let (key, value) = match item.split_once('=') {
            Some((key, value)) if !pystr::strip(key).is_empty() => (pystr::strip(key), value),
            _ => {
                return Err(
                    RulesError::new(say!("bad override {item}", item = pystr::repr(item)))
                        .expected("option=value")
                        .actual(item),
                )
            }
        };
        let option = option(key)?;
        if overrides.get(key).is_some() {
            return Err(RulesError::new(say!(
                "option {key} is given twice in {text}",
                key,
                text = pystr::repr(pystr::strip(text))
            )));
        }
        overrides.set(option.name, option.parse(value)?);
    }
    Ok((profile, overrides))
}

/// The game of a profile with `overrides` on its values, the defaults for the rest.
pub fn game_of(profile: &'static Profile, overrides: &Values) -> Result<Game, RulesError> {
    Game::build(profile.name, profile.values.with(overrides).complete()?)
}

/// The game of a rules text.
pub fn resolve(text: &str) -> Result<Game, RulesError> {
    let (profile, overrides) = parse_rules(text)?;
    game_of(profile, &overrides)
}

/// The spec of a rules text as the core reads it, with the game whatever the house rules
/// (`hands.game`) and whether the profile states its odd-chip rule (`native.spec_json`).
pub fn spec_json(text: &str) -> Result<String, RulesError> {
    let (profile, overrides) = parse_rules(text)?;
    let mut spec = game_of(profile, &overrides)?.to_json();
    if let Json::Object(fields) = &mut spec {
        fields.insert("game".into(), Json::from(profile.game));
        fields.insert(
            "odd_chip_stated".into(),
            Json::from(profile.odd_chip_stated),
        );
    }
    Ok(spec.to_string())
}

fn is_derived(name: &str) -> bool {
    option(name).is_ok_and(|o| matches!(o.default, DefaultValue::Derived(..)))
}

/// The shortest rules text of a game: its profile and the options that differ from it. An option
/// with a derived default is written only where it differs from what the other overrides imply.
pub fn rules_text(game: &Game) -> Result<String, RulesError> {
    let profile = profile_named(game.profile)?;
    let base = game_of(profile, &Values::default())?.values;
    let mut explicit = Values::default();
    for (o, value) in game.values.iter() {
        if !is_derived(o.name) && base.get(o.name) != Some(value) {
            explicit.set(o.name, value);
        }
    }
    let implied = game_of(profile, &explicit)?.values;
    let mut parts = vec![game.profile.to_string()];
    for (o, value) in game.values.iter() {
        let derived_differs = is_derived(o.name) && implied.get(o.name) != Some(value);
        if explicit.get(o.name).is_some() || derived_differs {
            parts.push(format!("{}={}", o.name, o.format(value)));
        }
    }
    debug_assert!(parts.len() <= OPTIONS.len() + 1);
    Ok(parts.join("; "))
}

/// The header's word for a structure (`STRUCTURE_WORDS` of `parsers/soko_text.py`).
pub fn structure_words(structure: Structure) -> &'static str {
    match structure {
        Structure::FixedLimit => "Limit",
        Structure::PotLimit => "Pot Limit",
        Structure::NoLimit => "No Limit",
        Structure::Spread => "Spread Limit",
    }
}

/// The rules of a Sökö hand: its `Rules:` text with the header's structure, as the shortest
/// rules text. A `structure=` that contradicts the header is an error; outside fixed limit a
/// profile's `open_pair_big_bet=true` (a fixed-limit rule) is switched off unless the line sets it.
pub fn combine_rules(rules_line: &str, structure: Structure) -> Result<String, RulesError> {
    let (profile, mut overrides) = parse_rules(rules_line)?;
    let word = structure.as_str();
    if let Some(Value::Word(stated)) = overrides.get("structure") {
        if stated != word {
            return Err(RulesError::new(say!(
                "Rules: says structure={stated} but the header says {header}",
                stated,
                header = structure_words(structure)
            ))
            .expected(say!("structure={word} or no structure option", word))
            .actual(format!("structure={stated}")));
        }
    }
    overrides.set("structure", Value::Word(word));
    let open_pair = profile.values.get("open_pair_big_bet") == Some(Value::Bool(true));
    if structure != Structure::FixedLimit
        && overrides.get("open_pair_big_bet").is_none()
        && open_pair
    {
        overrides.set("open_pair_big_bet", Value::Bool(false));
    }
    let game = game_of(profile, &overrides)?;
    if game.values.word("cards") != "one_down_four_up" {
        return Err(RulesError::new(say!(
            "profile {profile} deals {deal}; Sökö is dealt 1 down + 4 up",
            profile = profile.name,
            deal = game.deal_text()
        ))
        .expected(say!("soko-finnish or soko-casino"))
        .actual(profile.name));
    }
    rules_text(&game)
}
