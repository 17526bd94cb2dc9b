-- soko_analytics store, schema version 5: money the house adds to a pot (splash the pot, "STP added" in
-- Run It Once and PokerStars logs), in minor units of the hand. It is in the log's total pot but was put in
-- by no player, so Σ seats.net + rake = cash-outs + added_money (issue 13). Hands stored before this
-- version have NULL here until they are imported again.

ALTER TABLE hands ADD COLUMN added_money BIGINT;
