package store

import (
	"context"
	"time"
)

// Job is a scheduled piece of work (a deadline, a reminder) kept in the
// database so that timers survive restarts. Its key is (GameID, Kind, Seat);
// Seat is NoSeat for a job about the whole game. Payload is opaque to the
// store.
type Job struct {
	GameID  string
	Kind    string
	Seat    int
	Due     time.Time
	Payload []byte
}

// JobKey names a game's job by kind and seat (AllSeats: every seat).
type JobKey struct {
	Kind string
	Seat int
}

// PutJob schedules a job, replacing any with the same key.
func (db *DB) PutJob(ctx context.Context, j Job) error {
	return db.write(ctx, j.GameID, func(tx *sqlTx) error { return db.putJob(ctx, tx, j) })
}

func (db *DB) putJob(ctx context.Context, tx *sqlTx, j Job) error {
	if j.Kind == "" || j.Due.IsZero() {
		return invalid(j.GameID, "A job needs a kind and a due time.")
	}
	if j.Payload == nil {
		j.Payload = []byte{} // the column is NOT NULL
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO jobs (game_id, kind, seat, due, payload) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id, kind, seat) DO UPDATE SET due = excluded.due, payload = excluded.payload`,
		j.GameID, j.Kind, j.Seat, toMillis(j.Due), j.Payload)
	if v, _ := db.d.violation(err); v {
		return notFound(j.GameID, "There is no such game.")
	}
	if err != nil {
		return internal(j.GameID, err, "put job")
	}
	return nil
}

// DeleteJob removes a game's job (deleting one that is not there is not an
// error).
func (db *DB) DeleteJob(ctx context.Context, gameID string, k JobKey) error {
	return db.write(ctx, gameID, func(tx *sqlTx) error { return deleteJob(ctx, tx, gameID, k) })
}

func deleteJob(ctx context.Context, tx *sqlTx, gameID string, k JobKey) error {
	var err error
	if k.Seat == AllSeats {
		_, err = tx.ExecContext(ctx, `DELETE FROM jobs WHERE game_id = ? AND kind = ?`, gameID, k.Kind)
	} else {
		_, err = tx.ExecContext(ctx, `DELETE FROM jobs WHERE game_id = ? AND kind = ? AND seat = ?`, gameID, k.Kind, k.Seat)
	}
	if err != nil {
		return internal(gameID, err, "delete job")
	}
	return nil
}

// GetJob returns one of a game's jobs, or ErrNotFound.
func (db *DB) GetJob(ctx context.Context, gameID string, k JobKey) (Job, error) {
	jobs, err := db.jobs(ctx, `WHERE game_id = ? AND kind = ? AND seat = ?`, gameID, k.Kind, k.Seat)
	if err != nil {
		return Job{}, err
	}
	if len(jobs) == 0 {
		return Job{}, notFound(gameID, "There is no such job.")
	}
	return jobs[0], nil
}

// GameJobs returns a game's scheduled jobs, earliest first.
func (db *DB) GameJobs(ctx context.Context, gameID string) ([]Job, error) {
	return db.jobs(ctx, `WHERE game_id = ?`, gameID)
}

// DueJobs returns the jobs due at or before t, earliest first; jobs due at
// the same millisecond come in the order of their key (game, kind, seat),
// so the order never depends on how SQLite happens to scan them.
func (db *DB) DueJobs(ctx context.Context, t time.Time) ([]Job, error) {
	return db.jobs(ctx, `WHERE due <= ?`, toMillis(t))
}

// Jobs returns every scheduled job, earliest first.
func (db *DB) Jobs(ctx context.Context) ([]Job, error) {
	return db.jobs(ctx, ``)
}

func (db *DB) jobs(ctx context.Context, where string, args ...any) ([]Job, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT game_id, kind, seat, due, payload FROM jobs `+where+` ORDER BY due, game_id, kind, seat`, args...)
	if err != nil {
		return nil, internal("", err, "list jobs")
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		var due int64
		if err := rows.Scan(&j.GameID, &j.Kind, &j.Seat, &due, &j.Payload); err != nil {
			return nil, internal("", err, "read job")
		}
		j.Due = fromMillis(due)
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "list jobs")
	}
	return out, nil
}
