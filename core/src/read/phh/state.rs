//! The state of one PHH hand while its `actions` array is read.
//!
//! PHH says what each actor did but not what a log would print: `cc` does not say check or call
//! nor how much, `cbr Y` does not say bet, raise or complete, and forced bets are fields. The
//! [`Table`] tracks each player's contribution on the street, the current bet and the stacks, and
//! turns each PHH action into the [`Action`] a log would have printed. Streets come from the game's
//! spec, never its name: a deal goes to the current street if it deals that kind of card and the
//! target has not been dealt on it yet, else it opens the next street that does.

use std::collections::HashSet;

use crate::cards::Card;
use crate::model::{Action, ActionKind as K, Deal};
use crate::read::{pystr, ReadError};
use crate::said::{Nested, Said, Term};
use crate::say;
use crate::spec::Street;

use super::fields::cards_of;
use super::money::{is_amount_text, not_an_amount, scaled, Number};
use super::value::{cut, Dec, Value};

/// The kind of a post by its index in `blinds_or_straddles` (2 and later: straddles).
pub const BLIND_KINDS: [K; 3] = [K::SmallBlind, K::BigBlind, K::Straddle];

/// Stacks, bets and streets of one hand; [`Table::apply`] reads one action string.
pub struct Table<'s> {
    streets: &'s [Street],
    names: Vec<String>,
    stacks: Vec<i64>,
    decimals: u64,
    bring_in: Option<i64>,
    street: usize,
    bets: Vec<i64>,
    current: i64,
    completed: bool,
    /// Targets dealt on this street (None: the board).
    dealt: HashSet<Option<usize>>,
    seen: HashSet<Card>,
    hole: Vec<Vec<Option<Card>>>,
    pub actions: Vec<Action>,
    pub action_lines: Vec<u64>,
    pub deals: Vec<Deal>,
    pub deal_lines: Vec<u64>,
    /// Cards each player discarded on the current draw street.
    discards: Vec<Option<usize>>,
}

fn malformed(reason: Said, line: u64) -> ReadError {
    ReadError::malformed(reason).at(line)
}

/// `{n} cards dealt to {player} on {street}`: a deal of the wrong size (`player` as the action names them: `p2`).
fn dealt_to(n: usize, player: &str, street: &str) -> Said {
    say!(
        "{n} cards dealt to {player} on {street}",
        n,
        player,
        street = Term("street", street)
    )
}

/// `short(text.strip(), width)`.
fn stripped(text: &str, width: usize) -> String {
    cut(pystr::strip(text), width)
}

