//! A player's line of a Bovada hand's body (`LABEL : VERB`), told to the builder as the event its
//! verb says: its first word ([`Word`]) says which.

use std::borrow::Cow;

use super::Body;
use crate::cards::Card;
use crate::model::{ActionKind as K, Finish};
use crate::read::errors::ReadError;
use crate::read::events::{Act, Builder};
use crate::read::patterns as p;
use crate::read::pystr::is_space;
use crate::read::search;
use crate::read::stars;
use crate::read::values::Dealt;

use super::super::words::{big_blind, bring_in, bytes_equal, small_blind, trim};
use crate::say;

/// The first word of a player's verb (`Raises $60 to $60`), which says what the line is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Word {
    Card,
    Fold,
    Check,
    Call,
    Bet,
    Raise,
    AllIn,
    Showdown,
    Mucks,
    Does,
    Hand,
    Return,
    /// `Double X`: a bet (or `Double rebuys N`).
    Double,
    /// A tournament's `Ranking 6` and `Prize Cash [$20]`.
    Ranking,
    Prize,
    /// A player's coming and going; a tournament's ranks and knock-out bounties (`BOUNTY PRIZE
    /// [$5]`: paid by the tournament, not out of the pot).
    Silent,
    /// Any other: a forced bet, or words the family's reader knows or names unknown.
    Other,
}

impl Word {
    /// The word of a verb's first word (some logs write `bets`, `raises`: the site's grammar allows
    /// either case of their first letter).
    fn of(word: &str) -> Word {
        match word {
            "Card" => Word::Card,
            "Folds" | "Fold" => Word::Fold,
            "Checks" => Word::Check,
            "Call" | "Calls" => Word::Call,
            "Bets" | "bets" => Word::Bet,
            "Raises" | "raises" => Word::Raise,
            "All-in" => Word::AllIn,
            "Showdown" => Word::Showdown,
            "Mucks" => Word::Mucks,
            "Does" => Word::Does,
            "Hand" => Word::Hand,
            "Return" => Word::Return,
            "Double" => Word::Double,
            "Ranking" => Word::Ranking,
            "Prize" => Word::Prize,
            "Table" | "Seat" | "Stand" | "Re-join" | "Sit" | "Sitout" | "Enter" | "Leave"
            | "Rebuyin" | "Addon" | "Draw" | "BOUNTY" => Word::Silent,
            _ => Word::Other,
        }
    }

    /// A move of the betting (a street of a log without markers begins before it).
    fn bets(self) -> bool {
        use Word as W;
        matches!(
            self,
            W::Fold | W::Check | W::Call | W::Bet | W::Raise | W::AllIn
        )
    }
}

impl<'l> Body<'l> {
    /// Seat `k`'s action (line `i`, `verb` trimmed): whether it said anything.
    pub(super) fn action(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        verb: &'l str,
    ) -> Result<bool, ReadError> {
        let said = without_timeouts(verb);
        let verb: &str = &said;
        let first_word = &verb[..verb
            .bytes()
            .position(|b| b == b' ' || b == b'(')
            .unwrap_or(verb.len())];
        let word = Word::of(first_word);
        if word.bets() {
            self.before_betting(st)?;
        }
        if matches!(word, Word::Showdown | Word::Mucks | Word::Does | Word::Hand) {
            self.deal_board(st)?;
        }
        if matches!(word, Word::Ranking | Word::Prize) {
            if let Some(finish) = self.finish(st, k, word, &verb[first_word.len()..]) {
                if !self.done {
                    st.finish(finish);
                }
                return Ok(true);
            }
        }
        match word {
            Word::Silent | Word::Ranking | Word::Prize => Ok(false),
            Word::Card => self.card(st, i, k, &said),
            Word::Showdown | Word::Mucks => self.shows(st, i, k, word == Word::Mucks, verb),
            _ => {
                let last = &verb[verb.bytes().rposition(|b| b == b' ').map_or(0, |at| at + 1)..];
                self.betting(st, i, k, word, verb, last)
            }
        }
    }

