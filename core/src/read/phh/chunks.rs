//! A PHH file cut into hands (a `.phh` file is one; a `.phhs` collection is TOML tables `[1]`, `[2]`,
//! ... each one hand), and the lines of a hand's fields and array elements, found in its text as
//! Python's reader finds them (the first `key =` at the start of a line).

use crate::read::{pystr, MAX_HAND_CHARS};

/// Lines are read in pieces of at most this many characters; a longer line is never a table header.
const PIECE: usize = 1 << 16;

/// One hand's text: its collection key (None for a `.phh` file), first line and size in characters.
pub struct Chunk {
    pub key: Option<String>,
    pub start: u64,
    pub text: String,
    pub size: u64,
}

/// The key of a table header line (`[12]`, `["a"]`), quotes stripped from its ends.
fn header_key(line: &str) -> Option<String> {
    let body = line.strip_suffix('\n').unwrap_or(line);
    let rest = body.trim_start_matches([' ', '\t']).strip_prefix('[')?;
    let rest = rest.trim_start_matches([' ', '\t']);
    let (key, rest) = match rest.chars().next()? {
        q @ ('"' | '\'') => {
            let end = rest[1..].find([q, '\n'])? + 1;
            if !rest[end..].starts_with(q) {
                return None;
            }
            (&rest[..=end], &rest[end + 1..])
        }
        _ => {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(rest.len());
            if end == 0 {
                return None;
            }
            (&rest[..end], &rest[end..])
        }
    };
    let rest = rest.trim_start_matches([' ', '\t']).strip_prefix(']')?;
    let rest = rest.trim_start_matches([' ', '\t']);
    let rest = rest.strip_suffix('\r').unwrap_or(rest);
    if !(rest.is_empty() || rest.starts_with('#')) {
        return None;
    }
    Some(key.trim_matches(['\'', '"']).to_string())
}

/// A PHH text cut into hands as its blocks come ([`Cutter::feed`], then [`Cutter::finish`]): the hands
/// completed so far are taken as they are made, and an oversized hand keeps only its first
/// [`KEPT_CHARS`](crate::read::KEPT_CHARS), so a text of any size is cut in bounded memory.
#[derive(Default)]
pub struct Cutter {
    chunks: Vec<Chunk>,
    key: Option<String>,
    start: u64,
    size: u64,
    text: String,
    kept: bool,
    content: bool,
    /// The number of the line being read.
    line: u64,
    /// The line begun and not yet ended (shorter than [`PIECE`]: a longer one is added as it comes).
    partial: String,
    /// The line being read is longer than [`PIECE`] (never a header) and its start was seen.
    long: bool,
    /// A character was seen (a byte order mark is dropped only at the very start).
    started: bool,
}

impl Cutter {
    pub fn new() -> Cutter {
        Cutter {
            start: 1,
            line: 1,
            ..Cutter::default()
        }
    }

    fn close(&mut self) {
        if self.key.is_some() || self.content {
            self.chunks.push(Chunk {
                key: self.key.take(),
                start: self.start,
                text: std::mem::take(&mut self.text),
                size: self.size,
            });
        }
    }

    fn add(&mut self, piece: &str) {
        self.size += pystr::len(piece) as u64;
        if !self.kept {
            self.text.push_str(piece);
            if self.size > MAX_HAND_CHARS {
                self.text = pystr::head(&self.text, crate::read::KEPT_CHARS as usize).to_string();
                self.kept = true;
            }
        }
    }

    /// A whole line (its `\n` included, but for the last), or the start of a line too long to be a header.
    fn take_line(&mut self, whole: &str) {
        let head = (pystr::len(whole) < PIECE)
            .then(|| header_key(whole))
            .flatten();
        if let Some(key) = head {
            self.close();
            self.text.clear();
            self.key = Some(key);
            self.start = self.line;
            self.size = 0;
            self.kept = false;
            self.content = true;
        } else if !self.content {
            let body = pystr::strip(pystr::head(whole, PIECE));
            self.content = !body.is_empty() && !body.starts_with('#');
        }
        self.add(whole);
    }

    /// The rest of a line, its `\n` included.
    fn end_line(&mut self, end: &str) {
        if self.long {
            self.add(end);
            self.long = false;
        } else if self.partial.is_empty() {
            self.take_line(end);
        } else {
            let mut whole = std::mem::take(&mut self.partial);
            whole.push_str(end);
            self.take_line(&whole);
        }
        self.line += 1;
    }

    /// Part of a line whose end has not come.
    fn part_line(&mut self, part: &str) {
        if self.long {
            self.add(part);
            return;
        }
        self.partial.push_str(part);
        if pystr::len(&self.partial) >= PIECE {
            let start = std::mem::take(&mut self.partial);
            self.take_line(&start);
            self.long = true;
        }
    }

    /// The next block of the text.
    pub fn feed(&mut self, block: &str) {
        let mut rest = block;
        if !self.started && !rest.is_empty() {
            self.started = true;
            rest = rest.strip_prefix('\u{feff}').unwrap_or(rest);
        }
        while let Some(at) = memchr::memchr(b'\n', rest.as_bytes()) {
            let (line, after) = rest.split_at(at + 1);
            self.end_line(line);
            rest = after;
        }
        if !rest.is_empty() {
            self.part_line(rest);
        }
    }

