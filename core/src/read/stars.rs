//! The body of a PokerStars-family hand: seat lines, `Name:
//! action` lines, street markers, deals, collects and the summary, read once for both dialects.
//! The game's streets come from its spec (data), so no game is a branch here.

use std::sync::Arc;

use super::errors::{Kind, ReadError};
use super::header::{seat_number, Header};
use super::patterns as p;
use super::pystr::repr;
use super::search;
use super::tourney;
use super::values::parse_cards;
use super::{Dialect, Lookups};
use crate::cards::Card;
use crate::model::{Action, ActionKind, Deal, Finish, Hand, Seat, Source, Stakes};
use crate::spec::GameSpec;

const ALL_IN: &str = " and is all-in";
const CAPPED: &str = " and has reached the ";
const SEPARATOR: &str = "*********** #";

/// Where a deal goes in the canonical order: (run, street, board?, seat index).
type DealKey = (u8, usize, u8, usize);

/// A seated name, with what the reader learns about it.
struct Name<'a> {
    name: &'a str,
    /// The index in `seats` of the (last) seat with this name.
    seat: usize,
    /// Posted, acted or was dealt cards (collects and cash-outs do not count).
    active: bool,
    /// The street it folded on.
    folded: Option<usize>,
}

/// `a == b` for names, which mostly differ in their last byte (`Player1`, `Player2`).
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.last() == b.last() && a == b
}

/// What reading one hand's body accumulates.
struct State<'a, 'l> {
    header: Header<'a>,
    spec: Arc<GameSpec>,
    dialect: &'static Dialect,
    first_line: u64,
    lines: &'l [&'a str],
    showdown: usize,
    seats: Vec<Seat>,
    names: Vec<Name<'a>>,
    /// Deals by canonical key (one per key, the last kept), with the index of their line (None
    /// for a deal filled in); ordered by key when the hand is built.
    deals: Vec<(DealKey, Deal, Option<usize>)>,
    actions: Vec<Action>,
    action_lines: Vec<u64>,
    street: usize,
    run: u8,
    summary: bool,
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

