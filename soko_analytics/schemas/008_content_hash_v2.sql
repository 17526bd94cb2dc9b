-- soko_analytics store, schema version 8: the content hash of a hand is hand-v2 (issue 14).
-- hands.content_hash was blake2b-128 of the Python repr of the hand's compared fields (hand-v1); it is
-- now blake2b-128 of "hand-v2", a NUL and the compact JSON of the compared fields of the canonical
-- form, which the compiled core and the Python readers compute alike (soko_analytics/model/canonical.py,
-- core/src/keys.rs). The DDL does not change: a store of an earlier version gets every stored hand's
-- hash recomputed from its raw text, in the upgrade's transaction (soko_analytics/store/db.py
-- Store._rehash_hands), so that a hand imported again is a duplicate, not a conflict.
SELECT 1;
