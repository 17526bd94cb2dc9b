//! What the replayer finds: a code, a severity, where, what the rules expected and what the log
//! did. Python's `soko_analytics/replay/findings.py` reads the codes and severities from here
//! (`_core.VOCABULARIES`, written out as `soko_analytics/_vocab.py`).
//!
//! The codes are a contract with other tools (RULES.md §5): keep every spelling, add new ones
//! freely. A [`Finding`] serializes to the dict of Python's `Finding.to_dict()`.

use serde::Serialize;

use crate::said::{Arg, Said};

crate::vocabulary! {
    /// Finding codes.
    pub enum Code {
        /// A player acted when it was someone else's turn.
        OutOfTurn = "out_of_turn",
        /// An action the state does not allow (a check facing a bet, a bet when a bet stands).
        IllegalAction = "illegal_action",
        /// A bet or raise of the wrong size for the structure (fixed limit, spread, pot limit).
        BetSize = "bet_size",
        /// A raise after the round's cap was reached.
        RaiseCap = "raise_cap",
        /// A no-limit or pot-limit raise smaller than the minimum, not all-in.
        MinRaise = "min_raise",
        /// A raise by a player whom a short all-in did not reopen the betting for (or who passed,
        /// under raise_after_pass=false).
        NotReopened = "not_reopened",
        /// An ante or blind of the wrong amount, by the wrong player, or missing.
        ForcedBet = "forced_bet",
        /// The wrong player brought in, or the bring-in was the wrong amount.
        BringIn = "bring_in",
        /// A player put in more than he had.
        StackExceeded = "stack_exceeded",
        /// The wrong number of cards on a street, or cards to a player who was not in.
        Deal = "deal",
        /// A card seen twice in the hand.
        DuplicateCard = "duplicate_card",
        /// The log's total pot differs from what the players put in.
        PotTotal = "pot_total",
        /// Negative rake, rake above the pot, or collected + rake different from the pot.
        Rake = "rake",
        /// A player collected a different amount than the pots he won pay.
        Payout = "payout",
        /// A pot went to a player whose hand does not win it.
        Winner = "winner",
        /// The odd chip of a split went to the wrong winner.
        OddChip = "odd_chip",
        /// The log's description of a shown hand does not match its evaluation.
        HandDescription = "hand_description",
        /// A draw against the rules: more cards discarded than the street allows, a second draw on a
        /// street, a draw where the game has none, or a player still in who does not draw.
        Draw = "draw",
        /// Something the log does not show enough to check (a pot won by a mucked hand).
        Unverifiable = "unverifiable",
    }
}

crate::vocabulary! {
    /// How serious a finding is.
    pub enum Severity {
        /// The log breaks a rule or its own arithmetic.
        Error = "error",
        /// Unusual but possibly legal (a site convention we cannot confirm).
        Warning = "warning",
        /// Worth knowing: what could not be checked, which convention the hand followed.
        Info = "info",
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
    /// The message's template (English, with named placeholders) and its arguments (`said.rs`).
    pub template: &'static str,
    pub args: Vec<Arg>,
    /// `expected` and `actual` as templates and their arguments, as the message is.
    pub expected_said: Option<(&'static str, Vec<Arg>)>,
    pub actual_said: Option<(&'static str, Vec<Arg>)>,
}

impl Finding {
    /// A finding of `code` (an error unless [`Finding::severity`] says otherwise), placed nowhere yet.
    pub fn new(code: Code, said: Said) -> Finding {
        debug_assert!(said.consistent(), "{said:?}");
        Finding {
            code,
            severity: Severity::Error,
            message: said.text,
            street: None,
            action_index: None,
            player: None,
            expected: None,
            actual: None,
            line: None,
            template: said.template,
            args: said.args,
            expected_said: None,
            actual_said: None,
        }
    }

    /// An info finding: something the log does not show enough to check, or a convention accepted.
    pub fn info(said: Said) -> Finding {
        Finding::new(Code::Unverifiable, said).severity(Severity::Info)
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

    /// What the rules expected, said as a message is (`said.rs`): a plain text or amount
    /// ([`Said::value`]) or a template and its arguments (`say!`).
    pub fn expected(mut self, expected: impl Into<Said>) -> Finding {
        let said = expected.into();
        debug_assert!(said.consistent(), "{said:?}");
        self.expected = Some(said.text);
        self.expected_said = Some((said.template, said.args));
        self
    }

    /// What the log did, said as [`Finding::expected`] is.
    pub fn actual(mut self, actual: impl Into<Said>) -> Finding {
        let said = actual.into();
        debug_assert!(said.consistent(), "{said:?}");
        self.actual = Some(said.text);
        self.actual_said = Some((said.template, said.args));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn findings_serialize_as_python_to_dict() {
        let f = Finding::new(
            Code::BetSize,
            crate::say!("{player} may not bet here.", player = "Aino"),
        )
        .at(3)
        .player("Aino")
        .expected("1")
        .severity(Severity::Warning);
        let json = serde_json::to_value(&f).unwrap();
        assert_eq!(json["code"], "bet_size");
        assert_eq!(json["severity"], "warning");
        assert_eq!(json["action_index"], 3);
        assert_eq!(json["street"], serde_json::Value::Null);
        assert_eq!(json["template"], "{player} may not bet here.");
        assert_eq!(Code::HandDescription.as_str(), "hand_description");
    }
}
