//! A game from its options: the combinations RULES.md rules out refused with the options they
//! name, and what follows from the options (streets, forced bets, who acts first, the showdown's
//! shares) as the core's spec JSON (`GameSpec` of `soko_analytics/rules/spec.py`, `to_dict()`).

use serde_json::{json, Value as Json};

use super::error::RulesError;
use super::layouts::{layout, Street};
use super::options::{option, Value, Values, OPTIONS};
use crate::said::Said;
use crate::say;

/// Cards in a poker hand.
const FIVE: u32 = 5;
/// Name of the extra street of `last_card_mode=pihina_hole` (formats/soko-text.md).
const TURN_UP: &str = "TURN UP";
/// Rankings that compare every card of a hand (no top-card rule).
const LOWS: &[&str] = &["ace_to_five_low", "deuce_to_seven_low", "badugi"];
/// Rankings of the 36-card deck.
const SHORT_DECKS: &[&str] = &["short_deck", "short_deck_straight_over_trips"];

/// A checked game: every option's value and the streets that follow.
pub struct Game {
    pub profile: &'static str,
    pub values: Values,
    pub first_to_act: &'static str,
    pub streets: Vec<Street>,
}

impl Values {
    fn flag(&self, name: &str) -> bool {
        self.get(name) == Some(Value::Bool(true))
    }

    fn int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Int(n)) => Some(n),
            _ => None,
        }
    }

    fn is_none(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::None) | None)
    }

    /// An option's value as override text.
    fn text(&self, name: &str) -> String {
        let value = self.get(name).unwrap_or(Value::None);
        option(name).map_or_else(|_| String::new(), |o| o.format(value))
    }

    /// `name=value` as override text.
    fn shown(&self, name: &str) -> String {
        format!("{name}={}", self.text(name))
    }

    /// A refused combination: the reason, the options it names, and what was expected of them.
    fn fail(
        &self,
        reason: impl Into<Said>,
        names: &[&'static str],
        expected: Option<&str>,
    ) -> RulesError {
        let options: Vec<(&'static str, String)> =
            names.iter().map(|&n| (n, self.text(n))).collect();
        let mut error = RulesError::new(reason);
        if let Some(expected) = expected {
            let actual: Vec<String> = options.iter().map(|(n, v)| format!("{n}={v}")).collect();
            error = error.expected(expected).actual(actual.join(", "));
        }
        error.options = Some(options);
        error
    }
}

type Check = Result<(), RulesError>;

fn sum(template: &[Street], count: impl Fn(&Street) -> u32) -> u32 {
    template.iter().map(count).sum()
}

/// Whether a player shows an up card by the first betting round (every street bets).
fn round1_up(template: &[Street]) -> bool {
    template.first().is_some_and(|s| s.up > 0)
}

fn check_forced_bets(v: &Values, template: &[Street]) -> Check {
    let has_up = template.iter().any(|s| s.up > 0);
    if v.flag("blinds") && has_up {
        return Err(v.fail(say!("blinds=true is not possible with {cards}: a stud game has no button blinds; use ante and bring_in_card", cards = v.shown("cards")), &["blinds", "cards"], None));
    }
    let bring_in = !v.is_none("bring_in_card");
    if v.flag("bring_in_forced") && !bring_in {
        return Err(v.fail(
            say!("bring_in_forced=true needs bring_in_card=highest or lowest, but bring_in_card=none"),
            &["bring_in_forced", "bring_in_card"],
            Some("bring_in_card=highest or lowest"),
        ));
    }
    if bring_in && !round1_up(template) {
        return Err(v.fail(
            say!(
                "{bring_in} needs up cards in round 1; {cards} deals none",
                bring_in = v.shown("bring_in_card"),
                cards = v.shown("cards")
            ),
            &["bring_in_card", "cards"],
            Some("bring_in_card=none"),
        ));
    }
    if v.flag("button_blind") && !v.flag("blinds") {
        return Err(v.fail(
            say!("button_blind=true is a way of posting the blinds: it needs blinds=true"),
            &["button_blind", "blinds"],
            Some("blinds=true"),
        ));
    }
    if !(v.flag("ante") || v.flag("blinds") || (bring_in && v.flag("bring_in_forced"))) {
        return Err(v.fail(say!("no forced bet: ante=false, blinds=false, and no bring-in (bring_in_forced=true with a bring_in_card); set one of them"), &["ante", "blinds", "bring_in_forced"], None));
    }
    Ok(())
}

fn first_round(v: &Values, template: &[Street]) -> &'static str {
    if v.flag("blinds") {
        "left_of_big_blind"
    } else if !v.is_none("bring_in_card") {
        "bring_in"
    } else if round1_up(template) {
        "best_showing"
    } else {
        "left_of_button"
    }
}

