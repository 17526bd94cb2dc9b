-- soko_analytics store, schema version 1. Applied by soko_analytics/store/db.py; see schemas/README.md.
-- Money columns are BIGINT minor units of the hand (hands.decimals digits after the point).
-- Only hands has a key (hand_key, derived from site and hand id); the child tables carry hand_key
-- without an index, which keeps bulk inserts fast and the file small (DuckDB scans by zone maps).

CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER NOT NULL,
    applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp
);

CREATE TABLE hands (
    hand_key BIGINT PRIMARY KEY,
    site VARCHAR NOT NULL,
    hand_id VARCHAR NOT NULL,
    game VARCHAR NOT NULL,
    profile VARCHAR NOT NULL,
    rules VARCHAR NOT NULL,
    structure VARCHAR NOT NULL,
    currency VARCHAR,
    decimals TINYINT NOT NULL,
    stakes VARCHAR NOT NULL,
    small_blind BIGINT,
    big_blind BIGINT,
    ante BIGINT,
    bring_in BIGINT,
    small_bet BIGINT,
    big_bet BIGINT,
    cap BIGINT,
    min_bet BIGINT,
    max_bet BIGINT,
    table_name VARCHAR,
    max_seats SMALLINT,
    button SMALLINT,
    start_local TIMESTAMP,
    time_zone VARCHAR,
    start_utc TIMESTAMP,
    tournament_id VARCHAR,
    buy_in VARCHAR,
    level VARCHAR,
    players_dealt SMALLINT NOT NULL,
    total_pot BIGINT,
    rake BIGINT,
    format VARCHAR NOT NULL,
    source_file VARCHAR NOT NULL,
    source_line INTEGER NOT NULL,
    raw VARCHAR NOT NULL,
    content_hash VARCHAR NOT NULL,
    import_id INTEGER NOT NULL,
    audited BOOLEAN NOT NULL,
    audit_ok BOOLEAN
);

CREATE TABLE seats (
    hand_key BIGINT NOT NULL,
    seat SMALLINT NOT NULL,
    player VARCHAR NOT NULL,
    position VARCHAR,
    starting_stack BIGINT NOT NULL,
    sitting_out BOOLEAN NOT NULL,
    dealt_in BOOLEAN NOT NULL,
    hole_cards VARCHAR,
    shown_cards VARCHAR,
    put_in BIGINT NOT NULL,
    collected BIGINT NOT NULL,
    cash_out BIGINT NOT NULL,
    net BIGINT NOT NULL,
    is_hero BOOLEAN NOT NULL
);

CREATE TABLE actions (
    hand_key BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    street SMALLINT NOT NULL,
    street_name VARCHAR NOT NULL,
    player VARCHAR NOT NULL,
    kind VARCHAR NOT NULL,
    amount BIGINT NOT NULL,
    to_amount BIGINT,
    all_in BOOLEAN NOT NULL,
    cards VARCHAR,
    text VARCHAR,
    run SMALLINT NOT NULL,
    pot_before BIGINT NOT NULL,
    to_call BIGINT NOT NULL,
    source_line INTEGER
);

CREATE TABLE cards (
    hand_key BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    street SMALLINT NOT NULL,
    player VARCHAR,
    card VARCHAR,
    up BOOLEAN NOT NULL,
    known BOOLEAN NOT NULL,
    run SMALLINT NOT NULL
);

CREATE TABLE pots (
    hand_key BIGINT NOT NULL,
    pot_index SMALLINT NOT NULL,
    amount BIGINT NOT NULL,
    eligible VARCHAR[] NOT NULL,
    winners VARCHAR[] NOT NULL,
    shares BIGINT[] NOT NULL
);

CREATE TABLE findings (
    hand_key BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    code VARCHAR NOT NULL,
    severity VARCHAR NOT NULL,
    street VARCHAR,
    action_index INTEGER,
    player VARCHAR,
    expected VARCHAR,
    actual VARCHAR,
    message VARCHAR NOT NULL,
    source_line INTEGER
);

CREATE TABLE quarantine (
    import_id INTEGER NOT NULL,
    source_file VARCHAR NOT NULL,
    source_line INTEGER NOT NULL,
    hand_id VARCHAR,
    kind VARCHAR NOT NULL,
    reason VARCHAR NOT NULL,
    raw VARCHAR NOT NULL,
    content_hash VARCHAR NOT NULL
);

CREATE TABLE imports (
    import_id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL,
    path VARCHAR NOT NULL,
    size BIGINT NOT NULL,
    mtime TIMESTAMP NOT NULL,
    content_hash VARCHAR NOT NULL,
    format VARCHAR,
    hands_stored INTEGER NOT NULL,
    hands_duplicate INTEGER NOT NULL,
    hands_quarantined INTEGER NOT NULL,
    started_at TIMESTAMP NOT NULL,
    duration_ms INTEGER NOT NULL
);
