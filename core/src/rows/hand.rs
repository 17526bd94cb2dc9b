//! The rows one hand gives to `hands`, `seats`, `actions` and `cards` (port of `Batch.add_hand`).

use crate::cards::Card;
use crate::keys::{content_hash, hand_key, seat_labels, stakes_label};
use crate::ledger::{added_money, kind_bets, money_flow, Flow};
use crate::model::{ActionKind, Hand};
use crate::spec::{FirstToAct, GameSpec};

use super::tables::{Actions, Cards, Hands, Seats};
use super::tourney::{add_buy_in, hand_buy_in};
use crate::timestamp::timestamp_us;

/// `findings.street` and `actions.street_name` after the last betting round.
pub const STREET_SHOWDOWN: &str = "showdown";

/// What the rows need of a game, resolved once per rules text.
pub struct Game {
    pub game: String,
    pub profile: String,
    pub structure: &'static str,
    pub street_names: Vec<String>,
    /// Whether positions are read from a button (later rounds start left of it).
    pub button: bool,
}

impl Game {
    pub fn of(spec: &GameSpec) -> Game {
        Game {
            game: spec.game.clone().unwrap_or_else(|| spec.profile.clone()),
            profile: spec.profile.clone(),
            structure: spec.options.structure.as_str(),
            street_names: spec.streets.iter().map(|s| s.name.clone()).collect(),
            button: spec.first_to_act.later_rounds == FirstToAct::LeftOfButton,
        }
    }
}

/// Who is in the hand and who is known to hold what, read once per hand.
pub struct Cast {
    /// Per seat (parallel to `hand.seats`): dealt in.
    pub dealt: Vec<bool>,
    pub down: Vec<Vec<Card>>,
    pub shown: Vec<Vec<Card>>,
    pub hero: Option<usize>,
    pub small_blind: Option<usize>,
    pub big_blind: Option<usize>,
}

/// The log's owner: the one player whose down cards the log deals face up to the reader (`Dealt to
/// X [..]`); where it deals every player's (Bovada's logs, PHH), the seat named `Hero` (Bovada's
/// owner, `[ME]`), else none.
fn hero(hand: &Hand, down: &[Vec<Card>]) -> Option<usize> {
    let mut known = (0..down.len()).filter(|&i| !down[i].is_empty());
    match (known.next(), known.next()) {
        (Some(only), None) => Some(only),
        (Some(_), Some(_)) => hand.seats.iter().position(|s| s.name == HERO),
        _ => None,
    }
}

/// The name the readers give the log's owner where the log names none (Bovada's `[ME]`).
pub const HERO: &str = "Hero";

fn seat_index(hand: &Hand, name: &str) -> Option<usize> {
    hand.seats.iter().position(|s| s.name == name)
}

impl Cast {
    pub fn of(hand: &Hand) -> Cast {
        let n = hand.seats.len();
        let mut cast = Cast {
            dealt: vec![false; n],
            down: vec![Vec::new(); n],
            shown: vec![Vec::new(); n],
            hero: None,
            small_blind: None,
            big_blind: None,
        };
        for d in &hand.deals {
            let Some(who) = d.player.as_deref().and_then(|p| seat_index(hand, p)) else {
                continue;
            };
            if d.street == 0 {
                cast.dealt[who] = true;
            }
            for (card, up) in d.cards.iter().zip(&d.up) {
                if let (Some(card), false) = (card, up) {
                    cast.down[who].push(*card);
                }
            }
        }
        for a in &hand.actions {
            let Some(who) = seat_index(hand, &a.player) else {
                continue;
            };
            if a.street == 0 && (a.kind.forced() || a.kind.betting()) {
                cast.dealt[who] = true;
                match a.kind {
                    ActionKind::SmallBlind if cast.small_blind.is_none() => {
                        cast.small_blind = Some(who)
                    }
                    ActionKind::BigBlind if cast.big_blind.is_none() => cast.big_blind = Some(who),
                    _ => {}
                }
            } else if !a.cards.is_empty() && matches!(a.kind, ActionKind::Show | ActionKind::Muck) {
                for card in &a.cards {
                    if !cast.shown[who].contains(card) {
                        cast.shown[who].push(*card);
                    }
                }
            }
        }
        cast.hero = hero(hand, &cast.down);
        cast
    }