fn check_acting(v: &Values, first: &str, template: &[Street]) -> Check {
    let by_card = matches!(first, "bring_in" | "best_showing");
    let tie_break = !v.is_none("bring_in_tie_break");
    if by_card && !tie_break {
        return Err(v.fail(say!("round 1 opens by up card ({first}), so bring_in_tie_break must be suit or position", first), &["bring_in_tie_break", "cards"], None));
    }
    if !by_card && tie_break {
        return Err(v.fail(
            say!(
                "{tie_break} does not apply: round 1 opens {first}, not by up card",
                tie_break = v.shown("bring_in_tie_break"),
                first
            ),
            &["bring_in_tie_break"],
            Some("bring_in_tie_break=none"),
        ));
    }
    let showing = v.word("later_rounds_first_to_act") == "best_showing";
    if showing && !template.iter().any(|s| s.up > 0) {
        return Err(v.fail(
            say!(
                "later_rounds_first_to_act=best_showing needs up cards; {cards} has none",
                cards = v.shown("cards")
            ),
            &["later_rounds_first_to_act", "cards"],
            Some("left_of_button"),
        ));
    }
    if showing == v.is_none("showing_tie_break") {
        return Err(v.fail(
            say!("showing_tie_break is needed with later_rounds_first_to_act=best_showing and only then"),
            &["showing_tie_break", "later_rounds_first_to_act"],
            None,
        ));
    }
    Ok(())
}

fn check_betting(v: &Values, template: &[Street]) -> Check {
    let spread = v.word("structure") == "spread";
    if spread && v.is_none("max_bet_or_raise") {
        return Err(v.fail(
            say!("structure=spread needs max_bet_or_raise (an amount, or stakes: from the log)"),
            &["structure", "max_bet_or_raise"],
            Some("max_bet_or_raise=stakes"),
        ));
    }
    if !spread && !v.is_none("max_bet_or_raise") {
        return Err(v.fail(
            say!(
                "max_bet_or_raise applies only to structure=spread, not {structure}",
                structure = v.shown("structure")
            ),
            &["max_bet_or_raise", "structure"],
            Some("max_bet_or_raise=none"),
        ));
    }
    if v.flag("open_pair_big_bet") {
        if v.word("structure") != "fixed_limit" {
            return Err(v.fail(
                say!(
                    "open_pair_big_bet=true needs structure=fixed_limit, not {structure}",
                    structure = v.shown("structure")
                ),
                &["open_pair_big_bet", "structure"],
                None,
            ));
        }
        if !template.iter().any(|s| s.open_pair_big_bet) {
            return Err(v.fail(
                say!(
                    "open_pair_big_bet=true needs a stud deal with open pairs; {cards}",
                    cards = v.shown("cards")
                ),
                &["open_pair_big_bet", "cards"],
                None,
            ));
        }
    }
    Ok(())
}

fn deck_size(v: &Values) -> u32 {
    if v.word("deck") == "short" {
        36
    } else {
        52
    }
}

fn check_last_card(v: &Values, template: &[Street]) -> Check {
    let last = template[template.len() - 1];
    let mode = v.word("last_card_mode");
    if mode != "up" {
        if (last.up, last.down, last.board) != (1, 0, 0) {
            return Err(v.fail(
                say!(
                    "{mode} needs a last street of one up card; {cards} ends with {street}",
                    mode = v.shown("last_card_mode"),
                    cards = v.shown("cards"),
                    street = last.name
                ),
                &["last_card_mode", "cards"],
                None,
            ));
        }
        if mode == "pihina_hole" && (sum(template, |s| s.down), sum(template, |s| s.up)) != (1, 4) {
            return Err(v.fail(
                say!(
                    "last_card_mode=pihina_hole needs a 1 down + 4 up deal, not {cards}",
                    cards = v.shown("cards")
                ),
                &["last_card_mode", "cards"],
                None,
            ));
        }
    }
    if v.flag("deck_out_community_card") && (last.per_player() != 1 || last.board > 0) {
        return Err(v.fail(say!("deck_out_community_card=true needs a last street of one card per player; {cards} ends with {street}", cards = v.shown("cards"), street = last.name), &["deck_out_community_card", "cards"], None));
    }
    Ok(())
}

