//! A gzip file (of one or more members) inflated step by step, so that a truncated or corrupt file gives
//! every byte before the damage (as `zcat` does), then fails.

use std::io::Read;

use flate2::{Decompress, FlushDecompress, Status};

use super::{ReadError, Step};

/// Compressed bytes read at a time.
const STEP: usize = 1 << 16;

/// zlib's inflater as Python's `zlib.decompressobj(wbits=47)` uses it: a gzip or a zlib header (told apart
/// by its first two bytes, as zlib does), `max_length` output per call, and what input is left over.
pub struct Inflater {
    inner: Option<Decompress>,
    /// The first byte of a member, held until the second tells the header kind.
    held: Vec<u8>,
    raw: bool,
    pub eof: bool,
    /// Input after the end of the stream (`unused_data`).
    pub unused: Vec<u8>,
}

impl Inflater {
    /// Auto-detected gzip or zlib header (`wbits=47`).
    pub fn auto() -> Self {
        Inflater {
            inner: None,
            held: Vec::new(),
            raw: false,
            eof: false,
            unused: Vec::new(),
        }
    }

    /// Raw deflate data (`wbits=-15`, zip members).
    pub fn raw() -> Self {
        Inflater {
            inner: Some(Decompress::new(false)),
            held: Vec::new(),
            raw: true,
            eof: false,
            unused: Vec::new(),
        }
    }

    /// Up to `max` bytes inflated from `input`; returns them and the input not consumed
    /// (`unconsumed_tail`). An error loses the output of the call, as in Python.
    pub fn decompress(
        &mut self,
        input: &[u8],
        max: usize,
    ) -> Result<(Vec<u8>, Vec<u8>), ReadError> {
        let joined;
        let mut input = input;
        if self.inner.is_none() {
            self.held.extend_from_slice(input);
            if self.held.len() < 2 {
                return Ok((Vec::new(), Vec::new()));
            }
            self.inner = Some(if self.held.starts_with(b"\x1f\x8b") {
                Decompress::new_gzip(15)
            } else {
                Decompress::new(true)
            });
            joined = std::mem::take(&mut self.held);
            input = &joined;
        }
        let Some(inner) = self.inner.as_mut() else {
            return Ok((Vec::new(), Vec::new()));
        };
        let mut out = vec![0; max];
        let (before_in, before_out) = (inner.total_in(), inner.total_out());
        let status = inner.decompress(input, &mut out, FlushDecompress::Sync);
        let used = (inner.total_in() - before_in) as usize;
        out.truncate((inner.total_out() - before_out) as usize);
        let left = &input[used..];
        let tail = match status {
            // The input after the end of the stream is the next member's: `unused` only.
            Ok(Status::StreamEnd) => {
                self.eof = true;
                self.unused.extend_from_slice(left);
                Vec::new()
            }
            Ok(_) => left.to_vec(),
            Err(err) => return Err(zlib_error(&err, self.raw)),
        };
        Ok((out, tail))
    }

    /// What is left in the inflater with no more input (`flush()`): errors end it quietly.
    pub fn flush(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let Some(inner) = self.inner.as_mut() else {
            return out;
        };
        loop {
            out.reserve(1 << 16);
            let before = out.len();
            match inner.decompress_vec(&[], &mut out, FlushDecompress::Finish) {
                Ok(Status::StreamEnd) => {
                    self.eof = true;
                    return out;
                }
                Ok(_) if out.len() > before => continue,
                _ => return out,
            }
        }
    }
}

/// Python's text of a `zlib.error` from decompressing.
fn zlib_error(err: &flate2::DecompressError, _raw: bool) -> ReadError {
    let reason = match err.message() {
        Some(msg) => format!("Error -3 while decompressing data: {msg}"),
        None => "Error 2 while decompressing data".to_owned(),
    };
    ReadError::Corrupt(reason)
}

/// A gzip file read a step at a time (`GzipStream`).
pub struct GzipStream<R> {
    raw: R,
    inflate: Inflater,
    pending: Vec<u8>,
}

impl<R: Read> GzipStream<R> {
    pub fn new(raw: R) -> Self {
        GzipStream {
            raw,
            inflate: Inflater::auto(),
            pending: Vec::new(),
        }
    }

    fn read_raw(&mut self) -> Result<Vec<u8>, ReadError> {
        super::read_up_to(&mut self.raw, STEP)
    }
}

impl<R: Read + Send> Step for GzipStream<R> {
    /// Up to `size` inflated bytes; empty at the end; an error when the data stops mid-stream.
    fn read1(&mut self, size: usize) -> Result<Vec<u8>, ReadError> {
        loop {
            if self.inflate.eof {
                // What follows the member is all in `unused`: the next member.
                let mut rest = std::mem::take(&mut self.inflate.unused);
                self.pending.clear();
                if rest.iter().all(|&b| b == 0) {
                    rest = self.read_raw()?;
                    if rest.iter().all(|&b| b == 0) {
                        return Ok(Vec::new());
                    }
                }
                self.inflate = Inflater::auto();
                self.pending = rest;
                continue;
            }
            if !self.pending.is_empty() {
                let pending = std::mem::take(&mut self.pending);
                let (out, tail) = self.inflate.decompress(&pending, size)?;
                self.pending = tail;
                if !out.is_empty() {
                    return Ok(out);
                }
                continue;
            }
            let data = self.read_raw()?;
            if data.is_empty() {
                let tail = self.inflate.flush();
                if !tail.is_empty() {
                    return Ok(tail);
                }
                return Err(ReadError::CutOff(
                    "the compressed data ends before its end-of-stream marker".into(),
                ));
            }
            self.pending = data;
        }
    }
}
