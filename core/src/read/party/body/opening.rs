//! The opening of a partypoker hand: its header's facts (game, stakes, tournament, table, start), and
//! the blinds a tournament's bracket log does not post.

use super::{parenthesized, Reading};
use crate::model::{ActionKind, Stakes, Tournament};
use crate::read::errors::ReadError;
use crate::read::events::speaker;
use crate::read::header::{seat_number, Header};
use crate::read::pacific::amounts::{bracketed, minor_units};
use crate::read::party::{Head, SITE};
use crate::read::pokerstars::{fixed_limit, game_start, rules_of};
use crate::read::pystr;
use crate::read::search;
use crate::read::times::{search_header_end_date, start_of};
use crate::read::Lookups;
use crate::say;

/// The stakes of the header (the blinds, or a fixed limit's small and big bet) and the ante owed.
#[derive(Clone, Copy, Debug)]
pub struct Opening {
    low: i64,
    high: i64,
    ante: Option<i64>,
}

/// What a big blind posted with dead money says after `posts big blind` (its sum is both blinds).
const DEAD: &str = "+ dead";

impl Reading<'_> {
    /// The blinds a tournament's bracket log does not post: the two players after the button (the
    /// button itself and the other player heads-up), each posting what it has if short.
    /// `blinds` are [`Self::blinds`].
    pub(super) fn unposted_blinds(
        &self,
        lines: &[&str],
        blinds: Option<(i64, i64)>,
    ) -> Vec<(usize, ActionKind, i64)> {
        let (Some((small, big)), Some(button)) = (blinds, self.head.button) else {
            return Vec::new();
        };
        if self.head.tournament.is_none() || self.head.stud {
            return Vec::new();
        }
        let posts = self.posts.iter().any(|l| {
            search::contains(l, " posts small blind") || search::contains(l, " posts big blind")
        });
        if posts {
            return Vec::new();
        }
        let button: u64 = button.trim().parse().unwrap_or(0);
        // a player no line of the hand names was not dealt in (moved to the table, waiting for the
        // big blind)
        let body = lines.get(self.head.body..).unwrap_or_default();
        let mut spoke = vec![false; self.names.len()];
        for who in body.iter().filter_map(|l| speaker(&self.names, l)) {
            spoke[who.0] = true;
        }
        let named = |k: &usize| {
            let name = self.names[*k];
            spoke[*k]
                || body.iter().any(|l| {
                    l.strip_prefix("Dealt to ")
                        .is_some_and(|r| r.starts_with(name))
                })
        };
        let mut order: Vec<usize> = (0..self.names.len()).filter(named).collect();
        let n = order.len();
        if n < 2 {
            return Vec::new();
        }
        order.sort_by_key(|&k| {
            let seat = self.seats[k];
            if seat > button {
                seat - button
            } else {
                seat + 1000 - button
            }
        });
        let (sb, bb) = if n == 2 {
            match order.iter().position(|&k| self.seats[k] == button) {
                Some(p) => (order[p], order[1 - p]),
                None => (order[0], order[1]),
            }
        } else {
            (order[0], order[1])
        };
        vec![
            (sb, ActionKind::SmallBlind, small),
            (bb, ActionKind::BigBlind, big),
        ]
    }

    /// The blinds: the header's, else what the log posts (a short small blind posts what it has).
    pub(super) fn blinds(&self) -> Option<(i64, i64)> {
        if let Some((low, high)) = self.head.stakes {
            return Some(if self.head.bets {
                (low / 2, low)
            } else {
                (low, high)
            });
        }
        let posted = |what: &str| -> Vec<i64> {
            // the big blinds posted: the table's, and those of players coming in
            self.posts
                .iter()
                .filter(|l| search::contains(l, what) && !search::contains(l, DEAD))
                .filter_map(|l| {
                    let text = bracketed(l).or_else(|| parenthesized(l))?;
                    minor_units(text, self.head.decimals)
                })
                .collect()
        };
        let big = posted(" posts big blind").into_iter().max()?;
        // a small blind that puts its player all in is short of the blind
        let short = |l: &&&str| {
            speaker(&self.names, l).is_some_and(|(who, _)| {
                let text = bracketed(l).or_else(|| parenthesized(l));
                text.and_then(|t| minor_units(t, self.head.decimals)) == Some(self.stacks[who])
            })
        };
        let small = self
            .posts
            .iter()
            .filter(|l| search::contains(l, " posts small blind"))
            .find(|l| !short(l))
            .and_then(|l| bracketed(l).or_else(|| parenthesized(l)))
            .and_then(|t| minor_units(t, self.head.decimals))
            .filter(|&s| s < big)
            .unwrap_or(big / 2);
        Some((small, big))
    }

    /// The header's stakes (the blinds, or a limit game's bets) and the ante owed (`blinds` are
    /// [`Self::blinds`]); an error when the log gives no stakes, or a tournament hand no tournament
    /// number.
    pub(super) fn opening(&self, blinds: Option<(i64, i64)>) -> Result<Opening, ReadError> {
        let head = self.head;
        let Some((small, big)) = blinds.or(self.head.stakes) else {
            return Err(ReadError::malformed(say!(
                "no stakes: the game line gives none and no blind is posted"
            ))
            .at(self.first_line + head.body as u64 - 1)
            .expected("'$0.10/$0.25 USD NL ...', 'Blinds(20/40)' or a blind posted"));
        };
        let (low, high) = match (head.stud, head.structure == "Limit", head.stakes) {
            (true, _, Some(stakes)) => stakes,
            (true, _, None) => (big, 2 * big),
            (false, true, _) => (big, 2 * big),
            (false, false, _) => (small, big),
        };
        // the ante owed is the largest posted (a short stack posts what it has)
        let ante = self
            .posts
            .iter()
            .filter(|l| search::contains(l, " posts ante"))
            .filter_map(|l| {
                let text = bracketed(l).or_else(|| parenthesized(l))?;
                minor_units(text, head.decimals)
            })
            .max();
        if head.tournament.as_ref().is_some_and(|(n, _)| n.is_empty()) {
            return Err(ReadError::malformed(say!(
                "a tournament hand without its tournament's number"
            ))
            .at(self.first_line + head.body as u64 - 2)
            .expected("'Trny: 75582100' or '(MTT Tournament #303344128)'"));
        }
        Ok(Opening { low, high, ante })
    }
}

