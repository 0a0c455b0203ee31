package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
)

// relaid is the action of firstEditionMoves that lays a seat's
// combination again unchanged: the 38th.
const relaid = 38

// firstEditionMoves reads the expert Anludim game of three seats dealt
// from seed 777 as the rules recorded it before ruling 17's fix (kept,
// never rewritten, in engine/anludim/testdata): its action relaid lays a
// combination again as it was, which only the first edition of the rules
// accepts.
func firstEditionMoves(t testing.TB) []engine.Move {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "engine", "anludim", "testdata", "expert-3-seats-edition-1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var moves []engine.Move
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line != "" && line[0] != '#' && line[0] != '=' {
			moves = append(moves, engine.Move(line))
		}
	}
	if len(moves) <= relaid {
		t.Fatalf("the recorded game has %d moves", len(moves))
	}
	return moves
}

// anludimState deals an Anludim game at the seam and plays moves on it.
func anludimState(t testing.TB, seed uint64, seats int, options map[string]string, edition int, moves []engine.Move) engine.State {
	t.Helper()
	s, err := anludim.Rules.New(seed, engine.Setup{Seats: seats, Options: options, Edition: edition})
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		if err := engine.Do(s, m); err != nil {
			t.Fatalf("move %d (%s): %v", i+1, m, err)
		}
	}
	return s
}

// editionOf reads the edition a game's row holds.
func editionOf(t testing.TB, db *DB, gameID string) int {
	t.Helper()
	var e int
	if err := db.r.QueryRowContext(context.Background(), `SELECT edition FROM games WHERE id = ?`, gameID).Scan(&e); err != nil {
		t.Fatal(err)
	}
	return e
}

// originEdition is the edition a state says it is played by.
func originEdition(s engine.State) int {
	_, setup := s.(engine.Origin).Origin()
	return setup.Edition
}

// editionMigration is the version of the migration that gave games their
// edition, on be's backend.
func editionMigration(t testing.TB, be backend) int {
	t.Helper()
	var d dialect = sqliteDialect{}
	if be.name == "postgres" {
		d = &postgresDialect{}
	}
	ms, err := migrations(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if strings.HasSuffix(m.name, "_edition.sql") {
			return m.version
		}
	}
	t.Fatal("no migration adds the edition")
	return 0
}