    pub fn players_dealt(&self) -> usize {
        self.dealt.iter().filter(|d| **d).count()
    }
}

fn cards_text(cards: &[Card]) -> Option<String> {
    if cards.is_empty() {
        return None;
    }
    let mut text = String::with_capacity(cards.len() * 3);
    for (i, card) in cards.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&card.to_string());
    }
    Some(text)
}

/// Where the hands of a batch come from: the format they were read as and the import that stores them.
pub struct Origin<'a> {
    pub fmt: &'a str,
    pub import_id: i32,
}

/// The `hands` row. `audit_ok` is None when the hand was not audited.
pub fn add_hand_row(
    t: &mut Hands,
    hand: &Hand,
    key: i64,
    game: &Game,
    origin: &Origin<'_>,
    audit_ok: Option<bool>,
    cast: &Cast,
) {
    let players_dealt = cast.players_dealt();
    let st = &hand.stakes;
    let tour = hand.tournament.as_ref();
    let src = hand.source.as_ref();
    t.hand_key.append_value(key);
    t.site.append_value(&hand.site);
    t.hand_id.append_value(&hand.hand_id);
    t.game.append_value(&game.game);
    t.profile.append_value(&game.profile);
    t.rules.append_value(&hand.rules);
    t.structure.append_value(game.structure);
    t.currency.append_option(st.currency.as_deref());
    t.decimals.append_value(st.decimals as i8);
    t.stakes.append_value(stakes_label(st));
    t.small_blind.append_option(st.small_blind);
    t.big_blind.append_option(st.big_blind);
    t.ante.append_option(st.ante);
    t.bring_in.append_option(st.bring_in);
    t.small_bet.append_option(st.small_bet);
    t.big_bet.append_option(st.big_bet);
    t.cap.append_option(st.cap);
    t.min_bet.append_option(st.min_bet);
    t.max_bet.append_option(st.max_bet);
    t.table_name.append_option(hand.table.as_deref());
    t.max_seats.append_option(hand.max_seats.map(i16::from));
    t.button.append_option(hand.button.map(i16::from));
    t.start_local
        .append_option(hand.start.as_deref().and_then(|s| timestamp_us(s, false)));
    t.time_zone.append_option(hand.time_zone.as_deref());
    t.start_utc.append_option(
        hand.start_utc
            .as_deref()
            .and_then(|s| timestamp_us(s, true)),
    );
    t.tournament_id
        .append_option(tour.map(|x| x.tournament_id.as_str()));
    t.buy_in
        .append_option(tour.and_then(|x| x.buy_in.as_deref()));
    t.level.append_option(tour.and_then(|x| x.level.as_deref()));
    t.players_dealt.append_value(players_dealt as i16);
    t.total_pot.append_option(hand.total_pot);
    t.rake.append_option(hand.rake);
    t.format.append_value(origin.fmt);
    t.source_file
        .append_value(src.map_or("", |s| s.path.as_str()));
    t.source_line.append_value(src.map_or(0, |s| s.line as i32));
    t.raw.append_value(&hand.raw);
    t.content_hash.append_value(content_hash(hand));
    t.import_id.append_value(origin.import_id);
    t.audited.append_value(audit_ok.is_some());
    t.audit_ok.append_option(audit_ok);
    t.added_money.append_value(added_money(hand));
    t.hero
        .append_option(cast.hero.map(|i| hand.seats[i].name.as_str()));
    add_buy_in(t, hand_buy_in(hand).as_ref());
}

