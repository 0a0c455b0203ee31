package exlibris

import (
	"syscall"
	"time"
)

// processCPU is the process's user and system time: a benchmark's wall
// time on a busy machine counts the other programs' turns too.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
