//! The end of a hand: uncalled bet, pot total, rake, showdown, pots and who is paid (RULES.md §2
//! items 10, 18–20).
//!
//! The log's payouts are compared with the replay's under every rake and odd-chip convention a
//! real log could follow (RULES.md §1, last paragraph); the first that fits is reported, and an
//! error is raised only when none fits.

use crate::model::{ActionKind, Hand};

use super::auditor::{Auditor, Convention, Half, PotResult, Who};
use super::boards::{self, Board};
use super::findings::{Code, Finding, Severity, STREET_SHOWDOWN};
use super::pots::{
    award, build_pots, payouts, rake_pots, share_out, split, Award, Pot, RakeConvention, Tally,
};
use super::Fault;
use crate::said::{Amount, Term};
use crate::say;

/// Where money the house adds to a hand (STP) is paid: with the main pot (tried first), or with
/// the last side pot.
const HOUSE_MONEY_PLACES: [(&str, bool); 2] = [("main pot", false), ("last pot", true)];

fn pot_fault(e: super::pots::PotError<Who>) -> Fault {
    Fault(format!("pots: {e}"))
}

pub fn settle(ctx: &mut Auditor) -> Result<(), Fault> {
    let hand = ctx.hand;
    let m = ctx.amounts();
    uncalled(ctx);
    let total = ctx.table.pot + ctx.result.added;
    check_total_pot(ctx);
    let rake = hand.rake.unwrap_or(0);
    ctx.result.rake = rake;
    let collected = ctx.result.collected.total();
    if rake < 0 || hand.total_pot.is_some_and(|t| rake > t) {
        let message = say!(
            "The rake of {rake} is not between 0 and the pot.",
            rake = m(rake)
        );
        ctx.find(
            Finding::new(Code::Rake, message)
                .expected(say!("0 to {total}", total = m(total)))
                .actual(m(rake))
                .street(STREET_SHOWDOWN),
        );
    } else if let Some(total_pot) = hand.total_pot {
        if collected != 0 && collected + rake != total_pot {
            let message = say!(
                "The players collect {collected} and the rake is {rake}, which is not the total \
                 pot of {total}.",
                collected = m(collected),
                rake = m(rake),
                total = m(total_pot)
            );
            ctx.find(
                Finding::new(Code::Rake, message)
                    .expected(m(total_pot))
                    .actual(m(collected + rake))
                    .street(STREET_SHOWDOWN),
            );
        }
    }
    let boards = boards::showdown(ctx)?;
    let claims = hand.actions.iter().any(|a| a.kind == ActionKind::Collect);
    award_pots(ctx, &boards, rake, claims)?;
    let mut cash: Tally<Who> = Tally::new();
    for (a, &who) in hand.actions.iter().zip(&ctx.actors) {
        match a.kind {
            ActionKind::CashOut => cash.add(who, a.amount),
            ActionKind::Insurance => cash.add(who, a.amount - a.fee),
            _ => {}
        }
    }
    let r = &mut ctx.result;
    let paid = if claims { &r.collected } else { &r.payouts };
    let mut stacks = Tally::new();
    for (i, s) in ctx.table.seats.iter().enumerate() {
        stacks.set(i, s.stack + paid.get(i) + cash.get(i));
    }
    r.stacks = stacks;
    if !hand.finishing_stacks.is_empty() {
        check_finishing_stacks(ctx);
    }
    Ok(())
}

/// The log's total pot against what the players put in (and the house added).
fn check_total_pot(ctx: &mut Auditor) {
    let m = ctx.amounts();
    let (added, put) = (ctx.result.added, ctx.table.pot);
    let total = put + added;
    if let Some(total_pot) = ctx.hand.total_pot.filter(|&t| t != total) {
        let message = if added != 0 {
            say!(
                "The log's total pot is {said}, but the players put in {put} and the house \
                 added {added}, {total} in all.",
                said = m(total_pot),
                put = m(put),
                added = m(added),
                total = m(total)
            )
        } else {
            say!(
                "The log's total pot is {said}, but the players put in {put}.",
                said = m(total_pot),
                put = m(put)
            )
        };
        let said = m(total_pot);
        ctx.find(
            Finding::new(Code::PotTotal, message)
                .expected(m(total))
                .actual(said)
                .street(STREET_SHOWDOWN),
        );
    }
}