    /// `Card dealt to a spot [9c Th]`: the cards kept for the seat's show (borrowed from the line
    /// but in stud, a card a street) and told to the builder.
    #[allow(clippy::ptr_arg)] // the Cow says whether the cards can be borrowed from the line
    fn card(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        verb: &Cow<'l, str>,
    ) -> Result<bool, ReadError> {
        let from_bracket = |verb: &str| memchr::memchr(b'[', verb.as_bytes()).unwrap_or(verb.len());
        let (cards, inner): (&str, Cow<'l, str>) = match verb {
            Cow::Borrowed(verb) => {
                let verb: &'l str = verb;
                let cards = &verb[from_bracket(verb)..];
                (cards, Cow::Borrowed(without_brackets(cards)))
            }
            Cow::Owned(verb) => {
                let cards = &verb[from_bracket(verb)..];
                (cards, Cow::Owned(without_brackets(cards).to_string()))
            }
        };
        self.dealt[k] = Some(match self.dealt[k].take() {
            Some(before) => Cow::Owned(format!("{before} {inner}")), // stud: a card a street
            None => inner,
        });
        self.rounds.dealt(k);
        if !self.done {
            deal(st, i, self.who[k], cards)?;
        }
        Ok(true)
    }

    /// A line of chips: blinds, antes, bets, the uncalled bet, a collect (`last`: its amount);
    /// whether it said anything.
    fn betting(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        word: Word,
        verb: &str,
        last: &str,
    ) -> Result<bool, ReadError> {
        let act = match word {
            Word::Fold => self.fold(st, i, k, verb)?,
            Word::Check => {
                self.rounds.act(k, 0, false);
                Act::of(K::Check)
            }
            Word::Call => {
                let amount = self.amount(last)?;
                self.rounds.act(k, amount, false);
                Act::amount(K::Call, amount, false)
            }
            Word::Bet | Word::Double => match self.bet(st, i, k, verb, last)? {
                Some(act) => act,
                None => return Ok(false),
            },
            Word::Raise => self.raise(st, i, k, verb, false)?,
            Word::AllIn => self.all_in_line(st, i, k, verb, last)?,
            Word::Return => {
                let amount = self.amount(last)?;
                self.rounds.returned(k, amount);
                Act::amount(K::Uncalled, amount, false)
            }
            Word::Hand => self.collect(verb, last)?,
            Word::Does => Act::of(K::NoShow),
            _ => match self.post(k, verb, last)? {
                Some(act) => act,
                None => {
                    // the family's reader knows the words or names them unknown
                    if !self.done {
                        stars::read_action(st, i, self.who[k], verb)?;
                    }
                    return Ok(true);
                }
            },
        };
        self.act(st, i, k, act);
        Ok(true)
    }

