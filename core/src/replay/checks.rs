//! The checks of one action against the table (RULES.md §5): deal counts and duplicate cards,
//! forced bets, then turn, type, size, cap, reopening and stack of each voluntary action.
//!
//! Each check reads the [`Legal`] actions of the moment and reports what the rules expected
//! beside what the log did; then the action is applied as the log took it.

use crate::cards::Card;
use crate::model::{Action, ActionKind as K, Deal};
use crate::spec::{FirstToAct, ForcedBet, Street, Structure};

use super::auditor::Auditor;
use super::findings::{Code, Finding};
use super::showing::{showing_value, speaking};
use super::table::{Legal, SmallBlindSeat, Table};
use super::Fault;
use crate::said::{Amount, Arg, Cards, IntoArg, Said, Term};
use crate::say;

/// Who a card was seen with: a board (of one run) or a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holder<'h> {
    Board(u8),
    Player(&'h str),
}

/// A holder in a message: a player's name, or `the board` (a term).
impl IntoArg for Holder<'_> {
    fn into_arg(self, name: &'static str) -> Arg {
        match self {
            Holder::Board(_) => Term("holder", "the board").into_arg(name),
            Holder::Player(p) => p.into_arg(name),
        }
    }
}

/// Run it twice: the second board repeats none of the first, but both follow the shared cards.
fn other_run(seen: Holder, holder: Holder) -> bool {
    matches!((seen, holder), (Holder::Board(a), Holder::Board(b)) if a != b && a != 0 && b != 0)
}

/// Card counts per street, and no card seen twice (a shown hand may repeat its own dealt cards).
pub fn check_deals(ctx: &mut Auditor) {
    let (spec, hand) = (ctx.spec, ctx.hand);
    let mut owner: [Option<Holder>; 52] = [None; 52];
    for deal in &hand.deals {
        let Some(layout) = spec.streets.get(usize::from(deal.street)) else {
            dealt_after_the_last_street(ctx, deal);
            continue;
        };
        check_deal_count(ctx, deal, layout);
        if layout.turn_up != 0 {
            continue; // the turned card was dealt a street earlier
        }
        let holder = match &deal.player {
            None => Holder::Board(deal.run),
            Some(p) => Holder::Player(p),
        };
        for card in deal.cards.iter().flatten() {
            outside_deck(ctx, *card, deal.player.as_deref(), None);
            let slot = &mut owner[usize::from(card.0) % 52];
            match *slot {
                None => *slot = Some(holder),
                Some(seen) if other_run(seen, holder) => {}
                Some(seen) => twice(ctx, *card, seen, holder, Some(&layout.name), None),
            }
        }
    }
    missing_board(ctx);
    check_shown_cards(ctx, &mut owner);
}

fn dealt_after_the_last_street(ctx: &mut Auditor, deal: &Deal) {
    let text: Vec<String> = deal
        .cards
        .iter()
        .map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string()))
        .collect();
    ctx.find(
        Finding::new(
            Code::Deal,
            say!(
                "Cards are dealt after the last street ({cards}).",
                cards = text.join(" ")
            ),
        )
        .player_opt(deal.player.as_deref()),
    );
}

/// As many cards as the street deals (a draw: as many as the player discarded there).
fn check_deal_count(ctx: &mut Auditor, deal: &Deal, layout: &Street) {
    let expected = match &deal.player {
        None => layout.board,
        Some(_) if layout.turn_up != 0 => layout.turn_up,
        Some(p) if layout.draw != 0 => ctx
            .hand
            .actions
            .iter()
            .find(|a| a.kind == K::Draw && a.street == deal.street && a.player == *p)
            .map_or(layout.draw, |a| u8::try_from(a.amount).unwrap_or(u8::MAX)),
        Some(_) => layout.per_player(),
    };
    if deal.cards.len() != usize::from(expected) {
        let (cards, street) = (Cards(deal.cards.len() as i64), Term("street", &layout.name));
        let message = match deal.player.as_deref() {
            Some(player) => say!(
                "{player} is dealt {cards} on {street}; the game deals {expected}.",
                player,
                cards,
                street,
                expected
            ),
            None => say!(
                "the board is dealt {cards} on {street}; the game deals {expected}.",
                cards,
                street,
                expected
            ),
        };
        ctx.find(
            Finding::new(Code::Deal, message)
                .player_opt(deal.player.as_deref())
                .street(&layout.name)
                .expected(Said::value(expected))
                .actual(Said::value(deal.cards.len())),
        );
    }
}

