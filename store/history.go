package store

import (
	"context"
)

// FinishedGame is a past game of a server: its record (with its seats,
// without State), its results (best rank first; none for an abandoned
// game) and the message that announced its end, if one was recorded.
type FinishedGame struct {
	Game    *Game
	Results []SeatResult
	// Final is the recorded message of kind "final" (seat NoSeat); the zero
	// Message when there is none.
	Final Message
}

// FinalMessageKind is the kind of the message that announces a game's end,
// which FinishedGames returns with the game.
const FinalMessageKind = "final"

// Scope picks the records a history, a leaderboard or a member's stats are
// made of: one server's, and within it one channel's and one game's when
// those are set ("" for all).
type Scope struct {
	GuildID   string
	ChannelID string
	// Game is a game's name as its rules give it ("atheneum").
	Game string
}

// FinishedGames returns a server's finished and abandoned games, newest
// first; channelID "" means every channel of the server, limit <= 0 no
// limit. Game.Status tells a finished game from an abandoned one. Lobbies
// closed before they started are not games and are left out.
func (db *DB) FinishedGames(ctx context.Context, sc Scope, limit int) ([]FinishedGame, error) {
	var lim any = limit
	if limit <= 0 {
		lim = db.d.noLimit()
	}
	// The games picked, as a condition on games.id, shared by the four
	// queries of one read transaction.
	picked := `games.id IN (SELECT id FROM games WHERE guild_id = ?1 AND status IN ('finished', 'abandoned')
		AND started_at > 0 AND NOT ` + db.d.practice("options") + ` AND (?2 = '' OR channel_id = ?2) AND (?6 = '' OR game = ?6) ORDER BY ended_at DESC, id DESC LIMIT ?3)`
	args := []any{sc.GuildID, sc.ChannelID, lim, FinalMessageKind, NoSeat, sc.Game}
	tx, err := db.r.BeginTx(ctx, db.d.readOnly())
	if err != nil {
		return nil, internal("", err, "begin read")
	}
	defer tx.Rollback()
	games, err := readGames(ctx, tx, picked+` ORDER BY games.ended_at DESC, games.id DESC`, args...)
	if err != nil {
		return nil, err
	}
	out := make([]FinishedGame, len(games))
	byID := make(map[string]*FinishedGame, len(games))
	for i, g := range games {
		out[i].Game = g
		byID[g.ID] = &out[i]
	}
	results, err := readResults(ctx, tx, picked, args...)
	if err != nil {
		return nil, err
	}
	for id, rs := range results {
		if fg := byID[id]; fg != nil {
			fg.Results = rs
		}
	}
	mrows, err := tx.QueryContext(ctx, `SELECT m.game_id, m.channel_id, m.message_id FROM messages m JOIN games ON games.id = m.game_id
		WHERE m.kind = ?4 AND m.seat = ?5 AND `+picked, args...)
	if err != nil {
		return nil, internal("", err, "read final messages")
	}
	defer mrows.Close()
	for mrows.Next() {
		m := Message{Kind: FinalMessageKind, Seat: NoSeat}
		if err := mrows.Scan(&m.GameID, &m.ChannelID, &m.MessageID); err != nil {
			return nil, internal(m.GameID, err, "read final message")
		}
		if fg := byID[m.GameID]; fg != nil {
			fg.Final = m
		}
	}
	if err := mrows.Err(); err != nil {
		return nil, internal("", err, "read final messages")
	}
	return out, nil
}

// MemberGames returns the lobbies and playing games of a server in which
// the user has a seat, oldest first, with their seats and without State.
func (db *DB) MemberGames(ctx context.Context, guildID, userID string) ([]*Game, error) {
	if userID == "" {
		return nil, nil // AI seats are nobody's
	}
	tx, err := db.r.BeginTx(ctx, db.d.readOnly())
	if err != nil {
		return nil, internal("", err, "begin read")
	}
	defer tx.Rollback()
	return readGames(ctx, tx, `games.guild_id = ?1 AND games.status IN ('lobby', 'playing')
		AND games.id IN (SELECT game_id FROM seats WHERE user_id = ?2) ORDER BY games.created_at, games.id`, guildID, userID)
}

// readGames returns the games matching cond (a condition on the games
// table, which may end with an ORDER BY) in that order, with their seats.
// cond must take numbered parameters only, as it is used twice.
func readGames(ctx context.Context, q querier, cond string, args ...any) ([]*Game, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+gameCols+` FROM games WHERE `+cond, args...)
	if err != nil {
		return nil, internal("", err, "list games")
	}
	defer rows.Close()
	var games []*Game
	byID := map[string]*Game{}
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
		byID[g.ID] = g
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "list games")
	}
	rows.Close()
	if len(games) == 0 {
		return nil, nil
	}
	srows, err := q.QueryContext(ctx, `SELECT `+seatCols+` FROM seats WHERE seats.game_id IN (SELECT games.id FROM games WHERE `+cond+`)
		ORDER BY seats.game_id, seats.seat`, args...)
	if err != nil {
		return nil, internal("", err, "list seats")
	}
	defer srows.Close()
	for srows.Next() {
		id, s, err := scanSeat(srows)
		if err != nil {
			return nil, err
		}
		if g := byID[id]; g != nil {
			if s.Index != len(g.Seats) {
				return nil, corrupt(id, nil, "seat %d is missing", len(g.Seats))
			}
			g.Seats = append(g.Seats, s)
		}
	}
	if err := srows.Err(); err != nil {
		return nil, internal("", err, "list seats")
	}
	return games, nil
}
