package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"runtime"
	"sync"

	"atheneum/engine/atheneum"
)

// LoadGame returns a game's record with its State rebuilt (for a game that
// started; a lobby, open or closed, has no State): the latest
// snapshot plus the actions after it (or, without a snapshot, the whole log
// replayed from the seed). A record that does not replay exactly to its
// stored action count returns ErrCorrupt, naming the reason.
func (db *DB) LoadGame(ctx context.Context, gameID string) (*Game, error) {
	// One read transaction, so the record, snapshot and log are one
	// consistent view even while the writer appends.
	tx, err := db.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, internal(gameID, err, "begin read")
	}
	defer tx.Rollback()
	g, err := getGame(ctx, tx, gameID)
	if err != nil {
		return nil, err
	}
	// A lobby, or one closed before it started, has no state to build.
	if g.Status == StatusLobby || g.StartedAt.IsZero() {
		return g, nil
	}
	if g.State, err = loadState(ctx, tx, g); err != nil {
		return nil, err
	}
	return g, nil
}

func loadState(ctx context.Context, tx *sql.Tx, g *Game) (*atheneum.Game, error) {
	cfg, err := g.Config()
	if err != nil {
		return nil, corrupt(g.ID, err, "content pack %q", g.ContentID)
	}
	st, err := latestSnapshot(ctx, tx, g)
	if err != nil {
		return nil, err
	}
	if st == nil {
		if st, err = atheneum.NewGame(cfg); err != nil {
			return nil, corrupt(g.ID, err, "the seats do not make a game")
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, seat, type, payload FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq`, g.ID, st.Seq)
	if err != nil {
		return nil, internal(g.ID, err, "read actions")
	}
	defer rows.Close()
	var payload []byte
	for rows.Next() {
		var seq, seat int
		var typ string
		if err := rows.Scan(&seq, &seat, &typ, &payload); err != nil {
			return nil, internal(g.ID, err, "read action")
		}
		if seq != st.Seq+1 {
			return nil, corrupt(g.ID, nil, "action %d is missing from the log", st.Seq+1)
		}
		a, err := decodeAction(payload)
		if err != nil {
			return nil, corrupt(g.ID, err, "action %d is not a valid action", seq)
		}
		// The columns are written from the payload, so a mismatch means
		// one of them was altered.
		if a.Seat != seat || string(a.Type) != typ {
			return nil, corrupt(g.ID, nil, "action %d does not match its seat or type", seq)
		}
		if _, err := st.Apply(a); err != nil {
			return nil, corrupt(g.ID, err, "action %d (%s) is refused by the rules", seq, a)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, internal(g.ID, err, "read actions")
	}
	if st.Seq != g.Seq {
		return nil, corrupt(g.ID, nil, "the log replays to %d actions but the game records %d", st.Seq, g.Seq)
	}
	// (A playing game whose state is over is not damaged: its last action
	// was committed without its State, so the store could not see the end.)
	if g.Status == StatusFinished && st.Step != atheneum.StepOver {
		return nil, corrupt(g.ID, nil, "the game is finished but its state is not over")
	}
	return st, nil
}

// latestSnapshot decodes the game's newest snapshot of the current engine
// state version, or returns nil if there is none. It checks that the
// snapshot belongs to this game.
func latestSnapshot(ctx context.Context, tx *sql.Tx, g *Game) (*atheneum.Game, error) {
	var seq int
	var data []byte
	err := tx.QueryRowContext(ctx, `SELECT seq, state FROM snapshots WHERE game_id = ? AND state_version = ? AND seq <= ?
		ORDER BY seq DESC LIMIT 1`, g.ID, atheneum.StateVersion, g.Seq).Scan(&seq, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, internal(g.ID, err, "read snapshot")
	}
	st, err := atheneum.DecodeGame(data)
	if err != nil {
		return nil, corrupt(g.ID, err, "the snapshot at action %d cannot be read", seq)
	}
	if st.Seq != seq || st.Seed != g.Seed || st.ContentID != g.ContentID || len(st.Seats) != len(g.Seats) {
		return nil, corrupt(g.ID, nil, "the snapshot at action %d belongs to another game or position", seq)
	}
	for i := range st.Seats {
		if st.Seats[i].Subject != g.Seats[i].Subject {
			return nil, corrupt(g.ID, nil, "the snapshot at action %d has other seats", seq)
		}
	}
	return st, nil
}

// decodeAction reads an action strictly: an unknown field means the payload
// is not what the store wrote.
func decodeAction(data []byte) (atheneum.Action, error) {
	var a atheneum.Action
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&a); err != nil {
		return a, err
	}
	if d.More() {
		return a, errors.New("trailing data after the action")
	}
	return a, nil
}

// Actions returns a game's whole action log in order, for records and
// history; it checks that no sequence number is missing.
func (db *DB) Actions(ctx context.Context, gameID string) ([]atheneum.Action, error) {
	if _, _, err := gameStatus(ctx, db.r, gameID); err != nil {
		return nil, err
	}
	rows, err := db.r.QueryContext(ctx, `SELECT seq, payload FROM actions WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, internal(gameID, err, "read actions")
	}
	defer rows.Close()
	var out []atheneum.Action
	var payload []byte
	for rows.Next() {
		var seq int
		if err := rows.Scan(&seq, &payload); err != nil {
			return nil, internal(gameID, err, "read action")
		}
		if seq != len(out)+1 {
			return nil, corrupt(gameID, nil, "action %d is missing from the log", len(out)+1)
		}
		a, err := decodeAction(payload)
		if err != nil {
			return nil, corrupt(gameID, err, "action %d is not a valid action", seq)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, internal(gameID, err, "read actions")
	}
	return out, nil
}

// LoadActive loads every lobby and playing game, as at start-up, using the
// reader pool in parallel. A damaged game does not stop the others: it is
// left out of games and reported in broken (each an *Error naming the
// game); err is set only when the database itself fails.
func (db *DB) LoadActive(ctx context.Context) (games []*Game, broken []*Error, err error) {
	// Only ids here: a damaged record must fail its own load, not the list.
	var list []string
	rows, err := db.r.QueryContext(ctx, `SELECT id FROM games WHERE status IN ('lobby', 'playing') ORDER BY created_at, id`)
	if err != nil {
		return nil, nil, internal("", err, "list games")
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, nil, internal("", err, "list games")
		}
		list = append(list, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, internal("", err, "list games")
	}
	type result struct {
		g   *Game
		err error
	}
	results := make([]result, len(list))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(len(list), max(2, runtime.GOMAXPROCS(0))) {
		wg.Go(func() {
			for i := range next {
				g, err := db.LoadGame(ctx, list[i])
				results[i] = result{g, err}
			}
		})
	}
	for i := range list {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, r := range results {
		switch {
		case r.err == nil:
			games = append(games, r.g)
		case errors.Is(r.err, ErrCorrupt):
			var e *Error
			errors.As(r.err, &e)
			broken = append(broken, e)
		default:
			return nil, nil, r.err
		}
	}
	return games, broken, nil
}
