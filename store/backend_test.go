package store

import (
	"context"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"atheneum/store/storetest"
)

// A backend makes stores of one kind, for the tests every kind passes.
type backend struct {
	name string
	// fresh returns the DSN of a new, empty store that the test alone
	// uses, removed when the test ends: an SQLite file in the test's
	// directory, or a PostgreSQL schema of its own.
	fresh func(t testing.TB) string
}

// open opens the store at dsn, closed when the test ends.
func (be backend) open(t testing.TB, dsn string) *DB {
	t.Helper()
	db, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// openTest opens a new, empty store.
func (be backend) openTest(t testing.TB) *DB {
	t.Helper()
	return be.open(t, be.fresh(t))
}

var sqliteBackend = backend{name: "sqlite", fresh: func(t testing.TB) string {
	return filepath.Join(t.TempDir(), "test.db")
}}

// postgresBackend returns the PostgreSQL backend, whose stores are each
// in a schema of their own on the test server (see storetest): it skips
// the test when no server answers, except under CI, which must test
// PostgreSQL too.
func postgresBackend(t testing.TB) backend {
	t.Helper()
	storetest.Require(t)
	return backend{name: "postgres", fresh: storetest.Postgres}
}

// eachBackend runs test once on each backend, as subtests named after
// them: SQLite, then PostgreSQL when a server answers.
func eachBackend(t *testing.T, test func(t *testing.T, be backend)) {
	t.Run(sqliteBackend.name, func(t *testing.T) { test(t, sqliteBackend) })
	t.Run("postgres", func(t *testing.T) { test(t, postgresBackend(t)) })
}

// eachBackendB is eachBackend for a benchmark, whose PostgreSQL sessions
// commit as the bot's do.
func eachBackendB(b *testing.B, bench func(b *testing.B, be backend)) {
	b.Run(sqliteBackend.name, func(b *testing.B) { bench(b, sqliteBackend) })
	b.Run("postgres", func(b *testing.B) {
		be := postgresBackend(b)
		fresh := be.fresh
		be.fresh = func(t testing.TB) string {
			u, err := url.Parse(fresh(t))
			if err != nil {
				t.Fatal(err)
			}
			q := u.Query()
			q.Del("synchronous_commit")
			u.RawQuery = q.Encode()
			return u.String()
		}
		bench(b, be)
	})
}

// rawSQL runs raw SQL on the store as an outside hand would: the query in
// SQLite's dialect, or pgQuery instead on PostgreSQL when it is not "".
func rawSQL(t testing.TB, db *DB, query, pgQuery string, args ...any) {
	t.Helper()
	if pgQuery != "" && db.pg != nil {
		query = pgQuery
	}
	if _, err := db.w.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", strings.TrimSpace(query), err)
	}
}
