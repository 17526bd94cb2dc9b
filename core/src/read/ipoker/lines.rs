//! A game as the PokerStars family's lines: the header ([`super::head`]), the seats, the forced bets, each street's cards and actions (iPoker's numbered action types), the uncalled bet, the
//! showdown and what each player collected (iPoker's `win`, which counts the uncalled bet in but in the
//! logs of newer clients).

use super::amounts::card;
use super::game::{code, Action, Dealt, Game};
use super::head::{big_blind, button, by_pocket, header, is_dealt};
use super::session::{Family, Session};
use crate::read::errors::{Kind, ReadError};
use crate::read::rounds::{Move, Rounds};
use crate::read::translated::{amount_text, Translated};

/// iPoker's stud street names and the family's; `River` is the last street of either stud.
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

/// The family's lines of a game.
pub struct Translation<'g> {
    session: &'g Session,
    game: &'g Game,
    family: Family,
    decimals: u8,
    names: Vec<String>,
    rounds: Rounds,
    folded: Vec<bool>,
    /// Each player's cards so far (None: hidden).
    cards: Vec<Vec<Option<String>>>,
    hero: Option<usize>,
    /// The uncalled bets given back: (who, amount); most logs count them in the player's `win`.
    back: Vec<(usize, i64)>,
    /// The index of the game's last line (where the summary's lines are placed).
    last: usize,
    pub out: Translated,
}

impl<'g> Translation<'g> {
    pub fn new(session: &'g Session, game: &'g Game, decimals: u8, last: usize) -> Self {
        let names: Vec<String> = game.players.iter().map(|p| p.name.clone()).collect();
        let n = names.len();
        let hero = session
            .hero
            .as_ref()
            .and_then(|h| names.iter().position(|n| n == h));
        Translation {
            session,
            game,
            family: session.game.unwrap_or_else(|| by_pocket(game)),
            decimals,
            rounds: Rounds::new(game.players.iter().map(|p| p.chips).collect()),
            folded: vec![false; n],
            cards: vec![Vec::new(); n],
            names,
            hero,
            back: Vec::new(),
            last,
            out: Translated::with_capacity(game.actions.len() + game.players.len() + 16),
        }
    }

    fn money(&self, value: i64) -> String {
        amount_text(value, self.decimals)
    }

    fn error(&self, line: usize, reason: String, expected: &str) -> ReadError {
        ReadError::malformed(reason)
            .at(line as u64)
            .expected(expected)
    }

    /// Every line of the game, in the family's words.
    pub fn translate(&mut self) -> Result<(), ReadError> {
        let header = header(self.session, self.game, self.family, self.decimals)?;
        self.out.push(0, header);
        let button =
            button(self.game).map_or(String::new(), |s| format!(" Seat #{s} is the button"));
        let table = self.session.table.replace('\'', "");
        self.out.push(0, format!("Table '{table}'{button}"));
        let game = self.game;
        let dealt: Vec<bool> = game
            .players
            .iter()
            .map(|p| is_dealt(game, &p.name))
            .collect();
        for (k, p) in game.players.iter().enumerate() {
            let out = if dealt[k] { "" } else { " is sitting out" };
            let line = format!(
                "Seat {}: {} ({} in chips){out}",
                p.seat,
                p.name,
                self.money(p.chips)
            );
            self.out.push(p.line, line);
            if dealt[k] {
                self.rounds.dealt(k);
            }
        }
        let mut rounds: Vec<u32> = game.actions.iter().map(|a| a.round).collect();
        rounds.extend(game.dealt.iter().map(|d| d.round));
        rounds.sort_unstable();
        rounds.dedup();
        let mut first_street = true;
        for round in rounds {
            if round > 0 {
                let dealt: Vec<&Dealt> = game.dealt.iter().filter(|d| d.round == round).collect();
                let acts = game.actions.iter().any(|a| a.round == round);
                if dealt.is_empty() && !acts {
                    continue;
                }
                if !std::mem::replace(&mut first_street, false) {
                    let line = dealt.first().map_or(self.last, |d| d.line);
                    self.give_back(line);
                    self.rounds.next_street();
                }
                self.street(round, &dealt)?;
            }
            for action in game.actions.iter().filter(|a| a.round == round) {
                if let Some(line) = self.action(action)? {
                    self.out.push(action.line, line);
                }
            }
        }
        self.settle();
        Ok(())
    }

