package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/engine/tictactoe"
	"atheneum/store"
)

// postgresForTest returns the URL of a PostgreSQL schema of the test's
// own, dropped when it ends, on the server ATHENEUM_TEST_POSTGRES names
// (the project machines' local server by default); it skips the test when
// none answers, except under CI.
func postgresForTest(t *testing.T) string {
	t.Helper()
	base := os.Getenv("ATHENEUM_TEST_POSTGRES")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable&connect_timeout=5&synchronous_commit=off"
	}
	config, err := pgx.ParseConfig(base)
	if err != nil {
		t.Fatal(err)
	}
	admin := stdlib.OpenDB(*config)
	t.Cleanup(func() { admin.Close() })
	ctx := context.Background()
	if err := admin.PingContext(ctx); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI tests migrate-db on PostgreSQL, but no server answers at %s: %v", store.RedactDSN(base), err)
		}
		t.Skipf("no PostgreSQL server answers at %s (%v): set ATHENEUM_TEST_POSTGRES to the URL of one", store.RedactDSN(base), err)
	}
	schema := fmt.Sprintf("test_migrate_%d", time.Now().UnixNano())
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("dropping the test's schema: %v", err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// sqliteWithEveryKindOfGame writes an SQLite file as a bot leaves it: a
// finished game of tic-tac-toe played through the bot (the demo: seats,
// moves, messages, results, members' settings), an Atheneum game under
// way past its first snapshot with a timer and a message, a lobby, an
// abandoned lobby and a server's setting.
func sqliteWithEveryKindOfGame(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := run([]string{"demo", "--game", tictactoe.ID, "--ai", "", "--clock", "--out", dir}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "demo.db")
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	playing := &store.Game{Kind: atheneum.GameID, GuildID: "g1", ChannelID: "c-playing", HostID: "u1", Status: store.StatusPlaying, Seed: 7,
		Options: store.Options{Seats: 3, StepHours: 24}, Seats: []store.Seat{{UserID: "u1", Name: "Ana"}, {UserID: "u2", Name: "Bo"}, {AILevel: "normal", Name: "Normal AI"}}}
	if err := db.CreateGame(ctx, playing); err != nil {
		t.Fatal(err)
	}
	st := playing.State
	for seq := 0; seq < store.SnapshotInterval+10; seq++ {
		seat := st.Awaited()[0]
		m, err := ai.Players{}.Autopilot(st.View(seat), seat, uint64(seq))
		if err == nil {
			_, err = st.Apply(m)
		}
		if err == nil {
			err = db.AppendAction(ctx, playing.ID, seq, m, st)
		}
		if err != nil {
			t.Fatalf("move %d: %v", seq+1, err)
		}
	}
	for _, err := range []error{
		db.PutJob(ctx, store.Job{GameID: playing.ID, Kind: "deadline", Seat: -1, Due: time.UnixMilli(1790000000000), Payload: []byte("step-key")}),
		db.PutMessage(ctx, store.Message{GameID: playing.ID, Kind: "step", Seat: -1, ChannelID: "c-playing", MessageID: "m1"}),
		db.SetGuildSetting(ctx, "g1", "hints", "off"),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, channel := range []string{"c-lobby", "c-abandoned"} {
		lobby := &store.Game{Kind: tictactoe.ID, GuildID: "g1", ChannelID: channel, HostID: "u1", Seed: 3,
			Options: store.Options{Seats: 2, StepHours: 24}, Seats: []store.Seat{{UserID: "u1", Name: "Ana"}}}
		if err := db.CreateGame(ctx, lobby); err != nil {
			t.Fatal(err)
		}
		if channel == "c-abandoned" {
			if err := db.Abandon(ctx, lobby.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	return path
}

func TestMigrateDBCopiesEveryGameToPostgreSQLAndReplaysIt(t *testing.T) {
	t.Parallel()
	target := postgresForTest(t)
	from := sqliteWithEveryKindOfGame(t)
	ctx := context.Background()
	migrate := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(append([]string{"migrate-db", "--from", from, "--to", target}, args...), &out, &bytes.Buffer{})
		return out.String(), err
	}
	out, err := migrate()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Log(out)
	for _, want := range []string{"4 games copied and replayed, 0 already there", "1 lobby, 1 playing, 1 finished, 1 abandoned", "(atheneum, playing, 60 moves): copied and replayed"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	src, err := store.Open(ctx, from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := store.Open(ctx, target)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()

	t.Run("the bot finds the games under way on PostgreSQL as it left them", func(t *testing.T) {
		want, _, err := src.LoadActive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got, broken, err := dst.LoadActive(ctx)
		if err != nil || len(broken) > 0 || len(got) != len(want) || len(got) != 2 {
			t.Fatalf("%d active games (%v, %v), want the file's %d", len(got), broken, err, len(want))
		}
		jobs, err := dst.Jobs(ctx)
		if err != nil || len(jobs) != 1 || string(jobs[0].Payload) != "step-key" || jobs[0].Due.UnixMilli() != 1790000000000 {
			t.Errorf("timers %+v (%v)", jobs, err)
		}
		if v, err := dst.GuildSetting(ctx, "g1", "hints"); err != nil || v != "off" {
			t.Errorf("the server's setting is %q (%v)", v, err)
		}
		raw, err := sql.Open("pgx", target)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		var snapshots int
		if err := raw.QueryRowContext(ctx, `SELECT count(*) FROM snapshots`).Scan(&snapshots); err != nil || snapshots != 1 {
			t.Errorf("%d snapshots copied (%v), want the one after move %d", snapshots, err, store.SnapshotInterval)
		}
	})
	t.Run("a database that already holds games is refused without --force", func(t *testing.T) {
		if out, err := migrate(); err == nil || !strings.Contains(err.Error(), "--force") {
			t.Fatalf("err %v\n%s", err, out)
		}
	})
	t.Run("with --force the games already there are checked, not copied again", func(t *testing.T) {
		out, err := migrate("--force")
		if err != nil || !strings.Contains(out, "0 games copied and replayed, 4 already there and replayed") {
			t.Fatalf("%v\n%s", err, out)
		}
	})
	t.Run("a copy that differs from the file is caught", func(t *testing.T) {
		ids, err := store.NewCopier(ctx, src, dst)
		if err != nil {
			t.Fatal(err)
		}
		games, _ := ids.Games(ctx)
		raw, err := sql.Open("pgx", target)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		if _, err := raw.ExecContext(ctx, `UPDATE seats SET display_name = 'Someone else' WHERE game_id = $1 AND seat = 0`, games[0]); err != nil {
			t.Fatal(err)
		}
		out, err := migrate("--force")
		if err == nil || !strings.Contains(out, "game "+games[0]+": already there, but the copy differs: the record differs") {
			t.Fatalf("err %v\n%s", err, out)
		}
	})
}

func TestMigrateDBRefusesWhatItCannotCopy(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "none.db")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"nothing to copy from or to", nil, "give the SQLite file with --from"},
		{"a target that is not PostgreSQL", []string{"--from", missing, "--to", "/tmp/other.db"}, "--to must be the postgres:// URL"},
		{"a source that is a URL", []string{"--from", "postgres://a:secret@h/db", "--to", "postgres://h/db"}, "--from is the SQLite file"},
		{"a source file that does not exist", []string{"--from", missing, "--to", "postgres://h/db"}, "no SQLite file to copy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(append([]string{"migrate-db"}, tc.args...), &bytes.Buffer{}, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "secret") {
				t.Fatalf("err %v, want one saying %q", err, tc.want)
			}
			if _, err := os.Stat(missing); err == nil {
				t.Error("the missing source file was created")
			}
		})
	}
}
