//! The store's tables as Arrow column builders: the one definition of their columns, in order, and
//! types. Python reads it (`_core.TABLES`, the `SCHEMAS` of `soko_analytics/store/rows.py`); the
//! migrations of `soko_analytics/schemas/*.sql` make a store's tables with these columns
//! (`tests/store/test_schema.py` fails when a table drifts).

use crate::table;
use arrow_schema::SchemaRef;

table!(Hands {
    hand_key: I64,
    site: Str,
    hand_id: Str,
    game: Str,
    profile: Str,
    rules: Str,
    structure: Str,
    currency: Str,
    decimals: I8,
    stakes: Str,
    small_blind: I64,
    big_blind: I64,
    ante: I64,
    bring_in: I64,
    small_bet: I64,
    big_bet: I64,
    cap: I64,
    min_bet: I64,
    max_bet: I64,
    table_name: Str,
    max_seats: I16,
    button: I16,
    start_local: Ts,
    time_zone: Str,
    start_utc: Ts,
    tournament_id: Str,
    buy_in: Str,
    level: Str,
    players_dealt: I16,
    total_pot: I64,
    rake: I64,
    format: Str,
    source_file: Str,
    source_line: I32,
    raw: Str,
    content_hash: Str,
    import_id: I32,
    audited: Bool,
    audit_ok: Bool,
    added_money: I64,
    hero: Str,
    buy_in_amount: I64,
    buy_in_bounty: I64,
    buy_in_fee: I64,
    buy_in_currency: Str,
    buy_in_decimals: I8
});
table!(TournamentFinishes {
    hand_key: I64,
    site: Str,
    tournament_id: Str,
    player: Str,
    place: I32,
    prize: I64,
    bounty_won: I64,
    currency: Str,
    decimals: I8
});
table!(Seats {
    hand_key: I64,
    seat: I16,
    player: Str,
    position: Str,
    starting_stack: I64,
    sitting_out: Bool,
    dealt_in: Bool,
    hole_cards: Str,
    shown_cards: Str,
    put_in: I64,
    collected: I64,
    cash_out: I64,
    net: I64,
    is_hero: Bool
});
table!(Actions {
    hand_key: I64,
    seq: I32,
    street: I16,
    street_name: Str,
    player: Str,
    kind: Str,
    amount: I64,
    to_amount: I64,
    all_in: Bool,
    cards: Str,
    text: Str,
    run: I16,
    pot_before: I64,
    to_call: I64,
    source_line: I32
});
table!(Cards {
    hand_key: I64,
    seq: I32,
    street: I16,
    player: Str,
    card: Str,
    up: Bool,
    known: Bool,
    run: I16
});
table!(Pots {
    hand_key: I64,
    pot_index: I16,
    amount: I64,
    eligible: StrList,
    winners: StrList,
    shares: I64List
});
table!(Findings {
    hand_key: I64,
    seq: I32,
    code: Str,
    severity: Str,
    street: Str,
    action_index: I32,
    player: Str,
    expected: Str,
    actual: Str,
    message: Str,
    source_line: I32
});
table!(Quarantine {
    import_id: I32,
    source_file: Str,
    source_line: I32,
    hand_id: Str,
    kind: Str,
    reason: Str,
    raw: Str,
    content_hash: Str,
    resolved_by: I32,
    format: Str,
    client_version: Str,
    shape: Str,
    size: I64
});
table!(PlayerHands {
    hand_key: I64,
    seat: I16,
    player: Str,
    game: Str,
    profile: Str,
    structure: Str,
    stakes: Str,
    currency: Str,
    decimals: I8,
    tournament: Bool,
    played_at: Ts,
    position: Str,
    position_group: Str,
    unit: I64,
    net: I64,
    put_in: I64,
    collected: I64,
    rake: I64,
    allin: Bool,
    allin_adjusted: I64,
    allin_se: F64,
    walk: Bool,
    vpip: Bool,
    pfr: Bool,
    situation: Str,
    post_bets: I16,
    post_raises: I16,
    post_calls: I16,
    post_folds: I16,
    post_checks: I16,
    street_reached: I16,
    saw_second: Bool,
    showdown: Bool,
    won_showdown: Bool,
    won: Bool,
    three_bet_opp: Bool,
    three_bet: Bool,
    fold_3bet_opp: Bool,
    fold_3bet: Bool,
    cbet_flop_opp: Bool,
    cbet_flop: Bool,
    fold_cbet_flop_opp: Bool,
    fold_cbet_flop: Bool,
    cbet_turn_opp: Bool,
    cbet_turn: Bool,
    fold_cbet_turn_opp: Bool,
    fold_cbet_turn: Bool,
    steal_opp: Bool,
    steal: Bool,
    fold_steal_opp: Bool,
    fold_steal: Bool,
    bring_in: Bool,
    complete_opp: Bool,
    complete: Bool,
    fold_completion_opp: Bool,
    fold_completion: Bool,
    best_showing_opp: I16,
    best_showing_bet: I16,
    showdown_class: Str,
    draws: I16,
    stand_pats: I16,
    cards_drawn: I16,
    first_draw: Bool,
    first_draw_pat: Bool,
    first_draw_cards: I16
});
table!(Imports {
    import_id: I32,
    run_id: I32,
    path: Str,
    size: I64,
    mtime: Ts,
    content_hash: Str,
    format: Str,
    hands_stored: I32,
    hands_duplicate: I32,
    hands_quarantined: I32,
    started_at: Ts,
    duration_ms: I32
});

/// Every table defined here by its name in the store, with its Arrow schema (an empty batch's), in
/// the order Python lists them. `imports` is written by Python's store alone (one row per file).
pub fn schemas() -> Vec<(&'static str, SchemaRef)> {
    vec![
        ("hands", Hands::default().finish().schema()),
        ("seats", Seats::default().finish().schema()),
        ("actions", Actions::default().finish().schema()),
        ("cards", Cards::default().finish().schema()),
        ("pots", Pots::default().finish().schema()),
        ("findings", Findings::default().finish().schema()),
        (
            "tournament_finishes",
            TournamentFinishes::default().finish().schema(),
        ),
        ("quarantine", Quarantine::default().finish().schema()),
        ("player_hands", PlayerHands::default().finish().schema()),
        ("imports", Imports::default().finish().schema()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::columns::duckdb_type;

    #[test]
    fn every_column_has_a_duckdb_type() {
        let tables = schemas();
        assert_eq!(tables.len(), 10);
        for (_, schema) in &tables {
            for field in schema.fields() {
                assert!(!duckdb_type(field.data_type()).is_empty());
            }
        }
        let pots = &tables.iter().find(|(name, _)| *name == "pots").unwrap().1;
        let types: Vec<&str> = pots
            .fields()
            .iter()
            .map(|f| duckdb_type(f.data_type()))
            .collect();
        let expected = [
            "BIGINT",
            "SMALLINT",
            "BIGINT",
            "VARCHAR[]",
            "VARCHAR[]",
            "BIGINT[]",
        ];
        assert_eq!(types, expected);
    }
}