/// A shown or mucked card is in the deck and not another holder's (a shown hand may repeat its own dealt cards).
fn check_shown_cards<'h>(ctx: &mut Auditor<'h>, owner: &mut [Option<Holder<'h>>; 52]) {
    let hand = ctx.hand;
    for (index, action) in hand.actions.iter().enumerate() {
        if !matches!(action.kind, K::Show | K::Muck) {
            continue;
        }
        let holder = Holder::Player(&action.player);
        for card in &action.cards {
            outside_deck(ctx, *card, Some(&action.player), Some(index));
            let seen = *owner[usize::from(card.0) % 52].get_or_insert(holder);
            if seen != holder && !other_run(seen, holder) {
                twice(ctx, *card, seen, holder, None, Some(index));
            }
        }
    }
}

/// A street the hand reached whose board cards no deal gives (Courchevel's first board card comes on a line of
/// its own, `*** PRE-FLOP *** [2s]`; a log without it still reads).
fn missing_board(ctx: &mut Auditor) {
    let (spec, hand) = (ctx.spec, ctx.hand);
    let last = spec.streets.len().saturating_sub(1);
    // Where the betting or the deal went; a showdown of two hands needs the whole board. (Some sites print
    // a showdown marker after a walk: a muck or a collect there reaches nothing.)
    let played = hand
        .actions
        .iter()
        .filter(|a| a.kind.betting() || a.kind.forced() || a.kind == K::Draw)
        .map(|a| usize::from(a.street))
        .chain(hand.deals.iter().map(|d| usize::from(d.street)));
    let mut shown: Vec<&str> = hand
        .actions
        .iter()
        .filter(|a| a.kind == K::Show)
        .map(|a| a.player.as_str())
        .collect();
    shown.sort_unstable();
    shown.dedup();
    let reached = if shown.len() > 1 {
        last
    } else {
        played.max().unwrap_or(0).min(last)
    };
    for (street, layout) in spec.streets.iter().enumerate().take(reached + 1) {
        let dealt = hand
            .deals
            .iter()
            .any(|d| d.player.is_none() && usize::from(d.street) == street);
        if layout.board > 0 && !dealt {
            let n = Cards(i64::from(layout.board));
            ctx.find(
                Finding::new(
                    Code::Deal,
                    say!(
                        "The board's {n} of {street} are not dealt.",
                        n,
                        street = Term("street", &layout.name)
                    ),
                )
                .street(&layout.name)
                .expected(Said::value(n))
                .actual(say!("none")),
            );
        }
    }
}

/// A card the game's deck does not hold (a short deck has no deuces to fives).
fn outside_deck(ctx: &mut Auditor, card: Card, player: Option<&str>, index: Option<usize>) {
    if ctx.spec.in_deck(card.0) {
        return;
    }
    let lowest = char::from(crate::cards::RANKS[usize::from(ctx.spec.deck_lowest_card >> 2) % 13]);
    let mut f = Finding::new(
        Code::Deal,
        say!(
            "{card} is not in the deck, which runs from {lowest} to A.",
            card = card.to_string(),
            lowest = lowest.to_string()
        ),
    )
    .player_opt(player)
    .expected(say!("cards {lowest} to A", lowest = lowest.to_string()))
    .actual(card.to_string());
    if let Some(index) = index {
        f = f.at(index);
    }
    ctx.find(f);
}

