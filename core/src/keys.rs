//! Keys, hashes and labels of hands: the hand's BIGINT key, text hashes, the stakes label and the
//! positions of the players dealt in.
//!
//! Positions (`seats.position`), for games whose later rounds start left of the
//! button (hold'em), are labels of the players dealt in, read as PokerTracker 4 reads
//! them: `BTN`, `SB`, `BB`, and the others counted back from the button: the
//! seat right of the button is the cutoff `CO`, the one before it `MP` (`HJ`,
//! with `MP` before it, from seven players on), and `UTG` names what is left at
//! the front:
//!
//! | n  | labels (in seat order from the button) |
//! |----|----------------------------------------|
//! | 2  | BTN (also the small blind), BB |
//! | 3  | BTN SB BB |
//! | 4  | BTN SB BB CO |
//! | 5  | BTN SB BB MP CO |
//! | 6  | BTN SB BB UTG MP CO |
//! | 7  | BTN SB BB UTG MP HJ CO |
//! | 8  | BTN SB BB UTG UTG+1 MP HJ CO |
//! | 9  | BTN SB BB UTG UTG+1 UTG+2 MP HJ CO |
//! | 10 | BTN SB BB UTG UTG+1 UTG+2 UTG+3 MP HJ CO |
//!
//! When the button seat is not dealt in (a dead button), the labels of n + 1
//! players are used with `BTN` left out, so the first player after the button
//! is `SB`; when nobody posts a small blind and the first player after the
//! button posts the big blind, `SB` is left out the same way. Heads-up, the
//! button is the small blind unless the log says the button posted the big blind:
//! then the button is `BB` and the other player, who acts first before the flop,
//! is `SB`. A player who posts a blind out of turn keeps the label of his seat.
//! Stud games, and hands whose log names no button, get None.

use std::cell::RefCell;

use crate::model::{Hand, Stakes};
use crate::money::decimal_text;

const MASK63: u64 = (1 << 63) - 1;

/// The first 8 bytes of blake2b-512(UTF-8 `site NUL hand_id`), big-endian, masked to 63 bits.
pub fn hand_key(site: &str, hand_id: &str) -> i64 {
    let mut state = blake2b_simd::State::new();
    state.update(site.as_bytes());
    state.update(&[0u8]);
    state.update(hand_id.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&state.finalize().as_bytes()[..8]);
    (u64::from_be_bytes(first) & MASK63) as i64
}

/// blake2b-128 of a text, as lowercase hex.
pub fn text_hash(text: &str) -> String {
    bytes_hash(text.as_bytes())
}

/// blake2b-128 of bytes, as lowercase hex (`blake2b_simd`: the same digest as the `blake2`
/// crate's, with the compression in AVX2 where the machine has it).
fn bytes_hash(bytes: &[u8]) -> String {
    let digest = blake2b_simd::Params::new().hash_length(16).hash(bytes);
    let out = digest.as_bytes();
    let mut hex = String::with_capacity(32);
    for byte in out.iter().copied() {
        hex.push(char::from_digit((byte >> 4) as u32, 16).unwrap_or('0'));
        hex.push(char::from_digit((byte & 15) as u32, 16).unwrap_or('0'));
    }
    hex
}

/// The tag of the canonical form [`content_hash`] hashes: bump it when the form changes.
pub const HASH_VERSION: &str = "hand-v2";

