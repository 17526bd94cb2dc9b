//! Reading a PHH table's fields (Python's `parsers/phh.py` `_array`, `_text`): each error names the
//! field and the line its key is on.

use crate::read::ReadError;
use crate::said::{Said, Term};
use crate::say;

use super::chunks::Chunk;
use super::fields::{self, Fault};
use super::value::Value;

pub type Doc = [(String, Value)];

pub fn bad(reason: Said, line: u64) -> ReadError {
    ReadError::malformed(reason).at(line)
}

/// A converter's fault as the error of a field (`_field`): the field's name before its reason, at its line.
pub fn at_field(fault: Fault, key: &str, line: u64) -> ReadError {
    let mut err = *fault.err;
    err.reason = Box::new(fields::named(key, *err.reason));
    err.line = Some(line);
    err
}

pub struct Reader<'c> {
    pub t: &'c Doc,
    pub chunk: &'c Chunk,
}

impl<'c> Reader<'c> {
    pub fn get(&self, key: &str) -> Option<&'c Value> {
        Value::get(self.t, key)
    }

    pub fn line(&self, key: &str) -> u64 {
        self.chunk.line(key)
    }

    /// `_array`: an array (of `n`) of numbers, strings or tables.
    pub fn array(&self, key: &str, n: Option<usize>, kind: &str) -> Result<&'c [Value], ReadError> {
        let value = self.get(key);
        let ok = |v: &Value| match kind {
            "strings" => matches!(v, Value::Str(_)),
            "tables" => matches!(v, Value::Table(_)),
            _ => v.is_number(),
        };
        match value {
            Some(Value::Array(items))
                if items.iter().all(ok) && n.is_none_or(|n| n == items.len()) =>
            {
                Ok(items)
            }
            _ => {
                let kind = match kind {
                    "strings" => Term("phh_values", "strings"),
                    "tables" => Term("phh_values", "tables"),
                    _ => Term("phh_values", "numbers"),
                };
                let reason = match n {
                    Some(n) => say!("{key} must be an array of {n} ({kind})", key, n, kind),
                    None => say!("{key} must be an array ({kind})", key, kind),
                };
                Err(bad(reason, self.line(key))
                    .expected(format!("{key} = [...]"))
                    .actual(fields::short(value, 80)))
            }
        }
    }

    pub fn text(&self, key: &str) -> Result<Option<String>, ReadError> {
        match self.get(key) {
            None => Ok(None),
            v => fields::text(v)
                .map(Some)
                .map_err(|f| at_field(f, key, self.line(key))),
        }
    }
}
