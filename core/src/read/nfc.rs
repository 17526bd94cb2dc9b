//! Texts in Unicode's composed normal form (NFC), the form a hand is read in.

use std::borrow::Cow;

/// A text in Unicode's composed normal form (NFC): the one form in which player names (and every other
/// text of a hand) are read and compared, so that `Sökö` written composed and decomposed is one player.
/// Borrowed when it is in NFC already (nearly always: a quick check, no copy).
pub fn composed(text: &str) -> Cow<'_, str> {
    use unicode_normalization::UnicodeNormalization;
    if nfc_quick_yes(text) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.nfc().collect())
    }
}

/// Whether NFC's quick check says `text` is in NFC, its runs of ASCII skipped whole: an ASCII character
/// is a starter NFC never changes, after which the check starts afresh, so the check of each run
/// between them is the check of the whole text (a Winamax or iPoker hand's `€` no longer has every
/// character of the hand looked up).
fn nfc_quick_yes(text: &str) -> bool {
    use unicode_normalization::{is_nfc_quick, IsNormalized};
    let bytes = text.as_bytes();
    let mut at = 0;
    loop {
        at += ascii_len(&bytes[at..]);
        if at == bytes.len() {
            return true;
        }
        // a run of characters that are not ASCII ends at an ASCII byte, which is a character's start
        let end = bytes[at..]
            .iter()
            .position(u8::is_ascii)
            .map_or(bytes.len(), |k| at + k);
        if is_nfc_quick(text[at..end].chars()) != IsNormalized::Yes {
            return false;
        }
        at = end;
    }
}

/// How many bytes `bytes` start with that are ASCII, read 32 at a time, then eight at a time.
fn ascii_len(bytes: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("eight bytes"));
    let mut k = 0;
    for chunk in bytes.chunks_exact(32) {
        let (a, b, c, d) = (
            word(&chunk[..8]),
            word(&chunk[8..16]),
            word(&chunk[16..24]),
            word(&chunk[24..]),
        );
        if (a | b | c | d) & HIGH != 0 {
            break;
        }
        k += 32;
    }
    for chunk in bytes[k..].chunks_exact(8) {
        let high = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) & HIGH;
        if high != 0 {
            return k + high.trailing_zeros() as usize / 8;
        }
        k += 8;
    }
    k + bytes[k..]
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(bytes.len() - k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::equal::site_logs;
    use crate::read::fuzz::Rng;
    use unicode_normalization::{is_nfc_quick, IsNormalized};

    /// The quick check of the whole text, as [`composed`] asked it before ASCII runs were skipped.
    fn whole_text_check(text: &str) -> bool {
        is_nfc_quick(text.chars()) == IsNormalized::Yes
    }

    #[test]
    fn ascii_runs_are_counted_eight_bytes_at_a_time() {
        assert_eq!(ascii_len(b""), 0);
        assert_eq!(ascii_len(b"abc"), 3);
        assert_eq!(ascii_len("abcdefgh\u{e9}".as_bytes()), 8);
        assert_eq!(ascii_len("abcdefghij\u{20ac}x".as_bytes()), 10);
        assert_eq!(ascii_len("\u{e9}".as_bytes()), 0);
        assert_eq!(ascii_len("abcde\u{e9}fghijklmnop".as_bytes()), 5);
        for n in [31, 32, 33, 40, 64, 70] {
            let text = "a".repeat(n);
            assert_eq!(ascii_len(text.as_bytes()), n);
            assert_eq!(ascii_len(format!("{text}\u{e9}{text}").as_bytes()), n);
        }
    }

    #[test]
    fn the_check_is_the_whole_text_s_on_every_corpus_log_and_random_text() {
        let mut texts: Vec<String> = Vec::new();
        for folder in [
            "Bovada",
            "GGPoker",
            "PacificPoker",
            "PartyPoker",
            "Winamax",
            "Winning",
            "iPoker",
        ] {
            texts.extend(
                site_logs(folder, &[".txt", ".xml"])
                    .into_iter()
                    .map(|(_, t)| t),
            );
        }
        assert!(texts.len() > 20, "{} logs", texts.len());
        // characters of every kind NFC's check meets: ASCII, Latin, composed and decomposed accents,
        // combining marks out of order, Hangul, characters that are `Maybe` or `No`
        let alphabet: Vec<char> = "aZ 0\n\u{e9}\u{20ac}e\u{301}\u{300}\u{316}\u{327}\u{1100}\u{1161}\u{ac00}\u{11a8}\u{212b}\u{2126}\u{f900}\u{345}\u{308}\u{1f600}\u{3099}\u{304b}\u{a0}"
            .chars()
            .collect();
        let mut rng = Rng(0x5eed_0f0c);
        for _ in 0..20_000 {
            let n = rng.below(24);
            texts.push(
                (0..n)
                    .map(|_| alphabet[rng.below(alphabet.len())])
                    .collect(),
            );
        }
        let mut not_nfc = 0;
        for text in &texts {
            assert_eq!(nfc_quick_yes(text), whole_text_check(text), "{text:?}");
            not_nfc += usize::from(!nfc_quick_yes(text));
            // and the text read: borrowed exactly when it is already in NFC
            let read = composed(text);
            assert_eq!(matches!(read, Cow::Borrowed(_)), whole_text_check(text));
        }
        assert!(not_nfc > 1_000, "{not_nfc} texts not in NFC by the check");
    }
}
