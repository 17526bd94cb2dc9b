//! Why a rules text or a combination of options was refused: the fields of Python's
//! `RulesError` (reason, expected, actual, and the options a combination names).

use std::fmt;

/// An unknown profile or option, a bad value, or an impossible combination of options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub reason: String,
    pub expected: Option<String>,
    pub actual: Option<String>,
    /// The options a refused combination names, with their values as override text.
    pub options: Option<Vec<(&'static str, String)>>,
}

impl RulesError {
    pub fn new(reason: impl Into<String>) -> RulesError {
        RulesError {
            reason: reason.into(),
            expected: None,
            actual: None,
            options: None,
        }
    }

    pub fn expected(mut self, expected: impl Into<String>) -> RulesError {
        self.expected = Some(expected.into());
        self
    }

    pub fn actual(mut self, actual: impl Into<String>) -> RulesError {
        self.actual = Some(actual.into());
        self
    }
}

/// As `SokoError.__str__` writes it: `reason (expected ..., got ...)`.
impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)?;
        let mut detail = Vec::new();
        if let Some(expected) = &self.expected {
            detail.push(format!("expected {expected}"));
        }
        if let Some(actual) = &self.actual {
            detail.push(format!("got {actual}"));
        }
        if !detail.is_empty() {
            write!(f, " ({})", detail.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for RulesError {}
