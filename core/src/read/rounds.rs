//! The betting of a hand as a site's lines go by, for the readers that turn a site's lines into the
//! family's: what each player has put in on the street (to write a raise's total where the site
//! prints what it adds, or the reverse), whether the round is over (where a street begins in
//! Bovada's logs of 2012, which print no street markers), the bet nobody called and the pot.

use super::events::Act;
use crate::model::ActionKind;

/// What a site's line does, to be told as the family's event ([`Rounds::moved`]); the amount that goes
/// with it is what the player puts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Folds,
    Checks,
    SmallBlind,
    BigBlind,
    Straddle,
    Ante,
    BringIn,
    Calls,
    Bets,
    /// A stud bet over the bring-in, to the small bet.
    Completes,
    /// Chips put in that the site does not name: a call, bet or raise by what the total passes.
    Adds,
}

/// What the players have done so far.
pub struct Rounds {
    stacks: Vec<i64>,
    /// Chips in the pot this hand; put in on this street; acted on this street since the last raise.
    spent: Vec<i64>,
    put_in: Vec<i64>,
    acted: Vec<bool>,
    dealt: Vec<bool>,
    folded: Vec<bool>,
    bet: i64,
}

impl Rounds {
    pub fn new(stacks: Vec<i64>) -> Self {
        let n = stacks.len();
        Rounds {
            stacks,
            spent: vec![0; n],
            put_in: vec![0; n],
            acted: vec![false; n],
            dealt: vec![false; n],
            folded: vec![false; n],
            bet: 0,
        }
    }

    /// [`Rounds::new`] of `stacks` in the lists of this one: a new hand's betting, with no allocation
    /// where the lists have the room.
    pub fn renew(&mut self, stacks: impl IntoIterator<Item = i64>) {
        self.stacks.clear();
        self.stacks.extend(stacks);
        let n = self.stacks.len();
        for list in [&mut self.spent, &mut self.put_in] {
            list.clear();
            list.resize(n, 0);
        }
        for list in [&mut self.acted, &mut self.dealt, &mut self.folded] {
            list.clear();
            list.resize(n, false);
        }
        self.bet = 0;
    }

    /// What `who` has put in on this street, and the street's bet.
    pub fn put_in(&self, who: usize) -> i64 {
        self.put_in[who]
    }

    pub fn bet(&self) -> i64 {
        self.bet
    }

    /// Whether `who` has put in every chip (a site that prints no all-in mark).
    pub fn all_in(&self, who: usize) -> bool {
        self.stacks[who] > 0 && self.spent[who] >= self.stacks[who]
    }

    /// The chips `who` has not put in yet.
    pub fn left(&self, who: usize) -> i64 {
        self.stacks[who] - self.spent[who]
    }

    /// Dead money (an ante): in the pot, not in the street's bet.
    pub fn ante(&mut self, who: usize, amount: i64) {
        self.spent[who] += amount;
    }

    /// A blind: in the street's bet, and no turn taken.
    pub fn post(&mut self, who: usize, amount: i64) {
        self.spent[who] += amount;
        self.put_in[who] += amount;
        self.bet = self.bet.max(self.put_in[who]);
    }

    pub fn dealt(&mut self, who: usize) {
        self.dealt[who] = true;
    }

    /// An uncalled bet given back.
    pub fn returned(&mut self, who: usize, amount: i64) {
        self.spent[who] -= amount;
        self.put_in[who] -= amount;
    }

    /// A turn: `added` chips more (a raise when they pass the bet), or a fold.
    pub fn act(&mut self, who: usize, added: i64, folds: bool) {
        self.post(who, added);
        if self.put_in[who] > self.bet_before(who, added) {
            self.acted.iter_mut().for_each(|a| *a = false);
        }
        self.acted[who] = true;
        self.folded[who] |= folds;
    }

    /// The bet before `who` added `added` (a raise passes it).
    fn bet_before(&self, who: usize, added: i64) -> i64 {
        let others = (0..self.put_in.len())
            .filter(|&k| k != who)
            .map(|k| self.put_in[k])
            .max()
            .unwrap_or(0);
        others.max(self.put_in[who] - added)
    }

    /// Whether nobody is left to act on this street: every player who still has chips and cards has
    /// matched the bet, and has acted since the last raise unless no one else can act.
    pub fn over(&self) -> bool {
        let live: Vec<usize> = (0..self.stacks.len())
            .filter(|&k| self.dealt[k] && !self.folded[k] && self.spent[k] < self.stacks[k])
            .collect();
        !live
            .iter()
            .any(|&k| self.put_in[k] < self.bet || (!self.acted[k] && live.len() >= 2))
    }

    /// The part of the last bet nobody matched (a site that prints no uncalled bet): (who, amount).
    pub fn uncalled(&self) -> Option<(usize, i64)> {
        let top = (0..self.put_in.len()).max_by_key(|&k| self.put_in[k])?;
        let second = (0..self.put_in.len())
            .filter(|&k| k != top)
            .map(|k| self.put_in[k])
            .max()
            .unwrap_or(0);
        (self.put_in[top] > second).then(|| (top, self.put_in[top] - second))
    }

    /// Every chip put in so far.
    pub fn pot(&self) -> i64 {
        self.spent.iter().sum()
    }