impl<'s> Table<'s> {
    pub fn new(
        streets: &'s [Street],
        names: Vec<String>,
        stacks: Vec<i64>,
        decimals: u64,
        bring_in: Option<i64>,
    ) -> Table<'s> {
        let n = names.len();
        Table {
            streets,
            names,
            stacks,
            decimals,
            bring_in,
            street: 0,
            bets: vec![0; n],
            current: 0,
            completed: false,
            dealt: HashSet::new(),
            seen: HashSet::new(),
            hole: vec![Vec::new(); n],
            actions: Vec::new(),
            action_lines: Vec::new(),
            deals: Vec::new(),
            deal_lines: Vec::new(),
            discards: vec![None; n],
        }
    }

    /// Antes (players in `order`), then blinds and straddles; heads-up both arrays apply reversed
    /// (PHH's rule). A lone blind is a big blind.
    pub fn post_forced(
        &mut self,
        antes: &[i64],
        blinds: &[i64],
        order: &[usize],
        lines: (u64, u64),
    ) {
        let two = self.names.len() == 2;
        let seat = |j: usize| if two { 1 - j } else { j };
        for &i in order {
            self.post(i, K::Ante, antes[seat(i)], lines.0, false);
        }
        let lone = blinds.iter().filter(|&&b| b != 0).count() == 1;
        for (j, &blind) in blinds.iter().enumerate() {
            let kind = if lone && blind != 0 {
                K::BigBlind
            } else {
                BLIND_KINDS[j.min(2)]
            };
            self.post(seat(j), kind, blind, lines.1, true);
        }
    }

    fn post(&mut self, i: usize, kind: K, amount: i64, line: u64, counts: bool) {
        let paid = amount.min(self.stacks[i]);
        if paid > 0 {
            self.pay(i, paid, counts);
            self.add(i, kind, line, paid, None, paid < amount);
        }
        if counts {
            self.current = self.current.max(amount);
        }
    }

    fn pay(&mut self, i: usize, chips: i64, counts: bool) {
        self.stacks[i] -= chips;
        if counts {
            self.bets[i] += chips;
            self.current = self.current.max(self.bets[i]);
        }
    }

    fn add(&mut self, i: usize, kind: K, line: u64, amount: i64, to: Option<i64>, all_in: bool) {
        self.push(
            i,
            kind,
            line,
            (amount, to, all_in),
            Vec::new(),
            None,
            self.street,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        i: usize,
        kind: K,
        line: u64,
        (amount, to, all_in): (i64, Option<i64>, bool),
        cards: Vec<Card>,
        text: Option<String>,
        street: usize,
    ) {
        self.actions.push(Action {
            street: street as u8,
            player: self.names[i].clone(),
            kind,
            amount,
            to,
            all_in,
            cards,
            text,
            fee: 0,
            run: 0,
        });
        self.action_lines.push(line);
    }

    /// Read one entry of `actions`.
    pub fn apply(&mut self, text: &str, line: u64) -> Result<(), ReadError> {
        let (body, comment) = text.split_once('#').unwrap_or((text, ""));
        let words: Vec<&str> = pystr::words(body).collect();
        if words.is_empty() {
            return Ok(());
        }
        if words[0] == "d" {
            return self.deal(&words, text, line);
        }
        let verb = words.get(1).copied().unwrap_or("");
        let args = words.get(2..).unwrap_or(&[]);
        let i = self.player(words[0], text, line)?;
        let known = ["f", "cc", "pb", "cbr", "sd", "sm"].contains(&verb);
        if !known || args.len() > 1 || (args.is_empty() && verb == "cbr") {
            return Err(malformed(
                say!("unknown action {action}", action = pystr::repr(&stripped(text, 40))),
                line,
            )
            .actual(stripped(text, 120))
            .expected("d db CARDS, d dh pN CARDS, pN pb, pN f, pN cc, pN cbr AMOUNT, pN sd [CARDS], pN sm [CARDS]"));
        }
        let arg = args.first().copied();
        let comment = pystr::strip(comment);
        let comment = (!comment.is_empty()).then(|| comment.to_string());
        match verb {
            "f" => {
                self.add(i, K::Fold, line, 0, None, false);
                Ok(())
            }
            "cc" => {
                self.check_call(i, line);
                Ok(())
            }
            "pb" => self.bring_in(i, line),
            "cbr" => self.bet(i, arg.unwrap_or(""), line),
            "sd" => self.draw(i, arg, line),
            _ => self.show_muck(i, arg, comment, line),
        }
    }

    fn player(&self, word: &str, text: &str, line: u64) -> Result<usize, ReadError> {
        let n = self.names.len();
        let digits = word.strip_prefix('p').unwrap_or("");
        let ok = !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        match digits.parse::<usize>() {
            Ok(k) if ok && k <= n => Ok(k - 1),
            _ => Err(malformed(
                say!(
                    "{word} in {action} is not a player",
                    word = pystr::repr(&cut(word, 40)),
                    action = pystr::repr(&stripped(text, 40))
                ),
                line,
            )
            .expected(format!("p1 to p{n}"))
            .actual(cut(word, 80))),
        }
    }

    fn deal(&mut self, words: &[&str], text: &str, line: u64) -> Result<(), ReadError> {
        let card_text = |w: &str| cards_of(Some(&Value::Str(w.to_string())), Some(line));
        let (target, cards) = match words {
            [_, "db", cards] => (None, card_text(cards)?),
            [_, "dh", who, cards] => (Some(self.player(who, text, line)?), card_text(cards)?),
            _ => {
                return Err(malformed(
                    say!(
                        "unknown dealing action {action}",
                        action = pystr::repr(&stripped(text, 40))
                    ),
                    line,
                )
                .actual(stripped(text, 120))
                .expected("d db CARDS or d dh pN CARDS"))
            }
        };
        let street = self.street_for(target, text, line)?;
        let up = self.deal_layout(target, street, &cards, words, text, line)?;
        for card in cards.iter().flatten() {
            if !self.seen.insert(*card) {
                let card = card.to_string();
                return Err(malformed(say!("{card} is dealt twice", card), line)
                    .expected("each card dealt once")
                    .actual(stripped(text, 120)));
            }
        }
        if let Some(t) = target {
            self.hole[t].extend(cards.iter().copied());
        }
        self.dealt.insert(target);
        self.deals.push(Deal {
            street: street as u8,
            player: target.map(|t| self.names[t].clone()),
            cards,
            up,
            run: 0,
        });
        self.deal_lines.push(line);
        Ok(())
    }

    /// The up flags of a deal, checked against its street's layout.
    fn deal_layout(
        &self,
        target: Option<usize>,
        street: usize,
        cards: &[Option<Card>],
        words: &[&str],
        text: &str,
        line: u64,
    ) -> Result<Vec<bool>, ReadError> {
        let layout = self.streets.get(street);
        let n = cards.len();
        let Some(t) = target else {
            if let Some(l) = layout.filter(|l| l.board != 0 && n != usize::from(l.board)) {
                return Err(malformed(
                    say!(
                        "{n} board cards dealt on {street}",
                        n,
                        street = Term("street", &l.name)
                    ),
                    line,
                )
                .expected(l.board.to_string())
                .actual(stripped(text, 120)));
            }
            return Ok(vec![true; n]);
        };
        let l = layout.expect("a hole-card deal has a street");
        if l.draw != 0 {
            let discarded = self.discards[t].unwrap_or(0);
            if n != discarded {
                return Err(malformed(dealt_to(n, words[2], &l.name), line)
                    .expected(format!("{discarded}, as many as discarded"))
                    .actual(stripped(text, 120)));
            }
            return Ok(vec![false; n]);
        }
        let per_player = usize::from(l.down + l.up);
        if n != per_player {
            return Err(malformed(dealt_to(n, words[2], &l.name), line)
                .expected(format!("{per_player} ({} down, {} up)", l.down, l.up))
                .actual(stripped(text, 120)));
        }
        let mut up = vec![false; usize::from(l.down)];
        up.extend(std::iter::repeat_n(true, usize::from(l.up)));
        Ok(up)
    }

    fn street_for(
        &mut self,
        target: Option<usize>,
        text: &str,
        line: u64,
    ) -> Result<usize, ReadError> {
        let deals = |s: &Street| {
            if target.is_none() {
                s.board != 0
            } else {
                s.down + s.up != 0 || s.draw != 0
            }
        };
        let s = self.street;
        if s < self.streets.len() && deals(&self.streets[s]) && !self.dealt.contains(&target) {
            return Ok(s);
        }
        if let Some(later) = (s + 1..self.streets.len()).find(|&k| deals(&self.streets[k])) {
            self.next_street(later);
            return Ok(later);
        }
        if target.is_none() {
            return Ok(s);
        }
        Err(malformed(
            say!(
                "{action}: no street is left to deal hole cards on",
                action = pystr::repr(&stripped(text, 40))
            ),
            line,
        )
        .expected("a deal of one of the game's streets")
        .actual(stripped(text, 120)))
    }

    fn next_street(&mut self, street: usize) {
        self.street = street;
        self.bets.iter_mut().for_each(|b| *b = 0);
        self.current = 0;
        self.dealt.clear();
        self.discards.iter_mut().for_each(|d| *d = None);
    }

    /// `pN sd [CARDS]`: stands pat, or discards the cards, on this draw street or the next.
    fn draw(&mut self, i: usize, arg: Option<&str>, line: u64) -> Result<(), ReadError> {
        let s = self.street;
        let here =
            s < self.streets.len() && self.streets[s].draw != 0 && self.discards[i].is_none();
        if !here {
            if !(s + 1 < self.streets.len() && self.streets[s + 1].draw != 0) {
                return Err(malformed(
                    say!(
                        "unknown action {action} here: no draw street is left",
                        action = format!("'p{} sd'", i + 1)
                    ),
                    line,
                )
                .expected("a draw in a draw game (2-7, Badugi)")
                .actual(format!("p{} sd {}", i + 1, arg.unwrap_or(""))));
            }
            self.next_street(s + 1);
        }
        let cards = match arg {
            Some(a) if !a.is_empty() => cards_of(Some(&Value::Str(a.to_string())), Some(line))?,
            _ => Vec::new(),
        };
        let held = &mut self.hole[i];
        for card in &cards {
            if let Some(at) = held.iter().position(|h| h == card) {
                held.remove(at);
            }
        }
        self.discards[i] = Some(cards.len());
        let known: Vec<Card> = cards.iter().flatten().copied().collect();
        let street = self.street;
        self.push(
            i,
            K::Draw,
            line,
            (cards.len() as i64, None, false),
            known,
            None,
            street,
        );
        Ok(())
    }

    fn check_call(&mut self, i: usize, line: u64) {
        let owed = (self.current - self.bets[i]).min(self.stacks[i]);
        if owed <= 0 {
            self.add(i, K::Check, line, 0, None, false);
            return;
        }
        self.pay(i, owed, true);
        let all_in = self.stacks[i] == 0;
        self.add(i, K::Call, line, owed, None, all_in);
    }

    fn bring_in(&mut self, i: usize, line: u64) -> Result<(), ReadError> {
        let Some(bring_in) = self.bring_in.filter(|&b| b != 0) else {
            return Err(malformed(
                say!("a bring-in (pb) in a hand without a bring_in field"),
                line,
            )
            .expected("bring_in = AMOUNT")
            .actual(format!("p{} pb", i + 1)));
        };
        let paid = bring_in.min(self.stacks[i]);
        self.pay(i, paid, true);
        let all_in = self.stacks[i] == 0;
        self.add(i, K::BringIn, line, paid, None, all_in);
        Ok(())
    }

    fn bet(&mut self, i: usize, arg: &str, line: u64) -> Result<(), ReadError> {
        let to = text_amount(arg, self.decimals, line)?;
        let added = to - self.bets[i];
        if to <= self.current || added > self.stacks[i] {
            return Err(malformed(
                say!(
                    "{action}: a bet or raise to {amount} is impossible here",
                    action = format!("p{} cbr {arg}", i + 1),
                    amount = arg
                ),
                line,
            )
            .expected("more than the current bet and at most the player's stack")
            .actual(format!(
                "current bet {}, stack {} (minor units)",
                self.current, self.stacks[i]
            )));
        }
        let current = self.current;
        self.pay(i, added, true);
        let all_in = self.stacks[i] == 0;
        if self.bring_in.is_some_and(|b| b != 0) && self.street == 0 && !self.completed {
            self.completed = true;
            self.add(i, K::Complete, line, 0, Some(to), all_in);
        } else if current == 0 {
            self.add(i, K::Bet, line, to, None, all_in);
        } else {
            self.add(i, K::Raise, line, to - current, Some(to), all_in);
        }
        Ok(())
    }

    fn show_muck(
        &mut self,
        i: usize,
        arg: Option<&str>,
        comment: Option<String>,
        line: u64,
    ) -> Result<(), ReadError> {
        let showdown = self.streets.len();
        let Some(arg) = arg else {
            self.push(
                i,
                K::Muck,
                line,
                (0, None, false),
                Vec::new(),
                None,
                showdown,
            );
            return Ok(());
        };
        let cards = if arg == "-" {
            self.hole[i].clone()
        } else {
            cards_of(Some(&Value::Str(arg.to_string())), Some(line))?
        };
        let known: Vec<Card> = cards.iter().flatten().copied().collect();
        let distinct: HashSet<&Card> = known.iter().collect();
        if distinct.len() != known.len() {
            return Err(malformed(
                say!(
                    "a card shown twice in {cards}",
                    cards = pystr::repr(&cut(arg, 40))
                ),
                line,
            )
            .expected("each card once")
            .actual(arg));
        }
        self.push(i, K::Show, line, (0, None, false), known, comment, showdown);
        Ok(())
    }
}

/// A `cbr` amount (action text) in minor units (`minor` of a string).
fn text_amount(arg: &str, decimals: u64, line: u64) -> Result<i64, ReadError> {
    let bad = |why, expected: &str| {
        let subject = say!("cbr amount {amount}", amount = cut(arg, 40));
        malformed(not_an_amount(Nested("read", subject), why), line)
            .expected(expected)
            .actual(cut(arg, 80))
    };
    if !is_amount_text(arg) {
        return Err(bad(None, "a number like 1500 or 2.50"));
    }
    let plain = arg.strip_suffix('\n').unwrap_or(arg);
    let (whole, fraction) = plain.split_once('.').unwrap_or((plain, ""));
    let digits = format!("{whole}{fraction}");
    let trimmed = digits.trim_start_matches('0');
    let dec = Dec {
        negative: false,
        digits: if trimmed.is_empty() { "0" } else { trimmed }.to_string(),
        exponent: -(fraction.len() as i64),
        special: None,
    };
    scaled(&Number::Dec(&dec), decimals).map_err(|(why, expected)| bad(Some(why), &expected))
}
