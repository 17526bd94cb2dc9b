//! Why a hand could not be read: the error kinds of `parsers/base.py` and the quarantine record.
//!
//! A fault of the log is a [`ReadError`] of one [`Kind`] with the line it names; at the per-hand
//! boundary it becomes a [`Quarantine`], filled in as `parsers.base.quarantine` does (the hand's
//! first line where the error names no other, `start` where it differs).

use serde::Serialize;

use crate::say;

use crate::said::{Arg, Said};

/// The largest text one hand may have (1 MiB of characters).
pub const MAX_HAND_CHARS: u64 = 1 << 20;
/// How much of an oversized hand's text the quarantine keeps.
pub const KEPT_CHARS: u64 = 1 << 16;
/// The most actions, deals or seats one hand may have (a log has a few dozen; a hand of tiny lines
/// under [`MAX_HAND_CHARS`] could have more): a hand with more is `too_large`, and the auditor never
/// meets one.
pub const MAX_HAND_ITEMS: usize = 100_000;

/// `quarantine.kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Text that does not follow its format.
    Malformed,
    /// A game soko_analytics does not replay.
    Unsupported,
    /// A hand the log does not finish (cancelled or cut off).
    Incomplete,
    /// A hand over [`MAX_HAND_CHARS`] or [`MAX_HAND_ITEMS`].
    TooLarge,
    /// A bug met while reading (in the core, or reported by the Python rules layer).
    Internal,
}

/// A fault met while reading one hand: what is wrong, where, and (where it helps) what was
/// expected and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub kind: Kind,
    /// Why, as a message (`say!`): its English text is the quarantine's reason, its template and
    /// arguments what Python says in the language spoken.
    pub reason: Box<Said>,
    pub line: Option<u64>,
    pub hand_id: Option<String>,
    pub expected: Option<String>,
    pub actual: Option<String>,
}

impl ReadError {
    /// A game soko_analytics does not replay, named as the log names it.
    pub fn unsupported_game(game: &str) -> ReadError {
        ReadError::new(Kind::Unsupported, say!("unsupported game: {game}", game))
    }

    /// A malformed-text error with no place yet.
    pub fn malformed(reason: impl Into<Said>) -> ReadError {
        ReadError::new(Kind::Malformed, reason)
    }

    pub fn new(kind: Kind, reason: impl Into<Said>) -> ReadError {
        ReadError {
            kind,
            reason: Box::new(reason.into()),
            line: None,
            hand_id: None,
            expected: None,
            actual: None,
        }
    }

    pub fn expected(mut self, expected: impl Into<String>) -> ReadError {
        self.expected = Some(expected.into());
        self
    }

    pub fn actual(mut self, actual: impl Into<String>) -> ReadError {
        self.actual = Some(actual.into());
        self
    }

    pub fn at(mut self, line: u64) -> ReadError {
        self.line = Some(line);
        self
    }

    pub fn hand(mut self, hand_id: Option<&str>) -> ReadError {
        self.hand_id = hand_id.map(str::to_string);
        self
    }
}

/// A hand (or text between hands) that could not be stored, with why and its raw text: the
/// fields of Python's `Quarantined` record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Quarantine {
    pub kind: Kind,
    pub path: String,
    /// The line the reason names.
    pub line: u64,
    pub hand_id: Option<String>,
    pub reason: String,
    pub raw: String,
    /// The line the hand starts on, where it differs from `line`.
    pub start: Option<u64>,
    pub expected: Option<String>,
    pub actual: Option<String>,
    /// The reason's template and arguments (`said.rs`), where it is a message of its own rather
    /// than a bare value (the template `{value}`): Python says it in the language spoken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<(&'static str, Vec<Arg>)>,
}

/// The quarantine record of `error` for a hand starting at `line` (`parsers.base.quarantine`).
pub fn quarantine(
    error: ReadError,
    raw: String,
    path: &str,
    line: u64,
    hand_id: Option<&str>,
) -> Quarantine {
    let at = error.line.unwrap_or(line);
    let Said {
        template,
        args,
        text,
    } = *error.reason;
    Quarantine {
        kind: error.kind,
        path: path.to_string(),
        line: at,
        hand_id: hand_id.map(str::to_string),
        reason: text,
        raw,
        start: (at != line).then_some(line),
        expected: error.expected,
        actual: error.actual,
        said: (template != "{value}").then_some((template, args)),
    }
}

impl From<Kind> for crate::quarantine::QuarantineKind {
    fn from(kind: Kind) -> crate::quarantine::QuarantineKind {
        match kind {
            Kind::Malformed => crate::quarantine::QuarantineKind::Malformed,
            Kind::Unsupported => crate::quarantine::QuarantineKind::Unsupported,
            Kind::Incomplete => crate::quarantine::QuarantineKind::Incomplete,
            Kind::TooLarge => crate::quarantine::QuarantineKind::TooLarge,
            Kind::Internal => crate::quarantine::QuarantineKind::Internal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarantine_keeps_the_start_only_where_it_differs() {
        let q = quarantine(
            ReadError::malformed("x").at(7),
            "raw".into(),
            "f",
            3,
            Some("1"),
        );
        assert_eq!(
            (q.line, q.start, q.hand_id.as_deref()),
            (7, Some(3), Some("1"))
        );
        let q = quarantine(ReadError::malformed("x"), String::new(), "f", 3, None);
        assert_eq!((q.line, q.start), (3, None));
    }
}
