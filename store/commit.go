package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"atheneum/engine"
)

// SnapshotInterval is how often, in actions, Commit saves the engine state
// (it also saves it when a game ends), so a load replays fewer actions.
const SnapshotInterval = 50

// NoSeat is the seat of a message or job about the whole game.
const NoSeat = -1

// AllSeats in a JobKey of Commit.DeleteJobs or DeleteJob matches the kind's
// jobs of every seat (and NoSeat).
const AllSeats = -2

// Commit is one atomic change to a playing game: an action with whatever
// goes with it. Either all of it is stored or none.
type Commit struct {
	// Seq is the number of actions the caller's copy of the game has
	// (g.Seq before applying Move). The commit fails with ErrConflict
	// unless the log holds exactly Seq actions.
	Seq int
	// Move, if not empty, is appended to the log as action Seq+1, in its
	// game's notation (its first word names its seat).
	Move engine.Move
	// By says who made Move ("player", "ai", "autopilot"...), as the log
	// keeps it for catch-up; "" when unknown.
	By string
	// State, if not nil, is the game after Move. It is snapshotted every
	// SnapshotInterval actions when its game writes snapshots (and then
	// must have played the new count); when it is over, the game becomes
	// finished, its results are recorded and its jobs are dropped. Without
	// State the store cannot see the game end.
	State engine.State
	// Results are the game's final standings, required when State is
	// over (the store records them as they are, for any game).
	Results []engine.Result
	// Abandon ends the game without results (after Move, if any), with
	// EndReason as the reason given.
	Abandon   bool
	EndReason string
	// Options, if not nil, replaces the game's options.
	Options *Options
	// Seats changes who plays seats of a playing game (the engine state
	// stays: the newcomer takes over the seat as it is).
	Seats []SeatChange
	// Finished are jobs this DB claimed (ClaimJobs, HoldJob) that the
	// commit completes: they are deleted, and unless this DB still holds
	// every one of them (another process took it over once its lease ran
	// out, or it was replaced or deleted since) the commit fails with
	// ErrConflict and changes nothing. Work recorded this way before it
	// is shown is never shown twice.
	Finished []JobKey
	// DeleteJobs, then PutJobs, change the game's timers (their GameID is
	// ignored). They apply after the jobs dropped by the game's end.
	DeleteJobs []JobKey
	PutJobs    []Job
	// PutMessages records messages the bot will edit (GameID ignored).
	PutMessages []Message
	// Autopilot turns seats' autopilot on or off.
	Autopilot []AutopilotChange
	// At is the time of the action; zero means now.
	At time.Time
}

// AppendAction appends move m at position expectSeq+1; after, if not nil,
// is the game once m is applied (see Commit.State), and results its final
// standings when m ended it.
func (db *DB) AppendAction(ctx context.Context, gameID string, expectSeq int, m engine.Move, after engine.State, results ...engine.Result) error {
	return db.Commit(ctx, gameID, Commit{Seq: expectSeq, Move: m, State: after, Results: results})
}

