-- soko_analytics store, schema version 10: the draw games' facts per player and hand (issue 15): the draws a
-- player took part in (standing pat is a draw of no card), how many of them he stood pat, the cards he drew in
-- all, and his first draw (there, pat or not, and how many cards). Definitions: docs/stats.md.
-- player_hands is a view over Parquet parts from schema 9 on: the upgrade (soko_analytics/store/db.py) makes it
-- a table again for these statements, recomputes the rows of the draw games' hands from their raw text, refills
-- player_days with the new sums, and writes the table back as one part.

ALTER TABLE player_hands ADD COLUMN draws SMALLINT DEFAULT 0;
ALTER TABLE player_hands ADD COLUMN stand_pats SMALLINT DEFAULT 0;
ALTER TABLE player_hands ADD COLUMN cards_drawn SMALLINT DEFAULT 0;
ALTER TABLE player_hands ADD COLUMN first_draw BOOLEAN DEFAULT false;
ALTER TABLE player_hands ADD COLUMN first_draw_pat BOOLEAN DEFAULT false;
ALTER TABLE player_hands ADD COLUMN first_draw_cards SMALLINT DEFAULT 0;

ALTER TABLE player_days ADD COLUMN draws BIGINT DEFAULT 0;
ALTER TABLE player_days ADD COLUMN stand_pats BIGINT DEFAULT 0;
ALTER TABLE player_days ADD COLUMN cards_drawn BIGINT DEFAULT 0;
ALTER TABLE player_days ADD COLUMN first_draw BIGINT DEFAULT 0;
ALTER TABLE player_days ADD COLUMN first_draw_pat BIGINT DEFAULT 0;
ALTER TABLE player_days ADD COLUMN first_draw_cards BIGINT DEFAULT 0;
