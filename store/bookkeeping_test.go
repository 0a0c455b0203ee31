package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"atheneum/engine/atheneum"
)

func TestMessagesAndJobsSurviveARestart(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		path := be.fresh(t)
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		g := newPlaying(t, db, 3, 11)
		base := time.UnixMilli(1_700_000_000_000)
		p := atheneum.NewRandomPlayer(11)
		a, _ := p.Next(ath(g.State))
		next := play(t, g.State, a)
		// One commit carries the action, its timers and its messages.
		err = db.Commit(ctx, g.ID, Commit{Seq: 0, Move: notation(a), State: next, Results: resultsOf(next),
			PutJobs: []Job{
				{Kind: "deadline", Seat: 0, Due: base.Add(2 * time.Hour), Payload: []byte(`{"turn":1}`)},
				{Kind: "deadline", Seat: 1, Due: base.Add(time.Hour)},
				{Kind: "reminder", Seat: NoSeat, Due: base.Add(30 * time.Minute)},
			},
			PutMessages: []Message{
				{Kind: "status", Seat: NoSeat, ChannelID: "c", MessageID: "m1"},
				{Kind: "prompt", Seat: 2, ChannelID: "dm2", MessageID: "m2"},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		if db, err = Open(ctx, path); err != nil {
			t.Fatal(err)
		}
		defer db.Close()

		t.Run("jobs come back ordered by due time", func(t *testing.T) {
			jobs, err := db.Jobs(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(jobs) != 3 || jobs[0].Kind != "reminder" || jobs[2].Seat != 0 || string(jobs[2].Payload) != `{"turn":1}` ||
				!jobs[2].Due.Equal(base.Add(2*time.Hour)) || jobs[0].GameID != g.ID {
				t.Fatalf("jobs %+v", jobs)
			}
		})
		t.Run("only jobs due by the given time are claimed", func(t *testing.T) {
			due, err := db.ClaimJobs(ctx, base.Add(time.Hour), base.Add(time.Hour+time.Minute))
			if err != nil || len(due) != 2 || due[1].Seat != 1 {
				t.Fatalf("due %+v, %v", due, err)
			}
		})
		t.Run("putting a job again moves it instead of adding one", func(t *testing.T) {
			if err := db.PutJob(ctx, Job{GameID: g.ID, Kind: "deadline", Seat: 1, Due: base.Add(3 * time.Hour)}); err != nil {
				t.Fatal(err)
			}
			// Once the first claim's leases have run out, the reminder
			// alone is due.
			if due, _ := db.ClaimJobs(ctx, base.Add(time.Hour+time.Minute), base.Add(time.Hour+2*time.Minute)); len(due) != 1 || due[0].Kind != "reminder" {
				t.Fatalf("due %+v", due)
			}
		})
		t.Run("a commit can drop a kind of job for all seats", func(t *testing.T) {
			if err := db.Commit(ctx, g.ID, Commit{Seq: 1, DeleteJobs: []JobKey{{Kind: "deadline", Seat: AllSeats}}}); err != nil {
				t.Fatal(err)
			}
			if jobs, _ := db.Jobs(ctx); len(jobs) != 1 || jobs[0].Kind != "reminder" {
				t.Fatalf("jobs %+v", jobs)
			}
			if err := db.DeleteJob(ctx, g.ID, JobKey{Kind: "reminder", Seat: NoSeat}); err != nil {
				t.Fatal(err)
			}
			if jobs, _ := db.Jobs(ctx); len(jobs) != 0 {
				t.Fatalf("jobs %+v", jobs)
			}
		})
		t.Run("a job without a due time is refused", func(t *testing.T) {
			if err := db.PutJob(ctx, Job{GameID: g.ID, Kind: "x"}); !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("messages come back by key", func(t *testing.T) {
			m, err := db.GetMessage(ctx, g.ID, "prompt", 2)
			if err != nil || m.MessageID != "m2" || m.ChannelID != "dm2" {
				t.Fatalf("%+v, %v", m, err)
			}
			if _, err := db.GetMessage(ctx, g.ID, "prompt", 1); !errors.Is(err, ErrNotFound) {
				t.Fatalf("got %v, want ErrNotFound", err)
			}
		})
		t.Run("a re-posted message replaces the old id", func(t *testing.T) {
			if err := db.PutMessage(ctx, Message{GameID: g.ID, Kind: "status", Seat: NoSeat, ChannelID: "c", MessageID: "m3"}); err != nil {
				t.Fatal(err)
			}
			ms, err := db.Messages(ctx, g.ID)
			if err != nil || len(ms) != 2 || ms[1].Kind != "status" || ms[1].MessageID != "m3" {
				t.Fatalf("%+v, %v", ms, err)
			}
			if err := db.DeleteMessage(ctx, g.ID, "status", NoSeat); err != nil {
				t.Fatal(err)
			}
			if ms, _ := db.Messages(ctx, g.ID); len(ms) != 1 {
				t.Fatalf("%+v", ms)
			}
		})
		t.Run("a message for an unknown game is not found", func(t *testing.T) {
			err := db.PutMessage(ctx, Message{GameID: "nope", Kind: "status", Seat: NoSeat, ChannelID: "c", MessageID: "m"})
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("got %v", err)
			}
		})
	})
}

func TestGuildSettings(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		if _, err := db.GuildSetting(ctx, "g", "lang"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("an unset setting: got %v", err)
		}
		for _, v := range []string{"en", "fr"} {
			if err := db.SetGuildSetting(ctx, "g", "lang", v); err != nil {
				t.Fatal(err)
			}
		}
		db.SetGuildSetting(ctx, "g", "hours", "24")
		db.SetGuildSetting(ctx, "other", "lang", "de")
		if v, err := db.GuildSetting(ctx, "g", "lang"); err != nil || v != "fr" {
			t.Fatalf("lang %q, %v", v, err)
		}
		all, err := db.GuildSettings(ctx, "g")
		if err != nil || len(all) != 2 || all["hours"] != "24" {
			t.Fatalf("%v, %v", all, err)
		}
		if err := db.DeleteGuildSetting(ctx, "g", "lang"); err != nil {
			t.Fatal(err)
		}
		if all, _ := db.GuildSettings(ctx, "g"); len(all) != 1 {
			t.Fatalf("%v", all)
		}
	})
}

func TestResultsAndLeaderboard(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		wins := map[string]int{}
		for k := range 4 {
			g := newPlaying(t, db, 2+k%2, uint64(500+k))
			p := atheneum.NewRandomPlayer(uint64(k))
			for step(t, db, g, p) {
			}
			res, err := db.Results(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != len(g.Seats) || res[0].Rank != 1 || res[0].UserID == "" || res[0].Name == "" {
				t.Fatalf("results %+v", res)
			}
			for _, r := range res {
				if r.Rank == 1 {
					wins[r.UserID]++
				}
				sum := 0
				for _, row := range r.Rows {
					sum += row.Points
				}
				if len(r.Rows) != 6 || r.Score != sum {
					t.Errorf("score %d is not the sum of its %d rows: %+v", r.Score, len(r.Rows), r)
				}
			}
		}
		board, err := db.Leaderboard(ctx, Scope{GuildID: "guild1"}, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(board) != 3 {
			t.Fatalf("board %+v", board)
		}
		games := 0
		for i, s := range board {
			games += s.Games
			if s.Wins != wins[s.UserID] {
				t.Errorf("%s: %d wins, want %d", s.UserID, s.Wins, wins[s.UserID])
			}
			if i > 0 && s.Wins > board[i-1].Wins {
				t.Errorf("board not ordered by wins: %+v", board)
			}
		}
		if games != 2+3+2+3 {
			t.Errorf("%d seat-games, want 10", games)
		}
		if top, _ := db.Leaderboard(ctx, Scope{GuildID: "guild1"}, 1, 0); len(top) != 1 {
			t.Errorf("limit 1 gave %d", len(top))
		}
		t.Run("people with fewer games than the minimum are left out", func(t *testing.T) {
			// user1 and user2 sat in all four games, user3 in the two three-seat ones.
			board, err := db.Leaderboard(ctx, Scope{GuildID: "guild1"}, 0, 3)
			if err != nil {
				t.Fatal(err)
			}
			if len(board) != 2 {
				t.Fatalf("board with at least 3 games: %+v", board)
			}
			for _, s := range board {
				if s.UserID == "user3" || s.Games != 4 {
					t.Errorf("standing %+v should not be on a board of 3 games or more", s)
				}
			}
		})
	})
}

// TestChangeMessagesForgetsThenRecordsAtOnce: a step's prompts retired and
// sent anew are one change: those forgotten go, those put replace any with
// their key (a seat forgotten and put again keeps the new one), and a
// change that fails (a message without an id) changes nothing.
func TestChangeMessagesForgetsThenRecordsAtOnce(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		g := newPlaying(t, db, 3, 11)
		for seat, id := range []string{"p0", "p1"} {
			if err := db.PutMessage(ctx, Message{GameID: g.ID, Kind: "prompt", Seat: seat, ChannelID: "dm", MessageID: id}); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.ChangeMessages(ctx, g.ID, MessageChanges{}); err != nil {
			t.Fatalf("no change: %v", err)
		}
		err := db.ChangeMessages(ctx, g.ID, MessageChanges{
			Forget: []Message{{Kind: "prompt", Seat: 0}, {Kind: "prompt", Seat: 1}, {Kind: "prompt", Seat: 2}},
			Put:    []Message{{Kind: "prompt", Seat: 1, ChannelID: "dm", MessageID: "p1b"}, {Kind: "prompt", Seat: 2, ChannelID: "dm", MessageID: "p2"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]string{1: "p1b", 2: "p2"}
		check := func(when string) {
			t.Helper()
			msgs, err := db.Messages(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			got := map[int]string{}
			for _, m := range msgs {
				got[m.Seat] = m.MessageID
			}
			if len(got) != len(want) || got[1] != want[1] || got[2] != want[2] {
				t.Fatalf("%s: messages %+v, want %v", when, msgs, want)
			}
		}
		check("after the change")
		err = db.ChangeMessages(ctx, g.ID, MessageChanges{
			Forget: []Message{{Kind: "prompt", Seat: 1}},
			Put:    []Message{{Kind: "prompt", Seat: 0, ChannelID: "dm"}},
		})
		if !errors.Is(err, ErrInvalid) {
			t.Fatalf("a message without an id: %v, want ErrInvalid", err)
		}
		check("after a refused change")
	})
}