impl<'a> State<'a, '_> {
    fn error(&self, index: usize, reason: impl Into<String>, expected: &str) -> ReadError {
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

    /// `st.amount`: an amount at the hand's scale; an error naming the line.
    fn amount(&self, text: &str, index: usize) -> Result<i64, ReadError> {
        self.dialect
            .amounts
            .parse(text, self.header.stakes.decimals)
            .map_err(|err| self.relocate(err, index))
    }

    /// `st.cards`.
    fn cards(&self, text: &str, index: usize) -> Result<Vec<Card>, ReadError> {
        parse_cards(text).map_err(|err| self.relocate(err, index))
    }

    /// A value's error (reason and expected) placed on a line of this hand.
    fn relocate(&self, err: ReadError, index: usize) -> ReadError {
        let mut e = self.error(index, err.reason, "");
        e.expected = err.expected;
        e
    }

    /// A deal under its canonical key, in place of any deal there before.
    fn put_deal(&mut self, key: DealKey, deal: Deal, line: Option<usize>) {
        match self.deals.iter_mut().find(|(k, _, _)| *k == key) {
            Some(slot) => *slot = (key, deal, line),
            None => self.deals.push((key, deal, line)),
        }
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

    fn has_deal(&self, key: DealKey) -> bool {
        self.deals.iter().any(|(k, _, _)| *k == key)
    }

    fn name_index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| same(n.name, name))
    }

    /// `_seated`: the index of a seated name, or an error.
    fn seated(&self, index: usize, name: &str) -> Result<usize, ReadError> {
        self.name_index(name).ok_or_else(|| {
            self.error(
                index,
                format!("{} is not seated in this hand", repr(name)),
                "a seated player",
            )
        })
    }

    /// The street of a marker's name: the spec's streets, the dialect's aliases, `RIVER`.
    fn marker(&self, inner: &str) -> Option<usize> {
        let streets = &self.spec.streets;
        let by_name = |name: &str| streets.iter().rposition(|s| s.name == name);
        for (alias, name) in self.dialect.aliases {
            if *alias == inner {
                if let Some(street) = by_name(name) {
                    return Some(street);
                }
            }
        }
        by_name(inner).or_else(|| (inner == "RIVER").then(|| streets.len().saturating_sub(1)))
    }

    fn marker_names(&self) -> String {
        let mut names: Vec<&str> = self.spec.streets.iter().map(|s| s.name.as_str()).collect();
        for (alias, name) in self.dialect.aliases {
            if names.contains(name) {
                names.push(alias);
            }
        }
        names.push("RIVER");
        names.sort_unstable();
        names.dedup();
        names.join(", ")
    }

    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        index: usize,
        who: usize,
        kind: ActionKind,
        amount: i64,
        to: Option<i64>,
        all_in: bool,
        cards: Vec<Card>,
        text: Option<&str>,
        fee: i64,
    ) {
        if !matches!(
            kind,
            ActionKind::Collect | ActionKind::CashOut | ActionKind::Insurance
        ) {
            self.names[who].active = true;
        }
        self.actions.push(Action {
            street: self.street as u8,
            player: self.names[who].name.to_string(),
            kind,
            amount,
            to,
            all_in,
            cards,
            text: text.map(str::to_string),
            fee,
            run: self.run,
        });
        self.action_lines.push(self.first_line + index as u64);
    }

    /// An action with only an amount and the all-in flag.
    fn add_amount(
        &mut self,
        index: usize,
        who: usize,
        kind: ActionKind,
        amount: i64,
        all_in: bool,
    ) {
        self.add(index, who, kind, amount, None, all_in, Vec::new(), None, 0);
    }

    fn add_plain(&mut self, index: usize, who: usize, kind: ActionKind) {
        self.add(index, who, kind, 0, None, false, Vec::new(), None, 0);
    }

    fn add_cards(
        &mut self,
        index: usize,
        who: usize,
        kind: ActionKind,
        cards: Vec<Card>,
        text: Option<&str>,
    ) {
        self.add(index, who, kind, 0, None, false, cards, text, 0);
    }
}

/// Read one hand: its stripped lines and the line number of the first.
pub fn read_hand(
    lines: &[&str],
    first_line: u64,
    path: &str,
    dialect: &'static Dialect,
    lookups: &mut dyn Lookups,
    raw: &dyn Fn() -> String,
) -> Result<Hand, ReadError> {
    super::check_complete(lines, first_line)?;
    let header = (dialect.header)(lines, first_line, lookups)?;
    let spec = lookups.spec(&header.rules).map_err(|reason| {
        ReadError::new(Kind::Internal, format!("internal error: {reason}"))
            .at(first_line)
            .hand(Some(header.hand_id))
    })?;
    let showdown = spec.streets.len();
    let body = header.body;
    let mut st = State {
        header,
        spec,
        dialect,
        first_line,
        lines,
        showdown,
        seats: Vec::with_capacity(10),
        names: Vec::with_capacity(10),
        deals: Vec::with_capacity(12),
        actions: Vec::with_capacity(32),
        action_lines: Vec::with_capacity(32),
        street: 0,
        run: 0,
        summary: false,
        total_pot: None,
        rake: None,
        pots: Vec::new(),
        extras: Vec::new(),
        stp_added: 0,
        reached: 0,
        finishes: Vec::new(),
    };
    let n = lines.len();
    let mut i = body;
    while i < n && lines[i].starts_with("Seat ") {
        let Some(m) = p::seat_line(lines[i]) else {
            break;
        };
        let seat_index = st.seats.len();
        match st.name_index(m.name) {
            Some(k) => st.names[k].seat = seat_index,
            None => st.names.push(Name {
                name: m.name,
                seat: seat_index,
                active: false,
                folded: None,
            }),
        }
        let seat = seat_number(m.seat, "seat number").map_err(|err| st.relocate(err, i))?;
        let stack = st.amount(m.stack, i)?;
        st.seats.push(Seat {
            seat,
            name: m.name.to_string(),
            stack,
            sitting_out: m.rest.contains("sitting out"),
            bounty: m.bounty.map(str::to_string),
        });
        i += 1;
    }
    if st.seats.is_empty() {
        return Err(st.error(
            i.min(n.saturating_sub(1)),
            "no seat lines after the header",
            "'Seat N: name (stack in chips)'",
        ));
    }
    while i < n {
        read_line(&mut st, i)?;
        if st.summary {
            if let Some(j) = (i + 1..n).find(|&j| lines[j].starts_with("Total pot ")) {
                read_summary(&mut st, j)?;
            }
            break;
        }
        i += 1;
    }
    Ok(finish(st, path, raw()))
}

