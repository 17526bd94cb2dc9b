//! The body of a PokerStars-family hand: seat lines, `Name:
//! action` lines, street markers, deals, collects and the summary, read once for both dialects.
//! The game's streets come from its spec (data), so no game is a branch here.

use super::errors::{Kind, ReadError};
use super::events::{Act, Builder};
use super::header::seat_number;
use super::patterns as p;
use super::pystr::repr;
use super::search;
use super::tourney;
use super::{HandText, Lookups};
use crate::model::{ActionKind, Hand};
use crate::say;

/// The hand being read.
type State<'a, 'l> = Builder<'a, 'l>;

const ALL_IN: &str = " and is all-in";
const CAPPED: &str = " and has reached the ";
const SEPARATOR: &str = "*********** #";

/// Read one hand: its stripped lines and the line number of the first.
pub fn read_hand(hand: HandText<'_>, lookups: &mut dyn Lookups) -> Result<Hand, ReadError> {
    let HandText {
        lines,
        first_line,
        path,
        dialect,
        raw,
    } = hand;
    super::check_complete(lines, first_line)?;
    let header = (dialect.header)(lines, first_line, lookups)?;
    let body = header.body;
    let mut st = Builder::start(header, lines, first_line, dialect, lookups)?;
    let n = lines.len();
    let mut i = body;
    while i < n && lines[i].starts_with("Seat ") {
        let Some(m) = p::seat_line(lines[i]) else {
            break;
        };
        let seat = seat_number(m.seat, "seat number").map_err(|err| st.relocate(err, i))?;
        let stack = st.amount(m.stack, i)?;
        let sitting_out = m.rest.contains("sitting out");
        st.seat(seat, m.name, stack, sitting_out, m.bounty);
        i += 1;
    }
    if !st.has_seats() {
        return Err(st.error(
            i.min(n.saturating_sub(1)),
            say!("no seat lines after the header"),
            "'Seat N: name (stack in chips)'",
        ));
    }
    while i < n {
        if read_line(&mut st, i, lines[i])? {
            if let Some(j) = (i + 1..n).find(|&j| lines[j].starts_with("Total pot ")) {
                read_summary(&mut st, j, lines[j])?;
            }
            break;
        }
        i += 1;
    }
    Ok(st.build(path, raw()))
}

const CASH_DROP: &str = "Cash Drop to Pot";
/// Run It Once's splash line: `STP added: €5.00`.
const STP_ADDED: &str = "STP added: ";
/// The summary extra a cash drop is kept as (house money, as `STP`: `ledger::ADDED_MONEY`).
pub const CASH_DROP_LABEL: &str = "Cash Drop";

/// Read line `i` of the body (`line`, in the family's words): whether it begins the summary.
pub(super) fn read_line(st: &mut State, i: usize, line: &str) -> Result<bool, ReadError> {
    if line.is_empty() || line.starts_with(SEPARATOR) {
        return Ok(false);
    }
    let split = p::split_colon(line);
    if let Some((name, rest)) = split {
        if let Some(who) = st.who(name) {
            return read_action(st, i, who, rest).map(|()| false);
        }
        if search::contains(rest, ": ") {
            let found = st.names().position(|n| {
                line.len() > n.len() + 1 && line.starts_with(n) && line[n.len()..].starts_with(": ")
            });
            if let Some(who) = found {
                let rest = &line[st.name(who).len() + 2..];
                return read_action(st, i, who, rest).map(|()| false);
            }
        }
    }
    if line.starts_with("***") {
        return read_marker(st, i, line);
    }
    read_other(st, i, line, split).map(|()| false)
}

