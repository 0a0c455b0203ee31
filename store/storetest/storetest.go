// Package storetest gives tests a PostgreSQL schema of their own on the
// project's test server, so that the store's tests, and those of the
// packages above it that must hold on PostgreSQL too (several processes
// sharing one database), run on both backends. It does not import the
// store.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Env names the PostgreSQL server the tests use, as a URL of a database in
// which they may create schemas; DefaultURL is the one the project's
// machines run. The tests' sessions commit without waiting for the
// server's disk (synchronous_commit=off), which would triple their time:
// they kill clients, never the server, whose crash alone loses such
// commits.
const (
	Env        = "ATHENEUM_TEST_POSTGRES"
	DefaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable&connect_timeout=5&synchronous_commit=off"
)

// admin creates and drops the tests' schemas: the server's URL and a pool
// on it, or why there is none; the server is asked once per test binary.
var admin = sync.OnceValues(func() (*server, error) {
	base := os.Getenv(Env)
	if base == "" {
		base = DefaultURL
	}
	config, err := pgx.ParseConfig(base)
	if err != nil {
		return nil, err
	}
	conns := stdlib.OpenDB(*config)
	if err := conns.PingContext(context.Background()); err != nil {
		conns.Close()
		return nil, fmt.Errorf("no PostgreSQL server answers at %s:%d: %w", config.Host, config.Port, err)
	}
	return &server{base: base, db: conns}, nil
})

type server struct {
	base string
	db   *sql.DB
}

// Require skips t when no PostgreSQL test server answers, except under CI
// (CI=true), which must test PostgreSQL too and fails t instead.
func Require(t testing.TB) {
	t.Helper()
	if _, err := admin(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI runs the tests on PostgreSQL too, but %v", err)
		}
		t.Skipf("PostgreSQL half skipped: %v (start a server, or set %s to the URL of one)", err, Env)
	}
}

// Postgres creates a schema for t alone, dropped with all it holds when t
// ends, and returns the URL of the test database with that schema as its
// search_path (Require's rules apply when there is no server). Stores
// opened on it should be closed by cleanups registered after this call.
func Postgres(t testing.TB) string {
	t.Helper()
	Require(t)
	a, _ := admin()
	ctx := context.Background()
	var b [10]byte
	_, _ = rand.Read(b[:])
	schema := "test_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
	if _, err := a.db.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
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
