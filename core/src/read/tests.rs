//! Reading whole pieces: simulated hands of both dialects, the faults that quarantine a hand,
//! and mutated text that must come back as a hand or a record, never a panic. (It was proven equal
//! to the Python reader it replaced, piece by piece, before that reader was deleted.)

use super::*;
use crate::model::ActionKind;

const HOLDEM_SPEC: &str = include_str!("testdata/holdem.json");
const SOKO_SPEC: &str = include_str!("testdata/soko-casino.json");
const HOLDEM: &str = include_str!("testdata/holdem.txt");
const SOKO: &str = include_str!("testdata/soko-casino.txt");

/// Lookups without Python: the two specs above, `Rules:` lines taken as they are, EET at +2 h.
pub(super) fn lookups() -> Cached {
    Cached::new(
        Box::new(|rules: &str| match rules {
            "holdem" => Ok(HOLDEM_SPEC.to_string()),
            "soko-casino" => Ok(SOKO_SPEC.to_string()),
            other => Err(RulesFault::Internal(format!("no spec for {other}"))),
        }),
        Box::new(|line: &str, _structure: Structure| match line {
            "soko-casino" => Ok(line.to_string()),
            _ => Err(RulesFault::Rules {
                reason: Box::new(format!("unknown profile {line:?}").into()),
                expected: None,
                actual: None,
            }),
        }),
        Box::new(|zone: &str, _local: &DateTime| (zone == "EET").then_some(7200)),
    )
}

fn first_hand(text: &str) -> &str {
    let end = text.find("\n\n\n").unwrap_or(text.len());
    &text[..end]
}

fn read(text: &str, dialect: &'static Dialect) -> Result<Hand, Box<Quarantine>> {
    read_piece(text, 10, "f.txt", dialect, &mut lookups())
}

#[test]
fn a_holdem_hand_reads_with_its_seats_deals_actions_and_summary() {
    let hand = read(first_hand(HOLDEM), &POKERSTARS).unwrap();
    assert_eq!(
        (hand.site.as_str(), hand.rules.as_str()),
        ("PokerStars", "holdem")
    );
    assert_eq!(hand.seats.len(), 3);
    assert!(hand.actions.iter().any(|a| a.kind == ActionKind::BigBlind));
    assert_eq!(hand.actions.len(), hand.action_lines.len());
    assert_eq!(hand.deals.len(), hand.deal_lines.len());
    assert!(hand.total_pot.is_some());
    assert_eq!(hand.source.as_ref().map(|s| s.line), Some(10));
    assert!(hand.action_lines.iter().all(|&l| l > 10));
}

#[test]
fn a_soko_hand_reads_under_its_rules_with_local_and_utc_start() {
    let hand = read(first_hand(SOKO), &super::SOKO).unwrap();
    assert_eq!(
        (hand.site.as_str(), hand.rules.as_str()),
        ("Sökö", "soko-casino")
    );
    assert_eq!(hand.start.as_deref(), Some("2026-03-14T20:00:00"));
    assert_eq!(hand.start_utc.as_deref(), Some("2026-03-14T18:00:00"));
    assert_eq!(hand.stakes.bring_in, Some(20));
    assert_eq!(hand.table.as_deref(), Some("Soko-Casino 5"));
}

#[test]
fn cut_off_cancelled_and_unknown_hands_are_quarantined_with_their_line() {
    let hand = first_hand(HOLDEM);
    let cut = &hand[..hand.find("*** SUMMARY ***").unwrap()];
    let q = read(cut, &POKERSTARS).unwrap_err();
    assert_eq!(q.kind, Kind::Incomplete);
    assert_eq!(q.start, Some(10));
    let cancelled = hand.replace("*** SUMMARY ***", "Hand cancelled\n*** SUMMARY ***");
    assert_eq!(
        read(&cancelled, &POKERSTARS).unwrap_err().kind,
        Kind::Incomplete
    );
    let london = hand.replace("Hold'em No Limit", "London Lowball Limit");
    let q = read(&london, &POKERSTARS).unwrap_err();
    assert_eq!((q.kind, q.line), (Kind::Unsupported, 10));
    assert_eq!(q.reason, "unsupported game: London Lowball Limit");
    let unseated = hand.replacen("folds", "folds\nNobody: folds", 1);
    let q = read(&unseated, &POKERSTARS).unwrap_err();
    assert_eq!(q.reason, "'Nobody' is not seated in this hand");
    let bad_rules = first_hand(SOKO).replace("Rules: soko-casino", "Rules: poker");
    let q = read(&bad_rules, &super::SOKO).unwrap_err();
    assert_eq!((q.line, q.start), (12, Some(10)));
    assert_eq!(q.reason, "bad Rules: line: unknown profile \"poker\"");
}

