-- 0002: what the bot needs to pick up where it left off after a restart
-- (messages it edits, timers, DM reachability), plus results and settings.

-- 1 once a direct message to the seat's user has failed.
ALTER TABLE seats ADD COLUMN dm_closed INTEGER NOT NULL DEFAULT 0 CHECK (dm_closed IN (0, 1));

CREATE TABLE messages (
    game_id    TEXT    NOT NULL REFERENCES games (id),
    kind       TEXT    NOT NULL,
    -- -1 for a message about the whole game.
    seat       INTEGER NOT NULL,
    channel_id TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    PRIMARY KEY (game_id, kind, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE jobs (
    game_id TEXT    NOT NULL REFERENCES games (id),
    kind    TEXT    NOT NULL,
    seat    INTEGER NOT NULL,
    -- Unix milliseconds.
    due     INTEGER NOT NULL,
    payload BLOB    NOT NULL DEFAULT x'',
    PRIMARY KEY (game_id, kind, seat)
) STRICT, WITHOUT ROWID;

CREATE INDEX jobs_due ON jobs (due);

CREATE TABLE results (
    game_id        TEXT    NOT NULL REFERENCES games (id),
    seat           INTEGER NOT NULL,
    rank           INTEGER NOT NULL,
    total          INTEGER NOT NULL,
    cards          INTEGER NOT NULL,
    objectives     INTEGER NOT NULL,
    favorite       INTEGER NOT NULL,
    compartments   INTEGER NOT NULL,
    candles        INTEGER NOT NULL,
    wands          INTEGER NOT NULL,
    books          INTEGER NOT NULL,
    favorite_books INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id TEXT NOT NULL,
    key      TEXT NOT NULL,
    value    TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
) STRICT, WITHOUT ROWID;
