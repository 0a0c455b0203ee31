package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DefaultPath is the database file used when Open is given "".
const DefaultPath = "atheneum.db"

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFS embed.FS

// DB is the store: an SQLite file (a single writer connection and a pool
// of readers) or a PostgreSQL database (one pool). It is safe for
// concurrent use, and a PostgreSQL database for use by several processes.
type DB struct {
	// w writes and r reads; on PostgreSQL they are the same pool.
	w, r pool
	d    dialect
	// path is the file's path, or the URL without its password.
	path string
	// current is set once the schema is the latest, which the hot path's
	// statements need.
	current bool
	// The hot path's statements, prepared once on SQLite's writer
	// connection (nil on PostgreSQL, whose driver caches every statement
	// on each connection), and the check of a copy on its readers.
	advance, appendAction, progress *sql.Stmt
	// pg is set for PostgreSQL: what WatchGames connects with and the
	// name this DB's changes carry.
	pg *postgres
	// owner names this DB in the leases of the jobs it claims (on
	// PostgreSQL, the origin of its changes too).
	owner string
}

// Open opens the store that dsn names and brings its schema up to date. A
// postgres:// or postgresql:// URL names a PostgreSQL database (see
// IsPostgresURL), whose schema (the first of its search_path) must exist;
// anything else is the path of an SQLite file, created if needed ("" for
// DefaultPath).
func Open(ctx context.Context, dsn string) (*DB, error) {
	return open(ctx, dsn, -1)
}

// open is Open with the schema stopped at migration upTo (-1: all), which
// lets tests build a database as an older version left it.
func open(ctx context.Context, dsn string, upTo int) (*DB, error) {
	if IsPostgresURL(dsn) {
		return openPostgres(ctx, dsn, upTo)
	}
	return openSQLite(ctx, dsn, upTo)
}

// IsPostgresURL reports whether dsn names a PostgreSQL database (a
// postgres:// or postgresql:// URL) rather than an SQLite file. Only
// PostgreSQL may be shared by several processes.
func IsPostgresURL(dsn string) bool {
	scheme, _, ok := strings.Cut(dsn, "://")
	return ok && (strings.EqualFold(scheme, "postgres") || strings.EqualFold(scheme, "postgresql"))
}

