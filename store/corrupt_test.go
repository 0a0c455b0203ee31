package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

// tamper runs raw SQL on the database as an outside hand would, with the
// append-only triggers out of the way.
func tamper(t testing.TB, db *DB, query string, args ...any) {
	t.Helper()
	ctx := context.Background()
	if _, err := db.w.ExecContext(ctx, `DROP TRIGGER IF EXISTS actions_no_update; DROP TRIGGER IF EXISTS actions_no_delete`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.w.ExecContext(ctx, query, args...); err != nil {
		t.Fatal(err)
	}
}

func TestCorruptRecordsAreRefused(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		query  string // ? is the game id
		reason string
	}{
		{"an action payload that is not JSON is refused",
			`UPDATE actions SET payload = '{"type":' WHERE game_id = ? AND seq = 60`, "action 60 is not a valid action"},
		{"an action payload with an unknown field is refused",
			`UPDATE actions SET payload = json_insert(payload, '$.extra', 1) WHERE game_id = ? AND seq = 60`, "action 60 is not a valid action"},
		{"an action moved to another seat is refused",
			`UPDATE actions SET payload = json_set(payload, '$.seat', 1 - json_extract(payload, '$.seat')) WHERE game_id = ? AND seq = 60`,
			"action 60 does not match its seat or type"},
		{"an action the rules refuse is refused",
			`UPDATE actions SET payload = json_object('type', 'shelve', 'seat', seat, 'item', 99), type = 'shelve' WHERE game_id = ? AND seq = 60`,
			"action 60 (s"},
		{"a missing sequence number is refused",
			`DELETE FROM actions WHERE game_id = ? AND seq = 61`, "action 61 is missing"},
		{"a missing tail of the log is refused",
			`DELETE FROM actions WHERE game_id = ? AND seq > 65`, "replays to 65 actions but the game records 70"},
		{"a snapshot that is not JSON is refused",
			`UPDATE snapshots SET state = 'oops' WHERE game_id = ?`, "snapshot at action 50 cannot be read"},
		{"a snapshot of another position is refused",
			`UPDATE snapshots SET state = json_set(state, '$.seq', 49) WHERE game_id = ?`, "snapshot at action 50 belongs to another game"},
		{"a snapshot of another game is refused",
			`UPDATE snapshots SET state = json_set(state, '$.seed', 12345) WHERE game_id = ?`, "snapshot at action 50 belongs to another game"},
		{"a seat with an unknown subject is refused",
			`UPDATE seats SET subject = 'Z' WHERE game_id = ? AND seat = 0`, "seat 0 has subject"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			g := newPlaying(t, db, 2, 77)
			p := atheneum.NewRandomPlayer(77)
			for range 70 {
				step(t, db, g, p)
			}
			tamper(t, db, tt.query, g.ID)
			got, err := db.LoadGame(ctx, g.ID)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("got %v (state %v), want ErrCorrupt", err, got)
			}
			var e *Error
			if !errors.As(err, &e) || e.GameID != g.ID || !strings.Contains(e.Reason, tt.reason) {
				t.Fatalf("error %v does not name the game and %q", err, tt.reason)
			}
			if strings.Contains(e.Message, "SQL") || strings.Contains(e.Message, "actions") {
				t.Errorf("user message leaks internals: %q", e.Message)
			}
			// The others still load at start-up, and this one is reported.
			other := newPlaying(t, db, 3, 78)
			games, broken, err := db.LoadActive(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 1 || games[0].ID != other.ID || len(broken) != 1 || broken[0].GameID != g.ID {
				t.Errorf("LoadActive: %d games, broken %v", len(games), broken)
			}
		})
	}
}

func TestErrorsAreSafeToShow(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	tests := []struct {
		name string
		err  error
		code Code
	}{
		{"a missing game says so without SQL", func() error { _, err := db.LoadGame(ctx, "x"); return err }(), CodeNotFound},
		{"a cancelled context is internal with a generic message", func() error {
			c, cancel := context.WithCancel(ctx)
			cancel()
			return db.PutJob(c, Job{GameID: "x", Kind: "k", Due: time.Now()})
		}(), CodeInternal},
		{"a job for an unknown game is not found", db.PutJob(ctx, Job{GameID: "x", Kind: "k", Due: time.Now()}), CodeNotFound},
		{"a foreign error is internal", errors.New("SELECT boom"), CodeInternal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ErrorCode(tt.err); got != tt.code {
				t.Errorf("code %q, want %q (%v)", got, tt.code, tt.err)
			}
			msg := ErrorMessage(tt.err)
			if msg == "" || strings.Contains(strings.ToUpper(msg), "SELECT") || strings.Contains(strings.ToLower(msg), "sqlite") {
				t.Errorf("message %q", msg)
			}
		})
	}
}
