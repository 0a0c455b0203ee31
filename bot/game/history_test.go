package game

import (
	"slices"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/store"
)

func TestHistoryAndReplay(t *testing.T) {
	f := newFixture(t, "")
	// A person opens the game, then leaves it to the AIs, which play it
	// to the end at once.
	id := f.startPeople("c1", 1, "normal", "random")
	if err := f.host(id, theHost, HostCommand{Verb: VerbRemove, Seat: 0}); err != nil {
		t.Fatal(err)
	}
	rec := f.load(id)
	if rec.Status != store.StatusFinished {
		t.Fatalf("the AIs left the game %s", rec.Status)
	}
	running := f.startPeople("c2", 2)

	t.Run("the replay records every turn's scores and the final totals", func(t *testing.T) {
		h, err := f.svc.ScoreHistory(f.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		turns := 2 * atheneum.TurnsPerPhase
		if len(h.Turns) != turns+1 {
			t.Fatalf("%d rows, want %d turns and the totals", len(h.Turns), turns)
		}
		for seat, score := range h.Turns[turns-1] {
			if score != rec.State.Seats[seat].Score() {
				t.Errorf("seat %d: %d after the last turn, the game ended with %d", seat, score, rec.State.Seats[seat].Score())
			}
		}
		if slices.Equal(h.Turns[0], h.Turns[turns-1]) {
			t.Error("the scores never moved")
		}
		res, _ := f.db.Results(f.ctx, id)
		for _, r := range res {
			if h.Turns[turns][r.Seat] != r.Score {
				t.Errorf("seat %d: final %d, stored total %d", r.Seat, h.Turns[turns][r.Seat], r.Score)
			}
		}
		if canonicalState(t, h.Final.State) != canonicalState(t, rec.State) || h.Final.Seq != rec.Seq {
			t.Error("the replay does not end where the stored game does")
		}
	})

	t.Run("a running game replays to its current turn", func(t *testing.T) {
		f.playPerson(running, 0)
		f.playPerson(running, 1)
		h, err := f.svc.ScoreHistory(f.ctx, running)
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Turns) != 0 || h.Final.State.Step != atheneum.StepResolve || h.Final.State.Seq != 2 {
			t.Fatalf("%d rows, step %s", len(h.Turns), StepKey(h.Final.State))
		}
	})

	t.Run("a lobby has no scores to replay", func(t *testing.T) {
		lobby := f.openLobby("c3")
		if _, err := f.svc.ScoreHistory(f.ctx, lobby.ID); RefusalCode(err) != CodeNotPlaying {
			t.Fatalf("got %v", err)
		}
	})

	t.Run("the history lists the finished game", func(t *testing.T) {
		past, err := f.svc.History(f.ctx, store.Scope{GuildID: "g1"}, 10)
		if err != nil || len(past) != 1 || past[0].Game.ID != id || len(past[0].Results) != 3 {
			t.Fatalf("%+v, %v", past, err)
		}
		// The only person left before the end: the AIs hold the results.
		if st, err := f.svc.Stats(f.ctx, store.Scope{GuildID: "g1"}, "u1"); err != nil || st.Games != 0 {
			t.Fatalf("%+v, %v", st, err)
		}
		if board, err := f.svc.Leaderboard(f.ctx, store.Scope{GuildID: "g1"}, 10, 1); err != nil || len(board) != 0 {
			t.Fatalf("%+v, %v", board, err)
		}
	})

	t.Run("a member's games come with their deadline and whom they wait for", func(t *testing.T) {
		lobby, _ := f.svc.SnapshotInChannel(f.ctx, "g1", "c3")
		games, err := f.svc.MemberGames(f.ctx, "g1", "u1")
		if err != nil {
			t.Fatal(err)
		}
		// Opened at the same instant of the test's clock, the two games
		// come in either order.
		if len(games) == 2 && games[0].Rec.ID == lobby.Rec.ID {
			games[0], games[1] = games[1], games[0]
		}
		if len(games) != 2 || games[0].Rec.ID != running || games[1].Rec.ID != lobby.Rec.ID {
			t.Fatalf("%d games", len(games))
		}
		g := games[0]
		if g.Deadline.IsZero() || !slices.Equal(g.Rec.State.Waiting(), []int{0, 1}) || games[1].Rec.State != nil {
			t.Fatalf("deadline %v, waiting %v", g.Deadline, g.Rec.State.Waiting())
		}
		if others, _ := f.svc.MemberGames(f.ctx, "g1", "u7"); len(others) != 0 {
			t.Fatalf("a stranger's games: %d", len(others))
		}
	})
}