fn check_deal(v: &Values, template: &[Street]) -> Check {
    check_last_card(v, template)?;
    let per_player = i128::from(sum(template, Street::per_player));
    let board = i128::from(sum(template, |s| s.board));
    let players = i128::from(v.int("max_players").unwrap_or(0));
    let need = if v.flag("deck_out_community_card") {
        players * (per_player - 1) + board + 1
    } else {
        players * per_player + board
    };
    let size = i128::from(deck_size(v));
    if need > size {
        let most = (size - board).div_euclid(per_player);
        return Err(v.fail(say!("{players} with {cards} needs {need} cards but the deck holds {size}: at most {most} players, or deck_out_community_card=true", players = v.shown("max_players"), cards = v.shown("cards"), need = need.to_string(), size = size.to_string(), most = most.to_string()), &["max_players", "cards", "deck", "deck_out_community_card"], None));
    }
    Ok(())
}

/// The ranking's own checks (`Ranking.__post_init__` of `rules/ranking.py`).
fn check_ranking_options(v: &Values) -> Check {
    let kind = v.word("hand_ranking");
    let rule = v.word("high_card_rule");
    let refuse = |reason: Said, expected: &str, actual: String| {
        Err(RulesError::new(reason).expected(expected).actual(actual))
    };
    if kind != "soko" && !v.flag("four_straight_ace_low") {
        return refuse(
            say!(
                "four_straight_ace_low=false needs hand_ranking=soko: {kind} has no four-straight",
                kind
            ),
            "hand_ranking=soko",
            format!("hand_ranking={kind}"),
        );
    }
    if LOWS.contains(&kind) && rule != "kickers" {
        return refuse(
            say!(
                "high_card_rule={rule} needs a high ranking: a low hand compares all its cards",
                rule
            ),
            "high_card_rule=kickers",
            format!("high_card_rule={rule}"),
        );
    }
    if kind != "soko" && v.flag("four_card_straight_flush_class") {
        return refuse(say!("four_card_straight_flush_class=true needs hand_ranking=soko: {kind} has no four-card hands", kind), "hand_ranking=soko", format!("hand_ranking={kind}"));
    }
    Ok(())
}

fn hand_size(ranking: &str) -> u32 {
    if ranking == "badugi" {
        4
    } else {
        FIVE
    }
}

fn check_cards_used(v: &Values, template: &[Street]) -> Check {
    let size = hand_size(v.word("hand_ranking"));
    let per_player = sum(template, Street::per_player);
    let board = sum(template, |s| s.board);
    if per_player + board < size || (size < FIVE && (per_player, board) != (size, 0)) {
        return Err(v.fail(say!("{ranking} ranks hands of {size} cards; {cards} deals {per_player} to each player and {board} on the board", ranking = v.shown("hand_ranking"), size, cards = v.shown("cards"), per_player, board), &["hand_ranking", "cards"], None));
    }
    if let Some(hole) = v.int("hole_cards_used") {
        let downs = i64::from(sum(template, |s| s.down));
        let five = i64::from(FIVE);
        if hole > downs.min(five) || five - hole > i64::from(board) {
            return Err(v.fail(say!("{used} needs {hole} hole cards and {from_board} board cards; {cards} deals {downs} down and {board} on the board", used = v.shown("hole_cards_used"), hole, from_board = five - hole, cards = v.shown("cards"), downs, board), &["hole_cards_used", "cards"], None));
        }
    }
    Ok(())
}

