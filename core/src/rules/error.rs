//! Why a rules text or a combination of options was refused: the fields of Python's
//! `RulesError` (reason, expected, actual, and the options a combination names). The reason and
//! what was expected are messages (`say!`: a template and its arguments beside the English), so
//! that Python says them in the language spoken.

use std::fmt;

use crate::said::Said;

/// An unknown profile or option, a bad value, or an impossible combination of options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    pub reason: Box<Said>,
    pub expected: Option<Box<Said>>,
    pub actual: Option<String>,
    /// The options a refused combination names, with their values as override text.
    pub options: Option<Vec<(&'static str, String)>>,
}

impl RulesError {
    pub fn new(reason: impl Into<Said>) -> RulesError {
        RulesError {
            reason: Box::new(reason.into()),
            expected: None,
            actual: None,
            options: None,
        }
    }

    pub fn expected(mut self, expected: impl Into<Said>) -> RulesError {
        self.expected = Some(Box::new(expected.into()));
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
        f.write_str(&self.reason.text)?;
        let mut detail = Vec::new();
        if let Some(expected) = &self.expected {
            detail.push(format!("expected {}", expected.text));
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