fn twice(
    ctx: &mut Auditor,
    card: Card,
    seen: Holder,
    holder: Holder,
    street: Option<&str>,
    index: Option<usize>,
) {
    let mut f = Finding::new(
        Code::DuplicateCard,
        say!(
            "{card} is seen twice: with {a} and with {b}.",
            card = card.to_string(),
            a = seen,
            b = holder
        ),
    )
    .expected(say!("each card once"))
    .actual(say!(
        "{card} with {a} and {b}",
        card = card.to_string(),
        a = seen,
        b = holder
    ));
    if let Holder::Player(p) = holder {
        f = f.player(p);
    }
    if let Some(street) = street {
        f = f.street(street);
    }
    if let Some(index) = index {
        f = f.at(index);
    }
    ctx.find(f);
}

/// Whose small blind is live, read from the hand's posts (RULES.md §3 item 1): the first player
/// right of the big blind (the one nearest the dealer's left, a straddle aside) who posts one,
/// looking no further round than the button (heads-up, the button's). Any other small blind is
/// dead money, whichever line of the log posts it. Unknown without a button or a big blind.
pub fn small_blind_seat(ctx: &Auditor) -> SmallBlindSeat {
    let hand = ctx.hand;
    let (Some(button), Some(big)) = (hand.button, hand.stakes.big_blind.filter(|&b| b != 0)) else {
        return SmallBlindSeat::BeforeTheBigBlind;
    };
    let posts = |kind: K| {
        let first_street = hand.actions.iter().zip(&ctx.actors);
        first_street
            .filter(move |(a, _)| a.street == 0 && a.kind == kind)
            .filter_map(|(a, &who)| Some((a.amount, ctx.seat(who)?)))
    };
    let order = ctx.table.from_dealer_left();
    let place = |seat: usize| order.iter().position(|&i| i == seat);
    let big_blinds = posts(K::BigBlind).filter(|&(amount, _)| amount <= big);
    let Some(at) = big_blinds.filter_map(|(_, seat)| place(seat)).min() else {
        return SmallBlindSeat::BeforeTheBigBlind;
    };
    let small: Vec<usize> = posts(K::SmallBlind).map(|(_, seat)| seat).collect();
    let button_seat = order
        .last()
        .copied()
        .filter(|&i| ctx.table.seats[i].seat == button);
    let mut right_of_big = order[..at].iter().rev().copied().chain(button_seat);
    SmallBlindSeat::Known(right_of_big.find(|i| small.contains(i)))
}

/// A forced bet: right amount (RULES §1 forced bets), right player for the bring-in (§2 item 5,
/// §4 item 2); then posted.
pub fn check_post(
    ctx: &mut Auditor,
    index: usize,
    action: &Action,
    seat: usize,
) -> Result<(), Fault> {
    let stack = ctx.table.seats[seat].stack;
    if action.amount > stack {
        posted_over_the_stack(ctx, index, action, stack);
    }
    let mut kind = action.kind;
    let big_blind = ctx.hand.stakes.big_blind.filter(|&b| b != 0);
    if kind == K::BigBlind
        && ctx.table.blind_seat.is_some()
        && big_blind.is_some_and(|b| action.amount > b)
    {
        kind = K::Straddle; // a second, larger big blind is a straddle
    }
    if kind == K::BringIn {
        check_bring_in(ctx, index, action)?;
    } else {
        check_forced_amount(ctx, index, action, kind, stack);
    }
    ctx.table.post(seat, kind, action.amount);
    if kind == K::BringIn {
        ctx.table.open_round(Some(seat + 1))?;
    }
    Ok(())
}