fn check_split_and_showing(v: &Values, template: &[Street]) -> Check {
    let ranking = v.word("hand_ranking");
    if (v.word("deck") == "short") != SHORT_DECKS.contains(&ranking) {
        return Err(v.fail(say!("{ranking} and {deck} do not go together: the short deck's rankings (A-6-7-8-9 is a straight) need deck=short, and a short deck needs one of them", ranking = v.shown("hand_ranking"), deck = v.shown("deck")), &["hand_ranking", "deck"], None));
    }
    let qualifier = v.int("split_qualifier");
    if qualifier.is_some() && v.is_none("split_ranking") {
        return Err(v.fail(
            say!("split_qualifier is a rule of the low half: it needs a split_ranking"),
            &["split_qualifier", "split_ranking"],
            Some("split_ranking=ace_to_five_low"),
        ));
    }
    if qualifier.is_some_and(|q| q > 13) {
        return Err(v.fail(
            say!(
                "{qualifier} is above the King (13)",
                qualifier = v.shown("split_qualifier")
            ),
            &["split_qualifier"],
            Some("5 to 13"),
        ));
    }
    if !v.is_none("split_ranking") && ranking != "high" {
        return Err(v.fail(
            say!(
                "a hi/lo split needs hand_ranking=high for the high half, not {ranking}",
                ranking = v.shown("hand_ranking")
            ),
            &["split_ranking", "hand_ranking"],
            None,
        ));
    }
    if v.flag("showing_four_card_hands_count") {
        if ranking != "soko" {
            return Err(v.fail(say!("showing_four_card_hands_count=true needs hand_ranking=soko: {ranking} has no four-card hands", ranking = v.shown("hand_ranking")), &["showing_four_card_hands_count", "hand_ranking"], None));
        }
        if sum(template, |s| s.up) < 4 {
            return Err(v.fail(
                say!(
                    "showing_four_card_hands_count=true needs 4 up cards; {cards}",
                    cards = v.shown("cards")
                ),
                &["showing_four_card_hands_count", "cards"],
                None,
            ));
        }
    }
    Ok(())
}

/// The streets of a checked game: the template with each round's structure, bet sizes under fixed
/// limit only, and Sökö's last card as a hole card and a TURN UP street under `pihina_hole`.
fn streets(v: &Values, template: &[Street]) -> Vec<Street> {
    let structure = v.word("structure");
    let first_structure = match v.word("first_round_structure") {
        "" => structure,
        word => word,
    };
    let mut streets: Vec<Street> = template
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let here = if i == 0 { first_structure } else { structure };
            let fixed = here == "fixed_limit";
            Street {
                bet_size: if fixed { s.bet_size } else { None },
                open_pair_big_bet: s.open_pair_big_bet && v.flag("open_pair_big_bet"),
                structure: Some(here),
                ..*s
            }
        })
        .collect();
    if v.word("last_card_mode") == "pihina_hole" {
        let last = streets[streets.len() - 1];
        let hole = Street {
            down: 1,
            bet_size: last.bet_size,
            structure: last.structure,
            ..Street::named(last.name)
        };
        let turn_up = Street {
            turn_up: 1,
            bet_size: last.bet_size,
            structure: last.structure,
            ..Street::named(TURN_UP)
        };
        *streets.last_mut().expect("a deal has streets") = hole;
        streets.push(turn_up);
    }
    streets
}

impl Game {
    /// A game of `profile` with these option values (complete: every option set), checked.
    pub fn build(profile: &'static str, values: Values) -> Result<Game, RulesError> {
        let v = &values;
        let template = layout(v.word("cards"));
        check_forced_bets(v, template)?;
        let first = first_round(v, template);
        check_acting(v, first, template)?;
        check_betting(v, template)?;
        check_deal(v, template)?;
        check_ranking_options(v)?;
        check_cards_used(v, template)?;
        check_split_and_showing(v, template)?;
        let streets = streets(v, template);
        Ok(Game {
            profile,
            first_to_act: first,
            streets,
            values,
        })
    }

    /// The ranking's name (`high-kickers`, `soko-top_card_then_suit-acelow-4f`): how the evaluator knows it.
    pub fn ranking(&self) -> String {
        let v = &self.values;
        let kind = v.word("hand_ranking");
        let mut name = format!("{kind}-{}", v.word("high_card_rule"));
        if kind == "soko" {
            name.push_str(if v.flag("four_straight_ace_low") {
                "-acelow"
            } else {
                "-acehigh"
            });
            name.push_str(if v.flag("four_card_straight_flush_class") {
                "-4sf"
            } else {
                "-4f"
            });
        }
        name
    }