/// The seat indices 0..n in order (borrowed for the usual table sizes).
fn seat_order(n: usize) -> std::borrow::Cow<'static, [Who]> {
    const IDENTITY: [Who; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    match IDENTITY.get(..n) {
        Some(order) => std::borrow::Cow::Borrowed(order),
        None => std::borrow::Cow::Owned((0..n).collect()),
    }
}

/// PHH states the stacks after the hand instead of collects: compare them with the replay's.
fn check_finishing_stacks(ctx: &mut Auditor) {
    let hand = ctx.hand;
    let m = ctx.amounts();
    for (seat, &claimed) in hand.seats.iter().zip(&hand.finishing_stacks) {
        let ours = ctx
            .table
            .index_of(&seat.name)
            .and_then(|i| ctx.result.stacks.lookup(i))
            .unwrap_or(seat.stack);
        if ours != claimed {
            let (said, left) = (m(claimed), m(ours));
            let decimals = hand.stakes.decimals;
            let message = say!(
                "{player} ends with {said}, but the replay leaves {left}.",
                player = &seat.name,
                said = Amount::new(claimed, decimals),
                left = Amount::new(ours, decimals)
            );
            ctx.find(
                Finding::new(Code::Payout, message)
                    .player(&seat.name)
                    .expected(left)
                    .actual(said)
                    .street(STREET_SHOWDOWN),
            );
        }
    }
}

/// Return the uncalled bet; compare it with the log's `Uncalled bet` line, if any.
fn uncalled(ctx: &mut Auditor) {
    let hand = ctx.hand;
    let back = ctx.table.return_uncalled().or_else(|| {
        let (seat, chips) = ctx.returned?;
        ctx.table.give_back(seat, chips);
        Some((seat, chips))
    });
    let (mut who, mut amount) = match back {
        Some((seat, amount)) => (Some(seat), amount),
        None => (None, 0),
    };
    if let Some((seat, layer)) = unmatched_layer(ctx, who, amount) {
        // The site returns as uncalled a layer of dead money nobody else could match (an ante
        // above an all-in's whole stack): the pot only its owner could win.
        ctx.table.give_back(seat, layer);
        (who, amount) = (Some(seat), amount + layer);
    }
    ctx.result.uncalled = (who, amount);
    // Python tests the name's truth: an empty name counts as nobody.
    let who = who.filter(|&w| !ctx.result.name(w).is_empty());
    let mut logged: Tally<Who> = Tally::new();
    for &i in &ctx.log_uncalled {
        logged.add(ctx.actors[i], hand.actions[i].amount);
    }
    if !logged.is_empty() {
        let same = who.is_some_and(|w| logged.len() == 1 && logged.lookup(w) == Some(amount));
        if !same {
            uncalled_differs(ctx, &logged, who, amount);
        }
        return;
    }
    let (Some(who), Some(total_pot)) = (who, hand.total_pot) else {
        return;
    };
    let put: i64 = ctx.table.seats.iter().map(|s| s.total).sum();
    if total_pot == put + ctx.result.added + amount {
        // The site let the bettor collect his own uncalled chips from the pot.
        let seat = &mut ctx.table.seats[who];
        seat.total += amount;
        seat.stack -= amount;
        ctx.table.pot += amount;
        ctx.result.uncalled = (None, 0);
        let name = ctx.result.name(who);
        let message = say!(
            "The log returns no uncalled bet: {player}'s {amount} stays in the pot.",
            player = name,
            amount = Amount::new(amount, hand.stakes.decimals)
        );
        ctx.find(Finding::info(message).player(name).street(STREET_SHOWDOWN));
    }
}

