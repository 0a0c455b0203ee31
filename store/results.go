package store

import (
	"context"

	"atheneum/engine"
)

// SeatResult is one seat's final result in a finished game, in the form
// every game shares (engine.Result), with who played the seat.
type SeatResult struct {
	GameID string
	// UserID is "" for an AI seat.
	UserID  string
	AILevel string
	Name    string
	engine.Result
}

// Results returns a finished game's results, best rank first (none for a
// game that has not finished).
func (db *DB) Results(ctx context.Context, gameID string) ([]SeatResult, error) {
	if _, _, err := gameStatus(ctx, db.r, gameID); err != nil {
		return nil, err
	}
	tx, err := db.r.BeginTx(ctx, db.d.readOnly())
	if err != nil {
		return nil, internal(gameID, err, "begin read")
	}
	defer tx.Rollback()
	byGame, err := readResults(ctx, tx, `standings.game_id = ?1`, gameID)
	if err != nil {
		return nil, err
	}
	return byGame[gameID], nil
}

// readResults reads the results of the games that where (a condition on
// standings and games) picks, each game's best rank first.
func readResults(ctx context.Context, q querier, where string, args ...any) (map[string][]SeatResult, error) {
	rows, err := q.QueryContext(ctx, `SELECT standings.game_id, s.user_id, s.ai_level, s.display_name, standings.seat,
		standings.rank, standings.score, standings.tie_break
		FROM standings JOIN seats s ON s.game_id = standings.game_id AND s.seat = standings.seat
		JOIN games ON games.id = standings.game_id
		WHERE `+where+` ORDER BY standings.game_id, standings.rank, standings.seat`, args...)
	if err != nil {
		return nil, internal("", err, "read results")
	}
	defer rows.Close()
	out := map[string][]SeatResult{}
	for rows.Next() {
		var r SeatResult
		if err := rows.Scan(&r.GameID, &r.UserID, &r.AILevel, &r.Name, &r.Seat, &r.Rank, &r.Score, &r.TieBreak); err != nil {
			return nil, internal(r.GameID, err, "read result")
		}
		out[r.GameID] = append(out[r.GameID], r)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "read results")
	}
	rows.Close()
	rrows, err := q.QueryContext(ctx, `SELECT result_rows.game_id, result_rows.seat, result_rows.category, result_rows.points
		FROM result_rows JOIN standings ON standings.game_id = result_rows.game_id AND standings.seat = result_rows.seat
		JOIN games ON games.id = standings.game_id
		WHERE `+where+` ORDER BY result_rows.game_id, result_rows.seat, result_rows.position`, args...)
	if err != nil {
		return nil, internal("", err, "read result rows")
	}
	defer rrows.Close()
	for rrows.Next() {
		var gameID string
		var seat int
		var row engine.Row
		if err := rrows.Scan(&gameID, &seat, &row.Category, &row.Points); err != nil {
			return nil, internal(gameID, err, "read result row")
		}
		for i := range out[gameID] {
			if r := &out[gameID][i]; r.Seat == seat {
				r.Rows = append(r.Rows, row)
			}
		}
	}
	if err := rrows.Err(); err != nil {
		return nil, internal("", err, "read result rows")
	}
	return out, nil
}

// Standing is one player's record over a server's finished games.
type Standing struct {
	UserID string
	// Name is the display name from the player's latest game.
	Name      string
	Games     int
	Wins      int
	Points    int
	BestTotal int
}

// Leaderboard ranks the people (not AIs) of a server by wins, then average
// score, over its finished games (of sc.Game when set; sc.ChannelID is not
// read), leaving out those who finished fewer than minGames games (so one
// lucky game does not top the board); limit <= 0 means no limit.
func (db *DB) Leaderboard(ctx context.Context, sc Scope, limit, minGames int) ([]Standing, error) {
	var lim any = limit
	if limit <= 0 {
		lim = db.d.noLimit()
	}
	rows, err := db.r.QueryContext(ctx, `SELECT s.user_id,
		(SELECT s2.display_name FROM seats s2 JOIN games g2 ON g2.id = s2.game_id
			WHERE s2.user_id = s.user_id AND g2.guild_id = ?1 ORDER BY g2.created_at DESC LIMIT 1),
		count(*), count(*) FILTER (WHERE r.rank = 1), sum(r.score), max(r.score)
		FROM standings r
		JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat
		JOIN games g ON g.id = r.game_id
		WHERE g.guild_id = ?1 AND g.status = 'finished' AND NOT `+db.d.practice("g.options")+` AND s.user_id <> '' AND (?4 = '' OR g.game = ?4)
		GROUP BY s.user_id
		HAVING count(*) >= ?2
		ORDER BY count(*) FILTER (WHERE r.rank = 1) DESC, 1.0 * sum(r.score) / count(*) DESC, s.user_id
		LIMIT ?3`, sc.GuildID, minGames, lim, sc.Game)
	if err != nil {
		return nil, internal("", err, "read leaderboard")
	}
	defer rows.Close()
	var out []Standing
	for rows.Next() {
		var s Standing
		if err := rows.Scan(&s.UserID, &s.Name, &s.Games, &s.Wins, &s.Points, &s.BestTotal); err != nil {
			return nil, internal("", err, "read standing")
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "read leaderboard")
	}
	return out, nil
}

