//! The betting state of one hand, driven by the game spec: who acts, what is legal, what it costs
//! (the auditor's table, and the simulator's through `_core.PlayTable`).
//!
//! A [`Table`] holds each player's stack and money in, the street, the current bet and the
//! round's raise count. It knows, at every point, whose turn it is and the legal actions with
//! their amount ranges ([`Table::legal`]). [`Table::apply`] carries out an action as it was taken
//! (the auditor applies what the log says even when it breaks a rule, so that the rest of the hand
//! can still be checked). Rules come from flags of the [`GameSpec`] (structure, caps, bring-in,
//! opening, raise_after_pass); there is no per-game branch here. Players are seat indices.

use crate::model::{ActionKind, Stakes};
use crate::spec::{BetSize, FirstToAct, GameSpec, LimitRaiseBase, Structure};

use super::held::Held;
use super::showing::{self, Key, Opening, Ranking};
use super::Fault;

/// One player's state in the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat<'h> {
    pub name: &'h str,
    pub seat: u8,
    /// Chips behind (not yet put in).
    pub stack: i64,
    /// Live chips put in on this street (blinds and bring-in count, antes do not).
    pub street_bet: i64,
    /// All chips put in this hand, antes included, uncalled chips returned.
    pub total: i64,
    /// The part of `total` that is dead money: antes and dead blinds.
    pub dead: i64,
    pub folded: bool,
    /// Has acted since the betting was last (re)opened to him.
    pub acted: bool,
    /// Checked or called in this round (raise_after_pass=false forbids raising after).
    pub passed: bool,
    /// The street's bet after his last action on it (None: he has not acted on this street).
    pub faced: Option<i64>,
    /// Cards showing, in deal order.
    pub up: Held,
}

impl<'h> Seat<'h> {
    fn new(name: &'h str, seat: u8, stack: i64) -> Seat<'h> {
        Seat {
            name,
            seat,
            stack,
            street_bet: 0,
            total: 0,
            dead: 0,
            folded: false,
            acted: false,
            passed: false,
            faced: None,
            up: Held::new(),
        }
    }

    pub fn all_in(&self) -> bool {
        self.stack == 0 && self.total > 0
    }

    /// Still in the hand (not folded).
    pub fn live(&self) -> bool {
        !self.folded
    }

    pub fn can_act(&self) -> bool {
        !self.folded && self.stack > 0
    }
}

/// Fixed limit: the bet sizes allowed on a street (none, one, or the small and the big bet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    len: usize,
    sizes: [i64; 2],
}

impl Sizes {
    fn of(sizes: &[i64]) -> Sizes {
        let mut out = Sizes::default();
        for &s in sizes.iter().take(2) {
            out.sizes[out.len] = s;
            out.len += 1;
        }
        out
    }

    pub fn as_slice(&self) -> &[i64] {
        &self.sizes[..self.len]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first size (the small one), if any.
    pub fn first(&self) -> Option<i64> {
        self.as_slice().first().copied()
    }
}

/// What the player to act may do now; amounts are totals for the street unless named otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legal {
    /// Seat index of the player to act.
    pub player: usize,
    /// Chips the player must add to call (0: he may check); capped at his stack.
    pub to_call: i64,
    pub can_check: bool,
    /// Opening bet: (smallest, largest) amount, or None when a bet stands or none is allowed.
    pub bet: Option<(i64, i64)>,
    /// Raise (or completion): (smallest, largest) street total, or None.
    pub raise_to: Option<(i64, i64)>,
    /// Stud: the total a bring-in is completed to, when that is the legal raise.
    pub complete_to: Option<i64>,
    /// Fixed limit: the bet sizes allowed on this street.
    pub sizes: Sizes,
}

impl Legal {
    fn only_call(player: usize, to_call: i64) -> Legal {
        Legal {
            player,
            to_call,
            can_check: to_call == 0,
            bet: None,
            raise_to: None,
            complete_to: None,
            sizes: Sizes::default(),
        }
    }
}

