package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"maps"
	"runtime"
	"strings"
	"sync"
	"time"

	"atheneum/engine"
)

// LoadGame returns a game's record with its State rebuilt (for a game that
// started; a lobby, open or closed, has no State): the latest
// snapshot plus the actions after it (or, without a snapshot, the whole log
// replayed from the seed). A record that does not replay exactly to its
// stored action count returns ErrCorrupt, naming the reason.
func (db *DB) LoadGame(ctx context.Context, gameID string) (*Game, error) {
	// One read transaction, so the record, snapshot and log are one
	// consistent view even while the writer appends.
	tx, err := db.r.BeginTx(ctx, db.d.readOnly())
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

func loadState(ctx context.Context, tx *sqlTx, g *Game) (engine.State, error) {
	rules, err := g.Rules()
	if err != nil {
		return nil, corrupt(g.ID, err, "unknown game %q", g.Kind)
	}
	if cur := engine.CurrentEdition(rules); g.Edition > cur {
		return nil, corrupt(g.ID, nil, "the game is played by edition %d of its rules, and this program knows editions up to %d", g.Edition, cur)
	}
	st, played, err := latestSnapshot(ctx, tx, g, rules)
	if err != nil {
		return nil, err
	}
	if st == nil {
		if st, err = rules.New(g.Seed, g.Setup()); err != nil {
			return nil, corrupt(g.ID, err, "the seats and options do not make a game")
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, seat, type, payload, notation FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq`, g.ID, played)
	if err != nil {
		return nil, internal(g.ID, err, "read actions")
	}
	defer rows.Close()
	var payload []byte
	for rows.Next() {
		var seq, seat int
		var typ, notation string
		if err := rows.Scan(&seq, &seat, &typ, &payload, &notation); err != nil {
			return nil, internal(g.ID, err, "read action")
		}
		if seq != played+1 {
			return nil, corrupt(g.ID, nil, "action %d is missing from the log", played+1)
		}
		m, err := readMove(rules, seat, typ, payload, notation)
		if err != nil {
			return nil, corrupt(g.ID, err, "action %d is not a valid move", seq)
		}
		if err := engine.Do(st, m); err != nil {
			return nil, corrupt(g.ID, err, "action %d (%s) is refused by the rules", seq, m)
		}
		played++
	}
	if err := rows.Err(); err != nil {
		return nil, internal(g.ID, err, "read actions")
	}
	if played != g.Seq {
		return nil, corrupt(g.ID, nil, "the log replays to %d actions but the game records %d", played, g.Seq)
	}
	// (A playing game whose state is over is not damaged: its last action
	// was committed without its State, so the store could not see the end.)
	if g.Status == StatusFinished && !st.Over() {
		return nil, corrupt(g.ID, nil, "the game is finished but its state is not over")
	}
	return st, nil
}

// moveKind is the word after a move's seat, kept in the log's type column.
func moveKind(m engine.Move) string {
	words := strings.Fields(string(m))
	if len(words) < 2 {
		return ""
	}
	return words[1]
}

// readMove reads one row of the log: a move in notation, or one stored
// before the game seam as its game's JSON (engine.LegacyReader). The seat
// and type columns are written from the move, so a mismatch means one of
// them was altered.
func readMove(rules engine.Rules, seat int, typ string, payload []byte, notation string) (engine.Move, error) {
	if notation != "" {
		m := engine.Move(notation)
		if s, ok := engine.MoveSeat(m); !ok || s != seat || moveKind(m) != typ {
			return "", errors.New("the move does not match its seat or type")
		}
		return m, nil
	}
	legacy, ok := rules.(engine.LegacyReader)
	if !ok {
		return "", errors.New("the move has no notation")
	}
	var head struct {
		Seat *int    `json:"seat"`
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(payload, &head); err != nil {
		return "", err
	}
	if head.Seat == nil || *head.Seat != seat || head.Type == nil || *head.Type != typ {
		return "", errors.New("the move does not match its seat or type")
	}
	m, err := legacy.ReadLegacyMove(payload)
	if err != nil {
		return "", err
	}
	if s, ok := engine.MoveSeat(m); !ok || s != seat {
		return "", errors.New("the move does not match its seat")
	}
	return m, nil
}

// latestSnapshot restores the game's newest snapshot of the version its
// rules write today, or returns nil if there is none (or the rules write
// none). It checks that the snapshot belongs to this game: the same seed
// and setup (edition included), and the move count it was stored at.
func latestSnapshot(ctx context.Context, tx *sqlTx, g *Game, rules engine.Rules) (engine.State, int, error) {
	restorer, ok := rules.(engine.Restorer)
	if !ok {
		return nil, 0, nil
	}
	var seq int
	var data []byte
	err := tx.QueryRowContext(ctx, `SELECT seq, state FROM snapshots WHERE game_id = ? AND state_version = ? AND seq <= ?
		ORDER BY seq DESC LIMIT 1`, g.ID, restorer.SnapshotVersion(), g.Seq).Scan(&seq, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, internal(g.ID, err, "read snapshot")
	}
	st, err := restorer.Restore(restorer.SnapshotVersion(), data)
	if err != nil {
		return nil, 0, corrupt(g.ID, err, "the snapshot at action %d cannot be read", seq)
	}
	if p, ok := st.(engine.Snapshotter); !ok || p.Played() != seq || st.Seats() != len(g.Seats) {
		return nil, 0, corrupt(g.ID, nil, "the snapshot at action %d belongs to another game or position", seq)
	}
	if o, ok := st.(engine.Origin); ok {
		seed, setup := o.Origin()
		// Both sides pinned: rules without editions report none (0), and
		// a game started by a program older than editions, sharing the
		// database during an upgrade, keeps 0; both read as the current.
		if seed != g.Seed || !sameSetup(setup.PinEdition(rules), g.Setup().PinEdition(rules)) {
			return nil, 0, corrupt(g.ID, nil, "the snapshot at action %d belongs to another game or position", seq)
		}
	}
	return st, seq, nil
}

// sameSetup compares two setups, a missing map and an empty one alike.
func sameSetup(a, b engine.Setup) bool {
	if a.Seats != b.Seats || a.Edition != b.Edition || !maps.Equal(a.Options, b.Options) {
		return false
	}
	for i := range a.Seats {
		var x, y map[string]string
		if i < len(a.SeatOptions) {
			x = a.SeatOptions[i]
		}
		if i < len(b.SeatOptions) {
			y = b.SeatOptions[i]
		}
		if !maps.Equal(x, y) {
			return false
		}
	}
	return true
}

// Actions returns a game's whole move log in order, for records and
// history; it checks that no sequence number is missing.
func (db *DB) Actions(ctx context.Context, gameID string) ([]engine.Move, error) {
	log, err := db.MoveLog(ctx, gameID)
	if err != nil {
		return nil, err
	}
	out := make([]engine.Move, len(log))
	for i, m := range log {
		out[i] = m.Move
	}
	return out, nil
}

// LoggedMove is one move of a game's log with who made it and when.
type LoggedMove struct {
	Move engine.Move
	// By is who made it ("player", "ai", "autopilot", ...; "" for moves
	// stored before it was kept).
	By string
	At time.Time
}

// MoveLog returns a game's whole move log in order with who made each move
// and when, for a catch-up log; it checks that no sequence number is
// missing.
func (db *DB) MoveLog(ctx context.Context, gameID string) ([]LoggedMove, error) {
	g, err := db.GetGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	rules, err := g.Rules()
	if err != nil {
		return nil, corrupt(gameID, err, "unknown game %q", g.Kind)
	}
	rows, err := db.r.QueryContext(ctx, `SELECT seq, seat, type, payload, notation, actor, at FROM actions WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, internal(gameID, err, "read actions")
	}
	defer rows.Close()
	var out []LoggedMove
	var payload []byte
	for rows.Next() {
		var seq, seat int
		var at int64
		var typ, notation, actor string
		if err := rows.Scan(&seq, &seat, &typ, &payload, &notation, &actor, &at); err != nil {
			return nil, internal(gameID, err, "read action")
		}
		if seq != len(out)+1 {
			return nil, corrupt(gameID, nil, "action %d is missing from the log", len(out)+1)
		}
		m, err := readMove(rules, seat, typ, payload, notation)
		if err != nil {
			return nil, corrupt(gameID, err, "action %d is not a valid move", seq)
		}
		out = append(out, LoggedMove{Move: m, By: actor, At: fromMillis(at)})
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