/// A line that is not a player's nor a street marker: a deal, an uncalled bet, a collect, a cash-out,
/// a show, a tournament's line, the house's money.
fn read_other(
    st: &mut State,
    i: usize,
    line: &str,
    split: Option<(&str, &str)>,
) -> Result<(), ReadError> {
    if read_house_money(st, i, line)? {
        return Ok(());
    }
    if let Some(body) = line.strip_prefix("Dealt to ") {
        return read_dealt(st, i, body);
    }
    if line.starts_with("Uncalled bet (") {
        return read_uncalled(st, i, line);
    }
    if read_result(st, i, line)? {
        return Ok(());
    }
    if st.header().tournament.is_some() && tourney::maybe(line) {
        if let Some(finish) = tourney::read(line) {
            st.finish(finish);
            return Ok(());
        }
    }
    if p::info_line(line) {
        return Ok(());
    }
    match split {
        Some((name, _)) => Err(st.error(
            i,
            say!("{name} is not seated in this hand", name = repr(name)),
            "an action by a seated player",
        )),
        None => Err(st.error(
            i,
            say!("unknown line"),
            "an action, a street marker, a deal, a collect or the summary",
        )),
    }
}

/// The house's money added to the pot (GGPoker's cash drop, Run It Once's splash): whether `line`
/// says it.
fn read_house_money(st: &mut State, i: usize, line: &str) -> Result<bool, ReadError> {
    if let Some(rest) = line.strip_prefix(CASH_DROP) {
        // GGPoker's promotion: `Cash Drop to Pot : total $0.2`, money the house adds to the pot.
        let amount = rest
            .trim_start_matches([' ', ':'])
            .trim_start_matches("total ");
        let amount = st.amount(amount.trim(), i)?;
        st.extra(CASH_DROP_LABEL, amount);
        return Ok(true);
    }
    if let Some(amount) = line.strip_prefix(STP_ADDED) {
        // Run It Once's splash: money the house adds to the pot, said again in the summary's
        // `| STP €5.00` (which wins where both are)
        let amount = st.amount(amount.trim(), i)?;
        st.stp_added(amount);
        return Ok(true);
    }
    Ok(false)
}

/// `Uncalled bet (X) returned to NAME`.
fn read_uncalled(st: &mut State, i: usize, line: &str) -> Result<(), ReadError> {
    let Some((amount, name)) = p::uncalled_line(line) else {
        return Err(st.error(
            i,
            say!("unreadable uncalled-bet line"),
            "'Uncalled bet (X) returned to NAME'",
        ));
    };
    let who = st.seated(i, name)?;
    let amount = st.amount(amount, i)?;
    st.act(i, who, Act::amount(ActionKind::Uncalled, amount, false));
    Ok(())
}

/// A pot collected, a hand cashed out or shown for a result (`NAME collected X from pot`, `NAME
/// cashed out the hand for X`, `NAME shows [cards] (description)`): whether `line` says one.
fn read_result(st: &mut State, i: usize, line: &str) -> Result<bool, ReadError> {
    if search::contains(line, " collected ") {
        if let Some((name, amount, pot)) = p::collect_line(line) {
            let who = st.seated(i, name)?;
            let amount = st.amount(amount, i)?;
            let act = Act {
                text: Some(pot),
                ..Act::amount(ActionKind::Collect, amount, false)
            };
            st.act(i, who, act);
            return Ok(true);
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
            let act = Act {
                fee,
                ..Act::amount(ActionKind::CashOut, amount, false)
            };
            st.act(i, who, act);
            return Ok(true);
        }
    }
    if search::contains(line, " shows [") {
        if let Some((name, cards, desc)) = p::shows_for_line(line) {
            let who = st.seated(i, name)?;
            let cards = st.cards(cards, i)?;
            st.act(i, who, Act::cards(ActionKind::Show, cards, Some(desc)));
            return Ok(true);
        }
    }
    Ok(false)
}

