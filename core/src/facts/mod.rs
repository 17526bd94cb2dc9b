//! Per-player facts of one hand: the rows of `player_hands` (definitions in docs/stats.md; the
//! stats sum them with `soko_analytics/store/facts.py`'s `ROLLUP`).
//!
//! Player statistics are sums of these facts, so each is computed once, at import, by one pass
//! over the hand's betting actions. Rounds are numbered as in the hand model: round 0 is the first
//! betting round (preflop, 3rd street), round 1 the second. A *raise level* counts the voluntary
//! raises of a round: on the first round the forced bets are level 0 and the first raise (or a
//! stud completion, or Sökö's opening bet) is level 1; on later rounds a bet is level 1 and each
//! raise adds one. What the game changes (positions from a button, best-showing openers, the
//! ranking, the cards of a final hand) comes from the game spec as data ([`GameFacts`]).

pub mod allin;
pub mod equity;
mod round0;
pub mod row;

use serde::Serialize;

use crate::cards::Card;
use crate::eval::Evaluator;
use crate::ledger::Flow;
use crate::model::{ActionKind, Hand};
use crate::spec::{FirstToAct, GameSpec};

use round0::{aggressive, stealer, voluntary, CbetMoment, Cbets, Moment};

/// The fact columns of [`Facts`], in the DDL's order (`facts.COLUMNS`).
pub const COLUMNS: [&str; 44] = [
    "walk",
    "vpip",
    "pfr",
    "situation",
    "post_bets",
    "post_raises",
    "post_calls",
    "post_folds",
    "post_checks",
    "street_reached",
    "saw_second",
    "showdown",
    "won_showdown",
    "won",
    "three_bet_opp",
    "three_bet",
    "fold_3bet_opp",
    "fold_3bet",
    "cbet_flop_opp",
    "cbet_flop",
    "fold_cbet_flop_opp",
    "fold_cbet_flop",
    "cbet_turn_opp",
    "cbet_turn",
    "fold_cbet_turn_opp",
    "fold_cbet_turn",
    "steal_opp",
    "steal",
    "fold_steal_opp",
    "fold_steal",
    "bring_in",
    "complete_opp",
    "complete",
    "fold_completion_opp",
    "fold_completion",
    "best_showing_opp",
    "best_showing_bet",
    "showdown_class",
    "draws",
    "stand_pats",
    "cards_drawn",
    "first_draw",
    "first_draw_pat",
    "first_draw_cards",
];

/// One player's facts in one hand (see docs/stats.md for each); serialized in [`COLUMNS`] order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Facts {
    pub walk: bool,
    pub vpip: bool,
    pub pfr: bool,
    pub situation: &'static str,
    pub post_bets: u32,
    pub post_raises: u32,
    pub post_calls: u32,
    pub post_folds: u32,
    pub post_checks: u32,
    pub street_reached: u8,
    pub saw_second: bool,
    pub showdown: bool,
    pub won_showdown: bool,
    pub won: bool,
    pub three_bet_opp: bool,
    pub three_bet: bool,
    pub fold_3bet_opp: bool,
    pub fold_3bet: bool,
    pub cbet_flop_opp: bool,
    pub cbet_flop: bool,
    pub fold_cbet_flop_opp: bool,
    pub fold_cbet_flop: bool,
    pub cbet_turn_opp: bool,
    pub cbet_turn: bool,
    pub fold_cbet_turn_opp: bool,
    pub fold_cbet_turn: bool,
    pub steal_opp: bool,
    pub steal: bool,
    pub fold_steal_opp: bool,
    pub fold_steal: bool,
    pub bring_in: bool,
    pub complete_opp: bool,
    pub complete: bool,
    pub fold_completion_opp: bool,
    pub fold_completion: bool,
    pub best_showing_opp: u32,
    pub best_showing_bet: u32,
    pub showdown_class: Option<&'static str>,
    /// Draw games: the draws the player took part in (standing pat is a draw of none), how many of
    /// them he stood pat, and the cards he drew in all.
    pub draws: u32,
    pub stand_pats: u32,
    pub cards_drawn: u32,
    /// He was at the first draw, stood pat there, and drew this many cards there.
    pub first_draw: bool,
    pub first_draw_pat: bool,
    pub first_draw_cards: u32,
    /// Rounds on which the player has made a decision (one bit per round number).
    #[serde(skip)]
    acted: [u64; 4],
}

impl Facts {
    fn new() -> Facts {
        Facts {
            situation: "no decision",
            ..Facts::default()
        }
    }

    fn has_acted(&self, round: u8) -> bool {
        self.acted[usize::from(round >> 6)] >> (round & 63) & 1 == 1
    }

    fn act(&mut self, round: u8) {
        self.acted[usize::from(round >> 6)] |= 1 << (round & 63);
    }
}

/// What the facts need to know of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFacts {
    /// Positions come from a button (hold'em); otherwise the stud facts apply.
    pub button: bool,
    /// Later rounds open with the best showing hand.
    pub best_showing: bool,
    /// Cards in a player's final hand, own and board (hold'em 7, Sökö 5).
    pub cards: usize,
    /// The street of the first draw (draw games).
    pub first_draw: Option<u8>,
}

