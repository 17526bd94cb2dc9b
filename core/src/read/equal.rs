//! The equality harness of a site reader's two paths, while both exist: the old one (kept under
//! `cfg(test)` while a rewrite is proven: the translations through PokerStars text were, until they
//! went) and the new one. Every piece of every corpus
//! log of the site (`../shared/corpus/sites/<folder>`, read in place), of its hand-written logs
//! (`testdata/fuzz/`) and of damaged copies of those (cut at every line, and [`super::fuzz`]'s random
//! damage) is read both ways: the hands must be equal field by field, the quarantine records equal in
//! kind, line, hand id and reason. Kept for the next rewrite of a reader to be proven the same way.
//!
//! The specs come from `testdata/specs.json` (the rules layer's answers, written by
//! `testdata/specs.py`); time zones are fixed offsets (both paths ask the same lookups).

#![allow(dead_code)] // each site's port uses what it needs

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::fuzz::{mutate, Rng};
use super::*;
use crate::pipeline::read_split_piece;
use crate::source::{decode, decode_utf16, encoding, Encoding};
use crate::split::split_pieces;

const SPECS: &str = include_str!("testdata/specs.json");

/// Lookups with the real specs of every game the logs have (none asked of Python).
pub fn lookups() -> Cached {
    let specs: HashMap<String, serde_json::Value> = serde_json::from_str(SPECS).unwrap();
    let specs: HashMap<String, String> = specs
        .into_iter()
        .map(|(rules, spec)| (rules, spec.to_string()))
        .collect();
    Cached::new(
        Box::new(move |rules: &str| {
            specs
                .get(rules)
                .cloned()
                .ok_or_else(|| RulesFault::Internal(format!("no spec for {rules}")))
        }),
        Box::new(|line: &str, _| Ok(line.to_string())),
        Box::new(|_: &str, _: &DateTime| Some(-5 * 3600)),
    )
}

/// The corpus folder (`../shared/corpus` from the repository).
fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus")
}

/// A log's text as the pipeline decodes it.
fn log_text(path: &Path) -> String {
    let data = std::fs::read(path).unwrap();
    match encoding(&data) {
        Encoding::Utf8 => decode(&data),
        other => decode_utf16(&data, other),
    }
}

/// Every log of a site's corpus folder ending in one of `suffixes`, with its text.
pub fn site_logs(folder: &str, suffixes: &[&str]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut todo = vec![corpus().join("sites").join(folder)];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if suffixes.iter().any(|s| path.to_string_lossy().ends_with(s)) {
                found.push((path.display().to_string(), log_text(&path)));
            }
        }
    }
    found.sort();
    assert!(!found.is_empty(), "no logs in the corpus folder {folder}");
    found
}