// Commit applies c to the game atomically. It returns ErrConflict if the
// game's log does not hold exactly c.Seq actions, ErrNotFound for an unknown
// game and ErrInvalid for a game that is not playing (or, with neither
// Move, State nor Seats, not active).
func (db *DB) Commit(ctx context.Context, gameID string, c Commit) error {
	if c.Seq < 0 {
		return invalid(gameID, "A game cannot have %d actions.", c.Seq)
	}
	newSeq := c.Seq
	seat := 0
	if c.Move != "" {
		newSeq++
		var ok bool
		if seat, ok = engine.MoveSeat(c.Move); !ok {
			return invalid(gameID, "The move %q does not name its seat.", c.Move)
		}
	}
	at := c.At
	if at.IsZero() {
		at = time.Now()
	}
	// Encode outside the transaction: the writer lock is held for SQL only.
	var snap []byte
	snapVersion := 0
	over := false
	if c.State != nil {
		snapper, canSnap := c.State.(engine.Snapshotter)
		if canSnap && snapper.Played() != newSeq {
			return invalid(gameID, "The game state does not match the action log.")
		}
		over = c.State.Over()
		if over {
			if err := engine.CheckResults(c.Results, c.State.Seats()); err != nil {
				return invalid(gameID, "A finished game needs a result for each of its %d seats, ranked: %v.", c.State.Seats(), err)
			}
		}
		if canSnap && (newSeq%SnapshotInterval == 0 || over) {
			var err error
			if snapVersion, snap, err = snapper.Snapshot(); err != nil {
				return internal(gameID, err, "encode state")
			}
		}
	}
	var opts []byte
	if c.Options != nil {
		var err error
		if opts, err = json.Marshal(c.Options); err != nil {
			return internal(gameID, err, "encode options")
		}
	}
	for _, ch := range c.Seats {
		if (ch.UserID == "") == (ch.AILevel == "") {
			return invalid(gameID, "Seat %d must be either a person or an AI.", ch.Seat+1)
		}
	}
	needPlaying := c.Move != "" || c.State != nil || len(c.Seats) > 0
	if !db.current {
		return internal(gameID, nil, "the database was opened before its last migration")
	}
	return db.write(ctx, gameID, func(tx *sqlTx) error {
		// The guarded update is the concurrency check: it touches the row
		// only if nobody appended since the caller loaded the game. On
		// PostgreSQL it also locks the row: a writer of another process
		// waits for this transaction, then finds the count moved on.
		res, err := tx.execPrepared(ctx, db.advance, advanceSQL, newSeq, gameID, c.Seq, needPlaying)
		if err != nil {
			return internal(gameID, err, "update game")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return whyNot(ctx, tx, gameID, c.Seq, needPlaying)
		}
		if c.Move != "" {
			_, err := tx.execPrepared(ctx, db.appendAction, appendActionSQL, gameID, newSeq, seat, moveKind(c.Move), string(c.Move), c.By, toMillis(at))
			if v, _ := db.d.violation(err); v {
				// The log's key (game, seq) takes move newSeq once, should
				// the guarded update ever let two writers through.
				return conflict(gameID, fmt.Sprintf("action %d is already in the log", newSeq))
			}
			if err != nil {
				return internal(gameID, err, "insert action")
			}
		}
		// Before the game's end drops its jobs.
		for _, k := range c.Finished {
			if err := db.finishJob(ctx, tx, gameID, k); err != nil {
				return err
			}
		}
		if snap != nil {
			if _, err := tx.ExecContext(ctx, `INSERT INTO snapshots (game_id, seq, state_version, state, at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (game_id, seq) DO UPDATE SET state_version = excluded.state_version, state = excluded.state, at = excluded.at`,
				gameID, newSeq, snapVersion, db.d.blob(snap), toMillis(at)); err != nil {
				return internal(gameID, err, "insert snapshot")
			}
		}
		switch {
		case over:
			if err := putResults(ctx, tx, gameID, c.Results); err != nil {
				return err
			}
			if err := endGame(ctx, tx, gameID, StatusFinished, at, ""); err != nil {
				return err
			}
		case c.Abandon:
			if err := endGame(ctx, tx, gameID, StatusAbandoned, at, c.EndReason); err != nil {
				return err
			}
		}
		if opts != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE games SET options = ? WHERE id = ?`, string(opts), gameID); err != nil {
				return internal(gameID, err, "update options")
			}
		}
		for _, ch := range c.Seats {
			if err := changeSeat(ctx, tx, gameID, ch); err != nil {
				return err
			}
		}
		for _, k := range c.DeleteJobs {
			if err := deleteJob(ctx, tx, gameID, k); err != nil {
				return err
			}
		}
		for _, j := range c.PutJobs {
			j.GameID = gameID
			if err := db.putJob(ctx, tx, j); err != nil {
				return err
			}
		}
		for _, m := range c.PutMessages {
			m.GameID = gameID
			if err := db.putMessage(ctx, tx, m); err != nil {
				return err
			}
		}
		for _, a := range c.Autopilot {
			res, err := tx.ExecContext(ctx, `UPDATE seats SET autopilot = ? WHERE game_id = ? AND seat = ? AND user_id != ''`, a.On, gameID, a.Seat)
			if err != nil {
				return internal(gameID, err, "update autopilot")
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return invalid(gameID, "Seat %d is not a person's seat in this game.", a.Seat+1)
			}
		}
		return nil
	})
}

// AutopilotChange turns the autopilot of a person's seat on or off.
type AutopilotChange struct {
	Seat int
	On   bool
}

// SeatChange gives a seat of a playing game to another player: a person
// (UserID set) or an AI (AILevel set). The seat keeps its place and
// options in the game; its DMClosed and Autopilot flags start
// afresh.
type SeatChange struct {
	Seat    int
	UserID  string
	AILevel string
	Name    string
}

// changeSeat applies one SeatChange, refusing a seat that does not exist
// and a person who already plays another seat of the game.
func changeSeat(ctx context.Context, tx *sqlTx, gameID string, ch SeatChange) error {
	if ch.UserID != "" {
		var other int
		err := tx.QueryRowContext(ctx, `SELECT seat FROM seats WHERE game_id = ? AND user_id = ? AND seat != ?`,
			gameID, ch.UserID, ch.Seat).Scan(&other)
		switch {
		case err == nil:
			return invalid(gameID, "That person already plays seat %d of this game.", other+1)
		case !errors.Is(err, sql.ErrNoRows):
			return internal(gameID, err, "check seat")
		}
	}
	res, err := tx.ExecContext(ctx, `UPDATE seats SET user_id = ?, ai_level = ?, display_name = ?, dm_closed = false, autopilot = false
		WHERE game_id = ? AND seat = ?`, ch.UserID, ch.AILevel, ch.Name, gameID, ch.Seat)
	if err != nil {
		return internal(gameID, err, "change seat")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return invalid(gameID, "There is no seat %d in this game.", ch.Seat+1)
	}
	return nil
}

// advanceSQL is the guarded update of a commit: it bumps the action count
// only from the count the caller expects and only for a playing game (or,
// when the fourth parameter is false, an active one).
const advanceSQL = `UPDATE games SET seq = ?1 WHERE id = ?2 AND seq = ?3
	AND (status = 'playing' OR (NOT ?4 AND status = 'lobby'))`

const appendActionSQL = `INSERT INTO actions (game_id, seq, seat, type, payload, notation, actor, at) VALUES (?, ?, ?, ?, '', ?, ?, ?)`

// whyNot explains a refused guarded update: no game, a stale sequence
// number, or a game in the wrong status.
func whyNot(ctx context.Context, tx *sqlTx, gameID string, seq int, needPlaying bool) error {
	st, cur, err := gameStatus(ctx, tx, gameID)
	if err != nil {
		return err
	}
	if cur != seq {
		return conflict(gameID, fmt.Sprintf("expected %d actions, the log has %d", seq, cur))
	}
	switch {
	case st == StatusLobby && needPlaying:
		return invalid(gameID, "This game has not started yet.")
	case !st.Active() || st == StatusFinished || st == StatusAbandoned:
		return invalid(gameID, "This game is over.")
	}
	return internal(gameID, nil, "guarded update refused for an unknown reason")
}

func putResults(ctx context.Context, tx *sqlTx, gameID string, results []engine.Result) error {
	for _, r := range results {
		if _, err := tx.ExecContext(ctx, `INSERT INTO standings (game_id, seat, rank, score, tie_break) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (game_id, seat) DO UPDATE SET rank = excluded.rank, score = excluded.score, tie_break = excluded.tie_break`,
			gameID, r.Seat, r.Rank, r.Score, r.TieBreak); err != nil {
			return internal(gameID, err, "insert result")
		}
		for i, row := range r.Rows {
			if _, err := tx.ExecContext(ctx, `INSERT INTO result_rows (game_id, seat, position, category, points) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (game_id, seat, position) DO UPDATE SET category = excluded.category, points = excluded.points`,
				gameID, r.Seat, i, row.Category, row.Points); err != nil {
				return internal(gameID, err, "insert result row")
			}
		}
	}
	return nil
}