/// The header's facts of a hand (`opening` its stakes and ante): its rules, stakes, tournament, table,
/// button and start; an error placed on the header line (`first_line`) or, for a button seat that is
/// no number, the table line.
pub fn family_header<'a>(
    head: &'a Head<'a>,
    opening: Opening,
    first_line: u64,
    lookups: &mut dyn Lookups,
) -> Result<Header<'a>, ReadError> {
    let at = |line: u64| move |err: ReadError| err.at(line).hand(Some(head.id));
    let (start, time_zone, start_utc) = match head.date.as_deref() {
        Some(text) => {
            let found = search_header_end_date(text);
            let Some(m) = found else {
                let err = ReadError::malformed(say!("no stakes in the header"))
                    .expected("'(small/big)' after the game");
                return Err(at(first_line)(err));
            };
            start_of(&m, lookups.offsets()).map_err(at(first_line))?
        }
        None => (None, None, None),
    };
    let (mut tournament, mut name) = (None, format!("{} {}", head.game, head.structure));
    if let Some((number, buy_in)) = &head.tournament {
        // a buy-in with a game's word in it: the family's grammar reads the game from there
        let game_at = game_start(buy_in);
        if let Some(g) = game_at {
            name = format!("{} {name}", &buy_in[g..]);
        }
        let buy_in = buy_in[..game_at.unwrap_or(buy_in.len())].trim_matches([' ', '-']);
        tournament = Some(Tournament {
            tournament_id: number.clone(),
            buy_in: Some(buy_in).filter(|b| !b.is_empty()).map(str::to_string),
            level: None,
        });
    }
    let name = pystr::words(&name).collect::<Vec<_>>().join(" ");
    let rules = rules_of(&name).map_err(at(first_line))?;
    let max_seats = head
        .max_seats
        .map(|m| seat_number(m, "table size"))
        .transpose()
        .map_err(at(first_line))?;
    let button = head
        .button
        .map(str::trim)
        .filter(|b| !b.is_empty() && *b != "0");
    let button = match button {
        Some(b) if !b.bytes().all(|c| c.is_ascii_digit()) => {
            // no table line the family's grammar reads: the seats are not where it looks for them
            let err = ReadError::malformed(say!("no seat lines after the header"))
                .expected("'Seat N: name (stack in chips)'");
            return Err(at(first_line + head.body.saturating_sub(1) as u64)(err));
        }
        Some(b) => Some(seat_number(b, "button seat").map_err(at(first_line))?),
        None => None,
    };
    let (symbol, code) = match head.currency {
        Some((symbol, code)) => (symbol.chars().next(), Some(code)),
        None => (None, None),
    };
    let mut stakes = Stakes {
        decimals: head.decimals,
        currency: code.map(str::to_string),
        symbol: symbol.map_or(String::new(), String::from),
        ante: opening.ante,
        ..Stakes::default()
    };
    let (low, high) = (Some(opening.low), Some(opening.high));
    if fixed_limit(rules) {
        (stakes.small_bet, stakes.big_bet) = (low, high);
    } else {
        (stakes.small_blind, stakes.big_blind) = (low, high);
    }
    Ok(Header::new(SITE, head.id, rules.to_string(), stakes, 2)
        .table(Some(head.table.clone()), max_seats, button)
        .start((start, time_zone, start_utc))
        .tournament(tournament))
}