/// Python's `x or y` for an optional amount: a missing or zero value falls through.
fn truthy(value: Option<i64>) -> Option<i64> {
    value.filter(|&v| v != 0)
}

/// The state of one hand: seats in seat order, the street, the current bet, whose turn it is.
#[derive(Clone, Debug)]
pub struct Table<'h> {
    spec: &'h GameSpec,
    stakes: &'h Stakes,
    ranking: Ranking,
    pub seats: Vec<Seat<'h>>,
    /// Seat indices starting left of the button (seat order when there is no button).
    order: Vec<usize>,
    pub button: Option<u8>,
    pub street: usize,
    /// The street's current bet (the highest street_bet).
    pub current: i64,
    /// The size of the last full bet or raise on this street (no-limit minimum raise).
    pub raise_size: i64,
    /// Bets and raises this round, for the cap (a bring-in is not one; a completion is).
    pub bets: u32,
    /// Fixed limit: the size chosen for this street (small or big).
    pub bet_size: Option<i64>,
    /// Fixed limit: the street total of the last whole bet or raise (or blind, bring-in): under
    /// `limit_raise_base=last_full_bet` the next raise is a bet above it, a short all-in aside.
    pub full_level: i64,
    /// Stud: only the bring-in stands; the next raise is the completion.
    pub bring_in_only: bool,
    /// All chips put in so far (uncalled chips returned).
    pub pot: i64,
    /// Money in the pot from the start that no player put in (GGPoker's cash drop): it counts in a
    /// pot-limit bet, not in what the players put in.
    pub house: i64,
    /// The player to act, or None when the round is over or not yet open.
    pub turn: Option<usize>,
    /// Whether the round's first voluntary action has been placed.
    pub opened: bool,
    /// The big blind (or straddle) whose left speaks first preflop.
    pub blind_seat: Option<usize>,
    /// Fixed limit: what a raise after a short all-in is a bet above: the spec's
    /// `limit_raise_base`, or the house rule of the hand's site ([`house_raise_base`]).
    pub raise_base: LimitRaiseBase,
    /// Whose small blind is live.
    pub small_blind: SmallBlindSeat,
}

/// What a site plays where the rules leave it a choice (docs/rules.md, "House rules"): iPoker
/// raises an all-in of half a bet or more as if it were the whole bet.
const HOUSE_RAISE_BASE: [(&str, LimitRaiseBase); 1] = [("iPoker", LimitRaiseBase::FullBet)];

/// The raise base `site` plays, where it has a house rule; else the spec's.
pub fn house_raise_base(site: &str, spec: &GameSpec) -> LimitRaiseBase {
    HOUSE_RAISE_BASE
        .iter()
        .find(|(s, _)| *s == site)
        .map_or(spec.options.limit_raise_base, |&(_, base)| base)
}

/// Whose small blind is live (RULES.md §3 item 1): the small blind's seat's; a small blind anyone
/// else posts is dead money.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SmallBlindSeat {
    /// Not known before the posts (the simulator's table): a small blind posted once a big blind
    /// is in is dead.
    #[default]
    BeforeTheBigBlind,
    /// Read from the hand's posts: this seat's, or nobody's (every small blind posted is dead).
    Known(Option<usize>),
    /// Every small blind posted is live: a site's convention that counts a player's coming-in
    /// small blind toward his call (Bovada's `Posts chip`).
    Every,
}

