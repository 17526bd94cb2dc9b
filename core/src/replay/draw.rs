//! The draw (5 Card Draw, 2-7 Single and Triple Draw, Badugi): on a draw street each player still
//! in, all-in or not, discards up to the street's limit or stands pat, once, in turn from the
//! dealer's left, before the street's betting; the cards he is dealt replace his discards.

use super::auditor::Auditor;
use super::findings::{Code, Finding};
use crate::model::Action;
use crate::said::{Cards, Said, Term};
use crate::say;

/// Check one draw and take the discards out of what the player is known to hold.
pub fn check_draw(ctx: &mut Auditor, index: usize, action: &Action, seat: usize) {
    let street = usize::from(action.street);
    let player = action.player.as_str();
    let name = ctx.street_name(street);
    let limit = ctx.spec.streets.get(street).map_or(0, |s| s.draw);
    if limit == 0 {
        ctx.find(
            Finding::new(
                Code::Draw,
                say!(
                    "{player} draws on {street}, which has no draw.",
                    player,
                    street = Term("street", name)
                ),
            )
            .at(index)
            .player(player)
            .expected(say!("a draw street"))
            .actual(Said::value(Term("street", name))),
        );
        return;
    }
    let seats = ctx.table.seats.len();
    ctx.draws.on(street, seats);
    if !ctx.table.seats[seat].live() {
        let message = say!("{player} draws after folding.", player);
        ctx.find(Finding::new(Code::Draw, message).at(index).player(player));
    }
    check_discard_count(ctx, index, action, limit);
    check_draw_turn(ctx, index, action, seat);
    ctx.draws.drawn[seat] = true;
    if ctx.draws.thrown.len() < seats {
        ctx.draws.thrown.resize(seats, Vec::new());
    }
    ctx.draws.thrown[seat].extend(&action.cards);
    discard_known(ctx, index, action, seat);
}

/// How many cards a draw discards: at most the street's limit, and no fewer than the log shows.
fn check_discard_count(ctx: &mut Auditor, index: usize, action: &Action, limit: u8) {
    let player = action.player.as_str();
    let name = ctx.street_name(usize::from(action.street));
    if !(0..=i64::from(limit)).contains(&action.amount) {
        let (n, most) = (Cards(action.amount), Cards(i64::from(limit)));
        ctx.find(
            Finding::new(
                Code::Draw,
                say!(
                    "{player} discards {n} on {street}; the game allows at most {most}.",
                    player,
                    n,
                    street = Term("street", name),
                    most
                ),
            )
            .at(index)
            .player(player)
            .expected(say!("0 to {limit}", limit))
            .actual(Said::value(action.amount)),
        );
    }
    if action.cards.len() as i64 > action.amount {
        let shown = action.cards.len() as i64;
        ctx.find(
            Finding::new(
                Code::Draw,
                say!(
                    "{player} discards {n} but the log shows {shown}.",
                    player,
                    n = Cards(action.amount),
                    shown = Cards(shown)
                ),
            )
            .at(index)
            .player(player)
            .expected(Said::value(action.amount))
            .actual(Said::value(shown)),
        );
    }
}

/// Each player draws once a street, in turn from the dealer's left.
fn check_draw_turn(ctx: &mut Auditor, index: usize, action: &Action, seat: usize) {
    let player = action.player.as_str();
    let name = ctx.street_name(usize::from(action.street));
    if ctx.draws.drawn[seat] {
        let message = say!(
            "{player} draws twice on {street}.",
            player,
            street = Term("street", name)
        );
        ctx.find(Finding::new(Code::Draw, message).at(index).player(player));
    } else {
        let next = ctx
            .table
            .from_dealer_left()
            .iter()
            .copied()
            .find(|&i| ctx.table.seats[i].live() && !ctx.draws.drawn[i]);
        if let Some(next) = next.filter(|&i| i != seat) {
            let waiting = ctx.table.seats[next].name;
            ctx.find(
                Finding::new(
                    Code::OutOfTurn,
                    say!(
                        "{player} draws out of turn: it is {waiting}'s turn to draw.",
                        player,
                        waiting
                    ),
                )
                .at(index)
                .player(player)
                .expected(say!("{waiting} to draw", waiting))
                .actual(say!("{player} draw", player)),
            );
        }
    }
}

/// Take the discards out of what the player is known to hold: a finding for a card he was not
/// dealt (when his cards are known at all).
fn discard_known(ctx: &mut Auditor, index: usize, action: &Action, seat: usize) {
    let player = action.player.as_str();
    let known = &mut ctx.known[seat];
    let held = !known.is_empty();
    let missing: Vec<String> = action
        .cards
        .iter()
        .filter(|c| !known.remove(c) && held)
        .map(ToString::to_string)
        .collect();
    if !missing.is_empty() {
        let text = missing.join(" ");
        ctx.find(
            Finding::new(
                Code::Draw,
                say!(
                    "{player} discards {cards}, which he was not dealt.",
                    player,
                    cards = &text
                ),
            )
            .at(index)
            .player(player)
            .actual(text),
        );
    }
}

/// A shown hand holds no card its player threw away (unless he was dealt it again).
pub fn check_shown(ctx: &mut Auditor, index: usize, action: &Action, seat: usize) {
    let Some(thrown) = ctx.draws.thrown.get(seat) else {
        return;
    };
    let back: Vec<String> = action
        .cards
        .iter()
        .filter(|c| thrown.contains(c) && !ctx.known[seat].contains(c))
        .map(ToString::to_string)
        .collect();
    if !back.is_empty() {
        let (player, text) = (action.player.as_str(), back.join(" "));
        ctx.find(
            Finding::new(
                Code::Draw,
                say!(
                    "{player} shows {cards}, which he discarded.",
                    player,
                    cards = &text
                ),
            )
            .at(index)
            .player(player)
            .actual(text),
        );
    }
}

/// At the end of a draw street's play: every player still in drew on it.
pub fn check_all_drew(ctx: &mut Auditor, street: usize) {
    if ctx.spec.streets.get(street).is_none_or(|s| s.draw == 0) || ctx.table.live_count() < 2 {
        return;
    }
    let seats = ctx.table.seats.len();
    ctx.draws.on(street, seats);
    let name = ctx.street_name(street);
    let missing: Vec<&str> = (0..seats)
        .filter(|&i| ctx.table.seats[i].live() && !ctx.draws.drawn[i])
        .map(|i| ctx.table.seats[i].name)
        .collect();
    for player in missing {
        ctx.find(
            Finding::new(
                Code::Draw,
                say!(
                    "{player} does not draw on {street}.",
                    player,
                    street = Term("street", name)
                ),
            )
            .player(player)
            .street(name)
            .expected(say!("{player} discards or stands pat", player)),
        );
    }
}