/// The seats' rows; returns the position of each seat (parallel to `hand.seats`).
pub fn add_seats(
    t: &mut Seats,
    hand: &Hand,
    key: i64,
    game: &Game,
    flows: &[Flow],
    cast: &Cast,
) -> Vec<Option<String>> {
    let seat = |i: Option<usize>| i.map(|i| hand.seats[i].seat);
    let labels = match (game.button, hand.button) {
        (true, Some(button)) => seat_labels(
            hand,
            button,
            &cast.dealt,
            seat(cast.big_blind),
            seat(cast.small_blind),
        ),
        _ => vec![None; hand.seats.len()],
    };
    for (i, s) in hand.seats.iter().enumerate() {
        let f = flows[i];
        t.hand_key.append_value(key);
        t.seat.append_value(i16::from(s.seat));
        t.player.append_value(&s.name);
        t.position.append_option(labels[i].as_deref());
        t.starting_stack.append_value(s.stack);
        t.sitting_out.append_value(s.sitting_out);
        t.dealt_in.append_value(cast.dealt[i]);
        t.hole_cards.append_option(cards_text(&cast.down[i]));
        t.shown_cards.append_option(cards_text(&cast.shown[i]));
        t.put_in.append_value(f.put_in);
        t.collected.append_value(f.collected);
        t.cash_out.append_value(f.cash_out);
        t.net.append_value(f.net());
        t.is_hero.append_value(cast.hero == Some(i));
    }
    labels
}

/// Per action: all chips in before it, and what the player had to add to call (betting actions only).
/// After the last action that bets, the pot is `final_pot` (the players' put-in by the ledger).
fn pot_and_to_call(hand: &Hand, final_pot: i64) -> (Vec<i64>, Vec<i64>) {
    let n = hand.actions.len();
    let mut pot_before = Vec::with_capacity(n);
    let mut to_call = Vec::with_capacity(n);
    let mut pot = 0i64;
    let mut street = 0u8;
    let mut totals: Vec<(&str, i64)> = Vec::with_capacity(hand.seats.len());
    let big_blind = hand.stakes.big_blind;
    for a in &hand.actions {
        let kind = a.kind;
        if a.street != street && kind_bets(kind) {
            street = a.street;
            totals.clear();
        }
        pot_before.push(pot);
        let player = a.player.as_str();
        let have = totals
            .iter()
            .find(|(p, _)| *p == player)
            .map_or(0, |(_, v)| *v);
        if kind.betting() {
            to_call.push(
                totals
                    .iter()
                    .map(|(_, v)| *v)
                    .max()
                    .map_or(0, |top| top - have),
            );
        } else {
            to_call.push(0);
        }
        let mut set = |value: i64| match totals.iter_mut().find(|(p, _)| *p == player) {
            Some(entry) => entry.1 = value,
            None => totals.push((player, value)),
        };
        match kind {
            ActionKind::Call
            | ActionKind::Bet
            | ActionKind::SmallBlind
            | ActionKind::BigBlind
            | ActionKind::Straddle
            | ActionKind::BringIn => {
                set(have + a.amount);
                pot += a.amount;
            }
            ActionKind::Raise | ActionKind::Complete => {
                let to = a.to.unwrap_or(0);
                pot += to - have;
                set(to);
            }
            ActionKind::Ante => pot += a.amount,
            ActionKind::SmallAndBigBlind => {
                let live = match big_blind {
                    Some(bb) if bb != 0 => a.amount.min(bb),
                    _ => a.amount,
                };
                set(have + live);
                pot += a.amount;
            }
            ActionKind::Uncalled => {
                set(have - a.amount);
                pot -= a.amount;
            }
            _ => {}
        }
    }
    if pot != final_pot {
        let last = hand.actions.iter().rposition(|a| kind_bets(a.kind));
        let from = last.map_or(0, |i| i + 1);
        for value in &mut pot_before[from..] {
            *value = final_pot;
        }
    }
    (pot_before, to_call)
}

