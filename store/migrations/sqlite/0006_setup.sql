-- 0006: game-neutral setup and moves. A game's own options (Atheneum's
-- content pack) and each seat's (Atheneum's favourite subject) become JSON
-- maps that the game's rules read, and moves are kept in the game's
-- notation. Moves stored before keep their JSON payload, which the game's
-- rules read back (engine.LegacyReader); the log itself is never rewritten.

ALTER TABLE games ADD COLUMN setup TEXT NOT NULL DEFAULT '{}';
UPDATE games SET setup = json_object('content', content_id) WHERE game = 'atheneum' AND content_id <> '';
ALTER TABLE games DROP COLUMN content_id;
ALTER TABLE games DROP COLUMN state_version;

ALTER TABLE seats ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
UPDATE seats SET options = json_object('subject', subject) WHERE subject NOT IN ('', '.')
    AND game_id IN (SELECT id FROM games WHERE game = 'atheneum');
ALTER TABLE seats DROP COLUMN subject;

-- notation is the move in its game's notation; '' for a move stored before
-- this migration, whose payload holds it.
ALTER TABLE actions ADD COLUMN notation TEXT NOT NULL DEFAULT '';