/// `dialect` with another hand reader (the old path or the new).
pub fn with_reader(dialect: &'static Dialect, read: HandReader) -> &'static Dialect {
    Box::leak(Box::new(Dialect {
        name: dialect.name,
        header: dialect.header,
        aliases: dialect.aliases,
        deals_to_all: dialect.deals_to_all,
        fees: dialect.fees,
        read,
        amounts: dialect.amounts,
        whole: None,
    }))
}

/// What the two paths must agree on of a quarantine record.
fn record(q: &Quarantine) -> (Kind, u64, Option<&str>, &str) {
    (q.kind, q.line, q.hand_id.as_deref(), q.reason.as_str())
}

/// The fields in which two hands differ, by name.
fn differing(old: &Hand, new: &Hand) -> Vec<String> {
    let (old, new) = (
        serde_json::to_value(old).unwrap(),
        serde_json::to_value(new).unwrap(),
    );
    let (old, new) = (old.as_object().unwrap(), new.as_object().unwrap());
    old.keys()
        .filter(|k| old.get(*k) != new.get(*k))
        .map(|k| format!("{k}: {} | {}", old[k], new[k]))
        .collect()
}

/// How many pieces the two paths read alike (hands, records); panics on the first difference.
pub fn same_reads(
    old: &'static Dialect,
    new: &'static Dialect,
    label: &str,
    text: &str,
) -> (usize, usize) {
    match differences(old, new, label, text, true) {
        Ok(counts) => counts,
        Err(difference) => panic!("{difference}"),
    }
}

/// (hands, records) read alike, or the first difference. `strict`: records alike in kind, line, hand
/// id and reason; else in hand id only (a damaged copy with several faults may be named by another of
/// them: the old path named the translation's faults before the family reader's).
fn differences(
    old: &'static Dialect,
    new: &'static Dialect,
    label: &str,
    text: &str,
    strict: bool,
) -> Result<(usize, usize), String> {
    let (mut old_lookups, mut new_lookups) = (lookups(), lookups());
    let (mut hands, mut records) = (0, 0);
    for piece in split_pieces(text) {
        let a = read_split_piece(&piece, "f.txt", old, &mut old_lookups);
        let b = read_split_piece(&piece, "f.txt", new, &mut new_lookups);
        let at = format!("{label}, line {}", piece.line);
        match (&a, &b) {
            (Ok(a), Ok(b)) if a == b => hands += 1,
            (Ok(a), Ok(b)) => {
                let fields = differing(a, b).join("\n");
                return Err(format!("{at}: the hands differ:\n{fields}\n{}", piece.text));
            }
            (Err(a), Err(b)) if record(a) == record(b) || (!strict && a.hand_id == b.hand_id) => {
                records += 1
            }
            _ => {
                let (a, b) = (a.as_ref().map(|_| ()), b.as_ref().map(|_| ()));
                let (a, b) = (a.map_err(|q| record(q)), b.map_err(|q| record(q)));
                return Err(format!(
                    "{at}: the reads differ:\nold {a:?}\nnew {b:?}\n{}",
                    piece.text
                ));
            }
        }
    }
    Ok((hands, records))
}

/// Every corpus log of the site, read both ways: (hands, records) alike.
pub fn same_on_corpus(
    old: &'static Dialect,
    new: &'static Dialect,
    folder: &str,
    suffixes: &[&str],
) -> (usize, usize) {
    let mut total = (0, 0);
    for (path, text) in site_logs(folder, suffixes) {
        let (h, r) = same_reads(old, new, &path, &text);
        total = (total.0 + h, total.1 + r);
    }
    total
}

/// A hand-written log cut at every line (read alike, strictly) and damaged `mutations` times at random
/// (read alike: the same hands, a record where the other has one).
pub fn same_on_damaged(old: &'static Dialect, new: &'static Dialect, log: &str, mutations: usize) {
    let lines: Vec<&str> = log.split('\n').collect();
    for n in 1..=lines.len() {
        same_reads(
            old,
            new,
            &format!("cut at line {n}"),
            &lines[..n].join("\n"),
        );
    }
    let mut rng = Rng(0x5eed_e0e7);
    let damaged: Vec<String> = (0..mutations)
        .map(|_| {
            let mut text = log.to_string();
            for _ in 0..1 + rng.below(3) {
                text = mutate(&mut rng, &text);
            }
            text
        })
        .collect();
    let found: Vec<String> = damaged
        .iter()
        .enumerate()
        .filter_map(|(k, text)| {
            differences(old, new, &format!("damaged copy {k}"), text, false).err()
        })
        .collect();
    assert!(
        found.is_empty(),
        "{} damaged copies read differently; the first:\n{}",
        found.len(),
        found
            .iter()
            .take(40)
            .map(|f| f.lines().take(3).collect::<Vec<_>>().join(" | "))
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_harness_tells_two_readers_apart() {
        // the family's reader against itself reads alike; against a reader that drops the rake, not
        fn no_rake(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
            let mut hand = stars::read_hand(hand, lookups)?;
            hand.rake = None;
            Ok(hand)
        }
        let log = include_str!("testdata/holdem.txt");
        let (hands, _) = same_reads(&POKERSTARS, &POKERSTARS, "holdem", log);
        assert!(hands > 0);
        let other = with_reader(&POKERSTARS, no_rake);
        let differs = std::panic::catch_unwind(|| same_reads(&POKERSTARS, other, "holdem", log));
        assert!(differs.is_err());
    }
}