const CASH_DROP: &str = "Cash Drop to Pot";
/// Run It Once's splash line: `STP added: €5.00`.
const STP_ADDED: &str = "STP added: ";
/// The summary extra of a splash (`| STP €5.00`): house money (`ledger::ADDED_MONEY`).
const STP_LABEL: &str = "STP";
/// The summary extra a cash drop is kept as (house money, as `STP`: `ledger::ADDED_MONEY`).
pub const CASH_DROP_LABEL: &str = "Cash Drop";

fn read_line(st: &mut State, i: usize) -> Result<(), ReadError> {
    let line = st.lines[i];
    if line.is_empty() || line.starts_with(SEPARATOR) {
        return Ok(());
    }
    let split = p::split_colon(line);
    if let Some((name, rest)) = split {
        if let Some(who) = st.name_index(name) {
            return read_action(st, i, who, rest);
        }
        if search::contains(rest, ": ") {
            let found = st.names.iter().position(|n| {
                line.len() > n.name.len() + 1
                    && line.starts_with(n.name)
                    && line[n.name.len()..].starts_with(": ")
            });
            if let Some(who) = found {
                let rest = &line[st.names[who].name.len() + 2..];
                return read_action(st, i, who, rest);
            }
        }
    }
    if line.starts_with("***") {
        return read_marker(st, i, line);
    }
    if let Some(rest) = line.strip_prefix(CASH_DROP) {
        // GGPoker's promotion: `Cash Drop to Pot : total $0.2`, money the house adds to the pot.
        let amount = rest
            .trim_start_matches([' ', ':'])
            .trim_start_matches("total ");
        let amount = st.amount(amount.trim(), i)?;
        st.extras.push((CASH_DROP_LABEL.to_string(), amount));
        return Ok(());
    }
    if let Some(amount) = line.strip_prefix(STP_ADDED) {
        // Run It Once's splash: money the house adds to the pot, said again in the summary's
        // `| STP €5.00` (which wins where both are)
        st.stp_added += st.amount(amount.trim(), i)?;
        return Ok(());
    }
    if let Some(body) = line.strip_prefix("Dealt to ") {
        return read_dealt(st, i, body);
    }
    if line.starts_with("Uncalled bet (") {
        let Some((amount, name)) = p::uncalled_line(line) else {
            return Err(st.error(
                i,
                "unreadable uncalled-bet line",
                "'Uncalled bet (X) returned to NAME'",
            ));
        };
        let who = st.seated(i, name)?;
        let amount = st.amount(amount, i)?;
        st.add_amount(i, who, ActionKind::Uncalled, amount, false);
        return Ok(());
    }
    if search::contains(line, " collected ") {
        if let Some((name, amount, pot)) = p::collect_line(line) {
            let who = st.seated(i, name)?;
            let amount = st.amount(amount, i)?;
            st.add(
                i,
                who,
                ActionKind::Collect,
                amount,
                None,
                false,
                Vec::new(),
                Some(pot),
                0,
            );
            return Ok(());
        }
    }
    if search::contains(line, " cashed out the hand for ") {
        if let Some((name, amount, fee)) = p::cash_out_line(line) {
            let fee = match fee {
                Some(fee) => st.amount(fee, i)?,
                None => 0,
            };
            let who = st.seated(i, name)?;
            let amount = st.amount(amount, i)?;
            st.add(
                i,
                who,
                ActionKind::CashOut,
                amount,
                None,
                false,
                Vec::new(),
                None,
                fee,
            );
            return Ok(());
        }
    }
    if search::contains(line, " shows [") {
        if let Some((name, cards, desc)) = p::shows_for_line(line) {
            let who = st.seated(i, name)?;
            let cards = st.cards(cards, i)?;
            st.add_cards(i, who, ActionKind::Show, cards, Some(desc));
            return Ok(());
        }
    }
    if st.header.tournament.is_some() && tourney::maybe(line) {
        if let Some(finish) = tourney::read(line) {
            st.finishes.push(finish);
            return Ok(());
        }
    }
    if p::info_line(line) {
        return Ok(());
    }
    match split {
        Some((name, _)) => Err(st.error(
            i,
            format!("{} is not seated in this hand", repr(name)),
            "an action by a seated player",
        )),
        None => Err(st.error(
            i,
            "unknown line",
            "an action, a street marker, a deal, a collect or the summary",
        )),
    }
}