// insertBeforeEditions writes a game's row and seats as the store did
// before editions: the columns it had then, no edition.
func insertBeforeEditions(t testing.TB, db *DB, g *Game, setup string) {
	t.Helper()
	ctx := context.Background()
	err := db.write(ctx, g.ID, func(tx *sqlTx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, guild_id, channel_id, host_id, status, seed, setup,
			options, seq, created_at, started_at, ended_at, game) VALUES (?, 'g', ?, 'u1', ?, ?, ?, '{}', 0, 1, ?, 0, ?)`,
			g.ID, g.ChannelID, string(g.Status), int64(g.Seed), setup, toMillis(g.StartedAt), g.Kind); err != nil {
			return err
		}
		return putSeats(ctx, tx, g.ID, g.Seats)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// commitBeforeEditions appends move, the game's action seq+1, as the store
// did before editions (Commit, with the same SQL, refuses a database
// opened before its last migration): the log's row and, every
// SnapshotInterval actions, a snapshot of state, the game after it.
func commitBeforeEditions(t testing.TB, db *DB, gameID string, seq int, move engine.Move, state engine.State) {
	t.Helper()
	ctx := context.Background()
	seat, _ := engine.MoveSeat(move)
	err := db.write(ctx, gameID, func(tx *sqlTx) error {
		res, err := tx.ExecContext(ctx, advanceSQL, seq+1, gameID, seq, true)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("game %s is not playing at action %d", gameID, seq)
		}
		if _, err := tx.ExecContext(ctx, appendActionSQL, gameID, seq+1, seat, moveKind(move), string(move), "player", 1); err != nil {
			return err
		}
		if snapper, ok := state.(engine.Snapshotter); ok && (seq+1)%SnapshotInterval == 0 {
			v, data, err := snapper.Snapshot()
			if err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO snapshots (game_id, seq, state_version, state, at) VALUES (?, ?, ?, ?, 1)`,
				gameID, seq+1, v, db.d.blob(data))
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestGamesStoredBeforeEditionsAreOfTheFirst: a database written before
// games kept their edition, holding an expert Anludim game whose log lays
// a combination again unchanged (accepted then, refused by the current
// edition), an Atheneum game with a snapshot and a lobby, is opened and
// migrated: the games that started are of the first edition and go on by
// it, and the lobby starts by the current one.
func TestGamesStoredBeforeEditionsAreOfTheFirst(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		dsn := be.fresh(t)
		moves := firstEditionMoves(t)
		played := relaid + 12 // the game stopped some way past the re-laid combination
		expert := map[string]string{anludim.OptionVariant: "expert"}
		started := fromMillis(2)

		old, err := open(ctx, dsn, editionMigration(t, be)-1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := old.r.ExecContext(ctx, `SELECT edition FROM games`); err == nil {
			t.Fatal("the schema before editions already has them")
		}
		insertBeforeEditions(t, old, &Game{ID: "expert", ChannelID: "c1", Kind: anludim.ID, Status: StatusPlaying, Seed: 777, StartedAt: started,
			Seats: []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}, {AILevel: "normal", Name: "AI"}}}, `{"variant":"expert"}`)
		// Each move is played on a copy of the position before it, once.
		position := anludimState(t, 777, 3, expert, anludim.EditionFirst, nil)
		for i, m := range moves[:played] {
			position = position.Clone()
			if err := engine.Do(position, m); err != nil {
				t.Fatalf("move %d (%s): %v", i+1, m, err)
			}
			commitBeforeEditions(t, old, "expert", i, m, position)
		}
		athGame := &Game{ID: "ath", ChannelID: "c2", Kind: atheneum.GameID, Status: StatusPlaying, Seed: 21, StartedAt: started,
			GameOptions: map[string]string{atheneum.OptionContent: atheneum.DefaultContentID},
			Seats:       []Seat{{UserID: "u1", Name: "Ann", Options: subject(atheneum.Teal)}, {UserID: "u2", Name: "Bob", Options: subject(atheneum.Pink)}}}
		insertBeforeEditions(t, old, athGame, `{"content":"`+atheneum.DefaultContentID+`"}`)
		if athGame.State, err = athGame.NewState(); err != nil {
			t.Fatal(err)
		}
		p := atheneum.NewRandomPlayer(21)
		for seq := range SnapshotInterval + 5 {
			a, ok := p.Next(ath(athGame.State))
			if !ok {
				t.Fatal("the Atheneum game ended early")
			}
			athGame.State = play(t, athGame.State, a)
			commitBeforeEditions(t, old, "ath", seq, notation(a), athGame.State)
		}
		var snaps int
		if err := old.r.QueryRowContext(ctx, `SELECT count(*) FROM snapshots WHERE game_id = 'ath'`).Scan(&snaps); err != nil || snaps != 1 {
			t.Fatalf("%d snapshots of the Atheneum game (%v), want 1", snaps, err)
		}
		insertBeforeEditions(t, old, &Game{ID: "wait", ChannelID: "c3", Kind: anludim.ID, Status: StatusLobby,
			Seats: []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}}}, `{"variant":"expert"}`)
		old.Close()

		db := be.open(t, dsn)
		t.Run("the games that started are of the first edition and the lobby of none yet", func(t *testing.T) {
			for id, want := range map[string]int{"expert": 1, "ath": 1, "wait": 0} {
				g, err := db.GetGame(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if g.Edition != want || editionOf(t, db, id) != want {
					t.Errorf("game %s is of edition %d, want %d", id, g.Edition, want)
				}
			}
		})
		t.Run("the expert game whose log lays a combination again loads by the first edition", func(t *testing.T) {
			g, err := db.LoadGame(ctx, "expert")
			if err != nil {
				t.Fatal(err)
			}
			want := anludimState(t, 777, 3, expert, anludim.EditionFirst, moves[:played])
			if g.Seq != played || originEdition(g.State) != anludim.EditionFirst || anludimPrint(g.State) != anludimPrint(want) {
				t.Fatalf("loaded %d actions of edition %d: %s\nwant %s", g.Seq, originEdition(g.State), anludimPrint(g.State), anludimPrint(want))
			}
		})
		t.Run("it goes on to its end by the first edition, its results recorded", func(t *testing.T) {
			g, err := db.LoadGame(ctx, "expert")
			if err != nil {
				t.Fatal(err)
			}
			for i := played; i < len(moves); i++ {
				next := g.State.Clone()
				if _, err := next.Apply(moves[i]); err != nil {
					t.Fatalf("move %d (%s): %v", i+1, moves[i], err)
				}
				if err := db.Commit(ctx, g.ID, Commit{Seq: i, Move: moves[i], State: next, Results: resultsOf(next)}); err != nil {
					t.Fatalf("move %d (%s): %v", i+1, moves[i], err)
				}
				g.State = next
			}
			got, err := db.LoadGame(ctx, "expert")
			if err != nil || got.Status != StatusFinished || !got.State.Over() || got.Edition != anludim.EditionFirst {
				t.Fatalf("%+v, %v", got, err)
			}
			want := anludimState(t, 777, 3, expert, anludim.EditionFirst, moves).Results()
			res, err := db.Results(ctx, "expert")
			if err != nil || len(res) != 3 {
				t.Fatalf("%+v, %v", res, err)
			}
			for _, r := range res {
				if !reflect.DeepEqual(r.Result, want[r.Seat]) {
					t.Errorf("seat %d: %+v, want %+v", r.Seat, r.Result, want[r.Seat])
				}
			}
		})
		t.Run("read by the current edition, the same log would be refused at the re-laid combination", func(t *testing.T) {
			rawSQL(t, db, `UPDATE games SET edition = ? WHERE id = 'expert'`, "", anludim.CurrentEdition)
			_, err := db.LoadGame(ctx, "expert")
			var e *Error
			if !errors.Is(err, ErrCorrupt) || !errors.As(err, &e) || !strings.HasPrefix(e.Reason, "action 38 ") {
				t.Fatalf("got %v, want action %d refused", err, relaid)
			}
			rawSQL(t, db, `UPDATE games SET edition = 1 WHERE id = 'expert'`, "")
			if _, err := db.LoadGame(ctx, "expert"); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("the Atheneum game loads from its snapshot and goes on", func(t *testing.T) {
			g, err := db.LoadGame(ctx, "ath")
			if err != nil {
				t.Fatal(err)
			}
			if canonical(t, g.State) != canonical(t, athGame.State) {
				t.Fatal("the loaded game differs")
			}
			for range 3 {
				step(t, db, g, p)
			}
			if got, err := db.LoadGame(ctx, "ath"); err != nil || canonical(t, got.State) != canonical(t, g.State) || got.Edition != 1 {
				t.Fatalf("the game that went on reloads differently: %v", err)
			}
		})
		t.Run("the lobby starts by the current edition", func(t *testing.T) {
			g, err := db.StartGame(ctx, "wait", 5, nil)
			if err != nil {
				t.Fatal(err)
			}
			if g.Edition != anludim.CurrentEdition || originEdition(g.State) != anludim.CurrentEdition {
				t.Fatalf("started as edition %d, its state of %d", g.Edition, originEdition(g.State))
			}
			got, err := db.LoadGame(ctx, "wait")
			if err != nil || got.Edition != anludim.CurrentEdition || originEdition(got.State) != anludim.CurrentEdition {
				t.Fatalf("%+v, %v", got, err)
			}
		})
	})
}