impl GameFacts {
    pub fn of(spec: &GameSpec) -> GameFacts {
        GameFacts {
            button: spec.first_to_act.later_rounds == FirstToAct::LeftOfButton,
            best_showing: spec.first_to_act.later_rounds == FirstToAct::BestShowing,
            cards: usize::from(spec.cards_per_player()) + usize::from(spec.board_cards()),
            first_draw: spec
                .streets
                .iter()
                .position(|s| s.draw > 0)
                .and_then(|i| u8::try_from(i).ok()),
        }
    }
}

/// One player dealt in: the name, the seat's index in `hand.seats` and the hold'em position.
#[derive(Clone, Copy, Debug)]
pub struct Player<'a> {
    pub name: &'a str,
    pub seat: usize,
    pub position: Option<&'a str>,
}

/// The facts of each player dealt in (`players` in seat order), parallel to `players`.
/// `flows` is parallel to `hand.seats`; `ranking` values the showdown hands (None: no class).
pub fn hand_facts(
    hand: &Hand,
    game: &GameFacts,
    players: &[Player],
    flows: &[Flow],
    ranking: Option<&Evaluator>,
) -> Vec<Facts> {
    let mut facts = vec![Facts::new(); players.len()];
    let index = |name: &str| players.iter().position(|p| p.name == name);
    let betting: Vec<(usize, ActionKind, u8)> = hand
        .actions
        .iter()
        .filter(|a| a.kind.betting())
        .filter_map(|a| index(&a.player).map(|p| (p, a.kind, a.street)))
        .collect();
    let mut folded: Vec<Option<u8>> = vec![None; players.len()];
    let last_street = hand
        .deals
        .iter()
        .map(|d| d.street)
        .chain(betting.iter().map(|b| b.2))
        .max()
        .unwrap_or(0);

    let first_actor = first_actor(hand, &index, &mut facts);
    let late = if game.button {
        Vec::new()
    } else {
        round0::late_stud(players.len(), first_actor)
    };

    let mut round = Round::default();
    let mut cbets = Cbets::default();
    for &(p, kind, s) in &betting {
        let f = &mut facts[p];
        round.enter(s);
        let first_decision = !f.has_acted(s);
        f.act(s);
        if s == 0 {
            let moment = Moment {
                player: p,
                kind,
                level: round.level,
                callers: round.callers,
                first_decision,
                steal_open: round.steal_open,
                position: players[p].position,
            };
            round.steal_open =
                first_round_action(f, game, &moment, &round.raisers, first_actor, &late);
        } else {
            let moment = CbetMoment {
                player: p,
                kind,
                round: s,
                level: round.level,
                first_decision,
                aggressor: round.aggressor,
                bettor: round.bettor,
            };
            later_round_action(f, game, &moment, round.opened, &mut cbets);
        }
        if kind == ActionKind::Fold {
            folded[p] = Some(s);
        }
        round.after(p, kind, s);
    }

    draw_facts(hand, game, &index, &mut facts);

    let reached: Vec<(bool, u8)> = folded
        .iter()
        .map(|f| (f.is_some(), f.unwrap_or(last_street)))
        .collect();
    let showdown = |name: &str| ranking.and_then(|ev| showdown_class(hand, name, game, ev));
    end_of_hand(&mut facts, players, flows, &reached, &showdown);
    facts
}

/// A first-round action's facts (situation, VPIP, PFR, steals and their defence, stud's own); whether a steal
/// attempt still stands after it.
fn first_round_action(
    f: &mut Facts,
    game: &GameFacts,
    moment: &Moment,
    raisers: &[usize],
    first_actor: Option<usize>,
    late: &[usize],
) -> bool {
    if moment.first_decision {
        f.situation = round0::situation(moment.level, moment.callers);
    }
    f.vpip |= voluntary(moment.kind);
    f.pfr |= aggressive(moment.kind);
    if game.button {
        round0::holdem_round0(f, moment, raisers);
        steal_stands(moment)
    } else {
        round0::stud_round0(f, moment, first_actor, late)
    }
}

/// The betting of the round being played, as the facts read it.
#[derive(Default)]
struct Round {
    street: Option<u8>,
    /// Bets and raises so far this round.
    level: u32,
    callers: u32,
    raisers: Vec<usize>,
    /// The last raiser of the first round.
    aggressor: Option<usize>,
    /// A steal is standing with nobody in after it.
    steal_open: bool,
    /// Who bet this round (level 1 on rounds >= 1).
    bettor: Option<usize>,
    /// A betting action has been taken this round.
    opened: bool,
}

impl Round {
    /// Start the round of street `s` if it is a new one.
    fn enter(&mut self, s: u8) {
        if self.street != Some(s) {
            self.street = Some(s);
            (self.level, self.callers, self.bettor, self.opened) = (0, 0, None, false);
            self.raisers.clear();
        }
    }

