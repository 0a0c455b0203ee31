-- 0005: records every game shares. A game names which game it is, and its
-- results are a rank and a score per seat with points by category, rows
-- the game names, instead of Atheneum's own columns.

ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'atheneum';

CREATE TABLE standings (
    game_id   TEXT    NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    -- 1 for the winners; tied seats share a rank.
    rank      INTEGER NOT NULL,
    -- What the game ranks by first (Atheneum's points).
    score     INTEGER NOT NULL,
    -- The rule that settled the rank against an equal score, '' if none.
    tie_break TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE result_rows (
    game_id  TEXT    NOT NULL,
    seat     INTEGER NOT NULL,
    -- Where the row is shown among the seat's rows.
    position INTEGER NOT NULL,
    category TEXT    NOT NULL,
    points   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, position),
    FOREIGN KEY (game_id, seat) REFERENCES standings (game_id, seat)
) STRICT, WITHOUT ROWID;

-- Atheneum's results so far, carried over: points decide, then books
-- shelved, then books of the favourite subject.
INSERT INTO standings (game_id, seat, rank, score, tie_break)
SELECT r.game_id, r.seat, r.rank, r.total, coalesce((
    SELECT CASE WHEN o.books <> r.books THEN 'books' ELSE 'favorite_books' END
    FROM results o WHERE o.game_id = r.game_id AND o.seat <> r.seat AND o.total = r.total AND o.rank <> r.rank
    ORDER BY o.books <> r.books DESC LIMIT 1), '')
FROM results r;

INSERT INTO result_rows (game_id, seat, position, category, points)
SELECT game_id, seat, 0, 'cards', cards FROM results
UNION ALL SELECT game_id, seat, 1, 'objectives', objectives FROM results
UNION ALL SELECT game_id, seat, 2, 'favorite', favorite FROM results
UNION ALL SELECT game_id, seat, 3, 'compartments', compartments FROM results
UNION ALL SELECT game_id, seat, 4, 'candles', candles FROM results
UNION ALL SELECT game_id, seat, 5, 'wands', wands FROM results;

DROP TABLE results;

CREATE INDEX games_guild_game ON games (guild_id, game, ended_at);
