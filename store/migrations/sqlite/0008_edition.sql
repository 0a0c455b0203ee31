-- 0008: the edition of its rules each game is played by (engine.Setup's
-- Edition). A game keeps the edition it started with, so that a stricter
-- reading of the rules never refuses a move it once accepted when the game
-- is replayed. Every game past its lobby was started before editions
-- existed, under the first edition of its rules; a lobby keeps 0, the
-- current edition, which is pinned when it starts.

ALTER TABLE games ADD COLUMN edition INTEGER NOT NULL DEFAULT 0 CHECK (edition >= 0);
UPDATE games SET edition = 1 WHERE status <> 'lobby';
