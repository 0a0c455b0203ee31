package store

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"atheneum/engine/atheneum"
)

func TestRoundTrip(t *testing.T) {
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
			path := filepath.Join(t.TempDir(), "rt.db")
			db, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			g := newPlaying(t, db, tt.seats, uint64(100+i))
			p := atheneum.NewRandomPlayer(uint64(7 + i))
			var played []atheneum.Action
			for tt.stop == 0 || len(played) < tt.stop {
				a, ok := p.Next(g.State)
				if !ok {
					break
				}
				next := g.State.Clone()
				if _, err := next.Apply(a); err != nil {
					t.Fatal(err)
				}
				c := Commit{Seq: g.State.Seq, Action: &a, State: next, Results: resultsOf(next)}
				if tt.nil {
					c.State = nil
				}
				if err := db.Commit(ctx, g.ID, c); err != nil {
					t.Fatal(err)
				}
				g.State = next
				played = append(played, a)
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
			if got.Seq != len(played) || got.State.Seq != len(played) {
				t.Errorf("seq %d / state seq %d, want %d", got.Seq, got.State.Seq, len(played))
			}
			log, err := db.Actions(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(log, played) {
				t.Error("the action log differs from the actions played")
			}
			over := g.State.Step == atheneum.StepOver
			if want := map[bool]Status{true: StatusFinished, false: StatusPlaying}[over]; got.Status != want {
				t.Errorf("status %s, want %s", got.Status, want)
			}
			res, err := db.Results(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if over {
				if len(res) != tt.seats || res[0].Rank != 1 || res[0].Score != g.State.Results[0].Total {
					t.Errorf("results %+v, want those of %+v", res, g.State.Results)
				}
				if got.EndedAt.IsZero() {
					t.Error("a finished game has no end time")
				}
			} else if len(res) != 0 {
				t.Errorf("an unfinished game has results: %+v", res)
			}
		})
	}
}

func TestLoadUsesSnapshots(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
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
	tamper(t, db, `UPDATE actions SET payload = 'garbage' WHERE game_id = ? AND seq = 3`, g.ID)
	if _, err := db.LoadGame(ctx, g.ID); err != nil {
		t.Fatalf("load replayed the whole log: %v", err)
	}
}

func TestLobbyLifecycle(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	g := &Game{GuildID: "g", ChannelID: "c", HostID: "u1", Options: Options{Seats: 3, AISeats: 1, AILevel: "easy"}}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	t.Run("a new game starts in the lobby with an id and the default content", func(t *testing.T) {
		got, err := db.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != StatusLobby || got.ID == "" || got.ContentID != atheneum.DefaultContentID || got.State != nil {
			t.Errorf("got %+v", got)
		}
		if got.Options != g.Options {
			t.Errorf("options %+v, want %+v", got.Options, g.Options)
		}
	})
	t.Run("a second game in the same channel is refused while the first is active", func(t *testing.T) {
		err := db.CreateGame(ctx, &Game{GuildID: "g", ChannelID: "c", HostID: "u2"})
		if !errors.Is(err, ErrExists) {
			t.Fatalf("got %v, want ErrExists", err)
		}
	})
	t.Run("the lobby's seats can change until it starts", func(t *testing.T) {
		seats := []Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}, {AILevel: "easy", Name: "Bot"}}
		if err := db.UpdateLobby(ctx, g.ID, seats, g.Options); err != nil {
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
		err := db.UpdateLobby(ctx, g.ID, []Seat{{Name: "nobody"}}, g.Options)
		if !errors.Is(err, ErrInvalid) {
			t.Fatalf("got %v, want ErrInvalid", err)
		}
	})
	t.Run("starting with two seats of one subject is refused with the engine's reason", func(t *testing.T) {
		seats := []Seat{{UserID: "u1", Name: "Ann", Subject: atheneum.Teal}, {UserID: "u2", Name: "Bob", Subject: atheneum.Teal}}
		_, err := db.StartGame(ctx, g.ID, 1, seats)
		if !errors.Is(err, ErrInvalid) || ErrorMessage(err) != "each player needs a different subject" {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("an action before the start is refused", func(t *testing.T) {
		err := db.AppendAction(ctx, g.ID, 0, atheneum.Action{Type: atheneum.ActPick, Seat: 0, Card: "x"}, nil)
		if !errors.Is(err, ErrInvalid) {
			t.Fatalf("got %v, want ErrInvalid", err)
		}
	})
	var started *Game
	t.Run("starting gives the engine's new game", func(t *testing.T) {
		seats := []Seat{{UserID: "u1", Name: "Ann", Subject: atheneum.Pink}, {UserID: "u2", Name: "Bob", Subject: atheneum.Green},
			{AILevel: "easy", Name: "Bot", Subject: atheneum.Black}}
		var err error
		if started, err = db.StartGame(ctx, g.ID, 42, seats); err != nil {
			t.Fatal(err)
		}
		want, _ := atheneum.NewGame(atheneum.Config{Subjects: []atheneum.Color{atheneum.Pink, atheneum.Green, atheneum.Black}, Seed: 42})
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
		if err := db.CreateGame(ctx, &Game{GuildID: "g", ChannelID: "c", HostID: "u2"}); err != nil {
			t.Errorf("a new game in the freed channel: %v", err)
		}
		if err := db.Abandon(ctx, g.ID); !errors.Is(err, ErrInvalid) {
			t.Errorf("abandoning twice: got %v, want ErrInvalid", err)
		}
	})
}

func TestCommitChecks(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	g := newPlaying(t, db, 2, 5)
	p := atheneum.NewRandomPlayer(5)
	for range 3 {
		step(t, db, g, p)
	}
	a, _ := p.Next(g.State)
	next := g.State.Clone()
	if _, err := next.Apply(a); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		gameID string
		c      Commit
		want   error
	}{
		{"an action at a stale sequence number is a conflict", g.ID, Commit{Seq: 2, Action: &a}, ErrConflict},
		{"an action ahead of the log is a conflict", g.ID, Commit{Seq: 4, Action: &a}, ErrConflict},
		{"an action for an unknown game is not found", "nope", Commit{Seq: 3, Action: &a}, ErrNotFound},
		{"a state that is not the action's result is invalid", g.ID, Commit{Seq: 3, Action: &a, State: g.State}, ErrInvalid},
		{"a negative sequence number is invalid", g.ID, Commit{Seq: -1, Action: &a}, ErrInvalid},
		{"the right sequence number is accepted", g.ID, Commit{Seq: 3, Action: &a, State: next, Results: resultsOf(next)}, nil},
		{"the same action again is a conflict", g.ID, Commit{Seq: 3, Action: &a, State: next, Results: resultsOf(next)}, ErrConflict},
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
		b, _ := p.Next(next)
		after := next.Clone()
		if _, err := after.Apply(b); err != nil {
			t.Fatal(err)
		}
		if err := db.Commit(ctx, g.ID, Commit{Seq: 4, Action: &b, State: after, Results: resultsOf(after), Abandon: true}); err != nil {
			t.Fatal(err)
		}
		got, err := db.LoadGame(ctx, g.ID)
		if err != nil || got.Status != StatusAbandoned || got.Seq != 5 || got.EndedAt.IsZero() {
			t.Fatalf("%+v, %v", got, err)
		}
		if err := db.AppendAction(ctx, g.ID, 5, b, nil); !errors.Is(err, ErrInvalid) {
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
}