/// `_amount_and_flags`: the amount of `X[ and has reached the cap][ and is all-in]`.
pub(super) fn amount_and_flags(st: &State, i: usize, text: &str) -> Result<(i64, bool), ReadError> {
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

/// Player `who`'s line, `rest` after the name: the action it says, told by its first word.
pub(super) fn read_action(
    st: &mut State,
    i: usize,
    who: usize,
    rest: &str,
) -> Result<(), ReadError> {
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
            st.act(i, who, Act::cards(K::Fold, cards, None));
            return Ok(());
        }
        "checks" => {
            st.act(i, who, Act::of(K::Check));
            return Ok(());
        }
        "calls" | "bets" => {
            let (amount, all_in) = amount_and_flags(st, i, args)?;
            let kind = if verb == "calls" { K::Call } else { K::Bet };
            st.act(i, who, Act::amount(kind, amount, all_in));
            return Ok(());
        }
        "raises" => {
            let split = search::find(args, " to ").map(|at| (&args[..at], &args[at + 4..]));
            let Some((by, to)) = split else {
                return Err(st.error(i, say!("a raise without 'to'"), "'raises X to Y'"));
            };
            let (to, all_in) = amount_and_flags(st, i, to)?;
            let by = st.amount(by, i)?;
            let act = Act {
                to: Some(to),
                ..Act::amount(K::Raise, by, all_in)
            };
            st.act(i, who, act);
            return Ok(());
        }
        "posts" => return read_post(st, i, who, args),
        "straddle" => {
            // GGPoker: `NAME: straddle $100` brings the player's blinds and straddles to $100 (the big
            // blind straddling over his own $50 puts in $50 more); PokerStars: `posts straddle $X`.
            let (to, all_in) = amount_and_flags(st, i, args)?;
            let added = (to - st.posted(who)).max(0);
            st.act(i, who, Act::amount(K::Straddle, added, all_in));
            return Ok(());
        }
        "discards" | "stands" => return read_draw(st, i, who, verb, args),
        "shows" => {
            let Some((cards, desc)) = p::show_line(rest) else {
                return Err(st.error(
                    i,
                    say!("unreadable show line"),
                    "'shows [cards] (description)'",
                ));
            };
            let cards = st.cards(cards, i)?;
            st.act(i, who, Act::cards(K::Show, cards, desc));
            return Ok(());
        }
        _ => {}
    }
    read_phrase(st, i, who, verb, args, rest)
}

