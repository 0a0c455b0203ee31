package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"atheneum/engine"
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
	// Practice is set for a tutorial game: it counts in no record
	// (history, stats, leaderboard).
	Practice bool `json:"practice,omitempty"`
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
	// Options are the seat's own options in its game (Atheneum's
	// "subject"), as engine.Setup.SeatOptions; nil when it has none.
	Options map[string]string
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
	// Kind is which game it is ("atheneum"), as its rules name it; the
	// rules must be registered with the engine (importing a game's rules
	// package registers them).
	Kind      string
	GuildID   string
	ChannelID string
	HostID    string
	Status    Status
	Seed      uint64
	// GameOptions are the game's own options (engine.Setup.Options, such
	// as Atheneum's content pack). Once the game starts they hold every
	// default its rules filled in, so a later default never changes it.
	GameOptions map[string]string
	// Edition is the edition of its rules the game is played by
	// (engine.Setup.Edition): 0 in a lobby, for the current one, and
	// pinned when the game starts (engine.Setup.PinEdition), so that a
	// later edition never changes a game under way. Games started before
	// editions were stored are of the first edition.
	Edition int
	Options Options
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
	// State is the game as its rules hold it, rebuilt from the seed, the
	// setup and the moves.
	State engine.State
}

// Setup is what the game's rules set the game up from: its seats, its
// options, each seat's options and its edition.
func (g *Game) Setup() engine.Setup {
	s := engine.Setup{Seats: len(g.Seats), Options: g.GameOptions, Edition: g.Edition}
	for i, seat := range g.Seats {
		if seat.Options != nil {
			if s.SeatOptions == nil {
				s.SeatOptions = make([]map[string]string, len(g.Seats))
			}
			s.SeatOptions[i] = seat.Options
		}
	}
	return s
}

// Rules returns the game's rules, as registered with the engine.
func (g *Game) Rules() (engine.Rules, error) {
	r, ok := engine.Lookup(g.Kind)
	if !ok {
		return nil, fmt.Errorf("store: no rules are registered for the game %q", g.Kind)
	}
	return r, nil
}

// NewState deals the game from its seed and setup.
func (g *Game) NewState() (engine.State, error) {
	r, err := g.Rules()
	if err != nil {
		return nil, err
	}
	return r.New(g.Seed, g.Setup())
}

