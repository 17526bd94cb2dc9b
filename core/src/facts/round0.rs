//! The first-round facts (hold'em's and stud's) and the continuation bets of later rounds.

use crate::model::ActionKind;

use super::Facts;

/// Hold'em positions that can steal the blinds.
const STEALERS: [&str; 3] = ["CO", "BTN", "SB"];
/// Hold'em positions that can defend against a steal.
const BLINDS: [&str; 2] = ["SB", "BB"];

/// A call, bet, raise or completion: chips in by choice.
pub fn voluntary(kind: ActionKind) -> bool {
    matches!(
        kind,
        ActionKind::Call | ActionKind::Bet | ActionKind::Raise | ActionKind::Complete
    )
}

/// A bet, raise or completion.
pub fn aggressive(kind: ActionKind) -> bool {
    matches!(
        kind,
        ActionKind::Bet | ActionKind::Raise | ActionKind::Complete
    )
}

/// Whether a position may steal the blinds.
pub fn stealer(position: Option<&str>) -> bool {
    position.is_some_and(|p| STEALERS.contains(&p))
}

/// The situation of a player's first decision on the first round.
pub fn situation(level: u32, callers: u32) -> &'static str {
    match (level, callers) {
        (0, 0) => "unopened",
        (0, _) => "limped",
        (1, _) => "facing raise",
        _ => "facing re-raise",
    }
}

/// Where a player stands when deciding on the first round.
pub struct Moment<'a> {
    pub player: usize,
    pub kind: ActionKind,
    pub level: u32,
    pub callers: u32,
    pub first_decision: bool,
    pub steal_open: bool,
    /// Hold'em: the player's position; stud: unused.
    pub position: Option<&'a str>,
}

/// Three-bets, folds to them, steals and folds to steals of hold'em's first round.
pub fn holdem_round0(f: &mut Facts, m: &Moment, raisers: &[usize]) {
    let kind = m.kind;
    if m.level == 1 && !f.three_bet_opp && raisers.first() != Some(&m.player) {
        f.three_bet_opp = true;
        f.three_bet = kind == ActionKind::Raise;
    }
    if m.level == 2 && raisers.first() == Some(&m.player) && !f.fold_3bet_opp {
        f.fold_3bet_opp = true;
        f.fold_3bet = kind == ActionKind::Fold;
    }
    if m.first_decision && m.level == 0 && m.callers == 0 && stealer(m.position) {
        f.steal_opp = true;
        f.steal = kind == ActionKind::Raise;
    }
    if m.first_decision
        && m.steal_open
        && m.level == 1
        && m.position.is_some_and(|p| BLINDS.contains(&p))
    {
        f.fold_steal_opp = true;
        f.fold_steal = kind == ActionKind::Fold;
    }
}

/// The first-round facts of stud and Sökö; returns whether a steal now stands.
pub fn stud_round0(f: &mut Facts, m: &Moment, first_actor: Option<usize>, late: &[usize]) -> bool {
    let kind = m.kind;
    if m.first_decision && m.level == 0 {
        f.complete_opp = true;
        f.complete = aggressive(kind);
    }
    if m.level == 1 && !f.fold_completion_opp {
        f.fold_completion_opp = true;
        f.fold_completion = kind == ActionKind::Fold;
    }
    if m.first_decision && m.level == 0 && m.callers == 0 && late.contains(&m.player) {
        f.steal_opp = true;
        f.steal = aggressive(kind);
        if f.steal {
            return true;
        }
    }
    if m.steal_open && m.level == 1 && first_actor == Some(m.player) && !f.fold_steal_opp {
        f.fold_steal_opp = true;
        f.fold_steal = kind == ActionKind::Fold;
    }
    m.steal_open && !voluntary(kind)
}

/// Who made the continuation bet of the flop (round 1) and the turn (round 2).
#[derive(Default)]
pub struct Cbets {
    pub flop: Option<usize>,
    pub turn: Option<usize>,
}

impl Cbets {
    fn of(&self, round: u8) -> Option<usize> {
        match round {
            1 => self.flop,
            2 => self.turn,
            _ => None,
        }
    }
}

/// Continuation bets on the flop and the turn, and folds to them (`round` is 1 or 2).
pub struct CbetMoment {
    pub player: usize,
    pub kind: ActionKind,
    pub round: u8,
    pub level: u32,
    pub first_decision: bool,
    /// The last raiser of round 0.
    pub aggressor: Option<usize>,
    /// Who bet this round (level 1).
    pub bettor: Option<usize>,
}

pub fn cbet(f: &mut Facts, m: &CbetMoment, cbets: &mut Cbets) {
    let (p, kind, s) = (m.player, m.kind, m.round);
    if m.aggressor == Some(p)
        && m.first_decision
        && m.level == 0
        && (s == 1 || cbets.flop == Some(p))
    {
        let bet = kind == ActionKind::Bet;
        if s == 1 {
            (f.cbet_flop_opp, f.cbet_flop) = (true, bet);
        } else {
            (f.cbet_turn_opp, f.cbet_turn) = (true, bet);
        }
        if bet {
            if s == 1 {
                cbets.flop = Some(p);
            } else {
                cbets.turn = Some(p);
            }
        }
    } else if m.level == 1 && m.bettor.is_some() && cbets.of(s) == m.bettor && m.bettor != Some(p) {
        let fold = kind == ActionKind::Fold;
        if s == 1 && !f.fold_cbet_flop_opp {
            (f.fold_cbet_flop_opp, f.fold_cbet_flop) = (true, fold);
        } else if s == 2 && !f.fold_cbet_turn_opp {
            (f.fold_cbet_turn_opp, f.fold_cbet_turn) = (true, fold);
        }
    }
}

/// The two players who act last on the first round before it comes back to its first actor
/// (`players` in seat order, as indexes into it).
pub fn late_stud(players: usize, first_actor: Option<usize>) -> Vec<usize> {
    let Some(at) = first_actor else {
        return Vec::new();
    };
    let after: Vec<usize> = (at + 1..players).chain(0..at).collect();
    after[after.len().saturating_sub(2)..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn situations_follow_the_level_and_the_callers() {
        assert_eq!(situation(0, 0), "unopened");
        assert_eq!(situation(0, 2), "limped");
        assert_eq!(situation(1, 0), "facing raise");
        assert_eq!(situation(3, 1), "facing re-raise");
    }

    #[test]
    fn the_late_players_are_the_two_before_the_first_actor() {
        assert_eq!(late_stud(5, Some(1)), vec![4, 0]);
        assert_eq!(late_stud(2, Some(0)), vec![1]);
        assert_eq!(late_stud(1, Some(0)), Vec::<usize>::new());
        assert!(late_stud(4, None).is_empty());
    }
}