    /// `Folds`, with the cards it shows if any (`Folds [9c Th]`).
    fn fold(
        &mut self,
        st: &Builder,
        i: usize,
        k: usize,
        verb: &str,
    ) -> Result<Act<'static>, ReadError> {
        self.rounds.act(k, 0, true);
        let cards = match verb.find('[').and_then(|at| p::first_brackets(&verb[at..])) {
            Some(text) if !self.done => st.cards(text, i)?,
            _ => Vec::new(),
        };
        Ok(Act::cards(K::Fold, cards, None))
    }

    /// `Bets X` (`Double X`): a bet, or in stud a bet over the bring-in on third street, which
    /// completes it; None for `Double rebuys 3000`.
    fn bet(
        &mut self,
        st: &Builder,
        i: usize,
        k: usize,
        verb: &str,
        last: &str,
    ) -> Result<Option<Act<'static>>, ReadError> {
        if self.completes() {
            let to = self.rounds.put_in(k) + self.amount(last)?;
            self.rounds.act(k, to - self.rounds.put_in(k), false);
            let to = self.family(st, i, to)?;
            return Ok(Some(Act {
                to: Some(to),
                ..Act::amount(K::Complete, 0, false)
            }));
        }
        if verb.starts_with("Double rebuys") {
            return Ok(None);
        }
        let amount = self.amount(last)?;
        self.rounds.act(k, amount, false);
        Ok(Some(Act::amount(K::Bet, amount, false)))
    }

    /// `All-in(raise) X to Y`, else `All-in N`: before the deal a forced bet, after it what it adds.
    fn all_in_line(
        &mut self,
        st: &Builder,
        i: usize,
        k: usize,
        verb: &str,
        last: &str,
    ) -> Result<Act<'static>, ReadError> {
        if verb.starts_with("All-in(raise)") {
            return self.raise(st, i, k, verb, true);
        }
        if !self.dealing {
            return self.posted_all_in(k, last);
        }
        let amount = self.amount(last)?;
        self.all_in(st, i, k, amount)
    }

    /// `Hand result $381` (`Hand result-Side pot $5`): a collect of the pot or a side pot.
    fn collect(&mut self, verb: &str, last: &str) -> Result<Act<'static>, ReadError> {
        let amount = self.amount(last)?;
        self.collected += amount;
        let side = verb
            .as_bytes()
            .windows(b"side pot".len())
            .any(|w| w.eq_ignore_ascii_case(b"side pot"));
        Ok(Act {
            text: Some(if side { "side pot" } else { "pot" }),
            ..Act::amount(K::Collect, amount, false)
        })
    }

    /// A forced bet (`last`: its amount, if it is last): an ante, a blind, a player's coming in,
    /// stud's bring-in; None for other words.
    fn post(
        &mut self,
        k: usize,
        verb: &str,
        last: &str,
    ) -> Result<Option<Act<'static>>, ReadError> {
        if verb.starts_with("Ante chip ") {
            let amount = self.amount(last)?;
            self.rounds.ante(k, amount);
            return Ok(Some(Act::amount(K::Ante, amount, false)));
        }
        if verb.starts_with("Posts dead chip ") {
            // both blinds (the small one dead) or the small blind alone, as dead money
            let amount = self.amount(last)?;
            let (small, big) = self.blinds;
            if amount == small + big {
                self.rounds.ante(k, small);
                self.rounds.post(k, big);
                return Ok(Some(Act::amount(K::SmallAndBigBlind, amount, false)));
            }
            self.rounds.ante(k, amount);
            return Ok(Some(Act::amount(K::Ante, amount, false)));
        }
        let (kind, amount) = if verb.starts_with("Posts chip ") {
            // a player coming in posts a blind, live (`Posts chip $5` then `Calls $5`)
            let amount = self.amount(last)?;
            let small = amount < self.blinds.1;
            (if small { K::SmallBlind } else { K::BigBlind }, amount)
        } else if let Some(amount) = bring_in(verb).or(big_blind(verb)).filter(|_| self.stud) {
            // stud: `Bring_in chip 5`, `Bring in $1`, `Big blind/Bring in 5`
            self.bring_in = self.amount(amount)?;
            (K::BringIn, self.bring_in)
        } else if let Some(amount) = small_blind(verb) {
            (K::SmallBlind, self.amount(amount)?)
        } else if let Some(amount) = big_blind(verb) {
            (K::BigBlind, self.amount(amount)?)
        } else {
            return Ok(None);
        };
        self.rounds.post(k, amount);
        Ok(Some(Act::amount(kind, amount, false)))
    }

    /// `All-in N` before the deal: the ante, in a hand of antes where this player posts none; else a
    /// blind (`Big Blind : All-in 1003`).
    fn posted_all_in(&mut self, k: usize, last: &str) -> Result<Act<'static>, ReadError> {
        let amount = self.amount(last)?;
        if self.antes_unposted.get(k).copied().unwrap_or(false) {
            self.rounds.ante(k, amount);
            return Ok(Act::amount(K::Ante, amount, true));
        }
        self.rounds.post(k, amount);
        let blind = if self.small_blind_seat == Some(k) {
            K::SmallBlind
        } else {
            K::BigBlind
        };
        Ok(Act::amount(blind, amount, true))
    }

    /// `Showdown [Td Tc Jh 8c 7c] (desc)` prints the best five, `Mucks [..]` what it likes: the cards
    /// shown or mucked are the ones dealt. Whether it said anything (nothing without cards dealt).
    fn shows(
        &mut self,
        st: &mut Builder,
        i: usize,
        k: usize,
        mucks: bool,
        verb: &str,
    ) -> Result<bool, ReadError> {
        let Some(dealt) = self.dealt[k].as_deref() else {
            return Ok(false);
        };
        if self.done {
            return Ok(true);
        }
        let (cards, past) = dealt.split_once(']').unwrap_or((dealt, ""));
        let cards: Vec<Card> = st.cards(cards, i)?;
        if mucks {
            st.act(i, self.who[k], Act::cards(K::Muck, cards, None));
            return Ok(true);
        }
        // `(One pair)` after the cards is the description, else nothing may follow them
        let desc = verb.rfind(" (").map_or("", |at| &verb[at..]);
        let text = desc
            .strip_prefix(" (")
            .and_then(|d| d.trim_end_matches(is_space).strip_suffix(')'));
        if !past.is_empty() || (text.is_none() && !desc.is_empty()) {
            return Err(st.error(
                i,
                say!("unreadable show line"),
                "'shows [cards] (description)'",
            ));
        }
        st.act(i, self.who[k], Act::cards(K::Show, cards, text));
        Ok(true)
    }

    /// `Raises X to Y`, `All-in(raise) X to Y`, and in older logs `Raises Y`: the last amount is
    /// the total the player raises to.
    fn raise(
        &mut self,
        st: &Builder,
        i: usize,
        k: usize,
        verb: &str,
        all_in: bool,
    ) -> Result<Act<'static>, ReadError> {
        let to = self.amount(verb.rsplit(' ').next().unwrap_or(""))?;
        let (bet, before) = (self.rounds.bet(), self.rounds.put_in(k));
        let completes = self.completes();
        self.rounds.act(k, to - before, false);
        if completes {
            let to = self.family(st, i, to)?;
            return Ok(Act {
                to: Some(to),
                ..Act::amount(K::Complete, 0, all_in)
            });
        }
        if bet == 0 {
            // `All-in(raise) 22` with nothing bet: a bet
            let amount = self.family(st, i, to - before)?;
            return Ok(Act::amount(K::Bet, amount, all_in));
        }
        let (to, by) = (self.family(st, i, to)?, self.family(st, i, to - bet)?);
        Ok(Act {
            to: Some(to),
            ..Act::amount(K::Raise, by, all_in)
        })
    }

    /// `All-in N` (what it adds): a bet when nothing is bet, a call when it does not pass the bet,
    /// else a raise.
    fn all_in(
        &mut self,
        st: &Builder,
        i: usize,
        k: usize,
        amount: i64,
    ) -> Result<Act<'static>, ReadError> {
        let (before, bet) = (self.rounds.put_in(k), self.rounds.bet());
        self.rounds.act(k, amount, false);
        if bet == 0 {
            return Ok(Act::amount(K::Bet, amount, true));
        }
        if before + amount <= bet {
            return Ok(Act::amount(K::Call, amount, true));
        }
        let to = self.family(st, i, before + amount)?;
        let by = self.family(st, i, to - bet)?;
        Ok(Act {
            to: Some(to),
            ..Act::amount(K::Raise, by, true)
        })
    }

    /// A tournament's `Ranking 6` (the place) and its `Prize Cash [$20]` after it (the place and the
    /// prize; `rest` the verb after its first word): the seat's finish.
    fn finish(&mut self, st: &Builder, k: usize, word: Word, rest: &str) -> Option<Finish> {
        if !self.tournament {
            return None;
        }
        let rest = rest.trim();
        let (place, prize) = match word {
            Word::Ranking => {
                let place: u32 = rest.parse().ok()?;
                if self.ranked.is_empty() {
                    self.ranked.resize(self.who.len(), None);
                }
                self.ranked[k] = Some(place);
                (place, None)
            }
            Word::Prize => {
                let place = self.ranked.get(k).copied().flatten()?;
                let prize = rest.strip_prefix("Cash")?.trim();
                let prize = prize.strip_prefix('[')?.strip_suffix(']')?;
                (place, Some(prize))
            }
            _ => return None,
        };
        // as the family reads `... place and received $20.`
        let prize = prize
            .map(|p| p.trim_start().trim_end_matches('.').trim())
            .filter(|p| !p.is_empty());
        Some(Finish {
            player: st.name(self.who[k]).to_string(),
            place: Some(place),
            prize: prize.map(str::to_string),
            bounty: None,
        })
    }
}