impl<'h> Table<'h> {
    /// `seats`: (name, seat number, starting stack) of each player dealt in, in seat order.
    pub fn new(
        spec: &'h GameSpec,
        stakes: &'h Stakes,
        seats: impl IntoIterator<Item = (&'h str, u8, i64)>,
        button: Option<u8>,
    ) -> Table<'h> {
        let seats: Vec<Seat<'h>> = seats
            .into_iter()
            .map(|(name, seat, stack)| Seat::new(name, seat, stack))
            .collect();
        let order = match button {
            None => (0..seats.len()).collect(),
            Some(b) => {
                let after = (0..seats.len()).filter(|&i| seats[i].seat > b);
                after
                    .chain((0..seats.len()).filter(|&i| seats[i].seat <= b))
                    .collect()
            }
        };
        Table {
            spec,
            stakes,
            ranking: Ranking::of(spec),
            seats,
            order,
            button,
            street: 0,
            current: 0,
            raise_size: 0,
            bets: 0,
            bet_size: None,
            full_level: 0,
            bring_in_only: false,
            pot: 0,
            house: 0,
            turn: None,
            opened: false,
            blind_seat: None,
            raise_base: spec.options.limit_raise_base,
            small_blind: SmallBlindSeat::default(),
        }
    }

    // -- order ---------------------------------------------------------------------------

    /// Seat indices in order starting left of the button (seat order when there is no button).
    pub fn from_dealer_left(&self) -> &[usize] {
        &self.order
    }

    /// The ranking that decides showing hands.
    pub fn ranking(&self) -> Ranking {
        self.ranking
    }

    /// The first seat from `index` (inclusive) on, clockwise, that can act.
    pub fn next_to_act(&self, index: usize) -> Option<usize> {
        let n = self.seats.len();
        (0..n)
            .map(|step| (index + step) % n)
            .find(|&i| self.seats[i].can_act())
    }

    /// How many players are still in.
    pub fn live_count(&self) -> usize {
        self.seats.iter().filter(|s| s.live()).count()
    }

