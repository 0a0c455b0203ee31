package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"
)

// Job is a scheduled piece of work (a deadline, a reminder) kept in the
// database so that timers survive restarts. Its key is (GameID, Kind, Seat);
// Seat is NoSeat for a job about the whole game. Payload is opaque to the
// store.
//
// A job is claimed before it runs, through a lease (see ClaimJobs): one DB
// holds it until a time, and no other claims it before then, so that of
// several processes sharing the jobs one runs each; a process that dies
// holding a lease loses it when the lease runs out.
type Job struct {
	GameID  string
	Kind    string
	Seat    int
	Due     time.Time
	Payload []byte
	// Lease is when the job's lease runs out, zero when nobody ever held
	// it. A job put with a Lease is stored held by this DB until then,
	// for work the caller does at once itself and no other process should
	// take meanwhile; a job put without one is nobody's.
	Lease time.Time
	// Held is set on a job read back when this DB holds its lease (which
	// may have run out since); ignored by a put.
	Held bool
}

// JobKey names a game's job by kind and seat (AllSeats: every seat).
type JobKey struct {
	Kind string
	Seat int
}

// PutJob schedules a job, replacing any with the same key (and its lease:
// the job is new work).
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
	owner := ""
	if !j.Lease.IsZero() {
		owner = db.owner
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO jobs (game_id, kind, seat, due, payload, lease_owner, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, kind, seat) DO UPDATE SET due = excluded.due, payload = excluded.payload,
			lease_owner = excluded.lease_owner, lease_until = excluded.lease_until`,
		j.GameID, j.Kind, j.Seat, toMillis(j.Due), j.Payload, owner, toMillis(j.Lease))
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

// finishJob deletes a job this DB holds, as Commit.Finished: ErrConflict
// when it is no longer this DB's.
func (db *DB) finishJob(ctx context.Context, tx *sqlTx, gameID string, k JobKey) error {
	if k.Seat == AllSeats {
		return invalid(gameID, "A finished job is one job, of one seat or of none.")
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE game_id = ? AND kind = ? AND seat = ? AND lease_owner = ?`,
		gameID, k.Kind, k.Seat, db.owner)
	if err != nil {
		return internal(gameID, err, "finish job")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return conflict(gameID, "the "+k.Kind+" job is no longer this process's")
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

// ClaimJobs claims the jobs due at or before now that nobody holds (never
// claimed, or whose lease has run out by now): each is leased to this DB
// until until, and returned, earliest first (jobs due at the same
// millisecond in the order of their key, game, kind and seat, so the
// order never depends on how the database happens to scan them).
//
// Of several DBs claiming at once, one takes each job: on PostgreSQL the
// jobs are picked with FOR UPDATE SKIP LOCKED, so that claimers pass over
// each other's rows instead of waiting; SQLite's single writer orders
// them. The claimer then runs the job and deletes or replaces it (a put
// job is nobody's), or keeps it held while its work goes on (see
// HoldJob); a claimer that dies loses its jobs when their leases run out,
// and the next claim after that takes them. Times are the caller's clock,
// which every process sharing the jobs must agree on.
func (db *DB) ClaimJobs(ctx context.Context, now, until time.Time) ([]Job, error) {
	var out []Job
	err := db.write(ctx, "", func(tx *sqlTx) error {
		// The lease is checked again outside the subquery: a row another
		// claimer changed since the statement began is judged as it is now.
		rows, err := tx.QueryContext(ctx, `UPDATE jobs SET lease_owner = ?1, lease_until = ?2
			WHERE (game_id, kind, seat) IN (SELECT game_id, kind, seat FROM jobs WHERE due <= ?3 AND lease_until <= ?3`+db.d.skipLocked()+`)
			AND lease_until <= ?3
			RETURNING game_id, kind, seat, due, payload, lease_until`, db.owner, toMillis(until), toMillis(now))
		if err != nil {
			return internal("", err, "claim jobs")
		}
		out, err = scanJobs(rows, true)
		return err
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Job) int {
		if c := a.Due.Compare(b.Due); c != 0 {
			return c
		}
		if c := strings.Compare(a.GameID, b.GameID); c != 0 {
			return c
		}
		if c := strings.Compare(a.Kind, b.Kind); c != 0 {
			return c
		}
		return a.Seat - b.Seat
	})
	return out, nil
}

// HoldJob takes or keeps this DB's lease on a game's due job until until,
// and returns the job as it is now: it holds the job if this DB held it
// already (its lease may have run out, if nobody took it since), or if
// nobody holds it by now. A job held by another DB until later than now,
// or not due by now, gives ErrConflict; a job that is not there,
// ErrNotFound.
//
// A claimer holds a claimed job again just before it runs it, which
// checks that the job is still its own (not taken over by another
// process once the lease ran out, nor replaced since) and gives the run a
// whole lease; a process holds a job it works on for a long while (the
// moves of the game's computer players) so that no other process takes
// that work meanwhile.
func (db *DB) HoldJob(ctx context.Context, gameID string, k JobKey, now, until time.Time) (Job, error) {
	if k.Seat == AllSeats {
		return Job{}, invalid(gameID, "A held job is one job, of one seat or of none.")
	}
	var out []Job
	err := db.write(ctx, gameID, func(tx *sqlTx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE jobs SET lease_owner = ?1, lease_until = ?2
			WHERE game_id = ?3 AND kind = ?4 AND seat = ?5 AND due <= ?6 AND (lease_owner = ?1 OR lease_until <= ?6)
			RETURNING game_id, kind, seat, due, payload, lease_until`, db.owner, toMillis(until), gameID, k.Kind, k.Seat, toMillis(now))
		if err != nil {
			return internal(gameID, err, "hold job")
		}
		out, err = scanJobs(rows, true)
		return err
	})
	switch {
	case err != nil:
		return Job{}, err
	case len(out) == 1:
		return out[0], nil
	}
	if _, err := db.GetJob(ctx, gameID, k); err != nil {
		return Job{}, err
	}
	return Job{}, conflict(gameID, "the "+k.Kind+" job is another process's, or not due")
}

// Jobs returns every scheduled job, earliest first.
func (db *DB) Jobs(ctx context.Context) ([]Job, error) {
	return db.jobs(ctx, ``)
}

func (db *DB) jobs(ctx context.Context, where string, args ...any) ([]Job, error) {
	// The owner is parameter 1: the where's bare placeholders follow it.
	rows, err := db.r.QueryContext(ctx, `SELECT game_id, kind, seat, due, payload, lease_until, lease_owner = ?1 FROM jobs `+where+
		` ORDER BY due, game_id, kind, seat`, append([]any{db.owner}, args...)...)
	if err != nil {
		return nil, internal("", err, "list jobs")
	}
	return scanJobs(rows, false)
}

// scanJobs reads rows of (game_id, kind, seat, due, payload, lease_until)
// followed, unless held says that this DB holds them all, by whether this
// DB holds the row's lease; it closes rows.
func scanJobs(rows *sql.Rows, held bool) ([]Job, error) {
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		var due, lease int64
		dest := []any{&j.GameID, &j.Kind, &j.Seat, &due, &j.Payload, &lease}
		if !held {
			dest = append(dest, &j.Held)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, internal(j.GameID, err, "read job")
		}
		j.Due, j.Lease, j.Held = fromMillis(due), fromMillis(lease), j.Held || held
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("", err, "list jobs")
	}
	return out, nil
}

// releaseJobs gives up every lease this DB holds, so that other processes
// take its jobs at once instead of when the leases run out.
func (db *DB) releaseJobs(ctx context.Context) error {
	_, err := db.w.ExecContext(ctx, `UPDATE jobs SET lease_owner = '', lease_until = 0 WHERE lease_owner = ?`, db.owner)
	return err
}

// clearLeases gives up every lease, whoever holds it: on SQLite, which one
// process uses, a lease found at Open was its previous run's.
func (db *DB) clearLeases(ctx context.Context) error {
	_, err := db.w.ExecContext(ctx, `UPDATE jobs SET lease_owner = '', lease_until = 0 WHERE lease_owner <> ''`)
	if err != nil {
		return internal("", err, "clear job leases")
	}
	return nil
}