/// The log's `Uncalled bet` lines (`logged`) differ from the replay's return (`who`, `amount`).
fn uncalled_differs(ctx: &mut Auditor, logged: &Tally<Who>, who: Option<Who>, amount: i64) {
    let m = ctx.amounts();
    let names = &ctx.result;
    let said: Vec<String> = logged
        .iter()
        .map(|(p, a)| format!("{} to {}", m(a), names.name(p)))
        .collect();
    let listed: Vec<String> = logged
        .iter()
        .map(|(p, a)| format!("{} {}", names.name(p), m(a)))
        .collect();
    let said = said.join(" and ");
    let (message, expected) = match who.map(|w| names.name(w)) {
        Some(w) => (
            say!(
                "The log returns {said} as the uncalled bet; the uncalled bet is \
                 {amount} to {player}.",
                said = &said,
                amount = Amount::new(amount, ctx.hand.stakes.decimals),
                player = w
            ),
            say!("{player} {amount}", player = w, amount = m(amount)),
        ),
        None => (
            say!(
                "The log returns {said} as the uncalled bet; no bet is uncalled.",
                said = &said
            ),
            say!("none"),
        ),
    };
    ctx.find(
        Finding::new(Code::PotTotal, message)
            .expected(expected)
            .actual(listed.join(", "))
            .street(STREET_SHOWDOWN),
    );
}

/// The log's one uncalled return, where it is ours (`who`, `amount`) plus all its player put in
/// above every other player's total: that layer, with the seat.
fn unmatched_layer(ctx: &Auditor, who: Option<usize>, amount: i64) -> Option<(usize, i64)> {
    let [index] = ctx.log_uncalled[..] else {
        return None;
    };
    let seat = ctx.seat(ctx.actors[index])?;
    if who.is_some_and(|w| w != seat) {
        return None;
    }
    let seats = &ctx.table.seats;
    let others = (0..seats.len()).filter(|&i| i != seat);
    let layer = seats[seat].total - others.map(|i| seats[i].total).max()?;
    let logged = ctx.hand.actions[index].amount;
    (layer > 0 && logged == amount + layer).then_some((seat, layer))
}

/// A hi/lo pot's shares with their winners and hands (high first; the high alone where nobody
/// qualifies for the low); none in a game of one share.
fn halves(ctx: &Auditor, board: &Board, award: &Award<Who>, eligible: usize) -> Vec<Half> {
    let shares = ctx.values.map_or(1, |j| j.shares());
    if shares < 2 || award.parts.is_empty() || eligible < 2 {
        return Vec::new(); // one share, undetermined, or uncontested
    }
    award
        .parts
        .iter()
        .enumerate()
        .map(|(share, winners)| {
            let value = winners
                .iter()
                .find_map(|&w| board.description(w)?.share(share).cloned());
            Half {
                label: ctx.values.and_then(|j| j.label(share)).map(str::to_string),
                winners: winners.clone(),
                value,
            }
        })
        .collect()
}

/// Who gets odd chips first: left of the dealer (RULES §2 item 20); with no button, seat order
/// or the highest card by suit (PokerStars stud conventions).
fn odd_chip_orders(ctx: &Auditor) -> Vec<(&'static str, Vec<Who>)> {
    let table = &ctx.table;
    let first = if ctx.hand.button.is_some() {
        "left of the dealer"
    } else {
        "seat order"
    };
    let mut orders = vec![(first, table.from_dealer_left().to_vec())];
    if ctx.hand.button.is_none() {
        let top = |i: usize| {
            let known = ctx.known[i].as_slice();
            known.iter().map(|c| i16::from(c.0)).max().unwrap_or(-1)
        };
        let mut by_card: Vec<Who> = (0..table.seats.len()).collect();
        by_card.sort_by_key(|&i| std::cmp::Reverse(top(i)));
        orders.push(("highest card by suit", by_card));
    }
    orders
}

/// One way of paying the pots: the odd-chip order, rake convention and house-money place tried.
struct Try<'o> {
    convention: Convention,
    /// The odd-chip order it paid in.
    order: &'o [Who],
    /// What each board pays (one board unless the hand was run twice).
    boards: Vec<BoardPaid>,
    /// What each player collects in all.
    paid: Tally<Who>,
}

