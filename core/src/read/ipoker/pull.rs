//! A pull scanner of the XML iPoker writes: the reader asks for the next start tag ([`Pull::next`])
//! and gets its name, depth, line, attributes and text as slices of the lines (no list of elements,
//! no copy). It reads tags whole on a line, names of ASCII letters, digits, `_`, `-` and `.`,
//! attributes in double quotes, text without entities; anything else (an entity, a comment, CDATA, a
//! tag over two lines, a namespace, broken XML) is [`Unread`], and the game goes the long way
//! ([`super::xml`]), so that the scanner need only know when a text is not its own.

use std::cell::Cell;

use super::known::{ACTION, KNOWN};

/// An attribute's name and value.
pub type Attribute<'a> = (&'a str, &'a str);

/// What the scanner does not read: the game goes the long way.
#[derive(Debug)]
pub struct Unread;

/// A start tag: its element's name, depth (the root's is 0), the index of its line and its first
/// child's text where that is text on the tag's line, trimmed (None where it has none or only space).
#[derive(Clone, Copy, Debug)]
pub struct Tag<'a> {
    pub name: &'a str,
    pub depth: usize,
    pub line: usize,
    pub text: Option<&'a str>,
}

/// What the scanner reads next of a game ([`Pull::next_of_game`]).
pub enum Next<'a> {
    Tag(Tag<'a>),
    /// An action of a round as iPoker writes it (`<action no="3" player="A" type="23" sum="$0.30"
    /// cards=""/>`): the values of its `no`, `player`, `type` and `sum`, and the index of its line.
    Action([&'a str; 4], usize),
}

/// The lists of the scanner read last, emptied, for the next game's: their allocation costs more than
/// scanning a few of a game's lines.
type Room = (Vec<&'static str>, Vec<Attribute<'static>>);

/// The largest lists kept for the next game.
const KEPT_ROOM: usize = 1 << 10;

thread_local! {
    static ROOM: Cell<Room> = const { Cell::new((Vec::new(), Vec::new())) };
}

/// A list emptied, its room kept for items of another lifetime (Rust collects a list's items
/// mapped to items of the same size in place: no allocation).
pub fn emptied<T, U>(list: Vec<T>) -> Vec<U> {
    list.into_iter().filter_map(|_| None).collect()
}

/// The scanner of a game's lines.
pub struct Pull<'a, 's> {
    lines: &'s [&'a str],
    /// The line read and where in it.
    i: usize,
    at: usize,
    /// The names of the elements open, innermost last.
    open: Vec<&'a str>,
    /// The attributes of the last start tag.
    attributes: Vec<Attribute<'a>>,
    /// The line of the start tag whose first child may yet be text (on a later line: not read).
    first_child: Option<usize>,
    /// Whether the root has been read, and its name.
    root: Option<&'a str>,
}

impl Drop for Pull<'_, '_> {
    fn drop(&mut self) {
        if self.open.capacity() <= KEPT_ROOM && self.attributes.capacity() <= KEPT_ROOM {
            let open = emptied(std::mem::take(&mut self.open));
            ROOM.set((open, emptied(std::mem::take(&mut self.attributes))));
        }
    }
}

impl<'a, 's> Pull<'a, 's> {
    pub fn new(lines: &'s [&'a str]) -> Self {
        let (open, attributes) = ROOM.take();
        Pull {
            lines,
            i: 0,
            at: 0,
            open: emptied(open),
            attributes: emptied(attributes),
            first_child: None,
            root: None,
        }
    }

    /// The attributes of the last start tag, in document order.
    pub fn attributes(&self) -> &[Attribute<'a>] {
        &self.attributes
    }

    /// The next start tag; None at the end of the lines (see [`Pull::whole`]).
    pub fn next(&mut self) -> Result<Option<Tag<'a>>, Unread> {
        while let Some((line, lt)) = self.seek()? {
            if let Some(tag) = self.tag(line, lt + 1)? {
                return Ok(Some(tag));
            }
        }
        Ok(None)
    }

    /// [`Pull::next`] of a game, an action of a round as iPoker writes it read whole
    /// ([`Next::Action`]: no list of its attributes).
    #[inline]
    pub fn next_of_game(&mut self) -> Result<Option<Next<'a>>, Unread> {
        while let Some((line, lt)) = self.seek()? {
            if let Some(action) = self.action(line, lt) {
                return Ok(Some(action));
            }
            if let Some(tag) = self.tag(line, lt + 1)? {
                return Ok(Some(Next::Tag(tag)));
            }
        }
        Ok(None)
    }

    /// The line of the next `<` and where it is on it, the text before it read; None at the end of
    /// the lines.
    #[inline]
    fn seek(&mut self) -> Result<Option<(&'a str, usize)>, Unread> {
        while let Some(&line) = self.lines.get(self.i) {
            let bytes = line.as_bytes();
            let at = self.at;
            // most lines start with their tag; else the next `<` of the line
            let lt = match bytes.get(at) {
                Some(b'<') => Some(at),
                Some(_) => memchr::memchr(b'<', &bytes[at..]).map(|k| at + k),
                None => None,
            };
            let end = lt.unwrap_or(bytes.len());
            if end > at {
                self.text(&line[at..end])?;
            }
            let Some(lt) = lt else {
                self.i += 1;
                self.at = 0;
                continue;
            };
            self.first_child = None;
            return Ok(Some((line, lt)));
        }
        Ok(None)
    }

    /// The tag at `lt` of the line where it is an action of a round as iPoker writes it (its
    /// attributes the first four or five of [`ACTION`], in that order, the tag closed): its values,
    /// the line read on after it. None where it is not: the tag is read as any other, which reads the
    /// same of such an action.
    #[inline]
    fn action(&mut self, line: &'a str, lt: usize) -> Option<Next<'a>> {
        let bytes = line.as_bytes();
        let in_round = self.open.len() == 2 && same_name(self.open[1], "round");
        if !in_round || bytes.get(lt + 1..lt + 7) != Some(b"action") {
            return None;
        }
        let (mut values, mut read, mut at) = ([""; 4], 0, lt + 7);
        for known in &ACTION {
            if !known.at(bytes, at) {
                break;
            }
            let value_at = at + known.written_len();
            let end = value_end(bytes, value_at)?;
            if let Some(value) = values.get_mut(read) {
                *value = &line[value_at..end];
            }
            (read, at) = (read + 1, end + 1);
        }
        match tag_end(bytes, at)? {
            (false, after) if read >= 4 => {
                self.at = after;
                Some(Next::Action(values, self.i))
            }
            _ => None,
        }
    }

    /// Whether the lines read are one element, closed (or a `<game>` cut off after its last round).
    pub fn whole(&self) -> bool {
        match (self.root, self.open.len()) {
            (None, _) => false,
            (Some(_), 0) => true,
            (Some(root), 1) => root == "game" && cut_off(self.lines),
            _ => false,
        }
    }

    /// Text between tags: only what the scanner reads, and within the root.
    fn text(&mut self, text: &str) -> Result<(), Unread> {
        if self.open.is_empty() || !plain_text(text) {
            return Err(Unread); // text around the root: space alone is allowed, left to roxmltree
        }
        // an element's text over more than a line goes the long way
        if self.first_child.is_some() && !text.trim().is_empty() {
            return Err(Unread);
        }
        Ok(())
    }

    /// The tag after the `<` before `at` of the line: a start tag, or None for an end tag; the line is
    /// read on after it.
    fn tag(&mut self, line: &'a str, at: usize) -> Result<Option<Tag<'a>>, Unread> {
        let bytes = line.as_bytes();
        if bytes.get(at) == Some(&b'/') {
            let top = *self.open.last().ok_or(Unread)?;
            let end = skip_spaces(bytes, closes(bytes, at + 1, top).ok_or(Unread)?);
            if bytes.get(end) != Some(&b'>') {
                return Err(Unread);
            }
            self.open.pop();
            self.at = end + 1;
            return Ok(None);
        }
        let n = name_len(bytes, at);
        if n == 0 || (self.open.is_empty() && self.root.is_some()) {
            return Err(Unread); // `<!`, `<?`, a name not of the scanner's, a second root
        }
        let name = &line[at..at + n];
        self.root.get_or_insert(name);
        let mut tag = Tag {
            name,
            depth: self.open.len(),
            line: self.i,
            text: None,
        };
        let (open, after) = self.read_attributes(line, name, at + n)?;
        self.at = after;
        if open {
            self.open.push(name);
            tag.text = self.first_text(line)?;
        }
        Ok(Some(tag))
    }

    /// The text after a start tag that ends at `self.at` of the line, up to the next tag of the line.
    fn first_text(&mut self, line: &'a str) -> Result<Option<&'a str>, Unread> {
        let bytes = line.as_bytes();
        let at = self.at;
        if bytes.get(at) == Some(&b'<') {
            return Ok(None);
        }
        let lt = plain_to_tag(bytes, at)?;
        let end = lt.unwrap_or(bytes.len());
        let trimmed = trimmed(&line[at..end]);
        match lt {
            Some(lt) => {
                self.at = lt;
                Ok(Some(trimmed).filter(|t| !t.is_empty()))
            }
            // the line ends: a text over more than a line goes the long way
            None if !trimmed.is_empty() => Err(Unread),
            None => {
                self.first_child = Some(self.i);
                self.at = end;
                Ok(None)
            }
        }
    }

    /// A start tag's attributes from `at`, to its end, where they are the first of those iPoker writes
    /// for the element ([`KNOWN`]) in its order: what [`Pull::read_attributes`] reads of them, with
    /// no name read byte by byte; None where they are not (the attributes read so far are left).
    fn read_known(&mut self, line: &'a str, name: &str, mut at: usize) -> Option<(bool, usize)> {
        let bytes = line.as_bytes();
        let (_, order) = KNOWN.iter().find(|(known, _)| same_name(known, name))?;
        for known in order.iter() {
            if !known.at(bytes, at) {
                return tag_end(bytes, at);
            }
            let value_at = at + known.written_len();
            let end = value_end(bytes, value_at)?;
            self.attributes.push((known.name, &line[value_at..end]));
            at = end + 1;
        }
        tag_end(bytes, at)
    }

    /// A start tag's attributes from `at`, to its end (`>`: open, or `/>`); where the line goes on
    /// after it.
    fn read_attributes(
        &mut self,
        line: &'a str,
        name: &str,
        at: usize,
    ) -> Result<(bool, usize), Unread> {
        self.attributes.clear();
        if let Some(end) = self.read_known(line, name, at) {
            return Ok(end);
        }
        self.attributes.clear();
        self.read_any(line, at)
    }

    /// [`Pull::read_attributes`] of any names, byte by byte (the attributes read are added to those of
    /// the list).
    fn read_any(&mut self, line: &'a str, mut at: usize) -> Result<(bool, usize), Unread> {
        let bytes = line.as_bytes();
        // a bit for each (length, first byte) of the tag's names so far: a name whose bit is not set is
        // not one of them, and is not compared with them
        let mut names = 0u64;
        loop {
            let name_at = skip_spaces(bytes, at);
            match (bytes.get(name_at), bytes.get(name_at + 1)) {
                (Some(b'>'), _) => return Ok((true, name_at + 1)),
                (Some(b'/'), Some(b'>')) => return Ok((false, name_at + 2)),
                _ => {}
            }
            // an attribute: a space, a name, `="`, the value, `"` (anything else goes the long way)
            let n = name_len(bytes, name_at);
            let value_at = name_at + n + 2;
            let quoted = bytes.get(name_at + n..value_at) == Some(b"=\"");
            if name_at == at || n == 0 || !quoted {
                return Err(Unread);
            }
            let end = value_end(bytes, value_at).ok_or(Unread)?;
            let name = &line[name_at..name_at + n];
            let bit = 1u64 << ((n * 7 + usize::from(bytes[name_at])) % 64);
            let known = names & bit != 0 && self.attributes.iter().any(|(a, _)| same_name(a, name));
            names |= bit;
            if known || same_name(name, "xmlns") {
                return Err(Unread);
            }
            self.attributes.push((name, &line[value_at..end]));
            at = end + 1;
        }
    }
}

/// The end of a start tag from `at` (after spaces, `>`: open, or `/>`), and where the line goes on
/// after it; None where the tag does not end there.
fn tag_end(bytes: &[u8], at: usize) -> Option<(bool, usize)> {
    let end = skip_spaces(bytes, at);
    match (bytes.get(end), bytes.get(end + 1)) {
        (Some(b'>'), _) => Some((true, end + 1)),
        (Some(b'/'), Some(b'>')) => Some((false, end + 2)),
        _ => None,
    }
}

/// Whether a game is cut off after its last round (a log whose file ends there): no `</game>`, its
/// text ending in `</round>`. It is read as if closed.
pub fn cut_off(lines: &[&str]) -> bool {
    let last = lines
        .iter()
        .rev()
        .map(|l| l.trim_end())
        .find(|l| !l.is_empty());
    !lines.iter().any(|l| l.contains("</game>")) && last.is_some_and(|l| l.ends_with("</round>"))
}

/// Where the name `top` ends, where it is the whole name at `at` of `bytes` (an end tag's name, that
/// of the element open): the name is compared with `top` alone, not first read byte by byte.
fn closes(bytes: &[u8], at: usize, top: &str) -> Option<usize> {
    let end = at + top.len();
    let name = bytes.get(at..end)?;
    let whole = bytes.get(end).is_none_or(|&b| class(b) & NAME == 0);
    // `top` is a name the scanner read: the bytes that are it are a name, whole where no name's
    // byte follows
    (whole && name.iter().zip(top.bytes()).all(|(&x, y)| x == y)).then_some(end)
}

/// Whether two names are the same, byte by byte (names are short: no call to compare memory).
pub fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// Byte classes: the first byte of a name the scanner reads (an ASCII letter or `_`), a later byte of
/// one (those, digits, `-` and `.`: a subset of XML's names, without a namespace's `:`), and a byte
/// that ends an attribute's value or asks for a closer look (`"`, `<`, `&`, a control character, a
/// tab included as XML turns it into a space there, and the first byte of U+FFFE and U+FFFF).
const NAME_START: u8 = 1;
const NAME: u8 = 2;
const VALUE_STOP: u8 = 4;
const CLASSES: [u8; 256] = {
    let mut classes = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        let b = k as u8;
        if b.is_ascii_alphabetic() || b == b'_' {
            classes[k] = NAME_START | NAME;
        } else if b.is_ascii_digit() || b == b'-' || b == b'.' {
            classes[k] = NAME;
        } else if b < b' ' || matches!(b, b'"' | b'<' | b'&' | 0xEF) {
            classes[k] = VALUE_STOP;
        }
        k += 1;
    }
    classes
};

fn class(b: u8) -> u8 {
    CLASSES[usize::from(b)]
}

/// Whether `bytes` start with U+FFFE or U+FFFF, which XML forbids.
fn forbidden_char(bytes: &[u8]) -> bool {
    matches!(bytes, [0xEF, 0xBF, 0xBE | 0xBF, ..])
}

/// Whether a text between tags has only what the scanner reads: no control character, no entity,
/// no `]]>`, no character XML forbids.
fn plain_text(text: &str) -> bool {
    // one pass: a string search's setup costs more than these short texts
    let bytes = text.as_bytes();
    (0..bytes.len()).all(|k| match bytes[k] {
        b if b < b' ' || b == b'&' => false,
        b']' => !bytes[k + 1..].starts_with(b"]>"),
        0xEF => !forbidden_char(&bytes[k..]),
        _ => true,
    })
}

/// The next `<` of the line from `at` (None: the line ends first), the text before it read in the
/// same pass ([`plain_text`]: an error where the scanner does not read it). A tag's text is short
/// (`H3 CJ`): a loop of its bytes costs less than a search's setup.
fn plain_to_tag(bytes: &[u8], at: usize) -> Result<Option<usize>, Unread> {
    for k in at..bytes.len() {
        match bytes[k] {
            b'<' => return Ok(Some(k)),
            b if b < b' ' || b == b'&' => return Err(Unread),
            b']' if bytes[k + 1..].starts_with(b"]>") => return Err(Unread),
            0xEF if forbidden_char(&bytes[k..]) => return Err(Unread),
            _ => {}
        }
    }
    Ok(None)
}

/// A text trimmed as `str::trim` trims it; most have no space at either end (`H3 CJ`): those are
/// not looked at again.
fn trimmed(text: &str) -> &str {
    let ends = |b: Option<&u8>| b.is_some_and(|&b| b > b' ' && b.is_ascii());
    let bytes = text.as_bytes();
    if ends(bytes.first()) && ends(bytes.last()) {
        text
    } else {
        text.trim()
    }
}

/// The length of the name at `at` in `bytes` (0: none the scanner reads).
fn name_len(bytes: &[u8], at: usize) -> usize {
    match bytes.get(at) {
        Some(&b) if class(b) & NAME_START != 0 => {
            let mut end = at + 1;
            while end < bytes.len() && class(bytes[end]) & NAME != 0 {
                end += 1;
            }
            end - at
        }
        _ => 0,
    }
}

/// Where an attribute's value that starts at `at` ends (its closing quote); None where it holds what
/// the scanner does not read or goes on past the line.
fn value_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        at = value_stop(bytes, at);
        match *bytes.get(at)? {
            b'"' => return Some(at),
            0xEF if !forbidden_char(&bytes[at..]) => at += 1,
            b if class(b) & VALUE_STOP == 0 => at += 1, // not ASCII
            _ => return None,
        }
    }
}

