package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

func TestMigrations(t *testing.T) {
	ctx := context.Background()
	all, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 2 {
		t.Fatalf("%d migrations: the upgrade path needs at least two", len(all))
	}

	t.Run("an empty file is brought to the latest schema", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "empty.db")
		if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if v, err := db.SchemaVersion(ctx); err != nil || v != len(all) {
			t.Fatalf("version %d, %v; want %d", v, err, len(all))
		}
		var mode string
		if err := db.r.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
			t.Errorf("journal mode %q, %v", mode, err)
		}
		for _, c := range []*DB{{w: db.w}, {w: db.r}} {
			var fk, sync int
			conn := c.w
			if err := conn.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
				t.Errorf("foreign_keys %d, %v", fk, err)
			}
			if conn == db.w {
				if err := conn.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil || sync != 1 {
					t.Errorf("synchronous %d, %v; want 1 (NORMAL)", sync, err)
				}
			}
		}
	})

	t.Run("a database at migration 1 keeps its data and gains the new schema", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "v1.db")
		old, err := open(ctx, path, 1)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := old.SchemaVersion(ctx); v != 1 {
			t.Fatalf("version %d, want 1", v)
		}
		// Write the game as version 1 would: its tables only.
		subjects := []atheneum.Color{atheneum.Teal, atheneum.Black, atheneum.Green}
		if _, err := old.w.ExecContext(ctx, `INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, content_id,
			state_version, options, created_at, started_at) VALUES ('old1', 'g', 'c', 'u1', 'playing', -5, ?, ?, '{"seats":3}', 1, 2)`,
			atheneum.DefaultContentID, atheneum.StateVersion); err != nil {
			t.Fatal(err)
		}
		for i, s := range subjects {
			if _, err := old.w.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, display_name, subject) VALUES ('old1', ?, ?, ?, ?)`,
				i, "u"+string(rune('1'+i)), "P", string(s.Letter())); err != nil {
				t.Fatal(err)
			}
		}
		state, _ := atheneum.NewGame(atheneum.Config{Subjects: subjects, Seed: uint64(1<<64 - 5)})
		p := atheneum.NewRandomPlayer(3)
		for range SnapshotInterval + 10 {
			a, _ := p.Next(state)
			next := state.Clone()
			if _, err := next.Apply(a); err != nil {
				t.Fatal(err)
			}
			if err := old.Commit(ctx, "old1", Commit{Seq: state.Seq, Action: &a, State: next, Results: resultsOf(next)}); err != nil {
				t.Fatal(err)
			}
			state = next
		}
		if _, err := old.w.ExecContext(ctx, `SELECT * FROM jobs`); err == nil {
			t.Fatal("version 1 already has jobs")
		}
		old.Close()

		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if v, _ := db.SchemaVersion(ctx); v != len(all) {
			t.Fatalf("version %d, want %d", v, len(all))
		}
		g, err := db.LoadGame(ctx, "old1")
		if err != nil {
			t.Fatal(err)
		}
		if canonical(t, g.State) != canonical(t, state) || g.Options.Seats != 3 || g.Seed != uint64(1<<64-5) {
			t.Fatal("the upgraded game differs")
		}
		if g.Seats[2].DMClosed || g.Seats[2].Subject != atheneum.Green {
			t.Errorf("seat after upgrade: %+v", g.Seats[2])
		}
		if err := db.SetDMClosed(ctx, "old1", 2, true); err != nil {
			t.Fatal(err)
		}
		due := time.Now().Add(time.Hour)
		if err := db.PutJob(ctx, Job{GameID: "old1", Kind: "deadline", Seat: 1, Due: due}); err != nil {
			t.Fatal(err)
		}
		if err := db.PutMessage(ctx, Message{GameID: "old1", Kind: "status", Seat: NoSeat, ChannelID: "c", MessageID: "m"}); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("reopening an up-to-date database changes nothing", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "twice.db")
		for range 2 {
			db, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			var n int
			db.r.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n)
			db.Close()
			if n != len(all) {
				t.Fatalf("%d migrations recorded, want %d", n, len(all))
			}
		}
	})

	t.Run("a database from a newer version is refused", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "new.db")
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		db.w.ExecContext(ctx, `INSERT INTO schema_migrations VALUES (99, '0099_future.sql', 0)`)
		db.Close()
		if _, err := Open(ctx, path); !errors.Is(err, ErrInvalid) {
			t.Fatalf("got %v, want ErrInvalid", err)
		}
	})
}
