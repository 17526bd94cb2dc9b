//! The PHH format (poker hand history, <https://phh.readthedocs.io>): one hand per `.phh` file, or a
//! `.phhs` collection of TOML tables `[1]`, `[2]`, ... (as PokerKit writes them).
//!
//! We read the variants we replay: `NT`, `FT`, `F7S`, `PO`, `FO/8`, `F7S/8`, `FR`, the draw games
//! `N2L1D`, `F2L3D`, `FB`, short deck `NS`, and `SOKO` (a game of ours whose rules text is the
//! user-defined field `_rules`). Other variants are `unsupported` quarantine records. The writer
//! (Python's `parsers/phh.py`) adds a `_field` for each hand field PHH's own fields do not give back,
//! so that reading what it wrote gives the hand again.
//!
//! Modules: `chunks` (a file cut into hands; where a field's line is), `value` (the TOML values
//! as Python's `tomllib` reads them, through `toml_edit`), `fields` (each value checked; the
//! `_field`s), `state` (PHH actions turned into the actions a log prints), `build` (the hand).

mod build;
mod chunks;
mod fields;
mod money;
mod overrides;
mod reader;
mod state;
mod value;

use crate::model::Hand;
use crate::read::{
    check_items, pystr, quarantine, HandText, Kind, Lookups, Quarantine, ReadError, MAX_HAND_CHARS,
};
use crate::said::Said;
use crate::say;

pub use build::VARIANTS;
pub use chunks::{Chunk, Cutter};

use chunks::id_hint;
use fields::MAX_DEPTH;
use value::Value;

/// Every hand of a PHH file's text, each a [`Hand`] or its [`Quarantine`] record.
pub fn read_text(
    text: &str,
    path: &str,
    lookups: &mut dyn Lookups,
) -> Vec<Result<Hand, Box<Quarantine>>> {
    chunks::chunks(text)
        .into_iter()
        .map(|chunk| read_chunk(&chunk, path, lookups))
        .collect()
}

/// A piece of PHH text the splitter cut (a caller that did not read the file whole): its first hand.
pub fn read_piece(piece: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        first_line,
        path,
        raw,
        ..
    } = piece;
    let text = raw();
    let first = read_text(&text, path, lookups).into_iter().next();
    let mut read = first.unwrap_or_else(|| {
        Err(Box::new(quarantine(
            ReadError::malformed(say!("no PHH hand in the text")),
            text,
            path,
            1,
            None,
        )))
    });
    if let (Err(q), true) = (&mut read, first_line > 1) {
        q.line += first_line - 1;
    }
    read.map_err(|q| ReadError {
        kind: q.kind,
        reason: Box::new(match q.said {
            Some((template, args)) => Said {
                template,
                args,
                text: q.reason,
            },
            None => q.reason.into(),
        }),
        line: Some(q.line),
        hand_id: q.hand_id,
        expected: q.expected,
        actual: q.actual,
    })
}

/// One hand's text as the [`Cutter`] cut it: the hand, or its quarantine record.
pub fn read_chunk(
    chunk: &Chunk,
    path: &str,
    lookups: &mut dyn Lookups,
) -> Result<Hand, Box<Quarantine>> {
    let read = if chunk.size > MAX_HAND_CHARS {
        Err(too_large(chunk))
    } else {
        read_hand(chunk, path, lookups).and_then(|hand| check_items(hand, chunk.start))
    };
    read.map_err(|err| {
        let id = err.hand_id.clone().unwrap_or_else(|| id_hint(chunk, path));
        Box::new(quarantine(
            err,
            chunk.text.clone(),
            path,
            chunk.start,
            Some(&id),
        ))
    })
}

fn too_large(chunk: &Chunk) -> ReadError {
    ReadError::new(
        Kind::TooLarge,
        say!(
            "a hand of {size} characters, over the limit of {limit}; its first {kept} are kept",
            size = chunk.size,
            limit = MAX_HAND_CHARS,
            kept = crate::read::KEPT_CHARS
        ),
    )
    .at(chunk.start)
    .expected(format!("at most {MAX_HAND_CHARS} characters"))
    .actual(format!("{} characters", chunk.size))
}

fn read_hand(chunk: &Chunk, path: &str, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let mut doc = load(chunk)?;
    if chunk.key.is_some() {
        match doc.as_mut_slice() {
            [(_, Value::Table(fields))] => doc = std::mem::take(fields),
            _ => {
                return Err(
                    ReadError::malformed(say!("a collection entry must be one table"))
                        .at(chunk.start)
                        .expected("[N] then fields"),
                )
            }
        }
    }
    if let Some(key) = fields::too_deep(&doc) {
        return Err(ReadError::malformed(say!(
            "{key}: nesting too deep",
            key = value::cut(key, 40)
        ))
        .at(chunk.line(key))
        .expected(format!("arrays and tables nested at most {MAX_DEPTH} deep")));
    }
    build::build(&doc, chunk, path, lookups)
}

