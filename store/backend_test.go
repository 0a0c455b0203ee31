package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// postgresEnv names the PostgreSQL server the tests use, as a URL of a
// database in which they may create schemas; postgresDefault is the one
// the project's machines run. The tests' sessions commit without waiting
// for the server's disk (synchronous_commit=off), which would triple their
// time: they kill clients, never the server, whose crash alone loses such
// commits. Benchmarks wait for the disk, as the bot's sessions do.
const (
	postgresEnv     = "ATHENEUM_TEST_POSTGRES"
	postgresDefault = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable&connect_timeout=5&synchronous_commit=off"
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

// postgresServer is the test server's URL and a pool on it, or why there
// is none; it is asked once per test binary.
var postgresServer = sync.OnceValues(func() (*postgresAdmin, error) {
	base := os.Getenv(postgresEnv)
	if base == "" {
		base = postgresDefault
	}
	config, err := pgx.ParseConfig(base)
	if err != nil {
		return nil, err
	}
	conns := stdlib.OpenDB(*config)
	if err := conns.PingContext(context.Background()); err != nil {
		conns.Close()
		return nil, fmt.Errorf("no PostgreSQL server answers at %s: %w", RedactDSN(base), err)
	}
	return &postgresAdmin{base: base, db: conns}, nil
})

// postgresAdmin creates and drops the tests' schemas.
type postgresAdmin struct {
	base string
	db   *sql.DB
}

// postgresBackend returns the PostgreSQL backend, skipping the test when
// no server answers, except under CI, which must test PostgreSQL too.
func postgresBackend(t testing.TB) backend {
	t.Helper()
	admin, err := postgresServer()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI runs the store's tests on PostgreSQL too, but %v", err)
		}
		t.Skipf("PostgreSQL half skipped: %v (start a server, or set %s to the URL of one)", err, postgresEnv)
	}
	return backend{name: "postgres", fresh: admin.freshSchema}
}

// freshSchema creates a schema for the test alone, dropped with all it
// holds when the test ends, and returns the URL of the test database with
// that schema as its search_path.
func (a *postgresAdmin) freshSchema(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	schema := "test_" + newID()
	if _, err := a.db.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	// Registered before any store on it is opened, so it runs after they
	// are closed.
	t.Cleanup(func() {
		if _, err := a.db.ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("dropping the test's schema: %v", err)
		}
	})
	u, err := url.Parse(a.base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
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