// RedactDSN returns dsn fit for logs and messages: a URL with its password
// (in the user part or the query) replaced by "xxxxx"; a path as it is.
func RedactDSN(dsn string) string {
	if !IsPostgresURL(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		// Not even a URL: nothing of it is safe to show.
		return "(an unreadable PostgreSQL URL)"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// prepare compiles the statements every action commit runs, on SQLite's
// one writer connection, so that they are compiled once instead of once
// per commit.
func (db *DB) prepare(ctx context.Context) error {
	var err error
	if db.advance, err = db.w.db.PrepareContext(ctx, advanceSQL); err != nil {
		return internal("", err, "prepare")
	}
	if db.appendAction, err = db.w.db.PrepareContext(ctx, appendActionSQL); err != nil {
		return internal("", err, "prepare")
	}
	return nil
}

// Close gives up the leases of the jobs this DB claimed, so that another
// process takes them at once (a lease that cannot be given up runs out),
// and closes the database; on SQLite the writer closes last so that it
// checkpoints the WAL into the main file.
func (db *DB) Close() error {
	if db.current {
		ctx, cancel := context.WithTimeout(context.Background(), releaseTimeout)
		_ = db.releaseJobs(ctx)
		cancel()
	}
	db.r.stmts.close()
	db.w.stmts.close()
	var err error
	if db.r.db != nil && db.r.db != db.w.db {
		err = db.r.db.Close()
	}
	for _, s := range []*sql.Stmt{db.advance, db.appendAction, db.progress} {
		if s != nil {
			s.Close()
		}
	}
	if werr := db.w.db.Close(); err == nil {
		err = werr
	}
	if err != nil {
		return internal("", err, "close")
	}
	return nil
}

// Path returns the database file's path, or the PostgreSQL URL without its
// password.
func (db *DB) Path() string { return db.path }

type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns a dialect's embedded migrations in order, checking
// that they are numbered 1, 2, 3... with no gap, so a missing file cannot
// be skipped.
func migrations(d dialect) ([]migration, error) {
	dir := "migrations/" + d.name() + "/"
	names, err := fs.Glob(migrationFS, dir+"*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, p := range names {
		base := strings.TrimPrefix(p, dir)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must be NNNN_name.sql", base)
		}
		data, err := migrationFS.ReadFile(p)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: base, sql: string(data)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d", m.name, i+1)
		}
	}
	return ms, nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction with its record, so a crash leaves the schema at a whole
// version; each transaction first takes the dialect's migration lock, so a
// second process opening at once waits its turn.
func (db *DB) migrate(ctx context.Context, upTo int) error {
	ms, err := migrations(db.d)
	if err != nil {
		return internal("", err, "read migrations")
	}
	if upTo < 0 || upTo > len(ms) {
		upTo = len(ms)
	}
	err = db.write(ctx, "", func(tx *sqlTx) error {
		if err := db.d.lockMigrations(ctx, tx); err != nil {
			return internal("", err, "lock the schema")
		}
		if _, err := tx.ExecContext(ctx, db.d.schemaMigrationsDDL()); err != nil {
			return internal("", err, "create schema_migrations")
		}
		return nil
	})
	if err != nil {
		return err
	}
	for {
		done, err := db.migrateOne(ctx, ms, upTo)
		if err != nil || done {
			return err
		}
	}
}

func (db *DB) migrateOne(ctx context.Context, ms []migration, upTo int) (done bool, err error) {
	err = db.write(ctx, "", func(tx *sqlTx) error {
		if err := db.d.lockMigrations(ctx, tx); err != nil {
			return internal("", err, "lock the schema")
		}
		var cur int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&cur); err != nil {
			return internal("", err, "read schema version")
		}
		if cur > len(ms) {
			return &Error{Code: CodeInvalid, Message: "The database was written by a newer version of this program.",
				Reason: fmt.Sprintf("schema version %d, this program knows %d", cur, len(ms))}
		}
		if cur >= upTo {
			done = true
			return nil
		}
		m := ms[cur]
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return internal("", err, "apply migration "+m.name)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
			m.version, m.name, toMillis(time.Now())); err != nil {
			return internal("", err, "record migration "+m.name)
		}
		return nil
	})
	return done, err
}

// SchemaVersion returns the number of the last migration applied (each
// backend numbers its own migrations).
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	if err := db.r.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, internal("", err, "read schema version")
	}
	return v, nil
}

// releaseTimeout bounds how long Close tries to give up leases: a server
// that does not answer lets them run out instead.
const releaseTimeout = 5 * time.Second

// Progress returns a game's status and the number of moves in its log as
// the database holds them now, in one query: what a process checks its
// copy of a game against before changing it (see MoveCount), which also
// tells a lobby another process started or a game it ended.
func (db *DB) Progress(ctx context.Context, gameID string) (Status, int, error) {
	if db.progress == nil {
		return gameStatus(ctx, db.r, gameID)
	}
	// Prepared once: compiling the query cost as much as running it.
	return scanStatus(gameID, db.progress.QueryRowContext(ctx, gameID))
}

// Shared reports whether other processes may change the games this DB
// holds: true on PostgreSQL, which several bot processes share, false on
// SQLite, which one process alone writes (see WatchGames). A process
// alone on its database knows every change to its games, having made
// them, and need not check its copies against the store (Progress).
func (db *DB) Shared() bool { return db.pg != nil }

// MoveCount returns the number of moves in a game's log as the database
// holds it now, in one query. Where several processes share the database,
// a process checks its copy of a game against it before applying a move
// to that copy: a copy with fewer moves is stale (another process moved)
// and is reloaded first. Commit checks the count again, atomically.
func (db *DB) MoveCount(ctx context.Context, gameID string) (int, error) {
	_, seq, err := db.Progress(ctx, gameID)
	return seq, err
}

// toMillis stores a time as Unix milliseconds, 0 for the zero time.
func toMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMillis is the inverse of toMillis.
func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}
