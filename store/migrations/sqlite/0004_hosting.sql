-- 0004: games that run for days: why a game was ended early, each member's
-- own settings (how to be notified, language), and the history queries.

-- Why the host ended the game, '' when nobody gave a reason (or it finished).
ALTER TABLE games ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';

-- A server's past games, newest first.
CREATE INDEX games_guild_ended ON games (guild_id, ended_at);

-- Settings of one Discord user, whatever the server ("notify", "language",
-- "locale").
CREATE TABLE member_settings (
    user_id TEXT NOT NULL,
    key     TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
) STRICT, WITHOUT ROWID;
