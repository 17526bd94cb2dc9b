//! A game told to the builder of the hand ([`crate::read::events`]): the seats, the forced bets, each
//! street's cards and actions (iPoker's numbered action types), the uncalled bet, the showdown and what
//! each player collected (iPoker's `win`, which counts the uncalled bet in but in the logs of newer
//! clients). The betting is followed ([`Rounds`]) for the bets nobody called and the pot, which
//! iPoker does not print.

use std::cell::Cell;

use super::amounts::card;
use super::game::{code, Action, Dealt, Game};
use super::head::{big_blind, is_dealt};
use super::session::{Family, Session};
use crate::cards::Card;
use crate::model::ActionKind;
use crate::money::decimal_text;
use crate::read::errors::{Kind, ReadError};
use crate::read::events::{Act, Builder};
use crate::read::header::seat_number;
use crate::read::rounds::{Move, Rounds};
use crate::said::Said;
use crate::say;

/// iPoker's stud street names and the spec's; `River` is the last street of either stud.
const STUD_STREETS: [(&str, &str); 6] = [
    ("Second Street", "2nd STREET"),
    ("Third Street", "3rd STREET"),
    ("Fourth Street", "4th STREET"),
    ("Fifth Street", "5th STREET"),
    ("Sixth Street", "6th STREET"),
    ("River", "RIVER"),
];
/// Hold'em's and Omaha's streets by round number (round 0 has the forced bets).
const BOARD_STREETS: [&str; 4] = ["HOLE CARDS", "FLOP", "TURN", "RIVER"];

/// A fault of the game's data (a deal or action of a player with no seat, an unknown action type or
/// street), on the game's line `line`: the caller places it on the log.
fn fault(line: usize, reason: Said, expected: &str) -> ReadError {
    ReadError::malformed(reason)
        .at(line as u64)
        .expected(expected)
}

/// A round of the game: its number, its deals and its actions.
struct Round<'g> {
    no: u32,
    dealt: &'g [Dealt<'g>],
    actions: &'g [Action<'g>],
}

impl Round<'_> {
    /// Whether it says anything (cards or actions).
    fn said(&self) -> bool {
        !self.dealt.is_empty() || !self.actions.is_empty()
    }

    /// The line its street begins on: its first deal's, else its first action's.
    fn line(&self) -> usize {
        self.dealt
            .first()
            .map_or_else(|| self.actions.first().map_or(0, |a| a.line), |d| d.line)
    }
}

/// The game's rounds in order, each with its deals and actions: one pass over the game's deals and
/// actions, which are in the order of their rounds (no search of them for each round).
fn rounds<'g>(game: &'g Game<'g>) -> impl Iterator<Item = Round<'g>> {
    let (mut dealt, mut actions) = (game.dealt.as_slice(), game.actions.as_slice());
    game.rounds.iter().map(move |&no| Round {
        no,
        dealt: take_round(&mut dealt, no, |d| d.round),
        actions: take_round(&mut actions, no, |a| a.round),
    })
}

/// The items of round `no` at the head of `items` (in the order of their rounds), past any of an
/// earlier round; `items` goes on after them.
fn take_round<'s, T>(items: &mut &'s [T], no: u32, round: impl Fn(&T) -> u32) -> &'s [T] {
    let start = items
        .iter()
        .position(|t| round(t) >= no)
        .unwrap_or(items.len());
    let rest = &items[start..];
    let (this, after) = rest.split_at(
        rest.iter()
            .position(|t| round(t) > no)
            .unwrap_or(rest.len()),
    );
    *items = after;
    this
}

/// The seat of the player a deal is to (inlined: every deal asks; the fault apart).
#[inline]
fn dealt_to(d: &Dealt) -> Result<usize, ReadError> {
    d.seat.ok_or_else(|| dealt_to_no_seat(d))
}

#[cold]
#[inline(never)]
fn dealt_to_no_seat(d: &Dealt) -> ReadError {
    let name = d.player.unwrap_or("");
    fault(
        d.line,
        say!(
            "cards dealt to {name}, who has no seat",
            name = format!("{name:?}")
        ),
        "a player of the game's <players>",
    )
}