/// An action its first word does not tell alone (`rest`, its first word `verb`, the rest `args`):
/// `completes it to`, `brings in for`, `mucks hand`, `turns up`, `doesn't show hand`, GGPoker's
/// all-in insurance, a line of information, else an unknown action.
fn read_phrase(
    st: &mut State,
    i: usize,
    who: usize,
    verb: &str,
    args: &str,
    rest: &str,
) -> Result<(), ReadError> {
    use ActionKind as K;
    if let Some(to) = args.strip_prefix("it to ").filter(|_| verb == "completes") {
        let (to, all_in) = amount_and_flags(st, i, to)?;
        let act = Act {
            to: Some(to),
            ..Act::amount(K::Complete, 0, all_in)
        };
        st.act(i, who, act);
    } else if let Some(amount) = args.strip_prefix("in for ").filter(|_| verb == "brings") {
        let (amount, all_in) = amount_and_flags(st, i, amount)?;
        st.act(i, who, Act::amount(K::BringIn, amount, all_in));
    } else if rest.starts_with("mucks hand") {
        let cards = match p::first_brackets(rest) {
            Some(text) => st.cards(text, i)?,
            None => Vec::new(),
        };
        st.act(i, who, Act::cards(K::Muck, cards, None));
    } else if rest.starts_with("turns up [") {
        let cards = st.cards(&rest["turns up ".len()..], i)?;
        st.turn_up(i, who, cards);
    } else if rest.starts_with("doesn't show hand") {
        st.act(i, who, Act::of(K::NoShow));
    } else if rest.starts_with("get an all-in insurance") {
        // GGPoker: the cover bought (`premium ($0/$4/$0) for ($0/$10.8/$0)`); the premium is paid below
    } else if let Some(premium) = rest
        .strip_prefix("pay premium of all-in insurance (")
        .and_then(|r| r.strip_suffix(')'))
    {
        let premium = st.amount(premium, i)?;
        let act = Act {
            fee: premium,
            ..Act::of(K::Insurance)
        };
        st.act(i, who, act);
    } else if rest.contains("all-in insurance") {
        // a payout line, which no log here shows
        let mut e = st.error(
            i,
            say!("a GGPoker all-in insurance line that is not read yet (only the premium paid is)"),
            "pay premium of all-in insurance ($4)",
        );
        e.kind = Kind::Unsupported;
        return Err(e);
    } else if !p::info_line(&format!("{}: {rest}", st.name(who))) {
        return Err(st.error(
            i,
            say!("unknown action {action}", action = repr(rest)),
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
            return Err(st.error(
                i,
                say!("unknown action {action}", action = repr(args)),
                expected,
            ));
        }
        0
    } else {
        let number = args.split(' ').next().unwrap_or("");
        match number.parse::<i64>() {
            Ok(n) if args[number.len()..].starts_with(" card") => n,
            _ => return Err(st.error(i, say!("a discard without its count"), expected)),
        }
    };
    let cards = match p::first_brackets(args).filter(|_| verb == "discards") {
        Some(text) => st.cards(text, i)?,
        None => Vec::new(),
    };
    st.draw(i, who, count, cards);
    Ok(())
}

fn read_post(st: &mut State, i: usize, who: usize, args: &str) -> Result<(), ReadError> {
    for (prefix, kind) in POSTS {
        if let Some(text) = args.strip_prefix(prefix) {
            let (amount, all_in) = amount_and_flags(st, i, text)?;
            st.act(i, who, Act::amount(kind, amount, all_in));
            return Ok(());
        }
    }
    Err(st.error(
        i,
        say!("unknown forced bet 'posts {args}'", args),
        "posts the ante / small blind / big blind",
    ))
}

/// The street of a marker's name: the spec's streets, the dialect's aliases, `RIVER`.
fn marker(st: &State, inner: &str) -> Option<usize> {
    let streets = &st.spec().streets;
    let by_name = |name: &str| streets.iter().rposition(|s| s.name == name);
    for (alias, name) in st.dialect.aliases {
        if *alias == inner {
            if let Some(street) = by_name(name) {
                return Some(street);
            }
        }
    }
    by_name(inner).or_else(|| (inner == "RIVER").then(|| streets.len().saturating_sub(1)))
}

fn marker_names(st: &State) -> String {
    let mut names: Vec<&str> = st.spec().streets.iter().map(|s| s.name.as_str()).collect();
    for (alias, name) in st.dialect.aliases {
        if names.contains(name) {
            names.push(alias);
        }
    }
    names.push("RIVER");
    names.sort_unstable();
    names.dedup();
    names.join(", ")
}

/// A street marker's line: whether it begins the summary.
pub(super) fn read_marker(st: &mut State, i: usize, line: &str) -> Result<bool, ReadError> {
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
            .filter(|_| marker(st, inner).is_none())
        {
            (inner, run) = (rest, number);
        }
    }
    street_marker(st, i, inner, run, p::all_brackets(line).last())
}

/// A street marker named `inner` (of run `run`; `board` the text of its last bracket group, the
/// board's cards, if any): whether it begins the summary.
pub(super) fn street_marker(
    st: &mut State,
    i: usize,
    inner: &str,
    run: u8,
    board_cards: Option<&str>,
) -> Result<bool, ReadError> {
    if inner == "SUMMARY" {
        return Ok(true);
    }
    if inner == "SHOW DOWN" || inner == "SHOWDOWN" {
        st.begin_showdown(run);
        return Ok(false);
    }
    let Some(street) = marker(st, inner) else {
        let expected = marker_names(st);
        return Err(st.error(
            i,
            say!("unknown street marker {marker}", marker = repr(inner)),
            &expected,
        ));
    };
    st.begin_street(street, run);
    let (board, down) = st
        .spec()
        .streets
        .get(street)
        .map_or((0, 0), |s| (s.board, s.down));
    if board > 0 {
        let Some(group) = board_cards else {
            if down > 0 {
                // Courchevel: `*** HOLE CARDS ***`, the street's board card on `*** PRE-FLOP *** [2s]`.
                return Ok(false);
            }
            return Err(st.error(
                i,
                say!("a board street without its cards"),
                "'*** FLOP *** [a b c]'",
            ));
        };
        let cards = st.cards(group, i)?;
        st.board(i, cards, inner)?;
    }
    Ok(false)
}

