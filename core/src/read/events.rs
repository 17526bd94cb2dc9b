//! The one builder of a [`Hand`]: every reader (the PokerStars family's body reader, and each site's)
//! tells it what its lines say as events (a seat, a post or an action, a deal, a show, a collect, the
//! summary's totals), each with the index of the log's line that says it; the builder keeps the
//! hand's rules of what may be said once: a name must be seated, a deal goes to its place in the
//! canonical order (one per player and street, the last kept), a folded player is dealt nothing
//! later, a hand's unseen cards are filled in, forced bets the header does not give are the posts'.
//!
//! A reader starts with [`Builder::start`] (the header's facts, the game's spec asked of the rules
//! layer), says its seats ([`Builder::seat`]), then moves through the streets ([`Builder::begin_street`])
//! saying deals ([`Builder::board`], [`Builder::dealt`]) and actions ([`Builder::act`] with an
//! [`Act`]), the summary ([`Builder::summary`]), and ends with [`Builder::build`].

use std::borrow::Cow;
use std::sync::Arc;

use super::errors::{Kind, ReadError};
use super::header::Header;
use super::pystr::repr;
use super::values::parse_cards;
use super::{Dialect, Lookups};
use crate::cards::Card;
use crate::model::{Action, ActionKind, Deal, Finish, Hand, Seat, Source, Stakes};
use crate::said::{Said, Term};
use crate::say;
use crate::spec::{GameSpec, Street};

/// Where a deal goes in the canonical order: (run, street, board?, seat index).
type DealKey = (u8, usize, u8, usize);

/// The summary extra of a splash (`| STP €5.00`): house money (`ledger::ADDED_MONEY`).
const STP_LABEL: &str = "STP";

/// A seated name, with what the builder learns about it.
struct Name<'a> {
    name: Cow<'a, str>,
    /// The index in `seats` of the (last) seat with this name.
    seat: usize,
    /// Posted, acted or was dealt cards (collects and cash-outs do not count).
    active: bool,
    /// The street it folded on.
    folded: Option<usize>,
}

/// `a == b` for names, which mostly differ in their last byte (`Player1`, `Player2`).
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.last() == b.last() && a == b
}

/// What a player's line does: an action of `kind` with what the log says of it (amounts in minor
/// units; `to` a raise's or completion's total; `fee` what the house takes outside the pot).
#[derive(Clone, Debug)]
pub struct Act<'t> {
    pub kind: ActionKind,
    pub amount: i64,
    pub to: Option<i64>,
    pub all_in: bool,
    pub cards: Vec<Card>,
    pub text: Option<&'t str>,
    pub fee: i64,
}

impl<'t> Act<'t> {
    /// An action with nothing more said (a check).
    pub fn of(kind: ActionKind) -> Self {
        Act {
            kind,
            amount: 0,
            to: None,
            all_in: false,
            cards: Vec::new(),
            text: None,
            fee: 0,
        }
    }

    /// An action of an amount (a post, a call, a bet, a collect), all-in or not.
    pub fn amount(kind: ActionKind, amount: i64, all_in: bool) -> Self {
        Act {
            amount,
            all_in,
            ..Act::of(kind)
        }
    }

    /// An action with cards (a show, a muck, a fold with its cards) and maybe a text.
    pub fn cards(kind: ActionKind, cards: Vec<Card>, text: Option<&'t str>) -> Self {
        Act {
            cards,
            text,
            ..Act::of(kind)
        }
    }
}

/// A hand being built.
pub struct Builder<'a, 'l> {
    header: Header<'a>,
    spec: Arc<GameSpec>,
    pub dialect: &'static Dialect,
    first_line: u64,
    /// The log's lines of the hand (an error quotes its line).
    lines: &'l [&'a str],
    seats: Vec<Seat>,
    names: Vec<Name<'a>>,
    /// Deals by canonical key (one per key, the last kept), with the index of their line (None
    /// for a deal filled in); ordered by key when the hand is built.
    deals: Vec<(DealKey, Deal, Option<usize>)>,
    actions: Vec<Action>,
    action_lines: Vec<u64>,
    street: usize,
    run: u8,
    total_pot: Option<i64>,
    rake: Option<i64>,
    pots: Vec<i64>,
    extras: Vec<(String, i64)>,
    /// The house money of the `STP added` lines.
    stp_added: i64,
    reached: usize,
    /// A tournament's finish and bounty lines.
    finishes: Vec<Finish>,
}

