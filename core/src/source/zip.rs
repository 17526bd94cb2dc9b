//! Zip archives read as Python's `zipfile` reads them (stored and deflated members): the central directory
//! found and checked the same way, each member read a step at a time with the same steps and the same
//! failures (a bad local header, a file name that differs, encryption, a bad CRC, a cut-off member).
//!
//! Written by hand rather than with the `zip` crate so that the blocks, byte counts and reasons are
//! Python's exactly; the messages are those of `zipfile` (3.11).

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::gzip::Inflater;
use super::{read_up_to, ReadError, Step};

const END: &[u8] = b"PK\x05\x06";
const END_SIZE: u64 = 22;
const END64: &[u8] = b"PK\x06\x06";
const END64_SIZE: u64 = 56;
const LOCATOR64: &[u8] = b"PK\x06\x07";
const LOCATOR64_SIZE: u64 = 20;
const CENTRAL: &[u8] = b"PK\x01\x02";
const CENTRAL_SIZE: usize = 46;
const LOCAL: &[u8] = b"PK\x03\x04";
const LOCAL_SIZE: usize = 30;
/// The newest `extract_version` zipfile reads.
const MAX_EXTRACT_VERSION: u16 = 63;
/// The least compressed bytes a deflated member reads at a time (`MIN_READ_SIZE`).
const MIN_READ_SIZE: usize = 4096;
const UTF8_NAME: u16 = 0x800;
/// Flag bit 3: the sizes and CRC follow the data (a streaming writer's), zero in the local header.
const DESCRIPTOR: u16 = 0x8;

/// One entry of the central directory.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The name as the archive calls it (cut at a NUL byte, as `ZipInfo.filename`).
    pub name: String,
    orig_name: String,
    flags: u16,
    method: u16,
    crc: u32,
    pub compress_size: u64,
    file_size: u64,
    header_offset: u64,
    /// Found by its local header in an archive cut short ([`recover`]): its sizes and CRC are those of the
    /// local header, unknown (none checked, the data read to its deflate end) when a data descriptor follows.
    recovered: bool,
}

/// Each entry with the entry its name opens: the last of that name (`ZipFile.getinfo`).
pub fn last_entries(entries: Vec<Entry>) -> Vec<(Entry, Entry)> {
    let mut last: HashMap<String, usize> = HashMap::new();
    for (i, entry) in entries.iter().enumerate() {
        last.insert(entry.name.clone(), i);
    }
    let opened: Vec<Entry> = entries
        .iter()
        .map(|e| entries[last[&e.name]].clone())
        .collect();
    entries.into_iter().zip(opened).collect()
}

impl Entry {
    /// Why the member cannot be read by its compression method: only stored (0) and deflated (8)
    /// members are (bzip2 and LZMA ones are named as such).
    pub fn unread_method(&self) -> Option<String> {
        let name = match self.method {
            0 | 8 => return None,
            12 => "bzip2",
            14 => "LZMA",
            93 => "Zstandard",
            95 => "XZ",
            _ => "a method",
        };
        Some(format!(
            "a zip member compressed with {name} (method {}), which is not read: only stored and \
             deflated members are (re-zip it, or unzip it first)",
            self.method
        ))
    }

