package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"atheneum/engine/atheneum"
)

// Status is where a game is in its life.
type Status string

// The statuses. Lobby and playing are active: a channel has at most one
// active game. Finished and abandoned are final.
const (
	StatusLobby     Status = "lobby"
	StatusPlaying   Status = "playing"
	StatusFinished  Status = "finished"
	StatusAbandoned Status = "abandoned"
)

// Active reports whether the status is lobby or playing.
func (s Status) Active() bool { return s == StatusLobby || s == StatusPlaying }

// Options are a game's settings chosen in the lobby, stored as JSON so that
// new ones need no migration.
type Options struct {
	// Seats is the number of seats wanted.
	Seats int `json:"seats,omitempty"`
	// StepHours is how long a seat has for each step before its deadline.
	StepHours int `json:"step_hours,omitempty"`
	// AISeats is how many seats AI players fill, at AILevel.
	AISeats int    `json:"ai_seats,omitempty"`
	AILevel string `json:"ai_level,omitempty"`
	// Paused is set while the host has stopped the clock: no deadline or
	// reminder runs, though seats may still move.
	Paused bool `json:"paused,omitempty"`
	// PausedLeftMS is the time that was left before the deadline when the
	// game was paused, in milliseconds.
	PausedLeftMS int64 `json:"paused_left_ms,omitempty"`
	// PausedStep names the step that was running when the game was paused
	// (the service's step key), so that a step begun during the pause gets
	// its full time on resume.
	PausedStep string `json:"paused_step,omitempty"`
	// Language is the game's language for what it posts in the channel:
	// "en" or "fr"; "" means English.
	Language string `json:"language,omitempty"`
	// LobbyExpires is when an unstarted lobby closes by itself, in Unix
	// milliseconds (0: never).
	LobbyExpires int64 `json:"lobby_expires,omitempty"`
}

// Seat is one seat of a game: a Discord user or an AI.
type Seat struct {
	// Index is the seat's position, set from its place in Game.Seats.
	Index int
	// UserID is the Discord user id, "" for an AI seat.
	UserID string
	// AILevel is the AI's level for an AI seat, "" for a person.
	AILevel string
	Name    string
	// Subject is the seat's favourite subject; atheneum.NoColor until assigned.
	Subject atheneum.Color
	// DMClosed is set once a direct message to the user has failed.
	DMClosed bool
	// Autopilot is set while the person's seat is played for them, after
	// they ran out of time, until they act again.
	Autopilot bool
}

// Game is a game's record. State is filled by LoadGame and LoadActive for
// games past the lobby, and is nil otherwise.
type Game struct {
	ID string
	// Kind is which game it is ("atheneum"), as its rules name it.
	Kind      string
	GuildID   string
	ChannelID string
	HostID    string
	Status    Status
	Seed      uint64
	// ContentID is the content pack; "" means atheneum.DefaultContentID.
	ContentID string
	// StateVersion is the engine state version the game was created under.
	StateVersion int
	Options      Options
	// Seq is the number of actions in the log.
	Seq       int
	CreatedAt time.Time
	StartedAt time.Time
	EndedAt   time.Time
	// EndReason is why the game was ended early, as its host wrote it ("" if
	// none was given, and for a game that finished).
	EndReason string
	// Seats in seat order.
	Seats []Seat
	State *atheneum.Game
}

// Config returns the engine configuration the game's seats and seed make.
func (g *Game) Config() (atheneum.Config, error) {
	c, err := atheneum.Load(g.ContentID)
	if err != nil {
		return atheneum.Config{}, err
	}
	cfg := atheneum.Config{Seed: g.Seed, Content: c, Subjects: make([]atheneum.Color, len(g.Seats))}
	for i, s := range g.Seats {
		cfg.Subjects[i] = s.Subject
	}
	return cfg, nil
}

