//! Why a rules text or a combination of options was refused: the fields of Python's
//! `RulesError` (reason, expected, actual, and the options a combination names). The reason and
//! what was expected are messages (`say!`: a template and its arguments beside the English), so
//! that Python says them in the language spoken.

use std::fmt;

use crate::said::Said;
use crate::spec::{write_refusal, RulesFault};

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
        let expected = self.expected.as_ref().map(|said| said.text.as_str());
        write_refusal(f, &self.reason.text, expected, self.actual.as_deref())
    }
}

impl std::error::Error for RulesError {}

/// The refusal as the reader's lookups hand it on: its reason, what it expected (as text) and got.
impl From<RulesError> for RulesFault {
    fn from(error: RulesError) -> RulesFault {
        RulesFault::Rules {
            reason: error.reason,
            expected: error.expected.map(|said| said.text),
            actual: error.actual,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::spec_json;

    /// The lookups' fault says in English what their error text said before it was typed:
    /// `RulesError: ` and the error as the rules layer writes it, with or without its detail.
    #[test]
    fn a_fault_reads_as_the_rules_error_it_comes_from() {
        let made = [
            RulesError::new("plain"),
            RulesError::new("with expected").expected("x"),
            RulesError::new("with actual").actual("y"),
            RulesError::new("both").expected("x").actual("y"),
        ];
        let refused = ["nosuch", "holdem; max_players=1", "holdem; bogus (got x)=1"]
            .map(|rules| spec_json(rules).unwrap_err());
        for error in made.into_iter().chain(refused) {
            let text = format!("RulesError: {error}");
            let fault = RulesFault::from(error.clone());
            assert_eq!(fault.to_string(), text);
            let RulesFault::Rules { reason, .. } = fault else {
                panic!("{text}")
            };
            assert_eq!(reason, error.reason);
        }
        assert_eq!(
            RulesFault::from(RulesError::new("both").expected("x").actual("y")).to_string(),
            "RulesError: both (expected x, got y)"
        );
        assert_eq!(
            RulesFault::Internal("game spec: bad".into()).to_string(),
            "game spec: bad"
        );
    }
}
