//! The profiles of RULES.md §1 as data: a profile is a named set of option values
//! (`soko_analytics/rules/profiles.py`). Options with a derived default are left out on purpose:
//! `max_bets_per_round` and `max_bet_or_raise` follow a `structure` override.

use std::sync::OnceLock;

use super::error::RulesError;
use super::options::{Value, Values};
use crate::read::pystr;
use crate::say;

/// A named set of option values, with the document it comes from.
#[derive(Debug)]
pub struct Profile {
    pub name: &'static str,
    pub source: String,
    pub values: Values,
    /// The game whatever the house rules (`hands.game`: both Sökö profiles are `soko`).
    pub game: &'static str,
    /// Whether the rules this profile's logs follow state who gets the odd chip (then one paid
    /// elsewhere breaks them), rather than a site's undocumented convention (RULES.md §1).
    pub odd_chip_stated: bool,
}

/// The profile of a Sökö text log without a `Rules:` line (formats/soko-text.md).
pub const DEFAULT_PROFILE: &str = "soko-casino";

type Pairs<'a> = &'a [(&'static str, Value)];

use Value::{Bool as B, Int as I, None as NONE, Word as W};

const COMMON: Pairs<'static> = &[
    ("raise_after_pass", B(true)),
    ("odd_chip_rule", W("left_of_dealer")),
];
/// Hi/lo: half of each pot to the best ace-to-five low of eight or better.
const HILO: Pairs<'static> = &[
    ("split_ranking", W("ace_to_five_low")),
    ("split_qualifier", I(8)),
];
/// A stud game's forced bets and acting: ante, bring-in, best showing hand first later.
const STUD_BRING_IN: Pairs<'static> = &[
    ("ante", B(true)),
    ("blinds", B(false)),
    ("bring_in_forced", B(true)),
    ("bring_in_tie_break", W("suit")),
    ("later_rounds_first_to_act", W("best_showing")),
    ("structure", W("fixed_limit")),
    ("open_pair_big_bet", B(true)),
    ("hand_ranking", W("high")),
    ("high_card_rule", W("kickers")),
];
/// Seven Card Stud (seed 004), and the deal and betting of its hi/lo and Razz forms.
const STUD7: Pairs<'static> = &[
    ("cards", W("two_down_four_up_one_down")),
    ("max_players", I(8)),
    ("deck_out_community_card", B(true)),
    ("bring_in_card", W("lowest")),
];
/// A blinds game: no bring-in, left of the big blind first, then left of the button.
const BLINDS: Pairs<'static> = &[
    ("ante", B(false)),
    ("blinds", B(true)),
    ("bring_in_card", NONE),
    ("bring_in_forced", B(false)),
    ("bring_in_tie_break", NONE),
    ("later_rounds_first_to_act", W("left_of_button")),
    ("high_card_rule", W("kickers")),
];
const SOKO_STUD: Pairs<'static> = &[
    ("cards", W("one_down_four_up")),
    ("ante", B(true)),
    ("blinds", B(false)),
    ("later_rounds_first_to_act", W("best_showing")),
    ("hand_ranking", W("soko")),
];

fn values(parts: &[Pairs<'_>]) -> Values {
    let mut values = Values::default();
    for (name, value) in parts.iter().flat_map(|p| p.iter()) {
        values.set(name, *value);
    }
    values
}

fn profile(name: &'static str, source: impl Into<String>, parts: &[Pairs<'_>]) -> Profile {
    Profile {
        name,
        source: source.into(),
        values: values(parts),
        game: name,
        odd_chip_stated: false,
    }
}

fn stars(name: &'static str, title: &str, parts: &[Pairs<'_>]) -> Profile {
    profile(name, format!("PokerStars {title} logs"), parts)
}

fn soko(name: &'static str, source: &str, parts: &[Pairs<'_>]) -> Profile {
    let mut all = vec![SOKO_STUD];
    all.extend_from_slice(parts);
    all.push(COMMON);
    Profile {
        game: "soko",
        odd_chip_stated: true,
        ..profile(name, source, &all)
    }
}

fn stud_games() -> Vec<Profile> {
    vec![
        profile(
            "stud7",
            "seed 004 (Seven Card Stud)",
            &[STUD_BRING_IN, STUD7, COMMON],
        ),
        stars(
            "stud5",
            "5 Card Stud",
            &[
                STUD_BRING_IN,
                &[
                    ("cards", W("one_down_four_up")),
                    ("max_players", I(10)),
                    ("bring_in_card", W("lowest")),
                ],
                COMMON,
            ],
        ),
    ]
}

fn omaha_games() -> Vec<Profile> {
    let omaha = |name, title, cards, players, split: Pairs<'static>| {
        stars(
            name,
            title,
            &[
                BLINDS,
                COMMON,
                &[
                    ("structure", W("pot_limit")),
                    ("hand_ranking", W("high")),
                    ("hole_cards_used", I(2)),
                ],
                &[("cards", W(cards)), ("max_players", I(players))],
                split,
            ],
        )
    };
    vec![
        omaha("omaha", "Omaha", "four_down_five_board", 10, &[]),
        omaha(
            "omaha-hilo",
            "Omaha Hi/Lo",
            "four_down_five_board",
            10,
            HILO,
        ),
        omaha("omaha5", "5 Card Omaha", "five_down_five_board", 9, &[]),
        omaha(
            "omaha5-hilo",
            "5 Card Omaha Hi/Lo",
            "five_down_five_board",
            9,
            HILO,
        ),
        omaha("omaha6", "6 Card Omaha", "six_down_five_board", 7, &[]),
    ]
}

