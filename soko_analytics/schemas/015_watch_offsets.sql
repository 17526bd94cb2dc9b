-- soko_analytics store, schema version 15: where `soko watch` (issue 36) has read each growing file to. A row
-- per file (its path as the store names it): `offset` the bytes read and stored (the start of a hand still being
-- written, or the file's end), `head_hash` the blake2b-128 of the file's bytes before `offset` (as
-- `imports.content_hash` is of a whole file), `size` and `mtime_ns` as last seen, `format` as detected from the
-- file's start. A file whose bytes before `offset` no longer hash to `head_hash` (truncated, replaced, rotated)
-- is read again from its start; the hands already stored are found by key and not stored twice
-- (store/watch.py). The row is written after the hands of the bytes it covers are committed.

CREATE TABLE watch_offsets (
    path VARCHAR PRIMARY KEY,
    "offset" BIGINT NOT NULL,
    head_hash VARCHAR NOT NULL,
    size BIGINT NOT NULL,
    mtime_ns BIGINT NOT NULL,
    format VARCHAR,
    updated_at TIMESTAMP NOT NULL
);