/// The actions' rows.
pub fn add_actions(t: &mut Actions, hand: &Hand, key: i64, game: &Game, final_pot: i64) {
    let (pot_before, to_call) = pot_and_to_call(hand, final_pot);
    let lines_known = hand.action_lines.len() == hand.actions.len();
    for (i, a) in hand.actions.iter().enumerate() {
        t.hand_key.append_value(key);
        t.seq.append_value(i as i32);
        t.street.append_value(i16::from(a.street));
        t.street_name.append_value(
            game.street_names
                .get(a.street as usize)
                .map_or(STREET_SHOWDOWN, String::as_str),
        );
        t.player.append_value(&a.player);
        t.kind.append_value(a.kind.as_str());
        t.amount.append_value(a.amount);
        t.to_amount.append_option(a.to);
        t.all_in.append_value(a.all_in);
        t.cards.append_option(cards_text(&a.cards));
        t.text.append_option(a.text.as_deref());
        t.run.append_value(i16::from(a.run));
        t.pot_before.append_value(pot_before[i]);
        t.to_call.append_value(to_call[i]);
        let line = if lines_known { hand.action_lines[i] } else { 0 };
        t.source_line
            .append_option((line != 0).then_some(line as i32));
    }
}

/// The cards' rows: one per card dealt, in deal order.
pub fn add_cards(t: &mut Cards, hand: &Hand, key: i64) {
    let mut seq = 0i32;
    for d in &hand.deals {
        for (card, up) in d.cards.iter().zip(&d.up) {
            t.hand_key.append_value(key);
            t.seq.append_value(seq);
            t.street.append_value(i16::from(d.street));
            t.player.append_option(d.player.as_deref());
            t.card.append_option(card.map(|c| c.to_string()));
            t.up.append_value(*up);
            t.known.append_value(card.is_some());
            t.run.append_value(i16::from(d.run));
            seq += 1;
        }
    }
}

/// The key of a hand and its flows: what every table of the hand starts from.
pub fn key_and_flows(hand: &Hand) -> (i64, Vec<Flow>) {
    (hand_key(&hand.site, &hand.hand_id), money_flow(hand))
}

/// A record of something that could not be stored, as the `quarantine` table holds it.
pub struct QuarantineRow<'a> {
    pub path: &'a str,
    /// The line the message names.
    pub line: u64,
    /// The line the hand (or text) starts on, where it differs from `line`.
    pub start: Option<u64>,
    pub hand_id: Option<&'a str>,
    pub kind: &'a str,
    pub reason: &'a str,
    pub raw: &'a str,
    /// The format the text was read as; None for a file that could not be read.
    pub format: Option<&'a str>,
}

/// The `quarantine` row of a record: the reason names its line when that is not the first; its
/// drift fields (`read::drift`) from its text and the line it names.
pub fn add_quarantine(t: &mut super::tables::Quarantine, q: &QuarantineRow<'_>, import_id: i32) {
    t.import_id.append_value(import_id);
    t.source_file.append_value(q.path);
    t.source_line.append_value(q.start.unwrap_or(q.line) as i32);
    t.hand_id.append_option(q.hand_id);
    t.kind.append_value(q.kind);
    match q.start {
        None => t.reason.append_value(q.reason),
        Some(_) => t
            .reason
            .append_value(format!("line {}: {}", q.line, q.reason)),
    }
    t.raw.append_value(q.raw);
    t.content_hash.append_value(crate::keys::text_hash(q.raw));
    t.resolved_by.append_null();
    let offset = q.start.map_or(0, |start| q.line.saturating_sub(start)) as usize;
    let drift = crate::read::drift(q.format, q.raw, offset, q.reason);
    t.format.append_option(q.format);
    t.client_version.append_option(drift.client_version);
    t.shape.append_value(drift.shape);
    t.size.append_null(); // a hand's record: its raw text is the whole hand
}