// MemberStats is one person's record over a server's finished games.
type MemberStats struct {
	Games int
	// Wins counts the games they ranked first in, shared firsts included.
	Wins int
	// Average is their mean final score; Best their highest.
	Average float64
	Best    int
	// Usual holds, for each seat option of their games (Atheneum's
	// "subject"), the value they played most often (the latest of equals);
	// empty when they finished no game.
	Usual map[string]string
}

// MemberGameCount returns how many finished games of a server (of
// sc.Game when set) a person played, counted as MemberStats counts
// Games, in one query: what deciding whether to show a newcomer hints
// needs, without the rest of the record.
func (db *DB) MemberGameCount(ctx context.Context, sc Scope, userID string) (int, error) {
	if userID == "" {
		return 0, nil // AI seats have no record
	}
	var n int
	err := db.r.QueryRowContext(ctx, `SELECT count(*)
		FROM standings r
		JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat
		JOIN games g ON g.id = r.game_id
		WHERE g.guild_id = ?1 AND g.status = 'finished' AND NOT `+db.d.practice("g.options")+` AND s.user_id = ?2 AND (?3 = '' OR g.game = ?3)`, sc.GuildID, userID, sc.Game).
		Scan(&n)
	if err != nil {
		return 0, internal("", err, "count member games")
	}
	return n, nil
}

// MemberStats returns a person's record over the finished games of a
// server (of sc.Game when set; sc.ChannelID is not read).
func (db *DB) MemberStats(ctx context.Context, sc Scope, userID string) (MemberStats, error) {
	st := MemberStats{Usual: map[string]string{}}
	if userID == "" {
		return st, nil // AI seats have no record
	}
	tx, err := db.r.BeginTx(ctx, db.d.readOnly())
	if err != nil {
		return st, internal("", err, "begin read")
	}
	defer tx.Rollback()
	err = tx.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE r.rank = 1), coalesce(avg(r.score), 0), coalesce(max(r.score), 0)
		FROM standings r
		JOIN seats s ON s.game_id = r.game_id AND s.seat = r.seat
		JOIN games g ON g.id = r.game_id
		WHERE g.guild_id = ?1 AND g.status = 'finished' AND NOT `+db.d.practice("g.options")+` AND s.user_id = ?2 AND (?3 = '' OR g.game = ?3)`, sc.GuildID, userID, sc.Game).
		Scan(&st.Games, &st.Wins, &st.Average, &st.Best)
	if err != nil {
		return st, internal("", err, "read member stats")
	}
	// Each option's values, most played first: the first row of a name wins.
	rows, err := tx.QueryContext(ctx, `SELECT o.key, o.value FROM seats s JOIN games g ON g.id = s.game_id, `+db.d.pairs("s.options", "o")+`
		WHERE g.guild_id = ?1 AND g.status = 'finished' AND NOT `+db.d.practice("g.options")+` AND s.user_id = ?2 AND (?3 = '' OR g.game = ?3)
		GROUP BY o.key, o.value ORDER BY o.key, count(*) DESC, max(g.ended_at) DESC, o.value`, sc.GuildID, userID, sc.Game)
	if err != nil {
		return st, internal("", err, "read usual options")
	}
	defer rows.Close()
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return st, internal("", err, "read usual options")
		}
		if _, seen := st.Usual[k]; !seen {
			st.Usual[k] = v
		}
	}
	if err := rows.Err(); err != nil {
		return st, internal("", err, "read usual options")
	}
	return st, nil
}