fn posted_over_the_stack(ctx: &mut Auditor, index: usize, action: &Action, stack: i64) {
    let player = action.player.as_str();
    let (put, behind) = (ctx.amount(action.amount), ctx.amount(stack));
    ctx.find(
        Finding::new(
            Code::StackExceeded,
            say!(
                "{player} posts {put} with only {behind} behind.",
                player,
                put,
                behind
            ),
        )
        .at(index)
        .player(player)
        .expected(say!("at most {behind}", behind))
        .actual(put),
    );
}

/// An ante or a blind is the stakes' amount (less only when it puts the player all in); both blinds at once are
/// their sum.
fn check_forced_amount(ctx: &mut Auditor, index: usize, action: &Action, kind: K, stack: i64) {
    let stakes = &ctx.hand.stakes;
    let expected = match kind {
        K::Ante => stakes.ante,
        K::SmallBlind => stakes.small_blind,
        K::BigBlind => stakes.big_blind,
        K::SmallAndBigBlind => {
            let small = stakes.small_blind.filter(|&s| s != 0);
            let big = stakes.big_blind.filter(|&b| b != 0);
            small.zip(big).map(|(s, b)| s + b)
        }
        _ => return,
    };
    let Some(expected) = expected else {
        return;
    };
    let short = if kind == K::SmallAndBigBlind {
        action.all_in
    } else {
        (action.all_in || action.amount == stack) && action.amount < expected
    };
    if action.amount == expected || short {
        return;
    }
    let player = action.player.as_str();
    let (put, due) = (ctx.amount(action.amount), ctx.amount(expected));
    let message = match kind {
        K::Ante => say!(
            "{player} posts {put} for the ante, which is {due}.",
            player,
            put,
            due
        ),
        K::SmallBlind => say!(
            "{player} posts {put} for the small blind, which is {due}.",
            player,
            put,
            due
        ),
        K::BigBlind => say!(
            "{player} posts {put} for the big blind, which is {due}.",
            player,
            put,
            due
        ),
        _ => say!(
            "{player} posts {put} for both blinds, which are {due}.",
            player,
            put,
            due
        ),
    };
    ctx.find(
        Finding::new(Code::ForcedBet, message)
            .at(index)
            .player(player)
            .expected(due)
            .actual(put),
    );
}

fn check_bring_in(ctx: &mut Auditor, index: usize, action: &Action) -> Result<(), Fault> {
    let player = action.player.as_str();
    if !ctx.spec.forced_bets.contains(&ForcedBet::BringIn) {
        let profile = &ctx.spec.profile;
        ctx.find(
            Finding::new(
                Code::ForcedBet,
                say!(
                    "{player} brings in, but {profile} has no bring-in.",
                    player,
                    profile
                ),
            )
            .at(index)
            .player(player)
            .expected(say!("no bring-in"))
            .actual(say!("brings in")),
        );
        return Ok(());
    }
    let opener = ctx.table.opener(0)?;
    let expected = ctx.table.seats.get(opener).map_or("", |s| s.name);
    if expected != player && opener_unseen(ctx) {
        let message = say!(
            "{player} brings in; who should cannot be checked: the log does not show every \
             player's up card.",
            player
        );
        ctx.find(Finding::info(message).at(index).player(player));
    } else if expected != player {
        let up = ctx.table.seats.get(opener).map(|s| &s.up);
        let message = match up.and_then(|up| up.last()) {
            Some(card) => say!(
                "{player} brings in, but {expected}'s up card ({card}) must bring in.",
                player,
                expected,
                card = card.to_string()
            ),
            None => say!(
                "{player} brings in, but {expected}'s up card ((not shown)) must bring in.",
                player,
                expected
            ),
        };
        ctx.find(
            Finding::new(Code::BringIn, message)
                .at(index)
                .player(player)
                .expected(expected)
                .actual(player),
        );
    }
    if let Some(amount) = ctx.hand.stakes.bring_in {
        if action.amount != amount && !action.all_in {
            let (put, due) = (ctx.amount(action.amount), ctx.amount(amount));
            ctx.find(
                Finding::new(
                    Code::BringIn,
                    say!(
                        "The bring-in is {put}; the stakes set it at {due}.",
                        put,
                        due
                    ),
                )
                .at(index)
                .player(player)
                .expected(due)
                .actual(put),
            );
        }
    }
    Ok(())
}