    pub fn is_dir(&self) -> bool {
        self.name.ends_with('/')
    }
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// A `zipfile.BadZipFile` reason.
fn bad(reason: &str) -> String {
    reason.to_owned()
}

/// The end of central directory record: (central directory size, its offset, where the record is, zip64).
fn end_record(file: &mut File) -> Result<Option<(u64, u64, u64, bool)>, String> {
    let size = file.seek(SeekFrom::End(0)).map_err(|e| e.to_string())?;
    if size < END_SIZE {
        return Ok(None);
    }
    let tail_start = size.saturating_sub((1 << 16) + END_SIZE);
    file.seek(SeekFrom::Start(tail_start))
        .map_err(|e| e.to_string())?;
    let mut data = Vec::new();
    file.read_to_end(&mut data).map_err(|e| e.to_string())?;
    let last = &data[data.len() - END_SIZE as usize..];
    let found = if last.starts_with(END) && last.ends_with(b"\0\0") {
        Some(data.len() - END_SIZE as usize)
    } else {
        let found = memchr::memmem::rfind(&data, END);
        match found {
            Some(at) if data.len() - at < END_SIZE as usize => return Ok(None),
            other => other,
        }
    };
    let Some(at) = found else { return Ok(None) };
    let rec = &data[at..at + END_SIZE as usize];
    let (mut cd_size, mut cd_offset) = (u64::from(u32_at(rec, 12)), u64::from(u32_at(rec, 16)));
    let location = tail_start + at as u64;
    let mut zip64 = false;
    // The zip64 locator just before the record, then the zip64 record before it (`_EndRecData64`).
    if location >= LOCATOR64_SIZE {
        file.seek(SeekFrom::Start(location - LOCATOR64_SIZE))
            .map_err(|e| e.to_string())?;
        let loc = read_up_to(file, LOCATOR64_SIZE as usize).map_err(|e| e.reason())?;
        if loc.len() == LOCATOR64_SIZE as usize && loc.starts_with(LOCATOR64) {
            if u32_at(&loc, 4) != 0 || u32_at(&loc, 16) > 1 {
                return Err(bad("zipfiles that span multiple disks are not supported"));
            }
            if location >= LOCATOR64_SIZE + END64_SIZE {
                file.seek(SeekFrom::Start(location - LOCATOR64_SIZE - END64_SIZE))
                    .map_err(|e| e.to_string())?;
                let rec64 = read_up_to(file, END64_SIZE as usize).map_err(|e| e.reason())?;
                if rec64.len() == END64_SIZE as usize && rec64.starts_with(END64) {
                    cd_size = u64_at(&rec64, 40);
                    cd_offset = u64_at(&rec64, 48);
                    zip64 = true;
                }
            }
        }
    }
    Ok(Some((cd_size, cd_offset, location, zip64)))
}

/// The entries of an archive's central directory (`ZipFile._RealGetContents`); the reason when it is no
/// readable zip archive.
pub fn entries(path: &Path) -> Result<Vec<Entry>, String> {
    let mut file = File::open(path).map_err(|e| super::os_error(&e, path))?;
    let Some((cd_size, cd_offset, location, zip64)) = end_record(&mut file)? else {
        return Err(bad("File is not a zip file"));
    };
    let mut concat = location as i128 - cd_size as i128 - cd_offset as i128;
    if zip64 {
        concat -= i128::from(END64_SIZE + LOCATOR64_SIZE);
    }
    let start = cd_offset as i128 + concat;
    if start < 0 {
        return Err(bad("Bad offset for central directory"));
    }
    file.seek(SeekFrom::Start(start as u64))
        .map_err(|e| e.to_string())?;
    let dir = read_up_to(&mut file, cd_size as usize).map_err(|e| e.reason())?;
    let mut entries = Vec::new();
    let (mut at, mut total) = (0usize, 0u64);
    while total < cd_size {
        let Some(head) = dir.get(at..at + CENTRAL_SIZE) else {
            return Err(bad("Truncated central directory"));
        };
        if !head.starts_with(CENTRAL) {
            return Err(bad("Bad magic number for central directory"));
        }
        let (name_len, extra_len, comment_len) = (
            usize::from(u16_at(head, 28)),
            usize::from(u16_at(head, 30)),
            usize::from(u16_at(head, 32)),
        );
        let flags = u16_at(head, 8);
        let field = |from: usize, len: usize| {
            dir.get(from.min(dir.len())..(from + len).min(dir.len()))
                .unwrap_or(&[])
        };
        let raw_name = field(at + CENTRAL_SIZE, name_len);
        let orig_name = name_text(raw_name, flags).map_err(|e| e.to_string())?;
        let extra = field(at + CENTRAL_SIZE + name_len, extra_len);
        let extract_version = u16_at(head, 6);
        if extract_version > MAX_EXTRACT_VERSION {
            // Python raises NotImplementedError here, which nothing catches; the core calls it unreadable.
            return Err(format!(
                "zip file version {:.1}",
                f64::from(extract_version) / 10.0
            ));
        }
        let mut entry = Entry {
            name: orig_name.split('\0').next().unwrap_or("").to_owned(),
            orig_name,
            flags,
            method: u16_at(head, 10),
            crc: u32_at(head, 16),
            compress_size: u64::from(u32_at(head, 20)),
            file_size: u64::from(u32_at(head, 24)),
            header_offset: u64::from(u32_at(head, 42)),
            recovered: false,
        };
        decode_extra(&mut entry, extra)?;
        entry.header_offset = (entry.header_offset as i128 + concat).max(0) as u64;
        entries.push(entry);
        at += CENTRAL_SIZE + name_len + extra_len + comment_len;
        total += (CENTRAL_SIZE + name_len + extra_len + comment_len) as u64;
    }
    Ok(entries)
}

/// A name in UTF-8 (flag bit 11) or cp437.
fn name_text(raw: &[u8], flags: u16) -> Result<String, String> {
    if flags & UTF8_NAME != 0 {
        return std::str::from_utf8(raw).map(str::to_owned).map_err(|err| {
            let at = err.valid_up_to();
            format!(
                "'utf-8' codec can't decode byte 0x{:02x} in position {at}: {}",
                raw[at],
                if err.error_len().is_some() {
                    "invalid start byte"
                } else {
                    "unexpected end of data"
                }
            )
        });
    }
    const CP437: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";
    Ok(raw
        .iter()
        .map(|&b| {
            if b < 0x80 {
                char::from(b)
            } else {
                CP437.chars().nth(usize::from(b - 0x80)).unwrap_or('?')
            }
        })
        .collect())
}

/// The zip64 sizes and offset of the extra field (`ZipInfo._decodeExtra`).
fn decode_extra(entry: &mut Entry, mut extra: &[u8]) -> Result<(), String> {
    while extra.len() >= 4 {
        let (kind, len) = (u16_at(extra, 0), usize::from(u16_at(extra, 2)));
        if len + 4 > extra.len() {
            return Err(format!("Corrupt extra field {kind:04x} (size={len})"));
        }
        if kind == 1 {
            let mut data = &extra[4..len + 4];
            let mut take = |what: &str| -> Result<u64, String> {
                let value = data.get(..8).map(|b| u64_at(b, 0));
                data = data.get(8..).unwrap_or(&[]);
                value.ok_or_else(|| format!("Corrupt zip64 extra field. {what} not found."))
            };
            if entry.file_size == 0xffff_ffff {
                entry.file_size = take("File size")?;
            }
            if entry.compress_size == 0xffff_ffff {
                entry.compress_size = take("Compress size")?;
            }
            if entry.header_offset == 0xffff_ffff {
                entry.header_offset = take("Header offset")?;
            }
        }
        extra = &extra[len + 4..];
    }
    Ok(())
}

/// A Python `repr` of a short string or byte string, for messages.
fn repr(text: &str, bytes: bool) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(if bytes { "b" } else { "" });
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f || (bytes && c as u32 > 0x7f) => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// The members of an archive with no readable central directory (a zip cut short, or its directory
/// damaged), found by their local headers from the start: each header's name, method, flags and sizes,
/// the next header looked for after the member's data (after the header when a data descriptor hides
/// its size). The reason when no member is found.
pub fn recover(path: &Path) -> Result<Vec<Entry>, String> {
    let mut file = File::open(path).map_err(|e| super::os_error(&e, path))?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    let (mut entries, mut pos) = (Vec::new(), 0);
    while let Some(at) = find_local(&mut file, pos)? {
        match local_entry(&mut file, at, size)? {
            Some((entry, next)) => {
                entries.push(entry);
                pos = next;
            }
            None => pos = at + 1,
        }
    }
    if entries.is_empty() {
        return Err(bad("File is not a zip file"));
    }
    Ok(entries)
}

/// Where the next local header signature is, at or after `from`.
fn find_local(file: &mut File, from: u64) -> Result<Option<u64>, String> {
    let mut pos = from;
    loop {
        file.seek(SeekFrom::Start(pos)).map_err(|e| e.to_string())?;
        let block = read_up_to(file, super::BLOCK).map_err(|e| e.reason())?;
        if let Some(at) = memchr::memmem::find(&block, LOCAL) {
            return Ok(Some(pos + at as u64));
        }
        if block.len() < super::BLOCK {
            return Ok(None);
        }
        pos += (block.len() - (LOCAL.len() - 1)) as u64;
    }
}

/// The entry of the local header at `at` and where to look for the next one; None when it is no header
/// (a name that is no name, a version zipfile does not read).
fn local_entry(file: &mut File, at: u64, size: u64) -> Result<Option<(Entry, u64)>, String> {
    file.seek(SeekFrom::Start(at)).map_err(|e| e.to_string())?;
    let head = read_up_to(file, LOCAL_SIZE).map_err(|e| e.reason())?;
    if head.len() < LOCAL_SIZE || u16_at(&head, 4) > MAX_EXTRACT_VERSION {
        return Ok(None);
    }
    let (name_len, extra_len) = (
        usize::from(u16_at(&head, 26)),
        usize::from(u16_at(&head, 28)),
    );
    let raw_name = read_up_to(file, name_len).map_err(|e| e.reason())?;
    let extra = read_up_to(file, extra_len).map_err(|e| e.reason())?;
    let flags = u16_at(&head, 6);
    let orig_name = match name_text(&raw_name, flags) {
        Ok(name) if raw_name.len() == name_len && name_len > 0 && extra.len() == extra_len => name,
        _ => return Ok(None),
    };
    let data = at + (LOCAL_SIZE + name_len + extra_len) as u64;
    let mut entry = Entry {
        name: orig_name.split('\0').next().unwrap_or("").to_owned(),
        orig_name,
        flags,
        method: u16_at(&head, 8),
        crc: u32_at(&head, 14),
        compress_size: u64::from(u32_at(&head, 18)),
        file_size: u64::from(u32_at(&head, 22)),
        header_offset: at,
        recovered: true,
    };
    if decode_extra(&mut entry, &extra).is_err() {
        return Ok(None);
    }
    if flags & DESCRIPTOR != 0 {
        // The sizes are unknown here: the data runs to its deflate end, or (stored) to the file's end.
        entry.compress_size = size.saturating_sub(data);
        entry.file_size = u64::MAX;
        return Ok(Some((entry, data)));
    }
    Ok(Some((entry.clone(), data + entry.compress_size)))
}

/// One member of an archive read a step at a time (`ZipFile.open` and `ZipExtFile.read1`).
pub struct ZipMember {
    file: File,
    pos: u64,
    name: String,
    inflater: Option<Inflater>,
    tail: Vec<u8>,
    compress_left: u64,
    left: u64,
    eof: bool,
    crc: flate2::Crc,
    expected_crc: Option<u32>,
    /// A member found by its local header: data that ends before its deflate stream does is cut off.
    recovered: bool,
    cut_off: bool,
    buffer: Vec<u8>,
    offset: usize,
}

impl ZipMember {
    /// Opens the member of a central directory entry (for a name, the last entry of that name, as
    /// `ZipFile.getinfo`; see [`last_entries`]): the directory is read once for all the members.
    pub fn open(path: &PathBuf, entry: &Entry) -> Result<ZipMember, ReadError> {
        let name = entry.name.as_str();
        let mut file =
            File::open(path).map_err(|e| ReadError::Corrupt(super::os_error(&e, path)))?;
        file.seek(SeekFrom::Start(entry.header_offset))
            .map_err(|e| ReadError::Corrupt(e.to_string()))?;
        let head = read_up_to(&mut file, LOCAL_SIZE)?;
        if head.len() != LOCAL_SIZE {
            return Err(ReadError::Corrupt(bad("Truncated file header")));
        }
        if !head.starts_with(LOCAL) {
            return Err(ReadError::Corrupt(bad("Bad magic number for file header")));
        }
        let raw_name = read_up_to(&mut file, usize::from(u16_at(&head, 26)))?;
        let extra_len = u16_at(&head, 28);
        if extra_len > 0 {
            read_up_to(&mut file, usize::from(extra_len))?;
        }
        if entry.flags & 0x20 != 0 {
            return Err(ReadError::Corrupt(bad(
                "compressed patched data (flag bit 5)",
            )));
        }
        if entry.flags & 0x40 != 0 {
            return Err(ReadError::Corrupt(bad("strong encryption (flag bit 6)")));
        }
        let local_name = name_text(&raw_name, u16_at(&head, 6)).map_err(ReadError::Corrupt)?;
        if local_name != entry.orig_name {
            let shown: String = raw_name.iter().map(|&b| char::from(b)).collect();
            return Err(ReadError::Corrupt(format!(
                "File name in directory {} and header {} differ.",
                repr(&entry.orig_name, false),
                repr(&shown, true)
            )));
        }
        if entry.flags & 1 != 0 {
            return Err(ReadError::Corrupt(format!(
                "File {} is encrypted, password required for extraction",
                repr(name, false)
            )));
        }
        let inflater = match entry.method {
            0 => None,
            8 => Some(Inflater::raw()),
            method => {
                return Err(ReadError::Corrupt(format!(
                    "compression type {method} is not read by the core"
                )));
            }
        };
        let pos = file
            .stream_position()
            .map_err(|e| ReadError::Corrupt(e.to_string()))?;
        Ok(ZipMember {
            file,
            pos,
            name: name.to_owned(),
            inflater,
            tail: Vec::new(),
            compress_left: entry.compress_size,
            left: entry.file_size,
            eof: false,
            crc: flate2::Crc::new(),
            expected_crc: (!entry.recovered || entry.flags & DESCRIPTOR == 0).then_some(entry.crc),
            recovered: entry.recovered,
            cut_off: false,
            buffer: Vec::new(),
            offset: 0,
        })
    }