/// The seat of the player of an action (inlined: every action asks, twice; the fault apart).
#[inline]
fn actor(a: &Action) -> Result<usize, ReadError> {
    a.seat.ok_or_else(|| actor_no_seat(a))
}

#[cold]
#[inline(never)]
fn actor_no_seat(a: &Action) -> ReadError {
    fault(
        a.line,
        say!(
            "an action of {name}, who has no seat",
            name = format!("{:?}", a.player)
        ),
        "a player of the game's <players>",
    )
}

/// The faults of the game's data, found before anything is told to the builder (a game whose data
/// is whole is then only the builder's to check).
pub fn check(game: &Game, family: Family) -> Result<(), ReadError> {
    for this in rounds(game) {
        let (round, dealt) = (this.no, this.dealt);
        if round > 0 && this.said() {
            let line = this.line();
            if family.is_stud() {
                stud_marker(dealt, line)?;
                for d in dealt {
                    dealt_to(d)?;
                }
            } else {
                let index = (round as usize).saturating_sub(1);
                if index >= BOARD_STREETS.len() {
                    return Err(fault(
                        line,
                        say!("a round numbered {round}", round),
                        "rounds 0 to 4",
                    ));
                }
                for d in dealt.iter().filter(|d| index == 0 && d.street == "Pocket") {
                    dealt_to(d)?;
                }
            }
        }
        for a in this.actions {
            actor(a)?;
            if !is_read(a.kind) {
                return Err(ReadError::new(
                    Kind::Unsupported,
                    say!("an action of type {kind}, which is not read", kind = a.kind),
                )
                .at(a.line as u64)
                .expected("action types 0 to 9, 15, 16 and 23"));
            }
        }
    }
    Ok(())
}

/// Whether an action's type is one the reader reads (a bit for each, all under 32).
fn is_read(kind: u32) -> bool {
    const READ: u32 = {
        let known = [
            code::FOLD,
            code::CHECK,
            code::SMALL_BLIND,
            code::BIG_BLIND,
            code::ANTE,
            code::BRING_IN,
            code::CALL,
            code::BET,
            code::RAISE_TO,
            code::RAISE_BY,
            code::ALL_IN,
            code::SITS_OUT[0],
            code::SITS_OUT[1],
        ];
        let (mut bits, mut k) = (0u32, 0);
        while k < known.len() {
            bits |= 1 << known[k];
            k += 1;
        }
        bits
    };
    kind < 32 && READ & (1 << kind) != 0
}

/// The spec's name of a stud street, by the name of the street its first deal is on.
fn stud_marker(dealt: &[Dealt], line: usize) -> Result<&'static str, ReadError> {
    let name = dealt.first().map_or("", |d| d.street);
    match STUD_STREETS.iter().find(|(s, _)| *s == name) {
        Some(&(_, marker)) => Ok(marker),
        None => Err(fault(
            line,
            say!("a stud street named {name}", name = format!("{name:?}")),
            "Second to Sixth Street, or River",
        )),
    }
}

/// A game being told to the builder.
pub struct Body<'g> {
    game: &'g Game<'g>,
    family: Family,
    uncalled_in_win: bool,
    decimals: u8,
    rounds: Rounds,
    folded: Vec<bool>,
    /// Each player's cards so far (None: hidden).
    cards: Vec<Vec<Option<&'static str>>>,
    hero: Option<usize>,
    /// The uncalled bets given back: (who, amount); most logs count them in the player's `win`.
    back: Vec<(usize, i64)>,
    /// The index of the game's last line (where the settling is placed).
    last: usize,
    /// The builder's index of each player's name, found once its seats are told (the builder's names
    /// change only then).
    seated: Vec<Option<usize>>,
}

/// The lists of the body told last, for the next game's: their allocation costs more than telling a
/// few of a game's actions.
type Room = (
    Vec<bool>,
    Vec<Vec<Option<&'static str>>>,
    Vec<Option<usize>>,
    Option<Rounds>,
);

/// The most players whose lists are kept for the next game.
const KEPT_ROOM: usize = 1 << 8;

thread_local! {
    static ROOM: Cell<Room> = const { Cell::new((Vec::new(), Vec::new(), Vec::new(), None)) };
}

