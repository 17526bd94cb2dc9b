//! The replayer and auditor behind `soko audit` and the import's audit (`soko_analytics/replay/audit.py`
//! is its Python front).
//!
//! A hand is replayed under its game spec (`table`: betting state and legal actions), each
//! action checked (`checks`), the pots built and paid (`pots`, `settle`) and the findings
//! collected (`findings`); `audit` drives it all. Nothing here branches on a game's name: every
//! rule is a flag of the [`crate::spec::GameSpec`].

pub mod audit;
pub mod auditor;
pub mod boards;
pub mod checks;
pub mod describe;
pub mod draw;
pub mod findings;
#[cfg(test)]
mod fixtures;
pub mod held;
pub mod judge;
pub mod pots;
pub mod settle;
pub mod showing;
pub mod table;

pub use audit::{audit, audit_with_ledger};
pub use auditor::{Audit, PotResult, Step};
pub use findings::{Code, Finding, Severity};
pub use judge::{HandValues, Judge};

/// A hand the replay cannot take (a player dealt in without a seat; numbers no log has): the
/// core returns this instead of a verdict, saying why, and the API quarantines the hand as
/// `internal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault(pub String);

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Fault {}
