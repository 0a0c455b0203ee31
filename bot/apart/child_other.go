//go:build !linux

package apart

import (
	"os/exec"
	"time"
)

// dieWithParent does nothing outside Linux, which alone has a
// parent-death signal: a child there ends when its input closes, as it
// does when the bot ends, unless it is stopped.
func dieWithParent(*exec.Cmd) {}

// progress is a process's progress; unknown outside Linux.
type progress struct {
	cpu     time.Duration
	running bool
}

// readProgress cannot read a process's progress here: searches are
// bounded by the time waited (see Options.Limit).
func readProgress(int) (progress, bool) { return progress{}, false }