impl Drop for Body<'_> {
    fn drop(&mut self) {
        let cards = std::mem::take(&mut self.cards);
        if cards.len() <= KEPT_ROOM && cards.iter().all(|c| c.capacity() <= KEPT_ROOM) {
            let folded = std::mem::take(&mut self.folded);
            let rounds = std::mem::replace(&mut self.rounds, Rounds::new(Vec::new()));
            ROOM.set((
                folded,
                cards,
                std::mem::take(&mut self.seated),
                Some(rounds),
            ));
        }
    }
}

impl<'g> Body<'g> {
    pub fn new(
        session: &Session,
        game: &'g Game<'g>,
        family: Family,
        decimals: u8,
        last: usize,
    ) -> Self {
        let n = game.players.len();
        let hero = session
            .hero
            .as_ref()
            .and_then(|h| game.players.iter().position(|p| p.name == *h));
        let (mut folded, mut cards, seated, rounds) = ROOM.take();
        let chips = game.players.iter().map(|p| p.chips);
        let rounds = match rounds {
            Some(mut rounds) => {
                rounds.renew(chips);
                rounds
            }
            None => Rounds::new(chips.collect()),
        };
        folded.clear();
        folded.resize(n, false);
        cards.truncate(n);
        cards.iter_mut().for_each(Vec::clear);
        cards.resize_with(n, Vec::new);
        Body {
            game,
            family,
            uncalled_in_win: session.uncalled_in_win,
            decimals,
            rounds,
            folded,
            cards,
            hero,
            back: Vec::new(),
            last,
            seated,
        }
    }

    /// An amount said on line `i`: what the family's grammar reads of it (no negative amount).
    /// Inlined: every action and seat has one, and a negative one is the rare case, apart.
    #[inline]
    fn money(&self, st: &Builder, i: usize, value: i64) -> Result<i64, ReadError> {
        match value {
            v if v >= 0 => Ok(v),
            v => self.negative_money(st, i, v),
        }
    }

    #[cold]
    #[inline(never)]
    fn negative_money(&self, st: &Builder, i: usize, value: i64) -> Result<i64, ReadError> {
        st.amount(&decimal_text(value, self.decimals), i)
    }

    /// The builder's index of player `k` (the error of line `i` where the builder has no seat of the name).
    fn who(&self, st: &Builder, i: usize, k: usize) -> Result<usize, ReadError> {
        match self.seated.get(k) {
            Some(&Some(who)) => Ok(who),
            _ => st.seated(i, self.game.players[k].name),
        }
    }

    /// The seats, then every round, then the settling.
    pub fn read(&mut self, st: &mut Builder<'g, '_>) -> Result<(), ReadError> {
        self.seats(st)?;
        let mut first_street = true;
        let game = self.game;
        for round in rounds(game) {
            if round.no > 0 {
                if !round.said() {
                    continue;
                }
                if !std::mem::replace(&mut first_street, false) {
                    let line = round.dealt.first().map_or(self.last, |d| d.line);
                    self.give_back(st, line)?;
                    self.rounds.next_street();
                }
                self.street(st, &round)?;
            }
            for action in round.actions {
                self.action(st, action)?;
            }
        }
        self.settle(st)
    }

    /// A seat per player; one who is dealt no cards sits the game out.
    fn seats(&mut self, st: &mut Builder<'g, '_>) -> Result<(), ReadError> {
        let game = self.game;
        for (k, p) in game.players.iter().enumerate() {
            if p.name.is_empty() {
                return Err(st.error(p.line, "a seat with no name", "a player's name"));
            }
            let seat = seat_number(p.seat, "seat number").map_err(|e| st.relocate(e, p.line))?;
            let stack = self.money(st, p.line, p.chips)?;
            let dealt = is_dealt(game, p.name);
            st.seat(seat, p.name, stack, !dealt, None);
            if dealt {
                self.rounds.dealt(k);
            }
        }
        self.seated.clear();
        self.seated
            .extend(game.players.iter().map(|p| st.who(p.name)));
        Ok(())
    }

