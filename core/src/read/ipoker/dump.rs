//! The reader's output over every iPoker log the project has, written out to be compared between two
//! builds (a rewrite proven equal hand for hand): every corpus log of the site, the hand-written log
//! (`testdata/fuzz/ipoker.xml`) cut at every line, and damaged copies of each (the fuzz tests'
//! damage, seeded). Each piece's hand as JSON, or its quarantine record, one a line.
//!
//! `SOKO_DUMP=/tmp/out.jsonl cargo test --release dump_every_ipoker_read -- --ignored`

use crate::pipeline::read_split_piece;
use crate::read::equal::{lookups, site_logs};
use crate::read::fuzz::{mutate, Rng};
use crate::read::IPOKER;
use crate::split::split_pieces;

/// Every piece of `text`, read, as lines of `out`; (hands, records).
fn dump(label: &str, text: &str, out: &mut String) -> (usize, usize) {
    let mut lookups = lookups();
    let (mut hands, mut records) = (0, 0);
    for piece in split_pieces(text) {
        let read = read_split_piece(&piece, "f.xml", &IPOKER, &mut lookups);
        let json = match read {
            Ok(hand) => {
                hands += 1;
                serde_json::to_string(&hand).unwrap()
            }
            Err(record) => {
                records += 1;
                serde_json::to_string(&*record).unwrap()
            }
        };
        out.push_str(&format!("{label}\t{}\t{json}\n", piece.line));
    }
    (hands, records)
}

#[test]
#[ignore = "writes the reader's output to $SOKO_DUMP for two builds to be compared"]
fn dump_every_ipoker_read() {
    let path = std::env::var("SOKO_DUMP").expect("SOKO_DUMP names the output file");
    let mut logs = site_logs("iPoker", &[".xml", ".txt"]);
    let fuzz = include_str!("../testdata/fuzz/ipoker.xml");
    logs.push(("fuzz/ipoker.xml".to_string(), fuzz.to_string()));
    let mut out = String::new();
    let mut total = (0, 0);
    let mut add = |label: &str, text: &str, out: &mut String| {
        let (h, r) = dump(label, text, out);
        total = (total.0 + h, total.1 + r);
    };
    let mut rng = Rng(0x1b0c_4e72);
    for (name, text) in &logs {
        add(name, text, &mut out);
        for k in 0..300 {
            let mut damaged = text.clone();
            for _ in 0..1 + rng.below(3) {
                damaged = mutate(&mut rng, &damaged);
            }
            add(&format!("{name} damaged {k}"), &damaged, &mut out);
        }
    }
    let lines: Vec<&str> = fuzz.split('\n').collect();
    for n in 1..=lines.len() {
        add(&format!("fuzz cut {n}"), &lines[..n].join("\n"), &mut out);
    }
    std::fs::write(&path, out).unwrap();
    eprintln!(
        "{} logs: {} hands, {} records",
        logs.len(),
        total.0,
        total.1
    );
}