    /// Up to `n` compressed bytes from the file (`_read2`).
    fn read2(&mut self, n: usize) -> Result<Vec<u8>, ReadError> {
        if self.compress_left == 0 {
            return Ok(Vec::new());
        }
        let n = (n.max(MIN_READ_SIZE) as u64).min(self.compress_left) as usize;
        self.file
            .seek(SeekFrom::Start(self.pos))
            .map_err(|e| ReadError::Corrupt(e.to_string()))?;
        let data = read_up_to(&mut self.file, n)?;
        self.pos += data.len() as u64;
        self.compress_left -= data.len() as u64;
        if data.is_empty() {
            return Err(ReadError::CutOff(String::new()));
        }
        Ok(data)
    }

    /// Up to about `n` bytes of the member (`_read1`).
    fn read_some(&mut self, n: usize) -> Result<Vec<u8>, ReadError> {
        if self.cut_off {
            return Err(ReadError::CutOff(
                "the archive ends inside this member".into(),
            ));
        }
        if self.eof || n == 0 {
            return Ok(Vec::new());
        }
        let mut data = match self.inflater.is_some() {
            true => {
                let mut input = std::mem::take(&mut self.tail);
                if n > input.len() {
                    let more = self.read2(n - input.len())?;
                    input.extend_from_slice(&more);
                }
                let inflater = self.inflater.as_mut().expect("deflated");
                let (mut out, tail) = inflater.decompress(&input, n.max(MIN_READ_SIZE))?;
                let ended = inflater.eof;
                self.tail = tail;
                let spent = self.compress_left == 0 && self.tail.is_empty();
                if self.recovered && spent && !ended {
                    // The data stops before its deflate stream does: what it gave, then the cut.
                    self.cut_off = true;
                    return Ok(out);
                }
                self.eof = ended || spent;
                if self.eof {
                    out.extend_from_slice(&inflater.flush());
                }
                out
            }
            false => {
                let data = self.read2(n)?;
                self.eof = self.compress_left == 0;
                data
            }
        };
        data.truncate(self.left.min(data.len() as u64) as usize);
        self.left -= data.len() as u64;
        if self.left == 0 {
            self.eof = true;
        }
        self.crc.update(&data);
        if let Some(expected) = self.expected_crc {
            if self.eof && self.crc.sum() != expected {
                return Err(ReadError::Corrupt(format!(
                    "Bad CRC-32 for file {}",
                    repr(&self.name, false)
                )));
            }
        }
        Ok(data)
    }
}

impl Step for ZipMember {
    /// `ZipExtFile.read1`: what is buffered first, then at most one step of the file.
    fn read1(&mut self, n: usize) -> Result<Vec<u8>, ReadError> {
        if n + self.offset < self.buffer.len() {
            let out = self.buffer[self.offset..self.offset + n].to_vec();
            self.offset += n;
            return Ok(out);
        }
        let mut out = self.buffer[self.offset..].to_vec();
        let n = n - out.len();
        self.buffer.clear();
        self.offset = 0;
        if n > 0 {
            while !self.eof {
                let data = self.read_some(n)?;
                if n < data.len() {
                    out.extend_from_slice(&data[..n]);
                    self.buffer = data;
                    self.offset = n;
                    break;
                }
                if !data.is_empty() {
                    out.extend_from_slice(&data);
                    break;
                }
            }
        }
        Ok(out)
    }
}
