package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

// tamper runs raw SQL on the database as an outside hand would, with the
// append-only triggers out of the way.
func tamper(t testing.TB, db *DB, query string, args ...any) {
	t.Helper()
	rawSQL(t, db, `DROP TRIGGER IF EXISTS actions_no_update; DROP TRIGGER IF EXISTS actions_no_delete`,
		`ALTER TABLE actions DISABLE TRIGGER USER`)
	rawSQL(t, db, query, "", args...)
}

// toLegacy rewrites a game's log as the store wrote it before migration
// 6: each action as its JSON payload, its type column the action's type,
// and no notation.
func toLegacy(t testing.TB, db *DB, gameID string) {
	t.Helper()
	ctx := context.Background()
	rows, err := db.r.QueryContext(ctx, `SELECT seq, notation FROM actions WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		t.Fatal(err)
	}
	moves := map[int]string{}
	for rows.Next() {
		var seq int
		var m string
		if err := rows.Scan(&seq, &m); err != nil {
			t.Fatal(err)
		}
		moves[seq] = m
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for seq, m := range moves {
		a, err := atheneum.ParseAction(m)
		if err != nil {
			t.Fatalf("action %d: %v", seq, err)
		}
		payload, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		tamper(t, db, `UPDATE actions SET payload = ?, type = ?, notation = '' WHERE game_id = ? AND seq = ?`,
			string(payload), string(a.Type), gameID, seq)
	}
	var left int
	if err := db.r.QueryRowContext(ctx, `SELECT count(*) FROM actions WHERE game_id = ? AND (notation <> '' OR payload = '')`, gameID).Scan(&left); err != nil || left != 0 || len(moves) == 0 {
		t.Fatalf("%d of %d moves left in notation (%v)", left, len(moves), err)
	}
}

func TestCorruptRecordsAreRefused(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		// A subject that neither seat of the game plays (seats read as JSON).
		const freeSubject = `(SELECT l FROM (SELECT 'T' AS l UNION ALL SELECT 'V' UNION ALL SELECT 'G' UNION ALL SELECT 'P' UNION ALL SELECT 'K') AS letters
			WHERE l NOT IN (SELECT %s FROM seats WHERE game_id = ?1) LIMIT 1)`
		tests := []struct {
			name string
			// legacy stores the log as before migration 6 (JSON payloads)
			// before the query runs.
			legacy bool
			// query holds statements separated by ';', ?1 the game id; pg,
			// when not "", is the same on PostgreSQL.
			query, pg string
			// reason is what the error's reason says, detail what its cause
			// says ("" for anything).
			reason, detail string
		}{
			{"a move that is not in notation is refused", false,
				`UPDATE actions SET notation = 'garbage' WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 is not a valid move", "does not match its seat or type"},
			{"a move with a word the notation does not have is refused", false,
				`UPDATE actions SET notation = notation || ' extra' WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 (s", "not an action in Atheneum's notation"},
			{"a move moved to another seat is refused", false,
				`UPDATE actions SET notation = 's' || (1 - seat) || substr(notation, 3) WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 is not a valid move", "does not match its seat or type"},
			{"a move whose seat column was altered is refused", false,
				`UPDATE actions SET seat = 1 - seat WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 is not a valid move", "does not match its seat or type"},
			{"a move whose type column was altered is refused", false,
				`UPDATE actions SET type = CASE type WHEN 'pick' THEN 'shelve' ELSE 'pick' END WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 is not a valid move", "does not match its seat or type"},
			{"a move the rules refuse is refused", false,
				`UPDATE actions SET notation = 's' || seat || ' shelve #99 T II.1.1', type = 'shelve' WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 (s", ""},
			{"an action payload that is not JSON is refused", true,
				`UPDATE actions SET payload = '{"type":' WHERE game_id = ?1 AND seq = 60`, "", "action 60 is not a valid move", ""},
			{"an action payload with an unknown field is refused", true,
				`UPDATE actions SET payload = json_insert(payload, '$.extra', 1) WHERE game_id = ?1 AND seq = 60`, `UPDATE actions SET payload = (payload::jsonb || '{"extra": 1}')::text WHERE game_id = ?1 AND seq = 60`,
				"action 60 is not a valid move", "unknown field"},
			{"an action payload moved to another seat is refused", true,
				`UPDATE actions SET payload = json_set(payload, '$.seat', 1 - json_extract(payload, '$.seat')) WHERE game_id = ?1 AND seq = 60`, `UPDATE actions SET payload = jsonb_set(payload::jsonb, '{seat}', to_jsonb(1 - (payload::jsonb ->> 'seat')::int))::text WHERE game_id = ?1 AND seq = 60`,
				"action 60 is not a valid move", "does not match its seat or type"},
			{"an action whose seat column was altered is refused", true,
				`UPDATE actions SET seat = 1 - seat WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 is not a valid move", "does not match its seat or type"},
			{"an action whose type column was altered is refused", true,
				`UPDATE actions SET type = CASE type WHEN 'pick' THEN 'shelve' ELSE 'pick' END WHERE game_id = ?1 AND seq = 60`, "",
				"action 60 is not a valid move", "does not match its seat or type"},
			{"an action the rules refuse is refused", true,
				`UPDATE actions SET payload = json_object('type', 'shelve', 'seat', seat, 'item', 99), type = 'shelve' WHERE game_id = ?1 AND seq = 60`, `UPDATE actions SET payload = json_build_object('type', 'shelve', 'seat', seat, 'item', 99)::text, type = 'shelve' WHERE game_id = ?1 AND seq = 60`,
				"action 60 (s", ""},
			{"a missing sequence number is refused", false,
				`DELETE FROM actions WHERE game_id = ?1 AND seq = 61`, "", "action 61 is missing", ""},
			{"a missing sequence number in a log of JSON payloads is refused", true,
				`DELETE FROM actions WHERE game_id = ?1 AND seq = 61`, "", "action 61 is missing", ""},
			{"a missing tail of the log is refused", false,
				`DELETE FROM actions WHERE game_id = ?1 AND seq > 65`, "", "replays to 65 actions but the game records 70", ""},
			{"a snapshot that is not JSON is refused", false,
				`UPDATE snapshots SET state = 'oops' WHERE game_id = ?1`, "", "snapshot at action 50 cannot be read", ""},
			{"a snapshot of another position is refused", false,
				`UPDATE snapshots SET state = json_set(state, '$.seq', 49) WHERE game_id = ?1`, `UPDATE snapshots SET state = convert_to(jsonb_set(convert_from(state, 'UTF8')::jsonb, '{seq}', '49')::text, 'UTF8') WHERE game_id = ?1`, "snapshot at action 50 belongs to another game", ""},
			{"a snapshot of another game is refused", false,
				`UPDATE snapshots SET state = json_set(state, '$.seed', 12345) WHERE game_id = ?1`, `UPDATE snapshots SET state = convert_to(jsonb_set(convert_from(state, 'UTF8')::jsonb, '{seed}', '12345')::text, 'UTF8') WHERE game_id = ?1`, "snapshot at action 50 belongs to another game", ""},
			{"a game whose content pack changed is refused by the snapshot", false,
				`UPDATE games SET setup = '{"content": "atheneum"}' WHERE id = ?1`, "", "snapshot at action 50 belongs to another game", ""},
			{"a seat whose subject changed is refused by the snapshot", false,
				`UPDATE seats SET options = json_object('subject', ` + fmt.Sprintf(freeSubject, `json_extract(options, '$.subject')`) + `) WHERE game_id = ?1 AND seat = 0`, `UPDATE seats SET options = '{"subject": "' || ` + fmt.Sprintf(freeSubject, `options::jsonb ->> 'subject'`) + ` || '"}' WHERE game_id = ?1 AND seat = 0`,
				"snapshot at action 50 belongs to another game", ""},
			{"a seat with an unknown subject is refused", false,
				`DELETE FROM snapshots WHERE game_id = ?1; UPDATE seats SET options = '{"subject": "Z"}' WHERE game_id = ?1 AND seat = 0`, "",
				"the seats and options do not make a game", "unknown subject"},
			{"a seat whose options are not JSON is refused", false,
				`UPDATE seats SET options = 'T' WHERE game_id = ?1 AND seat = 0`, "", `options "T" are not valid`, ""},
			{"a game whose options are not JSON is refused", false,
				`UPDATE games SET setup = 'atheneum-2' WHERE id = ?1`, "", `options "atheneum-2" are not valid`, ""},
			{"a game of a kind no rules are registered for is refused", false,
				`UPDATE games SET game = 'exlibris' WHERE id = ?1`, "", `unknown game "exlibris"`, ""},
		}
		// Each case damages a store of its own holding the same game, 70
		// moves into it. On SQLite the game is played once, and each case
		// damages a copy of its file: migrating a store and committing 70
		// moves for each case was most of the cases' processor time.
		// PostgreSQL's stores (schemas) are each played in place.
		played := func(t *testing.T, db *DB) string {
			g := newPlaying(t, db, 2, 77)
			p := atheneum.NewRandomPlayer(77)
			for range 70 {
				step(t, db, g, p)
			}
			return g.ID
		}
		var original, originalID string
		if be.name == sqliteBackend.name {
			original = be.fresh(t)
			db, err := Open(ctx, original)
			if err != nil {
				t.Fatal(err)
			}
			originalID = played(t, db)
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel() // each case has a store of its own
				var db *DB
				id := originalID
				if original != "" {
					dsn := be.fresh(t)
					copyStoreFile(t, original, dsn)
					db = be.open(t, dsn)
				} else {
					db = be.openTest(t)
					id = played(t, db)
				}
				if tt.legacy {
					toLegacy(t, db, id)
					if _, err := db.LoadGame(ctx, id); err != nil {
						t.Fatalf("the log of JSON payloads does not load before it is damaged: %v", err)
					}
				}
				query := tt.query
				if tt.pg != "" && db.pg != nil {
					query = tt.pg
				}
				for _, q := range strings.Split(query, ";") {
					tamper(t, db, q, id)
				}
				got, err := db.LoadGame(ctx, id)
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("got %v (state %v), want ErrCorrupt", err, got)
				}
				var e *Error
				if !errors.As(err, &e) || e.GameID != id || !strings.Contains(e.Reason, tt.reason) {
					t.Fatalf("error %v does not name the game and %q", err, tt.reason)
				}
				if !strings.Contains(err.Error(), tt.detail) {
					t.Fatalf("error %v does not say %q", err, tt.detail)
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
				if len(games) != 1 || games[0].ID != other.ID || len(broken) != 1 || broken[0].GameID != id {
					t.Errorf("LoadActive: %d games, broken %v", len(games), broken)
				}
			})
		}
	})
}

// copyStoreFile copies the SQLite store at from, closed, to to: its file,
// and its write-ahead log and index should they be left.
func copyStoreFile(t *testing.T, from, to string) {
	t.Helper()
	for _, suffix := range []string{"", "-wal", "-shm"} {
		b, err := os.ReadFile(from + suffix)
		if errors.Is(err, os.ErrNotExist) && suffix != "" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func TestErrorsAreSafeToShow(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
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
				lower := strings.ToLower(msg)
				if msg == "" || strings.Contains(strings.ToUpper(msg), "SELECT") || strings.Contains(lower, "sqlite") ||
					strings.Contains(lower, "pgx") || strings.Contains(lower, "sqlstate") {
					t.Errorf("message %q", msg)
				}
			})
		}
	})
}