impl<'a, 'l> Builder<'a, 'l> {
    /// A hand of `header` whose lines are `lines` (the first is line `first_line` of the log): its
    /// game's spec asked of the rules layer (an `internal` error if it has none).
    pub fn start(
        header: Header<'a>,
        lines: &'l [&'a str],
        first_line: u64,
        dialect: &'static Dialect,
        lookups: &mut dyn Lookups,
    ) -> Result<Self, ReadError> {
        let spec = lookups.spec(&header.rules).map_err(|fault| {
            let reason = fault.to_string();
            ReadError::new(Kind::Internal, say!("internal error: {reason}", reason))
                .at(first_line)
                .hand(Some(header.hand_id))
        })?;
        Ok(Builder {
            header,
            spec,
            dialect,
            first_line,
            lines,
            seats: Vec::with_capacity(10),
            names: Vec::with_capacity(10),
            deals: Vec::with_capacity(16),
            actions: Vec::with_capacity(32),
            action_lines: Vec::with_capacity(32),
            street: 0,
            run: 0,
            total_pot: None,
            rake: None,
            pots: Vec::new(),
            extras: Vec::new(),
            stp_added: 0,
            reached: 0,
            finishes: Vec::new(),
        })
    }

    pub fn header(&self) -> &Header<'a> {
        &self.header
    }

    pub fn spec(&self) -> &GameSpec {
        &self.spec
    }

    /// The street the hand is on (the spec's index; its length is the showdown).
    pub fn street(&self) -> usize {
        self.street
    }

    /// An error on line `index` of the hand (the last, past its end), quoting it.
    pub fn error(&self, index: usize, reason: impl Into<Said>, expected: &str) -> ReadError {
        let n = self.lines.len();
        let e = ReadError::malformed(reason)
            .at(self.first_line + index.min(n.saturating_sub(1)) as u64)
            .hand(Some(self.header.hand_id))
            .expected(expected);
        match self.lines.get(index) {
            Some(line) => e.actual(*line),
            None => e,
        }
    }

    /// A value's error (reason and expected) placed on a line of this hand.
    pub fn relocate(&self, err: ReadError, index: usize) -> ReadError {
        let mut e = self.error(index, *err.reason, "");
        e.expected = err.expected;
        e
    }

    /// An amount of line `index` in the dialect's grammar, at the hand's scale.
    pub fn amount(&self, text: &str, index: usize) -> Result<i64, ReadError> {
        self.dialect
            .amounts
            .parse(text, self.header.stakes.decimals)
            .map_err(|err| self.relocate(err, index))
    }

    /// Cards of line `index` as the family writes them (`As Kd`).
    pub fn cards(&self, text: &str, index: usize) -> Result<Vec<Card>, ReadError> {
        parse_cards(text).map_err(|err| self.relocate(err, index))
    }

    // ---- seats and names

    /// A seat line: seat `seat` to `name` with `stack` (a name seated twice keeps its last seat).
    /// The name's index (as [`Builder::who`] gives it), for a reader that keeps it.
    pub fn seat(
        &mut self,
        seat: u8,
        name: impl Into<Cow<'a, str>>,
        stack: i64,
        sitting_out: bool,
        bounty: Option<&str>,
    ) -> usize {
        let name = name.into();
        let seat_index = self.seats.len();
        let owned = name.to_string();
        let who = match self.who(&name) {
            Some(k) => {
                self.names[k].seat = seat_index;
                k
            }
            None => {
                self.names.push(Name {
                    name,
                    seat: seat_index,
                    active: false,
                    folded: None,
                });
                self.names.len() - 1
            }
        };
        self.seats.push(Seat {
            seat,
            name: owned,
            stack,
            sitting_out,
            bounty: bounty.map(str::to_string),
        });
        who
    }

    pub fn has_seats(&self) -> bool {
        !self.seats.is_empty()
    }

    /// The seated names, in the order first seated.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|n| n.name.as_ref())
    }

    pub fn name(&self, who: usize) -> &str {
        &self.names[who].name
    }

    /// The index of a seated name.
    pub fn who(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| same(&n.name, name))
    }

    /// The index of a seated name, or the error of line `index` that names it.
    pub fn seated(&self, index: usize, name: &str) -> Result<usize, ReadError> {
        self.who(name).ok_or_else(|| {
            self.error(
                index,
                say!("{name} is not seated in this hand", name = repr(name)),
                "a seated player",
            )
        })
    }

    // ---- streets

    /// A street begins (its marker's line): `street` of the spec, on run `run` (0: the only one).
    pub fn begin_street(&mut self, street: usize, run: u8) {
        (self.street, self.run) = (street, run);
        self.reached = self.reached.max(street);
    }

    /// A street begins by its name (the spec's street named `inner`, the last of that name; `RIVER`
    /// the last street), on line `i`, with the text of its board cards if the log gives them there;
    /// `board_expected` says what a board street without them should have had.
    pub fn begin_named_street(
        &mut self,
        i: usize,
        inner: &str,
        board: Option<&str>,
        board_expected: &str,
    ) -> Result<(), ReadError> {
        let (on_board, down) = self.begin_street_named(i, inner)?;
        if on_board == 0 {
            return Ok(());
        }
        match board {
            Some(text) => {
                let cards = self.cards(text, i)?;
                self.board(i, cards, inner)
            }
            None if down > 0 => Ok(()),
            None => Err(self.error(i, say!("a board street without its cards"), board_expected)),
        }
    }

    /// [`Builder::begin_named_street`] of board cards read (each a card, once: as the builder reads
    /// their text).
    pub fn begin_named_street_with(
        &mut self,
        i: usize,
        inner: &str,
        board: Vec<Card>,
    ) -> Result<(), ReadError> {
        let (on_board, _) = self.begin_street_named(i, inner)?;
        if on_board == 0 {
            return Ok(());
        }
        self.board(i, board, inner)
    }

    /// The street named `inner` begins (the last of that name; `RIVER` the last street): how many
    /// board cards and down cards it deals; the error of line `i` where the spec has no such street.
    fn begin_street_named(&mut self, i: usize, inner: &str) -> Result<(u8, u8), ReadError> {
        let streets = &self.spec().streets;
        let found = streets
            .iter()
            .rposition(|s| s.name == inner)
            .or_else(|| (inner == "RIVER").then(|| streets.len().saturating_sub(1)));
        let Some(street) = found else {
            let names: Vec<&str> = streets.iter().map(|s| s.name.as_str()).collect();
            return Err(self.error(
                i,
                say!("unknown street marker {marker}", marker = repr(inner)),
                &names.join(", "),
            ));
        };
        let (on_board, down) = (streets[street].board, streets[street].down);
        self.begin_street(street, 0);
        Ok((on_board, down))
    }

    /// The showdown begins (of run `run`).
    pub fn begin_showdown(&mut self, run: u8) {
        (self.street, self.run) = (self.spec.streets.len(), run);
    }

    // ---- deals

    /// A deal under its canonical key, in place of any deal there before.
    fn put_deal(&mut self, key: DealKey, deal: Deal, line: Option<usize>) {
        match self.deals.iter_mut().find(|(k, _, _)| *k == key) {
            Some(slot) => *slot = (key, deal, line),
            None => self.deals.push((key, deal, line)),
        }
    }

    fn has_deal(&self, key: DealKey) -> bool {
        self.deals.iter().any(|(k, _, _)| *k == key)
    }

    /// The board cards dealt before `street` (on this run, or shared with every run).
    fn board_before(&self, run: u8, street: usize) -> Vec<Card> {
        let mut dealt: Vec<&Deal> = self
            .deals
            .iter()
            .map(|(_, deal, _)| deal)
            .filter(|d| d.player.is_none() && usize::from(d.street) < street)
            .filter(|d| d.run == 0 || d.run == run)
            .collect();
        dealt.sort_by_key(|d| d.street);
        dealt
            .iter()
            .flat_map(|d| d.cards.iter().flatten().copied())
            .collect()
    }

    /// The board cards of the street the hand is on (line `index`, its marker named `label`): the
    /// street's new cards, or the whole board so far (`*** FLOP *** [2s 3h 4h]`).
    pub fn board(
        &mut self,
        index: usize,
        mut cards: Vec<Card>,
        label: &str,
    ) -> Result<(), ReadError> {
        let (street, run) = (self.street, self.run);
        let board = self.spec.streets.get(street).map_or(0, |s| s.board);
        let before = self.board_before(run, street);
        if cards.len() == before.len() + usize::from(board) && cards.starts_with(&before) {
            cards.drain(..before.len());
        }
        if cards.len() != usize::from(board) {
            return Err(self.error(
                index,
                say!(
                    "{n} board cards dealt on {street}",
                    n = cards.len(),
                    street = Term("street", label),
                ),
                &board.to_string(),
            ));
        }
        let deal = Deal {
            street: street as u8,
            player: None,
            cards: cards.into_iter().map(Some).collect(),
            up: vec![true; usize::from(board)],
            run,
        };
        self.put_deal((run, street, 1, 0), deal, Some(index));
        Ok(())
    }

    /// The layout of the street a player's deal on line `index` is on; an error after the showdown.
    pub fn deal_street(&self, index: usize) -> Result<&Street, ReadError> {
        self.spec.streets.get(self.street).ok_or_else(|| {
            self.error(
                index,
                say!("a deal line after the showdown"),
                "deals before *** SHOW DOWN ***",
            )
        })
    }

    /// Cards dealt to `who` on the street the hand is on (line `index`): all of the street's (down
    /// then up), its up cards only, or on a draw as many as were discarded. A street whose up cards
    /// are turned up by their owner (`turns up`) takes no deal line.
    pub fn dealt(&mut self, index: usize, who: usize, new: &[Card]) -> Result<(), ReadError> {
        let street = self.street;
        let layout = self.deal_street(index)?;
        let (down, up, turn_up, draw) = (
            usize::from(layout.down),
            usize::from(layout.up),
            layout.turn_up,
            usize::from(layout.draw),
        );
        if turn_up > 0 {
            return Ok(());
        }
        let hidden = if new.len() == down + up || (draw > 0 && new.len() <= draw) {
            0
        } else if new.len() == up && up > 0 {
            down
        } else {
            let name = &self.names[who].name;
            return Err(self.error(
                index,
                say!(
                    "{n} cards dealt to {name} on {street}",
                    n = new.len(),
                    name,
                    street = Term("street", &self.spec.streets[street].name),
                ),
                &if draw > 0 {
                    format!("up to {draw}, as many as discarded")
                } else {
                    format!("{} (or {up} up)", down + up)
                },
            ));
        };
        // the hidden cards, then the new (one allocation each, not a chain of iterators)
        let mut cards: Vec<Option<Card>> = Vec::with_capacity(hidden + new.len());
        cards.resize(hidden, None);
        cards.extend(new.iter().copied().map(Some));
        self.names[who].active = true;
        let up = up.min(cards.len());
        let mut faces = Vec::with_capacity(cards.len());
        faces.resize(cards.len() - up, false);
        faces.resize(cards.len(), true);
        let deal = Deal {
            street: street as u8,
            player: Some(self.names[who].name.to_string()),
            up: faces,
            cards,
            run: 0,
        };
        let key = (0, street, 0, self.names[who].seat);
        self.put_deal(key, deal, Some(index));
        Ok(())
    }

    /// `who` turns up `cards` (line `index`): dealt face up on the street the hand is on.
    pub fn turn_up(&mut self, index: usize, who: usize, cards: Vec<Card>) {
        let street = self.street;
        self.names[who].active = true;
        let deal = Deal {
            street: street as u8,
            player: Some(self.names[who].name.to_string()),
            up: vec![true; cards.len()],
            cards: cards.into_iter().map(Some).collect(),
            run: 0,
        };
        let key = (0, street, 0, self.names[who].seat);
        self.put_deal(key, deal, Some(index));
    }

    // ---- actions

    /// `who` does `act` on line `index`, on the street the hand is on.
    pub fn act(&mut self, index: usize, who: usize, act: Act) {
        use ActionKind as K;
        if !matches!(act.kind, K::Collect | K::CashOut | K::Insurance) {
            self.names[who].active = true;
        }
        if act.kind == K::Fold {
            let street = self.street;
            self.names[who].folded.get_or_insert(street);
        }
        self.actions.push(Action {
            street: self.street as u8,
            player: self.names[who].name.to_string(),
            kind: act.kind,
            amount: act.amount,
            to: act.to,
            all_in: act.all_in,
            cards: act.cards,
            text: act.text.map(str::to_string),
            fee: act.fee,
            run: self.run,
        });
        self.action_lines.push(self.first_line + index as u64);
    }

    /// What `who` has put in as blinds and straddles before the flop.
    pub fn posted(&self, who: usize) -> i64 {
        use ActionKind as K;
        let name = &self.names[who].name;
        self.actions
            .iter()
            .filter(|a| a.street == 0 && a.player == *name)
            .filter(|a| matches!(a.kind, K::SmallBlind | K::BigBlind | K::Straddle))
            .map(|a| a.amount)
            .sum()
    }

    /// `who` discards `count` cards (0: stands pat), showing `cards` (line `index`), on the draw
    /// street the hand is on: a single draw has no street marker, its first draw line starts it.
    pub fn draw(&mut self, index: usize, who: usize, count: i64, cards: Vec<Card>) {
        let streets = &self.spec.streets;
        let on_draw = streets.get(self.street).is_some_and(|s| s.draw > 0);
        let next_draws = streets.get(self.street + 1).is_some_and(|s| s.draw > 0);
        if !on_draw && next_draws {
            self.street += 1;
            self.reached = self.reached.max(self.street);
        }
        let act = Act {
            amount: count,
            cards,
            ..Act::of(ActionKind::Draw)
        };
        self.act(index, who, act);
    }

    // ---- the summary

    /// An amount the house adds to the pot or takes beside the rake (`Cash Drop`, `Jackpot`).
    pub fn extra(&mut self, label: &str, amount: i64) {
        self.extras.push((label.to_string(), amount));
    }

    /// A splash said before the summary (`STP added: €5.00`), kept as the summary's `STP` extra
    /// unless the summary says it.
    pub fn stp_added(&mut self, amount: i64) {
        self.stp_added += amount;
    }

    /// A tournament's finish or bounty line.
    pub fn finish(&mut self, finish: Finish) {
        self.finishes.push(finish);
    }

    /// The summary's total pot, its rake (None: not said), its main and side pots and its extras.
    pub fn summary(
        &mut self,
        total_pot: i64,
        rake: Option<i64>,
        pots: Vec<i64>,
        extras: Vec<(String, i64)>,
    ) {
        self.total_pot = Some(total_pot);
        if rake.is_some() {
            self.rake = rake;
        }
        self.pots = pots;
        self.extras.extend(extras);
    }

    // ---- the hand

    /// Fill in the unseen cards, order the deals canonically, build the Hand.
    pub fn build(mut self, path: &str, raw: String) -> Hand {
        if self.stp_added != 0 && !self.extras.iter().any(|(label, _)| label == STP_LABEL) {
            // a splash the summary does not list apart: the pot's total holds it all the same
            self.extras.push((STP_LABEL.to_string(), self.stp_added));
        }
        let fees: i64 = self
            .extras
            .iter()
            .filter(|(label, _)| self.dialect.fees.contains(&label.as_str()))
            .map(|(_, amount)| amount)
            .sum();
        self.fill_unseen();
        let first = self.first_line;
        let mut deals = std::mem::take(&mut self.deals);
        deals.sort_unstable_by_key(|(key, _, _)| *key);
        let deal_lines: Vec<u64> = deals
            .iter()
            .map(|(_, _, at)| at.map_or(0, |j| first + j as u64))
            .collect();
        let deals: Vec<Deal> = deals.into_iter().map(|(_, deal, _)| deal).collect();
        let h = self.header;
        let stakes = stakes_with_posts(h.stakes, &self.actions);
        Hand {
            site: h.site.to_string(),
            hand_id: h.hand_id.to_string(),
            rules: h.rules,
            stakes,
            table: h.table,
            max_seats: h.max_seats,
            button: h.button,
            start: h.start.map(|t| t.iso()),
            time_zone: h.time_zone.map(str::to_string),
            start_utc: h.start_utc.map(|t| t.iso()),
            tournament: h.tournament,
            seats: self.seats,
            deals,
            actions: self.actions,
            total_pot: self.total_pot,
            rake: self.rake.map(|rake| rake + fees),
            pots: self.pots,
            extras: self.extras,
            finishing_stacks: Vec::new(),
            source: Some(Source {
                path: path.to_string(),
                line: first,
                format: Some(self.dialect.name.to_string()),
            }),
            deal_lines,
            action_lines: self.action_lines,
            raw,
            finishes: self.finishes,
        }
    }

    /// The face-down cards of every street reached, unseen, to each player dealt in and not folded
    /// before it; a draw's as many as were discarded.
    fn fill_unseen(&mut self) {
        // each seat's player, if dealt in (the names are unique: `seat` adds a name once)
        let dealt_in: Vec<usize> = self
            .seats
            .iter()
            .filter_map(|seat| self.who(&seat.name))
            .filter(|&who| self.names[who].active)
            .collect();
        let spec = Arc::clone(&self.spec);
        for (street, layout) in spec.streets.iter().enumerate() {
            if layout.board > 0
                || layout.turn_up > 0
                || layout.down + layout.up == 0
                || street > self.reached
            {
                continue;
            }
            for &who in &dealt_in {
                if self.names[who].folded.is_some_and(|f| f < street) {
                    continue;
                }
                let key = (0, street, 0, self.names[who].seat);
                if layout.up == 0 && !self.has_deal(key) {
                    let down = usize::from(layout.down);
                    let deal = Deal {
                        street: street as u8,
                        player: Some(self.names[who].name.to_string()),
                        cards: vec![None; down],
                        up: vec![false; down],
                        run: 0,
                    };
                    self.put_deal(key, deal, None);
                }
            }
        }
        for a in &self.actions {
            if a.kind != ActionKind::Draw || a.amount <= 0 {
                continue;
            }
            let Some(who) = self.who(&a.player) else {
                continue;
            };
            let key = (0, usize::from(a.street), 0, self.names[who].seat);
            if !self.deals.iter().any(|(k, _, _)| *k == key) {
                let n = usize::try_from(a.amount).unwrap_or(0).min(52);
                let deal = Deal {
                    street: a.street,
                    player: Some(a.player.clone()),
                    cards: vec![None; n],
                    up: vec![false; n],
                    run: 0,
                };
                self.deals.push((key, deal, None));
            }
        }
    }
}

