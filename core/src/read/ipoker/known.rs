//! The attributes iPoker writes for the elements the game reader reads, in the order it writes them
//! ([`super::pull`] reads a tag of those names without reading its names byte by byte).

/// The attributes of an action as iPoker writes it.
pub static ACTION: [Known; 5] = [
    Known::of("no"),
    Known::of("player"),
    Known::of("type"),
    Known::of("sum"),
    Known::of("cards"),
];

/// The attributes iPoker writes for each element the reader reads, in the order it writes them; a
/// tag with the first names of its element's list, in that order, each after one space, is read
/// without looking at its names byte by byte.
pub static KNOWN: [(&str, &[Known]); 5] = [
    ("action", &ACTION),
    (
        "player",
        &[
            Known::of("seat"),
            Known::of("name"),
            Known::of("chips"),
            Known::of("dealer"),
            Known::of("win"),
            Known::of("bet"),
            Known::of("rebuy"),
            Known::of("addon"),
            Known::of("reg_code"),
        ],
    ),
    ("cards", &[Known::of("type"), Known::of("player")]),
    ("round", &[Known::of("no")]),
    ("game", &[Known::of("gamecode")]),
];

/// An attribute's name, and the first 16 bytes of the name as written before its value (` name="`)
/// as a number with the mask of those it has, to compare with 16 bytes of a line at once.
pub struct Known {
    pub name: &'static str,
    word: u128,
    mask: u128,
}

impl Known {
    const fn of(name: &'static str) -> Known {
        let bytes = name.as_bytes();
        let length = bytes.len() + 3;
        let (mut word, mut mask, mut k) = (0u128, 0u128, 0);
        while k < length && k < 16 {
            let b = match k {
                0 => b' ',
                _ if k == length - 2 => b'=',
                _ if k == length - 1 => b'"',
                _ => bytes[k - 1],
            };
            word |= (b as u128) << (8 * k);
            mask |= 0xFF << (8 * k);
            k += 1;
        }
        Known { name, word, mask }
    }

    /// How many bytes the name as written has.
    #[inline]
    pub fn written_len(&self) -> usize {
        self.name.len() + 3
    }

    /// Whether `bytes` at `at` are this attribute's name as written.
    #[inline]
    pub fn at(&self, bytes: &[u8], at: usize) -> bool {
        let n = self.name.len();
        match bytes.get(at..at + 16) {
            Some(head) if n + 3 <= 16 => {
                let head = u128::from_le_bytes(head.try_into().expect("16 bytes"));
                head & self.mask == self.word
            }
            _ => {
                bytes.get(at) == Some(&b' ')
                    && bytes.get(at + 1..at + 1 + n) == Some(self.name.as_bytes())
                    && bytes.get(at + 1 + n..at + 3 + n) == Some(b"=\"")
            }
        }
    }
}