    /// The event of `who`'s move of `value` chips, as the family's reader reads its words (`posts small
    /// blind 0.01`, `calls 2`, `raises 2 to 4` a raise by 2 to 4, `completes it to 1` a completion to
    /// 1; all-in when it was the player's last chip), the move tracked in the betting.
    pub fn moved(&mut self, who: usize, what: Move, value: i64) -> Act<'static> {
        use ActionKind as K;
        let (bet, to) = (self.bet, self.put_in[who] + value);
        let act = match what {
            Move::Folds => {
                self.act(who, 0, true);
                return Act::of(K::Fold);
            }
            Move::Checks => {
                self.act(who, 0, false);
                return Act::of(K::Check);
            }
            Move::Ante => {
                self.ante(who, value);
                Act::amount(K::Ante, value, false)
            }
            Move::SmallBlind | Move::BigBlind | Move::Straddle | Move::BringIn => {
                self.post(who, value);
                let kind = match what {
                    Move::SmallBlind => K::SmallBlind,
                    Move::BigBlind => K::BigBlind,
                    Move::Straddle => K::Straddle,
                    _ => K::BringIn,
                };
                Act::amount(kind, value, false)
            }
            Move::Calls | Move::Bets | Move::Completes | Move::Adds => {
                self.act(who, value, false);
                match what {
                    Move::Calls => Act::amount(K::Call, value, false),
                    Move::Bets => Act::amount(K::Bet, value, false),
                    Move::Completes => Act {
                        to: Some(to),
                        ..Act::of(K::Complete)
                    },
                    _ if to <= bet => Act::amount(K::Call, value, false),
                    _ if bet == 0 => Act::amount(K::Bet, value, false),
                    _ => Act {
                        to: Some(to),
                        ..Act::amount(K::Raise, to - bet, false)
                    },
                }
            }
        };
        Act {
            all_in: self.all_in(who),
            ..act
        }
    }

    /// Both blinds posted at once by a player coming in (`posts big blind + dead [$0.35]`, `posts dead
    /// blind [$0.10 + $0.25]`): `big` of them live, in the street's bet, and `dead` more in the pot
    /// only, as the family's `posts small & big blinds`; a big blind without a dead part, an ante
    /// without a live one.
    pub fn moved_with_dead(&mut self, who: usize, dead: i64, big: i64) -> Act<'static> {
        if dead <= 0 {
            return self.moved(who, Move::BigBlind, big);
        }
        if big <= 0 {
            return self.moved(who, Move::Ante, dead);
        }
        self.ante(who, dead);
        self.post(who, big);
        Act::amount(ActionKind::SmallAndBigBlind, dead + big, self.all_in(who))
    }

    /// The next street: nothing put in yet, nobody has acted.
    pub fn next_street(&mut self) {
        self.put_in.iter_mut().for_each(|p| *p = 0);
        self.acted.iter_mut().for_each(|a| *a = false);
        self.bet = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_is_over_when_the_big_blind_has_had_its_option() {
        let mut r = Rounds::new(vec![100, 100, 100]);
        (0..3).for_each(|k| r.dealt(k));
        r.post(0, 1);
        r.post(1, 2);
        assert!(!r.over());
        r.act(2, 2, false); // calls
        r.act(0, 1, false); // completes
        assert!(!r.over(), "the big blind has not acted");
        r.act(1, 0, false); // checks
        assert!(r.over());
        r.next_street();
        r.act(0, 0, false);
        r.act(1, 10, false); // bets
        r.act(2, 0, true); // folds
        assert!(!r.over());
        r.act(0, 10, false);
        assert!(r.over());
    }

    #[test]
    fn moves_as_events_are_what_the_family_reads_of_their_words() {
        use ActionKind as K;
        let mut r = Rounds::new(vec![300, 500, 100]);
        (0..3).for_each(|k| r.dealt(k));
        let seen = |a: Act| (a.kind, a.amount, a.to, a.all_in);
        assert_eq!(
            seen(r.moved(0, Move::SmallBlind, 1)),
            (K::SmallBlind, 1, None, false)
        );
        assert_eq!(
            seen(r.moved(1, Move::BigBlind, 2)),
            (K::BigBlind, 2, None, false)
        );
        assert_eq!(
            seen(r.moved(2, Move::Adds, 6)),
            (K::Raise, 4, Some(6), false)
        );
        assert_eq!(seen(r.moved(0, Move::Adds, 5)), (K::Call, 5, None, false));
        assert_eq!(seen(r.moved(1, Move::Folds, 0)), (K::Fold, 0, None, false));
        r.next_street();
        assert_eq!(seen(r.moved(0, Move::Adds, 10)), (K::Bet, 10, None, false));
        assert_eq!(
            seen(r.moved(2, Move::Adds, 94)),
            (K::Raise, 84, Some(94), true)
        );
        let mut r = Rounds::new(vec![300, 300]);
        let both = r.moved_with_dead(0, 1, 2);
        assert_eq!(seen(both), (K::SmallAndBigBlind, 3, None, false));
        assert_eq!((r.pot(), r.bet()), (3, 2));
    }

    #[test]
    fn an_all_in_player_has_no_turn() {
        let mut r = Rounds::new(vec![50, 100]);
        (0..2).for_each(|k| r.dealt(k));
        r.post(0, 1);
        r.post(1, 2);
        r.act(0, 49, false); // all in
        assert!(!r.over());
        r.act(1, 48, false); // calls
        assert!(r.over());
        r.next_street();
        assert!(r.over(), "one player with chips has nobody to bet against");
    }
}