/// What one board pays: each pot's award on its hands, the pot's net part for the board, and who
/// collects what.
struct BoardPaid {
    awards: Vec<Award<Who>>,
    nets: Vec<i64>,
    paid: Tally<Who>,
}

/// Each pot's amount split between the boards: equal parts in whole chip units, the odd chips to
/// the first board (a hand run twice: PokerStars pays the first board the odd cent).
fn per_board(amounts: &[i64], boards: usize, unit: i64) -> Result<Vec<Vec<i64>>, Fault> {
    let runs: Vec<usize> = (0..boards.max(1)).collect();
    let mut out = vec![Vec::with_capacity(amounts.len()); runs.len()];
    for &amount in amounts {
        for (run, part) in split(amount, &runs, &runs, unit).map_err(pot_fault)? {
            out[run].push(part);
        }
    }
    Ok(out)
}

/// Award every board's part of each pot on that board's hands (hi/lo per board too).
fn pay_boards(
    pots: &[Pot<Who>],
    boards: &[Board],
    amounts: &[i64],
    order: &[Who],
    unit: i64,
) -> Result<(Vec<BoardPaid>, Tally<Who>), Fault> {
    let mut total = Tally::new();
    let mut out = Vec::with_capacity(boards.len());
    for (board, nets) in boards.iter().zip(per_board(amounts, boards.len(), unit)?) {
        let awards = award(pots, &board.values, order, unit).map_err(pot_fault)?;
        let paid = payouts(&awards, &nets, order, unit).map_err(pot_fault)?;
        for (p, v) in paid.iter() {
            total.add(p, v);
        }
        out.push(BoardPaid { awards, nets, paid });
    }
    Ok((out, total))
}

/// The log's collects board by board, where the hand was run twice and each collect says its
/// board (`*** FIRST SHOW DOWN ***`...); None otherwise.
fn collected_by_board(ctx: &Auditor, boards: usize) -> Option<Vec<Tally<Who>>> {
    if boards < 2 {
        return None;
    }
    let mut out = vec![Tally::new(); boards];
    for (a, &who) in ctx.hand.actions.iter().zip(&ctx.actors) {
        if a.kind == ActionKind::Collect {
            let board = usize::from(a.run).checked_sub(1)?;
            out.get_mut(board)?.add(who, a.amount);
        }
    }
    Some(out)
}

/// Whether a way of paying gives what the log says each player collected (on each board, where
/// the log says).
fn fits(t: &Try, collected: &Tally<Who>, by_board: Option<&[Tally<Who>]>) -> bool {
    same(&t.paid, collected)
        && by_board.is_none_or(|c| c.iter().zip(&t.boards).all(|(c, b)| same(&b.paid, c)))
}

/// Build and award the pots; compare with the log's collects when it states them.
fn award_pots(ctx: &mut Auditor, boards: &[Board], rake: i64, claims: bool) -> Result<(), Fault> {
    let Some(pots) = hand_pots(ctx) else {
        return Ok(());
    };
    if !(0..=pots.iter().map(|p| p.amount).sum()).contains(&rake) {
        return Ok(()); // already a rake finding: no split can be built on it
    }
    let orders = odd_chip_orders(ctx);
    let by_board = collected_by_board(ctx, boards.len());
    let Some(chosen) = choose_payment(ctx, &pots, boards, rake, &orders, by_board.as_deref())?
    else {
        return Ok(());
    };
    record_pots(ctx, &chosen, &pots, boards)?;
    if !claims {
        return Ok(());
    }
    let unit = ctx.spec.options.chip_unit;
    let check = Claims {
        chosen: &chosen,
        pots: &pots,
        boards,
        rake,
        order: &orders[0].1,
        by_board: by_board.as_deref(),
    };
    check_claims(ctx, &check, unit)
}

