-- soko_analytics store, schema version 6: stats fixes (issue 13).
-- Hold'em positions are counted back from the button as PokerTracker 4 counts them (4-handed, the seat
-- right of the button is the cutoff; 5-handed, MP and CO), the won-per-100 unit of spread-limit games
-- is the largest bet (it was the ante), and a cash-out paid by the site is no longer added to all-in
-- adjusted winnings. player_days gets the betting structure as a key, so that won per 100 hands never
-- adds big blinds to big bets (no-limit and fixed-limit hold'em share a profile and may share stakes).
-- A store of an earlier version gets the player_hands rows (and the seats' positions and money) of
-- the hands these fixes change recomputed from their raw text, and player_days refilled from
-- player_hands, in the same transaction (soko_analytics/store/db.py Store._backfill_stats_fixes).

DROP TABLE player_days;

CREATE TABLE player_days (
    player VARCHAR NOT NULL,
    currency VARCHAR,
    decimals TINYINT NOT NULL,
    game VARCHAR NOT NULL,
    profile VARCHAR NOT NULL,
    structure VARCHAR NOT NULL,
    stakes VARCHAR NOT NULL,
    day DATE,
    hands BIGINT NOT NULL,
    walks BIGINT NOT NULL,
    net BIGINT NOT NULL,
    showdown_net BIGINT NOT NULL,
    allin_adjusted BIGINT NOT NULL,
    allin_var DOUBLE,
    won_units DOUBLE,
    rake BIGINT NOT NULL,
    vpip BIGINT NOT NULL,
    pfr BIGINT NOT NULL,
    post_bets BIGINT NOT NULL,
    post_raises BIGINT NOT NULL,
    post_calls BIGINT NOT NULL,
    post_folds BIGINT NOT NULL,
    saw_second BIGINT NOT NULL,
    showdown BIGINT NOT NULL,
    won_showdown BIGINT NOT NULL,
    saw_second_won BIGINT NOT NULL,
    three_bet_opp BIGINT NOT NULL,
    three_bet BIGINT NOT NULL,
    fold_3bet_opp BIGINT NOT NULL,
    fold_3bet BIGINT NOT NULL,
    cbet_flop_opp BIGINT NOT NULL,
    cbet_flop BIGINT NOT NULL,
    fold_cbet_flop_opp BIGINT NOT NULL,
    fold_cbet_flop BIGINT NOT NULL,
    cbet_turn_opp BIGINT NOT NULL,
    cbet_turn BIGINT NOT NULL,
    fold_cbet_turn_opp BIGINT NOT NULL,
    fold_cbet_turn BIGINT NOT NULL,
    steal_opp BIGINT NOT NULL,
    steal BIGINT NOT NULL,
    fold_steal_opp BIGINT NOT NULL,
    fold_steal BIGINT NOT NULL,
    bring_in BIGINT NOT NULL,
    complete_opp BIGINT NOT NULL,
    complete BIGINT NOT NULL,
    fold_completion_opp BIGINT NOT NULL,
    fold_completion BIGINT NOT NULL,
    best_showing_opp BIGINT NOT NULL,
    best_showing_bet BIGINT NOT NULL,
    reached_2 BIGINT NOT NULL,
    reached_3 BIGINT NOT NULL,
    reached_4 BIGINT NOT NULL,
    reached_5 BIGINT NOT NULL
);