    /// A street's marker and what is dealt on it.
    fn street(&mut self, round: u32, dealt: &[&Dealt]) -> Result<(), ReadError> {
        let line = dealt.first().map_or_else(
            || {
                self.game
                    .actions
                    .iter()
                    .find(|a| a.round == round)
                    .map_or(0, |a| a.line)
            },
            |d| d.line,
        );
        if self.family.is_stud() {
            let name = dealt.first().map_or("", |d| d.street.as_str());
            let Some(&(_, marker)) = STUD_STREETS.iter().find(|(s, _)| *s == name) else {
                return Err(self.error(
                    line,
                    format!("a stud street named {name:?}"),
                    "Second to Sixth Street, or River",
                ));
            };
            self.out.push(line, format!("*** {marker} ***"));
            for d in dealt {
                self.stud_deal(d, marker)?;
            }
            return Ok(());
        }
        let index = (round as usize).saturating_sub(1);
        let Some(&marker) = BOARD_STREETS.get(index) else {
            return Err(self.error(line, format!("a round numbered {round}"), "rounds 0 to 4"));
        };
        if index == 0 {
            self.out.push(line, format!("*** {marker} ***"));
            for d in dealt.iter().filter(|d| d.street == "Pocket") {
                let Some(who) = self.seated(d)? else { continue };
                self.cards[who] = d.cards.iter().map(|c| card(c)).collect();
                let known = self.cards[who].iter().all(Option::is_some);
                if Some(who) == self.hero && known {
                    let cards = self.shown(who);
                    self.out
                        .push(d.line, format!("Dealt to {} [{cards}]", self.names[who]));
                }
            }
            return Ok(());
        }
        let board: Vec<String> = dealt
            .iter()
            .filter(|d| d.player.is_none())
            .flat_map(|d| d.cards.iter().map(|c| card(c).unwrap_or_else(|| c.clone())))
            .collect();
        let earlier = &self.board_so_far(round);
        let text = match earlier.is_empty() {
            true => format!("*** {marker} *** [{}]", board.join(" ")),
            false => format!(
                "*** {marker} *** [{}] [{}]",
                earlier.join(" "),
                board.join(" ")
            ),
        };
        self.out.push(line, text);
        Ok(())
    }

    /// The board cards dealt before a round.
    fn board_so_far(&self, round: u32) -> Vec<String> {
        self.game
            .dealt
            .iter()
            .filter(|d| d.round < round && d.round >= 2 && d.player.is_none())
            .flat_map(|d| d.cards.iter().map(|c| card(c).unwrap_or_else(|| c.clone())))
            .collect()
    }

    /// The seat a deal is to (None: a player not seated, whose deal says nothing).
    fn seated(&self, d: &Dealt) -> Result<Option<usize>, ReadError> {
        let name = d.player.as_deref().unwrap_or("");
        match self.names.iter().position(|n| n == name) {
            Some(who) => Ok(Some(who)),
            None => Err(self.error(
                d.line,
                format!("cards dealt to {name:?}, who has no seat"),
                "a player of the game's <players>",
            )),
        }
    }

    /// A stud deal: the log's owner's cards all, another's the up cards only (the family's way).
    fn stud_deal(&mut self, d: &Dealt, marker: &str) -> Result<(), ReadError> {
        let Some(who) = self.seated(d)? else {
            return Ok(());
        };
        let new: Vec<Option<String>> = d.cards.iter().map(|c| card(c)).collect();
        self.cards[who].extend(new.iter().cloned());
        let first = marker == "2nd STREET" || marker == "3rd STREET";
        let down_street = marker == "RIVER" && self.family == Family::Stud7;
        let all_known = new.iter().all(Option::is_some);
        let shown: Vec<String> = if Some(who) == self.hero && all_known {
            new.into_iter().flatten().collect()
        } else if down_street {
            Vec::new()
        } else if first {
            new.last().cloned().flatten().into_iter().collect()
        } else {
            new.into_iter().flatten().collect()
        };
        if !shown.is_empty() {
            let line = format!("Dealt to {} [{}]", self.names[who], shown.join(" "));
            self.out.push(d.line, line);
        }
        Ok(())
    }

    /// A player's cards, when all are known.
    fn shown(&self, who: usize) -> String {
        let cards: Vec<&str> = self.cards[who]
            .iter()
            .flatten()
            .map(String::as_str)
            .collect();
        cards.join(" ")
    }