/// A byte at or after `at` that may end an attribute's value: the first [`VALUE_STOP`] byte, unless a
/// byte that is not ASCII comes first (it is, then: look again after it), or the end of the bytes.
/// The values are short (most are one to eight bytes): eight bytes at a time where the line has
/// them (no memchr, whose setup costs more than such a value), else byte by byte.
fn value_stop(bytes: &[u8], mut at: usize) -> usize {
    while let Some(word) = bytes.get(at..at + 8) {
        let found = stops8(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        if found != 0 {
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while at < bytes.len() && class(bytes[at]) & VALUE_STOP == 0 {
        at += 1;
    }
    at
}

/// The high bit of each byte of a word (its bytes in order from the lowest) that is `"`, `&`, `<`,
/// a control character or not ASCII; where one is, the lowest bit set is the first such byte (a
/// later byte may be flagged wrongly, by the borrow of the subtraction).
fn stops8(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let zero = |x: u64| x.wrapping_sub(ONES) & !x;
    // `"` (0x22) and `&` (0x26) are the bytes whose value with bit 2 set is 0x26
    let quote_or_amp = zero((word | (ONES * 0x04)) ^ (ONES * 0x26));
    let lt = zero(word ^ (ONES * b'<' as u64));
    let control_or_high = (word.wrapping_sub(ONES * 0x20) & !word) | word;
    (quote_or_amp | lt | control_or_high) & (ONES * 0x80)
}

/// Past the spaces at `at`.
fn skip_spaces(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && bytes[at] == b' ' {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each tag's attributes as the names iPoker writes are read ([`Pull::read_known`]) and as any
    /// names are: the same, or the known way declines.
    #[test]
    fn known_names_are_read_as_any_names_are() {
        let tags = [
            r#"<action no="3" player="Hero" type="8" sum="$0" cards="[cards]"/>"#,
            r#"<action no="3" player="Hero" type="8" sum="$0" cards="" />"#,
            r#"<action no="1" cards="" type="1" sum="€0.02" player="A"/>"#,
            r#"<action no="1"  player="A" type="1"/>"#,
            r#"<action no="1" player="A" type="1" sum="$1" cards="" extra="x"/>"#,
            r#"<action no="1" player="A&amp;" type="1"/>"#,
            r#"<action no="1" player="A" no="2"/>"#,
            r#"<player seat="1" name="P" chips="$1" dealer="0" win="$0" bet="$0" rebuy="0" addon="0" reg_code=""/>"#,
            r#"<player seat="1" name="P">"#,
            r#"<cards type="Pocket" player="P">H3 CJ</cards>"#,
            r#"<cards type="Flop">H3 CJ D4</cards>"#,
            r#"<cards>X</cards>"#,
            r#"<round no="0">"#,
            r#"<round no="0""#,
            r#"<game gamecode="12">"#,
            r#"<gamex gamecode="12">"#,
            r#"<general>"#,
        ];
        for tag in tags {
            let lines = [tag];
            let n = name_len(tag.as_bytes(), 1);
            let name = &tag[1..1 + n];
            let mut known = Pull::new(&lines);
            let read = known.read_known(tag, name, 1 + n);
            let mut any = Pull::new(&lines);
            let expected = any.read_any(tag, 1 + n).ok();
            if let Some(end) = read {
                assert_eq!(Some(end), expected, "{tag}");
                assert_eq!(known.attributes(), any.attributes(), "{tag}");
            }
            let mut both = Pull::new(&lines);
            let read = both.read_attributes(tag, name, 1 + n).ok();
            assert_eq!(read, expected, "{tag}");
            if read.is_some() {
                assert_eq!(both.attributes(), any.attributes(), "{tag}");
            }
        }
    }

    /// [`value_end`] eight bytes at a time ends each value where a loop of its bytes does.
    #[test]
    fn values_end_where_their_bytes_say() {
        let by_bytes = |bytes: &[u8], mut at: usize| loop {
            match *bytes.get(at)? {
                b'"' => return Some(at),
                0xEF if !forbidden_char(&bytes[at..]) => at += 1,
                b if class(b) & VALUE_STOP == 0 => at += 1,
                _ => return None,
            }
        };
        let pieces: [&[u8]; 12] = [
            b"a",
            b"\"",
            b"&",
            b"<",
            b"\t",
            b"\x7f",
            b" ",
            b"\x1f",
            b"\x20",
            "€".as_bytes(),
            "\u{fffe}".as_bytes(),
            "\u{ffef}".as_bytes(),
        ];
        let mut seed = 7u64;
        for _ in 0..20_000 {
            let mut text = Vec::new();
            while text.len() < 24 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.extend_from_slice(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            for at in 0..text.len() {
                assert_eq!(value_end(&text, at), by_bytes(&text, at), "{text:?} {at}");
            }
        }
    }

    /// A game's actions read whole by [`Pull::next_of_game`] are those [`Pull::next`] reads, and
    /// every other tag is read alike.
    #[test]
    fn actions_read_whole_are_read_as_tags_are() {
        let lines = [
            r#"<game gamecode="1">"#,
            r#"<round no="0"><action no="1" player="A" type="1" sum="$0.01" cards=""/><action no="2" player="B" type="2" sum="$0.02" /></round>"#,
            r#"<round no="1">"#,
            r#"<action no="3" player="A" type="3" sum="$0.01"/><action no="4" cards="" type="4" sum="$0" player="B"/>"#,
            r#"<action no="5" player="A" type="0"/><action no="6" player="B" type="0" sum="$0"></action>"#,
            r#"<cards type="Pocket" player="A">H3 CJ</cards><action no="7" player="A" type="5" sum="$1" cards="" x="1"/>"#,
            r#"</round><action no="8" player="A" type="5" sum="$1"/>"#,
            r#"</game>"#,
        ];
        let fetch = |attributes: &[Attribute<'static>]| {
            ["no", "player", "type", "sum"].map(|name| {
                let value = attributes.iter().find(|(n, _)| *n == name);
                value.map_or("?", |&(_, v)| v)
            })
        };
        let mut any = Pull::new(&lines);
        let mut expected = Vec::new();
        while let Some(tag) = any.next().unwrap() {
            expected.push((tag.name, tag.depth, tag.line, fetch(any.attributes())));
        }
        let mut whole = Pull::new(&lines);
        let mut read = Vec::new();
        let mut actions = 0;
        while let Some(next) = whole.next_of_game().unwrap() {
            read.push(match next {
                Next::Tag(tag) => (tag.name, tag.depth, tag.line, fetch(whole.attributes())),
                Next::Action(values, line) => {
                    actions += 1;
                    ("action", 2, line, values)
                }
            });
        }
        assert_eq!(read, expected);
        assert_eq!(
            actions, 3,
            "the actions of the shape iPoker writes, in a round"
        );
        assert!(whole.whole() && any.whole());
    }
}
