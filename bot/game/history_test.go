package game

import (
	"fmt"
	"slices"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/store"
)

func TestHistoryAndReplay(t *testing.T) {
	t.Parallel()
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
		h, err := scoreHistory(f, id)
		if err != nil {
			t.Fatal(err)
		}
		turns := 2 * atheneum.TurnsPerPhase
		if len(h.Turns) != turns+1 {
			t.Fatalf("%d rows, want %d turns and the totals", len(h.Turns), turns)
		}
		for seat, score := range h.Turns[turns-1] {
			if score != ath(rec.State).Seats[seat].Score() {
				t.Errorf("seat %d: %d after the last turn, the game ended with %d", seat, score, ath(rec.State).Seats[seat].Score())
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
		if canonicalState(t, ath(h.Final.State)) != canonicalState(t, ath(rec.State)) || h.Final.Seq != rec.Seq {
			t.Error("the replay does not end where the stored game does")
		}
	})

	t.Run("a running game replays to its current turn", func(t *testing.T) {
		f.playPerson(running, 0)
		f.playPerson(running, 1)
		h, err := scoreHistory(f, running)
		if err != nil {
			t.Fatal(err)
		}
		if len(h.Turns) != 0 || ath(h.Final.State).Step != atheneum.StepResolve || ath(h.Final.State).Seq != 2 {
			t.Fatalf("%d rows, step %s", len(h.Turns), StepKey(h.Final.State))
		}
	})

	t.Run("a lobby has no scores to replay", func(t *testing.T) {
		lobby := f.openLobby("c3")
		if _, err := scoreHistory(f, lobby.ID); RefusalCode(err) != CodeNotPlaying {
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
		if g.Deadline.IsZero() || !slices.Equal(ath(g.Rec.State).Waiting(), []int{0, 1}) || games[1].Rec.State != nil {
			t.Fatalf("deadline %v, waiting %v", g.Deadline, ath(g.Rec.State).Waiting())
		}
		if others, _ := f.svc.MemberGames(f.ctx, "g1", "u7"); len(others) != 0 {
			t.Fatalf("a stranger's games: %d", len(others))
		}
	})
}

// replayed is a game's scores turn by turn, as Atheneum's replay picture
// charts them from the service's Replay.
type replayed struct {
	Turns [][]int
	Final *store.Game
}

// scoreHistory replays a game through the service and records each seat's
// score at the end of every turn, and a last row of final totals.
func scoreHistory(f *fixture, id string) (*replayed, error) {
	h := &replayed{}
	scores := func(g *atheneum.Game) []int {
		row := make([]int, len(g.Seats))
		for i := range g.Seats {
			row[i] = g.Seats[i].Score()
		}
		return row
	}
	moves := 0
	final, err := f.svc.Replay(f.ctx, id, func(st Step) error {
		moves++
		before, after := ath(st.Before), ath(st.After)
		if after.Seq != moves {
			return fmt.Errorf("the replay shows move %d as move %d", moves, after.Seq)
		}
		if after.Step == atheneum.StepOver || after.TurnNumber() != before.TurnNumber() {
			h.Turns = append(h.Turns, scores(after))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if g := ath(final.State); g.Step == atheneum.StepOver {
		row := make([]int, len(g.Seats))
		for _, r := range g.Results {
			row[r.Seat] = r.Total
		}
		h.Turns = append(h.Turns, row)
	}
	h.Final = final
	return h, nil
}
