package store

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		tests := []struct {
			name  string
			seats int
			stop  int // actions to play; 0: to the end
			nil   bool
		}{
			{name: "a finished five-seat game loads identical after a reopen", seats: 5},
			{name: "a two-seat game stopped mid-turn loads identical after a reopen", seats: 2, stop: 137},
			{name: "a game committed without states loads by replay from its seed", seats: 3, stop: 120, nil: true},
		}
		for i, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				path := be.fresh(t)
				db, err := Open(ctx, path)
				if err != nil {
					t.Fatal(err)
				}
				g := newPlaying(t, db, tt.seats, uint64(100+i))
				p := atheneum.NewRandomPlayer(uint64(7 + i))
				var played []engine.Move
				for tt.stop == 0 || len(played) < tt.stop {
					a, ok := p.Next(ath(g.State))
					if !ok {
						break
					}
					next := play(t, g.State, a)
					c := Commit{Seq: ath(g.State).Seq, Move: notation(a), State: next, Results: resultsOf(next)}
					if tt.nil {
						c.State = nil
					}
					if err := db.Commit(ctx, g.ID, c); err != nil {
						t.Fatal(err)
					}
					g.State = next
					played = append(played, notation(a))
				}
				if len(played) < 100 {
					t.Fatalf("only %d actions played", len(played))
				}
				if err := db.Close(); err != nil {
					t.Fatal(err)
				}
				db, err = Open(ctx, path)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				got, err := db.LoadGame(ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if a, b := canonical(t, got.State), canonical(t, g.State); a != b {
					t.Fatalf("loaded state differs:\n got %s\nwant %s", a, b)
				}
				if got.Seq != len(played) || ath(got.State).Seq != len(played) {
					t.Errorf("seq %d / state seq %d, want %d", got.Seq, ath(got.State).Seq, len(played))
				}
				log, err := db.Actions(ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(log, played) {
					t.Error("the action log differs from the actions played")
				}
				over := g.State.Over()
				if want := map[bool]Status{true: StatusFinished, false: StatusPlaying}[over]; got.Status != want {
					t.Errorf("status %s, want %s", got.Status, want)
				}
				res, err := db.Results(ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if over {
					if len(res) != tt.seats || res[0].Rank != 1 || res[0].Score != ath(g.State).Results[0].Total {
						t.Errorf("results %+v, want those of %+v", res, ath(g.State).Results)
					}
					want := g.State.Results()
					for _, r := range res {
						if w := want[r.Seat]; r.Rank != w.Rank || r.Score != w.Score || r.TieBreak != w.TieBreak || !slices.Equal(r.Rows, w.Rows) {
							t.Errorf("seat %d's stored result %+v, want %+v", r.Seat, r.Result, w)
						}
					}
					if got.EndedAt.IsZero() {
						t.Error("a finished game has no end time")
					}
				} else if len(res) != 0 {
					t.Errorf("an unfinished game has results: %+v", res)
				}
			})
		}
	})
}

func TestLoadUsesSnapshots(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		g := newPlaying(t, db, 4, 9)
		p := atheneum.NewRandomPlayer(9)
		for range 2*SnapshotInterval + 7 {
			step(t, db, g, p)
		}
		var n, last int
		if err := db.r.QueryRowContext(ctx, `SELECT count(*), max(seq) FROM snapshots WHERE game_id = ?`, g.ID).Scan(&n, &last); err != nil {
			t.Fatal(err)
		}
		if n != 2 || last != 2*SnapshotInterval {
			t.Fatalf("%d snapshots, last at %d; want 2, last at %d", n, last, 2*SnapshotInterval)
		}
		// Break an action before the last snapshot: a load that starts from the
		// snapshot never reads it, which shows the log is not replayed whole.
		tamper(t, db, `UPDATE actions SET notation = 'garbage' WHERE game_id = ? AND seq = 3`, g.ID)
		if _, err := db.LoadGame(ctx, g.ID); err != nil {
			t.Fatalf("load replayed the whole log: %v", err)
		}
		t.Run("without the snapshots the broken action is read", func(t *testing.T) {
			tamper(t, db, `DELETE FROM snapshots WHERE game_id = ?`, g.ID)
			if _, err := db.LoadGame(ctx, g.ID); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("got %v, want ErrCorrupt", err)
			}
		})
		t.Run("a snapshot of another version is ignored and the log replayed", func(t *testing.T) {
			g := newPlaying(t, db, 3, 10)
			p := atheneum.NewRandomPlayer(10)
			for range SnapshotInterval + 7 {
				step(t, db, g, p)
			}
			// Unreadable, but of a version the rules no longer write.
			tamper(t, db, `UPDATE snapshots SET state_version = state_version - 1, state = 'old' WHERE game_id = ?`, g.ID)
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if canonical(t, got.State) != canonical(t, g.State) {
				t.Fatal("the game replayed from its log differs")
			}
		})
	})
}