/// Whose turn it is when a player acts: a finding when it is not his (unless the log cannot show
/// who should speak first); the table then takes his action as his turn. What is legal for him.
fn check_turn(
    ctx: &mut Auditor,
    index: usize,
    action: &Action,
    seat: usize,
) -> Result<Option<Legal>, Fault> {
    let player = action.player.as_str();
    let legal = ctx.table.legal()?;
    let turn_name = legal.as_ref().map(|l| ctx.table.seats[l.player].name);
    if turn_name == Some(player) {
        return Ok(legal);
    }
    if opener_unseen(ctx) {
        let message = say!(
            "{player} speaks first; who should cannot be checked: the log does not show \
             every player's up cards.",
            player
        );
        ctx.find(Finding::info(message).at(index).player(player));
    } else if !tied_opener(ctx, legal.as_ref(), seat) {
        let (expected, message) = match turn_name {
            None => (
                say!("the round to be over"),
                say!("{player} acts out of turn: the round is over.", player),
            ),
            Some(waiting) => (
                say!("{waiting} to act", waiting),
                say!(
                    "{player} acts out of turn: it is {waiting}'s turn.",
                    player,
                    waiting
                ),
            ),
        };
        let kind = action.kind.as_str();
        ctx.find(
            Finding::new(Code::OutOfTurn, message)
                .at(index)
                .player(player)
                .expected(expected)
                .actual(say!("{player} {kind}", player, kind = Term("kind", kind))),
        );
    }
    ctx.table.turn = Some(seat);
    ctx.table.legal()
}

/// Turn, legality and size of a voluntary action, then apply it.
pub fn check_action(
    ctx: &mut Auditor,
    index: usize,
    action: &Action,
    seat: usize,
) -> Result<(), Fault> {
    if !ctx.table.opened {
        ctx.table.open_round(None)?;
    }
    let player = action.player.as_str();
    if action.kind == K::Fold && ctx.table.seats[seat].all_in() {
        ctx.find(
            Finding::info(say!(
                "{player} folds while all-in (PokerStars prints this for a short all-in \
                     blind); the pot is given up.",
                player
            ))
            .at(index)
            .player(player),
        );
        ctx.table.seats[seat].folded = true;
        if ctx.table.turn.is_some() && ctx.table.round_over() {
            ctx.table.turn = None;
        }
        return Ok(());
    }
    let legal = check_turn(ctx, index, action, seat)?;
    if let Some(legal) = legal {
        match action.kind {
            K::Check => check_check(ctx, index, action, &legal),
            K::Call => check_call(ctx, index, action, &legal, seat),
            K::Bet => check_bet(ctx, index, action, &legal, seat),
            K::Raise | K::Complete => check_raise(ctx, index, action, &legal, seat),
            _ => {}
        }
    }
    let s = &ctx.table.seats[seat];
    let put = match action.kind {
        K::Call | K::Bet => action.amount,
        K::Raise | K::Complete => action.to.map_or(0, |to| to - s.street_bet),
        _ => 0,
    };
    if put > s.stack {
        let (put, behind) = (ctx.amount(put), ctx.amount(s.stack));
        ctx.find(
            Finding::new(
                Code::StackExceeded,
                say!(
                    "{player} puts in {put} with only {behind} behind.",
                    player,
                    put,
                    behind
                ),
            )
            .at(index)
            .player(player)
            .expected(say!("at most {behind}", behind))
            .actual(put),
        );
    }
    ctx.table.apply(seat, action.kind, action.amount, action.to);
    Ok(())
}

