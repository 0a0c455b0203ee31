package ai

import (
	"syscall"
	"time"
)

// processCPU is the process's user and system time, garbage collection
// included: what a game costs on a loaded machine, where the time on the
// clock counts the waits for a core too.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
