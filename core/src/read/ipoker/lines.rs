//! A game as the PokerStars family's lines: the header from the session and the game's players, the
//! forced bets, each street's cards and actions (iPoker's numbered action types), the uncalled bet, the
//! showdown and what each player collected (iPoker's `win`, which counts the uncalled bet in but in the
//! logs of newer clients).

use super::amounts::card;
use super::game::{Action, Dealt, Game};
use super::session::{Family, Session};
use super::SITE;
use crate::read::errors::{Kind, ReadError};
use crate::read::rounds::Rounds;
use crate::read::translated::{amount_text, Translated};

/// iPoker's action types (`<action type="N">`), as the corpus and fpdb's reader use them.
mod code {
    pub const FOLD: u32 = 0;
    pub const SMALL_BLIND: u32 = 1;
    pub const BIG_BLIND: u32 = 2;
    pub const CALL: u32 = 3;
    pub const CHECK: u32 = 4;
    pub const BET: u32 = 5;
    /// A raise by the amount (old logs).
    pub const RAISE_BY: u32 = 6;
    /// All in: the amount added.
    pub const ALL_IN: u32 = 7;
    /// Sitting out, waiting: no chips, no turn.
    pub const SITS_OUT: [u32; 2] = [8, 9];
    pub const ANTE: u32 = 15;
    pub const BRING_IN: u32 = 16;
    /// A raise to the amount (the street's total).
    pub const RAISE_TO: u32 = 23;
}

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
        let header = self.header()?;
        self.out.push(0, header);
        let button = self
            .button()
            .map_or(String::new(), |s| format!(" Seat #{s} is the button"));
        let table = self.session.table.replace('\'', "");
        self.out.push(0, format!("Table '{table}'{button}"));
        let game = self.game;
        let dealt: Vec<bool> = game
            .players
            .iter()
            .map(|p| {
                game.dealt
                    .iter()
                    .any(|d| d.player.as_deref() == Some(&p.name))
            })
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

    /// The button's seat: the dealer's; where no player is the dealer (some tournament logs), the seat
    /// before the small blind's among those dealt in (the small blind's own, heads-up).
    fn button(&self) -> Option<&str> {
        let players = &self.game.players;
        if let Some(p) = players.iter().find(|p| p.dealer) {
            return Some(&p.seat);
        }
        let small = self
            .game
            .actions
            .iter()
            .find(|a| a.kind == code::SMALL_BLIND)?;
        let dealt: Vec<usize> = (0..players.len())
            .filter(|&k| {
                self.game
                    .dealt
                    .iter()
                    .any(|d| d.player.as_deref() == Some(&players[k].name))
            })
            .collect();
        let at = dealt
            .iter()
            .position(|&k| players[k].name == small.player)?;
        let button = match dealt.len() {
            2 => dealt[at],
            n => dealt[(at + n - 1) % n],
        };
        Some(&players[button].seat)
    }

    /// The PokerStars header: game, stakes, tournament, start.
    fn header(&self) -> Result<String, ReadError> {
        let session = self.session;
        let game = match self.family {
            Family::Holdem => "Hold'em",
            Family::ShortDeck => "6+ Hold'em",
            Family::Stud5 => "5 Card Stud",
            Family::Stud7 => "7 Card Stud",
            Family::Omaha | Family::ByPocket => match pocket_count(self.game) {
                2 => "Hold'em",
                5 => "5 Card Omaha",
                6 => "6 Card Omaha",
                _ => "Omaha",
            },
        };
        let (low, high) = self.stakes()?;
        let symbol = match session.currency.as_str() {
            _ if session.tournament.is_some() => "",
            "USD" => "$",
            "EUR" => "€",
            "GBP" => "£",
            _ => "",
        };
        let mut stakes = format!("{symbol}{}/{symbol}{}", self.money(low), self.money(high));
        let ante = self
            .game
            .actions
            .iter()
            .filter(|a| a.kind == code::ANTE)
            .map(|a| a.sum)
            .max();
        // a short-deck game's stakes always have an ante, as the family writes them (`- Ante €0`)
        let ante = ante.or((self.family == Family::ShortDeck).then_some(0));
        if let Some(ante) = ante.filter(|_| !self.family.is_stud()) {
            stakes.push_str(&format!(" - Ante {symbol}{}", self.money(ante)));
        }
        if session.tournament.is_none() && session.currency.len() == 3 {
            stakes.push_str(&format!(" {}", session.currency));
        }
        let mut text = format!("{SITE} Hand #{}: ", self.game.code);
        if let Some((id, buy_in)) = &session.tournament {
            text.push_str(&format!("Tournament #{id}, "));
            if let Some(buy_in) = buy_in.as_deref().filter(|b| b.contains(['$', '€', '£'])) {
                text.push_str(&format!("{buy_in} "));
            }
        }
        text.push_str(&format!("{game} {} ({stakes})", session.structure));
        if let Some(date) = self.game.start.as_deref().and_then(date) {
            text.push_str(&format!(" - {date}"));
        }
        Ok(text)
    }

    /// (small, big): the blinds of a game with blinds, the small and big bet of a limit game.
    fn stakes(&self) -> Result<(i64, i64), ReadError> {
        let posted = |kind: u32| {
            self.game
                .actions
                .iter()
                .filter(|a| a.kind == kind && a.round == 0 && a.sum > 0)
                .map(|a| a.sum)
                .min()
        };
        let limit = self.session.structure == "Limit";
        if self.family.is_stud() {
            if let Some(stakes) = self.session.stakes {
                return Ok(stakes);
            }
            // a tournament's game type has no stakes: a completion or a bet on the first two streets is
            // the small bet (the least: an open pair on the second allows the big one), a bet on a later
            // street the big bet; with no bet at all, four bring-ins (the bring-in is a quarter to a third
            // of the small bet)
            let bets = |streets: &[&str]| {
                let game = self.game;
                let on = |r: u32| {
                    game.dealt
                        .iter()
                        .any(|d| d.round == r && streets.contains(&d.street.as_str()))
                };
                let found = game
                    .actions
                    .iter()
                    .filter(|a| a.kind == code::BET && on(a.round));
                found.map(|a| a.sum).min()
            };
            let (first, big_streets): (&[&str], &[&str]) = match self.family {
                Family::Stud5 => (
                    &["Second Street", "Third Street"],
                    &["Fourth Street", "River"],
                ),
                _ => (
                    &["Third Street", "Fourth Street"],
                    &["Fifth Street", "Sixth Street", "River"],
                ),
            };
            let small = bets(first)
                .or_else(|| bets(big_streets).map(|big| big / 2))
                .or_else(|| posted_bring_in(self.game).map(|b| 4 * b));
            return match small {
                Some(small) => Ok((small, 2 * small)),
                None => Err(self.error(
                    0,
                    "no stakes: the game type has none, and nobody bets or brings in".into(),
                    "a stud game type with its stakes ('7 Card Stud L $0.05/$0.10')",
                )),
            };
        }
        let big = posted(code::BIG_BLIND);
        if limit {
            if let Some(big) = big {
                return Ok((big, 2 * big));
            }
        } else if self.session.tournament.is_none() {
            if let Some(stakes) = self.session.stakes {
                return Ok(stakes);
            }
        }
        match (posted(code::SMALL_BLIND), big) {
            (_, Some(big)) if limit => Ok((big, 2 * big)),
            (Some(small), Some(big)) => Ok((small, big)),
            (None, Some(big)) => Ok((big / 2, big)),
            _ => match self.session.stakes {
                Some(stakes) => Ok(stakes),
                None => Err(ReadError::new(
                    Kind::Incomplete,
                    "no stakes: the game type has none and no big blind is posted",
                )
                .at(0)
                .expected("a big blind (<action type=\"2\">)")),
            },
        }
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
        let said = match a.kind {
            code::FOLD => {
                self.rounds.act(who, 0, true);
                self.folded[who] = true;
                "folds".to_string()
            }
            code::CHECK => {
                self.rounds.act(who, 0, false);
                "checks".to_string()
            }
            k if code::SITS_OUT.contains(&k) => return Ok(None),
            code::SMALL_BLIND => {
                self.rounds.post(who, sum);
                format!("posts small blind {}", self.money(sum))
            }
            code::BIG_BLIND => {
                let big = big_blind(self.game).unwrap_or(sum);
                if sum > big && a.round == 0 {
                    // posting both: the big blind live, the rest dead
                    self.rounds.ante(who, sum - big);
                    self.rounds.post(who, big);
                    format!("posts small & big blinds {}", self.money(sum))
                } else {
                    self.rounds.post(who, sum);
                    format!("posts big blind {}", self.money(sum))
                }
            }
            code::ANTE => {
                self.rounds.ante(who, sum);
                format!("posts the ante {}", self.money(sum))
            }
            code::BRING_IN => {
                self.rounds.post(who, sum);
                format!("brings in for {}", self.money(sum))
            }
            code::CALL => {
                self.rounds.act(who, sum, false);
                format!("calls {}", self.money(sum))
            }
            code::BET if bet > 0 && self.family.is_stud() => {
                // a bet over the bring-in completes it
                self.rounds.act(who, sum, false);
                format!("completes it to {}", self.money(put_in + sum))
            }
            code::BET => {
                self.rounds.act(who, sum, false);
                format!("bets {}", self.money(sum))
            }
            code::RAISE_TO | code::RAISE_BY | code::ALL_IN => {
                let to = if a.kind == code::RAISE_TO {
                    sum
                } else {
                    put_in + sum
                };
                self.rounds.act(who, to - put_in, false);
                if to <= bet {
                    format!("calls {}", self.money(to - put_in))
                } else if bet == 0 {
                    format!("bets {}", self.money(to))
                } else {
                    format!("raises {} to {}", self.money(to - bet), self.money(to))
                }
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
        let chips = !matches!(a.kind, code::FOLD | code::CHECK);
        let all_in = if chips && self.rounds.all_in(who) {
            " and is all-in"
        } else {
            ""
        };
        Ok(Some(format!("{name}: {said}{all_in}")))
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

/// The big blind: the smallest posted (a player coming in posts both blinds as one).
fn big_blind(game: &Game) -> Option<i64> {
    let posted = game
        .actions
        .iter()
        .filter(|a| a.kind == code::BIG_BLIND && a.round == 0);
    posted.map(|a| a.sum).filter(|&s| s > 0).min()
}

/// The bring-in posted, if any.
fn posted_bring_in(game: &Game) -> Option<i64> {
    game.actions
        .iter()
        .find(|a| a.kind == code::BRING_IN)
        .map(|a| a.sum)
}

/// The most pocket cards dealt to a player.
fn pocket_count(game: &Game) -> usize {
    game.dealt
        .iter()
        .filter(|d| d.street == "Pocket")
        .map(|d| d.cards.len())
        .max()
        .unwrap_or(2)
}

/// A game type without a game word: Hold'em or Omaha as the pocket cards say.
fn by_pocket(game: &Game) -> Family {
    match pocket_count(game) {
        2 => Family::Holdem,
        _ => Family::Omaha,
    }
}

/// `2011-11-04 18:46:19`, `2011/11/04 18:46:19` or `07-Apr-2014 00:57:23` as
/// `2011/11/04 18:46:19 UTC` (fpdb reads iPoker's times as UTC).
fn date(text: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let (day, time) = text.split_once(' ')?;
    let parts: Vec<&str> = day.split(['-', '/']).collect();
    let (year, month, day) = match parts[..] {
        [y, m, d] if y.len() == 4 => (y.to_string(), m.to_string(), d.to_string()),
        [d, m, y] if y.len() == 4 => {
            let month = match MONTHS.iter().position(|name| *name == m) {
                Some(k) => format!("{:02}", k + 1),
                None => m.to_string(),
            };
            (y.to_string(), month, d.to_string())
        }
        _ => return None,
    };
    Some(format!("{year}/{month}/{day} {} UTC", time.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_each_form() {
        assert_eq!(
            date("2011-11-04 18:46:19").as_deref(),
            Some("2011/11/04 18:46:19 UTC")
        );
        assert_eq!(
            date("07-Apr-2014 00:57:23").as_deref(),
            Some("2014/04/07 00:57:23 UTC")
        );
        assert_eq!(date("nonsense"), None);
    }
}