/// The hand's pots, main then side pots, built from what each player put in (None, with a
/// finding where one is due, when there is nothing to award or no pot can be built).
fn hand_pots(ctx: &mut Auditor) -> Option<Vec<Pot<Who>>> {
    let seats = &ctx.table.seats;
    let put_in = || seats.iter().enumerate().filter(|(_, s)| s.total != 0);
    put_in().next()?;
    if ctx.table.live_count() == 0 {
        ctx.find(
            Finding::new(
                Code::IllegalAction,
                say!("Everyone folded: nobody is left to win the pot."),
            )
            .expected(say!("one player left in"))
            .actual(say!("none"))
            .street(STREET_SHOWDOWN),
        );
        return None;
    }
    let first_dead = put_in().next().map_or(0, |(_, s)| s.dead);
    let unequal_dead = put_in().any(|(_, s)| s.dead != first_dead)
        && put_in().all(|(_, s)| s.total > s.dead || s.folded);
    // With a big blind ante or a dead blind, the dead money goes into the main pot and the pots
    // are layered by the live chips.
    let contributions: Vec<(Who, i64)> = if unequal_dead {
        let live_chips = seats.iter().map(|s| s.total - s.dead).enumerate();
        live_chips.filter(|&(_, c)| c != 0).collect()
    } else {
        put_in().map(|(i, s)| (i, s.total)).collect()
    };
    let folded: Vec<Who> = (0..seats.len()).filter(|&i| seats[i].folded).collect();
    let order = seat_order(seats.len());
    let mut pots = match build_pots(&contributions, &folded, &order) {
        Ok(pots) => pots,
        Err(err) => {
            let message = say!(
                "The pots cannot be built: {reason}.",
                reason = Term("pot_error", &err.reason)
            );
            ctx.find(Finding::new(Code::Payout, message).street(STREET_SHOWDOWN));
            return None;
        }
    };
    if unequal_dead && !pots.is_empty() {
        pots[0].amount += seats.iter().map(|s| s.dead).sum::<i64>();
    }
    Some(pots)
}

/// The way of paying the pots that gives what the log says each player collected, trying every
/// odd-chip order, rake convention and place of the house's money in turn; else the first tried.
fn choose_payment<'o>(
    ctx: &Auditor,
    pots: &[Pot<Who>],
    boards: &[Board],
    rake: i64,
    orders: &'o [(&'static str, Vec<Who>)],
    by_board: Option<&[Tally<Who>]>,
) -> Result<Option<Try<'o>>, Fault> {
    let unit = ctx.spec.options.chip_unit;
    let added = ctx.result.added;
    let places = if added != 0 && pots.len() > 1 {
        &HOUSE_MONEY_PLACES[..]
    } else {
        &HOUSE_MONEY_PLACES[..1]
    };
    let mut first: Option<Try> = None;
    for (odd_chip, odd_order) in orders {
        for rake_convention in RakeConvention::ALL {
            for &(place, last) in places {
                let mut nets = rake_pots(pots, rake, rake_convention).map_err(pot_fault)?;
                let at = if last {
                    nets.len().checked_sub(1)
                } else {
                    Some(0)
                };
                let slot = at
                    .and_then(|at| nets.get_mut(at))
                    .ok_or_else(|| Fault("no pot to add the house money to (IndexError)".into()))?;
                *slot += added;
                let (paid_boards, paid) = pay_boards(pots, boards, &nets, odd_order, unit)?;
                let convention = Convention::Paid {
                    rake: rake_convention,
                    odd_chip,
                    house: (added != 0).then_some(place),
                };
                let t = Try {
                    convention,
                    order: odd_order,
                    boards: paid_boards,
                    paid,
                };
                if fits(&t, &ctx.result.collected, by_board) {
                    return Ok(Some(t));
                }
                if first.is_none() {
                    first = Some(t);
                }
            }
        }
    }
    Ok(first)
}

