//! Bytes to text: UTF-8 with a BOM dropped and cp1252 line by
//! line where UTF-8 fails, or UTF-16 (found by its BOM or its NUL bytes) with U+FFFD for what is broken.

/// What a member's text is written in (`_encoding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// UTF-16 with a byte order mark (Python's `utf-16`): the mark says the order and is dropped.
    Utf16Bom,
    Utf16Le,
    Utf16Be,
}

/// `utf-16` (a BOM), `utf-16-le` / `utf-16-be` (NUL bytes on one side of ASCII text), else UTF-8.
pub fn encoding(head: &[u8]) -> Encoding {
    if head.starts_with(b"\xff\xfe") || head.starts_with(b"\xfe\xff") {
        return Encoding::Utf16Bom;
    }
    let sample = &head[..head.len().min(512)];
    if sample.len() >= 4 {
        let zeros = |parity: usize| {
            sample
                .iter()
                .skip(parity)
                .step_by(2)
                .filter(|&&b| b == 0)
                .count()
        };
        let (even_len, odd_len) = (sample.len().div_ceil(2) as f64, (sample.len() / 2) as f64);
        let (even, odd) = (zeros(0) as f64, zeros(1) as f64);
        // The same float comparisons as Python's, so that borderline samples agree.
        if odd > odd_len * 0.6 && even < even_len * 0.1 {
            return Encoding::Utf16Le;
        }
        if even > even_len * 0.6 && odd < odd_len * 0.1 {
            return Encoding::Utf16Be;
        }
    }
    Encoding::Utf8
}

/// UTF-8 (a BOM dropped); lines that are not UTF-8 are read as cp1252 (`decode`).
pub fn decode(data: &[u8]) -> String {
    let mut text = decode_more(data);
    let boms = text.len() - text.trim_start_matches('\u{feff}').len();
    text.drain(..boms);
    text
}

/// [`decode_more`] of bytes the caller gives away: UTF-8 (nearly always) becomes the text without a
/// copy.
pub fn decode_owned(data: Vec<u8>) -> String {
    match String::from_utf8(data) {
        Ok(text) => text,
        Err(err) => decode_more(err.as_bytes()),
    }
}

/// UTF-8, or line by line cp1252 where a line is not UTF-8; BOMs kept (`_decode_more`).
pub fn decode_more(data: &[u8]) -> String {
    if let Ok(text) = std::str::from_utf8(data) {
        return text.to_owned();
    }
    let mut text = String::with_capacity(data.len() + data.len() / 8);
    for (n, line) in data.split(|&b| b == b'\n').enumerate() {
        if n > 0 {
            text.push('\n');
        }
        match std::str::from_utf8(line) {
            Ok(line) => text.push_str(line),
            Err(_) => text.extend(line.iter().map(|&b| cp1252(b))),
        }
    }
    text
}

/// One byte of Windows-1252; the five bytes it leaves undefined become U+FFFD (Python's `errors="replace"`).
pub fn cp1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{fffd}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{fffd}', 'Ž',
        '\u{fffd}', '\u{fffd}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ',
        '\u{fffd}', 'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9f => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// An incremental UTF-16 decoder with Python's `errors="replace"`: a lone low surrogate, or a high one not
/// followed by a low one, is one U+FFFD (decoding goes on at the next unit); at the end, an odd byte (with
/// the high surrogate before it, if any) is one U+FFFD.
#[derive(Debug)]
pub struct Utf16 {
    big_endian: Option<bool>,
    held: Vec<u8>,
}

impl Utf16 {
    pub fn new(encoding: Encoding) -> Self {
        let big_endian = match encoding {
            Encoding::Utf16Be => Some(true),
            Encoding::Utf16Le => Some(false),
            _ => None,
        };
        Utf16 {
            big_endian,
            held: Vec::new(),
        }
    }

