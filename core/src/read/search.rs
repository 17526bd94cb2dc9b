//! Substring search for the reader's short, fixed needles (`" collected "`, `" ("`, `" ["`):
//! `memchr` for one byte of the needle, its last that is not a space (rarer in log lines than
//! a space), then a compare. No searcher is built per call, which is most of the cost of
//! `str::find` on a line of a few dozen bytes.

/// The index in `needle` of the byte searched for.
fn key(needle: &[u8]) -> usize {
    needle
        .iter()
        .rposition(|&b| b != b' ')
        .unwrap_or(needle.len().saturating_sub(1))
}

/// `hay.find(needle)`: where the first `needle` starts.
pub fn find(hay: &str, needle: &str) -> Option<usize> {
    find_keyed(hay, needle, key(needle.as_bytes()))
}

/// `hay.find(needle)`, `memchr` looking for the needle's byte at index `k` (one the caller knows is
/// rare in the lines searched: `'v'` of `" received "`); any `k` inside the needle gives the same answer.
pub fn find_keyed(hay: &str, needle: &str, k: usize) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if n.is_empty() {
        return Some(0);
    }
    if h.len() < n.len() {
        return None;
    }
    let k = k.min(n.len() - 1);
    // The key byte of a match starting at s is at s + k, for s up to h.len() - n.len().
    let end = h.len() - n.len() + k + 1;
    let mut from = k;
    while let Some(at) = memchr::memchr(n[k], &h[from..end]) {
        let start = from + at - k;
        if &h[start..start + n.len()] == n {
            return Some(start);
        }
        from += at + 1;
    }
    None
}

/// `hay.contains(needle)`.
pub fn contains(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// `hay.split_once(needle)`: the text before the first `needle` and after it.
pub fn split_once<'a>(hay: &'a str, needle: &str) -> Option<(&'a str, &'a str)> {
    find(hay, needle).map(|at| (&hay[..at], &hay[at + needle.len()..]))
}

/// `hay.rsplit_once(needle)`: the text before the last `needle` and after it.
pub fn rsplit_once<'a>(hay: &'a str, needle: &str) -> Option<(&'a str, &'a str)> {
    rfind(hay, needle).map(|at| (&hay[..at], &hay[at + needle.len()..]))
}

/// `hay.rfind(needle)`: where the last `needle` starts.
pub fn rfind(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    if n.is_empty() {
        return Some(h.len());
    }
    if h.len() < n.len() {
        return None;
    }
    let k = key(n);
    let mut end = h.len() - n.len() + k + 1;
    while end > k {
        let at = memchr::memrchr(n[k], &h[k..end])? + k;
        let start = at - k;
        if &h[start..start + n.len()] == n {
            return Some(start);
        }
        end = at;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_agree_with_the_standard_library() {
        let hays = [
            "",
            " ",
            "a collected 5 from pot",
            "a  collected  collected b",
            " ( (x (",
            "Seat 1: Bob (x) ($1.50 in chips)",
            "ö collected ä",
            "xx",
        ];
        let needles = [" collected ", " (", " [", "x", "xx", " ", "ä"];
        for hay in hays {
            for needle in needles {
                assert_eq!(find(hay, needle), hay.find(needle), "{hay:?} {needle:?}");
                assert_eq!(rfind(hay, needle), hay.rfind(needle), "{hay:?} {needle:?}");
                assert_eq!(contains(hay, needle), hay.contains(needle));
                assert_eq!(split_once(hay, needle), hay.split_once(needle));
                assert_eq!(rsplit_once(hay, needle), hay.rsplit_once(needle));
            }
        }
        for hay in hays {
            for needle in needles {
                for k in 0..needle.len() + 1 {
                    assert_eq!(
                        find_keyed(hay, needle, k),
                        hay.find(needle),
                        "{hay:?} {needle:?} {k}"
                    );
                }
            }
        }
        assert_eq!(find("abc", ""), Some(0));
        assert_eq!(rfind("abc", ""), Some(3));
    }
}