    /// What player `p`'s action of kind `kind` on street `s` leaves.
    fn after(&mut self, p: usize, kind: ActionKind, s: u8) {
        if kind == ActionKind::Call {
            self.callers += 1;
        } else if aggressive(kind) {
            self.level += 1;
            self.raisers.push(p);
            if s == 0 {
                self.aggressor = Some(p);
            } else if self.level == 1 {
                self.bettor = Some(p);
            }
        }
        self.opened = true;
    }
}

/// The first round's opener: who posts the bring-in (marked in his facts), else who bets first.
fn first_actor(
    hand: &Hand,
    index: &impl Fn(&str) -> Option<usize>,
    facts: &mut [Facts],
) -> Option<usize> {
    for a in hand.actions.iter().filter(|a| a.street == 0) {
        if let Some(p) = index(&a.player) {
            if a.kind == ActionKind::BringIn {
                facts[p].bring_in = true;
                return Some(p);
            }
            if a.kind.betting() {
                return Some(p);
            }
        }
    }
    None
}

/// Whether a steal is standing after a hold'em first-round action: a first raise from a stealing
/// position with nobody in opens one, anyone coming in after it ends it.
fn steal_stands(m: &Moment) -> bool {
    let opens = m.first_decision
        && m.level == 0
        && m.callers == 0
        && stealer(m.position)
        && m.kind == ActionKind::Raise;
    opens || (m.steal_open && !voluntary(m.kind))
}

/// A later round's action: the post-flop counts, the best showing hand's bet, the continuation bets.
fn later_round_action(
    f: &mut Facts,
    game: &GameFacts,
    m: &CbetMoment,
    opened: bool,
    cbets: &mut Cbets,
) {
    match m.kind {
        ActionKind::Bet | ActionKind::Complete => f.post_bets += 1,
        ActionKind::Raise => f.post_raises += 1,
        ActionKind::Call => f.post_calls += 1,
        ActionKind::Fold => f.post_folds += 1,
        _ => f.post_checks += 1,
    }
    if game.best_showing && !opened {
        f.best_showing_opp += 1;
        f.best_showing_bet += u32::from(m.kind == ActionKind::Bet);
    }
    if game.button && (m.round == 1 || m.round == 2) {
        round0::cbet(f, m, cbets);
    }
}

/// How far each player got (`reached`: folded, and the street reached) and how the hand ended for
/// him: won, showdown, a walk, the class of his showdown hand (`showdown`).
fn end_of_hand(
    facts: &mut [Facts],
    players: &[Player],
    flows: &[Flow],
    reached: &[(bool, u8)],
    showdown: &impl Fn(&str) -> Option<&'static str>,
) {
    let contested = reached.iter().filter(|(out, _)| !out).count() >= 2;
    let many = players.len() > 1;
    for (p, f) in facts.iter_mut().enumerate() {
        let (out, street) = reached[p];
        f.street_reached = street;
        f.saw_second = f.street_reached >= 1;
        let collected = flows.get(players[p].seat).map_or(0, |fl| fl.collected);
        f.won = collected > 0;
        f.showdown = contested && !out;
        f.won_showdown = f.showdown && f.won;
        f.walk = !f.has_acted(0) && !contested && !out && many;
        if f.walk {
            f.situation = "walk";
        }
        if f.showdown {
            f.showdown_class = showdown(players[p].name);
        }
    }
}

/// Each player's draws: how many, standing pat, the cards drawn, and the first draw's.
fn draw_facts(
    hand: &Hand,
    game: &GameFacts,
    index: &impl Fn(&str) -> Option<usize>,
    facts: &mut [Facts],
) {
    for a in hand.actions.iter().filter(|a| a.kind == ActionKind::Draw) {
        let Some(f) = index(&a.player).map(|p| &mut facts[p]) else {
            continue;
        };
        let cards = u32::try_from(a.amount).unwrap_or(0);
        f.draws += 1;
        f.stand_pats += u32::from(cards == 0);
        f.cards_drawn += cards;
        if game.first_draw == Some(a.street) && !f.first_draw {
            (f.first_draw, f.first_draw_pat, f.first_draw_cards) = (true, cards == 0, cards);
        }
    }
}

/// The class of the player's final hand (`four_flush`, `full_house`), where all its cards are
/// known: dealt (first run), shown or mucked, and the board.
pub fn showdown_class(
    hand: &Hand,
    player: &str,
    game: &GameFacts,
    ev: &Evaluator,
) -> Option<&'static str> {
    let mut cards: Vec<Card> = Vec::with_capacity(8);
    let mut add = |c: Card| {
        if !cards.contains(&c) {
            cards.push(c);
        }
    };
    for d in &hand.deals {
        if d.player.as_deref() == Some(player) && d.run == 0 {
            d.cards.iter().flatten().copied().for_each(&mut add);
        }
    }
    for a in &hand.actions {
        if a.player == player && matches!(a.kind, ActionKind::Show | ActionKind::Muck) {
            a.cards.iter().copied().for_each(&mut add);
        }
    }
    for d in &hand.deals {
        if d.player.is_none() && d.run == 0 {
            d.cards.iter().flatten().copied().for_each(&mut add);
        }
    }
    if cards.len() != game.cards || !(5..=7).contains(&cards.len()) {
        return None;
    }
    ev.hand_class(ev.value(&cards)).map(|c| c.as_str())
}