/// `_amount_and_flags`: the amount of `X[ and has reached the cap][ and is all-in]`.
fn amount_and_flags(st: &State, i: usize, text: &str) -> Result<(i64, bool), ReadError> {
    let (text, all_in) = match text.strip_suffix(ALL_IN) {
        Some(t) => (t, true),
        None => (text, false),
    };
    let text = if text.len() >= CAPPED.len() {
        search::find(text, CAPPED).map_or(text, |cap| &text[..cap])
    } else {
        text
    };
    Ok((st.amount(text, i)?, all_in))
}

/// The forced bets of `posts ...`, in the order they are tried.
const POSTS: [(&str, ActionKind); 7] = [
    ("the ante ", ActionKind::Ante),
    // GGPoker: a missed small blind posted on coming back, dead money as an ante is
    ("missed blind ", ActionKind::Ante),
    ("button blind ", ActionKind::BigBlind), // 6+ Hold'em: the button's one blind is the big blind
    ("small blind ", ActionKind::SmallBlind),
    ("big blind ", ActionKind::BigBlind),
    ("small & big blinds ", ActionKind::SmallAndBigBlind),
    ("straddle ", ActionKind::Straddle),
];

fn read_action(st: &mut State, i: usize, who: usize, rest: &str) -> Result<(), ReadError> {
    use ActionKind as K;
    let (verb, args) = match rest.bytes().position(|b| b == b' ') {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, ""),
    };
    match verb {
        "folds" => {
            let cards = match p::first_brackets(args) {
                Some(text) => st.cards(text, i)?,
                None => Vec::new(),
            };
            st.add_cards(i, who, K::Fold, cards, None);
            let street = st.street;
            st.names[who].folded.get_or_insert(street);
            return Ok(());
        }
        "checks" => {
            st.add_plain(i, who, K::Check);
            return Ok(());
        }
        "calls" | "bets" => {
            let (amount, all_in) = amount_and_flags(st, i, args)?;
            let kind = if verb == "calls" { K::Call } else { K::Bet };
            st.add_amount(i, who, kind, amount, all_in);
            return Ok(());
        }
        "raises" => {
            let split = search::find(args, " to ").map(|at| (&args[..at], &args[at + 4..]));
            let Some((by, to)) = split else {
                return Err(st.error(i, "a raise without 'to'", "'raises X to Y'"));
            };
            let (to, all_in) = amount_and_flags(st, i, to)?;
            let by = st.amount(by, i)?;
            st.add(i, who, K::Raise, by, Some(to), all_in, Vec::new(), None, 0);
            return Ok(());
        }
        "posts" => return read_post(st, i, who, args),
        "straddle" => {
            // GGPoker: `NAME: straddle $100` brings the player's blinds and straddles to $100 (the big
            // blind straddling over his own $50 puts in $50 more); PokerStars: `posts straddle $X`.
            let (to, all_in) = amount_and_flags(st, i, args)?;
            let name = st.names[who].name;
            let posted: i64 = st
                .actions
                .iter()
                .filter(|a| a.street == 0 && a.player == name)
                .filter(|a| matches!(a.kind, K::SmallBlind | K::BigBlind | K::Straddle))
                .map(|a| a.amount)
                .sum();
            st.add_amount(i, who, K::Straddle, (to - posted).max(0), all_in);
            return Ok(());
        }
        "discards" | "stands" => return read_draw(st, i, who, verb, args),
        "shows" => {
            let Some((cards, desc)) = p::show_line(rest) else {
                return Err(st.error(i, "unreadable show line", "'shows [cards] (description)'"));
            };
            let cards = st.cards(cards, i)?;
            st.add_cards(i, who, K::Show, cards, desc);
            return Ok(());
        }
        _ => {}
    }
    if let Some(to) = args.strip_prefix("it to ").filter(|_| verb == "completes") {
        let (to, all_in) = amount_and_flags(st, i, to)?;
        st.add(
            i,
            who,
            K::Complete,
            0,
            Some(to),
            all_in,
            Vec::new(),
            None,
            0,
        );
    } else if let Some(amount) = args.strip_prefix("in for ").filter(|_| verb == "brings") {
        let (amount, all_in) = amount_and_flags(st, i, amount)?;
        st.add_amount(i, who, K::BringIn, amount, all_in);
    } else if rest.starts_with("mucks hand") {
        let cards = match p::first_brackets(rest) {
            Some(text) => st.cards(text, i)?,
            None => Vec::new(),
        };
        st.add_cards(i, who, K::Muck, cards, None);
    } else if rest.starts_with("turns up [") {
        let cards = st.cards(&rest["turns up ".len()..], i)?;
        let street = st.street;
        let up = vec![true; cards.len()];
        st.names[who].active = true;
        let deal = Deal {
            street: street as u8,
            player: Some(st.names[who].name.to_string()),
            cards: cards.into_iter().map(Some).collect(),
            up,
            run: 0,
        };
        let key = (0, street, 0, st.names[who].seat);
        st.put_deal(key, deal, Some(i));
    } else if rest.starts_with("doesn't show hand") {
        st.add_plain(i, who, K::NoShow);
    } else if rest.starts_with("get an all-in insurance") {
        // GGPoker: the cover bought (`premium ($0/$4/$0) for ($0/$10.8/$0)`); the premium is paid below
    } else if let Some(premium) = rest
        .strip_prefix("pay premium of all-in insurance (")
        .and_then(|r| r.strip_suffix(')'))
    {
        let premium = st.amount(premium, i)?;
        st.add(
            i,
            who,
            K::Insurance,
            0,
            None,
            false,
            Vec::new(),
            None,
            premium,
        );
    } else if rest.contains("all-in insurance") {
        // a payout line, which no log here shows
        let mut e = st.error(
            i,
            "a GGPoker all-in insurance line that is not read yet (only the premium paid is)",
            "pay premium of all-in insurance ($4)",
        );
        e.kind = Kind::Unsupported;
        return Err(e);
    } else if !p::info_line(&format!("{}: {rest}", st.names[who].name)) {
        return Err(st.error(
            i,
            format!("unknown action {}", repr(rest)),
            "folds, checks, calls, bets, raises, completes, brings in, posts, shows, mucks",
        ));
    }
    Ok(())
}

