package game

import (
	"context"
	"sync/atomic"
	"testing"

	"atheneum/store"
	"atheneum/store/storetest"
)

// progressCounter is a store that counts its Progress reads.
type progressCounter struct {
	*store.DB
	n *atomic.Int32
}

func (p progressCounter) Progress(ctx context.Context, gameID string) (store.Status, int, error) {
	p.n.Add(1)
	return p.DB.Progress(ctx, gameID)
}

// TestAServiceChecksItsCopiesOnlyWhereOtherProcessesShareTheStore: on
// SQLite, which one process alone writes, the copy of a game in memory is
// the game, and using it reads nothing; on PostgreSQL each use checks it
// against the store, as another process may have moved the game.
func TestAServiceChecksItsCopiesOnlyWhereOtherProcessesShareTheStore(t *testing.T) {
	for _, c := range []struct {
		name   string
		dsn    func(t *testing.T) string
		checks bool
	}{
		{"a service alone on its SQLite file does not check its copies", func(*testing.T) string { return "" }, false},
		{"a service on PostgreSQL checks its copy at each use", func(t *testing.T) string { return storetest.Postgres(t) }, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var n atomic.Int32
			f := newFixtureWith(t, c.dsn(t), func(o *Options) { o.Store = progressCounter{o.Store.(*store.DB), &n} })
			id := f.startWithAIs("normal", "random")
			before := n.Load()
			for range 3 {
				f.table(id).Unlock()
			}
			if f.personMove(id); c.checks != (n.Load() > before) {
				t.Fatalf("%d checks of the copy against the store", n.Load()-before)
			}
			if rec := f.load(id); rec.Seq == 0 {
				t.Fatal("the move was not stored")
			}
		})
	}
}