    /// The text of the next bytes; what may still pair with bytes to come is held back unless `last`.
    pub fn decode(&mut self, data: &[u8], last: bool) -> String {
        let mut input = std::mem::take(&mut self.held);
        input.extend_from_slice(data);
        let mut at = 0;
        let big_endian = match self.big_endian {
            Some(order) => order,
            None if input.len() < 2 && !last => {
                self.held = input;
                return String::new();
            }
            None => {
                // Only chosen for text that starts with a mark; without one Python reads little-endian.
                let order = input.starts_with(b"\xfe\xff");
                if input.starts_with(b"\xff\xfe") || order {
                    at = 2;
                }
                self.big_endian = Some(order);
                order
            }
        };
        let unit = |at: usize| {
            let pair = [input[at], input[at + 1]];
            if big_endian {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            }
        };
        let mut text = String::with_capacity(input.len() / 2);
        while at + 1 < input.len() {
            let ch = unit(at);
            match ch {
                0xd800..=0xdbff => {
                    if at + 3 >= input.len() {
                        if !last {
                            break;
                        }
                        text.push('\u{fffd}');
                        at = input.len();
                        break;
                    }
                    let low = unit(at + 2);
                    if (0xdc00..=0xdfff).contains(&low) {
                        let c =
                            0x10000 + ((u32::from(ch) - 0xd800) << 10) + (u32::from(low) - 0xdc00);
                        text.push(char::from_u32(c).unwrap_or('\u{fffd}'));
                        at += 4;
                    } else {
                        text.push('\u{fffd}');
                        at += 2;
                    }
                }
                0xdc00..=0xdfff => {
                    text.push('\u{fffd}');
                    at += 2;
                }
                _ => {
                    text.push(char::from_u32(u32::from(ch)).unwrap_or('\u{fffd}'));
                    at += 2;
                }
            }
        }
        if at < input.len() {
            if last {
                text.push('\u{fffd}');
            } else {
                self.held = input[at..].to_vec();
            }
        }
        text
    }
}

/// A whole text in UTF-16 (`_decode_bytes` for UTF-16): U+FEFF dropped from its start.
pub fn decode_utf16(data: &[u8], encoding: Encoding) -> String {
    let text = Utf16::new(encoding).decode(data, true);
    text.trim_start_matches('\u{feff}').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_utf8_lines_are_cp1252() {
        assert_eq!(
            decode(b"\xef\xbb\xbf\xef\xbb\xbfa\xe2\x82\xac\nb\x80\x81\n\xc3"),
            "a€\nb€\u{fffd}\nÃ"
        );
        assert_eq!(decode_more("\u{feff}é".as_bytes()), "\u{feff}é");
        assert_eq!(decode_owned("\u{feff}é".into()), "\u{feff}é");
        assert_eq!(decode_owned(b"a\x80\nb".to_vec()), decode_more(b"a\x80\nb"));
    }

    #[test]
    fn utf16_is_found_by_its_mark_or_its_zeros() {
        assert_eq!(encoding(b"\xfe\xff\x00a"), Encoding::Utf16Bom);
        assert_eq!(encoding(b"a\x00b\x00"), Encoding::Utf16Le);
        assert_eq!(encoding(b"\x00a\x00b"), Encoding::Utf16Be);
        assert_eq!(encoding(b"a\x00b"), Encoding::Utf8);
    }

    #[test]
    fn utf16_replaces_what_is_broken() {
        let le = |units: &[u16]| {
            units
                .iter()
                .flat_map(|u| u.to_le_bytes())
                .collect::<Vec<u8>>()
        };
        let mut data = le(&[0xfeff, 0x41, 0xd83d, 0xde00, 0xdc00, 0xd800, 0x42, 0xd800]);
        data.push(0x43);
        assert_eq!(
            decode_utf16(&data, Encoding::Utf16Le),
            "A😀\u{fffd}\u{fffd}B\u{fffd}"
        );
        let mut stream = Utf16::new(Encoding::Utf16Bom);
        let whole = [0xfe, 0xff, 0xd8, 0x3d, 0xde, 0x00, 0x00];
        let text: String = whole.iter().map(|b| stream.decode(&[*b], false)).collect();
        assert_eq!(text + &stream.decode(b"", true), "😀\u{fffd}");
    }
}
