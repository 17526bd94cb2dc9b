-- soko_analytics store, schema version 9: the per-hand tables seats, actions, cards, pots and player_hands
-- become views over Parquet files (zstd) in a folder beside the store, soko_parts/<id>/<table>/ (issue 14:
-- the store at most 3x the gzipped logs; DuckDB's lightweight compression kept these rows at about 5x).
-- This table lists the files each view reads. The upgrade (soko_analytics/store/db.py, store/parts.py)
-- writes each table's rows to its first part, drops the table and makes the view, in the upgrade's
-- transaction; a fresh store's first parts are empty and carry the columns and types of the DDL above.
--
-- hands loses its primary key: its index took about 50 bytes a hand, a tenth of the store, and the import
-- already stores a hand key once (store/writing.py looks each chunk's keys up before it writes); the
-- table is made again with the same columns in the same order (DuckDB cannot drop a key in place).

CREATE TABLE parts (
    table_name VARCHAR NOT NULL,
    file VARCHAR NOT NULL PRIMARY KEY,
    rows BIGINT NOT NULL
);

CREATE TABLE hands_v9 (
    hand_key BIGINT NOT NULL,
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

INSERT INTO hands_v9 SELECT * FROM hands;
DROP TABLE hands;
ALTER TABLE hands_v9 RENAME TO hands;