    /// The seat of a player by name: the last seat of that name (Python's `by_name`).
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.seats.iter().rposition(|s| s.name == name)
    }

    // -- streets -------------------------------------------------------------------------

    /// A new betting round: bets reset; the first player to act is chosen when it opens.
    pub fn start_street(&mut self, street: usize) {
        self.street = street;
        self.current = 0;
        self.raise_size = 0;
        self.bets = 0;
        self.bet_size = None;
        self.full_level = 0;
        self.bring_in_only = false;
        self.opened = false;
        self.turn = None;
        for s in &mut self.seats {
            s.street_bet = 0;
            s.acted = false;
            s.passed = false;
            s.faced = None;
        }
    }

    /// Choose who speaks first, once the forced bets are in and the street's cards are out.
    pub fn open_round(&mut self, first: Option<usize>) -> Result<(), Fault> {
        self.opened = true;
        if self.round_over() && self.street > 0 {
            self.turn = None;
            return Ok(());
        }
        let from = match first {
            Some(first) => first,
            None => self.opener(self.street)?,
        };
        self.turn = self.next_to_act(from);
        Ok(())
    }

    /// The seat that speaks first on `street` (before skipping all-in players).
    pub fn opener(&self, street: usize) -> Result<usize, Fault> {
        let acting = &self.spec.first_to_act;
        let rule = if street == 0 {
            acting.first_round
        } else {
            acting.later_rounds
        };
        let order = &self.order;
        match rule {
            FirstToAct::BringIn | FirstToAct::BestShowing => {
                // The best showing hand of everyone still in speaks (RULES §2 item 6).
                let opening = Opening::of(self.spec, street).map_err(|e| Fault(e.0))?;
                let mut best: Option<(Key, usize)> = None;
                for &i in order {
                    let seat = &self.seats[i];
                    if !seat.live() || seat.up.is_empty() {
                        continue;
                    }
                    let speaking = showing::speaking(seat.up.as_slice(), street);
                    let key = opening.key(speaking.as_slice()).map_err(|e| Fault(e.0))?;
                    if best.is_none_or(|(top, _)| key > top) {
                        best = Some((key, i));
                    }
                }
                Ok(best.map_or(0, |(_, i)| i))
            }
            FirstToAct::LeftOfBigBlind => {
                if let Some(blind) = self.blind_seat {
                    return Ok((blind + 1) % self.seats.len());
                }
                let pick = if order.len() > 2 {
                    order.get(2 % order.len())
                } else {
                    order.last()
                };
                Ok(pick.copied().unwrap_or(0))
            }
            FirstToAct::LeftOfButton => Ok(order.first().copied().unwrap_or(0)),
        }
    }

    /// Everyone who can act has acted and matched the current bet (or only one player is left).
    pub fn round_over(&self) -> bool {
        let mut live = 0;
        let mut able = 0;
        let mut top = i64::MIN;
        let mut able_bet = 0;
        let mut all_matched = true;
        for s in self.seats.iter().filter(|s| s.live()) {
            live += 1;
            top = top.max(s.street_bet);
            if s.stack > 0 {
                able += 1;
                able_bet = s.street_bet;
                all_matched &= s.acted && s.street_bet == self.current;
            }
        }
        if live <= 1 || able == 0 || (able == 1 && able_bet >= top) {
            return true;
        }
        all_matched
    }

    // -- sizes ---------------------------------------------------------------------------

    /// Fixed limit: the bet sizes allowed on this street.
    pub fn street_sizes(&self) -> Sizes {
        let Some(layout) = self.spec.streets.get(self.street) else {
            return Sizes::default();
        };
        let (Some(layout_size), Some(small), Some(big)) =
            (layout.bet_size, self.stakes.small_bet, self.stakes.big_bet)
        else {
            return Sizes::default();
        };
        if let Some(size) = self.bet_size {
            return Sizes::of(&[size]);
        }
        if layout_size == BetSize::Big {
            return Sizes::of(&[big]);
        }
        if layout.open_pair_big_bet && self.spec.options.open_pair_big_bet && self.open_pair() {
            return Sizes::of(&[small, big]);
        }
        Sizes::of(&[small])
    }

    fn open_pair(&self) -> bool {
        self.seats.iter().filter(|s| s.live()).any(|s| {
            let up = s.up.as_slice();
            up.iter()
                .enumerate()
                .any(|(i, c)| up[..i].iter().any(|d| d.rank() == c.rank()))
        })
    }

    /// The smallest opening bet of a no-limit, pot-limit or spread round.
    pub fn min_bet(&self) -> i64 {
        let st = self.stakes;
        [st.min_bet, st.big_blind, st.bring_in, st.small_bet, st.ante]
            .into_iter()
            .find_map(truthy)
            .unwrap_or(1)
    }

    /// The largest bet or raise increment the structure allows (None: the stack).
    pub fn max_increment(&self, seat: usize) -> Option<i64> {
        match self.spec.structure_on(self.street) {
            Structure::Spread => {
                let set = self.spec.options.max_bet_or_raise.as_ref();
                set.and_then(serde_json::Value::as_i64)
                    .or(self.stakes.max_bet)
            }
            Structure::PotLimit => {
                Some(self.pot + self.house + self.current - self.seats[seat].street_bet)
            }
            _ => None,
        }
    }

    pub fn capped(&self) -> bool {
        let Some(cap) = self.spec.options.max_bets_per_round else {
            return false;
        };
        if self.spec.options.uncapped_heads_up && self.live_count() == 2 {
            return false;
        }
        self.bets >= cap
    }

    /// The street total a call reaches: the current bet, or less when nobody else can match it.
    pub fn call_level(&self, seat: usize) -> i64 {
        let own = self.seats[seat].street_bet;
        let mut top = 0;
        for (i, s) in self.seats.iter().enumerate() {
            if i != seat && !s.folded {
                let reach = s.street_bet + s.stack;
                if reach >= self.current {
                    return own.max(self.current);
                }
                top = top.max(reach);
            }
        }
        own.max(self.current.min(top))
    }

    // -- legal actions -------------------------------------------------------------------

    /// The legal actions of the player to act, or None when the round is over.
    pub fn legal(&self) -> Result<Option<Legal>, Fault> {
        let Some(turn) = self.turn else {
            return Ok(None);
        };
        let seat = &self.seats[turn];
        let to_call = (self.call_level(turn) - seat.street_bet).min(seat.stack);
        let max_to = seat.street_bet + seat.stack;
        let may_raise = self.reopened(turn)
            && !self.capped()
            && max_to > self.current
            && (self.spec.options.raise_after_pass || !seat.passed);
        if !may_raise {
            return Ok(Some(Legal::only_call(turn, to_call)));
        }
        let sizes = self.street_sizes();
        let mut legal = Legal::only_call(turn, to_call);
        if self.current == 0 || (self.bring_in_only && !sizes.is_empty()) {
            if self.bring_in_only {
                let complete = sizes.first().ok_or_else(|| {
                    Fault("a bring-in of nothing leaves no completion size (IndexError)".into())
                })?;
                let to = complete.min(max_to);
                legal.raise_to = Some((to, to));
                legal.complete_to = Some(complete);
                legal.sizes = sizes;
                return Ok(Some(legal));
            }
            legal.can_check = true;
            if let Some(first) = sizes.first() {
                let last = sizes.as_slice()[sizes.len - 1];
                legal.bet = Some((first.min(max_to), last.min(max_to)));
                legal.sizes = sizes;
                return Ok(Some(legal));
            }
            let high = match self.max_increment(turn) {
                None => max_to,
                Some(top) => top.min(max_to),
            };
            legal.bet = Some((self.min_bet().min(max_to), high));
            return Ok(Some(legal));
        }
        if let Some(first) = sizes.first() {
            let step = truthy(self.bet_size).unwrap_or(first);
            let base = match self.raise_base {
                LimitRaiseBase::AllIn => self.current,
                LimitRaiseBase::LastFullBet | LimitRaiseBase::FullBet
                    if self.full_level + step > self.current =>
                {
                    self.full_level
                }
                LimitRaiseBase::LastFullBet | LimitRaiseBase::FullBet => self.current,
            };
            let target = (base + step).min(max_to);
            legal.raise_to = Some((target, target));
            legal.sizes = sizes;
            return Ok(Some(legal));
        }
        let increment = self.raise_size.max(self.min_bet());
        let low = (self.current + increment).min(max_to);
        let high = match self.max_increment(turn) {
            None => max_to,
            Some(top) => (self.current + top).min(max_to),
        };
        legal.raise_to = Some((low, low.max(high)));
        Ok(Some(legal))
    }

    // -- applying actions ----------------------------------------------------------------

    /// Move chips from a stack into the pot (never more than the stack); returns what moved.
    pub fn put_in(&mut self, seat: usize, amount: i64, live: bool) -> i64 {
        let s = &mut self.seats[seat];
        let amount = amount.min(s.stack).max(0);
        s.stack -= amount;
        s.total += amount;
        self.pot += amount;
        if live {
            s.street_bet += amount;
        } else {
            s.dead += amount;
        }
        amount
    }

    /// Carry out a betting action as taken; the turn moves on. Amounts as a log states them.
    pub fn apply(&mut self, seat: usize, kind: ActionKind, amount: i64, to: Option<i64>) {
        match kind {
            ActionKind::Fold => self.seats[seat].folded = true,
            ActionKind::Check => self.seats[seat].passed = true,
            ActionKind::Call => {
                self.put_in(seat, amount, true);
                self.seats[seat].passed = true;
            }
            ActionKind::Bet | ActionKind::Raise | ActionKind::Complete => {
                let target = to.unwrap_or(if kind == ActionKind::Bet {
                    self.seats[seat].street_bet + amount
                } else {
                    self.current + amount
                });
                self.raise(seat, target, kind == ActionKind::Complete);
            }
            _ => {}
        }
        let current = self.current;
        let s = &mut self.seats[seat];
        s.acted = true;
        s.faced = Some(current);
        if kind.betting() {
            self.turn = if self.round_over() {
                None
            } else {
                self.next_to_act(seat + 1)
            };
        }
    }

    fn raise(&mut self, seat: usize, target: i64, completion: bool) {
        let before = self.current;
        self.put_in(seat, target - self.seats[seat].street_bet, true);
        let street_bet = self.seats[seat].street_bet;
        let increment = street_bet - before;
        if street_bet <= before {
            return; // an all-in for less than a call
        }
        let full = self.full_raise(increment, completion);
        if self.whole_raise(increment, completion) {
            self.full_level = street_bet;
        } else if full && self.raise_base == LimitRaiseBase::FullBet {
            if let Some(first) = self.street_sizes().first() {
                self.full_level = before + truthy(self.bet_size).unwrap_or(first);
            }
        }
        self.current = street_bet;
        if full {
            let sizes = self.street_sizes();
            self.raise_size = if sizes.is_empty() {
                increment.max(self.raise_size)
            } else {
                increment
            };
            self.bets += 1;
            if let (Some(first), None) = (sizes.first(), self.bet_size) {
                self.bet_size = Some(if completion {
                    street_bet
                } else if before == 0 {
                    // the size an opening bet chose; an all-in short of a bet chose the smallest
                    let chosen = sizes.as_slice().iter().find(|&&size| size >= street_bet);
                    chosen.copied().unwrap_or(street_bet)
                } else {
                    first
                });
            }
        }
        for (i, other) in self.seats.iter_mut().enumerate() {
            if i != seat {
                other.acted = false;
            }
        }
        self.bring_in_only = false;
    }

    /// May he raise? Yes unless he already acted and the raises since add up to less than a full
    /// raise (no limit, pot limit, spread) or half a bet (fixed limit): short all-ins do not
    /// reopen the betting (RULES §2 item 9, §3 item 4), but several that add up to one do.
    pub fn reopened(&self, seat: usize) -> bool {
        let Some(faced) = self.seats[seat].faced else {
            return true;
        };
        let rise = self.current - faced;
        match self.street_sizes().first() {
            Some(first) => 2 * rise >= truthy(self.bet_size).unwrap_or(first),
            None => rise >= self.raise_size,
        }
    }

    /// Whether a bet or raise of this increment is a whole one: a full bet under fixed limit (a
    /// completion too), not an all-in short of it; a full raise otherwise.
    fn whole_raise(&self, increment: i64, completion: bool) -> bool {
        match self.street_sizes().first() {
            Some(first) if !completion && !self.bring_in_only => {
                increment >= truthy(self.bet_size).unwrap_or(first)
            }
            _ => self.full_raise(increment, completion),
        }
    }

    /// Whether a bet or raise of this increment reopens the betting (RULES §2.9, §3.4).
    fn full_raise(&self, increment: i64, completion: bool) -> bool {
        if completion || self.bring_in_only {
            return true;
        }
        if let Some(first) = self.street_sizes().first() {
            let size = truthy(self.bet_size).unwrap_or(first);
            return 2 * increment >= size; // fixed limit: half a bet counts as a raise
        }
        let floor = if self.current == 0 {
            self.min_bet()
        } else {
            self.raise_size
        };
        increment >= self.raise_size.max(floor)
    }

    /// A forced bet: antes are dead money, blinds, straddles and the bring-in are live; a small
    /// blind posted by anyone but the small blind (a player coming back) is dead money.
    pub fn post(&mut self, seat: usize, kind: ActionKind, amount: i64) {
        use ActionKind as K;
        let dead_small_blind = kind == K::SmallBlind
            && match self.small_blind {
                SmallBlindSeat::BeforeTheBigBlind => self.blind_seat.is_some(),
                SmallBlindSeat::Known(live) => live != Some(seat),
                SmallBlindSeat::Every => false,
            };
        let live = kind != K::Ante && !dead_small_blind;
        let mut amount = amount;
        if kind == K::SmallAndBigBlind {
            let big = truthy(self.stakes.big_blind).unwrap_or(amount);
            self.put_in(seat, amount - big, false);
            amount = big;
        }
        self.put_in(seat, amount, live);
        if !live {
            return;
        }
        let street_bet = self.seats[seat].street_bet;
        self.current = self.current.max(street_bet);
        let mut level = street_bet;
        if let (K::BigBlind, Some(big)) = (kind, truthy(self.stakes.big_blind)) {
            // A blind that cannot be posted in full still sets the call and the minimum raise.
            level = level.max(big);
            self.current = self.current.max(level);
        }
        self.full_level = self.current;
        if kind == K::BringIn {
            self.bring_in_only = true;
            let current = self.current;
            let s = &mut self.seats[seat];
            s.acted = true;
            s.faced = Some(current);
            return;
        }
        if matches!(kind, K::BigBlind | K::SmallAndBigBlind | K::Straddle) {
            self.raise_size = self.raise_size.max(level);
            self.bets = self.bets.max(1); // the blind is the round's first bet (RULES §3 item 3)
            let nearer = match self.blind_seat {
                None => true,
                Some(blind) => self.nearer_dealer_left(seat, blind),
            };
            if kind == K::Straddle || nearer {
                self.blind_seat = Some(seat);
            }
        }
    }

    fn nearer_dealer_left(&self, a: usize, b: usize) -> bool {
        let at = |x: usize| self.order.iter().position(|&i| i == x);
        at(a) < at(b)
    }

    /// Give back the part of the last bet nobody called (RULES §2 item 10), measured on the last
    /// betting round's live chips: the top bet's excess over the next one.
    pub fn return_uncalled(&mut self) -> Option<(usize, i64)> {
        let (top, excess) = self.uncalled()?;
        self.give_back(top, excess);
        self.seats[top].street_bet -= excess;
        Some((top, excess))
    }

    /// The part of this round's top bet nobody called, and whose it is; nothing moves.
    pub fn uncalled(&self) -> Option<(usize, i64)> {
        let mut top: Option<usize> = None;
        for (i, s) in self.seats.iter().enumerate() {
            if top.is_none_or(|t| s.street_bet > self.seats[t].street_bet) {
                top = Some(i);
            }
        }
        let top = top?;
        let high = self.seats[top].street_bet;
        if high == 0 {
            return None;
        }
        let second = self
            .seats
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != top)
            .map(|(_, s)| s.street_bet)
            .max()
            .unwrap_or(0);
        let excess = high - second;
        (excess > 0).then_some((top, excess))
    }

    /// Move chips out of the pot back to a player's stack (an uncalled bet).
    pub fn give_back(&mut self, seat: usize, chips: i64) {
        self.pot -= chips;
        let s = &mut self.seats[seat];
        s.total -= chips;
        s.stack += chips;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(structure: &str) -> GameSpec {
        crate::replay::fixtures::holdem(structure)
    }

    fn stakes() -> Stakes {
        Stakes {
            small_blind: Some(50),
            big_blind: Some(100),
            ..Stakes::default()
        }
    }

    #[test]
    fn blinds_then_the_minimum_raise_and_a_short_all_in() {
        let spec = spec("no_limit");
        let stakes = stakes();
        let seats = [("A", 1, 1000), ("B", 2, 1000), ("C", 3, 250)];
        let mut t = Table::new(&spec, &stakes, seats, Some(3));
        t.start_street(0);
        t.post(0, ActionKind::SmallBlind, 50);
        t.post(1, ActionKind::BigBlind, 100);
        t.open_round(None).unwrap();
        assert_eq!(t.turn, Some(2)); // left of the big blind
        let legal = t.legal().unwrap().unwrap();
        assert_eq!((legal.to_call, legal.raise_to), (100, Some((200, 250))));
        t.apply(2, ActionKind::Raise, 150, Some(250)); // all-in, a full raise of 150
        assert_eq!((t.current, t.raise_size, t.turn), (250, 150, Some(0)));
        t.apply(0, ActionKind::Call, 200, None);
        let legal = t.legal().unwrap().unwrap();
        assert_eq!(legal.raise_to, Some((400, 1000)));
        t.apply(1, ActionKind::Call, 150, None);
        assert!(t.round_over());
        assert_eq!(t.pot, 750);
        assert_eq!(t.return_uncalled(), None);
    }

    #[test]
    fn a_fixed_limit_raise_after_a_short_all_in_is_a_bet_above_the_base() {
        // 50/100 blinds, 100/200 bets: C raises to 200, A goes all in for 250 (half a bet more).
        let stakes = Stakes {
            small_bet: Some(100),
            big_bet: Some(200),
            ..stakes()
        };
        for (base, target) in [
            (LimitRaiseBase::AllIn, 350),
            (LimitRaiseBase::LastFullBet, 300),
        ] {
            let mut spec = spec("fixed_limit");
            spec.options.limit_raise_base = base;
            for (i, street) in spec.streets.iter_mut().enumerate() {
                street.bet_size = Some(if i < 2 { BetSize::Small } else { BetSize::Big });
            }
            let seats = [("A", 1, 250), ("B", 2, 1000), ("C", 3, 1000)];
            let mut t = Table::new(&spec, &stakes, seats, Some(3));
            t.start_street(0);
            t.post(0, ActionKind::SmallBlind, 50);
            t.post(1, ActionKind::BigBlind, 100);
            t.open_round(None).unwrap();
            t.apply(2, ActionKind::Raise, 100, Some(200));
            t.apply(0, ActionKind::Raise, 50, Some(250));
            assert_eq!(t.full_level, 200);
            let legal = t.legal().unwrap().unwrap();
            assert_eq!(legal.raise_to, Some((target, target)), "{base:?}");
        }
    }

    #[test]
    fn a_short_all_in_bet_of_half_a_bet_or_more_is_raised_a_full_bet() {
        // Robert's Rules of Poker (limit play): "An example of a full raise on a $20 betting round
        // is raising a $15 all-in bet to $35"; iPoker's house rule raises it as the whole $20 bet,
        // to $40. Bets 10/20; the turn (a $20 round): A bets 15 all in.
        let stakes = Stakes {
            small_bet: Some(10),
            big_bet: Some(20),
            ..stakes()
        };
        for (base, target) in [(LimitRaiseBase::AllIn, 35), (LimitRaiseBase::FullBet, 40)] {
            let mut spec = spec("fixed_limit");
            spec.options.limit_raise_base = base;
            for (i, street) in spec.streets.iter_mut().enumerate() {
                street.bet_size = Some(if i < 2 { BetSize::Small } else { BetSize::Big });
            }
            let seats = [("A", 1, 15), ("B", 2, 1000), ("C", 3, 1000)];
            let mut t = Table::new(&spec, &stakes, seats, Some(3));
            t.start_street(2);
            t.open_round(Some(0)).unwrap();
            t.apply(0, ActionKind::Bet, 15, None);
            let legal = t.legal().unwrap().unwrap();
            assert_eq!(legal.to_call, 15, "{base:?}");
            assert_eq!(legal.raise_to, Some((target, target)), "{base:?}");
        }
    }

    #[test]
    fn pot_limit_caps_the_raise_and_uncalled_bets_come_back() {
        let spec = spec("pot_limit");
        let stakes = stakes();
        let mut t = Table::new(&spec, &stakes, [("A", 1, 1000), ("B", 2, 1000)], Some(1));
        t.post(1, ActionKind::SmallBlind, 50);
        t.post(0, ActionKind::BigBlind, 100);
        t.open_round(None).unwrap();
        let legal = t.legal().unwrap().unwrap();
        // Pot 150 + current 100 - his 50: a raise of at most 200 over the 100.
        assert_eq!(legal.raise_to, Some((200, 300)));
        t.apply(1, ActionKind::Raise, 200, Some(300));
        t.apply(0, ActionKind::Fold, 0, None);
        assert_eq!(t.return_uncalled(), Some((1, 200)));
        assert_eq!((t.pot, t.seats[1].stack), (200, 900));
    }
}
