//! What the replayer finds: a code, a severity, where, what the rules expected and what the log
//! did (the Rust twin of `soko_analytics/replay/findings.py`).
//!
//! The codes are a contract with other tools (RULES.md §5): their snake_case names are exactly
//! Python's `Code` values, and a [`Finding`] serializes to the dict of `Finding.to_dict()`.

use serde::Serialize;

/// Finding codes (`Code` in `findings.py`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// A player acted when it was someone else's turn.
    OutOfTurn,
    /// An action the state does not allow (a check facing a bet, a bet when a bet stands).
    IllegalAction,
    /// A bet or raise of the wrong size for the structure.
    BetSize,
    /// A raise after the round's cap was reached.
    RaiseCap,
    /// A no-limit or pot-limit raise smaller than the minimum, not all-in.
    MinRaise,
    /// A raise by a player whom a short all-in did not reopen the betting for (or who passed).
    NotReopened,
    /// An ante or blind of the wrong amount, by the wrong player, or missing.
    ForcedBet,
    /// The wrong player brought in, or the bring-in was the wrong amount.
    BringIn,
    /// A player put in more than he had.
    StackExceeded,
    /// The wrong number of cards on a street, or cards to a player who was not in.
    Deal,
    /// A card seen twice in the hand.
    DuplicateCard,
    /// The log's total pot differs from what the players put in.
    PotTotal,
    /// Negative rake, rake above the pot, or collected + rake different from the pot.
    Rake,
    /// A player collected a different amount than the pots he won pay.
    Payout,
    /// A pot went to a player whose hand does not win it.
    Winner,
    /// The odd chip of a split went to the wrong winner.
    OddChip,
    /// The log's description of a shown hand does not match its evaluation.
    HandDescription,
    /// A draw against the rules: too many cards discarded, a second draw on a street, a draw on a
    /// street without one, a player still in who does not draw.
    Draw,
    /// Something the log does not show enough to check.
    Unverifiable,
}

impl Code {
    /// The code as Python writes it (`str(Code.X)`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::OutOfTurn => "out_of_turn",
            Code::IllegalAction => "illegal_action",
            Code::BetSize => "bet_size",
            Code::RaiseCap => "raise_cap",
            Code::MinRaise => "min_raise",
            Code::NotReopened => "not_reopened",
            Code::ForcedBet => "forced_bet",
            Code::BringIn => "bring_in",
            Code::StackExceeded => "stack_exceeded",
            Code::Deal => "deal",
            Code::DuplicateCard => "duplicate_card",
            Code::PotTotal => "pot_total",
            Code::Rake => "rake",
            Code::Payout => "payout",
            Code::Winner => "winner",
            Code::OddChip => "odd_chip",
            Code::HandDescription => "hand_description",
            Code::Draw => "draw",
            Code::Unverifiable => "unverifiable",
        }
    }
}

/// How serious a finding is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The log breaks a rule or its own arithmetic.
    #[default]
    Error,
    /// Unusual but possibly legal (a site convention we cannot confirm).
    Warning,
    /// Worth knowing: what could not be checked.
    Info,
}

impl Severity {
    /// The severity as the store writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// The street name of findings about the end of the hand.
pub const STREET_SHOWDOWN: &str = "showdown";

/// One finding of an audit; serializes with the field names of `Finding.to_dict()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// The street's name (`FLOP`, `3rd STREET`, `showdown`), or None for the whole hand.
    pub street: Option<String>,
    /// Index into `Hand.actions` of the action concerned.
    pub action_index: Option<usize>,
    pub player: Option<String>,
    pub expected: Option<String>,
    pub actual: Option<String>,
    /// Source line of the action, where known.
    pub line: Option<u64>,
}

impl Finding {
    /// A finding of `code` (an error unless [`Finding::severity`] says otherwise), placed nowhere yet.
    pub fn new(code: Code, message: String) -> Finding {
        Finding {
            code,
            severity: Severity::Error,
            message,
            street: None,
            action_index: None,
            player: None,
            expected: None,
            actual: None,
            line: None,
        }
    }

    /// An info finding: something the log does not show enough to check, or a convention accepted.
    pub fn info(message: String) -> Finding {
        Finding::new(Code::Unverifiable, message).severity(Severity::Info)
    }

    pub fn severity(mut self, severity: Severity) -> Finding {
        self.severity = severity;
        self
    }

    /// The action concerned (the auditor fills in its street and line).
    pub fn at(mut self, index: usize) -> Finding {
        self.action_index = Some(index);
        self
    }

    pub fn street(mut self, street: &str) -> Finding {
        self.street = Some(street.to_string());
        self
    }

    pub fn player(mut self, player: &str) -> Finding {
        self.player = Some(player.to_string());
        self
    }

    /// The player, when there is one (a deal to the board has none).
    pub fn player_opt(mut self, player: Option<&str>) -> Finding {
        self.player = player.map(str::to_string);
        self
    }

    pub fn expected(mut self, expected: String) -> Finding {
        self.expected = Some(expected);
        self
    }

    pub fn actual(mut self, actual: String) -> Finding {
        self.actual = Some(actual);
        self
    }
}

/// Exact decimal text of minor units without symbol or trimming (Python's `decimal_text`):
/// 930 at two decimals is `9.30`, -5 is `-0.05`, 1500 at zero decimals is `1500`.
pub fn decimal_text(minor: i64, decimals: u8) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    if decimals == 0 {
        return format!("{sign}{abs}");
    }
    let scale = 10u128.pow(u32::from(decimals));
    let abs = u128::from(abs);
    let width = usize::from(decimals);
    format!("{sign}{}.{:0width$}", abs / scale, abs % scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_prints_as_python_decimal_text() {
        assert_eq!(decimal_text(930, 2), "9.30");
        assert_eq!(decimal_text(-5, 2), "-0.05");
        assert_eq!(decimal_text(1500, 0), "1500");
        assert_eq!(decimal_text(0, 2), "0.00");
        assert_eq!(decimal_text(7, 3), "0.007");
        assert_eq!(decimal_text(i64::MIN, 0), "-9223372036854775808");
    }

    #[test]
    fn findings_serialize_as_python_to_dict() {
        let f = Finding::new(Code::BetSize, "too big".into())
            .at(3)
            .player("Aino")
            .expected("1".into())
            .severity(Severity::Warning);
        let json = serde_json::to_value(&f).unwrap();
        assert_eq!(json["code"], "bet_size");
        assert_eq!(json["severity"], "warning");
        assert_eq!(json["action_index"], 3);
        assert_eq!(json["street"], serde_json::Value::Null);
        assert_eq!(Code::HandDescription.as_str(), "hand_description");
    }
}
