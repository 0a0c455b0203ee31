package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

func TestStoresAreChosenByTheirDSN(t *testing.T) {
	t.Parallel()
	cases := []struct {
		dsn      string
		postgres bool
		redacted string
	}{
		{"atheneum.db", false, "atheneum.db"},
		{"/var/lib/atheneum/games.db", false, "/var/lib/atheneum/games.db"},
		{"", false, ""},
		{"postgres://bot@db.internal:5432/atheneum", true, "postgres://bot@db.internal:5432/atheneum"},
		{"postgresql://bot:s3cret@db.internal/atheneum?sslmode=require", true, "postgresql://bot:xxxxx@db.internal/atheneum?sslmode=require"},
		{"POSTGRES://bot@host/db?password=s3cret", true, "postgres://bot@host/db?password=xxxxx"},
		{"postgres:/not-a-url", false, "postgres:/not-a-url"},
		{"./postgres.db", false, "./postgres.db"},
	}
	for _, c := range cases {
		kind := map[bool]string{false: "an SQLite file", true: "PostgreSQL"}[c.postgres]
		t.Run(fmt.Sprintf("%q names %s and logs as %q", c.dsn, kind, c.redacted), func(t *testing.T) {
			if got := IsPostgresURL(c.dsn); got != c.postgres {
				t.Errorf("IsPostgresURL: %v", got)
			}
			if got := RedactDSN(c.dsn); got != c.redacted {
				t.Errorf("RedactDSN: %q", got)
			}
		})
	}
}

func TestQueriesAreRewrittenForPostgres(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		query string
		args  []any
		want  string
		wargs []any
	}{
		{"bare placeholders are numbered in order", `SELECT a FROM t WHERE b = ? AND c = ?`, []any{1, 2},
			`SELECT a FROM t WHERE b = $1 AND c = $2`, []any{1, 2}},
		{"a numbered placeholder used twice is one parameter", `SELECT ?1 WHERE ?2 = '' OR x = ?2`, []any{"a", "b"},
			`SELECT $1 WHERE $2 = '' OR x = $2`, []any{"a", "b"}},
		{"an argument the query does not use is left out", `SELECT ?1, ?3`, []any{"a", "b", "c"},
			`SELECT $1, $2`, []any{"a", "c"}},
		{"parameters are numbered as they first appear", `SELECT ?4 FROM t WHERE ?1 AND ?4`, []any{"a", "b", "c", "d"},
			`SELECT $1 FROM t WHERE $2 AND $1`, []any{"d", "a"}},
		{"a bare placeholder follows the largest number so far", `VALUES (?2, ?, ?1)`, []any{"a", "b", "c"},
			`VALUES ($1, $2, $3)`, []any{"b", "c", "a"}},
		{"question marks in quotes and comments are text", "SELECT '?', \"a?\" -- why?\nFROM t WHERE x = ?", []any{1},
			"SELECT '?', \"a?\" -- why?\nFROM t WHERE x = $1", []any{1}},
		{"a doubled quote stays inside its text", `SELECT 'it''s ?' WHERE x = ?`, []any{1},
			`SELECT 'it''s ?' WHERE x = $1`, []any{1}},
		{"too few arguments leave the query for the server to refuse", `SELECT ?, ?`, []any{1},
			`SELECT ?, ?`, []any{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &postgresDialect{}
			for range 2 { // the second time from the cache
				got, args := d.rebind(c.query, c.args)
				if got != c.want || !slices.Equal(args, c.wargs) {
					t.Fatalf("got %q %v, want %q %v", got, args, c.want, c.wargs)
				}
			}
		})
	}
}

func TestOpeningPostgresExplainsWhatIsWrong(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("an unreadable URL is refused without its password", func(t *testing.T) {
		_, err := Open(ctx, "postgres://bot:s3cret@host/db?sslmode=sometimes")
		if !errors.Is(err, ErrInvalid) || strings.Contains(err.Error(), "s3cret") {
			t.Fatalf("got %v, want ErrInvalid without the password", err)
		}
	})
	t.Run("a server that does not answer is an internal error without the password", func(t *testing.T) {
		// Port 1 on the loopback: nobody listens there.
		_, err := Open(ctx, "postgres://bot:s3cret@127.0.0.1:1/db?sslmode=disable&connect_timeout=5")
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeInternal || !strings.Contains(e.Message, "cannot be reached") || strings.Contains(err.Error(), "s3cret") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("a schema that does not exist is refused with what to do", func(t *testing.T) {
		be := postgresBackend(t)
		u, err := url.Parse(be.fresh(t))
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		q.Set("search_path", "no_such_schema_"+newID())
		u.RawQuery = q.Encode()
		_, err = Open(ctx, u.String())
		if !errors.Is(err, ErrInvalid) || !strings.Contains(ErrorMessage(err), "CREATE SCHEMA") {
			t.Fatalf("got %v", err)
		}
	})
}

func TestMoveCount(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dbs := sharedStores(t, be, 2)
		mine, theirs := dbs[0], dbs[len(dbs)-1]
		g := newPlaying(t, mine, 2, 5)
		copyOfTheirs, err := theirs.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		p := atheneum.NewRandomPlayer(5)
		for range 3 {
			step(t, mine, g, p)
		}
		t.Run("another store's copy is seen to be behind", func(t *testing.T) {
			n, err := theirs.MoveCount(ctx, g.ID)
			if err != nil || n != 3 || copyOfTheirs.Seq == n {
				t.Fatalf("count %d (%v), their copy has %d", n, err, copyOfTheirs.Seq)
			}
		})
		t.Run("an unknown game is not found", func(t *testing.T) {
			if _, err := theirs.MoveCount(ctx, "nope"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("got %v, want ErrNotFound", err)
			}
		})
	})
}

