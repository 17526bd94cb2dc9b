-- soko_analytics store, schema version 14: each Parquet part's bytes, checksum and time as written, so that
-- a part cut short, overwritten or with bytes changed is found when the store is opened (issue 35), not
-- read as if whole. Every open checks each listed part's size and its Parquet magic at both ends, and the
-- checksum (blake2b-128 of the file's bytes) of a part whose modification time is not the one written;
-- `soko repair --check` checks every checksum. A damaged part is one line naming it, and `soko repair`
-- rebuilds its rows from the stored hands' raw text (store/parts.py, store/repair.py). The parts of a store
-- of an older version are checked and measured by the upgrade (their files as they are then).

ALTER TABLE parts ADD COLUMN bytes BIGINT;
ALTER TABLE parts ADD COLUMN checksum VARCHAR;
ALTER TABLE parts ADD COLUMN mtime_ns BIGINT;

-- A quarantine record of a whole file that could not be read (not a hand history, not of the --format asked
-- for, a broken archive) keeps the text behind it: `raw` is the file's first MiB (as UTF-8 when its bytes are
-- UTF-8, UTF-16 by its BOM, otherwise latin-1, a character per byte, so the bytes can be had back) and `size`
-- the file's bytes; a zip member's record its first text and its size. NULL for a hand's record (its raw text
-- is the whole hand) and for what has no bytes to read (a broken symbolic link, a folder that cannot be read).

ALTER TABLE quarantine ADD COLUMN size BIGINT;