pub(super) fn read_dealt(st: &mut State, i: usize, body: &str) -> Result<(), ReadError> {
    // The longest seated name the line starts with: a name may hold brackets (`PC [Mittel]`).
    let seated = st
        .names()
        .filter(|name| body.starts_with(name) && body[name.len()..].starts_with(" ["))
        .map(str::len)
        .max();
    let Some(at) = seated.or_else(|| search::find(body, " [")) else {
        if st.dialect.deals_to_all && st.who(body.trim_end()).is_some() {
            return Ok(()); // GGPoker: `Dealt to NAME` for every player, cards for the owner only
        }
        return Err(st.error(
            i,
            say!("a deal line without cards"),
            "'Dealt to NAME [cards]'",
        ));
    };
    let who = st.seated(i, &body[..at])?;
    dealt_brackets(st, i, who, &body[at..])
}

/// The cards of a deal line's bracket groups (`cards`, from the first `[`) dealt to `who` on line `i`:
/// the last group, or on the first street all of them (`Dealt to NAME [Ah] [Kd]`).
pub(super) fn dealt_brackets(
    st: &mut State,
    i: usize,
    who: usize,
    cards: &str,
) -> Result<(), ReadError> {
    let mut groups = p::all_brackets(cards);
    let Some(first) = groups.next() else {
        return Err(st.error(
            i,
            say!("a deal line without its cards in brackets"),
            "'Dealt to NAME [cards]'",
        ));
    };
    let last = groups.last();
    st.deal_street(i)?; // a deal after the showdown is named before its cards are read
    let new = match last {
        None => st.cards(first, i)?,
        Some(last) if st.street() != 0 => st.cards(last, i)?,
        Some(_) => st.cards(&p::all_brackets(cards).collect::<Vec<_>>().join(" "), i)?,
    };
    st.dealt(i, who, &new)
}

/// The summary's `Total pot X[ Main pot Y. Side pot Z.] | Rake R[ | label V]` (line `i`).
pub(super) fn read_summary(st: &mut State, i: usize, line: &str) -> Result<(), ReadError> {
    let mut parts = line.split('|').map(super::pystr::strip);
    let head = parts.next().unwrap_or("");
    let head = head.strip_prefix("Total pot ").unwrap_or("");
    let (main, more) = match head.split_once(' ') {
        Some((main, more)) => (main, Some(more)),
        None => (head, None),
    };
    let total_pot = st.amount(main, i)?;
    summary_parts(st, i, total_pot, more.into_iter().chain(parts))
}

/// The summary's parts after its total (`Main pot Y. Side pot Z.`, `Rake R`, `label V`), told to the
/// builder with the total.
pub(super) fn summary_parts<'p>(
    st: &mut State,
    i: usize,
    total_pot: i64,
    parts: impl IntoIterator<Item = &'p str>,
) -> Result<(), ReadError> {
    let mut rake = None;
    let mut pots = Vec::new();
    let mut extras = Vec::new();
    for part in parts {
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
                rake = Some(st.amount(value, i)?);
            } else if !label.is_empty() {
                extras.push((label.to_string(), st.amount(value, i)?));
            } else {
                return Err(st.error(
                    i,
                    say!("unreadable summary part {part}", part = repr(piece)),
                    "'Total pot X | Rake Y'",
                ));
            }
        }
    }
    st.summary(total_pot, rake, pots, extras);
    Ok(())
}
