//! The `pots` and `findings` rows of a hand's audit (port of `Batch._add_audit`).

use crate::replay::Audit;

use super::tables::{Findings, Pots};

/// One row per pot the replay built (eligible players, winners, their shares) and per finding.
pub fn add_audit(pots: &mut Pots, findings: &mut Findings, key: i64, audit: &Audit<'_>) {
    for (i, p) in audit.pots.iter().enumerate() {
        pots.hand_key.append_value(key);
        pots.pot_index.append_value(i as i16);
        pots.amount.append_value(p.amount);
        for &who in &p.eligible {
            pots.eligible.values().append_value(audit.name(who));
        }
        pots.eligible.append(true);
        for (who, _) in p.winners.iter() {
            pots.winners.values().append_value(audit.name(who));
        }
        pots.winners.append(true);
        for (_, share) in p.winners.iter() {
            pots.shares.values().append_value(share);
        }
        pots.shares.append(true);
    }
    for (i, f) in audit.findings.iter().enumerate() {
        findings.hand_key.append_value(key);
        findings.seq.append_value(i as i32);
        findings.code.append_value(f.code.as_str());
        findings.severity.append_value(f.severity.as_str());
        findings.street.append_option(f.street.as_deref());
        findings
            .action_index
            .append_option(f.action_index.map(|i| i as i32));
        findings.player.append_option(f.player.as_deref());
        findings.expected.append_option(f.expected.as_deref());
        findings.actual.append_option(f.actual.as_deref());
        findings.message.append_value(&f.message);
        findings.source_line.append_option(f.line.map(|l| l as i32));
    }
}