/// Whether who speaks first on this street turns on up cards the log does not show (a stud log
/// that prints only its owner's cards): the first to speak is then taken as the log has it.
fn opener_unseen(ctx: &Auditor) -> bool {
    let (table, acting) = (&ctx.table, &ctx.spec.first_to_act);
    let rule = if table.street == 0 {
        acting.first_round
    } else {
        acting.later_rounds
    };
    if !matches!(rule, FirstToAct::BringIn | FirstToAct::BestShowing)
        || table.seats.iter().any(|s| s.acted)
    {
        return false;
    }
    let up: usize = ctx.spec.streets[..=table.street.min(ctx.spec.streets.len().saturating_sub(1))]
        .iter()
        .map(|layout| usize::from(layout.up))
        .sum();
    table
        .seats
        .iter()
        .any(|s| s.live() && s.up.as_slice().len() < up)
}

/// With no button, equal showing hands may open in any order the site chose (not a finding).
fn tied_opener(ctx: &Auditor, legal: Option<&Legal>, seat: usize) -> bool {
    let table = &ctx.table;
    let Some(legal) = legal else {
        return false;
    };
    if ctx.hand.button.is_some() || table.seats.iter().any(|s| s.acted) {
        return false;
    }
    let (expected, actual) = (&table.seats[legal.player].up, &table.seats[seat].up);
    let (Some(last_e), Some(last_a)) = (expected.last(), actual.last()) else {
        return false;
    };
    if table.street == 0 {
        return last_e.rank() == last_a.rank();
    }
    let (ranking, fours) = (
        table.ranking(),
        ctx.spec.options.showing_four_card_hands_count,
    );
    let e = showing_value(speaking(expected.as_slice(), 1).as_slice(), ranking, fours);
    let a = showing_value(speaking(actual.as_slice(), 1).as_slice(), ranking, fours);
    matches!((e, a), (Ok(e), Ok(a)) if e == a)
}

/// Report a broken rule about an action: what the rules expected beside what the log did.
fn flag(
    ctx: &mut Auditor,
    index: usize,
    action: &Action,
    code: Code,
    message: Said,
    (expected, actual): (Said, Said),
) {
    ctx.find(
        Finding::new(code, message)
            .at(index)
            .player(&action.player)
            .expected(expected)
            .actual(actual),
    );
}

fn check_check(ctx: &mut Auditor, index: usize, action: &Action, legal: &Legal) {
    if legal.to_call > 0 {
        let due = ctx.amount(legal.to_call);
        let player = &action.player;
        let message = say!(
            "{player} checks facing a bet, with {due} to call.",
            player,
            due
        );
        let said = (say!("call {due}, raise or fold", due), say!("check"));
        flag(ctx, index, action, Code::IllegalAction, message, said);
    }
}

fn check_call(ctx: &mut Auditor, index: usize, action: &Action, legal: &Legal, seat: usize) {
    let m = ctx.amounts();
    let player = &action.player;
    // Where nobody left can match the bet (a big blind all in for less), a call may still put in
    // the whole bet, and what nobody matches comes back (888: the small blind completes the blind).
    let s = &ctx.table.seats[seat];
    let whole = (ctx.table.current - s.street_bet).min(s.stack);
    if legal.to_call == 0 {
        let amount = m(action.amount);
        let message = say!(
            "{player} calls {amount} with nothing to call.",
            player,
            amount
        );
        let said = (say!("check or bet"), say!("call {amount}", amount));
        flag(ctx, index, action, Code::IllegalAction, message, said);
    } else if action.amount != legal.to_call && action.amount != whole {
        let (amount, due) = (m(action.amount), m(legal.to_call));
        let message = say!(
            "{player} calls {amount}; the amount to call is {due}.",
            player,
            amount,
            due
        );
        let said = (say!("call {due}", due), say!("call {amount}", amount));
        flag(ctx, index, action, Code::BetSize, message, said);
    }
}