/// blake2b-128 hex of the hand's content: `hand-v2 NUL` and the compact JSON of the compared fields
/// in the canonical form (`soko_analytics.model.canonical.compared_json`). Equal hands hash the
/// same; a hand that differs in any compared field hashes differently.
///
/// The JSON is written straight into a buffer kept by the thread ([`crate::canonical`]: no JSON
/// value, no text per hand) and hashed there.
pub fn content_hash(hand: &Hand) -> String {
    thread_local! {
        static BODY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    BODY.with_borrow_mut(|body| {
        body.clear();
        body.extend_from_slice(HASH_VERSION.as_bytes());
        body.push(0);
        crate::canonical::write_compared(hand, body);
        bytes_hash(body)
    })
}

fn amount(value: Option<i64>, decimals: u8) -> String {
    value.map_or_else(|| "?".to_string(), |v| decimal_text(v, decimals))
}

/// The stakes in one short text: `0.01/0.02 USD`, `0.04/0.08 ante 0.01 USD`, `10-100 ante 5`, `-`.
pub fn stakes_label(st: &Stakes) -> String {
    let d = st.decimals;
    let mut parts: Vec<String> = Vec::with_capacity(4);
    if st.min_bet.is_some() || st.max_bet.is_some() {
        parts.push(format!(
            "{}-{}",
            amount(st.min_bet, d),
            amount(st.max_bet, d)
        ));
    } else if let (Some(small), Some(big)) = (st.small_bet, st.big_bet) {
        parts.push(format!(
            "{}/{}",
            decimal_text(small, d),
            decimal_text(big, d)
        ));
    } else if st.small_blind.is_some() || st.big_blind.is_some() {
        parts.push(format!(
            "{}/{}",
            amount(st.small_blind, d),
            amount(st.big_blind, d)
        ));
    }
    if let Some(ante) = st.ante.filter(|a| *a != 0) {
        parts.push(format!("ante {}", decimal_text(ante, d)));
    }
    if let Some(cap) = st.cap.filter(|c| *c != 0) {
        parts.push(format!("cap {}", decimal_text(cap, d)));
    }
    if parts.is_empty() {
        parts.push("-".to_string());
    }
    if let Some(currency) = st.currency.as_deref().filter(|c| !c.is_empty()) {
        parts.push(currency.to_string());
    }
    parts.join(" ")
}

/// Labels of the `k` players after the big blind, first to act first, counted back from the button.
fn rest_labels(k: usize) -> Vec<String> {
    if k == 0 {
        return Vec::new();
    }
    let tail: &[&str] = match k {
        1 => &["CO"],
        2 | 3 => &["MP", "CO"],
        _ => &["MP", "HJ", "CO"],
    };
    let mut labels: Vec<String> = (0..k - tail.len())
        .map(|i| {
            if i == 0 {
                "UTG".to_string()
            } else {
                format!("UTG+{i}")
            }
        })
        .collect();
    labels.extend(tail.iter().map(|s| s.to_string()));
    labels
}

/// The position of each of `n` players dealt in, in seat order from the button.
pub fn position_labels(n: usize) -> Vec<String> {
    match n {
        0 => Vec::new(),
        1 => vec!["BTN".into()],
        2 => vec!["BTN".into(), "BB".into()],
        _ => {
            let mut labels: Vec<String> = vec!["BTN".into(), "SB".into(), "BB".into()];
            labels.extend(rest_labels(n - 3));
            labels
        }
    }
}

/// Seat number → position label for `dealt_seats` (in seat order), as `keys.positions` gives them.
pub fn positions(
    button: u8,
    dealt_seats: &[u8],
    big_blind_seat: Option<u8>,
    small_blind_seat: Option<u8>,
) -> Vec<(u8, String)> {
    let n = dealt_seats.len();
    if n == 2 && big_blind_seat == Some(button) && dealt_seats.contains(&button) {
        return dealt_seats
            .iter()
            .map(|&s| (s, if s == button { "BB" } else { "SB" }.to_string()))
            .collect();
    }
    let no_small_blind = small_blind_seat.is_none() && big_blind_seat.is_some();
    let (at, skip): (usize, &[usize]) = match dealt_seats.iter().position(|&s| s == button) {
        Some(at) => {
            let skip_sb =
                n > 2 && no_small_blind && big_blind_seat == Some(dealt_seats[(at + 1) % n]);
            (at, if skip_sb { &[1] } else { &[] })
        }
        None => {
            let at = dealt_seats.iter().position(|&s| s > button).unwrap_or(0);
            let skip_both =
                n > 1 && no_small_blind && dealt_seats.get(at).copied() == big_blind_seat;
            (at, if skip_both { &[0, 1] } else { &[0] })
        }
    };
    if n == 0 {
        return Vec::new();
    }
    let labels = position_labels(n + skip.len())
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !skip.contains(i))
        .map(|(_, label)| label);
    let order = dealt_seats[at..].iter().chain(&dealt_seats[..at]).copied();
    order.zip(labels).collect()
}

/// The position label of each seat of a hand (parallel to `hand.seats`): the labels of the seats
/// dealt in (`dealt`, parallel to the seats) counted from `button`, with the seats that posted the
/// blinds (seat numbers), as [`positions`] gives them.
pub fn seat_labels(
    hand: &Hand,
    button: u8,
    dealt: &[bool],
    big_blind: Option<u8>,
    small_blind: Option<u8>,
) -> Vec<Option<String>> {
    let mut labels = vec![None; hand.seats.len()];
    let mut dealt_seats: Vec<u8> = hand
        .seats
        .iter()
        .zip(dealt)
        .filter(|(_, d)| **d)
        .map(|(s, _)| s.seat)
        .collect();
    dealt_seats.sort_unstable();
    for (number, label) in positions(button, &dealt_seats, big_blind, small_blind) {
        for (i, s) in hand.seats.iter().enumerate() {
            if s.seat == number {
                labels[i] = Some(label.clone());
            }
        }
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_table_of_the_module_text() {
        assert_eq!(position_labels(4), ["BTN", "SB", "BB", "CO"]);
        assert_eq!(position_labels(6), ["BTN", "SB", "BB", "UTG", "MP", "CO"]);
        assert_eq!(
            position_labels(10),
            ["BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "MP", "HJ", "CO"]
        );
    }

    #[test]
    fn heads_up_button_in_the_big_blind() {
        let got = positions(3, &[1, 3], Some(3), None);
        assert_eq!(got, vec![(1, "SB".to_string()), (3, "BB".to_string())]);
    }

    #[test]
    fn hand_key_is_blake2b_512s_first_8_bytes_masked() {
        // int.from_bytes(hashlib.blake2b(b"PokerStars\0254390328163").digest()[:8], "big") & (2**63 - 1)
        assert_eq!(hand_key("PokerStars", "254390328163"), 6514462211130266210);
    }

    #[test]
    fn text_hash_is_blake2b_128() {
        // hashlib.blake2b(b"", digest_size=16).hexdigest()
        assert_eq!(text_hash(""), "cae66941d9efbd404e4d88758ea67670");
        // hashlib.blake2b(("hand-v2\0" + "x" * 300).encode(), digest_size=16).hexdigest(): three blocks
        let long = format!("hand-v2\0{}", "x".repeat(300));
        assert_eq!(text_hash(&long), "6edd7f876ea2eb5c1130a0b289f80147");
    }
}