fn draw_games() -> Vec<Profile> {
    let draw = |name, title, cards, players, structure, ranking| {
        stars(
            name,
            title,
            &[
                BLINDS,
                COMMON,
                &[("limit_raise_base", W("last_full_bet"))],
                &[
                    ("cards", W(cards)),
                    ("max_players", I(players)),
                    ("structure", W(structure)),
                    ("hand_ranking", W(ranking)),
                ],
            ],
        )
    };
    vec![
        draw(
            "draw5",
            "5 Card Draw",
            "five_down_one_draw",
            8,
            "fixed_limit",
            "high",
        ),
        draw(
            "single-draw27",
            "2-7 Single Draw",
            "five_down_one_draw",
            8,
            "no_limit",
            "deuce_to_seven_low",
        ),
        draw(
            "triple-draw27",
            "2-7 Triple Draw",
            "five_down_three_draws",
            6,
            "fixed_limit",
            "deuce_to_seven_low",
        ),
        draw(
            "badugi",
            "Badugi",
            "four_down_three_draws",
            8,
            "fixed_limit",
            "badugi",
        ),
    ]
}

fn courchevel_games() -> Vec<Profile> {
    let courchevel = |name, title, split: Pairs<'static>| {
        stars(
            name,
            title,
            &[
                BLINDS,
                COMMON,
                &[
                    ("cards", W("five_down_five_board_one_preflop")),
                    ("max_players", I(9)),
                    ("structure", W("pot_limit")),
                    ("hand_ranking", W("high")),
                    ("hole_cards_used", I(2)),
                ],
                split,
            ],
        )
    };
    vec![
        courchevel("courchevel", "Courchevel", &[]),
        courchevel("courchevel-hilo", "Courchevel Hi/Lo", HILO),
    ]
}

/// Razz and Stud Hi/Lo: Seven Card Stud's deal and betting with other showdowns.
fn stud7_forms() -> [Profile; 2] {
    [
        // Razz: the highest up card (aces low) brings in, the lowest hand wins.
        stars(
            "razz",
            "Razz",
            &[
                STUD_BRING_IN,
                STUD7,
                COMMON,
                &[
                    ("bring_in_card", W("highest")),
                    ("open_pair_big_bet", B(false)),
                    ("hand_ranking", W("ace_to_five_low")),
                ],
            ],
        ),
        stars(
            "stud7-hilo",
            "Stud Hi/Lo",
            &[
                STUD_BRING_IN,
                STUD7,
                COMMON,
                &[("open_pair_big_bet", B(false))],
                HILO,
            ],
        ),
    ]
}

/// 6+ Hold'em: 36 cards, everyone antes and the button posts the one blind.
fn short_deck() -> Profile {
    stars(
        "short-deck",
        "6+ Hold'em",
        &[
            BLINDS,
            COMMON,
            &[
                ("cards", W("two_down_five_board")),
                ("max_players", I(9)),
                ("deck", W("short")),
                ("ante", B(true)),
                ("button_blind", B(true)),
                ("structure", W("no_limit")),
                ("hand_ranking", W("short_deck")),
            ],
        ],
    )
}

fn all_profiles() -> Vec<Profile> {
    let mut all = vec![
        soko(
            "soko-finnish",
            "seed 000 (Finnish home rules)",
            &[&[
                ("max_players", I(10)),
                ("bring_in_card", NONE),
                ("bring_in_forced", B(false)),
                ("bring_in_tie_break", W("position")),
                ("structure", W("spread")),
                ("high_card_rule", W("top_card_then_suit")),
            ]],
        ),
        soko(
            "soko-casino",
            "seed 001 (casino rule sheet)",
            &[&[
                ("max_players", I(8)),
                ("bring_in_card", W("highest")),
                ("bring_in_forced", B(true)),
                ("bring_in_tie_break", W("suit")),
                ("structure", W("fixed_limit")),
                ("open_pair_big_bet", B(true)),
                ("high_card_rule", W("kickers")),
            ]],
        ),
        profile(
            "holdem",
            "seed 002 (Texas Hold'em)",
            &[
                BLINDS,
                COMMON,
                &[
                    ("cards", W("two_down_five_board")),
                    ("max_players", I(10)),
                    ("structure", W("no_limit")),
                    ("hand_ranking", W("high")),
                ],
            ],
        ),
    ];
    all.extend(stud_games());
    all.extend(omaha_games());
    all.extend(stud7_forms());
    all.extend(draw_games());
    all.push(short_deck());
    all.extend(courchevel_games());
    all
}

/// Every profile of RULES.md §1, in the order `soko rules` lists them.
pub fn profiles() -> &'static [Profile] {
    static PROFILES: OnceLock<Vec<Profile>> = OnceLock::new();
    PROFILES.get_or_init(all_profiles)
}

/// The profile called `name` (any case, padded or not); an error listing the names if there is none.
pub fn profile_named(name: &str) -> Result<&'static Profile, RulesError> {
    let name = pystr::strip(name);
    let key = name.to_lowercase();
    profiles().iter().find(|p| p.name == key).ok_or_else(|| {
        let names: Vec<&str> = profiles().iter().map(|p| p.name).collect();
        RulesError::new(say!("unknown profile {name}", name = pystr::repr(name)))
            .expected(say!("one of {names}", names = names.join(", ")))
            .actual(name)
    })
}