fn check_bet(ctx: &mut Auditor, index: usize, action: &Action, legal: &Legal, seat: usize) {
    let m = ctx.amounts();
    let player = &action.player;
    if ctx.table.current > 0 {
        let message = say!("{player} bets when a bet stands.", player);
        let said = (
            say!("call, raise or fold"),
            say!("bet {amount}", amount = m(action.amount)),
        );
        flag(ctx, index, action, Code::IllegalAction, message, said);
        return;
    }
    let Some((low, high)) = legal.bet else {
        let message = say!("{player} may not bet here.", player);
        let said = (
            say!("check"),
            say!("bet {amount}", amount = m(action.amount)),
        );
        flag(ctx, index, action, Code::IllegalAction, message, said);
        return;
    };
    let stack_all_in = action.all_in && action.amount == ctx.table.seats[seat].stack;
    let sizes = legal.sizes.as_slice();
    let fits = if sizes.is_empty() {
        low <= action.amount && action.amount <= high
    } else {
        sizes.contains(&action.amount)
    };
    let short_all_in = stack_all_in && action.amount <= low;
    if !(fits || short_all_in) {
        let amount = m(action.amount);
        let (allowed, message) = if sizes.is_empty() {
            let (low, high) = (m(low), m(high));
            let message = say!(
                "{player} bets {amount}; a bet here is {low} to {high}.",
                player,
                amount,
                low,
                high
            );
            (format!("{low} to {high}"), message)
        } else {
            let each: Vec<String> = sizes.iter().map(|&s| m(s).to_string()).collect();
            let sizes = each.join(" or ");
            let message = say!(
                "{player} bets {amount}; a bet here is {sizes}.",
                player,
                amount,
                sizes = &sizes
            );
            (sizes, message)
        };
        let said = (
            say!("a bet of {allowed}", allowed),
            say!("bet {amount}", amount),
        );
        flag(ctx, index, action, Code::BetSize, message, said);
    }
}

fn check_raise(ctx: &mut Auditor, index: usize, action: &Action, legal: &Legal, seat: usize) {
    let m = ctx.amounts();
    let player = &action.player;
    let table = &ctx.table;
    let (street_bet, stack) = (table.seats[seat].street_bet, table.seats[seat].stack);
    let current = table.current;
    let to = action.to.unwrap_or(0);
    let covered = covered(table, seat);
    check_raise_adds_up(ctx, index, action);
    if current == 0 {
        let message = say!("{player} raises with no bet to raise.", player);
        let said = raised(say!("check or bet"), m(to));
        flag(ctx, index, action, Code::IllegalAction, message, said);
        return;
    }
    let Some((low, high)) = legal.raise_to else {
        let (code, message) = why_no_raise(ctx, seat, player);
        let said = raised(say!("call or fold"), m(to));
        flag(ctx, index, action, code, message, said);
        return;
    };
    if action.kind == K::Complete && legal.complete_to.is_none() {
        let message = say!("{player} completes, but no bring-in stands.", player);
        let said = (say!("a raise"), say!("completes to {to}", to = m(to)));
        flag(ctx, index, action, Code::IllegalAction, message, said);
        return;
    }
    let all_in = action.all_in && to == street_bet + stack;
    if !legal.sizes.is_empty() && to < low && to > current && to == covered {
        let message = say!(
            "{player} raises to {to}, all the others can put in; the full raise would be to \
             {low} (a raise stated as far as it can be called).",
            player,
            to = m(to),
            low = m(low)
        );
        ctx.find(Finding::info(message).at(index).player(player));
        return;
    }
    if !legal.sizes.is_empty() || legal.complete_to.is_some() {
        if to != low && !(all_in && to < low) {
            let (m_to, m_low) = (m(to), m(low));
            let message = say!(
                "{player} raises to {to}; the raise here is to {low}.",
                player,
                to = m_to,
                low = m_low
            );
            let said = raised(say!("raise to {to}", to = m_low), m_to);
            flag(ctx, index, action, Code::BetSize, message, said);
        }
    } else if to < low && !all_in {
        let (m_to, m_low) = (m(to), m(low));
        let message = say!(
            "{player} raises to {to}, less than the minimum of {low}.",
            player,
            to = m_to,
            low = m_low
        );
        let said = raised(say!("raise to at least {low}", low = m_low), m_to);
        flag(ctx, index, action, Code::MinRaise, message, said);
    } else if to > high {
        let (m_to, m_high) = (m(to), m(high));
        let message = say!(
            "{player} raises to {to}, more than the {high} allowed.",
            player,
            to = m_to,
            high = m_high
        );
        let said = raised(say!("raise to at most {high}", high = m_high), m_to);
        flag(ctx, index, action, Code::BetSize, message, said);
    }
}

