//! Every reader of the core on damaged logs: small hand-written logs of each site (`testdata/fuzz/`,
//! written for these tests in the sites' formats) cut short at every line, with lines dropped or
//! repeated, bytes flipped and junk put in, split and read as a file is. Each piece must come back as
//! a hand or a record of why not, never as a panic (a panic is a bug of ours whatever the input).
//! Deterministic: a seeded xorshift.

use super::tests::lookups;
use super::*;
use crate::pipeline::read_split_piece;
use crate::split::split_pieces;

/// (the dialect, a log of its site written for these tests).
const LOGS: [(&Dialect, &str); 17] = [
    (&POKERSTARS, include_str!("testdata/holdem.txt")),
    (&SOKO, include_str!("testdata/soko-casino.txt")),
    (&GGPOKER, include_str!("testdata/fuzz/ggpoker.txt")),
    (&BOVADA, include_str!("testdata/fuzz/bovada.txt")),
    (&BOVADA, include_str!("testdata/fuzz/bovada-stud.txt")),
    (&PACIFIC, include_str!("testdata/fuzz/pacific.txt")),
    (&PACIFIC, include_str!("testdata/fuzz/pacific-tour.txt")),
    (&PARTY, include_str!("testdata/fuzz/party.txt")),
    (&PARTY, include_str!("testdata/fuzz/party-summary.txt")),
    (&PARTY, include_str!("testdata/fuzz/party-dead.txt")),
    (&PARTY, include_str!("testdata/fuzz/party-cash-out.txt")),
    (&WINAMAX, include_str!("testdata/fuzz/winamax.txt")),
    (&WINNING, include_str!("testdata/fuzz/winning-new.txt")),
    (&WINNING, include_str!("testdata/fuzz/winning-old.txt")),
    (&WINNING, include_str!("testdata/fuzz/winning-caps.txt")),
    (&WINNING, include_str!("testdata/fuzz/winning-stud.txt")),
    (&IPOKER, include_str!("testdata/fuzz/ipoker.xml")),
];

/// Whether a record is of a hand whose game the tests' lookups have no spec for (they know hold'em
/// and Sökö alone): the site's lines were all read before the spec was asked for.
fn no_spec(record: &Quarantine) -> bool {
    record.reason.contains("no spec for")
}

/// Random mutations of each log (besides its every cut).
const MUTATIONS: usize = 1200;

/// Bytes and words that upset parsers: brackets, separators, currency, digits, odd characters.
const JUNK: [&str; 24] = [
    "",
    " ",
    "[",
    "]",
    "(",
    ")",
    ": ",
    " : ",
    "***",
    "** ",
    "#",
    "$",
    "€",
    "ä",
    "\u{feff}",
    "\0",
    "\t",
    "9",
    "99999999999999999999",
    ",",
    ".",
    "-",
    "Ah",
    "<",
];

/// A small deterministic generator (no dependency): xorshift.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Every piece of `text` read as `dialect`'s file is: the hands read (or `None` on a panic).
fn read_all(text: &str, dialect: &'static Dialect) -> Option<usize> {
    std::panic::catch_unwind(|| {
        let mut lookups = lookups();
        split_pieces(text)
            .iter()
            .filter(|piece| read_split_piece(piece, "f.txt", dialect, &mut lookups).is_ok())
            .count()
    })
    .ok()
}

/// One random damage to a log's lines or bytes.
pub(super) fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let i = rng.below(lines.len());
    match rng.below(6) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        2 => {
            let line = &mut lines[i];
            let cut = line.char_indices().nth(rng.below(line.chars().count() + 1));
            line.truncate(cut.map_or(line.len(), |(at, _)| at));
        }
        3 => {
            let line = &mut lines[i];
            let at = line
                .char_indices()
                .nth(rng.below(line.chars().count() + 1))
                .map_or(line.len(), |(at, _)| at);
            line.insert_str(at, JUNK[rng.below(JUNK.len())]);
        }
        4 => {
            // a byte flipped (the text read again as UTF-8, lossily, as a file's decoder would)
            let mut bytes = text.as_bytes().to_vec();
            let at = rng.below(bytes.len());
            bytes[at] ^= 1 << rng.below(8);
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        _ => {
            // random bytes
            let len = rng.below(12);
            let junk: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let line = &mut lines[i];
            line.push_str(&String::from_utf8_lossy(&junk));
        }
    }
    lines.join("\n")
}

#[test]
fn the_hand_written_logs_read_as_hands() {
    for (dialect, log) in LOGS {
        let pieces = split_pieces(log);
        let mut lookups = lookups();
        for piece in &pieces {
            let read = read_split_piece(piece, "f.txt", dialect, &mut lookups);
            let fine = read.as_ref().map_or_else(|q| no_spec(q), |_| true);
            assert!(fine, "{}: {:?}", dialect.name, read.err());
        }
        assert!(!pieces.is_empty(), "{}", dialect.name);
    }
}

#[test]
fn no_reader_panics_on_damaged_logs() {
    let mut rng = Rng(0x5eed_f00d);
    let mut panics = Vec::new();
    for (dialect, log) in LOGS {
        let lines: Vec<&str> = log.split('\n').collect();
        let cuts = (1..lines.len()).map(|n| lines[..n].join("\n"));
        let mutated = (0..MUTATIONS).map(|_| {
            let mut text = log.to_string();
            for _ in 0..1 + rng.below(3) {
                text = mutate(&mut rng, &text);
            }
            text
        });
        for text in cuts.chain(mutated.collect::<Vec<_>>()) {
            if read_all(&text, dialect).is_none() {
                panics.push((dialect.name, text));
            }
        }
    }
    let first = panics
        .first()
        .map(|(name, text)| format!("{name}:\n{text}"));
    assert!(
        panics.is_empty(),
        "{} panics; the first:\n{}",
        panics.len(),
        first.unwrap_or_default()
    );
}
