//! The `player_hands` rows of one hand (the facts of `core/src/facts/`) into their Arrow columns.

use crate::facts::row::PlayerRow;

use super::tables::PlayerHands;

/// Append the rows of one hand's players (one per player dealt in and not sitting out).
pub fn add_player_hands(t: &mut PlayerHands, rows: &[PlayerRow]) {
    for row in rows {
        add_row(t, row);
    }
}

fn add_row(t: &mut PlayerHands, r: &PlayerRow) {
    t.hand_key.append_value(r.hand_key);
    t.seat.append_value(i16::from(r.seat));
    t.player.append_value(&r.player);
    t.game.append_value(&r.game);
    t.profile.append_value(&r.profile);
    t.structure.append_value(r.structure);
    t.stakes.append_value(&r.stakes);
    t.currency.append_option(r.currency.as_deref());
    t.decimals.append_value(r.decimals as i8);
    t.tournament.append_value(r.tournament);
    t.played_at.append_option(r.played_at);
    t.position.append_option(r.position.as_deref());
    t.position_group.append_option(r.position_group);
    t.unit.append_option(r.unit);
    t.net.append_value(r.net);
    t.put_in.append_value(r.put_in);
    t.collected.append_value(r.collected);
    t.rake.append_value(r.rake);
    t.allin.append_value(r.allin);
    t.allin_adjusted.append_value(r.allin_adjusted);
    t.allin_se.append_value(r.allin_se);
    let f = &r.facts;
    t.walk.append_value(f.walk);
    t.vpip.append_value(f.vpip);
    t.pfr.append_value(f.pfr);
    t.situation.append_value(f.situation);
    t.post_bets.append_value(f.post_bets as i16);
    t.post_raises.append_value(f.post_raises as i16);
    t.post_calls.append_value(f.post_calls as i16);
    t.post_folds.append_value(f.post_folds as i16);
    t.post_checks.append_value(f.post_checks as i16);
    t.street_reached.append_value(f.street_reached as i16);
    t.saw_second.append_value(f.saw_second);
    t.showdown.append_value(f.showdown);
    t.won_showdown.append_value(f.won_showdown);
    t.won.append_value(f.won);
    t.three_bet_opp.append_value(f.three_bet_opp);
    t.three_bet.append_value(f.three_bet);
    t.fold_3bet_opp.append_value(f.fold_3bet_opp);
    t.fold_3bet.append_value(f.fold_3bet);
    t.cbet_flop_opp.append_value(f.cbet_flop_opp);
    t.cbet_flop.append_value(f.cbet_flop);
    t.fold_cbet_flop_opp.append_value(f.fold_cbet_flop_opp);
    t.fold_cbet_flop.append_value(f.fold_cbet_flop);
    t.cbet_turn_opp.append_value(f.cbet_turn_opp);
    t.cbet_turn.append_value(f.cbet_turn);
    t.fold_cbet_turn_opp.append_value(f.fold_cbet_turn_opp);
    t.fold_cbet_turn.append_value(f.fold_cbet_turn);
    t.steal_opp.append_value(f.steal_opp);
    t.steal.append_value(f.steal);
    t.fold_steal_opp.append_value(f.fold_steal_opp);
    t.fold_steal.append_value(f.fold_steal);
    t.bring_in.append_value(f.bring_in);
    t.complete_opp.append_value(f.complete_opp);
    t.complete.append_value(f.complete);
    t.fold_completion_opp.append_value(f.fold_completion_opp);
    t.fold_completion.append_value(f.fold_completion);
    t.best_showing_opp.append_value(f.best_showing_opp as i16);
    t.best_showing_bet.append_value(f.best_showing_bet as i16);
    t.showdown_class.append_option(f.showdown_class);
    t.draws.append_value(f.draws as i16);
    t.stand_pats.append_value(f.stand_pats as i16);
    t.cards_drawn.append_value(f.cards_drawn as i16);
    t.first_draw.append_value(f.first_draw);
    t.first_draw_pat.append_value(f.first_draw_pat);
    t.first_draw_cards.append_value(f.first_draw_cards as i16);
}
