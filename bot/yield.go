package bot

import (
	"runtime"
	"sync/atomic"
	"time"
)

// Yielder lets computer players' searches give way to the bot's own work.
// A search calls Yield between play-outs (ai.Players.Yield); while the bot
// is handling an interaction or a job, Yield pauses the search for up to
// yieldPauses × yieldPause, which frees its core for the people waiting
// for an answer. A search with a time budget then plays fewer play-outs:
// its budget shrinks while the bot is busy, and a quiet bot searches at
// full speed. The zero value is ready to use; give the same Yielder to the
// faces' computer players and to Options.Yielder.
type Yielder struct{ busy atomic.Int64 }

// The longest a search pauses at one Yield: a few pauses short enough to
// answer an interaction in, after which the search goes on anyway, so that
// a bot kept busy still gets its computer players' moves.
const (
	yieldPause  = 200 * time.Microsecond
	yieldPauses = 10
)

// Yield pauses while the bot is busy, then lets other goroutines run.
func (y *Yielder) Yield() {
	for i := 0; i < yieldPauses && y.busy.Load() > 0; i++ {
		time.Sleep(yieldPause)
	}
	runtime.Gosched()
}

func (y *Yielder) add(n int64) {
	if y != nil {
		y.busy.Add(n)
	}
}