/// The verdict's payouts, convention and pot rows, from the way of paying chosen.
fn record_pots(
    ctx: &mut Auditor,
    chosen: &Try,
    pots: &[Pot<Who>],
    boards: &[Board],
) -> Result<(), Fault> {
    let unit = ctx.spec.options.chip_unit;
    let mut payouts_made = Tally::new();
    for (p, v) in chosen.paid.nonzero() {
        payouts_made.set(p, v);
    }
    ctx.result.payouts = payouts_made;
    ctx.result.convention = Some(chosen.convention);
    let several = boards.len() > 1;
    for (run, (b, board)) in chosen.boards.iter().zip(boards).enumerate() {
        for (a, &net) in b.awards.iter().zip(&b.nets) {
            let best = a
                .winners
                .iter()
                .find_map(|&w| board.description(w).filter(|d| !d.is_empty()))
                .cloned();
            let mut winners = Tally::new();
            if !a.parts.is_empty() {
                let shares = share_out(net, &a.parts, chosen.order, unit).map_err(pot_fault)?;
                for (w, share) in shares {
                    winners.set(w, share);
                }
            }
            let halves = halves(ctx, board, a, pots[a.index].eligible.len());
            ctx.result.pots.push(PotResult {
                amount: net,
                eligible: pots[a.index].eligible.clone(),
                winners,
                value: best,
                halves,
                board: if several { run + 1 } else { 0 },
            });
        }
    }
    Ok(())
}

/// What the log's collects are checked against: the way of paying chosen and what it was built on.
struct Claims<'a, 'o> {
    chosen: &'a Try<'o>,
    pots: &'a [Pot<Who>],
    boards: &'a [Board],
    rake: i64,
    /// The first odd-chip order, which the gross payouts are split in.
    order: &'a [Who],
    by_board: Option<&'a [Tally<Who>]>,
}

/// Compare the log's collects with the payouts chosen: a finding for each difference that no
/// convention of a real log explains.
fn check_claims(ctx: &mut Auditor, c: &Claims, unit: i64) -> Result<(), Fault> {
    let paid = &c.chosen.paid;
    let awards: Vec<Award<Who>> = c
        .chosen
        .boards
        .iter()
        .flat_map(|b| b.awards.iter().cloned())
        .collect();
    if awards.iter().any(|a| a.winners.is_empty()) {
        ctx.find(
            Finding::info(say!(
                "A pot is won by a hand the log does not show, so its winner is not checked."
            ))
            .street(STREET_SHOWDOWN),
        );
        return Ok(());
    }
    if same(paid, &ctx.result.collected) {
        if let Some(by_board) = c.by_board {
            board_findings(ctx, &c.chosen.boards, by_board);
        }
        return Ok(());
    }
    if let Some(name) = unseen_collector(ctx) {
        let message = say!(
            "{player} collects without showing the hand the log says wins, so who wins is not \
             checked.",
            player = &name
        );
        ctx.find(Finding::info(message).street(STREET_SHOWDOWN));
        return Ok(());
    }
    if odd_chips_elsewhere(paid, &ctx.result.collected, &awards, unit) {
        odd_chip_finding(ctx, paid);
        return Ok(());
    }
    let gross = gross_payouts(ctx, c, unit)?;
    if uneven_rake(&gross, &ctx.result.collected, c.rake) {
        ctx.result.convention = Some(Convention::UnevenRake);
        ctx.find(
            Finding::info(say!(
                "The rake is taken unevenly from the winners' shares; each winner got no more \
                 than that winner's share."
            ))
            .street(STREET_SHOWDOWN),
        );
        return Ok(());
    }
    payout_findings(ctx, paid, &awards);
    Ok(())
}

/// What each winner would collect before rake (the house's money in the main pot).
fn gross_payouts(ctx: &Auditor, c: &Claims, unit: i64) -> Result<Tally<Who>, Fault> {
    let mut gross_pots: Vec<i64> = c.pots.iter().map(|p| p.amount).collect();
    if let Some(main) = gross_pots.first_mut() {
        *main += ctx.result.added;
    }
    let mut gross = Tally::new();
    let gross_parts = per_board(&gross_pots, c.boards.len(), unit)?;
    for (b, nets) in c.chosen.boards.iter().zip(&gross_parts) {
        let board = payouts(&b.awards, nets, c.order, unit).map_err(pot_fault)?;
        for (p, v) in board.iter() {
            gross.add(p, v);
        }
    }
    Ok(gross)
}

