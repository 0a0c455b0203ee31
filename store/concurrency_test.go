package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"atheneum/engine"
	"atheneum/engine/atheneum"
)

// sharedStores opens n stores on one new database, as n processes would
// (each with its own connections), or one on SQLite, which one process
// alone writes.
func sharedStores(t *testing.T, be backend, n int) []*DB {
	t.Helper()
	dsn := be.fresh(t)
	first := be.open(t, dsn)
	if first.pg == nil {
		return []*DB{first}
	}
	dbs := []*DB{first}
	for len(dbs) < n {
		dbs = append(dbs, be.open(t, dsn))
	}
	return dbs
}

func TestConcurrentAppends(t *testing.T) {
	t.Parallel()
	eachBackend(t, func(t *testing.T, be backend) {
		ctx := context.Background()
		// Four processes on PostgreSQL, two writers each.
		dbs := sharedStores(t, be, 4)
		const writers = 8

		t.Run("of many appenders of move N exactly one wins", func(t *testing.T) {
			for round := range 20 {
				g := newPlaying(t, dbs[0], 2, uint64(round))
				// Both seats pick at once: two legal moves at seq 0, each
				// sent by half of the writers.
				acts := [2]engine.Move{}
				for s := range acts {
					acts[s] = notation(ath(g.State).LegalActions(s)[0])
				}
				var wg sync.WaitGroup
				var errs [writers]error
				start := make(chan struct{})
				for w := range writers {
					wg.Go(func() {
						<-start
						errs[w] = dbs[w%len(dbs)].AppendAction(ctx, g.ID, 0, acts[w%2], nil)
					})
				}
				close(start)
				wg.Wait()
				winner, conflicts := -1, 0
				for w, err := range errs {
					switch {
					case err == nil && winner >= 0:
						t.Fatalf("round %d: writers %d and %d both appended move 1", round, winner, w)
					case err == nil:
						winner = w
					case errors.Is(err, ErrConflict):
						conflicts++
					default:
						t.Fatal(err)
					}
				}
				if winner < 0 || conflicts != writers-1 {
					t.Fatalf("round %d: no winner among %d conflicts", round, conflicts)
				}
				got, err := dbs[len(dbs)-1].LoadGame(ctx, g.ID)
				if err != nil || got.Seq != 1 {
					t.Fatalf("round %d: seq %v, %v", round, got, err)
				}
				if log, err := dbs[0].Actions(ctx, g.ID); err != nil || len(log) != 1 || log[0] != acts[winner%2] {
					t.Fatalf("round %d: the log %v (%v) is not the winner's move %s", round, log, err, acts[winner%2])
				}
			}
		})

		t.Run("of many creators of a game in one channel exactly one wins", func(t *testing.T) {
			for round := range 10 {
				channel := fmt.Sprintf("contested%d", round)
				var wg sync.WaitGroup
				var errs [writers]error
				start := make(chan struct{})
				for w := range writers {
					wg.Go(func() {
						<-start
						errs[w] = dbs[w%len(dbs)].CreateGame(ctx, &Game{Kind: atheneum.GameID, GuildID: "g", ChannelID: channel,
							HostID: fmt.Sprint("host", w), Seats: []Seat{{UserID: "u1", Name: "Ann"}}})
					})
				}
				close(start)
				wg.Wait()
				wins := 0
				for _, err := range errs {
					switch {
					case err == nil:
						wins++
					case errors.Is(err, ErrExists) && strings.Contains(ErrorMessage(err), "channel already has a game"):
					default:
						t.Fatalf("round %d: %v, want the channel taken", round, err)
					}
				}
				if wins != 1 {
					t.Fatalf("round %d: %d games created in one channel", round, wins)
				}
			}
		})

		t.Run("racing writers that reload on conflict build one valid log of every acknowledged move", func(t *testing.T) {
			g := newPlaying(t, dbs[0], 2, 1234)
			type ack struct {
				writer int
				move   engine.Move
			}
			var mu sync.Mutex
			acked := map[int]ack{} // seq -> who appended what
			conflicts := 0
			var wg sync.WaitGroup
			for w := range writers {
				wg.Go(func() {
					db := dbs[w%len(dbs)]
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
							if prev, dup := acked[seq]; dup {
								t.Errorf("seq %d won by writers %d and %d", seq, prev.writer, w)
							}
							acked[seq] = ack{w, notation(a)}
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
			final, err := dbs[0].LoadGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if final.Status != StatusFinished || len(acked) != final.Seq {
				t.Fatalf("status %s, %d moves acknowledged for %d in the log", final.Status, len(acked), final.Seq)
			}
			// The log is exactly the acknowledged moves: none lost, none
			// twice, none that was refused.
			log, err := dbs[len(dbs)-1].Actions(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range log {
				if a, ok := acked[i+1]; !ok || a.move != m {
					t.Fatalf("move %d of the log is %s, but %s was acknowledged", i+1, m, a.move)
				}
			}
			// The log replays from the seed to the same state as from snapshots.
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
			t.Logf("%d stores, %d writers: %d actions, %d conflicts retried", len(dbs), writers, final.Seq, conflicts)
		})
	})
}
