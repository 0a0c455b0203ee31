package store

import (
	"context"
	"database/sql"
	"errors"
	"runtime"
	"strings"

	"modernc.org/sqlite"
)

// Pragmas go in the DSN so that every pooled connection gets them, not just
// the first one.
const (
	commonPragmas = "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)"
	writerDSN     = "?" + commonPragmas + "&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	readerDSN     = "?" + commonPragmas + "&_pragma=query_only(1)"
)

// openSQLite opens (creating if needed) the SQLite file at path, or
// DefaultPath if path is "", with its schema at migration upTo (-1: the
// latest).
func openSQLite(ctx context.Context, path string, upTo int) (*DB, error) {
	if path == "" {
		path = DefaultPath
	}
	if strings.ContainsAny(path, "?#") {
		return nil, invalid("", "The database path may not contain '?' or '#'.")
	}
	d := sqliteDialect{}
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
	db := &DB{w: pool{db: w, d: d}, d: d, path: path, owner: newID()}
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
		// One process uses the file: a lease found now is a dead one's.
		if err := db.clearLeases(ctx); err != nil {
			w.Close()
			return nil, err
		}
		db.current = true
		// Only now: the migrations' scripts ran unprepared.
		db.w.stmts = newStmtCache(w)
	}
	r, err := sql.Open("sqlite", "file:"+path+readerDSN)
	if err != nil {
		w.Close()
		return nil, internal("", err, "open readers")
	}
	n := max(4, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	db.r = pool{db: r, d: d}
	if db.current {
		db.r.stmts = newStmtCache(r)
	}
	if db.current {
		if db.progress, err = r.PrepareContext(ctx, gameStatusSQL); err != nil {
			db.Close()
			return nil, internal("", err, "prepare")
		}
	}
	return db, nil
}

// sqliteDialect is SQLite's: the store's SQL as written. Its single writer
// connection, whose transactions begin IMMEDIATE, already makes writers
// queue.
type sqliteDialect struct{}

func (sqliteDialect) name() string { return "sqlite" }

func (sqliteDialect) rebind(query string, args []any) (string, []any) { return query, args }

// The reader pool's transactions read one WAL snapshot already.
func (sqliteDialect) readOnly() *sql.TxOptions { return &sql.TxOptions{ReadOnly: true} }

func (sqliteDialect) noLimit() any { return -1 }

func (sqliteDialect) practice(col string) string {
	return "coalesce(json_extract(" + col + ", '$.practice'), 0)"
}

func (sqliteDialect) pairs(col, alias string) string { return "json_each(" + col + ") " + alias }

// The column is TEXT in a STRICT table, which refuses a BLOB.
func (sqliteDialect) blob(b []byte) any { return string(b) }

func (sqliteDialect) violation(err error) (bool, string) {
	var se *sqlite.Error
	// SQLITE_CONSTRAINT is 19; extended codes keep it in the low byte.
	if errors.As(err, &se) && se.Code()&0xff == 19 {
		return true, se.Error()
	}
	return false, ""
}

func (sqliteDialect) claimGame(context.Context, *sqlTx, string) error { return nil }

// The single writer claims alone.
func (sqliteDialect) skipLocked() string { return "" }

// BEGIN IMMEDIATE has locked the whole file.
func (sqliteDialect) lockMigrations(context.Context, *sqlTx) error { return nil }

func (sqliteDialect) schemaMigrationsDDL() string {
	return `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL
	) STRICT`
}
