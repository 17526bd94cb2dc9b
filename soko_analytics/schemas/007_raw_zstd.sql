-- soko_analytics store, schema version 7: the raw text of hands and quarantine records is compressed with
-- zstd (issue 14: the store at most 3x the gzipped logs). DuckDB's automatic choice for strings of a
-- few KB is FSST, about 2x on hand histories; zstd over a column segment of whole hands is about 10x and
-- reads back byte for byte. DuckDB cannot change a column's compression in place, so both tables are
-- made again with the same columns in the same order (a fresh store makes them empty here) and their
-- rows copied over in the upgrade's transaction.

CREATE TABLE hands_v7 (
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
    raw VARCHAR NOT NULL USING COMPRESSION zstd,
    content_hash VARCHAR NOT NULL,
    import_id INTEGER NOT NULL,
    audited BOOLEAN NOT NULL,
    audit_ok BOOLEAN,
    added_money BIGINT
);

INSERT INTO hands_v7 SELECT * FROM hands;
DROP TABLE hands;
ALTER TABLE hands_v7 RENAME TO hands;

CREATE TABLE quarantine_v7 (
    import_id INTEGER NOT NULL,
    source_file VARCHAR NOT NULL,
    source_line INTEGER NOT NULL,
    hand_id VARCHAR,
    kind VARCHAR NOT NULL,
    reason VARCHAR NOT NULL,
    raw VARCHAR NOT NULL USING COMPRESSION zstd,
    content_hash VARCHAR NOT NULL,
    resolved_by INTEGER
);

INSERT INTO quarantine_v7 SELECT * FROM quarantine;
DROP TABLE quarantine;
ALTER TABLE quarantine_v7 RENAME TO quarantine;
