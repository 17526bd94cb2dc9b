-- soko_analytics store, schema version 13: the format-drift report (issue 35). Each quarantine record says
-- the format its text was read as (NULL for a file that could not be read), the client version its log
-- names (iPoker's <client_version>, Bovada's `Table Info: Version:`; NULL where a log names none), and the
-- shape of the line it names (the hand's first line where it names none; its reason for a record with no
-- text) with names, quoted text, cards, money and numbers masked: `Seat N: <name> (<amount> in chips)`.
-- `soko quarantine --by reason` counts the records per format, client version, kind and shape. The core
-- fills them at import (core/src/read/drift.rs); records stored before this version have them computed
-- from their text by the store (`store/drift.py`, `backfill`).

ALTER TABLE quarantine ADD COLUMN format VARCHAR;
ALTER TABLE quarantine ADD COLUMN client_version VARCHAR;
ALTER TABLE quarantine ADD COLUMN shape VARCHAR;