#[test]
fn pieces_that_are_not_hands_are_quarantined() {
    let q = not_a_hand("notes\nmore\n\n", 1, "f.txt");
    assert_eq!(
        q.reason,
        "text before the first hand that is not a hand (no hand header)"
    );
    assert_eq!(q.raw, "notes\nmore");
    let q = too_large("PokerStars Hand #5: x", 3, "f.txt", true, 2_000_000, 40_000);
    assert_eq!(q.hand_id.as_deref(), Some("5"));
    assert!(q
        .reason
        .starts_with("a hand of 2,000,000 characters over 40,000 lines"));
}

/// A small deterministic generator (no dependency): xorshift.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn mutated_hands_never_panic() {
    let mut rng = Rng(0x5eed);
    let junk = [
        "", " ", "[", "]", ": ", "***", "$", "€", "ö", "#", "'", "(", ")", "\u{feff}", "9", "Ah",
        "\r",
    ];
    for base in [first_hand(HOLDEM), first_hand(SOKO)] {
        let dialect = if base.starts_with("Sökö") {
            &super::SOKO
        } else {
            &POKERSTARS
        };
        let chars: Vec<char> = base.chars().collect();
        for _ in 0..2000 {
            let mut text = chars.clone();
            for _ in 0..1 + rng.next(4) {
                let at = rng.next(text.len());
                match rng.next(3) {
                    0 => {
                        text.remove(at);
                    }
                    1 => {
                        for (k, c) in junk[rng.next(junk.len())].chars().enumerate() {
                            text.insert(at + k, c);
                        }
                    }
                    _ => text.truncate(at.max(1)),
                }
            }
            let text: String = text.into_iter().collect();
            let _ = read(&text, dialect);
        }
    }
}

/// The reader's own speed over pieces dumped to `SOKO_READ_PIECES` (JSON `[[text, line, path]]`)
/// with specs from `SOKO_READ_SPECS` (JSON `{rules: spec JSON}`): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn speed_over_dumped_pieces() {
    let (Ok(pieces), Ok(specs)) = (
        std::env::var("SOKO_READ_PIECES"),
        std::env::var("SOKO_READ_SPECS"),
    ) else {
        return;
    };
    let pieces: Vec<(String, u64, String)> =
        serde_json::from_str(&std::fs::read_to_string(pieces).unwrap()).unwrap();
    let specs: HashMap<String, String> =
        serde_json::from_str(&std::fs::read_to_string(specs).unwrap()).unwrap();
    let mut lookups = Cached::new(
        Box::new(move |rules: &str| {
            specs
                .get(rules)
                .cloned()
                .ok_or_else(|| RulesFault::Internal(rules.to_string()))
        }),
        Box::new(|line: &str, _| Ok(line.to_string())),
        Box::new(|_: &str, _: &DateTime| Some(3600)),
    );
    let start = std::time::Instant::now();
    let rounds = 50;
    let mut read = 0;
    for _ in 0..rounds {
        for (text, line, path) in &pieces {
            read += read_piece(text, *line, path, &POKERSTARS, &mut lookups).is_ok() as usize;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = (pieces.len() * rounds) as f64;
    println!(
        "{n} pieces ({read} hands) in {seconds:.3} s: {:.0} pieces/s, {:.0} hands/s",
        n / seconds,
        read as f64 / seconds
    );
}
