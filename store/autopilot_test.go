package store

import (
	"context"
	"testing"
)

func TestAutopilotIsStoredWithTheActionThatSetsIt(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		db := be.openTest(t)
		g := newPlaying(t, db, 3, 7)
		a := ath(g.State).LegalActions(1)[0]
		next := play(t, g.State, a)
		if err := db.Commit(ctx, g.ID, Commit{Seq: 0, Move: notation(a), State: next, Results: resultsOf(next), Autopilot: []AutopilotChange{{Seat: 1, On: true}}}); err != nil {
			t.Fatal(err)
		}
		loaded, err := db.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range loaded.Seats {
			if s.Autopilot != (i == 1) {
				t.Errorf("seat %d: autopilot %v after turning on seat 1's", i, s.Autopilot)
			}
		}
		t.Run("it is turned off by a later commit", func(t *testing.T) {
			if err := db.Commit(ctx, g.ID, Commit{Seq: 1, Autopilot: []AutopilotChange{{Seat: 1, On: false}}}); err != nil {
				t.Fatal(err)
			}
			loaded, err := db.LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if loaded.Seats[1].Autopilot {
				t.Error("seat 1 is still on autopilot")
			}
		})
		t.Run("a seat that does not exist refuses the whole commit", func(t *testing.T) {
			b := ath(next).LegalActions(0)[0]
			after := play(t, next, b)
			err := db.Commit(ctx, g.ID, Commit{Seq: 1, Move: notation(b), State: after, Results: resultsOf(after), Autopilot: []AutopilotChange{{Seat: 9, On: true}}})
			if ErrorCode(err) != CodeInvalid {
				t.Fatalf("commit with seat 9 returned %v, want an invalid-request error", err)
			}
			if acts, _ := db.Actions(ctx, g.ID); len(acts) != 1 {
				t.Errorf("the refused commit left %d actions, want 1", len(acts))
			}
		})
	})
}