    /// A street's beginning and what is dealt on it.
    fn street(&mut self, st: &mut Builder<'g, '_>, round: &Round) -> Result<(), ReadError> {
        let (line, dealt) = (round.line(), round.dealt);
        if self.family.is_stud() {
            let marker = stud_marker(dealt, line)?;
            begin(st, line, marker, None)?;
            for d in dealt {
                self.stud_deal(st, d, marker)?;
            }
            return Ok(());
        }
        let index = (round.no as usize).saturating_sub(1);
        if index == 0 {
            begin(st, line, BOARD_STREETS[0], None)?;
            for d in dealt.iter().filter(|d| d.street == "Pocket") {
                let who = dealt_to(d)?;
                self.cards[who].clear();
                self.cards[who].extend(d.cards().map(card));
                let known = self.cards[who].iter().all(Option::is_some);
                if Some(who) == self.hero && known {
                    self.deal(st, d.line, who, &self.cards[who])?;
                }
            }
            return Ok(());
        }
        if let Some(board) = board_cards(dealt) {
            return st.begin_named_street_with(line, BOARD_STREETS[index], board);
        }
        let board: Vec<&str> = dealt
            .iter()
            .filter(|d| d.player.is_none())
            .flat_map(|d| d.cards().map(|c| card(c).unwrap_or(c)))
            .collect();
        begin(st, line, BOARD_STREETS[index], Some(&board.join(" ")))
    }

    /// Cards dealt to player `k` on line `i` (those known of `cards`), on the street the hand is on.
    fn deal(
        &self,
        st: &mut Builder,
        i: usize,
        k: usize,
        cards: &[Option<&str>],
    ) -> Result<(), ReadError> {
        let who = self.who(st, i, k)?;
        st.deal_street(i)?;
        let cards = self.cards_of(st, i, cards)?;
        st.dealt(i, who, &cards)
    }

    /// Cards in the family's words (each of [`card`]'s; those known of `cards`), as the builder reads
    /// them: each card once, else the builder's own error of their text.
    fn cards_of(
        &self,
        st: &Builder,
        i: usize,
        cards: &[Option<&str>],
    ) -> Result<Vec<Card>, ReadError> {
        let mut seen = 0u64;
        let mut read = Vec::with_capacity(cards.len());
        let whole = cards.iter().flatten().all(|text| match Card::parse(text) {
            Some(card) if seen & (1u64 << card.0) == 0 => {
                seen |= 1u64 << card.0;
                read.push(card);
                true
            }
            _ => false,
        });
        if whole && !read.is_empty() {
            return Ok(read);
        }
        let known: Vec<&str> = cards.iter().flatten().copied().collect();
        st.cards(&known.join(" "), i)
    }

    /// A stud deal: the log's owner's cards all, another's the up cards only.
    fn stud_deal(&mut self, st: &mut Builder, d: &Dealt, marker: &str) -> Result<(), ReadError> {
        let who = dealt_to(d)?;
        let before = self.cards[who].len();
        self.cards[who].extend(d.cards().map(card));
        let new = &self.cards[who][before..];
        let first = marker == "2nd STREET" || marker == "3rd STREET";
        let down_street = marker == "RIVER" && self.family == Family::Stud7;
        let all_known = new.iter().all(Option::is_some);
        // the cards shown: those known of these
        let shown = if Some(who) == self.hero && all_known {
            new
        } else if down_street {
            &[]
        } else if first {
            &new[new.len().saturating_sub(1)..]
        } else {
            new
        };
        if shown.iter().all(Option::is_none) {
            return Ok(());
        }
        self.deal(st, d.line, who, shown)
    }