/// A player still holding cards at a showdown of two or more who collects in the log, whose hand the
/// log never shows (partypoker: `wins $0.33 USD from the main pot with a pair of Aces`, no cards).
fn unseen_collector(ctx: &Auditor) -> Option<String> {
    let table = &ctx.table;
    if table.live_count() < 2 {
        return None;
    }
    let r = &ctx.result;
    r.collected
        .nonzero()
        .find(|&(p, _)| {
            p < table.seats.len() && table.seats[p].live() && r.description(p).is_none()
        })
        .map(|(p, _)| r.name(p).to_string())
}

/// A hand run twice whose collects add up, but not board by board: who collects what on a board
/// is not what that board's hands win of its part of the pots.
fn board_findings(ctx: &mut Auditor, boards: &[BoardPaid], by_board: &[Tally<Who>]) {
    let m = ctx.amounts();
    let mut found = Vec::new();
    for (run, (b, got)) in boards.iter().zip(by_board).enumerate() {
        let mut players: Vec<Who> = b.paid.nonzero().map(|(p, _)| p).collect();
        players.extend(got.nonzero().map(|(p, _)| p));
        players.sort_unstable();
        players.dedup();
        for p in players {
            let (due, said) = (b.paid.get(p), got.get(p));
            if due == said {
                continue;
            }
            let name = ctx.result.name(p);
            let message = say!(
                "On board {board}, {player} collects {said}, but that board's hands win {player} \
                 {due} of its part of the pots.",
                board = run + 1,
                player = name,
                said = m(said),
                due = m(due)
            );
            found.push(
                Finding::new(Code::Payout, message)
                    .player(name)
                    .expected(m(due))
                    .actual(m(said))
                    .street(STREET_SHOWDOWN),
            );
        }
    }
    for f in found {
        ctx.find(f);
    }
}

/// The same players with the same non-zero amounts.
fn same(paid: &Tally<Who>, collected: &Tally<Who>) -> bool {
    paid.nonzero().count() == collected.nonzero().count()
        && paid.nonzero().all(|(p, v)| collected.get(p) == v)
}

/// The same players with non-zero amounts.
fn same_players(a: &Tally<Who>, b: &Tally<Who>) -> bool {
    a.nonzero().count() == b.nonzero().count() && a.nonzero().all(|(p, _)| b.get(p) != 0)
}

fn wins(awards: &[Award<Who>], who: Who) -> bool {
    awards.iter().any(|a| a.winners.contains(&who))
}

/// The same winners, each within one chip unit per split pot he shares of the rule's amount.
fn odd_chips_elsewhere(
    paid: &Tally<Who>,
    collected: &Tally<Who>,
    awards: &[Award<Who>],
    unit: i64,
) -> bool {
    if !same_players(paid, collected) || paid.total() != collected.total() {
        return false;
    }
    paid.iter().all(|(player, due)| {
        let shared = awards
            .iter()
            .filter(|a| a.winners.len() > 1 && a.winners.contains(&player))
            .count() as i64;
        (collected.get(player) - due).abs() <= unit.saturating_mul(shared)
    })
}

/// Odd chips paid to other tied winners than the rule's: an error where the rules the log follows
/// state the odd-chip rule, a warning where the convention is the site's own (RULES.md §1).
fn odd_chip_finding(ctx: &mut Auditor, paid: &Tally<Who>) {
    let m = ctx.amounts();
    let r = &ctx.result;
    let listed = |t: &Tally<Who>| -> String {
        let parts: Vec<String> = t
            .nonzero()
            .map(|(p, a)| format!("{} {}", r.name(p), m(a)))
            .collect();
        parts.join(", ")
    };
    let (expected, actual) = (listed(paid), listed(&r.collected));
    let finding = if ctx.spec.odd_chip_stated == Some(true) {
        Finding::new(
            Code::OddChip,
            say!(
                "The odd chips of a split went to other tied winners than the rules of {rules} \
                 give them to: the tied winner nearest the dealer's left gets the first odd chip \
                 (the split pays {expected}).",
                rules = &ctx.hand.rules,
                expected = &expected
            ),
        )
    } else {
        Finding::new(
            Code::OddChip,
            say!(
                "The odd chips of a split went to other tied winners than the dealer's-left rule \
                 gives them to; {site} does not document its convention.",
                site = &ctx.hand.site
            ),
        )
        .severity(Severity::Warning)
    };
    ctx.find(
        finding
            .street(STREET_SHOWDOWN)
            .expected(expected)
            .actual(actual),
    );
}

