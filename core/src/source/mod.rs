//! Reading hand-history files as text: plain, gzip and zip, in blocks of whole lines, with bounds
//! (`soko_analytics/parsers/source.py` is its Python front: `members`, `TextStream`).
//!
//! [`members`] lists what a path holds (itself, its gunzipped body, or each member of a zip);
//! [`TextStream`] reads one member as text blocks of about a megabyte that never split a line (a line
//! longer than a block is cut, keeping a tail so that a header is never cut in two): memory follows the
//! block, not the file. The reads are Python's, step for step, so the blocks (and so the pieces) are too.
//!
//! A compressed member may inflate to [`RATIO`] times its compressed size (at least [`FLOOR`], at most
//! [`MAX_MEMBER`]); past that it is a decompression bomb and reading stops. Whatever stops a member early
//! is kept in [`TextStream::error`]; the text before it is still yielded.

mod decode;
mod gzip;
mod nested;
mod zip;

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use decode::{decode, decode_more, decode_owned, decode_utf16, encoding, Encoding, Utf16};

use crate::split::{chars, first_chars};

/// Bytes read at a time.
pub const BLOCK: usize = 1 << 20;
/// How much of a member format detection looks at, in characters.
pub const HEAD_CHARS: usize = 8192;
/// Characters kept back when a line longer than a block is cut (a header is far shorter).
pub const TAIL: usize = 1024;
/// A compressed member may inflate to this many times its compressed size...
pub const RATIO: u64 = 100;
/// ...or to 64 MiB, whichever is more...
pub const FLOOR: u64 = 1 << 26;
/// ...but never past 4 GiB.
pub const MAX_MEMBER: u64 = 1 << 32;

/// Why a file or member is not (wholly) read, as the quarantine kinds call it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    Unreadable,
    TooLarge,
}

impl From<ProblemKind> for crate::quarantine::QuarantineKind {
    fn from(kind: ProblemKind) -> crate::quarantine::QuarantineKind {
        match kind {
            ProblemKind::Unreadable => crate::quarantine::QuarantineKind::Unreadable,
            ProblemKind::TooLarge => crate::quarantine::QuarantineKind::TooLarge,
        }
    }
}

/// How many archives deep a member is opened: a member of a zip in a zip in a zip is read, one more
/// level down is not (a bound against archive bombs made of nesting).
pub const MAX_DEPTH: usize = 3;

impl ProblemKind {
    /// The quarantine kind name.
    pub fn as_str(self) -> &'static str {
        crate::quarantine::QuarantineKind::from(self).as_str()
    }
}

/// A file-level problem: its kind and the whole-sentence reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub reason: String,
}

impl Problem {
    fn unreadable(reason: String) -> Self {
        Problem {
            kind: ProblemKind::Unreadable,
            reason,
        }
    }

    /// `kind: reason`, with Python's quarantine kind names.
    pub fn describe(&self) -> String {
        format!("{}: {}", self.kind.as_str(), self.reason)
    }
}

/// What stops a read: the data ends early (Python's `EOFError`) or is corrupt; Python's message.
#[derive(Clone, Debug)]
pub enum ReadError {
    CutOff(String),
    Corrupt(String),
}

impl ReadError {
    fn reason(&self) -> String {
        match self {
            ReadError::CutOff(reason) | ReadError::Corrupt(reason) => reason.clone(),
        }
    }
}

/// A member's bytes read a step at a time (Python's `read1`): a failure loses nothing read before it.
pub trait Step: Send {
    fn read1(&mut self, size: usize) -> Result<Vec<u8>, ReadError>;
}

/// Up to `size` bytes, fewer only at the end (a regular file's `read`).
fn read_up_to(reader: &mut impl Read, size: usize) -> Result<Vec<u8>, ReadError> {
    let mut data = Vec::with_capacity(size);
    match reader.take(size as u64).read_to_end(&mut data) {
        Ok(_) => Ok(data),
        Err(err) => Err(ReadError::Corrupt(err.to_string())),
    }
}

