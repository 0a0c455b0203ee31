-- 0002: the edition of its rules each game is played by, as SQLite's
-- migration 8 (see there): every game past its lobby was started under the
-- first edition of its rules; a lobby keeps 0, the current edition, which
-- is pinned when it starts.

ALTER TABLE games ADD COLUMN edition INTEGER NOT NULL DEFAULT 0 CHECK (edition >= 0);
UPDATE games SET edition = 1 WHERE status <> 'lobby';