/// `discards N card(s)[ [cards]]` or `stands pat[ on [cards]]`: a draw, on the draw street the line
/// is on. A single draw has no street marker: its first draw line starts it.
fn read_draw(
    st: &mut State,
    i: usize,
    who: usize,
    verb: &str,
    args: &str,
) -> Result<(), ReadError> {
    let expected = "'discards N cards [cards]' or 'stands pat'";
    let count = if verb == "stands" {
        if !args.starts_with("pat") {
            return Err(st.error(i, format!("unknown action {}", repr(args)), expected));
        }
        0
    } else {
        let number = args.split(' ').next().unwrap_or("");
        match number.parse::<i64>() {
            Ok(n) if args[number.len()..].starts_with(" card") => n,
            _ => return Err(st.error(i, "a discard without its count", expected)),
        }
    };
    let cards = match p::first_brackets(args).filter(|_| verb == "discards") {
        Some(text) => st.cards(text, i)?,
        None => Vec::new(),
    };
    let streets = &st.spec.streets;
    let on_draw = streets.get(st.street).is_some_and(|s| s.draw > 0);
    let next_draws = streets.get(st.street + 1).is_some_and(|s| s.draw > 0);
    if !on_draw && next_draws {
        st.street += 1;
        st.reached = st.reached.max(st.street);
    }
    st.add(i, who, ActionKind::Draw, count, None, false, cards, None, 0);
    Ok(())
}