fn load(chunk: &Chunk) -> Result<Vec<(String, Value)>, ReadError> {
    if let Some(line) = dotted_line(&chunk.text, chunk.start) {
        return Err(
            ReadError::malformed(say!("nesting too deep: a dotted key of too many parts"))
                .at(line)
                .expected(format!("keys of at most {MAX_DEPTH} parts")),
        );
    }
    let text = crate::read::composed(&chunk.text);
    value::load(&text).map_err(|(message, at)| {
        // An error at the end of the text (an array or string left open) names the last line
        // that has text, not the blank line after it (the next table's, in a collection).
        let last = text.trim_end().char_indices().last().map_or(0, |(i, _)| i);
        let before = text.get(..at.min(last)).unwrap_or(&text);
        let line = chunk.start + before.matches('\n').count() as u64;
        let column = pystr::len(before.rsplit('\n').next().unwrap_or("")) + 1;
        let first = message.lines().next().unwrap_or("").to_string();
        // The TOML parser's own words (`first`) are its library's, in English.
        ReadError::malformed(say!(
            "not valid TOML: {first} (at line {line}, column {column})",
            first,
            line = line - chunk.start + 1,
            column
        ))
        .at(line)
        .expected("a PHH hand (TOML)")
    })
}

/// The line of the first dotted key of more than [`MAX_DEPTH`] parts (`a.b.c... =` or `[a.b.c...]`).
fn dotted_line(text: &str, start: u64) -> Option<u64> {
    let bytes = text.as_bytes();
    let mut line = start;
    let mut fresh = true;
    for (i, &b) in bytes.iter().enumerate() {
        if (fresh || b == b'{' || b == b',') && dotted_at(&text[if fresh { i } else { i + 1 }..]) {
            return Some(line);
        }
        fresh = b == b'\n';
        if fresh {
            line += 1;
        }
    }
    None
}

/// `[ \t]*\[{0,2}[ \t]*SEG([ \t]*\.[ \t]*SEG){8,}[ \t]*[=\]]` at the start of `text`.
fn dotted_at(text: &str) -> bool {
    let blank = |s: &str| s.trim_start_matches([' ', '\t']).len();
    let mut rest = &text[text.len() - blank(text)..];
    for _ in 0..2 {
        rest = rest.strip_prefix('[').unwrap_or(rest);
    }
    rest = &rest[rest.len() - blank(rest)..];
    let Some(after) = segment(rest) else {
        return false;
    };
    rest = after;
    let mut parts = 0;
    loop {
        let r = &rest[rest.len() - blank(rest)..];
        let Some(r) = r.strip_prefix('.') else { break };
        let r = &r[r.len() - blank(r)..];
        let Some(r) = segment(r) else { break };
        rest = r;
        parts += 1;
    }
    let r = &rest[rest.len() - blank(rest)..];
    parts >= MAX_DEPTH && (r.starts_with('=') || r.starts_with(']'))
}

fn segment(text: &str) -> Option<&str> {
    match text.chars().next()? {
        q @ ('"' | '\'') => {
            let end = text[1..].find([q, '\n'])? + 1;
            text[end..].starts_with(q).then(|| &text[end + 1..])
        }
        _ => {
            let end = text
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(text.len());
            (end > 0).then(|| &text[end..])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_toml_at_the_end_of_a_table_names_its_last_line_with_text() {
        // An array left open at the end of table [1] (line 3): not the blank line 4 nor [2]'s line 5.
        let text = "[1]\nvariant = 'NT'\nantes = [1,\n\n[2]\nb = 1\n";
        let found = chunks::chunks(text);
        let fault = load(&found[0]).unwrap_err();
        assert_eq!(fault.line, Some(3), "{}", fault.reason);
        assert!(
            fault.reason.starts_with("not valid TOML: "),
            "{}",
            fault.reason
        );
        // An error before the end keeps its own line.
        let fault = load(&chunks::chunks("a = 1\na = 2\n\n\n")[0]).unwrap_err();
        assert_eq!(fault.line, Some(2), "{}", fault.reason);
    }

    /// A hand whose `_rules` the lookups give no spec for: the quarantine record at that line.
    fn refused(rules: &str, lookups: &mut dyn Lookups) -> Box<Quarantine> {
        let text = format!(
            "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
             starting_stacks = [100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 7h6h', 'p1 f']\n\
             _rules = {rules}\n"
        );
        let mut read = read_text(&text, "bad.phh", lookups);
        assert_eq!(read.len(), 1);
        let record = read.pop().unwrap().unwrap_err();
        assert_eq!(
            (record.kind, record.line),
            (Kind::Malformed, 7),
            "{record:?}"
        );
        record
    }

    /// The rules layer's refusal is the reason's own message (context `rules`), whole, whatever its
    /// text holds (a rules text with ` (got ` in it was once cut there); a bug of the lookups is said as
    /// their text.
    #[test]
    fn a_refused_rules_field_gives_the_rules_layers_own_message() {
        let mut lookups = crate::read::Cached::new(
            Box::new(|rules| crate::rules::spec_json(rules).map_err(Into::into)),
            Box::new(|line, _| Ok(line.to_string())),
            Box::new(|_, _| None),
        );
        for (rules, english) in [
            ("'holdem; max_players=1'", "max_players=1 is out of range"),
            ("'nosuch (got x)'", "unknown profile 'nosuch (got x)'"),
            (
                "'holdem; max_players=3 (expected 2)'",
                "bad value '3 (expected 2)' for option max_players",
            ),
        ] {
            let record = refused(rules, &mut lookups);
            assert_eq!(record.reason, format!("_rules: {english}"));
            let (template, args) = record.said.clone().unwrap();
            assert_eq!(template, "{key}: {reason}");
            let crate::said::Value::Said { context, said } = &args[1].value else {
                panic!("{args:?}")
            };
            assert_eq!((*context, said.text.as_str()), ("rules", english));
        }
        let record = refused("'nope'", &mut crate::read::tests::lookups());
        assert_eq!(record.reason, "_rules: no spec for nope");
        let (_, args) = record.said.unwrap();
        assert_eq!(args[1].value, crate::said::Value::Text);
    }
}
