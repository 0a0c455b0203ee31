package game

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"atheneum/engine/atheneum"
	"atheneum/engine/atheneum/ai"
	"atheneum/store"
)

func TestSnapshotsNeverWaitForTheTable(t *testing.T) {
	t.Parallel()
	f := newFixture(t, "")
	id := f.startWithAIs("normal")

	t.Run("a reader gets the game while another goroutine holds its table", func(t *testing.T) {
		tbl := f.table(id)
		got := make(chan *Snapshot, 2)
		go func() {
			snap, err := f.svc.Snapshot(f.ctx, id)
			if err != nil {
				t.Error(err)
			}
			got <- snap
			snap, err = f.svc.SnapshotInChannel(f.ctx, "g1", "c1")
			if err != nil {
				t.Error(err)
			}
			got <- snap
		}()
		// The table stays locked until both snapshots arrive: one that
		// waited for the lock would never arrive, and go test's -timeout
		// would catch it (no wall-clock bound, which a loaded machine
		// could overrun).
		for range 2 {
			snap := <-got
			if snap == nil || snap.Rec.ID != id || snap.Rec.State == nil || ath(snap.Rec.State).Seq != tbl.Rec.Seq || snap.Deadline.IsZero() {
				t.Fatalf("snapshot %+v", snap)
			}
			if snap.Rec.State == tbl.Rec.State || &snap.Rec.Seats[0] == &tbl.Rec.Seats[0] {
				t.Fatal("the snapshot shares the table's game")
			}
		}
		tbl.Unlock()
	})

	t.Run("readers see whole stored states while the game moves on", func(t *testing.T) {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				last := -1
				for {
					select {
					case <-stop:
						return
					default:
					}
					snap, err := f.svc.Snapshot(f.ctx, id)
					if err != nil {
						t.Error(err)
						return
					}
					rec := snap.Rec
					if ath(rec.State).Seq != rec.Seq || ath(rec.State).Seq < last || len(rec.Seats) != len(ath(rec.State).Seats) {
						t.Errorf("inconsistent snapshot: record at %d, state at %d, after %d", rec.Seq, ath(rec.State).Seq, last)
						return
					}
					last = ath(rec.State).Seq
					_ = ath(rec.State).Waiting() // reads the state while the writer plays on
				}
			})
		}
		for range 6 {
			f.personMove(id)
		}
		close(stop)
		wg.Wait()
		snap, _ := f.svc.Snapshot(f.ctx, id)
		if stored := f.load(id); snap.Rec.Seq != stored.Seq {
			t.Fatalf("the snapshot is at %d actions, the store at %d", snap.Rec.Seq, stored.Seq)
		}
	})

	t.Run("a game not in memory is read from the store", func(t *testing.T) {
		f.svc.Forget(id)
		snap, err := f.svc.Snapshot(f.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if stored := f.load(id); snap.Rec.Seq != stored.Seq || snap.Deadline.IsZero() {
			t.Fatalf("snapshot at %d with deadline %v, store at %d", snap.Rec.Seq, snap.Deadline, stored.Seq)
		}
	})

	t.Run("an unknown game or an empty channel is not found", func(t *testing.T) {
		if _, err := f.svc.Snapshot(f.ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown game: %v", err)
		}
		if _, err := f.svc.SnapshotInChannel(f.ctx, "g1", "empty"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("empty channel: %v", err)
		}
	})
}

// playPerson makes one move for the person in seat with the normal AI and
// settles; it reports whether the seat was awaited.
func (f *fixture) playPerson(id string, seat int) bool {
	f.t.Helper()
	t := f.table(id)
	defer t.Unlock()
	g := ath(t.Rec.State)
	if g == nil || g.Step == atheneum.StepOver || !slices.Contains(g.Waiting(), seat) {
		return false
	}
	p, _ := ai.New("normal", ai.Options{Seed: uint64(seat) + 5})
	a, err := p.Propose(g.View(seat), seat)
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.svc.Act(f.ctx, t, mv(a), ByPlayer); err != nil {
		f.t.Fatalf("%s refused: %v", a, err)
	}
	f.svc.Settle(f.ctx, t)
	return true
}

// BenchmarkPublish measures what every stored change now costs on top of
// the commit: copying the game for readers.
func BenchmarkPublish(b *testing.B) {
	f := newFixture(b, "")
	id := f.startWithAIs("normal", "normal")
	f.personMove(id)
	tbl := f.table(id)
	defer tbl.Unlock()
	b.ReportAllocs()
	for b.Loop() {
		tbl.publish()
	}
}

// BenchmarkSnapshot measures a reader's snapshot of a game in memory.
func BenchmarkSnapshot(b *testing.B) {
	f := newFixture(b, "")
	id := f.startWithAIs("normal")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.svc.Snapshot(f.ctx, id); err != nil {
			b.Fatal(err)
		}
	}
}
