package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/anludim"
	"atheneum/engine/atheneum"
)

// TestMovesAreStoredInNotation: the log keeps each move in its game's
// notation, with its seat and type in columns of their own that must
// agree with it.
func TestMovesAreStoredInNotation(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		// newGame plays ten moves of a new game (too few for a snapshot, so a
		// load replays them all) and returns it with its moves.
		newGame := func(t *testing.T) (*Game, []engine.Move) {
			t.Helper()
			g := newPlaying(t, db, 2, 31)
			p := atheneum.NewRandomPlayer(31)
			var moves []engine.Move
			for range 10 {
				a, _ := p.Next(ath(g.State))
				next := play(t, g.State, a)
				if err := db.AppendAction(ctx, g.ID, len(moves), notation(a), next); err != nil {
					t.Fatal(err)
				}
				g.State = next
				moves = append(moves, notation(a))
			}
			return g, moves
		}

		t.Run("a game stored in notation replays from its seed", func(t *testing.T) {
			g, moves := newGame(t)
			rows, err := db.r.QueryContext(ctx, `SELECT seq, seat, type, payload, notation FROM actions WHERE game_id = ? ORDER BY seq`, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			n := 0
			for rows.Next() {
				var seq, seat int
				var typ, payload, m string
				if err := rows.Scan(&seq, &seat, &typ, &payload, &m); err != nil {
					t.Fatal(err)
				}
				want := moves[n]
				wantSeat, _ := engine.MoveSeat(want)
				if seq != n+1 || m != string(want) || payload != "" || seat != wantSeat || typ != strings.Fields(string(want))[1] {
					t.Errorf("row %d: seq %d, seat %d, type %q, payload %q, notation %q; want the move %q", n, seq, seat, typ, payload, m, want)
				}
				n++
			}
			if err := rows.Err(); err != nil || n != len(moves) {
				t.Fatalf("%d rows, %v", n, err)
			}
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if canonical(t, got.State) != canonical(t, g.State) {
				t.Fatal("the game replayed from its moves differs")
			}
			log, err := db.Actions(ctx, g.ID)
			if err != nil || !slices.Equal(log, moves) {
				t.Fatalf("the log reads %v (%v), want %v", log, err, moves)
			}
		})

		damaged := []struct {
			name  string
			query string // ? is the game id
		}{
			{"a move whose notation names another seat than its seat column is refused",
				`UPDATE actions SET notation = 's' || (1 - seat) || substr(notation, 3) WHERE game_id = ? AND seq = 5`},
			{"a move whose seat column names another seat than its notation is refused",
				`UPDATE actions SET seat = 1 - seat WHERE game_id = ? AND seq = 5`},
			{"a move whose notation names no seat is refused",
				`UPDATE actions SET notation = substr(notation, 4) WHERE game_id = ? AND seq = 5`},
			{"a move whose type column is not its notation's is refused",
				`UPDATE actions SET type = 'remove' WHERE game_id = ? AND seq = 5`},
		}
		for _, c := range damaged {
			t.Run(c.name, func(t *testing.T) {
				g, _ := newGame(t)
				tamper(t, db, c.query, g.ID)
				_, err := db.LoadGame(ctx, g.ID)
				var e *Error
				if !errors.Is(err, ErrCorrupt) || !errors.As(err, &e) || e.Reason != "action 5 is not a valid move" {
					t.Fatalf("load: got %v, want the move refused as corrupt", err)
				}
				if _, err := db.Actions(ctx, g.ID); !errors.Is(err, ErrCorrupt) {
					t.Fatalf("the log: got %v, want ErrCorrupt", err)
				}
			})
		}
	})
}