// TestANewGameStoresItsEdition: a game stores the edition of its rules it
// started by, the current one unless it was given another, and an edition
// the rules do not know is refused at the start and at a load.
func TestANewGameStoresItsEdition(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		expert := map[string]string{anludim.OptionVariant: "expert"}
		two := []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}}
		newGame := func(channel, kind string, status Status, edition int) *Game {
			g := &Game{Kind: kind, GuildID: "g", ChannelID: channel, HostID: "u1", Status: status, Seed: 9, Edition: edition, Seats: two}
			if kind == anludim.ID {
				g.GameOptions = expert
			}
			return g
		}
		// checkStored checks the edition a game holds, stores and loads with.
		checkStored := func(t *testing.T, g *Game, want int) {
			t.Helper()
			if g.Edition != want || editionOf(t, db, g.ID) != want {
				t.Fatalf("the game holds edition %d and stores %d, want %d", g.Edition, editionOf(t, db, g.ID), want)
			}
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Edition != want || got.Setup().Edition != want {
				t.Fatalf("it loads as edition %d", got.Edition)
			}
			if _, ok := got.State.Rules().(engine.Editioned); ok && originEdition(got.State) != want {
				t.Fatalf("its state is of edition %d", originEdition(got.State))
			}
		}
		t.Run("an Anludim game created playing stores the current edition", func(t *testing.T) {
			g := newGame("c1", anludim.ID, StatusPlaying, 0)
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			checkStored(t, g, anludim.CurrentEdition)
		})
		t.Run("an Atheneum game, whose rules have one edition, stores the first", func(t *testing.T) {
			g := newGame("c2", atheneum.GameID, StatusPlaying, 0)
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			checkStored(t, g, 1)
		})
		t.Run("a lobby stores none and pins the current edition when it starts", func(t *testing.T) {
			g := newGame("c3", anludim.ID, StatusLobby, 0)
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			if got, err := db.GetGame(ctx, g.ID); err != nil || got.Edition != 0 || editionOf(t, db, g.ID) != 0 {
				t.Fatalf("the lobby: %+v, %v", got, err)
			}
			started, err := db.StartGame(ctx, g.ID, 11, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkStored(t, started, anludim.CurrentEdition)
		})
		t.Run("a game created for the first edition keeps it and plays by it", func(t *testing.T) {
			g := newGame("c4", anludim.ID, StatusPlaying, anludim.EditionFirst)
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			checkStored(t, g, anludim.EditionFirst)
		})
		for _, e := range []int{-1, anludim.CurrentEdition + 1} {
			t.Run(fmt.Sprintf("a game asking for edition %d, which its rules do not know, is refused and not stored", e), func(t *testing.T) {
				g := newGame("c5", anludim.ID, StatusPlaying, e)
				if err := db.CreateGame(ctx, g); !errors.Is(err, ErrInvalid) {
					t.Fatalf("edition %d: got %v, want ErrInvalid", e, err)
				}
				if _, err := db.GameInChannel(ctx, "c5"); !errors.Is(err, ErrNotFound) {
					t.Fatalf("edition %d: the refused game was stored: %v", e, err)
				}
			})
		}
		t.Run("a stored game of an edition this program does not know is refused as damaged", func(t *testing.T) {
			for _, kind := range []string{anludim.ID, atheneum.GameID} {
				g := newGame("c6-"+kind, kind, StatusPlaying, 0)
				if err := db.CreateGame(ctx, g); err != nil {
					t.Fatal(err)
				}
				e := engine.CurrentEdition(g.State.Rules()) + 1
				rawSQL(t, db, `UPDATE games SET edition = ? WHERE id = ?`, "", e, g.ID)
				_, err := db.LoadGame(ctx, g.ID)
				var se *Error
				if !errors.Is(err, ErrCorrupt) || !errors.As(err, &se) || !strings.Contains(se.Reason, "edition") {
					t.Fatalf("%s of edition %d: got %v, want ErrCorrupt naming the edition", kind, e, err)
				}
			}
		})
	})
}