func TestLobbyLifecycle(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		g := &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c", HostID: "u1", Options: Options{Seats: 3, AISeats: 1, AILevel: "easy"}}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		t.Run("a new game starts in the lobby with an id, its kind and no options chosen", func(t *testing.T) {
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != StatusLobby || got.ID == "" || got.Kind != atheneum.GameID || got.GameOptions != nil || got.State != nil {
				t.Errorf("got %+v", got)
			}
			if got.Options != g.Options {
				t.Errorf("options %+v, want %+v", got.Options, g.Options)
			}
		})
		t.Run("a second game in the same channel is refused while the first is active", func(t *testing.T) {
			err := db.CreateGame(ctx, &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c", HostID: "u2"})
			if !errors.Is(err, ErrExists) {
				t.Fatalf("got %v, want ErrExists", err)
			}
		})
		t.Run("the lobby's seats can change until it starts", func(t *testing.T) {
			seats := []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}, {AILevel: "easy", Name: "Bot"}}
			if err := db.UpdateLobby(ctx, g.ID, seats, g.Options, nil); err != nil {
				t.Fatal(err)
			}
			got, err := db.GameInChannel(ctx, "c")
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Seats) != 3 || got.Seats[2].AILevel != "easy" || got.Seats[1].Index != 1 {
				t.Errorf("seats %+v", got.Seats)
			}
		})
		t.Run("a seat that is neither a person nor an AI is refused", func(t *testing.T) {
			err := db.UpdateLobby(ctx, g.ID, []Seat{{Name: "nobody"}}, g.Options, nil)
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
		})
		t.Run("starting with two seats of one subject is refused with the rules' reason", func(t *testing.T) {
			seats := []Seat{{UserID: "u1", Name: "Ann", Options: subject(atheneum.Teal)}, {UserID: "u2", Name: "Bob", Options: subject(atheneum.Teal)}}
			_, err := db.StartGame(ctx, g.ID, 1, seats)
			var e *Error
			var r *engine.Refusal
			if !errors.Is(err, ErrInvalid) || !errors.As(err, &e) || !errors.As(err, &r) ||
				r.Code != string(atheneum.CodeSameSubject) || e.Reason != "each player needs a different subject" {
				t.Fatalf("got %v", err)
			}
			if got, _ := db.GetGame(ctx, g.ID); got.Status != StatusLobby || len(got.Seats) != 3 {
				t.Errorf("the refused start changed the lobby: %+v", got)
			}
		})
		t.Run("starting with an unknown content pack is refused with the rules' reason", func(t *testing.T) {
			lobby, err := db.GetGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.UpdateLobby(ctx, g.ID, lobby.Seats, g.Options, map[string]string{atheneum.OptionContent: "nope"}); err != nil {
				t.Fatal(err)
			}
			_, err = db.StartGame(ctx, g.ID, 1, nil)
			var r *engine.Refusal
			if !errors.Is(err, ErrInvalid) || !errors.As(err, &r) || r.Code != "no_content" {
				t.Fatalf("got %v", err)
			}
			// Seats updated with nil game options keep them; an empty map
			// clears them.
			if err := db.UpdateLobby(ctx, g.ID, lobby.Seats, g.Options, nil); err != nil {
				t.Fatal(err)
			}
			if got, _ := db.GetGame(ctx, g.ID); got.GameOptions[atheneum.OptionContent] != "nope" || got.Status != StatusLobby {
				t.Errorf("game options %v (%s) after an update that keeps them", got.GameOptions, got.Status)
			}
			if err := db.UpdateLobby(ctx, g.ID, lobby.Seats, g.Options, map[string]string{}); err != nil {
				t.Fatal(err)
			}
			if got, _ := db.GetGame(ctx, g.ID); got.GameOptions != nil {
				t.Errorf("game options %v after clearing them", got.GameOptions)
			}
		})
		t.Run("an action before the start is refused", func(t *testing.T) {
			err := db.AppendAction(ctx, g.ID, 0, notation(atheneum.Action{Type: atheneum.ActPick, Seat: 0, Card: "x"}), nil)
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
		})
		var started *Game
		t.Run("starting gives the engine's new game", func(t *testing.T) {
			seats := []Seat{{UserID: "u1", Name: "Ann", Options: subject(atheneum.Pink)}, {UserID: "u2", Name: "Bob", Options: subject(atheneum.Green)},
				{AILevel: "easy", Name: "Bot", Options: subject(atheneum.Black)}}
			var err error
			if started, err = db.StartGame(ctx, g.ID, 42, seats); err != nil {
				t.Fatal(err)
			}
			w, _ := atheneum.NewGame(atheneum.Config{Subjects: []atheneum.Color{atheneum.Pink, atheneum.Green, atheneum.Black}, Seed: 42})
			want := seam(w)
			if canonical(t, started.State) != canonical(t, want) || started.Status != StatusPlaying {
				t.Error("the started game is not the engine's new game")
			}
			loaded, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if canonical(t, loaded.State) != canonical(t, want) || loaded.StartedAt.IsZero() {
				t.Error("the loaded started game is not the engine's new game")
			}
			if loaded.GameOptions[atheneum.OptionContent] != atheneum.DefaultContentID || !reflect.DeepEqual(loaded.Seats[2].Options, subject(atheneum.Black)) {
				t.Errorf("the started game's setup is %v with seats %+v", loaded.GameOptions, loaded.Seats)
			}
		})
		t.Run("starting twice is refused", func(t *testing.T) {
			if _, err := db.StartGame(ctx, g.ID, 42, nil); !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
		})
		t.Run("a closed DM is remembered per seat", func(t *testing.T) {
			if err := db.SetDMClosed(ctx, g.ID, 1, true); err != nil {
				t.Fatal(err)
			}
			got, _ := db.GetGame(ctx, g.ID)
			if got.Seats[0].DMClosed || !got.Seats[1].DMClosed {
				t.Errorf("seats %+v", got.Seats)
			}
			if err := db.SetDMClosed(ctx, g.ID, 7, true); !errors.Is(err, ErrNotFound) {
				t.Errorf("got %v, want ErrNotFound", err)
			}
		})
		t.Run("abandoning frees the channel and drops the timers", func(t *testing.T) {
			if err := db.PutJob(ctx, Job{GameID: g.ID, Kind: "deadline", Seat: 0, Due: started.CreatedAt}); err != nil {
				t.Fatal(err)
			}
			if err := db.Abandon(ctx, g.ID); err != nil {
				t.Fatal(err)
			}
			if jobs, _ := db.Jobs(ctx); len(jobs) != 0 {
				t.Errorf("jobs left: %+v", jobs)
			}
			if _, err := db.GameInChannel(ctx, "c"); !errors.Is(err, ErrNotFound) {
				t.Errorf("got %v, want ErrNotFound", err)
			}
			if err := db.CreateGame(ctx, &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: "c", HostID: "u2"}); err != nil {
				t.Errorf("a new game in the freed channel: %v", err)
			}
			if err := db.Abandon(ctx, g.ID); !errors.Is(err, ErrInvalid) {
				t.Errorf("abandoning twice: got %v, want ErrInvalid", err)
			}
		})
	})
}