// TestTheLastCommitNeedsRankedResults: a commit whose state is over
// finishes the game only with one result per seat, ranked by the rules of
// engine.CheckResults; anything else leaves the game as it was.
func TestTheLastCommitNeedsRankedResults(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		g := newPlaying(t, db, 2, 41)
		p := atheneum.NewRandomPlayer(41)
		var last engine.Move
		var final engine.State
		for final == nil {
			a, ok := p.Next(ath(g.State))
			if !ok {
				t.Fatal("the game ended before its last action")
			}
			next := play(t, g.State, a)
			if next.Over() {
				last, final = notation(a), next
				break
			}
			if err := db.AppendAction(ctx, g.ID, ath(g.State).Seq, notation(a), next); err != nil {
				t.Fatal(err)
			}
			g.State = next
		}
		results := final.Results()
		if err := engine.CheckResults(results, 2); err != nil {
			t.Fatalf("the rules' own results: %v", err)
		}
		modified := func(f func(rs []engine.Result) []engine.Result) []engine.Result {
			return f(slices.Clone(results))
		}
		refused := []struct {
			name    string
			results []engine.Result
		}{
			{"none", nil},
			{"one seat's only", results[:1]},
			{"the seats' in another order", modified(func(rs []engine.Result) []engine.Result { slices.Reverse(rs); return rs })},
			{"a rank nobody earned", modified(func(rs []engine.Result) []engine.Result { rs[0].Rank, rs[1].Rank = 2, 2; return rs })},
			{"the better score ranked lower", modified(func(rs []engine.Result) []engine.Result {
				rs[0].Score, rs[1].Score, rs[0].Rank, rs[1].Rank = 10, 20, 1, 2
				return rs
			})},
		}
		seq := ath(g.State).Seq
		for _, r := range refused {
			t.Run("a game ending with "+r.name+" for results is refused", func(t *testing.T) {
				err := db.Commit(ctx, g.ID, Commit{Seq: seq, Move: last, State: final, Results: r.results})
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("got %v, want ErrInvalid", err)
				}
				got, err := db.GetGame(ctx, g.ID)
				if err != nil || got.Status != StatusPlaying || got.Seq != seq {
					t.Fatalf("the refused commit changed the game: %+v, %v", got, err)
				}
			})
		}
		t.Run("a game ending with the rules' results finishes with them", func(t *testing.T) {
			if err := db.Commit(ctx, g.ID, Commit{Seq: seq, Move: last, State: final, Results: results}); err != nil {
				t.Fatal(err)
			}
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil || got.Status != StatusFinished || !got.State.Over() {
				t.Fatalf("%+v, %v", got, err)
			}
			res, err := db.Results(ctx, g.ID)
			if err != nil || len(res) != 2 {
				t.Fatalf("%+v, %v", res, err)
			}
			for _, r := range res {
				if !reflect.DeepEqual(r.Result, results[r.Seat]) {
					t.Errorf("seat %d: %+v, want %+v", r.Seat, r.Result, results[r.Seat])
				}
			}
		})
	})
}

// anludimPrint sums up an Anludim game: what its seam says and everything
// its rules show of it.
func anludimPrint(s engine.State) string {
	g := s.(*anludim.State).Game
	out := fmt.Sprint(s.StepKey(), s.Awaited(), s.Over(), s.Results(), g.Round(), g.Turn(), g.Active(), g.Winner(),
		g.FaceUp(), g.DeckSize(), g.DiscardPile(), g.Keeping(), g.MainDone(), g.OptionalDone())
	for seat := range s.Seats() {
		out += fmt.Sprint(g.Hand(seat), g.Items(seat), g.Kept(seat), g.Gold(seat), engine.Moves(s, seat, 64))
	}
	return out
}

