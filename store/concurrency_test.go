package store

import (
	"context"
	"errors"
	"sync"
	"testing"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

func TestConcurrentAppends(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)

	t.Run("of two appenders at the same sequence number exactly one wins", func(t *testing.T) {
		for round := range 20 {
			g := newPlaying(t, db, 2, uint64(round))
			// Both seats pick at once: two different legal actions at seq 0.
			acts := [2]engine.Move{}
			for s := range acts {
				acts[s] = notation(ath(g.State).LegalActions(s)[0])
			}
			var wg sync.WaitGroup
			var errs [2]error
			start := make(chan struct{})
			for s := range acts {
				wg.Go(func() {
					<-start
					errs[s] = db.AppendAction(ctx, g.ID, 0, acts[s], nil)
				})
			}
			close(start)
			wg.Wait()
			wins, conflicts := 0, 0
			for _, err := range errs {
				switch {
				case err == nil:
					wins++
				case errors.Is(err, ErrConflict):
					conflicts++
				default:
					t.Fatal(err)
				}
			}
			if wins != 1 || conflicts != 1 {
				t.Fatalf("round %d: %d wins, %d conflicts", round, wins, conflicts)
			}
			got, err := db.LoadGame(ctx, g.ID)
			if err != nil || got.Seq != 1 {
				t.Fatalf("round %d: seq %v, %v", round, got, err)
			}
		}
	})

	t.Run("racing goroutines that reload on conflict build one valid log", func(t *testing.T) {
		const workers = 8
		g := newPlaying(t, db, 2, 1234)
		var mu sync.Mutex
		won := map[int]int{} // seq -> worker
		conflicts := 0
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				p := atheneum.NewRandomPlayer(uint64(w))
				cur, err := db.LoadGame(ctx, g.ID)
				if err != nil {
					t.Error(err)
					return
				}
				for {
					a, ok := p.Next(ath(cur.State))
					if !ok {
						return
					}
					next := cur.State.Clone()
					if _, err := next.Apply(notation(a)); err != nil {
						t.Error(err)
						return
					}
					seq := ath(next).Seq
					err := db.Commit(ctx, g.ID, Commit{Seq: ath(cur.State).Seq, Move: notation(a), State: next, Results: resultsOf(next)})
					switch {
					case err == nil:
						mu.Lock()
						if prev, dup := won[seq]; dup {
							t.Errorf("seq %d won by workers %d and %d", seq, prev, w)
						}
						won[seq] = w
						mu.Unlock()
						cur.State = next
					case errors.Is(err, ErrConflict):
						mu.Lock()
						conflicts++
						mu.Unlock()
						if cur, err = db.LoadGame(ctx, g.ID); err != nil {
							t.Error(err)
							return
						}
					default:
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		final, err := db.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if final.Status != StatusFinished || len(won) != final.Seq {
			t.Fatalf("status %s, %d wins for %d actions", final.Status, len(won), final.Seq)
		}
		for s := 1; s <= final.Seq; s++ {
			if _, ok := won[s]; !ok {
				t.Fatalf("no worker won seq %d", s)
			}
		}
		// The log replays from the seed to the same state as from snapshots.
		log, err := db.Actions(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := final.NewState()
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range log {
			if err := engine.Do(replayed, m); err != nil {
				t.Fatalf("action %d (%s) of the log is refused: %v", i+1, m, err)
			}
		}
		if canonical(t, replayed) != canonical(t, final.State) {
			t.Fatal("the log does not replay to the loaded state")
		}
		t.Logf("%d actions, %d conflicts retried", final.Seq, conflicts)
	})
}