/// What the rules expected of a raise beside the log's raise to `to`.
fn raised(expected: Said, to: Amount) -> (Said, Said) {
    (expected, say!("raise to {to}", to))
}

/// The most any other player still in can have in this round: a fixed-limit raise to it, short
/// of the full raise, covers everyone (PHH and PokerKit state it so).
fn covered(table: &Table, seat: usize) -> i64 {
    table
        .seats
        .iter()
        .enumerate()
        .filter(|&(i, s)| i != seat && s.live())
        .map(|(_, s)| s.street_bet + s.stack)
        .max()
        .unwrap_or(0)
}

/// A finding when `raises X to Y` does not add up: what a raise adds is measured over the bet (or
/// a short blind: Winamax's `raises 1676 to 1795` over a big blind of 119 all in), the highest bet
/// in or the raiser's own.
fn check_raise_adds_up(ctx: &mut Auditor, index: usize, action: &Action) {
    let m = ctx.amounts();
    let (to, current) = (action.to.unwrap_or(0), ctx.table.current);
    let over_a_bet_in = ctx
        .table
        .seats
        .iter()
        .any(|s| to - s.street_bet == action.amount);
    if action.kind == K::Raise && current != 0 && to - current != action.amount && !over_a_bet_in {
        let (amount, m_to) = (m(action.amount), m(to));
        let message = say!(
            "'raises {amount} to {to}' does not add up over a bet of {bet}.",
            amount,
            to = m_to,
            bet = m(current)
        );
        let said = (
            say!("raises {by} to {m_to}", by = m(to - current), m_to),
            say!("raises {amount} to {m_to}", amount, m_to),
        );
        flag(ctx, index, action, Code::BetSize, message, said);
    }
}

/// Why `player` may not raise here: the code and the message.
fn why_no_raise(ctx: &Auditor, seat: usize, player: &str) -> (Code, Said) {
    let (table, options) = (&ctx.table, &ctx.spec.options);
    let s = &table.seats[seat];
    if table.capped() {
        let message = match options.max_bets_per_round {
            Some(cap) => say!(
                "{player} raises, but the cap of {cap} bets is reached.",
                player,
                cap
            ),
            None => say!(
                "{player} raises, but the cap of None bets is reached.",
                player
            ),
        };
        return (Code::RaiseCap, message);
    }
    if !table.reopened(seat) {
        let message = say!(
            "{player} raises, but a short all-in did not reopen the betting to this player.",
            player
        );
        return (Code::NotReopened, message);
    }
    if s.passed && !options.raise_after_pass {
        let message = say!(
            "{player} raises, but this player checked or called this round \
             (raise_after_pass=false).",
            player
        );
        return (Code::NotReopened, message);
    }
    if ctx.spec.structure_on(table.street) == Structure::FixedLimit
        || s.stack + s.street_bet <= table.current
    {
        let message = say!(
            "{player} raises, but this player cannot raise here.",
            player
        );
        return (Code::IllegalAction, message);
    }
    let message = say!("{player} raises, but no raise is allowed here.", player);
    (Code::IllegalAction, message)
}