fn read_post(st: &mut State, i: usize, who: usize, args: &str) -> Result<(), ReadError> {
    for (prefix, kind) in POSTS {
        if let Some(text) = args.strip_prefix(prefix) {
            let (amount, all_in) = amount_and_flags(st, i, text)?;
            st.add_amount(i, who, kind, amount, all_in);
            return Ok(());
        }
    }
    Err(st.error(
        i,
        format!("unknown forced bet 'posts {args}'"),
        "posts the ante / small blind / big blind",
    ))
}

fn read_marker(st: &mut State, i: usize, line: &str) -> Result<(), ReadError> {
    let outer = line.trim_matches(['*', ' ']);
    let mut inner = outer
        .get(..search::find(outer, " [").unwrap_or(outer.len()))
        .unwrap_or(outer)
        .trim_matches([' ', '*']);
    let mut run = 0;
    // `FIRST FLOP` is the first run's flop; `FIRST DRAW` a street of its own.
    for (prefix, number) in [("FIRST ", 1), ("SECOND ", 2), ("THIRD ", 3)] {
        if let Some(rest) = inner
            .strip_prefix(prefix)
            .filter(|_| st.marker(inner).is_none())
        {
            (inner, run) = (rest, number);
        }
    }
    if inner == "SUMMARY" {
        st.summary = true;
        return Ok(());
    }
    if inner == "SHOW DOWN" || inner == "SHOWDOWN" {
        (st.street, st.run) = (st.showdown, run);
        return Ok(());
    }
    let Some(street) = st.marker(inner) else {
        let expected = st.marker_names();
        return Err(st.error(
            i,
            format!("unknown street marker {}", repr(inner)),
            &expected,
        ));
    };
    (st.street, st.run) = (street, run);
    st.reached = st.reached.max(street);
    let (board, down) = st
        .spec
        .streets
        .get(street)
        .map_or((0, 0), |s| (s.board, s.down));
    if board > 0 {
        let Some(group) = p::all_brackets(line).last() else {
            if down > 0 {
                // Courchevel: `*** HOLE CARDS ***`, the street's board card on `*** PRE-FLOP *** [2s]`.
                return Ok(());
            }
            return Err(st.error(
                i,
                "a board street without its cards",
                "'*** FLOP *** [a b c]'",
            ));
        };
        let mut cards = st.cards(group, i)?;
        let before = st.board_before(run, street);
        if cards.len() == before.len() + usize::from(board) && cards.starts_with(&before) {
            cards.drain(..before.len()); // the whole board so far: `*** FLOP *** [2s 3h 4h]`
        }
        if cards.len() != usize::from(board) {
            return Err(st.error(
                i,
                format!("{} board cards dealt on {inner}", cards.len()),
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
        st.put_deal((run, street, 1, 0), deal, Some(i));
    }
    Ok(())
}

fn read_dealt(st: &mut State, i: usize, body: &str) -> Result<(), ReadError> {
    // The longest seated name the line starts with: a name may hold brackets (`PC [Mittel]`).
    let seated = st
        .names
        .iter()
        .map(|n| n.name)
        .filter(|name| body.starts_with(name) && body[name.len()..].starts_with(" ["))
        .map(str::len)
        .max();
    let Some(at) = seated.or_else(|| search::find(body, " [")) else {
        if st.dialect.deals_to_all && st.name_index(body.trim_end()).is_some() {
            return Ok(()); // GGPoker: `Dealt to NAME` for every player, cards for the owner only
        }
        return Err(st.error(i, "a deal line without cards", "'Dealt to NAME [cards]'"));
    };
    let who = st.seated(i, &body[..at])?;
    let groups: Vec<&str> = p::all_brackets(&body[at..]).collect();
    let Some(last) = groups.last() else {
        return Err(st.error(
            i,
            "a deal line without its cards in brackets",
            "'Dealt to NAME [cards]'",
        ));
    };
    let street = st.street;
    let Some(layout) = st.spec.streets.get(street) else {
        return Err(st.error(
            i,
            "a deal line after the showdown",
            "deals before *** SHOW DOWN ***",
        ));
    };
    let (down, up, turn_up, draw) = (
        usize::from(layout.down),
        usize::from(layout.up),
        layout.turn_up,
        usize::from(layout.draw),
    );
    let new = if groups.len() == 1 {
        st.cards(last, i)?
    } else if street == 0 {
        st.cards(&groups.join(" "), i)?
    } else {
        st.cards(last, i)?
    };
    if turn_up > 0 {
        return Ok(());
    }
    let cards: Vec<Option<Card>> = if new.len() == down + up || (draw > 0 && new.len() <= draw) {
        new.into_iter().map(Some).collect()
    } else if new.len() == up && up > 0 {
        std::iter::repeat_n(None, down)
            .chain(new.into_iter().map(Some))
            .collect()
    } else {
        let name = st.names[who].name;
        return Err(st.error(
            i,
            format!(
                "{} cards dealt to {name} on {}",
                new.len(),
                st.spec.streets[street].name
            ),
            &if draw > 0 {
                format!("up to {draw}, as many as discarded")
            } else {
                format!("{} (or {up} up)", down + up)
            },
        ));
    };
    st.names[who].active = true;
    let up = up.min(cards.len());
    let deal = Deal {
        street: street as u8,
        player: Some(st.names[who].name.to_string()),
        up: std::iter::repeat_n(false, cards.len() - up)
            .chain(std::iter::repeat_n(true, up))
            .collect(),
        cards,
        run: 0,
    };
    let key = (0, street, 0, st.names[who].seat);
    st.put_deal(key, deal, Some(i));
    Ok(())
}

fn read_summary(st: &mut State, i: usize) -> Result<(), ReadError> {
    let line = st.lines[i];
    let mut parts = line.split('|').map(super::pystr::strip);
    let head = parts.next().unwrap_or("");
    let head = head.strip_prefix("Total pot ").unwrap_or("");
    let (main, more) = match head.split_once(' ') {
        Some((main, more)) => (main, Some(more)),
        None => (head, None),
    };
    st.total_pot = Some(st.amount(main, i)?);
    let mut pots = Vec::new();
    let mut extras = Vec::new();
    for part in more.into_iter().chain(parts) {
        for piece in part
            .split(". ")
            .map(super::pystr::strip)
            .filter(|p| !p.is_empty())
        {
            let piece = piece.trim_end_matches('.');
            let (label, value) = piece.rsplit_once(' ').unwrap_or(("", piece));
            if label == "Main pot" || label.starts_with("Side pot") {
                pots.push(st.amount(value, i)?);
            } else if label == "Rake" {
                st.rake = Some(st.amount(value, i)?);
            } else if !label.is_empty() {
                extras.push((label.to_string(), st.amount(value, i)?));
            } else {
                return Err(st.error(
                    i,
                    format!("unreadable summary part {}", repr(piece)),
                    "'Total pot X | Rake Y'",
                ));
            }
        }
    }
    st.pots = pots;
    st.extras.extend(extras);
    Ok(())
}

/// Fill in unseen cards, order the deals canonically, build the Hand (`stars._finish`).
fn finish(mut st: State, path: &str, raw: String) -> Hand {
    if st.stp_added != 0 && !st.extras.iter().any(|(label, _)| label == STP_LABEL) {
        // a splash the summary does not list apart: the pot's total holds it all the same
        st.extras.push((STP_LABEL.to_string(), st.stp_added));
    }
    let fees: i64 = st
        .extras
        .iter()
        .filter(|(label, _)| st.dialect.fees.contains(&label.as_str()))
        .map(|(_, amount)| amount)
        .sum();
    let dealt_in: Vec<usize> = (0..st.seats.len())
        .filter(|&k| {
            st.names
                .iter()
                .any(|n| n.active && same(n.name, &st.seats[k].name))
        })
        .collect();
    let spec = Arc::clone(&st.spec);
    for (street, layout) in spec.streets.iter().enumerate() {
        if layout.board > 0
            || layout.turn_up > 0
            || layout.down + layout.up == 0
            || street > st.reached
        {
            continue;
        }
        for &k in &dealt_in {
            let Some(who) = st.name_index(&st.seats[k].name) else {
                continue;
            };
            if st.names[who].folded.is_some_and(|f| f < street) {
                continue;
            }
            let key = (0, street, 0, st.names[who].seat);
            if layout.up == 0 && !st.has_deal(key) {
                let down = usize::from(layout.down);
                let deal = Deal {
                    street: street as u8,
                    player: Some(st.names[who].name.to_string()),
                    cards: vec![None; down],
                    up: vec![false; down],
                    run: 0,
                };
                st.put_deal(key, deal, None);
            }
        }
    }
    // A draw deals as many cards as were discarded, unseen but the log owner's.
    for a in &st.actions {
        if a.kind != ActionKind::Draw || a.amount <= 0 {
            continue;
        }
        let Some(who) = st.name_index(&a.player) else {
            continue;
        };
        let key = (0, usize::from(a.street), 0, st.names[who].seat);
        if !st.deals.iter().any(|(k, _, _)| *k == key) {
            let n = usize::try_from(a.amount).unwrap_or(0).min(52);
            let deal = Deal {
                street: a.street,
                player: Some(a.player.clone()),
                cards: vec![None; n],
                up: vec![false; n],
                run: 0,
            };
            st.deals.push((key, deal, None));
        }
    }
    let first = st.first_line;
    let mut deals = std::mem::take(&mut st.deals);
    deals.sort_unstable_by_key(|(key, _, _)| *key);
    let (deals, deal_lines): (Vec<Deal>, Vec<u64>) = deals
        .into_iter()
        .map(|(_, deal, at)| (deal, at.map_or(0, |j| first + j as u64)))
        .unzip();
    let h = st.header;
    let stakes = stakes_with_posts(h.stakes, &st.actions);
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
        seats: st.seats,
        deals,
        actions: st.actions,
        total_pot: st.total_pot,
        rake: st.rake.map(|rake| rake + fees),
        pots: st.pots,
        extras: st.extras,
        finishing_stacks: Vec::new(),
        source: Some(Source {
            path: path.to_string(),
            line: first,
            format: Some(st.dialect.name.to_string()),
        }),
        deal_lines,
        action_lines: st.action_lines,
        raw,
        finishes: st.finishes,
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
