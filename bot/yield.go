package bot

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Yielder lets computer players' searches give way to everything else. A
// search calls Yield between play-outs (ai.Players.Yield); Yield waits,
// for at most yieldMaxWait, while the bot is handling an interaction or a
// job, or while the machine has less than most of a core idle (on Linux,
// read from /proc/stat every yieldWindow): a search is background
// work, and the people waiting for an answer, and whatever else shares
// the host, come first. A search with a time budget then plays fewer
// play-outs: its budget shrinks while the bot or the host is busy, down
// to about one play-out per yieldMaxWait, and on a quiet host it searches
// at full speed. The zero value is ready to use; give the same Yielder to
// the faces' computer players and to Options.Yielder.
type Yielder struct {
	busy atomic.Int64

	mu sync.Mutex
	// last is the previous /proc/stat reading and when it was taken;
	// saturated is what the window up to it said.
	lastAt          time.Time
	lastIdle, total uint64
	saturated       bool
}

// How a search waits: in steps of yieldPause, never longer than
// yieldMaxWait at one Yield, so that a busy bot still gets its computer
// players' moves. The host counts as saturated when less than
// yieldIdleCores of one processor was idle over the last yieldWindow:
// a search running alone leaves the other cores idle, one running beside
// other work leaves less than that.
const (
	yieldPause     = time.Millisecond
	yieldMaxWait   = 50 * time.Millisecond
	yieldWindow    = 20 * time.Millisecond
	yieldIdleCores = 0.8
)

// Yield waits while the bot or the host is busy (see Yielder), then lets
// other goroutines run.
func (y *Yielder) Yield() {
	start := time.Now()
	for (y.busy.Load() > 0 || y.hostSaturated()) && time.Since(start) < yieldMaxWait {
		time.Sleep(yieldPause)
	}
	runtime.Gosched()
}

// hostSaturated reports whether the host's processors were almost never
// idle over the last window; false where /proc/stat cannot be read.
func (y *Yielder) hostSaturated() bool {
	y.mu.Lock()
	defer y.mu.Unlock()
	now := time.Now()
	if now.Sub(y.lastAt) < yieldWindow {
		return y.saturated
	}
	idle, total, ok := readCPUTimes()
	if !ok {
		return false
	}
	if total > y.total && !y.lastAt.IsZero() {
		y.saturated = float64(idle-y.lastIdle) < yieldIdleCores/float64(runtime.NumCPU())*float64(total-y.total)
	}
	y.lastAt, y.lastIdle, y.total = now, idle, total
	return y.saturated
}

// readCPUTimes reads the host's idle and total processor time (in clock
// ticks) from the first line of /proc/stat.
func readCPUTimes() (idle, total uint64, ok bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0, false
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	fields := bytes.Fields(line)
	if len(fields) < 5 || string(fields[0]) != "cpu" {
		return 0, 0, false
	}
	for i, f := range fields[1:] {
		n, err := strconv.ParseUint(string(f), 10, 64)
		if err != nil {
			return 0, 0, false
		}
		total += n
		if i == 3 || i == 4 { // idle and iowait
			idle += n
		}
	}
	return idle, total, true
}

// add counts work beginning (+1) or ending (-1).
func (y *Yielder) add(n int64) {
	if y != nil {
		y.busy.Add(n)
	}
}