    /// An action told to the builder (sitting out says nothing).
    fn action(&mut self, st: &mut Builder, a: &Action) -> Result<(), ReadError> {
        let k = actor(a)?;
        let sum = a.sum;
        let (put_in, bet) = (self.rounds.put_in(k), self.rounds.bet());
        let act = match a.kind {
            code::FOLD => {
                self.folded[k] = true;
                self.rounds.moved(k, Move::Folds, 0)
            }
            code::CHECK => self.rounds.moved(k, Move::Checks, 0),
            kind if code::SITS_OUT.contains(&kind) => return Ok(()),
            code::SMALL_BLIND => self.rounds.moved(k, Move::SmallBlind, sum),
            code::BIG_BLIND => {
                let big = big_blind(self.game).unwrap_or(sum);
                if sum > big && a.round == 0 {
                    // posting both: the big blind live, the rest dead
                    self.rounds.moved_with_dead(k, sum - big, big)
                } else {
                    self.rounds.moved(k, Move::BigBlind, sum)
                }
            }
            code::ANTE => self.rounds.moved(k, Move::Ante, sum),
            code::BRING_IN => self.rounds.moved(k, Move::BringIn, sum),
            code::CALL => self.rounds.moved(k, Move::Calls, sum),
            // a bet over the bring-in completes it
            code::BET if bet > 0 && self.family.is_stud() => {
                self.rounds.moved(k, Move::Completes, sum)
            }
            code::BET => self.rounds.moved(k, Move::Bets, sum),
            _ => {
                // a raise to the sum, a raise by it, all in for it ([`check`] let no other type by)
                let to = if a.kind == code::RAISE_TO {
                    sum
                } else {
                    put_in + sum
                };
                self.rounds.moved(k, Move::Adds, to - put_in)
            }
        };
        let who = self.who(st, a.line, k)?;
        let amount = self.money(st, a.line, act.amount)?;
        let to = act.to.map(|t| self.money(st, a.line, t)).transpose()?;
        st.act(a.line, who, Act { amount, to, ..act });
        Ok(())
    }

    /// The part of the street's last bet nobody matched (its caller all in for less, or nobody left to
    /// call), given back where the street's betting ends.
    fn give_back(&mut self, st: &mut Builder, line: usize) -> Result<(), ReadError> {
        if let Some((k, amount)) = self.rounds.uncalled() {
            self.rounds.returned(k, amount);
            let who = self.who(st, line, k)?;
            st.act(line, who, Act::amount(ActionKind::Uncalled, amount, false));
            self.back.push((k, amount));
        }
        Ok(())
    }

    /// The bet nobody called, the showdown, what each player collected, and the summary.
    fn settle(&mut self, st: &mut Builder) -> Result<(), ReadError> {
        let last = self.last;
        self.give_back(st, last)?;
        let live: Vec<usize> = (0..self.game.players.len())
            .filter(|&k| !self.folded[k] && !self.cards[k].is_empty())
            .collect();
        if live.len() >= 2 {
            st.begin_showdown(0);
            for &k in &live {
                if self.cards[k].iter().all(Option::is_some) {
                    let cards = self.cards_of(st, last, &self.cards[k])?;
                    let who = self.who(st, last, k)?;
                    st.act(last, who, Act::cards(ActionKind::Show, cards, None));
                }
            }
        }
        let mut collected = 0;
        for (k, p) in self.game.players.iter().enumerate() {
            let given_back: i64 = self
                .back
                .iter()
                .filter(|&&(who, _)| who == k && self.uncalled_in_win)
                .map(|&(_, a)| a)
                .sum();
            let value = p.win - given_back.min(p.win);
            if value > 0 {
                collected += value;
                let who = self.who(st, last, k)?;
                let act = Act {
                    text: Some("pot"),
                    ..Act::amount(ActionKind::Collect, value, false)
                };
                st.act(last, who, act);
            }
        }
        let pot = self.money(st, last, self.rounds.pot())?;
        let rake = self.money(st, last, pot - collected)?;
        st.summary(pot, Some(rake), Vec::new(), Vec::new());
        Ok(())
    }
}

/// The board cards of a street's deals, where each is a card of the family's words and the builder
/// reads their text as they are (each card once); None where it does not (the text goes to the
/// builder, which words its fault).
fn board_cards(dealt: &[Dealt]) -> Option<Vec<Card>> {
    let (mut cards, mut seen) = (Vec::with_capacity(5), 0u64);
    for text in dealt
        .iter()
        .filter(|d| d.player.is_none())
        .flat_map(Dealt::cards)
    {
        let &[rank, suit] = card(text)?.as_bytes() else {
            return None;
        };
        let card = Card::from_ascii(rank, suit)?;
        if seen & (1u64 << card.0) != 0 {
            return None;
        }
        seen |= 1u64 << card.0;
        cards.push(card);
    }
    (!cards.is_empty()).then_some(cards)
}

/// A street's beginning (the spec's street named `inner`, on line `i`) and its board cards.
fn begin(st: &mut Builder, i: usize, inner: &str, board: Option<&str>) -> Result<(), ReadError> {
    st.begin_named_street(i, inner, board, "board cards on the street")
}