// TestAnotherKindOfGameIsStored: the store keeps a game it knows only
// through the seam, Anludim (no snapshots, a game option, no seat
// options), from its creation to its results.
func TestAnotherKindOfGameIsStored(t *testing.T) {
	t.Parallel()
	// The game's moves are drawn at random once, by the first backend to
	// play the whole game, and played again on the other: drawing them
	// (engine.RandomMove) was most of the test's processor time under the
	// race detector, and the same seed draws the same moves.
	var drawn []engine.Move
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		path := be.fresh(t)
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { db.Close() }()
		expert := map[string]string{anludim.OptionVariant: "expert"}
		g := &Game{Kind: anludim.ID, GuildID: "g", ChannelID: "c", HostID: "u1", Status: StatusPlaying, Seed: 8, GameOptions: expert,
			Options: Options{Seats: 3}, Seats: []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}, {AILevel: "random", Name: "AI"}}}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		if g.State == nil || g.State.Rules().ID() != anludim.ID || g.State.Seats() != 3 || !g.State.(*anludim.State).Game.Options().Expert {
			t.Fatalf("the created game's state is %v", g.State)
		}
		if !reflect.DeepEqual(g.GameOptions, expert) {
			t.Errorf("game options %v, want %v", g.GameOptions, expert)
		}
		r := engine.NewRand(8)
		replay := drawn
		var moves []engine.Move
		for !g.State.Over() {
			awaited := g.State.Awaited()
			if len(awaited) == 0 {
				t.Fatalf("the game waits for nobody at %s", g.State.StepKey())
			}
			var m engine.Move
			if replay != nil {
				if len(moves) == len(replay) {
					t.Fatalf("the game goes on after the %d moves drawn", len(replay))
				}
				m = replay[len(moves)]
			} else if m, err = engine.RandomMove(g.State, awaited[r.IntN(len(awaited))], r); err != nil {
				t.Fatal(err)
			}
			next := g.State.Clone()
			if _, err := next.Apply(m); err != nil {
				t.Fatalf("the offered move %s was refused: %v", m, err)
			}
			if err := db.Commit(ctx, g.ID, Commit{Seq: len(moves), Move: m, State: next, Results: resultsOf(next)}); err != nil {
				t.Fatalf("move %d (%s): %v", len(moves)+1, m, err)
			}
			g.State = next
			moves = append(moves, m)
			if len(moves) == SnapshotInterval+1 {
				t.Run("a game under way reloads the same, replayed without snapshots", func(t *testing.T) {
					got, err := db.LoadGame(ctx, g.ID)
					if err != nil {
						t.Fatal(err)
					}
					if got.Status != StatusPlaying || got.Seq != len(moves) || anludimPrint(got.State) != anludimPrint(g.State) {
						t.Fatalf("the reloaded game differs: %s\nwant %s", anludimPrint(got.State), anludimPrint(g.State))
					}
				})
			}
			if len(moves) > engine.MaxPlayoutMoves {
				t.Fatal("the game does not end")
			}
		}
		if len(moves) <= SnapshotInterval+1 {
			t.Fatalf("only %d moves played", len(moves))
		}
		if replay != nil && len(moves) != len(replay) {
			t.Fatalf("the game ended after %d of the %d moves drawn", len(moves), len(replay))
		}
		drawn = moves
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if db, err = Open(ctx, path); err != nil {
			t.Fatal(err)
		}
		t.Run("the finished game reloads the same after a reopen", func(t *testing.T) {
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind != anludim.ID || got.Status != StatusFinished || got.Seq != len(moves) || !reflect.DeepEqual(got.GameOptions, expert) {
				t.Errorf("the record: %+v", got)
			}
			if anludimPrint(got.State) != anludimPrint(g.State) {
				t.Fatalf("the reloaded game differs: %s\nwant %s", anludimPrint(got.State), anludimPrint(g.State))
			}
			log, err := db.Actions(ctx, g.ID)
			if err != nil || !slices.Equal(log, moves) {
				t.Fatalf("the log differs from the moves played (%v)", err)
			}
		})
		t.Run("it writes no snapshots, which its rules do not take", func(t *testing.T) {
			var n int
			if err := db.r.QueryRowContext(ctx, `SELECT count(*) FROM snapshots WHERE game_id = ?`, g.ID).Scan(&n); err != nil || n != 0 {
				t.Fatalf("%d snapshots, %v", n, err)
			}
		})
		t.Run("its standings are recorded as its rules ranked them", func(t *testing.T) {
			want := g.State.Results()
			res, err := db.Results(ctx, g.ID)
			if err != nil || len(res) != len(want) {
				t.Fatalf("%+v, %v", res, err)
			}
			for i, r := range res {
				if !reflect.DeepEqual(r.Result, want[r.Seat]) || r.Name != g.Seats[r.Seat].Name || (i > 0 && r.Rank < res[i-1].Rank) {
					t.Errorf("result %d: %+v, want %+v", i, r, want[r.Seat])
				}
			}
			history, err := db.FinishedGames(ctx, Scope{GuildID: "g", Game: anludim.ID}, 0)
			if err != nil || len(history) != 1 || history[0].Game.ID != g.ID || len(history[0].Results) != 3 {
				t.Fatalf("Anludim's history: %+v, %v", history, err)
			}
			if none, err := db.FinishedGames(ctx, Scope{GuildID: "g", Game: atheneum.GameID}, 0); err != nil || len(none) != 0 {
				t.Errorf("Atheneum's history holds %d games, %v", len(none), err)
			}
			st, err := db.MemberStats(ctx, Scope{GuildID: "g", Game: anludim.ID}, "u1")
			if err != nil || st.Games != 1 || st.Best != want[0].Score || len(st.Usual) != 0 {
				t.Errorf("u1's stats %+v, %v", st, err)
			}
		})
		t.Run("a game of a kind no rules are registered for cannot be created", func(t *testing.T) {
			for _, kind := range []string{"", "exlibris"} {
				err := db.CreateGame(ctx, &Game{Kind: kind, GuildID: "g", ChannelID: "c-" + kind, HostID: "u1"})
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("kind %q: got %v, want ErrInvalid", kind, err)
				}
			}
		})
		t.Run("a game option its rules refuse cannot start", func(t *testing.T) {
			err := db.CreateGame(ctx, &Game{Kind: anludim.ID, GuildID: "g", ChannelID: "c2", HostID: "u1", Status: StatusPlaying,
				GameOptions: map[string]string{anludim.OptionVariant: "hard"}, Seats: []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}}})
			var ref *engine.Refusal
			if !errors.Is(err, ErrInvalid) || !errors.As(err, &ref) {
				t.Fatalf("got %v, want the rules' refusal", err)
			}
			if _, err := db.GameInChannel(ctx, "c2"); !errors.Is(err, ErrNotFound) {
				t.Errorf("the refused game was stored: %v", err)
			}
		})
	})
}