// watchReport is one call of a WatchGames callback.
type watchReport struct {
	game string
	lost error
}

// watch runs db.WatchGames until the test ends, sending what it reports.
func watch(t *testing.T, db *DB) <-chan watchReport {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	reports := make(chan watchReport, 100)
	done := make(chan error, 1)
	go func() {
		send := func(r watchReport) {
			select {
			case reports <- r:
			case <-ctx.Done():
			}
		}
		done <- db.WatchGames(ctx,
			func(id string) { send(watchReport{game: id}) },
			func(err error) { send(watchReport{lost: err}) })
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("WatchGames returned %v once its context was cancelled", err)
		}
	})
	return reports
}

// nextReport returns the next report, failing the test on a lost
// connection unless lostOK.
func nextReport(t *testing.T, reports <-chan watchReport, lostOK bool) watchReport {
	t.Helper()
	r := <-reports
	if r.lost != nil && !lostOK {
		t.Fatalf("the watch lost its connection: %v", r.lost)
	}
	return r
}

func TestWatchGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("on SQLite there is nothing to watch", func(t *testing.T) {
		db := sqliteBackend.openTest(t)
		if err := db.WatchGames(ctx, func(string) { t.Error("a change was reported") }, nil); err != nil {
			t.Fatal(err)
		}
	})
	be := postgresBackend(t)
	// The watch checks its quiet connection every few milliseconds here,
	// so that the notifications below come between many checks.
	quiet := watchQuiet
	watchQuiet = 5 * time.Millisecond
	t.Cleanup(func() { watchQuiet = quiet })
	dsn := be.fresh(t)
	mine, theirs := be.open(t, dsn), be.open(t, dsn)
	g := newPlaying(t, mine, 2, 9)
	other := newPlaying(t, mine, 2, 10)
	reports := watch(t, mine)

	t.Run("the watch drops every copy once it listens", func(t *testing.T) {
		if r := nextReport(t, reports, false); r.game != AllGames {
			t.Fatalf("first report %+v, want every game", r)
		}
	})
	t.Run("a move by another process is reported and one's own is not", func(t *testing.T) {
		step(t, mine, g, atheneum.NewRandomPlayer(9))
		// Notifications come in the order their changes committed: had
		// the change above been reported, it would come first.
		theirCopy, err := theirs.LoadGame(ctx, other.ID)
		if err != nil {
			t.Fatal(err)
		}
		step(t, theirs, theirCopy, atheneum.NewRandomPlayer(10))
		if r := nextReport(t, reports, false); r.game != other.ID {
			t.Fatalf("report %+v, want game %s (their move) alone", r, other.ID)
		}
	})
	t.Run("a seat change by another process is reported", func(t *testing.T) {
		if err := theirs.SetDMClosed(ctx, g.ID, 1, true); err != nil {
			t.Fatal(err)
		}
		if r := nextReport(t, reports, false); r.game != g.ID {
			t.Fatalf("report %+v, want game %s", r, g.ID)
		}
	})
	t.Run("a change by an administrator's SQL is reported", func(t *testing.T) {
		rawSQL(t, theirs, `UPDATE games SET options = '{"seats": 2, "paused": true}' WHERE id = ?`, "", g.ID)
		if r := nextReport(t, reports, false); r.game != g.ID {
			t.Fatalf("report %+v, want game %s", r, g.ID)
		}
	})
	t.Run("a lost connection is reported, then every copy is dropped and the watch goes on", func(t *testing.T) {
		var killed int
		if err := theirs.r.QueryRowContext(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?`,
			watchName("atheneum", mine.pg.origin)).Scan(&killed); err != nil || killed != 1 {
			t.Fatalf("%d watching connections ended (%v), want 1", killed, err)
		}
		if r := nextReport(t, reports, true); r.lost == nil {
			t.Fatalf("report %+v, want the connection lost", r)
		}
		// Reconnecting may fail a few times before it listens again.
		for {
			r := nextReport(t, reports, true)
			if r.lost == nil {
				if r.game != AllGames {
					t.Fatalf("report %+v after reconnecting, want every game first", r)
				}
				break
			}
		}
		if err := theirs.Abandon(ctx, other.ID); err != nil {
			t.Fatal(err)
		}
		if r := nextReport(t, reports, false); r.game != other.ID {
			t.Fatalf("report %+v, want game %s", r, other.ID)
		}
	})
	t.Run("a store in another schema of the database is not heard", func(t *testing.T) {
		elsewhere := be.openTest(t)
		newPlaying(t, elsewhere, 2, 11)
		if err := theirs.Abandon(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
		if r := nextReport(t, reports, false); r.game != g.ID {
			t.Fatalf("report %+v, want game %s alone", r, g.ID)
		}
	})
}