    /// The deal in words: `1 down + 4 up`, `2 down + 4 up + 1 down`, `5 down + 3 draws`.
    pub fn deal_text(&self) -> String {
        let mut runs: Vec<(&str, u32)> = Vec::new();
        for street in &self.streets {
            for (vis, n) in [
                ("down", street.down),
                ("up", street.up),
                ("board", street.board),
            ] {
                match runs.last_mut() {
                    _ if n == 0 => {}
                    Some(run) if run.0 == vis => run.1 += n,
                    _ => runs.push((vis, n)),
                }
            }
        }
        let mut words: Vec<String> = runs.iter().map(|(vis, n)| format!("{n} {vis}")).collect();
        match self.streets.iter().filter(|s| s.draw > 0).count() {
            0 => {}
            1 => words.push("1 draw".to_string()),
            draws => words.push(format!("{draws} draws")),
        }
        words.join(" + ")
    }

    fn forced_bets(&self) -> Vec<&'static str> {
        let v = &self.values;
        let mut kinds = Vec::new();
        if v.flag("ante") {
            kinds.push("ante");
        }
        if v.flag("blinds") && v.flag("button_blind") {
            kinds.push("big_blind");
        } else if v.flag("blinds") {
            kinds.extend(["small_blind", "big_blind"]);
        }
        if !v.is_none("bring_in_card") && v.flag("bring_in_forced") {
            kinds.push("bring_in");
        }
        kinds
    }

    /// The shares of every pot at showdown: the high hand, and the low hand in a hi/lo game.
    fn shares(&self) -> Json {
        let v = &self.values;
        let hole = v.int("hole_cards_used");
        let share = |ranking: String, qualifier: Option<Vec<i64>>, label: Option<&str>| json!({"ranking": ranking, "hole_cards": hole, "qualifier": qualifier, "label": label});
        if v.is_none("split_ranking") {
            let low = matches!(
                v.word("hand_ranking"),
                "ace_to_five_low" | "deuce_to_seven_low"
            );
            return json!([share(self.ranking(), None, low.then_some("Lo"))]);
        }
        let low = format!("{}-kickers", v.word("split_ranking"));
        let qualifier = v.int("split_qualifier").map(qualifier_cards);
        json!([
            share(self.ranking(), None, Some("HI")),
            share(low, qualifier, Some("LO"))
        ])
    }

    /// The spec as the core reads it (`GameSpec.to_dict()`).
    pub fn to_json(&self) -> Json {
        let v = &self.values;
        let options: serde_json::Map<String, Json> = v
            .iter()
            .map(|(o, value)| (o.name.to_string(), plain(value)))
            .collect();
        debug_assert_eq!(options.len(), OPTIONS.len());
        let streets: Vec<Json> = self.streets.iter().map(street_json).collect();
        let tie_break = |name| plain(v.get(name).unwrap_or(Value::None));
        json!({
            "profile": self.profile,
            "options": options,
            "deal": self.deal_text(),
            "betting_rounds": self.streets.len(),
            "streets": streets,
            "forced_bets": self.forced_bets(),
            "first_to_act": {
                "first_round": self.first_to_act,
                "first_round_tie_break": tie_break("bring_in_tie_break"),
                "later_rounds": v.word("later_rounds_first_to_act"),
                "later_rounds_tie_break": tie_break("showing_tie_break"),
            },
            "ranking": self.ranking(),
            "showdown": self.shares(),
            "deck_lowest_card": if v.word("deck") == "short" { 16 } else { 0 },
        })
    }
}

/// The worst hand that qualifies for a low share, as card codes: the qualifier and the four ranks
/// below it (the ace-low rank 1 is code rank 12).
fn qualifier_cards(qualifier: i64) -> Vec<i64> {
    (0..5)
        .map(|k| (qualifier - k - 2).rem_euclid(13) * 4 + k % 4)
        .collect()
}

fn plain(value: Value) -> Json {
    match value {
        Value::Bool(b) => json!(b),
        Value::Int(n) => json!(n),
        Value::Word(w) => json!(w),
        Value::None => Json::Null,
    }
}

fn street_json(s: &Street) -> Json {
    json!({
        "name": s.name, "down": s.down, "up": s.up, "board": s.board, "turn_up": s.turn_up,
        "betting": true, "bet_size": s.bet_size, "open_pair_big_bet": s.open_pair_big_bet,
        "draw": s.draw, "structure": s.structure,
    })
}