    /// The hands completed so far.
    pub fn take(&mut self) -> Vec<Chunk> {
        std::mem::take(&mut self.chunks)
    }

    /// The hands left when the text ends.
    pub fn finish(mut self) -> Vec<Chunk> {
        if !self.long && !self.partial.is_empty() {
            let last = std::mem::take(&mut self.partial);
            self.take_line(&last);
        }
        self.close();
        self.chunks
    }
}

/// Each hand's text: a table `[N]` up to the next one, or a `.phh` file's whole text. Text before
/// the first `[N]` is a hand of its own if it has more than comments.
pub fn chunks(text: &str) -> Vec<Chunk> {
    let mut cut = Cutter::new();
    cut.feed(text);
    cut.finish()
}

/// Where `^[ \t]*KEY[ \t]*=` first matches (`[ \t]*\[` after it too where `bracket`): the line's
/// start, and the end of the match.
fn key_at(text: &str, key: &str, bracket: bool) -> Option<(usize, usize)> {
    let mut from = 0;
    loop {
        let rest = text[from..].trim_start_matches([' ', '\t']);
        let found = rest
            .strip_prefix(key)
            .and_then(|after| after.trim_start_matches([' ', '\t']).strip_prefix('='))
            .and_then(|tail| match bracket {
                false => Some(tail),
                true => tail.trim_start_matches([' ', '\t']).strip_prefix('['),
            });
        if let Some(tail) = found {
            return Some((from, text.len() - tail.len()));
        }
        from += memchr::memchr(b'\n', &text.as_bytes()[from..])? + 1;
    }
}

fn lines_before(text: &str, at: usize) -> u64 {
    memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count() as u64
}

impl Chunk {
    /// The line of a field (the hand's first line where it is not found).
    pub fn line(&self, field: &str) -> u64 {
        key_at(&self.text, field, false).map_or(self.start, |(at, _)| {
            self.start + lines_before(&self.text, at)
        })
    }

    /// The line of each element of the array `field` (its key's line where they cannot be told).
    pub fn element_lines(&self, field: &str, count: usize) -> Vec<u64> {
        let found = key_at(&self.text, field, true).map(|(_, pos)| {
            array_lines(
                &self.text[pos..],
                self.start + lines_before(&self.text, pos),
            )
        });
        match found {
            Some(lines) if lines.len() == count => lines,
            _ => vec![self.line(field); count],
        }
    }
}

/// Lines where the top-level elements of a TOML array start; `text` starts just after its `[`.
fn array_lines(text: &str, mut line: u64) -> Vec<u64> {
    let chars: Vec<char> = text.chars().collect();
    let (mut depth, mut expect, mut lines) = (1, true, Vec::new());
    let mut pos = 0;
    while pos < chars.len() && depth > 0 {
        let ch = chars[pos];
        if ch == '#' {
            match chars[pos..].iter().position(|&c| c == '\n') {
                Some(end) => pos += end,
                None => pos = chars.len(),
            }
            continue;
        }
        if ch == '\n' {
            line += 1;
        } else if ch == ',' {
            expect = expect || depth == 1;
        } else if ch == ']' || ch == '}' {
            depth -= 1;
        } else if !pystr::is_space(ch) {
            if depth == 1 && expect {
                lines.push(line);
                expect = false;
            }
            if ch == '[' || ch == '{' {
                depth += 1;
            } else if ch == '\'' || ch == '"' {
                let mut end = pos + 1;
                while end < chars.len() && chars[end] != ch && chars[end] != '\n' {
                    end += if ch == '"' && chars[end] == '\\' {
                        2
                    } else {
                        1
                    };
                }
                pos = if end < chars.len() && chars[end] == ch {
                    end
                } else {
                    end - 1
                };
            }
        }
        pos += 1;
    }
    lines
}

/// `_?hand(_id)? = ['"]?ID` at a line's start: the hand's id before it is read (else its key or the
/// file's stem).
pub fn id_hint(chunk: &Chunk, path: &str) -> String {
    for line in chunk.text.split('\n') {
        let rest = line.trim_start_matches([' ', '\t']);
        let rest = rest.strip_prefix('_').unwrap_or(rest);
        let Some(rest) = rest.strip_prefix("hand") else {
            continue;
        };
        let rest = rest.strip_prefix("_id").unwrap_or(rest);
        let Some(rest) = rest.trim_start_matches([' ', '\t']).strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start_matches([' ', '\t']);
        let rest = rest.strip_prefix(['\'', '"']).unwrap_or(rest);
        let id: String = rest
            .chars()
            .take_while(|&c| !(c == '\'' || c == '"' || c == '#' || pystr::is_space(c)))
            .take(80)
            .collect();
        if !id.is_empty() {
            return id;
        }
    }
    chunk.key.clone().unwrap_or_else(|| stem(path))
}

/// `PurePath(path).stem`.
pub fn stem(path: &str) -> String {
    let name = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    match name.rfind('.') {
        Some(i) if i > 0 && i < name.len() - 1 => name[..i].to_string(),
        _ => name.to_string(),
    }
}