// newID returns a short random id, usable in Discord component custom ids.
func newID() string {
	var b [10]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// CreateGame stores a new game of g.Kind (a registered game), in the lobby
// unless g.Status is playing (then its seats must make a valid game, and
// g.State is dealt). It fills in g.ID if empty and g.CreatedAt. A channel
// with an active game gets ErrExists.
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
	if _, err := g.Rules(); err != nil {
		return invalid(g.ID, "Unknown game %q.", g.Kind)
	}
	if g.Edition < 0 {
		return invalid(g.ID, "A game's edition of its rules is 0 (the current one) or more.")
	}
	if g.ID == "" {
		g.ID = newID()
	}
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
	setup, err := encodeOptions(g.ID, g.GameOptions)
	if err != nil {
		return err
	}
	return db.write(ctx, g.ID, func(tx *sqlTx) error {
		var other string
		err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')`, g.ChannelID).Scan(&other)
		switch {
		case err == nil:
			return &Error{Code: CodeExists, Message: "This channel already has a game; finish or abandon it first.", GameID: other}
		case !errors.Is(err, sql.ErrNoRows):
			return internal(g.ID, err, "check channel")
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, setup,
			options, seq, created_at, started_at, ended_at, game, edition) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0, ?, ?)`,
			g.ID, g.GuildID, g.ChannelID, g.HostID, string(g.Status), int64(g.Seed), setup,
			string(opts), toMillis(g.CreatedAt), toMillis(g.StartedAt), g.Kind, g.Edition)
		if v, which := db.d.violation(err); v {
			// Another process may have created a game in the channel
			// since the check above.
			if strings.Contains(which, "games_active_channel") || strings.Contains(which, "games.channel_id") {
				return &Error{Code: CodeExists, Message: "This channel already has a game; finish or abandon it first.", Err: err}
			}
			return &Error{Code: CodeExists, Message: "A game with that id already exists.", GameID: g.ID, Err: err}
		}
		if err != nil {
			return internal(g.ID, err, "insert game")
		}
		return putSeats(ctx, tx, g.ID, g.Seats)
	})
}

// checkStart deals the game, refusing a setup that its rules would not
// start a game with (the rules' *engine.Refusal is the error's Err, for the
// caller to word), and pins what the rules filled in: the game's state
// tells its whole setup (engine.Origin), which replaces the one given, and
// the edition of the rules it is played by is pinned, 0 becoming the
// current one (engine.Setup.PinEdition).
func checkStart(g *Game) error {
	rules, err := g.Rules()
	if err != nil {
		return invalid(g.ID, "Unknown game %q.", g.Kind)
	}
	if cur := engine.CurrentEdition(rules); g.Edition > cur {
		return invalid(g.ID, "This game asks for edition %d of its rules; this program knows editions up to %d.", g.Edition, cur)
	}
	st, err := g.NewState()
	if err != nil {
		var r *engine.Refusal
		if errors.As(err, &r) {
			return &Error{Code: CodeInvalid, Message: "These seats and options cannot start a game.", GameID: g.ID, Reason: r.Message, Err: r}
		}
		return invalid(g.ID, "These seats cannot start a game.")
	}
	setup := g.Setup()
	if o, ok := st.(engine.Origin); ok {
		_, setup = o.Origin()
		g.GameOptions = setup.Options
		for i := range g.Seats {
			if i < len(setup.SeatOptions) {
				g.Seats[i].Options = setup.SeatOptions[i]
			}
		}
	}
	g.Edition = setup.PinEdition(rules).Edition
	g.State = st
	return nil
}

// encodeOptions writes options as JSON for the setup and seat columns.
func encodeOptions(gameID string, opts map[string]string) (string, error) {
	if len(opts) == 0 {
		return "{}", nil
	}
	b, err := json.Marshal(opts)
	if err != nil {
		return "", internal(gameID, err, "encode options")
	}
	return string(b), nil
}

// decodeOptions reads options written by encodeOptions: nil for none.
func decodeOptions(gameID, data string) (map[string]string, error) {
	var m map[string]string
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		return nil, corrupt(gameID, err, "options %q are not valid", data)
	}
	if len(m) == 0 {
		return nil, nil
	}
	return m, nil
}

// putSeats replaces the game's seats, numbering them by position.
func putSeats(ctx context.Context, tx *sqlTx, gameID string, seats []Seat) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ?`, gameID); err != nil {
		return internal(gameID, err, "delete seats")
	}
	for i := range seats {
		s := &seats[i]
		s.Index = i
		if (s.UserID == "") == (s.AILevel == "") {
			return invalid(gameID, "Seat %d must be either a person or an AI.", i+1)
		}
		opts, err := encodeOptions(gameID, s.Options)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, ai_level, display_name, options, dm_closed, autopilot)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, gameID, i, s.UserID, s.AILevel, s.Name, opts, s.DMClosed, s.Autopilot); err != nil {
			return internal(gameID, err, "insert seat")
		}
	}
	return nil
}