// newID returns a short random id, usable in Discord component custom ids.
func newID() string {
	var b [10]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// CreateGame stores a new game, in the lobby unless g.Status is playing (then
// its seats must make a valid engine game). It fills in g.ID if empty,
// g.ContentID, g.StateVersion and g.CreatedAt. A channel with an active game
// gets ErrExists.
func (db *DB) CreateGame(ctx context.Context, g *Game) error {
	if g.GuildID == "" || g.ChannelID == "" || g.HostID == "" {
		return invalid(g.ID, "A game needs a server, a channel and a host.")
	}
	if g.Status == "" {
		g.Status = StatusLobby
	}
	if !g.Status.Active() {
		return invalid(g.ID, "A new game must be in the lobby or playing.")
	}
	if g.ContentID == "" {
		g.ContentID = atheneum.DefaultContentID
	}
	if _, err := atheneum.Load(g.ContentID); err != nil {
		return invalid(g.ID, "Unknown content pack %q.", g.ContentID)
	}
	if g.ID == "" {
		g.ID = newID()
	}
	if g.Kind == "" {
		g.Kind = atheneum.GameID
	}
	g.StateVersion = atheneum.StateVersion
	now := time.Now()
	if g.CreatedAt.IsZero() {
		g.CreatedAt = now
	}
	g.Seq = 0
	if g.Status == StatusPlaying {
		if err := checkStart(g); err != nil {
			return err
		}
		if g.StartedAt.IsZero() {
			g.StartedAt = now
		}
	}
	opts, err := json.Marshal(g.Options)
	if err != nil {
		return internal(g.ID, err, "encode options")
	}
	return db.write(ctx, g.ID, func(tx *sql.Tx) error {
		var other string
		err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')`, g.ChannelID).Scan(&other)
		switch {
		case err == nil:
			return &Error{Code: CodeExists, Message: "This channel already has a game; finish or abandon it first.", GameID: other}
		case !errors.Is(err, sql.ErrNoRows):
			return internal(g.ID, err, "check channel")
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, content_id,
			state_version, options, seq, created_at, started_at, ended_at, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0, ?)`,
			g.ID, g.GuildID, g.ChannelID, g.HostID, string(g.Status), int64(g.Seed), g.ContentID,
			g.StateVersion, string(opts), toMillis(g.CreatedAt), toMillis(g.StartedAt), g.Kind)
		if isConstraint(err) {
			return &Error{Code: CodeExists, Message: "A game with that id already exists.", GameID: g.ID, Err: err}
		}
		if err != nil {
			return internal(g.ID, err, "insert game")
		}
		return putSeats(ctx, tx, g.ID, g.Seats)
	})
}

// checkStart refuses seats that the engine would not start a game with,
// with the engine's own (user-safe) message.
func checkStart(g *Game) error {
	cfg, err := g.Config()
	if err != nil {
		return invalid(g.ID, "Unknown content pack %q.", g.ContentID)
	}
	if _, err := atheneum.NewGame(cfg); err != nil {
		var ee *atheneum.Error
		if errors.As(err, &ee) {
			return invalid(g.ID, "%s", ee.Message)
		}
		return invalid(g.ID, "These seats cannot start a game.")
	}
	return nil
}

// putSeats replaces the game's seats, numbering them by position.
func putSeats(ctx context.Context, tx *sql.Tx, gameID string, seats []Seat) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ?`, gameID); err != nil {
		return internal(gameID, err, "delete seats")
	}
	for i := range seats {
		s := &seats[i]
		s.Index = i
		if (s.UserID == "") == (s.AILevel == "") {
			return invalid(gameID, "Seat %d must be either a person or an AI.", i+1)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, ai_level, display_name, subject, dm_closed, autopilot)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, gameID, i, s.UserID, s.AILevel, s.Name, string(s.Subject.Letter()), s.DMClosed, s.Autopilot); err != nil {
			return internal(gameID, err, "insert seat")
		}
	}
	return nil
}

// UpdateLobby replaces a lobby's seats and options.
func (db *DB) UpdateLobby(ctx context.Context, gameID string, seats []Seat, opts Options) error {
	o, err := json.Marshal(opts)
	if err != nil {
		return internal(gameID, err, "encode options")
	}
	return db.write(ctx, gameID, func(tx *sql.Tx) error {
		if err := requireStatus(ctx, tx, gameID, StatusLobby); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET options = ? WHERE id = ?`, string(o), gameID); err != nil {
			return internal(gameID, err, "update options")
		}
		return putSeats(ctx, tx, gameID, seats)
	})
}

// StartGame moves a lobby to playing with the given seed and seats (nil
// keeps the lobby's seats), after checking that the engine accepts them. It
// returns the game with its initial State.
func (db *DB) StartGame(ctx context.Context, gameID string, seed uint64, seats []Seat) (*Game, error) {
	var g *Game
	err := db.write(ctx, gameID, func(tx *sql.Tx) error {
		var err error
		if g, err = getGame(ctx, tx, gameID); err != nil {
			return err
		}
		if g.Status != StatusLobby {
			return invalid(gameID, "This game has already started.")
		}
		if seats != nil {
			g.Seats = seats
		}
		g.Seed = seed
		if err := checkStart(g); err != nil {
			return err
		}
		g.Status = StatusPlaying
		g.StartedAt = time.Now()
		if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'playing', seed = ?, started_at = ? WHERE id = ?`,
			int64(seed), toMillis(g.StartedAt), gameID); err != nil {
			return internal(gameID, err, "start game")
		}
		if seats != nil {
			return putSeats(ctx, tx, gameID, g.Seats)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	cfg, _ := g.Config() // checked by checkStart
	if g.State, err = atheneum.NewGame(cfg); err != nil {
		return nil, internal(gameID, err, "new game")
	}
	return g, nil
}

// Abandon ends an active game without results and drops its jobs.
func (db *DB) Abandon(ctx context.Context, gameID string) error {
	return db.write(ctx, gameID, func(tx *sql.Tx) error {
		st, _, err := gameStatus(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if !st.Active() {
			return invalid(gameID, "This game is already over.")
		}
		return endGame(ctx, tx, gameID, StatusAbandoned, time.Now(), "")
	})
}

// endGame sets a final status and removes the game's timers, which would
// only fire on a game that no longer moves.
func endGame(ctx context.Context, tx *sql.Tx, gameID string, st Status, at time.Time, reason string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, ended_at = ?, end_reason = ? WHERE id = ?`,
		string(st), toMillis(at), reason, gameID); err != nil {
		return internal(gameID, err, "end game")
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE game_id = ?`, gameID); err != nil {
		return internal(gameID, err, "delete jobs")
	}
	return nil
}

// SetDMClosed records whether direct messages to a seat's user fail.
func (db *DB) SetDMClosed(ctx context.Context, gameID string, seat int, closed bool) error {
	return db.write(ctx, gameID, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE seats SET dm_closed = ? WHERE game_id = ? AND seat = ?`, closed, gameID, seat)
		if err != nil {
			return internal(gameID, err, "update seat")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound(gameID, "There is no such seat in this game.")
		}
		return nil
	})
}

// GetGame returns a game's record and seats, without its State.
func (db *DB) GetGame(ctx context.Context, gameID string) (*Game, error) {
	return getGame(ctx, db.r, gameID)
}

// GameInChannel returns the record of the channel's active game, or
// ErrNotFound.
func (db *DB) GameInChannel(ctx context.Context, channelID string) (*Game, error) {
	var id string
	err := db.r.QueryRowContext(ctx, `SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')`, channelID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("", "There is no game in this channel.")
	}
	if err != nil {
		return nil, internal("", err, "find game in channel")
	}
	return db.GetGame(ctx, id)
}

// ListActive returns the records of all lobby and playing games, oldest
// first, without their State.
func (db *DB) ListActive(ctx context.Context) ([]*Game, error) {
	return readGames(ctx, db.r, `games.status IN ('lobby', 'playing') ORDER BY games.created_at, games.id`)
}

const gameCols = `games.id, games.guild_id, games.channel_id, games.host_id, games.status, games.seed, games.content_id,
	games.state_version, games.options, games.seq, games.created_at, games.started_at, games.ended_at, games.end_reason, games.game`

const seatCols = `seats.game_id, seats.seat, seats.user_id, seats.ai_level, seats.display_name, seats.subject, seats.dm_closed, seats.autopilot`

type scanner interface{ Scan(dest ...any) error }

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func scanGame(row scanner) (*Game, error) {
	var g Game
	var status, opts string
	var seed, created, started, ended int64
	err := row.Scan(&g.ID, &g.GuildID, &g.ChannelID, &g.HostID, &status, &seed, &g.ContentID, &g.StateVersion,
		&opts, &g.Seq, &created, &started, &ended, &g.EndReason, &g.Kind)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if err != nil {
		return nil, internal(g.ID, err, "read game")
	}
	g.Status, g.Seed = Status(status), uint64(seed)
	g.CreatedAt, g.StartedAt, g.EndedAt = fromMillis(created), fromMillis(started), fromMillis(ended)
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return nil, corrupt(g.ID, err, "options are not valid JSON")
	}
	return &g, nil
}

func scanSeat(row scanner) (string, Seat, error) {
	var id, subj string
	var s Seat
	if err := row.Scan(&id, &s.Index, &s.UserID, &s.AILevel, &s.Name, &subj, &s.DMClosed, &s.Autopilot); err != nil {
		return "", s, internal(id, err, "read seat")
	}
	c, ok := atheneum.ColorFromLetter(subjByte(subj))
	if !ok || len(subj) != 1 {
		return "", s, corrupt(id, nil, "seat %d has subject %q", s.Index, subj)
	}
	s.Subject = c
	return id, s, nil
}

func subjByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// getGame reads a game's record and seats through q (the reader pool or a
// transaction).
func getGame(ctx context.Context, q querier, gameID string) (*Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE id = ?`, gameID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(gameID, "There is no such game.")
	}
	if err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT `+seatCols+` FROM seats WHERE game_id = ? ORDER BY seat`, gameID)
	if err != nil {
		return nil, internal(gameID, err, "read seats")
	}
	defer rows.Close()
	for rows.Next() {
		_, s, err := scanSeat(rows)
		if err != nil {
			return nil, err
		}
		if s.Index != len(g.Seats) {
			return nil, corrupt(gameID, nil, "seat %d is missing", len(g.Seats))
		}
		g.Seats = append(g.Seats, s)
	}
	if err := rows.Err(); err != nil {
		return nil, internal(gameID, err, "read seats")
	}
	return g, nil
}

// gameStatus reads a game's status and action count.
func gameStatus(ctx context.Context, q querier, gameID string) (Status, int, error) {
	var st string
	var seq int
	err := q.QueryRowContext(ctx, `SELECT status, seq FROM games WHERE id = ?`, gameID).Scan(&st, &seq)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, notFound(gameID, "There is no such game.")
	}
	if err != nil {
		return "", 0, internal(gameID, err, "read game status")
	}
	return Status(st), seq, nil
}

func requireStatus(ctx context.Context, q querier, gameID string, want Status) error {
	st, _, err := gameStatus(ctx, q, gameID)
	if err != nil {
		return err
	}
	if st != want {
		return invalid(gameID, "This game is %s, not %s.", st, want)
	}
	return nil
}

// write runs fn in a write transaction (BEGIN IMMEDIATE on the single
// writer connection) and commits it if fn returns nil.
func (db *DB) write(ctx context.Context, gameID string, fn func(tx *sql.Tx) error) error {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return internal(gameID, err, "begin")
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return internal(gameID, err, "commit")
	}
	return nil
}

// isConstraint reports whether err is an SQLite constraint violation.
func isConstraint(err error) bool {
	var se interface{ Code() int }
	// SQLITE_CONSTRAINT is 19; extended codes keep it in the low byte.
	return errors.As(err, &se) && se.Code()&0xff == 19
}