/// Stakes with the forced bets the posts show, where the header does not say them.
fn stakes_with_posts(mut stakes: Stakes, actions: &[Action]) -> Stakes {
    let mut found = [false; 4];
    for a in actions {
        let slot = match a.kind {
            ActionKind::Ante => Some((0, &mut stakes.ante)),
            ActionKind::BringIn => Some((1, &mut stakes.bring_in)),
            ActionKind::SmallBlind => Some((2, &mut stakes.small_blind)),
            ActionKind::BigBlind => Some((3, &mut stakes.big_blind)),
            _ => None,
        };
        if let Some((k, value)) = slot {
            if !a.all_in && value.is_none() && !found[k] {
                *value = Some(a.amount);
                found[k] = true;
            }
        }
        if a.street > 0 {
            break;
        }
    }
    stakes
}

/// An error of a hand (`id`) placed on `line` of the log, unless it has a place already.
pub fn located(err: ReadError, line: u64, id: &str) -> ReadError {
    let err = err.hand(Some(id));
    if err.line.is_some() {
        err
    } else {
        err.at(line)
    }
}

/// The seat whose name a site's line starts with, then a space (the longest that fits: one name may
/// begin another's), and the rest of the line: `dies irae 9 folds` → (that seat, `folds`).
pub fn speaker<'l, S: AsRef<str>>(names: &[S], line: &'l str) -> Option<(usize, &'l str)> {
    (0..names.len())
        .filter(|&k| {
            let (name, line) = (names[k].as_ref().as_bytes(), line.as_bytes());
            // the first and last bytes before the whole compare: most names are not the line's,
            // and names that share their start (`Player1`, `Player2`) mostly differ in their last
            name.first().is_none_or(|b| line.first() == Some(b))
                && line.get(name.len()) == Some(&b' ')
                && name.last().is_none_or(|b| line[name.len() - 1] == *b)
                && line.starts_with(name)
        })
        .max_by_key(|&k| names[k].as_ref().len())
        .map(|k| (k, &line[names[k].as_ref().len() + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_name_a_line_starts_with_speaks() {
        let names = [
            "dies".to_string(),
            "dies irae 9".to_string(),
            "x".to_string(),
        ];
        assert_eq!(speaker(&names, "dies irae 9 folds"), Some((1, "folds")));
        assert_eq!(speaker(&names, "dies calls 2"), Some((0, "calls 2")));
        assert_eq!(speaker(&names, "xfolds"), None);
    }
}