/// A verb without the site's timeout and disconnection marks (`Folds(timeout)`), trimmed; borrowed
/// when it has none.
fn without_timeouts(verb: &str) -> Cow<'_, str> {
    // each mark starts with `(` or `-`: a verb with neither has none (one pass over a short verb)
    let b = verb.as_bytes();
    let marked = |at: usize| MARKS.iter().any(|m| b[at..].starts_with(m.as_bytes()));
    if !has_mark(b) || !(0..b.len()).any(|at| matches!(b[at], b'(' | b'-') && marked(at)) {
        return Cow::Borrowed(trim(verb));
    }
    // the marks out one after the other (a mark's removal may join another's words)
    let mut said = verb.replace(MARKS[0], "");
    for mark in &MARKS[1..] {
        if search::contains(&said, mark) {
            said = said.replace(mark, "");
        }
    }
    let trimmed = said.trim();
    if trimmed.len() < said.len() {
        said = trimmed.to_string();
    }
    Cow::Owned(said)
}

/// The site's timeout and disconnection marks, removed from a verb in this order.
const MARKS: [&str; 3] = ["(timeout)", "-timeout", "(Blind Disconnected)"];

/// Whether `b` has a `(` or a `-`, eight bytes at a time (a verb is short: `memchr2` costs more).
fn has_mark(b: &[u8]) -> bool {
    let mut words = b.chunks_exact(8);
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        if bytes_equal(w, b'(') | bytes_equal(w, b'-') != 0 {
            return true;
        }
    }
    words.remainder().iter().any(|&c| c == b'(' || c == b'-')
}

