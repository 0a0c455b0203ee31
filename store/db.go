package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// DefaultPath is the database file used when Open is given "".
const DefaultPath = "atheneum.db"

// Pragmas go in the DSN so that every pooled connection gets them, not just
// the first one.
const (
	commonPragmas = "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)"
	writerDSN     = "?" + commonPragmas + "&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	readerDSN     = "?" + commonPragmas + "&_pragma=query_only(1)"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// DB is the store: one SQLite file, a single writer connection and a pool of
// readers. It is safe for concurrent use.
type DB struct {
	w    *sql.DB
	r    *sql.DB
	path string
	// The hot path's statements, prepared once on the writer connection.
	advance, appendAction *sql.Stmt
}

// Open opens (creating if needed) the database at path, or DefaultPath if
// path is "", and brings its schema up to date.
func Open(ctx context.Context, path string) (*DB, error) {
	return open(ctx, path, -1)
}

// open is Open with the schema stopped at migration upTo (-1: all), which
// lets tests build a database as an older version left it.
func open(ctx context.Context, path string, upTo int) (*DB, error) {
	if path == "" {
		path = DefaultPath
	}
	if strings.ContainsAny(path, "?#") {
		return nil, invalid("", "The database path may not contain '?' or '#'.")
	}
	w, err := sql.Open("sqlite", "file:"+path+writerDSN)
	if err != nil {
		return nil, internal("", err, "open writer")
	}
	// One writer connection: writes queue in Go instead of failing with
	// SQLITE_BUSY, and a transaction's read-then-write is never interleaved.
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	db := &DB{w: w, path: path}
	// Migrate before the readers exist, so that WAL mode is set first.
	if err := db.migrate(ctx, upTo); err != nil {
		w.Close()
		return nil, err
	}
	// The hot path's statements need the latest schema: a database stopped
	// at an older migration (which tests fill with raw SQL as an older
	// version wrote it) goes without them.
	if upTo < 0 {
		if err := db.prepare(ctx); err != nil {
			w.Close()
			return nil, err
		}
	}
	r, err := sql.Open("sqlite", "file:"+path+readerDSN)
	if err != nil {
		w.Close()
		return nil, internal("", err, "open readers")
	}
	n := max(4, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	db.r = r
	return db, nil
}

// prepare compiles the statements every action commit runs; on the one
// writer connection they are compiled once instead of once per commit.
func (db *DB) prepare(ctx context.Context) error {
	var err error
	if db.advance, err = db.w.PrepareContext(ctx, advanceSQL); err != nil {
		return internal("", err, "prepare")
	}
	if db.appendAction, err = db.w.PrepareContext(ctx, appendActionSQL); err != nil {
		return internal("", err, "prepare")
	}
	return nil
}

// Close closes the database; the writer closes last so that it checkpoints
// the WAL into the main file.
func (db *DB) Close() error {
	var err error
	if db.r != nil {
		err = db.r.Close()
	}
	for _, s := range []*sql.Stmt{db.advance, db.appendAction} {
		if s != nil {
			s.Close()
		}
	}
	if werr := db.w.Close(); err == nil {
		err = werr
	}
	if err != nil {
		return internal("", err, "close")
	}
	return nil
}

// Path returns the database file's path.
func (db *DB) Path() string { return db.path }

type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded migrations in order, checking that they
// are numbered 1, 2, 3... with no gap, so a missing file cannot be skipped.
func migrations() ([]migration, error) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, p := range names {
		base := strings.TrimPrefix(p, "migrations/")
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
// IMMEDIATE transaction with its record, so a crash leaves the schema at a
// whole version and a second process opening at once waits its turn.
func (db *DB) migrate(ctx context.Context, upTo int) error {
	ms, err := migrations()
	if err != nil {
		return internal("", err, "read migrations")
	}
	if upTo < 0 || upTo > len(ms) {
		upTo = len(ms)
	}
	if _, err := db.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return internal("", err, "create schema_migrations")
	}
	for {
		done, err := db.migrateOne(ctx, ms, upTo)
		if err != nil || done {
			return err
		}
	}
}

func (db *DB) migrateOne(ctx context.Context, ms []migration, upTo int) (done bool, err error) {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return false, internal("", err, "begin migration")
	}
	defer tx.Rollback()
	var cur int
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&cur); err != nil {
		return false, internal("", err, "read schema version")
	}
	if cur > len(ms) {
		return false, &Error{Code: CodeInvalid, Message: "The database was written by a newer version of this program.",
			Reason: fmt.Sprintf("schema version %d, this program knows %d", cur, len(ms))}
	}
	if cur >= upTo {
		return true, nil
	}
	m := ms[cur]
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return false, internal("", err, "apply migration "+m.name)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, toMillis(time.Now())); err != nil {
		return false, internal("", err, "record migration "+m.name)
	}
	if err := tx.Commit(); err != nil {
		return false, internal("", err, "commit migration "+m.name)
	}
	return false, nil
}

// SchemaVersion returns the number of the last migration applied.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	if err := db.r.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, internal("", err, "read schema version")
	}
	return v, nil
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
