-- 0001: the game log. A game is its config (seed, content, seats in order)
-- plus its append-only action log; snapshots only save replay time.

CREATE TABLE games (
    id            TEXT    PRIMARY KEY,
    guild_id      TEXT    NOT NULL,
    channel_id    TEXT    NOT NULL,
    host_id       TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    -- The engine seed is a uint64, stored as the int64 with the same bits.
    seed          INTEGER NOT NULL,
    content_id    TEXT    NOT NULL,
    state_version INTEGER NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',
    -- seq is the number of actions in the log: the optimistic-concurrency
    -- token that every commit checks and bumps.
    seq           INTEGER NOT NULL DEFAULT 0,
    -- Times are Unix milliseconds; 0 means not yet.
    created_at    INTEGER NOT NULL,
    started_at    INTEGER NOT NULL DEFAULT 0,
    ended_at      INTEGER NOT NULL DEFAULT 0
) STRICT;

-- One active game per channel or thread.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_guild_status ON games (guild_id, status);

CREATE TABLE seats (
    game_id      TEXT    NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    -- user_id is '' for an AI seat, whose ai_level is then set.
    user_id      TEXT    NOT NULL DEFAULT '',
    ai_level     TEXT    NOT NULL DEFAULT '',
    display_name TEXT    NOT NULL,
    -- The engine's colour letter (T, V, G, P, K), '.' until assigned.
    subject      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id TEXT    NOT NULL REFERENCES games (id),
    -- seq is the game's Seq after this action: 1 for the first.
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    seat    INTEGER NOT NULL,
    type    TEXT    NOT NULL,
    -- The engine.Action JSON.
    payload TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

-- The log is history: nothing acknowledged may change or vanish.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TABLE snapshots (
    game_id       TEXT    NOT NULL REFERENCES games (id),
    seq           INTEGER NOT NULL,
    -- Snapshots of another engine state version are ignored on load.
    state_version INTEGER NOT NULL,
    state         TEXT    NOT NULL,
    at            INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;