/// The winners are right and each got at most his share before rake, the rake making up the rest.
fn uneven_rake(gross: &Tally<Who>, collected: &Tally<Who>, rake: i64) -> bool {
    same_players(gross, collected)
        && gross.nonzero().all(|(w, due)| collected.get(w) <= due)
        && gross.total() - collected.total() == rake
}

fn payout_findings(ctx: &mut Auditor, paid: &Tally<Who>, awards: &[Award<Who>]) {
    let m = ctx.amounts();
    let r = &ctx.result;
    let seats = ctx.table.seats.len();
    let mut winners: Vec<Who> = awards
        .iter()
        .flat_map(|a| a.winners.iter().copied())
        .collect();
    winners.sort_unstable();
    winners.dedup();
    let tied = awards.iter().any(|a| a.winners.len() > 1);
    let mut players: Vec<Who> = Vec::new();
    for (p, _) in paid.iter().chain(r.collected.iter()) {
        if !players.contains(&p) {
            players.push(p);
        }
    }
    // Seats in seat order, then the players without a seat (Python: position 99).
    players.sort_by_key(|&p| if p < seats { p } else { 99 });
    let unit = ctx.spec.options.chip_unit;
    let most = unit.saturating_mul((winners.len() as i64).max(1));
    let small = players
        .iter()
        .all(|&p| (r.collected.get(p) - paid.get(p)).abs() <= most);
    let mut found = Vec::new();
    for player in players {
        let (got, due) = (r.collected.get(player), paid.get(player));
        if got == due {
            continue;
        }
        let (name, m_got, m_due) = (r.name(player), m(got), m(due));
        let (got, due) = (m(got), m(due));
        let won = wins(awards, player);
        let (code, why) = if got.minor != 0 && !won {
            let why = say!(
                "{player} collects {got} but wins no pot.",
                player = name,
                got
            );
            (Code::Winner, why)
        } else if tied && small && won {
            let why = say!(
                "{player} collects {got}, but the split gives {due} (the odd chip).",
                player = name,
                got,
                due
            );
            (Code::OddChip, why)
        } else {
            let why = say!(
                "{player} collects {got}, but the pots won pay {due}.",
                player = name,
                got,
                due
            );
            (Code::Payout, why)
        };
        let finding = Finding::new(code, why)
            .player(name)
            .expected(m_due)
            .actual(m_got)
            .street(STREET_SHOWDOWN);
        found.push(match collect_line(ctx.hand, name) {
            Some(index) => finding.at(index),
            None => finding,
        });
    }
    for f in found {
        ctx.find(f);
    }
}

/// The index of the player's first `collected` line: a finding about what he collected stands there
/// (and gets its source line); None when the log has him collect nothing.
fn collect_line(hand: &Hand, player: &str) -> Option<usize> {
    hand.actions
        .iter()
        .position(|a| a.kind == ActionKind::Collect && a.player == player)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_twice_splits_each_pot_in_equal_parts_the_odd_cent_to_the_first_board() {
        // NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt: €225.32 less €2.15 rake paid €111.59 + €111.58.
        let parts = per_board(&[22317, 600], 2, 1).expect("parts");
        assert_eq!(parts, vec![vec![11159, 300], vec![11158, 300]]);
        // In whole chips of 5, the odd chip of 5 to the first board; one board takes it all.
        assert_eq!(
            per_board(&[35], 2, 5).expect("parts"),
            vec![vec![20], vec![15]]
        );
        assert_eq!(per_board(&[35], 1, 5).expect("parts"), vec![vec![35]]);
    }
}
