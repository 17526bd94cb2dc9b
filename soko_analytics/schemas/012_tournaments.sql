-- soko_analytics store, schema version 12: tournament money. The header's buy-in text parsed into integer
-- minor units on each hand (prize-pool part, bounty part, fee; `Freeroll` is 0; play money, FPP and SC
-- have their own codes; a text that is not money leaves them NULL), and the tournament lines of each hand:
-- a player's finish (`X finished the tournament in 3rd place and received $12.34.`, `X wins the tournament
-- and receives $45.00 - congratulations!`) and the bounties won (`X wins the $5 bounty for eliminating
-- Y`). Hands stored before this version have both filled from their stored text by the store
-- (`Store._backfill_tournaments`).

ALTER TABLE hands ADD COLUMN buy_in_amount BIGINT;
ALTER TABLE hands ADD COLUMN buy_in_bounty BIGINT;
ALTER TABLE hands ADD COLUMN buy_in_fee BIGINT;
ALTER TABLE hands ADD COLUMN buy_in_currency VARCHAR;
ALTER TABLE hands ADD COLUMN buy_in_decimals TINYINT;

CREATE TABLE tournament_finishes (
    hand_key      BIGINT NOT NULL,
    site          VARCHAR NOT NULL,
    tournament_id VARCHAR NOT NULL,
    player        VARCHAR NOT NULL,
    place         INTEGER,
    prize         BIGINT,
    bounty_won    BIGINT,
    currency      VARCHAR,
    decimals      TINYINT NOT NULL
);