    /// The family's line for an action (None: it says nothing the family reads).
    fn action(&mut self, a: &Action) -> Result<Option<String>, ReadError> {
        let Some(who) = self.names.iter().position(|n| *n == a.player) else {
            return Err(self.error(
                a.line,
                format!("an action of {:?}, who has no seat", a.player),
                "a player of the game's <players>",
            ));
        };
        let name = self.names[who].clone();
        let sum = a.sum;
        let (put_in, bet) = (self.rounds.put_in(who), self.rounds.bet());
        let decimals = self.decimals;
        let said = match a.kind {
            code::FOLD => {
                self.folded[who] = true;
                self.rounds.say(who, Move::Folds, 0, decimals)
            }
            code::CHECK => self.rounds.say(who, Move::Checks, 0, decimals),
            k if code::SITS_OUT.contains(&k) => return Ok(None),
            code::SMALL_BLIND => self.rounds.say(who, Move::SmallBlind, sum, decimals),
            code::BIG_BLIND => {
                let big = big_blind(self.game).unwrap_or(sum);
                if sum > big && a.round == 0 {
                    // posting both: the big blind live, the rest dead
                    self.rounds.post_with_dead(who, sum - big, big, decimals)
                } else {
                    self.rounds.say(who, Move::BigBlind, sum, decimals)
                }
            }
            code::ANTE => self.rounds.say(who, Move::Ante, sum, decimals),
            code::BRING_IN => self.rounds.say(who, Move::BringIn, sum, decimals),
            code::CALL => self.rounds.say(who, Move::Calls, sum, decimals),
            // a bet over the bring-in completes it
            code::BET if bet > 0 && self.family.is_stud() => {
                self.rounds.say(who, Move::Completes, sum, decimals)
            }
            code::BET => self.rounds.say(who, Move::Bets, sum, decimals),
            code::RAISE_TO | code::RAISE_BY | code::ALL_IN => {
                let to = if a.kind == code::RAISE_TO {
                    sum
                } else {
                    put_in + sum
                };
                self.rounds.say(who, Move::Adds, to - put_in, decimals)
            }
            other => {
                return Err(ReadError::new(
                    Kind::Unsupported,
                    format!("an action of type {other}, which is not read"),
                )
                .at(a.line as u64)
                .expected("action types 0 to 9, 15, 16 and 23"))
            }
        };
        Ok(Some(format!("{name}: {said}")))
    }

    /// The part of the street's last bet nobody matched (its caller all in for less, or nobody left to
    /// call), given back where the street's betting ends.
    fn give_back(&mut self, line: usize) {
        if let Some((who, amount)) = self.rounds.uncalled() {
            self.rounds.returned(who, amount);
            let name = &self.names[who];
            let money = amount_text(amount, self.decimals);
            self.out
                .push(line, format!("Uncalled bet ({money}) returned to {name}"));
            self.back.push((who, amount));
        }
    }

    /// The bet nobody called, the showdown, what each player collected, and the summary.
    fn settle(&mut self) {
        let last = self.last;
        self.give_back(last);
        let live: Vec<usize> = (0..self.names.len())
            .filter(|&k| !self.folded[k] && !self.cards[k].is_empty())
            .collect();
        if live.len() >= 2 {
            self.out.push(last, "*** SHOW DOWN ***".to_string());
            for &k in &live {
                let known = self.cards[k].iter().all(Option::is_some);
                if known {
                    let line = format!("{}: shows [{}]", self.names[k], self.shown(k));
                    self.out.push(last, line);
                }
            }
        }
        let counted_in = self.session.uncalled_in_win;
        let mut collected = 0;
        for (k, p) in self.game.players.iter().enumerate() {
            let given_back: i64 = self
                .back
                .iter()
                .filter(|&&(who, _)| who == k && counted_in)
                .map(|&(_, a)| a)
                .sum();
            let value = p.win - given_back.min(p.win);
            if value > 0 {
                collected += value;
                let line = format!("{} collected {} from pot", self.names[k], self.money(value));
                self.out.push(last, line);
            }
        }
        let pot = self.rounds.pot();
        self.out.push(last, "*** SUMMARY ***".to_string());
        let line = format!(
            "Total pot {} | Rake {}",
            self.money(pot),
            self.money(pot - collected)
        );
        self.out.push(last, line);
    }
}