/// `text.trim_matches(['[', ']'])`, byte by byte.
fn without_brackets(text: &str) -> &str {
    let bracket = |b: &u8| *b == b'[' || *b == b']';
    let b = text.as_bytes();
    let start = b.iter().position(|c| !bracket(c)).unwrap_or(b.len());
    let end = b
        .iter()
        .rposition(|c| !bracket(c))
        .map_or(start, |at| at + 1);
    &text[start..end]
}

/// `Card dealt to a spot [9c Th]` (its text from the `[`, `cards`) to player `who` on line `i`, as
/// the family reads a deal: the last bracket group, or on the first street all of them.
fn deal(st: &mut Builder, i: usize, who: usize, cards: &str) -> Result<(), ReadError> {
    if !cards.starts_with('[') {
        return Err(st.error(
            i,
            say!("a deal line without cards"),
            "'Dealt to NAME [cards]'",
        ));
    }
    // one bracket group (`[9c Th]`, as Bovada prints its deals): its cards, as the family reads them
    let one = cards[1..]
        .strip_suffix(']')
        .filter(|inner| memchr::memchr2(b'[', b']', inner.as_bytes()).is_none());
    match one {
        Some(inner) => {
            st.deal_street(i)?; // a deal after the showdown is named before its cards are read
            match Dealt::plain(inner) {
                Some(dealt) => st.dealt(i, who, dealt.cards()),
                None => {
                    let new = st.cards(inner, i)?;
                    st.dealt(i, who, &new)
                }
            }
        }
        None => stars::dealt_brackets(st, i, who, cards),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_found_in_every_place() {
        let verbs = [
            "",
            "(",
            "-",
            "Folds",
            "Folds(timeout)",
            "Checks-timeout",
            "Raises $1 to $2",
        ];
        for verb in verbs {
            for pad in 0..17 {
                let text = format!("{}{verb}", "x".repeat(pad));
                let slow = text.bytes().any(|b| b == b'(' || b == b'-');
                assert_eq!(has_mark(text.as_bytes()), slow, "{text:?}");
            }
        }
        assert!(!has_mark("\u{2028}\u{ff0d}Ã©".as_bytes()));
    }

    #[test]
    fn brackets_trimmed_as_the_standard_library_trims_them() {
        for text in ["", "[", "][", "[9c Th]", "[[9c]]x]", "]ä[", "[ ]", "9c"] {
            assert_eq!(
                without_brackets(text),
                text.trim_matches(['[', ']']),
                "{text:?}"
            );
        }
    }
}
