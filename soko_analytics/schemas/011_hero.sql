-- soko_analytics store, schema version 11: the log's owner per hand (issue 16), the player a site deals
-- cards face up to in its log ("Dealt to X [..]"; Bovada's "[ME]", stored as Hero), so that stats and the
-- dashboard can default to the hero. NULL where the log names no owner (PHH, observed hands). Hands stored
-- before this version take it from the seat their seats row marks is_hero.

ALTER TABLE hands ADD COLUMN hero VARCHAR;

UPDATE hands SET hero = s.player FROM seats AS s WHERE s.hand_key = hands.hand_key AND s.is_hero;