// UpdateLobby replaces a lobby's seats and options, and its game options
// when gameOptions is not nil.
func (db *DB) UpdateLobby(ctx context.Context, gameID string, seats []Seat, opts Options, gameOptions map[string]string) error {
	o, err := json.Marshal(opts)
	if err != nil {
		return internal(gameID, err, "encode options")
	}
	setup := ""
	if gameOptions != nil {
		if setup, err = encodeOptions(gameID, gameOptions); err != nil {
			return err
		}
	}
	return db.write(ctx, gameID, func(tx *sqlTx) error {
		if err := db.d.claimGame(ctx, tx, gameID); err != nil {
			return err
		}
		if err := requireStatus(ctx, tx, gameID, StatusLobby); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET options = ?, setup = coalesce(nullif(?, ''), setup) WHERE id = ?`, string(o), setup, gameID); err != nil {
			return internal(gameID, err, "update options")
		}
		return putSeats(ctx, tx, gameID, seats)
	})
}

// StartGame moves a lobby to playing with the given seed and seats (nil
// keeps the lobby's seats), after checking that its rules accept them. It
// returns the game with its initial State, and stores the setup as the
// rules completed it (see checkStart).
func (db *DB) StartGame(ctx context.Context, gameID string, seed uint64, seats []Seat) (*Game, error) {
	var g *Game
	err := db.write(ctx, gameID, func(tx *sqlTx) error {
		if err := db.d.claimGame(ctx, tx, gameID); err != nil {
			return err
		}
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
		setup, err := encodeOptions(gameID, g.GameOptions)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'playing', seed = ?, started_at = ?, setup = ?, edition = ? WHERE id = ?`,
			int64(seed), toMillis(g.StartedAt), setup, g.Edition, gameID); err != nil {
			return internal(gameID, err, "start game")
		}
		return putSeats(ctx, tx, gameID, g.Seats)
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Abandon ends an active game without results and drops its jobs.
func (db *DB) Abandon(ctx context.Context, gameID string) error {
	return db.write(ctx, gameID, func(tx *sqlTx) error {
		if err := db.d.claimGame(ctx, tx, gameID); err != nil {
			return err
		}
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
func endGame(ctx context.Context, tx *sqlTx, gameID string, st Status, at time.Time, reason string) error {
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
	return db.write(ctx, gameID, func(tx *sqlTx) error {
		// A seat belongs to its game's record, which other processes
		// hold copies of.
		if err := db.d.claimGame(ctx, tx, gameID); err != nil {
			return err
		}
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
	// The record found by its channel, then its seats: two reads, where
	// finding the id first took three.
	g, err := scanGame(db.r.QueryRowContext(ctx, `SELECT `+gameCols+` FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')`, channelID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("", "There is no game in this channel.")
	}
	if err != nil {
		return nil, err
	}
	if err := readSeats(ctx, db.r, g); err != nil {
		return nil, err
	}
	return g, nil
}

// ListActive returns the records of all lobby and playing games, oldest
// first, without their State.
func (db *DB) ListActive(ctx context.Context) ([]*Game, error) {
	return readGames(ctx, db.r, `games.status IN ('lobby', 'playing') ORDER BY games.created_at, games.id`)
}

const gameCols = `games.id, games.guild_id, games.channel_id, games.host_id, games.status, games.seed, games.setup,
	games.options, games.seq, games.created_at, games.started_at, games.ended_at, games.end_reason, games.game, games.edition`

const seatCols = `seats.game_id, seats.seat, seats.user_id, seats.ai_level, seats.display_name, seats.options, seats.dm_closed, seats.autopilot`

type scanner interface{ Scan(dest ...any) error }

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func scanGame(row scanner) (*Game, error) {
	var g Game
	var status, setup, opts string
	var seed, created, started, ended int64
	err := row.Scan(&g.ID, &g.GuildID, &g.ChannelID, &g.HostID, &status, &seed, &setup,
		&opts, &g.Seq, &created, &started, &ended, &g.EndReason, &g.Kind, &g.Edition)
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
	if g.GameOptions, err = decodeOptions(g.ID, setup); err != nil {
		return nil, err
	}
	return &g, nil
}

func scanSeat(row scanner) (string, Seat, error) {
	var id, opts string
	var s Seat
	if err := row.Scan(&id, &s.Index, &s.UserID, &s.AILevel, &s.Name, &opts, &s.DMClosed, &s.Autopilot); err != nil {
		return "", s, internal(id, err, "read seat")
	}
	var err error
	if s.Options, err = decodeOptions(id, opts); err != nil {
		return "", s, err
	}
	return id, s, nil
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
	if err := readSeats(ctx, q, g); err != nil {
		return nil, err
	}
	return g, nil
}

// readSeats reads g's seats into it through q.
func readSeats(ctx context.Context, q querier, g *Game) error {
	gameID := g.ID
	rows, err := q.QueryContext(ctx, `SELECT `+seatCols+` FROM seats WHERE game_id = ? ORDER BY seat`, gameID)
	if err != nil {
		return internal(gameID, err, "read seats")
	}
	defer rows.Close()
	for rows.Next() {
		_, s, err := scanSeat(rows)
		if err != nil {
			return err
		}
		if s.Index != len(g.Seats) {
			return corrupt(gameID, nil, "seat %d is missing", len(g.Seats))
		}
		g.Seats = append(g.Seats, s)
	}
	if err := rows.Err(); err != nil {
		return internal(gameID, err, "read seats")
	}
	return nil
}

// gameStatusSQL reads a game's status and action count.
const gameStatusSQL = `SELECT status, seq FROM games WHERE id = ?`

// gameStatus reads a game's status and action count.
func gameStatus(ctx context.Context, q querier, gameID string) (Status, int, error) {
	return scanStatus(gameID, q.QueryRowContext(ctx, gameStatusSQL, gameID))
}

// scanStatus reads the row of gameStatusSQL.
func scanStatus(gameID string, row *sql.Row) (Status, int, error) {
	var st string
	var seq int
	err := row.Scan(&st, &seq)
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

// write runs fn in a write transaction and commits it if fn returns nil.
// On SQLite it begins IMMEDIATE on the single writer connection, which
// makes writers queue; on PostgreSQL it is READ COMMITTED, and a
// transaction that reads a game before changing it claims the game first
// (dialect.claimGame).
func (db *DB) write(ctx context.Context, gameID string, fn func(tx *sqlTx) error) error {
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
