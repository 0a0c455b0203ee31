package bot

import (
	"testing"
	"time"
)

func TestASearchGivesWayWhileTheBotIsBusyButNotForever(t *testing.T) {
	var y Yielder
	y.add(1)
	start := time.Now()
	y.Yield()
	waited := time.Since(start)
	if waited < yieldMaxWait {
		t.Errorf("a search waited %v while the bot was busy, want at least %v", waited, yieldMaxWait)
	}
	if waited > 20*yieldMaxWait {
		t.Errorf("a search waited %v, far beyond its %v bound", waited, yieldMaxWait)
	}
	y.add(-1)
	if y.busy.Load() != 0 {
		t.Errorf("the bot counts %d pieces of work after all ended", y.busy.Load())
	}
}

func TestTheHostsIdleTimeIsReadWhereLinuxGivesIt(t *testing.T) {
	idle, total, ok := readCPUTimes()
	if !ok {
		t.Skip("no /proc/stat here")
	}
	if total == 0 || idle > total {
		t.Errorf("idle %d of %d ticks", idle, total)
	}
}