// TestStartingPinsTheDefaults: a game stores the setup its rules dealt it
// from, every default filled in, so that it replays the same whatever the
// defaults become.
func TestStartingPinsTheDefaults(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		lobby := &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c", HostID: "u1", Options: Options{Seats: 3},
			Seats: []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob", Options: subject(atheneum.Teal)}, {AILevel: "easy", Name: "AI"}}}
		if err := db.CreateGame(ctx, lobby); err != nil {
			t.Fatal(err)
		}
		if got, err := db.GetGame(ctx, lobby.ID); err != nil || got.GameOptions != nil || got.Seats[0].Options != nil || got.Seats[2].Options != nil {
			t.Fatalf("the lobby before the start: %+v, %v", got, err)
		}
		// checkPinned checks a started game's setup: the default content pack,
		// the subject chosen kept, every other seat given a subject of its own,
		// and the state the rules' deal for them.
		checkPinned := func(t *testing.T, g *Game) {
			t.Helper()
			if !reflect.DeepEqual(g.GameOptions, map[string]string{atheneum.OptionContent: atheneum.DefaultContentID}) {
				t.Errorf("game options %v", g.GameOptions)
			}
			subjects := subjectsOf(t, g.Seats)
			seen := map[atheneum.Color]bool{}
			for i, c := range subjects {
				if c == atheneum.NoColor || seen[c] {
					t.Errorf("seat %d has the subject %v among %v", i, c, subjects)
				}
				seen[c] = true
			}
			if subjects[1] != atheneum.Teal {
				t.Errorf("the subject chosen became %v", subjects[1])
			}
			checkDealt(t, g)
			// Atheneum's rules have one edition: the store pins it, 1.
			_, setup := g.State.(engine.Origin).Origin()
			if setup = setup.PinEdition(g.State.Rules()); setup.Edition != 1 || !reflect.DeepEqual(g.Setup(), setup) {
				t.Errorf("the stored setup %+v is not the one the game was dealt from, %+v", g.Setup(), setup)
			}
		}
		started, err := db.StartGame(ctx, lobby.ID, 17, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("the started game holds the setup filled in", func(t *testing.T) {
			checkPinned(t, started)
		})
		t.Run("the stored game holds the same setup", func(t *testing.T) {
			got, err := db.GetGame(ctx, lobby.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.GameOptions, started.GameOptions) || !reflect.DeepEqual(got.Setup(), started.Setup()) {
				t.Fatalf("stored %+v, started %+v", got.Setup(), started.Setup())
			}
		})
		t.Run("a later load replays the same game, from the seed and from a snapshot", func(t *testing.T) {
			got, err := db.LoadGame(ctx, lobby.ID)
			if err != nil {
				t.Fatal(err)
			}
			if canonical(t, got.State) != canonical(t, started.State) {
				t.Fatal("the loaded game is not the one started")
			}
			checkPinned(t, got)
			p := atheneum.NewRandomPlayer(17)
			for range SnapshotInterval + 3 {
				step(t, db, started, p)
			}
			if got, err = db.LoadGame(ctx, lobby.ID); err != nil || canonical(t, got.State) != canonical(t, started.State) {
				t.Fatalf("the game under way reloads another: %v", err)
			}
		})
		t.Run("a game created playing holds the setup filled in too", func(t *testing.T) {
			g := &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c2", HostID: "u1", Status: StatusPlaying, Seed: 18,
				Seats: []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob", Options: subject(atheneum.Teal)}, {AILevel: "easy", Name: "AI"}}}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			checkPinned(t, g)
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Setup(), g.Setup()) || canonical(t, got.State) != canonical(t, g.State) {
				t.Fatalf("the loaded game differs: %+v, want %+v", got.Setup(), g.Setup())
			}
		})
		t.Run("an Anludim game created playing holds its default variant", func(t *testing.T) {
			g := &Game{Kind: anludim.ID, GuildID: "g", ChannelID: "c3", HostID: "u1", Status: StatusPlaying, Seed: 19,
				Seats: []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}}}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			got, err := db.GetGame(ctx, g.ID)
			if err != nil || !reflect.DeepEqual(got.GameOptions, map[string]string{anludim.OptionVariant: "base"}) {
				t.Fatalf("game options %v, %v", got.GameOptions, err)
			}
		})
	})
}