/// Python's `strerror` of an OS error.
fn strerror(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.rfind(" (os error ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Python's text of an `OSError` about a path: `[Errno 2] No such file or directory: '/x'`.
fn os_error(err: &std::io::Error, path: &Path) -> String {
    match err.raw_os_error() {
        Some(code) => format!("[Errno {code}] {}: '{}'", strerror(err), path.display()),
        None => err.to_string(),
    }
}

struct Plain(File);

impl Step for Plain {
    fn read1(&mut self, size: usize) -> Result<Vec<u8>, ReadError> {
        read_up_to(&mut self.0, size)
    }
}

#[derive(Clone, Debug)]
enum Body {
    Plain,
    Gzip,
    /// The central directory entry the member's name opens.
    Zip(Box<zip::Entry>),
}

/// One file to read: a plain file, a gzip body or a zip member.
#[derive(Clone, Debug)]
pub struct Member {
    /// The path, or `path:member` for a member of a zip.
    pub name: String,
    /// Its compressed size, for the inflation bound (None for a plain file).
    pub compressed: Option<u64>,
    /// Why it must not be read (a zip member whose name leaves the archive).
    pub problem: Option<String>,
    /// The quarantine kind of `problem` (`too_large` for a nested archive past the inflation bound).
    pub problem_kind: ProblemKind,
    path: PathBuf,
    body: Body,
    /// The temporary file a nested archive was spooled to, while a member of it is alive.
    _spool: Option<Arc<nested::Spooled>>,
}

impl Member {
    fn open(&self) -> Result<Box<dyn Step>, ReadError> {
        let file =
            || File::open(&self.path).map_err(|e| ReadError::Corrupt(os_error(&e, &self.path)));
        Ok(match &self.body {
            Body::Plain => Box::new(Plain(file()?)),
            Body::Gzip => Box::new(gzip::GzipStream::new(file()?)),
            Body::Zip(entry) => Box::new(zip::ZipMember::open(&self.path, entry)?),
        })
    }
}

/// Python's `Path.suffix`: the last dot part of the file name (not a leading dot, not a trailing one).
fn suffix(path: &Path) -> &str {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    match name.rfind('.') {
        Some(at) if at > 0 && at < name.len() - 1 => &name[at..],
        _ => "",
    }
}

/// What a path holds; a problem when it cannot be opened or is a broken archive.
///
/// `name` is what the records call the file (default: its path). A zip member whose name climbs out of
/// the archive (`../x`, `/etc/x`) comes with a problem. A member that is itself an archive (a zip or a
/// gzip, found by its first bytes) is opened in turn (see [`nested`]), to [`MAX_DEPTH`] archives deep; a zip
/// whose central directory is missing (a download cut short) is read by its local headers, with a first
/// member that names the damage.
pub fn members(path: &Path, name: Option<&str>) -> Result<Vec<Member>, Problem> {
    let label = name.map_or_else(|| path.display().to_string(), str::to_owned);
    nested::members_at(path, &label, 1, None, &mut 0)
}

/// What one archive (or plain file) holds, its nested archives not yet opened.
fn listed(
    path: &Path,
    label: &str,
    spool: Option<&Arc<nested::Spooled>>,
) -> Result<Vec<Member>, Problem> {
    let mut magic = Vec::new();
    let opened = File::open(path)
        .and_then(|f| f.take(4).read_to_end(&mut magic))
        .and_then(|_| path.metadata());
    let size = match opened {
        Ok(meta) => meta.len(),
        Err(err) => {
            return Err(Problem::unreadable(format!(
                "cannot read the file: {}",
                strerror(&err)
            )))
        }
    };
    let member = |name: String, body, compressed| Member {
        name,
        compressed,
        problem: None,
        problem_kind: ProblemKind::Unreadable,
        path: path.to_path_buf(),
        body,
        _spool: spool.cloned(),
    };
    let ext = suffix(path);
    if ext == ".gz" || magic.starts_with(b"\x1f\x8b") {
        return Ok(vec![member(label.to_owned(), Body::Gzip, Some(size))]);
    }
    if ext == ".zip" || magic == b"PK\x03\x04" {
        let (entries, damage) = match zip::entries(path) {
            Ok(entries) => (entries, None),
            Err(reason) => match zip::recover(path) {
                Ok(entries) => (entries, Some(reason)),
                Err(_) => {
                    return Err(Problem::unreadable(format!(
                        "not a readable zip archive: {reason}"
                    )))
                }
            },
        };
        let mut found: Vec<Member> = damage
            .map(|reason| {
                let mut cut = member(label.to_owned(), Body::Plain, None);
                cut.problem = Some(format!(
                    "a zip archive cut short or damaged (no readable central directory: {reason}); its \
                     members are read by their local headers, the hands before any damage kept"
                ));
                cut
            })
            .into_iter()
            .collect();
        found.extend(zip::last_entries(entries)
            .into_iter()
            .filter(|(entry, _)| !entry.is_dir())
            .map(|(entry, opened)| {
                let unread = entry.unread_method();
                let inner = entry.name;
                let full = format!("{label}:{inner}");
                let unsafe_name = inner.starts_with(['/', '\\']) || inner.replace('\\', "/").split('/').any(|p| p == "..");
                let mut found = member(full, Body::Zip(Box::new(opened)), Some(entry.compress_size));
                if unsafe_name {
                    found.compressed = None;
                    found.problem =
                        Some("a zip member whose name leaves the archive (directory traversal); not read".into());
                } else if let Some(reason) = unread {
                    found.compressed = None;
                    found.problem = Some(reason);
                }
                found
            }));
        return Ok(found);
    }
    Ok(vec![member(label.to_owned(), Body::Plain, None)])
}

/// The bytes [`TextStream::head`] reads of a member: what its encoding and start are found from.
pub const HEAD_BYTES: usize = HEAD_CHARS * 2;

/// The encoding of a member's first bytes (at most [`HEAD_BYTES`]) and its first [`HEAD_CHARS`] characters,
/// as [`TextStream::head`] finds them: what format detection looks at.
pub fn head_text(first: &[u8]) -> (Encoding, String) {
    let found = encoding(first);
    let text = match found {
        Encoding::Utf8 => decode(first),
        other => decode_utf16(first, other),
    };
    (found, first_chars(&text, HEAD_CHARS).to_owned())
}

/// Python's `{:,}`: thousands separated by commas.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Makes each lone carriage return of `data[from..]` (an old Mac's line end) a line feed, so that `\n` ends
/// every line after the source layer (`\r\n` stays, and the readers drop its `\r`); returns how far `data` is
/// done. A carriage return at the end is held (the next block may start with its `\n`) unless `last`.
fn end_lines(data: &mut [u8], from: usize, last: bool) -> usize {
    let len = data.len();
    let mut at = from;
    while let Some(found) = memchr::memchr(b'\r', &data[at..]) {
        let cr = at + found;
        match data.get(cr + 1) {
            Some(b'\n') => {}
            Some(_) => data[cr] = b'\n',
            None if last => data[cr] = b'\n',
            None => return cr,
        }
        at = cr + 1;
    }
    len
}

/// `text` with each lone carriage return made a line feed, as [`TextStream`] makes a file's (`\r\n`
/// stays): how a text read again from the store (a hand's raw text) is ended as its file was.
pub fn lone_crs_ended(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\r') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut bytes = text.as_bytes().to_vec();
    end_lines(&mut bytes, 0, true);
    // Only ASCII carriage returns were changed, into ASCII line feeds: the bytes are still UTF-8.
    std::borrow::Cow::Owned(String::from_utf8(bytes).unwrap_or_else(|_| text.replace('\r', "\n")))
}

/// How far a member of `compressed` bytes may inflate (None for a plain file): [`RATIO`] times, at least
/// [`FLOOR`], at most [`MAX_MEMBER`].
fn limit(compressed: Option<u64>) -> Option<u64> {
    compressed.map(|c| MAX_MEMBER.min(FLOOR.max(RATIO * c)))
}

/// The problem of compressed data that inflates past `limit`: a decompression bomb.
fn inflated_past(limit: u64, compressed: u64) -> Problem {
    Problem {
        kind: ProblemKind::TooLarge,
        reason: format!(
            "the compressed data inflates past {} bytes (more than {RATIO}× its {} compressed bytes, \
             or {} in all): a decompression bomb? The rest is not read",
            thousands(limit),
            thousands(compressed),
            thousands(MAX_MEMBER)
        ),
    }
}

/// The problem of a member whose data stops (cut off or corrupt) after `read` bytes.
fn stopped_by(err: &ReadError, read: u64) -> Problem {
    let what = if matches!(err, ReadError::CutOff(_)) {
        "cut off"
    } else {
        "corrupt"
    };
    Problem::unreadable(format!(
        "the file is {what} after {} bytes of text ({}); the hands before that point are kept",
        thousands(read),
        err.reason()
    ))
}

/// One member read as text blocks of whole lines (see the module text).
pub struct TextStream {
    member: Member,
    block: usize,
    /// Why reading stopped before the end, if it did.
    pub error: Option<Problem>,
    pub bytes_read: u64,
    file: Option<Box<dyn Step>>,
    limit: Option<u64>,
    encoding: Encoding,
    /// The bytes [`TextStream::head`] read, still to be yielded.
    first: Option<Vec<u8>>,
    /// Bytes (UTF-8) or text (UTF-16) after the last whole line yielded.
    carry: Vec<u8>,
    text_carry: String,
    /// How much of `carry` (or `text_carry`) has had its lone carriage returns made line feeds.
    ended: usize,
    utf16: Option<Utf16>,
    started: bool,
    done: bool,
}

impl TextStream {
    pub fn new(member: &Member) -> Self {
        Self::with_block(member, BLOCK)
    }

    pub fn with_block(member: &Member, block: usize) -> Self {
        let limit = limit(member.compressed);
        TextStream {
            member: member.clone(),
            block,
            error: None,
            bytes_read: 0,
            file: None,
            limit,
            encoding: Encoding::Utf8,
            first: None,
            carry: Vec::new(),
            text_carry: String::new(),
            ended: 0,
            utf16: None,
            started: false,
            done: false,
        }
    }

    pub fn member(&self) -> &Member {
        &self.member
    }

    /// Up to `size` bytes; empty at the end or after a failure (kept in `error`).
    fn read(&mut self, size: usize) -> Vec<u8> {
        if self.error.is_some() {
            return Vec::new();
        }
        let mut size = size;
        if let Some(limit) = self.limit {
            size = size.min((limit - self.bytes_read + 1) as usize);
        }
        let result = match self.file.as_mut() {
            Some(file) => file.read1(size),
            None => self
                .member
                .open()
                .and_then(|file| self.file.insert(file).read1(size)),
        };
        let mut data = match result {
            Ok(data) => data,
            Err(err) => {
                self.error = Some(stopped_by(&err, self.bytes_read));
                return Vec::new();
            }
        };
        self.bytes_read += data.len() as u64;
        if let Some(limit) = self.limit.filter(|&limit| self.bytes_read > limit) {
            self.error = Some(inflated_past(limit, self.member.compressed.unwrap_or(0)));
            data.truncate(data.len() - (self.bytes_read - limit) as usize);
        }
        data
    }

    /// The first [`HEAD_CHARS`] characters, for format detection (the stream still starts at the top).
    pub fn head(&mut self) -> String {
        let mut first = Vec::new();
        while first.len() < HEAD_CHARS * 2 {
            let more = self.read(HEAD_CHARS * 2 - first.len());
            if more.is_empty() {
                break;
            }
            first.extend_from_slice(&more);
        }
        let (found, text) = head_text(&first);
        self.encoding = found;
        self.first = Some(first);
        text
    }

    /// The next chunk of bytes: what `head` read, then blocks; None at the end.
    fn chunk(&mut self) -> Option<Vec<u8>> {
        if let Some(first) = self.first.take().filter(|f| !f.is_empty()) {
            return Some(first);
        }
        let chunk = self.read(self.block);
        (!chunk.is_empty()).then_some(chunk)
    }

    /// The next block of whole lines (`__iter__`); None at the end. The encoding is found from the
    /// first bytes (by [`TextStream::head`], called here if nobody has yet).
    pub fn next_block(&mut self) -> Option<String> {
        if !self.started && self.first.is_none() {
            self.head();
        }
        if self.encoding == Encoding::Utf8 {
            self.next_utf8()
        } else {
            self.next_utf16()
        }
    }

    fn decode_block(&mut self, data: Vec<u8>) -> String {
        let first = !self.started;
        self.started = true;
        if first {
            decode(&data)
        } else {
            decode_owned(data)
        }
    }

    /// `_utf8_blocks`: a line longer than a block is cut between UTF-8 characters.
    fn next_utf8(&mut self) -> Option<String> {
        while !self.done {
            let Some(chunk) = self.chunk() else {
                self.done = true;
                if self.carry.is_empty() {
                    return None;
                }
                let mut carry = std::mem::take(&mut self.carry);
                end_lines(&mut carry, self.ended, true);
                return Some(self.decode_block(carry));
            };
            self.carry.extend_from_slice(&chunk);
            self.ended = end_lines(&mut self.carry, self.ended, false);
            let mut cut = memchr::memrchr(b'\n', &self.carry).map_or(0, |i| i + 1);
            if cut == 0 && self.carry.len() > self.block {
                cut = self.carry.len() - TAIL;
                while cut > 0 && self.carry[cut] & 0xc0 == 0x80 {
                    cut -= 1;
                }
            }
            if cut == 0 {
                continue;
            }
            let rest = self.carry.split_off(cut);
            self.ended -= cut;
            let data = std::mem::replace(&mut self.carry, rest);
            return Some(self.decode_block(data));
        }
        None
    }

    /// `_utf16_text` regrouped by `_lines_of_text`.
    fn next_utf16(&mut self) -> Option<String> {
        while !self.done {
            let decoder = self.utf16.get_or_insert_with(|| Utf16::new(self.encoding));
            let piece = match self.first.take().filter(|f| !f.is_empty()) {
                Some(first) => decoder.decode(&first, false),
                None => {
                    let chunk = self.read(self.block);
                    let decoder = self.utf16.as_mut().expect("made above");
                    if chunk.is_empty() {
                        self.done = true;
                        decoder.decode(b"", true)
                    } else {
                        decoder.decode(&chunk, false)
                    }
                }
            };
            let piece = if self.started {
                piece
            } else {
                piece.trim_start_matches('\u{feff}').to_owned()
            };
            self.started = true;
            self.text_carry.push_str(&piece);
            // Only ASCII bytes change: the text stays UTF-8.
            let mut bytes = std::mem::take(&mut self.text_carry).into_bytes();
            self.ended = end_lines(&mut bytes, self.ended, self.done);
            self.text_carry =
                String::from_utf8(bytes).expect("ASCII bytes changed for ASCII bytes");
            let mut cut = self.text_carry.rfind('\n').map_or(0, |i| i + 1);
            if cut == 0 {
                let count = chars(&self.text_carry);
                if count > self.block {
                    cut = first_chars(&self.text_carry, count - TAIL).len();
                }
            }
            if cut == 0 {
                continue;
            }
            let rest = self.text_carry.split_off(cut);
            self.ended -= cut;
            return Some(std::mem::replace(&mut self.text_carry, rest));
        }
        (!self.text_carry.is_empty()).then(|| std::mem::take(&mut self.text_carry))
    }
}

impl Iterator for TextStream {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        self.next_block()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_as_python() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(123456), "123,456");
    }

    #[test]
    fn suffixes_as_python() {
        assert_eq!(suffix(Path::new("/a/b.tar.gz")), ".gz");
        assert_eq!(suffix(Path::new("/a/.gz")), "");
        assert_eq!(suffix(Path::new("x.")), "");
    }

    fn temp(name: &str, data: &[u8]) -> PathBuf {
        let path = std::env::temp_dir().join(format!("soko-source-{}-{name}", std::process::id()));
        std::fs::write(&path, data).expect("temp file");
        path
    }

    fn read_all(path: &Path) -> (Vec<String>, Option<Problem>) {
        let member = &members(path, None).expect("members")[0];
        let mut stream = TextStream::with_block(member, 64);
        stream.head();
        let blocks: Vec<String> = stream.by_ref().collect();
        (blocks, stream.error)
    }

    #[test]
    fn blocks_are_whole_lines_and_long_lines_are_cut() {
        let line = "x".repeat(2000);
        let path = temp("plain.txt", format!("\u{feff}a\nb\n{line}\nc").as_bytes());
        let (blocks, error) = read_all(&path);
        assert_eq!(error, None);
        assert_eq!(blocks.concat(), format!("a\nb\n{line}\nc"));
        assert!(blocks.iter().all(|b| b.len() < 5000));
        std::fs::remove_file(path).ok();
    }

    #[test]
    fn a_cut_gzip_keeps_what_came_before() {
        use flate2::write::GzEncoder;
        use std::io::Write;
        let text: String = (0..2000).map(|i| format!("line {i}\n")).collect();
        let mut gz = GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).expect("gzip");
        let data = gz.finish().expect("gzip");
        let path = temp("whole.gz", &data);
        assert_eq!(read_all(&path), (read_all(&path).0, None));
        assert_eq!(read_all(&path).0.concat(), text);
        let cut = temp("cut.gz", &data[..data.len() / 2]);
        let (blocks, error) = read_all(&cut);
        assert!(text.starts_with(&blocks.concat()) && !blocks.is_empty());
        assert!(error
            .expect("cut off")
            .reason
            .starts_with("the file is cut off after "));
        std::fs::remove_file(path).ok();
        std::fs::remove_file(cut).ok();
    }

    #[test]
    fn lone_carriage_returns_end_lines_and_crlf_stays() {
        assert_eq!(end_lines(&mut b"a\rb\r\nc\r".to_vec(), 0, true), 7);
        let mut data = b"a\rb\r\nc\r".to_vec();
        assert_eq!(end_lines(&mut data, 0, false), 6); // the last CR waits for the next block
        assert_eq!(data, b"a\nb\r\nc\r");
        // Blocks of 64 bytes: CRs at every place of a block, CRLFs cut between blocks, UTF-16 too.
        let text: String = (0..3000)
            .map(|i| format!("line {i}\r{}", if i % 7 == 0 { "\n" } else { "" }))
            .collect();
        let want = text
            .replace("\r\n", "\u{1}")
            .replace('\r', "\n")
            .replace('\u{1}', "\r\n");
        let path = temp("mac.txt", text.as_bytes());
        let (blocks, error) = read_all(&path);
        assert_eq!((blocks.concat(), error), (want.clone(), None));
        assert!(blocks.len() > 10 && blocks.iter().all(|b| b.ends_with('\n')));
        let utf16: Vec<u8> = "\u{feff}"
            .encode_utf16()
            .chain(text.encode_utf16())
            .flat_map(u16::to_le_bytes)
            .collect();
        let wide = temp("mac16.txt", &utf16);
        let (blocks, error) = read_all(&wide);
        assert_eq!((blocks.concat(), error), (want, None));
        std::fs::remove_file(path).ok();
        std::fs::remove_file(wide).ok();
    }

    /// A stored zip member's local header and data (what a zip cut before its central directory holds).
    fn local_member(name: &str, data: &[u8]) -> Vec<u8> {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let mut out = b"PK\x03\x04\x14\0\0\0\0\0\0\0\0\0".to_vec();
        out.extend_from_slice(&crc.sum().to_le_bytes());
        for size in [data.len() as u32, data.len() as u32] {
            out.extend_from_slice(&size.to_le_bytes());
        }
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        out
    }

    #[test]
    fn a_zip_cut_short_is_read_by_its_local_headers() {
        let (first, second) = ("a\nb\n".repeat(10), "c\nd\n".repeat(10));
        let mut data = local_member("first.txt", first.as_bytes());
        data.extend(local_member("second.txt", second.as_bytes()));
        data.truncate(data.len() - 15);
        let path = temp("cut.zip", &data);
        let found = members(&path, Some("cut.zip")).expect("members");
        let names: Vec<_> = found
            .iter()
            .map(|m| (m.name.as_str(), m.problem.is_some()))
            .collect();
        assert_eq!(
            names,
            [
                ("cut.zip", true),
                ("cut.zip:first.txt", false),
                ("cut.zip:second.txt", false)
            ]
        );
        assert!(found[0]
            .problem
            .as_deref()
            .unwrap_or("")
            .contains("cut short"));
        let read = |member: &Member| {
            let mut stream = TextStream::with_block(member, 64);
            let text: String = stream.by_ref().collect();
            (text, stream.error.map(|e| e.reason))
        };
        assert_eq!(read(&found[1]), (first, None));
        let (text, error) = read(&found[2]);
        assert_eq!(text, second[..second.len() - 15]);
        assert!(error
            .expect("cut")
            .starts_with("the file is cut off after 25 bytes"));
        std::fs::remove_file(path).ok();
    }

    #[test]
    fn a_missing_file_is_unreadable() {
        let err = members(Path::new("/nonexistent/x.txt"), None).unwrap_err();
        assert_eq!(
            err.reason,
            "cannot read the file: No such file or directory"
        );
    }
}
