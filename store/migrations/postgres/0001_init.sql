-- 0001: the whole schema, as SQLite's migrations 1 to 7 leave it (see
-- migrations/sqlite for why each part is there). Text is compared byte by
-- byte (COLLATE "C"), as SQLite does, so that lists come in the same order
-- whatever the database's locale. Times are Unix milliseconds, 0 for not
-- yet.

CREATE TABLE games (
    id         TEXT COLLATE "C" PRIMARY KEY,
    guild_id   TEXT COLLATE "C" NOT NULL,
    channel_id TEXT COLLATE "C" NOT NULL,
    host_id    TEXT COLLATE "C" NOT NULL,
    -- Which game it is, as its rules name it.
    game       TEXT COLLATE "C" NOT NULL,
    status     TEXT COLLATE "C" NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    -- The engine seed is a uint64, stored as the bigint with the same bits.
    seed       BIGINT  NOT NULL,
    -- The game's own options and the lobby's, as JSON objects.
    setup      TEXT    NOT NULL DEFAULT '{}',
    options    TEXT    NOT NULL DEFAULT '{}',
    -- seq is the number of moves in the log: the optimistic-concurrency
    -- token that every commit checks and bumps.
    seq        INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT  NOT NULL,
    started_at BIGINT  NOT NULL DEFAULT 0,
    ended_at   BIGINT  NOT NULL DEFAULT 0,
    end_reason TEXT    NOT NULL DEFAULT ''
);

-- One active game per channel or thread.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_guild_status ON games (guild_id, status);
CREATE INDEX games_guild_ended ON games (guild_id, ended_at);
CREATE INDEX games_guild_game ON games (guild_id, game, ended_at);

CREATE TABLE seats (
    game_id      TEXT COLLATE "C" NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    -- user_id is '' for an AI seat, whose ai_level is then set.
    user_id      TEXT COLLATE "C" NOT NULL DEFAULT '',
    ai_level     TEXT COLLATE "C" NOT NULL DEFAULT '',
    display_name TEXT    NOT NULL,
    -- The seat's own options in its game, as a JSON object.
    options      TEXT    NOT NULL DEFAULT '{}',
    dm_closed    BOOLEAN NOT NULL DEFAULT false,
    autopilot    BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_user ON seats (user_id);

-- The log. Its key is what lets one writer only append move N to a game.
CREATE TABLE actions (
    game_id  TEXT COLLATE "C" NOT NULL REFERENCES games (id),
    -- seq is the game's seq after this move: 1 for the first.
    seq      INTEGER NOT NULL CHECK (seq >= 1),
    seat     INTEGER NOT NULL,
    type     TEXT COLLATE "C" NOT NULL,
    -- A move stored before the game seam, as its game's JSON; '' since.
    payload  TEXT    NOT NULL DEFAULT '',
    -- The move in its game's notation.
    notation TEXT    NOT NULL DEFAULT '',
    -- Who made it: "player", "ai", "autopilot", "host"...
    actor    TEXT    NOT NULL DEFAULT '',
    at       BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The log is history: nothing acknowledged may change or vanish.
CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the action log is append-only';
END
$$;
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_append_only();
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_append_only();
CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
    FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only();

CREATE TABLE snapshots (
    game_id       TEXT COLLATE "C" NOT NULL REFERENCES games (id),
    seq           INTEGER NOT NULL,
    -- Snapshots of another state version are ignored on load.
    state_version INTEGER NOT NULL,
    -- The game's own bytes (engine.Snapshotter).
    state         BYTEA   NOT NULL,
    at            BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE messages (
    game_id    TEXT COLLATE "C" NOT NULL REFERENCES games (id),
    kind       TEXT COLLATE "C" NOT NULL,
    -- -1 for a message about the whole game.
    seat       INTEGER NOT NULL,
    channel_id TEXT COLLATE "C" NOT NULL,
    message_id TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (game_id, kind, seat)
);

CREATE TABLE jobs (
    game_id TEXT COLLATE "C" NOT NULL REFERENCES games (id),
    kind    TEXT COLLATE "C" NOT NULL,
    seat    INTEGER NOT NULL,
    due     BIGINT  NOT NULL,
    payload BYTEA   NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, kind, seat)
);

CREATE INDEX jobs_due ON jobs (due);

CREATE TABLE standings (
    game_id   TEXT COLLATE "C" NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    -- 1 for the winners; tied seats share a rank.
    rank      INTEGER NOT NULL,
    score     INTEGER NOT NULL,
    -- The rule that settled the rank against an equal score, '' if none.
    tie_break TEXT COLLATE "C" NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
);

CREATE TABLE result_rows (
    game_id  TEXT COLLATE "C" NOT NULL,
    seat     INTEGER NOT NULL,
    -- Where the row is shown among the seat's rows.
    position INTEGER NOT NULL,
    category TEXT COLLATE "C" NOT NULL,
    points   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, position),
    FOREIGN KEY (game_id, seat) REFERENCES standings (game_id, seat)
);

CREATE TABLE guild_settings (
    guild_id TEXT COLLATE "C" NOT NULL,
    key      TEXT COLLATE "C" NOT NULL,
    value    TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);

CREATE TABLE member_settings (
    user_id TEXT COLLATE "C" NOT NULL,
    key     TEXT COLLATE "C" NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
);

-- Every change to a game's row (a move, a start, a seat, an end) is told
-- to the processes listening (WatchGames), once its transaction commits.
-- The channel is named after the table, so that two stores in schemas of
-- one database do not hear each other; the payload is "origin game-id",
-- origin naming the store that changed it ('' for anyone else).
CREATE FUNCTION games_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('atheneum_games_' || TG_RELID::text,
        coalesce(current_setting('atheneum.origin', true), '') || ' ' || NEW.id);
    RETURN NULL;
END
$$;
CREATE TRIGGER games_changed AFTER INSERT OR UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION games_changed();