func TestCommitChecks(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		g := newPlaying(t, db, 2, 5)
		p := atheneum.NewRandomPlayer(5)
		for range 3 {
			step(t, db, g, p)
		}
		a, _ := p.Next(ath(g.State))
		next := play(t, g.State, a)
		m := notation(a)
		_, seatless, _ := strings.Cut(string(m), " ")
		tests := []struct {
			name   string
			gameID string
			c      Commit
			want   error
		}{
			{"an action at a stale sequence number is a conflict", g.ID, Commit{Seq: 2, Move: m}, ErrConflict},
			{"an action ahead of the log is a conflict", g.ID, Commit{Seq: 4, Move: m}, ErrConflict},
			{"an action for an unknown game is not found", "nope", Commit{Seq: 3, Move: m}, ErrNotFound},
			{"a state that is not the action's result is invalid", g.ID, Commit{Seq: 3, Move: m, State: g.State}, ErrInvalid},
			{"a negative sequence number is invalid", g.ID, Commit{Seq: -1, Move: m}, ErrInvalid},
			{"a move that does not name its seat is invalid", g.ID, Commit{Seq: 3, Move: engine.Move(seatless), State: next}, ErrInvalid},
			{"the right sequence number is accepted", g.ID, Commit{Seq: 3, Move: m, State: next, Results: resultsOf(next)}, nil},
			{"the same action again is a conflict", g.ID, Commit{Seq: 3, Move: m, State: next, Results: resultsOf(next)}, ErrConflict},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				err := db.Commit(ctx, tt.gameID, tt.c)
				if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
					t.Fatalf("got %v, want %v", err, tt.want)
				}
			})
		}
		t.Run("a commit can abandon the game with its last action", func(t *testing.T) {
			b, _ := p.Next(ath(next))
			after := play(t, next, b)
			if err := db.Commit(ctx, g.ID, Commit{Seq: 4, Move: notation(b), State: after, Results: resultsOf(after), Abandon: true}); err != nil {
				t.Fatal(err)
			}
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil || got.Status != StatusAbandoned || got.Seq != 5 || got.EndedAt.IsZero() {
				t.Fatalf("%+v, %v", got, err)
			}
			if err := db.AppendAction(ctx, g.ID, 5, notation(b), nil); !errors.Is(err, ErrInvalid) {
				t.Fatalf("an action after the end: got %v, want ErrInvalid", err)
			}
		})
		t.Run("the log is append-only even to raw SQL", func(t *testing.T) {
			for _, q := range []string{`UPDATE actions SET seat = 1 WHERE game_id = ?`, `DELETE FROM actions WHERE game_id = ?`} {
				if _, err := db.w.ExecContext(ctx, q, g.ID); err == nil {
					t.Errorf("%s succeeded", q)
				}
			}
		})
	})
}
